"""What the browser tests share: Debian's Chromium, how it is started, and the screenshot a
failing test leaves in ``test-artifacts/`` (imported by the test modules; not a test)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
# As root, without a sandbox; without the background-networking flags Chromium asks Google's
# hosts for updates at every start, and this machine has no network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def keep_screenshot_if_failed(page, request) -> None:
    """After a test: if it failed, a full-page screenshot named after it (a courtesy for the
    person reading the failure, never a test of its own)."""
    report = getattr(request.node, "rep_call", None)
    if report is None or not report.failed:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    except Exception:  # noqa: BLE001 - the page may be gone
        pass


def kernel_process(kernel_id: str) -> int:
    """The process id of the kernel whose connection file is ``kernel-<id>.json``."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if f"kernel-{kernel_id}.json" in command:
                return int(entry.name)
    raise LookupError(f"no process for kernel {kernel_id}")
