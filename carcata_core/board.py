"""The island of Carcata, reconstructed: six levels of hexagonal spaces around the volcano.

The rulebook shows the island only in pictures. The kit's island (RULINGS, "the island"):
a hexagonal grid of pointy-top cells in rings around the volcano's cell. Ring 1 (the six
spaces touching the volcano) is level 6, the top; ring 6 (36 spaces at the water's edge) is
level 1, the beach; ring ``k`` holds ``6k`` spaces, 126 in all. Two spaces touch when their
hexagons share a side. Beyond ring 6 lies the sea.

A space is named by its level and its place on that level, counted clockwise from the
north-east corner: ``"1-17"`` is the 17th space of the beach, ``"6-1"`` the top space to
the north-east of the volcano. Directions are the six sides of a cell: ``e ne nw w sw se``.

>>> ISLAND.size, [len(ISLAND.on_level(level)) for level in range(1, 7)]
(126, [36, 30, 24, 18, 12, 6])
>>> cell = ISLAND.cell("6-1")
>>> ISLAND.name(ISLAND.step(cell, "ne")), ISLAND.level(ISLAND.step(cell, "ne"))
('5-1', 5)
>>> [ISLAND.name(c) for c in ISLAND.neighbours(ISLAND.cell("1-1"))]
['1-36', '2-1', '1-2']
>>> ISLAND.downhill_directions(ISLAND.cell("6-1"))
('e', 'ne', 'nw')
>>> ISLAND.downhill_directions(ISLAND.cell("5-2"))
('e', 'ne')

Cells are small integers (0 .. 125, by level from the beach up, then clockwise), so the
engine's hot paths index tuples with them; ``ISLAND`` holds every table, made once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

#: The six directions, in counter-clockwise order, with their axial steps (pointy-top cells).
DIRECTIONS: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
STEPS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: The directions' words for the notation, in both languages (``nw`` is ``no`` in French).
DIRECTION_WORDS: dict[str, tuple[str, ...]] = {
    "en": DIRECTIONS,
    "fr": ("e", "ne", "no", "o", "so", "se"),
}
LEVELS = 6
#: Where ring ``k`` starts (its north-east corner) and the directions of its six sides,
#: walked clockwise: NE corner -> E corner -> SE -> SW -> W -> NW -> back to NE.
CLOCKWISE_SIDES: tuple[int, ...] = (5, 4, 3, 2, 1, 0)  # se, sw, w, nw, ne, e (indices)

Axial = tuple[int, int]


def ring_distance(q: int, r: int) -> int:
    """How many steps a cell lies from the volcano's cell (its ring)."""
    return max(abs(q), abs(r), abs(q + r))


def turned(direction: int, turn: str) -> int:
    """The direction ``turn`` (``"left"`` or ``"right"``, as seen moving along it) of
    ``direction``: a sixth of a turn counter-clockwise or clockwise."""
    return (direction + (1 if turn == "left" else -1)) % 6


class Island:
    """The island's spaces, levels, sides and the Turtle's path around it.

    ``turtle_spaces`` symbols lie in the sea around the beach, evenly: symbol ``i`` is next
    to the beach spaces ``i * 36 / n + 1`` to ``(i + 1) * 36 / n`` (RULINGS, "next to the
    Turtle"); symbol 0 is the large turtle where the Turtle starts.
    """

    def __init__(self, levels: int = LEVELS, turtle_spaces: int = 12):
        self.levels = levels
        self.turtle_spaces = turtle_spaces
        axial: list[Axial] = []
        names: list[str] = []
        for ring in range(levels, 0, -1):  # the beach first
            level = levels + 1 - ring
            q, r = ring * STEPS[1][0], ring * STEPS[1][1]  # the NE corner
            index = 1
            for side in CLOCKWISE_SIDES:
                dq, dr = STEPS[side]
                for _ in range(ring):
                    axial.append((q, r))
                    names.append(f"{level}-{index}")
                    index += 1
                    q, r = q + dq, r + dr
        #: Each cell's axial coordinates and name; cell ids are positions in these tuples.
        self.axial: tuple[Axial, ...] = tuple(axial)
        self.names: tuple[str, ...] = tuple(names)
        self.size = len(axial)
        self._by_axial = {a: i for i, a in enumerate(axial)}
        self._by_name = {n: i for i, n in enumerate(names)}
        #: Each cell's level (1 the beach .. ``levels`` the top).
        self.levels_of: tuple[int, ...] = tuple(levels + 1 - ring_distance(q, r) for q, r in axial)
        #: ``step_table[cell][direction]``: the cell one step away, or -1 for the sea and
        #: -2 for the volcano.
        table = []
        for q, r in axial:
            row = []
            for dq, dr in STEPS:
                a = (q + dq, r + dr)
                if a == (0, 0):
                    row.append(-2)
                else:
                    row.append(self._by_axial.get(a, -1))
            table.append(tuple(row))
        self.step_table: tuple[tuple[int, ...], ...] = tuple(table)
        #: Each cell's touching cells on the island, in direction order.
        self.neighbour_table: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in row if c >= 0) for row in table
        )
        #: Beach spaces next to each Turtle symbol, and the symbols next to each beach space.
        beach = [self._by_name[f"1-{i}"] for i in range(1, 6 * levels + 1)]
        per = len(beach) // turtle_spaces
        self.turtle_shore: tuple[tuple[int, ...], ...] = tuple(
            tuple(beach[i * per : (i + 1) * per]) for i in range(turtle_spaces)
        )
        shore_of: dict[int, int] = {}
        for symbol, cells in enumerate(self.turtle_shore):
            for cell in cells:
                shore_of[cell] = symbol
        self.turtle_symbol_of: dict[int, int] = shore_of

    # -- names ---------------------------------------------------------------------------

    def cell(self, name: str) -> int:
        """The cell named ``name`` (``"3-7"``); a ``KeyError`` for an unknown name."""
        return self._by_name[name]

    def find(self, name: str) -> int | None:
        """The cell named ``name``, or ``None``."""
        return self._by_name.get(name)

    def name(self, cell: int) -> str:
        return self.names[cell]

    def level(self, cell: int) -> int:
        return self.levels_of[cell]

    def on_level(self, level: int) -> tuple[int, ...]:
        """The cells of ``level``, clockwise from the north-east corner."""
        return tuple(c for c in range(self.size) if self.levels_of[c] == level)

    @cached_property
    def beach(self) -> tuple[int, ...]:
        return self.on_level(1)

    @cached_property
    def top(self) -> tuple[int, ...]:
        """The spaces touching the volcano (level 6 on the printed island)."""
        return self.on_level(self.levels)

    # -- moves ---------------------------------------------------------------------------

    def step(self, cell: int, direction: str | int) -> int:
        """The cell one step from ``cell`` towards ``direction`` (a word or an index): -1 is
        the sea, -2 the volcano."""
        index = DIRECTIONS.index(direction) if isinstance(direction, str) else direction
        return self.step_table[cell][index]

    def neighbours(self, cell: int) -> tuple[int, ...]:
        return self.neighbour_table[cell]

    def touches(self, a: int, b: int) -> bool:
        return b in self.neighbour_table[a]

    def direction_between(self, a: int, b: int) -> str | None:
        """The direction from ``a`` to a touching ``b``, else ``None``."""
        row = self.step_table[a]
        return DIRECTIONS[row.index(b)] if b in row else None

    def downhill_directions(self, cell: int) -> tuple[str, ...]:
        """The directions whose next cell lies lower (or in the sea, from the beach)."""
        here = self.levels_of[cell]
        out = []
        for index, nxt in enumerate(self.step_table[cell]):
            if nxt == -1 or (nxt >= 0 and self.levels_of[nxt] < here):
                out.append(DIRECTIONS[index])
        return tuple(out)

    def ray(self, cell: int, direction: str | int) -> list[int]:
        """The cells straight on from ``cell`` (not included) while each is lower than the one
        before: the longest straight downhill run, ending at the beach or earlier."""
        index = DIRECTIONS.index(direction) if isinstance(direction, str) else direction
        out: list[int] = []
        here = cell
        while True:
            nxt = self.step_table[here][index]
            if nxt < 0 or self.levels_of[nxt] >= self.levels_of[here]:
                return out
            out.append(nxt)
            here = nxt

    # -- territories ---------------------------------------------------------------------

    def graph(self, without: Iterable[int] = ()) -> Any:  # a networkx.Graph (imported lazily)
        """The island as a networkx graph of touching spaces, leaving out ``without`` (lava)."""
        import networkx as nx

        gone = set(without)
        g = nx.Graph()
        g.add_nodes_from(c for c in range(self.size) if c not in gone)
        g.add_edges_from(
            (a, b)
            for a in range(self.size)
            if a not in gone
            for b in self.neighbour_table[a]
            if b > a and b not in gone
        )
        return g

    def regions(self, blocked: Sequence[bool] | set[int]) -> list[tuple[int, ...]]:
        """The connected parts of the island without the ``blocked`` cells (a set, or one flag
        per cell), each as sorted cells, largest first, then by lowest cell. A plain search:
        the engine asks at every game's end, and networkx's answer (``graph``) is the test's."""
        if not isinstance(blocked, set):
            blocked = {c for c, flag in enumerate(blocked) if flag}
        seen = set(blocked)
        parts = []
        for start in range(self.size):
            if start in seen:
                continue
            seen.add(start)
            stack, part = [start], [start]
            while stack:
                here = stack.pop()
                for nxt in self.neighbour_table[here]:
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
                        part.append(nxt)
            parts.append(tuple(sorted(part)))
        parts.sort(key=lambda p: (-len(p), p[0]))
        return parts

    def __repr__(self) -> str:
        return f"Island(levels={self.levels}, turtle_spaces={self.turtle_spaces})"


#: The printed island (as reconstructed) with the Turtle's 12 symbols.
ISLAND = Island()

_ISLANDS: dict[tuple[int, int], Island] = {(LEVELS, 12): ISLAND}


def island(levels: int = LEVELS, turtle_spaces: int = 12) -> Island:
    """The (shared) island of a size."""
    key = (levels, turtle_spaces)
    found = _ISLANDS.get(key)
    if found is None:
        found = _ISLANDS[key] = Island(levels, turtle_spaces)
    return found


__all__ = ["DIRECTIONS", "DIRECTION_WORDS", "ISLAND", "Island", "island", "ring_distance", "turned"]
