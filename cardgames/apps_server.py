"""The apps' server: Voila's apps and the rooms' pages on one address.

``python -m cardgames.apps_server notebooks/ ...`` takes Voila's command line (``tasks.py apps``
runs it). It is Voila's own standalone application with the rooms' handlers
(:func:`cardgames.rooms.room_server.room_handlers`) added to its tornado application before
Voila's: ``/join``, ``/join/CODE``, ``/watch/CODE`` and their WebSockets (and the teacher's
pages: the quiz, every room at a glance, the hands played and their review) are answered by the
server process itself, with no kernel, while ``/voila/render/...`` are the apps as before. One
process, one port, one log; Voila's configuration (``voila.json``: the template, the kernel
ceiling, preheated kernels) is read as it is by ``python -m voila``.

Why not Voila as a Jupyter server extension beside a rooms extension: that runs the whole
Jupyter server (its login token, its contents and terminals APIs) for pages that need none of
it, and Voila's preheated kernel pools are a feature of the standalone application only.
"""

from __future__ import annotations

from voila.app import Voila

from .rooms.room_server import RoomHub, room_handlers
from .rooms.glance_page import glance_handlers
from .rooms.hands_page import hands_handlers
from .rooms.review_page import review_handlers
from .rooms.quiz_server import QuizHub, quiz_handlers

__all__ = ["AppsServer", "main"]


class AppsServer(Voila):
    """Voila with the rooms' pages (see the module's doc)."""

    hub: RoomHub | None = None
    quizzes: QuizHub | None = None

    def init_handlers(self) -> list:
        self.hub = RoomHub()
        self.quizzes = QuizHub(self.hub.store)
        return [*room_handlers(self.hub, self.server_url),
                *quiz_handlers(self.quizzes, self.server_url),
                *glance_handlers(self.hub, self.server_url),
                *hands_handlers(self.hub, self.server_url),
                *review_handlers(self.hub, self.server_url), *super().init_handlers()]


def main() -> None:
    AppsServer.launch_instance()


if __name__ == "__main__":
    main()
