"""Print the Binder links (JupyterLab and each app) for the GitHub repository of this clone.

    python3 scripts/binder_links.py              # from `git remote get-url origin`
    python3 scripts/binder_links.py OWNER/REPO   # for another GitHub repository
    python3 scripts/binder_links.py --ref main   # a branch or tag instead of HEAD

Binder builds a repository it can clone from GitHub; its app links are
``https://mybinder.org/v2/gh/OWNER/REPO/REF?urlpath=voila/render/notebooks/<name>.ipynb``
(no slash before ``voila``: a leading slash gives a 404). Prints Markdown for the README.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = [("index", "index"), ("Quinto", "quinto"), ("Yukon", "yukon"), ("Pip-Pip!", "pip_pip"),
        ("Guinote", "guinote"), ("Pippins Aplenty", "pippins_aplenty")]
GITHUB = re.compile(r"github\.com[:/]+([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")


def github_repository(remote_url: str) -> str:
    """``OWNER/REPO`` from a GitHub remote (https or ssh); ValueError if it is not GitHub."""
    found = GITHUB.search(remote_url.strip())
    if not found:
        raise ValueError(f"{remote_url.strip()[:80]!r} is not a GitHub repository: Binder's "
                         "links need one (give OWNER/REPO)")
    return f"{found.group(1)}/{found.group(2)}"


def links(repository: str, ref: str = "HEAD") -> str:
    """The README's Binder lines, in Markdown."""
    base = f"https://mybinder.org/v2/gh/{repository}/{ref}?urlpath="
    apps = ",\n".join(f"[{title}]({base}voila/render/notebooks/{name}.ipynb)"
                      for title, name in APPS)
    return f"[JupyterLab]({base}lab/tree/notebooks/index.ipynb) ·\napps: {apps}."


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("repository", nargs="?", help="OWNER/REPO (default: the origin remote)")
    parser.add_argument("--ref", default="HEAD", help="branch, tag or commit (default HEAD)")
    args = parser.parse_args(argv)
    repository = args.repository
    if repository is None:
        remote = subprocess.run(["git", "remote", "get-url", "origin"], cwd=ROOT,
                                capture_output=True, text=True)
        if remote.returncode != 0:
            print("This clone has no remote named origin: give the GitHub repository, e.g. "
                  "python3 scripts/binder_links.py OWNER/REPO", file=sys.stderr)
            return 2
        try:
            repository = github_repository(remote.stdout)
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
    elif not re.fullmatch(r"[\w.-]+/[\w.-]+", repository):
        print(f"{repository[:80]!r}: give the repository as OWNER/REPO", file=sys.stderr)
        return 2
    print(links(repository, args.ref))
    return 0


if __name__ == "__main__":
    sys.exit(main())
