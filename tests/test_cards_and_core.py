"""The card notation, the shared core's contract, and what ``import cardgames`` pulls in."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import cardgames as cg
from cardgames.cards import sort_cards
from cardgames.cards import DOUBLE_DECK, FORTY_CARD_DECK, STANDARD_DECK


@pytest.mark.parametrize("text", ["TH", "10H", "10♥", "T♥", "th", "10h", " t♥ "])
def test_every_way_of_writing_the_ten_of_hearts(text):
    card = cg.Card.parse(text)
    assert card is cg.Card(cg.Rank.TEN, cg.Suit.HEARTS)
    assert str(card) == "TH" and card.label == "10♥" and card.name == "ten of hearts"


def test_the_joker_and_printing():
    assert cg.Card.parse("JK") is cg.JOKER and cg.Card.parse("jk") is cg.JOKER
    assert str(cg.JOKER) == "JK" and cg.JOKER.suit is None
    assert cg.format_cards(cg.parse_cards("AS, 10d JK")) == "AS TD JK"


@pytest.mark.parametrize("text, words", [
    ("", "empty"), ("1H", "'1' is not a rank"), ("AX", "'X' is not a suit"),
    ("ASX", "not a card"), ("QQ", "not a suit"), ("11S", "not a rank"),
])
def test_bad_notation_says_what_is_wrong_and_what_is_allowed(text, words):
    with pytest.raises(cg.NotationError, match=words) as error:
        cg.Card.parse(text)
    assert "e.g." in str(error.value) or "empty" in str(error.value)


def test_cards_are_immutable_shared_values():
    import copy
    import pickle

    card = cg.Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = cg.Rank.KING
    assert copy.deepcopy(card) is card and pickle.loads(pickle.dumps(card)) is card


def test_the_decks():
    assert len(STANDARD_DECK) == 52 == len(set(STANDARD_DECK))
    assert len(cg.ALL_CARDS) == 53 and cg.JOKER in cg.ALL_CARDS
    assert len(DOUBLE_DECK) == 104 and len(set(DOUBLE_DECK)) == 52
    assert len(FORTY_CARD_DECK) == 40
    assert not {c.rank for c in FORTY_CARD_DECK} & {cg.Rank.EIGHT, cg.Rank.NINE, cg.Rank.TEN}


def test_importing_cardgames_imports_no_widgets():
    # STYLE.md: the engine never imports the widgets.
    code = ("import sys, cardgames as cg; cg.deal('yukon', seed=1).to_json(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'traitlets', 'IPython', 'pandas')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_games_are_found_by_name_and_alias():
    assert "yukon" in cg.GAMES
    assert cg.get_game("YUKON") is cg.GAMES["yukon"]
    with pytest.raises(cg.SetupError, match="unknown game 'bridge'"):
        cg.deal("bridge")


def test_illegal_input_changes_nothing():
    hand = cg.deal("yukon", seed=2)
    before = hand.to_json()
    for bad in ["", "ZZ", "1H", "double", "marriage X"]:
        with pytest.raises(cg.IllegalAction):
            hand.apply(bad)
    not_held = next(c for c in STANDARD_DECK if c not in hand.hands[0])
    with pytest.raises(cg.IllegalAction, match="does not hold"):
        hand.apply(not_held)
    out_of_turn = hand.hands[1][0]
    with pytest.raises(cg.IllegalAction, match="turn"):
        hand.apply(out_of_turn, seat=1)
    with pytest.raises(cg.IllegalAction, match="no seat 9"):
        hand.apply(out_of_turn, seat=9)
    assert hand.to_json() == before


def test_legal_actions_read_like_a_collection():
    hand = cg.deal("yukon", players=2, hands=["AH 2C", "3C 4C"], stock=[])
    legal = hand.legal_actions()
    assert len(legal) == 2 and bool(legal) and "AH" in legal and "10H" not in legal
    assert cg.Card.parse("2C") in legal and "not a card" not in legal
    assert repr(legal) == "<LegalActions: AH 2C>"


def test_a_finished_hand_refuses_more_actions_and_undo_walks_back():
    hand = cg.deal("yukon", players=2, hands=["AH", "3C"], stock=[])
    hand.apply("AH")
    hand.apply("3C")
    assert hand.is_over and hand.to_move is None and not hand.legal_actions()
    with pytest.raises(cg.IllegalAction, match="the hand is over"):
        hand.apply("AH")
    assert hand.undo() == cg.Card.parse("3C")
    assert not hand.is_over and hand.to_move == 1
    with pytest.raises(cg.IllegalAction, match="nothing to redo"):
        cg.deal("yukon", seed=1).redo()


def test_a_view_holds_no_hidden_card():
    hand = cg.deal("yukon", seed=4)
    rng = random.Random(3)
    while not hand.is_over:
        for seat in range(hand.seats):
            view = hand.view(seat)
            others = {c for s, h in enumerate(hand.hands) if s != seat for c in h} | set(hand.stock)
            assert not others & set(view.visible_cards())
            assert sort_cards(view.unseen) == sort_cards(others)
            sampled = view.sample(rng)
            assert sampled.hands[seat] == hand.hands[seat]
            assert sort_cards(c for h in sampled.hands for c in h) + sort_cards(sampled.stock) != [] or hand.is_over
        hand.apply(rng.choice(hand.legal_actions()))


def test_a_sampled_hand_plays_to_the_end():
    hand = cg.deal("yukon", seed=6)
    hand.apply(hand.legal_actions()[0])
    sampled = hand.view(1).sample(random.Random(1))
    assert sampled.legal_actions() == hand.legal_actions()    # seat 1's own cards decide
    while not sampled.is_over:
        sampled.apply(random.choice(sampled.legal_actions()))
    assert sum(sampled.score) == 125


def test_copies_are_independent():
    hand = cg.deal("yukon", seed=12)
    twin = hand.copy()
    twin.apply(twin.legal_actions()[0])
    assert hand.history == [] and len(twin.history) == 1
    assert hand.hands[0] != twin.hands[0]


def test_play_out_is_the_same_game_as_applying_random_legal_actions():
    # Hand.play_out is the rollout fast path: it must play exactly what apply() would.
    for seed in range(20):
        fast = cg.deal("yukon", seed=seed, players=3).play_out(random.Random(seed))
        slow = cg.deal("yukon", seed=seed, players=3)
        rng = random.Random(seed)
        while not slow.is_over:
            legal = slow.legal_actions()
            slow.apply(legal[int(rng.random() * len(legal))])
        assert fast.history == slow.history and fast.score == slow.score
