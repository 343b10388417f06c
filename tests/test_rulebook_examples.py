"""The rulebook's two worked examples, replayed on the engine."""

from __future__ import annotations

from carnuta_core.cards import Card
from carnuta_core.model import Face, Ingredient
from carnuta_core.scoring import ingredient_counts, score_potion
from tests.conftest import board, stage


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


# Eric's potion (rulebook, "End of the Game - Example"), written in deck notation.
ERIC_CARDS = [
    # Honey: 2 per Mushroom; Eric has 1 Mushroom card -> 2.
    "H1,day,normal,honey,-,2 per mushroom",
    # Clover: a double Clover worth 0 points -> 0. It counts as 2 Clovers.
    "C1,day,double,clover,-,0",
    # Egg: "2 per clover" on top -> 2 x 3 Clovers = 6; a flat 5 underneath -> 5. Row 11.
    "E1,day,normal,egg,-,2 per clover",
    "E2,day,normal,egg,-,5",
    # Mushroom: 1 per Clover and Flower, counted separately -> 1 x 3 + 1 x 0 = 3.
    "M1,night,normal,mushroom,-,1 per clover flower",
    # Berry: flat 2; "3 per skull" with no Skull -> 0; one Mushroom/Clover set -> 4. Row 6.
    "B1,night,normal,berry,-,2",
    "B2,night,normal,berry,-,3 per skull",
    "B3,night,normal,berry,-,4 per set mushroom clover",
    # Butterfly: flat 2; Berry/Clover sets: min(3 Berries, 3 Clovers) = 3 -> 12;
    # 1 per Butterfly: 3 cards + the Butterfly bonus token = 4 -> 4. Row 18.
    "F1,night,normal,butterfly,-,2",
    "F2,night,normal,butterfly,-,4 per set berry clover",
    "F3,night,normal,butterfly,-,1 per butterfly",
]
# Clover count: the double (2) + the Clover bonus token (1) = 3. No Flower, no Skull card.
ERIC_TOKENS = [Ingredient.CLOVER, Ingredient.BUTTERFLY]


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
    assert pad["honey"] == 2
    assert pad["clover"] == 0
    assert pad["flower"] == 0
    assert pad["egg"] == 11
    assert pad["mushroom"] == 3
    assert pad["skull"] == 0
    assert pad["berry"] == 6
    assert pad["butterfly"] == 18
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
