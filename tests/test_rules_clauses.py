"""One test (or a few) per clause of the rulebook and of RULINGS.md.

docs/rules_coverage.md maps every clause to the tests here; tests/test_rules_coverage.py keeps
that table honest. Every IllegalAction test checks the type, that the message names the
action, and that it gives the reason (``assert_illegal``).
"""

from __future__ import annotations

import random

import pytest

from carnuta_core.actions import Action, TakeRunes
from carnuta_core.cards import Card
from carnuta_core.deck import parse_deck_text
from carnuta_core.errors import ActionSyntaxError, PositionError
from carnuta_core.game import Game
from carnuta_core.model import INGREDIENTS, Face, Ingredient, Kind, Origin, Row
from carnuta_core.position import position_dict
from carnuta_core.rules import Rules
from carnuta_core.scoring import ScorePad, card_points, ingredient_counts, score_potion, winners
from tests.conftest import (
    TEST_DECK,
    assert_illegal,
    board,
    filler,
    load_named_deck,
    new_game,
    stage,
    tiny_deck_csv,
    turns_per_seat,
    zones,
)


def play_randomly(game: Game, seed: int = 0, limit: int = 20_000) -> Game:
    """Play uniformly random legal actions until the game is over."""
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over:
            return game
        game.play(rng.choice(list(game.legal_actions())))
    raise AssertionError("the game did not end")


def runes_of(game: Game, seat: int) -> str:
    return position_dict(game)["boards"][seat]["runes"]


# ===================================================================== setup
@pytest.mark.parametrize("players, per_face", [(2, 1), (3, 2), (4, 3)])
def test_setup_components(players, per_face):
    game = new_game(players, seed=11)
    assert game.num_players == players
    assert game.reserve == {Face.SUN: per_face, Face.MOON: per_face}
    for seat in range(players):
        me = game.player(seat)
        assert (me.suns, me.moons) == (2, 2)
        assert runes_of(game, seat) == "SSMM##"
        assert (me.open_spaces, me.locked_spaces) == (4, 2)
        assert me.sickles == 2
        assert me.counter == 1
        assert me.hand == ()
        assert len(me.played) == 1 and me.played[0].origin is Origin.START
        assert me.bonus_tokens == ()
    # One starting card each, the others back in the box.
    starts = {c.id for c in TEST_DECK.of(Origin.START)}
    in_play = {game.player(s).played[0].id for s in range(players)}
    assert len(in_play) == players
    assert {c.id for c in game.box} == starts - in_play
    assert len(game.box) == 8 - players
    # 4 + 4 market, the decks hold the rest of each type, nothing discarded yet.
    for row in Row:
        cards = game.market(row)
        assert len(cards) == 4 and all(c is not None and c.origin.row is row for c in cards)
        assert game.deck_size(row) == 32 - 4
        assert all(c.origin.row is row for c in game.deck_order(row))
    assert game.discard_pile == ()
    # 8 Bonus Ingredient tokens, one per ingredient.
    assert game.bonus_tokens == INGREDIENTS
    # Every card is in exactly one place.
    placed = [c for cards in zones(game).values() for c in cards]
    assert sorted(placed) == sorted(c.id for c in TEST_DECK)


def test_setup_runes_in_play_per_player_count():
    """Runes left in the box never enter play: 2 players 10, 3 players 16, 4 players 22."""
    assert [Rules().total_runes(n) for n in (2, 3, 4)] == [10, 16, 22]
    # A 4-player game uses all 22 double-sided runes of the box.


def test_setup_starting_cards_are_shuffled():
    seen = {new_game(2, seed=seed).player(0).played[0].id for seed in range(40)}
    assert len(seen) > 3


def test_setup_decks_are_shuffled_per_seed():
    a, b, c = (new_game(2, seed=s) for s in (1, 1, 2))
    assert a == b
    assert a.deck_order(Row.DAY) != c.deck_order(Row.DAY)


@pytest.mark.parametrize("players", [0, 1, 5])
def test_setup_player_count_outside_2_to_4(players):
    with pytest.raises(PositionError) as info:
        new_game(players)
    assert info.value.field == "players" and str(players) in str(info.value)


def test_ancestor_is_seat_0_and_play_is_clockwise():
    game = new_game(3, seed=2)
    order = []
    for _ in range(7):
        order.append((game.round, game.current_player))
        game.play("flip sun" if game.player(game.current_player).moons else "flip moon")
        game.play("flip moon" if game.player(game.current_player).suns else "flip sun")
        game.play("end")
    assert order == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]


def test_ancestor_seed_is_random_when_not_given():
    a = Game.new(2, deck=TEST_DECK)
    b = Game.new(2, deck=TEST_DECK)
    assert a.current_player == b.current_player == 0
    assert 0 <= a.seed < 2**32 and a.seed != b.seed


# ============================================================ card anatomy
def test_day_and_night_ingredients():
    day = {i for i in INGREDIENTS if i.row is Row.DAY}
    night = {i for i in INGREDIENTS if i.row is Row.NIGHT}
    assert {i.value for i in day} == {"clover", "flower", "egg", "honey"}
    assert {i.value for i in night} == {"skull", "butterfly", "berry", "mushroom"}
    with pytest.raises(ValueError, match="skull is a night ingredient"):
        Card.parse("X1,day,normal,skull,-,1")


def test_card_anatomy_fields():
    """Back (deck: start, Day, Night); front: rune cost, ingredient, reminder icons, points."""
    card = Card.parse('N07,night,normal,mushroom,"flip moon, return sun",4 per set skull honey')
    assert card.origin is Origin.NIGHT and card.kind is Kind.NORMAL
    assert card.ingredient is Ingredient.MUSHROOM
    assert [str(icon) for icon in card.cost] == ["flip moon", "return sun"]
    assert str(card.scoring) == "4 per set skull honey"
    assert Card.parse(card.notation()) == card
    start = Card.parse("S9,start,start,egg,-,2")
    assert start.origin is Origin.START and start.cost == ()
    with pytest.raises(ValueError, match="starting card is never paid for"):
        Card.parse("S9,start,start,egg,flip sun,2")


# ============================================================ turn structure
def test_exactly_two_actions_then_end():
    game = new_game(2, seed=3)
    game.play("take day 1")
    assert game.actions_left == 1
    game.play("take day 1")  # the same action twice is allowed
    assert game.actions_left == 0
    # Only 'end' (and the free Sickle) remain.
    assert set(game.legal_actions().notation()) == {"end", "sickle day", "sickle night"}
    assert_illegal(game, "take night 1", "both actions", "end your turn")
    assert_illegal(game, "runes sun", "both actions")
    game.play("end")
    assert (game.current_player, game.actions_left) == (1, 2)


def test_actions_in_any_order_and_different():
    game = stage([board("SSM.##", hand=["D01"]), board()])
    game.play("play D01")
    game.play("runes moon")
    assert game.actions_left == 0


def test_end_before_two_actions_is_illegal():
    game = new_game(2, seed=3)
    assert_illegal(game, "end", "still have 2 actions", "none is possible")
    game.play("take day 2")
    assert_illegal(game, "end", "still have 1 action")


def test_forfeit_when_no_action_is_possible():
    """A player with no legal action left forfeits the rest of the turn ('end' is legal).

    With the real rules a player can always flip or take runes, so this needs a variant
    without runes, an empty market and an unpayable hand.
    """
    rules = {
        "starting_suns": 0,
        "starting_moons": 0,
        "reserve_per_face": [[2, 0], [3, 0], [4, 0]],
        "sickles": 0,
    }
    deck = parse_deck_text(
        tiny_deck_csv().replace("D01,day,normal,flower,-,1", "D01,day,normal,flower,flip sun,1"),
        name="tiny",
    )
    game = stage(
        [board("....##", played=["S1"], hand=["D01"]), board("....##", played=["S2"])],
        reserve={"sun": 0, "moon": 0},
        deck=deck,
        rules=rules,
        market={"day": [None] * 4, "night": [None] * 4},
        decks={"day": [], "night": []},
        discard=["D02", "D03", "D04", "D05", "N01", "N02", "N03", "N04", "N05"],
        box=["S3", "S4"],
    )
    assert game.actions_left == 2
    assert game.legal_actions().notation() == ["end"]
    game.play("end")
    assert game.current_player == 1


def test_only_the_current_player_acts():
    game = new_game(3, seed=4)
    assert game.current_player == 0
    assert_illegal(game, "take day 1", "turn of seat 0 (Player 1)", "seat 1 (Player 2)", player=1)
    assert_illegal(game, "end", "turn of seat 0 (Player 1)", "seat 2 (Player 3)", player=2)
    game.play("take day 1", player=0)
    assert game.actions_left == 1


# ============================================================ take a card
@pytest.mark.parametrize("row", list(Row))
def test_take_card_refills_slot_from_same_deck(row):
    game = new_game(2, seed=5)
    other = Row.NIGHT if row is Row.DAY else Row.DAY
    market, top = game.market(row), game.deck_order(row)[0]
    other_market, other_size = game.market(other), game.deck_size(other)
    game.play(f"take {row} 2")
    assert [c.id for c in game.player(0).hand] == [market[1].id]
    assert game.market(row) == (market[0], top, market[2], market[3])
    assert game.deck_size(row) == 27
    assert game.market(other) == other_market and game.deck_size(other) == other_size


def test_take_card_bad_slot_is_illegal():
    game = new_game(2, seed=5)
    assert_illegal(game, "take day 5", "slots 1 to 4")
    assert_illegal(game, "take night 0", "slots 1 to 4")


def test_any_number_of_cards_in_hand_during_the_turn():
    game = stage([board(hand=["D01", "D20", "D30"]), board()])
    game.play("take day 1")
    game.play("take night 1")
    assert len(game.player(0).hand) == 5


# ============================================================ play a card
def test_play_pays_flip_and_return():
    # D08 costs "flip sun, return moon".
    game = stage([board("SSMM##", hand=["D08"]), board()], reserve={"sun": 1, "moon": 1})
    game.play("play D08")
    me = game.player(0)
    # A Sun turned to Moon (S 2->1, M 2->3), then a Moon went back to the reserve (M 3->2).
    assert (me.suns, me.moons) == (1, 2)
    assert game.reserve == {Face.SUN: 1, Face.MOON: 2}
    assert [c.id for c in me.played] == ["S1", "D08"]
    assert me.counter == 2


def test_returned_rune_keeps_its_face():
    # D06 costs "return sun": the Sun goes to the reserve as a Sun.
    game = stage([board("SSMM##", hand=["D06"]), board()], reserve={"sun": 1, "moon": 1})
    game.play("play D06")
    assert game.reserve == {Face.SUN: 2, Face.MOON: 1}
    assert (game.player(0).suns, game.player(0).moons) == (1, 2)


def test_free_card_costs_nothing():
    game = stage([board("SSMM##", hand=["D01"]), board()], reserve={"sun": 1, "moon": 1})
    game.play("play D01")
    assert (game.player(0).suns, game.player(0).moons) == (2, 2)


def test_each_cost_icon_needs_a_different_rune():
    """N01 costs "flip moon, return moon": one Moon cannot pay both icons."""
    game = stage([board("SSSM##", hand=["N01"]), board()], reserve={"sun": 1, "moon": 1})
    assert "play N01" not in game.legal_actions()
    assert_illegal(game, "play N01", "needs 2 Moons", "you have 1")
    # Matched before paying: the flipped Moon (now a Sun) cannot be one of the needed Moons.
    game2 = stage([board("SSMM##", hand=["N01"]), board()], reserve={"sun": 1, "moon": 1})
    game2.play("play N01")
    assert (game2.player(0).suns, game2.player(0).moons) == (3, 0)


def test_cost_needs_runes_of_the_right_face():
    # D21 costs "flip sun"; a board of Moons cannot pay it.
    game = stage([board("MMMM##", hand=["D21"]), board()], reserve={"sun": 1, "moon": 1})
    assert_illegal(game, "play D21", "needs 1 Sun", "you have 0")


def test_play_card_not_in_hand_is_illegal():
    game = stage([board("SSMM##", hand=["D01"]), board(played=["S2", "D20"])])
    assert_illegal(game, "play D30", "D30 is not in your hand", "your hand: D01")
    assert_illegal(game, "play S1", "S1 is in play already")
    assert_illegal(game, "play ZZ9", "no card ZZ9")


def test_played_card_joins_its_ingredient_column():
    game = stage([board("SSMM##", played=["S1"], hand=["D30", "N05"]), board()])
    game.play("play D30")
    game.play("play N05")
    columns = game.player(0).columns()
    assert [c.id for c in columns[Ingredient.EGG]] == ["D30"]
    assert [c.id for c in columns[Ingredient.MUSHROOM]] == ["N05"]
    assert [c.id for c in columns[Ingredient.CLOVER]] == ["S1"]


def test_counter_moves_one_space_per_card():
    game = stage([board("SSMM##", hand=["D01", "D20"]), board()])
    assert game.counter(0) == 1
    game.play("play D01")
    assert game.counter(0) == 2
    game.play("play D20")
    assert game.counter(0) == 3 == len(game.player(0).played)


# ================================================================ padlocks
def test_padlock_comes_off_at_counter_4():
    game = stage([board("SSMM##", played=["S1", *filler(2)], hand=["D01"]), board()])
    assert (game.counter(0), game.open_spaces(0)) == (3, 4)
    assert_illegal(game, "runes sun", "no empty open space", "Padlock")
    game.play("play D01")
    assert (game.counter(0), game.open_spaces(0)) == (4, 5)
    assert runes_of(game, 0) == "SSMM.#"
    game.play("runes sun")  # space 5 is usable by runes now
    assert runes_of(game, 0) == "SSSMM#"


def test_padlock_comes_off_at_counter_8():
    game = stage(
        [board("SSMMS#", played=["S1", *filler(6)], hand=["D01"]), board("SSMM##")],
        reserve={"sun": 0, "moon": 1},
    )
    assert (game.counter(0), game.open_spaces(0)) == (7, 5)
    game.play("play D01")
    assert (game.counter(0), game.open_spaces(0), runes_of(game, 0)) == (8, 6, "SSSMM.")
    game.play("runes moon")
    assert runes_of(game, 0) == "SSSMMM"


def test_no_more_spaces_after_8():
    game = stage(
        [board("SSMMS.", played=["S1", *filler(8)], hand=["D01"]), board("SSMM##")],
        reserve={"sun": 0, "moon": 1},
    )
    game.play("play D01")
    assert (game.counter(0), game.open_spaces(0)) == (10, 6)


# ============================================================ bonus tokens
def test_bonus_token_at_counter_6():
    game = stage([board("SSMM.#", played=["S1", *filler(4)], hand=["D01"]), board()])
    game.play("play D01")
    assert game.counter(0) == 6
    assert game.phase == "bonus"
    assert game.legal_actions().notation() == [f"bonus {i}" for i in INGREDIENTS]
    assert_illegal(game, "runes sun", "choose your Bonus Ingredient token")
    game.play("bonus honey")
    assert game.phase == "actions" and game.actions_left == 1
    assert game.player(0).bonus_tokens == (Ingredient.HONEY,)
    assert Ingredient.HONEY not in game.bonus_tokens and len(game.bonus_tokens) == 7


def test_bonus_token_at_counter_10():
    game = stage(
        [board("SSMM..", played=["S1", *filler(8)], hand=["D01"], bonus=["egg"]), board()],
        reserve={"sun": 1, "moon": 1},
    )
    game.play("play D01")
    assert (game.counter(0), game.phase) == (10, "bonus")
    assert "bonus egg" not in game.legal_actions()
    assert_illegal(game, "bonus egg", "egg token is already taken")
    game.play("bonus skull")
    assert game.player(0).bonus_tokens == (Ingredient.EGG, Ingredient.SKULL)


@pytest.mark.parametrize("before", [1, 2, 3, 4, 6, 7, 8])
def test_no_bonus_on_other_spaces(before):
    runes = "SSMM" + ("." if before >= 4 else "#") + ("." if before >= 8 else "#")
    bonus = ["egg"] if before >= 6 else []
    game = stage(
        [board(runes, played=["S1", *filler(before - 1)], hand=["D01"], bonus=bonus), board()]
    )
    game.play("play D01")
    assert game.counter(0) == before + 1
    assert game.phase == "actions"


def test_bonus_tokens_run_out():
    """When no token is left, the bonus is lost."""
    game = stage(
        [board("SSMM.#", played=["S1", *filler(4)], hand=["D01"]), board()], bonus_tokens=[]
    )
    game.play("play D01")
    assert game.counter(0) == 6
    assert game.phase == "actions" and game.actions_left == 1
    assert game.player(0).bonus_tokens == ()
    assert any("bonus is lost" in e for e in game.last_events)
    assert_illegal(game, "bonus honey", "only when your counter reaches a bonus space")


def test_bonus_tokens_one_per_ingredient():
    game = stage(
        [
            board("SSMM.#", played=["S1", *filler(4)], hand=["D01"]),
            board("SSMM..", played=["S2", *filler(9, 5)], bonus=["clover", "egg"]),
        ],
        reserve={"sun": 1, "moon": 1},
        bonus_tokens=["honey"],
    )
    assert game.bonus_tokens == (Ingredient.HONEY,)
    game.play("play D01")
    assert game.legal_actions().notation() == ["bonus honey"]
    assert_illegal(game, "bonus clover", "clover token is already taken", "available: honey")


def test_bonus_token_counts_as_an_ingredient():
    cards = [Card.parse("X1,day,normal,egg,-,1 per egg")]
    assert score_potion(cards, {}, [Ingredient.EGG])["egg"] == 2
    assert ingredient_counts(cards, {}, [Ingredient.HONEY])[Ingredient.HONEY] == 1


# ============================================================== take runes
def test_take_runes_fills_open_spaces_with_one_face():
    game = stage([board("S...##", played=["S1"]), board("SSMM##")], reserve={"sun": 2, "moon": 3})
    game.play("runes moon")
    assert runes_of(game, 0) == "SMMM##"
    assert game.reserve == {Face.SUN: 2, Face.MOON: 0}


def test_take_runes_never_both_faces_in_one_action():
    with pytest.raises(ActionSyntaxError) as info:
        Action.parse("runes sun moon")
    assert "runes sun moon" in str(info.value) and "runes moon" in str(info.value)


def test_take_runes_partial_when_reserve_short():
    game = stage([board("S...##", played=["S1"]), board("SSMM##")], reserve={"sun": 4, "moon": 1})
    game.play("runes moon")
    assert runes_of(game, 0) == "SM..##"
    assert game.reserve == {Face.SUN: 4, Face.MOON: 0}


def test_take_runes_illegal_when_reserve_has_none_of_that_face():
    game = stage([board("S...##", played=["S1"]), board("SSMM##")], reserve={"sun": 5, "moon": 0})
    assert_illegal(game, "runes moon", "the reserve has no Moon left")
    game.play("runes sun")


def test_take_runes_illegal_when_reserve_empty():
    game = stage(
        [
            board("SSMM.#", played=["S1", *filler(3)]),
            board("SSSMMM", played=["S2", *filler(7, 3)]),
        ],
        reserve={"sun": 0, "moon": 0},
    )
    assert_illegal(game, "runes moon", "the reserve has no Moon left")
    assert_illegal(game, "runes sun", "the reserve has no Sun left")
    assert not any(isinstance(a, TakeRunes) for a in game.legal_actions())


def test_take_runes_when_board_full_is_a_null_action():
    game = new_game(2, seed=6)
    assert_illegal(game, "runes sun", "no empty open space")
    assert "runes sun" not in game.legal_actions()


def test_null_actions_allowed_by_setting():
    game = new_game(2, seed=6, rules=Rules(allow_null_actions=True))
    board_before = position_dict(game)["boards"]
    reserve_before = game.reserve
    game.play("runes sun")
    assert position_dict(game)["boards"] == board_before and game.reserve == reserve_before
    game.play("flip sun")
    assert game.actions_left == 0
    g2 = stage([board("SSSS##"), board()], rules={"allow_null_actions": True})
    g2.play("flip sun")
    assert runes_of(g2, 0) == "SSSS##"


# ============================================================== flip runes
@pytest.mark.parametrize("face, expect", [("sun", "SSSS.#"), ("moon", "MMMM.#")])
def test_flip_runes_makes_all_one_face(face, expect):
    game = stage([board("SMSM.#", played=["S1", *filler(3)]), board()])
    game.play(f"flip {face}")
    assert runes_of(game, 0) == expect


def test_flip_when_all_match_is_a_null_action():
    game = stage([board("SSSS##"), board()])
    assert_illegal(game, "flip sun", "already shows its Sun")
    assert "flip sun" not in game.legal_actions()
    game.play("flip moon")
    assert runes_of(game, 0) == "MMMM##"


def test_flip_with_a_number_needs_the_variant():
    game = stage([board("SSMM##"), board()])
    assert_illegal(game, "flip sun 1", "turns every rune", "write 'flip sun'")


def test_flip_mode_any_variant():
    game = stage([board("SSMM##"), board()], rules={"flip_mode": "any"})
    legal = game.legal_actions().notation()
    assert {"flip sun 1", "flip sun 2", "flip moon 1", "flip moon 2"} <= set(legal)
    assert "flip sun" not in legal
    assert_illegal(game, "flip sun 3", "1 to 2 of your Moon runes, not 3")
    assert_illegal(game, "flip sun", "say how many runes")
    game.play("flip sun 1")
    assert runes_of(game, 0) == "SSSM##"


# =================================================================== sickle
@pytest.mark.parametrize("row", list(Row))
def test_sickle_renews_a_row(row):
    game = new_game(2, seed=8)
    other = Row.NIGHT if row is Row.DAY else Row.DAY
    old, top4 = game.market(row), game.deck_order(row)[:4]
    other_market = game.market(other)
    game.play(f"sickle {row}")
    assert game.market(row) == top4  # 4 new cards revealed from that deck
    assert game.discard_pile == old  # the 4 old ones discarded
    assert game.deck_size(row) == 24
    assert game.market(other) == other_market
    assert game.player(0).sickles == 1
    assert game.actions_left == 2  # a free action


def test_sickle_any_time_in_the_turn_even_after_two_actions():
    game = new_game(2, seed=8)
    game.play("take day 1")
    game.play("sickle night")
    game.play("take night 1")
    assert game.actions_left == 0
    game.play("sickle day")  # after both actions, before 'end'
    assert game.player(0).sickles == 0
    assert_illegal(game, "sickle day", "has no Sickle left")
    game.play("end")


def test_sickle_with_no_sickles_is_illegal():
    game = stage([board(sickles=0), board()])
    assert not any(str(a).startswith("sickle") for a in game.legal_actions())
    assert_illegal(game, "sickle night", "player 1 has no Sickle left")


def test_sickle_not_during_bonus_choice():
    game = stage([board("SSMM.#", played=["S1", *filler(4)], hand=["D01"]), board()])
    game.play("play D01")
    assert_illegal(game, "sickle day", "first choose your Bonus Ingredient token")


# =============================================================== empty deck
def explicit_zones_position_kwargs(deck_day, deck_night, discard, market_day, market_night):
    return {
        "market": {"day": market_day, "night": market_night},
        "decks": {"day": deck_day, "night": deck_night},
        "discard": discard,
    }


def test_empty_deck_is_rebuilt_from_that_types_discards_only():
    day_discard = [f"D{k:02d}" for k in range(5, 33)]
    night_discard = ["N30", "N31", "N32"]
    game = stage(
        [board(played=["S1"]), board(played=["S2"])],
        **explicit_zones_position_kwargs(
            [],
            [f"N{k:02d}" for k in range(5, 30)],
            night_discard + day_discard,
            ["D01", "D02", "D03", "D04"],
            ["N01", "N02", "N03", "N04"],
        ),
    )
    assert game.deck_size(Row.DAY) == 0
    game.play("take day 3")
    new_card = game.market(Row.DAY)[2].id
    assert new_card in day_discard
    # The new Day deck is the Day discards, shuffled, less the card revealed.
    assert sorted(c.id for c in game.deck_order(Row.DAY)) == sorted(set(day_discard) - {new_card})
    # The Night cards stay in the discard.
    assert [c.id for c in game.discard_pile] == night_discard
    assert game.deck_size(Row.NIGHT) == 25


def test_slot_stays_empty_when_no_card_of_that_type_remains():
    deck = parse_deck_text(tiny_deck_csv(day=5, night=5), name="tiny")
    game = Game.new(2, seed=1, deck=deck)
    assert game.deck_size(Row.DAY) == 1
    game.play("take day 1")  # refilled with the last Day card
    game.play("take day 2")  # nothing left: the slot stays empty
    assert game.market(Row.DAY)[1] is None
    assert "take day 2" not in game.legal_actions()
    game.play("end")
    assert_illegal(game, "take day 2", "slot 2 of the day row is empty")


def test_sickle_reveals_from_a_rebuilt_deck():
    deck = parse_deck_text(tiny_deck_csv(day=6, night=5), name="tiny")
    game = Game.new(2, seed=1, deck=deck)
    old = {c.id for c in game.market(Row.DAY)}
    game.play("sickle day")  # 2 cards in the deck, then the discard (these 4) is reshuffled
    now = [c.id for c in game.market(Row.DAY) if c is not None]
    assert len(now) == 4
    every_day = {c.id for c in deck.of(Origin.DAY)}
    assert (
        set(now) | {c.id for c in game.deck_order(Row.DAY)} | {c.id for c in game.discard_pile}
        == every_day
    )
    assert set(now) - old  # the 2 cards that were in the deck are revealed


def test_sickle_illegal_when_row_deck_and_discard_are_empty():
    deck = parse_deck_text(tiny_deck_csv(day=4, night=5), name="tiny")
    game = Game.new(2, seed=1, deck=deck)
    game.play("take day 1")
    game.play("take day 2")
    game.play("end")
    game.play("take day 3")
    game.play("take day 4")
    assert game.market(Row.DAY) == (None, None, None, None)
    assert_illegal(game, "sickle day", "day row is empty", "no day card left")


# ================================================================ specials
def salt_game(**rules):
    return stage(
        [board("SSMM##", played=["S1", "N05"], hand=["D04", "N04", "D01"]), board()],
        rules=rules,
    )


def test_salt_needs_a_target():
    game = salt_game()
    assert "play D04" not in game.legal_actions()
    assert {"play D04 on S1", "play D04 on N05"} <= set(game.legal_actions().notation())
    assert_illegal(game, "play D04", "D04 is a Salt", "which of your played cards")


def test_salt_goes_on_a_played_card():
    game = salt_game()
    assert_illegal(game, "play D04 on D01", "a Salt goes on one of your played cards", "not D01")
    assert_illegal(game, "play D01 on S1", "D01 is not a Salt")


def test_salt_counts_one_of_its_targets_ingredient_and_moves_the_counter():
    game = salt_game()
    game.play("play D04 on N05")
    me = game.player(0)
    assert me.counter == 3
    assert dict(me.salt_on) == {"D04": "N05"}
    counts = ingredient_counts(me.played, dict(me.salt_on), me.bonus_tokens)
    assert counts[Ingredient.MUSHROOM] == 2
    assert [c.id for c in me.columns()[Ingredient.MUSHROOM]] == ["N05", "D04"]
    # Played Salt stays on its card whatever follows.
    game.play("play D01")
    game.play("end")
    assert dict(game.player(0).salt_on) == {"D04": "N05"}
    assert position_dict(game)["boards"][0]["played"] == ["S1", "N05", "D04 on N05", "D01"]


def test_salt_scores_no_points_of_its_own():
    salt = Card.parse("X9,night,salt,salt,-,-")
    egg = Card.parse("E1,day,normal,egg,-,1 per egg")
    assert card_points(salt, dict.fromkeys(INGREDIENTS, 5)) == 0
    pad = score_potion([egg, salt], {"X9": "E1"}, [])
    assert pad["egg"] == 2 and pad.total == 2


def test_salt_not_on_a_salt():
    game = salt_game()
    game.play("play D04 on N05")
    assert "play N04 on D04" not in game.legal_actions()
    assert_illegal(game, "play N04 on D04", "D04 is a Salt", "a Salt goes on an ingredient card")


def test_salt_on_salt_variant():
    game = salt_game(salt_on_salt=True)
    game.play("play D04 on N05")
    game.play("play N04 on D04")
    me = game.player(0)
    counts = ingredient_counts(me.played, dict(me.salt_on), [])
    assert counts[Ingredient.MUSHROOM] == 3


def test_double_counts_two():
    double = Card.parse("X1,night,double,berry,-,1 per berry")
    assert double.kind is Kind.DOUBLE and double.weight == 2
    single = Card.parse("X2,night,normal,berry,-,1")
    counts = ingredient_counts([double, single], {}, [])
    assert counts[Ingredient.BERRY] == 3
    assert score_potion([double, single], {}, [])["berry"] == 3 + 1


# ========================================================= end of the turn
def test_hand_limit_discard_with_players_choice():
    game = stage([board(hand=["D01", "D20", "D30"]), board()])
    game.play("take day 1")
    game.play("take night 1")
    hand = [c.id for c in game.player(0).hand]
    game.play("end")
    assert game.phase == "discard" and game.current_player == 0
    assert game.legal_actions().notation() == [f"discard {c}" for c in hand]
    assert_illegal(game, "take day 2", "discard down to 3 first")
    assert_illegal(game, "discard N30", "N30 is not in your hand")
    game.play(f"discard {hand[3]}")
    assert game.phase == "discard" and game.current_player == 0
    game.play("discard D20")
    assert game.phase == "actions" and game.current_player == 1
    assert [c.id for c in game.player(0).hand] == [hand[0], hand[2], hand[4]]
    # Discards are public.
    assert [c.id for c in game.discard_pile] == [hand[3], "D20"]


def test_no_discard_at_three_cards():
    game = stage([board(hand=["D01", "D20"]), board()])
    game.play("take day 1")
    game.play("runes sun") if "runes sun" in game.legal_actions() else game.play("flip sun")
    game.play("end")
    assert game.current_player == 1 and len(game.player(0).hand) == 3
    assert_illegal(game, "discard D01", "only at the end of your turn")


def test_hand_limit_setting():
    game = stage([board(hand=["D01", "D20", "D30"]), board()], rules={"hand_limit": 4})
    game.play("take day 1")
    game.play("take night 1")
    game.play("end")
    assert game.phase == "discard"
    assert game.legal_actions().notation()[0].startswith("discard")
    game.play(game.legal_actions()[0])
    assert game.current_player == 1


# ========================================================= end of the game
def test_end_trigger_at_11th_card_finishes_round_then_final_round():
    """Player 2 of 3 plays an 11th card in round 5: round 5 is finished, then round 6."""
    game = stage(
        [
            board("SSMM.#", played=["S1", *filler(3)]),
            board("SSMM..", played=["S2", *filler(9, 3)], hand=["D01"], bonus=["egg", "honey"]),
            board("SSMM##", played=["S3"]),
        ],
        turn={"round": 5, "player": 1},
    )
    game.play("play D01")
    assert game.end_triggered and game.final_round == 6
    assert game.counter(1) == 11
    game.play("flip sun")
    game.play("end")
    play_randomly(game, seed=1)
    assert game.is_over
    ends = [(seat, str(a)) for seat, a in game.log if str(a) == "end"]
    # Seats 2 and 3 finish round 5, then all three take round 6.
    assert [seat for seat, _ in ends] == [1, 2, 0, 1, 2]
    assert game.round == 6


def test_every_player_gets_the_same_number_of_turns():
    for players in (2, 3, 4):
        for seed in range(3):
            game = play_randomly(new_game(players, seed=seed), seed=seed)
            turns = turns_per_seat(game)
            assert len(set(turns)) == 1, (players, seed, turns)
            assert turns[0] == game.round
            assert max(len(game.player(s).played) for s in range(players)) >= 11


def test_more_than_11_cards_and_counter_stays_at_11():
    game = stage(
        [
            board(
                "SSMM..", played=["S1", *filler(10)], hand=["D01", "D20"], bonus=["egg", "honey"]
            ),
            board("SSMM##", played=["S2"]),
        ],
        turn={"round": 7, "final_round": 8},
        reserve={"sun": 1, "moon": 1},
    )
    assert game.counter(0) == 11
    game.play("play D01")
    game.play("play D20")
    me = game.player(0)
    assert len(me.played) == 13 and me.counter == 11
    assert position_dict(game)["boards"][0]["counter"] == 11
    assert game.phase == "actions" and game.final_round == 8  # no new bonus, no new trigger


def test_no_final_extra_round_variant():
    game = stage(
        [
            board("SSMM.#", played=["S1", *filler(3)]),
            board("SSMM..", played=["S2", *filler(9, 3)], hand=["D01"], bonus=["egg", "honey"]),
            board("SSMM##", played=["S3"]),
        ],
        turn={"round": 5, "player": 1},
        rules={"final_extra_round": False},
    )
    game.play("play D01")
    assert game.final_round == 5
    game.play("flip sun")
    game.play("end")
    game.play("flip sun")
    game.play("flip moon")
    game.play("end")
    assert game.is_over and game.round == 5
    for players in (2, 3, 4):
        done = play_randomly(new_game(players, seed=3, rules=Rules(final_extra_round=False)))
        assert len(set(turns_per_seat(done))) == 1


def test_game_over_accepts_no_action():
    game = play_randomly(new_game(2, seed=9), seed=9)
    assert game.legal_actions().notation() == []
    assert_illegal(game, "end", "the game is over")
    assert_illegal(game, "take day 1", "the game is over")


# ================================================================= scoring
def test_score_pad_rows_are_column_points_and_total_is_their_sum():
    game = play_randomly(new_game(3, seed=12), seed=12)
    for seat in range(3):
        me = game.player(seat)
        counts = ingredient_counts(me.played, dict(me.salt_on), me.bonus_tokens)
        pad = game.score_pad(seat)
        for ingredient in INGREDIENTS:
            column = [c for c in me.played if c.ingredient is ingredient]
            assert pad[ingredient] == sum(card_points(c, counts) for c in column)
        assert pad.total == sum(points for _, points in pad) == game.scores()[seat]


def test_ingredient_count_cards_doubles_salts_tokens():
    cards = [
        Card.parse("A1,day,double,honey,-,1"),
        Card.parse("A2,day,normal,honey,-,1"),
        Card.parse("A3,day,salt,salt,-,-"),
    ]
    counts = ingredient_counts(cards, {"A3": "A2"}, [Ingredient.HONEY])
    assert counts[Ingredient.HONEY] == 2 + 1 + 1 + 1


# The 7 Mushroom cards of "Description of Points", with a potion to score them against.
MUSHROOMS = [
    ("M1,night,normal,mushroom,-,2", 2),
    ("M2,night,normal,mushroom,-,5", 5),
    ("M3,night,normal,mushroom,-,1 per clover flower", 1 * 3 + 1 * 2),
    ("M4,night,normal,mushroom,-,1 per mushroom", 7),
    ("M5,night,normal,mushroom,-,2 per berry", 2 * 4),
    ("M6,night,normal,mushroom,-,4 per set skull honey", 4 * 1),
    ("M7,night,normal,mushroom,-,6 per set butterfly egg egg", 6 * 2),
]
POTION_COUNTS = {
    Ingredient.CLOVER: 3,
    Ingredient.FLOWER: 2,
    Ingredient.MUSHROOM: 7,
    Ingredient.BERRY: 4,
    Ingredient.SKULL: 1,
    Ingredient.HONEY: 5,
    Ingredient.BUTTERFLY: 3,
    Ingredient.EGG: 5,
}


@pytest.mark.parametrize("line, points", MUSHROOMS, ids=[m[0][:2] for m in MUSHROOMS])
def test_description_of_points(line, points):
    """Flat; per ingredient counted separately (itself included); per complete set."""
    assert card_points(Card.parse(line), POTION_COUNTS) == points


def test_winner_highest_total():
    pads = [ScorePad.from_points({Ingredient.EGG: 30}), ScorePad.from_points({Ingredient.EGG: 31})]
    assert winners(pads) == [1]


def test_tie_break_highest_single_row():
    a = ScorePad.from_points({Ingredient.EGG: 20, Ingredient.HONEY: 20})  # 40, best row 20
    b = ScorePad.from_points({Ingredient.EGG: 18, Ingredient.BERRY: 22})  # 40, best row 22
    c = ScorePad.from_points({Ingredient.SKULL: 39})  # 39, best row 39: total comes first
    assert winners([a, b, c]) == [1]


def test_tie_after_tie_break_is_shared():
    a = ScorePad.from_points({Ingredient.EGG: 22, Ingredient.HONEY: 18})
    b = ScorePad.from_points({Ingredient.BERRY: 22, Ingredient.SKULL: 18})
    c = ScorePad.from_points({Ingredient.BERRY: 21, Ingredient.SKULL: 19})
    assert winners([a, b, c]) == [0, 1]


def test_game_winners_use_the_score_pads():
    game = play_randomly(new_game(4, seed=13), seed=13)
    assert game.winners() == winners([game.score_pad(s) for s in range(4)])
    assert game.winners()


# ============================================================ rulings: kit
def test_hands_are_public_only_deck_order_is_hidden():
    """Hands hold only cards taken from the open market: every take is in the log."""
    game = play_randomly(new_game(3, seed=14), seed=14)
    for seat in range(3):
        assert all(c.origin is not Origin.START for c in game.player(seat).hand)
    replay = new_game(3, seed=14)
    for seat, action in game.log:
        if str(action).startswith("take"):
            row, slot = action.row, action.slot
            taken = replay.market(row)[slot - 1].id
            replay.play(action)
            assert taken in [c.id for c in replay.player(seat).hand]
        else:
            replay.play(action)
    assert replay == game


def test_ruling_choices_are_named_rules_settings():
    defaults = Rules()
    assert defaults.allow_null_actions is False
    assert defaults.flip_mode == "all"
    assert defaults.salt_on_salt is False
    assert defaults.final_extra_round is True
    assert defaults.unlock_levels == (4, 8) and defaults.bonus_levels == (6, 10)
    assert (defaults.actions_per_turn, defaults.hand_limit, defaults.end_trigger) == (2, 3, 11)
    assert Rules.from_changes(Rules(flip_mode="any").changes()) == Rules(flip_mode="any")


@pytest.mark.parametrize("name", ["test", "reference"])
def test_deck_composition(name):
    """72 = 8 starting cards (one per ingredient) + 32 Day + 32 Night; the kit's deck also has
    the 7 Mushroom cards, doubles, Salts and the Berry of the full-turn example."""
    deck = load_named_deck(name)
    assert len(deck) == 72
    starts = deck.of(Origin.START)
    assert sorted(c.ingredient.value for c in starts) == sorted(i.value for i in INGREDIENTS)
    assert len(deck.of(Origin.DAY)) == 32 and len(deck.of(Origin.NIGHT)) == 32
    assert any(c.kind is Kind.DOUBLE for c in deck)
    assert any(c.is_salt for c in deck)
    assert any(
        c.ingredient is Ingredient.BERRY
        and [str(i) for i in c.cost] == ["flip moon", "return moon"]
        for c in deck
    )
    if name == "reference":
        from tests.conftest import REFERENCE_DECK_PATH

        assert "reconstruct" in REFERENCE_DECK_PATH.read_text(encoding="utf-8").lower()
        mushrooms = [
            c for c in deck if c.ingredient is Ingredient.MUSHROOM and c.kind is Kind.NORMAL
        ]
        patterns = {str(c.scoring) for c in mushrooms}
        for expected in ("2", "5", "1 per clover flower", "1 per mushroom", "2 per berry"):
            assert expected in patterns
        assert any(s.startswith("4 per set") for s in patterns)
        assert any(s.startswith("6 per set") for s in patterns)


def test_any_transcribed_deck_loads(tmp_path):
    from carnuta_core.deck import load_deck

    path = tmp_path / "my_box.csv"
    path.write_text("# my own box\n" + TEST_DECK.to_csv(), encoding="utf-8")
    deck = load_deck(path)
    assert deck == TEST_DECK and deck.name == "my_box"
    game = play_randomly(Game.new(2, seed=1, deck=deck))
    assert game.is_over
