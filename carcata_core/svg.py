"""Pictures of Carcata as SVG text: the island with everything on it, and the dice.

Both functions are pure: they read an ``IslandView`` (plain data: where the pawns, lava,
statues and gems are, the Turtle, the bag, the dice) or a ``Game`` (through ``view_of``),
take keyword-only options and return an SVG string.

The island is drawn as its 126 hexagonal spaces shaded by level, lighter towards the sea,
with a contour line wherever the level changes and a legend of the six shades with their
numbers (the numbers are in each space's name too, ``labels=True``). Nothing relies on
colour alone: pawns carry their player's number, gems their letter (E, R, S, D, the same in
French) and a shape of their own, lava a hatching, territories a hatching of their own and a
letter. Whatever a UI may want to find carries a ``carcata-*`` class and ``data-*``
attributes:

=====================  ================================================================
``carcata-cell``       ``data-cell`` (its name, ``"3-7"``), ``data-level``; also
                       ``carcata-legal`` (in ``highlight``) and ``carcata-chosen``.
                       Each space is one ``<g>`` drawn once, and the only thing that
                       takes the pointer there (pieces drawn over it let clicks through)
``carcata-pawn``       ``data-seat`` (from 0), ``data-cell`` (a name, or ``turtle``)
``carcata-lava``       ``data-cell``, ``data-flow`` (its flow's number from 1, or 0)
``carcata-flow``       ``data-flow``, ``data-cells`` (names in order, spaces between)
``carcata-statue``     ``data-cell`` (a name, or ``islet`` for the small islands)
``carcata-gem``        ``data-gem`` (a colour of ``GEM_NAMES``), ``data-cell``
``carcata-islet``      ``data-islet`` (0-3), ``data-statues``
``carcata-symbol``     ``data-symbol`` (0-11), ``data-current``
``carcata-turtle``     ``data-cell="turtle"``, ``data-symbol``, ``data-laps``,
                       ``data-steps``; ``carcata-legal`` / ``carcata-chosen`` as a cell
``carcata-territory``  ``data-territory`` (A, B, ...), ``data-cells`` (count),
                       ``data-points`` (its loose gems)
``carcata-aim``        ``data-cell``: where the drawn gem (``carcata-drawn``, ``data-gem``) is aimed
``carcata-die``        ``data-face``, ``data-locked``
=====================  ================================================================

Two layouts: ``"wide"`` puts the facts beside the island (``WIDE_WIDTH`` units), ``"narrow"``
under it (``NARROW_WIDTH``), for a phone; a page chooses between them with container
queries, as the other tables do.

>>> view = IslandView.build(pawns={"1-1": 0, "1-20": 1}, lava=["6-1", "5-1"],
...                         flows=[["6-1", "5-1"]], gems={"3-5": ["ruby"]})
>>> picture = island_svg(view)
>>> picture.count('class="carcata-cell'), picture.count('class="carcata-pawn"')
(126, 2)
>>> describe(view, lang="en")[:46]
'Carcata: player 1 has 1 pawn, player 2 1 pawn;'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from xml.sax.saxutils import escape

from tabletop.saves import short_repr
from tabletop.svg_text import SvgWriter

from .board import ISLAND
from .errors import ArgumentError
from .rules import FACES, GEM_NAMES, Rules

__all__ = [
    "COLOURS",
    "GEM_COLOURS",
    "GEM_LETTERS",
    "LEVEL_FILLS",
    "NARROW_TEXT_SCALE",
    "NARROW_WIDTH",
    "SEAT_COLOURS",
    "TEXT_STYLES",
    "WIDE_WIDTH",
    "WORDS",
    "IslandView",
    "describe",
    "dice_svg",
    "island_svg",
    "view_of",
]

# ------------------------------------------------------------------ colours and words
#: The six levels, beach (1) to top (6): each 1.6 times darker than the one below (as WCAG
#: counts contrast), so that they differ in grey too; sand, greens, then the volcano's rock.
LEVEL_FILLS: tuple[str, ...] = ("#fcedbe", "#b8c28a", "#839b63", "#607748", "#664b30", "#432c1e")
#: The ink of a space's name on each level (dark on the light levels, white on the dark).
LEVEL_INKS: tuple[str, ...] = ("#1f1a14",) * 3 + ("#ffffff",) * 3

COLOURS: dict[str, str] = {
    "ink": "#1f1a14",
    "muted": "#5c564c",
    "light": "#ffffff",
    "sea": "#cfe5f0",
    "sea-line": "#9cc6db",
    "panel": "#fffdf7",
    "contour": "#2b241c",
    "edge": "#6e6451",
    "volcano": "#2e201a",
    "crater": "#b23a12",
    "lava": "#d9481c",
    "lava-line": "#5a1300",
    "flow": "#2a0900",
    "statue": "#9a9ea6",
    "islet": "#ecdcae",
    "turtle": "#2f6b3a",
    "turtle-shell": "#5f9d5a",
    "symbol": "#f4fafd",
    # The glow of a legal space: a white band under a dark blue line, one of them 3:1 or
    # more against every level; the chosen space: the same with a thick black dashed line.
    "legal": "#12348a",
    "chosen": "#000000",
    "hatch": "#1f1a14",
    "label-ground": "#ffffff",
}
#: The players' colours (dark enough for a white number, but the fourth, yellow, which has a
#: dark number); each pawn also carries its player's number.
SEAT_COLOURS: tuple[str, ...] = ("#1f5fa8", "#a8380a", "#6d3c96", "#f0c419", "#0f6e6e", "#b0306a")
SEAT_INKS: tuple[str, ...] = ("#ffffff", "#ffffff", "#ffffff", "#1f1a14", "#ffffff", "#ffffff")
#: Gems by colour: their fill, the ink of their letter on it, the letter and the shape.
GEM_COLOURS: dict[str, str] = {
    "emerald": "#12703d",
    "ruby": "#b3123a",
    "sapphire": "#1d47c4",
    "diamond": "#e9f3f9",
}
GEM_INKS: dict[str, str] = {
    "emerald": "#ffffff",
    "ruby": "#ffffff",
    "sapphire": "#ffffff",
    "diamond": "#1f1a14",
}
GEM_LETTERS: dict[str, str] = {"emerald": "E", "ruby": "R", "sapphire": "S", "diamond": "D"}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "colon": ":",
        "title": "Carcata",
        "player": "player {n}",
        "Player": "Player {n}",
        "pawns": "{n} pawns",
        "pawn": "{n} pawn",
        "riding": "{n} on the Turtle",
        "to_play": "to play",
        "none_singular": "no",
        "out": "out of the game",
        "drawn": "{gem} drawn from the bag",
        "aimed": "aimed at {cell}",
        "has": "{who} has {what}",
        "collected": "collected {what}",
        "nothing": "nothing",
        "points": "{n} pts",
        "points_long": "{n} points",
        "lava": "{tokens} in {flows}",
        "token": "{n} lava token",
        "tokens": "{n} lava tokens",
        "flow_n": "{n} flow",
        "flows_n": "{n} flows",
        "flow": "flow {k}: {cells}",
        "statues": "statues: {n} on the island, {k} on the small islands",
        "gems_on": "{n} gems on the island",
        "gem_on": "{n} gem on the island",
        "bag": "bag: {n} gems",
        "turtle": "Turtle on symbol {s}, lap {l} of {L}, {t} of {T} steps",
        "turtle_rider": "carrying {who}",
        "whole": "the island is in one piece",
        "cut": "the island is cut into {n} territories",
        "territory": "territory {k}",
        "territory_facts": "{n} spaces, loose gems worth {p}",
        "levels": "Levels",
        "beach": "beach",
        "top": "top",
        "gems": "Gems",
        "dice": "Dice",
        "locked": "locked",
        "no_dice": "no dice rolled",
        "left": "to use",
        "none_left": "nothing left to use",
        "small_islands": "small islands",
        "lap": "lap {l}/{L}",
        "sep": "; ",
        "move": "move",
        "eruption": "eruption",
        "statue": "statue",
        "emerald": "emerald",
        "ruby": "ruby",
        "sapphire": "sapphire",
        "diamond": "diamond",
        "emeralds": "emeralds",
        "rubys": "rubies",
        "sapphires": "sapphires",
        "diamonds": "diamonds",
    },
    "fr": {
        "colon": " :",
        "title": "Carcata",
        "player": "joueur {n}",
        "Player": "Joueur {n}",
        "pawns": "{n} pions",
        "pawn": "{n} pion",
        "riding": "{n} sur la Tortue",
        "to_play": "à jouer",
        "none_singular": "yes",
        "out": "éliminé",
        "drawn": "{gem} tiré du sac",
        "aimed": "visé sur {cell}",
        "has": "{who} a {what}",
        "collected": "gemmes prises : {what}",
        "nothing": "aucune",
        "points": "{n} pts",
        "points_long": "{n} points",
        "lava": "{tokens} en {flows}",
        "token": "{n} jeton de lave",
        "tokens": "{n} jetons de lave",
        "flow_n": "{n} coulée",
        "flows_n": "{n} coulées",
        "flow": "coulée {k} : {cells}",
        "statues": "statues : {n} sur l'île, {k} sur les îlots",
        "gems_on": "{n} gemmes sur l'île",
        "gem_on": "{n} gemme sur l'île",
        "bag": "sac : {n} gemmes",
        "turtle": "Tortue sur le symbole {s}, tour {l} sur {L}, {t} pas sur {T}",
        "turtle_rider": "portant {who}",
        "whole": "l'île est d'un seul tenant",
        "cut": "l'île est coupée en {n} territoires",
        "territory": "territoire {k}",
        "territory_facts": "{n} cases, gemmes libres valant {p}",
        "levels": "Niveaux",
        "beach": "plage",
        "top": "sommet",
        "gems": "Gemmes",
        "dice": "Dés",
        "locked": "bloqué",
        "no_dice": "aucun dé lancé",
        "left": "à jouer",
        "none_left": "plus rien à jouer",
        "small_islands": "îlots",
        "lap": "tour {l}/{L}",
        "sep": " ; ",
        "move": "pas",
        "eruption": "éruption",
        "statue": "statue",
        "emerald": "émeraude",
        "ruby": "rubis",
        "sapphire": "saphir",
        "diamond": "diamant",
        "emeralds": "émeraudes",
        "rubys": "rubis",
        "sapphires": "saphirs",
        "diamonds": "diamants",
    },
}
#: The die faces' words (the notation's: ``pas``, ``lave``, ``eruption``...), by language.
#: The effects' words for what is left in the pool, with a count before them.
EFFECT_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"move": ("move", "moves"), "lava": ("lava", "lava"), "eruption": ("eruption", "eruptions"),
           "statue": ("statue", "statues"), "turtle": ("turtle", "turtles")},
    "fr": {"move": ("pas", "pas"), "lava": ("lave", "laves"), "eruption": ("éruption", "éruptions"),
           "statue": ("statue", "statues"), "turtle": ("tortue", "tortues")},
}  # fmt: skip
FACE_WORDS: dict[str, dict[str, str]] = {
    "en": {"move": "move", "lava": "lava", "eruption": "eruption", "statue": "statue",
           "turtle": "turtle"},
    "fr": {"move": "pas", "lava": "lave", "eruption": "éruption", "statue": "statue",
           "turtle": "tortue"},
}  # fmt: skip

FONT = "DejaVu Sans,Verdana,Arial,sans-serif"
#: Text styles by class (``cc-<name>``): font size and the rest of the CSS. A style drawn on
#: a coloured ground names its ink here, so the contrast test reads it.
TEXT_STYLES: dict[str, tuple[float, str]] = {
    # The spaces' names sit in groups stroked with the spaces' edges: no stroke for them.
    "name": (10, f"text-anchor:middle;stroke:none;fill:{LEVEL_INKS[0]}"),
    "name-light": (10, f"text-anchor:middle;stroke:none;fill:{LEVEL_INKS[-1]}"),
    "pawn": (11, f"font-weight:bold;text-anchor:middle;fill:{SEAT_INKS[0]}"),
    "pawn-dark": (11, f"font-weight:bold;text-anchor:middle;fill:{SEAT_INKS[3]}"),
    "gem": (10, f"font-weight:bold;text-anchor:middle;fill:{GEM_INKS['ruby']}"),
    "gem-dark": (10, f"font-weight:bold;text-anchor:middle;fill:{GEM_INKS['diamond']}"),
    "symbol": (10, f"font-weight:bold;text-anchor:middle;fill:{COLOURS['ink']}"),
    "tag": (11, f"font-weight:bold;text-anchor:middle;fill:{COLOURS['ink']}"),
    "title": (16, "font-weight:bold"),
    "head": (13, "font-weight:bold"),
    "line": (12, ""),
    "label": (12, f"fill:{COLOURS['muted']}"),
    "legend": (11, "font-weight:bold;text-anchor:middle"),
    "face": (12, "text-anchor:middle"),
}

# ------------------------------------------------------------------ geometry (made once)
#: A space's hexagon: the distance from its centre to a corner, in picture units.
HEX = 22.0
ROOT3 = math.sqrt(3)
BOARD = 600.0
CENTRE = BOARD / 2
PAD = 12.0
PANEL_W = 290.0
WIDE_WIDTH = BOARD + PANEL_W
NARROW_WIDTH = BOARD
LINE_H = 18.0
#: How much larger the narrow layout writes the facts under the island.
NARROW_TEXT_SCALE = 1.5


def _centre(q: float, r: float) -> tuple[float, float]:
    return CENTRE + HEX * ROOT3 * (q + r / 2), CENTRE + HEX * 1.5 * r


#: Each corner of a pointy-top hexagon, from the upper right clockwise (y grows downwards).
_CORNER_OFFSETS = tuple(
    (HEX * math.cos(math.radians(60 * k - 30)), HEX * math.sin(math.radians(60 * k - 30)))
    for k in range(6)
)
#: The two corners of the side towards each direction (``e`` is between corners 0 and 1).
_SIDE_CORNERS = tuple(((-d) % 6, (1 - d) % 6) for d in range(6))
CENTRES: tuple[tuple[float, float], ...] = tuple(_centre(q, r) for q, r in ISLAND.axial)


def _fmt(value: float) -> str:
    return format(value, ".1f").rstrip("0").rstrip(".")


def _corners(x: float, y: float, scale: float = 1.0) -> list[tuple[float, float]]:
    return [(x + dx * scale, y + dy * scale) for dx, dy in _CORNER_OFFSETS]


def _points(corners: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in corners)


_CELL_POINTS: tuple[str, ...] = tuple(_points(_corners(x, y)) for x, y in CENTRES)
_INNER_POINTS: tuple[str, ...] = tuple(_points(_corners(x, y, 0.8)) for x, y in CENTRES)


def _side(cell: int, direction: int) -> str:
    x, y = CENTRES[cell]
    a, b = _SIDE_CORNERS[direction]
    (x1, y1), (x2, y2) = (
        (x + _CORNER_OFFSETS[a][0], y + _CORNER_OFFSETS[a][1]),
        (x + _CORNER_OFFSETS[b][0], y + _CORNER_OFFSETS[b][1]),
    )
    return f"M{_fmt(x1)} {_fmt(y1)}L{_fmt(x2)} {_fmt(y2)}"


#: The contour lines: every side between two levels, or between the beach and the sea.
_CONTOURS = "".join(
    _side(cell, d)
    for cell in range(ISLAND.size)
    for d, nxt in enumerate(ISLAND.step_table[cell])
    if nxt == -1 or (nxt >= 0 and nxt > cell and ISLAND.levels_of[nxt] != ISLAND.levels_of[cell])
)


def _symbol_places() -> tuple[tuple[float, float], ...]:
    """Where each Turtle symbol lies in the sea: outwards from the middle of its beach
    spaces."""
    places = []
    for shore in ISLAND.turtle_shore:
        mx = sum(CENTRES[c][0] for c in shore) / len(shore) - CENTRE
        my = sum(CENTRES[c][1] for c in shore) / len(shore) - CENTRE
        length = math.hypot(mx, my)
        reach = length + HEX * 1.45
        places.append((CENTRE + mx / length * reach, CENTRE + my / length * reach))
    return tuple(places)


SYMBOL_PLACES = _symbol_places()
#: The four small islands, in the sea's corners (NE, SE, SW, NW).
ISLET_PLACES: tuple[tuple[float, float], ...] = (
    (BOARD - 62, 58),
    (BOARD - 62, BOARD - 58),
    (62, BOARD - 58),
    (62, 58),
)

# ------------------------------------------------------------------ the view
#: A space given by its name (``"3-7"``) or its id; a mapping keyed by spaces either way.
Cellish = int | str
_V = TypeVar("_V")
ByCell = Mapping[int, _V] | Mapping[str, _V] | Mapping[Cellish, _V]


def _cell_id(value: object, field: str) -> int:
    if isinstance(value, bool):
        raise ArgumentError(field, f"a space's name or number, not {short_repr(value)}")
    if isinstance(value, int):
        if 0 <= value < ISLAND.size:
            return value
    elif isinstance(value, str):
        found = ISLAND.find(value.strip())
        if found is not None:
            return found
    raise ArgumentError(
        field, f"a space's name like '3-7' or a number from 0 to 125, not {short_repr(value)}"
    )


def _gem_counts(value: object, field: str) -> tuple[int, ...]:
    """Counts per colour (``GEM_NAMES`` order) from counts or from a list of colour names."""
    if isinstance(value, Mapping):
        value = [value.get(name, 0) for name in GEM_NAMES]
    items = list(value) if isinstance(value, Iterable) and not isinstance(value, str) else None
    if items is None:
        raise ArgumentError(field, f"gem counts or colour names, not {short_repr(value)}")
    if all(isinstance(v, str) for v in items):
        _colours(items, field)
        return tuple(items.count(name) for name in GEM_NAMES)
    if len(items) == len(GEM_NAMES) and all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in items
    ):
        return tuple(items)
    raise ArgumentError(field, f"gem counts or colour names, not {short_repr(value)}")


def _colours(items: Iterable[object], field: str) -> tuple[str, ...]:
    out = tuple(items)
    for colour in out:
        if colour not in GEM_NAMES:
            raise ArgumentError(
                field, f"gem colours are {', '.join(GEM_NAMES)}, not {short_repr(colour)}"
            )
    return out  # type: ignore[return-value]


@dataclass(frozen=True)
class IslandView:
    """Everything the island's picture shows, as plain data (cells are ids 0..125).

    ``territories`` lists the closed territories only (empty while the island is in one
    piece, unless the rules make the whole island score); ``dice`` the faces shown (turtles
    are locked); ``pool`` the effects left to use after ``keep`` (face, count), else None.
    Build one from names with ``IslandView.build``, or from a game with ``view_of``.
    """

    players: int = 2
    #: (cell, seat) for every pawn on the island, by cell.
    pawns: tuple[tuple[int, int], ...] = ()
    #: The seats of the pawns riding the Turtle.
    riders: tuple[int, ...] = ()
    lava: frozenset[int] = frozenset()
    #: Each flow's tokens in the order they were placed, oldest flow first.
    flows: tuple[tuple[int, ...], ...] = ()
    statues: frozenset[int] = frozenset()
    #: Statues on the small islands.
    statues_left: int = 4
    #: (cell, colours) for every space with gems, by cell.
    gems: tuple[tuple[int, tuple[str, ...]], ...] = ()
    #: Gems in the bag, per colour (``GEM_NAMES`` order).
    bag: tuple[int, ...] = (8, 6, 4, 2)
    #: Each seat's collected gems, per colour.
    collected: tuple[tuple[int, ...], ...] = ((0, 0, 0, 0), (0, 0, 0, 0))
    turtle_symbol: int = 0
    turtle_laps: int = 0
    turtle_steps: int = 0
    dice: tuple[str, ...] = ()
    pool: tuple[tuple[str, int], ...] | None = None
    territories: tuple[tuple[int, ...], ...] = ()
    #: The rules' facts the picture needs: gem points, laps, symbols.
    gem_points: tuple[int, ...] = (1, 2, 3, 5)
    laps_to_end: int = 2
    turtle_spaces: int = 12
    #: The seat to play, if the picture should say so.
    to_play: int | None = None
    #: The seats out of the game (no pawn left).
    eliminated: tuple[int, ...] = ()
    #: A gem drawn from the bag and not yet landed, and where it was aimed (a cell).
    drawn: str | None = None
    aim: int | None = None

    @staticmethod
    def build(
        *,
        players: int = 2,
        pawns: ByCell[int] | None = None,
        riders: Sequence[int] = (),
        lava: Iterable[Cellish] = (),
        flows: Iterable[Iterable[Cellish]] = (),
        statues: Iterable[Cellish] = (),
        statues_left: int | None = None,
        gems: ByCell[Sequence[str]] | None = None,
        bag: Sequence[int] | Mapping[str, int] | None = None,
        collected: Sequence[Sequence[int] | Sequence[str] | Mapping[str, int]] | None = None,
        turtle: tuple[int, int, int] = (0, 0, 0),
        dice: Sequence[str] = (),
        pool: Mapping[str, int] | None = None,
        territories: Iterable[Iterable[Cellish]] | None = None,
        rules: Rules | None = None,
        to_play: int | None = None,
        eliminated: Sequence[int] = (),
        drawn: str | None = None,
        aim: Cellish | None = None,
    ) -> IslandView:
        """A view from names (``"3-7"``) or ids. Lava defaults to the flows' cells; the
        territories, if not given, are the island's parts without lava (closed only when
        there are two or more, or when ``rules.whole_island_scores``); statues left, the
        rules' statues less those on the island; the bag, the rules' gems less those shown
        and collected."""
        rules = rules or Rules()
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 6:
            raise ArgumentError("players", f"a number from 1 to 6, not {short_repr(players)}")
        placed = tuple(
            sorted(
                (_cell_id(c, "pawns"), _seat(s, players, "pawns")) for c, s in (pawns or {}).items()
            )
        )
        flow_cells = tuple(tuple(_cell_id(c, "flows") for c in flow) for flow in flows)
        lava_cells = frozenset(_cell_id(c, "lava") for c in lava) | {
            c for f in flow_cells for c in f
        }
        on_island = frozenset(_cell_id(c, "statues") for c in statues)
        gem_cells = tuple(
            sorted(
                (_cell_id(c, "gems"), _colours(colours, "gems"))
                for c, colours in (gems or {}).items()
            )
        )
        held = tuple(
            _gem_counts(c, "collected") for c in (collected or [()] * players)
        ) if collected is not None else tuple((0,) * len(GEM_NAMES) for _ in range(players))  # fmt: skip
        if len(held) != players:
            raise ArgumentError("collected", f"one entry per player ({players}), not {len(held)}")
        if bag is None:
            shown = [sum(colours.count(n) for _, colours in gem_cells) for n in GEM_NAMES]
            taken = [sum(h[k] for h in held) for k in range(len(GEM_NAMES))]
            bag = tuple(max(0, a - b - c) for a, b, c in zip(rules.gems, shown, taken, strict=True))
        if territories is None:
            parts = ISLAND.regions(set(lava_cells))
            closed = parts if len(parts) > 1 or rules.whole_island_scores else []
        else:
            closed = [tuple(_cell_id(c, "territories") for c in part) for part in territories]
        symbol, laps, steps = turtle
        for face in dice:
            if face not in FACES:
                raise ArgumentError("dice", f"faces are {', '.join(FACES)}, not {short_repr(face)}")
        return IslandView(
            players=players,
            pawns=placed,
            riders=tuple(_seat(s, players, "riders") for s in riders),
            lava=lava_cells,
            flows=flow_cells,
            statues=on_island,
            statues_left=rules.statues - len(on_island) if statues_left is None else statues_left,
            gems=gem_cells,
            bag=_gem_counts(bag, "bag"),
            collected=held,
            turtle_symbol=symbol,
            turtle_laps=laps,
            turtle_steps=steps,
            dice=tuple(dice),
            pool=None if pool is None else tuple((f, int(n)) for f, n in pool.items()),
            territories=tuple(tuple(sorted(p)) for p in closed),
            gem_points=rules.gem_points,
            laps_to_end=rules.turtle_laps,
            turtle_spaces=rules.turtle_spaces,
            to_play=to_play,
            eliminated=tuple(_seat(s, players, "eliminated") for s in eliminated),
            drawn=None if drawn is None else _colours([drawn], "drawn")[0],
            aim=None if aim is None else _cell_id(aim, "aim"),
        )


def _seat(value: object, players: int, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ArgumentError(field, f"a seat from 0 to {players - 1}, not {short_repr(value)}")
    return value


#: The pool's keys as the game names them, and the die face each effect comes from.
POOL_FACES: dict[str, str] = {"moves": "move", "lava": "lava", "eruptions": "eruption",
                              "statues": "statue"}  # fmt: skip
#: The phases in which the dice are kept and their effects are being used.
EFFECT_PHASES = frozenset({"effects", "draw", "aim", "land"})


def _read(game: Any, name: str) -> Any:
    """A game's fact, whether the game offers it as a property or as a method."""
    value = getattr(game, name)
    return value() if callable(value) else value


def view_of(game: Any) -> IslandView:
    """The view of a ``Game``, read only through its public accessors: ``rules``,
    ``num_players``, ``turn_player``, ``phase``, ``is_over``, ``pawn_at(cell)``, ``riders``,
    ``lava_cells``, ``flows``, ``statues``, ``statues_off``, ``gems_at(cell)``, ``bag`` and
    ``collected(seat)`` (counts by colour), ``turtle`` (symbol, laps, steps), ``dice`` (counts
    by face), ``pool`` (``moves``, ``lava``, ``eruptions``, ``statues``), ``territories()``
    with ``which_closed()``, ``eliminated``, ``drawn`` and ``aim``."""
    rules = game.rules
    players = game.num_players
    pawns: dict[Cellish, int] = {}
    gems: dict[Cellish, Sequence[str]] = {}
    for cell in range(ISLAND.size):
        seat = game.pawn_at(cell)
        if seat is not None:
            pawns[cell] = seat
        here = tuple(game.gems_at(cell))
        if here:
            gems[cell] = here
    phase = _read(game, "phase")
    shown = _read(game, "dice")
    dice = (
        tuple(face for face in FACES for _ in range(shown.get(face, 0))) if phase != "setup" else ()
    )
    pool = _read(game, "pool") if phase in EFFECT_PHASES else None
    parts = list(_read(game, "territories"))
    closed = list(_read(game, "which_closed"))
    over = _read(game, "is_over")
    return IslandView.build(
        players=players,
        pawns=pawns,
        riders=tuple(_read(game, "riders")),
        lava=_read(game, "lava_cells"),
        flows=_read(game, "flows"),
        statues=_read(game, "statues"),
        statues_left=_read(game, "statues_off"),
        gems=gems,
        bag=_read(game, "bag"),
        collected=[game.collected(seat) for seat in range(players)],
        turtle=tuple(_read(game, "turtle")),
        dice=dice,
        pool=None if pool is None else {POOL_FACES.get(k, k): n for k, n in pool.items()},
        territories=[part for part, shut in zip(parts, closed, strict=True) if shut],
        rules=rules,
        to_play=None if over else _read(game, "turn_player"),
        eliminated=tuple(_read(game, "eliminated")),
        drawn=_read(game, "drawn"),
        aim=_read(game, "aim"),
    )


# ------------------------------------------------------------------ SVG helpers
_SVG = SvgWriter(TEXT_STYLES, class_prefix="cc-", decimals=1)
_num, _attrs, _el, _text, _g, _rect = (
    _SVG.number,
    _SVG.attributes,
    _SVG.element,
    _SVG.text,
    _SVG.group,
    _SVG.rect,
)
_STYLE = " ".join(
    f".cc-{name}{{font-size:{_num(float(size))}px;{css}}}"
    for name, (size, css) in TEXT_STYLES.items()
)


def _svg(
    width: float, height: float, body: str, size: float | None, title: str, **attrs: object
) -> str:
    shown_w = width if size is None else size
    shown_h = height if size is None else size * height / width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(float(shown_w))}" '
        f'height="{_num(float(shown_h))}" viewBox="0 0 {_num(width)} {_num(height)}"'
        f'{_attrs(attrs)} role="img" aria-label="{escape(title, {chr(34): "&quot;"})}" '
        f'font-family="{FONT}" fill="{COLOURS["ink"]}">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style>{body}</svg>"
    )


def _words(lang: object) -> dict[str, str]:
    if not isinstance(lang, str) or lang not in WORDS:
        raise ArgumentError("lang", f"one of {', '.join(WORDS)}, not {short_repr(lang)}")
    return WORDS[lang]


def _check_size(size: object) -> float | None:
    if size is None:
        return None
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not 50 <= size <= 4000:
        raise ArgumentError(
            "size", f"None or a width in pixels from 50 to 4000, not {short_repr(size)}"
        )
    return float(size)


def _check_layout(layout: object) -> str:
    if layout not in ("wide", "narrow"):
        raise ArgumentError("layout", f"'wide' or 'narrow', not {short_repr(layout)}")
    return str(layout)


def _cells_option(value: object, field: str) -> frozenset[int | str]:
    """Cells (names or ids) and perhaps ``"turtle"``, as ids and ``"turtle"``."""
    if value is None:
        return frozenset()
    items = [value] if isinstance(value, (str, int)) else value
    if not isinstance(items, Iterable):
        raise ArgumentError(field, f"spaces' names or numbers, not {short_repr(value)}")
    out: set[int | str] = set()
    for item in items:
        out.add("turtle" if item == "turtle" else _cell_id(item, field))
    return frozenset(out)


# ------------------------------------------------------------------ shapes
def _defs() -> str:
    """Patterns (lava, the territories' hatchings) and the flows' arrowhead."""
    lava = (
        f'<pattern id="cc-lava" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="8" height="8" fill="{COLOURS["lava"]}"/>'
        f'<path d="M0 6Q2 2 4 6T8 6" fill="none" stroke="{COLOURS["lava-line"]}" stroke-width="1.3"/>'
        f"</pattern>"
    )
    hatches = "".join(
        f'<pattern id="cc-hatch-{k}" width="7" height="7" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate({angle})"><path d="M0 0V7" stroke="{COLOURS["hatch"]}" '
        f'stroke-width="1" stroke-opacity="0.35"/><path d="M3.5 0V7" stroke="{COLOURS["light"]}" '
        f'stroke-width="1" stroke-opacity="0.4"/></pattern>'
        for k, angle in enumerate((45, -45, 0, 90, 22, -68))
    )
    arrow = (
        f'<marker id="cc-arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="5" '
        f'markerHeight="5" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" '
        f'fill="{COLOURS["flow"]}" stroke="{COLOURS["light"]}" stroke-width="1"/></marker>'
    )
    return f"<defs>{lava}{hatches}{arrow}</defs>"


def _pawn(x: float, y: float, seat: int, cell: str) -> str:
    style = "pawn-dark" if SEAT_INKS[seat] != COLOURS["light"] else "pawn"
    return _g(
        _el("circle", r=10.5, fill=COLOURS["light"])
        + _el("circle", r=9, fill=SEAT_COLOURS[seat], stroke=COLOURS["ink"], stroke_width=1.5)
        + _text(0, 4, str(seat + 1), style),
        x=x,
        y=y,
        class_="carcata-pawn",
        data_seat=seat,
        data_cell=cell,
    )


_STATUE_SHAPE = "M-5 -10H5L6 -2L4 10H-4L-6 -2Z"


def _statue(x: float, y: float, cell: str) -> str:
    return _g(
        _el(
            "path", d=_STATUE_SHAPE, fill=COLOURS["statue"], stroke=COLOURS["ink"], stroke_width=1.5
        )
        + _el("path", d="M-4 -3H4M-1 1V5", stroke=COLOURS["ink"], stroke_width=1.2, fill="none"),
        x=x,
        y=y,
        class_="carcata-statue",
        data_cell=cell,
    )


_GEM_SHAPES: dict[str, str] = {
    # An emerald's step cut, a ruby's round, a sapphire's cushion, a diamond's rhombus.
    "emerald": "M-4 -6H4L6 -4V4L4 6H-4L-6 4V-4Z",
    "ruby": "M-6.5 0A6.5 6.5 0 1 0 6.5 0A6.5 6.5 0 1 0 -6.5 0Z",
    "sapphire": "M0 -7L6.5 -3.5V3.5L0 7L-6.5 3.5V-3.5Z",
    "diamond": "M0 -7.5L7 0L0 7.5L-7 0Z",
}


def _gem(x: float, y: float, colour: str, cell: str, scale: float = 1.0) -> str:
    style = "gem-dark" if GEM_INKS[colour] != COLOURS["light"] else "gem"
    return _g(
        _el(
            "path",
            d=_GEM_SHAPES[colour],
            fill=GEM_COLOURS[colour],
            stroke=COLOURS["ink"],
            stroke_width=1,
        )
        + _text(0, 3.3, GEM_LETTERS[colour], style),
        x=x,
        y=y,
        scale=scale,
        class_="carcata-gem",
        data_gem=colour,
        data_cell=cell,
    )


_GEM_SPOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-7, 0), (7, 0)),
    3: ((-7, -5), (7, -5), (0, 7)),
    4: ((-7, -7), (7, -7), (-7, 7), (7, 7)),
}


def _gems_here(x: float, y: float, colours: tuple[str, ...], cell: str, crowded: bool) -> str:
    """A space's gems: around its centre (a pile of more than four in rows of three), or in
    small rows low in the space if a pawn or a statue stands there (a staged position may
    hold both)."""
    n = len(colours)
    if not crowded and n <= 4:
        spots = _GEM_SPOTS[n]
        return "".join(
            _gem(x + dx, y + dy, c, cell) for (dx, dy), c in zip(spots, colours, strict=True)
        )
    per_row, step, scale = (4, 8.0, 0.6) if crowded else (3, 11.0, 0.75)
    rows = -(-n // per_row)
    out = []
    for k, colour in enumerate(colours):
        row, col = divmod(k, per_row)
        in_row = min(per_row, n - row * per_row)
        gx = x + (col - (in_row - 1) / 2) * step
        gy = y + (12 + row * 7 if crowded else (row - (rows - 1) / 2) * 10)
        out.append(_gem(gx, gy, colour, cell, scale))
    return "".join(out)


def _turtle_shape(x: float, y: float, angle: float) -> str:
    """The Turtle, head first along its path."""
    legs = "".join(
        _el(
            "circle",
            cx=cx,
            cy=cy,
            r=3.5,
            fill=COLOURS["turtle"],
            stroke=COLOURS["ink"],
            stroke_width=1,
        )
        for cx, cy in ((8, -10), (8, 10), (-8, -10), (-8, 10))
    )
    body = (
        _el("circle", cx=15, r=5, fill=COLOURS["turtle"], stroke=COLOURS["ink"], stroke_width=1.2)
        + legs
        + _el(
            "ellipse",
            rx=14,
            ry=11.5,
            fill=COLOURS["turtle-shell"],
            stroke=COLOURS["ink"],
            stroke_width=1.6,
        )
        + _el(
            "path",
            d="M-6 -6H6L9 0L6 6H-6L-9 0Z",
            fill="none",
            stroke=COLOURS["ink"],
            stroke_width=1,
        )
    )
    return _el("g", body, transform=f"translate({_fmt(x)},{_fmt(y)}) rotate({_fmt(angle)})")


# ------------------------------------------------------------------ the board
def _label_cell(part: Sequence[int], taken: frozenset[int]) -> int:
    """The territory's space nearest its middle, where its letter goes: a free one if it
    has any, so that the label hides no piece."""
    mx = sum(CENTRES[c][0] for c in part) / len(part)
    my = sum(CENTRES[c][1] for c in part) / len(part)
    return min(
        part,
        key=lambda c: (c in taken, (CENTRES[c][0] - mx) ** 2 + (CENTRES[c][1] - my) ** 2, c),
    )


def _loose_points(view: IslandView, part: Iterable[int]) -> int:
    where = dict(view.gems)
    points = dict(zip(GEM_NAMES, view.gem_points, strict=True))
    return sum(points[c] for cell in part for c in where.get(cell, ()))


def _territory_letter(k: int) -> str:
    return chr(ord("A") + k) if k < 26 else f"T{k + 1}"


def _board(view: IslandView, w: dict[str, str], labels: bool, highlight: frozenset[int | str],
           chosen: frozenset[int | str]) -> str:  # fmt: skip
    parts = [_rect(0, 0, BOARD, BOARD, fill=COLOURS["sea"])]
    # A few waves, so the sea reads as sea in grey too.
    parts.append(
        _el(
            "path",
            d="".join(
                f"M{x} {y}q6 -5 12 0t12 0"
                for x, y in ((40, 150), (520, 170), (30, 430), (530, 440), (280, 20), (280, 578))
            ),
            fill="none",
            stroke=COLOURS["sea-line"],
            stroke_width=2,
        )
    )
    names = ISLAND.names
    levels = ISLAND.levels_of
    hatch_of = {c: k % 6 for k, part in enumerate(view.territories) for c in part}
    cells = []
    for cell in range(ISLAND.size):
        level = levels[cell]
        classes = "carcata-cell"
        if cell in highlight:
            classes += " carcata-legal"
        if cell in chosen:
            classes += " carcata-chosen"
        inside = _el("polygon", points=_CELL_POINTS[cell], fill=LEVEL_FILLS[level - 1])
        if cell in hatch_of:
            inside += _el(
                "polygon", points=_CELL_POINTS[cell], fill=f"url(#cc-hatch-{hatch_of[cell]})"
            )
        if labels:
            x, y = CENTRES[cell]
            style = "name" if LEVEL_INKS[level - 1] == LEVEL_INKS[0] else "name-light"
            inside += _text(x, y - 9, names[cell], style)
        cells.append(_el("g", inside, class_=classes, data_cell=names[cell], data_level=level))
    parts.append(_el("g", "".join(cells), stroke=COLOURS["edge"], stroke_width=0.6))
    parts.append(_el("path", d=_CONTOURS, fill="none", stroke=COLOURS["contour"], stroke_width=1.8,
                     stroke_linecap="round", pointer_events="none"))  # fmt: skip
    # The volcano.
    parts.append(
        _el(
            "g",
            _el("polygon", points=_points(_corners(CENTRE, CENTRE)), fill=COLOURS["volcano"])
            + _el(
                "path",
                d=f"M{CENTRE - 12} {CENTRE + 9}L{CENTRE - 4} {CENTRE - 8}H{CENTRE + 4}"
                f"L{CENTRE + 12} {CENTRE + 9}Z",
                fill=COLOURS["crater"],
                stroke=COLOURS["light"],
                stroke_width=1.2,
            ),  # fmt: skip
            class_="carcata-volcano",
            pointer_events="none",
        )
    )
    parts.append(_el("g", _pieces(view, labels), pointer_events="none"))
    parts.append(_el("g", _territories(view, w), pointer_events="none"))
    parts.append(_el("g", _flows(view), pointer_events="none"))
    parts.append(_sea(view, w, highlight, chosen))
    if view.aim is not None:
        parts.append(_aim_mark(view.aim, view.drawn))
    parts.append(_glows(highlight, chosen))
    return "".join(parts)


def _pieces(view: IslandView, labels: bool) -> str:
    names = ISLAND.names
    drop = 4.0 if labels else 0.0
    flow_of = {c: k + 1 for k, flow in enumerate(view.flows) for c in flow}
    out = []
    for cell in sorted(view.lava):
        out.append(_el("polygon", points=_INNER_POINTS[cell], fill="url(#cc-lava)", stroke=COLOURS["lava-line"],
                       stroke_width=1.2, class_="carcata-lava", data_cell=names[cell],
                       data_flow=flow_of.get(cell, 0)))  # fmt: skip
    pawn_cells = {cell for cell, _ in view.pawns}
    for cell, colours in view.gems:
        x, y = CENTRES[cell]
        crowded = cell in pawn_cells or cell in view.statues
        out.append(_gems_here(x, y + drop, colours, names[cell], crowded))
    for cell in sorted(view.statues):
        x, y = CENTRES[cell]
        out.append(_statue(x, y + drop - (3 if cell in dict(view.gems) else 0), names[cell]))
    for cell, seat in view.pawns:
        x, y = CENTRES[cell]
        out.append(_pawn(x, y + drop - (3 if cell in dict(view.gems) else 0), seat, names[cell]))
    return "".join(out)


def _territories(view: IslandView, w: dict[str, str]) -> str:
    out = []
    taken = frozenset(
        {c for c, _ in view.pawns} | {c for c, _ in view.gems} | view.statues | view.lava
    )
    for k, part in enumerate(view.territories):
        members = set(part)
        outline = "".join(
            _side(cell, d)
            for cell in part
            for d, nxt in enumerate(ISLAND.step_table[cell])
            if nxt not in members
        )
        letter = _territory_letter(k)
        points = _loose_points(view, part)
        x, y = CENTRES[_label_cell(part, taken)]
        words = f"{letter}{w['colon']} {w['points'].format(n=points)}"
        width = _SVG.text_width(words, "tag") + 8
        out.append(
            _el(
                "g",
                _el(
                    "path",
                    d=outline,
                    fill="none",
                    stroke=COLOURS["ink"],
                    stroke_width=2.6,
                    stroke_dasharray="7 3",
                    stroke_linecap="round",
                )  # fmt: skip
                + _rect(
                    x - width / 2,
                    y - 9,
                    width,
                    15,
                    rx=3,
                    fill=COLOURS["label-ground"],
                    stroke=COLOURS["ink"],
                    stroke_width=1,
                )  # fmt: skip
                + _text(x, y + 2.5, words, "tag"),
                class_="carcata-territory",
                data_territory=letter,
                data_cells=len(part),
                data_points=points,
            )
        )
    return "".join(out)


def _flow_start(view: IslandView, k: int, first: int) -> tuple[float, float]:
    """Where a flow's arrow starts: at the volcano for a fresh flow, else at the older token
    it continues from (a higher lava space touching its first token)."""
    x, y = CENTRES[first]
    level = ISLAND.levels_of[first]
    if level == ISLAND.levels:
        return (x + CENTRE) / 2, (y + CENTRE) / 2
    older = {c for flow in view.flows[:k] for c in flow} | (view.lava - set(view.flows[k]))
    for nxt in ISLAND.neighbour_table[first]:
        if nxt in older and ISLAND.levels_of[nxt] > level:
            return CENTRES[nxt]
    return x, y - HEX * 0.6


def _flows(view: IslandView) -> str:
    out = []
    for k, flow in enumerate(view.flows):
        if not flow:
            continue
        sx, sy = _flow_start(view, k, flow[0])
        points = [(sx, sy)] + [CENTRES[c] for c in flow]
        d = "M" + "L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in points)
        out.append(
            _el(
                "g",
                _el(
                    "path",
                    d=d,
                    fill="none",
                    stroke=COLOURS["light"],
                    stroke_width=5,
                    stroke_linejoin="round",
                )
                + _el(
                    "path",
                    d=d,
                    fill="none",
                    stroke=COLOURS["flow"],
                    stroke_width=2.4,
                    stroke_linejoin="round",
                    marker_mid="url(#cc-arrow)",
                    marker_end="url(#cc-arrow)",
                ),  # fmt: skip
                class_="carcata-flow",
                data_flow=k + 1,
                data_cells=" ".join(ISLAND.names[c] for c in flow),
            )
        )
    return "".join(out)


def _sea(view: IslandView, w: dict[str, str], highlight: frozenset[int | str],
         chosen: frozenset[int | str]) -> str:  # fmt: skip
    out = []
    symbols = len(SYMBOL_PLACES)
    current = view.turtle_symbol % symbols
    for k, (x, y) in enumerate(SYMBOL_PLACES):
        big = k == 0
        out.append(
            _g(
                _el(
                    "circle",
                    r=12 if big else 10,
                    fill=COLOURS["symbol"],
                    stroke=COLOURS["ink"],
                    stroke_width=2 if big else 1.2,
                )  # fmt: skip
                + _text(0, 3.5, str(k + 1), "symbol"),
                x=x,
                y=y,
                class_="carcata-symbol",
                data_symbol=k,
                data_current=k == current,
            )
        )
    # The Turtle on its symbol, facing clockwise along its path, with its rider and laps.
    x, y = SYMBOL_PLACES[current]
    angle = math.degrees(math.atan2(y - CENTRE, x - CENTRE)) + 90
    classes = "carcata-turtle"
    if "turtle" in highlight:
        classes += " carcata-legal"
    if "turtle" in chosen:
        classes += " carcata-chosen"
    ox, oy = (
        (x - CENTRE) / math.hypot(x - CENTRE, y - CENTRE),
        (y - CENTRE) / math.hypot(x - CENTRE, y - CENTRE),
    )
    riders = "".join(
        _pawn(x + (i - (len(view.riders) - 1) / 2) * 14, y, seat, "turtle")
        for i, seat in enumerate(view.riders)
    )
    lap = w["lap"].format(l=min(view.turtle_laps + 1, view.laps_to_end), L=view.laps_to_end)
    lx, ly = x + ox * 30, y + oy * 26 + 4
    lap_w = _SVG.text_width(lap, "tag") + 6
    out.append(
        _el(
            "g",
            _el("circle", cx=x, cy=y, r=19, fill="transparent")
            + _turtle_glow(x, y, "turtle" in highlight, "turtle" in chosen)
            + _turtle_shape(x, y, angle)
            + riders
            + _rect(
                lx - lap_w / 2,
                ly - 11,
                lap_w,
                15,
                rx=3,
                fill=COLOURS["label-ground"],
                stroke=COLOURS["ink"],
                stroke_width=0.8,
            )  # fmt: skip
            + _text(lx, ly, lap, "tag"),
            class_=classes,
            data_cell="turtle",
            data_symbol=current,
            data_laps=view.turtle_laps,
            data_steps=view.turtle_steps,
        )
    )
    # The small islands and the statues left on them.
    left = max(0, view.statues_left)
    for k, (x, y) in enumerate(ISLET_PLACES):
        here = left // 4 + (1 if k < left % 4 else 0)
        statues = "".join(_statue(x + (i - (here - 1) / 2) * 14, y, "islet") for i in range(here))
        out.append(
            _el(
                "g",
                _el(
                    "ellipse",
                    cx=x,
                    cy=y + 3,
                    rx=max(30, 9 + 7 * here),
                    ry=20,
                    fill=COLOURS["islet"],
                    stroke=COLOURS["edge"],
                    stroke_width=1.2,
                )  # fmt: skip
                + statues,
                class_="carcata-islet",
                data_islet=k,
                data_statues=here,
            )
        )
    return "".join(out)


def _aim_mark(cell: int, drawn: str | None) -> str:
    """Cross-hairs on the space a gem is aimed at (and the gem beside them)."""
    x, y = CENTRES[cell]
    ring = _el("circle", cx=x, cy=y, r=14, fill="none", stroke=COLOURS["light"], stroke_width=4.5)
    ring += _el("circle", cx=x, cy=y, r=14, fill="none", stroke=COLOURS["chosen"], stroke_width=2)
    cross = f"M{_fmt(x - 19)} {_fmt(y)}H{_fmt(x - 8)}M{_fmt(x + 8)} {_fmt(y)}H{_fmt(x + 19)}"
    cross += f"M{_fmt(x)} {_fmt(y - 19)}V{_fmt(y - 8)}M{_fmt(x)} {_fmt(y + 8)}V{_fmt(y + 19)}"
    lines = _el("path", d=cross, stroke=COLOURS["light"], stroke_width=4.5) + _el(
        "path", d=cross, stroke=COLOURS["chosen"], stroke_width=2
    )
    gem = "" if drawn is None else _gem(x + 16, y - 16, drawn, ISLAND.names[cell])
    gem = gem.replace('class="carcata-gem"', 'class="carcata-drawn"')
    return _el("g", ring + lines + gem, class_="carcata-aim", data_cell=ISLAND.names[cell],
               pointer_events="none")  # fmt: skip


def _turtle_glow(x: float, y: float, legal: bool, picked: bool) -> str:
    out = ""
    if legal:
        out += _el(
            "circle", cx=x, cy=y, r=20, fill="none", stroke=COLOURS["light"], stroke_width=4.5
        )
        out += _el(
            "circle", cx=x, cy=y, r=20, fill="none", stroke=COLOURS["legal"], stroke_width=2.2
        )
    if picked:
        out += _el("circle", cx=x, cy=y, r=23, fill="none", stroke=COLOURS["light"], stroke_width=6)
        out += _el("circle", cx=x, cy=y, r=23, fill="none", stroke=COLOURS["chosen"], stroke_width=3,
                   stroke_dasharray="5 2")  # fmt: skip
    return out


def _glows(highlight: frozenset[int | str], chosen: frozenset[int | str]) -> str:
    """The legal spaces' glow and the chosen one's mark, over everything (no pointer)."""
    out = []
    for cell in sorted(c for c in highlight if isinstance(c, int)):
        out.append(
            _el(
                "polygon",
                points=_INNER_POINTS[cell],
                fill="none",
                stroke=COLOURS["light"],
                stroke_width=4.5,
            )
        )
        out.append(
            _el(
                "polygon",
                points=_INNER_POINTS[cell],
                fill="none",
                stroke=COLOURS["legal"],
                stroke_width=2.2,
            )
        )
    for cell in sorted(c for c in chosen if isinstance(c, int)):
        out.append(
            _el(
                "polygon",
                points=_CELL_POINTS[cell],
                fill="none",
                stroke=COLOURS["light"],
                stroke_width=6,
            )
        )
        out.append(_el("polygon", points=_CELL_POINTS[cell], fill="none", stroke=COLOURS["chosen"], stroke_width=3,
                       stroke_dasharray="5 2"))  # fmt: skip
    return _el("g", "".join(out), pointer_events="none", class_="carcata-glows") if out else ""


# ------------------------------------------------------------------ words
def _count(n: int, one: str, many: str, w: dict[str, str]) -> str:
    """``n`` things in the singular or plural (French counts none in the singular)."""
    single = n == 1 or (n == 0 and w["none_singular"] == "yes")
    return w[one if single else many].format(n=n)


def _gem_list(counts: Sequence[int], w: dict[str, str]) -> str:
    said = [
        f"{n} {w[name if n == 1 else name + 's']}"
        for n, name in zip(counts, GEM_NAMES, strict=True)
        if n
    ]
    return ", ".join(said) if said else w["nothing"]


def _gem_points(view: IslandView, counts: Sequence[int]) -> int:
    return sum(n * p for n, p in zip(counts, view.gem_points, strict=True))


def _pawn_counts(view: IslandView) -> list[int]:
    counts = [0] * view.players
    for _, seat in view.pawns:
        counts[seat] += 1
    return counts


def _lava_words(view: IslandView, w: dict[str, str]) -> str:
    return w["lava"].format(
        tokens=_count(len(view.lava), "token", "tokens", w),
        flows=_count(len(view.flows), "flow_n", "flows_n", w),
    )


def _drawn_words(view: IslandView, w: dict[str, str]) -> str:
    said = w["drawn"].format(gem=w[view.drawn or "ruby"])
    if view.aim is not None:
        said += ", " + w["aimed"].format(cell=ISLAND.names[view.aim])
    return said


def describe(view: IslandView, *, lang: str = "en") -> str:
    """The position in words (the pictures' ``aria-label``): pawns per player, lava and
    flows, statues, gems, the bag, the Turtle and the territories."""
    w = _words(lang)
    counts = _pawn_counts(view)
    riding = [view.riders.count(seat) for seat in range(view.players)]
    players = []
    for seat in range(view.players):
        what = _count(counts[seat], "pawn", "pawns", w)
        if riding[seat]:
            what += f" (+{w['riding'].format(n=riding[seat])})"
        who = w["player"].format(n=seat + 1)
        if seat == view.to_play:
            who += f" ({w['to_play']})"
        if seat in view.eliminated:
            who += f" ({w['out']})"
        players.append(w["has"].format(who=who, what=what) if seat == 0 else f"{who} {what}")
    said = [", ".join(players)]
    for seat in range(view.players):
        held = view.collected[seat]
        if any(held):
            said.append(f"{w['player'].format(n=seat + 1)}{w['colon']} "
                        f"{w['collected'].format(what=_gem_list(held, w))} "
                        f"({w['points_long'].format(n=_gem_points(view, held))})")  # fmt: skip
    said.append(_lava_words(view, w))
    said.append(w["statues"].format(n=len(view.statues), k=view.statues_left))
    on_island = [0] * len(GEM_NAMES)
    for _, colours in view.gems:
        for c in colours:
            on_island[GEM_NAMES.index(c)] += 1
    shown = sum(on_island)
    gems = _count(shown, "gem_on", "gems_on", w)
    if shown:
        gems += f" ({_gem_list(on_island, w)})"
    said.append(gems)
    said.append(w["bag"].format(n=sum(view.bag)))
    if view.drawn is not None:
        said.append(_drawn_words(view, w))
    turtle = w["turtle"].format(s=view.turtle_symbol + 1, l=min(view.turtle_laps + 1, view.laps_to_end),
                                L=view.laps_to_end, t=view.turtle_steps,
                                T=view.laps_to_end * view.turtle_spaces)  # fmt: skip
    if view.riders:
        turtle += ", " + w["turtle_rider"].format(
            who=", ".join(w["player"].format(n=s + 1) for s in view.riders)
        )
    said.append(turtle)
    if len(view.territories) > 1 or (
        view.territories and len(view.territories[0]) < ISLAND.size - len(view.lava)
    ):
        said.append(w["cut"].format(n=len(view.territories)))
    elif not view.territories:
        said.append(w["whole"])
    for k, part in enumerate(view.territories):
        facts = w["territory_facts"].format(
            n=len(part), p=w["points_long"].format(n=_loose_points(view, part))
        )
        said.append(f"{w['territory'].format(k=_territory_letter(k))}{w['colon']} {facts}")
    return f"{w['title']}{w['colon']} " + w["sep"].join(said) + "."


# ------------------------------------------------------------------ the side panel
def _panel(view: IslandView, w: dict[str, str], width: float, lang: str) -> tuple[str, float]:
    """The facts beside (or under) the island: players, the bag, the Turtle, statues, lava,
    territories, and the legends of levels and gems. Returns the drawing and its height."""
    room = width - 2 * PAD
    out = []
    y = PAD + 14
    out.append(_text(PAD, y, w["title"], "title"))
    y += LINE_H + 4
    counts = _pawn_counts(view)
    for seat in range(view.players):
        out.append(
            _pawn(PAD + 10, y - 4, seat, "legend").replace(
                'class="carcata-pawn"', 'class="carcata-key"'
            )
        )
        who = w["Player"].format(n=seat + 1)
        what = _count(counts[seat], "pawn", "pawns", w)
        if view.riders.count(seat):
            what += ", " + w["riding"].format(n=view.riders.count(seat))
        line = f"{who}{w['colon']} {what}"
        if seat == view.to_play:
            line += f" · {w['to_play']}"
        if seat in view.eliminated:
            line += f" · {w['out']}"
        if _SVG.text_width(line, "head") > room - 26:  # the tag on a line of its own
            head, tag = line.split(" · ", 1) if " · " in line else (line, "")
            out.append(_text(PAD + 26, y, head, "head", room - 26))
            if tag:
                y += LINE_H - 2
                out.append(_text(PAD + 26, y, tag, "head", room - 26))
        else:
            out.append(_text(PAD + 26, y, line, "head", room - 26))
        y += LINE_H - 2
        held = view.collected[seat]
        gems = w["collected"].format(what=_gem_list(held, w))
        out.append(
            _text(
                PAD + 26,
                y,
                f"{gems} · {w['points'].format(n=_gem_points(view, held))}",
                "label",
                room - 26,
            )
        )
        y += LINE_H + 4
    lines = [
        w["bag"].format(n=sum(view.bag)) + " (" + _gem_list(view.bag, w) + ")",
        *([_drawn_words(view, w)] if view.drawn is not None else []),
        w["turtle"].format(
            s=view.turtle_symbol + 1,
            l=min(view.turtle_laps + 1, view.laps_to_end),
            L=view.laps_to_end,
            t=view.turtle_steps,
            T=view.laps_to_end * view.turtle_spaces,
        ),  # fmt: skip
        w["statues"].format(n=len(view.statues), k=view.statues_left),
        _lava_words(view, w),
    ]
    if view.territories:
        lines.append(w["cut"].format(n=len(view.territories)))
    else:
        lines.append(w["whole"])
    for line in lines:
        for piece in _SVG.lines(line[0].upper() + line[1:], "line", room):
            out.append(_text(PAD, y, piece, "line", room))
            y += LINE_H - 2
        y += 2
    for k, part in enumerate(view.territories):
        letter = _territory_letter(k)
        out.append(
            _rect(PAD, y - 11, 18, 14, fill=COLOURS["panel"], stroke=COLOURS["ink"], stroke_width=1)
        )
        out.append(_rect(PAD, y - 11, 18, 14, fill=f"url(#cc-hatch-{k % 6})"))
        facts = w["territory_facts"].format(
            n=len(part), p=w["points"].format(n=_loose_points(view, part))
        )
        words = f"{letter}{w['colon']} {facts}"
        out.append(_text(PAD + 24, y, words, "line", room - 24))
        y += LINE_H
    # The legends: the six levels, the four gems.
    y += 6
    out.append(_text(PAD, y, w["levels"], "head"))
    y += 8
    box = min(34.0, (room - 5 * 4) / 6)
    for level in range(1, 7):
        x = PAD + (level - 1) * (box + 4)
        out.append(
            _rect(
                x,
                y,
                box,
                22,
                fill=LEVEL_FILLS[level - 1],
                stroke=COLOURS["contour"],
                stroke_width=1,
            )
        )
        style = "name" if LEVEL_INKS[level - 1] == LEVEL_INKS[0] else "name-light"
        out.append(
            _text(x + box / 2, y + 15, str(level), style).replace("cc-name", "cc-legend cc-name")
        )
    y += 22 + 14
    out.append(_text(PAD, y, f"1 = {w['beach']}, 6 = {w['top']}", "label", room))
    y += LINE_H + 4
    out.append(_text(PAD, y, w["gems"], "head"))
    y += 6
    for k, name in enumerate(GEM_NAMES):
        col, row = (k % 2, k // 2)
        gx = PAD + 10 + col * (room / 2)
        gy = y + 12 + row * 20
        out.append(
            _gem(gx, gy, name, "legend").replace('class="carcata-gem"', 'class="carcata-key"')
        )
        out.append(_text(gx + 12, gy + 4, f"{GEM_LETTERS[name]} {w[name]}, {w['points'].format(n=view.gem_points[k])}",
                         "line", room / 2 - 22))  # fmt: skip
    y += 12 + 2 * 20 + 4
    return "".join(out), y


# ------------------------------------------------------------------ public pictures
def island_svg(
    view: IslandView | Any,
    *,
    size: float | None = None,
    lang: str = "en",
    labels: bool = False,
    highlight: Iterable[int | str] | None = None,
    chosen: int | str | None = None,
    layout: str = "wide",
) -> str:
    """The island, the sea around it with the Turtle's path and the small islands, and the
    facts beside it (``layout="wide"``) or under it (``"narrow"``). ``view`` is an
    ``IslandView`` or a ``Game``; ``size`` the width in pixels (None: the picture's own
    units); ``labels`` writes each space's name; ``highlight`` (spaces, perhaps
    ``"turtle"``) glow; ``chosen`` is marked."""
    if not isinstance(view, IslandView):
        view = view_of(view)
    w = _words(lang)
    shown = _check_size(size)
    shape = _check_layout(layout)
    lit = _cells_option(highlight, "highlight")
    picked = _cells_option(chosen, "chosen")
    board = _board(view, w, bool(labels), lit, picked)
    if shape == "wide":
        panel, height = _panel(view, w, PANEL_W, lang)
        width, total = WIDE_WIDTH, max(BOARD, height)
        body = board + _g(_rect(0, 0, PANEL_W, total, fill=COLOURS["panel"]) + panel, x=BOARD)
    else:
        # Under the island, the facts' words drawn larger: a phone shows the picture small.
        panel, height = _panel(view, w, NARROW_WIDTH / NARROW_TEXT_SCALE, lang)
        width, total = NARROW_WIDTH, BOARD + height * NARROW_TEXT_SCALE
        inner = _rect(0, 0, NARROW_WIDTH / NARROW_TEXT_SCALE, height, fill=COLOURS["panel"]) + panel
        body = board + _g(inner, y=BOARD, scale=NARROW_TEXT_SCALE)
    return _svg(width, total, _defs() + body, shown, describe(view, lang=lang),
                class_="carcata-island", data_layout=shape)  # fmt: skip


# ------------------------------------------------------------------ the dice
DIE = 56.0
DIE_GAP = 10.0
DICE_WIDTH = 2 * PAD + 5 * DIE + 4 * DIE_GAP

_FACE_SHAPES: dict[str, str] = {
    # A footprint's arrow, a drop of lava, a cone with its spark, a statue, a turtle's shell.
    "move": f'<path d="M-12 4H4V10L14 0L4 -10V-4H-12Z" fill="{COLOURS["ink"]}"/>',
    "lava": f'<path d="M0 -13C6 -4 11 1 11 6A11 11 0 0 1 -11 6C-11 1 -6 -4 0 -13Z" '
    f'fill="{COLOURS["lava"]}" stroke="{COLOURS["ink"]}" stroke-width="1.5"/>',
    "eruption": f'<path d="M-14 11L-5 -3H5L14 11Z" fill="{COLOURS["volcano"]}"/>'
    f'<path d="M0 -5V-14M-6 -7L-10 -13M6 -7L10 -13" stroke="{COLOURS["crater"]}" stroke-width="2.5"/>',
    "statue": f'<path d="{_STATUE_SHAPE}" transform="scale(1.3)" fill="{COLOURS["statue"]}" '
    f'stroke="{COLOURS["ink"]}" stroke-width="1.5"/>',
    "turtle": f'<ellipse rx="13" ry="10" fill="{COLOURS["turtle-shell"]}" stroke="{COLOURS["ink"]}" '
    f'stroke-width="1.5"/><circle cx="15" r="4" fill="{COLOURS["turtle"]}" stroke="{COLOURS["ink"]}"/>'
    f'<path d="M-5 -5H5L8 0L5 5H-5L-8 0Z" fill="none" stroke="{COLOURS["ink"]}"/>',
}


def _pool_words(view: IslandView, w: dict[str, str], lang: str) -> str:
    if view.pool is None:
        return ""
    words = EFFECT_WORDS[lang]
    said = [f"{n} {words[face][n != 1]}" for face, n in view.pool if n]
    if not said:
        return w["none_left"]
    return f"{w['left'][0].upper()}{w['left'][1:]}{w['colon']} " + ", ".join(said)


def dice_svg(view: IslandView | Any, *, size: float | None = None, lang: str = "en") -> str:
    """The dice shown, each face as a symbol with its word under it; a turtle is locked (a
    thick frame and the word ``locked``); then what the pool still holds after ``keep``.
    Narrow enough for a phone (``DICE_WIDTH`` units)."""
    if not isinstance(view, IslandView):
        view = view_of(view)
    w = _words(lang)
    shown = _check_size(size)
    faces = FACE_WORDS[lang]
    out = []
    y = PAD
    for k, face in enumerate(view.dice):
        x = PAD + k * (DIE + DIE_GAP)
        locked = face == "turtle"
        body = _rect(0, 0, DIE, DIE, rx=8, fill=COLOURS["panel"], stroke=COLOURS["ink"],
                     stroke_width=4 if locked else 1.5)  # fmt: skip
        body += (
            f'<g transform="translate({_fmt(DIE / 2)},{_fmt(DIE / 2)})">{_FACE_SHAPES[face]}</g>'
        )
        out.append(_g(body, x=x, y=y, class_="carcata-die", data_face=face, data_locked=locked))
        out.append(_text(x + DIE / 2, y + DIE + 15, faces[face], "face", DIE + DIE_GAP - 2))
        if locked:
            out.append(_text(x + DIE / 2, y + DIE + 29, w["locked"], "label", DIE + DIE_GAP - 2,
                             style="text-anchor:middle"))  # fmt: skip
    if not view.dice:
        out.append(_text(PAD, y + 24, w["no_dice"], "label"))
    y += DIE + 36
    pool = _pool_words(view, w, lang)
    for line in _SVG.lines(pool, "line", DICE_WIDTH - 2 * PAD) if pool else []:
        out.append(_text(PAD, y + 6, line, "line", DICE_WIDTH - 2 * PAD))
        y += LINE_H
    dice_words = (
        ", ".join(
            faces[face] + (f" ({w['locked']})" if face == "turtle" else "") for face in view.dice
        )
        or w["no_dice"]
    )
    summary = f"{w['dice']}{w['colon']} {dice_words}." + (f" {pool}." if pool else "")
    return _svg(DICE_WIDTH, y + PAD, "".join(out), shown, summary, class_="carcata-dice")
