"""Plain words from the games for the table (issue 19, item 6): actions as people say them,
options as questions with their choices in words, and the engine's sentences free of Python
names, with "seat N" for seats (the table names the seats)."""

from __future__ import annotations

import random
import re

import pytest

import cardgames as cg
from cardgames.cards import SUITS

#: What a Python name or repr looks like in a sentence.
PYTHON = re.compile(r"\w_\w|\bTrue\b|\bFalse\b|\bNone\b|Phase\.|Suit\.|Card\(|Action\(|[a-z]=[\w'\"]")


def plain(text: str) -> bool:
    return not PYTHON.search(text)


@pytest.mark.parametrize("game", list(cg.GAMES))
def test_every_option_asks_a_plain_question_with_words_for_each_choice(game):
    for option in cg.GAMES[game].options.values():
        assert option.question.endswith("?"), option.name
        assert plain(option.question), option.question
        assert option.source, option.name
        values = list(option.choices) or [option.default]
        for value in values:
            words = option.words(value)
            assert words and (words[0].isupper() or words[0].isdigit()) and plain(words), \
                (option.name, value, words)
        assert option.doc          # the programmers' line stays


def test_option_words_say_the_choices_as_the_rule_texts_do():
    direction = cg.GAMES["guinote"].options["direction"]
    assert direction.question == "Which way does play go?"
    assert direction.words("clockwise") == "Clockwise (to the dealer's left)"
    assert direction.source == "S3, ACA"
    assert cg.GAMES["quinto"].options["target"].words(300) == "300 points"
    assert cg.GAMES["yukon"].options["removed_twos"].words(None).startswith("The 2♣")
    assert cg.GAMES["yukon"].options["removed_twos"].words(("2H",)) == "The 2♥"


def test_actions_as_people_say_them():
    quinto = cg.deal("quinto", seed=1)
    assert [quinto.action_words(a) for a in quinto.legal_actions()] == ["Pass", "Double"]
    assert str(quinto.legal_actions()[1]) == "double"          # records keep the label
    pip = cg.deal("pip_pip", players=3, hands=["KH QH 3C", "4C 5C 6C", "7C 8C 9C"], stock=[],
                  trump="S")
    call = pip.legal_actions().named[0]
    assert pip.action_words(call) == "Pip-Pip! in hearts" and str(call) == "pip-pip H"
    # S3: "A trump suited marriage earns the team 40 points. Non-trump suited marriages earn the
    # team 20 points each."; "they may exchange the 7 with the Pinta"; "A team may declare that
    # they have reached 101 points".
    guinote = cg.deal("guinote", players=2, hands=["KC QC KS QS 7S", "2H 4H 5H 6H 2D"],
                      stock=["3D", "4D", "5D", "6D", "AS", "JS"], claim_mode="explicit",
                      vueltas=True, carried=[90, 90])
    words = {guinote.action_words(cg.Action.parse(text)) for text in
             ("marriage C", "marriage S", "swap-seven", "claim", "tute")}
    assert words == {"Declare 20 in clubs", "Declare 40 in trumps", "Swap the 7 for the pinta",
                     "Claim 101", "Declare tute (four Kings or four Queens)"}


OPTION_SETS = {
    "quinto": [{}, {"players": 3}, {"doubling_continues_until_settled": True}],
    "yukon": [{}, {"yukon_follows_natural_suit": True, "no_yukon_leads": True},
              {"yukon_lead_follow": "yukons", "players": 3}],
    "pip_pip": [{"players": 4}, {"players": 3, "call_window": "only_after_completing_draw"}],
    "guinote": [{}, {"players": 2, "cante_window": "until_opponent_plays",
                     "must_undertrump": True, "tute_instant_win": True,
                     "seven_swap_only_for_higher_pinta": True, "claim_mode": "explicit",
                     "allow_claim_in_idas": True}],
    "pippins_aplenty": [{}],
}


def sentences(hand: cg.Hand) -> list[str]:
    """Every sentence the table may show now: why each card or action is refused (for the seat
    to move and for the others), the public information, the tricks explained, the end."""
    found = [text for _, text in hand.public_info()] + [hand.explain_trick()]
    found += [hand.explain_trick(t) for t in hand.tricks[-1:]]
    if hand.end_reason:
        found.append(hand.end_reason)
    names = {name.split()[0] for name in hand.action_names}
    actions = [cg.Action(n) for n in names] + [cg.Action(n, s) for n in names for s in SUITS]
    for seat in range(hand.seats):
        for move in list(hand.hands[seat][:4]) + actions:
            why = hand.why_illegal(move, seat)
            if why:
                found.append(why)
    return found


@pytest.mark.parametrize("game", list(cg.GAMES))
def test_the_engines_sentences_show_no_python_names(game):
    for number, options in enumerate(OPTION_SETS[game]):
        for seed in range(2):
            hand = cg.deal(game, seed=seed + 10 * number, **options)
            rng = random.Random(seed)
            while True:
                for text in sentences(hand):
                    assert plain(text), text
                    # (the game's name and an ellipsis in a quotation end no sentence)
                    prose = text.replace("Pip-Pip!", "Pip-Pip").replace("...", "…")
                    for later in re.findall(r"[.!?] (\S)", prose):
                        assert not later.islower(), text      # a new sentence: a capital
                if hand.is_over:
                    break
                hand.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize("game, options", [
    ("quinto", {"target": 60}), ("quinto", {"players": 3, "target": 60,
                                            "three_player_bonus_timing": "per_game"}),
    ("yukon", {"target": 60}), ("pip_pip", {"players": 3}), ("guinote", {}),
    ("pippins_aplenty", {"target": 30}),
])
def test_the_end_of_a_match_in_plain_words(game, options):
    match = cg.match(game, seed=4, **options)
    rng = random.Random(4)
    while not match.is_over:
        match.apply(rng.choice(match.hand.legal_actions()))
    for text in [match.end_reason] + [h.end_reason for h in match.hands]:
        assert plain(text), text


# -- a learner's words: no document tags, option names or server words -----------------------

#: What a learner must never read: a rule text's code or the specification's tag ("(S3: ...)",
#: "(RULES.md G-A7)"), an option's name ("cante_window"), a seat or side by number, server words.
TAGS = (r"RULES\.md|\((?:S\d|HOB|PRON|GODOT|L40|ACA|PAR-|HER-|HOF|PAG-|GR-)|\b[a-z]+_[a-z0-9_]+\b"
        r"|\bVoila\b|\bVoilà\b|pip install|\?seed=")
NOT_FOR_LEARNERS = re.compile(TAGS + r"|\bseat \d|\bside \d")


def learner_words(text: str) -> bool:
    return not NOT_FOR_LEARNERS.search(text)


def untagged(text: str) -> bool:
    """The engine's words (which say "seat 2" for the table to name) carry no tag."""
    return not re.search(TAGS, text)


def strings(value) -> list[str]:
    """Every string value in a board's state (its keys are the board's, not words)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings(v)]
    return []


@pytest.mark.parametrize("game", list(cg.GAMES))
def test_refusals_are_the_rules_words_and_their_sources_are_kept_apart(game):
    # Guinote (S3): "the team that has the lead may declare"; a refusal says the rule, and where
    # it comes from is IllegalAction.source
    for number, options in enumerate(OPTION_SETS[game]):
        hand = cg.deal(game, seed=3 + number, **options)
        rng = random.Random(number)
        while not hand.is_over:
            names = {name.split()[0] for name in hand.action_names}
            moves = [*hand.hands[hand.to_move][:6], *(cg.Action(n, s) for n in names
                                                       for s in SUITS), *map(cg.Action, names)]
            for move in moves:
                why = hand.why_illegal(move)
                assert why is None or untagged(why), why
                if why and isinstance(move, cg.Card):
                    with pytest.raises(cg.IllegalAction) as refused:
                        hand.apply(move)
                    assert str(refused.value) == why
            hand.apply(rng.choice(hand.legal_actions()))


def test_a_refusals_source_is_kept_for_whoever_asks():
    hand = cg.deal("guinote", hands=["AH KC QC 7S 2D 4C", "2H 4D 5D 3S 6C 7C",
                                     "4H 6D 2S 5S JD QD", "5H 7D 2C 6S JH QH"],
                   stock=["5C", "3C", "3D", "KS"])
    assert hand.why_illegal("marriage C") == "no marriage before your side has won a trick"
    with pytest.raises(cg.IllegalAction) as refused:
        hand.apply("marriage C")
    assert refused.value.source.startswith("PRON: 'Solo puedes cantar")


@pytest.mark.parametrize("game", list(cg.GAMES))
def test_everything_the_table_shows_is_in_a_learners_words(game):
    from cardgames.board_state import board_state
    from cardgames.session import TableSession

    for seed in range(2):
        session = TableSession(game, seed=seed, seat=0, auto=False)
        session.coach = True
        steps = 0
        while not session.hand.is_over and steps < 400:
            shown = strings(board_state(session)) + [session.message]
            for text in shown:
                assert learner_words(text), text
            if session.controls()["hint"]:
                session.run(session.hint)
                assert learner_words(session.message), session.message
                assert not re.search(r"Hint: [^.]*\. [a-z]", session.message), session.message
            choices = session.choices()
            if session.hand.to_move == 0 and choices:
                session.run(session.choose, choices[seed % len(choices)])
            else:
                session.run(session.step)
            steps += 1
        for text in strings(board_state(session)) + [session.message]:
            assert learner_words(text), text
        # the story of the hand and its score sheet, as their panels show them
        from cardgames import score_sheet, table_words

        story = table_words.story_html([line for _n, line in session.log])
        sheet = score_sheet.score_sheet_html(session.hand, session.names, session.match)
        for html in (story, sheet):
            text = re.sub(r"<[^>]*>", " ", html)
            assert learner_words(text), text


def test_a_hand_is_laid_out_as_the_game_ranks_its_cards():
    # Pip-Pip! (S2): "The cards rank as follows: 2, ace, King, Queen, Jack, 10, 9, ... 3";
    # Guinote (S3): the 3 ranks second, just below the Ace
    from cardgames.board_state import board_state
    from cardgames.session import TableSession

    pip = TableSession("pip_pip", None, seat=0, auto=False, players=3, trump="H",
                       hands=["2S 3S AS 4S KS", "5C 6C 7C 8C 9C", "5D 6D 7D 8D 9D"], stock=[])
    shown = [c["card"] for c in board_state(pip)["seats"][0]["cards"]]
    assert shown == ["3S", "4S", "KS", "AS", "2S"]
    guinote = TableSession("guinote", None, seat=0, auto=False, trump="S",
                           hands=["3H AH 2H KH", "4C 5C 6C 7C", "4D 5D 6D 7D", "JC QC KC AC"])
    shown = [c["card"] for c in board_state(guinote)["seats"][0]["cards"]]
    assert shown == ["2H", "KH", "3H", "AH"]


def test_a_declaration_at_its_seat_is_said_as_done():
    # the seat's bubble says what it did ("Declared 20 in clubs"), not the button's offer
    from cardgames.board_state import said_words

    hand = cg.deal("guinote", players=2, hands=["KC QC KS QS 7S", "2H 4H 5H 6H 2D"],
                   stock=["3D", "4D", "5D", "6D", "AS", "JS"], claim_mode="explicit",
                   vueltas=True, carried=[90, 90])
    assert said_words(hand, cg.Action.parse("marriage C")) == "Declared 20 in clubs"
    assert said_words(hand, cg.Action.parse("swap-seven")) == "Swapped the 7 for the pinta"
