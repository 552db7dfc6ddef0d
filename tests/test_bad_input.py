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


# -- issue 39, item 4: input of the wrong type is a SetupError or RecordError -------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("scores", [5, {0: 1, 1: 2}, "10 20", None.__class__])
def test_scores_that_are_no_list_are_refused_with_an_example(game, scores):
    # A dict is not read as its keys, nor a text as its characters.
    with pytest.raises(cg.SetupError, match=r"scores are a list of whole numbers.* such as \[10, 25\]"):
        cg.match(game, seed=1, scores=scores)


@pytest.mark.parametrize("game", GAMES)
def test_hands_and_stock_of_the_wrong_type_are_refused(game):
    real = cg.deal(game, seed=9)
    hands, stock = real.initial_deal
    keywords = {"trump": real.trump.letter} if game == "pip_pip" else dict(real.deal_args)
    with pytest.raises(cg.SetupError, match="needs 4 hands|needs 6 hands.*not 5"):
        cg.deal(game, hands=5, stock=stock, **keywords)
    with pytest.raises(cg.SetupError, match="hand of seat 0: cards are given as a list"):
        cg.deal(game, hands=[None] * real.seats, stock=stock, **keywords)
    with pytest.raises(cg.SetupError, match="hand of seat 1: 7 is not a card"):
        cg.deal(game, hands=[hands[0], [7] + hands[1][1:]] + hands[2:], stock=stock, **keywords)
    with pytest.raises(cg.SetupError, match="stock: cards are given as a list .* not 5"):
        cg.deal(game, hands=hands, stock=5, **keywords)
    match = cg.match(game, seed=9)
    with pytest.raises(cg.SetupError, match="hands, one list of cards per seat.*not None"):
        match.set_up_next(hands=None)


@pytest.mark.parametrize("game", GAMES)
def test_set_up_next_takes_only_the_games_own_deal_keywords(game):
    match = cg.match(game, seed=9)
    hands, stock = match.hand.initial_deal
    with pytest.raises(cg.SetupError, match="dealt by seat .* as the rules say: set_up_next takes "
                                            "no dealer"):
        match.set_up_next(hands=hands, stock=stock, dealer=0)
    with pytest.raises(cg.SetupError, match="set up by hand takes hands.* stock.*not 'bogus'"):
        match.set_up_next(hands=hands, stock=stock, bogus=1)
    assert not match.hand.set_up_by_hand          # nothing changed


#: Values no deal keyword takes, and values no seed, target, player count, dealer or scores take.
WRONG_KEYWORD = [1.5, "x", {"a": 1}]
WRONG_NUMBER = [1.5, "x", [], [None], {"a": 1}, [1, 2, 3], True]


@pytest.mark.parametrize("game", GAMES)
def test_every_keyword_of_a_deal_or_match_given_the_wrong_type_is_a_setup_error(game):
    # Each wrong value is refused with cg.SetupError (OptionError for an option), never a
    # TypeError or a NotationError from inside the engine.
    real = cg.deal(game, seed=3)
    hands, stock = real.initial_deal
    keywords = {"trump": real.trump.letter} if game == "pip_pip" else {}
    match = cg.match(game, seed=1)
    next_hands, next_stock = match.hand.initial_deal
    for value in WRONG_KEYWORD:
        for name in cg.GAMES[game].deal_keywords:
            with pytest.raises(cg.SetupError):
                cg.deal(game, hands=hands, stock=stock, **{**keywords, name: value})
            with pytest.raises(cg.SetupError):
                cg.deal(game, seed=1, **{name: value})
            with pytest.raises(cg.SetupError):
                match.set_up_next(hands=next_hands, stock=next_stock, **{name: value})
        for name in cg.GAMES[game].match_class.match_keywords:
            with pytest.raises(cg.SetupError):
                cg.match(game, seed=1, **{name: value})
    for value in WRONG_NUMBER:
        for keyword in ("seed", "target", "scores", "players"):
            if keyword != "target" or game != "pip_pip":      # (Pip-Pip! has no target)
                with pytest.raises(cg.SetupError):
                    cg.match(game, **{"seed": 1, keyword: value})
        with pytest.raises(cg.SetupError):
            cg.match(game, seed=1, hands=hands, stock=stock, dealer=value, **keywords)


def test_a_match_record_with_scores_that_are_no_list_is_refused():
    import json

    record = json.loads(cg.match("yukon", seed=1).to_json())
    del record["checksum"]
    record["scores"] = {"0": 1, "1": 2}
    with pytest.raises(cg.RecordError, match="setup is refused: scores are a list"):
        cg.load(record)
    record["scores"] = [0, 0]
    record["later_hands"] = "soon"
    with pytest.raises(cg.RecordError, match="'later_hands' must be a list"):
        cg.load(record)
    record["later_hands"] = [{"hand": 2, "hands": [["AS"]], "stock": []}]
    with pytest.raises(cg.RecordError, match="later hand 2: .*needs 4 hands.*not 1"):
        cg.load(record)


# -- issue 20, item 6: input from outside, bounded and quoted briefly ---------------------------

from cardgames import limits  # noqa: E402
from cardgames.links import LinkError, check_seed, parse_query  # noqa: E402
from cardgames.table_words import parse_deal_text  # noqa: E402

NAMES = ["North", "East", "South", "West"]


def test_a_record_nested_100000_deep_is_refused_in_plain_words():
    # It reached "Something went wrong: RecursionError".
    for text in ["[" * 100_000 + "]" * 100_000,
                 '{"format": ' + "[" * 100_000 + "]" * 100_000 + "}",
                 '{"a": ' + '{"a": ' * 50 + "1" + "}" * 51]:
        with pytest.raises(cg.RecordError) as error:
            cg.load(text)
        message = str(error.value)
        assert "nests" in message and str(limits.MAX_RECORD_DEPTH) in message
        assert len(message) < 300


def test_a_record_cut_short_says_near_which_line_and_keeps_the_parser_words_for_a_tooltip():
    # Issue 22 item 5: "This record is cut short near line 112: copy the whole record again".
    text = cg.deal("yukon", seed=3).to_json()
    lines = text.splitlines()
    cut = "\n".join(lines[: len(lines) // 2])
    with pytest.raises(cg.RecordError) as error:
        cg.load(cut)
    assert str(error.value).startswith(f"This record is cut short near line {cut.count(chr(10)) + 1}")
    assert "copy the whole record again" in str(error.value)
    assert "JSON:" in error.value.detail and "line" in error.value.detail


def test_a_record_damaged_in_the_middle_says_where_and_quotes_a_little():
    text = cg.deal("quinto", seed=3).to_json().replace('"players"', '"players" oops', 1)
    line = next(n for n, l in enumerate(text.splitlines(), 1) if "oops" in l)
    with pytest.raises(cg.RecordError) as error:
        cg.load(text)
    assert f"not valid JSON near line {line}" in str(error.value)
    assert "oops" in str(error.value) and len(str(error.value)) < 300


def test_a_record_longer_than_the_limit_is_refused_before_it_is_read():
    text = '{"format": "' + "x" * limits.MAX_RECORD_CHARS + '"}'
    with pytest.raises(cg.RecordError) as error:
        cg.load(text)
    assert f"at most {limits.MAX_RECORD_CHARS:,}" in str(error.value)
    assert len(str(error.value)) < 400


def test_messages_about_a_record_quote_only_a_short_piece_of_it():
    huge = "Q" * 500_000
    for field, value in [("format", huge), ("game", huge)]:
        record = {"format": "cardgames-record", "version": 1, "kind": "hand", "game": "yukon",
                  "players": 4, "options": {}, "deal": {"seed": 1, "hands": [], "stock": []},
                  "actions": [], field: value}
        with pytest.raises(cg.RecordError) as error:
            cg.load(record)
        assert len(str(error.value)) < 500, field


def test_a_typed_deal_with_a_superscript_dealer_is_refused_with_what_is_allowed():
    # '²'.isdigit() is True, and int('²') raised a ValueError: "Something went wrong".
    with pytest.raises(cg.SetupError, match=r"dealer is a seat number \(0 to 3\) or name") as error:
        parse_deal_text("AS KS\nQS JS\nTS 9S\n8S 7S\ndealer: ²", 4, NAMES)
    assert "'²'" in str(error.value)
    with pytest.raises(cg.SetupError, match="is not a seat or a setting"):
        parse_deal_text("²: AS KS\nQS JS\nTS 9S\n8S 7S", 4, NAMES)


def test_a_five_megabyte_typed_deal_gets_a_one_line_message():
    # It came back as a 10 MB message.
    text = "AS KS QS " * (5_000_000 // 9)
    with pytest.raises(cg.SetupError) as error:
        parse_deal_text(text, 4, NAMES)
    assert f"at most {limits.MAX_DEAL_TEXT_CHARS:,}" in str(error.value)
    assert len(str(error.value)) < 300
    with pytest.raises(cg.SetupError) as error:          # within the limit, a long bad line
        parse_deal_text("\n".join(["AS"] * 4 + ["ZZ" * 1500]), 4, NAMES)
    assert len(str(error.value)) < 300


def test_a_bad_card_in_a_long_line_is_quoted_briefly():
    with pytest.raises(cg.NotationError) as error:
        cg.Card.parse("Z" * 3000)
    assert len(str(error.value)) < 300


@pytest.mark.parametrize("query", ["seed=١٢٣", "players=٤", "seat=١", "seed=²", "seed=1_000",
                                   "seed=-5"])
def test_links_take_numbers_written_with_the_digits_0_to_9_only(query):
    with pytest.raises(LinkError, match="digits 0-9|from 0 up"):
        parse_query("yukon", query)


def test_a_seed_is_checked_in_one_place_for_links_and_the_seed_box():
    # The Seed box took -5 and 10**30 while links refused them: both use check_seed.
    assert check_seed("123") == 123 == check_seed(123) == check_seed(" 123 ")
    assert check_seed(limits.MAX_SEED) == limits.MAX_SEED
    for bad in ["-5", -5, 10**30, str(10**30), "١٢٣", "", "seven", True, 1.5, None]:
        with pytest.raises(LinkError) as error:
            check_seed(bad)
        assert f"from 0 up to {limits.MAX_SEED}" in str(error.value)
    with pytest.raises(LinkError, match=f"up to {limits.MAX_SEED}"):
        parse_query("yukon", f"seed={10**30}")


def test_a_long_link_value_is_refused_and_quoted_briefly():
    with pytest.raises(LinkError) as error:
        parse_query("yukon", "no_yukon_leads=" + "1" * 500)
    assert f"at most {limits.MAX_LINK_VALUE_CHARS}" in str(error.value)
    assert len(str(error.value)) < 300
    with pytest.raises(LinkError, match="at most"):
        parse_query("yukon", "&".join(f"x{n}=1" for n in range(1000)))


def test_quote_cuts_long_input_and_says_how_long_it_was():
    assert limits.quote("TH") == "'TH'"
    cut = limits.quote("x" * 5_000_000)
    assert cut.startswith("'" + "x" * limits.QUOTE_CHARS + "'…") and "5,000,000 characters" in cut
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    assert len(limits.quote(nested)) < 60
