"""Guinote with the Spanish pack (baraja española), told as stories: the faces, the names, and
what a person at the table reads with ``faces="spanish"``.

The rule text (seeds/003, S3): "The game is traditionally played with a 40 card Spanish deck, but
it is easily adapted to the 52 card French suited deck ... A French deck is used for this rules
description." RULES.md §4.1, mapping note: "In Guiñote the *sota* ranks above the *caballo*, and
marriages are **king + sota** ... So **S3's Queen corresponds to the Sota, and S3's Jack to the
Caballo**." The engine stays French (``KH`` is the notation); the pack names and draws the cards.
"""

from __future__ import annotations

import base64
import re

import pytest

import cardgames as cg
from cardgames import spanish_faces
from cardgames.cards import FORTY_CARD_DECK, Rank, Suit
from cardgames.links import LinkError, parse_query
from cardgames.packs import FRENCH, SPANISH, PackError, get_pack
from cardgames.session import TableSession

SPANISH_WORDS = {"oros", "copas", "espadas", "bastos"}
FRENCH_SIGNS = re.compile("[♠♥♦♣]")
FRENCH_WORDS = re.compile(r"\b(hearts?|spades?|diamonds?|clubs?|kings?|queens?|jacks?|aces?)\b",
                          re.IGNORECASE)


def spanish_only(text: str) -> None:
    """No French suit sign, no French suit or court name."""
    assert not FRENCH_SIGNS.search(text), text
    assert not FRENCH_WORDS.search(text), text


# -- the faces ------------------------------------------------------------------------------


def symbols(sprite: str) -> dict[str, str]:
    return dict(re.findall(r'<symbol id="([\w-]+)" viewBox="[^"]*">(.*?)</symbol>', sprite))


def test_forty_distinct_faces_each_with_its_number_and_its_suit_sign():
    # Each of Guinote's 40 cards has a face of its own; its corner prints the number a Spanish
    # pack prints (1-7, 10 sota, 11 caballo, 12 rey) and the sign of its suit, in the suit's
    # colour; the number cards and the as show their suit's signs and no other.
    found = symbols(spanish_faces.sprite())
    faces = {code.removeprefix("cg-face-"): body for code, body in found.items()
             if code.startswith("cg-face-")}
    assert set(faces) == {str(card) for card in FORTY_CARD_DECK}
    assert len(set(faces.values())) == 40
    printed = {Rank.ACE: "1", Rank.QUEEN: "10", Rank.JACK: "11", Rank.KING: "12"}
    for card in FORTY_CARD_DECK:
        body = faces[str(card)]
        number = printed.get(card.rank, card.rank.label)
        assert re.search(rf">{number}</text>", body), card
        assert spanish_faces.SUIT_COLOURS[card.suit] in body
        signs = set(re.findall(r'href="#cg-es-(\w)"', body))
        assert signs == {card.suit.letter}, card
        if card.rank not in (Rank.KING, Rank.QUEEN, Rank.JACK):
            count = 1 if card.rank is Rank.ACE else int(card.rank)
            # the pips, and the sign under each of the two corner numbers
            assert body.count(f'href="#cg-es-{card.suit.letter}"') == count + 2, card
    assert {"cg-back", "cg-es-D", "cg-es-H", "cg-es-S", "cg-es-C"} <= set(found)


def test_the_court_cards_are_three_different_figures():
    # A standing page (the sota: legs and a cap), a rider on a horse (the caballo: four legs
    # under a horse's body), a crowned king (the rey: a crown's three points).
    faces = symbols(spanish_faces.sprite())
    for suit in Suit:
        sota, caballo, rey = (faces[f"cg-face-{r}{suit.letter}"] for r in "QJK")
        assert len({sota, caballo, rey}) == 3
        assert "<ellipse cx=\"126\" cy=\"210\"" in caballo and caballo.count("<rect") >= 4
        assert "L120 28L134 52" in rey                         # the crown's middle point
        assert "L120 28L134 52" not in sota + caballo


def test_a_standalone_card_is_named_for_screen_readers_in_the_packs_words():
    svg = SPANISH.card_svg("KH")
    assert 'aria-label="rey of copas"' in svg and "cg-es-H" in svg
    with pytest.raises(ValueError, match="40 cards"):
        spanish_faces.card_svg("TH")


# -- the names ------------------------------------------------------------------------------


@pytest.mark.parametrize("code, name, short", [
    ("AD", "as of oros", "1 oros"), ("3H", "3 of copas", "3 copas"),
    ("KH", "rey of copas", "12 copas"), ("QS", "sota of espadas", "10 espadas"),
    ("JC", "caballo of bastos", "11 bastos"), ("7D", "7 of oros", "7 oros")])
def test_every_card_has_a_spanish_name(code, name, short):
    assert SPANISH.name(code) == name and SPANISH.short(code) == short
    assert FRENCH.name(code) == cg.Card.parse(code).name


def test_the_forty_names_are_distinct_and_spanish():
    names = [SPANISH.name(card) for card in FORTY_CARD_DECK]
    assert len(set(names)) == 40
    for name in names:
        spanish_only(name)
        assert name.split(" of ")[1] in SPANISH_WORDS


def test_a_sentence_is_rewritten_once_and_a_second_time_changes_nothing():
    sentence = "declare the 40: King and Queen of hearts; K♥ and Q♥ beat the J♥ (♣ clubs)"
    spanish = SPANISH.words(sentence)
    assert spanish == ("declare the 40: rey and sota of copas; rey of copas and sota of copas "
                       "beat the caballo of copas (bastos)")
    assert SPANISH.words(spanish) == spanish
    assert FRENCH.words(sentence) == sentence


def test_the_spanish_pack_is_guinotes_only():
    with pytest.raises(PackError, match="for Guinote only; Yukon is played with the French pack"):
        TableSession("yukon", 3, faces="spanish")
    with pytest.raises(PackError, match="not a pack: choose french or spanish"):
        get_pack("tarot")
    assert TableSession("yukon", 3).pack is FRENCH       # the French pack stays the default


# -- at the table -------------------------------------------------------------------------


def watch(**deal) -> TableSession:
    """A table of Guinote with the Spanish pack, every seat the user's (no computer plays)."""
    return TableSession("guinote", None, seat=None, auto=False, faces="spanish", **deal)


def test_a_refusal_names_the_cards_in_spanish():
    # RULES.md §4.1 phase 2, void in the suit led: "must play a trump"; over a trump "a higher
    # trump if he has one". Spades are trumps: espadas.
    table = watch(hands=["AH 2D", "4S 3D", "6S 2S", "5S 7D"], stock=[], trump="S")
    table.run(table.choose, "AH")
    assert table.message.startswith("North plays as of copas.")
    table.run(table.choose, "3D")
    assert table.message_is_error
    assert table.message == (
        "Not allowed: in the arrastre (the stock is empty), with no copas to follow, you must "
        "play a trump card over an opponent's as of copas: you hold 4 of espadas (espadas are "
        "trumps)")
    table.run(table.choose, "4S")
    assert "must over-trump an opponent's 4 of espadas" in table.why("2S")
    spanish_only(table.why("2S"))
    assert [c.words for c in table.choices()] == ["South: play 6 of espadas"]


MARRIAGES = dict(hands=["2D KC QC 4C 5C", "4D KD QD 7C 2C", "AD KH QH KS QS", "5D 7D JC 3C 4H"],
                 stock="2S 4S 5S 6H".split())      # the pinta 6♥: copas are trumps


def test_a_marriage_is_the_rey_and_the_sota():
    # S3: "A marriage is composed of a King and Queen in the same suit" - in Guiñote the rey and
    # the sota (RULES.md §4.1): "las cuarenta" in trumps (40), "las veinte" (20).
    table = watch(**MARRIAGES)
    for card in ("2D", "4D", "AD", "5D"):
        table.run(table.choose, card)
    offered = [c.words for c in table.choices()]
    assert {"Declare 40 in trumps (South)", "Declare 20 in espadas (South)",
            "Declare 20 in bastos (North)"} <= set(offered)
    assert table.why("marriage D") == ("a marriage is the rey and sota of one suit held in the "
                                       "hand: you do not hold rey of oros or sota of oros")
    table.run(table.hint)                    # the hint names the marriage's cards in Spanish
    assert table.message.startswith("Hint: Declare 40 in trumps. Declare the 40: rey and sota of "
                                    "copas score 40 now.")
    table.run(table.choose, "marriage H")
    said = table.message
    assert said.startswith("South: Declare 40 in trumps for 40 points, showing rey of copas and "
                           "sota of copas.")
    spanish_only(said)
    from cardgames.board_state import board_state
    state = board_state(table)
    assert "40 in trumps" in state["seats"][2]["said"]
    centre = {item["label"]: item["text"] for item in state["centre"]}
    assert centre["Trumps"] == "copas" and centre["Marriages"] == "South 40 in copas"
    cards = [c for seat in state["seats"] for c in seat["cards"] if "card" in c]
    assert {"card": "KH", "name": "rey of copas", "label": "rey of copas"}.items() <= \
        next(c for c in cards if c["card"] == "KH").items()


def swap_deal() -> TableSession:
    """Seat 0 holds the 7♠ (7 of espadas); the pinta A♠ (as of espadas) makes espadas trumps."""
    return watch(hands=["2H 3H 4H 5H 6H 7S", "KH QH JH 2C 3C 4C", "AH 7H 5C 6C 7C JC",
                        "2S 3S 4S 5S 6S KC"], stock="2D 3D 4D 5D 6D 7D JD AS".split())


def test_the_seven_for_the_pinta_in_spanish():
    # S3: "When the player holding the trump suited 7 has the lead, they may exchange the 7 with
    # the Pinta"; nothing before the first trick (HOB).
    table = swap_deal()
    before = table.why("swap-seven")
    assert "before the first trick" in before
    spanish_only(before)
    for card in ("2H", "2C", "AH", "KC"):
        table.run(table.choose, card)
    table.run(table.choose, "swap-seven")
    said = table.message
    assert "7 of espadas" in said and "as of espadas" in said, said
    spanish_only(said)
    assert "you do not hold the 7 of trumps (7 of espadas)" in table.why("swap-seven")


def test_the_story_and_the_score_sheet_name_the_cards_in_spanish():
    from cardgames import score_sheet

    table = swap_deal()
    for card in ("2H", "2C", "AH", "KC"):
        table.run(table.choose, card)
    story = " ".join(line for _n, line in table.log)
    assert "North plays 2 of copas" in story and "West plays rey of bastos" in story
    spanish_only(story)
    sheet = score_sheet.score_sheet_html(table.hand, table.names, pack=table.pack)
    assert "North 2 of copas" in sheet and "South as of copas" in sheet
    assert not FRENCH_SIGNS.search(sheet)


def test_a_hand_played_through_says_no_french_name():
    table = TableSession("guinote", 11, seat=0, faces="spanish")
    while not table.hand.is_over:
        choices = table.choices()
        if choices:
            table.run(table.choose, choices[0].move)
        else:
            table.run(table.next_step)
    for _n, line in table.log:
        spanish_only(line)
    spanish_only(table.message)


def test_the_link_and_the_share_link():
    assert parse_query("guinote", "?faces=spanish&seed=4").faces == "spanish"
    assert parse_query("guinote", "?seed=4").faces is None
    with pytest.raises(LinkError, match="for Guinote only"):
        parse_query("quinto", "faces=spanish")
    with pytest.raises(LinkError, match="not a pack"):
        parse_query("guinote", "faces=tarot")
    # the settings a link may give name faces only for a game with two packs
    with pytest.raises(LinkError, match=r"links may set: [^;]*faces"):
        parse_query("guinote", "colour=red")
    with pytest.raises(LinkError) as refused:
        parse_query("yukon", "colour=red")
    assert "faces" not in str(refused.value)
    table = TableSession("guinote", 4, seat=None, faces="spanish")
    assert table.share_link().endswith("&faces=spanish")
    assert parse_query("guinote", table.share_link()).faces == "spanish"


def test_a_new_deal_keeps_the_pack_of_its_game_only():
    table = TableSession("guinote", 4, faces="spanish")
    table.new_deal(seed=5)
    assert table.pack is SPANISH
    table.new_deal("yukon", 5)             # Yukon has one pack: the French
    assert table.pack is FRENCH
    table.new_deal("guinote", 5, faces="spanish")
    assert table.pack is SPANISH


def test_a_room_keeps_its_pack(tmp_path):
    from cardgames.rooms.page_session import RoomSession
    from cardgames.rooms.store import open_store

    store = open_store(f"sqlite:///{tmp_path / 'rooms.db'}")
    page = RoomSession.open("spanish-1", "watch", game="guinote", seed=3, faces="spanish",
                            store=store)
    assert page.pack is SPANISH and page.table.room.faces == "spanish"
    again = RoomSession.open("spanish-1", "watch", store=store)
    assert again.pack is SPANISH
    spanish_only(" ".join(again.message_lines))


# -- the switches: the New deal panel and the teacher's form ---------------------------------


def test_the_new_deal_panel_switches_the_pack_for_guinote_only():
    from cardgames.widgets.table import Table

    table = Table("guinote", 4)
    assert table.session.pack is FRENCH and "cg-es-" not in table.board.faces
    table.panels.selected_index = 3                      # New deal
    assert table.faces_select.value == "french"
    assert "cg-hidden" not in table.faces_select._dom_classes
    table.faces_select.value = "spanish"
    table.do(table.deal_from_controls)
    assert table.session.pack is SPANISH and "cg-es-" in table.board.faces
    assert {"card", "name", "label"} <= set(table.board.state["seats"][0]["cards"][0])
    table.game_select.value = "yukon"                    # one pack: the switch is not shown
    assert "cg-hidden" in table.faces_select._dom_classes and table.faces_select.value == "french"
    assert table.widget.layout.display is None         # the table itself stays in view
    table.do(table.deal_from_controls)
    assert table.session.pack is FRENCH and "cg-es-" not in table.board.faces


def test_a_teacher_opens_rooms_with_the_spanish_pack(tmp_path):
    from cardgames.rooms import Teacher
    from cardgames.rooms.sqlite_store import SQLiteStore
    from cardgames.widgets.teacher_panel import TeacherPanel

    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    panel = TeacherPanel(Teacher(store), base_url="http://school:8866/voila/render")
    panel.game_select.value = "guinote"
    assert panel.faces_select.layout.display is None
    panel.faces_select.value = "spanish"
    # the rules' questions name the rey and the sota, as on the table's New deal panel
    assert panel.questions.controls["tute_instant_win"].description == \
        "Do four reyes or four sotas in one hand win the game at once?"
    panel.count_box.value = "1"
    panel.prefix_box.value = "aragon"
    panel.open_button.click()
    assert store.get("aragon-1").faces == "spanish"
    panel.game_select.value = "quinto"
    assert panel.faces_select.layout.display == "none" and panel.faces_select.value == "french"
    store.close()


# -- typed names --------------------------------------------------------------------------


def test_a_card_typed_by_its_spanish_name():
    # With the Spanish pack a learner types the card as the table names it ("rey of copas"), or
    # the number the card prints and its suit ("12 copas" is the rey), or the notation.
    assert [SPANISH.parse(text) for text in ("rey of copas", "7 of oros", "as de bastos",
                                              "Sota espadas", "12 copas", "11 bastos", "KH")] == \
        [cg.Card.parse(code) for code in ("KH", "7D", "AC", "QS", "KH", "JC", "KH")]
    table = watch(hands=["AH 2D", "4S 3D", "6S 2S", "5S 7D"], stock=[], trump="S")
    table.run(table.choose, "as of copas")
    assert table.message.startswith("North plays as of copas.")
    assert "you must play a trump card" in table.why("3 of oros")
    table.run(table.choose, "reina of oros")            # no reina in the Spanish pack
    assert table.message_is_error
    assert table.message == (
        "Not allowed: 'reina of oros' is not a card of the Spanish pack: name its rank (as, 2 to "
        "7, sota, caballo, rey, or the number it prints: 10, 11, 12) and its suit (espadas, "
        "copas, oros, bastos), as in 'rey of copas' or '7 of oros'.")
    with pytest.raises(ValueError, match="8 of oros' is not a card of the Spanish pack"):
        SPANISH.parse("8 of oros")
    table.run(table.choose, "4 of espadas")
    assert table.hand.tricks == [] and table.hand.trick[-1][1] == cg.Card.parse("4S")


# -- the explainer's examples ---------------------------------------------------------------


def test_an_example_position_drawn_with_the_spanish_pack():
    # RULES.md §4.1 phase 2: "must beat an opponent's winning card if able". The explainer's
    # first arrastre position, drawn with Spanish faces and named in Spanish.
    from cardgames import examples as ex

    hand = cg.deal("guinote", hands=["5H 2C", "KH 4C", "4S 6D", "7S AC"], trump="S")
    hand.apply("5H")
    shown = ex.position(hand, refused=["4C"], pack="spanish", show_score=True,
                        title="North leads the 5♥: East must beat it")
    assert shown.text.startswith("East may play rey of copas (lit).\n4 of bastos is refused: ")
    assert "you hold rey of copas, which beats it" in shown.reasons[cg.Card.parse("4C")]
    assert 'aria-label="rey of copas"' in shown.html and "cg-es-H" in shown.html
    assert "North leads the 5 of copas: East must beat it" in shown.html
    spanish_only(shown.text)
    assert not FRENCH_SIGNS.search(shown.html)
    hand.apply("KH")
    hand.apply("4S")
    hand.apply("7S")
    trick = ex.trick(hand, pack=SPANISH, show_info=True)
    assert trick.text.startswith("West wins trick 1 with 7 of espadas.")
    spanish_only(trick.text)
    assert not FRENCH_SIGNS.search(trick.html) and "cg-face" not in trick.html
    row = ex.cards("AH 3H KH QH JH", labels=["Each suit, high to low"], pack="spanish")
    assert row.text == ("Each suit, high to low: as of copas, 3 of copas, rey of copas, "
                        "sota of copas and caballo of copas")
    # the French pack stays as it was
    assert "K♥" in ex.cards("KH").text


# -- the quiz -------------------------------------------------------------------------------


def test_a_quiz_round_with_the_spanish_pack_names_every_card_in_spanish():
    # The quiz's questions, choices and feedback through the pack's words; its positions
    # drawn with the Spanish faces; the same seed asks the same questions as with French cards.
    from cardgames.quiz import QuizRound
    from cardgames.widgets.quiz import Quiz

    quiz = Quiz("guinote", seed=12, questions=8, faces="spanish")
    french = QuizRound("guinote", seed=12, questions=8)
    assert "cg-pack-spanish" in quiz.widget._dom_classes
    while not quiz.finished:
        q, same = quiz.model.question, french.question
        assert (q.kind, q.choices, q.answer) == (same.kind, same.choices, same.answer)
        if q.cards:
            assert q.labels == [SPANISH.name(card) for card in q.cards]
            shown = quiz.choice_buttons[:len(q.labels)]
            assert [b.description for b in shown] == q.labels
            assert [b.tooltip for b in shown] == q.labels
        for text in (q.words, *q.labels, q.rule, q.reason, quiz.board.value):
            assert not FRENCH_SIGNS.search(text), text
        spanish_only(q.words + " ".join(q.labels) + q.rule + q.reason)
        assert "cg-es-" in quiz.board.value
        if q.picks_many:
            quiz.choice_buttons[0].click()
            quiz.check_button.click()
        else:
            quiz.choice_buttons[0].click()
        spanish_only(" ".join(quiz.model.feedback.lines))
        assert not FRENCH_SIGNS.search(quiz.feedback.value + quiz.board.value)
        if not quiz.finished:
            quiz.new_button.click()
        french.choose(0)
        if same.picks_many:
            french.check()
        french.next_question()
    # the French pack's round keeps the cards' corners, K♥
    assert all(FRENCH_SIGNS.search(label)
               for label in QuizRound("guinote", seed=3, kind="lead").question.labels)
    with pytest.raises(PackError, match="Yukon is played with the French pack"):
        QuizRound("yukon", seed=3, faces="spanish")


def test_the_quiz_section_follows_the_pages_pack():
    # A Guinote page opened with ?faces=spanish&quiz=N quizzes in Spanish, and its class links
    # keep the pack; opened with ?faces=spanish alone, the start button's quiz is Spanish too.
    from cardgames.widgets.quiz_app import QuizApp

    app = QuizApp("guinote")
    app.deal("?faces=spanish&quiz=3&seed=12")
    assert app.quiz.model.pack is SPANISH and app.quiz.questions == 3
    assert 'href="?quiz=3&amp;seed=12&amp;faces=spanish"' in app.link.value
    plain = QuizApp("guinote")
    plain.deal("?faces=spanish")
    assert plain.quiz is None
    plain.start_button.click()
    assert plain.quiz.model.pack is SPANISH
    assert QuizApp("guinote").start().model.pack is FRENCH
    wrong = QuizApp("guinote")            # the table says what is wrong with such a link
    wrong.deal("?quiz=3&faces=tarot")
    assert wrong.quiz.model.pack is FRENCH


# -- the hand diagram and the review -------------------------------------------------------


def played_through(seed: int = 11) -> TableSession:
    table = TableSession("guinote", seed, seat=0, faces="spanish")
    while not table.hand.is_over:
        choices = table.choices()
        if choices:
            table.run(table.choose, choices[0].move)
        else:
            table.run(table.next_step)
    return table


def without_faces(page: str) -> str:
    """A page's words: no pictures, no style sheet, no tags."""
    page = re.sub(r"<svg.*?</svg>|<style>.*?</style>", " ", page, flags=re.S)
    return re.sub(r"<[^>]+>", " ", page)


def test_the_hand_diagram_and_print_the_hand_with_the_spanish_pack():
    from cardgames.widgets.table import record_links_html

    table = played_through()
    page = str(cg.hand_diagram(table.played_hand, pack="spanish"))
    assert page.count('<svg data-card="') == 40 + 40      # the deal, then the tricks
    assert "cg-es-" in page and 'aria-label="rey of oros"' in page
    words = without_faces(page)
    assert "Pinta rey of oros face up under the stock" in words
    assert "North wins with sota of espadas: sota of espadas is the highest espada" in words
    spanish_only(words)
    assert not FRENCH_SIGNS.search(page)
    # the table's Print the hand is the same page, in the table's pack
    link = record_links_html(table, table.record_for_user())
    printed = re.search(r'\.html" href="data:text/html;charset=utf-8;base64,([^"]+)"', link)
    assert printed and base64.b64decode(printed.group(1)).decode() == page
    assert "K♦" in without_faces(str(cg.hand_diagram(table.played_hand)))   # French by default


def test_the_review_names_the_cards_in_spanish():
    table = played_through()
    table.open_review(budget=8)
    review = table.reviewed
    assert review.pack is SPANISH
    for row in review.records():
        spanish_only(row["words"] + row["played_words"] + row["best_words"])
    table.review_go(1)
    spanish_only(table.message)
    said = cg.review(table.played_hand, 0, budget=8, pack="spanish")
    assert [r.words for r in said.rows] == [r.words for r in review.rows]
    assert any(FRENCH_SIGNS.search(r.words) for r in cg.review(table.played_hand, 0, budget=8).rows)


# -- the rules asked as questions ----------------------------------------------------------


def test_the_new_deal_panels_questions_name_the_rey_and_the_sota():
    # Guinote's rules ask about "four Kings or four Queens" (the Planas tute) and "a declared
    # marriage's King and Queen"; with the Spanish pack chosen, the same questions say rey and
    # sota, and the answers already chosen stay.
    from cardgames.widgets.rule_questions import RuleQuestions
    from cardgames.widgets.table import Table

    table = Table("guinote", 4)
    table.panels.selected_index = 3                      # New deal
    questions = table.rule_questions
    tute, reveal = questions.controls["tute_instant_win"], questions.controls["reveal_cante_cards"]
    assert tute.description == "Do four Kings or four Queens in one hand win the game at once?"
    tute.value = True
    table.faces_select.value = "spanish"
    assert tute.description == "Do four reyes or four sotas in one hand win the game at once?"
    assert reveal.description == "Are a declared marriage's rey and sota shown to everybody?"
    assert table.rule_questions.chosen() == {"tute_instant_win": True}
    table.faces_select.value = "french"
    assert reveal.description == "Are a declared marriage's King and Queen shown to everybody?"
    # opened on a Spanish table, the panel asks in Spanish from the start
    spanish = Table("guinote", 4, faces="spanish")
    spanish.panels.selected_index = 3
    asked = [getattr(row, "description", "") or getattr(row, "value", "")
             for row in spanish.rule_questions.rows]
    spanish_only(" ".join(text for text in asked if isinstance(text, str)))
    # the form alone, for another program
    form = RuleQuestions(cg.get_game("guinote"), pack=SPANISH)
    assert form.controls["tute_instant_win"].description.startswith("Do four reyes or four sotas")
