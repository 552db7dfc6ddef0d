"""A quiz for the classroom: a position from a real deal, answered by clicking.

``Quiz("yukon", seed=3)`` asks, in turn, "Which cards may West play?" (click the cards, then
Check) and "Who wins this trick?" (click a seat). The feedback cites the rule: the engine's
refusal for a card that may not be played, its explanation of the trick for the winner.
Positions come from deals shuffled from the quiz's seed and played on at random, so a quiz can
be repeated; the widgets are built once and updated in place.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets

from .. import render_table as rt
from ..cards import Card
from ..engine import Hand, Phase, Trick
from ..games import get_game
from .styles import CARD_HEIGHT, CARD_WIDTH, CSS, button_colour

__all__ = ["Quiz"]

KINDS = ("legal", "winner")


def _sort_key(card: Card) -> tuple[int, int]:
    return (4 if card.suit is None else int(card.suit), int(card.rank))


class Quiz:
    """Questions on positions from real deals of one game.

    ``kind``: "legal" (which cards may a seat play?), "winner" (who wins this trick?) or
    "mixed" (both in turn). Attributes for notebooks and tests: ``question``, ``board``,
    ``card_buttons``, ``seat_buttons``, ``check_button``, ``new_button``, ``feedback``,
    ``position`` (the hand at the question), ``cards`` (the cards shown as buttons),
    ``trick`` (for a winner question), ``kind_now``, ``right`` and ``asked``.
    """

    def __init__(self, game: str = "yukon", seed: int | None = None, kind: str = "mixed",
                 players: int | None = None, four_colour: bool = False, **options: Any):
        if kind not in KINDS + ("mixed",):
            raise ValueError(f"kind is 'legal', 'winner' or 'mixed', not {kind!r}")
        self.game = get_game(game)
        self.kind = kind
        self.players = players
        self.options = options
        self.four_colour = four_colour
        self.rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(10**9))
        self.right = 0
        self.asked = 0
        self.position: Hand | None = None
        self.trick: Trick | None = None
        self.cards: list[Card] = []
        self.kind_now = ""
        self._selected: set[int] = set()
        self._answered = False
        self._build()
        self.new_question()

    # -- widgets -------------------------------------------------------------------------------------

    def _build(self) -> None:
        W = widgets
        self.question = W.HTML()
        self.question.add_class("cg-quiz-question")
        self.board = W.HTML()
        self.board.add_class("cg-quiz-board")
        self.card_buttons = []
        for i in range(13):
            button = W.Button(layout=W.Layout(width=CARD_WIDTH, height=CARD_HEIGHT, display="none"))
            button.style.font_weight = "bold"
            button.add_class("cg-card")
            button.on_click(lambda _b, i=i: self._guard(self._toggle, i))
            self.card_buttons.append(button)
        self.seat_buttons = []
        for seat in range(12):
            button = W.Button(layout=W.Layout(width="auto", display="none"))
            button.add_class("cg-quiz-seat")
            button.on_click(lambda _b, s=seat: self._guard(self._answer_seat, s))
            self.seat_buttons.append(button)
        self.check_button = W.Button(description="Check", button_style="primary")
        self.check_button.add_class("cg-quiz-check")
        self.check_button.on_click(lambda _b: self._guard(self._check_cards))
        self.new_button = W.Button(description="New question")
        self.new_button.add_class("cg-quiz-new")
        self.new_button.on_click(lambda _b: self._guard(self.new_question))
        self.feedback = W.HTML()
        self.feedback.add_class("cg-message")
        self.tally = W.HTML()
        self.widget = W.VBox([W.HTML(CSS), self.question, self.board,
                              W.HBox(self.card_buttons, layout=W.Layout(flex_flow="row wrap")),
                              W.HBox(self.seat_buttons, layout=W.Layout(flex_flow="row wrap")),
                              W.HBox([self.check_button, self.new_button]),
                              self.feedback, self.tally])
        self.widget.add_class("cg-quiz")
        self.widget.add_class("cg-table")

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)

    def _guard(self, fn, *args: Any) -> None:
        try:
            fn(*args)
        except Exception as error:  # noqa: BLE001 - shown, never lost
            self.feedback.value = (f'<span class="cg-error" role="alert">Something went wrong: '
                                   f'{escape(type(error).__name__)}: {escape(str(error))}</span>')

    def seat_names(self) -> list[str]:
        assert self.position is not None
        return rt.seat_names(self.position)

    # -- positions -----------------------------------------------------------------------------------

    def _deal(self) -> Hand:
        return self.game.deal(self.rng.randrange(1, 10**9), players=self.players, **self.options)

    def _find_legal_position(self) -> Hand | None:
        """A position in play where the seat to move may play some cards and not others."""
        for _attempt in range(50):
            hand = self._deal()
            while not hand.is_over:
                mover = hand.to_move
                if hand.phase is Phase.PLAY and hand.trick and hand.controller(mover) == mover:
                    legal = hand.legal_actions().cards
                    if legal and len(set(legal)) < len(set(hand.hands[mover])) \
                            and self.rng.random() < 0.5:
                        return hand
                hand.apply(self.rng.choice(hand.legal_actions()))
        return None

    def _find_trick(self) -> tuple[Hand, Trick] | None:
        """A finished trick from a real deal, with the hand as it stood before its last card."""
        for _attempt in range(50):
            hand = self._deal()
            while not hand.is_over:
                before = hand.copy() if len(hand.trick) == hand.seats - 1 else None
                count = len(hand.tricks)
                hand.apply(self.rng.choice(hand.legal_actions()))
                if before is not None and len(hand.tricks) > count:
                    trick = hand.tricks[-1]
                    interesting = len({c.suit for _, c in trick.cards}) > 1 or trick.winner != trick.leader
                    if interesting and self.rng.random() < 0.4:
                        return before, trick
        return None

    def new_question(self) -> None:
        """Pick a new position and ask about it."""
        kind = self.kind if self.kind != "mixed" else KINDS[self.asked % 2]
        self._answered = False
        self._selected = set()
        self.feedback.value = ""
        if kind == "legal":
            hand = self._find_legal_position()
            if hand is None:
                kind = "winner"
            else:
                self._ask_legal(hand)
        if kind == "winner":
            found = self._find_trick()
            if found is None:
                raise RuntimeError("no suitable trick found in 50 deals")
            self._ask_winner(*found)
        self.kind_now = kind
        self._show_tally()

    def _board_html(self, hand: Hand, plays: list[tuple[int, Card]]) -> str:
        names = rt.seat_names(hand)
        info = rt.public_info_html(hand, names)
        trick = " ".join(f"{escape(names[s])}: {rt.card_face_html(c, self.four_colour)}"
                         for s, c in plays) or "<i>nothing yet</i>"
        return (f"{info}<div class='cg-trick' style='padding:4px'>"
                f"<b>Trick {len(hand.tricks) + 1}</b> (in play order): {trick}</div>")

    def _ask_legal(self, hand: Hand) -> None:
        self.position = hand
        self.trick = None
        seat = hand.to_move
        names = rt.seat_names(hand)
        self.cards = sorted(hand.hands[seat], key=_sort_key)[:len(self.card_buttons)]
        self.question.value = (f"<b>{escape(self.game.title)}:</b> which cards may "
                               f"<b>{escape(names[seat])}</b> play? Click them, then Check.")
        self.board.value = self._board_html(hand, list(hand.trick)) + \
            f"<div>{escape(names[seat])}'s hand is shown below.</div>"
        for i, button in enumerate(self.card_buttons):
            with button.hold_sync():
                if i < len(self.cards):
                    card = self.cards[i]
                    button.description = card.label
                    button.tooltip = card.name
                    button.style.text_color = button_colour(card, self.four_colour)
                    button.button_style = ""
                    button.disabled = False
                    button.layout.display = ""
                else:
                    button.description = button.tooltip = ""
                    button.layout.display = "none"
        for button in self.seat_buttons:
            button.layout.display = "none"
        self.check_button.layout.display = ""

    def _ask_winner(self, before: Hand, trick: Trick) -> None:
        self.position = before
        self.trick = trick
        self.cards = []
        names = rt.seat_names(before)
        self.question.value = (f"<b>{escape(self.game.title)}:</b> who wins this trick? "
                               "Click the seat.")
        self.board.value = self._board_html(before, list(trick.cards))
        for button in self.card_buttons:
            button.description = button.tooltip = ""
            button.layout.display = "none"
        for seat, button in enumerate(self.seat_buttons):
            with button.hold_sync():
                if seat < before.seats:
                    card = trick.card_of(seat)
                    button.description = f"{names[seat]} ({card.label})" if card else names[seat]
                    button.tooltip = f"{names[seat]} played {card.name}" if card else ""
                    button.button_style = ""
                    button.disabled = False
                    button.layout.display = ""
                else:
                    button.layout.display = "none"
        self.check_button.layout.display = "none"

    # -- answers -----------------------------------------------------------------------------------------

    def _toggle(self, index: int) -> None:
        if self._answered:
            return
        self._selected ^= {index}
        self.card_buttons[index].button_style = "success" if index in self._selected else ""

    def _check_cards(self) -> None:
        hand = self.position
        assert hand is not None and self.kind_now == "legal"
        names = rt.seat_names(hand)
        legal = set(hand.legal_actions().cards)
        chosen = {self.cards[i] for i in self._selected}
        wrong = sorted(chosen - legal, key=_sort_key)
        missed = sorted(legal - chosen, key=_sort_key)
        forbidden = sorted(set(self.cards) - legal, key=_sort_key)
        lines = []
        first = not self._answered
        self._answered = True
        if not wrong and not missed:
            if first:
                self.right += 1
            lines.append("Right! " + ", ".join(c.label for c in sorted(legal, key=_sort_key))
                         + " may be played.")
            if forbidden:
                lines.append(f"The rule: {rt.name_seats(hand.why_illegal(forbidden[0]), names)}.")
        else:
            lines.append("Not quite.")
            for card in wrong:
                lines.append(f"{card.label} may not be played: "
                             f"{rt.name_seats(hand.why_illegal(card), names)}.")
            if missed:
                lines.append("These may be played too: " + ", ".join(c.label for c in missed) + ".")
        if first:
            self.asked += 1
        for i, (button, card) in enumerate(zip(self.card_buttons, self.cards)):
            button.button_style = "success" if card in legal else "danger" if i in self._selected else ""
        self.feedback.value = "<br>".join(escape(line) for line in lines)
        self._show_tally()

    def _answer_seat(self, seat: int) -> None:
        trick = self.trick
        hand = self.position
        assert trick is not None and hand is not None
        names = rt.seat_names(hand)
        first = not self._answered
        self._answered = True
        why = rt.name_seats(hand.explain_trick(trick), names)
        if seat == trick.winner:
            if first:
                self.right += 1
            text = f"Right! {why}"
        else:
            text = f"Not quite: {names[seat]} does not win. {why}"
        if first:
            self.asked += 1
        for s, button in enumerate(self.seat_buttons[:hand.seats]):
            button.button_style = "success" if s == trick.winner else "danger" if s == seat else ""
        self.feedback.value = escape(text)
        self._show_tally()

    def _show_tally(self) -> None:
        self.tally.value = f"<small>{self.right} right out of {self.asked}</small>"
