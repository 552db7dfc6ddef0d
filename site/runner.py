"""Runs a notebook's code cells inside the page (Pyodide) and hands their outputs to the page.

It is imported at build time, in the memory snapshot the pages start from (as
``cg_site_runner``, with the packages). The page (``runtime.js``) then registers a JavaScript
module ``cg_page`` with two functions, ``send(msg_type, message_json, buffers)`` (a widget
message for the page's widget manager) and ``output(cell, output_json)`` (something a cell
showed), calls ``start()``, then ``run_cell(cell, code)`` for each code cell in order and
``deliver(comm_id, data_json, buffers)`` for each message the page's widgets send back (a click).

There is no kernel and no IPython shell: ipywidgets' comms are ``BrowserComm`` objects that
call the page directly, ``display()`` sends to the page, and a cell's last expression is shown
as a notebook shows it. Cells that need pandas or matplotlib (simulations, plots), which the
browser does not have, show a short note instead of failing; any other error shows a short
apology on the page and its traceback in the browser's console.
"""

from __future__ import annotations

import ast
import builtins
import json
import os
import sys
import traceback
from typing import Any

os.environ.setdefault("JUPYTER_WIDGETS_ECHO", "0")   # no echo of the page's own updates

import comm  # noqa: E402
from comm.base_comm import BaseComm  # noqa: E402

#: Packages of the full install that the browser does not have.
FULL_INSTALL = ("pandas", "matplotlib")
NOTE = ("This part needs the full install: simulations, tables of many numbers and plots use "
        "pandas and matplotlib, which this page (Python running in your browser) does not have. "
        "The same page served from a computer with the full install (a teacher's, or Binder) "
        "shows it.")
SORRY = "Sorry, this part of the page could not run here (the browser's console says why)."

_cell = -1       # the cell whose outputs are being collected


def _to_js(buffers: Any) -> Any:
    from pyodide.ffi import to_js

    return to_js([memoryview(b).tobytes() for b in buffers or []])


class BrowserComm(BaseComm):
    """A widget's comm whose messages go straight to the page's widget manager."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        content = {"comm_id": self.comm_id, "data": data or {}, **keys}
        message = json.dumps({"content": content, "metadata": metadata or {}}, default=str)
        import cg_page  # registered by runtime.js, after the snapshot

        cg_page.send(msg_type, message, _to_js(buffers))


comm.create_comm = BrowserComm


def deliver(comm_id: str, data_json: str, buffers: Any = None) -> None:
    """A message from a widget in the page (``comm.send`` in JavaScript) to its Python widget."""
    found = comm.get_comm_manager().get_comm(comm_id)
    if found is None:
        return
    held = [memoryview(b.to_bytes()) for b in buffers] if buffers else []
    found.handle_msg({"content": {"comm_id": comm_id, "data": json.loads(data_json)},
                      "buffers": held, "metadata": {}, "header": {}, "parent_header": {}})


# -- outputs ------------------------------------------------------------------------------------


def _emit(output: dict) -> None:
    import cg_page

    cg_page.output(_cell, json.dumps(output, default=str))


def _formatter() -> Any:
    from IPython.core.formatters import DisplayFormatter

    global _FORMATTER
    if _FORMATTER is None:
        _FORMATTER = DisplayFormatter()
    return _FORMATTER


_FORMATTER = None


def show(*objects: Any, **_ignored: Any) -> None:
    """``display()`` in the page: each object's richest form (widget, HTML, SVG, text)."""
    for obj in objects:
        data, _metadata = _formatter().format(obj)
        _emit({"type": "display", "data": data})


class _Stream:
    """``print()`` inside a cell: its text, shown under the cell."""

    def __init__(self, name: str):
        self.name = name

    def write(self, text: str) -> int:
        if text:
            _emit({"type": "stream", "name": self.name, "text": text})
        return len(text)

    def flush(self) -> None:
        pass


def _patch_display() -> None:
    import IPython.core.display_functions as functions
    import IPython.display

    IPython.display.display = functions.display = show


# -- packages the browser does not have ----------------------------------------------------------


class Missing:
    """Stands for pandas or matplotlib in a cell's ``import``: using it raises the note."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attribute: str) -> "Missing":
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        return Missing(f"{self._name}.{attribute}")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise ModuleNotFoundError(f"{self._name} needs {self._name.partition('.')[0]}",
                                  name=self._name.partition(".")[0])


def _cell_import(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (),
                 level: int = 0) -> Any:
    try:
        return _real_import(name, globals, locals, fromlist, level)
    except ImportError:
        if level == 0 and name.partition(".")[0] in FULL_INSTALL:
            return Missing(name.partition(".")[0])
        raise


_real_import = builtins.__import__
_builtins = dict(vars(builtins), __import__=_cell_import)
namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": _builtins}


_unavailable: set[str] = set()     # names that cells needing the full install did not set


def _assigned_names(tree: ast.AST) -> set[str]:
    """The names a cell sets (assignments, imports, definitions)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).partition(".")[0] for a in node.names)
    return names


def _needs_full_install(error: BaseException) -> bool:
    """True if the cell failed for want of pandas or matplotlib, or of a name that an earlier
    such cell would have set (``plot_points(hands)`` after ``hands = simulate(...)``)."""
    if isinstance(error, NameError) and getattr(error, "name", None) in _unavailable:
        return True
    while error is not None:
        if isinstance(error, ImportError) and (getattr(error, "name", None) or "").partition(".")[0] in FULL_INSTALL:
            return True
        error = error.__cause__ or error.__context__
    return False


def run_cell(cell: int, code: str) -> bool:
    """Run one code cell in the page's namespace; its outputs go to the page. False if it
    failed (the page then shows a note or an apology instead of its output)."""
    global _cell
    _cell = cell
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Stream("stdout"), _Stream("stderr")
    tree = None
    try:
        tree = ast.parse(code, f"<cell {cell}>")
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, f"<cell {cell}>", "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), f"<cell {cell}>", "eval"), namespace)
            if value is not None and not code.rstrip().endswith(";"):
                show(value)
        return True
    except BaseException as error:  # noqa: BLE001 - a reader of the page never sees a traceback
        sys.stdout, sys.stderr = saved
        if _needs_full_install(error):
            _unavailable.update(_assigned_names(tree) if tree is not None else ())
            _emit({"type": "note", "text": NOTE})
        else:
            traceback.print_exc()
            _emit({"type": "error", "text": SORRY})
        return False
    finally:
        sys.stdout, sys.stderr = saved


def start() -> None:
    """Called once by the page, Python restored from the snapshot: every page gets its own
    random numbers (the snapshot holds the generator's state as it was at build time)."""
    import random

    random.seed()


_patch_display()
_formatter()        # made now, at build time, in the snapshot
