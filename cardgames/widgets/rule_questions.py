"""A game's rules asked on a form as plain questions: the table's New deal panel and the
teachers' form for rooms both ask them this way.

Each option is asked as its question reads:

- a yes-or-no rule (its choices said "Yes ..." and "No ...") is a checkbox whose label is the
  question: ticked means "yes" to the question as written;
- an either/or rule ("Is reaching the target enough, or must it be passed?") and any rule of
  several choices is a list of its choices in words;
- a rule for a number or a list of cards is a box, empty while it holds the rules' own value, its
  hint saying that value in words ("No minimum", "250 points"), so a reader never meets a bare
  "0" whose meaning is only in a tooltip;
- a rule with one allowed value is no control at all: a line says the question and its answer.

Pointing at a question shows the rule's meaning and where it comes from. Their looks are
``rule_questions.css`` (the table's panels and the teacher's page include it).

``RuleQuestions(game)`` makes the controls; ``.rows`` are the widgets to show, ``.controls`` the
control of each option that may be changed, by name, and ``.fixed`` the line of each that may
not; ``.meaning(name)`` says in words what the form now asks for; ``.chosen()`` reads back the
options that differ from the rules' own, ``.show(options)`` sets the form to a deal's options
(to repeat it), and ``.close()`` closes its widgets when another game's questions replace them.

The questions name the cards as the pack of the deal does: ``RuleQuestions(game, pack=SPANISH)``
or ``.use_pack(SPANISH)`` asks Guinote's questions with the Spanish pack's words ("Are a declared
marriage's rey and sota shown to everybody?"), through :meth:`cardgames.packs.Pack.words`.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as widgets

from ..engine import Game, Option
from ..limits import ascii_digits
from ..packs import FRENCH, Pack

__all__ = ["RuleQuestions", "asks_yes_or_no", "has_one_value"]


def _plain(kind: type, *args: Any, layout: dict[str, Any] | None = None, **traits: Any) -> Any:
    return kind(*args, layout=layout or {}, **traits)


def has_one_value(option: Option) -> bool:
    """The rules allow this option one value only: it is said, not asked."""
    return len(option.choices) == 1


def asks_yes_or_no(option: Option) -> bool:
    """The option's question is answered yes (True) or no (False), as its choices' words say:
    a checkbox, ticked for yes. A True/False option whose words are two other answers (an
    either/or question) is a list of its two choices instead."""
    if set(option.choices) != {False, True} or not all(isinstance(c, bool) for c in option.choices):
        return False
    return (option.words(True).startswith("Yes") and option.words(False).startswith("No"))


def _box_text(option: Option, value: Any) -> str:
    """What a box shows for ``value``: nothing for the rules' own value (its hint says it)."""
    if value == option.default:
        return ""
    if value is None:
        return "none"
    return " ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


def _from_box(option: Option, text: str) -> Any:
    """A box's text as an option value: empty for the rules' own, a whole number, a list of
    cards, or the text itself (the game's check refuses it in words if it is none of these)."""
    text = text.strip()
    if not text:
        return option.default
    if text.lower() == "none":
        return None
    if ascii_digits(text.removeprefix("-")):
        return int(text)
    if " " in text or "," in text:
        return text.replace(",", " ").split()
    return text


class RuleQuestions:
    """One game's options as questions on a form (``make`` builds each widget, as
    :meth:`SharedLooks.make` does)."""

    def __init__(self, game: Game, make: Callable[..., Any] = _plain,
                 pack: Pack = FRENCH) -> None:
        self.game = game
        self.pack = FRENCH
        self.rows: list[widgets.Widget] = []
        self.controls: dict[str, widgets.Widget] = {}
        self.fixed: dict[str, widgets.HTML] = {}
        W = widgets
        for name, option in game.options.items():
            # where the rule comes from, for whoever points at it (the programmers' line, with
            # the option's name, stays in the option's doc)
            tooltip = f"Where this rule comes from: {option.source}" if option.source else ""
            if has_one_value(option):
                line = make(W.HTML, f"{escape(option.question)} "
                                    f"<b>{escape(option.words(option.default))}</b>",
                            tooltip=tooltip)
                line.add_class("cg-option-fixed")
                self.rows.append(line)
                self.fixed[name] = line
                continue
            if asks_yes_or_no(option):
                control = make(W.Checkbox, value=bool(option.default), description=option.question,
                               indent=False, tooltip=tooltip, layout={"width": "auto"})
            else:
                asked = make(W.HTML, escape(option.question))
                asked.add_class("cg-option-question")
                self.rows.append(asked)
                if option.choices:
                    control = make(W.Dropdown, options=[(option.words(c), c) for c in option.choices],
                                   value=option.default, tooltip=tooltip,
                                   layout={"width": "auto", "max_width": "100%"})
                else:
                    control = make(W.Text, value="", placeholder=option.words(option.default),
                                   tooltip=tooltip, layout={"width": "30em", "max_width": "100%"})
            control.add_class("cg-option")
            self.rows.append(control)
            self.controls[name] = control
        if not pack.is_french:
            self.use_pack(pack)

    def use_pack(self, pack: Pack) -> None:
        """Ask the questions with ``pack``'s names for the cards (the rules' own words are
        French: "King", "Queen"); the answers chosen stay as they are."""
        said = pack.words
        self.pack = pack
        questions = iter(row for row in self.rows if isinstance(row, widgets.HTML)
                         and row not in self.fixed.values())
        for name, option in self.game.options.items():
            if name in self.fixed:
                self.fixed[name].value = (f"{escape(said(option.question))} "
                                          f"<b>{escape(said(option.words(option.default)))}</b>")
                continue
            control = self.controls[name]
            if isinstance(control, widgets.Checkbox):
                control.description = said(option.question)
                continue
            next(questions).value = escape(said(option.question))
            if isinstance(control, widgets.Dropdown):
                value = control.value
                with control.hold_trait_notifications():
                    control.options = [(said(option.words(c)), c) for c in option.choices]
                    control.value = value
            else:
                control.placeholder = said(option.words(option.default))

    def value(self, name: str) -> Any:
        """The value of option ``name`` as the form shows it."""
        option = self.game.options[name]
        control = self.controls.get(name)
        if control is None:
            return option.default
        return _from_box(option, control.value) if isinstance(control, widgets.Text) \
            else control.value

    def meaning(self, name: str) -> str:
        """What the form asks for option ``name``, in the rule's words ("Yes, they score")."""
        return self.game.options[name].words(self.value(name))

    def chosen(self) -> dict[str, Any]:
        """The options as the form shows them, only those that differ from the rules' own."""
        chosen = {}
        for name in self.controls:
            value = self.value(name)
            if value != self.game.options[name].default:
                chosen[name] = value
        return chosen

    def close(self) -> None:
        """Close the form's widgets (another game's questions replace them)."""
        for row in self.rows:
            row.close()

    def show(self, options: dict[str, Any]) -> None:
        """Set the form to these options (the rules' own for those not given)."""
        for name, control in self.controls.items():
            option = self.game.options[name]
            value = options.get(name, option.default)
            control.value = _box_text(option, value) if isinstance(control, widgets.Text) else value
