"""See every lesson on the board without a server: each lesson's board at its first goal, after
a wrong choice, and done, drawn by the real ``board.js`` in the board preview's harness.

    python3 scripts/lesson_preview.py [--out DIR] [--shots DIR] [--widths 390,1280,1920]

Writes the harness (``scripts/board_preview.py``) with the lessons' states into ``--out``
(default /tmp/lesson-preview) and, with ``--shots``, saves a screenshot of each scene at each
width (the phone's 844 px tall, the others as the board preview's viewports).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import board_preview  # noqa: E402
from cardgames.lessons import LESSONS  # noqa: E402
from cardgames.widgets.lesson_table import LessonTable  # noqa: E402


def lesson_scenes() -> dict[str, dict]:
    """Each lesson's board: at its first goal, after a wrong choice, and done."""
    found = {}
    for game, lessons in LESSONS.items():
        for lesson in lessons:
            table = LessonTable(game, lesson.number, animate=False)
            name = f"{game}-{lesson.number}"
            found[f"{name}-goal"] = {"state": table.board.state, "after": {}}
            run = table.run
            wrong = [c.move for c in run.session.choices() if c.move not in run.marked] or \
                [c for c in run.hand.hands[run.hand.to_move] if c not in run.marked]
            table.choose(wrong[0])
            found[f"{name}-wrong"] = {"state": table.board.state, "after": {}}
            for step in lesson.steps:
                table.choose(step.right[0])
            found[f"{name}-done"] = {"state": table.board.state, "after": {}}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/lesson-preview")
    parser.add_argument("--shots")
    parser.add_argument("--widths", default="390")
    parser.add_argument("--only", default="", help="scenes whose name holds this text")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy(board_preview.WIDGETS / "board.js", out / "board.js")
    shutil.copy(board_preview.WIDGETS / "board.css", out / "board.css")
    (out / "faces.svg").write_text(board_preview.faces())
    found = {k: v for k, v in lesson_scenes().items() if args.only in k}
    (out / "states.json").write_text(json.dumps(found))
    (out / "board.html").write_text(board_preview.PAGE)
    if args.shots:
        widths = {int(w) for w in args.widths.split(",")}
        board_preview.VIEWPORTS = [v for v in [(390, 844), (1280, 800), (1920, 1080)]
                                   if v[0] in widths]
        for path in board_preview.shots(out, Path(args.shots), list(found)):
            if not path.name.endswith("-fill.png"):
                print(path)


if __name__ == "__main__":
    main()
