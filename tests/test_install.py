"""The package installs as Jupyter packages do: its wheel carries the apps' Voila template as
data files (``share/jupyter/voila/templates/cardgames``, where Voila's own templates go), so that
``pip install .`` then plain ``voila notebooks/`` serves every app, with no JUPYTER_PATH set, as
Voila's documentation runs apps."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import urllib.request
import zipfile
from pathlib import Path

import pytest

from cardgames.voila_process import KERNEL_ARGUMENTS, free_port, stop, wait_until_serving

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = "share/jupyter/voila/templates/cardgames"
#: The wheel is built, then served by plain Voila (some 20 s).
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "-w", str(folder), str(ROOT)], check=True)
    [built] = folder.glob("cardgames-*.whl")
    return built


def test_the_wheel_carries_the_voila_template_and_the_boards_files(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for page in ("index.html.j2", "page.html", "503.html", "conf.json"):
        assert f"cardgames-0.1.0.data/data/{TEMPLATE}/{page}" in names
    assert {"cardgames/widgets/board.js", "cardgames/widgets/board.css"} <= set(names)
    # every style sheet too (the panels', the rooms' pages', the hand diagram's): each is read
    # from beside its module (cardgames.stylesheets)
    sheets = {p.relative_to(ROOT).as_posix() for p in (ROOT / "cardgames").rglob("*.css")}
    assert {"cardgames/widgets/table_panels.css", "cardgames/widgets/quiz.css",
            "cardgames/rooms/review_page.css", "cardgames/hand_diagram.css"} <= sheets
    assert sheets <= set(names)


def test_plain_voila_serves_an_app_from_an_installed_wheel(wheel, tmp_path):
    # A fresh environment whose only cardgames is the wheel's: the apps' dependencies come from
    # this one (a path line, so its editable install of the checkout is not read), the template
    # from the wheel's data files, and nothing from the checkout (no JUPYTER_PATH, no PYTHONPATH).
    env_dir = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True)
    python = env_dir / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    (site / "apps_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # ... with their data files (Voila's own templates), as installing them there would put them
    shutil.copytree(Path(sys.prefix) / "share" / "jupyter", env_dir / "share" / "jupyter",
                    ignore=shutil.ignore_patterns("cardgames"))
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "--ignore-installed", "--prefix", str(env_dir),
                    str(wheel)], check=True)
    assert (env_dir / TEMPLATE / "index.html.j2").exists()
    apps = tmp_path / "apps"
    shutil.copytree(ROOT / "notebooks", apps / "notebooks")
    shutil.copy2(ROOT / "voila.json", apps / "voila.json")
    environ = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_PATH", "PYTHONPATH")}
    port = free_port()
    log_path = tmp_path / "voila.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [str(python), "-m", "voila", "notebooks/", "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1", *KERNEL_ARGUMENTS], cwd=apps, env=environ,
            stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            wait_until_serving(base, process, timeout=120)
            page = urllib.request.urlopen(f"{base}/voila/render/index.ipynb", timeout=120).read().decode()
        finally:
            stop(process)
    assert "cg-prose" in page, log_path.read_text()[-2000:]          # the cardgames template's
    where = subprocess.run([str(python), "-c", "import cardgames; print(cardgames.__file__)"],
                           cwd=apps, env=environ, check=True, capture_output=True, text=True).stdout
    assert where.startswith(str(env_dir)), where
