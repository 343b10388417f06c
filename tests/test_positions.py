"""Staged positions in the documented format (position.py): what loads, and how."""

from __future__ import annotations

import json

from carnuta_core.game import Game
from carnuta_core.model import Row
from tests.conftest import TEST_DECK, board, position, zones


def test_minimal_staged_position_loads():
    """Only players, reserve and boards are required: the rest takes its natural value."""
    doc = position([board("SSMM##", played=["S1"]), board("SSMM##", played=["S2"])])
    assert set(doc) == {"players", "deck", "reserve", "boards"}
    game = Game.from_json(json.dumps(doc))
    # The market is filled from the top of the decks, every card is somewhere exactly once.
    assert all(card is not None for row in Row for card in game.market(row))
    placed = [c for cards in zones(game).values() for c in cards]
    assert sorted(placed) == sorted(card.id for card in TEST_DECK)
    assert game.deck_size(Row.DAY) == 28 and game.deck_size(Row.NIGHT) == 28
    assert sorted(c.id for c in game.box) == ["S3", "S4", "S5", "S6", "S7", "S8"]
    assert (game.round, game.current_player, game.actions_left, game.phase) == (1, 0, 2, "actions")
