"""Karnak's playmat, reconstructed as a grid, and the temple pieces built on it.

The rulebook's mat is a drawing for free-form building: water (the game's logo, the fish and
the zig-zags), mat circles, a horizontal line (its ends count as part of it) and a dotted
line; the boat and the reeds are decoration. The kit makes it exact (RULINGS, "the mat"): a
grid of square cells, named like a chessboard (columns ``a`` .., rows ``1`` .. from the
bottom), each cell carrying at most one marking. Pieces stand in cells, in stacks: the piece
on the mat is at level 0, the one on top of it at level 1, and so on.

Two pieces *touch* when one stands on the other (same cell, levels one apart) or when they
stand side by side (cells sharing an edge, same level). A *structure* is two or more pieces
touching continuously (a connected component of the touching graph); a single piece is not
one. A piece *touches* a marking when it stands on the mat (level 0) in a cell carrying it.

>>> MAT.width, MAT.height, MAT.size
(8, 6, 48)
>>> MAT.name(0), MAT.cell("h6"), MAT.marking(MAT.cell("a1"))
('a1', 47, 'water')
>>> [MAT.name(c) for c in MAT.neighbours(MAT.cell("a1"))]
['b1', 'a2']
>>> print(MAT.text())
6 . . o . . : . .
5 . . . . . : . o
4 . o . . . : . .
3 - - - - - - . r
2 ~ . . . . . o .
1 ~ ~ ~ . b . ~ ~
  a b c d e f g h

A ``Building`` is what stands on the mat: one stack of piece codes per cell, and the cells
holding Priests.

>>> b = Building.empty(MAT).put(MAT.cell("c4"), piece("cube", "yellow"))
>>> b = b.put(MAT.cell("c4"), piece("disk", "white")).put(MAT.cell("d4"), piece("cube", "yellow"))
>>> [sorted(MAT.name(c) + "/" + str(level) for c, level in s) for s in b.structures()]
[['c4/0', 'c4/1', 'd4/0']]
>>> b.describe(MAT.cell("c4"), 0)
'yellow cube on c4'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

#: The five shapes of temple piece (the rulebook's triangles, statues, disks, rods, cubes),
#: with the letter each has in the kit's texts.
SHAPES: tuple[str, ...] = ("triangle", "statue", "disk", "rod", "cube")
SHAPE_LETTERS: tuple[str, ...] = ("T", "S", "D", "R", "C")
#: The two colours: yellow pieces are placed and moved, white ones are frozen.
COLOURS: tuple[str, ...] = ("yellow", "white")
COLOUR_LETTERS: tuple[str, ...] = ("y", "w")
#: The markings a cell may carry, with their symbols in a mat's text. The boat (``b``) and
#: the reeds (``r``) are drawn but carry no marking: the rulebook calls them decorative.
MARKINGS: tuple[str, ...] = ("water", "circle", "line", "dotted")
MARKING_SYMBOLS: dict[str, str] = {"~": "water", "o": "circle", "-": "line", ":": "dotted"}
DECORATIONS: dict[str, str] = {"b": "boat", "r": "reeds"}
#: The kit's mat, top row first (RULINGS, "the mat"): water along the bottom edge (the logo
#: at a1-c1 and a2, the fish at g1-h1), a horizontal line across row 3 from a3 to f3, a
#: dotted line up column f from row 4, four circles.
MAT_ROWS: tuple[str, ...] = (
    ". . o . . : . .",
    ". . . . . : . o",
    ". o . . . : . .",
    "- - - - - - . r",
    "~ . . . . . o .",
    "~ ~ ~ . b . ~ ~",
)
COLUMN_LETTERS = "abcdefghij"


def piece(shape: str, colour: str) -> int:
    """A piece's code: ``2 * shape + colour`` (yellow 0, white 1), a small int for speed."""
    return SHAPES.index(shape) * 2 + COLOURS.index(colour)


def marking_bit(marking: str | None) -> int:
    """A marking's bit, in ``MARKINGS`` order (none: 0): ``MatLayout.marking_bits``."""
    return 0 if marking is None else 1 << MARKINGS.index(marking)


def shape_of(code: int) -> str:
    return SHAPES[code >> 1]


def colour_of(code: int) -> str:
    return COLOURS[code & 1]


def is_white(code: int) -> bool:
    return bool(code & 1)


def piece_text(code: int) -> str:
    """``"Cy"`` for a yellow cube, ``"Dw"`` for a white disk (a staged mat's notation)."""
    return SHAPE_LETTERS[code >> 1] + COLOUR_LETTERS[code & 1]


def piece_from_text(text: str) -> int | None:
    """The code of ``"Cy"``-style text, or None when it is not a piece."""
    if len(text) != 2 or text[0] not in SHAPE_LETTERS or text[1] not in COLOUR_LETTERS:
        return None
    return SHAPE_LETTERS.index(text[0]) * 2 + COLOUR_LETTERS.index(text[1])


class MatLayout:
    """A mat's grid: its cells, their names, their edges and their markings.

    ``rows`` are the mat's rows from the top down, one symbol per cell separated by spaces
    (``MARKING_SYMBOLS``, ``DECORATIONS``, ``.`` for a plain cell). Cells are ints, row by
    row from ``a1``: the engine indexes tuples with them."""

    def __init__(self, rows: Sequence[str]):
        grid = [row.split() for row in reversed(rows)]
        self.rows: tuple[str, ...] = tuple(rows)
        self.height = len(grid)
        self.width = len(grid[0]) if grid else 0
        self.size = self.width * self.height
        symbols = [symbol for row in grid for symbol in row]
        self.symbols: tuple[str, ...] = tuple(symbols)
        self.markings: tuple[str | None, ...] = tuple(MARKING_SYMBOLS.get(s) for s in symbols)
        #: Per cell, its marking as a bit (``designs.Sketch.markings``).
        self.marking_bits: tuple[int, ...] = tuple(map(marking_bit, self.markings))
        self.names: tuple[str, ...] = tuple(
            f"{COLUMN_LETTERS[c]}{r + 1}" for r in range(self.height) for c in range(self.width)
        )
        self._by_name = {name: cell for cell, name in enumerate(self.names)}
        self.neighbour_cells: tuple[tuple[int, ...], ...] = tuple(
            self._neighbours(cell) for cell in range(self.size)
        )
        #: Each cell and those sharing an edge with it.
        self.around: tuple[tuple[int, ...], ...] = tuple(
            (cell, *self.neighbour_cells[cell]) for cell in range(self.size)
        )

    def _neighbours(self, cell: int) -> tuple[int, ...]:
        row, column = divmod(cell, self.width)
        found = []
        for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            r, c = row + dr, column + dc
            if 0 <= r < self.height and 0 <= c < self.width:
                found.append(r * self.width + c)
        return tuple(sorted(found))

    @staticmethod
    def problem(rows: Any) -> str | None:
        """Why ``rows`` is not a mat's text (None when it is one): the ``Rules`` check."""
        if not isinstance(rows, tuple) or not 1 <= len(rows) <= 10:
            return "mat is a tuple of 1 to 10 rows of cell symbols"
        widths = set()
        for number, row in enumerate(rows):
            if not isinstance(row, str) or len(row) > 40:
                return f"mat row {number + 1} is not a short text of cell symbols"
            symbols = row.split()
            widths.add(len(symbols))
            known = {*MARKING_SYMBOLS, *DECORATIONS, "."}
            unknown = [s for s in symbols if s not in known]
            if unknown:
                return (
                    f"mat row {number + 1}: {unknown[0][:10]!r} is not a cell symbol "
                    f"(one of {' '.join(sorted(known))})"
                )
        if len(widths) != 1 or not 2 <= min(widths) <= len(COLUMN_LETTERS):
            return f"mat rows must all hold the same number of cells, 2 to {len(COLUMN_LETTERS)}"
        return None

    def cell(self, name: str) -> int:
        """The cell named ``name`` (``"c4"``); ``KeyError`` when the mat has none."""
        return self._by_name[name]

    def find(self, name: str) -> int | None:
        """The cell named ``name``, or None."""
        return self._by_name.get(name)

    def name(self, cell: int) -> str:
        return self.names[cell]

    def neighbours(self, cell: int) -> tuple[int, ...]:
        """The cells sharing an edge with ``cell``."""
        return self.neighbour_cells[cell]

    def marking(self, cell: int) -> str | None:
        return self.markings[cell]

    def cells_marked(self, marking: str) -> tuple[int, ...]:
        return tuple(c for c in range(self.size) if self.markings[c] == marking)

    def text(self) -> str:
        """The mat as rows of symbols with the row numbers and column letters."""
        lines = [f"{self.height - i} {row}" for i, row in enumerate(self.rows)]
        lines.append("  " + " ".join(COLUMN_LETTERS[: self.width]))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"MatLayout({self.rows!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatLayout) and other.rows == self.rows

    def __hash__(self) -> int:
        return hash(self.rows)


def cell_groups(
    stacks: Sequence[tuple[int, ...]], neighbours: Sequence[tuple[int, ...]]
) -> list[list[int]]:
    """The occupied cells in groups of touching pieces, in order of their first cell.

    Every stack is one column of touching pieces, and the pieces on the mat of two stacks
    sharing an edge touch: a group is every piece of a connected set of occupied cells.
    Flooding cells (not pieces) is what makes Design checks cheap. Each group is flooded
    from its first cell, so the order of its cells depends on the set of cells alone.

    >>> square = MatLayout([". .", ". ."]).neighbour_cells  # a1 b1 below, a2 b2 above
    >>> cell_groups([(0,), (2, 3), (), (4,)], square), cell_groups([(0,), (), (), (4,)], square)
    ([[0, 1, 3]], [[0], [3]])
    """
    seen = [False] * len(stacks)
    return [
        occupied_cells_from(start, stacks, neighbours, seen)
        for start, stack in enumerate(stacks)
        if stack and not seen[start]
    ]


def occupied_cells_from(
    start: int,
    stacks: Sequence[tuple[int, ...]],
    neighbours: Sequence[tuple[int, ...]],
    seen: list[bool],
) -> list[int]:
    """The occupied cells connected to the occupied cell ``start`` that ``seen`` does not
    mark yet, ``start`` first; each is marked in ``seen`` on the way."""
    seen[start] = True
    cells = [start]
    for cell in cells:
        for other in neighbours[cell]:
            if stacks[other] and not seen[other]:
                seen[other] = True
                cells.append(other)
    return cells


#: The kit's mat.
MAT = MatLayout(MAT_ROWS)
#: A piece's place on the mat: its cell and its level (0: standing on the mat).
Spot = tuple[int, int]


@dataclass(frozen=True)
class Building:
    """What stands on a mat: per cell, the stack of piece codes from the mat up, and the
    cells holding Priests. Immutable; ``put``, ``take`` and ``add_priest`` return new values.
    Whether a change is allowed is the rules' business (``placeable``, ``liftable``,
    ``priest_cells``); these methods only describe."""

    layout: MatLayout
    stacks: tuple[tuple[int, ...], ...]
    priests: tuple[int, ...] = ()
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def empty(layout: MatLayout = MAT) -> Building:
        return Building(layout, ((),) * layout.size)

    # ------------------------------------------------------------ changes
    def put(self, cell: int, code: int) -> Building:
        """A piece added on top of ``cell``'s stack."""
        stacks = list(self.stacks)
        stacks[cell] = (*stacks[cell], code)
        return Building(self.layout, tuple(stacks), self.priests)

    def take(self, cell: int) -> Building:
        """The top piece of ``cell``'s stack removed."""
        stacks = list(self.stacks)
        stacks[cell] = stacks[cell][:-1]
        return Building(self.layout, tuple(stacks), self.priests)

    def add_priest(self, cell: int) -> Building:
        return Building(self.layout, self.stacks, tuple(sorted((*self.priests, cell))))

    # ------------------------------------------------------------ pieces
    def spots(self) -> Iterator[Spot]:
        """Every piece's spot, cell by cell from the mat up."""
        for cell, stack in enumerate(self.stacks):
            for level in range(len(stack)):
                yield cell, level

    def code(self, spot: Spot) -> int:
        cell, level = spot
        return self.stacks[cell][level]

    def top(self, cell: int) -> int | None:
        stack = self.stacks[cell]
        return stack[-1] if stack else None

    def touching(self, spot: Spot) -> Iterator[Spot]:
        """The pieces touching the piece at ``spot`` (or that a piece there would touch)."""
        cell, level = spot
        stacks = self.stacks
        if level > 0:
            yield cell, level - 1
        if level + 1 < len(stacks[cell]):
            yield cell, level + 1
        for other in self.layout.neighbour_cells[cell]:
            if len(stacks[other]) > level:
                yield other, level

    def groups(self) -> tuple[frozenset[Spot], ...]:
        """The connected groups of touching pieces, single pieces included, in spot order."""
        found = self._cache.get("groups")
        if found is None:
            found = self._cache["groups"] = self._flood()
        return found

    def _flood(self) -> tuple[frozenset[Spot], ...]:
        stacks = self.stacks
        return tuple(
            frozenset((c, level) for c in cells for level in range(len(stacks[c])))
            for cells in cell_groups(stacks, self.layout.neighbour_cells)
        )

    def group_of(self, spot: Spot) -> frozenset[Spot]:
        for group in self.groups():
            if spot in group:
                return group
        raise KeyError(spot)

    def structures(self) -> tuple[frozenset[Spot], ...]:
        """The structures: groups of two or more touching pieces."""
        return tuple(group for group in self.groups() if len(group) >= 2)

    def graph(self) -> nx.Graph:
        """The touching graph (networkx): a node per piece spot, with its ``shape``,
        ``colour`` and ``cell`` name, an edge per touch. Its connected components of two or
        more nodes are the structures."""
        g = nx.Graph()
        for spot in self.spots():
            code = self.code(spot)
            g.add_node(
                spot, shape=shape_of(code), colour=colour_of(code), cell=self.layout.name(spot[0])
            )
        for spot in self.spots():
            g.add_edges_from((spot, other) for other in self.touching(spot))
        return g

    # ------------------------------------------------------------ priests and freezing
    def priest_touches(self, cell: int) -> tuple[Spot, ...]:
        """The pieces a Priest standing on the mat at ``cell`` touches: the pieces on the mat
        in the cells sharing an edge with it (a Priest is not a piece and stands at level 0)."""
        return tuple((n, 0) for n in self.layout.neighbour_cells[cell] if self.stacks[n])

    def held_by_priests(self) -> frozenset[Spot]:
        """The pieces frozen through a Priest: every piece of a group a Priest touches."""
        found = self._cache.get("held")
        if found is None:
            held: set[Spot] = set()
            for cell in self.priests:
                for spot in self.priest_touches(cell):
                    if spot not in held:
                        held |= self.group_of(spot)
            found = self._cache["held"] = frozenset(held)
        return found

    def is_frozen(self, spot: Spot) -> bool:
        """Frozen: white, covered by another piece, or held through a Priest."""
        cell, level = spot
        stack = self.stacks[cell]
        return bool(stack[level] & 1) or level + 1 < len(stack) or spot in self.held_by_priests()

    def describe(self, cell: int, level: int) -> str:
        code = self.stacks[cell][level]
        where = (
            self.layout.name(cell) if level == 0 else f"{self.layout.name(cell)} (level {level})"
        )
        return f"{colour_of(code)} {shape_of(code)} on {where}"

    # ------------------------------------------------------------ texts
    def lines(self) -> list[str]:
        """The building as staging text: one line per occupied cell, ``c4: Cy Dw`` (bottom
        first), then ``priests: e2 f5`` if any."""
        found = [
            f"{self.layout.name(cell)}: {' '.join(piece_text(code) for code in stack)}"
            for cell, stack in enumerate(self.stacks)
            if stack
        ]
        if self.priests:
            found.append("priests: " + " ".join(self.layout.name(c) for c in self.priests))
        return found

    def _repr_svg_(self) -> str:
        from .svg import building_svg

        return building_svg(self)

    def count(self, code: int) -> int:
        """How many pieces with ``code`` stand on the mat."""
        return sum(stack.count(code) for stack in self.stacks)
