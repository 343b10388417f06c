"""Pictures of Karnak as SVG text: the mat with what stands on it.

``building_svg`` is pure: it reads a ``Building``, takes keyword-only options and returns an
SVG string. The mat is drawn in an oblique view, its rows going back and to the right, so
that a stack stands up as blocks one above the other and height reads at a glance: the piece
on the mat (level 0) sits on its cell, the piece at level 1 one block higher, and so on.
Each cell shows its marking (water as waves, a mat circle, the horizontal line, the dotted
line; the boat and the reeds faintly, being decoration); column letters run along the front
and row numbers up the left side.

Nothing relies on colour alone. Each piece carries its shape's letter (T S D R C; in French
T S D B C, ``bâton`` for the rod) and a small drawing of the shape on its front face; a
yellow piece is solid with a capital letter, a white piece is hatched with a small letter.
A Priest is a round pawn with a ``P``. Every cell, piece and Priest has a ``<title>`` naming
it in the picture's language, and the picture's ``aria-label`` sums the mat up. Whatever a UI
may want to find carries a ``karnak-*`` class and ``data-*`` attributes:

=====================  ================================================================
``karnak-cell``        ``data-cell`` (``"c4"``), ``data-marking`` (when it has one),
                       ``data-height`` (pieces in its stack); ``karnak-legal`` when in
                       ``highlight``
``karnak-piece``       ``data-cell``, ``data-level``, ``data-shape``, ``data-colour``;
                       ``data-frozen`` and a snowflake mark when ``frozen`` is asked;
                       ``data-structure`` (from 1) when in ``structures``
``karnak-spot``        ``data-cell``, ``data-level``: where a piece would go on a
                       highlighted cell whose stack is not empty (a dashed block top)
``karnak-priest``      ``data-cell``
``karnak-seat``        (``game_svg``) ``data-seat`` (from 0), ``data-current``,
                       ``data-you``, ``data-priests`` (held, not placed), ``data-hand``,
                       ``data-favors`` (cards held)
``karnak-design``      ``data-design`` (``"K01"``), ``data-where`` (``revealed``, or
                       ``hand`` for the seat's own), ``data-seat``
``karnak-back``        a face-down pile: ``data-kind`` (``design``, ``favor``),
                       ``data-count``
=====================  ================================================================

``game_svg`` draws a ``Game`` as one seat may see it: the mat, then each seat's public side
(its Priests, its revealed Designs, its hand and its Favor cards as face-down piles with
their counts); with ``seat=`` that seat's own cards face up, with ``seat=None`` none.

>>> from karnak_core.mat import MAT, Building, piece
>>> b = Building.empty().put(MAT.cell("c4"), piece("cube", "yellow"))
>>> b = b.put(MAT.cell("c4"), piece("disk", "white")).add_priest(MAT.cell("e2"))
>>> picture = building_svg(b, highlight=["d4"])
>>> picture.count('class="karnak-piece'), picture.count('class="karnak-cell')
(2, 48)
>>> describe(b)
'Karnak mat: 2 pieces (1 yellow, 1 white) on 1 cell, 2 levels high at most; 1 Priest (e2); 1 structure.'
>>> describe(b, lang="fr")
'Plateau de Karnak : 2 pièces (1 jaune, 1 blanche) sur 1 case, 2 niveaux au plus ; 1 prêtre (e2) ; 1 structure.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from tabletop.saves import short_repr
from tabletop.svg_text import SvgWriter

from .designs import Design
from .errors import ArgumentError
from .mat import COLUMN_LETTERS, SHAPES, Building, MatLayout, Spot, colour_of, shape_of

if TYPE_CHECKING:
    from .game import Game
    from .observation import Observation

__all__ = [
    "COLOURS",
    "FACE_FILLS",
    "SHAPE_LETTERS",
    "SMALLEST_TEXT",
    "TEXT_STYLES",
    "WORDS",
    "building_svg",
    "cell_boxes",
    "describe",
    "game_svg",
    "piece_title",
]

# ------------------------------------------------------------------ colours and words
COLOURS: dict[str, str] = {
    "ink": "#1f1a14",
    "muted": "#5c564c",
    "light": "#ffffff",
    "ground": "#fbf6e9",
    "mat": "#f1e4c3",
    "grid": "#b9a77f",
    "water": "#cfe5f0",
    "wave": "#1f5f8a",
    "circle": "#6b3e1e",
    "line": "#3b2a1a",
    "decor": "#a89470",
    "priest": "#4b2a78",
    "priest-edge": "#1f1a14",
    "hatch": "#949494",
    # The glow of a legal cell: a white band under a dark blue line (as Carcata's).
    "legal": "#12348a",
    # The outline of a structure asked for, over its pieces.
    "structure": "#b3123a",
    "frozen": "#12348a",
    "panel": "#fffdf7",
    "card": "#fdf3d6",
    "back": "#5a4632",
    "favor-back": "#2f5a4a",
    "back-line": "#c9b48a",
}
#: A block's faces (top, front, side) by colour: lit from above, so the top is the lightest.
#: The letter and glyph are drawn in ``COLOURS["ink"]`` on the front face.
FACE_FILLS: dict[str, tuple[str, str, str]] = {
    "yellow": ("#f7d95a", "#e8b923", "#b88a12"),
    "white": ("#ffffff", "#f4f4f4", "#d2d2d2"),
}
#: The shapes' letters by language (French writes the rod ``bâton``).
SHAPE_LETTERS: dict[str, tuple[str, ...]] = {
    "en": ("T", "S", "D", "R", "C"),
    "fr": ("T", "S", "D", "B", "C"),
}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "colon": ":",
        "sep": "; ",
        "title": "Karnak mat",
        "pieces": "{n} pieces",
        "piece": "{n} piece",
        "yellow_one": "{n} yellow",
        "yellow_many": "{n} yellow",
        "white_one": "{n} white",
        "white_many": "{n} white",
        "on_cells": "on {n} cells",
        "on_cell": "on {n} cell",
        "empty": "no piece",
        "levels": "{n} levels high at most",
        "level_one": "1 level high",
        "priests": "{n} Priests ({cells})",
        "priest_one": "{n} Priest ({cells})",
        "no_priest": "no Priest",
        "structures": "{n} structures",
        "structure_one": "1 structure",
        "no_structure": "no structure",
        "legal": "{n} cells marked",
        "legal_one": "1 cell marked",
        "piece_title": "{colour} {shape} on {cell}, level {level}",
        "frozen": "frozen",
        "in_structure": "structure {k}",
        "priest_title": "Priest on {cell}",
        "spot_title": "a piece could go on {cell}, level {level}",
        "cell_legal": "can take a piece",
        "yellow": "yellow",
        "white": "white",
        "key_yellow": "yellow: solid, capital letter",
        "key_white": "white: hatched, small letter",
        "key_priest": "Priest",
        "key_frozen": "frozen",
        "triangle": "triangle",
        "statue": "statue",
        "disk": "disk",
        "rod": "rod",
        "cube": "cube",
        "water": "water",
        "circle": "circle",
        "line": "line",
        "dotted": "dotted line",
        "boat": "boat",
        "reeds": "reeds",
        "game": "Karnak",
        "player": "Player {n}",
        "to_play": "to play",
        "you": "you",
        "over": "Game over",
        "to_act": "Player {n} to act ({phase})",
        "facts": "round {r}, Design deck {d}, Favor deck {f}",
        "priests_n": "{n} Priests",
        "priest_n": "{n} Priest",
        "hand_n": "{n} Designs in hand",
        "hand_one": "{n} Design in hand",
        "favors_n": "{n} Favor cards",
        "favors_one": "{n} Favor card",
        "favors_held": "Favor cards",
        "revealed": "revealed",
        "your_hand": "hand",
        "none": "none",
        "points": "{n} points",
        "phase_turn": "turn",
        "phase_place": "second piece",
        "phase_put": "putting a piece",
        "phase_lift": "lifting a piece",
        "phase_after": "after the main action",
        "phase_revealing": "revealing",
        "phase_discard": "discarding",
        "phase_over": "over",
        "favor_triangle": "triangle",
        "favor_statue": "statue",
        "favor_disk": "disk",
        "favor_rod": "rod",
        "favor_cube": "cube",
        "favor_design": "Design",
        "favor_move": "move",
        "favor_priest": "Priest",
    },
    "fr": {
        "colon": " :",
        "sep": " ; ",
        "title": "Plateau de Karnak",
        "pieces": "{n} pièces",
        "piece": "{n} pièce",
        "yellow_one": "{n} jaune",
        "yellow_many": "{n} jaunes",
        "white_one": "{n} blanche",
        "white_many": "{n} blanches",
        "on_cells": "sur {n} cases",
        "on_cell": "sur {n} case",
        "empty": "aucune pièce",
        "levels": "{n} niveaux au plus",
        "level_one": "1 niveau",
        "priests": "{n} prêtres ({cells})",
        "priest_one": "{n} prêtre ({cells})",
        "no_priest": "aucun prêtre",
        "structures": "{n} structures",
        "structure_one": "1 structure",
        "no_structure": "aucune structure",
        "legal": "{n} cases marquées",
        "legal_one": "1 case marquée",
        "piece_title": "{shape} {colour} en {cell}, niveau {level}",
        "frozen": "gelé",
        "in_structure": "structure {k}",
        "priest_title": "prêtre en {cell}",
        "spot_title": "une pièce pourrait aller en {cell}, niveau {level}",
        "cell_legal": "peut recevoir une pièce",
        "yellow": "jaune",
        "white": "blanc",
        "key_yellow": "jaune : plein, majuscule",
        "key_white": "blanc : hachuré, minuscule",
        "key_priest": "prêtre",
        "key_frozen": "gelé",
        "triangle": "triangle",
        "statue": "statue",
        "disk": "disque",
        "rod": "bâton",
        "cube": "cube",
        "water": "eau",
        "circle": "cercle",
        "line": "ligne",
        "dotted": "pointillés",
        "boat": "bateau",
        "reeds": "roseaux",
        "game": "Karnak",
        "player": "Joueur {n}",
        "to_play": "à jouer",
        "you": "vous",
        "over": "Partie terminée",
        "to_act": "Joueur {n} à jouer ({phase})",
        "facts": "manche {r}, pioche de Dessins {d}, pioche de Faveurs {f}",
        "priests_n": "{n} prêtres",
        "priest_n": "{n} prêtre",
        "hand_n": "{n} Dessins en main",
        "hand_one": "{n} Dessin en main",
        "favors_n": "{n} cartes Faveur",
        "favors_one": "{n} carte Faveur",
        "favors_held": "Cartes Faveur",
        "revealed": "révélés",
        "your_hand": "main",
        "none": "aucune",
        "points": "{n} points",
        "phase_turn": "tour",
        "phase_place": "seconde pièce",
        "phase_put": "pose d'une pièce",
        "phase_lift": "retrait d'une pièce",
        "phase_after": "après l'action principale",
        "phase_revealing": "révélations",
        "phase_discard": "défausse",
        "phase_over": "terminée",
        "favor_triangle": "triangle",
        "favor_statue": "statue",
        "favor_disk": "disque",
        "favor_rod": "bâton",
        "favor_cube": "cube",
        "favor_design": "Dessin",
        "favor_move": "déplacer",
        "favor_priest": "prêtre",
    },
}
#: French words that take a feminine ending: the shape ``statue`` (``statue blanche``).
FEMININE_FR = frozenset({"statue"})
FEMININE_ENDINGS: dict[str, str] = {"blanc": "blanche", "gelé": "gelée"}

FONT = "DejaVu Sans,Verdana,Arial,sans-serif"
#: Text styles by class (``kk-<name>``): font size and the rest of the CSS. A style drawn on
#: a coloured ground names its ink, so the contrast test reads it.
TEXT_STYLES: dict[str, tuple[float, str]] = {
    "letter": (14, f"font-weight:bold;text-anchor:middle;fill:{COLOURS['ink']}"),
    "priest": (14, f"font-weight:bold;text-anchor:middle;fill:{COLOURS['light']}"),
    "axis": (13, f"font-weight:bold;text-anchor:middle;fill:{COLOURS['ink']}"),
    "key": (12, f"fill:{COLOURS['ink']}"),
    "head": (14, f"font-weight:bold;fill:{COLOURS['ink']}"),
    "label": (12, f"fill:{COLOURS['ink']}"),
    "card-head": (12, f"font-weight:bold;fill:{COLOURS['ink']}"),
    "card-points": (14, f"font-weight:bold;text-anchor:end;fill:{COLOURS['ink']}"),
    "card": (11, f"fill:{COLOURS['ink']}"),
    "back": (13, f"font-weight:bold;text-anchor:middle;fill:{COLOURS['light']}"),
}
#: The smallest text in the pictures, in picture units.
SMALLEST_TEXT = min(size for size, _ in TEXT_STYLES.values())

# ------------------------------------------------------------------ geometry
#: A cell's width, the depth of a row on the picture and how far right each row goes back.
CELL_W = 72.0
ROW_D = 34.0
ROW_SKEW = 20.0
#: A level's height, and the margin between a block and its cell's edges (a fraction).
LEVEL_H = 26.0
INSET = 0.14
LEFT = 34.0
RIGHT = 16.0
#: Room under the mat for the column letters and the key, and how large the key draws its
#: sample block and Priest (their letters stay 11 units or more).
BELOW = 104.0
KEY_SCALE = 0.8
#: A block's front face and how far its top goes back.
FRONT_W = CELL_W * (1 - 2 * INSET)
BACK_X = ROW_SKEW * (1 - 2 * INSET)
BACK_Y = ROW_D * (1 - 2 * INSET)

_SVG = SvgWriter(TEXT_STYLES, class_prefix="kk-", decimals=1)
_num, _el, _text, _g = _SVG.number, _SVG.element, _SVG.text, _SVG.group
_STYLE = " ".join(
    f".kk-{name}{{font-size:{_num(float(size))}px;{css}}}"
    for name, (size, css) in TEXT_STYLES.items()
)


class _Frame:
    """Where the mat's points fall on the picture: ``u`` across (columns), ``v`` back
    (rows), ``z`` up (levels)."""

    def __init__(self, layout: MatLayout, levels: int):
        self.layout = layout
        self.top = levels * LEVEL_H + 16
        self.base = self.top + layout.height * ROW_D
        self.width = LEFT + layout.width * CELL_W + layout.height * ROW_SKEW + RIGHT
        self.height = self.base + BELOW

    def at(self, u: float, v: float, z: float = 0) -> tuple[float, float]:
        return LEFT + u * CELL_W + v * ROW_SKEW, self.base - v * ROW_D - z * LEVEL_H

    def points(self, corners: Iterable[tuple[float, float]]) -> str:
        return " ".join(f"{_num(float(x))},{_num(float(y))}" for x, y in corners)

    def cell_points(self, cell: int, inset: float = 0) -> str:
        row, column = divmod(cell, self.layout.width)
        a, b = column + inset, column + 1 - inset
        c, d = row + inset, row + 1 - inset
        return self.points([self.at(a, c), self.at(b, c), self.at(b, d), self.at(a, d)])

    def block_origin(self, cell: int, level: int) -> tuple[float, float]:
        row, column = divmod(cell, self.layout.width)
        return self.at(column + INSET, row + INSET, level)


def _local(corners: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_num(float(x))},{_num(float(y))}" for x, y in corners)


#: A block's faces and silhouette, drawn from its front face's lower left corner.
_TOP = _local(
    [(0, -LEVEL_H), (FRONT_W, -LEVEL_H), (FRONT_W + BACK_X, -LEVEL_H - BACK_Y),
     (BACK_X, -LEVEL_H - BACK_Y)]
)  # fmt: skip
_FRONT = _local([(0, 0), (FRONT_W, 0), (FRONT_W, -LEVEL_H), (0, -LEVEL_H)])
_SIDE = _local(
    [(FRONT_W, 0), (FRONT_W + BACK_X, -BACK_Y), (FRONT_W + BACK_X, -LEVEL_H - BACK_Y),
     (FRONT_W, -LEVEL_H)]
)  # fmt: skip
_SILHOUETTE = _local(
    [(0, 0), (FRONT_W, 0), (FRONT_W + BACK_X, -BACK_Y), (FRONT_W + BACK_X, -LEVEL_H - BACK_Y),
     (BACK_X, -LEVEL_H - BACK_Y), (0, -LEVEL_H)]
)  # fmt: skip

#: Each shape's small drawing, centred on (0, 0), about 14 units across.
_GLYPHS: dict[str, str] = {
    "triangle": '<path d="M0 -7L7 6H-7Z"/>',
    "statue": '<circle cy="-4.5" r="2.8"/><path d="M-4 7V0Q-4 -2 0 -2Q4 -2 4 0V7Z"/>',
    "disk": '<ellipse rx="7" ry="4.5"/>',
    "rod": '<rect x="-2" y="-7.5" width="4" height="15"/>',
    "cube": '<rect x="-6" y="-6" width="12" height="12"/>',
}


def _defs() -> str:
    """The white pieces' hatching and the water's waves."""
    hatch = (
        '<pattern id="kk-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        f'<rect width="6" height="6" fill="{FACE_FILLS["white"][1]}"/>'
        f'<path d="M0 0V6" stroke="{COLOURS["hatch"]}" stroke-width="1.2"/></pattern>'
    )
    side = hatch.replace('id="kk-hatch"', 'id="kk-hatch-side"').replace(
        FACE_FILLS["white"][1], FACE_FILLS["white"][2]
    )
    waves = (
        '<pattern id="kk-waves" width="16" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="16" height="8" fill="{COLOURS["water"]}"/>'
        f'<path d="M0 5Q4 1 8 5T16 5" fill="none" stroke="{COLOURS["wave"]}" '
        'stroke-width="1.4"/></pattern>'
    )
    return f"<defs>{hatch}{side}{waves}</defs>"


# ------------------------------------------------------------------ words
def _words(lang: object) -> dict[str, str]:
    if not isinstance(lang, str) or lang not in WORDS:
        raise ArgumentError("lang", f"one of {', '.join(WORDS)}, not {short_repr(lang)}")
    return WORDS[lang]


def _agree(word: str, shape: str, lang: str) -> str:
    """A French adjective agreeing with the shape it describes."""
    if lang == "fr" and shape in FEMININE_FR:
        return FEMININE_ENDINGS.get(word, word)
    return word


def piece_title(building: Building, spot: Spot, *, lang: str = "en") -> str:
    """The piece at ``spot`` in words: ``"yellow cube on c4, level 1"``, ``"cube jaune en c4,
    niveau 1"``."""
    w = _words(lang)
    cell, level = spot
    code = building.code(spot)
    shape = shape_of(code)
    return w["piece_title"].format(
        colour=_agree(w[colour_of(code)], shape, lang),
        shape=w[shape],
        cell=building.layout.name(cell),
        level=level,
    )


def _count(w: dict[str, str], n: int, many: str, one: str) -> str:
    """``n`` things in words: French counts 0 and 1 in the singular, English 1 alone."""
    single = n <= 1 if w is WORDS["fr"] else n == 1
    return (w[one] if single else w[many]).format(n=n)


def describe(building: Building, *, lang: str = "en", highlight: Iterable[int] = ()) -> str:
    """The mat in a sentence (the picture's ``aria-label``): its pieces by colour, how many
    cells they stand on and how high, the Priests, the structures, the cells marked."""
    w = _words(lang)
    codes = [building.code(spot) for spot in building.spots()]
    parts = []
    if codes:
        whites = sum(code & 1 for code in codes)
        cells = sum(1 for stack in building.stacks if stack)
        tallest = max(len(stack) for stack in building.stacks)
        parts.append(
            f"{_count(w, len(codes), 'pieces', 'piece')} "
            f"({_count(w, len(codes) - whites, 'yellow_many', 'yellow_one')}, "
            f"{_count(w, whites, 'white_many', 'white_one')}) "
            f"{_count(w, cells, 'on_cells', 'on_cell')}, "
            + (w["level_one"] if tallest == 1 else w["levels"].format(n=tallest))
        )
    else:
        parts.append(w["empty"])
    names = ", ".join(building.layout.name(c) for c in building.priests)
    if building.priests:
        key = "priest_one" if len(building.priests) == 1 else "priests"
        parts.append(w[key].format(n=len(building.priests), cells=names))
    else:
        parts.append(w["no_priest"])
    found = len(building.structures())
    parts.append(
        w["no_structure"] if not found else _count(w, found, "structures", "structure_one")
    )
    marked = len(set(highlight))
    if marked:
        parts.append(_count(w, marked, "legal", "legal_one"))
    return f"{w['title']}{w['colon']} {w['sep'].join(parts)}."


# ------------------------------------------------------------------ options
def _check_building(building: object) -> Building:
    if not isinstance(building, Building):
        raise ArgumentError("building", f"a Building, not {short_repr(building)}")
    return building


def _check_size(size: object) -> float | None:
    if size is None:
        return None
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not 50 <= size <= 4000:
        raise ArgumentError(
            "size", f"None or a width in pixels from 50 to 4000, not {short_repr(size)}"
        )
    return float(size)


def _cell_of(layout: MatLayout, value: object, field: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < layout.size:
        return value
    if isinstance(value, str):
        found = layout.find(value.strip().lower())
        if found is not None:
            return found
    last = layout.name(layout.size - 1)
    raise ArgumentError(
        field, f"a cell's name like 'c4' (a1 to {last}) or its number, not {short_repr(value)}"
    )


def _cells_option(layout: MatLayout, value: object, field: str) -> frozenset[int]:
    items = [value] if isinstance(value, (str, int)) else value
    if not isinstance(items, Iterable):
        raise ArgumentError(field, f"cells' names or numbers, not {short_repr(value)}")
    return frozenset(_cell_of(layout, item, field) for item in items)


def _spot_of(building: Building, value: object, field: str) -> Spot:
    """A piece's spot: (cell, level), the cell a name or a number."""
    if isinstance(value, tuple) and len(value) == 2:
        cell = _cell_of(building.layout, value[0], field)
        level = value[1]
        if type(level) is int and 0 <= level < len(building.stacks[cell]):
            return cell, level
    raise ArgumentError(
        field, f"pieces as (cell, level) standing on the mat, not {short_repr(value)}"
    )


def _structures_option(building: Building, value: object) -> dict[Spot, int]:
    """Each outlined piece's structure number (from 1)."""
    if not isinstance(value, Iterable) or isinstance(value, str):
        raise ArgumentError(
            "structures", f"a list of structures (each a set of pieces), not {short_repr(value)}"
        )
    numbered: dict[Spot, int] = {}
    for k, structure in enumerate(value, 1):
        if not isinstance(structure, Iterable) or isinstance(structure, str):
            raise ArgumentError("structures", f"a set of pieces, not {short_repr(structure)}")
        for item in structure:
            numbered.setdefault(_spot_of(building, item, "structures"), k)
    return numbered


# ------------------------------------------------------------------ drawing
def _cell(frame: _Frame, building: Building, cell: int, w: dict[str, str], legal: bool) -> str:
    layout = frame.layout
    marking = layout.marking(cell)
    decoration = {"b": "boat", "r": "reeds"}.get(layout.symbols[cell])
    name = layout.name(cell)
    said = ", ".join(
        [name]
        + ([w[marking]] if marking else [])
        + ([w[decoration]] if decoration else [])
        + ([w["cell_legal"]] if legal else [])
    )
    fill = "url(#kk-waves)" if marking == "water" else COLOURS["mat"]
    body = [
        f"<title>{escape(said)}</title>",
        _el("polygon", points=frame.cell_points(cell), fill=fill, stroke=COLOURS["grid"]),
    ]
    row, column = divmod(cell, layout.width)
    mid = frame.at(column + 0.5, row + 0.5)
    if marking == "circle":
        body.append(_el("ellipse", cx=mid[0], cy=mid[1], rx=CELL_W * 0.3, ry=ROW_D * 0.32,
                        fill="none", stroke=COLOURS["circle"], stroke_width=2.5))  # fmt: skip
    elif marking in ("line", "dotted"):
        # The horizontal line runs along its row, the dotted line back along its column.
        a, b = (
            (frame.at(column, row + 0.5), frame.at(column + 1, row + 0.5))
            if marking == "line"
            else (frame.at(column + 0.5, row), frame.at(column + 0.5, row + 1))
        )
        body.append(_el("line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke=COLOURS["line"],
                        stroke_width=3 if marking == "line" else 2.5,
                        stroke_dasharray="2 5" if marking == "dotted" else None,
                        stroke_linecap="round"))  # fmt: skip
    elif decoration == "boat":
        x, y = mid
        body.append(_el("path", d=f"M{_num(x - 20)} {_num(y - 3)}H{_num(x + 20)}"
                        f"L{_num(x + 13)} {_num(y + 5)}H{_num(x - 13)}Z"
                        f"M{_num(x)} {_num(y - 3)}V{_num(y - 13)}",
                        fill="none", stroke=COLOURS["decor"], stroke_width=1.5))  # fmt: skip
    elif decoration == "reeds":
        x, y = mid
        strokes = "".join(
            f"M{_num(x + dx)} {_num(y + 6)}Q{_num(x + dx + 2)} {_num(y - 4)} "
            f"{_num(x + dx + 5)} {_num(y - 10)}"
            for dx in (-12.0, -5.0, 2.0, 9.0)
        )
        body.append(_el("path", d=strokes, fill="none", stroke=COLOURS["decor"],
                        stroke_width=1.5))  # fmt: skip
    if legal:
        body.append(_el("polygon", points=frame.cell_points(cell, 0.06), fill="none",
                        stroke=COLOURS["light"], stroke_width=6))  # fmt: skip
        body.append(_el("polygon", points=frame.cell_points(cell, 0.06), fill="none",
                        stroke=COLOURS["legal"], stroke_width=2.5))  # fmt: skip
    return _el(
        "g",
        "".join(body),
        class_="karnak-cell karnak-legal" if legal else "karnak-cell",
        data_cell=name,
        data_marking=marking,
        data_height=len(building.stacks[cell]),
    )


def _block(code: int, letters: tuple[str, ...]) -> str:
    """A piece's block: its three faces, its shape's drawing and letter on the front."""
    shape = shape_of(code)
    white = bool(code & 1)
    top, front, side = FACE_FILLS[colour_of(code)]
    edge = {"stroke": COLOURS["ink"], "stroke_width": 1.2, "stroke_linejoin": "round"}
    letter = letters[SHAPES.index(shape)]
    return (
        _el("polygon", points=_TOP, fill=top, **edge)
        + _el("polygon", points=_SIDE, fill="url(#kk-hatch-side)" if white else side, **edge)
        + _el("polygon", points=_FRONT, fill="url(#kk-hatch)" if white else front, **edge)
        + _g(_GLYPHS[shape], x=11, y=-LEVEL_H / 2, fill=COLOURS["ink"])
        + _text(FRONT_W / 2, -LEVEL_H / 2 + 5, letter.lower() if white else letter, "letter")
    )


def _snowflake(x: float, y: float) -> str:
    """The frozen mark: a snowflake in a white disk."""
    arms = "M0 -5V5M-4.3 -2.5L4.3 2.5M-4.3 2.5L4.3 -2.5"
    return _g(
        _el("circle", r=7.5, fill=COLOURS["light"], stroke=COLOURS["frozen"], stroke_width=1.2)
        + _el("path", d=arms, stroke=COLOURS["frozen"], stroke_width=1.8, stroke_linecap="round"),
        x=x,
        y=y,
        class_="karnak-frozen",
    )


def _piece(
    frame: _Frame,
    building: Building,
    spot: Spot,
    lang: str,
    w: dict[str, str],
    frozen: bool,
    structure: int | None,
) -> str:
    cell, level = spot
    code = building.code(spot)
    is_frozen = frozen and building.is_frozen(spot)
    said = [piece_title(building, spot, lang=lang)]
    if is_frozen:
        said.append(_agree(w["frozen"], shape_of(code), lang))
    if structure is not None:
        said.append(w["in_structure"].format(k=structure))
    body = f"<title>{escape(', '.join(said))}</title>" + _block(code, SHAPE_LETTERS[lang])
    if is_frozen:
        body += _snowflake(FRONT_W - 9, -LEVEL_H / 2)
    if structure is not None:
        body += _el("polygon", points=_SILHOUETTE, fill="none", stroke=COLOURS["light"],
                    stroke_width=6, stroke_linejoin="round")  # fmt: skip
        body += _el("polygon", points=_SILHOUETTE, fill="none", stroke=COLOURS["structure"],
                    stroke_width=3, stroke_linejoin="round", class_="karnak-outline")  # fmt: skip
    x, y = frame.block_origin(cell, level)
    return _g(
        body,
        x=x,
        y=y,
        class_="karnak-piece",
        data_cell=building.layout.name(cell),
        data_level=level,
        data_shape=shape_of(code),
        data_colour=colour_of(code),
        data_frozen=is_frozen,
        data_structure=structure,
    )


def _priest_token() -> str:
    """A Priest: a round pawn with a ``P``, drawn from the middle of its base."""
    edge = {"stroke": COLOURS["priest-edge"], "stroke_width": 1.2}
    return (
        _el("ellipse", cy=0, rx=15, ry=6, fill=COLOURS["priest"], **edge)
        + _el("path", d="M-12 0L-7 -30H7L12 0Z", fill=COLOURS["priest"], **edge)
        + _el("circle", cy=-36, r=8, fill=COLOURS["priest"], **edge)
        + _text(0, -10, "P", "priest")
    )


def _priest(frame: _Frame, building: Building, cell: int, w: dict[str, str]) -> str:
    row, column = divmod(cell, frame.layout.width)
    x, y = frame.at(column + 0.5, row + 0.45)
    name = building.layout.name(cell)
    title = f"<title>{escape(w['priest_title'].format(cell=name))}</title>"
    return _g(title + _priest_token(), x=x, y=y, class_="karnak-priest", data_cell=name)


def _spot(frame: _Frame, building: Building, cell: int, w: dict[str, str]) -> str:
    """Where a piece would go on a highlighted stack: a dashed block top over it."""
    level = len(building.stacks[cell])
    name = building.layout.name(cell)
    x, y = frame.block_origin(cell, level)
    title = escape(w["spot_title"].format(cell=name, level=level))
    ghost = _local([(0, 0), (FRONT_W, 0), (FRONT_W + BACK_X, -BACK_Y), (BACK_X, -BACK_Y)])
    return _g(
        f"<title>{title}</title>"
        + _el("polygon", points=ghost, fill="none", stroke=COLOURS["light"], stroke_width=6)
        + _el(
            "polygon",
            points=ghost,
            fill="none",
            stroke=COLOURS["legal"],
            stroke_width=2.5,
            stroke_dasharray="6 4",
        ),  # fmt: skip
        x=x,
        y=y,
        class_="karnak-spot",
        data_cell=name,
        data_level=level,
    )


def _axes(frame: _Frame) -> str:
    layout = frame.layout
    out = []
    for column in range(layout.width):
        x, y = frame.at(column + 0.5, 0)
        out.append(_text(x, y + 18, COLUMN_LETTERS[column], "axis"))
    for row in range(layout.height):
        x, y = frame.at(0, row + 0.5)
        out.append(_text(x - 14, y + 5, str(row + 1), "axis"))
    return "".join(out)


def _key(frame: _Frame, lang: str, w: dict[str, str], frozen: bool) -> str:
    """The key under the mat: the shapes' letters, the colours, the Priest, the frozen mark."""
    letters = SHAPE_LETTERS[lang]
    y = frame.base + 40
    shapes = " · ".join(
        f"{letter} {w[shape]}" for letter, shape in zip(letters, SHAPES, strict=True)
    )
    out = [_text(LEFT, y, shapes, "key")]
    y += 48
    x = LEFT
    for code, words in ((8, w["key_yellow"]), (9, w["key_white"])):
        out.append(_g(_block(code, letters), x=x, y=y + 8, scale=KEY_SCALE, class_="karnak-key"))
        out.append(_text(x + 56, y, words, "key"))
        x += 56 + _SVG.text_width(words, "key") + 12
    out.append(_g(_priest_token(), x=x + 12, y=y + 10, scale=KEY_SCALE, class_="karnak-key"))
    out.append(_text(x + 28, y, w["key_priest"], "key"))
    x += 28 + _SVG.text_width(w["key_priest"], "key") + 12
    if frozen:
        out.append(_snowflake(x + 8, y - 4))
        out.append(_text(x + 22, y, w["key_frozen"], "key"))
    return "".join(out)


def _mat_options(
    building: object, highlight: object, structures: object, frozen: object
) -> tuple[Building, frozenset[int], dict[Spot, int], bool]:
    building = _check_building(building)
    lit = _cells_option(building.layout, highlight, "highlight")
    numbered = _structures_option(building, structures)
    if not isinstance(frozen, bool):
        raise ArgumentError("frozen", f"True or False, not {short_repr(frozen)}")
    return building, lit, numbered, frozen


def _mat(
    building: Building,
    lang: str,
    lit: frozenset[int],
    numbered: dict[Spot, int],
    frozen: bool,
    key: bool,
) -> tuple[str, float, float]:
    """The mat's drawing (without its ``<svg>``), its width and its height."""
    w = WORDS[lang]
    layout = building.layout
    tallest = max((len(stack) for stack in building.stacks), default=0)
    frame = _Frame(layout, max(4, tallest + (1 if lit else 0)))
    height = frame.height if key else frame.base + 30
    out = [_el("rect", width=frame.width, height=height, fill=COLOURS["ground"])]
    out.extend(_cell(frame, building, cell, w, cell in lit) for cell in range(layout.size))
    # Back rows first, left to right, each stack from the mat up: nearer blocks cover farther.
    priests = set(building.priests)
    for row in reversed(range(layout.height)):
        for column in range(layout.width):
            cell = row * layout.width + column
            if cell in priests:
                out.append(_priest(frame, building, cell, w))
            for level in range(len(building.stacks[cell])):
                spot = (cell, level)
                out.append(_piece(frame, building, spot, lang, w, frozen, numbered.get(spot)))
            if cell in lit and building.stacks[cell]:
                out.append(_spot(frame, building, cell, w))
    out.append(_axes(frame))
    if key:
        out.append(_key(frame, lang, w, frozen))
    return "".join(out), frame.width, height


def building_svg(
    building: Building,
    *,
    highlight: Iterable[int | str] = (),
    structures: Iterable[Iterable[Spot | tuple[str, int]]] = (),
    frozen: bool = False,
    lang: str = "en",
    size: float | None = None,
    key: bool = True,
) -> str:
    """The mat and what stands on it, as SVG text.

    ``highlight`` marks cells (names or numbers), for instance where a piece may go: a glow
    round the cell, and a dashed block top where its stack ends if it has one.
    ``structures`` outlines groups of pieces (each a set of ``(cell, level)`` spots, as
    ``Building.structures()`` gives them), numbered from 1 in their titles. ``frozen`` marks
    every frozen piece (white, covered or held by a Priest) with a snowflake. ``size`` is the
    width in pixels (None: the picture's own units); ``key`` adds the key under the mat."""
    building, lit, numbered, frozen = _mat_options(building, highlight, structures, frozen)
    _words(lang)
    shown = _check_size(size)
    body, width, height = _mat(building, lang, lit, numbered, frozen, key)
    title = describe(building, lang=lang, highlight=lit)
    return _svg(width, height, _defs() + body, shown, title, "karnak-mat")


def cell_boxes(
    building: Building, *, highlight: Iterable[int | str] = ()
) -> tuple[tuple[float, float, float, float], ...]:
    """Where each cell's ground lies on ``building_svg``'s picture of ``building`` drawn with
    that ``highlight`` (a marked cell may make the picture one level taller), as ``(x, y,
    width, height)`` in the picture's units, by cell number: the widest upright rectangle
    inside the cell, so that no two overlap. For a UI laying buttons over the cells."""
    building, lit, _, _ = _mat_options(building, highlight, (), False)
    layout = building.layout
    tallest = max((len(stack) for stack in building.stacks), default=0)
    frame = _Frame(layout, max(4, tallest + (1 if lit else 0)))
    boxes = []
    for cell in range(layout.size):
        row, column = divmod(cell, layout.width)
        x, y = frame.at(column, row)
        boxes.append((x + ROW_SKEW, y - ROW_D, CELL_W - ROW_SKEW, ROW_D))
    return tuple(boxes)


# ------------------------------------------------------------------ the game
CARD_W = 176.0
CARD_GAP = 10.0
CARD_LINE = 14.0
BACK_W = 30.0
BACK_H = 42.0
SEAT_PAD = 12.0


def _design_card(design: Design, lang: str, w: dict[str, str], where: str, seat: int,
                 lines: int) -> str:  # fmt: skip
    """A Design face up: its id and points, its name, its goal."""
    said = design.text_in(lang)
    card_title = f"{design.title(lang)}, {w['points'].format(n=design.points)}: {said}"
    height = _card_height(lines)
    body = [
        f"<title>{escape(card_title)}</title>",
        _SVG.rect(
            0,
            0,
            CARD_W,
            height,
            rx=6,
            fill=COLOURS["card"],
            stroke=COLOURS["ink"],
            stroke_width=1.2,
        ),
        _text(8, 17, design.title(lang), "card-head", CARD_W - 44),
        _text(CARD_W - 8, 17, str(design.points), "card-points"),
    ]
    for k, line in enumerate(_SVG.lines(said, "card", CARD_W - 16)):
        body.append(_text(8, 36 + k * CARD_LINE, line, "card", CARD_W - 16))
    return _el("g", "".join(body), class_="karnak-design", data_design=design.id,
               data_where=where, data_seat=seat)  # fmt: skip


def _card_height(lines: int) -> float:
    return 30 + lines * CARD_LINE


def _back(kind: str, count: int, said: str) -> str:
    """A pile of face-down cards: one back with the count written on it."""
    fill = COLOURS["back"] if kind == "design" else COLOURS["favor-back"]
    return _el(
        "g",
        f"<title>{escape(said)}</title>"
        + _SVG.rect(0, 0, BACK_W, BACK_H, rx=4, fill=fill, stroke=COLOURS["ink"], stroke_width=1.2)
        + _SVG.rect(4, 4, BACK_W - 8, BACK_H - 8, rx=2, fill="none", stroke=COLOURS["back-line"])
        + _text(BACK_W / 2, BACK_H / 2 + 5, str(count), "back"),
        class_="karnak-back",
        data_kind=kind,
        data_count=count,
    )


def _favor_words(favors: dict[str, int], w: dict[str, str]) -> str:
    return ", ".join(f"{n} {w['favor_' + kind]}" for kind, n in favors.items()) or w["none"]


def _seat_panel(
    seen: Observation, seat: int, own: bool, lang: str, w: dict[str, str], width: float
) -> tuple[str, float, str]:
    """A seat's public side (its own hand too when ``own``): the drawing, its height and the
    sentence for the picture's label."""
    current = seen.current_player == seat
    notes = [w[note] for note, shown in (("to_play", current), ("you", own)) if shown]
    head = w["player"].format(n=seat + 1) + (f" ({', '.join(notes)})" if notes else "")
    priests = seen.priests[seat]
    hand = seen.design_counts[seat]
    favors = seen.favor_counts[seat]
    revealed = seen.revealed[seat]
    out = [_text(SEAT_PAD, 20, head, "head", width - 2 * SEAT_PAD)]
    x = SEAT_PAD
    y = 32.0
    counts = _count(w, priests, "priests_n", "priest_n")
    tokens = "".join(
        _g(_priest_token(), x=x + 10 + k * 20, y=y + 40, scale=KEY_SCALE) for k in range(priests)
    )
    out.append(_el("g", f"<title>{escape(counts)}</title>{tokens}", class_="karnak-priests"))
    x += priests * 20 + (8 if priests else 0)
    out.append(_text(x, y + 28, counts, "label"))
    x += _SVG.text_width(counts, "label") + 20
    hand_words = _count(w, hand, "hand_n", "hand_one")
    favor_words = _count(w, favors, "favors_n", "favors_one")
    out.append(_g(_back("design", hand, hand_words), x=x, y=y + 2))
    out.append(_text(x + BACK_W + 6, y + 28, hand_words, "label"))
    x += BACK_W + 12 + _SVG.text_width(hand_words, "label") + 16
    out.append(_g(_back("favor", favors, favor_words), x=x, y=y + 2))
    out.append(_text(x + BACK_W + 6, y + 28, favor_words, "label"))
    y += 64
    shown: list[tuple[Design, str]] = [(d, "revealed") for d in revealed]
    if own:
        shown = [(d, "hand") for d in seen.hand] + shown
        held = _favor_words(seen.favors, w)
        out.append(_text(SEAT_PAD, y, f"{w['favors_held']}{w['colon']} {held}", "label",
                         width - 2 * SEAT_PAD))  # fmt: skip
        y += 18
    if shown:
        lines = max(len(_SVG.lines(d.text_in(lang), "card", CARD_W - 16)) for d, _ in shown)
        per_row = max(1, int((width - 2 * SEAT_PAD + CARD_GAP) // (CARD_W + CARD_GAP)))
        for k, (design, where) in enumerate(shown):
            row, column = divmod(k, per_row)
            out.append(_g(_design_card(design, lang, w, where, seat, lines),
                          x=SEAT_PAD + column * (CARD_W + CARD_GAP),
                          y=y + row * (_card_height(lines) + CARD_GAP)))  # fmt: skip
        rows = (len(shown) + per_row - 1) // per_row
        y += rows * (_card_height(lines) + CARD_GAP)
    said = [head, counts, hand_words, favor_words]
    if revealed:
        said.append(w["revealed"] + w["colon"] + " " + ", ".join(d.title(lang) for d in revealed))
    if own:
        said.append(
            w["your_hand"]
            + w["colon"]
            + " "
            + (", ".join(d.title(lang) for d in seen.hand) or w["none"])
        )
    panel = _el(
        "g",
        _SVG.rect(0, 0, width, y + 4, fill=COLOURS["panel"], stroke=COLOURS["grid"]) + "".join(out),
        class_="karnak-seat",
        data_seat=seat,
        data_current=current,
        data_you=own,
        data_priests=priests,
        data_hand=hand,
        data_favors=favors,
    )
    return panel, y + 4, ", ".join(said)


def game_svg(
    game: Game,
    *,
    seat: int | None = None,
    lang: str = "en",
    size: float | None = None,
    highlight: Iterable[int | str] = (),
    structures: Iterable[Iterable[Spot | tuple[str, int]]] = (),
    frozen: bool = False,
) -> str:
    """The game as one seat may see it: the mat, then each seat's public side (its Priests,
    its revealed Designs, its Design hand and Favor cards as face-down piles with their
    counts), the decks and the round. With ``seat`` (from 0), that seat's own Designs and
    Favor cards are shown face up; with None, every hand stays face down. The mat's options
    are ``building_svg``'s."""
    from .game import Game

    if not isinstance(game, Game):
        raise ArgumentError("game", f"a Karnak Game, not {short_repr(game)}")
    w = _words(lang)
    shown_size = _check_size(size)
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.num_players):
        raise ArgumentError(
            "seat", f"None or a seat from 0 to {game.num_players - 1}, not {short_repr(seat)}"
        )
    seen = game.observation(0 if seat is None else seat)
    building, lit, numbered, frozen = _mat_options(seen.building, highlight, structures, frozen)
    mat, width, height = _mat(building, lang, lit, numbered, frozen, True)
    state = (
        w["over"]
        if seen.current_player is None
        else w["to_act"].format(n=seen.current_player + 1, phase=w["phase_" + seen.phase])
    )
    facts = w["facts"].format(r=seen.round, d=seen.deck_size, f=seen.favor_deck_size)
    out = [mat, _text(SEAT_PAD, height + 22, f"{state} · {facts}", "head", width - 2 * SEAT_PAD)]
    y = height + 34
    sentences = [f"{state}, {facts}", describe(building, lang=lang, highlight=lit)]
    for k in range(game.num_players):
        panel, tall, said = _seat_panel(seen, k, k == seat, lang, w, width)
        out.append(_g(panel, y=y))
        sentences.append(said)
        y += tall + 8
    label = f"{w['game']}{w['colon']} " + w["sep"].join(sentences)
    return _svg(width, y, _defs() + "".join(out), shown_size, label, "karnak-game")


def _svg(width: float, height: float, body: str, size: float | None, title: str, css: str) -> str:
    shown_w = width if size is None else size
    shown_h = height if size is None else size * height / width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(float(shown_w))}" '
        f'height="{_num(float(shown_h))}" viewBox="0 0 {_num(width)} {_num(height)}" '
        f'class="{css}" role="img" aria-label="{escape(title, {chr(34): "&quot;"})}" '
        f'font-family="{FONT}" fill="{COLOURS["ink"]}">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style>{body}</svg>"
    )
