"""Guinote's lessons (data only): the trick and trumps, marriages and the 7 for the pinta, the
arrastre. The rule texts quoted are Mark Ball's page (RULES.md §4, source S3)."""

from . import Lesson, LessonStep

GAME = "guinote"

LESSONS = (
    Lesson(
        GAME, 1, "Winning a trick with a trump",
        "You are South; your partner is North. The stock is on the table, so nobody has to "
        "follow suit yet.",
        "The highest trump wins the trick, otherwise the highest card of the suit led.", "S3",
        dict(hands=["4H 2C 3D 7D JD QD", "AH 4C 5D JC QC KC", "2S 5H 6C 7H 2D 4D",
                    "6D 3C 5C 6H 3H JH"],
             stock=["5S", "6S", "QH", "KS"]),
        seat=2, opening=("4H", "AH"),
        steps=(
            LessonStep(
                "East's A♥ is winning. Win this trick with a trump: spades, the pinta's suit.",
                ("2S",),
                "Any trump beats every card of another suit, even an Ace: your 2♠ takes East's "
                "A♥ and its 11 points.",
                misses={"5H": "The 5♥ follows suit, but it is lower than East's A♥: East keeps "
                        "the trick.",
                        "6C": "A club is neither the suit led nor a trump: it cannot win this "
                        "trick."},
                then=("6D",)),
        )),
    Lesson(
        GAME, 2, "Marriages and the 7 for the pinta",
        "You are North and lead the first trick. After a trick won, your side may declare a "
        "marriage (the King and Queen of one suit) and swap the 7 of trumps for the pinta.",
        "A trump suited marriage earns the team 40 points, other marriages 20; the side that "
        "has the lead may declare, and may exchange the 7 with the pinta.", "S3",
        dict(hands=["AH KC QC 7S 2D 4C", "2H 4D 5D 3S 6C 7C", "4H 6D 2S 5S JD QD",
                    "5H 7D 2C 6S JH QH"],
             stock=["5C", "3C", "3D", "KS"]),
        steps=(
            LessonStep(
                "Win the first trick: lead the card nobody can beat in its suit.",
                ("AH",),
                "The Ace is the highest card of a suit and worth 11. Your side has now won a "
                "trick, so it may declare.",
                miss="That card may be led (anything may be played while the stock lasts), but "
                     "another player could beat it; the A♥ cannot be beaten in hearts.",
                then=("2H", "4H", "5H")),
            LessonStep(
                "Before you lead again, declare your marriage: the K♣ and Q♣.",
                ("marriage C",),
                "A marriage outside trumps scores 20 for your side; only the side that won the "
                "last trick may declare, before the next lead.",
                miss="A card led now ends the moment: a marriage is declared after winning a "
                     "trick, before the next lead."),
            LessonStep(
                "Now swap your 7 of trumps for the pinta, the K♠ under the stock.",
                ("swap-seven",),
                "The player holding the 7 of trumps may exchange it for the pinta while his "
                "side has the lead: a King of trumps for a 7.",
                miss="A card led now ends the moment: the 7 is swapped for the pinta before "
                     "the next lead."),
        )),
    Lesson(
        GAME, 3, "The arrastre: follow, beat, trump",
        "You are East. The stock is empty, so the strict rules of the arrastre apply.",
        "With cards of the suit led you must follow, and beat the card if you can; with none, "
        "you must trump, and over-trump if you can.", "S3",
        dict(hands=["5H 6C 2D", "KH 4C 7C", "4S 6D 3D", "7S 2C 4D"], trump="S"),
        seat=1, opening=("5H",),
        steps=(
            LessonStep(
                "North led the 5♥: follow suit, beating it if you can.",
                ("KH",),
                "In the arrastre you must follow suit and beat the card led if you can: the "
                "K♥ beats the 5♥.",
                then=("4S", "7S", "2C", "6C")),
            LessonStep(
                "West, your partner, won and led the 2♣; North beat it with the 6♣. Follow suit, "
                "beating North's card if you can.",
                ("7C",),
                "North is an opponent, so you must beat the 6♣ if you can: your 7♣ does.",
                then=("3D",)),
        )),
)
