"""The package's style sheets, kept as ``.css`` files beside the modules whose pages they style
and shipped in the package (``pyproject.toml``'s package data).

Read with the standard library alone, so the rules engine (``hand_diagram.css``) and the rooms'
pages (``rooms/*.css``) take their sheets without importing the widgets;
:mod:`cardgames.widgets.stylesheets` reads the panels' sheets through it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["stylesheet"]

PACKAGE = Path(__file__).resolve().parent


@cache
def stylesheet(name: str) -> str:
    """The text of the style sheet ``name``, a path inside the package
    (``"hand_diagram.css"``, ``"rooms/review_page.css"``)."""
    return (PACKAGE / name).read_text(encoding="utf-8")
