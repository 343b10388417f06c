"""tabletop's perft counts any ``GameState``: checked on the toy trick game, whose counts are
known by hand, and shared by both games' own ``perft`` modules; a perft regression file names
the actions whose counts moved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import carnival_core.perft
import carnuta_core.perft
from tabletop.perft import divide, perft
from tests.perft_support import check_perft, perft_entry
from tests.test_agent_layer import Tricks


def test_perft_counts_every_order_of_play_in_the_toy_game() -> None:
    """Two players, three cards each, every card playable: 3! orders for each hand."""
    game = Tricks.deal(2, seed=1, hand=3, cards=8)
    assert [perft(game, depth) for depth in range(7)] == [1, 3, 9, 18, 36, 36, 36]
    assert perft(game, 10) == 36, "a game that is over counts once"
    assert divide(game, 6) == {str(card): 12 for card in game.legal_actions()}
    assert not game.trick, "counting leaves the position as it was"


def test_both_games_count_with_the_shared_perft() -> None:
    assert carnuta_core.perft.perft is perft and carnuta_core.perft.divide is divide
    assert carnival_core.perft.perft is perft and carnival_core.perft.divide is divide


def test_a_moved_count_fails_and_names_the_action(tmp_path: Path) -> None:
    path = tmp_path / "perft.json"
    path.write_text(json.dumps({"toy": perft_entry(2, {"play 1": 5, "play 2": 7})}))
    check_perft(path, "toy", 2, {"play 2": 7, "play 1": 5})
    with pytest.raises(pytest.fail.Exception) as failure:
        check_perft(path, "toy", 2, {"play 1": 5, "play 2": 6})
    report = str(failure.value)
    assert report.splitlines()[0] == "toy: depth 2 counts 11, expected 12"
    assert "play 2 expected        7  got        6" in report
    assert "play 1" not in report
