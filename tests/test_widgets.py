"""The table (issue 7), headless: every test drives it through ``Button.click()`` and checks
what the widgets show against the engine's public surface."""

from __future__ import annotations

import html
import random
import re

import pytest

import cardgames as cg
from cardgames.cards import sort_cards
from cardgames import render_table as rt
from cardgames.widgets import Table
from cardgames.widgets.styles import CARD_ORDER, CSS, card_classes, sort_key


@pytest.fixture(autouse=True)
def instant_clicks(monkeypatch):
    """These tests click as fast as a script can; the double-click guard has its own test."""
    monkeypatch.setattr(Table, "click_grace", 0.0)

GAMES = list(cg.GAMES)


def click_through(table: Table, rng: random.Random, limit: int = 800, check=None) -> int:
    """Play to the end of the hand by clicking only enabled buttons (cards, actions, Next)."""
    clicks = 0
    while not table.hand.is_over:
        assert clicks < limit, "the hand did not end"
        choices = table.enabled_card_buttons() + table.enabled_action_buttons()
        if choices:
            button = rng.choice(choices)
        else:
            assert not table.next_button.disabled, f"stuck: {table.message.value}"
            button = table.next_button
        assert not button.disabled
        button.click()
        assert table.last_error is None, table.message.value + table.last_traceback
        clicks += 1
        if check is not None:
            check(table)
    return clicks


def check_tooltips(table: Table) -> None:
    """Every shown card: enabled exactly when legal; a disabled card's tooltip is its name and
    the engine's refusal. The buttons show the shown hand, each card once (twice for two
    equal cards of two packs), placed in sorted order; a spare button shows nothing."""
    hand = table.hand
    seat = table._shown_seat
    legal = set(hand.legal_actions().cards) if seat == hand.to_move else set()
    shown = []
    for button in table.card_buttons:
        if "cg-spare" in button._dom_classes:
            assert button.description == "" and button.tooltip == "" and button.disabled
            assert not any(c.startswith(("cg-suit", "cg-o-", "cg-joker")) for c in button._dom_classes)
            continue
        card = cg.Card.parse(button.description)
        shown.append(card)
        assert set(card_classes(card)) <= set(button._dom_classes)
        if card in legal:
            assert not button.disabled and button.tooltip == card.name
        else:
            assert button.disabled
            assert button.tooltip == f"{card.name}: {rt.name_seats(hand.why_illegal(card, seat), table.names)}"
    assert sorted(shown, key=sort_key) == table._shown_cards
    if seat is not None:
        visible = table.hand.hands[seat] if table.open_hands or seat == table.seat or \
            table.seat is not None and table.hand.controller(seat) == table.seat else []
        if visible:
            assert sorted(visible, key=sort_key) == table._shown_cards
    assert [c for c, _b in table.shown_card_buttons()] == table._shown_cards


def seat_elements(table: Table) -> dict[int, tuple[str, str]]:
    """The seats drawn on the board: seat -> (its classes, its HTML)."""
    found = {}
    for match in re.finditer(r'<div class="(cg-seat cg-seat-(\d+)[^"]*)"[^>]*>(.*?)</div>',
                             table.board.value):
        found[int(match.group(2))] = (match.group(1), match.group(3))
    return found


def header(table: Table) -> str:
    return re.search(r'<div class="cg-header">(.*?)</div>', table.board.value).group(1)


def snapshot(hand: cg.Hand):
    return (list(hand.history), [list(h) for h in hand.hands], list(hand.score),
            [repr(t) for t in hand.tricks], list(hand.trick), list(hand.declarations),
            hand.phase, hand.to_move, hand.public_info())


def state_strings(table: Table) -> list[str]:
    """Every string in the state of every widget under the table (what a browser receives),
    except the static rule-book text of the options."""
    found = []
    for w in table.all_widgets():
        if "cg-option-doc" in getattr(w, "_dom_classes", ()):
            continue
        for key, value in w.get_state().items():
            if isinstance(value, str):
                found.append(value)
            elif isinstance(value, (list, tuple)):
                found.extend(v for v in value if isinstance(v, str))
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


# -- whole hands --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hand_by_clicking_only_enabled_buttons(game):
    table = Table(game, seed=5, seat=0, opponents="random")
    clicks = click_through(table, random.Random(1), check=check_tooltips)
    assert clicks > 0 and table.hand.is_over
    assert "The hand is over" in table.message.value
    frame = table.score_frame()
    units = rt.unit_names(table.hand, table.names)
    assert list(frame.iloc[-1][units]) == list(table.hand.score)
    assert len(frame[frame["Trick"].apply(lambda x: isinstance(x, int))]) == len(table.hand.tricks)


@pytest.mark.parametrize("game", GAMES)
def test_watching_steps_through_every_seat_with_next(game):
    table = Table(game, seed=9, seat=None, open_hands=False, opponents="random")
    assert table.enabled_card_buttons() == [] and table._shown_cards == []
    steps = 0
    while not table.hand.is_over:
        assert not table.next_button.disabled
        before = len(table.hand.history)
        table.next_button.click()
        assert table.last_error is None, table.message.value
        assert len(table.hand.history) >= before + 1
        steps += 1
        if steps % 7 == 0:
            assert_no_leak(table)
    assert table.next_button.disabled and table.finish_hand_button.disabled
    assert_no_leak(table)


@pytest.mark.parametrize("game", GAMES)
def test_finish_trick_and_finish_hand_run_on(game):
    table = Table(game, seed=3, seat=None, open_hands=True, opponents="random")
    table.finish_trick_button.click()
    assert len(table.hand.tricks) == 1 and not table.hand.trick
    table.finish_hand_button.click()
    assert table.hand.is_over and table.last_error is None


def test_the_cards_tooltips_and_classes_of_a_known_position():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    hand = table.hand
    assert hand.to_move == 2 and [s for s, _ in hand.trick] == [0, 1]
    check_tooltips(table)
    disabled = [b for _c, b in table.shown_card_buttons() if b.disabled]
    assert disabled and all("follow suit" in b.tooltip for b in disabled)
    assert "cg-table" in table.widget._dom_classes
    for css, w in [("cg-message", table.message),
                   ("cg-score", table.score), ("cg-next", table.next_button),
                   ("cg-undo", table.undo_button), ("cg-deal", table.deal_button)]:
        assert css in w._dom_classes
    assert all("cg-card" in b._dom_classes for b in table.card_buttons)
    assert all("cg-action" in b._dom_classes for b in table.action_buttons)
    # the board: the seats and the trick are elements of one HTML widget
    seats = seat_elements(table)
    assert sorted(seats) == [0, 1, 2, 3]
    assert 'class="cg-trick"' in table.board.value
    assert "cg-to-move" in seats[2][0] and not any("cg-to-move" in seats[s][0] for s in (0, 1, 3))
    assert "North" in seats[0][1] and "side North–South" in seats[0][1]
    assert "5 cards" not in seats[1][1] and "🂠 × 4" in seats[1][1]


def test_four_colour_cards_are_named_for_screen_readers():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    assert "cg-four-colour" not in table.widget._dom_classes
    for card, button in table.shown_card_buttons():
        colour = card_classes(card)[0]
        assert colour in button._dom_classes
        assert f"button.cg-card.{colour} {{ color: {rt.colour_of(card)}; }}" in CSS
    table.four_colour_box.value = True
    assert "cg-four-colour" in table.widget._dom_classes
    card, button = table.shown_card_buttons()[0]
    colour = card_classes(card)[0]
    four = rt.colour_of(card, True)
    assert (f".cg-table.cg-four-colour button.cg-card.{colour} {{ color: {four}; }}" in CSS
            or four == rt.colour_of(card))
    assert button.tooltip.startswith(card.name)
    assert table.hand.trick and all(f"color:{rt.colour_of(c, True)};" in table.board.value
                                    for _s, c in table.hand.trick)   # the trick too


# -- the named actions ----------------------------------------------------------------------------


def test_named_actions_are_buttons_only_while_legal():
    game = next((g for g in ("quinto",) if g in cg.GAMES), None)
    if game is None:
        pytest.skip("Quinto has not landed")
    table = Table(game, seed=2, seat=0, opponents="random")
    hand = table.hand
    assert hand.phase is cg.Phase.DOUBLING and hand.to_move == 0
    labels = [b.description for b in table.enabled_action_buttons()]
    assert sorted(labels) == sorted(a.label for a in hand.legal_actions().named)
    assert all(b.disabled for _c, b in table.shown_card_buttons())
    table.enabled_action_buttons()[0].click()
    assert table.hand.phase is not cg.Phase.DOUBLING or table.hand.to_move == 0
    if table.hand.phase is cg.Phase.PLAY:
        assert table.enabled_action_buttons() == [] or table.hand.legal_actions().named


def test_quinto_for_three_the_dealer_plays_the_dummy():
    if "quinto" not in cg.GAMES:
        pytest.skip("Quinto has not landed")
    probe = cg.deal("quinto", seed=4, players=3)
    dealer = probe.dealer
    dummy = next(s for s in range(probe.seats) if probe.controller(s) != s)
    table = Table("quinto", seed=4, players=3, seat=dealer, opponents="random")
    played_dummy = False

    def check(t):
        nonlocal played_dummy
        check_tooltips(t)
        if t._shown_seat == dummy and t.enabled_card_buttons():
            played_dummy = True
    click_through(table, random.Random(2), check=check)
    assert played_dummy


# -- undo and redo ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_undo_and_redo_restore_the_exact_state(game):
    table = Table(game, seed=8, seat=1, opponents="random")
    rng = random.Random(3)
    for _ in range(3):       # a few decisions in
        choices = table.enabled_card_buttons() + table.enabled_action_buttons()
        (rng.choice(choices) if choices else table.next_button).click()
    before = snapshot(table.hand)
    choices = table.enabled_card_buttons() + table.enabled_action_buttons()
    (rng.choice(choices) if choices else table.next_button).click()
    after = snapshot(table.hand)
    assert after != before
    table.undo_button.click()
    assert snapshot(table.hand) == before
    assert not table.redo_button.disabled
    table.redo_button.click()
    assert snapshot(table.hand) == after and table.redo_button.disabled
    # one action at a time, back and forth
    table.back_button.click()
    table.back_button.click()
    table.forward_button.click()
    table.forward_button.click()
    assert snapshot(table.hand) == after
    assert table.last_error is None


def test_undo_goes_back_to_the_users_previous_decision():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    hand = table.hand
    assert [s for s, _ in hand.history] == [0, 1]       # the computers played before us
    table.enabled_card_buttons()[0].click()
    assert hand.to_move == 2 and len(hand.history) > 3  # they played on to our next turn
    table.undo_button.click()
    assert [s for s, _ in hand.history] == [0, 1] and hand.to_move == 2
    table.undo_button.click()                           # no decision of ours before: the start
    assert hand.history == [] and "back to the start" in table.message.value
    assert table.undo_button.disabled


def test_a_finished_hand_can_be_stepped_back_and_forth():
    table = Table("yukon", seed=12, seat=None, open_hands=True, opponents="random")
    table.finish_hand_button.click()
    end = snapshot(table.hand)
    for _ in range(6):
        table.back_button.click()
    assert not table.hand.is_over
    for _ in range(6):
        table.forward_button.click()
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
    assert_no_leak(table)


def test_the_leak_check_would_see_a_leak():
    table = Table("yukon", seed=21, seat=0, opponents="random")
    hidden = sort_cards(hidden_cards(table))[0]
    table.message.value = f"psst: {hidden.label}"
    with pytest.raises(AssertionError):
        assert_no_leak(table)


def test_open_hands_show_every_hand_face_up():
    table = Table("yukon", seed=7, seat=2, open_hands=True, opponents="random")
    seats = seat_elements(table)
    for seat, cards in enumerate(table.hand.hands):
        if seat != 2:
            assert all(c.name in seats[seat][1] for c in cards)


def test_no_widget_is_created_while_playing():
    table = Table("yukon", seed=30, seat=0, opponents="random")
    from ipywidgets.widgets.widget import _instances
    before = len(_instances)
    click_through(table, random.Random(5))
    table.undo_button.click()
    table.redo_button.click()
    assert len(_instances) == before


# -- messages and errors -----------------------------------------------------------------------------


def test_the_message_line_explains_the_trick():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    table.enabled_card_buttons()[0].click()
    table.story.selected_index = 0          # the story is written when its panel opens
    story = table.log.value
    assert "Trick 1:" in story and "wins with" in story and "It earns" in story
    assert "seat 0" not in story            # seats by name


def test_a_callback_error_appears_in_the_message_line():
    table = Table("yukon", seed=7, seat=2, opponents="random")

    class Broken:
        def choose(self, view):
            raise RuntimeError("the computer fell off its chair")

        def declare(self, view, actions):
            return None
    table.computer_players[3] = Broken()
    table.enabled_card_buttons()[0].click()
    assert "the computer fell off its chair" in table.message.value
    assert "cg-error" in table.message.value and isinstance(table.last_error, RuntimeError)
    assert table.hand.to_move == 3       # the table is still usable: the state is intact


def test_a_deal_refused_by_the_rules_says_why():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    table.deal_text.value = "AS KS QS JS TS\nAH KH QH JH TH\nAD KD QD JD TD\nAC KC QC JC XX"
    table.deal_text_button.click()
    message = html.unescape(table.message.value)
    assert "Cannot deal" in message and "'XX' is not a card" in message
    assert table.hand.seed == 7                       # the old deal is still on the table


# -- dealing -------------------------------------------------------------------------------------------------


def test_a_deal_set_up_by_hand_from_text():
    table = Table("yukon", seed=7, seat=0, opponents="random", auto=False)
    table.deal_text.value = ("North: AS KS QS JS TS\nEast: AH KH QH JH TH\n"
                             "South: AD KD QD JD TD\nWest: AC KC QC JC TC\nstock:")
    table.deal_text_button.click()
    assert table.last_error is None, table.message.value
    assert table.hand.set_up_by_hand and table.deal_text.value == ""
    assert {str(c) for c in table._shown_cards} == {"AS", "KS", "QS", "JS", "TS"}
    assert "set up by hand" in header(table)


def test_options_chosen_from_controls_before_dealing():
    table = Table("yukon", seed=7, seat=0, opponents="random")
    table.game_select.value = "yukon"
    table.players_select.value = 3
    _box, controls = table._option_boxes["yukon"]
    controls["no_yukon_leads"].value = True
    controls["yukon_lead_follow"].value = "yukons"
    table.seed_box.value = 99
    table.seat_select.value = 1
    table.deal_button.click()
    hand = table.hand
    assert table.last_error is None, table.message.value
    assert hand.players == 3 and hand.seed == 99 and table.seat == 1
    assert hand.options.no_yukon_leads and hand.options.yukon_lead_follow == "yukons"
    assert "seed 99" in header(table)
    assert sorted(seat_elements(table)) == [0, 1, 2]     # three seats around the trick


def test_every_option_has_a_control_and_a_line_of_explanation():
    table = Table("yukon", seed=7, seat=0, opponents="random")
    for name in cg.GAMES:
        table.game_select.value = name
        box, controls = table._option_boxes[name]
        assert set(controls) == set(cg.GAMES[name].options)
        assert all(row.children[1].value for row in box.children)
        assert table.chosen_options() == {}


def test_the_same_seed_repeats_the_deal():
    a = Table("yukon", seed=1234, seat=0, opponents="random", auto=False)
    b = Table("yukon", seed=1234, seat=0, opponents="random", auto=False)
    assert a._shown_cards == b._shown_cards


def test_hint_names_a_legal_action_and_why():
    table = Table("yukon", seed=7, seat=2)
    table.hint_button.click()
    assert table.message.value.startswith("Hint: ")
    hinted = [b for b in table.card_buttons if b.button_style == "info"]
    assert len(hinted) == 1 and not hinted[0].disabled


# -- matches ---------------------------------------------------------------------------------------------------


def test_a_match_plays_hand_after_hand_with_the_scores():
    table = Table("yukon", seed=5, seat=None, open_hands=True, match=True, target=100,
                  opponents="random")
    hands = 0
    while not table.match.is_over:
        table.finish_hand_button.click()
        assert table.hand.is_over and table.last_error is None
        if not table.match.is_over:
            assert table.next_button.description == "Next hand"
            assert "Match scores" in table.message.value
            table.next_button.click()
            assert not table.hand.is_over and table.hand.history == []
        hands += 1
        assert hands < 20
    frame = table.match_frame()
    assert len(frame) == len(table.match.hands)
    assert "The match" in table.match_score.value and "match is over" in table.message.value.lower()


# The quiz's tests are in tests/test_quiz.py.


def test_a_double_click_plays_one_card_and_says_why_the_second_was_ignored(monkeypatch):
    # Issue 10: "a click while computer seats are playing, a double click": the buttons are
    # reused in place, so the second click would otherwise play whatever card its button shows
    # after the redraw.
    monkeypatch.setattr(Table, "click_grace", 5.0)
    table = Table("yukon", seed=3, seat=0, opponents="random")
    button = next(b for b in table.card_buttons if not b.disabled and b.layout.display != "none")
    button.click()
    played = list(table.hand.history)
    assert played and played[0][0] == 0
    button.click()                       # the second click of a double click
    assert table.hand.history == played  # nothing more was played
    assert "double click" in table.message.value and "click once" in table.message.value


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_the_record_button_gives_a_player_only_what_his_seat_saw(game):
    # Issue 10: no record of a hidden-hands table meant for a player holds a card he may not see.
    table = Table(game, seed=4, seat=0, opponents="random")
    table.record_button.click()
    text = table.record_box.value
    hidden = {str(c) for c in table.hand.view(0).unseen}
    assert '"kind": "view"' in text and '"seed"' not in text
    named = set(re.findall(r'"([2-9TJQKA][SHDC]|JK)"', text))
    if game != "pip_pip":        # two packs: a hidden card may have a visible twin
        assert not named & hidden
    watching = Table(game, seed=4, seat=None, opponents="random")
    watching.record_button.click()
    assert cg.load(watching.record_box.value).history == watching.hand.history


def test_a_deal_made_from_code_redraws_the_whole_table_message_line_included():
    # A teacher's notebook cell: table.new_deal(...) for the deal set up before class.
    table = Table("yukon", seed=1)
    table.new_deal("yukon", seed=42, players=3)
    assert "seed 42" in header(table) and "3 players" in header(table)
    assert "A new hand of Yukon (seed 42)" in table.message.value


def test_a_bad_deal_from_code_raises_and_the_table_keeps_its_hand():
    table = Table("yukon", seed=1)
    before = (table.hand.hands, table.board.value, table.message.value)
    with pytest.raises(cg.SetupError, match="seat must be"):
        table.new_deal("yukon", seed=42, seat=7)
    assert (table.hand.hands, table.board.value, table.message.value) == before


# -- what a click sends (issue 8) ----------------------------------------------------------------
# Each widget message is a trip kernel -> server -> browser, and those trips are most of a
# click's time in the apps: these tests count them headless (no timing; the times are
# benchmarks/apps_speed.py's), by spying on ``Widget._send``.

from collections import Counter  # noqa: E402

from ipywidgets.widgets.widget import Widget  # noqa: E402


@pytest.fixture
def sent(monkeypatch):
    """The widget messages sent so far: (widget, the state it sent), in order."""
    messages: list[tuple[Widget, dict]] = []
    send = Widget._send

    def spy(self, msg, buffers=None):
        messages.append((self, msg.get("state", {})))
        return send(self, msg, buffers)
    monkeypatch.setattr(Widget, "_send", spy)
    return messages


def button_looks(table: Table) -> Counter:
    """What the card buttons mean: each shown card with its state (a multiset: two packs)."""
    return Counter((card, b.disabled, b.tooltip, b.button_style)
                   for card, b in table.shown_card_buttons())


@pytest.mark.parametrize("game", GAMES)
def test_a_click_sends_one_message_per_widget_that_changed(game, sent):
    # The benchmark's deal (seed 11): its first five clicks on an enabled card (or action).
    table = Table(game, seed=11)
    cards = set(table.card_buttons)
    shown = {table.board, table.score, table.match_score, table.message}
    for _ in range(5):
        choices = table.enabled_card_buttons() or table.enabled_action_buttons()
        if not choices:
            break
        before = button_looks(table)
        sent.clear()
        choices[0].click()
        assert table.last_error is None, table.message.value
        widgets_sent = [w for w, _state in sent]
        # hold_sync: one message per widget; the looks are classes, no style/layout widget
        assert len(widgets_sent) == len(set(widgets_sent)), [type(w).__name__ for w in widgets_sent]
        assert {type(w).__name__ for w in widgets_sent} <= {"Button", "HTML"}
        # the message line comes last (the benchmark waits for it: the whole redraw is timed)
        assert widgets_sent[-1] is table.message
        html = [w for w in widgets_sent if type(w).__name__ == "HTML"]
        assert set(html) <= shown, "the story is closed: it costs a click nothing"
        # a card keeps its button: only the buttons whose card or state changed are sent
        after = button_looks(table)
        changed = max(sum((before - after).values()), sum((after - before).values()))
        assert len([w for w in widgets_sent if w in cards]) <= changed


def test_a_card_keeps_its_button_while_it_stays_in_the_hand():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    before = {card: button for card, button in table.shown_card_buttons()}
    played = table.enabled_card_buttons()[0]
    card = next(c for c, b in before.items() if b is played)
    played.click()
    assert card not in table.hand.hands[2]
    after = dict(table.shown_card_buttons())
    for kept, button in after.items():
        if kept in before:
            assert button is before[kept]
    # the played card's button now shows the card drawn from the stock, or nothing
    check_tooltips(table)


def test_two_equal_cards_of_two_packs_have_a_button_each():
    table = Table("pip_pip", seed=8, seat=0, opponents="random", auto=False)
    three = cg.Card.parse("3S")
    twins = [b for card, b in table.shown_card_buttons() if card is three]
    assert len(twins) == 2 and all(not b.disabled for b in twins)
    other = {c: b for c, b in table.shown_card_buttons() if c is not three}
    twins[1].click()
    assert table.last_error is None, table.message.value
    assert table.hand.hands[0].count(three) == 1
    left = [b for card, b in table.shown_card_buttons() if card is three]
    assert left == [twins[0]] and twins[1].description != three.label   # spare, or the card drawn
    assert all(dict(table.shown_card_buttons())[c] is b for c, b in other.items())
    check_tooltips(table)


def test_closed_panels_wait_and_opening_one_leaves_the_message_line(sent):
    table = Table("yukon", seed=7, seat=2, opponents="random")
    assert table.story.selected_index is None and table.sheets.selected_index == 0
    table.sheets.selected_index = None
    story, sheet = table.log.value, table.score.value
    table.enabled_card_buttons()[0].click()
    assert table.hand.tricks                                 # the trick was finished
    assert (table.log.value, table.score.value) == (story, sheet)
    message = table.message.value
    sent.clear()
    table.story.selected_index = 0
    assert "wins with" in table.log.value
    table.sheets.selected_index = 0
    assert "Trick" in table.score.value and table.score.value != sheet
    assert table.message.value == message
    assert {w for w, _state in sent} <= {table.log, table.score, table.story, table.sheets}
    sent.clear()                                             # open panels follow every click
    table.enabled_card_buttons()[0].click()
    assert table.log in {w for w, _state in sent}


def test_switching_four_colours_or_open_hands_keeps_the_message_line():
    # A change of looks redraws the cards but says nothing new: the explanation of the trick
    # just played stays where the user was reading it.
    table = Table("yukon", seed=7, seat=2, opponents="random")
    table.enabled_card_buttons()[0].click()
    message = table.message.value
    assert "wins" in message
    table.four_colour_box.value = True
    assert "cg-four-colour" in table.widget._dom_classes and table.message.value == message
    table.open_hands_box.value = True
    assert table.open_hands and table.message.value == message


# Replaying a record step by step (a teacher's "step-by-step replay" of a hand kept earlier)


@pytest.mark.parametrize("game", GAMES)
def test_a_recorded_hand_replays_step_by_step_from_the_record_box(game):
    from cardgames.players import make_player, play_hand

    recorded = cg.deal(game, seed=21)
    play_hand(recorded, [make_player("rule-of-thumb", s) for s in range(recorded.seats)])
    table = Table("yukon", seed=1)
    table.record_panel.selected_index = 0
    table.record_box.value = recorded.to_json()
    table.replay_button.click()
    assert table.last_error is None, table.message.value
    assert table.seat is None and table.open_hands and not table.hand.history
    assert "at its start" in table.message.value
    assert "1 ▶ takes the next recorded action" in table.message.value
    for step in range(1, len(recorded.history) + 1):
        table.forward_button.click()
        assert table.hand.history == recorded.history[:step]
    assert table.forward_button.disabled and table.hand.is_over
    assert table.hand.score == recorded.score
    table.back_button.click()                      # and back, one action
    assert table.hand.history == recorded.history[:-1]


def test_watching_the_message_line_names_the_seat_to_move_not_you():
    # Watching (a class on a projector), the user may act for every seat: the prompt names the
    # seat and offers Next, rather than "Your turn".
    table = Table("guinote", seed=5, seat=None)
    assert "North to move: play a card for North, or press Next" in table.message.value
    table.next_button.click()
    assert "East to move: play a card for East" in table.message.value
    assert "Your turn" not in table.message.value


def test_a_match_record_replays_the_hand_it_ends_with():
    match = cg.match("guinote", seed=4)
    for _ in range(10):
        match.apply(match.hand.legal_actions()[0])
    table = Table("yukon", seed=1)
    table.replay(match.to_json())
    assert table.game.name == "guinote" and table.match is None
    while not table.forward_button.disabled:
        table.forward_button.click()
    assert table.hand.history == match.hand.history


def test_a_record_that_cannot_be_replayed_says_why_and_the_table_keeps_its_hand():
    table = Table("yukon", seed=7, seat=2, opponents="random")
    table.enabled_card_buttons()[0].click()
    history = list(table.hand.history)
    seat_record = table.record_for_user()          # hidden hands: what seat 2 saw, no more
    for text, why in [("", "the box is empty"),
                      ("{not json", "not valid JSON"),
                      (seat_record, "lacks the hidden cards")]:
        table.record_box.value = text
        table.replay_button.click()
        assert "Cannot replay" in table.message.value and why in table.message.value, text
        assert table.hand.history == history and table.seat == 2
    with pytest.raises(cg.RecordError):
        table.replay("{not json")


# Best play with all cards shown (issue 9: "the table (open hands) can show it next to each card")


@pytest.mark.parametrize("game", GAMES)
def test_best_play_gives_what_each_action_secures_with_open_hands(game):
    # Watching with open hands, the "Best play" line lists every legal action of the seat to
    # move with what the exact search (cardgames.solver.solve) says it secures, in the last
    # tricks of the hand; earlier it says when it will be searched.
    from cardgames.solver import solve

    table = Table(game, seed=5, seat=None)
    table.best_play_box.value = True
    assert "searched exactly in the last 4 tricks" in table.best_play.value
    checked = 0
    while not table.hand.is_over:
        line = html.unescape(re.sub(r"<[^>]+>", "", table.best_play.value))
        if "perfect play" in line:
            solution = solve(table.hand)
            for action, value in solution.values.items():
                assert f"{action.label} {value}" in line
            checked += 1
        table.next_button.click()
    assert checked >= 4                      # at least every lead of the last four tricks
    table.best_play_box.value = False
    assert table.best_play.value == ""


def test_best_play_stays_silent_with_hidden_hands():
    # The search needs every card: with hidden hands the line says so and shows no card.
    table = Table("guinote", seed=5, seat=0, open_hands=False, opponents="random")
    table.best_play_box.value = True
    rng = random.Random(5)
    while not table.hand.is_over:
        assert "needs every card face up" in table.best_play.value
        assert_no_leak(table)
        choices = table.enabled_card_buttons() + table.enabled_action_buttons()
        (rng.choice(choices) if choices else table.next_button).click()


def widget_tree(widget: Widget) -> list[Widget]:
    """A widget and every widget inside it (a box's children, in turn)."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found.extend(widget_tree(child))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_table_shares_its_layouts_and_styles_and_never_changes_them(game, sent):
    # Every Layout and style is one more model a page must load before it shows the table (the
    # Yukon app had 552 models, 350 of them layouts and styles; with 20 pages loading at once
    # some never got them all). A table makes one per look and never changes one after making
    # it, since a change to a shared layout would change every widget that shares it.
    from ipywidgets import Layout
    from ipywidgets.widgets.widget_style import Style
    table = Table(game, seed=3, opponents="random")
    table.setup_panel.selected_index = 0
    tree = widget_tree(table.widget)
    looks = {id(w.layout) for w in tree} | {id(w.style) for w in tree if hasattr(w, "style")}
    assert len(looks) <= 24 and len(tree) > 3 * len(looks), (len(tree), len(looks))
    sent.clear()
    click_through(table, random.Random(2))
    table.four_colour_box.value = True
    table.open_hands_box.value = True
    table.game_select.value = "pip_pip" if game != "pip_pip" else "quinto"
    table.deal_from_controls()
    table.hint_button.click()
    assert sent and not [w for w, _state in sent if isinstance(w, (Layout, Style))]


def test_shared_looks_refuse_a_style_for_a_widget_without_one():
    from ipywidgets import HBox
    from cardgames.widgets.shared_looks import SharedLooks
    looks = SharedLooks()
    first = looks.make(HBox, layout={"width": "3em"})
    second = looks.make(HBox, layout={"width": "3em"})
    assert first.layout is second.layout and looks.models == 1
    with pytest.raises(TypeError, match="HBox has no style to set"):
        looks.make(HBox, style={"font_weight": "bold"})
