"""Exact Carnival action-sequence counts from fixed positions; a mismatch prints the count per
action. Regenerate with ``CARNUTA_UPDATE_GOLDEN=1 pytest tests/test_carnival_perft.py``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from carnival_core import Game, Rules
from carnival_core.perft import divide, perft
from tests.perft_support import check_perft, perft_entry, rewrite_if_asked

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


rewrite_if_asked(
    PERFT_FILE,
    lambda: {
        name: perft_entry(depth, divide(position(players, seed, prefix, rules), depth))
        for name, players, seed, prefix, depth, rules in POSITIONS
    },
)


@pytest.mark.parametrize(
    "name, players, seed, prefix, depth, rules", POSITIONS, ids=[p[0] for p in POSITIONS]
)
def test_perft(name, players, seed, prefix, depth, rules):
    check_perft(PERFT_FILE, name, depth, divide(position(players, seed, prefix, rules), depth))


def test_perft_counts_the_legal_actions_at_depth_1_and_adds_up_its_divide():
    game = Game.new(3, seed=1)
    assert perft(game, 0) == 1
    assert perft(game, 1) == len(game.legal_actions())
    assert perft(game, 2) == sum(divide(game, 2).values())
