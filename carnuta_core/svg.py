"""Pictures of Carnuta as SVG text: a card, a player's area, the market, the whole table.

Every function is pure: it reads a ``Card`` or a ``Game``, takes keyword-only options and
returns an SVG string; nothing is changed. Jupyter shows cards and games through their
``_repr_svg_``, which calls ``card_svg`` and ``table_svg``.

Whatever a UI may want to find carries a ``carnuta-*`` class and ``data-*`` attributes:

=====================  ================================================================
``carnuta-card``       ``data-card`` (id); ``data-where``: hand, market or discard; a
                       played card sits in its ``carnuta-column`` (a Salt: ``data-on``)
``carnuta-slot``       ``data-row`` (day/night), ``data-slot`` (1-4), ``data-empty``
``carnuta-deck``       ``data-row``, ``data-count``
``carnuta-discard``    ``data-count``
``carnuta-reserve``    ``data-face`` (sun/moon), ``data-count``
``carnuta-bonus``      ``data-ingredient``; ``data-where="market"`` or held: ``data-seat``
``carnuta-player``     ``data-seat``, ``data-current``, ``data-winner``
``carnuta-space``      ``data-space`` (1-6), ``data-state`` (sun, moon, empty, locked)
``carnuta-rune``       ``data-face`` (the same element as its space)
``carnuta-track``      ``data-counter``; ``carnuta-counter``: ``data-step``
``carnuta-sickle``     ``data-seat``
``carnuta-hand``       ``data-seat``
``carnuta-column``     ``data-ingredient``, ``data-count``, ``data-points``
``carnuta-score``      ``data-seat``, ``data-score``
``carnuta-status``     ``data-phase``; ``carnuta-table``: ``data-current``, ``data-round``
=====================  ================================================================

Text styles are CSS classes (``cn-*``) in each picture's ``<style>``; shapes are drawn
once in ``<defs>`` (ids ``cn-*``) and placed with ``<use>``, so a 4-player table stays
under 60 KB.

>>> from .cards import Card
>>> card_svg(Card.parse("N07,night,normal,mushroom,flip moon,2 per berry")).startswith("<svg")
True
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, NamedTuple
from xml.sax.saxutils import escape

from tabletop.svg_text import SvgWriter

from .cards import Card, CostIcon, Flat, NoPoints, Pay, PerIngredient, PerSet, Scoring
from .messages import card_label
from .model import INGREDIENTS, Face, Ingredient, Kind, Origin, Row
from .scoring import ingredient_counts
from .vocabulary import WORDS, check_lang

if TYPE_CHECKING:
    from .game import Game, PlayerView

__all__ = [
    "COLOURS",
    "FIT_WIDTHS",
    "SMALLEST_TEXT",
    "WORDS",
    "Box",
    "Layout",
    "card_svg",
    "cost_boxes",
    "deck_name",
    "fit_market_svg",
    "fit_player_svg",
    "hand_boxes",
    "market_svg",
    "player_svg",
    "slot_box",
    "strip_boxes",
    "table_svg",
    "token_box",
]

COLOURS: dict[str, str] = {
    "day": "#f6e3a1",
    "day-edge": "#c4961e",
    "day-ink": "#4a3a0c",
    "night": "#24396b",
    "night-edge": "#0f1b3b",
    "night-ink": "#eef1fb",
    "start": "#e7e2d4",
    "start-edge": "#8a826f",
    "start-ink": "#3a352a",
    "medallion": "#fffaf0",
    "outline": "#3b3324",
    "sun": "#f7c325",
    "sun-edge": "#b97f00",
    "moon": "#d3d9e3",
    "moon-edge": "#66738a",
    "moon-shade": "#7f8ca6",
    "flip": "#2c6db5",
    "return": "#c0392b",
    "lock": "#8a8a8a",
    "sickle": "#c9ced6",
    "wood": "#8b5a2b",
    "token": "#fdf3d7",
    "clover": "#3f9b3a",
    "flower": "#e0569b",
    "egg": "#f1dba4",
    "egg-edge": "#8a6d2f",
    "honey": "#eba21d",
    "skull": "#e6e1d4",
    "butterfly": "#6d5bd8",
    "berry": "#b3245b",
    "mushroom": "#cd4329",
    "salt": "#ffffff",
    "salt-grain": "#8d99ac",
    "honey-light": "#f7cf6b",
    "light": "#ffffff",
    "felt": "#f1ede3",
    "panel": "#fffdf8",
    "ink": "#262320",
    "muted": "#6b665c",
    "faint": "#e4dfd3",
    # Dark enough for white text on it and for a 3:1 glow on the felt (WCAG 1.4.3, 1.4.11).
    "current": "#c24e00",
    "winner": "#d4a017",
    # The winner's gold as text on a light panel.
    "winner-ink": "#7d5c00",
    # The current player's orange as text on a light ground.
    "current-ink": "#a34300",
    "status": "#2e2a24",
}

# Text styles, by class (``cn-<name>``): font size and the rest of the CSS. Classes keep a
# 4-player table small; the size is also used to guess whether a text fits. No text is
# smaller than 10 units: the widgets never draw a picture below its own size, so every word
# on the table reads at 10 px or more (``tests/test_browser.py`` measures it).
TEXT_STYLES: dict[str, tuple[float, str]] = {
    "id": (10, "text-anchor:end"),
    "origin": (10, "font-style:italic"),
    "name": (11, "font-weight:bold;text-anchor:middle"),
    "per": (10, "font-weight:bold;text-anchor:middle"),
    "names": (10, "text-anchor:middle"),
    "wild": (10, "text-anchor:middle"),
    "big": (24, "font-weight:bold;text-anchor:middle"),
    "plus": (22, "font-weight:bold;text-anchor:middle"),
    "double": (10, "font-weight:bold;text-anchor:middle"),
    "caption": (10, "text-anchor:middle"),
    "sid": (10, "text-anchor:end"),
    "spts": (12, "font-weight:bold"),
    "sbold": (10, "font-weight:bold"),
    "head": (10, ""),
    "small": (10, f"fill:{COLOURS['muted']}"),
    "points": (10, "font-weight:bold;text-anchor:end"),
    "step": (10, "text-anchor:middle"),
    "label": (10, f"fill:{COLOURS['muted']}"),
    "title": (12, "font-weight:bold"),
    "score": (12, "font-weight:bold;text-anchor:end"),
    "tag": (11, "font-weight:bold;text-anchor:end"),
    "row": (11, "font-weight:bold"),
    "slot": (10, f"text-anchor:middle;fill:{COLOURS['muted']}"),
    "count": (14, "font-weight:bold"),
    "status": (12, "font-weight:bold"),
    "deck": (10, "text-anchor:end"),
}

#: A card, drawn full (market, hand, discard): its size in picture units.
CARD_W = 84
CARD_H = 120
LABEL_H = 14
#: Cost icons: a rune ``ICON`` wide, its pay badge overhanging to ``ICON_W``; at most
#: ``ICONS_PER_ROW`` beside the card's id, the rest in a second row under the first.
ICON = 14
ICON_W = 16.5
ICON_STEP = 16
ICONS_PER_ROW = 3
#: The player area and the market are the same width, so they are drawn at the same scale.
PLAYER_W = 800
PAD = 8
GAP = 8
BOARD_W = 200
#: The height of a player's board: runes, counter track, Sickles and bonus tokens.
BOARD_H = 106
#: Ingredient columns: eight across the player area, a played card as a band in its column.
COLUMN_W = (PLAYER_W - 2 * PAD) / 8
STRIP_W = COLUMN_W - 4
STRIP_H = 20
STRIP_STEP = STRIP_H + 1
HAND_X = PAD + BOARD_W + 16
HAND_Y = 28
HAND_GAP = 6
FONT = "DejaVu Sans,Verdana,Arial,sans-serif"
GLYPH_BOX = "-10 -10 20 20"
#: The medallion that holds a card's ingredient.
MEDAL_X = CARD_W / 2
MEDAL_Y = 42
FACES = tuple(face.value for face in Face)


class Box(NamedTuple):
    """A rectangle in a picture's own units (its ``viewBox``): where a part is drawn."""

    x: float
    y: float
    w: float
    h: float


# ------------------------------------------------------------ SVG text helpers
#: How Carnuta's pictures write SVG: ``cn-*`` text classes, numbers to one decimal.
_SVG = SvgWriter(TEXT_STYLES, class_prefix="cn-", decimals=1)
_num, _attrs, _el, _width, _text, _move, _g = (
    _SVG.number,
    _SVG.attributes,
    _SVG.element,
    _SVG.text_width,
    _SVG.text,
    _SVG.move,
    _SVG.group,
)


def _title(words: str) -> str:
    return _el("title", escape(words))


def _use(symbol: str, x: float, y: float, size: float, **attrs: object) -> str:
    """A glyph from ``_glyphs``, ``size`` wide and high, its corner at ``x``, ``y``."""
    return _el(
        "use", href=f"#cn-{symbol}", x=x or None, y=y or None, width=size, height=size, **attrs
    )


def _place(shape: str, x: float = 0, y: float = 0, **attrs: object) -> str:
    """A fixed-size shape from ``_shapes`` at ``x``, ``y``."""
    return _el("use", href=f"#cn-{shape}", x=x or None, y=y or None, **attrs)


def _words(lang: str) -> dict[str, str]:
    return WORDS[check_lang(lang)]


# ------------------------------------------------------------------ symbols
def _ring(count: int, radius: float, start: float = 0) -> list[tuple[float, float]]:
    angles = (math.radians(start + k * 360 / count) for k in range(count))
    return [(radius * math.cos(a), radius * math.sin(a)) for a in angles]


def _hexagon(r: float) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in _ring(6, r, 30))


def _circles(centres: list[tuple[float, float]], r: float, **attrs: object) -> str:
    return _el("g", "".join(_el("circle", cx=x, cy=y, r=r) for x, y in centres), **attrs)


def _glyphs() -> dict[str, str]:
    """Ingredient, rune and token shapes, each in a -10..10 box."""
    c = COLOURS
    line = {"class_": "cn-line"}
    rays = "".join(
        f"M{_num(6.8 * x)} {_num(6.8 * y)}L{_num(9.6 * x)} {_num(9.6 * y)}" for x, y in _ring(8, 1)
    )
    token = _el(
        "polygon", points=_hexagon(9.5), fill=c["token"], stroke=c["winner"], stroke_width=1.4
    )
    return {
        "clover": _circles([(0, -4.6), (-4.3, 1.8), (4.3, 1.8)], 4.4, fill=c["clover"], **line)
        + _el("path", d="M0 3Q1 7 4 9.5", fill="none", stroke=c["outline"], stroke_width=1.6),
        "flower": _circles(_ring(5, 5.2, -90), 3.8, fill=c["flower"], **line)
        + _el("circle", r=2.9, fill=c["honey"], **line),
        # A tan egg with a dark rim and a highlight: it must show on the light medallion.
        "egg": _el(
            "path",
            d="M0-9C5-9 7.5 0 7.2 3.6 6.8 7.6 3.6 9.5 0 9.5S-6.8 7.6-7.2 3.6C-7.5 0-5-9 0-9Z",
            fill=c["egg"],
            stroke=c["egg-edge"],
            stroke_width=1.4,
        )
        + _el("ellipse", cx=-2.6, cy=-3.2, rx=1.8, ry=3, fill=c["light"], opacity=0.8),
        "honey": _el("polygon", points=_hexagon(9), fill=c["honey"], **line)
        + _el("polygon", points=_hexagon(4.5), fill=c["honey-light"], **line),
        "skull": _el(
            "path",
            d="M-7.5-2A7.5 7.5 0 1 1 7.5-2C7.5 1.5 6 2.6 4.5 3.2V8.5H-4.5V3.2C-6 2.6-7.5 1.5-7.5-2Z",
            fill=c["skull"],
            **line,
        )
        + _circles([(-3.1, -1.6), (3.1, -1.6)], 2.2, fill=c["outline"])
        + _el("path", d="M0 1.5L-1.2 3.6H1.2Z", fill=c["outline"]),
        "butterfly": _el(
            "path",
            d="M0-1C-3-10-9.5-9-9.2-4-9-1-5 0 0-1ZM0-1C3-10 9.5-9 9.2-4 9-1 5 0 0-1Z"
            "M0 1C-4 0-7.5 3-6.5 6.5-5.5 9-1.5 8 0 1ZM0 1C4 0 7.5 3 6.5 6.5 5.5 9 1.5 8 0 1Z",
            fill=c["butterfly"],
            **line,
        )
        + _el("path", d="M0-6V8", stroke=c["outline"], stroke_width=2.2, stroke_linecap="round"),
        "berry": _el(
            "path",
            d="M0-5.5C-3-10-6-8-7.5-8-5.5-6-3-5.5 0-5.5ZM0-5.5C3-10 6-8 7.5-8 5.5-6 3-5.5 0-5.5Z",
            fill=c["clover"],
            **line,
        )
        + _circles(
            [(-3.4, -1.8), (3.4, -1.8), (0, 1.8), (-3.4, 5.2), (3.4, 5.2)],
            3.6,
            fill=c["berry"],
            **line,
        ),
        "mushroom": _el("path", d="M-3.5 1H3.5L4.5 9.5H-4.5Z", fill=c["egg"], **line)
        + _el("path", d="M-9.5 1.5C-9.5-6-4-9.5 0-9.5S9.5-6 9.5 1.5Z", fill=c["mushroom"], **line)
        + _circles([(-4.5, -2.5), (1, -6), (4.8, -1.8)], 1.5, fill=c["light"]),
        "salt": _el("path", d="M-9.5 8.5Q-6-6 0-7.5 6-6 9.5 8.5Z", fill=c["salt"], **line)
        + _circles([(-3, 0), (3, 3), (0, 5.5), (1, -3)], 1.1, fill=c["salt-grain"]),
        "sun": _el("path", d=rays, stroke=c["sun-edge"], stroke_width=1.8, stroke_linecap="round")
        + _el("circle", r=5.8, fill=c["sun"], stroke=c["sun-edge"], stroke_width=1.2),
        "moon": _el("circle", r=9, fill=c["moon"], stroke=c["moon-edge"], stroke_width=1.2)
        + _el(
            "path", d="M2.5-6.5A6.8 6.8 0 1 0 2.5 6.5 5.6 5.6 0 0 1 2.5-6.5Z", fill=c["moon-shade"]
        ),
        "flip": _el("circle", r=9.5, fill=c["flip"], stroke=c["light"])
        + _el(
            "path", d="M5.5 0A5.5 5.5 0 1 1 0-5.5", fill="none", stroke=c["light"], stroke_width=2.2
        )
        + _el("path", d="M-0.5-9.5L4-5.5-0.5-1.5Z", fill=c["light"]),
        "return": _el("circle", r=9.5, fill=c["return"], stroke=c["light"])
        + _el("path", d="M0-6.5V1.5M-5.5 6.5H5.5", stroke=c["light"], stroke_width=2.2)
        + _el("path", d="M-4.2 0H4.2L0 4.6Z", fill=c["light"]),
        "padlock": _el(
            "path",
            d="M-4.5-1V-4.5A4.5 4.5 0 0 1 4.5-4.5V-1",
            fill="none",
            stroke=c["lock"],
            stroke_width=2.4,
        )
        + _el("rect", x=-7, y=-1.5, width=14, height=10.5, rx=2, fill=c["lock"])
        + _el("circle", cy=3, r=1.8, fill=c["ink"]),
        "sickle": _el("path", d="M-3 5C-10-3-2-11 8-7 1-7-4-2 0 5Z", fill=c["sickle"], **line)
        + _el("path", d="M-1.5 5L-6 10", stroke=c["wood"], stroke_width=3, stroke_linecap="round"),
        "token": token,
        "plus": token + _el("path", d="M-5 0H5M0-5V5", stroke=c["ink"], stroke_width=2.4),
    }


def _shapes() -> dict[str, str]:
    """Shapes always drawn at one size, in their own units: placed with a bare ``<use>``."""
    c = COLOURS
    shapes = {}
    space = _el(
        "circle", cx=12, cy=12, r=11.4, fill=c["faint"], stroke=c["muted"], stroke_width=0.8
    )
    shapes["space-sun"] = space + _use("sun", 2, 2, 20)
    shapes["space-moon"] = space + _use("moon", 2, 2, 20)
    shapes["space-locked"] = space + _use("padlock", 5, 5, 14)
    shapes["space-empty"] = _el(
        "circle",
        cx=12,
        cy=12,
        r=11.4,
        fill="none",
        stroke=c["muted"],
        stroke_width=0.8,
        stroke_dasharray="2.4 2",
    )
    for pay in Pay:
        for face in Face:
            shapes[f"{pay.value}-{face.value}"] = _use(face.value, 0, 0, ICON) + _use(
                pay.value, ICON - 5.5, ICON - 5.5, ICON_W - ICON + 5.5
            )
    for origin in Origin:
        fill, edge = c[origin.value], c[f"{origin.value}-edge"]
        shapes[f"card-{origin.value}"] = (
            _el(
                "rect",
                x=0.75,
                y=0.75,
                width=CARD_W - 1.5,
                height=CARD_H - 1.5,
                rx=6,
                fill=fill,
                stroke=edge,
                stroke_width=1.5,
            )
            + _el("circle", cx=MEDAL_X, cy=MEDAL_Y, r=18, fill=c["medallion"], stroke=edge)
            + _el("path", d=f"M8 76H{CARD_W - 8}", stroke=edge, stroke_width=0.8)
        )
        shapes[f"strip-{origin.value}"] = _el(
            "rect",
            x=0.5,
            y=0.5,
            width=STRIP_W - 1,
            height=STRIP_H - 1,
            rx=2.5,
            fill=fill,
            stroke=edge,
        )
    return shapes


def _symbols() -> dict[str, tuple[str | None, str]]:
    """Everything drawn once in ``<defs>``: name -> (viewBox of a scalable glyph, or None for
    a fixed-size shape; its SVG)."""
    symbols: dict[str, tuple[str | None, str]] = {
        name: (GLYPH_BOX, shape) for name, shape in _glyphs().items()
    }
    symbols.update((name, (None, shape)) for name, shape in _shapes().items())
    return symbols


_SYMBOLS = _symbols()
_USED_SYMBOL = re.compile(r'href="#cn-([a-z-]+)"')
_USED_STYLE = re.compile(r'class="[^"]*?\bcn-([a-z]+)')


def _css(name: str) -> str:
    if name in TEXT_STYLES:
        size, rest = TEXT_STYLES[name]
        rule = f"font-size:{_num(float(size))}px;{rest}"
    elif name == "line":
        rule = f"stroke:{COLOURS['outline']};stroke-width:.8"
    else:  # a card's origin: the colour of the words on it
        rule = f"fill:{COLOURS[name + '-ink']}"
    return f".carnuta-svg .cn-{name}{{{rule}}}"


def _def(name: str) -> str:
    view, shape = _SYMBOLS[name]
    if view is None:
        return _el("g", shape, id=f"cn-{name}")
    return _el("symbol", shape, id=f"cn-{name}", viewBox=view)


def _head(body: str) -> str:
    """The ``<style>`` and ``<defs>`` that ``body`` needs, and no more: a lone card stays small."""
    wanted = set(_USED_SYMBOL.findall(body))
    for name in list(wanted):
        wanted.update(_USED_SYMBOL.findall(_SYMBOLS[name][1]))
    symbols = "".join(_def(name) for name in sorted(wanted))
    css = "".join(_css(name) for name in sorted(set(_USED_STYLE.findall(body + symbols))))
    return _el("style", css) + _el("defs", symbols)


def _root(
    body: str,
    width: float,
    height: float,
    view: tuple[float, float] | None = None,
    *,
    summary: str | None = None,
    head: bool = True,
) -> str:
    """The ``<svg>`` element; with a ``summary``, a picture a screen reader reads as that
    sentence (``role="img"``) rather than as a stream of numbers; without its ``head``, a
    picture that uses the styles and shapes of another on the same page."""
    view_w, view_h = view or (width, height)
    return _el(
        "svg",
        (_head(body) if head else "") + body,
        xmlns="http://www.w3.org/2000/svg",
        width=width,
        height=height,
        viewBox=f"0 0 {_num(view_w)} {_num(view_h)}",
        class_="carnuta-svg",
        font_family=FONT,
        fill=COLOURS["ink"],
        role="img" if summary else None,
        aria_label=summary,
    )


#: How a picture is told in words (``role="img"``, ``aria-label``), by language.
SUMMARY: dict[str, dict[str, str]] = {
    "en": {
        "runes": "runes: Suns {suns}, Moons {moons}, empty {empty}, locked {locked}",
        "counter": "counter: {n} of {top} cards played",
        "sickles": "Sickles: {n}",
        "tokens": "bonus tokens: {names}",
        "hand": "hand ({n}): {cards}",
        "columns": "columns: {columns}",
        "row": "{row} row: {cards}, {row} deck: {n} cards",
        "discard": "discard: {n} cards",
        "top": "top {card}",
        "reserve": "reserve: Suns {suns}, Moons {moons}",
        "market": "Market",
        "none": "none",
        "no_cards": "no cards",
        "sep": "; ",
    },
    "fr": {
        "runes": "runes : Soleils {suns}, Lunes {moons}, vides {empty}, sous Cadenas {locked}",
        "counter": "compteur : {n} sur {top} cartes posées",
        "sickles": "Serpes : {n}",
        "tokens": "jetons bonus : {names}",
        "hand": "main ({n}) : {cards}",
        "columns": "colonnes : {columns}",
        "row": "rangée {row} : {cards}, pioche {row} : {n} cartes",
        "discard": "défausse : {n} cartes",
        "top": "dessus {card}",
        "reserve": "réserve : Soleils {suns}, Lunes {moons}",
        "market": "Marché",
        "none": "aucun",
        "no_cards": "aucune carte",
        "sep": " ; ",
    },
}


# -------------------------------------------------------------------- cards
def _name(card: Card, w: dict[str, str]) -> str:
    return w["salt"] if card.ingredient is None else w[card.ingredient.value]


def _pattern(scoring: Scoring, x: float, y: float, size: float) -> tuple[str, float]:
    """The ingredients a card scores for as glyphs; a set is boxed. Returns (svg, width)."""
    if not isinstance(scoring, PerIngredient | PerSet):
        return "", 0.0
    step = size + 2
    shown = scoring.ingredients
    width = len(shown) * step
    if isinstance(scoring, PerSet):
        back = _el(
            "rect",
            x=x - 1,
            y=y - 2,
            width=width + 2,
            height=size + 4,
            rx=3,
            fill=COLOURS["medallion"],
            stroke=COLOURS["outline"],
        )
    else:
        centres = [(x + 1 + k * step + size / 2, y + size / 2) for k in range(len(shown))]
        back = _circles(centres, size / 2 + 1.5, fill=COLOURS["medallion"])
    glyphs = "".join(_use(i.value, x + 1 + k * step, y, size) for k, i in enumerate(shown))
    return back + glyphs, width


def cost_boxes(count: int) -> list[Box]:
    """Where a card's ``count`` cost icons sit: up to three in a row beside the id, the rest
    in a second row under the first, clear of the id and the medallion."""
    return [
        Box(3 + (k % ICONS_PER_ROW) * ICON_STEP, 3 + (k // ICONS_PER_ROW) * 17, ICON_W, ICON_W)
        for k in range(count)
    ]


def _cost(cost: tuple[CostIcon, ...]) -> str:
    return "".join(
        _place(f"{icon.pay.value}-{icon.face.value}", box.x, box.y)
        for icon, box in zip(cost, cost_boxes(len(cost)), strict=True)
    )


def _names(scoring: PerIngredient | PerSet, w: dict[str, str]) -> str:
    """The ingredients a card counts, each named once (the glyphs show how many)."""
    return " ".join(w[i.value].lower() for i in dict.fromkeys(scoring.ingredients))


def _card_points(scoring: Scoring, w: dict[str, str]) -> str:
    room = CARD_W - 8
    if isinstance(scoring, Flat):
        return _text(MEDAL_X, 108, str(scoring.points), "big")
    if isinstance(scoring, NoPoints):
        return _text(MEDAL_X, 99, "+1", "plus") + _text(MEDAL_X, 115, w["wild"], "wild", room)
    per = w["per_set"] if isinstance(scoring, PerSet) else w["per"]
    count = len(scoring.ingredients)
    size = 12 if count <= 4 else 60 / count - 2
    glyphs, _ = _pattern(scoring, MEDAL_X - count * (size + 2) / 2, 93, size)
    return (
        _text(MEDAL_X, 89, f"{scoring.points} {per}", "per", room)
        + glyphs
        + _text(MEDAL_X, 116, _names(scoring, w), "names", room)
    )


def _card_face(card: Card, w: dict[str, str]) -> str:
    """The inside of a full card, in a CARD_W x CARD_H box."""
    glyph = card.ingredient.value if card.ingredient else "salt"
    beside = min(len(card.cost), ICONS_PER_ROW)
    parts = [
        _place(f"card-{card.origin.value}"),
        _cost(card.cost),
        # Right of the first row of cost icons; squeezed if the id is long.
        _text(CARD_W - 3, 13, card.id, "id", CARD_W - 8 - beside * ICON_STEP - ICON_W + ICON),
        _use(glyph, MEDAL_X - 14, MEDAL_Y - 14, 28),
    ]
    if card.origin is Origin.START:
        parts.append(_text(4, 13, w["start"], "origin", CARD_W - 34))
    if card.kind is Kind.DOUBLE:
        parts.append(_el("circle", cx=CARD_W - 14, cy=32, r=9.5, fill=COLOURS["current"]))
        parts.append(_text(CARD_W - 14, 35.5, "×2", "double", fill=COLOURS["light"]))
    parts.append(_text(MEDAL_X, 71, _name(card, w), "name", CARD_W - 8))
    parts.append(_card_points(card.scoring, w))
    return "".join(parts)


def _card(
    card: Card,
    w: dict[str, str],
    *,
    x: float = 0,
    y: float = 0,
    scale: float = 1,
    highlight: bool = False,
    dimmed: bool = False,
    label: str | None = None,
    title: bool = False,
    lang: str = "en",
    **attrs: object,
) -> str:
    parts = [_title(card_label(card, lang))] if title else []
    parts.append(_card_face(card, w))
    if highlight:
        parts.append(
            _el(
                "rect",
                x=-2,
                y=-2,
                width=CARD_W + 4,
                height=CARD_H + 4,
                rx=8,
                fill="none",
                stroke=COLOURS["current"],
                stroke_width=3,
            )
        )
    if label is not None:
        parts.append(
            _text(
                CARD_W / 2,
                CARD_H + 11,
                label,
                "caption",
                CARD_W,
                fill=COLOURS["ink"],
                class_="carnuta-label",
            )
        )
    return _el(
        "g",
        "".join(parts),
        transform=_move(x, y, scale),
        class_=f"carnuta-card cn-{card.origin.value}" + (" carnuta-highlight" if highlight else ""),
        data_card=card.id,
        opacity=0.4 if dimmed else None,
        **attrs,
    )


def card_svg(
    card: Card,
    *,
    width: float = 108,
    highlight: bool = False,
    dimmed: bool = False,
    label: str | None = None,
    lang: str = "en",
) -> str:
    """One card, ``width`` pixels wide: its cost runes, ingredient, points and id.

    ``highlight`` rings it, ``dimmed`` fades it, ``label`` is a caption under it.
    """
    w = _words(lang)
    # A 3-unit margin leaves room for the highlight ring around the card.
    body = _card(
        card,
        w,
        x=3,
        y=3,
        highlight=highlight,
        dimmed=dimmed,
        label=label,
        title=True,
        lang=lang,
    )
    view = (CARD_W + 6, CARD_H + 6 + (LABEL_H if label is not None else 0))
    return _root(body, width, width * view[1] / view[0], view)


def _strip(card: Card, w: dict[str, str], x: float, lang: str, **attrs: object) -> str:
    """A played card as the band left showing in its column: its points and their pattern."""
    id_room = min(_width(card.id, "sid"), 30)
    parts = [
        _title(card_label(card, lang)),
        _place(f"strip-{card.origin.value}"),
        _text(STRIP_W - 3, 14, card.id, "sid", id_room),
    ]
    right = STRIP_W - 7 - id_room
    scoring = card.scoring
    if isinstance(scoring, NoPoints):
        parts.append(_use("salt", 3, 4, 12) + _text(18, 14, w["salt"], "sbold", right - 18))
    else:
        points = str(scoring.points)
        left = 6 + _width(points, "spts")
        parts.append(_text(3, 14.5, points, "spts"))
        if card.kind is Kind.DOUBLE:
            right -= 17
            parts.append(_text(right + 2, 14, "×2", "sbold", fill=COLOURS["current"]))
        if isinstance(scoring, PerIngredient | PerSet):
            # The glyphs shrink rather than run into the id.
            size = min(12.0, (right - left) / len(scoring.ingredients) - 2)
            parts.append(_pattern(scoring, left, (STRIP_H - size) / 2, size)[0])
    return _el(
        "g",
        "".join(parts),
        transform=_move(x, 0),
        class_=f"carnuta-card cn-{card.origin.value}",
        data_card=card.id,
        **attrs,
    )


# ---------------------------------------------------------------- player area
# Two bands: the board and the hand on top, the eight ingredient columns below.
COLUMNS_Y = 8
COLUMN_HEAD = 32


def hand_boxes(
    count: int, *, left: float = HAND_X, top: float = HAND_Y, right: float = PLAYER_W - PAD
) -> list[Box]:
    """Where each of ``count`` hand cards is drawn in a player's picture: side by side from
    ``left`` to ``right``, in as many rows as needed, never overlapping."""
    per_row = max(1, int((right - left + HAND_GAP) // (CARD_W + HAND_GAP)))
    return [
        Box(
            left + (k % per_row) * (CARD_W + HAND_GAP),
            top + (k // per_row) * (CARD_H + HAND_GAP),
            CARD_W,
            CARD_H,
        )
        for k in range(count)
    ]


def _band_height(view: PlayerView) -> float:
    """The height of the top band: the board, or the hand's rows of cards."""
    last = hand_boxes(max(1, len(view.hand)))[-1]
    return max(136.0, last.y + last.h) + GAP


def strip_boxes(view: PlayerView) -> dict[str, Box]:
    """Each played card's band in its ingredient column (a Salt a little to the right), in a
    player's picture."""
    top = _band_height(view) + COLUMNS_Y + COLUMN_HEAD
    columns = view.columns()
    boxes = {}
    for k, ingredient in enumerate(INGREDIENTS):
        for j, card in enumerate(columns[ingredient]):
            x = PAD + k * COLUMN_W + (3 if card.is_salt else 0)
            boxes[card.id] = Box(x, top + j * STRIP_STEP, STRIP_W, STRIP_H)
    return boxes


def _column_boxes(view: PlayerView) -> list[Box]:
    """Each ingredient's column (its head and its played cards) in a player's picture."""
    top = _band_height(view) + COLUMNS_Y
    columns = view.columns()
    return [
        Box(PAD + k * COLUMN_W, top, COLUMN_W, COLUMN_HEAD + len(columns[i]) * STRIP_STEP)
        for k, i in enumerate(INGREDIENTS)
    ]


def _spaces(view: PlayerView, w: dict[str, str]) -> str:
    states = [Face.SUN.value] * view.suns + [Face.MOON.value] * view.moons
    states += ["empty"] * view.empty_spaces + ["locked"] * view.locked_spaces
    return "".join(
        _el(
            "use",
            _title(w["padlock" if state == "locked" else state]),
            href=f"#cn-space-{state}",
            x=k * 28 or None,
            class_="carnuta-space" + (" carnuta-rune" if state in FACES else ""),
            data_space=k + 1,
            data_state=state,
            data_face=state if state in FACES else None,
        )
        for k, state in enumerate(states)
    )


def _track(view: PlayerView, game: Game) -> str:
    """The counter track; Padlocks and bonus tokens under the spaces that give them."""
    rules = game.rules
    top, here = rules.counter_max, view.counter
    cell = BOARD_W / top
    grid = f"M0 0H{BOARD_W}V16H0Z" + "".join(f"M{_num(s * cell)} 0v16" for s in range(1, top))
    parts = [
        _el("rect", width=BOARD_W, height=16, fill=COLOURS["panel"]),
        _el("rect", width=(here - 1) * cell, height=16, fill=COLOURS["faint"]) if here > 1 else "",
        _el("path", d=grid, fill="none", stroke=COLOURS["muted"], stroke_width=0.6),
        _el(
            "rect",
            x=(here - 1) * cell,
            width=cell,
            height=16,
            fill=COLOURS["ink"],
            class_="carnuta-counter",
            data_step=here,
        ),
    ]
    numbers = "".join(
        _el("tspan", str(s), x=(s - 0.5) * cell, fill=COLOURS["light"] if s == here else None)
        for s in range(1, top + 1)
    )
    parts.append(_el("text", numbers, y=12, class_="cn-step"))
    parts.extend(_use("padlock", (s - 0.5) * cell - 5.5, 18, 11) for s in rules.unlock_levels)
    parts.extend(_use("plus", (s - 0.5) * cell - 5.5, 18, 11) for s in rules.bonus_levels)
    return _g("".join(parts), class_="carnuta-track", data_counter=here)


def _token(
    ingredient: Ingredient, x: float, y: float, size: float, w: dict[str, str], **attrs: object
) -> str:
    inner = (
        _title(f"{w['bonus']}{w['colon']} {w[ingredient.value]}")
        + _use("token", x, y, size)
        + _use(ingredient.value, x + size * 0.2, y + size * 0.2, size * 0.6)
    )
    return _el("g", inner, class_="carnuta-bonus", data_ingredient=ingredient.value, **attrs)


def _board(game: Game, view: PlayerView, w: dict[str, str]) -> str:
    parts = [
        _spaces(view, w),
        _g(_track(view, game), y=32),
        _text(0, 78, w["sickle"], "small", 80),
        _text(92, 78, w["bonus"], "small", BOARD_W - 92),
    ]
    parts.extend(
        _use("sickle", k * 20, 82, 18, class_="carnuta-sickle", data_seat=view.seat)
        for k in range(view.sickles)
    )
    parts.extend(
        _token(ingredient, 92 + k * 22, 82, 20, w, data_seat=view.seat)
        for k, ingredient in enumerate(view.bonus_tokens)
    )
    return "".join(parts)


def _hand(view: PlayerView, w: dict[str, str], lang: str, boxes: list[Box], at: Box) -> str:
    """The hand's cards drawn in ``boxes``; no card: an empty place at ``at``."""
    cards = "".join(
        _card(card, w, x=box.x, y=box.y, title=True, lang=lang, data_where="hand")
        for card, box in zip(view.hand, boxes, strict=True)
    )
    if not cards:
        cards = _el(
            "rect",
            x=at.x,
            y=at.y,
            width=CARD_W,
            height=CARD_H,
            rx=6,
            fill="none",
            stroke=COLOURS["muted"],
            stroke_dasharray="4 3",
        )
    return _g(cards, class_="carnuta-hand", data_seat=view.seat)


def _columns(game: Game, view: PlayerView, w: dict[str, str], lang: str) -> list[str]:
    """Each ingredient's column, drawn where it sits in the wide picture, from its corner."""
    columns = view.columns()
    counts = ingredient_counts(view.played, dict(view.salt_on), view.bonus_tokens)
    pad = dict(game.score_pad(view.seat).rows)
    targets = dict(view.salt_on)
    parts = []
    for k, ingredient in enumerate(INGREDIENTS):
        count, x = counts[ingredient], k * COLUMN_W
        head = _use(ingredient.value, x, 0, 14) + _text(
            x + 17, 11.5, w[ingredient.value], "head", STRIP_W - 17
        )
        if count:
            head += _text(x, 26, f"×{count}", "small")
            head += _text(x + STRIP_W, 26, f"{pad[ingredient]} {w['points']}", "points")
        strips = "".join(
            # A Salt sits on its target card, a little offset, as on the table.
            _g(
                _strip(card, w, x + (3 if card.is_salt else 0), lang, data_on=targets.get(card.id)),
                y=COLUMN_HEAD + j * STRIP_STEP,
            )
            for j, card in enumerate(columns[ingredient])
        )
        parts.append(
            _g(
                head + strips,
                class_="carnuta-column",
                data_ingredient=ingredient.value,
                data_count=count,
                data_points=pad[ingredient],
                opacity=None if count else 0.5,
            )
        )
    return parts


def _player_height(view: PlayerView) -> float:
    tallest = max(1, *(len(cards) for cards in view.columns().values()))
    return _band_height(view) + COLUMNS_Y + COLUMN_HEAD + tallest * STRIP_STEP + PAD


def _player(
    game: Game, seat: int, w: dict[str, str], lang: str, width: float = PLAYER_W
) -> tuple[str, float, tuple[tuple[Box, Box], ...]]:
    """A player's area ``width`` units wide; narrower than ``PLAYER_W``, its parts go one under
    the other: the score under the name, the board, the hand, the columns in rows. Returns the
    picture, its height and where each moved part of the wide picture went (``Layout``)."""
    view = game.player(seat)
    current = not game.is_over and seat == game.current_player
    winner = game.is_over and seat in game.winners()
    edge = COLOURS["current"] if current else COLOURS["winner"] if winner else COLOURS["faint"]
    tag_ink = COLOURS["current-ink"] if current else COLOURS["winner-ink"]
    score = game.score_pad(seat).total
    title = f"{w['player']} {seat + 1}" + (f" · {w['ancestor']}" if seat == 0 else "")
    tag = w["to_play"] if current else w["winner"] if winner else ""
    score_text = f"{w['score']} {score}"
    hand_label = f"{w['hand']} ({len(view.hand)})"
    wide_hand = hand_boxes(len(view.hand))
    columns = _columns(game, view, w, lang)
    if width == PLAYER_W:
        height, score_y, title_room = _player_height(view), 20.0, HAND_X - PAD - 8.0
        board_y, hand, empty = 30.0, wide_hand, Box(HAND_X, HAND_Y, CARD_W, CARD_H)
        label = _text(HAND_X, 20, hand_label, "label")
        moves: tuple[tuple[Box, Box], ...] = ()
        placed = _g("".join(columns), x=PAD, y=_band_height(view) + COLUMNS_Y)
    else:
        score_y, title_room, board_y = 40.0, width - 2 * PAD, 50.0
        label_y = board_y + BOARD_H + 14
        hand = hand_boxes(len(view.hand), left=PAD, top=label_y + 6, right=width - PAD)
        empty = Box(PAD, label_y + 6, CARD_W, CARD_H)
        label = _text(PAD, label_y, hand_label, "label")
        last = hand[-1] if hand else empty
        wide_columns = _column_boxes(view)
        here = _flow(wide_columns, width, last.y + last.h + GAP + COLUMNS_Y, COLUMN_W, 0, GAP)
        placed = "".join(
            _g(column, x=at.x - was.x + PAD, y=at.y)
            for column, was, at in zip(columns, wide_columns, here, strict=True)
        )
        board = (Box(PAD, 30, BOARD_W, BOARD_H), Box(PAD, board_y, BOARD_W, BOARD_H))
        moves = (board, *zip(wide_hand, hand, strict=True), *zip(wide_columns, here, strict=True))
        height = max(box.y + box.h for box in here) + PAD
    parts = [
        _el(
            "rect",
            x=1,
            y=1,
            width=width - 2,
            height=height - 2,
            rx=8,
            fill=COLOURS["panel"],
            stroke=edge,
            stroke_width=3 if current or winner else 1,
        ),
        _text(PAD, 20, title, "title", title_room),
        _text(
            width - PAD,
            score_y,
            score_text,
            "score",
            class_="carnuta-score",
            data_seat=seat,
            data_score=score,
        ),
        _g(_board(game, view, w), x=PAD, y=board_y),
        label,
        _text(width - PAD - _width(score_text, "score") - 14, score_y, tag, "tag", fill=tag_ink)
        if tag
        else "",
        _hand(view, w, lang, hand, empty),
        placed,
    ]
    body = _g(
        "".join(parts),
        class_="carnuta-player",
        data_seat=seat,
        data_current=current or None,
        data_winner=winner or None,
    )
    return body, height, moves


def _player_summary(game: Game, seat: int, w: dict[str, str], lang: str) -> str:
    """The player's area in words: who, the tag, the score and every number drawn."""
    say = SUMMARY[check_lang(lang)]
    view = game.player(seat)
    title = f"{w['player']} {seat + 1}" + (f" · {w['ancestor']}" if seat == 0 else "")
    current = not game.is_over and seat == game.current_player
    winner = game.is_over and seat in game.winners()
    tag = w["to_play"] if current else w["winner"] if winner else ""
    names = ", ".join(w[i.value] for i in view.bonus_tokens) or say["none"]
    columns = ", ".join(
        f"{w[ingredient.value]} {' '.join(card.id for card in cards)}"
        for ingredient, cards in view.columns().items()
        if cards
    )
    parts = [
        title + (f" ({tag})" if tag else ""),
        f"{w['score']} {game.score_pad(seat).total}",
        say["runes"].format(
            suns=view.suns, moons=view.moons, empty=view.empty_spaces, locked=view.locked_spaces
        ),
        say["counter"].format(n=view.counter, top=game.rules.counter_max),
        say["sickles"].format(n=view.sickles),
        say["tokens"].format(names=names),
        say["hand"].format(
            n=len(view.hand), cards=" ".join(card.id for card in view.hand) or say["no_cards"]
        ),
        say["columns"].format(columns=columns or say["no_cards"]),
    ]
    return say["sep"].join(parts) + "."


def player_svg(game: Game, seat: int, *, lang: str = "en") -> str:
    """One player's area: runes, counter track, Sickles, bonus tokens, hand, columns, score."""
    if not 0 <= seat < game.num_players:
        raise ValueError(f"seat should be 0 to {game.num_players - 1}, not {seat}")
    w = _words(lang)
    body, height, _ = _player(game, seat, w, lang)
    return _root(body, PLAYER_W, height, summary=_player_summary(game, seat, w, lang))


# ------------------------------------------------------------------- market
ROW_H = CARD_H + 24
SLOT_X = PAD + CARD_W + 16
SIDE_X = SLOT_X + 4 * (CARD_W + GAP) + 12
MARKET_W = PLAYER_W
#: In the market's side area: the reserve and the bonus tokens, right of the discard.
STOCK_X = CARD_W + 20
TOKEN = 30
TOKEN_STEP = 34


def slot_box(row_index: int, slot_index: int) -> Box:
    """The card in slot ``slot_index`` (0-based) of row ``row_index`` (0 Day, 1 Night), in the
    market's picture."""
    top = PAD + row_index * ROW_H + 16
    return Box(SLOT_X + slot_index * (CARD_W + GAP), top, CARD_W, CARD_H)


def token_box(index: int) -> Box:
    """The ``index``-th Bonus Ingredient token still in the center, in the market's picture."""
    x = SIDE_X + STOCK_X + (index % 4) * TOKEN_STEP
    y = PAD + 78 + (index // 4) * TOKEN_STEP
    return Box(x, y, TOKEN, TOKEN)


def _outline(words: str) -> str:
    return _el(
        "rect",
        x=1,
        y=1,
        width=CARD_W - 2,
        height=CARD_H - 2,
        rx=6,
        fill="none",
        stroke=COLOURS["muted"],
        stroke_width=1.2,
        stroke_dasharray="5 4",
    ) + _text(CARD_W / 2, CARD_H / 2 + 3, words, "slot")


def _deck_pile(game: Game, row: Row, w: dict[str, str]) -> str:
    count = game.deck_size(row)
    inner = (
        _title(f"{w['deck']} {w[row.value]}{w['colon']} {count}")
        + _place(f"card-{row.value}")
        + _use(
            Face.SUN.value if row is Row.DAY else Face.MOON.value, MEDAL_X - 14, MEDAL_Y - 14, 28
        )
        + _text(MEDAL_X, 71, w["deck"], "name", CARD_W - 8)
        + _text(MEDAL_X, 108, str(count), "big")
    )
    return _g(inner, class_=f"carnuta-deck cn-{row.value}", data_row=row.value, data_count=count)


def _slot(card: Card | None, row: Row, slot: int, w: dict[str, str], box: Box, lang: str) -> str:
    inner = (
        _outline(w["empty"])
        if card is None
        else _card(card, w, title=True, lang=lang, data_where="market")
    )
    return _g(
        inner,
        x=box.x,
        y=box.y,
        class_="carnuta-slot",
        data_row=row.value,
        data_slot=slot,
        data_empty=card is None or None,
    )


def _market_discard(game: Game, w: dict[str, str], lang: str) -> str:
    """The discard pile (its top card), from the corner of the market's side area."""
    pile = game.discard_pile
    top = (
        _card(pile[-1], w, dimmed=True, title=True, lang=lang, data_where="discard")
        if pile
        else _outline("")
    )
    return _text(0, 12, f"{w['discard']} ({len(pile)})", "label", CARD_W + 14) + _g(
        top, y=16, class_="carnuta-discard", data_count=len(pile)
    )


def _market_stock(game: Game, w: dict[str, str]) -> str:
    """The rune reserve and the bonus tokens left, from the corner of the market's side area."""
    parts = [
        _text(STOCK_X, 12, w["reserve"], "label"),
        _text(STOCK_X, 72, w["bonus"], "label"),
    ]
    for k, (face, count) in enumerate(game.reserve.items()):
        inner = (
            _title(f"{w['reserve']}{w['colon']} {count} {w[face.value]}")
            + _use(face.value, 0, 0, 26)
            + _text(32, 19, f"× {count}", "count")
        )
        parts.append(
            _g(
                inner,
                x=STOCK_X + k * 80,
                y=18,
                class_="carnuta-reserve",
                data_face=face.value,
                data_count=count,
            )
        )
    parts.extend(
        _token(
            ingredient,
            box.x - SIDE_X,
            box.y - PAD,
            box.w,
            w,
            data_where="market",
        )
        for ingredient, box in zip(
            game.bonus_tokens, map(token_box, range(len(game.bonus_tokens))), strict=True
        )
    )
    return "".join(parts)


def _market_parts(game: Game, w: dict[str, str], lang: str) -> list[tuple[Box, str]]:
    """The market's parts in reading order, each with its place in the wide picture and drawn
    there: a row's deck and each slot (with the words above them), the discard, the reserve
    with the bonus tokens. A narrower picture flows them in fewer columns (``fit_market_svg``)."""
    parts = []
    for r, row in enumerate((Row.DAY, Row.NIGHT)):
        top = PAD + r * ROW_H
        deck = _text(PAD, top + 12, w[row.value], "row")
        deck += _g(_deck_pile(game, row, w), x=PAD, y=top + 16)
        parts.append((Box(PAD, top, CARD_W, ROW_H), deck))
        for k, card in enumerate(game.market(row)):
            box = slot_box(r, k)
            slot = _text(box.x + CARD_W / 2, top + 12, str(k + 1), "slot")
            slot += _slot(card, row, k + 1, w, box, lang)
            parts.append((Box(box.x, top, CARD_W, ROW_H), slot))
    discard = _g(_market_discard(game, w, lang), x=SIDE_X, y=PAD)
    parts.append((Box(SIDE_X, PAD, CARD_W, ROW_H), discard))
    stock = _g(_market_stock(game, w), x=SIDE_X, y=PAD)
    parts.append((Box(SIDE_X + STOCK_X, PAD, 2 * CARD_W + GAP, ROW_H), stock))
    return parts


def _market(game: Game, w: dict[str, str], lang: str) -> tuple[str, float]:
    body = "".join(part for _, part in _market_parts(game, w, lang))
    return _g(body, class_="carnuta-market"), PAD + 2 * ROW_H


def market_svg(game: Game, *, lang: str = "en") -> str:
    """The center of the table: both rows, deck sizes, the discard, the reserve, bonus tokens."""
    w = _words(lang)
    body, height = _market(game, w, lang)
    return _root(body, MARKET_W, height, summary=_market_summary(game, w, lang))


def _market_summary(game: Game, w: dict[str, str], lang: str) -> str:
    """The market in words: both rows and their decks, the discard, the reserve, the tokens."""
    say = SUMMARY[check_lang(lang)]
    rows = [
        say["row"].format(
            row=w[row.value],
            cards=", ".join(card.id if card else w["empty"] for card in game.market(row)),
            n=game.deck_size(row),
        )
        for row in (Row.DAY, Row.NIGHT)
    ]
    pile = game.discard_pile
    discard = say["discard"].format(n=len(pile)) + (
        f", {say['top'].format(card=pile[-1].id)}" if pile else ""
    )
    reserve = say["reserve"].format(
        suns=game.reserve.get(Face.SUN, 0), moons=game.reserve.get(Face.MOON, 0)
    )
    names = ", ".join(w[i.value] for i in game.bonus_tokens) or say["none"]
    parts = [say["market"], *rows, discard, reserve, say["tokens"].format(names=names)]
    return say["sep"].join(parts) + "."


# -------------------------------------------------------------------- table
def _status(game: Game, w: dict[str, str], lang: str) -> str:
    if game.is_over:
        scores = game.scores()
        names = ", ".join(
            f"{w['player']} {s + 1} ({scores[s]} {w['points']})" for s in game.winners()
        )
        return f"{w['over']} · {w['winner']}{w['colon']} {names}"
    head = f"{w['round']} {game.round}"
    if game.final_round is not None and game.round == game.final_round:
        head += f" ({w['final']})"
    return f"{head} · {game.pending(lang)}"


def deck_name(game: Game, lang: str = "en") -> str:
    """The deck's name as a player reads it: the kit's own deck in ``lang``, others as named."""
    return _words(lang)["reference_deck"] if game.deck.name == "reference" else game.deck.name


def table_svg(game: Game, *, lang: str = "en") -> str:
    """The whole table: a status line, the market, then every player's area."""
    w = _words(lang)
    deck = f"{w['deck']}{w['colon']} {deck_name(game, lang)}"
    bar = _g(
        _el(
            "rect",
            width=PLAYER_W,
            height=26,
            rx=6,
            fill=COLOURS["winner"] if game.is_over else COLOURS["status"],
        )
        + _text(PAD + 2, 17.5, _status(game, w, lang), "status", PLAYER_W - 200)
        + _text(PLAYER_W - PAD, 17, deck, "deck", 170, fill=COLOURS["faint"]),
        class_="carnuta-status",
        data_phase=game.phase,
        fill=COLOURS["light"],
    )
    market, y = _market(game, w, lang)
    parts = [bar, _g(market, y=30)]
    y += 30 + GAP
    for seat in range(game.num_players):
        area, height, _ = _player(game, seat, w, lang)
        parts.append(_g(area, y=y))
        y += height + GAP
    width, height = PLAYER_W + 2 * PAD, y + PAD
    table = _g(
        "".join(parts),
        x=PAD,
        y=PAD,
        class_="carnuta-table",
        data_players=game.num_players,
        data_round=game.round,
        data_current=game.current_player,
        data_phase=game.phase,
    )
    return _root(
        _el("rect", width=width, height=height, fill=COLOURS["felt"]) + table, width, height
    )


# ------------------------------------------------------------ narrower pictures
#: The smallest text of any picture, in its own units: a picture drawn at ``12 /
#: SMALLEST_TEXT`` times its size or more has every word at 12 px or more.
SMALLEST_TEXT = min(size for size, _ in TEXT_STYLES.values())
#: The widths of the narrower pictures of the market and of a player's area, widest first:
#: five cards side by side (a tablet held upright), then two (a phone).
FIT_WIDTHS = (2 * PAD + 5 * CARD_W + 4 * GAP, 2 * PAD + BOARD_W)


class Layout(NamedTuple):
    """A picture laid out again, narrower: ``width`` by ``height`` units, and where each part
    of the wide picture went (its place there, its place here: the same size)."""

    width: float
    height: float
    moves: tuple[tuple[Box, Box], ...]

    def place(self, box: Box) -> Box:
        """Where ``box`` of the wide picture is drawn in this one: moved with its part."""
        for was, at in self.moves:
            inside = was.x - 0.01 <= box.x and box.x + box.w <= was.x + was.w + 0.01
            if inside and was.y - 0.01 <= box.y and box.y + box.h <= was.y + was.h + 0.01:
                return Box(box.x + at.x - was.x, box.y + at.y - was.y, box.w, box.h)
        raise ValueError(f"{box} lies in no part of the picture")


def _flow(
    parts: list[Box], width: float, top: float, step: float, gap: float, space: float
) -> list[Box]:
    """``parts`` placed left to right in cells ``step`` apart (a part ``gap`` less than some
    cells wide takes them), rows centred in ``width`` and ``space`` apart; a part that does
    not fit starts a new row."""
    per_row = max(1, int((width - 2 * PAD + gap) // step))
    left = (width - (per_row * step - gap)) / 2
    column, y, row_h = 0, top, 0.0
    placed = []
    for box in parts:
        span = max(1, round((box.w + gap) / step))
        if column and column + span > per_row:
            column, y, row_h = 0, y + row_h + space, 0.0
        placed.append(Box(left + column * step, y, box.w, box.h))
        column, row_h = column + span, max(row_h, box.h)
    return placed


def fit_market_svg(
    game: Game, *, width: float, lang: str = "en", head: bool = True
) -> tuple[str, Layout]:
    """The market ``width`` units wide (one of ``FIT_WIDTHS``): its parts in rows of as many
    cards as fit, each of the Day and Night rows starting a row; and where its parts went.
    ``head=False`` leaves out the styles and shapes, for a page that shows ``market_svg`` too
    (an inline picture's styles and ids are the page's)."""
    w = _words(lang)
    parts = _market_parts(game, w, lang)
    per_row = max(1, int((width - 2 * PAD + GAP) // (CARD_W + GAP)))
    day = 1 + len(game.market(Row.DAY))
    # The Night row starts a row of its own: the Day row is padded to whole rows.
    wide = [box for box, _ in parts]
    blank = (-day) % per_row
    here = _flow(wide[:day] + [Box(0, 0, CARD_W, ROW_H)] * blank + wide[day:], width, PAD,
                 CARD_W + GAP, GAP, 0)  # fmt: skip
    here = here[:day] + here[day + blank :]
    body = "".join(
        _g(part, x=at.x - was.x, y=at.y - was.y)
        for (was, part), at in zip(parts, here, strict=True)
    )
    height = max(box.y + box.h for box in here)
    layout = Layout(width, height, tuple(zip(wide, here, strict=True)))
    summary = _market_summary(game, w, lang)
    picture = _root(_g(body, class_="carnuta-market"), width, height, summary=summary, head=head)
    return picture, layout


def fit_player_svg(
    game: Game, seat: int, *, width: float, lang: str = "en", head: bool = True
) -> tuple[str, Layout]:
    """One player's area ``width`` units wide (one of ``FIT_WIDTHS``), its parts one under the
    other; and where its parts went. ``head`` as for ``fit_market_svg``."""
    if not 0 <= seat < game.num_players:
        raise ValueError(f"seat should be 0 to {game.num_players - 1}, not {seat}")
    w = _words(lang)
    body, height, moves = _player(game, seat, w, lang, width)
    summary = _player_summary(game, seat, w, lang)
    return _root(body, width, height, summary=summary, head=head), Layout(width, height, moves)
