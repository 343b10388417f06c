"""The mutable state behind a ``Game``: flat lists indexed by space, copied fast.

``block[cell]`` holds bit flags (``flows.PAWN``, ``STATUE``, ``LAVA``): what stops a pawn
or a flow is one number per space. ``pawn[cell]`` is the seat of the pawn there (-1: none);
``gems[cell]`` the colours lying there (a tuple, shared by copies).
"""

from __future__ import annotations

from typing import Any

from tabletop.action_log import LogNode

#: The phases of a game, in the order a turn goes through them.
SETUP, ROLL, DICE, EFFECTS, DRAW, AIM, LAND, OVER = range(8)
PHASES = ("setup", "roll", "dice", "effects", "draw", "aim", "land", "over")
#: The phases where chance, not a player, decides.
CHANCE_PHASES = frozenset((ROLL, DRAW, LAND))
#: The pool of effects: indices into ``State.pool``.
MOVES, LAVA_FACES, ERUPTIONS, STATUES = range(4)


class State:
    """Everything that changes during a game."""

    __slots__ = (
        "pawn",
        "block",
        "positions",
        "riders",
        "gems",
        "flows",
        "statues_off",
        "bag",
        "collected",
        "lava_left",
        "turtle",
        "phase",
        "current",
        "placed",
        "to_roll",
        "unlocked",
        "locked",
        "pool",
        "drawn",
        "aim",
        "eliminated",
        "island_won",
        "chances",
        "seed_key",
        "seed",
        "flow_cache",
        "parts",
        "log",
    )

    pawn: list[int]
    block: list[int]
    #: Each seat's pawns on the island, by space.
    positions: list[list[int]]
    #: The seats of the pawns riding the Turtle, in boarding order.
    riders: tuple[int, ...]
    gems: list[tuple[int, ...]]
    #: Every flow placed, each the spaces of its tokens in order (for pictures).
    flows: tuple[tuple[int, ...], ...]
    statues_off: int
    bag: list[int]
    #: Gems collected, by seat then colour.
    collected: list[list[int]]
    lava_left: int
    #: Turtle advances so far.
    turtle: int
    phase: int
    current: int
    #: Pawns placed at set-up so far.
    placed: int
    #: Dice the next roll throws.
    to_roll: int
    #: Dice kept, by face (the turtle count unused: turtles are ``locked``).
    unlocked: tuple[int, ...]
    locked: int
    #: Effects left: moves, lava faces, eruptions, statues.
    pool: list[int]
    #: The colour drawn and waiting to be aimed (-1: none).
    drawn: int
    #: The space the gem in the air was aimed at (-1: none).
    aim: int
    eliminated: tuple[int, ...]
    island_won: bool
    #: Chance outcomes so far: the position in the game's seeded stream.
    chances: int
    seed_key: int
    seed: int
    #: The legal flows of this turn's lava, until lava or statues change (None: not known).
    flow_cache: Any
    #: The territories, until lava changes (None: not known).
    parts: Any
    log: LogNode

    def copy(self) -> State:
        new = State.__new__(State)
        new.pawn = self.pawn[:]
        new.block = self.block[:]
        new.positions = [p[:] for p in self.positions]
        new.riders = self.riders
        new.gems = self.gems[:]
        new.flows = self.flows
        new.statues_off = self.statues_off
        new.bag = self.bag[:]
        new.collected = [c[:] for c in self.collected]
        new.lava_left = self.lava_left
        new.turtle = self.turtle
        new.phase = self.phase
        new.current = self.current
        new.placed = self.placed
        new.to_roll = self.to_roll
        new.unlocked = self.unlocked
        new.locked = self.locked
        new.pool = self.pool[:]
        new.drawn = self.drawn
        new.aim = self.aim
        new.eliminated = self.eliminated
        new.island_won = self.island_won
        new.chances = self.chances
        new.seed_key = self.seed_key
        new.seed = self.seed
        new.flow_cache = self.flow_cache
        new.parts = self.parts
        new.log = self.log
        return new


MASK64 = (1 << 64) - 1


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit word from any 64-bit word."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & MASK64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & MASK64
    return z ^ (z >> 31)


def seed_key(seed: int) -> int:
    """The stream key of a game's seed."""
    return mix64((seed + 0x9E3779B97F4A7C15) & MASK64)


def chance_word(key: int, counter: int) -> int:
    """The 64-bit word of the ``counter``-th chance outcome of a game's stream: a
    counter-based generator (SplitMix64), so a copy carries no generator of its own and the
    same seed replays the same outcomes."""
    return mix64((key + (counter + 1) * 0x9E3779B97F4A7C15) & MASK64)


def uniform(word: int) -> float:
    """A uniform float in [0, 1) from a 64-bit word."""
    return (word >> 11) * 2.0**-53


__all__ = ["CHANCE_PHASES", "PHASES", "State", "chance_word", "mix64", "seed_key", "uniform"]
