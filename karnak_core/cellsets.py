"""Sets of a mat's cells as int bitmasks (bit ``c`` for cell ``c``): the engine's fast path.

The cells open to a piece, those a Priest may go to and those MOVE may lift are each a few
int operations over the whole mat this way (``Game._open_bits``), instead of a loop over its
cells; ``CellActions`` turns such a set into the actions of its cells, in cell order, a byte
of the mask at a time.

>>> from karnak_core.mat import MatLayout
>>> grid = CellGrid(MatLayout([". . .", "~ . ."]))  # a1 b1 c1 below (a1 water), a2 b2 c2 above
>>> f"{grid.beside(0b000001):06b}", f"{grid.beside(0b010000):06b}"  # beside a1, beside b2
('001010', '101010')
>>> [f"{m:06b}" for m in grid.marked]
['111110', '000001', '000000', '000000', '000000']
>>> out = []
>>> CellActions([("a",), (), ("c", "C")]).add_to(out, 0b101)
>>> out
['a', 'c', 'C']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from .mat import MARKINGS, MatLayout

T = TypeVar("T")


def mask_of(found: Sequence[object]) -> int:
    """The cells whose entry is true, as a mask."""
    mask = 0
    if not any(found):
        return mask  # a mat set up: spared a loop over its cells
    for c, there in enumerate(found):
        if there:
            mask |= 1 << c
    return mask


class CellGrid:
    """A layout's constants for cell masks: the whole mat, the cells with a neighbour to
    their left or right, each cell's neighbours, and the cells of each marking (none first,
    then ``MARKINGS``)."""

    __slots__ = ("width", "full", "has_left", "has_right", "marked", "neighbour_bits", "firsts")

    #: How many masks ``firsts`` keeps at most (then it starts again): the masks of a game's
    #: lone cells are few, and the early ones the same in every game.
    FIRSTS_KEPT = 4096

    def __init__(self, layout: MatLayout):
        width = self.width = layout.width
        self.full = (1 << layout.size) - 1
        columns = [c % width for c in range(layout.size)]
        self.has_left = mask_of([column > 0 for column in columns])
        self.has_right = mask_of([column < width - 1 for column in columns])
        #: Per cell, the cells sharing an edge with it.
        self.neighbour_bits: tuple[int, ...] = tuple(
            mask_of([n in layout.neighbour_cells[c] for n in range(layout.size)])
            for c in range(layout.size)
        )
        self.marked: tuple[int, ...] = tuple(
            mask_of([m == marking for m in layout.markings]) for marking in (None, *MARKINGS)
        )
        #: ``first_of_each_marking`` as found so far, by mask.
        self.firsts: dict[int, int] = {}

    def first_of_each_marking(self, mask: int) -> int:
        """Of the cells in ``mask``, the first of each marking (``Game._open_bits``), kept
        in ``firsts``."""
        found = 0
        for marked in self.marked:
            first = mask & marked
            if first:
                found |= first & -first
        if len(self.firsts) >= self.FIRSTS_KEPT:
            self.firsts.clear()
        self.firsts[mask] = found
        return found

    def beside(self, mask: int) -> int:
        """The cells sharing an edge with a cell of ``mask``."""
        return (
            (mask & self.has_right) << 1
            | (mask & self.has_left) >> 1
            | (mask << self.width) & self.full
            | mask >> self.width
        )


class CellActions(Generic[T]):
    """Per cell, a tuple of actions; ``add_to`` lists those of the cells in a mask, in cell
    order. Each byte of a mask is looked up as a whole: the tuple for each of its 256
    values is joined the first time it is met, then kept."""

    __slots__ = ("per_cell", "size", "rows")

    def __init__(self, per_cell: Sequence[tuple[T, ...]]):
        self.per_cell = per_cell
        self.size = (len(per_cell) + 7) // 8
        self.rows: list[list[tuple[T, ...] | None]] = [[None] * 256 for _ in range(self.size)]

    def add_to(self, out: list[T], mask: int) -> None:
        """Append the actions of the cells in ``mask`` to ``out``."""
        rows = self.rows
        for i, byte in enumerate(mask.to_bytes(self.size, "little")):
            if byte:
                found = rows[i][byte]
                if found is None:
                    found = rows[i][byte] = self._joined(i, byte)
                out += found

    def _joined(self, i: int, byte: int) -> tuple[T, ...]:
        per_cell = self.per_cell
        return tuple(
            action
            for bit in range(8)
            if byte >> bit & 1 and 8 * i + bit < len(per_cell)
            for action in per_cell[8 * i + bit]
        )


__all__ = ["CellActions", "CellGrid", "mask_of"]
