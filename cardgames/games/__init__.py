"""The registry of games: one module per game, each defining ``GAME``.

``GAMES`` maps each game's name to its :class:`~cardgames.engine.Game`; ``get_game`` also
understands aliases ("pip-pip", "guiñote", "pippins") and any case.
"""

from __future__ import annotations

import importlib
import importlib.util

from ..engine import Game, SetupError

GAME_MODULES = ("quinto", "yukon", "pip_pip", "guinote", "pippins_aplenty")

GAMES: dict[str, Game] = {}
for _module in GAME_MODULES:
    if importlib.util.find_spec(f"{__name__}.{_module}") is not None:
        GAMES[_module] = importlib.import_module(f"{__name__}.{_module}").GAME

_ALIASES: dict[str, str] = {}
for _game in GAMES.values():
    for _alias in (_game.name, _game.title, *_game.aliases):
        _ALIASES[_alias.lower()] = _game.name
        _ALIASES[_alias.lower().replace("-", "_").replace(" ", "_").replace("!", "")] = _game.name


def get_game(name: "str | Game") -> Game:
    """The game called ``name`` (its name, title or an alias, in any case)."""
    found = GAMES.get(name) if name.__class__ is str else None    # (the usual case, quickly)
    if found is not None:
        return found
    if isinstance(name, Game):
        return name
    if not isinstance(name, str):
        raise SetupError(f"a game is named by text such as 'yukon', not {name!r}")
    key = _ALIASES.get(name.strip().lower())
    if key is None:
        raise SetupError(f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
    return GAMES[key]
