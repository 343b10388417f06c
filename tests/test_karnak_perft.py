"""Exact Karnak action-sequence counts from fixed positions, as ``legal_actions()`` lists them
(lone ground placements merged by marking, docs/karnak.md) with draws from the game's own
decks; a mismatch prints the count under each action. Regenerate with
``CARNUTA_UPDATE_GOLDEN=1 pytest tests/test_karnak_perft.py``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from karnak_core import Game, Rules, staged
from karnak_core.perft import divide, perft
from tests.perft_support import check_position, rewrite_positions_if_asked

PERFT_FILE = Path(__file__).parent / "karnak_perft.json"
#: The printed rules, played on when the mat locks (RULING 18 off).
PLAYED_ON = Rules(end_on_locked_mat=False)

#: A mat with a held structure (a Priest on b4 holds c4-d4), a stack capped by a statue, a
#: white piece, a stack at the top level and pieces to lift; Priests and every kind of Favor
#: card in hand.
BUILT: dict[str, Any] = {
    "mat": "c4: Cy\nd4: Cy Ry\nf2: Dy Sy\ng5: Rw\nh1: Cy Cy Cy Cy\na6: Ty\npriests: b4",
    "hands": [["K01", "K07"], ["K02"]],
    "priests": [2, 1],
    "favors": [{"cube": 1, "design": 1, "move": 1, "priest": 1}, {"rod": 2}],
}
#: The main action done with two Designs complete in hand (Offering Table: a disk on a cube;
#: Sacred Quay: water and the line), and a Favor deck of two: the second reveal ends the game.
REVEALS: dict[str, Any] = {
    "mat": "a1: Cy Dy\na2: Ry\na3: Ry\nd5: Cy",
    "phase": "after",
    "hands": [["K07", "K21", "K05"], ["K02"]],
    "favor_deck": ["move", "cube"],
    "priests": [1, 0],
}
#: A hand of seven after DRAW: two Designs to discard, one at a time, old or new.
DISCARDS: dict[str, Any] = {
    "phase": "discard",
    "hands": [["K01", "K02", "K03", "K04", "K05", "K06", "K07"], ["K08"]],
    "mat": "c4: Cy",
}
#: A move Favor used before the main action: the lift, then the white piece anywhere legal.
LIFT: dict[str, Any] = {
    "mat": "c4: Cy\nd4: Dy\ne5: Sw",
    "phase": "lift",
    "resume": "turn",
    "hands": [["K01"], []],
}


def random_game(players: int, seed: int, prefix: int, rules: Rules | None = None) -> Game:
    """``prefix`` random actions from the deal, then on to the next player's turn."""
    game = Game.new(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(prefix):
        if game.is_over:
            break
        game.push(rng.choice(game.legal_actions()))
    while not game.is_over and game.phase != "turn":
        game.push(rng.choice(game.legal_actions()))
    return game


POSITIONS = {
    # name: (position maker, depth)
    "start-2p": (lambda: Game.new(2, seed=1), 3),
    "start-4p": (lambda: Game.new(4, seed=2), 3),
    "built-2p": (lambda: staged(2, **BUILT), 2),
    "built-no-caps-2p": (lambda: staged(2, **BUILT, rules={"caps": []}), 2),
    "reveals-2p": (lambda: staged(2, **REVEALS), 3),
    "discards-2p": (lambda: staged(2, **DISCARDS), 3),
    "lift-2p": (lambda: staged(2, **LIFT), 3),
    "few-pieces-3p": (
        lambda: Game.new(3, seed=4, rules=Rules(yellow_per_shape=1, white_per_shape=1)),
        3,
    ),
    "random-midgame-2p": (lambda: random_game(2, 6, 40), 3),
    "random-midgame-3p": (lambda: random_game(3, 4, 30), 2),
    "random-midgame-4p": (lambda: random_game(4, 5, 50), 3),
    # Six Priests hold every piece that is not white and guard every empty cell: no piece
    # can be placed or lifted, and DRAW is the only action (played on past RULING 18).
    "locked-by-priests-3p": (lambda: random_game(3, 4, 90, PLAYED_ON), 3),
}

rewrite_positions_if_asked(PERFT_FILE, POSITIONS, divide)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft(name: str) -> None:
    check_position(PERFT_FILE, POSITIONS, name, divide)


def test_a_mat_locked_by_priests_leaves_only_draw() -> None:
    game = random_game(3, 4, 90, PLAYED_ON)
    assert [str(a) for a in game.legal_actions()] == ["draw"]
    assert len(game.building().priests) == 6
    # Under the printed rules the same play ended the game when the mat locked.
    printed = random_game(3, 4, 90)
    assert printed.is_over and printed.ending == "locked"


def test_perft_adds_up_its_divide_and_counts_the_listed_actions() -> None:
    game = staged(2, **BUILT)
    assert perft(game, 0) == 1
    assert perft(game, 1) == len(game.legal_actions())
    assert perft(game, 2) == sum(divide(game, 2).values())
