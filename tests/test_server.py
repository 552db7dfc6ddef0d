"""The classroom server (issue 20): kernels that go when nobody uses them, a ceiling with a
"server is full" page, the launch command's address, and no traceback to the browser.

The Voila servers here run with short timeouts (seconds, not the classroom's minutes) so that
the stories play out quickly; what the defaults give is measured by ``benchmarks/load.py
--gets 10 --after 150`` (benchmarks/README.md). Each server is stopped by SIGTERM to its own process id.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from cardgames.voila_process import KERNEL_ARGUMENTS, free_port, stop, voila_environment, wait_until_serving
from cardgames.kernel_manager import available_mib, kernels_that_fit

ROOT = Path(__file__).resolve().parent.parent
KERNEL_ID = re.compile(r"""kernelId["']?\s*[:=]\s*["']([0-9a-zA-Z-]+)["']""")
#: Seconds a kernel with no page may stay idle, and the culler's round, in these tests.
UNCONNECTED, ROUND = 5, 1


def start_voila(log_path: Path, *extra: str, unconnected: int = UNCONNECTED
                ) -> tuple[subprocess.Popen, str]:
    port = free_port()
    log = open(log_path, "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", "notebooks/", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", *KERNEL_ARGUMENTS,
         f"--ClassroomKernelManager.unconnected_timeout={unconnected}",
         f"--MappingKernelManager.cull_interval={ROUND}", *extra],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=voila_environment())
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base, process)
    except (RuntimeError, TimeoutError) as error:
        stop(process)
        pytest.fail(f"{error}:\n" + log_path.read_text()[-3000:])
    return process, base


def load_page(base: str, name: str = "yukon") -> str:
    """The page's HTML; its kernel has run the notebook."""
    return urllib.request.urlopen(f"{base}/voila/render/{name}.ipynb", timeout=120).read().decode()


def kernel_status(base: str, kernel_id: str) -> int:
    try:
        return urllib.request.urlopen(f"{base}/api/kernels/{kernel_id}", timeout=10).status
    except urllib.error.HTTPError as error:
        return error.code


def wait_until_gone(base: str, kernel_id: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while kernel_status(base, kernel_id) != 404:
        assert time.monotonic() < deadline, f"kernel {kernel_id} still alive after {timeout} s"
        time.sleep(0.5)


def connect(base: str, kernel_id: str):
    """The page's websocket to its kernel, as the browser opens it."""
    from websockets.sync.client import connect as ws_connect

    return ws_connect(f"{base.replace('http://', 'ws://')}/api/kernels/{kernel_id}/channels"
                      f"?session_id={uuid.uuid4()}", open_timeout=30)


def kernel_processes(server_pid: int) -> list[int]:
    """The server's kernel processes (its children running ipykernel)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if parent == server_pid and b"ipykernel" in command:
            found.append(int(entry.name))
    return found


@pytest.fixture(scope="module")
def small_server(tmp_path_factory):
    """Voila without preheated kernels, room for two kernels, a kernel with no page shut down
    after 5 idle seconds."""
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    process, base = start_voila(log_path, "--preheat_kernel=False",
                                "--ClassroomKernelManager.max_kernels=2")
    yield base, log_path
    stop(process)


@pytest.mark.slow
def test_a_page_that_never_opens_its_websocket_loses_its_kernel(small_server):
    # Issue 20: a page loaded but never connected (a link preview) must not keep its kernel
    # alive until the server stops.
    base, log_path = small_server
    kernel_id = KERNEL_ID.findall(load_page(base))[0]
    assert kernel_status(base, kernel_id) == 200
    wait_until_gone(base, kernel_id)
    assert f"Shutting down kernel {kernel_id}" in log_path.read_text()


@pytest.mark.slow
def test_a_full_server_says_so_and_a_closed_page_makes_room(small_server):
    # Two pupils play (their pages hold their kernels' websockets) longer than a kernel with
    # no page may idle: both keep their games. A third gets the page "The server is full"
    # (HTTP 503), not a server out of memory. One pupil closes the page: the third gets in.
    base, _log = small_server
    first = KERNEL_ID.findall(load_page(base))[0]
    with connect(base, first) as first_page:
        second = KERNEL_ID.findall(load_page(base))[0]
        with connect(base, second):
            time.sleep(UNCONNECTED + 3 * ROUND)
            assert kernel_status(base, first) == kernel_status(base, second) == 200
            with pytest.raises(urllib.error.HTTPError) as refused:
                load_page(base)
            assert refused.value.code == 503
            page = refused.value.read().decode()
            assert "The server is full" in page and "2 games are open" in page
            assert "Traceback" not in page
            first_page.close()
            wait_until_gone(base, first)
            # the third page is served with a game of its own (load_page raises on a 503); its
            # kernel is not asked after, for a page that never connects loses it within
            # UNCONNECTED seconds, which a loaded machine may take to run the notebook
            assert KERNEL_ID.findall(load_page(base))


@pytest.mark.slow
def test_no_page_of_the_server_links_outside_the_machine(small_server):
    # The lab template linked Font Awesome from a CDN (game pages) and the tree and 404 pages
    # another: a school without internet got failed requests.
    base, _log = small_server
    pages = [urllib.request.urlopen(f"{base}/voila/tree", timeout=30).read().decode()]
    try:
        urllib.request.urlopen(f"{base}/no-such-page", timeout=30)
    except urllib.error.HTTPError as error:
        pages.append(error.read().decode())
    for page in pages:
        assert not re.findall(r"""(?:href|src)=["']?(?:https?:)?//""", page)
        assert "jsdelivr" not in page and "cdnjs" not in page


@pytest.mark.slow
def test_preheated_kernels_are_kept_and_a_used_one_goes_like_any_other(tmp_path):
    # A teacher's preheated kernels wait, idle, for the class: the culler leaves them. Once a
    # page takes one, it is a page's kernel: with no websocket it goes, and the pool refills.
    log_path = tmp_path / "voila.log"
    pools = {"default": {"pool_size": 0}, "yukon.ipynb": {"pool_size": 1}}
    process, base = start_voila(log_path, "--preheat_kernel=True",
                                f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}")
    try:
        def fills() -> int:
            return log_path.read_text().count("Kernel pool of yukon.ipynb is filled")

        deadline = time.monotonic() + 120
        while fills() < 1:
            assert time.monotonic() < deadline, log_path.read_text()[-2000:]
            time.sleep(0.5)
        time.sleep(UNCONNECTED + 3 * ROUND)
        assert len(kernel_processes(process.pid)) == 1          # the pool's kernel, kept
        kernel_id = KERNEL_ID.findall(load_page(base))[0]
        assert f"Using pre-heated kernel: {kernel_id}" in log_path.read_text()
        wait_until_gone(base, kernel_id)
        while fills() < 2:
            assert time.monotonic() < deadline + 120, log_path.read_text()[-2000:]
            time.sleep(0.5)
        time.sleep(UNCONNECTED + 3 * ROUND)
        assert len(kernel_processes(process.pid)) == 1          # the refilled pool, kept
    finally:
        stop(process)


def test_the_ceiling_comes_from_the_memory_available():
    meminfo = "MemTotal:  8000000 kB\nMemFree:  1000 kB\nMemAvailable:  4194304 kB\n"
    assert available_mib(meminfo) == 4096
    assert kernels_that_fit(4096, kernel_mib=200, reserved_mib=1024) == 15
    assert kernels_that_fit(500, kernel_mib=200, reserved_mib=1024) == 1     # never 0


# -- the launch command: python3 tasks.py apps ------------------------------------------------

def run_apps(*args: str) -> tuple[subprocess.Popen, str, list[str]]:
    """``python3 tasks.py apps ARGS`` (without installing: this environment has the packages),
    until it prints the apps' address: the process, the address, and the lines so far."""
    code = ("import sys, tasks; tasks.install = lambda extra: None; "
            "tasks.PYTHON = sys.executable; sys.exit(tasks.main(sys.argv[1:]))")
    process = subprocess.Popen([sys.executable, "-c", code, "apps", *args], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)
        found = re.search(r"The apps: (http://\S+)", line)
        if found:      # once it answers, a SIGTERM finds Voila's loop running
            wait_until_serving(found.group(1).split("/voila/")[0], process, timeout=120)
            return process, found.group(1), lines
    process.wait()
    pytest.fail("tasks.py apps stopped without serving:\n" + "".join(lines[-30:]))


def stop_apps(process: subprocess.Popen) -> str:
    """SIGTERM, as a service manager stops it: tasks.py passes it to Voila, which stops its
    kernels. Returns the rest of the output."""
    process.send_signal(signal.SIGTERM)
    rest, _ = process.communicate(timeout=180)
    return rest


@pytest.mark.parametrize("port_form, ip_form", [
    (["--port", "{port}"], ["--ip", "127.0.0.1"]),
    ([], ["--Voila.ip", "127.0.0.1"]),
])
def test_tasks_apps_serves_where_it_is_told_and_says_where(port_form, ip_form):
    # Issue 20: `tasks.py apps --port 8899` serves that port (Voila refuses a port given twice,
    # "port only accepts one value", so tasks.py adds its own only when none is given). Without
    # a port it serves 8866, or the next free one. (Every spelling of
    # the port and the address is turned into Voila's by tests/test_tasks.py without a server.)
    port = free_port()
    args = [a.format(port=port) for a in port_form] + ip_form + ["--preheat_kernel=False"]
    process, address, lines = run_apps(*args)
    try:
        if port_form:
            assert address == f"http://127.0.0.1:{port}/voila/render/index.ipynb"
        else:
            assert re.fullmatch(r"http://127\.0\.0\.1:\d+/voila/render/index\.ipynb", address)
        command = next(line for line in lines if line.startswith("+ "))
        assert len(re.findall(r"(?<!\S)--(?:Voila\.)?port\b", command)) == 1   # one port
        assert len(re.findall(r"(?<!\S)--(?:Voila\.)?ip\b", command)) == 1     # one address
        assert "Yukon" in urllib.request.urlopen(address, timeout=180).read().decode()
    finally:
        rest = stop_apps(process)
    assert process.returncode == 0, rest[-2000:]


def test_tasks_apps_on_a_busy_port_prints_the_port_voila_moved_to():
    # When the port is busy Voila moves to the next one, and tasks.py prints the one served.
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        process, address, lines = run_apps(f"--port={taken}", "--preheat_kernel=False")
        try:
            served = int(re.search(r":(\d+)/", address).group(1))
            assert served != taken
            assert any(f"The port {taken} is already in use" in line for line in lines)
            assert "Yukon" in urllib.request.urlopen(address, timeout=180).read().decode()
        finally:
            stop_apps(process)


# -- crafted widget messages ---------------------------------------------------------------

@pytest.mark.slow
def test_plain_gets_cannot_lock_a_class_out(tmp_path):
    # Issue 43: five plain GETs (no page ever connects: a link preview, a script) filled the
    # kernel ceiling and gave the class "The server is full" for two minutes. The ceiling counts
    # the pages that connected: a kernel nobody connected to makes room for the next visitor.
    process, base = start_voila(tmp_path / "voila.log", "--preheat_kernel=False",
                                "--ClassroomKernelManager.max_kernels=2",
                                "--ClassroomKernelManager.evict_after=1", unconnected=600)
    try:
        first = KERNEL_ID.findall(load_page(base, "index"))[0]
        second = KERNEL_ID.findall(load_page(base, "index"))[0]
        with connect(base, second):                      # a pupil's page, connected
            time.sleep(1.5)
            third = KERNEL_ID.findall(load_page(base, "index"))[0]
            assert kernel_status(base, third) == 200
            assert kernel_status(base, second) == 200    # the connected page keeps its game
            assert kernel_status(base, first) == 404     # the plain GET's kernel made room
            # Both kernels now have pages (the third's connects): the next is refused.
            with connect(base, third):
                with pytest.raises(urllib.error.HTTPError) as refused:
                    load_page(base, "index")
                assert refused.value.code == 503
        assert "which no page connected to, to make room" in (tmp_path / "voila.log").read_text()
    finally:
        stop(process)


def test_crafted_widget_messages_get_no_traceback_back():
    # Issue 20: a crafted comm message gets no Python traceback (with the server's paths) back.
    # The kernel imports the widgets and sets a table out as a page does, beside a button whose
    # click handler fails (as a click on a spare button did) and a number box; then messages no
    # browser would send: to no widget, without a method, with a value of the wrong type, a
    # click, a custom message with odd content, a widget opened with a bad state.
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        ids: list[str] = []
        kc.execute_interactive(
            "import ipywidgets, cardgames.widgets\n"
            "table = cardgames.widgets.Table('yukon', seed=7, seat=0)\n"
            "card = ipywidgets.Button(description='7S'); card.on_click(lambda _: [][1])\n"
            "box = ipywidgets.IntText(3)\n"
            "print(card.comm.comm_id, box.comm.comm_id)",
            output_hook=lambda m: m["msg_type"] == "stream" and ids.extend(
                m["content"]["text"].split()), timeout=120)
        card, box = ids[-2:]
        crafted = [
            ("comm_msg", {"comm_id": "no-such-widget", "data": {"method": "update"}}),
            ("comm_msg", {"comm_id": box, "data": "not an object"}),
            ("comm_msg", {"comm_id": box, "data": {}}),
            ("comm_msg", {"comm_id": box, "data": {"method": "update", "state": {"value": "x"}}}),
            ("comm_msg", {"comm_id": box, "data": {"method": "update", "state": {"nope": 1}}}),
            ("comm_msg", {"comm_id": card, "data": {"method": "custom", "content": 7}}),
            ("comm_msg", {"comm_id": card, "data": {"method": "custom",
                                                    "content": {"event": "click"}}}),
            ("comm_msg", {"comm_id": card, "data": {"method": "update",
                                                    "state": {"layout": "IPY_MODEL_x"}}}),
            ("comm_open", {"comm_id": "c1", "target_name": "jupyter.widget",
                           "data": {"state": {"_model_name": "Nope"}}}),
            ("comm_open", {"comm_id": "c2", "target_name": "no-such-target", "data": {}}),
            ("comm_close", {"comm_id": "no-such-widget", "data": {}}),
            # Issue 43: an 8 MB Textarea, 30 times, grew a kernel from 181 to 440 MiB. A widget
            # of a kind the page never made is not created; a message over about 1 MB (a game
            # record's limit) is dropped.
            ("comm_open", {"comm_id": "big", "target_name": "jupyter.widget",
                           "data": {"state": {"_model_module": "@jupyter-widgets/controls",
                                              "_model_name": "TextareaModel",
                                              "value": "x" * 1_100_000}}}),
            ("comm_open", {"comm_id": "odd", "target_name": "jupyter.widget",
                           "data": {"state": {"_model_module": "@jupyter-widgets/controls",
                                              "_model_name": "ColorPickerModel"}}}),
            ("comm_msg", {"comm_id": box, "data": {"method": "update",
                                                   "state": {"value": 5, "pad": "x" * 1_100_000}}}),
        ]
        for msg_type, content in crafted:
            kc.shell_channel.send(kc.session.msg(msg_type, content))
        seen: list[str] = []
        kc.execute_interactive(                                  # after every crafted message
            "from ipywidgets.widgets.widget import _instances\n"
            "print(sorted({w._model_name for w in _instances.values()}), max(len(w.value) for w "
            "in _instances.values() if w._model_name == 'TextareaModel'), box.value)",
            output_hook=lambda m: m["msg_type"] == "stream" and seen.append(m["content"]["text"]),
            timeout=60)
        kinds, longest, value = seen[-1].rsplit(" ", 2)
        assert "ColorPickerModel" not in kinds
        assert int(longest) < 1000 and value.strip() == "3"
        replies = []
        while True:
            try:
                replies.append(kc.get_iopub_msg(timeout=1))
            except Exception:  # noqa: BLE001 - queue.Empty: nothing more
                break
        sent_back = json.dumps([(m["msg_type"], m["content"]) for m in replies])
        assert "error" not in [m["msg_type"] for m in replies]
        for word in ("Traceback", "site-packages", "No such comm", "Exception"):
            assert word not in sent_back, sent_back[:2000]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


# -- Binder ---------------------------------------------------------------------------------

def test_binder_links_come_from_the_github_remote():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import binder_links
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    for remote in ("https://github.com/ann/cards.git", "git@github.com:ann/cards.git",
                   "https://github.com/ann/cards"):
        assert binder_links.github_repository(remote) == "ann/cards"
    with pytest.raises(ValueError, match="not a GitHub repository"):
        binder_links.github_repository("https://gitlab.com/ann/cards.git")
    text = binder_links.links("ann/cards")
    # TESTING.md: "?urlpath=voila/render/..." with no leading slash (a slash gives a 404).
    assert "https://mybinder.org/v2/gh/ann/cards/HEAD?urlpath=voila/render/notebooks/yukon.ipynb" in text
    assert "urlpath=/" not in text and text.count("voila/render/notebooks/") == 6


def test_check_binder_reads_repo2docker_s_frozen_python_packages_by_their_pypi_names():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import check_binder
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    lock = "\n".join([
        "@EXPLICIT",
        "https://conda.anaconda.org/conda-forge/linux-64/libgcc-15.2.0-h767d61c_7.conda#c0",
        "https://conda.anaconda.org/conda-forge/noarch/notebook-7.4.7-pyhd8ed1ab_0.conda#8f",
        "https://conda.anaconda.org/conda-forge/noarch/jupyterlab-4.4.9-pyhd8ed1ab_0.conda#aa",
        "https://conda.anaconda.org/conda-forge/linux-64/tornado-6.5.2-py311h49ec1c0_1.conda#bb",
        "https://conda.anaconda.org/conda-forge/noarch/nbconvert-core-7.16.6-pyh29332c3_0.conda#c",
        "https://conda.anaconda.org/conda-forge/noarch/tzdata-2025b-h78e105d_0.conda#42",
        "https://conda.anaconda.org/conda-forge/linux-64/python-3.11.14-hfe2f287_1_cpython.conda#d",
    ])
    assert check_binder.frozen_packages(lock) == [
        "jupyterlab==4.4.9", "nbconvert==7.16.6", "notebook==7.4.7", "tornado==6.5.2"]
