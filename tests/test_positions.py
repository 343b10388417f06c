"""Staged positions in the documented format (position.py): what loads, and how."""

from __future__ import annotations

import json

from carnuta_core.game import Game
from carnuta_core.model import Ingredient, Row
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


# ---------------------------------------------------------------- staging needs only what matters
def test_a_position_may_give_only_the_players() -> None:
    """Each board then gets a starting card dealt by the seed, the starting runes, and the
    reserve the runes left over: the same as a new game's setup."""
    game = Game.from_json({"players": 3, "seed": 5})
    assert [game.counter(seat) for seat in range(3)] == [1, 1, 1]
    assert [game.runes(seat) for seat in range(3)] == [(2, 2)] * 3
    assert game.reserve_counts == (2, 2)
    starts = {game.played_ids(seat)[0] for seat in range(3)}
    assert len(starts) == 3 and all(card.startswith("S") for card in starts)
    assert Game.from_json({"players": 3, "seed": 5}) == game


def test_runes_may_list_only_the_runes_on_open_spaces() -> None:
    """'SSM' on a board with 5 open spaces: two empty spaces and one Padlock follow."""
    played = ["S01", "D01", "D02", "D03"]
    game = Game.from_json({"players": 2, "boards": [{"played": played, "runes": "SSM"}, {}]})
    view = game.player(0)
    assert (view.suns, view.moons, view.empty_spaces, view.locked_spaces) == (2, 1, 2, 1)
    # the reserve holds what the boards leave: 2 players have 10 runes in all
    assert sum(game.reserve_counts) == 10 - 3 - 4


def test_one_face_of_the_reserve_may_be_given() -> None:
    game = Game.from_json({"players": 2, "boards": [{"runes": "S"}, {}], "reserve": {"moon": 0}})
    assert game.reserve_counts == (5, 0)


def test_unlisted_cards_fill_the_decks_under_the_listed_tops() -> None:
    game = Game.from_json(
        {
            "players": 2,
            "decks": {"night": ["N07", "N16"]},
            "market": {"day": ["D01", None, "D02", "D03"]},
        }
    )
    night = [card.id for card in game.deck_order(Row.NIGHT)]
    # the market's night row was dealt from the top: N07 and N16 are its first two slots
    assert [c.id for c in game.market(Row.NIGHT) if c][:2] == ["N07", "N16"]
    assert len(night) == 32 - 4
    placed = [c for cards in zones(game).values() for c in cards]
    assert len(placed) == len(set(placed))


def test_a_board_past_a_bonus_space_gets_its_tokens_unless_written() -> None:
    played = ["S01", "D01", "D02", "D03", "D04", "D05"]
    game = Game.from_json({"players": 2, "boards": [{"played": played}, {}]})
    assert len(game.bonus_of(0)) == 1 and len(game.bonus_tokens) == 7
    written = Game.from_json({"players": 2, "boards": [{"played": played, "bonus": ["honey"]}, {}]})
    assert written.bonus_of(0) == (Ingredient.HONEY,)


def test_the_deck_may_be_a_deck_object_or_its_embedded_csv() -> None:
    as_object = Game.from_json({"players": 2, "deck": TEST_DECK, "seed": 3})
    embedded = Game.from_json(
        {"players": 2, "deck": {"name": "test", "csv": TEST_DECK.to_csv()}, "seed": 3}
    )
    assert as_object == embedded
    assert as_object.deck == TEST_DECK
