"""Exact action-sequence counts from fixed positions; a mismatch prints the count per action."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from carnuta_core import Game
from carnuta_core.perft import divide
from tests.perft_support import check_perft, perft_entry, rewrite_if_asked

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


rewrite_if_asked(
    PERFT_FILE,
    lambda: {
        name: perft_entry(depth, divide(position(players, seed, prefix), depth))
        for name, players, seed, prefix, depth in POSITIONS
    },
)


@pytest.mark.parametrize("name, players, seed, prefix, depth", POSITIONS)
def test_perft(name: str, players: int, seed: int, prefix: int, depth: int) -> None:
    check_perft(PERFT_FILE, name, depth, divide(position(players, seed, prefix), depth))
