"""What one seat may know: the mat, the supply and every public card, its own hands, and only
the sizes of the others' hands and of the decks.

>>> from karnak_core.game import Game
>>> seen = Game.new(3, seed=2).observation(1)
>>> seen.seat, len(seen.design_counts), seen.favor_deck_size, seen.favor_counts
(1, 3, 25, (0, 0, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .designs import Design
from .mat import Building
from .rules import FAVOR_KINDS
from .state import PHASES, State

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Observation:
    """One seat's view of a game (a frozen value)."""

    seat: int
    round: int
    #: The seat to act, or None once the game is over.
    current_player: int | None
    phase: str
    building: Building
    #: The supply: pieces by code (``2 * shape + colour``) and Priests.
    supply: tuple[int, ...]
    priest_supply: int
    #: Priests each seat holds, not yet placed (public).
    priests: tuple[int, ...]
    #: This seat's Designs in hand and Favor cards by kind.
    hand: tuple[Design, ...]
    favors: dict[str, int]
    design_counts: tuple[int, ...]
    favor_counts: tuple[int, ...]
    revealed: tuple[tuple[Design, ...], ...]
    #: Favor cards used so far (out of play, seen by all), by kind.
    favors_used: dict[str, int]
    deck_size: int
    favor_deck_size: int


def observe(game: Game, s: State, seat: int) -> Observation:
    designs = game.designs
    used = {kind: s.favor_used.count(k) for k, kind in enumerate(FAVOR_KINDS)}
    return Observation(
        seat=seat,
        round=s.round,
        current_player=None if s.over else s.current,
        phase="over" if s.over else PHASES[s.phase],
        building=game.building(),
        supply=tuple(s.supply),
        priest_supply=s.priest_supply,
        priests=tuple(s.priests),
        hand=tuple(designs[i] for i in s.hands[seat]),
        favors={kind: n for kind, n in zip(FAVOR_KINDS, s.favors[seat], strict=True) if n},
        design_counts=tuple(len(hand) for hand in s.hands),
        favor_counts=tuple(sum(row) for row in s.favors),
        revealed=tuple(tuple(designs[i] for i in row) for row in s.revealed),
        favors_used={kind: n for kind, n in used.items() if n},
        deck_size=len(s.deck),
        favor_deck_size=len(s.favor_deck),
    )


__all__ = ["Observation", "observe"]
