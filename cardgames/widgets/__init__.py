"""The ipywidgets table and quiz: the only part of cardgames that imports ipywidgets.

``Table("yukon", seed=7, seat=2)`` is a table to play any of the games step by step;
``Quiz("yukon")`` asks classroom questions about positions from real deals. Both display
themselves in a notebook and in Voila (``display(table)`` or ``table.widget``).
"""

from . import comm_guard
from .quiz import Quiz
from .table import Table

comm_guard.install()        # in a kernel: no traceback to the browser from a widget message

__all__ = ["Quiz", "Table"]
