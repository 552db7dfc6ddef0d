"""Where a page opens: ``OpenHere()``, put just above the section the page's link asks for.

A game's page is long: the rules and examples come first, then the tables, the quiz, the best
play. A link that asks for something of the page (a room's seat, a prepared deal, a quiz) is a
link to that section, so the page opens there, as at an anchor; the rules stay above it, a
scroll away. The widget shows nothing (``open_here.js`` beside this file): once it is on the
page it brings itself to the top of the window, once per page, unless the reader has already
scrolled.
"""

from __future__ import annotations

from pathlib import Path

import anywidget

__all__ = ["OpenHere"]


class OpenHere(anywidget.AnyWidget):
    """The page opens here (nothing is drawn; see the module's docstring)."""

    _esm = Path(__file__).with_name("open_here.js")
