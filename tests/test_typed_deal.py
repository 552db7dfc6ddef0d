"""A deal typed by hand on the New deal panel: each game's own example (its seats, its pack, its
trump where the game needs one), and a refusal said under the form's button in the form's words,
never in Python. Headless: the panel is opened, the box filled and the button clicked."""

from __future__ import annotations

import re

import pytest

import cardgames as cg
from cardgames.table_words import default_names, parse_deal_text
from cardgames.typed_deal import guide, refusal_words
from cardgames.widgets.table import Table

COUNTS = [(game, players) for game in cg.GAMES for players in cg.GAMES[game].player_counts]
PYTHON = re.compile(r"cg\.\w+\(|\w+=['\"\[.]|\w+=\)|hands=")


def panel(game: str, **kw) -> Table:
    table = Table(game, seed=7, seat=0, opponents="random", auto=False, **kw)
    table.panels.selected_index = 3          # New deal
    return table


def type_deal(table: Table, text: str) -> None:
    table.deal_text.value = text
    table.deal_text_button.click()


@pytest.mark.parametrize("game, players", COUNTS)
def test_each_games_example_deals_as_it_is_written(game, players):
    shown = guide(game, players)
    names = default_names(cg.GAMES[game].hand_class.seats_for(players))
    lines = shown.example.splitlines()
    assert [line.split(":")[0] for line in lines[:len(names)]] == names
    assert all(len(line.split(":")[1].split()) == shown.hand_size for line in lines[:len(names)])
    setup = parse_deal_text(shown.example, len(names), names, cg.GAMES[game].deal_keywords)
    hand = cg.deal(game, players=players, **setup)
    assert hand.set_up_by_hand and not PYTHON.search(shown.example)


def test_pip_pip_for_six_is_player_1_to_6_with_two_packs_no_joker_and_its_trump():
    table = panel("pip_pip")
    example = table.deal_text.placeholder.splitlines()
    assert [line.split(":")[0] for line in example] == \
        [f"Player {n}" for n in range(1, 7)] + ["stock", "trump"]
    assert "JK" not in table.deal_text.placeholder
    help_text = table.deal_text_help.value
    assert "(Player 1 to Player 6), 7 cards each" in help_text
    assert "104 cards (two packs of 52)" in help_text and "no Joker" in help_text
    assert "<code>trump: " in help_text and "always" in help_text


def test_each_game_names_its_own_pack():
    assert "and the Joker, JK" in panel("quinto").deal_text_help.value
    guinote = panel("guinote").deal_text_help.value
    assert "40 cards: A 2 3 4 5 6 7 J Q K of each suit (no 8, 9 or 10)" in guinote
    assert "only when the stock is empty" in guinote           # the pinta shows the trumps
    pippins = panel("pippins_aplenty")
    assert "stock" not in pippins.deal_text.placeholder        # every card is dealt
    assert "North, East, South, West), 13 cards each" in pippins.deal_text_help.value


def test_changing_game_or_players_changes_the_example():
    table = panel("yukon")
    assert table.deal_text.placeholder.startswith("North: ")
    table.players_select.value = 3
    assert table.deal_text.placeholder.startswith("Player 1: ")
    table.game_select.value = "pip_pip"
    assert "trump: " in table.deal_text.placeholder


def test_a_missing_trump_is_asked_for_under_the_button_as_a_line_to_type():
    # Pip-Pip! takes its trump from a cut card, which a typed deal does not hold.
    table = panel("pip_pip")
    example = table.deal_text.placeholder
    type_deal(table, "\n".join(line for line in example.splitlines()
                               if not line.startswith("trump")))
    said = table.deal_text_message.value
    assert said.startswith('<p class="cg-error" role="alert">Cannot deal these cards: ')
    assert "“trump: H”" in said and not PYTHON.search(re.sub(r"<[^>]+>", "", said))
    assert not PYTHON.search(table.message)            # the message line says it the same way
    assert table.hand.seed == 7                        # the deal on the table stays
    # The rows of the panel: the message is right under the button, not above the board.
    rows = table.setup_area.children
    assert rows.index(table.deal_text_message) == rows.index(table.deal_text_button) + 1
    type_deal(table, example)
    assert table.hand.set_up_by_hand and "set up by hand" in table.message
    assert table.deal_text_message.value == "" and table.deal_text.value == ""


def test_a_refusal_names_the_seats_and_the_lines_not_seat_numbers():
    table = panel("guinote")
    type_deal(table, "North: AS KS\nEast: AH KH\nSouth: AD KD\nWest: AC KC 2C\nstock:")
    assert "(North: 2, East: 2, South: 2, West: 3)" in table.deal_text_message.value
    type_deal(table, "North: AS KS\nEast: AH KH\nSouth: AD KD\nWest: AC 9C\nstock:")
    assert "9C (West) is not in the Guinote deck" in table.deal_text_message.value
    type_deal(table, "North: AS KS\nEast: AH KH\nSouth: AD KD\nWest: AC KC\nstock:")
    assert "give “trump: S” (or H, D, C)" in table.deal_text_message.value
    table.game_select.value = "yukon"                  # another game: its words, no old error
    assert table.deal_text_message.value == ""


def test_the_engines_python_is_said_as_the_forms_lines():
    names = ["North", "East", "South", "West"]
    assert refusal_words("give trump='S' (or H, D, C)", names) == "give “trump: S” (or H, D, C)"
    assert refusal_words("Pip-Pip! takes no trump_card in a deal (only trump=)", names) == \
        "Pip-Pip! takes no trump_card in a deal (only “trump:”)"
    assert refusal_words("the trump: give it, e.g. cg.deal('pip_pip', hands=..., trump='H')",
                         names) == "the trump: give it"
    assert refusal_words("seat 3 holds 6 cards", names) == "West holds 6 cards"
