"""The panels' style sheets, kept as ``.css`` files beside this module and shipped in the package.

A page receives a style sheet of plain ipywidgets as an HTML widget holding a ``<style>``
element: the same widget reaches a notebook, a Voila app and the static site's pages (whose
Python installs the package from its wheel, ``.css`` files included). An anywidget names its
file in ``_css`` instead (``board.py``). The files are read by
:func:`cardgames.stylesheets.stylesheet`, the package's one reader (the rooms' pages and the hand
diagram use it without the widgets).
"""

from __future__ import annotations

from .. import stylesheets

__all__ = ["stylesheet", "style_html"]


def stylesheet(name: str) -> str:
    """The text of the style sheet ``name`` (``"table_panels.css"``) beside this module."""
    return stylesheets.stylesheet(f"widgets/{name}")


def style_html(*names: str, before: str = "") -> str:
    """The style sheets ``names`` as one ``<style>`` element for an HTML widget; ``before`` is
    CSS made in Python (values that live in a Python table) put ahead of the files' rules."""
    return "<style>\n" + before + "".join(stylesheet(name) for name in names) + "</style>"
