"""A part of a page built once the page's first table is drawn: ``WhenDrawn(build)``.

An explainer holds two tables: the hand's and, further down, the match's. The browser creates
every widget of a page before it draws any of them, so a second table built with the page
delays the first one (its board, its panels and their models). Under Voila the match's table
waits for this widget instead: it shows nothing and sends ``{"type": "drawn"}`` once the first
table is on the screen and the page is idle (``when_drawn.js`` beside this file); then ``build``
runs, once. Any other message is refused (logged, and nothing built).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable

import anywidget

from ..limits import quote

__all__ = ["WhenDrawn"]

HERE = Path(__file__).parent
LOG = logging.getLogger("cardgames.widgets")


class WhenDrawn(anywidget.AnyWidget):
    """Runs ``build()`` once, when the browser says the page's first table is drawn."""

    _esm = HERE / "when_drawn.js"

    def __init__(self, build: Callable[[], object], **kwargs) -> None:
        super().__init__(**kwargs)
        self._build: Callable[[], object] | None = build
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    @property
    def done(self) -> bool:
        return self._build is None

    def receive(self, content: object, buffers: object = None) -> bool:
        """Handle one message from the browser; True when it built what was waiting."""
        if buffers or content != {"type": "drawn"}:
            LOG.warning("a when-drawn message is {'type': 'drawn'} and nothing else, not %s",
                        quote(content))
            return False
        build, self._build = self._build, None
        if build is None:            # said twice (a page drawn again): built already
            return False
        build()
        return True
