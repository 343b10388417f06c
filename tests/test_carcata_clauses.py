"""Clauses of the Carcata rulebook and rulings of docs/carcata.md checked on staged
positions, one test per clause (the coverage table, docs/carcata_rules_coverage.md, names
them)."""

from __future__ import annotations

from typing import Any

import pytest

from carcata_core import ISLAND, Game


def staged(**fields: Any) -> Game:
    """A two-player game at a staged position (pawns far apart unless given)."""
    doc: dict[str, Any] = {"players": 2, "pawns": [["1-1"], ["1-19"]]}
    doc.update(fields)
    return Game.from_position(doc)


def test_a_turtle_carried_past_the_end_of_its_laps_still_reloads():
    game = staged(phase="effects", turtle=23, dice={"turtle": 2, "move": 3}, pool={"moves": 1})
    game.play("end")
    assert game.is_over and game.island_won
    assert game.turtle == (1, 2, 25)
    assert Game.from_position(game.position()) == game


def test_a_game_ended_by_a_flow_mid_turn_saves_its_position():
    game = staged(
        pawns=[["1-1"], ["5-1"]], phase="effects", dice={"lava": 2, "move": 3},
    )
    game.play("lava 6-1 ne")
    assert game.is_over and game.eliminated == (1,)
    assert game.pool["moves"] == 3
    assert Game.from_position(game.position()) == game
    assert Game.from_json(game.to_json()) == game


def test_an_emerald_drawn_is_said_with_an():
    game = staged(phase="draw", dice={"eruption": 1, "move": 4}, pool={"eruptions": 0})
    game.play("draw emerald", settle=False)
    assert game.last_events() == ["An emerald is drawn from the bag."]
    game = staged(phase="draw", dice={"eruption": 1, "move": 4}, pool={"eruptions": 0})
    game.play("draw ruby", settle=False)
    assert game.last_events() == ["A ruby is drawn from the bag."]
