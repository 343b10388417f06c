"""Golden playthroughs: seeded bot games as text transcripts, diffed against the stored ones.

Regenerate after an intended rules change with ``CARNUTA_UPDATE_GOLDEN=1 pytest tests/test_golden.py``
and read the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from carnuta_core.bots import make_bot, play_game
from carnuta_core.transcript import transcript

GOLDEN = Path(__file__).parent / "golden"
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
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("CARNUTA_UPDATE_GOLDEN"):
        path.write_text(text)
    expected = path.read_text()
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "stored", "now", lineterm="", n=2
        )
        pytest.fail(f"{name} differs from {path.name}:\n" + "\n".join(list(diff)[:80]))
