"""Points: each surviving pawn's level, the gems collected, and the loose gems of the closed
territory each pawn stands in.

Territories are the connected parts of the island without lava (``Island.regions``). The
island still in one piece is not a closed territory unless ``Rules.whole_island_scores``:
only lava flows that cut it close territories (RULINGS, "territories").
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import ISLAND
from .flows import LAVA
from .rules import Rules
from .state import State


def territories(s: State) -> list[frozenset[int]]:
    """The connected parts of the island without lava, largest first (kept in the state
    until lava changes)."""
    found = s.parts
    if found is None:
        lava = {c for c, b in enumerate(s.block) if b & LAVA}
        found = s.parts = [frozenset(part) for part in ISLAND.regions(lava)]
    return list(found)


def closed(parts: list[frozenset[int]], rules: Rules) -> list[bool]:
    """Which of ``parts`` are closed territories."""
    shut = len(parts) >= 2 or rules.whole_island_scores
    return [shut] * len(parts)


@dataclass(frozen=True)
class Points:
    """One seat's points, by source (all 0 for an eliminated tribe or when the island wins)."""

    pawns: int
    riders: int
    gems: int
    territory: int

    @property
    def total(self) -> int:
        return self.pawns + self.riders + self.gems + self.territory


def breakdown(s: State, rules: Rules) -> list[Points]:
    """Each seat's points as the game stands (final once it is over)."""
    players = len(s.positions)
    if s.island_won:
        return [Points(0, 0, 0, 0)] * players
    values = rules.gem_points
    parts = territories(s)
    shut = closed(parts, rules)
    loose_in: dict[int, int] = {}
    for i, part in enumerate(parts):
        if shut[i]:
            worth = sum(values[g] for c in part for g in s.gems[c])
            for c in part:
                loose_in[c] = worth
    out = []
    for seat in range(players):
        if seat in s.eliminated:
            out.append(Points(0, 0, 0, 0))
            continue
        cells = s.positions[seat]
        out.append(
            Points(
                pawns=sum(ISLAND.levels_of[c] for c in cells),
                riders=rules.rider_points * s.riders.count(seat),
                gems=sum(n * v for n, v in zip(s.collected[seat], values, strict=True)),
                territory=sum(loose_in.get(c, 0) for c in cells),
            )
        )
    return out


def pawn_count(s: State, seat: int) -> int:
    """A tribe's pawns left, riders included."""
    return len(s.positions[seat]) + s.riders.count(seat)


def winners(s: State, rules: Rules, over: bool) -> list[int]:
    """The winning seats once ``over``: the most points among the survivors, then (ties)
    the most surviving pawns (``Rules.tie_break_pawns``); nobody when the island wins or no
    tribe survives."""
    if not over or s.island_won:
        return []
    survivors = [seat for seat in range(len(s.positions)) if seat not in s.eliminated]
    if not survivors:
        return []
    totals = [p.total for p in breakdown(s, rules)]
    best = max(totals[seat] for seat in survivors)
    tied = [seat for seat in survivors if totals[seat] == best]
    if len(tied) > 1 and rules.tie_break_pawns:
        most = max(pawn_count(s, seat) for seat in tied)
        tied = [seat for seat in tied if pawn_count(s, seat) == most]
    return tied


__all__ = ["Points", "breakdown", "closed", "pawn_count", "territories", "winners"]
