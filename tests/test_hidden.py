"""Hidden cards stay hidden (issue 10): a seat's view, and the record of it meant for that
player, hold no card the seat may not see, over whole hands of every game."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import cardgames as cg
from cardgames.engine import iter_cards
from helpers import random_step


def record_cards(text: str) -> list[str]:
    """Every card string anywhere in a JSON record."""
    found: list[str] = []

    def walk(value):
        if isinstance(value, str):
            try:
                found.append(str(cg.Card.parse(value)))
            except cg.NotationError:
                pass
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("options", "format", "kind", "game"):
                    walk(item)

    walk(json.loads(text))
    return found


def check_seat(hand: cg.Hand, seat: int) -> None:
    view = hand.view(seat)
    hidden = Counter(view.unseen)
    everything = Counter(iter_cards(hand))
    visible = {str(c) for c in everything - hidden}
    # What the deal showed everybody (Pip-Pip!'s cut card, put back in the pack; the pinta).
    visible |= {str(c) for c in hand.extra.values() if isinstance(c, cg.Card)}
    text = view.to_json()
    assert '"seed"' not in text            # a seed would deal the hidden cards again
    for where, named in [("view", {str(c) for c in view.visible_cards()}),
                         ("record", set(record_cards(text)))]:
        if max(everything.values()) == 1:  # one pack: a hidden card must not be named at all
            assert not named & {str(c) for c in hidden}, f"seat {seat}'s {where} names hidden cards"
        else:                              # two packs: only cards with a visible copy
            assert named <= visible, f"seat {seat}'s {where} names {named - visible}"
    with pytest.raises(cg.RecordError, match="view"):
        cg.load(text)


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_views_and_player_records_hold_no_hidden_card_over_whole_hands(game):
    for seed in range(3):
        hand = cg.deal(game, seed=seed)
        rng = random.Random(seed)
        while True:
            for seat in range(hand.seats):
                check_seat(hand, seat)
            if hand.is_over:
                break
            seat, move = random_step(hand, rng)
            hand.apply(move, seat)


def test_a_pippins_discard_stays_secret_until_all_have_chosen():
    hand = cg.deal("pippins_aplenty", seed=1)
    first = hand.legal_actions()[0]
    hand.apply(first)
    text = hand.view(1).to_json()
    assert str(first) not in record_cards(text)
    assert json.loads(text)["actions"] == [[0, None]]


# The players' window on the live hand (SeatView) ------------------------------------------------

from cardgames.view import SeatView, public_names  # noqa: E402


def _seats(hand, ask):
    return [ask(s) for s in range(hand.seats)]


#: How to ask each public rule question, so that its answers can be compared.
PROBES = {
    "side": _seats, "controller": _seats, "exposed": _seats, "seat_name": _seats,
    "next_seat": _seats,
    "sees_hand_of": lambda hand, ask: [ask(a, b) for a in range(hand.seats) for b in range(hand.seats)],
    "current_winner": lambda hand, ask: ask(),
    "public_info": lambda hand, ask: ask(),
    "trump_order": lambda hand, ask: ask(),
    "suit_values": lambda hand, ask: ask(),
    "card_points": lambda hand, ask: [ask(c) for c in hand.deck(hand.players, hand.options, None)],
    "card_value": lambda hand, ask: [ask(c) for c in hand.deck(hand.players, hand.options, None)],
    # Would each card of the pack win the trick so far? (Only asked when a trick is under way.)
    "trick_winner": lambda hand, ask: [ask(hand.trick + [(hand.to_move, c)])
                                       for c in hand.deck(hand.players, hand.options, None)]
    if hand.trick and hand.to_move is not None else None,
    "deck": lambda hand, ask: ask(hand.players, hand.options, None),
}


def answers(source, names, hand) -> dict:
    """What each public name answers when read from ``source`` (a seat view, or a full hand
    dealt from the seat's view): a value, or a rule question's answers to every probe."""
    found = {}
    for name in sorted(names):
        value = getattr(source, name)
        if name in PROBES:
            found[name] = PROBES[name](hand, value)
        else:
            assert not callable(value) or name == "game", f"no probe for the rule question {name}"
            found[name] = value
    return found


def test_a_seat_view_answers_only_what_the_concealed_copy_answers_over_whole_hands():
    # A SeatView reads the live hand, but only through the public names: each must answer
    # the same as a full hand dealt at random from the seat's concealed View (where every card
    # the seat cannot see may lie anywhere), so none of them depends on a hidden card.
    for game in sorted(cg.GAMES):
        for seed in range(2):
            hand = cg.deal(game, seed=seed)
            rng = random.Random(seed)
            while not hand.is_over:
                for seat in range(hand.seats):
                    window = SeatView(hand, seat)
                    names = public_names(hand.__class__)
                    mine = answers(window, names, hand)
                    assert answers(hand.view(seat), names, hand) == mine   # the copy answers too
                    for _ in range(2):
                        dealt = hand.view(seat).sample(rng)
                        assert answers(dealt, names, hand) == mine, (game, seat, len(hand.history))
                    assert window.hand == hand.view(seat).hand
                    assert window.legal_actions() == hand.view(seat).legal_actions()
                hand.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_a_seat_view_holds_no_hidden_card_over_whole_hands(game):
    for seed in range(2):
        hand = cg.deal(game, seed=seed)
        rng = random.Random(seed)
        while not hand.is_over:
            for seat in range(hand.seats):
                window = SeatView(hand, seat)
                hidden = Counter(window.unseen)
                everything = Counter(iter_cards(hand))
                visible = {str(c) for c in everything - hidden}
                visible |= {str(c) for c in hand.extra.values() if isinstance(c, cg.Card)}
                named = {str(c) for c in window.visible_cards()}
                if max(everything.values()) == 1:
                    assert not named & {str(c) for c in hidden}, f"seat {seat} sees hidden cards"
                else:
                    assert named <= visible, f"seat {seat} sees {named - visible}"
            seat, move = random_step(hand, rng)
            hand.apply(move, seat)


def test_a_seat_view_keeps_private_what_is_not_public():
    # Pippins Aplenty's discards are chosen face down: seat 1's window shows seat 0's choice
    # as None: names outside the public list are read from the concealed copy.
    hand = cg.deal("pippins_aplenty", seed=1)
    first = hand.legal_actions()[0]
    hand.apply(first)
    window = SeatView(hand, 1)
    assert window.pending[0] is None and window.history == [(0, None)]
    assert window.hands[0] == [None] * 12
    # It follows the hand: after seat 1 discards, its own choice shows.
    second = hand.legal_actions()[0]
    hand.apply(second)
    assert window.history == [(0, None), (1, second)]


def test_a_seat_view_is_only_for_a_seat_at_the_table():
    hand = cg.deal("yukon", seed=1)
    for bad in (4, -1, True, "0"):
        with pytest.raises(ValueError, match="no seat"):
            SeatView(hand, bad)


# A class at one table (issue 24): each page of a room gets only what its seat may see ----------

from cardgames import score_sheet  # noqa: E402
from cardgames.rooms import Teacher, new_holder  # noqa: E402
from cardgames.rooms.page_session import RoomSession  # noqa: E402
from cardgames.rooms.sqlite_store import SQLiteStore  # noqa: E402


def state_names(state: dict, card: cg.Card) -> bool:
    """Does a board state name ``card`` anywhere: as a code, a label (10♥) or a name?"""
    text = json.dumps(state, ensure_ascii=False)
    return f'"{card}"' in text or card.label in text or card.name in text


def check_page(state: dict, hand: cg.Hand, seat: int | None, open_hands: bool = False) -> None:
    everything = Counter(iter_cards(hand))
    if seat is None and open_hands:      # the projector, hands opened by the teacher
        hidden = Counter()
    elif seat is None:                   # the projector: only what every seat sees
        hidden = Counter()
        for other in range(hand.seats):
            hidden |= Counter(hand.view(other).unseen)
    else:
        hidden = Counter(hand.view(seat).unseen)
    visible = everything - hidden
    visible_codes = {str(c) for c in visible} | \
        {str(c) for c in hand.extra.values() if isinstance(c, cg.Card)}
    for card in hidden:
        if str(card) in visible_codes:   # two packs: its twin is in sight
            continue
        assert not state_names(state, card), \
            f"{'the projector' if seat is None else f'seat {seat}'} names hidden {card}"


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_each_page_of_a_room_holds_only_what_its_seat_may_see_over_a_whole_hand(game, tmp_path):
    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    Teacher(store).open_rooms(1, game, prefix="hidden", seed=3)
    pages = []
    hand = cg.deal(game, seed=3)
    for seat in range(hand.seats):
        if hand.controller(seat) == seat:
            page = RoomSession.open("hidden-1", seat, store=store)
            page.take_seat(new_holder())
            pages.append(page)
    projector = RoomSession.open("hidden-1", "watch", store=store)
    rng = random.Random(3)
    while True:
        for page in [*pages, projector]:
            page.tick()
            # the board, and the panels under it: the story of the hand and the score sheet
            shown = {**page.state(), "story": page.story(),
                     "sheet": score_sheet.score_sheet_html(page.hand, page.names, page.match)}
            check_page(shown, page.hand, page.seat)
        room_hand = projector.hand
        if room_hand.is_over:
            break
        by_seat = {page.seat: page for page in pages}
        seat, move = random_step(room_hand, rng)
        page = by_seat[room_hand.controller(room_hand.to_move if seat is None else seat)]
        assert page.play(move, seq=page.count), page.message
    Teacher(store).open_hands("hidden-1")
    projector.tick()
    check_page(projector.state(), projector.hand, None, open_hands=True)
    store.close()
