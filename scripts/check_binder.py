"""Check that Binder's recipe alone builds a working environment.

    python3 scripts/check_binder.py [--keep] [--repo2docker VERSION]

What repo2docker does with ``binder/`` (a ``binder/`` folder hides the root pyproject.toml, so
``binder/postBuild`` installs the package), done here in a fresh virtual environment in a temp
directory:

1. export the committed tree (``git archive HEAD``): what Binder would clone;
2. ``python -m venv``; install repo2docker's own environment for Python 3.11 at its frozen
   versions (the Python packages of ``environment.py-3.11-linux-64.lock`` in the
   ``jupyter-repo2docker`` source on PyPI: JupyterLab, Notebook, jupyter_server, ipykernel...),
   as Binder's image has them before it reads ``binder/``;
3. ``pip install -r binder/requirements.txt`` over them;
4. run ``binder/postBuild`` from the exported root, with the venv's python first on PATH;
5. ``pip check``: every installed package's requirements hold (JupyterLab 4.6 pinned beside
   repo2docker's Notebook 7.4.7, which needs JupyterLab < 4.5, broke Binder's /tree);
6. ``import cardgames`` (and its widgets) in the venv, without PYTHONPATH, and Voila finds
   the ``cardgames`` template that postBuild installed;
7. execute every notebook in ``notebooks/`` with nbconvert in the venv's own kernel.

Prints each step with its time and exits non-zero on the first failure. ``--keep`` leaves the
temp directory for a look. Needs the network for pip (PyPI), as Binder does.
"""

from __future__ import annotations

import argparse
import os
import re
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


#: Conda packages of repo2docker's lock that are not Python packages on PyPI (data, metas,
#: pip itself) or are named differently there.
NOT_ON_PYPI = {"python", "python_abi", "tzdata", "ca-certificates", "pip", "setuptools",
               "wheel", "bleach-with-css", "jsonschema-with-format-nongpl",
               "jupyterhub-singleuser", "typing-extensions"}
PYPI_NAMES = {"brotli-python": "brotli", "python-fastjsonschema": "fastjsonschema",
              "jupyterhub-base": "jupyterhub", "nbconvert-core": "nbconvert",
              "pysocks": "PySocks"}
LOCK = "repo2docker/buildpacks/conda/environment.py-3.11-linux-64.lock"


def frozen_packages(lock: str) -> list[str]:
    """``name==version`` for the Python packages of a conda-lock file (noarch ``py`` builds and
    ``py311`` builds), by their PyPI names."""
    found = {}
    for line in lock.splitlines():
        match = re.search(r"/(noarch|linux-64)/([^/#]+)-([^-/#]+)-([^-/#]+)\.(conda|tar\.bz2)#", line)
        if not match:
            continue
        _, name, version, build, _ = match.groups()
        if "py" not in build or name in NOT_ON_PYPI:
            continue
        found[PYPI_NAMES.get(name, name)] = version
    return [f"{name}=={version}" for name, version in sorted(found.items())]


def repo2docker_environment(temp: Path, python: Path, env: dict, version: str | None) -> list[str]:
    """repo2docker's frozen Python packages for Python 3.11, from its source on PyPI."""
    where = temp / "repo2docker"
    spec = f"jupyter-repo2docker=={version}" if version else "jupyter-repo2docker"
    step(f"pip download {spec} (its source: the frozen environment)",
         [str(python), "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
          "-d", str(where), spec], env=env)
    archive = next(where.glob("*.tar.gz"))
    subprocess.run(["tar", "-x", "-z", "-C", str(where), "-f", str(archive)], check=True)
    lock = next(where.glob(f"*/{LOCK}"))
    print(f"   {lock.parent.parent.parent.parent.name}: {lock.name}")
    return frozen_packages(lock.read_text())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temp directory")
    parser.add_argument("--repo2docker", help="the jupyter-repo2docker version whose "
                        "environment to build on (default: the newest on PyPI)")
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
        frozen = repo2docker_environment(temp, python, env, args.repo2docker)
        shown = [p for p in frozen if p.split("==")[0] in ("jupyterlab", "notebook",
                                                           "jupyter_server", "ipykernel",
                                                           "ipywidgets")]
        print(f"   {len(frozen)} packages, among them {', '.join(shown)}")
        step(f"pip install repo2docker's {len(frozen)} frozen packages (no dependencies)",
             [str(python), "-m", "pip", "install", "--quiet", "--no-deps", *frozen], env=env)
        step("pip install -r binder/requirements.txt",
             [str(python), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
             cwd=repo, env=env)
        step("binder/postBuild", ["bash", "binder/postBuild"], cwd=repo, env=env)
        step("pip check (every package's requirements hold)",
             [str(python), "-m", "pip", "check"], env=env)
        step("Voila finds the cardgames template",
             [str(python), "-c", "from voila.paths import collect_template_paths; "
                                 "print(collect_template_paths(['voila', 'nbconvert'], "
                                 "'cardgames', prune=True)[0])"], cwd=temp, env=env)
        step("import cardgames (and its widgets, the app glue, the analysis)",
             [str(python), "-c", "import cardgames, cardgames.widgets.notebook, cardgames.analysis; "
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
