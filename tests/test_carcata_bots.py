"""Carcata's bots: what the search branches on, what the quick policy and the greedy bot
choose from, and the lab's columns for a game the island wins."""

from __future__ import annotations

from typing import Any

from carcata_core import CarcataHeuristic, CarcataTitle, Game
from carcata_core.actions import KEEP, Lava, Reroll
from carcata_core.heuristic import LAVA_CHOICES
from tabletop.lab import GameTask, play_one


def stage(**fields: Any) -> Game:
    position: dict[str, Any] = {"players": 2, "phase": "effects", "player": 0}
    position.update(fields)
    return Game.from_position(position)


def test_the_search_tries_a_few_rerolls_and_the_quick_policy_keeps():
    game = stage(
        phase="dice",
        pawns=[["1-1"], ["1-20"]],
        dice={"move": 2, "lava": 1, "eruption": 1, "statue": 1},
    )
    legal = game.legal_actions()
    heuristic = CarcataHeuristic()
    chosen = heuristic.search_actions(game, legal)
    assert len(legal) == 24 and KEEP in chosen and set(chosen) <= set(legal)
    rerolls = {a.faces for a in chosen if isinstance(a, Reroll)}
    assert rerolls == {
        (2, 0, 0, 0, 0),
        (0, 1, 0, 0, 0),
        (0, 0, 1, 0, 0),
        (0, 0, 0, 1, 0),
        (2, 0, 0, 1, 0),
        (2, 0, 1, 1, 0),
        (2, 1, 1, 1, 0),
    }
    assert heuristic.rollout_actions(game, legal) == [KEEP]


def test_the_search_weighs_the_best_flows_and_the_quick_policy_every_flow():
    game = stage(pawns=[["1-1"], ["5-1", "4-1", "1-20"]], dice={"lava": 3}, lava=[["6-4", "5-5"]])
    legal = game.legal_actions()
    flows = [a for a in legal if isinstance(a, Lava)]
    heuristic = CarcataHeuristic()
    chosen = [a for a in heuristic.search_actions(game, legal) if isinstance(a, Lava)]
    assert len(flows) > LAVA_CHOICES and len(chosen) == LAVA_CHOICES
    paths = [game.flow_path(a) for a in chosen]
    assert len(set(paths)) == len(paths)  # each set of tokens once
    assert Lava.parse("lava 6-1 ne") in chosen  # it buries both of player 2's pawns there
    assert [a for a in heuristic.rollout_actions(game, legal) if isinstance(a, Lava)] == flows


def test_the_search_aims_at_the_pawns_and_between_the_rivals():
    game = stage(phase="aim", drawn="ruby", dice={"eruption": 1}, pawns=[["1-1"], ["3-5", "3-7"]])
    chosen = {str(a) for a in CarcataHeuristic().search_actions(game, game.legal_actions())}
    assert {"aim 1-1", "aim 3-5", "aim 3-7", "aim 3-6"} <= chosen and len(chosen) < 12


def test_the_lab_tells_the_islands_win_from_a_loss():
    title = CarcataTitle()
    rows = [
        row
        for seed in range(4)
        for row in play_one(GameTask(title, game=seed, seed=seed, bots=("random", "random")))
    ]
    for row in rows:
        if row["island_won"]:
            assert row["win"] == 0 and row["score"] == 0 and not row["eliminated"]
            assert row["turtle_advances"] >= 24
        assert 0 <= row["pawns_left"] <= 5
    assert any(row["eliminated"] for row in rows) or any(row["island_won"] for row in rows)
