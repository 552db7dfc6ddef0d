"""The widget models under a widget: what the browser holds for it, and closing them all."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

__all__ = ["close_all", "widgets_under"]


def widgets_under(root: widgets.Widget) -> list[widgets.Widget]:
    """``root`` and every widget it refers to in a synced trait (children, layouts, styles), once
    each: the models the browser receives for it."""
    seen: dict[str, widgets.Widget] = {}

    def walk(w: Any) -> None:
        if isinstance(w, widgets.Widget) and w.model_id not in seen:
            seen[w.model_id] = w
            for name in w.keys:
                value = getattr(w, name, None)
                if isinstance(value, widgets.Widget):
                    walk(value)
                elif isinstance(value, (list, tuple)):
                    for item in value:
                        walk(item)

    walk(root)
    return list(seen.values())


def close_all(root: widgets.Widget) -> None:
    """Close ``root`` and every widget under it: their models leave the kernel and the page."""
    for widget in widgets_under(root):
        widget.close()
