"""The card faces (issue 19, item 2): one drawing, two forms (the board's sprite and a
standalone inline SVG for the explainers), made by the project's own code."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardgames import card_faces
from cardgames.card_faces import back_svg, card_svg, face_id, sprite
from cardgames.cards import ALL_CARDS, Card, Rank

NS = {"svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def sprite_tree() -> ET.Element:
    return ET.fromstring(sprite())


def symbols(tree: ET.Element) -> dict[str, ET.Element]:
    return {s.get("id"): s for s in tree.iter(f"{{{NS['svg']}}}symbol")}


def test_every_card_and_the_back_has_a_symbol_named_by_its_code(sprite_tree):
    # board.py's docstring: `<symbol id="cg-face-TH" viewBox="0 0 240 336">` for each of the 53 cards
    # (codes as `str(card)`: TH, AS, JK) and `<symbol id="cg-back">`.
    found = symbols(sprite_tree)
    for card in ALL_CARDS:
        assert f"cg-face-{card}" in found, card.name
        assert found[f"cg-face-{card}"].get("viewBox") == "0 0 240 336"
    assert found["cg-back"].get("viewBox") == "0 0 240 336"
    assert "cg-face-TH" in found and "cg-face-JK" in found
    faces = [name for name in found if name.startswith("cg-face-")]
    assert len(faces) == 53


def test_the_sprite_is_hidden_and_its_colours_are_variables_with_fallbacks(sprite_tree):
    assert sprite_tree.get("width") == "0" and sprite_tree.get("height") == "0"
    text = sprite()
    for variable, fallback in (("--cg-spades", "#1b1b1b"), ("--cg-hearts", "#c0392b"),
                               ("--cg-diamonds", "#c0392b"), ("--cg-clubs", "#1b1b1b"),
                               ("--cg-joker", "#6a3d9a")):
        assert f"var({variable}, {fallback})" in text
    # The hearts symbol speaks of hearts only: the board's four colours switch it as a whole.
    hearts = ET.tostring(symbols(sprite_tree)["cg-face-7H"], encoding="unicode")
    assert "--cg-hearts" in hearts and "--cg-spades" not in hearts


def test_each_suit_symbol_is_defined_once_and_used_for_every_pip(sprite_tree):
    found = symbols(sprite_tree)
    for letter in "SHDC":
        assert f"cg-suit-{letter}" in found
    # The seven of clubs: seven pips in the middle and one under each corner index.
    seven = ET.tostring(found["cg-face-7C"], encoding="unicode")
    assert seven.count('href="#cg-suit-C"') == 7 + 2
    assert sprite().count("<path d=\"M50 3C60") == 1       # the spade's path, written once


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_the_standalone_card_names_itself_and_parses(card):
    svg = card_svg(card)
    tree = ET.fromstring(svg)
    assert tree.get("role") == "img"
    assert tree.get("aria-label") == card.name
    assert "var(" not in svg and "<use" not in svg       # self-contained: colours written out


def shapes(element: ET.Element, card: Card | None = None) -> dict[str, int]:
    """How many of each kind of shape a drawing holds, a pip counted as "pip" in either form (the
    standalone form draws a card's pips as one path: as many pips as its suit's outline is in it)."""
    counts: dict[str, int] = {}
    for node in element.iter():
        tag = node.tag.split("}")[-1]
        many = 1
        if tag == "use" and node.get("href", "").startswith("#cg-suit-"):
            tag = "pip"
        elif tag == "path" and node.get("class") == "cg-pips":
            outline = card_faces.SUIT_PATHS[card.suit]
            many, left = divmod(node.get("d").count("M"), outline.count("M"))
            assert left == 0 and len(node.get("d").split("Z")) == many * outline.count("Z") + 1
            tag = "pip"
        counts[tag] = counts.get(tag, 0) + many
    counts.pop("svg", None), counts.pop("symbol", None)
    return counts


def test_standalone_and_sprite_come_from_one_drawing(sprite_tree):
    # The same shapes in both forms: the sprite <use>s a suit where the standalone form writes
    # its path, and nothing else differs.
    found = symbols(sprite_tree)
    for card in ALL_CARDS:
        in_sprite = shapes(found[face_id(card)])
        alone = shapes(ET.fromstring(card_svg(card)), card)
        assert in_sprite == alone, card
        if Rank.TWO <= card.rank <= Rank.TEN:
            # Pips as on a real card: one per unit of rank, and the two under the indices.
            assert alone["pip"] == int(card.rank) + 2, card
    assert shapes(found["cg-back"]) == shapes(ET.fromstring(back_svg()))


def test_four_colours_in_the_standalone_form():
    assert "#1f5fbf" in card_svg("TD", four_colour=True)
    assert "#1f5fbf" not in card_svg("TD")
    assert "#c0392b" in card_svg("TD")


def test_the_ten_is_written_10_and_the_court_cards_carry_their_letter():
    assert ">10</text>" in card_svg("TH")
    for code, letter in (("JS", "J"), ("QH", "Q"), ("KD", "K")):
        assert f">{letter}</text>" in card_svg(code)
    assert ">JOKER</text>" in card_svg("JK")


def test_width_sets_the_size_keeping_the_card_shape():
    tree = ET.fromstring(card_svg(Card.parse("AS"), width="70px"))
    assert (tree.get("width"), tree.get("height")) == ("70px", "98px")
    tree = ET.fromstring(back_svg(width="5em"))
    assert (tree.get("width"), tree.get("height")) == ("5em", "7em")
    with pytest.raises(ValueError, match="CSS length"):
        card_svg("AS", width="wide")


def test_the_back_shows_no_card():
    back = back_svg()
    assert ET.fromstring(back).get("aria-label") == "a face-down card"
    assert "<text" not in back and "cg-suit" not in back


def test_nothing_is_fetched_from_elsewhere():
    # No card art, no web fonts: the only URL is the SVG namespace.
    everything = sprite() + "".join(card_svg(c) for c in ALL_CARDS) + back_svg()
    urls = set(re.findall(r"https?://[^\s\"')]+", everything))
    assert urls == {"http://www.w3.org/2000/svg"}
    assert "@import" not in everything and "url(" not in everything


@pytest.mark.parametrize("flip", [False, True])
@pytest.mark.parametrize("suit", list(card_faces.SUIT_PATHS), ids=lambda s: s.letter)
def test_a_card_s_pips_in_one_path_draw_what_each_pip_s_transform_drew(suit, flip):
    # The standalone form writes each pip's outline moved, scaled and turned round into one
    # path; the sprite draws the same pip as the outline under translate(), scale() and
    # rotate(180 50 50). Every point of the outline must land where that transform puts it.
    x, y, size = 150.0, 270.0, 40.0
    tx, ty, scale = x - size / 2, y - size / 2, size / 100

    def transformed(px: float, py: float) -> tuple[float, float]:
        if flip:                                          # rotate(180 50 50)
            px, py = 100 - px, 100 - py
        return tx + scale * px, ty + scale * py           # then scale, then translate

    token = re.compile(r"[A-Za-z]|-?\d*\.?\d+")
    original = token.findall(card_faces.SUIT_PATHS[suit])
    placed = token.findall(card_faces._placed(card_faces.SUIT_PATHS[suit], tx, ty, scale, flip))
    assert [t for t in original if t.isalpha()] == [t for t in placed if t.isalpha()]
    command, args = "", []
    for before, after in zip(original, placed):
        if before.isalpha():
            command, args = before, []
            continue
        args.append((float(before), float(after)))
        kinds = card_faces._COMMAND_ARGS[command]
        if len(args) == len(kinds):
            for k, kind in enumerate(kinds):
                if kind == "x":
                    want = transformed(args[k][0], args[k + 1][0] if kinds[k + 1:k + 2] == "y" else 0)[0]
                    assert abs(args[k][1] - want) <= 0.051, (command, args)
                elif kind == "y":
                    want = transformed(args[k - 1][0] if k and kinds[k - 1] == "x" else 0, args[k][0])[1]
                    assert abs(args[k][1] - want) <= 0.051, (command, args)
                elif kind == "r":
                    assert abs(args[k][1] - args[k][0] * scale) <= 0.051, (command, args)
                else:                                     # an arc's turn and flags stay
                    assert args[k][1] == args[k][0], (command, args)
            args = []
