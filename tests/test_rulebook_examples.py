"""The rulebook's two worked examples, replayed on the engine."""

from __future__ import annotations

from carnuta_core.cards import Card
from carnuta_core.model import Face, Ingredient
from carnuta_core.scoring import ingredient_counts, score_potion
from tests.conftest import ERIC_CARDS, ERIC_ROWS, ERIC_TOKENS, board, stage


def test_example_of_a_full_turn():
    """Rulebook, "Example of a Full Turn".

    The player has 3 cards in hand (the Berry N01 costing "flip moon, return moon", an Egg
    and a Clover) and 2 runes, 1 Sun and 1 Moon. They have 4 cards in play, so the counter is
    on 4, the first Padlock is off and 5 spaces are open: 3 of them are empty. The reserve
    holds only 2 Moons (plus Suns, which the player does not want).
    """
    # 2 players: 10 runes in play = 2 (player 1) + 4 (player 2) + 4 in the reserve.
    game = stage(
        [
            board("SM...#", played=["S1", "D01", "D16", "N05"], hand=["N01", "D05", "D08"]),
            board("SSMM##", played=["S2"]),
        ],
        reserve={"sun": 2, "moon": 2},
    )
    me = game.player(0)
    assert (me.counter, me.open_spaces, me.empty_spaces) == (4, 5, 3)

    # First action: fill the board with Moons. Only 2 are left, so the 5th space stays empty.
    game.play("runes moon")
    me = game.player(0)
    assert (me.suns, me.moons, me.empty_spaces) == (1, 3, 1)
    assert game.reserve == {Face.SUN: 2, Face.MOON: 0}

    # Second action: play the Berry, flipping one Moon and returning a second one.
    game.play("play N01")
    me = game.player(0)
    # End facts of the example: 3 runes (2 Sun, 1 Moon), 2 cards in hand, counter +1.
    assert (me.suns, me.moons) == (2, 1)
    assert me.runes == 3
    assert [card.id for card in me.hand] == ["D05", "D08"]
    assert me.counter == 5
    assert game.reserve == {Face.SUN: 2, Face.MOON: 1}
    assert [c.ingredient for c in me.played][-1] is Ingredient.BERRY

    # Both actions are taken: the turn ends with 2 cards in hand, no discard needed.
    assert game.legal_actions().notation()[-1] == "end"
    game.play("end")
    assert game.current_player == 1
    assert len(game.player(0).hand) == 2


def test_eric_scoring_example():
    cards = [Card.parse(line) for line in ERIC_CARDS]
    assert len(cards) == 11
    counts = ingredient_counts(cards, {}, ERIC_TOKENS)
    assert counts[Ingredient.CLOVER] == 3
    assert counts[Ingredient.FLOWER] == 0
    assert counts[Ingredient.MUSHROOM] == 1
    assert counts[Ingredient.BERRY] == 3
    assert counts[Ingredient.BUTTERFLY] == 4

    pad = score_potion(cards, {}, ERIC_TOKENS)
    assert {i.value: points for i, points in pad} == ERIC_ROWS
    assert pad.total == 40
    assert pad.as_dict() == {
        "Clover": 0,
        "Flower": 0,
        "Egg": 11,
        "Honey": 2,
        "Skull": 0,
        "Butterfly": 18,
        "Berry": 6,
        "Mushroom": 3,
        "Total": 40,
    }
