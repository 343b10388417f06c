"""Helpers the Carcata tests share: random games, the accounting of every piece, and the
checks of one lava flow written from the rules (not from the engine's code)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import networkx as nx

from carcata_core import ISLAND, Game, Lava, Rules
from carcata_core.board import DIRECTIONS, turned
from carcata_core.rules import GEM_NAMES
from tests.game_checks import play_choices

#: The printed game and the settings that change what the checks see.
RULESETS = [
    Rules(),
    Rules(meeting_flows="join"),
    Rules(turtle_riders=2, rider_points=1, whole_island_scores=True),
    Rules(catapult_spread=0, touch_chance=1),
    Rules(lava_tokens=12, statues=2, tie_break_pawns=False),
]


def play_random(
    game: Game,
    choices: Sequence[int] | random.Random,
    *,
    limit: int = 10_000,
    each: Callable[[Game, Any, Game], None] | None = None,
    checked: bool = True,
) -> Game:
    """Play ``game`` on: chance from its own stream, each decision ``legal[choice % n]`` (or
    ``rng.choice``), until the choices run out, the game ends or ``limit`` steps; a checked
    step is ``play(settle=False)`` (``game_checks.play_choices``)."""
    return play_choices(game, choices, limit=limit, each=each, checked=checked, settle=False)


def set_up(players: int, seed: int, rules: Rules | None = None) -> Game:
    """A game past its set-up (pawns spread by a seeded shuffle of the beach): at its first roll."""
    game = Game.new(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while game.phase == "setup":
        game.play(rng.choice(game.legal_actions()), settle=False)
    return game


# ------------------------------------------------------------------ accounting
def gem_total(game: Game) -> dict[str, int]:
    """Every gem by colour: in the bag, lying on the island, collected, drawn."""
    total = dict(game.bag)
    for gems in game.loose_gems().values():
        for g in gems:
            total[g] += 1
    for seat in range(game.num_players):
        for g, n in game.collected(seat).items():
            total[g] += n
    if game.drawn is not None:
        total[game.drawn] += 1
    return total


def check_accounts(game: Game, removed: Sequence[int] | None = None) -> None:
    """Pawns, gems, lava tokens and statues all accounted for; no pawn or gem where it
    cannot be. ``removed[seat]``: the pawns seen leaving the game so far."""
    rules = game.rules
    riders = game.riders
    for seat in range(game.num_players):
        here = len(game.pawns(seat)) + riders.count(seat)
        assert here == game.pawns_left(seat)
        if removed is not None and game.phase != "setup":
            assert here + removed[seat] == rules.pawns, (seat, here, removed)
        assert here <= rules.pawns
    assert gem_total(game) == dict(zip(GEM_NAMES, rules.gems, strict=True))
    lava = game.lava_cells()
    assert sum(len(f) for f in game.flows) == len(lava), "a space holds two lava tokens"
    assert set().union(*map(set, game.flows)) == lava if game.flows else not lava
    assert game.lava_supply + len(lava) == rules.lava_tokens
    statues = set(game.statues())
    assert len(statues) + game.statues_off == rules.statues
    assert all(ISLAND.level(c) < ISLAND.levels for c in statues), "a statue on the top level"
    pawns = {c for seat in range(game.num_players) for c in game.pawns(seat)}
    assert not pawns & lava and not pawns & statues, "a pawn on lava or on a statue"
    assert not statues & lava
    for cell in game.loose_gems():
        assert cell not in lava and cell not in statues and cell not in pawns, (
            f"a gem lies on {ISLAND.name(cell)}, which is not free"
        )
    assert len(riders) <= rules.turtle_riders
    if game.is_over:
        assert game.island_won or game.eliminated


def removals(before: Game, action: Any, after: Game) -> list[int]:
    """The pawns each seat lost to ``action``: lava tokens on pawns, a gem touching one."""
    lost = [0] * before.num_players
    kind = type(action).__name__
    if kind == "Lava":
        for cell in after.flows[-1]:
            seat = before.pawn_at(cell)
            if seat is not None:
                lost[seat] += 1
    elif kind == "Land" and action.touch:
        lost[before.pawn_at(action.cell)] += 1
    return lost


def territories_by_networkx(game: Game) -> set[frozenset[int]]:
    graph = ISLAND.graph(without=game.lava_cells())
    return {frozenset(part) for part in nx.connected_components(graph)}


# ------------------------------------------------------------------ one flow
def check_flow(before: Game, action: Lava, cells: Sequence[int]) -> None:
    """The flow ``action`` placed (``cells``, in order) follows the rules as written: it
    starts on a free top space (its first token there) or next to an older token; each token
    lies lower than the one before and touches it; it goes straight on, turning a sixth of a
    turn only where a statue stood in its way; and it stopped for a reason."""
    join = before.rules.meeting_flows == "join"
    lava = before.lava_cells()
    statues = set(before.statues())
    tokens = min(before.pool["lava"], before.lava_supply)
    assert 1 <= len(cells) <= tokens
    assert not set(cells) & lava and not set(cells) & statues
    start = action.cell
    d = action.direction
    if start in lava:
        cur, rest = start, list(cells)
    else:
        assert ISLAND.level(start) == ISLAND.levels and cells[0] == start, (
            "a fresh flow starts on top"
        )
        cur, rest = start, list(cells[1:])
    turns = list(action.turns)
    for cell in rest:
        ahead = ISLAND.step(cur, d)
        while join and ahead in lava and ahead >= 0 and ISLAND.level(ahead) < ISLAND.level(cur):
            cur, ahead = ahead, ISLAND.step(ahead, d)
        if ahead == cell:
            assert ahead not in statues
        else:
            assert ahead in statues, f"the flow turned at {ISLAND.name(cur)} with no statue ahead"
            turn = turns.pop(0)
            d = turned(d, turn)
            assert ISLAND.step(cur, d) == cell, "a statue turns a flow a sixth of a turn"
        assert ISLAND.level(cell) < ISLAND.level(cur), "each token lies lower than the one before"
        cur = cell
    assert not turns, "every turn named was taken"
    if len(cells) < tokens:  # it stopped early: say why
        ahead = ISLAND.step(cur, d)
        while join and ahead >= 0 and ahead in lava and ISLAND.level(ahead) < ISLAND.level(cur):
            cur, ahead = ahead, ISLAND.step(ahead, d)
        if ahead in statues:
            for side in ("left", "right"):
                n = ISLAND.step(cur, turned(d, side))
                assert n < 0 or ISLAND.level(n) >= ISLAND.level(cur) or n in statues | lava, (
                    f"a flow stopped at a statue it could turn round ({DIRECTIONS[d]})"
                )
        else:
            assert ahead < 0 or ISLAND.level(ahead) >= ISLAND.level(cur) or ahead in lava, (
                f"the flow stopped at {ISLAND.name(cur)} for no reason"
            )


def position_with(**fields: Any) -> dict[str, Any]:
    """A staged position: ``players`` 2 and the fields given."""
    doc: dict[str, Any] = {"players": 2}
    doc.update(fields)
    return json.loads(json.dumps(doc))
