"""Exact Carnival action-sequence counts from fixed positions; a mismatch prints the count per
action. Regenerate with ``CARNUTA_UPDATE_GOLDEN=1 pytest tests/test_carnival_perft.py``."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from carnival_core import Game, Rules
from carnival_core.perft import divide, perft

PERFT_FILE = Path(__file__).parent / "carnival_perft.json"
POSITIONS = [
    # name, players, seed, random actions played before counting, depth, rules
    ("start-2p", 2, 1, 0, 4, Rules()),
    ("start-4p", 4, 2, 0, 3, Rules()),
    ("start-6p", 6, 3, 0, 3, Rules()),
    ("midgame-3p", 3, 4, 17, 3, Rules()),
    ("round-end-2p", 2, 5, 18, 4, Rules()),  # the counts cross the end of round 1
    ("last-turns-5p", 5, 6, 67, 4, Rules()),  # ... and the end of the game
    ("younger-4p", 4, 7, 9, 3, Rules(younger_players=True, lone_mask="always")),
]


def position(players: int, seed: int, prefix: int, rules: Rules) -> Game:
    game = Game.new(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(prefix):
        game.play(rng.choice(game.legal_actions()))
    return game


def current_counts() -> dict[str, dict[str, object]]:
    table: dict[str, dict[str, object]] = {}
    for name, players, seed, prefix, depth, rules in POSITIONS:
        split = divide(position(players, seed, prefix, rules), depth)
        table[name] = {"depth": depth, "total": sum(split.values()), "divide": split}
    return table


if os.environ.get("CARNUTA_UPDATE_GOLDEN"):
    PERFT_FILE.write_text(json.dumps(current_counts(), indent=1) + "\n")


@pytest.mark.parametrize(
    "name, players, seed, prefix, depth, rules", POSITIONS, ids=[p[0] for p in POSITIONS]
)
def test_perft(name, players, seed, prefix, depth, rules):
    expected = json.loads(PERFT_FILE.read_text())[name]
    game = position(players, seed, prefix, rules)
    split = divide(game, depth)
    if sum(split.values()) != expected["total"]:
        rows = [
            f"  {action:<22} expected {expected['divide'].get(action, '-'):>8}  got {count:>8}"
            for action, count in split.items()
            if expected["divide"].get(action) != count
        ]
        rows += [
            f"  {action:<22} expected {count:>8}  got        -"
            for action, count in expected["divide"].items()
            if action not in split
        ]
        pytest.fail(
            f"{name}: depth {depth} counts {sum(split.values())}, expected {expected['total']}\n"
            + "\n".join(rows)
        )


def test_perft_counts_the_legal_actions_at_depth_1_and_adds_up_its_divide():
    game = Game.new(3, seed=1)
    assert perft(game, 0) == 1
    assert perft(game, 1) == len(game.legal_actions())
    assert perft(game, 2) == sum(divide(game, 2).values())
