"""Deals shared as links (issue 8): query parameters set the deal; bad ones say what is wrong."""

from __future__ import annotations

import pytest

import cardgames as cg
from cardgames.links import LinkError, parse_query, share_query


def test_a_link_sets_seed_players_and_options():
    settings = parse_query("yukon", "?seed=123&players=3&no_yukon_leads=1&yukon_lead_follow=yukons")
    assert settings.seed == 123 and settings.players == 3
    assert settings.options == {"no_yukon_leads": True, "yukon_lead_follow": "yukons"}
    hand = cg.deal("yukon", **settings.deal_keywords())
    assert hand.seed == 123 and hand.players == 3 and hand.options.no_yukon_leads


def test_an_empty_link_is_the_default_deal():
    settings = parse_query("yukon", "")
    assert settings.seed is None and settings.options == {} and settings.players is None


@pytest.mark.parametrize("query, words", [
    ("seed=abc", "seed='abc': a whole number"),
    ("seed=-4", "from 0 up"),
    ("players=9", "played by 2, 3, 4, 5 players"),
    ("no_yukon_leads=maybe", "say 1 or 0"),
    ("yukon_lead_follow=sideways", "choose one of natural_suit, yukons"),
    ("colour=red", "'colour' is not a setting of Yukon; links may set: seed, players"),
    ("seed=1&seed=2", "seed is given twice"),
    ("seat=7", "seats are numbered 0 to 3"),
    ("seat=north&players=3", "seat='north': a seat's name \\(Player 1, Player 2, Player 3\\), "
                             "its number in digits 0-9 counted from 0 \\(0 to 2; 0 is Player 1\\)"),
    ("seat=northwest", "seat='northwest': a seat's name \\(North, East, South, West\\)"),
    ("removed_twos=3C&players=3", "removed_twos"),
    ("seed", "not of the form name=value"),
])
def test_bad_parameters_are_refused_with_the_reason(query, words):
    with pytest.raises(LinkError, match=words):
        parse_query("yukon", query)


def test_a_deal_links_to_itself():
    hand = cg.deal("yukon", seed=42, players=5, no_yukon_leads=True, removed_twos=["2S", "2H"])
    query = share_query(hand, seat=1)
    settings = parse_query("yukon", query)
    again = cg.deal("yukon", **settings.deal_keywords())
    assert again.initial_deal == hand.initial_deal and settings.seat == 1
    assert again.options == hand.options


def test_a_set_up_deal_has_no_link():
    hand = cg.deal("yukon", players=2, hands=["AH", "2C"], stock=[])
    with pytest.raises(LinkError, match="save its record"):
        share_query(hand)


def test_a_link_may_name_the_seat_as_the_table_does():
    # The table says North, East, South, West at four seats and Player 1, Player 2... at three
    # or five; a teacher writing seat=south means the seat the table calls South (2), not the
    # number a programmer counts from 0.
    assert parse_query("yukon", "seat=south").seat == 2
    assert parse_query("yukon", "seat=West").seat == 3
    assert parse_query("yukon", "players=5&seat=player%205").seat == 4
    assert parse_query("yukon", "players=3&seat=Player-1").seat == 0
    assert parse_query("guinote", "players=2&seat=south").seat == 1
    # a room opened without players= has the game's usual count: its names come first
    assert parse_query("yukon", "room=class-a&seat=south").seat == 2
    assert parse_query("yukon", "room=class-a&seat=player5").seat == 4
    # the link the table shares still writes the number
    assert "seat=2" in share_query(cg.deal("yukon", seed=4), seat=2)


def test_a_link_may_ask_to_watch_every_seat():
    # For a class on a projector: no seat of one's own, every hand face up.
    for word in ("watch", "none", "Watch"):
        settings = parse_query("guinote", f"seed=5&seat={word}")
        assert settings.watch and settings.seat is None
    assert not parse_query("guinote", "seat=1").watch


def test_a_projector_link_asks_for_the_table_alone_and_a_quiz_link_is_no_error():
    # ?view=table&seat=watch: a class's projector shows the table filling the window.
    settings = parse_query("yukon", "seed=3&seat=watch&view=table")
    assert settings.view == "table" and settings.watch
    # ?quiz=5&seed=3: the page's quiz asks five questions; the table deals seed 3 as usual.
    assert parse_query("yukon", "quiz=5&seed=3").quiz == 5
    # ?quiz=5&seed=3&view=quiz: the quiz alone fills the window (the quiz reads it).
    assert parse_query("yukon", "quiz=5&seed=3&view=quiz").view == "quiz"
    with pytest.raises(LinkError, match="the views are 'table' .* and 'quiz'"):
        parse_query("yukon", "view=big")
    with pytest.raises(LinkError, match="ask for 1 to 50 questions"):
        parse_query("yukon", "quiz=0")


def test_a_room_link_names_the_room_and_the_seat():
    # Issue 24: ?room=NAME&seat=N joins a class's room; seat=watch is its projector. The room's
    # name is read as the rooms store it (lower case).
    settings = parse_query("yukon", "room=Maths-4B&seat=2&seed=7&pupil=Ann")
    assert (settings.room, settings.seat, settings.seed, settings.pupil) == ("maths-4b", 2, 7, "Ann")
    assert parse_query("yukon", "room=maths-4b&seat=watch").watch
    # A room opened with five players has a seat 4 even if the link does not say so
    assert parse_query("yukon", "room=five&seat=4").seat == 4


@pytest.mark.parametrize("query, words", [
    ("room=a%20b&seat=1", r"room name 'a b' \(' ' is not allowed\): a room name is 1 to 40"),
    ("room=&seat=1", "room name '' has 0 characters"),
    ("room=" + "x" * 60 + "&seat=1", r"room name 'xxxxxxxxxxxxxxxxxxxx…' has 60 characters"),
    ("room=-x&seat=1", "starting and ending with a letter or digit"),
    ("room=x", "room=x needs a seat: seat=0 to seat=4, or seat=watch"),
    ("room=x&seat=5", "seat=5: seats are numbered 0 to 4"),
    ("room=x&players=2&seat=2", "seat=2: seats are numbered 0 to 1"),
    ("room=x&seat=one", "seat='one': a seat's name \\(North, East, South, West\\), its number "
                        "in digits 0-9 counted from 0"),
    ("room=x&seat=1&open_hands=1", "the teacher opens a room's hands"),
    ("pupil=Ann", "give room=NAME too"),
    ("room=x&seat=1&pupil=%3Cb%3E", "pupil='<b>': a name of 1 to 30 letters"),
])
def test_bad_room_links_say_what_is_allowed(query, words):
    with pytest.raises(LinkError, match=words):
        parse_query("yukon", query)
