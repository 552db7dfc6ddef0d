"""Quinto's lessons (data only): the ladder of suits, quints, the Joker. The rule texts quoted
are Fosdick's page (RULES.md §1, source S0) and Parlett's quint values (PAR-Q)."""

from . import Lesson, LessonStep

GAME = "quinto"

#: Nobody doubles: the four seats pass, and the tricks begin.
PASSES = ("pass", "pass", "pass", "pass")

LESSONS = (
    Lesson(
        GAME, 1, "The ladder of suits",
        "You are South; your partner is North. There are no trumps: the suits form one ladder, "
        "hearts at the top, then diamonds, clubs and spades.",
        "The rank of the suits (Hearts, Diamonds, Clubs, Spades) indicates their power as "
        "trumps when played out of suit.", "S0",
        dict(hands=["9D 4S", "KD 8S", "2H 6C", "3D 7S"], stock=["TC", "TD", "3C", "4C", "6S"]),
        seat=2, opening=PASSES + ("9D", "KD"),
        steps=(
            LessonStep(
                "You hold no diamond: win the trick with the card of a suit above diamonds.",
                ("2H",),
                "Hearts stand above diamonds on the ladder, so even the 2♥ beats the K♦.",
                misses={"6C": "Clubs stand below diamonds on the ladder: the 6♣ cannot beat "
                        "the K♦."},
                then=("3D",)),
        )),
    Lesson(
        GAME, 2, "Quints",
        "You are South. A quint is a Five, or the Ace and 4, or the 2 and 3 of one suit taken "
        "in the same trick: hearts 20, diamonds 15, clubs 10, spades 5.",
        "You must take both cards of the same suit in a single trick to score. 5's and the "
        "Joker can be taken in any trick.", "S0, PAR-Q",
        dict(hands=["AH 9C", "2D 8S", "4H 7H", "3S 6D"], stock=["TC", "TD", "3C", "4C", "6S"]),
        seat=2, opening=PASSES + ("AH", "2D"),
        steps=(
            LessonStep(
                "Your partner's A♥ is winning: add the card that makes a quint with it.",
                ("4H",),
                "The Ace and 4 of hearts taken in one trick are a quint: 20 points for your "
                "side, beside the trick's 5.",
                misses={"7H": "The 7♥ follows suit, but it makes no quint: only the Ace and 4 "
                        "(or the 2 and 3) of one suit together, or a Five."},
                then=("3S",)),
        )),
    Lesson(
        GAME, 3, "The Joker",
        "You are South and hold the Joker. It may be played at any time, whatever was led, but "
        "it never wins a trick.",
        "The Joker can be played by its holder at any time. The Joker scores 25 points to the "
        "side that takes it in a trick.", "S0",
        dict(hands=["AH 2C", "2H KC", "JK 6H", "4D 7C"], stock=["TC", "TD", "3C", "4C", "6S"]),
        seat=2, opening=PASSES + ("AH", "2H"),
        steps=(
            LessonStep(
                "Your partner's A♥ will win this trick: give it your Joker.",
                ("JK",),
                "The Joker may be played whatever was led, and it scores 25 to the side that "
                "takes it: here, yours.",
                misses={"6H": "The 6♥ follows suit, but the Joker is worth 25 to whoever takes "
                        "it: play it to a trick your side wins."},
                then=("4D",)),
        )),
)
