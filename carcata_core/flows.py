"""Lava flows: where the tokens of one flow go, and every flow a player may start.

A space's contents are bit flags in one list (``PAWN``, ``STATUE``, ``LAVA``), so a flow
reads one number per space. A flow starts *fresh* on a top space free of lava and statue
(its first token goes there) in a downhill direction, or *continues* from a space holding an
older token (its first token goes on the next space). Each token lies lower than the one
before; a statue in the way turns the flow a sixth of a turn left or right, onto a lower
space free of statue and lava, when it can (the action names the turn); the flow stops at
the sea, at a space that is not lower, at a statue it cannot pass, or at an older token
(``Rules.meeting_flows``: ``"join"`` passes over it and goes on).

>>> from carcata_core.board import ISLAND
>>> block = [0] * ISLAND.size
>>> [ISLAND.name(c) for c in trace(ISLAND.cell("6-1"), 1, (), 3, block, False)]
['6-1', '5-1', '4-1']
>>> len(legal_flows(block, 2, False))  # six top spaces, three downhill directions each
18
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Lava
from .board import ISLAND

PAWN = 1
STATUE = 2
LAVA = 4
#: A space a flow may be turned onto must be free of these.
STOPS = STATUE | LAVA

STEP = ISLAND.step_table
LEVEL = ISLAND.levels_of
TOP_LEVEL = ISLAND.levels
TOP = ISLAND.top
#: The directions whose next space is lower, for each space.
DOWNHILL: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d, n in enumerate(STEP[c]) if n >= 0 and LEVEL[n] < LEVEL[c])
    for c in range(ISLAND.size)
)
TURNS = ("left", "right")
#: ``TURNED[d]``: the directions a sixth of a turn left and right of ``d``.
TURNED: tuple[tuple[int, int], ...] = tuple(((d + 1) % 6, (d - 1) % 6) for d in range(6))


def is_fresh_start(cell: int, block: Sequence[int]) -> bool:
    """Whether a fresh flow may start on ``cell``: a top space free of lava and statue."""
    return LEVEL[cell] == TOP_LEVEL and not block[cell] & STOPS


def _turn_target(cur: int, d: int, side: int, block: Sequence[int]) -> int:
    """The space a statue turns a flow onto (``side`` 0 left, 1 right), or -1."""
    n = STEP[cur][TURNED[d][side]]
    if n < 0 or LEVEL[n] >= LEVEL[cur] or block[n] & STOPS:
        return -1
    return n


def trace(
    start: int,
    direction: int,
    turns: tuple[str, ...],
    tokens: int,
    block: Sequence[int],
    join: bool,
) -> list[int] | None:
    """The spaces the ``tokens`` of a flow from ``start`` towards ``direction`` cover, in
    order; ``None`` when the flow cannot be placed that way (a start that is neither fresh
    nor on lava, a fresh flow not downhill, no first token, or ``turns`` that do not match
    the statues met)."""
    if block[start] & LAVA:
        placed: list[int] = []
    elif is_fresh_start(start, block) and direction in DOWNHILL[start]:
        placed = [start]
    else:
        return None
    cur, d, used = start, direction, 0
    while len(placed) < tokens:
        nxt = STEP[cur][d]
        if nxt < 0:
            break
        b = block[nxt]
        if b & STATUE:
            if used >= len(turns):
                if _turn_target(cur, d, 0, block) >= 0 or _turn_target(cur, d, 1, block) >= 0:
                    return None  # the statue turns the flow: the action must say which way
                break
            side = 0 if turns[used] == "left" else 1
            used += 1
            nxt = _turn_target(cur, d, side, block)
            if nxt < 0:
                return None
            d = TURNED[d][side]
            placed.append(nxt)
            cur = nxt
            continue
        if LEVEL[nxt] >= LEVEL[cur]:
            break
        if b & LAVA:
            if join:
                cur = nxt
                continue
            break
        placed.append(nxt)
        cur = nxt
    if used != len(turns) or not placed:
        return None
    return placed


_LAVAS: dict[tuple[int, int, tuple[str, ...]], Lava] = {}


def lava_action(cell: int, direction: int, turns: tuple[str, ...]) -> Lava:
    """The one ``Lava`` value of a flow (interned: the legal lists share them)."""
    key = (cell, direction, turns)
    found = _LAVAS.get(key)
    if found is None:
        found = _LAVAS[key] = Lava(cell, direction, turns)
    return found


def _extend(
    out: list[Lava],
    start: int,
    first: int,
    cur: int,
    d: int,
    left: int,
    turns: tuple[str, ...],
    placed: int,
    block: Sequence[int],
    join: bool,
) -> None:
    """Add every way the flow from ``start`` towards ``first``, now at ``cur`` heading
    ``d`` with ``left`` tokens, goes on (a statue branches it); one that placed no token
    is no flow."""
    while left > 0:
        nxt = STEP[cur][d]
        if nxt < 0:
            break
        b = block[nxt]
        if b & STATUE:
            branched = False
            for side in (0, 1):
                n = _turn_target(cur, d, side, block)
                if n >= 0:
                    branched = True
                    _extend(
                        out, start, first, n, TURNED[d][side], left - 1,
                        (*turns, TURNS[side]), placed + 1, block, join,
                    )  # fmt: skip
            if branched:
                return
            break
        if LEVEL[nxt] >= LEVEL[cur]:
            break
        if b & LAVA:
            if join:
                cur = nxt
                continue
            break
        cur, left, placed = nxt, left - 1, placed + 1
    if placed:
        key = (start, first, turns)
        found = _LAVAS.get(key)
        out.append(found if found is not None else lava_action(start, first, turns))


def legal_flows(
    block: Sequence[int], tokens: int, join: bool, flows: Sequence[Sequence[int]] = ()
) -> list[Lava]:
    """Every flow of ``tokens`` tokens that can be placed, as actions: fresh flows from the
    top spaces, then flows continuing from each older token (the tokens of ``flows``, in
    order), by direction (two may cover the same spaces: each is its own action)."""
    out: list[Lava] = []
    if tokens <= 0:
        return out
    for cell in TOP:
        if not block[cell] & STOPS:
            for d in DOWNHILL[cell]:
                _extend(out, cell, d, cell, d, tokens - 1, (), 1, block, join)
    for flow in flows:
        for cell in flow:
            here = LEVEL[cell]
            row = STEP[cell]
            for d in range(6):
                nxt = row[d]
                if nxt < 0:
                    continue
                nb = block[nxt]
                # Most directions fail at once (uphill, level, or onto lava): skip those.
                if not nb & STATUE and (LEVEL[nxt] >= here or (nb & LAVA and not join)):
                    continue
                _extend(out, cell, d, cell, d, tokens, (), 0, block, join)
    return out


__all__ = ["LAVA", "PAWN", "STATUE", "is_fresh_start", "lava_action", "legal_flows", "trace"]
