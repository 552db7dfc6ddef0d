"""The card faces, drawn as SVG by the project's own code (no card art, no fonts from the web).

Two forms come out of one drawing:

- :func:`sprite` is one hidden ``<svg>`` holding a ``<symbol id="cg-face-TH">`` for each of the
  53 cards and ``<symbol id="cg-back">`` (each ``viewBox="0 0 240 336"``). The board reads it
  (it is never shown) and makes each symbol into a picture of its own (``faceUrl`` in board.js).
  Its suit colours are CSS variables with fallbacks (``var(--cg-hearts, #c0392b)``...), so the
  page switches to four colours by setting the variables. Each suit symbol is one path, defined
  once (``#cg-suit-H``) and used wherever a pip is drawn.
- :func:`card_svg` and :func:`back_svg` give one standalone inline ``<svg>`` for a card, its
  colours written out and all its pips one path (each suit outline moved into place, written
  out: fewer elements for the page to style), named for screen readers (``role="img"``,
  ``aria-label="ten of hearts"``), for the explainers' static HTML. (Inline, not an ``<img>``
  of a ``data:`` URI: the browser reads each such picture as an SVG document of its own, which
  keeps its main thread busy about three times as long; figures in benchmarks/README.md.)

The drawing is a few functions, one per part of a card: the frame, the corner index, the pips
of the number cards (laid out as on real cards), the Ace's one large pip, the court cards'
framed panel (a headdress over a large letter, the design mirrored like a double-ended card),
the Joker (a jester's cap), and the back (a lattice). Each takes a :class:`_Paint`, which says
how the form at hand writes a colour and a pip.
"""

from __future__ import annotations

import math
import re
from html import escape

from .cards import ALL_CARDS, Card, Rank, Suit
from .render import BLACK, FOUR_COLOURS, RED

__all__ = ["sprite", "card_svg", "back_svg", "face_id", "WIDTH", "HEIGHT", "VIEWBOX"]

WIDTH, HEIGHT = 240, 336
VIEWBOX = f"0 0 {WIDTH} {HEIGHT}"
SVG_NS = "http://www.w3.org/2000/svg"
FONT = "system-ui, sans-serif"

#: The CSS variable naming each suit's colour, and its fallback (the two-colour pack).
VARIABLES = {
    Suit.SPADES: ("--cg-spades", BLACK),
    Suit.HEARTS: ("--cg-hearts", RED),
    Suit.DIAMONDS: ("--cg-diamonds", RED),
    Suit.CLUBS: ("--cg-clubs", BLACK),
    None: ("--cg-joker", "#6a3d9a"),
}
BACK_COLOUR = ("--cg-back", "#24508a")
BORDER = "#8a8a8a"

# The suit symbols, each one path in a 100 x 100 box.
SUIT_PATHS = {
    Suit.SPADES: (
        "M50 3C60 20 96 38 96 62C96 77 85 85 73 85C64 85 57 80 54 73C55 83 59 91 67 97"
        "H33C41 91 45 83 46 73C43 80 36 85 27 85C15 85 4 77 4 62C4 38 40 20 50 3Z"),
    Suit.HEARTS: (
        "M50 95C22 72 3 53 3 31C3 15 15 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5"
        "C85 5 97 15 97 31C97 53 78 72 50 95Z"),
    Suit.DIAMONDS: "M50 2Q68 28 90 50Q68 72 50 98Q32 72 10 50Q32 28 50 2Z",
    Suit.CLUBS: (
        "M50 6A21 21 0 1 0 50 48A21 21 0 1 0 50 6Z"
        "M27 40A21 21 0 1 0 27 82A21 21 0 1 0 27 40Z"
        "M73 40A21 21 0 1 0 73 82A21 21 0 1 0 73 40Z"
        "M50 36L34 64H66Z"
        "M46 58C46 78 42 89 32 97H68C58 89 54 78 54 58Z"),
}

# Where the pips of the number cards sit: columns and rows of the pip field, as on real cards.
_L, _M, _R = 90, 120, 150
_TOP, _BOTTOM = 66, 270


def _row(fraction: float) -> float:
    return _TOP + (_BOTTOM - _TOP) * fraction


_T = 1 / 3
PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_M, 0), (_M, 1)),
    3: ((_M, 0), (_M, .5), (_M, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_M, .5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, .5), (_R, .5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_M, .25), (_L, .5), (_R, .5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_M, .25), (_L, .5), (_R, .5), (_M, .75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, _T), (_R, _T), (_M, .5), (_L, 2 * _T), (_R, 2 * _T),
        (_L, 1), (_R, 1)),
    10: ((_L, 0), (_R, 0), (_M, _T / 2), (_L, _T), (_R, _T), (_L, 2 * _T), (_R, 2 * _T),
         (_M, 1 - _T / 2), (_L, 1), (_R, 1)),
}
"""Each number card's pips as (x, row): the row runs from 0 (top) to 1 (bottom); pips below
the middle are drawn upside down, as on a real card."""

PIP_SIZE = {2: 50, 3: 50, 4: 46, 5: 46, 6: 44, 7: 44, 8: 44, 9: 40, 10: 40}


def _num(value: float) -> str:
    """A coordinate as short text: ``64``, ``133.3``."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


class _Paint:
    """How one form of the drawing writes a colour and a pip."""

    def colour(self, suit: Suit | None) -> str:
        raise NotImplementedError

    def back_colour(self) -> str:
        raise NotImplementedError

    def pip(self, suit: Suit, x: float, y: float, size: float, flip: bool = False,
            extra: str = "") -> str:
        """A suit symbol of ``size`` centred on (x, y), upside down if ``flip``."""
        raise NotImplementedError

    def pips(self, suit: Suit, spots: list[tuple[float, float, float, bool]]) -> str:
        """Several suit symbols, each (x, y, size, flip) as for :meth:`pip`."""
        return "".join(self.pip(suit, x, y, size, flip) for x, y, size, flip in spots)

    def fill(self, suit: Suit | None, opacity: float | None = None) -> str:
        style = f"fill:{self.colour(suit)}"
        if opacity is not None:
            style += f";fill-opacity:{opacity}"
        return f'style="{style}"'

    def stroke(self, suit: Suit | None, width: float) -> str:
        return f'style="fill:none;stroke:{self.colour(suit)};stroke-width:{_num(width)}"'


class _SpritePaint(_Paint):
    """The sprite's form: colours are CSS variables, pips ``<use>`` the suit's symbol."""

    def colour(self, suit: Suit | None) -> str:
        name, fallback = VARIABLES[suit]
        return f"var({name}, {fallback})"

    def back_colour(self) -> str:
        return f"var({BACK_COLOUR[0]}, {BACK_COLOUR[1]})"

    def pip(self, suit: Suit, x: float, y: float, size: float, flip: bool = False,
            extra: str = "") -> str:
        half = size / 2
        turn = f' transform="rotate(180 {_num(x)} {_num(y)})"' if flip else ""
        return (f'<use href="#cg-suit-{suit.letter}" x="{_num(x - half)}" y="{_num(y - half)}" '
                f'width="{_num(size)}" height="{_num(size)}"{turn} {self.fill(suit)}{extra}/>')


class _InlinePaint(_Paint):
    """The standalone form: colours written out, a card's pips one path (``class="cg-pips"``).

    One path for all the pips, not one element each: an explainer's example cards are then about
    half as many elements for the browser to style and lay out (Quinto's page holds 96 cards)."""

    def __init__(self, four_colour: bool = False):
        self.four_colour = four_colour

    def colour(self, suit: Suit | None) -> str:
        if suit is not None and self.four_colour:
            return FOUR_COLOURS[suit.letter]
        return VARIABLES[suit][1]

    def back_colour(self) -> str:
        return BACK_COLOUR[1]

    def pip(self, suit: Suit, x: float, y: float, size: float, flip: bool = False,
            extra: str = "") -> str:
        scale = size / 100
        turn = " rotate(180 50 50)" if flip else ""
        return (f'<path d="{SUIT_PATHS[suit]}" transform="translate({_num(x - size / 2)} '
                f'{_num(y - size / 2)}) scale({scale:.3g}){turn}" {self.fill(suit)}{extra}/>')

    def pips(self, suit: Suit, spots: list[tuple[float, float, float, bool]]) -> str:
        if not spots:
            return ""
        d = "".join(_placed(SUIT_PATHS[suit], x - size / 2, y - size / 2, size / 100, flip)
                    for x, y, size, flip in spots)
        return f'<path class="cg-pips" d="{d}" {self.fill(suit)}/>'


# How many numbers each path command takes, and which of them are x or y coordinates.
_COMMAND_ARGS = {"M": "xy", "L": "xy", "H": "x", "V": "y", "C": "xyxyxy", "Q": "xyxy",
                 "A": "rr...xy", "Z": ""}


def _placed(path: str, dx: float, dy: float, scale: float, flip: bool) -> str:
    """A suit path of the 100 x 100 box, scaled, turned round if ``flip`` and moved by (dx, dy):
    what ``transform="translate(dx dy) scale(scale) rotate(180 50 50)"`` draws, written out."""
    tokens = re.findall(r"[A-Za-z]|-?\d*\.?\d+", path)
    out: list[str] = []
    command, i = "", 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            if command not in _COMMAND_ARGS:
                raise ValueError(f"suit paths use absolute M L H V C Q A Z, not {command!r}")
            out.append(command)
            i += 1
            if command == "Z":
                continue
        kinds = _COMMAND_ARGS[command]
        values = []
        for kind, token in zip(kinds, tokens[i:i + len(kinds)]):
            value = float(token)
            if kind == "x":
                value = dx + scale * (100 - value if flip else value)
            elif kind == "y":
                value = dy + scale * (100 - value if flip else value)
            elif kind == "r":
                value *= scale
            values.append(_num(value))
        out.append(" ".join(values) if out[-1].isalpha() else " " + " ".join(values))
        i += len(kinds)
    return "".join(out)


# -- the parts of a card ---------------------------------------------------------------------


def _frame() -> str:
    """The white card with rounded corners and a thin grey border."""
    return (f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="16" '
            f'style="fill:#fff;stroke:{BORDER};stroke-width:3"/>')


def _index_text(paint: _Paint, card: Card, turn: str = "") -> str:
    """The rank in the top left corner (the ten written "10", squeezed); its suit is one of
    :data:`_CORNER_PIPS`. ``turn`` writes it turned round into the bottom right corner."""
    label = card.rank.label
    squeeze = ' textLength="50" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    return (f'<text x="31" y="62" text-anchor="middle"{squeeze}{turn} '
            f'style="font:700 60px {FONT};fill:{paint.colour(card.suit)}">{label}</text>')


_TURN = f' transform="rotate(180 {WIDTH // 2} {HEIGHT // 2})"'
#: The suit under each corner's rank: top left, and the same turned round bottom right.
_CORNER_PIPS = [(31, 92, 40, False), (WIDTH - 31, HEIGHT - 92, 40, True)]


def _joker_index(paint: _Paint) -> str:
    """The Joker's corner: the word JOKER read downwards, and a star."""
    letters = "".join(
        f'<text x="28" y="{44 + 34 * i}" text-anchor="middle" '
        f'style="font:700 36px {FONT};fill:{paint.colour(None)}">{letter}</text>'
        for i, letter in enumerate("JOKER"))
    return letters + _star(28, 212, 18, paint.fill(None))


def _corner_indices(paint: _Paint, card: Card) -> str:
    """The index top left, and the same turned round bottom right (the Joker's; a suited card's
    ranks, its suits being drawn with the card's pips)."""
    if card.is_joker:
        index = _joker_index(paint)
        return f'{index}<g{_TURN}>{index}</g>'
    return _index_text(paint, card) + _index_text(paint, card, _TURN)


def _pips(card: Card) -> list[tuple[float, float, float, bool]]:
    """The number cards' pips, laid out as on a real pack."""
    count = int(card.rank)
    size = PIP_SIZE[count]
    return [(x, _row(row), size, row > .5) for x, row in PIP_LAYOUTS[count]]


def _ace(paint: _Paint, card: Card) -> str:
    """A thin ring round the one large pip in the middle of the card (:data:`_ACE_PIP`)."""
    return (f'<circle cx="120" cy="168" r="76" {paint.stroke(card.suit, 2)} '
            f'stroke-opacity=".35"/>')


_ACE_PIP = (120, 168, 108, False)
_COURT_PIP = (120, 272, 30, False)


# The court cards' headdresses, drawn in the upper part of the panel (y 46 to 142).
def _crown(paint: _Paint, suit: Suit) -> str:
    """The King's crown: three points with a ball on each, over a jewelled band."""
    colour = paint.fill(suit)
    return (f'<path d="M80 128L70 70L100 100L120 58L140 100L170 70L160 128Z" {colour}/>'
            f'<rect x="76" y="124" width="88" height="18" rx="4" {colour}/>'
            + "".join(f'<circle cx="{x}" cy="{y}" r="9" {colour}/>'
                      for x, y in ((70, 64), (120, 50), (170, 64)))
            + "".join(f'<circle cx="{x}" cy="133" r="4.5" style="fill:#fff"/>'
                      for x in (96, 120, 144)))


def _tiara(paint: _Paint, suit: Suit) -> str:
    """The Queen's tiara: rounded arches rising to a jewel, over a band."""
    colour = paint.fill(suit)
    return (f'<path d="M78 132C78 100 92 88 101 102C105 80 114 70 120 66C126 70 135 80 139 102'
            f'C148 88 162 100 162 132Z" {colour}/>'
            f'<rect x="74" y="126" width="92" height="14" rx="7" {colour}/>'
            f'<circle cx="120" cy="54" r="10" {colour}/>'
            + "".join(f'<circle cx="{x}" cy="{y}" r="6" style="fill:#fff"/>'
                      for x, y in ((100, 116), (120, 104), (140, 116))))


def _cap(paint: _Paint, suit: Suit) -> str:
    """The Jack's cap: a soft beret with a long feather, over a band."""
    colour = paint.fill(suit)
    return (f'<path d="M78 132C72 96 100 78 130 82C154 86 168 102 162 132Z" {colour}/>'
            f'<rect x="76" y="126" width="88" height="16" rx="4" {colour}/>'
            f'<path d="M142 88C148 64 162 50 174 46C170 62 160 78 150 94Z" {colour}/>'
            f'<path d="M150 92C156 74 164 62 172 50" style="fill:none;stroke:#fff;stroke-width:2"/>')


_HEADDRESS = {Rank.KING: _crown, Rank.QUEEN: _tiara, Rank.JACK: _cap}


def _court(paint: _Paint, card: Card) -> str:
    """A framed panel tinted in the suit's colour: the headdress over a large letter, a pip."""
    assert card.suit is not None
    panel = (f'<rect x="62" y="36" width="116" height="264" rx="10" '
             f'{paint.fill(card.suit, .08)}/>'
             f'<rect x="62" y="36" width="116" height="264" rx="10" {paint.stroke(card.suit, 3)}/>')
    letter = (f'<text x="120" y="240" text-anchor="middle" '
              f'style="font:700 100px {FONT};fill:{paint.colour(card.suit)}">'
              f'{card.rank.letter}</text>')
    return panel + _HEADDRESS[card.rank](paint, card.suit) + letter   # and :data:`_COURT_PIP`


def _star(x: float, y: float, r: float, style: str) -> str:
    """A five-pointed star of outer radius ``r`` centred on (x, y)."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * .42
        angle = math.pi * (i / 5 - .5)
        points.append(f"{_num(x + radius * math.cos(angle))},{_num(y + radius * math.sin(angle))}")
    return f'<polygon points="{" ".join(points)}" {style}/>'


def _joker(paint: _Paint) -> str:
    """A jester's cap with three bells over the word JOKER, in a tinted panel."""
    colour = paint.fill(None)
    cap = (f'<path d="M78 200C80 160 86 118 64 86C96 96 108 124 112 150C108 110 112 80 120 56'
           f'C128 80 132 110 128 150C132 124 144 96 176 86C154 118 160 160 162 200Z" {colour}/>'
           f'<rect x="74" y="196" width="92" height="18" rx="6" {colour}/>'
           + "".join(f'<circle cx="{x}" cy="{y}" r="9" {colour}/>'
                     for x, y in ((64, 84), (120, 50), (176, 84)))
           + "".join(_star(x, y, 9, 'style="fill:#fff"')
                     for x, y in ((98, 176), (120, 166), (142, 176))))
    word = (f'<text x="120" y="262" text-anchor="middle" textLength="128" '
            f'lengthAdjust="spacingAndGlyphs" style="font:700 40px {FONT};'
            f'fill:{paint.colour(None)}">JOKER</text>')
    panel = (f'<rect x="58" y="36" width="124" height="264" rx="10" {paint.fill(None, .08)}/>'
             f'<rect x="58" y="36" width="124" height="264" rx="10" {paint.stroke(None, 3)}/>')
    return panel + cap + word


def _face(paint: _Paint, card: Card) -> str:
    """Everything drawn on a face-up card, inside the 240 x 336 box."""
    if card.is_joker:
        return _frame() + _joker(paint) + _corner_indices(paint, card)
    if card.rank is Rank.ACE:
        middle, pips = _ace(paint, card), [_ACE_PIP]
    elif card.rank in _HEADDRESS:
        middle, pips = _court(paint, card), [_COURT_PIP]
    else:
        middle, pips = "", _pips(card)
    assert card.suit is not None
    return (_frame() + middle + paint.pips(card.suit, pips + _CORNER_PIPS)
            + _corner_indices(paint, card))


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways across a rectangle, as one path (no pattern, no clipping)."""
    parts = []
    width, height = x1 - x0, y1 - y0
    c = step / 2
    while c < width + height:
        # the line x - x0 + y - y0 = c, and its mirror image across the vertical axis
        ax, ay = x0 + min(c, width), y0 + max(0.0, c - width)
        bx, by = x0 + max(0.0, c - height), y0 + min(c, height)
        parts.append(f"M{_num(ax)} {_num(ay)}L{_num(bx)} {_num(by)}")
        parts.append(f"M{_num(x1 - (ax - x0))} {_num(ay)}L{_num(x1 - (bx - x0))} {_num(by)}")
        c += step
    return "".join(parts)


def _back(paint: _Paint) -> str:
    """The back: a white margin round a coloured panel crossed by a lattice."""
    colour = paint.back_colour()
    return (_frame()
            + f'<rect x="16" y="16" width="208" height="304" rx="10" style="fill:{colour}"/>'
            + f'<path d="{_lattice(16, 16, 224, 320, 26)}" '
              f'style="fill:none;stroke:#fff;stroke-opacity:.35;stroke-width:3"/>'
            + '<rect x="26" y="26" width="188" height="284" rx="6" '
              'style="fill:none;stroke:#fff;stroke-opacity:.8;stroke-width:3"/>'
            + '<circle cx="120" cy="168" r="34" style="fill:#fff;fill-opacity:.9"/>'
            + f'<circle cx="120" cy="168" r="24" style="fill:{colour}"/>')


# -- the two forms ---------------------------------------------------------------------------


def face_id(card: Card | None) -> str:
    """The sprite's id for a card (``cg-face-TH``), or for the back when ``card`` is None."""
    return "cg-back" if card is None else f"cg-face-{card}"


def sprite() -> str:
    """One hidden ``<svg>`` with a symbol for each of the 53 cards and one for the back."""
    paint = _SpritePaint()
    suits = "".join(f'<symbol id="cg-suit-{suit.letter}" viewBox="0 0 100 100">'
                    f'<path d="{path}"/></symbol>' for suit, path in SUIT_PATHS.items())
    faces = "".join(f'<symbol id="{face_id(card)}" viewBox="{VIEWBOX}">{_face(paint, card)}'
                    f'</symbol>' for card in ALL_CARDS)
    back = f'<symbol id="{face_id(None)}" viewBox="{VIEWBOX}">{_back(paint)}</symbol>'
    return (f'<svg xmlns="{SVG_NS}" width="0" height="0" aria-hidden="true" '
            f'style="position:absolute;width:0;height:0;overflow:hidden">'
            f'{suits}{faces}{back}</svg>')


def _size(width: str) -> tuple[str, str]:
    """The width as given and the height that keeps the card's shape (``4.5em`` -> ``6.3em``)."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-z%]*)\s*", str(width))
    if not found:
        raise ValueError(f"width is a CSS length such as '4.5em' or '70px', not {str(width)[:20]!r}")
    number, unit = float(found.group(1)), found.group(2)
    return f"{_num(number)}{unit}", f"{_num(number * HEIGHT / WIDTH)}{unit}"


def _standalone(body: str, label: str, width: str, css_class: str) -> str:
    w, h = _size(width)
    return (f'<svg xmlns="{SVG_NS}" viewBox="{VIEWBOX}" width="{w}" height="{h}" role="img" '
            f'aria-label="{escape(label)}" class="{css_class}" '
            f'style="vertical-align:middle;flex:none">{body}</svg>')


def card_svg(card: Card | str, *, four_colour: bool = False, width: str = "4.5em") -> str:
    """One face-up card as a standalone inline ``<svg>``, named for screen readers."""
    card = Card.parse(card)
    return _standalone(_face(_InlinePaint(four_colour), card), card.name, width, "cg-card-svg")


def back_svg(*, width: str = "4.5em") -> str:
    """A face-down card as a standalone inline ``<svg>``."""
    return _standalone(_back(_InlinePaint()), "a face-down card", width, "cg-card-svg cg-back")
