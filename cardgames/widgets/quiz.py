"""A quiz for the classroom: positions from real deals, drawn with the card faces, answered
with buttons.

``Quiz("yukon", seed=3)`` asks in turn:

- "Which cards may West play?" (pick the cards, then Check): the feedback quotes the rule that
  refuses each card wrongly picked (the engine's own refusal);
- "Who wins this trick?" (pick a seat): the feedback says why, in the engine's words;
- "How many points does this trick earn?" (pick a number): the feedback counts them;
- "What would a good player lead here?" (pick a card): the feedback gives the rule of thumb
  the computer's rule-of-thumb player follows (``cardgames.players``) and its reason.

Positions come from deals shuffled from the quiz's seed and played on at random, so the same
seed asks the same questions (``?quiz=5&seed=12`` gives a whole class the same five questions,
see :mod:`cardgames.widgets.quiz_app`). ``questions`` ends the round after that many answers.
The widgets are built once and updated in place: one pool of answer buttons
(``.cg-quiz-choice``) serves cards, seats and numbers.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any, Callable

import ipywidgets as widgets

from .. import examples as ex
from .. import table_words
from ..cards import Card, card_sort_key, sort_cards
from ..engine import Hand, Phase, Trick
from ..games import get_game
from ..players import RuleOfThumbPlayer
from ..render import FOUR_COLOURS
from .widget_tree import close_all

__all__ = ["Quiz", "KINDS"]

KINDS = ("legal", "winner", "points", "lead")
CHOICES = 13          # answer buttons: a hand of up to 13 cards, up to 12 seats, 4 numbers

CSS = """<style>
.cg-quiz { font-family: system-ui, sans-serif; max-width: 52em; }
.cg-quiz .cg-quiz-question { font-size: 1.15em; margin: 4px 0; }
.cg-quiz .cg-quiz-choice { min-width: 3.4em; height: auto; min-height: 2.4em; font-size: 1.1em;
  font-weight: 700; margin: 3px; border-radius: 6px; white-space: normal; }
.cg-quiz .cg-quiz-hidden { display: none !important; }
.cg-quiz .cg-suit-S, .cg-quiz .cg-suit-C { color: #1b1b1b; }
.cg-quiz .cg-suit-H, .cg-quiz .cg-suit-D { color: #c0392b; }
.cg-quiz .cg-joker { color: #6a3d9a; }
.cg-quiz.cg-four-colour .cg-suit-D { color: %(D)s; }
.cg-quiz.cg-four-colour .cg-suit-C { color: %(C)s; }
.cg-quiz .mod-success:not(.cg-card-choice), .cg-quiz .mod-danger:not(.cg-card-choice),
.cg-quiz .mod-info:not(.cg-card-choice) { color: #fff !important; }
/* a card to pick: a small white card, lifted with a gold edge when picked; after Check a
   green edge and a tick on each card that may be played, red and a cross on a wrong pick */
.cg-quiz .cg-quiz-choice.cg-card-choice { position: relative; min-width: 2.6em; flex: 0 0 auto;
  height: 3.6em; padding: 0; margin: 12px 8px 6px 4px; background: #fff;
  border: 1px solid #8a8a8a; border-radius: 0.3em; box-shadow: 0 1px 2px rgba(0,0,0,.3);
  font-size: 1.4em; line-height: 1; transition: transform 120ms ease-out; }
.cg-quiz .cg-quiz-choice.cg-card-choice:hover:not(:disabled, .mod-info, .mod-success,
  .mod-danger) { box-shadow: 0 2px 7px rgba(0,0,0,.4); }
.cg-quiz .cg-quiz-choice.cg-card-choice:focus-visible { outline: 2px dashed #1565c0;
  outline-offset: 4px; }
.cg-quiz .cg-quiz-choice.cg-card-choice:focus:not(:focus-visible) { outline: none; }
.cg-quiz .cg-quiz-choice.cg-card-choice.mod-info { background: #fffbea;
  transform: translateY(-8px);
  box-shadow: 0 0 0 3px #d4a017, 0 3px 6px rgba(0,0,0,.3); }
.cg-quiz .cg-quiz-choice.cg-card-choice.mod-success {
  background: #eef8ee; box-shadow: 0 0 0 3px #2e7d32; }
.cg-quiz .cg-quiz-choice.cg-card-choice.mod-danger {
  background: #fdeeee; box-shadow: 0 0 0 3px #c62828; }
.cg-quiz .cg-card-choice.mod-success::after, .cg-quiz .cg-card-choice.mod-danger::after {
  position: absolute; top: 2px; right: 2px; width: 1.1em; height: 1.1em;
  border-radius: 50%%; color: #fff; font-size: 0.55em; line-height: 1.1em; text-align: center; }
.cg-quiz .cg-card-choice.mod-success::after { content: "\\2713"; background: #2e7d32; }
.cg-quiz .cg-card-choice.mod-danger::after { content: "\\2717"; background: #c62828; }
@media (prefers-reduced-motion: reduce) { .cg-quiz .cg-card-choice { transition: none; } }
.cg-quiz .cg-quiz-feedback { font-size: 1.05em; line-height: 1.45; overflow-wrap: anywhere;
  white-space: normal; max-width: 48em; }
.cg-quiz .cg-quiz-feedback p { margin: 4px 0; }
.cg-quiz .cg-quiz-score { color: #333; }
/* ?view=quiz: the quiz alone, filling the window in large print (a class's projector); the
   page's other cells are not drawn (as for the table alone, board.css) */
html:has(.cg-quiz-fill), html:has(.cg-quiz-fill) body { overflow: hidden !important; }
html:has(.cg-quiz-fill) .jp-Cell:not(:has(.cg-quiz-fill)) { display: none !important; }
.cg-quiz-app.cg-quiz-fill { position: fixed; inset: 0; z-index: 10000; overflow: hidden auto;
  box-sizing: border-box; padding: 2vh 3vw; background: #fff;
  --jp-widgets-font-size: clamp(16px, min(1.45vw, 2.5vh), 34px);
  font-size: var(--jp-widgets-font-size); }
.cg-quiz-fill .cg-quiz { max-width: none; }
.cg-quiz-fill .widget-html-content { font-size: inherit; line-height: 1.4; }
.cg-quiz-fill > *, .cg-quiz-fill .widget-box > * { flex-shrink: 0; }  /* the box scrolls */
.cg-quiz-fill .widget-button { font-size: inherit; width: auto; min-width: 5em; height: auto;
  min-height: 2.2em; padding: 0.2em 1em; }
.cg-quiz-fill .cg-quiz .cg-quiz-choice.cg-card-choice { font-size: 1.3em; padding: 0; }
.cg-quiz-fill .cg-quiz .cg-quiz-feedback { max-width: 60em; }
/* a projector (a wide, landscape window): the position on the left, the answers, the buttons
   and the feedback on the right, so that the feedback and the class's link stay on the screen */
@media (min-width: 1000px) and (min-aspect-ratio: 4/3) {
  .cg-quiz-fill .cg-quiz { display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr);
    column-gap: 3vw; align-items: start; align-content: start; }
  .cg-quiz-fill .cg-quiz > * { grid-column: 2; min-width: 0; }
  .cg-quiz-fill .cg-quiz > .cg-quiz-question { grid-column: 1 / -1; }
  .cg-quiz-fill .cg-quiz > .cg-quiz-board { grid-column: 1; grid-row: 2 / span 5;
    font-size: 1.2em; }     /* its cards larger, for the back of the room */
  .cg-quiz-fill .cg-quiz > .cg-quiz-head { display: none; } }
</style>""" % {"D": FOUR_COLOURS["D"], "C": FOUR_COLOURS["C"]}


class Quiz:
    """Questions on positions from real deals of one game.

    ``kind``: "legal", "winner", "points", "lead" or "mixed" (each in turn). ``questions``:
    how many questions make the round (None: no end). Attributes for notebooks and tests:
    ``question``, ``board``, ``choice_buttons`` (also ``card_buttons`` and ``seat_buttons``:
    the same pool, a button per card, seat or number), ``choices`` (what each shown button
    stands for), ``check_button``, ``new_button``, ``feedback``, ``score``, ``position`` (the
    hand at the question), ``cards`` (the cards shown as buttons), ``trick``, ``kind_now``,
    ``right``, ``asked`` and ``answer`` (the right answer).
    """

    def __init__(self, game: str = "yukon", seed: int | None = None, kind: str = "mixed",
                 players: int | None = None, four_colour: bool = False,
                 questions: int | None = None, **options: Any):
        if kind not in KINDS + ("mixed",):
            raise ValueError(f"kind is one of {', '.join(KINDS)} or 'mixed', not {kind!r}")
        if questions is not None and (isinstance(questions, bool) or not isinstance(questions, int)
                                      or not 1 <= questions <= 50):
            raise ValueError(f"questions is a whole number from 1 to 50, not {questions!r}")
        self.game = get_game(game)
        self.kind = kind
        self.players = players
        self.options = options
        self.four_colour = four_colour
        self.questions = questions
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**6)
        self.rng = random.Random(self.seed)
        self.advisor = RuleOfThumbPlayer(0)
        self.right = 0
        self.asked = 0
        self.position: Hand | None = None
        self.trick: Trick | None = None
        self.cards: list[Card] = []
        self.choices: list[Any] = []
        self.answer: Any = None
        self.reason = ""
        self.kind_now = ""
        self._selected: set[int] = set()
        self._answered = False
        self._when_finished: list[Callable[[], None]] = []
        self._build()
        self.new_question()

    # -- widgets -------------------------------------------------------------------------------------

    def _build(self) -> None:
        W = widgets
        self.head = W.HTML(CSS)
        self.head.add_class("cg-quiz-head")
        self.question = W.HTML()
        self.question.add_class("cg-quiz-question")
        self.board = W.HTML()
        self.board.add_class("cg-quiz-board")
        shared_layout = W.Layout(width="auto")
        self.choice_buttons = []
        for i in range(CHOICES):
            button = W.Button(layout=shared_layout)
            button.add_class("cg-quiz-choice")
            button.on_click(lambda _b, i=i: self._guard(self._choose, i))
            self.choice_buttons.append(button)
        self.card_buttons = self.seat_buttons = self.choice_buttons
        self.check_button = W.Button(description="Check", button_style="primary")
        self.check_button.add_class("cg-quiz-check")
        self.check_button.on_click(lambda _b: self._guard(self._check_cards))
        self.new_button = W.Button(description="Next question")
        self.new_button.add_class("cg-quiz-new")
        self.new_button.on_click(lambda _b: self._guard(self.new_question))
        self.feedback = W.HTML()
        self.feedback.add_class("cg-quiz-feedback")
        self.score = W.HTML()
        self.score.add_class("cg-quiz-score")
        self.tally = self.score
        self.widget = W.VBox([self.head, self.question, self.board,
                              W.HBox(self.choice_buttons, layout=W.Layout(flex_flow="row wrap")),
                              W.HBox([self.check_button, self.new_button],
                                     layout=W.Layout(flex_flow="row wrap")),
                              self.feedback, self.score])
        self.widget.add_class("cg-quiz")
        if self.four_colour:
            self.widget.add_class("cg-four-colour")

    def close(self) -> None:
        """Close every widget of the quiz (a new round replaces it)."""
        close_all(self.widget)

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)

    def _guard(self, fn, *args: Any) -> None:
        try:
            fn(*args)
        except Exception as error:  # noqa: BLE001 - shown, never lost
            self.feedback.value = (f'<span class="cg-error" role="alert">Something went wrong: '
                                   f'{escape(str(error))}</span>')

    def seat_names(self) -> list[str]:
        assert self.position is not None
        return table_words.seat_names(self.position)

    def _show_choices(self, labels: list[str], cards: list[Card | None] | None = None) -> None:
        """Show one button per label (the rest hidden), coloured by its card's suit if any."""
        for i, button in enumerate(self.choice_buttons):
            with button.hold_sync():
                for name in list(button._dom_classes):
                    if name.startswith("cg-suit-") or name in ("cg-joker", "cg-quiz-hidden",
                                                               "cg-card-choice"):
                        button.remove_class(name)
                button.button_style = ""
                if i < len(labels):
                    button.description = labels[i]
                    card = cards[i] if cards else None
                    button.tooltip = card.name if card is not None else labels[i]
                    if card is not None:
                        button.add_class("cg-card-choice")      # drawn as a small card
                        button.add_class("cg-joker" if card.suit is None
                                         else f"cg-suit-{card.suit.letter}")
                    button.disabled = False
                else:
                    button.description = button.tooltip = ""
                    button.disabled = True
                    button.add_class("cg-quiz-hidden")

    # -- positions -----------------------------------------------------------------------------------

    def _deal(self) -> Hand:
        return self.game.deal(self.rng.randrange(1, 10**9), players=self.players, **self.options)

    def _find_legal_position(self) -> Hand | None:
        """A position in play where the seat to move may play some cards and not others."""
        for _attempt in range(50):
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
        for _attempt in range(50):
            hand = self._deal()
            while not hand.is_over:
                before = hand.copy() if len(hand.trick) == hand.seats - 1 else None
                count = len(hand.tricks)
                hand.apply(self.rng.choice(hand.legal_actions()))
                if before is not None and len(hand.tricks) > count:
                    trick = hand.tricks[-1]
                    interesting = len({c.suit for _, c in trick.cards}) > 1 or trick.winner != trick.leader
                    if interesting and self.rng.random() < 0.4:
                        return before, trick
        return None

    def _find_lead(self) -> tuple[Hand, Card, str, str] | None:
        """A lead from a real deal where the rules of thumb pick one of several cards."""
        for _attempt in range(50):
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

    # -- questions -----------------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """The round's last question has been answered."""
        return self.questions is not None and self.asked >= self.questions and self._answered

    def new_question(self) -> None:
        """Pick a new position and ask about it (nothing more once the round is over)."""
        if self.finished:
            return
        kind = self.kind if self.kind != "mixed" else KINDS[self.asked % len(KINDS)]
        self._answered = False
        self._selected = set()
        self.feedback.value = ""
        self.trick = None
        self.cards = []
        if kind == "lead":
            found_lead = self._find_lead()
            if found_lead is None:
                kind = "legal"
            else:
                self._ask_lead(*found_lead)
        if kind == "legal":
            hand = self._find_legal_position()
            if hand is None:
                kind = "winner"
            else:
                self._ask_legal(hand)
        if kind in ("winner", "points"):
            found = self._find_trick()
            if found is None:
                raise RuntimeError("no suitable trick found in 50 deals")
            (self._ask_winner if kind == "winner" else self._ask_points)(*found)
        self.kind_now = kind
        self.new_button.disabled = True
        self._show_score()

    def _title(self) -> str:
        number = self.asked + 1
        of = f" of {self.questions}" if self.questions else ""
        return f"<b>{escape(self.game.title)}, question {number}{of}:</b> "

    def _ask_legal(self, hand: Hand) -> None:
        self.position = hand
        seat = hand.to_move
        names = table_words.seat_names(hand)
        self.cards = sorted(hand.hands[seat], key=card_sort_key)[:CHOICES]
        self.choices = list(self.cards)
        self.answer = sort_cards(set(hand.legal_actions().cards))
        self.question.value = (self._title() + f"which cards may <b>{escape(names[seat])}</b> "
                               "play? Pick them, then press Check.")
        self.board.value = ex.position(hand, seats=[seat], show_legal=False,
                                       four_colour=self.four_colour).html
        self._show_choices([c.label for c in self.cards], self.cards)
        self.check_button.layout.display = ""
        self.check_button.disabled = False

    def _ask_winner(self, before: Hand, trick: Trick) -> None:
        self.position = before
        self.trick = trick
        names = table_words.seat_names(before)
        self.choices = list(range(before.seats))
        self.answer = trick.winner
        self.question.value = self._title() + "who wins this trick? Pick the seat."
        self.board.value = ex.trick(before, trick, show="cards", names=names, show_info=True,
                                    four_colour=self.four_colour).html
        labels = []
        for seat in range(before.seats):
            card = trick.card_of(seat)
            labels.append(f"{names[seat]} ({card.label})" if card else names[seat])
        self._show_choices(labels)
        self.check_button.layout.display = "none"

    def _ask_points(self, before: Hand, trick: Trick) -> None:
        self.position = before
        self.trick = trick
        names = table_words.seat_names(before)
        right = trick.points
        wrong = {right + 5, right + 10, max(0, right - 5), right * 2, max(0, right - 10), right + 3}
        wrong.discard(right)
        others = self.rng.sample(sorted(wrong), 3)
        self.choices = sorted([right, *others])
        self.answer = right
        self.question.value = (self._title() + f"{escape(names[trick.winner])} wins this trick. "
                               "How many points does it earn?")
        self.board.value = ex.trick(before, trick, show="winner", names=names, show_info=True,
                                    four_colour=self.four_colour).html
        self._show_choices([str(n) for n in self.choices])
        self.check_button.layout.display = "none"

    def _ask_lead(self, hand: Hand, card: Card, reason: str, rule: str) -> None:
        self.position = hand
        seat = hand.to_move
        names = table_words.seat_names(hand)
        legal = sort_cards(set(hand.legal_actions().cards))
        others = [c for c in legal if c is not card]
        picked = self.rng.sample(others, min(3, len(others)))
        self.choices = sort_cards([card, *picked])
        self.cards = list(self.choices)
        self.answer = card
        self.reason = ex.sentence(reason, names)
        self.rule = rule
        self.question.value = (self._title() + f"<b>{escape(names[seat])}</b> leads. Which of "
                               "these cards would a good player lead, and why?")
        self.board.value = ex.position(hand, seats=[seat], show_legal=False,
                                       four_colour=self.four_colour).html
        self._show_choices([c.label for c in self.choices], self.choices)
        self.check_button.layout.display = "none"

    # -- answers -----------------------------------------------------------------------------------------

    def _choose(self, index: int) -> None:
        if index >= len(self.choices):
            return
        if self.kind_now == "legal":
            self._toggle(index)
        elif self.kind_now == "winner":
            self._answer_seat(self.choices[index])
        elif self.kind_now == "points":
            self._answer_points(index)
        elif self.kind_now == "lead":
            self._answer_lead(index)

    def _toggle(self, index: int) -> None:
        if self._answered:
            return
        self._selected ^= {index}
        self.choice_buttons[index].button_style = "info" if index in self._selected else ""

    def on_finished(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once the round's last question has been answered."""
        self._when_finished.append(callback)

    def _score_answer(self, correct: bool) -> None:
        first = not self._answered
        self._answered = True
        if first:
            self.asked += 1
            self.right += bool(correct)
        self.new_button.disabled = self.finished
        self.check_button.disabled = True
        if first and self.finished:
            for callback in self._when_finished:
                callback()

    def _feedback(self, lines: list[str]) -> None:
        self.feedback.value = "".join(f"<p>{escape(line)}</p>" for line in lines)

    def _check_cards(self) -> None:
        hand = self.position
        assert hand is not None and self.kind_now == "legal"
        if self._answered:
            return
        names = table_words.seat_names(hand)
        legal = set(hand.legal_actions().cards)
        chosen = {self.cards[i] for i in self._selected}
        wrong = sorted(chosen - legal, key=card_sort_key)
        missed = sorted(legal - chosen, key=card_sort_key)
        forbidden = sorted(set(self.cards) - legal, key=card_sort_key)
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
        self._score_answer(not wrong and not missed)
        for i, (button, card) in enumerate(zip(self.choice_buttons, self.cards)):
            button.button_style = "success" if card in legal else "danger" if i in self._selected else ""
        self.board.value = ex.position(hand, seats=[hand.to_move],
                                       four_colour=self.four_colour).html
        self._feedback(lines)
        self._show_score()

    def _answer_seat(self, seat: int) -> None:
        trick = self.trick
        hand = self.position
        assert trick is not None and hand is not None
        if self._answered:
            return
        names = table_words.seat_names(hand)
        why = ex.sentence(hand.explain_winner(trick), names)
        said = f"{names[trick.winner]} wins with {trick.winning_card.label}. {why}"
        lines = [f"Right! {said}"] if seat == trick.winner else \
            [f"Not quite: {names[seat]} does not win.", said]
        self._score_answer(seat == trick.winner)
        for s, button in enumerate(self.choice_buttons[:hand.seats]):
            button.button_style = "success" if s == trick.winner else "danger" if s == seat else ""
        self.board.value = ex.trick(hand, trick, show="winner", names=names, show_info=True,
                                    four_colour=self.four_colour).html
        self._feedback(lines)
        self._show_score()

    def _answer_points(self, index: int) -> None:
        trick = self.trick
        hand = self.position
        assert trick is not None and hand is not None
        if self._answered:
            return
        names = table_words.seat_names(hand)
        counted = "It earns " + ex.sentence(hand.explain_points(trick), names)
        picked = self.choices[index]
        lines = [f"Right! {counted}"] if picked == trick.points else \
            [f"Not quite: not {picked}.", counted]
        self._score_answer(picked == trick.points)
        for i, button in enumerate(self.choice_buttons[:len(self.choices)]):
            button.button_style = "success" if self.choices[i] == trick.points else \
                "danger" if i == index else ""
        self._feedback(lines)
        self._show_score()

    def _answer_lead(self, index: int) -> None:
        hand = self.position
        assert hand is not None
        if self._answered:
            return
        card = self.choices[index]
        best = self.answer
        rule = f"The rule of thumb: {self.rule}. {self.reason}" if self.rule else self.reason
        lines = [f"Right: a good player leads {best.label}.", rule] if card is best else \
            [f"{card.label} may be played, but a good player would lead {best.label}.", rule]
        self._score_answer(card is best)
        for i, button in enumerate(self.choice_buttons[:len(self.choices)]):
            button.button_style = "success" if self.choices[i] is best else \
                "danger" if i == index else ""
        self._feedback(lines)
        self._show_score()

    def _show_score(self) -> None:
        if self.finished:
            text = f"That was the last question. Score: {self.right} right out of {self.asked}."
        elif self.asked:
            text = f"Score: {self.right} right out of {self.asked}."
        else:
            text = "Score: no answers yet."
        self.score.value = f"<b>{escape(text)}</b>"
