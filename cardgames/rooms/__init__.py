"""A class at one table: rooms that several pupils' kernels share (the engine side).

A room is a hand (or a match) that pupils play from their own devices, each page seeing only
its own seat. Its state lives outside the kernels in a :class:`RoomStore` (an SQLite file by
default; Redis with ``CARDGAMES_ROOMS=redis://...``); each kernel's :class:`RoomTable` replays
the stored actions through the rules and adds its own with "append action number k", so that
nothing is lost or applied twice. :class:`Teacher` lists, opens, resets and closes rooms.
Nothing here imports a widget.
"""

from .room import (
    COMPUTER_KINDS, DEFAULT_EXPIRY, DEFAULT_TIMEOUT, NotYourTurn, RaceLost, Room, RoomError,
    RoomGone, Seat, SeatTaken, check_holder, check_name, new_holder,
)
from .room_table import Joined, Polled, RoomTable, WatchView, new_room
from .store import RoomStore, default_path, open_store
from .teacher import KeyRefused, OpenedRoom, Teacher, room_link

__all__ = [
    "COMPUTER_KINDS", "DEFAULT_EXPIRY", "DEFAULT_TIMEOUT", "Joined", "KeyRefused", "NotYourTurn",
    "OpenedRoom",
    "Polled", "RaceLost", "Room", "RoomError", "RoomGone", "RoomStore", "RoomTable", "Seat",
    "SeatTaken", "Teacher", "WatchView", "check_holder", "check_name", "default_path",
    "new_holder", "new_room", "open_store", "room_link",
]
