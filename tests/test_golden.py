"""Golden playthroughs: seeded bot games as text transcripts, diffed against the stored ones.

Regenerate after an intended rules change with ``CARNUTA_UPDATE_GOLDEN=1 pytest tests/test_golden.py``
and read the diff before committing it.
"""

from __future__ import annotations

import pytest

from carnuta_core.bots import make_bot, play_game
from carnuta_core.transcript import transcript
from tests.game_checks import assert_matches_golden

GAMES = [
    # name, seed, one bot per seat
    ("greedy-3p-seed7", 7, ("greedy", "greedy", "greedy")),
    ("mixed-2p-seed11", 11, ("greedy", "random")),
    ("random-4p-seed3", 3, ("random", "random", "random", "random")),
]


@pytest.mark.parametrize("name, seed, bots", GAMES)
def test_golden_playthrough(name: str, seed: int, bots: tuple[str, ...]) -> None:
    players = [make_bot(bot, seed + seat) for seat, bot in enumerate(bots)]
    text = transcript(play_game(players, seed=seed), legal=True) + "\n"
    assert_matches_golden(name, text)
