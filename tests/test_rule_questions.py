"""The rules' questions (``cardgames.widgets.rule_questions``), as the New deal panel and the
teachers' form ask them: every option of every game read as a person reads it.

A yes-or-no rule is a checkbox whose label is the question: ticked means "yes" to the question
as written. An either/or rule is a list of its two choices; a rule of several choices a list of
them all; a number a box whose hint says the rules' own value; a rule with one allowed value is
said, not asked. Every value the form offers deals a hand.
"""

from __future__ import annotations

import pytest
from ipywidgets import Checkbox, Dropdown, Text

import cardgames as cg
from cardgames.widgets.rule_questions import RuleQuestions, asks_yes_or_no, has_one_value

OPTIONS = [(game, name) for game in cg.GAMES for name in cg.GAMES[game].options]

#: a value each number box accepts besides the rules' own, as a person types it
TYPED = {"target": "300", "rubber_games": "5", "rubber_bonus": "50", "removed_twos": "random",
         "deals_per_player": "2", "min_card_points_to_win": "30", "partidas_per_coto": "2",
         "cotos_to_win": "2"}


def deals(game: str, chosen: dict) -> cg.Hand:
    """A hand dealt with the options the form reads back (the rules refuse a bad one)."""
    return cg.deal(game, seed=5, **chosen)


@pytest.mark.parametrize("game, name", OPTIONS)
def test_every_rule_is_asked_as_its_question_reads(game, name):
    option = cg.GAMES[game].options[name]
    form = RuleQuestions(cg.GAMES[game])
    assert option.question.endswith("?") and "_" not in option.question
    if has_one_value(option):
        # Said, not asked: no box to untick into a value the rules refuse.
        assert name not in form.controls
        line = form.fixed[name].value
        assert option.question in line.replace("&#x27;", "'")
        assert form.meaning(name) == option.words(option.default)
        assert form.chosen() == {}
        deals(game, form.chosen())
        return
    control = form.controls[name]
    assert form.chosen() == {}                       # the form opens at the rules' own values
    if isinstance(control, Checkbox):
        # Ticked is "yes" to the question as written; a yes-or-no question has no "or" in it.
        assert asks_yes_or_no(option) and control.description == option.question
        assert ", or " not in option.question
        assert control.value == option.default
        for ticked, answer in ((True, "Yes"), (False, "No")):
            control.value = ticked
            assert form.meaning(name).startswith(answer), (form.meaning(name), ticked)
            hand = deals(game, form.chosen())
            assert getattr(hand.options, name) is ticked
    elif isinstance(control, Dropdown):
        # Each choice in words; each one deals.
        labels = [label for label, _value in control.options]
        assert len(labels) == len(option.choices) >= 2 and len(set(labels)) == len(labels)
        assert not [label for label in labels if "_" in label]
        for label, value in control.options:
            control.value = value
            assert form.meaning(name) == label
            hand = deals(game, form.chosen())
            assert getattr(hand.options, name) == value
    else:
        # A box: empty for the rules' own value, its hint that value in words.
        assert isinstance(control, Text) and control.value == ""
        assert control.placeholder == option.words(option.default) == form.meaning(name)
        control.value = TYPED[name]
        assert form.chosen() == {name: form.value(name)}
        deals(game, form.chosen())


def test_guinote_asks_whether_the_partners_card_may_be_left_unbeaten():
    # S3: "not required to beat their partner's card"; ticked by default, and ticked means yes.
    form = RuleQuestions(cg.GAMES["guinote"])
    box = form.controls["arrastre_partner_exception"]
    assert box.description == ("In the arrastre, may a player leave his partner's winning card "
                               "unbeaten?")
    assert box.value is True
    assert form.meaning("arrastre_partner_exception").startswith("Yes, only an opponent's card")
    box.value = False                                  # GODOT's reading: beat it all the same
    assert form.meaning("arrastre_partner_exception") == \
        "No, he must beat or trump it all the same"
    assert form.chosen() == {"arrastre_partner_exception": False}


def test_quinto_asks_reaching_or_passing_the_target_as_two_choices():
    # Parlett: "to score 250"; the seed: "pass 250 points". An either/or question, not a box.
    form = RuleQuestions(cg.GAMES["quinto"])
    choices = form.controls["target_inclusive"]
    assert isinstance(choices, Dropdown)
    assert [label for label, _v in choices.options] == [
        'It must be passed ("pass 250 points")',
        'Reaching it is enough (Parlett: "to score 250")']
    assert form.meaning("target_inclusive").startswith("Reaching it is enough")
    choices.value = False
    assert deals("quinto", form.chosen()).options.target_inclusive is False


def test_quintos_cachette_is_said_to_be_a_trick_not_offered_as_a_box():
    # S0, FOS-Q: the cachette is a 13th trick; the rules allow nothing else, so nothing to untick.
    form = RuleQuestions(cg.GAMES["quinto"])
    assert "cachette_counts_as_trick" not in form.controls
    line = form.fixed["cachette_counts_as_trick"]
    assert "cg-option-fixed" in line._dom_classes
    assert line.value == ("Does the cachette count as an extra trick? "
                          "<b>Yes, a 13th trick for the winner of the last trick</b>")
    form.show({"cachette_counts_as_trick": True})      # a deal's options shown again: no error
    assert form.chosen() == {}
