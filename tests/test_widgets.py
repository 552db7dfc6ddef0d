"""The table, headless: every test does what a person does (clicks on the board, sent as the
browser sends them; the panels' buttons through ``Button.click()``) and checks what the board's
state shows against the engine's public surface."""

from __future__ import annotations

import base64
import html
import json
import random
import re
from collections import Counter

import pytest
from ipywidgets.widgets.widget import Widget

import cardgames as cg
from cardgames import table_words
from cardgames import score_sheet
from cardgames.cards import sort_cards
from cardgames.session import card_sort_key
from cardgames.widgets import Table

GAMES = list(cg.GAMES)


# -- what a person does: clicks on the board, as the browser sends them --------------------------


def send(table: Table, message: dict) -> None:
    """A message from the board in the browser, aimed at the state it shows now."""
    table.board._handle_custom_msg({"seq": table.board.state["seq"], **message}, [])


def tap(table: Table, card: "str | cg.Card") -> None:
    send(table, {"type": "play", "card": str(cg.Card.parse(card))})


def press(table: Table, name: str) -> None:
    send(table, {"type": "button", "name": name})


def act(table: Table, index: int) -> None:
    send(table, {"type": "action", "id": index})


def state(table: Table) -> dict:
    return table.board.state


def user_row(table: Table) -> list[dict]:
    """The cards of the user's hand on the board (the seat the user decides for now)."""
    seat = state(table)["hand_seat"]
    return [] if seat is None else state(table)["seats"][seat]["cards"]


def playable(table: Table) -> list[str]:
    """The cards the board lets the user play now."""
    return [c["card"] for s in state(table)["seats"] if s["clickable"]
            for c in s["cards"] if c.get("legal")]


def button(table: Table, name: str) -> dict:
    return state(table)["buttons"][name]


def click_through(table: Table, rng: random.Random, limit: int = 800, check=None) -> int:
    """Play to the end of the hand by clicking only what the board offers (cards, actions,
    Next)."""
    clicks = 0
    while not table.hand.is_over:
        assert clicks < limit, "the hand did not end"
        cards, actions = playable(table), state(table)["actions"]
        options = [("card", c) for c in cards] + [("action", a["id"]) for a in actions]
        if options:
            kind, what = rng.choice(options)
            tap(table, what) if kind == "card" else act(table, what)
        else:
            assert button(table, "next")["enabled"], f"stuck: {table.message}"
            press(table, "next")
        assert table.last_error is None, table.message + table.session.last_traceback
        clicks += 1
        if check is not None:
            check(table)
    return clicks


def check_cards(table: Table) -> None:
    """The user's hand on the board: every card the seat holds, in suit order and in each suit
    as the game ranks its cards (Pip-Pip!'s 2 after its Ace, Guinote's 3 under its Ace); a clickable
    card is legal exactly when the engine says so, and a refused one carries the engine's
    reason with the seats' names (the words a tap shows)."""
    hand = table.hand
    board = state(table)
    for entry in board["seats"]:
        seat = entry["seat"]
        faces = [cg.Card.parse(c["card"]) for c in entry["cards"] if "card" in c]
        assert faces == sorted(faces, key=hand.sort_key)
        if not entry["clickable"]:
            assert all("legal" not in c for c in entry["cards"])
            continue
        assert sorted(faces, key=card_sort_key) == sorted(hand.hands[seat], key=card_sort_key)
        legal = set(hand.legal_actions().cards)
        for c in entry["cards"]:
            card = cg.Card.parse(c["card"])
            assert c["legal"] == (card in legal)
            if not c["legal"]:
                assert c["why"] == table_words.name_seats(hand.why_illegal(card, seat), table.session.names)


def snapshot(hand: cg.Hand):
    return (list(hand.history), [list(h) for h in hand.hands], list(hand.score),
            [repr(t) for t in hand.tricks], list(hand.trick), list(hand.declarations),
            hand.phase, hand.to_move, hand.public_info())


def state_strings(table: Table) -> list[str]:
    """Every string in the synced state of every widget under the table (what a browser
    receives), the board's state dict included, except the static rule-book text."""
    found = []

    def walk(value):
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
    for w in table.all_widgets():
        if "cg-option-doc" in getattr(w, "_dom_classes", ()):
            continue
        for key, value in w.get_state().items():
            # the board's module, its style sheet and the faces of the whole pack are the same
            # for every deal (the pack, not the hands); everything else is checked
            if key not in ("faces", "_esm", "_css"):
                walk(value)
    return found


def hidden_cards(table: Table) -> set[cg.Card]:
    hand = table.hand
    if table.seat is None:
        seen = {c for s in range(hand.seats) for c in hand.exposed(s)}
        seen |= {c for t in hand.tricks for _, c in t.cards} | {c for _, c in hand.trick}
        return {c for h in hand.hands for c in h} - seen
    view = hand.view(table.seat)
    return set(view.unseen) - set(view.visible_cards())


def assert_no_leak(table: Table) -> None:
    hidden = hidden_cards(table)
    text = "\n".join(state_strings(table))
    for card in hidden:
        for word in (str(card), card.label):
            assert not re.search(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", text), \
                f"{word} (hidden) is in the widget state"
        assert card.name not in text.lower(), f"{card.name} (hidden) is in the widget state"
    if hidden and table.hand.seed is not None:
        assert f"seed {table.hand.seed}" not in text and str(table.hand.seed) not in \
            [s.strip() for s in text.split("\n")], "the seed of a hidden deal is shown"


# -- whole hands --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hand_by_clicking_only_what_the_board_offers(game):
    table = Table(game, seed=5, seat=0, opponents="random")
    clicks = click_through(table, random.Random(1), check=check_cards)
    assert clicks > 0 and table.hand.is_over
    assert "The hand is over" in table.message
    frame = score_sheet.score_frame(table.hand, table.session.names)
    units = table_words.unit_names(table.hand, table.session.names)
    assert list(frame.iloc[-1][units]) == list(table.hand.score)
    # the board's seats carry the points of their side
    for entry in state(table)["seats"]:
        assert entry["points"] == table.hand.score[table.hand.side(entry["seat"])]


@pytest.mark.parametrize("game", GAMES)
def test_watching_steps_through_every_seat_with_next(game):
    table = Table(game, seed=9, seat=None, open_hands=False, opponents="random")
    assert playable(table) == []
    steps = 0
    while not table.hand.is_over:
        assert button(table, "next")["enabled"]
        before = len(table.hand.history)
        press(table, "next")
        assert table.last_error is None, table.message
        assert len(table.hand.history) >= before + 1
        steps += 1
        if steps % 7 == 0:
            assert_no_leak(table)
    assert not button(table, "next")["enabled"] and not button(table, "finish_hand")["enabled"]
    assert_no_leak(table)


@pytest.mark.parametrize("game", GAMES)
def test_finish_trick_and_finish_hand_run_on(game):
    table = Table(game, seed=3, seat=None, open_hands=True, opponents="random")
    press(table, "finish_trick")
    assert len(table.hand.tricks) == 1 and not table.hand.trick
    press(table, "finish_hand")
    assert table.hand.is_over and table.last_error is None


def test_the_cards_and_reasons_of_a_known_position():
    # Yukon, seed 7, South to play third: "Others must follow suit if possible" (Quinn).
    table = Table("yukon", seed=7, seat=2, opponents="random")
    hand = table.hand
    assert hand.to_move == 2 and [s for s, _ in hand.trick] == [0, 1]
    check_cards(table)
    board = state(table)
    refused = [c for c in user_row(table) if c["legal"] is False]
    assert refused and all("follow suit" in c["why"] for c in refused)
    assert board["hand_seat"] == 2 and board["bottom"] == 2
    seats = board["seats"]
    assert [s["name"] for s in seats] == ["North", "East", "South", "West"]
    assert seats[2]["you"] and seats[2]["to_move"] and not any(s["to_move"] for s in seats[:2])
    assert seats[0]["side"] == "North–South" and seats[1]["side"] == "East–West"
    assert seats[1]["cards"] == [{"back": True}] * 4          # East has played: 4 face down
    assert [p["seat"] for p in board["trick"]["plays"]] == [0, 1]
    assert board["trick"]["winning"] == hand.current_winner()


def test_a_refused_card_says_why_in_the_message_line_and_stays_in_the_hand():
    # A tap on a card the rules refuse (a tablet shows no tooltip): the reason, as words.
    table = Table("yukon", seed=7, seat=2, opponents="random")
    refused = next(c["card"] for c in user_row(table) if c["legal"] is False)
    before = snapshot(table.hand)
    assert table.why(refused).startswith("others must follow suit")
    assert not table.choose(refused)
    assert "Not allowed: others must follow suit" in table.message
    assert state(table)["message"]["error"]
    assert snapshot(table.hand) == before and refused in [c["card"] for c in user_row(table)]


def test_the_headless_surface_says_what_the_user_may_do():
    table = Table("quinto", seed=2, seat=0, opponents="random")
    assert table.choices() == ["Pass", "Double"]            # Quinto's doubling, before the play
    assert table.why("AS") == "it is North's turn, not yours" or table.hand.to_move == 0
    assert table.choose("Pass")
    assert table.hand.history[0] == (0, cg.Action("pass"))
    assert not table.choose("fly away")
    assert "is not a card or an action" in table.message


# -- the named actions ----------------------------------------------------------------------------


def test_named_actions_are_offered_only_while_legal():
    table = Table("quinto", seed=2, seat=0, opponents="random")
    hand = table.hand
    assert hand.phase is cg.Phase.DOUBLING and hand.to_move == 0
    labels = [a["label"] for a in state(table)["actions"]]
    assert sorted(labels) == ["Double", "Pass"]             # as people say them
    assert playable(table) == []
    act(table, 0)
    assert table.last_error is None
    if table.hand.phase is cg.Phase.PLAY:
        assert not state(table)["actions"] or table.hand.legal_actions().named


def test_what_each_seat_said_in_the_doubling_stays_at_its_seat_until_the_first_trick():
    # Quinto (Fosdick): "beginning with the eldest, each may elect to double the value of the
    # tricks for the hand"; the seats speak one by one, so what the earlier ones said is shown
    # at their seats (the heading says whose turn it is) until the first card is led.
    table = Table("quinto", seed=3, seat=2)               # South speaks after North and East
    seats = state(table)["seats"]
    assert [s["said"] for s in seats] == ["Pass", "Pass", "", ""]
    assert state(table)["trick"] == {"title": "Doubling", "plays": [], "winning": None,
                                     "winner": None, "turn": 2}

    watching = Table("quinto", seed=3, seat=None)
    labels = [a["label"] for a in state(watching)["actions"]]
    act(watching, labels.index("Double (North)"))          # the class's teacher doubles for North
    assert [s["said"] for s in state(watching)["seats"]] == ["Double", "", "", ""]
    assert state(watching)["trick"]["turn"] == 1
    while state(watching)["trick"]["title"] == "Doubling":
        press(watching, "next")
    assert [s["said"] for s in state(watching)["seats"]] == ["", "", "", ""]
    assert "turn" not in state(watching)["trick"]


def test_a_declaration_stays_at_its_seat_until_the_next_trick_ends():
    # Guinote (S3): "Marriages are declared by team mates prior to leading the trick." The
    # declaration is shown at the declarer's seat while that trick is played, then it goes.
    table = Table("guinote", seed=4, seat=None)              # a class watching every seat
    for _ in range(5):                       # the first trick, which North wins; then North speaks
        press(table, "next")
    seats = state(table)["seats"]
    assert [(s["name"], s["said"]) for s in seats if s["said"]] == [
        ("North", "Declared 20 in diamonds")]
    tricks = len(table.session.hand.tricks)
    while len(table.session.hand.tricks) == tricks:
        assert any(s["said"] == "Declared 20 in diamonds" for s in state(table)["seats"])
        press(table, "next")
    assert all(s["said"] == "" for s in state(table)["seats"])


def test_quinto_for_three_the_dealer_plays_the_dummy():
    # Hoffmann: with three players "the dealer plays the dummy hand" as well as his own.
    probe = cg.deal("quinto", seed=4, players=3)
    dealer = probe.dealer
    dummy = next(s for s in range(probe.seats) if probe.controller(s) != s)
    table = Table("quinto", seed=4, players=3, seat=dealer, opponents="random")
    assert "dummy" in state(table)["seats"][dummy]["badges"]
    assert "you play it" in state(table)["seats"][dummy]["badges"]
    played_dummy = False

    def check(t):
        nonlocal played_dummy
        check_cards(t)
        if state(t)["hand_seat"] == dummy and playable(t):
            played_dummy = True
    click_through(table, random.Random(2), check=check)
    assert played_dummy


def test_a_click_on_an_action_that_is_not_offered_is_refused_in_words():
    table = Table("quinto", seed=2, seat=0, opponents="random")
    before = snapshot(table.hand)
    act(table, 7)                               # a spare button, or a crafted message
    assert "that action is not offered now" in table.message
    assert snapshot(table.hand) == before


# -- undo and redo ------------------------------------------------------------------------------------


def saved_record(table: Table) -> str:
    """The record a person saves from the Record panel's link (the file is in the link)."""
    found = re.search(r'class="cg-record-download" download="[^"]+" '
                      r'href="data:application/json;charset=utf-8;base64,([^"]+)"',
                      table.record_links.value)
    assert found, table.record_links.value
    assert table.record_box.value == ""             # no raw record shown to a learner
    return base64.b64decode(found.group(1)).decode("utf-8")


def choose_any(table: Table, rng: random.Random) -> None:
    cards, actions = playable(table), state(table)["actions"]
    if cards or actions:
        options = [("card", c) for c in cards] + [("action", a["id"]) for a in actions]
        kind, what = rng.choice(options)
        tap(table, what) if kind == "card" else act(table, what)
    else:
        press(table, "next")


@pytest.mark.parametrize("game", GAMES)
def test_undo_and_redo_restore_the_exact_state(game):
    table = Table(game, seed=8, seat=1, opponents="random", pace="none")
    rng = random.Random(3)
    for _ in range(3):
        choose_any(table, rng)
    before = snapshot(table.hand)
    choose_any(table, rng)
    after = snapshot(table.hand)
    assert after != before
    press(table, "undo")
    assert snapshot(table.hand) == before
    assert button(table, "redo")["enabled"]
    press(table, "redo")
    assert snapshot(table.hand) == after and not button(table, "redo")["enabled"]
    for name in ("back", "back", "forward", "forward"):
        press(table, name)
    assert snapshot(table.hand) == after
    assert table.last_error is None


def test_undo_goes_back_to_the_users_previous_decision():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    hand = table.hand
    assert [s for s, _ in hand.history] == [0, 1]       # the computers played before us
    tap(table, playable(table)[0])
    assert hand.to_move == 2 and len(hand.history) > 3  # they played on to our next turn
    press(table, "undo")
    assert [s for s, _ in hand.history] == [0, 1] and hand.to_move == 2
    press(table, "undo")                                # no decision of ours before: the start
    assert hand.history == [] and "back to the start" in table.message
    assert not button(table, "undo")["enabled"]


def test_a_finished_hand_can_be_stepped_back_and_forth():
    table = Table("yukon", seed=12, seat=None, open_hands=True, opponents="random")
    press(table, "finish_hand")
    end = snapshot(table.hand)
    for _ in range(6):
        press(table, "back")
    assert not table.hand.is_over
    for _ in range(6):
        press(table, "forward")
    assert snapshot(table.hand) == end and table.hand.is_over


# -- what the browser receives -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_no_widget_state_holds_a_face_down_card(game):
    table = Table(game, seed=21, seat=0, opponents="random")
    rng = random.Random(4)
    assert_no_leak(table)
    count = 0

    def check(t):
        nonlocal count
        count += 1
        if count % 3 == 1:
            assert_no_leak(t)
    click_through(table, rng, check=check)


def test_the_leak_check_would_see_a_leak():
    table = Table("yukon", seed=21, seat=0, opponents="random")
    hidden = sort_cards(hidden_cards(table))[0]
    table.session.message_lines = [f"psst: {hidden.label}"]
    table.redraw()
    with pytest.raises(AssertionError):
        assert_no_leak(table)


def test_a_face_down_card_is_a_back_and_nothing_else():
    table = Table("guinote", seed=3, seat=0, opponents="random")
    for entry in state(table)["seats"][1:]:
        assert entry["cards"] and all(c == {"back": True} for c in entry["cards"])


def test_open_hands_show_every_hand_face_up_at_its_seat():
    table = Table("yukon", seed=7, seat=2, open_hands=True, opponents="random")
    for entry in state(table)["seats"]:
        faces = sorted(cg.Card.parse(c["card"]) for c in entry["cards"] if "card" in c) \
            if False else [c["card"] for c in entry["cards"]]
        assert sorted(faces) == sorted(str(c) for c in table.hand.hands[entry["seat"]])


def test_watching_every_hand_stays_at_its_seat_and_the_mover_is_marked():
    # Issue 19 item 7: watching (seat=watch), every hand at its own seat, face up.
    table = Table("guinote", seed=5, seat=None)
    board = state(table)
    assert board["bottom"] == 2 and board["hand_seat"] == table.hand.to_move
    for entry in board["seats"]:
        assert entry["to_move"] == (entry["seat"] == table.hand.to_move)
        assert entry["clickable"] == entry["to_move"]
        assert all("card" in c for c in entry["cards"])


def test_no_widget_is_created_while_playing():
    table = Table("yukon", seed=30, seat=0, opponents="random")
    from ipywidgets.widgets.widget import _instances
    before = len(_instances)
    click_through(table, random.Random(5))
    press(table, "undo")
    press(table, "redo")
    assert len(_instances) == before


def test_a_page_loads_few_widget_models():
    # Issue 19: "widget models per app <= 100": the New deal panel is built when first opened.
    table = Table("guinote", seed=3)
    models = table.all_widgets()            # the widgets, their layouts and styles
    assert len(models) <= 100, len(models)


# -- messages and errors -----------------------------------------------------------------------------


@pytest.mark.parametrize("game, players", [(g, None) for g in GAMES] + [("pip_pip", 6),
                                                                         ("quinto", 3)])
def test_every_seat_is_named_everywhere_on_the_table_over_whole_hands(game, players):
    # Issue 19: "seat names in every sentence the table shows" - the centre's labels too (a
    # Pip-Pip! call showed as "PIP-PIP, SEAT 1" while its text said "Player 2"), and Quinto's
    # three players with a dummy (the seats were named "seat 0", "the dummy (seat 1)"...).
    seen_labels = set()
    for seed in range(4):
        table = Table(game, seed=seed, players=players)
        rng = random.Random(seed)
        for _ in range(200):
            text = json.dumps(state(table), ensure_ascii=False)
            assert not re.search(r"\b[Ss]eat \d", text), re.search(r".{60}[Ss]eat \d.{20}", text)
            seen_labels |= {item["label"] for item in state(table)["centre"]}
            if table.hand.is_over:
                break
            choices = table.choices()
            if choices:
                table.choose(rng.choice(choices))
            else:
                table.step()
    if game == "pip_pip" and players == 6:
        assert any(label.startswith("Pip-Pip, ") for label in seen_labels), seen_labels


def test_the_message_line_and_the_story_explain_the_trick():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    tap(table, playable(table)[0])
    table.panels.selected_index = 1          # the story is written when its panel opens
    story = table.story.value
    assert "Trick 1:" in story and "wins with" in story and "It earns" in story
    assert "seat 0" not in story             # seats by name
    assert "wins with" in table.message


def test_the_message_line_sums_up_only_what_it_leaves_out():
    # The message line says the last five events of a turn; more than that are summed up in one
    # line ("… and 3 earlier events"), never a single event, which would take its own line.
    table = Table("guinote", seed=0, pace="none")       # the computers play on at once
    summaries = []
    while not table.session.hand.is_over:
        if playable(table):
            tap(table, playable(table)[0])
        else:
            press(table, "next")
        lines = table.session.message_lines
        summaries += [line for line in lines if "earlier event" in line]
        assert not any(line.startswith("… and 1 ") for line in lines), lines
    assert summaries and all(re.match(r"… and ([2-9]|\d\d+) earlier events", s) for s in summaries)


def test_a_callback_error_appears_in_the_message_line():
    table = Table("yukon", seed=7, seat=2, opponents="random")

    class Broken:
        def choose(self, view):
            raise RuntimeError("the computer fell off its chair")

        def declare(self, view, actions):
            return None
    table.session.computer_players[3] = Broken()
    tap(table, playable(table)[0])
    assert "the computer fell off its chair" in table.message
    assert state(table)["message"]["error"] and isinstance(table.last_error, RuntimeError)
    assert table.hand.to_move == 3       # the table is still usable: the state is intact


def test_a_double_click_plays_one_card_and_says_why_the_second_was_ignored():
    # Issue 10: the second click of a double click was aimed at the board as it was.
    table = Table("yukon", seed=3, seat=0, opponents="random")
    seq = state(table)["seq"]
    first, second = playable(table)[:2] if len(playable(table)) > 1 else playable(table) * 2
    table.board._handle_custom_msg({"type": "play", "card": first, "seq": seq}, [])
    played = list(table.hand.history)
    assert played and played[0][0] == 0
    table.board._handle_custom_msg({"type": "play", "card": second, "seq": seq}, [])
    assert table.hand.history == played  # nothing more was played
    assert "double click" in table.message and "click once" in table.message


# -- dealing -------------------------------------------------------------------------------------------------


def open_new_deal(table: Table) -> None:
    table.panels.selected_index = 3


def test_a_deal_refused_by_the_rules_says_why():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    open_new_deal(table)
    table.deal_text.value = "AS KS QS JS TS\nAH KH QH JH TH\nAD KD QD JD TD\nAC KC QC JC XX"
    table.deal_text_button.click()
    assert "Cannot deal" in table.message and "'XX' is not a card" in table.message
    assert table.hand.seed == 7                       # the old deal is still on the table


def test_a_deal_set_up_by_hand_from_text():
    table = Table("yukon", seed=7, seat=0, opponents="random", auto=False)
    open_new_deal(table)
    table.deal_text.value = ("North: AS KS QS JS TS\nEast: AH KH QH JH TH\n"
                             "South: AD KD QD JD TD\nWest: AC KC QC JC TC\nstock:")
    table.deal_text_button.click()
    assert table.last_error is None, table.message
    assert table.hand.set_up_by_hand and table.deal_text.value == ""
    assert {c["card"] for c in user_row(table)} == {"AS", "KS", "QS", "JS", "TS"}
    assert "set up by hand" in table.message


def test_options_chosen_as_questions_before_dealing():
    table = Table("yukon", seed=7, seat=0, opponents="random", open_hands=True)
    open_new_deal(table)
    table.players_select.value = 3
    controls = table.rule_questions.controls
    controls["no_yukon_leads"].value = True
    controls["yukon_lead_follow"].value = "yukons"
    table.seed_box.value = "99"
    table.seat_select.value = 1
    table.open_hands_box.value = True
    table.deal_button.click()
    hand = table.hand
    assert table.last_error is None, table.message
    assert hand.players == 3 and hand.seed == 99 and table.seat == 1
    assert hand.options.no_yukon_leads and hand.options.yukon_lead_follow == "yukons"
    assert "seed 99" in state(table)["caption"]          # open hands: the seed hides nothing
    assert len(state(table)["seats"]) == 3


def test_the_seed_box_refuses_what_a_link_refuses():
    # Issue 20: "The Seed box refuses what links refuse."
    table = Table("yukon", seed=7, seat=0, opponents="random")
    open_new_deal(table)
    for bad in ("-5", "abc", "١٢٣"):
        table.seed_box.value = bad
        table.deal_button.click()
        assert "Cannot deal" in table.message and table.hand.seed == 7, bad


def test_the_target_box_is_empty_for_the_games_own_target_and_refuses_what_is_not_one():
    # A match's target: an empty box (its hint: "the game's own") plays to the game's target;
    # the box showed "Target 0", which read as a match to no points.
    table = Table("quinto", seed=7, seat=0, opponents="random")
    open_new_deal(table)
    assert table.target_box.value == "" and table.target_box.placeholder == "the game's own"
    table.match_box.value = True
    for bad in ("0", "-5", "abc", "١٢٣", "1" * 5000):
        table.target_box.value = bad
        table.deal_button.click()
        assert "Cannot deal" in table.message and "from 1 to 999999" in table.message, bad
        assert len(table.message) < 400, bad                   # quotes a short piece of it
        assert table.session.match is None and table.hand.seed == 7, bad    # nothing lost
    table.target_box.value = ""
    table.deal_button.click()
    assert "Cannot deal" not in table.message and table.session.match.target == 250  # its own
    table.target_box.value = "120"
    table.deal_button.click()
    assert "Cannot deal" not in table.message and table.session.match.target == 120


def test_every_option_is_a_plain_question_with_its_choices_in_words():
    table = Table("yukon", seed=7, seat=0, opponents="random")
    open_new_deal(table)
    for name in cg.GAMES:
        table.game_select.value = name
        controls = table.rule_questions.controls     # a rule with one allowed value is said
        assert set(controls) | set(table.rule_questions.fixed) == set(cg.GAMES[name].options)
        assert table.chosen_options() == {}
        texts = [getattr(c, "description", "") for c in controls.values()]
        texts += [label for c in controls.values() for label, _v in getattr(c, "options", ())]
        assert not [t for t in texts if "_" in t], name      # no Python names on the table


def test_a_number_rule_is_an_empty_box_whose_hint_says_the_rules_own_value_in_words():
    # Guinote's "How many card points must a side have won in the game to win it?" (GODOT,
    # Planas: 30) showed a bare "0" for no minimum; the words were only in a tooltip.
    table = Table("guinote", seed=7, seat=0, opponents="random")
    open_new_deal(table)
    box = table.rule_questions.controls["min_card_points_to_win"]
    assert box.value == "" and box.placeholder == "No minimum"
    assert table.rule_questions.controls["cotos_to_win"].placeholder == "1 coto"
    box.value = "30"
    table.deal_button.click()
    assert table.last_error is None, table.message
    assert table.hand.options.min_card_points_to_win == 30
    open_new_deal(table)                       # the panel shows the deal on the table again
    assert table.rule_questions.controls["min_card_points_to_win"].value == "30"
    for bad in ("thirty", "-4", "--4", "٣٠"):
        table.rule_questions.controls["min_card_points_to_win"].value = bad
        table.deal_button.click()
        assert "Cannot deal" in table.message and table.hand.options.min_card_points_to_win == 30


def test_choosing_another_game_in_the_panel_closes_the_questions_it_replaces():
    # Each game chosen in New deal builds its rules' questions; those it replaces leave the
    # kernel and the page (a teacher trying every game must not pile up widgets).
    table = Table("yukon", seed=7, seat=0, opponents="random")
    open_new_deal(table)
    first = table.rule_questions
    for name in ("guinote", "quinto", "yukon"):
        table.game_select.value = name
    assert all(row.comm is None for row in first.rows)
    assert all(row.comm is not None for row in table.rule_questions.rows)


def test_the_same_seed_repeats_the_deal():
    a = Table("yukon", seed=1234, seat=0, opponents="random", auto=False)
    b = Table("yukon", seed=1234, seat=0, opponents="random", auto=False)
    assert user_row(a) == user_row(b)


def test_hint_names_a_legal_card_and_why():
    table = Table("yukon", seed=7, seat=2)
    press(table, "hint")
    assert table.message.startswith("Hint: ")
    hinted = [c for c in user_row(table) if c.get("hinted")]
    assert len(hinted) == 1 and hinted[0]["legal"]


def test_a_deal_made_from_code_redraws_the_whole_table_message_line_included():
    # A teacher's notebook cell: table.new_deal(...) for the deal set up before class.
    table = Table("yukon", seed=1, open_hands=True)
    table.new_deal("yukon", seed=42, players=3, open_hands=True)
    assert "seed 42" in state(table)["caption"] and len(state(table)["seats"]) == 3
    assert "A new hand of Yukon (seed 42)" in table.message


def test_a_bad_deal_from_code_raises_and_the_table_keeps_its_hand():
    table = Table("yukon", seed=1)
    before = (table.hand.hands, dict(state(table)), table.message)
    with pytest.raises(cg.SetupError, match="seat must be"):
        table.new_deal("yukon", seed=42, seat=7)
    assert (table.hand.hands, dict(state(table)), table.message) == before


# -- hidden stays hidden (issue 20 item 5) ------------------------------------------------------


def test_a_hidden_deal_shows_no_seed_until_the_hand_is_over():
    # The seed deals every hand again (cg.deal(game, seed=...)): it is a hidden card in disguise.
    table = Table("yukon", seed=4321, seat=0, opponents="random")
    open_new_deal(table)
    assert "4321" not in table.message and "4321" not in state(table)["caption"]
    assert table.seed_box.value == ""
    table.panels.selected_index = 2
    assert "once the hand is over" in table.share.value
    click_through(table, random.Random(1))
    table.panels.selected_index = 2
    assert "seed=4321" in table.share.value             # now the link may be shared


def test_showing_every_hand_is_a_deliberate_act_that_makes_the_hand_open():
    table = Table("guinote", seed=8, seat=0, opponents="random")
    open_new_deal(table)
    table.open_hands_box.value = True                   # the next deal's setting, not this hand
    assert not table.session.open_hands
    assert all(c == {"back": True} for c in state(table)["seats"][1]["cards"])
    table.show_all_button.click()
    assert table.session.open_hands and "every hand shown" in state(table)["caption"]
    assert "Every hand is now shown" in table.message
    assert all("card" in c for c in state(table)["seats"][1]["cards"])
    table.record_button.click()
    assert cg.load(saved_record(table)).history == table.hand.history
    assert "every hand was shown" in saved_record(table)       # the record says so too


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_the_record_button_gives_a_player_only_what_his_seat_saw(game):
    # Issue 10: no record of a hidden-hands table meant for a player holds a card he may not see.
    table = Table(game, seed=4, seat=0, opponents="random")
    table.record_button.click()
    text = saved_record(table)
    hidden = {str(c) for c in table.hand.view(0).unseen}
    assert '"kind": "view"' in text and '"seed"' not in text
    named = set(re.findall(r'"([2-9TJQKA][SHDC]|JK)"', text))
    if game != "pip_pip":        # two packs: a hidden card may have a visible twin
        assert not named & hidden
    watching = Table(game, seed=4, seat=None, opponents="random")
    watching.record_button.click()
    assert cg.load(saved_record(watching)).history == watching.hand.history


def test_watching_with_hands_face_down_gives_no_record_until_the_end():
    # Issue 20: "?seat=watch&open_hands=0 shows hands face down but Record gives them all".
    table = Table("yukon", seed=4, seat=None, open_hands=False, opponents="random")
    table.record_button.click()
    assert table.record_links.value == "" and "given once the hand is over" in table.message
    press(table, "finish_hand")
    table.record_button.click()
    assert cg.load(saved_record(table)).history == table.hand.history


# -- matches ---------------------------------------------------------------------------------------------------


def test_a_match_plays_hand_after_hand_with_the_scores():
    table = Table("yukon", seed=5, seat=None, open_hands=True, match=True, target=100,
                  opponents="random")
    hands = 0
    while not table.match.is_over:
        press(table, "finish_hand")
        assert table.hand.is_over and table.last_error is None
        if not table.match.is_over:
            assert button(table, "next_hand")["label"] == "Next hand"
            assert not button(table, "next")["enabled"]
            assert "Match scores" in table.message
            press(table, "next_hand")
            assert not table.hand.is_over and table.hand.history == []
        hands += 1
        assert hands < 20
    table.panels.selected_index = 0
    assert "The match" in table.score.value and "match is over" in table.message.lower()
    units = table_words.unit_names(table.hand, table.session.names)
    totals = ", ".join(f"{u} {s}" for u, s in zip(units, table.match.running_scores))
    assert f"match {totals}" in state(table)["caption"]


# -- what a click sends (issue 8) ----------------------------------------------------------------
# Each widget message is a trip kernel -> server -> browser, most of a click's time in the apps.


@pytest.fixture
def sent(monkeypatch):
    """The widget messages sent so far: (widget, the state it sent), in order."""
    messages: list[tuple[Widget, dict]] = []
    original = Widget._send

    def spy(self, msg, buffers=None):
        messages.append((self, msg.get("state", {})))
        return original(self, msg, buffers)
    monkeypatch.setattr(Widget, "_send", spy)
    return messages


@pytest.mark.parametrize("game", GAMES)
def test_a_click_sends_the_board_once_and_nothing_else_while_the_panels_are_closed(game, sent):
    table = Table(game, seed=11)
    for _ in range(5):
        if not (playable(table) or state(table)["actions"]):
            break
        sent.clear()
        if playable(table):
            tap(table, playable(table)[0])
        else:
            act(table, 0)
        assert table.last_error is None, table.message
        widgets_sent = [w for w, _state in sent]
        assert widgets_sent == [table.board], [type(w).__name__ for w in widgets_sent]


def test_every_card_sent_from_the_board_is_answered_with_a_new_state(sent):
    # The board draws a clicked card on the cloth before Python answers and waits for the next
    # state to replace it (board.py): even a play that changes nothing gets one.
    table = Table("yukon", seed=7, seat=2, opponents="random")
    refused = next(c["card"] for c in user_row(table) if c["legal"] is False)
    for _ in range(2):          # the second refusal has the same words as the first
        seq = state(table)["seq"]
        sent.clear()
        table.board._handle_custom_msg({"type": "play", "card": refused, "seq": seq}, [])
        assert [w for w, _state in sent] == [table.board]
        assert state(table)["seq"] == seq + 1


def test_the_board_is_told_where_a_clicked_card_goes():
    # Pippins Aplenty: "Each player chooses one card and places it face down" before the play.
    table = Table("pippins_aplenty", seed=11)
    assert state(table)["card_goes"] == "discard"
    tap(table, playable(table)[0])
    assert state(table)["card_goes"] == "trick"
    assert state(Table("quinto", seed=11))["card_goes"] is None     # doubling first: no card


def test_closed_panels_wait_and_opening_one_leaves_the_message_line(sent):
    table = Table("yukon", seed=7, seat=2, opponents="random")
    assert table.panels.selected_index is None
    story, sheet = table.story.value, table.score.value
    tap(table, playable(table)[0])
    assert table.hand.tricks
    assert (table.story.value, table.score.value) == (story, sheet)
    message = table.message
    table.panels.selected_index = 1
    assert "wins with" in table.story.value
    table.panels.selected_index = 0
    assert "Trick" in table.score.value and table.score.value != sheet
    assert table.message == message


def test_switching_four_colours_keeps_the_message_line():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    tap(table, playable(table)[0])
    message = table.message
    assert "wins" in message
    table.four_colour_box.value = True
    assert state(table)["four_colour"] and table.message == message


# Replaying a record step by step (a teacher's "step-by-step replay" of a hand kept earlier)


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_hand_replays_step_by_step_from_the_record_box(game):
    from cardgames.players import make_player, play_hand

    recorded = cg.deal(game, seed=21)
    play_hand(recorded, [make_player("rule-of-thumb", s) for s in range(recorded.seats)])
    table = Table("yukon", seed=1)
    table.panels.selected_index = 2
    table.record_box.value = recorded.to_json()
    table.replay_button.click()
    assert table.last_error is None, table.message
    assert table.seat is None and table.session.open_hands and not table.hand.history
    assert "at its start" in table.message and "1 ▶ takes the next" in table.message
    for step in range(1, len(recorded.history) + 1):
        press(table, "forward")
        assert table.hand.history == recorded.history[:step]
    assert not button(table, "forward")["enabled"] and table.hand.is_over
    assert table.hand.score == recorded.score
    press(table, "back")
    assert table.hand.history == recorded.history[:-1]


def test_watching_the_message_line_names_the_seat_to_move_not_you():
    table = Table("guinote", seed=5, seat=None)
    assert "North to move: play a card for North, or press Next" in table.message
    press(table, "next")
    assert "East to move: play a card for East" in table.message
    assert "Your turn" not in table.message


def test_a_match_record_replays_the_hand_it_ends_with():
    match = cg.match("guinote", seed=4)
    for _ in range(10):
        match.apply(match.hand.legal_actions()[0])
    table = Table("yukon", seed=1)
    table.replay(match.to_json())
    assert table.session.game.name == "guinote" and table.match is None
    while button(table, "forward")["enabled"]:
        press(table, "forward")
    assert table.hand.history == match.hand.history


def test_a_record_that_cannot_be_replayed_says_why_and_the_table_keeps_its_hand():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    tap(table, playable(table)[0])
    history = list(table.hand.history)
    seat_record = table.session.record_for_user()     # hidden hands: what seat 2 saw, no more
    for text, why in [("", "The box is empty"), ("{not json", "JSON"),
                      (seat_record, "lacks the hidden cards")]:
        table.record_box.value = text
        table.replay_button.click()
        assert why in table.message and state(table)["message"]["error"], text
        assert table.hand.history == history and table.seat == 2
    with pytest.raises(cg.RecordError):
        table.replay("{not json")


# Best play with all cards shown


@pytest.mark.parametrize("game", GAMES)
def test_best_play_gives_what_each_action_secures_with_open_hands(game):
    from cardgames.session import action_words
    from cardgames.solver import solve

    table = Table(game, seed=5, seat=None)
    table.best_play_box.value = True
    assert "searched exactly in the last 4 tricks" in table.best_play.value
    checked = 0
    while not table.hand.is_over:
        line = html.unescape(table.best_play.value)
        if "perfect play" in line:
            solution = solve(table.hand)
            for action, value in solution.values.items():
                assert f"{action_words(table.hand, action)} {value}" in line
            checked += 1
        press(table, "next")
    assert checked >= 4
    table.best_play_box.value = False
    assert table.best_play.value == ""


def test_best_play_stays_silent_with_hidden_hands():
    table = Table("guinote", seed=5, seat=0, open_hands=False, opponents="random")
    table.best_play_box.value = True
    rng = random.Random(5)
    while not table.hand.is_over:
        assert "needs every card face up" in table.best_play.value
        assert_no_leak(table)
        choose_any(table, rng)


def test_shared_looks_refuse_a_style_for_a_widget_without_one():
    from ipywidgets import HBox

    from cardgames.widgets.shared_looks import SharedLooks
    looks = SharedLooks()
    first = looks.make(HBox, layout={"width": "3em"})
    second = looks.make(HBox, layout={"width": "3em"})
    assert first.layout is second.layout and looks.models == 1
    with pytest.raises(TypeError, match="HBox has no style to set"):
        looks.make(HBox, style={"font_weight": "bold"})


def test_the_board_tells_each_seat_apart_in_two_packs():
    # Pip-Pip! is played with two packs: two equal cards are two entries on the board.
    table = Table("pip_pip", seed=8, seat=0, opponents="random", auto=False)
    threes = [c for c in user_row(table) if c.get("card") == "3S"]
    assert len(threes) == 2
    tap(table, "3S")
    assert table.last_error is None, table.message
    assert table.hand.hands[0].count(cg.Card.parse("3S")) == 1
    assert Counter(c.get("card") for c in user_row(table))["3S"] == 1


def test_the_coach_says_which_rule_governs_the_users_play():
    # Issue 22: "Hearts were led and you hold hearts: you must follow suit". Yukon, seed 7:
    # a diamond was led and South holds diamonds (Quinn: "others must follow suit if possible").
    table = Table("yukon", seed=7, seat=2, opponents="random")
    assert "Others must follow suit if possible: you hold" in table.message
    assert "so you must play a diamond" in table.message
    table.coach_box.value = False
    assert "follow suit" not in table.message and "Your turn: play a card." in table.message
    table.coach_box.value = True
    table.choose(table.choices()[0])
    while table.hand.trick:                  # South leads the next trick: any card
        table.step()
    if table.hand.to_move == 2:
        assert "You lead this trick: any card you hold may be led." in table.message


def test_a_hidden_match_shows_no_seed_between_hands():
    # The match's seed deals every hand still to come: it stays hidden until the match is over.
    table = Table("yukon", seed=808, seat=0, match=True, target=100, opponents="random")
    while not table.match.hands:
        choose_any(table, random.Random(2))
    assert table.session.between_hands and table.hand.is_over
    assert "808" not in state(table)["caption"] and not table.session.seed_visible()


def test_a_damaged_record_is_answered_in_plain_words_with_the_detail_for_a_tooltip():
    # Issue 22: "This record is cut short near line 112: copy the whole record again", the
    # parser's own words kept for the tooltip of the message line.
    table = Table("yukon", seed=7, seat=0, opponents="random")
    kept = cg.deal("yukon", seed=3).to_json()
    table.record_box.value = kept[:len(kept) // 2]
    table.replay_button.click()
    message = state(table)["message"]
    assert message["error"] and "cut short" in table.message and "JSON" not in table.message
    assert message["detail"]                        # e.g. "Unterminated string starting at ..."


# -- every trick and every hand is a lesson (issue 41) ---------------------------------------------


def test_a_finished_trick_waits_for_a_tap_on_the_cloth():
    table = Table("yukon", seed=7, seat=0)
    tap(table, "6H")
    assert state(table)["trick"]["complete"] and button(table, "continue")["enabled"]
    assert state(table)["trick"]["words"] == "West takes it: 3 points"
    seq = state(table)["seq"]
    press(table, "continue")
    assert not state(table)["trick"].get("complete") and "continue" not in state(table)["buttons"]
    # the pause's end or a second tap, aimed at the board as it was: nothing happens, no error
    table.board._handle_custom_msg({"seq": seq, "type": "button", "name": "continue"}, [])
    assert not state(table)["message"]["error"]


def test_the_pace_is_chosen_under_the_board():
    table = Table("yukon", seed=7, seat=0)
    assert table.pace_select.value == "wait"
    tap(table, "6H")
    assert table.session.holding()
    table.pace_select.value = "none"            # no pause: the held trick goes, play goes on
    assert not table.session.holding() and table.hand.to_move == 0
    table.pace_select.value = "pause"
    tap(table, playable(table)[0])
    if table.session.holding() and "continue" in state(table)["buttons"]:
        assert state(table)["pause_ms"] == 2000


def test_review_on_the_board_then_deal_again():
    early = Table("yukon", seed=7, seat=0)
    assert not early.press("review")
    assert "the review opens once the hand is over" in early.message.lower()
    table = Table("yukon", seed=7, seat=0, pace="none")
    click_through(table, random.Random(4))
    table.session.review_budget = 20
    press(table, "review")
    review = state(table)["review"]
    assert review["name"] == "North" and len(review["steps"]) == 13 and review["seats"] == []
    assert button(table, "review")["label"] == "Close review"
    send(table, {"type": "step", "step": 4})
    assert state(table)["review"]["at"] == 4 and table.message.startswith("Decision 4, trick 4")
    send(table, {"type": "step", "step": 40})           # out of range: refused in words
    assert state(table)["message"]["error"] and state(table)["review"]["at"] == 4
    cards = [c["card"] for c in user_row(table)]
    press(table, "deal_again")
    assert state(table)["review"] is None and state(table)["hand_over"] is None
    assert [c["card"] for c in user_row(table)] != cards and table.session.seed != 7


def test_a_teacher_reviews_any_seat_from_the_board():
    table = Table("guinote", seed=4, seat=None, open_hands=False, pace="none")
    press(table, "finish_hand")
    table.session.review_budget = 10
    press(table, "review")
    assert [s["name"] for s in state(table)["review"]["seats"]] == ["North", "East", "South",
                                                                   "West"]
    send(table, {"type": "review_seat", "seat": 3})
    assert state(table)["review"]["name"] == "West"
    table.board._handle_custom_msg({"seq": state(table)["seq"], "type": "review_seat",
                                    "seat": "all"}, [])
    assert "seat must be a whole number" in table.board.last_refusal
    assert state(table)["review"]["name"] == "West"


def test_the_new_deal_panel_deals_new_cards_unless_a_seed_is_typed():
    # Issue 41: the panel "deals the same cards again because the old seed stays in its box".
    table = Table("yukon", seed=7, seat=0, open_hands=True)
    open_new_deal(table)
    assert table.seed_box.value == ""
    table.deal_button.click()
    assert table.session.seed != 7
    table.seed_box.value = "7"
    table.deal_button.click()
    assert table.session.seed == 7
