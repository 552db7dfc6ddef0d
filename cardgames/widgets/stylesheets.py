"""The panels' style sheets, kept as ``.css`` files beside this module and shipped in the package.

A page receives a style sheet of plain ipywidgets as an HTML widget holding a ``<style>``
element: the same widget reaches a notebook, a Voila app and the static site's pages (whose
Python installs the package from its wheel, ``.css`` files included). An anywidget names its
file in ``_css`` instead (``board.py``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["stylesheet", "style_html"]

HERE = Path(__file__).resolve().parent


@cache
def stylesheet(name: str) -> str:
    """The text of the style sheet ``name`` (``"table_panels.css"``) beside this module."""
    return (HERE / name).read_text(encoding="utf-8")


def style_html(*names: str, before: str = "") -> str:
    """The style sheets ``names`` as one ``<style>`` element for an HTML widget; ``before`` is
    CSS made in Python (values that live in a Python table) put ahead of the files' rules."""
    return "<style>\n" + before + "".join(stylesheet(name) for name in names) + "</style>"
