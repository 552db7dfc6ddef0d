"""Draw every card face and the back on one sheet, as PNGs, to look at them.

    .venv/bin/python scripts/card_sheet.py [OUT_DIR]     (default /tmp/faces)

Writes ``sheet_<70|140>_<two|four>.png`` (the board's form: the sprite and ``<use>``, four
colours set by the CSS variables as the board sets them) and ``standalone_70.png`` (the
explainers' form, ``card_svg``), and ``spanish_<70|140>.png`` (Guinote's Spanish pack,
``cardgames.spanish_faces``), rendered by headless Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from cardgames.card_faces import back_svg, card_svg, face_id, sprite
from cardgames.cards import ALL_CARDS
from cardgames.render import FOUR_COLOURS
from cardgames import spanish_faces

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
FOUR = ";".join(f"--cg-{name}:{FOUR_COLOURS[letter]}"
                for name, letter in (("spades", "S"), ("hearts", "H"), ("diamonds", "D"),
                                     ("clubs", "C")))


def sheet(width: int, four: bool) -> str:
    cards = "".join(f'<svg viewBox="0 0 240 336" style="width:{width}px;height:{width * 1.4}px;'
                    f'margin:3px"><use href="#{face_id(card)}"/></svg>'
                    for card in list(ALL_CARDS) + [None])
    return (f'<body style="margin:8px;background:#2e7d4f;{FOUR if four else ""}">{sprite()}'
            f'<div style="display:flex;flex-wrap:wrap;width:{13 * (width + 6) + 10}px">{cards}'
            f'</div></body>')


def spanish_sheet(width: int) -> str:
    """The Spanish pack's 40 faces and its back, a suit to a row."""
    cards = "".join(f'<svg viewBox="0 0 240 336" style="width:{width}px;height:{width * 1.4}px;'
                    f'margin:3px"><use href="#{face_id(card)}"/></svg>'
                    for card in list(spanish_faces.SPANISH_CARDS) + [None])
    return (f'<body style="margin:8px;background:#2e7d4f">{spanish_faces.sprite()}'
            f'<div style="display:flex;flex-wrap:wrap;width:{10 * (width + 6) + 10}px">{cards}'
            f'</div></body>')


def standalone(width: int) -> str:
    cards = "".join(card_svg(card, four_colour=True, width=f"{width}px") for card in ALL_CARDS)
    return (f'<body style="margin:8px;background:#eee"><div style="display:flex;flex-wrap:wrap;'
            f'gap:4px;width:{13 * (width + 4) + 10}px">{cards}{back_svg(width=f"{width}px")}'
            f'</div></body>')


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1900, "height": 900})
        for width in (70, 140):
            for four in (False, True):
                page.set_content(sheet(width, four))
                page.screenshot(path=str(out / f"sheet_{width}_{'four' if four else 'two'}.png"),
                                full_page=True)
        for width in (70, 140):
            page.set_content(spanish_sheet(width))
            page.screenshot(path=str(out / f"spanish_{width}.png"), full_page=True)
        page.set_content(standalone(70))
        page.screenshot(path=str(out / "standalone_70.png"), full_page=True)
        browser.close()
    print(f"sprite: {len(sprite().encode()) / 1024:.1f} KB; sheets in {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/faces"))
