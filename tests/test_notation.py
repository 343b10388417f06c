"""The kit's notations: card ids must be nameable by the action and position notations."""

from __future__ import annotations

import pytest

from carnuta_core.cards import Card
from carnuta_core.deck import parse_deck_text
from carnuta_core.errors import ActionSyntaxError, DeckError, IllegalAction
from carnuta_core.game import Game
from carnuta_core.model import Row
from tests.conftest import new_game, tiny_deck_csv


def test_lowercase_card_ids_in_a_deck_file_are_playable():
    """Actions and positions read card ids in any case; a deck file must too.

    Bug: a deck written with 'd01' loaded as is, so 'play d01' was a legal action that could
    not be played ('there is no card D01') and a saved game holding it could not be loaded.
    """
    deck = parse_deck_text(tiny_deck_csv().replace("D01,", "d01,"), name="lc")
    assert "D01" in deck
    game = Game.new(2, seed=1, deck=deck)
    slot = next(i for i, c in enumerate(game.market(Row.DAY), 1) if c.id == "D01")
    game.play(f"take day {slot}")
    assert "play D01" in game.legal_actions().notation()
    game.play("play d01")
    assert Game.from_json(game.to_json()) == game


def test_card_parse_reads_ids_in_any_case():
    assert Card.parse("n07,night,normal,mushroom,-,2").id == "N07"


def test_a_card_id_the_notation_cannot_name_is_refused():
    card = Card.parse("N07,night,normal,mushroom,-,2")
    with pytest.raises(ValueError, match="n07"):
        Card("n07", card.origin, card.kind, card.ingredient, card.cost, card.scoring)


def test_duplicate_ids_differing_only_in_case_are_refused():
    text = tiny_deck_csv().replace("D02,", "d01,")
    with pytest.raises(DeckError, match="D01 already used on line"):
        parse_deck_text(text)


def test_illegal_action_is_a_value_error_and_game_unchanged():
    game = new_game(2, seed=15)
    before = game.to_json()
    with pytest.raises(ValueError, match="take day 9: the day row has slots 1 to 4"):
        game.play("take day 9")
    with pytest.raises(ActionSyntaxError, match="'tkae day 1' is not an action: unknown word"):
        game.play("tkae day 1")
    with pytest.raises(IllegalAction, match="is not an action"):
        game.play(object())  # type: ignore[arg-type]
    assert game.to_json() == before
