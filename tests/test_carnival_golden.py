"""Golden Carnival playthroughs: seeded games as text transcripts, diffed against the stored ones.

Regenerate after an intended rules change with
``CARNUTA_UPDATE_GOLDEN=1 pytest tests/test_carnival_golden.py`` and read the diff before
committing it.
"""

from __future__ import annotations

import pytest

from carnival_core import Game, Rules
from carnival_core.transcript import transcript
from tests.carnival_support import GreedyPlayer, RandomPlayer, play_game
from tests.game_checks import assert_matches_golden

GAMES = [
    # name, seed, one player per seat ("greedy" or "random"), rules
    ("carnival-greedy-3p-seed7", 7, ("greedy", "greedy", "greedy"), Rules()),
    ("carnival-mixed-2p-seed11", 11, ("greedy", "random"), Rules()),
    ("carnival-random-6p-seed3", 3, ("random",) * 6, Rules()),
    (
        "carnival-variant-4p-seed5",
        5,
        ("greedy", "random", "greedy", "random"),
        Rules(younger_players=True, lone_mask="always", carnival_memory=1),
    ),
]
PLAYERS = {"greedy": GreedyPlayer, "random": RandomPlayer}


@pytest.mark.parametrize("name, seed, kinds, rules", GAMES, ids=[g[0] for g in GAMES])
def test_golden_playthrough(name: str, seed: int, kinds: tuple[str, ...], rules: Rules) -> None:
    players = [PLAYERS[kind](seed + seat) for seat, kind in enumerate(kinds)]
    game = play_game(Game.new(len(kinds), seed=seed, rules=rules), players)
    text = transcript(game) + "\n"
    assert_matches_golden(name, text)
