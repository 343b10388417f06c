"""Exact Carcata action-sequence counts from fixed positions, every chance outcome (a roll, a
draw, a landing) counted as one branch as the agent layer's perft counts them; a mismatch
prints the count under each action. Regenerate with
``CARNUTA_UPDATE_GOLDEN=1 pytest tests/test_carcata_perft.py``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from carcata_core import Game, Rules
from carcata_core.perft import divide, expected_perft, perft
from tests.carcata_support import set_up
from tests.perft_support import check_position, rewrite_positions_if_asked

PERFT_FILE = Path(__file__).parent / "carcata_perft.json"

#: Mid-game: lava from the top and an older flow to continue, statues that turn a flow, gems
#: lying about, every kind of die in the pool.
MIDGAME: dict[str, Any] = {
    "players": 2,
    "phase": "effects",
    "player": 0,
    "pawns": [["1-1", "2-2", "3-3", "4-9", "1-20"], ["1-10", "2-14", "5-5", "1-30"]],
    "lava": [["6-1", "5-1", "4-1", "3-1"], ["6-4", "5-10"]],
    "statues": ["3-8", "2-20"],
    "gems": {"4-3": ["ruby"], "2-5": ["emerald", "diamond"]},
    "collected": [{"sapphire": 1}, {}],
    "turtle": 7,
    "dice": {"move": 1, "lava": 2, "eruption": 1, "statue": 1},
}
#: A flow from 6-2 towards e meets the statue on 5-3: it must turn left or right.
DEFLECTION: dict[str, Any] = {
    "players": 3,
    "phase": "effects",
    "player": 2,
    "pawns": [["1-1", "4-4"], ["2-7", "1-12"], ["3-2", "1-5", "2-9"]],
    "lava": [["6-5", "5-8", "4-7"]],
    "statues": ["5-3", "4-12", "2-3"],
    "gems": {"3-6": ["sapphire"]},
    "dice": {"lava": 3, "statue": 1, "turtle": 1},
}


def staged(doc: dict[str, Any], rules: Rules | None = None) -> Game:
    return Game.from_position({**doc, "rules": (rules or Rules()).changes()})


def random_game(players: int, seed: int, prefix: int) -> Game:
    """After the set-up, ``prefix`` random decisions (chance from the game's stream)."""
    game = set_up(players, seed)
    rng = random.Random(seed)
    for _ in range(prefix):
        game.play(rng.choice(game.legal_actions()))
    return game


def first_decision(players: int, seed: int) -> Game:
    game = set_up(players, seed)
    game.settle()
    return game


POSITIONS = {
    # name: (position maker, depth)
    "start-2p": (lambda: Game.new(2, seed=1), 4),
    "start-4p": (lambda: Game.new(4, seed=2), 3),
    "first-roll-2p": (lambda: set_up(2, 3), 3),
    "first-decision-3p": (lambda: first_decision(3, 4), 3),
    "midgame-effects-2p": (lambda: staged(MIDGAME), 3),
    "midgame-effects-join-2p": (lambda: staged(MIDGAME, Rules(meeting_flows="join")), 3),
    "deflection-3p": (lambda: staged(DEFLECTION), 3),
    "random-midgame-4p": (lambda: random_game(4, 5, 40), 3),
}

rewrite_positions_if_asked(PERFT_FILE, POSITIONS, divide)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft(name: str) -> None:
    check_position(PERFT_FILE, POSITIONS, name, divide)


def test_the_deflection_position_offers_both_turns_at_the_statue() -> None:
    legal = staged(DEFLECTION).legal_actions()
    assert "lava 6-2 e left" in legal and "lava 6-2 e right" in legal
    assert "lava 6-2 e" not in legal


def test_perft_counts_outcomes_as_branches_and_adds_up_its_divide() -> None:
    game = set_up(2, 3)
    assert game.is_chance
    assert perft(game, 0) == 1
    assert perft(game, 1) == len(game.legal_actions()) == len(game.chance_outcomes())
    assert perft(game, 2) == sum(divide(game, 2).values())
    # Weighed by probability, the outcomes of a roll count as one step of chance, not a branch.
    kept = first_decision(2, 3)
    assert expected_perft(kept, 1) == len(kept.legal_actions())


def test_after_the_first_roll_the_choices_are_keep_and_every_reroll_of_the_unlocked_dice() -> None:
    """Counted from the rule: with ``m l e s`` dice showing movement, lava, eruption and
    statue (turtles locked), the player keeps or rerolls any non-empty part of them:
    ``(m+1)(l+1)(e+1)(s+1)`` choices."""
    from carcata_core.dice import compositions

    game = set_up(2, 3)
    expected = sum((m + 1) * (lv + 1) * (e + 1) * (s + 1) for m, lv, e, s, _ in compositions(5, 5))
    assert perft(game, 2) == expected
