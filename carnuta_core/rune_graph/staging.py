"""Staging: a position (for ``Game.from_json``) in which a player shows a given rune state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..deck import Deck
from ..errors import PositionError
from ..model import Kind, Origin, Row
from ..rules import Rules
from .states import RuneState


def to_position(
    state: RuneState,
    deck: Deck,
    *,
    rules: Rules | None = None,
    players: int | None = None,
    counter: int | None = None,
    hand: Sequence[str] = (),
    seed: int = 0,
) -> dict[str, Any]:
    """A position (for ``Game.from_json``) in which player 1 shows ``state`` and is to act.

    ``counter`` (cards in play) defaults to the lowest that gives the state's open spaces.
    Without a reserve in ``state``, the reserve is as full as the game's runes allow (4
    players by default). The other players hold the runes left over.

    >>> from carnuta_core import Game, reference_deck
    >>> game = Game.from_json(to_position(RuneState.start(players=3), reference_deck()))
    >>> RuneState.of(game, 0).label
    '☀2 ☾2 ·0 🔒2 | reserve ☀2 ☾2'
    """
    rules = rules or Rules()
    if players is None:
        players = rules.player_counts[-1]
        if state.total is not None:  # the smallest game that holds the state's runes
            players = next(
                (n for n in rules.player_counts if rules.total_runes(n) >= state.total), players
            )
    total = rules.total_runes(players)
    if state.open_spaces + state.locked != rules.rune_spaces:
        raise PositionError(
            "rune state", f"{state.open_spaces} open + {state.locked} locked != {rules.rune_spaces}"
        )
    if counter is None:
        counter = rules.counter_for_open_spaces(state.open_spaces)
        if counter is None:
            raise PositionError("rune state", f"no counter gives {state.open_spaces} open spaces")
    if rules.open_spaces_at(counter) != state.open_spaces:
        raise PositionError(
            "counter", f"a counter on {counter} does not give {state.open_spaces} open spaces"
        )
    if state.reserve_suns is None or state.reserve_moons is None:
        spare = total - state.runes
        per_face = max(state.empty, rules.reserve_for(players))
        reserve_suns = reserve_moons = min(per_face, spare // 2)
    else:
        reserve_suns, reserve_moons = state.reserve_suns, state.reserve_moons
    rest = total - state.runes - reserve_suns - reserve_moons
    if rest < 0:
        raise PositionError(
            "rune state", f"{state.label} holds more than the {total} runes of {players} players"
        )
    starts = [c.id for c in deck.of(Origin.START)]
    fillers = [
        c.id
        for c in deck
        if c.origin is not Origin.START and c.kind is not Kind.SALT and c.id not in hand
    ]
    boards: list[dict[str, Any]] = []
    me_played = [starts[0]] + [fillers.pop() for _ in range(counter - 1)]
    board = "S" * state.suns + "M" * state.moons + "." * state.empty + "#" * state.locked
    boards.append({"runes": board, "played": me_played, "hand": list(hand)})
    for seat in range(1, players):
        others = players - seat
        share = -(-rest // others)  # ceiling: leftover runes spread over the other boards
        other_counter = 1
        while rules.open_spaces_at(other_counter) < share and other_counter < rules.counter_max:
            other_counter += 1
        capacity = rules.open_spaces_at(other_counter)
        if capacity < share:
            raise PositionError("rune state", f"{rest} runes do not fit on the other boards")
        suns = min(share, rest) // 2
        moons = min(share, rest) - suns
        rest -= suns + moons
        played = [starts[seat]] + [fillers.pop() for _ in range(other_counter - 1)]
        text = "S" * suns + "M" * moons + "." * (capacity - suns - moons)
        text += "#" * (rules.rune_spaces - capacity)
        boards.append({"runes": text, "played": played})
    used = {c for board in boards for c in board["played"]} | set(hand)
    market: dict[str, list[str | None]] = {}
    for row in (Row.DAY, Row.NIGHT):
        free: list[str | None] = [c.id for c in deck if c.origin.row is row and c.id not in used]
        free += [None] * rules.market_row_size
        market[row.value] = free[: rules.market_row_size]
    position: dict[str, Any] = {
        "players": players,
        "market": market,
        "seed": seed,
        "reserve": {"sun": reserve_suns, "moon": reserve_moons},
        "boards": boards,
        "rules": rules.changes(),
    }
    if counter >= rules.end_trigger:
        position["turn"] = {"round": 1, "final_round": 1}  # the end is already triggered
    if deck.name != "reference":
        position["deck"] = {"name": deck.name, "csv": deck.to_csv()}
    return position


__all__ = [
    "to_position",
]
