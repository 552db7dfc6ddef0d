"""Bad input, in every game (issue 10): each refusal says what was wrong and what is allowed,
and changes nothing."""

from __future__ import annotations

import random

import pytest

import cardgames as cg
from cardgames.cards import ALL_CARDS

GAMES = sorted(cg.GAMES)


def unchanged(hand: cg.Hand):
    """A witness of the whole state, to compare before and after a refusal."""
    return hand.to_json(), [list(h) for h in hand.hands], list(hand.score), hand.to_move


def a_position_with_a_refused_card(game: str) -> tuple[cg.Hand, cg.Card]:
    """A seeded position in which the seat to move holds a card it may not play."""
    for seed in range(200):
        hand = cg.deal(game, seed=seed)
        rng = random.Random(seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            refused = [c for c in hand.hands[hand.to_move] if c not in legal]
            if refused and hand.phase is cg.Phase.PLAY:
                return hand, refused[0]
            hand.apply(rng.choice(legal))
    raise AssertionError(f"no refused card found in {game}")


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_card_names_its_rule_and_changes_nothing(game):
    hand, card = a_position_with_a_refused_card(game)
    before = unchanged(hand)
    with pytest.raises(cg.IllegalAction) as error:
        hand.apply(card)
    assert str(error.value) == hand.why_illegal(card) and len(str(error.value)) > 20
    assert error.value.action is card
    assert unchanged(hand) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_card_out_of_turn_is_refused(game):
    hand = cg.deal(game, seed=5)
    while hand.phase is not cg.Phase.PLAY:       # past any doubling or discards
        hand.apply(hand.legal_actions()[0])
    other = next(s for s in range(hand.seats) if hand.controller(s) != hand.controller(hand.to_move))
    before = unchanged(hand)
    with pytest.raises(cg.IllegalAction, match="turn"):
        hand.apply(hand.hands[other][0], seat=other)
    assert unchanged(hand) == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", ["", "  ", "ZZ", "1H", "AH AS", "10", "fly", "marriage", "pip-pip X",
                                  "double double", "♥"])
def test_text_that_is_no_action_is_refused_with_what_is_allowed(game, text):
    hand = cg.deal(game, seed=2)
    before = unchanged(hand)
    with pytest.raises(cg.IllegalAction) as error:
        hand.apply(text)
    message = str(error.value)
    assert message and ("card" in message or "action" in message or "suit" in message
                        or "open" in message or "not" in message)
    assert unchanged(hand) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_named_action_of_another_game_is_refused(game):
    hand = cg.deal(game, seed=3)
    strangers = [a for a in ["double", "pip-pip H", "marriage S", "swap-seven", "claim"]
                 if a not in hand.legal_actions()]
    for action in strangers:
        before = unchanged(hand)
        with pytest.raises(cg.IllegalAction) as error:
            hand.apply(action)
        assert str(error.value) == hand.why_illegal(action)
        assert unchanged(hand) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_hand_refuses_everything(game):
    hand = cg.deal(game, seed=4).play_out(random.Random(4))
    for action in [ALL_CARDS[0], "double", "AS"]:
        with pytest.raises(cg.IllegalAction, match="over"):
            hand.apply(action)


@pytest.mark.parametrize("game", GAMES)
def test_impossible_deals_are_refused(game):
    real = cg.deal(game, seed=9)
    hands, stock = real.initial_deal
    deck = cg.GAMES[game].hand_class.deck(real.players, real.options, None)
    stranger = next((c for c in ALL_CARDS if c not in deck), None)
    keywords = dict(real.deal_args)
    if game == "pip_pip":
        keywords["trump"] = real.trump.letter
    # Unequal hands.
    with pytest.raises(cg.SetupError, match="equally many"):
        cg.deal(game, hands=[hands[0][:-1]] + hands[1:], stock=stock, **keywords)
    # A card more often than the deck holds it.
    twice = [list(h) for h in hands]
    twice[1][0] = twice[0][0]
    if deck.count(twice[0][0]) == 1:
        with pytest.raises(cg.SetupError, match="more often than the deck"):
            cg.deal(game, hands=twice, stock=stock, **keywords)
    # A card not in the game's deck (the Joker outside Quinto, an 8 in Guinote...).
    if stranger is not None:
        alien = [list(h) for h in hands]
        alien[0][0] = stranger
        with pytest.raises(cg.SetupError, match="not in the"):
            cg.deal(game, hands=alien, stock=stock, **keywords)
    # Text that is not a card.
    bad = [list(map(str, h)) for h in hands]
    bad[2][0] = "XX"
    with pytest.raises(cg.SetupError, match="hand of seat 2"):
        cg.deal(game, hands=bad, stock=stock, **keywords)


@pytest.mark.parametrize("game", GAMES)
def test_unknown_options_and_values_are_refused_with_the_choices(game):
    with pytest.raises(cg.OptionError, match="unknown option colour.*its options are"):
        cg.deal(game, seed=1, colour="red")
    with pytest.raises(cg.OptionError, match="is played by"):
        cg.deal(game, seed=1, players=13)
    for name, option in cg.GAMES[game].options.items():
        if option.choices:
            with pytest.raises(cg.OptionError, match=f"{name}=.*choose one of"):
                cg.deal(game, seed=1, **{name: "no such value"})
    with pytest.raises(cg.SetupError, match="seed is a whole number"):
        cg.deal(game, seed="seven")
    with pytest.raises(cg.SetupError, match="dealer must be a seat"):
        cg.deal(game, seed=1, dealer=99)


@pytest.mark.parametrize("game", GAMES)
def test_a_record_with_an_illegal_action_says_which_action(game):
    import json

    hand, card = a_position_with_a_refused_card(game)
    record = json.loads(hand.to_json())
    del record["checksum"]
    record["actions"].append([hand.to_move, str(card)])
    number = len(record["actions"])
    with pytest.raises(cg.RecordError, match=f"action {number} "):
        cg.load(json.dumps(record))
