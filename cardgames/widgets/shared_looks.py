"""Widgets that look the same share one Layout model and one style model.

Every ipywidgets widget comes with a ``Layout`` widget of its own, and most with a style widget
(``ButtonStyle``, ``HTMLStyle``, ...): each is one more model the page must ask the kernel for
and build before it can show anything. The table never changes a layout or a style after
making it (its looks are CSS classes: the board's ``board.css`` and the panels'
``table_panels.css``), so widgets that look alike can share them: a Yukon app holds 244 widget
models instead of 552. That matters when many pages load at once: a widget manager that waits
past its limit for the whole state asks for each model one by one, and a page whose burst of
replies loses some never shows its table (figures in benchmarks/README.md).

``SharedLooks().make(widgets.Button, description="Deal", layout={"width": "auto"})`` makes the
widget with the layout and style it shares with every other widget of the same looks made
through the same ``SharedLooks``. The price: a shared layout or style must never be changed
through one widget (``button.layout.display = "none"`` would hide them all); change looks by
classes instead, or give that widget a layout of its own.
"""

from __future__ import annotations

from typing import Any, TypeVar

import ipywidgets as widgets

W = TypeVar("W", bound=widgets.Widget)


class SharedLooks:
    """One Layout and one style model per distinct look, for the widgets made through it."""

    def __init__(self) -> None:
        self._models: dict[tuple[Any, ...], widgets.Widget] = {}

    def _shared(self, kind: type, traits: dict[str, Any]) -> widgets.Widget:
        key = (kind, tuple(sorted(traits.items())))
        if key not in self._models:
            self._models[key] = kind(**traits)
        return self._models[key]

    def make(self, kind: type[W], *args: Any, layout: dict[str, Any] | None = None,
             style: dict[str, Any] | None = None, **traits: Any) -> W:
        """``kind(*args, **traits)`` with the shared Layout for ``layout`` and, if the widget has
        a style, the shared style for ``style`` (both plain dicts of traits)."""
        traits["layout"] = self._shared(widgets.Layout, layout or {})
        style_trait = kind.class_traits().get("style")
        if style_trait is not None:
            traits["style"] = self._shared(style_trait.klass, style or {})
        elif style:
            raise TypeError(f"{kind.__name__} has no style to set {sorted(style)}")
        return kind(*args, **traits)

    @property
    def models(self) -> int:
        """How many layout and style models the widgets made so far share."""
        return len(self._models)
