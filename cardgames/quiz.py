"""A round of quiz questions on positions from real deals, graded with the rules' own words.

``QuizRound("yukon", seed=3)`` asks in turn:

- "which cards may West play?" (pick the cards with :meth:`QuizRound.choose`, then
  :meth:`QuizRound.check`): the feedback quotes the rule that refuses each card wrongly picked
  (the engine's own refusal);
- "who wins this trick?" (choose a seat): the feedback says why, in the engine's words;
- "how many points does this trick earn?" (choose a number): the feedback counts them;
- "which of these cards would a good player lead?" (choose a card): the feedback gives the rule
  of thumb the computer's rule-of-thumb player follows (``cardgames.players``) and its reason.

Positions come from deals shuffled from the round's seed and played on at random, so the same
seed asks the same questions (a whole class gets the same round from one link).
``faces="spanish"`` asks a Guinote round with the Spanish pack: every card in its questions,
choices and feedback is named as that pack names it ("rey of copas"), with no French suit
sign. ``questions`` ends the round after that many answers. No widgets here: ``cardgames.widgets.quiz.Quiz`` draws
a round with buttons, and a test or a script answers it directly::

    quiz = QuizRound("guinote", seed=12, kind="winner")
    feedback = quiz.choose(quiz.question.answer)     # a seat's number is its choice's index
    feedback.correct, feedback.lines                 # True, ["Right! North wins with ..."]
    quiz.score_words()                               # "Score: 1 right out of 1."
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

from . import examples as ex
from . import table_words
from .cards import Card, card_sort_key, sort_cards
from .engine import Hand, Phase, Trick
from .games import get_game
from .limits import quote
from .packs import Pack, pack_for
from .players import RuleOfThumbPlayer

__all__ = ["QuizRound", "Question", "Feedback", "Mark", "QuizSettingError", "KINDS",
           "MAX_CHOICES", "MAX_QUESTIONS"]

#: the kinds of question, asked in this order by a "mixed" round
KINDS = ("legal", "winner", "points", "lead")
#: at most this many choices to a question: a hand of up to 13 cards, up to 12 seats, 4 numbers
MAX_CHOICES = 13
MAX_QUESTIONS = 50
DEALS_TRIED = 50


class QuizSettingError(ValueError):
    """A round asked for with a kind or a number of questions the quiz does not have."""


class Mark(enum.Enum):
    """How a choice stands: picked before Check, or, once answered, right or wrongly chosen."""

    NONE = ""
    PICKED = "picked"
    RIGHT = "right"
    WRONG = "wrong"


@dataclass(eq=False)
class Question:
    """One question: its position, what may be chosen and the right answer.

    ``prompt`` is the question in words as pieces of text, each with whether it is said with
    emphasis (the seat asked about); ``words`` is the same as one line. ``choices`` are the
    cards, seats (their numbers) or numbers of points to choose from, ``labels`` each in words.
    ``answer`` is the right choice: the cards that may be played (a "legal" question), the
    winning seat, the trick's points or the card to lead. A question equals only itself."""

    kind: str
    number: int
    title: str
    prompt: list[tuple[str, bool]]
    position: Hand
    choices: list[Any]
    labels: list[str]
    answer: Any
    trick: Trick | None = None
    #: the cards among the choices ("legal" and "lead" questions), in the same order
    cards: list[Card] = field(default_factory=list)
    #: a "lead" question's rule of thumb and its reason
    rule: str = ""
    reason: str = ""

    @property
    def picks_many(self) -> bool:
        """The answer is several choices, picked one by one and then checked."""
        return self.kind == "legal"

    @property
    def words(self) -> str:
        return f"{self.title} " + "".join(text for text, _strong in self.prompt)

    @property
    def names(self) -> list[str]:
        return table_words.seat_names(self.position)


@dataclass
class Feedback:
    """The grade of an answer: right or not, and what to say (sentences, no card notation)."""

    correct: bool
    lines: list[str]


class QuizRound:
    """Questions on positions from real deals of one game, and the answers given so far.

    ``kind``: "legal", "winner", "points", "lead" or "mixed" (each in turn). ``questions``: how
    many questions make the round (None: no end). ``players`` and the game's options as
    keywords shape the deals. ``faces`` is the pack the cards are named in (``"spanish"``:
    Guinote's Spanish pack, "rey of copas"; :mod:`cardgames.packs`), ``pack`` that pack.
    ``question`` is the question asked now; ``marks`` how each of its
    choices stands; ``feedback`` the grade of its answer (None until answered); ``right`` and
    ``asked`` the score.
    """

    def __init__(self, game: str = "yukon", seed: int | None = None, kind: str = "mixed",
                 players: int | None = None, questions: int | None = None,
                 faces: "str | Pack | None" = None, **options: Any):
        if kind not in KINDS + ("mixed",):
            raise QuizSettingError(f"kind is one of {', '.join(KINDS)} or 'mixed', "
                                   f"not {quote(kind)}")
        if questions is not None and (isinstance(questions, bool) or not isinstance(questions, int)
                                      or not 1 <= questions <= MAX_QUESTIONS):
            raise QuizSettingError(f"questions is a whole number from 1 to {MAX_QUESTIONS}, "
                                   f"not {quote(questions)}")
        self.game = get_game(game)
        self.pack = pack_for(faces, self.game.name, self.game.title)
        self.kind = kind
        self.players = players
        self.options = options
        self.questions = questions
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**6)
        self.rng = random.Random(self.seed)
        self.advisor = RuleOfThumbPlayer(0)
        self.right = 0
        self.asked = 0
        self.picked: set[int] = set()
        self.feedback: Feedback | None = None
        self._when_finished: list[Callable[[], None]] = []
        self.question = self._ask()

    # -- the round ----------------------------------------------------------------------------

    @property
    def answered(self) -> bool:
        """The question asked now has been answered."""
        return self.feedback is not None

    @property
    def finished(self) -> bool:
        """The round's last question has been answered."""
        return self.questions is not None and self.asked >= self.questions and self.answered

    def on_finished(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once the round's last question has been answered."""
        self._when_finished.append(callback)

    def next_question(self) -> Question:
        """Pick a new position and ask about it (the same question once the round is over)."""
        if not self.finished:
            self.question = self._ask()
        return self.question

    def score_words(self) -> str:
        if self.finished:
            return f"That was the last question. Score: {self.right} right out of {self.asked}."
        if self.asked:
            return f"Score: {self.right} right out of {self.asked}."
        return "Score: no answers yet."

    @property
    def marks(self) -> list[Mark]:
        """How each choice of the question stands: picked (before Check), or, once answered,
        right (a card that may be played, the winner, the points, the card to lead) and wrong
        (a choice made that is not)."""
        q = self.question
        if not self.answered:
            return [Mark.PICKED if i in self.picked else Mark.NONE for i in range(len(q.choices))]
        right = set(q.answer) if q.picks_many else {q.answer}
        return [Mark.RIGHT if choice in right else Mark.WRONG if i in self.picked else Mark.NONE
                for i, choice in enumerate(q.choices)]

    # -- answers ------------------------------------------------------------------------------

    def choose(self, index: int) -> Feedback | None:
        """The choice ``index`` clicked: picked or put back in a "legal" question (then
        :meth:`check`), else the answer, graded. None when nothing is graded (a pick, a choice
        out of range, or a question already answered)."""
        q = self.question
        if self.answered or not 0 <= index < len(q.choices):
            return None
        if q.picks_many:
            self.picked ^= {index}
            return None
        self.picked = {index}
        if q.kind == "winner":
            return self._grade_winner(q.choices[index])
        if q.kind == "points":
            return self._grade_points(q.choices[index])
        return self._grade_lead(q.choices[index])

    def check(self) -> Feedback | None:
        """Grade the cards picked for a "legal" question (None if already answered)."""
        q = self.question
        if q.kind != "legal":
            raise QuizSettingError(f"only a 'legal' question is checked; this one is {q.kind!r}: "
                                   "choose an answer instead")
        if self.answered:
            return None
        hand, names = q.position, q.names
        legal = set(q.answer)
        chosen = {q.cards[i] for i in self.picked}
        wrong = sorted(chosen - legal, key=card_sort_key)
        missed = sorted(legal - chosen, key=card_sort_key)
        forbidden = sorted(set(q.cards) - legal, key=card_sort_key)
        lines = []
        if not wrong and not missed:
            lines.append("Right! " + ", ".join(c.label for c in sorted(legal, key=card_sort_key))
                         + (" may be played." if len(legal) > 1 else " is the only card to play."))
            if forbidden:
                lines.append("The rule: " + ex.sentence(hand.why_illegal(forbidden[0]), names))
        else:
            lines.append("Not quite.")
            for card in wrong:
                lines.append(f"{card.label} may not be played: "
                             + ex.sentence(hand.why_illegal(card), names))
            if missed:
                lines.append(("These may be played too: " if len(missed) > 1 else
                              "This may be played too: ")
                             + ", ".join(c.label for c in missed) + ".")
            if not wrong and forbidden:
                lines.append("The rule: " + ex.sentence(hand.why_illegal(forbidden[0]), names))
        return self._grade(not wrong and not missed, lines)

    def _grade_winner(self, seat: int) -> Feedback:
        q = self.question
        trick, names = q.trick, q.names
        assert trick is not None
        why = ex.sentence(q.position.explain_winner(trick), names)
        said = f"{names[trick.winner]} wins with {trick.winning_card.label}. {why}"
        if seat == trick.winner:
            return self._grade(True, [f"Right! {said}"])
        return self._grade(False, [f"Not quite: {names[seat]} does not win.", said])

    def _grade_points(self, picked: int) -> Feedback:
        q = self.question
        assert q.trick is not None
        counted = "It earns " + ex.sentence(q.position.explain_points(q.trick), q.names)
        if picked == q.answer:
            return self._grade(True, [f"Right! {counted}"])
        return self._grade(False, [f"Not quite: not {picked}.", counted])

    def _grade_lead(self, card: Card) -> Feedback:
        q = self.question
        best = q.answer
        rule = f"The rule of thumb: {q.rule}. {q.reason}" if q.rule else q.reason
        if card == best:
            return self._grade(True, [f"Right: a good player leads {best.label}.", rule])
        return self._grade(False, [(f"{card.label} may be played, but a good player would lead "
                                    f"{best.label}."), rule])

    def _grade(self, correct: bool, lines: list[str]) -> Feedback:
        self.feedback = Feedback(correct, [self.pack.words(line) for line in lines])
        self.asked += 1
        self.right += correct
        if self.finished:
            for callback in self._when_finished:
                callback()
        return self.feedback

    # -- asking -------------------------------------------------------------------------------

    def _ask(self) -> Question:
        kind = self.kind if self.kind != "mixed" else KINDS[self.asked % len(KINDS)]
        self.picked = set()
        self.feedback = None
        if kind == "lead":
            found_lead = self._find_lead()
            if found_lead is not None:
                return self._ask_lead(*found_lead)
            kind = "legal"
        if kind == "legal":
            hand = self._find_legal_position()
            if hand is not None:
                return self._ask_legal(hand)
            kind = "winner"
        found = self._find_trick()
        if found is None:
            raise RuntimeError(f"no suitable trick found in {DEALS_TRIED} deals")
        return (self._ask_winner if kind == "winner" else self._ask_points)(*found)

    def _title(self) -> str:
        of = f" of {self.questions}" if self.questions else ""
        return f"{self.game.title}, question {self.asked + 1}{of}:"

    def _question(self, kind: str, hand: Hand, prompt: list[tuple[str, bool]], choices: list[Any],
                  labels: list[str], answer: Any, **more: Any) -> Question:
        """The question, its words in the round's pack (a card choice labelled ``K♥``, or with
        the Spanish pack by its name, ``rey of copas``, as the feedback names it)."""
        words = self.pack.words
        if more.get("cards") and not self.pack.is_french:
            labels = [self.pack.name(card) for card in more["cards"]]
        for name in ("rule", "reason"):
            if name in more:
                more[name] = words(more[name])
        return Question(kind, self.asked + 1, self._title(), [(words(text), strong)
                                                              for text, strong in prompt],
                        hand, choices, [words(label) for label in labels], answer, **more)

    def _ask_legal(self, hand: Hand) -> Question:
        seat = hand.to_move
        name = table_words.seat_names(hand)[seat]
        cards = sorted(hand.hands[seat], key=card_sort_key)[:MAX_CHOICES]
        return self._question("legal", hand, [("which cards may ", False), (name, True),
                                              (" play? Pick them, then press Check.", False)],
                              list(cards), [c.label for c in cards],
                              sort_cards(set(hand.legal_actions().cards)), cards=list(cards))

    def _ask_winner(self, before: Hand, trick: Trick) -> Question:
        names = table_words.seat_names(before)
        labels = []
        for seat in range(before.seats):
            card = trick.card_of(seat)
            labels.append(f"{names[seat]} ({card.label})" if card else names[seat])
        return self._question("winner", before, [("who wins this trick? Pick the seat.", False)],
                              list(range(before.seats)), labels, trick.winner, trick=trick)

    def _ask_points(self, before: Hand, trick: Trick) -> Question:
        names = table_words.seat_names(before)
        right = trick.points
        wrong = {right + 5, right + 10, max(0, right - 5), right * 2, max(0, right - 10), right + 3}
        wrong.discard(right)
        choices = sorted([right, *self.rng.sample(sorted(wrong), 3)])
        prompt = [(f"{names[trick.winner]} wins this trick. How many points does it earn?",
                   False)]
        return self._question("points", before, prompt, choices, [str(n) for n in choices],
                              right, trick=trick)

    def _ask_lead(self, hand: Hand, card: Card, reason: str, rule: str) -> Question:
        seat = hand.to_move
        names = table_words.seat_names(hand)
        legal = sort_cards(set(hand.legal_actions().cards))
        others = [c for c in legal if c != card]
        choices = sort_cards([card, *self.rng.sample(others, min(3, len(others)))])
        prompt = [(names[seat], True),
                  (" leads. Which of these cards would a good player lead, and why?", False)]
        return self._question("lead", hand, prompt, choices, [c.label for c in choices], card,
                              cards=list(choices), rule=rule, reason=ex.sentence(reason, names))

    # -- positions from real deals ------------------------------------------------------------

    def _deal(self) -> Hand:
        return self.game.deal(self.rng.randrange(1, 10**9), players=self.players, **self.options)

    def _find_legal_position(self) -> Hand | None:
        """A position in play where the seat to move may play some cards and not others."""
        for _attempt in range(DEALS_TRIED):
            hand = self._deal()
            while not hand.is_over:
                mover = hand.to_move
                if hand.phase is Phase.PLAY and hand.trick and hand.controller(mover) == mover:
                    legal = hand.legal_actions().cards
                    if legal and len(set(legal)) < len(set(hand.hands[mover])) \
                            and self.rng.random() < 0.5:
                        return hand
                hand.apply(self.rng.choice(hand.legal_actions()))
        return None

    def _find_trick(self) -> tuple[Hand, Trick] | None:
        """A finished trick from a real deal, with the hand as it stood before its last card."""
        for _attempt in range(DEALS_TRIED):
            hand = self._deal()
            while not hand.is_over:
                before = hand.copy() if len(hand.trick) == hand.seats - 1 else None
                count = len(hand.tricks)
                hand.apply(self.rng.choice(hand.legal_actions()))
                if before is not None and len(hand.tricks) > count:
                    trick = hand.tricks[-1]
                    interesting = (len({c.suit for _, c in trick.cards}) > 1
                                   or trick.winner != trick.leader)
                    if interesting and self.rng.random() < 0.4:
                        return before, trick
        return None

    def _find_lead(self) -> tuple[Hand, Card, str, str] | None:
        """A lead from a real deal where the rules of thumb pick one of several cards."""
        for _attempt in range(DEALS_TRIED):
            hand = self._deal()
            while not hand.is_over:
                mover = hand.to_move
                if hand.phase is Phase.PLAY and not hand.trick and hand.controller(mover) == mover \
                        and len(set(hand.legal_actions().cards)) >= 3 and self.rng.random() < 0.35:
                    advice = self.advisor.advise(hand.view(mover))
                    if isinstance(advice.action, Card):
                        return hand, advice.action, advice.reason, advice.rule
                hand.apply(self.rng.choice(hand.legal_actions()))
        return None

