"""What the in-browser site needs: the score sheets without pandas, a clear message where pandas
or matplotlib is missing, and simulations in one process where there is no multiprocessing."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import cardgames as cg
from cardgames import analysis
from cardgames import table_words
from cardgames import score_sheet

ROOT = Path(__file__).resolve().parent.parent


def played(game: str, seed: int, tricks: int) -> cg.Hand:
    hand = cg.deal(game, seed=seed)
    rng = random.Random(seed)
    while len(hand.tricks) < tricks and not hand.is_over:
        hand.apply(rng.choice(list(hand.legal_actions())))
    return hand


def test_the_score_sheet_without_pandas_is_the_same_sheet():
    # Two tricks of a random Yukon hand: the plain rows are the DataFrame's rows, and the HTML
    # sheet shows every trick's cards and the running totals (the totals equal hand.score).
    hand = played("yukon", 4, 2)
    names = table_words.seat_names(hand)
    columns, rows = score_sheet.score_rows(hand, names)
    frame = score_sheet.score_frame(hand, names)
    assert list(frame.columns) == columns
    assert frame.to_dict("records") == rows
    units = table_words.unit_names(hand, names)
    assert [rows[-1][u] for u in units] == list(hand.score)
    sheet = score_sheet.sheet_html((columns, rows))
    read = re.sub(r"<[^>]+>", "", sheet)         # the sheet's text, as a reader sees it
    for row in rows:
        assert table_words.escape(row["Cards"]) in read
    # each play ("North 2♥,") is kept on one line: a phone's narrow column broke every one of
    # them between the seat and the card, eight lines for a trick
    plays = [play for row in rows if row["Cards"] for play in row["Cards"].split(", ")]
    assert sheet.count('<span class="cg-play">') == len(plays) == 4 * 2
    assert sheet.split("<tbody>")[1].count("<tr>") == len(rows)
    assert score_sheet.sheet_html((columns, []), "No tricks yet.") == "<p><i>No tricks yet.</i></p>"


def test_the_match_sheet_without_pandas_is_the_same_sheet():
    match, rng = cg.match("yukon", seed=2), random.Random(3)
    while len(match.hands) < 1:
        match.apply(rng.choice(list(match.hand.legal_actions())))
    columns, rows = score_sheet.match_rows(match)
    assert score_sheet.match_frame(match).to_dict("records") == rows
    assert ">1</td>" in score_sheet.sheet_html((columns, rows))      # hand 1 is on the sheet


def test_where_pandas_is_missing_a_simulation_says_what_it_needs():
    # A Python without pandas (import blocked): the message names pandas and the full install.
    code = ("import sys; sys.modules['pandas'] = None\n"
            "from cardgames.analysis import simulate, NeedsFullInstall\n"
            "try:\n    simulate('yukon', hands=2)\n"
            "except NeedsFullInstall as error:\n    print(error.name, '|', error)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    name, _, message = done.stdout.partition(" | ")
    assert name == "pandas"
    assert "Simulations and their tables need pandas" in message
    assert "pip install 'cardgames[apps]'" in message


def test_without_multiprocessing_workers_play_in_one_process(monkeypatch):
    # In the browser (sys.platform "emscripten") there are no processes: the same frame comes
    # back from this one.
    alone = analysis.simulate("guinote", hands=3, seed=5)
    monkeypatch.setattr(analysis, "in_browser", lambda: True)
    monkeypatch.setattr(analysis, "_simulate_in_processes",
                        lambda *a, **k: (_ for _ in ()).throw(AssertionError("no processes here")))
    assert analysis.simulate("guinote", hands=3, seed=5, workers=2).equals(alone)


def test_the_rule_choices_without_pandas_are_the_same_table():
    # The explainers' "rule choices" cell in a Python without pandas (the site): an HTML table
    # with a row per option of the game, each with its question and its readings in words.
    code = ("import sys; sys.modules['pandas'] = None\n"
            "from cardgames.widgets.notebook import options_table\n"
            "print(options_table('yukon').data)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-800:]
    html = done.stdout
    options = cg.GAMES["yukon"].options
    assert html.split("<tbody>")[1].count("<tr>") == len(options)
    for option in options.values():
        assert table_words.escape(option.question) in html
