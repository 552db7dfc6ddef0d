"""The classroom server's kernel lifetimes: Voila's kernel manager with a culler and a ceiling.

Voila starts a Python kernel (about 180-200 MiB once a game's notebook has run) for every page
request and, left to itself, keeps it until the server stops: plain GETs that never open the
page's websocket, or pages closed without their "beforeunload" call, would fill the memory.
voila.json makes Voila use :class:`ClassroomKernelManager`, which

- shuts down a kernel with no page connected after ``unconnected_timeout`` seconds without
  activity (default 60; checked every ``cull_interval`` = 30 s, so a page that never connects or
  was closed loses its kernel within 2 minutes);
- shuts down a kernel behind an open page after ``idle_minutes`` without a click (default 60:
  ``--ClassroomKernelManager.idle_minutes=90``, or ``python3 tasks.py apps --idle-minutes 90``);
- keeps Voila's preheated kernels (its own ``cull_kernel_if_idle`` skips the pool before
  calling this one), and counts a kernel taken from the pool as idle only from the first time
  the culler sees it outside the pool, so that a page served from a kernel preheated an hour
  ago does not lose it before its websocket connects;
- shuts down a kernel whose page closed within ``unconnected_timeout`` + ``cull_interval``
  seconds of the first pass that sees it without a page (90 s by default), whatever messages it
  keeps sending (a poll loop of the page's code counted as activity and kept it alive);
- refuses to start more than ``max_kernels`` kernels (default: from the memory available when
  the server starts, ``KERNEL_MIB`` each): the visitor gets HTTP 503 and the template's
  "The server is full" page (``503.html``) instead of a server that runs out of memory. The
  ceiling counts the pages that connected: when it is reached, a kernel no page has connected
  to for ``evict_after`` seconds (a plain GET, a link preview: five of them filled a class's
  server for two minutes) is shut down to make room before anyone is refused.

A kernel whose process dies is not restarted (voila.json: ``KernelRestarter.restart_limit = 0``):
a restarted kernel would have none of the page's widgets, so jupyter_server drops it and the
page's check (the template's ``index.html.j2``) tells the user to reload.

Only Voila imports this module (by name, from voila.json); ``import cardgames`` does not.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer, default

#: What one game's kernel takes once its notebook has run (benchmarks/load.py: 180-200 MiB).
KERNEL_MIB = 200
#: Memory left for the server, the browser of whoever runs it and the system.
RESERVED_MIB = 1024


def available_mib(meminfo: str | None = None) -> float:
    """The memory the system could give to new processes now (MemAvailable), in MiB."""
    if meminfo is None:
        try:
            meminfo = Path("/proc/meminfo").read_text()
        except OSError:
            return 4096.0          # no /proc (not Linux): assume a small machine
    for line in meminfo.splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return 4096.0


def kernels_that_fit(mib: float, kernel_mib: float = KERNEL_MIB,
                     reserved_mib: float = RESERVED_MIB) -> int:
    """How many kernels ``mib`` of free memory holds, keeping ``reserved_mib`` back (at least 1)."""
    return max(1, int((mib - reserved_mib) // kernel_mib))


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager with the classroom's culling and ceiling (module doc)."""

    unconnected_timeout = Integer(60, config=True, help=(
        "Seconds without activity after which a kernel with no page connected is shut down."))
    idle_minutes = Float(60.0, config=True, help=(
        "Minutes without activity after which a kernel behind an open page is shut down."))
    max_kernels = Integer(0, config=True, help=(
        "Most kernels alive at once (0: as many as the memory available at start holds)."))
    evict_after = Integer(20, config=True, help=(
        "Seconds after which a kernel no page connected to may be shut down to make room "
        "when the ceiling is reached."))

    @default("cull_idle_timeout")
    def _cull_idle_timeout(self) -> int:
        # jupyter_server starts its culler only when this is above 0; the two timeouts above
        # decide which kernel goes (cull_kernel_if_idle).
        return self.unconnected_timeout

    @default("cull_interval")
    def _cull_interval(self) -> int:
        return 30

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._seen: dict[str, datetime] = {}      # kernel id -> first cull pass that saw it
        self._alone: dict[str, datetime] = {}     # kernel id -> first pass that saw no page
        self._started: dict[str, datetime] = {}   # kernel id -> when it was started
        self._starting = 0
        self.ceiling = self.max_kernels or kernels_that_fit(available_mib())
        self.log.info("Kernels: at most %d at once; shut down after %d s with no page or %g min "
                      "idle behind a page", self.ceiling, self.unconnected_timeout,
                      self.idle_minutes)

    def full_message(self) -> str:
        return (f"{self.ceiling} games are open on this server, as many as its memory holds. "
                f"Try again in a few minutes: a game left alone closes after "
                f"{self.idle_minutes:g} minutes, and a closed page frees its game at once.")

    def _pooled(self) -> set[str]:
        """The kernels waiting in Voila's preheated pools (no page has them yet)."""
        found = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    result = task.result()
                    if isinstance(result, dict) and result.get("kernel_id"):
                        found.add(result["kernel_id"])
        return found

    def unconnected(self) -> list[str]:
        """Kernels no page has connected to for ``evict_after`` seconds, not busy and not in a
        pool, the longest alone first: what may go to make room."""
        now, pooled, found = _utcnow(), self._pooled(), []
        for kernel_id, kernel in list(self._kernels.items()):
            if kernel_id in pooled or self._kernel_connections.get(kernel_id, 0):
                continue
            if getattr(kernel, "execution_state", None) == "busy":
                continue
            times = [t for t in (getattr(kernel, "last_activity", None),
                                 self._started.get(kernel_id)) if t is not None]
            last = max(times) if times else None
            if last is not None and (now - last).total_seconds() >= self.evict_after:
                found.append((last, kernel_id))
        return [kernel_id for _last, kernel_id in sorted(found)]

    async def start_kernel(self, *, kernel_id: str | None = None, path=None, **kwargs) -> str:
        if kernel_id is None or kernel_id not in self:
            if len(self._kernels) + self._starting >= self.ceiling:
                spare = self.unconnected()
                if spare:
                    self.log.warning("The server is full: shutting down kernel %s, which no "
                                     "page connected to, to make room", spare[0])
                    await self.shutdown_kernel(spare[0])
            if len(self._kernels) + self._starting >= self.ceiling:
                self.log.warning("The server is full: %d kernels; a new one was refused",
                                 len(self._kernels))
                raise web.HTTPError(503, self.full_message(), reason="The server is full")
        self._starting += 1
        try:
            started = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            self._starting -= 1
        self._started[started] = _utcnow()
        return started

    async def cull_kernels(self) -> None:
        """jupyter_server's pass over the kernels, but shutting the idle ones down side by side:
        one after the other, each waiting for its process to end, 10 kernels took 90 s more."""
        self._seen = {k: t for k, t in self._seen.items() if k in self._kernels}
        self._alone = {k: t for k, t in self._alone.items()
                       if k in self._kernels and not self._kernel_connections.get(k, 0)}
        self._started = {k: t for k, t in self._started.items() if k in self._kernels}

        async def cull(kernel_id: str) -> None:
            try:
                await self.cull_kernel_if_idle(kernel_id)
            except Exception:
                self.log.exception("Checking whether kernel %s is idle failed", kernel_id)
        await asyncio.gather(*(cull(k) for k in list(self._kernels)))
        self._refill_pools()

    def _refill_pools(self) -> None:
        """A preheated kernel the ceiling refused leaves a failed start in Voila's pool; drop
        it and start again, now that kernels may have been culled."""
        pools = getattr(self, "_pools", None)         # VoilaKernelManager's, with preheating
        if not pools or len(self._kernels) + self._starting >= self.ceiling:
            return
        for name, pool in pools.items():
            failed = [t for t in pool if t.done() and (t.cancelled() or t.exception() is not None)]
            for task in failed:
                pool.remove(task)
            if failed:
                self.fill_if_needed(delay=0, notebook_name=name)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return
        if getattr(kernel, "execution_state", None) == "dead":
            await super().cull_kernel_if_idle(kernel_id)
            return
        last = getattr(kernel, "last_activity", None)
        if last is None or getattr(kernel, "execution_state", None) == "busy":
            return
        now = _utcnow()
        since = max(last, self._seen.setdefault(kernel_id, now))
        connections = self._kernel_connections.get(kernel_id, 0)
        if not connections:
            # a closed page's kernel goes whatever messages it sends: counted from the first
            # pass that saw it without a page, not from its last message
            since = self._alone.setdefault(kernel_id, now)
        limit = self.idle_minutes * 60 if connections else self.unconnected_timeout
        idle = (now - since).total_seconds()
        if idle > limit:
            self.log.warning("Shutting down kernel %s: idle %d s with %d page(s) connected",
                             kernel_id, idle, connections)
            await self.shutdown_kernel(kernel_id)
