"""No Python traceback to the browser from a widget message, however it was crafted.

In Voila a page's browser may send the kernel only widget (comm) messages, but anyone can craft
them over the page's websocket. When handling one fails, ipywidgets (``Widget._handle_msg``'s
``_show_traceback`` decorator, and ``CallbackDispatcher`` for click and custom-message
handlers) calls ``get_ipython().showtraceback()``, which publishes the whole traceback, with the
server's file paths, to the browser as an ``error`` message; and the ``comm`` package logs "No
such comm" and "Exception opening comm" (with a traceback) through loggers that, in a kernel,
end on ``sys.stderr``: a ``stream`` message to the browser.

:func:`install` (run by ``import cardgames.widgets`` inside a kernel; nothing happens outside
one) wraps the kernel's three comm handlers so that while one runs ``showtraceback`` writes one
line to the kernel's own log (the server's terminal; the traceback at debug level) instead of
the browser, and sends the ``comm`` loggers to that log too. The table's own errors are unchanged: its handlers catch them
and say so in its message line.

The same wrapper bounds what a browser may make the kernel hold: a widget message larger than
:data:`MAX_COMM_BYTES` (its JSON and its binary buffers) is dropped unread, and a widget the
browser asks to create (``comm_open`` to ``jupyter.widget``) is created only if the page itself
already made a widget of that kind (an app never asks: the kernel makes its widgets), and at
most :data:`MAX_BROWSER_WIDGETS` of them. An 8 MB Textarea sent 30 times grew a kernel from 181
to 440 MiB without this.
"""

from __future__ import annotations

import functools
import json
import logging
import sys
from typing import Any, Callable

from ..limits import MAX_RECORD_CHARS

COMM_MESSAGES = ("comm_open", "comm_msg", "comm_close")
#: The largest widget message a browser may send: a game record uploaded to the table (at most
#: MAX_RECORD_CHARS) and room to spare; a board's click is ~100 bytes.
MAX_COMM_BYTES = MAX_RECORD_CHARS + 64 * 1024
#: Widgets a browser may ask one kernel to create (an app's page asks for none).
MAX_BROWSER_WIDGETS = 20
WIDGET_TARGET = "jupyter.widget"
COMM_LOGGERS = ("Comm", "ipykernel.comm")
_INSTALLED = "_cardgames_comm_guard"


def _kernel() -> Any:
    """The running ipykernel kernel, or None outside a kernel."""
    app_module = sys.modules.get("ipykernel.kernelapp")
    if app_module is None or not app_module.IPKernelApp.initialized():
        return None
    return getattr(app_module.IPKernelApp.instance(), "kernel", None)


def _server_log() -> logging.Logger:
    """The kernel application's logger: it writes to the kernel process's own stderr (the
    server's terminal), which is not forwarded to the browser."""
    app_module = sys.modules["ipykernel.kernelapp"]
    return app_module.IPKernelApp.instance().log


def message_size(msg: Any) -> int:
    """A comm message's size: its content as JSON and its binary buffers."""
    if not isinstance(msg, dict):
        return 0
    try:
        size = len(json.dumps(msg.get("content"), default=str))
    except (TypeError, ValueError):
        size = MAX_COMM_BYTES + 1
    for buffer in msg.get("buffers") or ():
        size += len(buffer) if hasattr(buffer, "__len__") else 0
    return size


def widget_kinds() -> set[tuple[str, str]]:
    """The (module, model) of every widget alive in this kernel: the kinds the page made."""
    from ipywidgets.widgets import widget

    return {(w._model_module, w._model_name) for w in list(widget._instances.values())}


def refusal(msg_type: str, msg: Any) -> str:
    """Why a browser's comm message is dropped unread ("" if it may be handled)."""
    size = message_size(msg)
    if size > MAX_COMM_BYTES:
        return f"a {msg_type} of {size} bytes (at most {MAX_COMM_BYTES})"
    if msg_type != "comm_open":
        return ""
    content = msg.get("content") if isinstance(msg, dict) else None
    if not isinstance(content, dict) or content.get("target_name") != WIDGET_TARGET:
        return ""
    data = content.get("data")
    state = data.get("state") if isinstance(data, dict) else None
    if not isinstance(state, dict):
        return "a widget opened without a state"
    kind = (state.get("_model_module"), state.get("_model_name"))
    if kind not in widget_kinds():
        return f"a widget of a kind this page never made ({str(kind[1])[:40]})"
    if _OPENED[0] >= MAX_BROWSER_WIDGETS:
        return f"more than {MAX_BROWSER_WIDGETS} widgets asked for by the browser"
    _OPENED[0] += 1
    return ""


_OPENED = [0]       # widgets this kernel's browser asked for so far


def guarded(handler: Callable, shell: Any, log: logging.Logger) -> Callable:
    """``handler`` (a kernel's comm message handler) with ``shell.showtraceback`` writing to
    ``log`` instead of publishing to the browser while it runs."""
    msg_type = getattr(handler, "__name__", "comm message")

    @functools.wraps(handler)
    def handle(stream, idents, msg):
        why = refusal(msg_type, msg)
        if why:
            log.warning("A widget message was dropped unread: %s", why)
            return None

        def to_log(*_args, **_kwargs) -> None:
            kind, error, _ = sys.exc_info()
            content = msg.get("content") if isinstance(msg, dict) else None
            comm_id = content.get("comm_id") if isinstance(content, dict) else None
            log.warning("A widget message (comm %s) failed: %s: %s; nothing was sent to the "
                        "browser", str(comm_id)[:40], getattr(kind, "__name__", kind),
                        str(error)[:200])
            log.debug("The failed widget message's traceback:", exc_info=True)
        shell.showtraceback = to_log             # an instance attribute hides the method
        try:
            return handler(stream, idents, msg)
        finally:
            del shell.showtraceback
    setattr(handle, _INSTALLED, True)
    return handle


def install() -> bool:
    """Guard the running kernel's comm handlers (once). Returns whether a kernel was found."""
    kernel = _kernel()
    if kernel is None or getattr(kernel, "shell", None) is None:
        return False
    log = _server_log()
    for name in COMM_MESSAGES:
        handler = kernel.shell_handlers.get(name)
        if handler is not None and not getattr(handler, _INSTALLED, False):
            kernel.shell_handlers[name] = guarded(handler, kernel.shell, log)
    for name in COMM_LOGGERS:
        logger = logging.getLogger(name)
        if not getattr(logger, _INSTALLED, False):
            logger.propagate = False
            for target in log.handlers:
                logger.addHandler(target)
            if not log.handlers:                 # nowhere safe to write: say nothing
                logger.addHandler(logging.NullHandler())
            setattr(logger, _INSTALLED, True)
    return True
