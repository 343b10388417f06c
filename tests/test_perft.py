"""Exact action-sequence counts from fixed positions; a mismatch prints the count per action."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from carnuta_core import Game
from carnuta_core.perft import divide

PERFT_FILE = Path(__file__).parent / "perft.json"
POSITIONS = [
    # name, players, seed, random actions played before counting, depth
    ("start-2p", 2, 1, 0, 4),
    ("start-3p", 3, 2, 0, 4),
    ("start-4p", 4, 3, 0, 4),
    ("midgame-2p", 2, 4, 60, 5),
    ("midgame-4p", 4, 5, 150, 5),
    ("late-3p", 3, 6, 300, 4),
]


def position(players: int, seed: int, prefix: int) -> Game:
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(prefix):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


def current_counts() -> dict[str, dict[str, object]]:
    table: dict[str, dict[str, object]] = {}
    for name, players, seed, prefix, depth in POSITIONS:
        split = divide(position(players, seed, prefix), depth)
        table[name] = {"depth": depth, "total": sum(split.values()), "divide": split}
    return table


if os.environ.get("CARNUTA_UPDATE_GOLDEN"):
    PERFT_FILE.write_text(json.dumps(current_counts(), indent=1) + "\n")


@pytest.mark.parametrize("name, players, seed, prefix, depth", POSITIONS)
def test_perft(name: str, players: int, seed: int, prefix: int, depth: int) -> None:
    expected = json.loads(PERFT_FILE.read_text())[name]
    split = divide(position(players, seed, prefix), depth)
    if sum(split.values()) != expected["total"]:
        rows = [
            f"  {action:<20} expected {expected['divide'].get(action, '-'):>8}  got {count:>8}"
            for action, count in split.items()
            if expected["divide"].get(action) != count
        ]
        rows += [
            f"  {action:<20} expected {count:>8}  got        -"
            for action, count in expected["divide"].items()
            if action not in split
        ]
        pytest.fail(
            f"{name}: depth {depth} counts {sum(split.values())}, expected {expected['total']}\n"
            + "\n".join(rows)
        )
