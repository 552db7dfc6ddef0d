"""Pip-Pip!'s lessons (data only): the 2 ranks high, identical cards, the call. The rule texts
quoted are Hervey's (RULES.md §3, source S2)."""

from . import Lesson, LessonStep

GAME = "pip_pip"

LESSONS = (
    Lesson(
        GAME, 1, "The 2 is the highest card",
        "You are Player 3 of three. Two packs are shuffled together, and the cards rank 2, Ace, "
        "King, Queen, Jack, 10 down to 3.",
        "The cards rank as follows: 2, ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3.", "S2",
        dict(players=3, hands=["KH 3C", "AH 5C", "2H 3H"], stock=[], trump="S"),
        seat=2, opening=("KH", "AH"),
        steps=(
            LessonStep(
                "Win the trick from Player 2's A♥.",
                ("2H",),
                "In Pip-Pip! the 2 ranks above the Ace: the 2♥ wins.",
                misses={"3H": "The 3 is the lowest card of a suit: the 3♥ loses to the A♥."}),
        )),
    Lesson(
        GAME, 2, "Identical cards",
        "You are Player 3. With two packs, two players may hold the same card.",
        "If two players play identical cards, the player of the second is deemed to have played "
        "the higher card.", "S2",
        dict(players=3, hands=["QS 3D 4C", "KS 5C 6C", "KS 4S 9D"], stock=[], trump="H"),
        seat=2, opening=("QS", "KS"),
        steps=(
            LessonStep(
                "Player 2's K♠ is winning: win the trick with the same card.",
                ("KS",),
                "Of two identical cards the one played later ranks higher: your K♠ wins.",
                misses={"4S": "The 4♠ follows suit, but it loses to the K♠."}),
        )),
    Lesson(
        GAME, 3, "The call: Pip-Pip!",
        "You are Player 1 and lead. Spades are trumps; you hold the King and Queen of hearts.",
        "If he holds in his hand the King and Queen of the same suit, other than of the trump "
        "suit, he may call Pip-Pip: he scores 50 points and the trump suit changes to that of "
        "the King and Queen.", "S2",
        dict(players=3, hands=["KH QH 3C", "4C 5C 6C", "7C 8C 9C"], stock=[], trump="S"),
        steps=(
            LessonStep(
                "Call Pip-Pip! in hearts before you lead.",
                ("pip-pip H",),
                "The King and Queen of a suit other than trumps make the call: 50 points, and "
                "hearts become trumps.",
                miss="That card may be led, but call first: the call scores 50 and changes "
                     "the trumps."),
        )),
)
