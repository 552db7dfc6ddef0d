"""Pippins Aplenty's lessons (data only): the first trick, the reaches as trumps, the low cards
that score. The rule texts quoted are the inventor's page (RULES.md §5, source S4)."""

from . import Lesson, LessonStep

GAME = "pippins_aplenty"

LESSONS = (
    Lesson(
        GAME, 1, "The first trick, with no trumps",
        "You are South; your partner is North. Play starts with no trumps; after the first "
        "trick its lowest card starts the reaches.",
        "The trick is won by the highest trump played, or if no trumps are played by the "
        "highest card of the suit led. Play starts with no trumps.", "S4",
        dict(hands=["5H 8S 9C", "KH 7S TC", "AH 3H 2C", "7H 8D JC"]),
        seat=2, opening=("5H", "KH"),
        steps=(
            LessonStep(
                "Follow suit and win the trick from East's K♥.",
                ("AH",),
                "With no trumps yet, the highest card of the suit led wins: the A♥. The 5♥, "
                "the lowest card of the trick, now starts the reaches.",
                misses={"3H": "The 3♥ follows suit, but it loses to East's K♥."},
                then=("7H",)),
        )),
    Lesson(
        GAME, 2, "The reaches are trumps",
        "You are South. After the first trick its lowest card, the 2♦, started the reaches: "
        "diamonds are trumps now.",
        "Any suit represented in the reaches is a trump suit. All trump cards outrank "
        "non-trumps.", "S4",
        dict(hands=["2D 8S 9H", "KD AS TH", "5D 6D 4C", "3D 7S JH"]),
        seat=2, opening=("2D", "KD", "5D", "3D", "AS"),
        steps=(
            LessonStep(
                "East leads the A♠ and you hold no spade: win the trick with a trump.",
                ("6D",),
                "The 2♦ in the reaches makes diamonds trumps, and any trump outranks every "
                "non-trump: your 6♦ beats the A♠.",
                misses={"4C": "Clubs are not in the reaches, so they are not trumps: the 4♣ "
                        "cannot beat the A♠."},
                then=("7S", "8S")),
        )),
    Lesson(
        GAME, 3, "The low cards that score",
        "You are South. The reaches hold the 2♦ alone, so their top card is a 2.",
        "Any card ranked above the highest reach card are worth nothing. In addition, any card "
        "which matches the rank of a reach card counts double.", "S4",
        dict(hands=["KD AS 9H", "2D 7S TH", "5D 2S 9S", "3D 8S JH"]),
        seat=2, opening=("KD", "2D", "5D", "3D", "AS", "7S"),
        steps=(
            LessonStep(
                "Your partner's A♠ is winning: follow suit with the spade that scores points.",
                ("2S",),
                "The 2♠ is no higher than the top reach, the 2♦, so it scores: 2 as a "
                "non-trump, doubled for matching the rank of a reach card, 4 points.",
                misses={"9S": "The 9♠ follows suit, but it ranks above the top reach, the "
                        "2♦, so it is worth nothing."},
                then=("8S",)),
        )),
)
