"""The Spanish pack's faces (baraja española) for Guinote's 40 cards, drawn as SVG by the project's
own code, as :mod:`cardgames.card_faces` draws the French ones (no card art, no web fonts).

The cards keep the engine's codes: ``cg-face-KH`` is the king of hearts in the notation and the
rey de copas on this face, ``QH`` the sota and ``JH`` the caballo (:mod:`cardgames.packs` has
the mapping). Each face shows:

- the suit's sign, as the Spanish pack draws it, in the suit's own colour: a round gold coin
  (oros), a red goblet (copas), a straight blue sword (espadas), a knobbed green club (bastos);
  the as (1) one large sign, 2 to 7 their signs laid out in a column or two;
- the court cards as bold figures holding their suit's sign: the sota a standing page, the
  caballo a rider on a horse, the rey a crowned and bearded king in a robe;
- the corner index as Spanish packs print it, the number (1 to 7, 10 sota, 11 caballo, 12 rey)
  over a small sign, top left and turned round bottom right;
- the *pinta*, the frame line along the top and bottom edges broken as the suit says: whole for
  oros, one gap for copas, two for espadas, three for bastos (a card half hidden in a fan still
  says its suit).

:func:`sprite` is the board's form (one hidden ``<svg>`` of symbols, ids as the French sprite's,
the suit signs ``cg-es-D``... used by the faces); :func:`card_svg` and :func:`back_svg` a
standalone inline ``<svg>`` of one card, named in the pack's words for screen readers. The
colours are written out: the table's four-colour setting is a French pack's matter.
"""

from __future__ import annotations

from html import escape

from .card_faces import HEIGHT, SVG_NS, VIEWBOX, WIDTH, FONT, _lattice, _num, _size, face_id
from .cards import FORTY_CARD_DECK, Card, Rank, Suit

__all__ = ["sprite", "card_svg", "back_svg", "SUIT_COLOURS", "SPANISH_CARDS"]

SPANISH_CARDS: tuple[Card, ...] = FORTY_CARD_DECK
"""The 40 cards the Spanish pack has (Guinote's pack: no 8s, 9s or 10s in the notation)."""

#: Each suit's ink: the colour of its sign's body, of its index and of its pinta.
SUIT_COLOURS = {Suit.DIAMONDS: "#a86d00", Suit.HEARTS: "#c62828", Suit.SPADES: "#1f5fa8",
                Suit.CLUBS: "#2e7d32"}
GOLD, GOLD_DARK = "#f2b705", "#8a5a00"
SKIN, SKIN_LINE = "#f3cfa9", "#7a4b2a"
BACK_RED = "#8b1e1e"
#: How many gaps break the pinta (the frame line) of each suit.
PINTA_GAPS = {Suit.DIAMONDS: 0, Suit.HEARTS: 1, Suit.SPADES: 2, Suit.CLUBS: 3}

# The suit signs, each in a 100 x 100 box, colours written in.
SIGNS = {
    Suit.DIAMONDS: (   # a coin: a gold disc, a ring and a boss
        f'<circle cx="50" cy="50" r="45" style="fill:{GOLD};stroke:{GOLD_DARK};stroke-width:5"/>'
        f'<circle cx="50" cy="50" r="30" style="fill:none;stroke:{GOLD_DARK};stroke-width:4"/>'
        f'<circle cx="50" cy="50" r="13" style="fill:{GOLD_DARK}"/>'),
    Suit.HEARTS: (     # a goblet: a red bowl on a gold rim, stem and foot
        '<path d="M14 14H86C86 44 72 60 50 61C28 60 14 44 14 14Z" '
        'style="fill:#c62828;stroke:#7f1414;stroke-width:4"/>'
        f'<rect x="9" y="6" width="82" height="12" rx="5" '
        f'style="fill:{GOLD};stroke:{GOLD_DARK};stroke-width:3"/>'
        f'<path d="M44 60H56V80H44Z" style="fill:{GOLD};stroke:{GOLD_DARK};stroke-width:3"/>'
        f'<ellipse cx="50" cy="70" rx="11" ry="5" style="fill:{GOLD_DARK}"/>'
        f'<path d="M20 96C24 84 36 78 50 78C64 78 76 84 80 96Z" '
        f'style="fill:#c62828;stroke:#7f1414;stroke-width:4"/>'),
    Suit.SPADES: (     # a straight sword, point up: a blue blade, gold guard, grip and pommel
        '<path d="M50 1L65 18V64H35V18Z" style="fill:#1f5fa8;stroke:#0d3366;stroke-width:3"/>'
        '<path d="M50 12V60" style="stroke:#cfe0f5;stroke-width:4"/>'
        f'<rect x="16" y="62" width="68" height="12" rx="6" '
        f'style="fill:{GOLD};stroke:{GOLD_DARK};stroke-width:3"/>'
        '<rect x="42" y="74" width="16" height="15" style="fill:#0d3366"/>'
        f'<circle cx="50" cy="91" r="8" style="fill:{GOLD};stroke:{GOLD_DARK};stroke-width:2"/>'),
    Suit.CLUBS: (      # a knobbed club, leaning: a wooden cudgel, thick at the top, with knots
        '<g transform="rotate(-18 50 50)">'
        '<path d="M41 97C39 72 30 42 30 24C30 7 70 7 70 24C70 42 61 72 59 97Z" '
        'style="fill:#9a6a2e;stroke:#2e7d32;stroke-width:5"/>'
        '<ellipse cx="50" cy="18" rx="15" ry="7" style="fill:#e3b877;stroke:#2e7d32;stroke-width:2"/>'
        + "".join(f'<circle cx="{x}" cy="{y}" r="7" style="fill:#9a6a2e;stroke:#2e7d32;'
                  f'stroke-width:4"/>' for x, y in ((26, 40), (74, 52), (31, 66), (67, 80)))
        + '<path d="M46 40L54 46M44 62L52 66M47 82L55 86" '
          'style="stroke:#5a3a12;stroke-width:3;stroke-linecap:round"/></g>'),
}

# Where the signs of the number cards sit (x, y), and their size.
_L, _M, _R = 86, 120, 154
LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_M, 168),),
    2: ((_M, 92), (_M, 244)),
    3: ((_M, 80), (_M, 168), (_M, 256)),
    4: ((_L, 92), (_R, 92), (_L, 244), (_R, 244)),
    5: ((_L, 82), (_R, 82), (_M, 168), (_L, 254), (_R, 254)),
    6: ((_L, 80), (_R, 80), (_L, 168), (_R, 168), (_L, 256), (_R, 256)),
    7: ((_L, 72), (_R, 72), (_M, 128), (_L, 186), (_R, 186), (_L, 262), (_R, 262)),
}
SIGN_SIZE = {1: 150, 2: 76, 3: 72, 4: 64, 5: 60, 6: 60, 7: 54}

_TURN = f' transform="rotate(180 {WIDTH // 2} {HEIGHT // 2})"'


def _sign(suit: Suit, x: float, y: float, size: float) -> str:
    """The suit's sign of ``size`` centred on (x, y)."""
    half = size / 2
    return (f'<use href="#cg-es-{suit.letter}" x="{_num(x - half)}" y="{_num(y - half)}" '
            f'width="{_num(size)}" height="{_num(size)}"/>')


def _frame(suit: Suit | None) -> str:
    """The white card, and its pinta: the line along the top and bottom edges, broken by the
    suit's gaps (the back's frame is whole)."""
    card = (f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="16" '
            f'style="fill:#fff;stroke:#8a8a8a;stroke-width:3"/>')
    if suit is None:
        return card
    gaps = PINTA_GAPS[suit]
    left, right, gap = 64, WIDTH - 14, 16
    pieces = gaps + 1
    length = (right - left - gaps * gap) / pieces
    d = ""
    for y in (14, HEIGHT - 14):
        for i in range(pieces):
            x0 = left + i * (length + gap)
            d += f"M{_num(x0)} {y}H{_num(x0 + length)}"
    return card + (f'<path d="{d}" style="fill:none;stroke:{SUIT_COLOURS[suit]};'
                   f'stroke-width:6;stroke-linecap:round"/>')


def _index(card: Card) -> str:
    """The number a Spanish pack prints (12 for the rey) over a small sign, top left, and the
    same turned round bottom right."""
    from .packs import SPANISH_INDEX

    assert card.suit is not None
    number = str(SPANISH_INDEX[card.rank])
    squeeze = ' textLength="46" lengthAdjust="spacingAndGlyphs"' if len(number) > 1 else ""
    one = (f'<text x="32" y="58" text-anchor="middle"{squeeze} '
           f'style="font:700 52px {FONT};fill:{SUIT_COLOURS[card.suit]}">{number}</text>'
           + _sign(card.suit, 32, 90, 42))
    return one + f"<g{_TURN}>{one}</g>"


def _sota(suit: Suit) -> str:
    """The sota: a page standing, in a cap and tunic of the suit's colour, holding its sign."""
    ink = SUIT_COLOURS[suit]
    return (
        # legs and shoes
        '<path d="M102 212H116V280H102ZM124 212H138V280H124Z" style="fill:#3b3b3b"/>'
        '<ellipse cx="107" cy="284" rx="13" ry="6" style="fill:#222"/>'
        '<ellipse cx="133" cy="284" rx="13" ry="6" style="fill:#222"/>'
        # tunic, belt, the arm holding the sign
        f'<path d="M94 110H146L160 216H80Z" style="fill:{ink};stroke:#222;stroke-width:3"/>'
        f'<rect x="86" y="158" width="68" height="9" style="fill:{GOLD};stroke:#222;'
        f'stroke-width:2"/>'
        f'<path d="M146 118L166 170" style="stroke:{ink};stroke-width:14;stroke-linecap:round"/>'
        f'<path d="M94 118L82 180" style="stroke:{ink};stroke-width:14;stroke-linecap:round"/>'
        f'<circle cx="82" cy="184" r="8" style="fill:{SKIN};stroke:{SKIN_LINE};stroke-width:2"/>'
        # head and cap with a feather
        f'<circle cx="120" cy="84" r="21" style="fill:{SKIN};stroke:{SKIN_LINE};stroke-width:3"/>'
        f'<path d="M96 78C96 54 144 54 144 78Z" style="fill:{ink};stroke:#222;stroke-width:3"/>'
        f'<path d="M138 62C146 46 160 40 168 40C162 52 152 60 142 68Z" style="fill:{GOLD};'
        f'stroke:{GOLD_DARK};stroke-width:2"/>'
        + _sign(suit, 170, 190, 60))


def _caballo(suit: Suit) -> str:
    """The caballo: a rider in the suit's colour on a brown horse, its sign raised."""
    ink, horse, line = SUIT_COLOURS[suit], "#9a6236", "#4a2a12"
    legs = "".join(f'<rect x="{x}" y="226" width="12" height="60" rx="4" '
                   f'style="fill:{horse};stroke:{line};stroke-width:3"/>'
                   for x in (82, 102, 146, 166))
    return (
        legs
        # tail, body, neck and head (facing left), mane, eye
        + f'<path d="M186 200C206 210 210 244 200 262C194 240 188 226 178 216Z" '
          f'style="fill:{line}"/>'
        + f'<ellipse cx="126" cy="210" rx="64" ry="30" style="fill:{horse};stroke:{line};'
          f'stroke-width:3"/>'
        + f'<path d="M88 196L62 146L40 148L30 136L52 112L74 118L108 190Z" '
          f'style="fill:{horse};stroke:{line};stroke-width:3;stroke-linejoin:round"/>'
        + f'<path d="M74 118L100 170" style="stroke:{line};stroke-width:7;stroke-linecap:round"/>'
        + '<circle cx="54" cy="126" r="3.5" style="fill:#111"/>'
        # saddle cloth, the rider's leg, body, arm and head with a hat
        + f'<path d="M104 184H152L148 214H108Z" style="fill:{GOLD};stroke:{GOLD_DARK};'
          f'stroke-width:2"/>'
        + f'<path d="M116 186H130L128 240H114Z" style="fill:{ink};stroke:#222;stroke-width:3"/>'
        + f'<path d="M106 118H138L142 190H102Z" style="fill:{ink};stroke:#222;stroke-width:3"/>'
        + f'<path d="M136 126L160 104" style="stroke:{ink};stroke-width:13;stroke-linecap:round"/>'
        + f'<circle cx="122" cy="98" r="18" style="fill:{SKIN};stroke:{SKIN_LINE};'
          f'stroke-width:3"/>'
        + f'<path d="M100 92C102 70 142 70 144 92Z" style="fill:{ink};stroke:#222;'
          f'stroke-width:3"/>'
        + _sign(suit, 170, 80, 56))


def _rey(suit: Suit) -> str:
    """The rey: a crowned king with a beard, in a long robe of the suit's colour with an ermine
    collar, holding his sign."""
    ink = SUIT_COLOURS[suit]
    dots = "".join(f'<circle cx="{x}" cy="124" r="2.6" style="fill:#222"/>'
                   for x in (98, 112, 128, 142))
    return (
        f'<path d="M90 116H150L178 288H62Z" style="fill:{ink};stroke:#222;stroke-width:3"/>'
        f'<path d="M114 128H126V288H114Z" style="fill:{GOLD};stroke:{GOLD_DARK};stroke-width:2"/>'
        f'<rect x="86" y="114" width="68" height="20" rx="10" style="fill:#fff;stroke:#222;'
        f'stroke-width:3"/>' + dots
        + f'<path d="M150 132L172 176" style="stroke:{ink};stroke-width:14;stroke-linecap:round"/>'
        # head, beard, crown with three points and jewels
        + f'<circle cx="120" cy="88" r="22" style="fill:{SKIN};stroke:{SKIN_LINE};'
          f'stroke-width:3"/>'
        + '<path d="M99 90C100 122 140 122 141 90C134 102 106 102 99 90Z" '
          'style="fill:#6b4a2a;stroke:#3d2a16;stroke-width:2"/>'
        + f'<path d="M96 72L90 36L106 52L120 28L134 52L150 36L144 72Z" '
          f'style="fill:{GOLD};stroke:{GOLD_DARK};stroke-width:3;stroke-linejoin:round"/>'
        + "".join(f'<circle cx="{x}" cy="{y}" r="4.5" style="fill:#c62828"/>'
                  for x, y in ((106, 62), (120, 58), (134, 62)))
        + _sign(suit, 176, 196, 56))


#: The French description's Queen is Guiñote's sota, its Jack the caballo (RULES.md §4.1).
_COURT = {Rank.QUEEN: _sota, Rank.JACK: _caballo, Rank.KING: _rey}


def _face(card: Card) -> str:
    """Everything drawn on a face-up card, inside the 240 x 336 box."""
    if card.suit is None or card not in SPANISH_CARDS:
        raise ValueError(f"the Spanish pack has 40 cards (no 8s, 9s or 10s, no Joker), "
                         f"not {card.label}")
    if card.rank in _COURT:
        middle = _COURT[card.rank](card.suit)
    else:
        count = 1 if card.rank is Rank.ACE else int(card.rank)
        size = SIGN_SIZE[count]
        middle = "".join(_sign(card.suit, x, y, size) for x, y in LAYOUTS[count])
        if count == 1:
            middle = (f'<circle cx="120" cy="168" r="88" style="fill:none;'
                      f'stroke:{SUIT_COLOURS[card.suit]};stroke-width:2;stroke-opacity:.35"/>'
                      + middle)
    return _frame(card.suit) + middle + _index(card)


def _back() -> str:
    """The back: a dark red panel crossed by a lattice, a gold coin in the middle."""
    return (_frame(None)
            + f'<rect x="16" y="16" width="208" height="304" rx="10" style="fill:{BACK_RED}"/>'
            + f'<path d="{_lattice(16, 16, 224, 320, 26)}" '
              f'style="fill:none;stroke:{GOLD};stroke-opacity:.45;stroke-width:3"/>'
            + f'<rect x="26" y="26" width="188" height="284" rx="6" '
              f'style="fill:none;stroke:{GOLD};stroke-width:3"/>'
            + f'<circle cx="120" cy="168" r="38" style="fill:{BACK_RED};stroke:{GOLD};'
              f'stroke-width:4"/>'
            + _sign(Suit.DIAMONDS, 120, 168, 60))


def _signs() -> str:
    return "".join(f'<symbol id="cg-es-{suit.letter}" viewBox="0 0 100 100">{body}</symbol>'
                   for suit, body in SIGNS.items())


def sprite() -> str:
    """One hidden ``<svg>``: the four signs, a symbol for each of the 40 cards and the back."""
    faces = "".join(f'<symbol id="{face_id(card)}" viewBox="{VIEWBOX}">{_face(card)}</symbol>'
                    for card in SPANISH_CARDS)
    back = f'<symbol id="{face_id(None)}" viewBox="{VIEWBOX}">{_back()}</symbol>'
    return (f'<svg xmlns="{SVG_NS}" width="0" height="0" aria-hidden="true" '
            f'style="position:absolute;width:0;height:0;overflow:hidden">'
            f'{_signs()}{faces}{back}</svg>')


def _standalone(body: str, label: str, width: str, css_class: str) -> str:
    w, h = _size(width)
    return (f'<svg xmlns="{SVG_NS}" viewBox="{VIEWBOX}" width="{w}" height="{h}" role="img" '
            f'aria-label="{escape(label)}" class="{css_class}" '
            f'style="vertical-align:middle;flex:none"><defs>{_signs()}</defs>{body}</svg>')


def card_svg(card: "Card | str", *, width: str = "4.5em") -> str:
    """One face-up card of the Spanish pack as a standalone inline ``<svg>``, named in the pack's
    words (``aria-label="rey of copas"``)."""
    from .packs import SPANISH

    card = Card.parse(card)
    return _standalone(_face(card), SPANISH.name(card), width, "cg-card-svg")


def back_svg(*, width: str = "4.5em") -> str:
    """A face-down card of the Spanish pack as a standalone inline ``<svg>``."""
    return _standalone(_back(), "a face-down card", width, "cg-card-svg cg-back")
