"""Yukon's lessons (data only): the Yukons, following suit, the draw. The rule texts quoted are
Fosdick's (RULES.md §2, source S0)."""

from . import Lesson, LessonStep

GAME = "yukon"

LESSONS = (
    Lesson(
        GAME, 1, "The Yukons",
        "You are South; your partner is North. The four Jacks are the Yukons, the highest "
        "cards; the J♠, the Grand Yukon, is highest of all.",
        "If they cannot follow suit, they must play a Yukon if they have one. A trick is won by "
        "the Grand Yukon if it is played.", "S0",
        dict(hands=["JH 2C", "4H 5C", "JS 4D", "9H 6C"]),
        seat=2, opening=("JH", "4H"),
        steps=(
            LessonStep(
                "You hold no heart: play your Yukon, the Grand Yukon J♠, and win the trick.",
                ("JS",),
                "With no card of the suit led you must play a Yukon if you have one, and the "
                "Grand Yukon beats every card, the other Yukons too.",
                then=("9H",)),
        )),
    Lesson(
        GAME, 2, "Following suit",
        "You are South. A Jack is only a Yukon, of no suit: with hearts in your hand, the J♦ "
        "may not be played to a heart lead.",
        "Others must follow suit if possible. If no Yukons are played, the highest card of the "
        "suit led wins the trick.", "S0",
        dict(hands=["7H 2C 4S", "QH 5C 6S", "AH 3H JD", "9H 6C 8S"]),
        seat=2, opening=("7H", "QH"),
        steps=(
            LessonStep(
                "Follow suit and win the trick from East's Q♥.",
                ("AH",),
                "You hold hearts, so you must follow suit; the A♥ is the highest heart and wins.",
                misses={"3H": "The 3♥ follows suit, but it loses to East's Q♥."},
                then=("9H",)),
        )),
    Lesson(
        GAME, 3, "Trick and draw",
        "You are South. After each trick the winner draws first from the stock, then the others, "
        "and the winner leads.",
        "The winner of the trick now draws one card from the stock, followed by other players. "
        "He then leads the next trick.", "S0",
        dict(hands=["5H 2C 4S 6D 7S", "KH 5C 6S 8D 9S", "AH 3H 8C 9C TD", "2H 6C 8S 3D 4D"],
             stock=["TC", "QC", "KC", "AC", "2D", "5D", "7D", "9D"]),
        seat=2, opening=("5H", "KH"),
        steps=(
            LessonStep(
                "Win this trick, to draw first and lead the next one.",
                ("AH",),
                "The A♥ beats the K♥: you win the trick, draw the first card from the stock and "
                "lead next.",
                misses={"3H": "The 3♥ follows suit, but it loses to East's K♥: East would draw "
                        "first and lead."},
                then=("2H",)),
        )),
)
