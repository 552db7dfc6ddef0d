"""The explainer notebooks and their app glue, without a kernel or a browser.

nbval runs the notebooks themselves (``testpaths`` includes ``notebooks``); the browser tests
drive them in Voila. Here: every game has its notebook, built the same way (sources, checked
examples, the table, a match, the explore section, ``follow_link()`` last), and
:mod:`cardgames.widgets.notebook` turns links into tables or friendly messages.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("ipywidgets")

import cardgames as cg  # noqa: E402
from cardgames.widgets import notebook as glue  # noqa: E402
from cardgames.widgets.open_here import OpenHere  # noqa: E402
from cardgames.widgets.quiz_app import quiz_app  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
GAMES = list(cg.GAMES)


def read(name: str):
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)


def code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


@pytest.fixture(autouse=True)
def fresh_glue(monkeypatch):
    """Each test starts as a new kernel would: no query read yet, no tables shown."""
    monkeypatch.setattr(glue, "_query", None)
    monkeypatch.setattr(glue, "_apps", [])
    for name in ("VOILA_KERNEL_ID", "VOILA_PREHEAT", "QUERY_STRING", "SERVER_SOFTWARE"):
        monkeypatch.delenv(name, raising=False)


# -- the notebooks ----------------------------------------------------------------------------


def test_every_game_has_a_notebook_and_the_index_links_it():
    index = "\n".join(c.source for c in read("index").cells if c.cell_type == "markdown")
    for game in GAMES:
        assert (NOTEBOOKS / f"{game}.ipynb").exists(), game
        assert f"({game}.ipynb)" in index, f"the index does not link {game}"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_notebook_is_built_like_the_others(game):
    nb = read(game)
    cells = code_cells(nb)
    sources = [c.source for c in cells]
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "## Where the game comes from" in markdown and "https://" in markdown
    assert "## The disputed rules, and their options" in markdown
    assert "## Explore" in markdown
    assert any(f'app("{game}")' in s and "# NBVAL_IGNORE_OUTPUT" in s for s in sources), \
        "the table cell (its output ignored by nbval)"
    assert any(f'app("{game}", match=True)' in s for s in sources), "the match cell"
    assert any(f'options_table("{game}")' in s for s in sources)
    assert "follow_link()" in sources[-1], "follow_link() must be the last cell (preheated Voila)"
    checked = [c for c in cells if c.source.startswith("# NBVAL_CHECK_OUTPUT")]
    asserting = [c for c in cells if re.search(r"^assert ", c.source, re.M)]
    assert len(checked) + len(asserting) >= 3, "a few short cells assert what the notebook teaches"
    for cell in checked:
        assert cell.outputs, "a checked cell keeps the output nbval compares with"
    # Issue 22: the worked examples are drawn (cardgames.examples), and each drawn example's
    # claims are asserted in its own cell.
    drawn = [c for c in cells if re.search(r"\bex\.(position|trick|deal|best_play)\(", c.source)]
    assert len(drawn) >= 3, "worked examples drawn with cardgames.examples"
    for cell in drawn:
        assert "assert " in cell.source, f"a drawn example asserts what it shows: {cell.source[:80]}"
    printed = [c.source for c in cells if re.search(r"legal_actions\(\)\)|describe\(\)\)", c.source)]
    assert not printed, "no worked example prints card notation or a repr"


@pytest.mark.parametrize("name", ["index", *GAMES])
def test_cells_are_short_and_saved_without_errors(name):
    for cell in code_cells(read(name)):
        assert len(cell.source.splitlines()) <= 14, cell.source
        assert not [o for o in cell.outputs if o.output_type == "error"], cell.source


# -- the app glue ---------------------------------------------------------------------------------


def message_of(box) -> str:
    (child,) = box.children
    assert "cg-app-message" in child._dom_classes
    return child.value


def test_outside_voila_there_is_no_link_and_a_fresh_deal():
    assert glue.query_string() == ""
    shown = glue.App("yukon")
    shown.deal(glue.query_string())
    assert shown.box.children == (shown.table.widget,)
    assert shown.table.hand.players == 4


def test_a_link_in_voila_deals_what_it_asks(monkeypatch):
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "seed=123&players=3&no_yukon_leads=1")
    box = glue.app("yukon")
    table = glue._apps[0].table
    # a link to a deal is a link to its table: the page opens there (OpenHere, above the table)
    opening, shown = box.children
    assert isinstance(opening, OpenHere) and shown is table.widget
    assert (table.hand.seed, table.hand.players) == (123, 3)
    assert table.hand.options.no_yukon_leads is True
    assert "123" not in table.message          # a hidden deal's seed would show every hand


def test_the_page_opens_at_what_its_link_asks_for(monkeypatch):
    # A page's link to a deal, a seat or a quiz is a link to that section of the long page:
    # OpenHere (nothing drawn) brings it to the top of the window. Only the section asked for.
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    opens = lambda box: isinstance(box.children[0], OpenHere)  # noqa: E731
    for query, table, match, quiz in [("", False, False, False),
                                      ("seed=5&seat=watch", True, False, False),
                                      ("open_hands=1", True, False, False),
                                      ("quiz=3&seed=4", False, False, True),
                                      # the quiz alone fills the window: nothing to scroll to
                                      ("quiz=3&seed=4&view=quiz", False, False, False),
                                      ("view=table&seed=5", False, False, False)]:
        glue._apps.clear()
        monkeypatch.setattr(glue, "_query", None)      # a new page, a new kernel
        monkeypatch.setenv("QUERY_STRING", query)
        boxes = (glue.app("guinote"), glue.app("guinote", match=True), quiz_app("guinote"))
        glue._apps[1].when_drawn.receive({"type": "drawn"})
        assert [opens(box) for box in boxes] == [table, match, quiz], query


def test_a_projector_link_deals_only_what_it_shows(monkeypatch):
    # ?view=table shows the page's first table alone on a class's projector, ?view=quiz the quiz
    # alone: the match's table below (and, for the quiz, the hand's) is hidden, so it is not
    # dealt at all, neither in the kernel nor as widgets for the page to build.
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    for query, dealt in [("seed=5", [True, True]), ("seed=5&view=table", [True, False]),
                         ("quiz=3&seed=4&view=quiz", [False, False])]:
        glue._apps.clear()
        monkeypatch.setattr(glue, "_query", None)      # a new page, a new kernel
        monkeypatch.setenv("QUERY_STRING", query)
        boxes = (glue.app("guinote"), glue.app("guinote", match=True))
        glue._apps[1].when_drawn.receive({"type": "drawn"})
        assert [shown.table is not None for shown in glue._apps] == dealt, query
        for box, was_dealt in zip(boxes, dealt):
            if not was_dealt:
                assert "view=" in box.children[0].value, query      # says why, to a reader


def test_a_link_may_set_a_deal_out_to_watch_with_every_hand_open(monkeypatch):
    # A teacher's projector: ?seed=5&seat=watch has no seat of its own and every hand face up.
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "seed=5&seat=watch")
    glue.app("guinote")
    table = glue._apps[0].table
    assert table.seat is None and table.session.open_hands and table.hand.seed == 5


@pytest.mark.parametrize("query, says", [
    ("players=9", "Yukon is played by 2, 3, 4, 5 players, not 9"),
    ("seed=abc", "a whole number is needed"),
    ("colour=red", "links may set: seed, players, seat, open_hands, view, quiz, "
                   "yukon_follows_natural_suit"),
    ("players=3&removed_twos=2H,2D", "The rules do not allow this deal of Yukon"),
])
def test_a_bad_link_gets_a_message_not_a_table(monkeypatch, query, says):
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("QUERY_STRING", query)
    text = message_of(glue.app("yukon"))
    assert says in text.replace("&#x27;", "'")
    assert "Traceback" not in text


def test_an_unexpected_error_in_voila_is_a_friendly_message(monkeypatch):
    import cardgames.widgets.table as table_module

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(table_module, "Table", broken)
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    text = message_of(glue.app("yukon"))
    assert "Sorry, the table could not be set up" in text
    assert "boom" not in text and "Traceback" not in text
    monkeypatch.delenv("VOILA_KERNEL_ID")
    with pytest.raises(RuntimeError):       # in JupyterLab the author sees what went wrong
        glue.app("yukon")


def test_follow_link_redeals_every_table_once_the_preheated_page_is_asked_for(monkeypatch):
    voila_utils = pytest.importorskip("voila.utils")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    asked = []
    monkeypatch.setattr(voila_utils, "get_query_string", lambda: asked.append(1) or "seed=77")
    hand_box = glue.app("guinote")
    match_box = glue.app("guinote", match=True)
    assert asked == [], "app() must not wait for the request (the preheated kernel runs on)"
    # until the page's link is known, no deal is shown (it would not be the link's)
    assert "Shuffling" in hand_box.children[0].value and "Shuffling" in match_box.children[0].value
    glue.follow_link()
    hand_app, match_app = glue._apps
    hand_table = hand_app.table
    assert hand_box.children[1:] == (hand_table.widget,)
    assert isinstance(hand_box.children[0], OpenHere)     # the page opens at the link's deal
    assert hand_table.hand.seed == 77
    assert "77" not in hand_table.message      # the seed of a hidden deal is not shown
    # the match's table waits until the browser has drawn the page's first table
    assert match_app.table is None and "Shuffling" in match_box.children[0].value
    match_app.when_drawn.receive({"type": "drawn"})
    assert match_box.children == (match_app.table.widget,)   # the page opens at the first table
    assert match_app.table.match is not None and match_app.table.match.seed == 77
    glue.follow_link()
    assert asked == [1], "the request is read once per kernel"


def test_a_match_in_voila_is_dealt_once_the_page_has_drawn_its_first_table(monkeypatch):
    # The browser creates every widget of a page before it draws any: the match's table (its
    # board and panels) is built only when the page says its first table is drawn.
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "seed=12&players=3")
    hand_box = glue.app("pip_pip")
    match_box = glue.app("pip_pip", match=True)
    match_app = glue._apps[1]
    assert hand_box.children[1:] == (glue._apps[0].table.widget,)
    waiting, when_drawn = match_box.children
    assert "Shuffling" in waiting.value and when_drawn is match_app.when_drawn
    # a crafted message builds nothing
    for crafted in ({"type": "drawn", "extra": 1}, {"type": "play"}, "drawn", None):
        assert not when_drawn.receive(crafted)
    assert not when_drawn.receive({"type": "drawn"}, buffers=[b"x"])
    assert match_app.table is None
    assert when_drawn.receive({"type": "drawn"})
    table = match_app.table
    assert match_box.children == (table.widget,)
    assert (table.match.seed, table.hand.players) == (12, 3)
    assert not when_drawn.receive({"type": "drawn"}), "built once"
    assert match_app.table is table


def test_follow_link_does_nothing_outside_voila():
    box = glue.app("quinto")
    seed = glue._apps[0].table.hand.seed
    glue.follow_link()
    assert glue._apps[0].table.hand.seed == seed and box.children


def test_a_card_click_in_the_app_plays_it():
    glue.app("yukon")
    table = glue._apps[0].table
    before = table.message
    assert table.choose(table.choices()[0])
    assert table.hand.tricks or table.hand.trick
    assert table.message != before


def test_show_cards_and_options_table():
    html = glue.show_cards("JS", "JH JD JC", labels=["Grand Yukon", "Yukons"]).data
    assert html.count('class="cg-card-face"') == 4 and "Grand Yukon" in html
    # the disputed rules as a learner reads them: each rule's question and its readings in
    # words, no option's name; the sources in a fold under the table
    table = glue.options_table("yukon").data
    options = cg.GAMES["yukon"].options
    assert table.split("<tbody>")[1].count("<tr>") == len(options)
    for name, option in options.items():
        assert escape(option.question) in table and name not in table
        assert escape(option.words(option.default)) in table
    assert "<summary>Sources</summary>" in table and "PAR-Y" in table.split("<details")[1]


def test_a_preheated_page_with_no_link_shows_its_table_once_asked_for(monkeypatch):
    voila_utils = pytest.importorskip("voila.utils")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(voila_utils, "get_query_string", lambda: "")
    box = glue.app("yukon")
    assert "Shuffling" in box.children[0].value
    glue.follow_link()
    assert box.children == (glue._apps[-1].table.widget,)


# -- the page for teachers (issue 22, item 3) -----------------------------------------------------


def links_of(name: str) -> list[tuple[str, str]]:
    """The (page, query) of every relative link to a game page in a notebook's prose."""
    text = "\n".join(c.source for c in read(name).cells if c.cell_type == "markdown")
    return re.findall(r"\]\((\w+)\.ipynb(?:\?([^)\s]*))?\)", text)


def test_the_index_links_the_teachers_page_and_a_class_view():
    found = links_of("index")
    assert ("teachers", "") in found
    assert any("seat=watch" in query and "view=table" in query for _, query in found)


def test_every_link_on_the_teachers_page_deals_what_it_says():
    from cardgames.links import parse_query
    from cardgames.widgets.quiz_app import quiz_settings

    # index and rooms (the teacher's page for rooms, tests/test_teacher_panel.py) are no games
    found = [(page, query) for page, query in links_of("teachers") if page not in ("index", "rooms")]
    assert {page for page, _ in found} == set(GAMES)
    kinds = {"seed", "players", "seat=watch", "view=table", "quiz", "view=quiz"}
    assert all(any(k in query for _, query in found) for k in kinds), "each step has its links"
    for page, query in found:
        # view=table is read by the app itself (the board filling the window), not by the deal.
        dealt = "&".join(p for p in query.split("&") if p not in ("view=table", "view=quiz"))
        parse_query(page, dealt)               # raises LinkError on a link the page would refuse
        if "quiz=" in query:
            assert quiz_settings(query)["seed"] == 12
            assert quiz_settings(query)["fill"] == ("view=quiz" in query)
