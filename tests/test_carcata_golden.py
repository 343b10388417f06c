"""Golden Carcata playthroughs: seeded games played through ``Game.play`` (each decision by a
bot, the chance after it from the game's own stream), as text transcripts with every roll,
draw and landing, diffed against the stored ones.

Regenerate after an intended rules change with
``CARNUTA_UPDATE_GOLDEN=1 pytest tests/test_carcata_golden.py`` and read the diff before
committing it.
"""

from __future__ import annotations

import pytest

from carcata_core import Game, Rules
from carcata_core.bots import make_bot
from carcata_core.transcript import transcript
from tests.game_checks import assert_matches_golden

GAMES = [
    # name, seed, one bot per seat ("greedy" or "random"), rules
    ("carcata-random-2p-seed3", 3, ("random", "random"), Rules()),
    ("carcata-mixed-3p-seed8", 8, ("greedy", "random", "random"), Rules()),
    ("carcata-mixed-4p-seed5", 5, ("random", "greedy", "random", "random"), Rules()),
    (
        "carcata-variant-2p-seed11",
        11,
        ("greedy", "random"),
        Rules(pawns=2, meeting_flows="join", turtle_riders=2, touch_chance=1),
    ),
]


def played(seed: int, kinds: tuple[str, ...], rules: Rules) -> Game:
    bots = [make_bot(kind, seed + seat) for seat, kind in enumerate(kinds)]
    game = Game.new(len(kinds), seed=seed, rules=rules)
    while not game.is_over:
        game.play(bots[game.current_player].choose(game))
    return game


@pytest.mark.parametrize("name, seed, kinds, rules", GAMES, ids=[g[0] for g in GAMES])
def test_golden_playthrough(name: str, seed: int, kinds: tuple[str, ...], rules: Rules) -> None:
    game = played(seed, kinds, rules)
    text = transcript(game) + "\n"
    assert_matches_golden(name, text)
    # The transcript is the game: its log replays to the same end.
    again = Game.new(len(kinds), seed=seed, rules=rules)
    for _, action in game.log:
        again.play(action, settle=False)
    assert again.state_key() == game.state_key()
    assert text.count("\n") == len(game.log) + 1
