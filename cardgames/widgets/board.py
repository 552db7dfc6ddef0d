"""TEMPORARY stand-in for the board widget (replaced by the board-ui branch)."""
from __future__ import annotations
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable
import anywidget
import traitlets

HERE = Path(__file__).parent


@dataclass(frozen=True)
class UserEvent:
    type: str
    seq: int
    card: str | None = None
    action_id: int | None = None
    button: str | None = None


class Board(anywidget.AnyWidget):
    _esm = HERE / "board.js"
    _css = HERE / "board.css"
    state = traitlets.Dict().tag(sync=True)
    faces = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[UserEvent], None]] = []
        self.on_msg(self._receive)

    def on_user(self, callback: Callable[[UserEvent], None]) -> None:
        self._handlers.append(callback)

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = UserEvent(type=content.get("type"), seq=content.get("seq"), card=content.get("card"),
                          action_id=content.get("id"), button=content.get("name"))
        for handler in self._handlers:
            handler(event)
