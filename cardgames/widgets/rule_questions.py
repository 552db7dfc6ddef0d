"""A game's rules asked on a form as plain questions: the table's New deal panel and the
teachers' form for rooms both ask them this way.

Each option is one control: a checkbox for a yes-or-no rule, a list of its choices in words, or
a box for a number or a list of cards. A box is empty while it holds the rules' own value, and
its hint says that value in words ("No minimum", "250 points"), so a reader never meets a bare
"0" whose meaning is only in a tooltip. Pointing at a question shows the rule's meaning and where
it comes from.

``RuleQuestions(game)`` makes the controls; ``.rows`` are the widgets to show, ``.controls`` the
control of each option by name; ``.chosen()`` reads back the options that differ from the rules'
own, ``.show(options)`` sets the form to a deal's options (to repeat it), and ``.close()``
closes its widgets when another game's questions replace them.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as widgets

from ..engine import Game, Option
from ..limits import ascii_digits

__all__ = ["RuleQuestions"]


def _plain(kind: type, *args: Any, layout: dict[str, Any] | None = None, **traits: Any) -> Any:
    return kind(*args, layout=layout or {}, **traits)


def _is_yes_or_no(option: Option) -> bool:
    return bool(option.choices) and all(isinstance(c, bool) for c in option.choices)


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

    def __init__(self, game: Game, make: Callable[..., Any] = _plain) -> None:
        self.game = game
        self.rows: list[widgets.Widget] = []
        self.controls: dict[str, widgets.Widget] = {}
        W = widgets
        for name, option in game.options.items():
            tooltip = option.doc + (f" (source: {option.source})" if option.source else "")
            if _is_yes_or_no(option):
                control = make(W.Checkbox, value=bool(option.default), description=option.question,
                               indent=False, tooltip=tooltip, layout={"width": "auto"})
            else:
                self.rows.append(make(W.HTML, escape(option.question)))
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

    def chosen(self) -> dict[str, Any]:
        """The options as the form shows them, only those that differ from the rules' own."""
        chosen = {}
        for name, control in self.controls.items():
            option = self.game.options[name]
            value = _from_box(option, control.value) if isinstance(control, widgets.Text) \
                else control.value
            if value != option.default:
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
