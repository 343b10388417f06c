"""Helpers the Karnak conformance tests share: random games, the accounting of every piece,
Priest and card, and the checks of one step written from the rules (not from the engine's
code): frozen pieces stay as they were, a structure a Priest holds never changes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import networkx as nx

from karnak_core import FAVOR_KINDS, Game, Rules
from karnak_core.mat import Building
from tests.game_checks import play_choices

#: The printed game and settings that change what the checks see: a short Favor deck (games
#: end by the last Favor card), a low mat, few pieces (shapes run out), more Priests and a
#: young seat, a smaller hand and bigger draws.
RULESETS = [
    Rules(),
    Rules(favor_deck=4, round_limit=30),
    Rules(max_level=2, caps=("triangle",), round_limit=20),
    Rules(yellow_per_shape=2, white_per_shape=1, round_limit=20),
    Rules(priests_each=4, younger_seats=(1,), favor_deck=8, round_limit=25),
    Rules(hand_limit=3, draw_count=5, favor_point=2, round_limit=20),
    Rules(end_on_locked_mat=False, round_limit=25),
]


def play_random(
    game: Game,
    choices: Sequence[int] | random.Random,
    *,
    limit: int = 5_000,
    each: Callable[[Game, Any, Game], None] | None = None,
    checked: bool = True,
) -> Game:
    """Play ``game`` on, each action ``legal[choice % n]`` (or ``rng.choice``), until the
    choices run out, the game ends or ``limit`` steps (``game_checks.play_choices``)."""
    return play_choices(game, choices, limit=limit, each=each, checked=checked)


# ------------------------------------------------------------------ accounting
def check_accounts(game: Game) -> None:
    """Every piece, Priest, Design and Favor card is somewhere, once."""
    rules, building = game.rules, game.building()
    for code in range(10):
        total = rules.white_per_shape if code & 1 else rules.yellow_per_shape
        shape, colour = ("triangle", "statue", "disk", "rod", "cube")[code >> 1], code & 1
        left = game.supply(shape, ("yellow", "white")[colour])
        assert left >= 0 and building.count(code) + left == total, (shape, colour)
    seats = range(game.num_players)
    dealt = sum(rules.priests_for(seat) for seat in seats)
    priests = sum(game.priests(s) for s in seats) + len(building.priests) + game.priest_supply
    assert priests == max(rules.priest_supply, dealt)
    ids = [d.id for s in seats for d in (*game.hand(s), *game.revealed(s))]
    ids += [d.id for d in game.deck_order()]
    assert sorted(ids) == sorted(d.id for d in game.designs), "a Design lost or doubled"
    position = game.position()
    favors: Counter[str] = Counter()
    for s in seats:
        favors.update(game.favor_cards(s))
    favors.update(position["favor_deck"])
    favors.update(position["favor_out"])
    favors.update(position["favor_used"])
    assert favors == Counter(dict(zip(FAVOR_KINDS, rules.favor_counts, strict=True))), favors
    assert len(position["favor_out"]) == rules.favor_cards - rules.favor_deck


def frozen_pieces(building: Building) -> dict[tuple[int, int], int]:
    """The frozen pieces (white, covered, or held through a Priest) by spot, with their code,
    found from the rulebook's definition over the touching graph."""
    graph = building.graph()
    held: set[tuple[int, int]] = set()
    for cell in building.priests:
        for spot in building.priest_touches(cell):
            held |= nx.node_connected_component(graph, spot)
    return {
        (cell, level): code
        for cell, stack in enumerate(building.stacks)
        for level, code in enumerate(stack)
        if code & 1 or level + 1 < len(stack) or (cell, level) in held
    }


def held_structures(building: Building) -> list[frozenset[tuple[int, int]]]:
    """The groups of pieces (a structure or a single piece) a Priest touches."""
    touched = {spot for cell in building.priests for spot in building.priest_touches(cell)}
    return [group for group in building.groups() if group & touched]


def check_step(before: Game, action: Any, after: Game) -> None:
    """One action changed nothing the rules freeze: every frozen piece stands where it stood,
    unchanged; every structure a Priest held is the same pieces, none added; Priests stay."""
    old, new = before.building(), after.building()
    for (cell, level), code in frozen_pieces(old).items():
        stack = new.stacks[cell]
        assert level < len(stack) and stack[level] == code, (str(action), cell, level)
    new_groups = set(new.groups())
    for group in held_structures(old):
        assert group in new_groups, f"{action} changed a held structure"
        assert all(old.code(spot) == new.code(spot) for spot in group)
    assert set(old.priests) <= set(new.priests)
    if after.current_player != before.current_player:
        assert len(after.hand(before.current_player)) <= after.rules.hand_limit
        assert after.phase == "turn"
