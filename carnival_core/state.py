"""The mutable state behind a ``Game``: small slotted records that copy fast.

Cards are kinds (small ints, see ``cards.CardSet``). A card placed in a Spectator row or on
the Carnival stack is an *entry*: a face-up Creature is its kind; a Mask is ``MASKED`` plus
who placed it plus the kind it hides (``NOTHING`` for a Mask that hides no card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.action_log import LogNode

if TYPE_CHECKING:
    from .cards import CardSet

MASKED = 1 << 11
NOTHING = 127
_PLACER_SHIFT = 7


def masked_entry(hidden: int, placer: int) -> int:
    """The entry of a Mask hiding ``hidden`` (a kind, or ``NOTHING``), placed by seat ``placer``
    (-1: not known)."""
    return MASKED | ((placer + 1) << _PLACER_SHIFT) | hidden


def is_masked(entry: int) -> bool:
    return entry >= MASKED


def hidden_of(entry: int) -> int:
    """The kind a Mask entry hides (``NOTHING`` if none); a face-up entry is its own kind."""
    return entry & 127


def placer_of(entry: int) -> int:
    """The seat that placed a Mask entry, or -1 when not known."""
    return ((entry >> _PLACER_SHIFT) & 15) - 1


class State:
    """Everything that changes during a game. The deck list has its top card last."""

    __slots__ = (
        "hands",
        "spectators",
        "carnival",
        "deck",
        "set_aside",
        "current",
        "starter",
        "round",
        "over",
        "seed",
        "known_masks",
        "results",
        "carnival_sums",
        "spectator_sums",
        "log",
    )

    def __init__(
        self,
        hands: list[list[int]],
        spectators: list[list[int]],
        carnival: list[int],
        deck: list[int],
        set_aside: list[int],
        current: int,
        starter: int,
        round: int,
        over: bool,
        seed: int,
        known_masks: list[int],
        results: tuple[Any, ...],
        carnival_sums: list[int],
        spectator_sums: list[list[int]],
        log: LogNode,
    ):
        self.hands = hands
        self.spectators = spectators
        self.carnival = carnival
        self.deck = deck
        #: Cards discarded at setup. Never changed in place (a new deal replaces it), so
        #: copies share it.
        self.set_aside = set_aside
        self.current = current
        self.starter = starter
        self.round = round
        self.over = over
        self.seed = seed
        #: Masks each hand is publicly known to hold (a lower bound).
        self.known_masks = known_masks
        #: One ``scoring.RoundResult`` per finished round (immutable, shared by copies).
        self.results = results
        #: Creature sums by type: the Carnival stack (as it will count at the reveal) and each
        #: Spectator row (hidden cards included).
        self.carnival_sums = carnival_sums
        self.spectator_sums = spectator_sums
        self.log = log

    def copy(self) -> State:
        return State(
            [hand[:] for hand in self.hands],
            [row[:] for row in self.spectators],
            self.carnival[:],
            self.deck[:],
            self.set_aside,
            self.current,
            self.starter,
            self.round,
            self.over,
            self.seed,
            self.known_masks[:],
            self.results,
            self.carnival_sums[:],
            [sums[:] for sums in self.spectator_sums],
            self.log,
        )


def count_sums(state: State, cards: CardSet, masked_carnival_counts: bool) -> None:
    """Set the state's Creature sums from its entries (after a deal, a load or a resample)."""
    types, values = cards.type_of, cards.value_of
    carnival = [0] * cards.types
    for entry in state.carnival:
        if entry < MASKED or masked_carnival_counts:
            kind = entry & 127
            if kind != NOTHING:
                carnival[types[kind]] += values[kind]
    state.carnival_sums = carnival
    state.spectator_sums = []
    for row in state.spectators:
        sums = [0] * cards.types
        for entry in row:
            kind = entry & 127
            if kind != NOTHING:
                sums[types[kind]] += values[kind]
        state.spectator_sums.append(sums)
