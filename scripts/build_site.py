"""Build the static site: every app runs in the browser, with no server and nothing fetched
from outside the site at run time.

    python3 scripts/build_site.py [--out _site]      (or: python3 tasks.py site)

The site:

    index.html            the index notebook: its prose and the outputs saved in it (no Python)
    apps/<game>.html      one page per game notebook: its prose, and its code cells run in the
                          page on open (inputs hidden), the table among their outputs
    static/pyodide/       Python for the browser: Pyodide's core from npm (`pyodide`)
    static/python/        what the pages' Python starts from (site/snapshot.mjs, run in node):
                          snapshot.gz, Python's memory with the packages already imported (a
                          Pyodide memory snapshot: a page restores it instead of starting Python
                          and importing, the slow part), and site-packages.gz with its index
                          site-packages.json, the packages' files (pure-Python wheels from PyPI,
                          site/requirements-browser.txt, and the cardgames wheel built from this
                          checkout, their modules compiled to bytecode by Pyodide itself; the
                          page's runner, site/runner.py, among them as cg_site_runner)
    static/runtime.js     site/runtime.js bundled by esbuild with the Jupyter widget manager
                          (@jupyter-widgets/html-manager) and anywidget's frontend

Why not JupyterLite: its pages are JupyterLab, showing code editors and running nothing on
open, and its kernel fetches Pyodide from a CDN; a page of our own boots Pyodide from the site
and draws the widgets with the same widget manager JupyterLab uses, at a fraction of the size.

The build tools live apart from the project's own environment, in ``.site-build/`` (kept
between builds, each step redone only when its inputs change): a virtual environment from
site/requirements-build.txt, node_modules from site/package.json and its lock (npm), and the
downloaded wheels. Only PyPI and npm are reached, at build time only.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE_SRC = ROOT / "site"
CACHE = ROOT / ".site-build"
NOTEBOOKS = ROOT / "notebooks"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def run(*command: str | Path, **kwargs) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], check=True, **kwargs)


def digest(*paths: Path) -> str:
    """A hash of the files (folders: every file under them, by path and content)."""
    h = hashlib.sha256()
    for path in paths:
        files = sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts) \
            if path.is_dir() else [path]
        for file in files:
            h.update(str(file.relative_to(ROOT)).encode())
            h.update(file.read_bytes())
    return h.hexdigest()[:16]


def cached(step: str, key: str) -> bool:
    return (CACHE / f"{step}.stamp").exists() and (CACHE / f"{step}.stamp").read_text() == key


def done(step: str, key: str) -> None:
    (CACHE / f"{step}.stamp").write_text(key)


# -- the build environment ------------------------------------------------------------------------


def build_python() -> Path:
    """The build venv's Python, with site/requirements-build.txt installed."""
    python = CACHE / "venv" / "bin" / "python"
    requirements = SITE_SRC / "requirements-build.txt"
    key = digest(requirements)
    if not python.exists() or not cached("venv", key):
        venv.create(CACHE / "venv", with_pip=True, clear=True)
        run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "-r", requirements)
        done("venv", key)
    return python


def node_modules() -> Path:
    """site/package.json's packages installed (npm ci) in .site-build/npm."""
    folder = CACHE / "npm"
    key = digest(SITE_SRC / "package.json", SITE_SRC / "package-lock.json")
    if not (folder / "node_modules").exists() or not cached("npm", key):
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("The site's build needs npm (Node.js): install it (apt-get install npm).")
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(SITE_SRC / name, folder / name)
        run(npm, "ci", "--no-audit", "--no-fund", "--loglevel=error", cwd=folder)
        done("npm", key)
    return folder / "node_modules"


def bundle(modules: Path) -> Path:
    """site/runtime.js and site/widgets.css bundled with their npm packages by esbuild."""
    out = CACHE / "bundle"
    sources = [SITE_SRC / n for n in ("runtime.js", "define-shim.js", "widgets.css",
                                      "package-lock.json")]
    key = digest(*sources) + hashlib.sha256(repr(ANYWIDGET_WAIT).encode()).hexdigest()[:8]
    if (out / "runtime.js").exists() and cached("bundle", key):
        return out
    shutil.rmtree(out, ignore_errors=True)
    work = modules.parent
    for name in ("runtime.js", "define-shim.js", "widgets.css"):
        shutil.copy2(SITE_SRC / name, work / name)
    esbuild = modules / ".bin" / "esbuild"
    run(esbuild, "runtime.js", "--bundle", "--format=esm", "--minify", "--log-level=error",
        f"--outfile={out / 'runtime.js'}", "--loader:.css=empty", "--loader:.svg=text", cwd=work)
    run(esbuild, "widgets.css", "--bundle", "--minify", "--log-level=error",
        f"--outfile={out / 'widgets.css'}", cwd=work)
    patch_anywidget_wait(out / "runtime.js")
    done("bundle", key)
    return out


#: anywidget gives a model two seconds to load its module, then gives the model up for good (the
#: board then never redraws). In a page where Python and a hundred widget views share one
#: thread, a slow computer (a school's, or this busy 2-core machine) needs longer: a minute.
ANYWIDGET_WAIT = ('AbortSignal.timeout(2e3).addEventListener("abort",()=>{',
                  '"[anywidget] Failed to initialize model."')


def patch_anywidget_wait(bundle_js: Path) -> None:
    text = bundle_js.read_text()
    start, message = ANYWIDGET_WAIT
    found = [m.start() for m in re.finditer(re.escape(start), text)
             if message in text[m.start():m.start() + 200]]
    if len(found) != 1:
        raise SystemExit(f"{bundle_js}: anywidget's two-second wait for a model was found "
                         f"{len(found)} times, not once: anywidget changed; see ANYWIDGET_WAIT "
                         "in scripts/build_site.py")
    at = found[0]
    bundle_js.write_text(text[:at] + start.replace("2e3", "6e4") + text[at + len(start):])


def browser_wheels(python: Path) -> list[Path]:
    """The pinned pure-Python wheels of site/requirements-browser.txt, downloaded once."""
    requirements = SITE_SRC / "requirements-browser.txt"
    key = digest(requirements)
    folder = CACHE / "wheels"
    if not cached("wheels", key):
        shutil.rmtree(folder, ignore_errors=True)
        run(python, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
            "--only-binary=:all:", "--python-version", "3.13", "--implementation", "py",
            "--abi", "none", "--platform", "any", "-d", folder, "-r", requirements)
        done("wheels", key)
    return sorted(folder.glob("*.whl"))


def precompiled(step: str, wheels: list[Path], modules: Path) -> list[Path]:
    """The wheels with their modules compiled to bytecode by the pages' own Python (Pyodide in
    node, site/precompile.mjs): importing IPython and the rest in the page is then about twice
    as quick, as nothing is compiled there."""
    folder = CACHE / f"{step}-pyc"
    key = digest(*wheels, SITE_SRC / "precompile.mjs")
    if not cached(f"{step}-pyc", key):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        run(shutil.which("node") or "node", SITE_SRC / "precompile.mjs", modules / "pyodide", folder,
            *wheels)
        done(f"{step}-pyc", key)
    return [folder / wheel.name for wheel in wheels]


def site_packages(wheels: list[Path]) -> Path:
    """The wheels unpacked into one site-packages folder, with the page's runner
    (site/runner.py as cg_site_runner.py); each wheel's .data folder (a JupyterLab extension's
    JavaScript, which the page does not use) is left out."""
    import zipfile

    folder = CACHE / "site-packages"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(folder, [n for n in archive.namelist()
                                        if ".data/" not in n.split("/", 1)[0] + "/"])
    shutil.copy2(SITE_SRC / "runner.py", folder / "cg_site_runner.py")
    return folder


#: The modules the snapshot imports besides the notebooks' own imports: the runner, and the
#: package's modules that its functions import when called. The server side (rooms, the Voila
#: server) is never in a page.
SNAPSHOT_MODULES = ("cg_site_runner", "cardgames.widgets.table", "cardgames.widgets.quiz_app",
                    "cardgames.solver", "cardgames.record", "cardgames.view", "cardgames.card_faces",
                    "cardgames.table_words", "cardgames.score_sheet", "cardgames.session",
                    "cardgames.board_state", "cardgames.packs", "cardgames.spanish_faces",
                    "cardgames.lessons", "cardgames.widgets.lesson_table")


#: IPython's shell and what it alone needs (syntax colours, the terminal, rich tracebacks): the
#: pages use IPython's display machinery, which the snapshot holds, and never the shell, so
#: their files are not shipped (a tenth of the files to write in the page instead of all).
ONLY_IMPORTED = ("IPython", "pygments", "prompt_toolkit", "wcwidth", "pexpect", "ptyprocess",
                 "stack_data", "executing", "asttokens", "pure_eval", "decorator",
                 "matplotlib_inline", "ipython_pygments_lexers")


def notebook_imports() -> list[str]:
    """The modules the notebooks' code cells import (``from a import b`` also asks for
    ``?a.b``: a.b if it is a module, as in ``from cardgames import examples``)."""
    import ast

    found: list[str] = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] != "code":
                continue
            try:
                tree = ast.parse("".join(cell["source"]))
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    found += [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found += [node.module] + [f"?{node.module}.{a.name}" for a in node.names]
    return list(dict.fromkeys(found))


def snapshot(packages: Path, modules: Path) -> Path:
    """Python's memory with the packages imported, and the packages' files (site/snapshot.mjs)."""
    folder = CACHE / "snapshot"
    names = [*SNAPSHOT_MODULES, *notebook_imports()]
    settings = {"pyodide": str(modules / "pyodide"), "packages": str(packages), "out": str(folder),
                "modules": names, "only_imported": ONLY_IMPORTED}
    key = digest(packages, SITE_SRC / "snapshot.mjs", modules / "pyodide" / "pyodide.asm.wasm") \
        + hashlib.sha256(json.dumps(settings).encode()).hexdigest()[:16]
    if not cached("snapshot", key):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        (CACHE / "snapshot.json").write_text(json.dumps(settings, indent=1))
        run(shutil.which("node") or "node", SITE_SRC / "snapshot.mjs", CACHE / "snapshot.json")
        done("snapshot", key)
    return folder


def own_wheel(python: Path) -> Path:
    """The cardgames wheel, built from this checkout (again only when its files changed)."""
    folder = CACHE / "own"
    key = digest(ROOT / "cardgames", ROOT / "pyproject.toml")
    found = sorted(folder.glob("cardgames-*.whl"))
    if found and cached("own", key):
        return found[0]
    shutil.rmtree(folder, ignore_errors=True)
    work = CACHE / "own-src"          # a clean copy: the checkout's build/ and egg-info stay out
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(ROOT / "cardgames", work / "cardgames",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, work / name)
    run(python, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
        "--no-build-isolation", "-w", folder, work)
    done("own", key)
    return sorted(folder.glob("cardgames-*.whl"))[0]


# -- pages -----------------------------------------------------------------------------------------


def markdown_renderer(python: Path):
    """A function markdown -> HTML, run in the build environment (markdown-it-py)."""
    code = ("import json,sys\nfrom markdown_it import MarkdownIt\n"
            "md = MarkdownIt('commonmark', {'html': True}).enable(['table', 'strikethrough'])\n"
            "print(json.dumps([md.render(t) for t in json.load(sys.stdin)]))")

    def render_all(texts: list[str]) -> list[str]:
        done_ = subprocess.run([str(python), "-c", code], input=json.dumps(texts), text=True,
                               capture_output=True, check=True)
        return json.loads(done_.stdout)

    return render_all


def relink(text: str, games: list[str], in_apps: bool) -> str:
    """Links between notebooks (``yukon.ipynb?seed=3``) made links between the site's pages."""
    def replace(match: re.Match) -> str:
        name, rest = match.group(2), match.group(3) or ""
        if name == "index":
            target = "../index.html" if in_apps else "index.html"
        elif name in games:
            target = f"{name}.html" if in_apps else f"apps/{name}.html"
        else:
            return match.group(0)
        return f'{match.group(1)}{target}{rest}"'

    text = re.sub(r'(href=")(?:\./)?([A-Za-z0-9_]+)\.ipynb([?#][^"]*)?"', replace, text)
    # Addresses written out in the prose (`yukon.ipynb?seed=123`) are the pages' addresses here.
    names = "|".join(map(re.escape, games))
    return re.sub(rf"<code>({names})\.ipynb", r"<code>\1.html", text)


def static_output(output: dict) -> str:
    """A saved output of the index notebook as HTML (its richest form short of a widget)."""
    if output.get("output_type") == "stream":
        return f"<pre>{html.escape(''.join(output.get('text', '')))}</pre>"
    data = output.get("data", {})
    if "text/html" in data:
        return "".join(data["text/html"])
    if "text/plain" in data and WIDGET_MIME not in data:
        return f"<pre>{html.escape(''.join(data['text/plain']))}</pre>"
    return ""


#: What a game's page downloads to start Python, biggest first (static/...).
PYTHON_FILES = ("python/snapshot.gz", "pyodide/pyodide.asm.wasm", "python/site-packages.gz",
                "pyodide/python_stdlib.zip", "runtime.js", "pyodide/pyodide.asm.js",
                "pyodide/pyodide.mjs", "pyodide/pyodide-lock.json", "python/site-packages.json")


def python_preloads(static: str) -> str:
    """Links that start every download of Python as the page opens, before the page's script
    (1.4 MB of widget manager) has arrived and asked for them; the scripts as modules, the rest
    as the ``fetch()`` that will ask for it."""
    links = []
    for name in PYTHON_FILES:
        if name.endswith((".js", ".mjs")):
            links.append(f'<link rel="modulepreload" href="{static}{name}">')
        else:
            links.append(f'<link rel="preload" as="fetch" crossorigin href="{static}{name}">')
    return "\n".join(links) + "\n"


def page(title: str, body: str, prefix: str, head: str = "", tail: str = "") -> str:
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="{prefix}static/site.css">
{head}</head>
<body>
{body}
{tail}</body>
</html>
"""


def app_page(notebook: dict, games: list[str], render_md, first_visit_mb: int = 0) -> str:
    """A game's page: prose, an empty place for each code cell's outputs, and the cells' code
    for the runtime to run on open."""
    cells = notebook["cells"]
    prose = render_md(["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"])
    parts, code = [], []
    play = None               # the prose just above the first table (a cell calling app(...))
    for number, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            parts.append(f'<div class="cg-md">{relink(prose.pop(0), games, True)}</div>')
        elif cell["cell_type"] == "code" and source.strip():
            parts.append(f'<div class="cg-output" data-cell="{number}"></div>')
            code.append([number, source])
            if play is None and re.search(r"^\s*app\(", source, re.M):
                above = max((i for i, part in enumerate(parts) if part.startswith('<div class="cg-md"')),
                            default=len(parts) - 1)
                play = above
                parts[above] = parts[above].replace("<div ", '<div id="play" ', 1)
    title = notebook.get("metadata", {}).get("title", "Card games")
    # The table is far down the page (after the rules): on a phone a pupil finds it from the top,
    # by the notebook's own "Play a hand ↓" button (class cg-play-link) or else one in the bar.
    own_link = any('class="cg-play-link"' in part for part in parts)
    jump = ' · <a href="#play">Play a hand ↓</a>' if play is not None and not own_link else ""
    if not code:                 # prose only (the teachers' page): no Python to start
        body = ('<nav class="cg-nav"><a href="../index.html">All the games</a></nav>\n'
                '<main class="cg-page">\n' + "\n".join(parts) + "\n</main>")
        return page(title, body, "../")
    cells_json = json.dumps(code).replace("</", "<\\/")
    body = (f'<nav class="cg-nav"><a href="../index.html">All the games</a>{jump}</nav>\n'
            f'<div id="cg-status" class="cg-status" role="status" data-first-visit-mb='
            f'"{first_visit_mb}">Loading Python, which runs in your browser (this page needs '
            f'JavaScript)…</div>\n<main class="cg-page">\n'
            + "\n".join(parts) + "\n</main>")
    # ?view=table: the table alone fills the window; until it is there, the window says what is
    # happening instead of showing the prose (site.css, html.cg-view-table).
    head = ('<link rel="stylesheet" href="../static/widgets.css">\n'
            '<script>if (/[?&]view=\\s*table\\s*(&|$)/i.test(decodeURIComponent(location.search))) '
            'document.documentElement.classList.add("cg-view-table");</script>\n'
            + python_preloads("../static/"))
    tail = (f'<script type="application/json" id="cg-cells">{cells_json}</script>\n'
            '<script type="module">\nimport { boot } from "../static/runtime.js";\n'
            'boot().catch((error) => { console.error(error); '
            'document.documentElement.classList.remove("cg-view-table"); '
            'document.getElementById("cg-status").textContent = '
            '"Sorry, Python could not start in this browser: " + error; });\n</script>\n')
    return page(title, body, "../", head, tail)


def index_page(notebook: dict, games: list[str], render_md) -> str:
    """The index: its prose and the outputs saved in the notebook (no Python in the page); it
    asks the browser to fetch Python early, so that the first game opens sooner."""
    cells = notebook["cells"]
    prose = render_md(["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"])
    parts = []
    for cell in cells:
        if cell["cell_type"] == "markdown":
            parts.append(f'<div class="cg-md">{relink(prose.pop(0), games, False)}</div>')
        elif cell["cell_type"] == "code":
            shown = "".join(static_output(o) for o in cell.get("outputs", []))
            if shown:
                parts.append(f'<div class="cg-output">{shown}</div>')
    head = "".join(f'<link rel="prefetch" href="static/{name}">\n' for name in PYTHON_FILES)
    title = notebook.get("metadata", {}).get("title", "Card games")
    return page(title, '<main class="cg-page">\n' + "\n".join(parts) + "\n</main>", "", head)


# -- the whole site --------------------------------------------------------------------------------


def build(out: Path) -> Path:
    CACHE.mkdir(exist_ok=True)
    python = build_python()
    modules = node_modules()
    bundled = bundle(modules)
    wheels = [*precompiled("wheels", browser_wheels(python), modules),
              *precompiled("own", [own_wheel(python)], modules)]
    python_start = snapshot(site_packages(wheels), modules)
    render_md = markdown_renderer(python)

    if out.exists():
        shutil.rmtree(out)
    static = out / "static"
    (static / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(modules / "pyodide" / name, static / "pyodide" / name)
    shutil.copytree(python_start, static / "python")
    for name in ("runtime.js", "widgets.css"):
        shutil.copy2(bundled / name, static / name)
    shutil.copy2(SITE_SRC / "site.css", static / "site.css")

    games = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if p.stem != "index")
    first_visit_mb = round(sum((static / name).stat().st_size for name in PYTHON_FILES) / 1e6)
    (out / "apps").mkdir()
    for game in games:
        notebook = json.loads((NOTEBOOKS / f"{game}.ipynb").read_text())
        (out / "apps" / f"{game}.html").write_text(app_page(notebook, games, render_md,
                                                            first_visit_mb))
    index = json.loads((NOTEBOOKS / "index.ipynb").read_text())
    (out / "index.html").write_text(index_page(index, games, render_md))
    (out / ".nojekyll").write_text("")          # GitHub Pages: serve the folder as it is
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"The site is in {out} ({size / 1e6:.1f} MB): open index.html through a web server, "
          f"e.g. python3 -m http.server -d {out}", flush=True)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="where to build (default _site/)")
    args = parser.parse_args(argv)
    build(args.out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
