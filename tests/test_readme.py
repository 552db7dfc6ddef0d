"""The README's code examples run as written (keep the README true to the code)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_the_engine_example_gives_what_its_comments_say():
    engine_block = python_blocks()[0]
    namespace: dict = {}
    exec(engine_block, namespace)
    cg = namespace["cg"]
    shown = re.search(r"legal_actions\(\) +# (<LegalActions: .*>)", engine_block).group(1)
    assert repr(cg.deal("yukon", seed=7).legal_actions()) == shown
    for line in engine_block.splitlines():
        shown = re.search(r"# '(.+?)(\.\.\.)?'$", line.strip())
        if shown and "why_illegal" in line:
            call = line.split("#")[0].strip()
            assert eval(call, namespace).startswith(shown.group(1).rstrip("."))


def test_the_table_examples_run():
    namespace: dict = {}
    exec(python_blocks()[1], namespace)
