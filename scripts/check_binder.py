"""Check that Binder's recipe alone builds a working environment.

    python3 scripts/check_binder.py [--keep]

What repo2docker does with ``binder/`` (a ``binder/`` folder hides the root pyproject.toml, so
``binder/postBuild`` installs the package), done here in a fresh virtual environment in a temp
directory:

1. export the committed tree (``git archive HEAD``): what Binder would clone;
2. ``python -m venv``; ``pip install -r binder/requirements.txt`` (the pins);
3. run ``binder/postBuild`` from the exported root, with the venv's python first on PATH;
4. ``import cardgames`` (and its widgets) in the venv, without PYTHONPATH;
5. execute every notebook in ``notebooks/`` with nbconvert in the venv's own kernel.

Prints each step with its time and exits non-zero on the first failure. ``--keep`` leaves the
temp directory for a look. Needs the network for pip (PyPI), as Binder does.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def step(title: str, command: list[str] | str, **kwargs) -> None:
    print(f"-- {title}", flush=True)
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    took = time.perf_counter() - started
    if result.returncode != 0:
        print(result.stdout[-4000:], result.stderr[-4000:], sep="\n")
        raise SystemExit(f"FAILED: {title} (exit {result.returncode}, {took:.0f} s)")
    print(f"   ok in {took:.1f} s", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temp directory")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    temp = Path(tempfile.mkdtemp(prefix="check-binder-"))
    repo, venv, out = temp / "repo", temp / "venv", temp / "executed"
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    try:
        repo.mkdir()
        archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(repo)], input=archive.stdout, check=True)
        runtime = (repo / "binder" / "runtime.txt").read_text().strip()
        print(f"binder/runtime.txt asks for {runtime}; building with Python "
              f"{sys.version.split()[0]} ({sys.executable})")
        step("python -m venv", [sys.executable, "-m", "venv", str(venv)])
        step("pip install -r binder/requirements.txt",
             [str(python), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
             cwd=repo, env=env)
        step("binder/postBuild", ["bash", "binder/postBuild"], cwd=repo, env=env)
        step("import cardgames (and its widgets, the app glue, the analysis)",
             [str(python), "-c", "import cardgames, cardgames.widgets.app, cardgames.analysis; "
                                 "print(cardgames.__file__)"], cwd=temp, env=env)
        notebooks = sorted((repo / "notebooks").glob("*.ipynb"))
        out.mkdir()
        step(f"execute {len(notebooks)} notebooks ({', '.join(n.name for n in notebooks)})",
             [str(python), "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
              "--ExecutePreprocessor.timeout=120", "--ExecutePreprocessor.kernel_name=python3",
              "--output-dir", str(out), *map(str, notebooks)], cwd=repo / "notebooks", env=env)
        print(f"Binder check passed in {time.perf_counter() - started:.0f} s")
        return 0
    finally:
        if args.keep:
            print(f"kept {temp}")
        else:
            shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
