"""The board's state: one plain-JSON dict built from what the user may see of a table.

``board_state(session)`` is the only thing the board widget (``cardgames.widgets.board``) is
given about the hand; the browser draws it and sends back clicks. It is built from
``session.visible_hands()`` (``hand.view(seat)``, or every hand when they are open), so a
face-down card is ``{"back": True}`` and nothing else, in every field. The layout of the dict is
written out in the ``Board`` widget's docstring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import table_words
from .cards import Card
from .engine import Action, Hand, Phase
from .packs import FRENCH, Pack

if TYPE_CHECKING:
    from .session import TableSession

#: The pause after a trick with the pace "pause", in milliseconds (board.js keeps the time).
PAUSE_MS = 2000

#: The stepping buttons: their words and what they do, for the board.
BUTTONS = {
    "next": ("Next", "Let the computer take the next action"),
    "finish_trick": ("Finish trick", "Let the computer seats play to the end of this trick"),
    "finish_hand": ("Finish hand", "Let the computer seats play on to the end of the hand"),
    "undo": ("Undo", "Take back to your previous decision"),
    "redo": ("Redo", "Take again what was undone"),
    "back": ("◀ 1", "Step back one action (any seat)"),
    "forward": ("1 ▶", "Step forward one action again"),
    "hint": ("Hint", "What a good player would do here, and why"),
    "continue": ("Go on", "Put the finished trick away and play on (a tap on the cloth or a key "
                 "does the same)"),
    "deal_again": ("Deal again", "New cards, the same rules and seats"),
    "same_cards": ("Same cards again", "Deal these same cards again, to play them another way"),
    "next_hand": ("Next hand", "Deal the next hand of the match"),
    "review": ("Review", "Go through the decisions of this hand: which cost points, and why"),
}
#: The buttons shown only while they may be pressed (the others stay, greyed out).
WHILE_OFFERED = ("continue", "deal_again", "same_cards", "next_hand", "review")


#: Where a card the user clicks goes, by the hand's phase: the board shows it there at once.
CARD_GOES = {Phase.PLAY: "trick", Phase.DISCARD: "discard"}


def _face(card: Card, pack: Pack = FRENCH) -> dict[str, Any]:
    """A face-up card: its code, its name for screen readers and, for a pack other than the
    French one, how the board's own words name it (``rey of copas``, as the table's sentences
    do; the board writes ``K♥`` from the code otherwise)."""
    if pack.is_french:
        return {"card": str(card), "name": card.name}
    name = pack.name(card)
    return {"card": str(card), "name": name, "label": name}


def _plays(plays: Any, pack: Pack = FRENCH) -> list[dict[str, Any]]:
    return [{"seat": seat, **_face(card, pack)} for seat, card in plays]


def seat_cards(session: "TableSession", seat: int, row: list[Card | None], legal: set[Card],
               clickable: bool) -> list[dict[str, Any]]:
    """A seat's cards for the board: face-up ones grouped by suit, then the backs."""
    hand = session.hand
    up = sorted((c for c in row if c is not None), key=hand.sort_key)   # as the game ranks
    cards: list[dict[str, Any]] = []
    for card in up:
        entry = _face(card, session.pack)
        if clickable:
            entry["legal"] = card in legal
            entry["why"] = "" if card in legal else \
                session.words(hand.why_illegal(card, seat) or "not playable now")
            entry["hinted"] = card is session.hinted
        cards.append(entry)
    cards.extend({"back": True} for c in row if c is None)
    return cards


def _badges(session: "TableSession", hand: Hand, seat: int) -> list[str]:
    badges = []
    if seat == hand.dealer:
        badges.append("dealer")
    if hand.controller(seat) != seat:
        badges.append("dummy")
    if session.seat is not None:
        if seat == session.seat:
            badges.append("you")
        elif hand.controller(seat) == session.seat:
            badges.append("you play it")
    return badges


#: A declaration as a seat's speech bubble says it, done ("Declared 20 in clubs"), not as the
#: button that offers it ("Declare 20 in clubs", which reads as an order to the seat).
SAID = (("Declare ", "Declared "), ("Swap ", "Swapped "), ("Claim ", "Claimed "))


def said_words(hand: Hand, action: Action) -> str:
    words = hand.action_words(action)
    for offer, done in SAID:
        if words.startswith(offer):
            return done + words[len(offer):]
    return words


def _said(hand: Hand) -> dict[int, str]:
    """What each seat has said lately, to show at its seat: in the round before the first trick,
    Quinto's "Pass", "Double", "Redouble" and Pippins Aplenty's discard, which lies face down, as
    "Discarded" (no card); during the tricks, what a seat declared since the last trick ended
    (Guinote's "Declared 40 in trumps", a Pip-Pip! call), until the next trick ends."""
    if hand.phase is Phase.OVER:
        return {}
    if hand.phase is not Phase.PLAY:
        return {seat: hand.action_words(move) if isinstance(move, Action) else "Discarded"
                for seat, move in hand.history}
    said: dict[int, str] = {}
    cards = len(hand.trick)          # the cards of this trick; the card before them ended the last
    # in the first trick of a game with a round before the tricks, what came before its lead
    # belongs to that round (Quinto's doubling), shown no more
    first_lead = not hand.tricks and hand.first_phase is not Phase.PLAY
    for seat, move in reversed(hand.history):
        if isinstance(move, Action):
            if first_lead and cards == 0:
                break
            said.setdefault(seat, said_words(hand, move))
        elif cards == 0:
            break
        else:
            cards -= 1
    return said


def _centre(session: "TableSession", hand: Hand) -> list[dict[str, Any]]:
    """What the game shows everybody, for the middle of the cloth."""
    items = []
    face_up = {str(card): card for card in hand.extra.values() if isinstance(card, Card)}
    for label, text in table_words.named_public_info(hand, session.names):
        item: dict[str, Any] = {"label": session.pack.words(label),
                                "text": session.pack.words(text), "card": None}
        for code, card in face_up.items():   # a card the deal turned face up (the pinta)
            if card.label in text:
                item["card"] = code
        if label.lower() == "stock":
            item["count"] = hand.stock_size
        items.append(item)
    return items


def _trick(session: "TableSession", hand: Hand) -> dict[str, Any]:
    current = list(hand.trick)
    if current:
        return {"title": f"Trick {hand.trick_number}", "plays": _plays(current, session.pack),
                "winning": hand.current_winner(), "winner": None}
    if hand.phase is not Phase.PLAY and not hand.is_over:
        # the round before the tricks ("Doubling", "Discard"): whose turn it is in the heading
        return {"title": hand.phase.value.capitalize(), "plays": [], "winning": None,
                "winner": None, "turn": hand.to_move}
    finished = session.shown_trick()
    if finished is not None:
        # a finished trick stays on the cloth, its winning card marked, until it is put away
        points = f": {finished.points} point{'' if finished.points == 1 else 's'}" \
            if finished.points else ""
        return {"title": f"Trick {finished.number}", "plays": _plays(finished.cards, session.pack),
                "winning": None, "winner": finished.winner, "complete": True,
                "points": finished.points,
                "words": f"{session.names[finished.winner]} takes it{points}"}
    return {"title": f"Trick {hand.trick_number}", "plays": [], "winning": None, "winner": None}


def _caption(session: "TableSession", hand: Hand) -> str:
    parts = []
    match = session.match
    if match is not None:
        if match.is_over:
            parts.append(f"the match is over after {len(match.hands)} "
                         f"hand{'' if len(match.hands) == 1 else 's'}")
        else:
            parts.append(f"Hand {len(match.hands) + (0 if session.between_hands else 1)} "
                         "of the match")
        # where points count at once (Pippins Aplenty, Guinote's vueltas) the hand's are in
        totals = ", ".join(f"{unit} {score}" for unit, score in
                           zip(table_words.unit_names(hand, session.names), match.running_scores))
        parts.append(f"match {totals}")
    if session.seat is None:
        parts.append("watching every seat")
    if session.opened_at is not None:
        parts.append("every hand shown")
    elif session.open_hands:
        parts.append("open hands")
    if session.seed_visible():
        parts.append(f"seed {session.seed}")
    return " · ".join(parts)


def board_state(session: "TableSession", *, seq: int = 0, fill: bool = False,
                animate: bool = True, four_colour: bool = False) -> dict[str, Any]:
    """The board's whole state, from what the user may see of the session's hand."""
    hand = session.hand
    names = session.names
    visible = session.visible_hands()
    mine = session.hand_seat()
    mover = hand.to_move
    seats = []
    tricks_won = [0] * hand.seats
    for trick in hand.tricks:
        tricks_won[trick.winner] += 1
    units = table_words.unit_names(hand, names)
    said = _said(hand)
    for seat in range(hand.seats):
        legal = session.legal_cards(seat)
        clickable = seat == mover and session.user_controls(seat) and not session.between_hands \
            and bool(visible[seat]) and None not in visible[seat]
        seats.append({
            "seat": seat, "name": names[seat],
            "side": units[hand.side(seat)] if hand.partnerships else "",
            "points": hand.score[hand.side(seat)], "tricks": tricks_won[seat],
            "badges": _badges(session, hand, seat),
            "said": session.pack.words(said.get(seat, "")),
            "you": seat == session.seat,
            "to_move": seat == mover and not session.between_hands and session.reviewed is None,
            "clickable": clickable,
            "cards": seat_cards(session, seat, visible[seat], legal, clickable),
        })
    finished = hand.tricks[-1] if hand.tricks else None
    trick = _trick(session, hand)
    last = None
    if finished is not None and trick["winner"] is None:
        last = {"number": finished.number, "winner": finished.winner, "points": finished.points,
                "plays": _plays(finished.cards, session.pack)}
    controls = session.controls()
    buttons = {}
    for name, (label, title) in BUTTONS.items():
        if name in WHILE_OFFERED and not controls[name]:
            continue
        if name == "review" and session.reviewed is not None:
            label, title = "Close review", "Back to the table as the hand ended"
        buttons[name] = {"label": label, "enabled": controls[name], "title": title}
    actions = [{"id": i, "label": session.action_label(seat, action),
                "hinted": action == session.hinted}
               for i, (seat, action) in enumerate(session.action_moves())]
    if session.seat is not None:
        bottom = session.seat
    else:                                       # watching: every hand stays at its own seat
        bottom = 2 if hand.seats == 4 else 0    # (four seats: South at the bottom)
    return {
        "seq": seq, "title": session.game.title, "caption": _caption(session, hand),
        "fill": fill, "animate": animate, "four_colour": four_colour,
        "bottom": bottom,
        "hand_seat": mine,
        "seats": seats, "trick": trick, "last_trick": last,
        "centre": _centre(session, hand), "actions": actions, "buttons": buttons,
        "card_goes": CARD_GOES.get(hand.phase),
        "message": {"lines": list(session.message_lines), "error": session.message_is_error,
                    "detail": session.message_detail},
        "pause_ms": PAUSE_MS if session.pace == "pause" and controls["continue"]
        and session.auto and session.seat is not None else None,
        "hand_over": hand_over(session),
        "review": review_strip(session),
    }


def result_words(hand: Hand, names: list[str]) -> str:
    """Who won the hand, in words: "East–West win the hand, 144 to 46", or with three players
    or more "Player 2 wins the hand with 154 points; Player 1 next with 72"."""
    units = table_words.unit_names(hand, names)
    score = list(hand.score)
    best = max(score)
    top = [u for u, points in enumerate(score) if points == best]
    if len(top) > 1:
        return f"{' and '.join(units[u] for u in top)} tie with {best} points each"
    winner = top[0]
    verb = "win" if hand.partnerships else "wins"
    others = sorted(((points, units[u]) for u, points in enumerate(score) if u != winner),
                    reverse=True)
    if len(score) == 2:
        return f"{units[winner]} {verb} the hand, {best} to {others[0][0]}"
    # three players or more: the runner-up only (the end panel's table has every score; twelve
    # players' scores made a headline of four lines on a projector)
    second = others[0][0]
    runners = " and ".join(name for points, name in others if points == second)
    return f"{units[winner]} {verb} the hand with {best} points; {runners} next with {second}"


def _match_lines(session: "TableSession", hand: Hand) -> list[str]:
    """The match's score, its target and what each side still needs (or who won it)."""
    match = session.match
    if match is None:
        return []
    units = table_words.unit_names(hand, session.names)
    scores = list(match.scores)
    totals = ", ".join(f"{unit} {score}" for unit, score in zip(units, scores))
    if match.is_over:
        if match.winner is not None:
            verb = "win" if hand.partnerships else "wins"
            return [f"{units[match.winner]} {verb} the match: {totals}."]
        return [f"The match is over: {totals}."]
    lines = [f"The match: {totals}."]
    if match.target is not None:
        needs = "; ".join(f"{unit} {'need' if hand.partnerships else 'needs'} "
                          f"{max(0, match.target - score)}" for unit, score in zip(units, scores))
        lines.append(f"First to {match.target} points: {needs}.")
    return lines


def hand_over(session: "TableSession") -> dict[str, Any] | None:
    """The end of the hand, for a panel on the cloth: who won, the score as the game counts it
    (``hand_diagram.breakdown``: tricks, card points, declarations, the end's bonuses), and the
    match. None while the hand goes on, and during a review's step."""
    from .hand_diagram import breakdown

    hand = session.played_hand
    if not session.shows_result():
        return None
    names = session.names
    labels, rows = breakdown(hand)
    # why the hand ended early (a claim, a game won in mid-hand); in a match, the match's lines
    # say it
    reason = session.words(hand.end_reason) if hand.end_reason and session.match is None else ""
    return {"title": session.pack.words(result_words(hand, names)),
            "reason": reason[:1].upper() + reason[1:] if reason else "",
            "units": table_words.unit_names(hand, names),
            "rows": [{"label": label, "values": values} for label, values in zip(labels, rows)],
            "match": _match_lines(session, hand)}


def review_strip(session: "TableSession") -> dict[str, Any] | None:
    """The review's steps, for a strip under the cloth: each decision of the reviewed seat,
    the card or action it took, its mark; ``at`` the step shown (0: the hand as it ended)."""
    review = session.reviewed
    if review is None:
        return None
    hand = session.played_hand
    steps = []
    for row in review.rows:
        played = session.pack.words(_action_words(hand, row.played))
        steps.append({"step": row.number, "trick": row.trick, "label": played,
                      "mark": row.mark, "loss": round(row.loss, 1)})
    seats = session.review_seats()
    return {"seat": review.seat, "name": session.names[review.seat], "summary": review.summary,
            "at": session.review_step or 0, "steps": steps,
            # watching (a teacher) or with every hand open: any seat's decisions
            "seats": [{"seat": s, "name": session.names[s]} for s in seats]
            if len(seats) > 1 else []}


def _action_words(hand: Hand, move: Any) -> str:
    return move.label if isinstance(move, Card) else hand.action_words(move)
