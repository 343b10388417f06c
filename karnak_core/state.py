"""The mutable state behind a ``Game``: plain lists of small ints that copy fast.

Pieces are codes (``2 * shape + colour``, ``mat.piece``); Designs are indices into the game's
Design tuple; Favor cards are indices into ``FAVOR_KINDS``. Decks keep their top card last.

A cell's pieces are held by a Priest all together or not at all: a piece on top of another
touches it, so a stack is one connected column. Nothing may be placed touching a held piece
and held pieces never move, so the held cells only grow, when a Priest is placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.action_log import LogNode

from .cellsets import mask_of

if TYPE_CHECKING:
    from .designs import Sketch

#: The phases of a turn (``docs/karnak.md``, "Playing it").
TURN, PLACE, PUT, LIFT, AFTER, REVEALING, DISCARD = range(7)
PHASES: tuple[str, ...] = ("turn", "place", "put", "lift", "after", "revealing", "discard")


class Group:
    """A group of touching pieces in a game (``mat.cell_groups``): its cells, its ``Sketch``
    and how many pieces stand on it (the sketch's size), and per Design index whether it
    meets the Design's goal, as found so far: what spares checking a Design again on every
    structure at every change. A piece coming to or leaving one of its cells changes the
    group in place (forgetting the Designs) when the state that made it alone holds it,
    and otherwise replaces it with a new one, so copies of a state never see each other's
    changes (``State.token``)."""

    __slots__ = ("cells", "size", "sketch", "meets", "owner")

    def __init__(self, cells: list[int], sketch: Sketch, owner: object):
        self.cells = cells
        self.size = sketch.size
        self.sketch = sketch
        #: Per Design index, whether the group meets its goal (None: not found yet).
        self.meets: list[bool | None] | None = None
        #: The ``State.token`` of the state that made it and may change it in place.
        self.owner = owner


class State:
    """Everything that changes during a game."""

    __slots__ = (
        "stacks",
        "held",
        "priest_at",
        "near_priest",
        "supply",
        "priest_supply",
        "priests",
        "hands",
        "revealed",
        "favors",
        "deck",
        "discarded_by",
        "favor_deck",
        "favor_out",
        "favor_used",
        "current",
        "starter",
        "phase",
        "put_shape",
        "put_white",
        "resume",
        "round",
        "over",
        "seed",
        "building",
        "pieces",
        "complete",
        "structures",
        "group_at",
        "occupied_bits",
        "tops",
        "held_bits",
        "near_held_bits",
        "priest_bits",
        "cell_kinds",
        "joining_bits",
        "alone_bits",
        "open_bits",
        "lift_bits",
        "yellow_shapes",
        "priest_cell_bits",
        "log",
        "token",
    )

    #: Per cell, its stack from the mat up (a tuple: replaced, never changed in place, so a
    #: copy of the state copies one list).
    stacks: list[tuple[int, ...]]
    #: Per cell: is its stack held by a Priest?
    held: list[bool]
    #: Per cell: does a Priest stand there? How many Priests stand next to it?
    priest_at: list[bool]
    near_priest: list[int]
    #: Pieces left in the supply, by code.
    supply: list[int]
    priest_supply: int
    #: Priests each seat holds, not yet placed.
    priests: list[int]
    #: Each seat's Designs in hand (sorted) and revealed (in the order shown).
    hands: list[list[int]]
    revealed: list[list[int]]
    #: Each seat's unused Favor cards, counted by kind.
    favors: list[list[int]]
    deck: list[int]
    #: Per Design: the seat that last discarded it, while it is hidden (-1: none). That seat
    #: knows where the card is: its place in the deck, or the hand that drew it.
    discarded_by: list[int]
    favor_deck: list[int]
    #: The Favor cards left in the box at setup, and those used (out of play, public).
    favor_out: list[int]
    favor_used: list[int]
    current: int
    starter: int
    phase: int
    #: In phase ``put``: the shape to put and whether it must be white (after a lift).
    put_shape: int
    put_white: bool
    #: The phase a Favor card's piece (or a MOVE's) returns to once put.
    resume: int
    round: int
    over: bool
    seed: int
    #: The ``Building`` of the stacks and Priests now, made when asked for (None: stale).
    building: Any
    #: The same without the Priests (what Designs are checked on: a Priest is not a piece),
    #: and per Design index whether it is complete on it, as far as asked (None: not yet).
    #: None: stale. The list is replaced, never cleared, when the pieces change, so copies
    #: share it.
    pieces: Any
    complete: list[bool | None] | None
    #: The structures (groups of two pieces or more), and each cell's group of touching
    #: pieces (None: empty), kept up to date as pieces come and go (``Game._regroup``);
    #: None: not found yet. Changed in place: a copy has its own lists (of the same groups).
    structures: list[Group] | None
    group_at: list[Group | None] | None
    #: The mat as cell masks (``cellsets``), kept up to date as pieces and Priests come and
    #: go: the occupied cells; per piece code, the cells it tops; the held cells and the
    #: Priests' cells.
    occupied_bits: int
    tops: list[int]
    held_bits: int
    priest_bits: int
    #: The cells beside a held piece (found with the cells' kinds).
    near_held_bits: int
    #: The shapes with a yellow piece in the supply, as bits (``ActionTable.place_cells``),
    #: kept up to date as the supply changes.
    yellow_shapes: int
    #: Per cell, what a piece placed there would be: 0 not allowed, 1 allowed, 2 allowed and
    #: alone (an empty cell, nothing beside it); the cells of kinds 1 and 2 as masks. Updated
    #: cell by cell, in place, as pieces come and go, and a Priest comes (None: not found
    #: yet).
    cell_kinds: list[int] | None
    joining_bits: int
    alone_bits: int
    #: The cells open to a piece (merged, ``Game.legal_actions``), those MOVE may lift and
    #: those a Priest may go to, as found since the last change of the mat (None: not yet).
    open_bits: int | None
    lift_bits: int | None
    priest_cell_bits: int | None
    log: LogNode
    #: Marks the groups this state made and alone holds (``Group.owner``); a copy gives both
    #: states new tokens, as they then share their groups.
    token: object

    def changed(self, pieces: bool = True) -> None:
        """Forget what was found about the mat: its pieces and supply changed, or (``pieces``
        False) only its Priests."""
        self.building = None
        self.open_bits = None
        self.lift_bits = None
        self.priest_cell_bits = None
        if pieces:
            self.pieces = None
            self.complete = None

    def set_masks(self) -> None:
        """The cell masks found anew from the stacks, held cells and Priests, the yellow
        shapes from the supply, and the groups and cells' kinds forgotten (they are the rules' business: ``Game`` finds them when
        they are None)."""
        tops = [0] * len(self.supply)
        self.occupied_bits = mask_of(self.stacks)
        if self.occupied_bits:
            for c, stack in enumerate(self.stacks):
                if stack:
                    tops[stack[-1]] |= 1 << c
        self.tops = tops
        self.held_bits = mask_of(self.held)
        self.priest_bits = mask_of(self.priest_at)
        self.yellow_shapes = mask_of(self.supply[0::2])
        self.cell_kinds = None
        self.structures = None
        self.group_at = None
        self.changed()

    def copy(self) -> State:
        # The copy shares the groups, so neither state may change them in place any more.
        self.token = object()
        clone = State.__new__(State)
        clone.token = object()
        clone.stacks = self.stacks[:]
        clone.held = self.held[:]
        clone.priest_at = self.priest_at[:]
        clone.near_priest = self.near_priest[:]
        clone.supply = self.supply[:]
        clone.priest_supply = self.priest_supply
        clone.priests = self.priests[:]
        clone.hands = [hand[:] for hand in self.hands]
        clone.revealed = [row[:] for row in self.revealed]
        clone.favors = [row[:] for row in self.favors]
        clone.deck = self.deck[:]
        clone.discarded_by = self.discarded_by[:]
        clone.favor_deck = self.favor_deck[:]
        clone.favor_out = self.favor_out[:]
        clone.favor_used = self.favor_used[:]
        clone.current = self.current
        clone.starter = self.starter
        clone.phase = self.phase
        clone.put_shape = self.put_shape
        clone.put_white = self.put_white
        clone.resume = self.resume
        clone.round = self.round
        clone.over = self.over
        clone.seed = self.seed
        clone.building = self.building
        clone.pieces = self.pieces
        clone.complete = self.complete
        clone.structures = None if self.structures is None else self.structures[:]
        clone.group_at = None if self.group_at is None else self.group_at[:]
        clone.occupied_bits = self.occupied_bits
        clone.tops = self.tops[:]
        clone.cell_kinds = None if self.cell_kinds is None else self.cell_kinds[:]
        clone.joining_bits = self.joining_bits
        clone.alone_bits = self.alone_bits
        clone.held_bits = self.held_bits
        clone.near_held_bits = self.near_held_bits
        clone.priest_bits = self.priest_bits
        clone.open_bits = self.open_bits
        clone.lift_bits = self.lift_bits
        clone.yellow_shapes = self.yellow_shapes
        clone.priest_cell_bits = self.priest_cell_bits
        clone.log = self.log
        return clone


__all__ = ["PHASES", "Group", "State"]
