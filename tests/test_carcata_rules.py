"""One test (or a few) per rule of the Carcata rulebook and per RULING of docs/carcata.md.

Positions are staged with ``Game.from_position`` (spaces by name, seats from 0) so that each
test sets up exactly the situation its rule is about; chance is forced with ``push``.
"""

from __future__ import annotations

import doctest
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcata_core import (
    ISLAND,
    Action,
    ActionSyntaxError,
    Game,
    IllegalAction,
    PositionError,
    Rules,
)
from carcata_core.actions import KEEP, Draw, Land, Lava, Roll
from carcata_core.catapult import landing_model
from carcata_core.dice import roll_outcomes
from carcata_core.perft import perft
from tabletop.protocol import CHANCE

DOCS = Path(__file__).resolve().parent.parent / "docs" / "carcata.md"
#: Ten beach spaces, spread round the island, for a quick set-up.
SPREAD = ["1-1", "1-19", "1-7", "1-25", "1-13", "1-31", "1-4", "1-22", "1-10", "1-28"]
FLOW_NE = ["6-1", "5-1", "4-1", "3-1", "2-1", "1-1"]
FLOW_SW = ["6-4", "5-7", "4-10", "3-13", "2-16", "1-19"]


def c(name: str) -> int:
    return ISLAND.cell(name)


def stage(**fields: Any) -> Game:
    """A staged 2-player position: player 1 (seat 0) in its effects by default."""
    position: dict[str, Any] = {
        "players": 2,
        "phase": "effects",
        "player": 0,
        "pawns": [["3-5"], ["1-20"]],
    }
    position.update(fields)
    return Game.from_position(position)


def set_up(seed: int = 0) -> Game:
    """A 2-player game past its set-up (the pawns spread round the beach)."""
    game = Game.new(2, seed=seed)
    for cell in SPREAD:
        game.play(f"place {cell}")
    return game


# ----------------------------------------------------------------------------- set-up
def test_setup_places_five_pawns_each_on_free_beach_spaces_in_turn():
    game = Game.new(3, seed=1)
    assert game.phase == "setup" and game.current_player == 0
    assert len(game.legal_actions()) == 36
    assert sum(game.bag.values()) == 20 and not game.loose_gems()  # every gem in the bag
    game.play("place 1-1")
    assert game.current_player == 1 and len(game.legal_actions()) == 35
    assert "place 1-1" not in game.legal_actions()
    assert "occupied" in game.why_illegal("place 1-1") or "pawn" in game.why_illegal("place 1-1")
    assert "beach" in game.why_illegal("place 2-1")
    for cell in ISLAND.beach[1:15]:
        game.play(f"place {ISLAND.name(cell)}")
    assert [len(game.pawns(seat)) for seat in range(3)] == [5, 5, 5]
    assert game.turn_player == 0 and game.phase == "dice"  # the first roll is made


def test_players_and_seeds_are_checked():
    with pytest.raises(PositionError, match="players"):
        Game.new(5)
    with pytest.raises(PositionError, match="seed"):
        Game.new(2, seed=-1)


# ------------------------------------------------------------------------------- dice
def test_roll_outcomes_are_exact_multinomials():
    rolls = roll_outcomes(Rules(), 5)
    assert len(rolls.counts) == 126 and sum(rolls.chances) == 1
    assert rolls.chances[rolls.counts.index((0, 0, 0, 0, 5))] == Fraction(1, 6**5)
    assert rolls.chances[rolls.counts.index((5, 0, 0, 0, 0))] == Fraction(1, 3**5)
    game = set_up()
    game.undo()
    game.play("place 1-28", settle=False)
    assert game.is_chance and game.current_player == CHANCE
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 126 and sum(p for _, p in outcomes) == pytest.approx(1)


def test_turtles_lock_and_only_the_other_dice_reroll():
    game = stage(phase="roll", dice={})
    game.push(Roll((2, 1, 0, 0, 2)))
    assert game.phase == "dice" and game.dice == {
        "move": 2, "lava": 1, "eruption": 0, "statue": 0, "turtle": 2,
    }  # fmt: skip
    legal = game.legal_actions()
    assert "keep" in legal and "reroll move move lava" in legal and "reroll lava" in legal
    assert len(legal) == 1 + (3 * 2 - 1)  # keep, and every non-empty part of {move move lava}
    with pytest.raises(ActionSyntaxError, match="turtles are locked"):
        Action.parse("reroll turtle")
    assert "only 1 of the dice show lava" in game.why_illegal("reroll lava lava")
    game.push(Action.parse("reroll move lava"))
    assert game.phase == "roll" and game.dice_to_roll == 2
    game.push(Roll((0, 0, 0, 0, 2)))
    assert game.dice["turtle"] == 4 and game.dice["move"] == 1
    game.push(KEEP)
    assert game.phase == "effects" and game.pool == {
        "moves": 1, "lava": 0, "eruptions": 0, "statues": 0,
    }  # fmt: skip


def test_all_turtles_leave_only_keep_and_the_turtle_advances_by_each():
    game = stage(phase="roll", dice={})
    game.push(Roll((0, 0, 0, 0, 5)))
    assert game.legal_actions() == [KEEP]
    game.push(KEEP)  # nothing to do: the turn ends by itself
    assert game.turtle == (5, 0, 5) and game.turn_player == 1 and game.phase == "roll"


# --------------------------------------------------------------------------- movement
def test_a_movement_is_one_step_to_a_free_space_at_any_level():
    game = stage(pawns=[["3-5"], ["2-7"]], dice={"move": 2}, statues=["3-4"])
    moves = {str(a) for a in game.legal_actions() if str(a).startswith("move")}
    targets = {ISLAND.name(ISLAND.step(c("3-5"), m.split()[-1])) for m in moves}
    assert targets == {"4-4", "3-6", "2-5", "2-6"}  # up, along, down; not the statue or pawn
    lava = stage(dice={"move": 2}, lava=[["6-2", "5-3", "4-4"]])
    assert "lava covers 4-4" in lava.why_illegal(
        f"move 3-5 {ISLAND.direction_between(c('3-5'), c('4-4'))}"
    )
    game.play(f"move 3-5 {ISLAND.direction_between(c('3-5'), c('2-6'))}")
    assert game.pawns(0) == (c("2-6"),) and game.pool["moves"] == 1


def test_a_pawn_cannot_step_onto_another_pawn():
    game = stage(pawns=[["3-5"], ["3-6"]], dice={"move": 1})
    direction = ISLAND.direction_between(c("3-5"), c("3-6"))
    assert "pawn of player 2" in game.why_illegal(f"move 3-5 {direction}")


def test_a_pawn_picks_up_every_gem_on_the_space_it_reaches():
    game = stage(dice={"move": 1, "statue": 1}, gems={"3-6": ["ruby", "diamond"]})
    direction = ISLAND.direction_between(c("3-5"), c("3-6"))
    game.play(f"move 3-5 {direction}")
    assert game.collected(0)["ruby"] == 1 and game.collected(0)["diamond"] == 1
    assert game.gems_at("3-6") == ()
    assert "picks up ruby, diamond" in " ".join(game.last_events())


def test_movements_are_optional_and_end_forfeits_them():
    game = stage(dice={"move": 2})
    game.play("end")
    assert game.turn_player == 1 and game.phase == "dice"


# ---------------------------------------------------------------------------- Turtle
def test_climb_onto_the_turtle_from_the_shore_ride_and_get_off():
    game = stage(pawns=[["1-2", "3-5", "1-8"], ["1-20"]], dice={"move": 2, "turtle": 3})
    assert "move 1-2 turtle" in game.legal_actions()
    assert "the Turtle is next to 1-1 1-2 1-3" in game.why_illegal("move 1-8 turtle")
    with pytest.raises(ActionSyntaxError, match="reached from the beach"):
        Action.parse("move 3-5 turtle")
    game.play("move 1-2 turtle")
    assert game.riders == (0,) and game.pawns(0) == (c("1-8"), c("3-5"))
    assert "move turtle 1-1" in game.legal_actions()
    game.play("end")
    assert game.turtle == (3, 0, 3) and game.riders == (0,)  # the rider travels along
    assert game.turtle_shore() == tuple(c(n) for n in ("1-10", "1-11", "1-12"))


def test_the_turtle_carries_turtle_riders_pawns():
    game = stage(pawns=[["1-2", "1-3"], ["1-20"]], riders=[1], dice={"move": 2}, turtle=0)
    assert "move 1-2 turtle" not in game.legal_actions()
    assert "at most 1" in game.why_illegal("move 1-2 turtle")
    roomy = Game.from_position({**game.position(), "rules": {"turtle_riders": 2}})
    assert "move 1-2 turtle" in roomy.legal_actions()


def test_getting_off_goes_to_a_free_beach_space_next_to_the_turtle():
    game = stage(pawns=[["3-5"], ["1-5"]], riders=[0], turtle=1, dice={"move": 1})
    legal = {str(a) for a in game.legal_actions() if "turtle" in str(a)}
    assert legal == {"move turtle 1-4", "move turtle 1-6"}  # 1-5 holds a pawn
    game.play("move turtle 1-4")
    assert game.pawns(0) == (c("1-4"), c("3-5")) or set(game.pawns(0)) == {c("1-4"), c("3-5")}


def test_a_rider_scores_rider_points():
    game = stage(pawns=[["3-5"], ["1-20"]], riders=[0])
    assert game.points()[0].riders == 0
    rules = Game.from_position({**game.position(), "rules": {"rider_points": 2}})
    assert rules.points()[0].riders == 2


# ------------------------------------------------------------------------------ lava
def test_a_fresh_flow_starts_on_a_top_space_and_runs_straight_downhill():
    game = stage(dice={"lava": 3, "move": 1})
    assert "lava 6-1 ne" in game.legal_actions()
    game.play("lava 6-1 ne")
    assert game.flows == (tuple(c(n) for n in FLOW_NE[:3]),)
    assert game.lava_supply == 57 and game.pool["lava"] == 0  # one flow per turn
    assert "no lava is left" in game.why_illegal("lava 6-2 ne")


def test_a_fresh_flow_heads_downhill_and_starts_free_of_lava_and_statue():
    game = stage(dice={"lava": 2}, lava=[["6-2"]])
    assert "not lower" in game.why_illegal("lava 6-1 w") or "downhill" in game.why_illegal(
        "lava 6-1 w"
    )
    assert "lava 6-2 ne" in game.legal_actions()  # 6-2 holds lava: a continued flow
    assert game.flow_path("lava 6-2 ne") == (c("5-2"), c("4-2"))
    assert "neither" in game.why_illegal("lava 3-5 ne")


def test_the_excess_tokens_of_a_flow_are_lost():
    game = stage(dice={"lava": 5}, lava=[["6-1", "5-1", "4-1", "3-1"]])
    game.play("lava 3-1 ne")
    assert game.flows[-1] == (c("2-1"), c("1-1"))  # then the sea
    assert "3 lava token(s) are lost" in " ".join(game.last_events())
    assert game.lava_supply == 60 - 6


def test_a_flow_kills_pawns_and_destroys_gems():
    game = stage(
        pawns=[["3-5"], ["5-1", "1-20"]],
        dice={"lava": 3, "move": 1},
        gems={"4-1": ["sapphire"]},
    )
    game.play("lava 6-1 ne")
    assert game.pawns(1) == (c("1-20"),) and game.bag["sapphire"] == 4
    words = " ".join(game.last_events())
    assert "kills player 2's pawn on 5-1" in words and "destroys the sapphire on 4-1" in words


def test_a_flow_stops_at_a_space_that_is_not_lower():
    game = stage(dice={"lava": 4}, lava=[["6-1"]])
    assert game.flow_path("lava 6-1 sw") is None  # the volcano
    assert "no token" in game.why_illegal("lava 6-1 se")  # 6-2: same level


def test_a_statue_turns_the_flow_left_or_right_as_the_action_says():
    game = stage(dice={"lava": 4}, statues=["4-1"])
    legal = {str(a) for a in game.legal_actions()}
    assert {"lava 6-1 ne left", "lava 6-1 ne right"} <= legal and "lava 6-1 ne" not in legal
    assert "say which way" in game.why_illegal("lava 6-1 ne")
    left = game.flow_path("lava 6-1 ne left")
    assert left[:3] == (c("6-1"), c("5-1"), c("4-18"))
    assert left[3] == ISLAND.step(c("4-18"), "nw")  # it goes on in the turned direction
    assert game.flow_path("lava 6-1 ne right")[2] == c("4-2")


def test_a_statue_that_cannot_turn_the_flow_stops_it():
    game = stage(dice={"lava": 4}, statues=["4-1", "4-18", "4-2"])  # both sides blocked
    assert game.flow_path("lava 6-1 ne") == (c("6-1"), c("5-1"))
    assert "lava 6-1 ne left" not in game.legal_actions()


def test_two_flows_meeting_stop_or_join_by_the_rules():
    lava = [["6-2", "5-2", "4-2"]]
    game = stage(dice={"lava": 4}, lava=lava)
    # 6-1 e runs 5-2 (lava): with "stop" the fresh flow holds only its first token.
    assert game.flow_path("lava 6-1 e") == (c("6-1"),)
    joined = Game.from_position({**game.position(), "rules": {"meeting_flows": "join"}})
    assert joined.flow_path("lava 6-1 e") == (c("6-1"), c("4-3"), c("3-4"), c("2-5"))


def test_lava_must_be_placed_when_a_flow_is_possible():
    game = stage(dice={"lava": 1, "move": 1})
    assert "end" not in game.legal_actions()
    assert "lava must be placed" in game.why_illegal("end")


def test_lava_that_cannot_flow_is_lost():
    top = [[n] for n in ("6-1", "6-2", "6-3", "6-4", "6-5", "6-6")]
    game = stage(dice={"lava": 1, "move": 1}, lava=top, rules={"lava_tokens": 6})
    assert game.lava_supply == 0 and "end" in game.legal_actions()
    assert "lava tokens are all on the island" in game.why_illegal("lava 6-1 ne")


# -------------------------------------------------------------------------- eruptions
def test_an_eruption_draws_a_gem_by_the_bag_counts():
    game = stage(dice={"eruption": 1})
    assert "end" not in game.legal_actions() and "eruptions are compulsory" in game.why_illegal(
        "end"
    )
    game.push(Action.parse("erupt"))
    assert game.is_chance and game.phase == "draw"
    chances = dict((str(a), p) for a, p in game.chance_outcomes())
    assert chances == {
        "draw emerald": 8 / 20, "draw ruby": 6 / 20, "draw sapphire": 4 / 20,
        "draw diamond": 2 / 20,
    }  # fmt: skip
    game.push(Draw(3))
    assert game.phase == "aim" and game.drawn == "diamond" and len(game.legal_actions()) == 126


def test_the_catapult_lands_near_the_aim_by_the_model():
    model = landing_model(Rules(), c("3-5"))
    assert model.ring_chances[0] > model.ring_chances[2]
    total = sum(p for _, p in model.targets)
    assert total == pytest.approx(1)
    steady = landing_model(Rules(catapult_spread=0), c("3-5"))
    assert steady.targets == ((c("3-5"), 1.0),)


def aimed(target: str, **fields: Any) -> Game:
    game = stage(phase="land", drawn="ruby", aim=target, dice={"eruption": 1}, **fields)
    return game


def test_a_gem_on_a_pawn_touches_it_or_is_won_by_its_owner():
    game = aimed("3-5", rules={"catapult_spread": 0})
    outcomes = {str(a): p for a, p in game.chance_outcomes()}
    assert outcomes == {"land 3-5 touch": 0.5, "land 3-5": 0.5}
    won = game.copy()
    won.push(Land(c("3-5")))
    assert won.collected(0)["ruby"] == 1
    touched = game.copy()
    touched.push(Land(c("3-5"), True))
    assert touched.pawns(0) == () and touched.gems_at("3-5") == ("ruby",)


def test_a_gem_on_a_statue_sends_it_back_and_stays():
    game = aimed("3-7", statues=["3-7"])
    game.push(Land(c("3-7")))
    assert game.statues() == () and game.statues_off == 4 and game.gems_at("3-7") == ("ruby",)


def test_a_gem_on_lava_or_in_the_sea_is_lost():
    game = aimed("3-7", lava=[["6-2", "5-3", "4-4"]])
    lost = game.copy()
    lost.push(Land(c("4-4")))
    assert lost.bag["ruby"] == 6 and not lost.loose_gems()
    sea = game.copy()
    sea.push(Land(-1))
    assert sea.bag["ruby"] == 6


def test_a_gem_on_a_free_space_stays_and_gems_pile_up():
    game = aimed("3-7", gems={"3-7": ["emerald"]})
    game.push(Land(c("3-7")))
    assert game.gems_at("3-7") == ("emerald", "ruby")


def test_an_empty_bag_means_no_eruption():
    bag_empty = {"emerald": 8, "ruby": 6, "sapphire": 4, "diamond": 2}
    game = stage(dice={"eruption": 2, "move": 1}, collected=[bag_empty, {}])
    assert "erupt" not in game.legal_actions() and "end" in game.legal_actions()
    assert "bag is empty" in game.why_illegal("erupt")


# ---------------------------------------------------------------------------- statues
def test_a_statue_goes_onto_a_free_space_below_the_top_level():
    game = stage(dice={"statue": 2}, gems={"2-2": ["ruby"]}, lava=[["6-2", "5-3", "4-4"]])
    legal = {str(a) for a in game.legal_actions()}
    assert "statue to 2-3" in legal
    assert not {"statue to 6-3", "statue to 2-2", "statue to 4-4", "statue to 3-5"} & legal
    assert "top level" in game.why_illegal("statue to 6-3")
    assert "gems" in game.why_illegal("statue to 2-2")
    game.play("statue to 2-3")
    assert game.statues() == (c("2-3"),) and game.statues_off == 3
    game.play("statue from 2-3")
    assert game.statues() == () and game.phase == "dice"


def test_statues_are_limited_to_the_small_islands_stock():
    game = stage(dice={"statue": 1}, statues=["2-1", "2-2", "2-3", "2-4"])
    assert "no statue is left" in game.why_illegal("statue to 2-5")
    assert "statue from 2-1" in game.legal_actions()


# ------------------------------------------------------------------------ turn's end
def test_the_turn_ends_by_itself_when_nothing_is_left_and_the_turtle_advances():
    game = stage(dice={"move": 1, "turtle": 2})
    game.play("move 3-5 se")
    assert game.turn_player == 1 and game.turtle[2] == 2 and game.phase == "dice"


def test_the_island_wins_after_two_laps():
    game = stage(dice={"move": 1, "turtle": 3}, turtle=22)
    game.play("end")
    assert game.is_over and game.island_won and game.turtle == (1, 2, 25)
    assert game.returns() == [0.0, 0.0] and game.winners() == [] and game.scores() == [0, 0]
    assert "the island wins" in " ".join(game.last_events())
    assert Game.from_json(game.to_json()) == game  # past the end: 25 advances


# ------------------------------------------------------------------------- elimination
def test_eliminating_a_tribe_ends_the_game_and_the_eliminator_takes_its_gems():
    game = stage(
        pawns=[["3-5"], ["5-1"]],
        dice={"lava": 2},
        collected=[{}, {"diamond": 1}],
    )
    game.play("lava 6-1 ne")
    assert game.is_over and game.eliminated == (1,)
    assert game.collected(0)["diamond"] == 1 and game.collected(1)["diamond"] == 0
    assert game.scores() == [3 + 5, 0] and game.winners() == [0] and game.returns() == [1.0, 0.0]


def test_a_self_eliminated_tribe_loses_its_gems():
    game = stage(pawns=[["5-1"], ["3-5"]], dice={"lava": 2}, collected=[{"ruby": 1}, {}])
    game.play("lava 6-1 ne")
    assert game.eliminated == (0,) and game.winners() == [1]
    assert game.scores() == [0, 3]
    assert "gems are lost" in " ".join(game.last_events())


def test_no_survivor_means_nobody_wins():
    game = stage(pawns=[["5-1"], ["4-1"]], dice={"lava": 3})
    game.play("lava 6-1 ne")
    assert game.eliminated == (0, 1) and game.winners() == [] and game.returns() == [0.0, 0.0]


def test_a_touch_by_the_catapult_can_eliminate_too():
    game = aimed("3-5", pawns=[["1-1"], ["3-5"]], rules={"catapult_spread": 0})
    game.push(Land(c("3-5"), True))
    assert game.is_over and game.eliminated == (1,) and game.winners() == [0]


def test_a_rider_keeps_its_tribe_alive():
    game = stage(pawns=[["3-5"], ["5-1"]], riders=[1], dice={"lava": 2})
    game.play("lava 6-1 ne")
    assert not game.is_over and game.pawns_left(1) == 1


# ------------------------------------------------------------------------------ scoring
def test_points_are_levels_collected_gems_and_closed_territories():
    game = stage(
        pawns=[["3-5", "2-6"], ["1-25"]],
        lava=[FLOW_NE, FLOW_SW],
        gems={"4-5": ["sapphire"], "2-30": ["ruby"]},
        collected=[{"emerald": 2}, {}],
    )
    parts = game.territories()
    assert len(parts) == 2 and game.which_closed() == [True, True]
    east = next(p for p in parts if c("3-5") in p)
    assert c("4-5") in east and c("2-30") not in east
    p = game.points()
    assert p[0].pawns == 3 + 2 and p[0].gems == 2 and p[0].territory == 3 * 2
    assert p[1].territory == 2 and p[1].pawns == 1


def test_the_island_in_one_piece_is_not_a_closed_territory_by_default():
    game = stage(gems={"4-5": ["sapphire"]})
    assert game.which_closed() == [False] and game.points()[0].territory == 0
    whole = Game.from_position({**game.position(), "rules": {"whole_island_scores": True}})
    assert whole.points()[0].territory == 3


def test_ties_go_to_more_surviving_pawns_then_are_shared():
    base = {"players": 3, "phase": "over", "eliminated": [2]}
    more = Game.from_position({**base, "pawns": [["3-1"], ["2-1", "1-2"], []]})
    assert more.scores()[:2] == [3, 3] and more.winners() == [1]
    even = Game.from_position({**base, "pawns": [["3-1"], ["3-2"], []]})
    assert even.winners() == [0, 1] and even.returns() == [0.5, 0.5, 0.0]
    shared = Game.from_position(
        {**base, "pawns": [["3-1"], ["2-1", "1-2"], []], "rules": {"tie_break_pawns": False}}
    )
    assert shared.winners() == [0, 1]


# ------------------------------------------------------------------------ typed errors
def test_notation_errors_quote_the_input_and_say_what_was_expected():
    with pytest.raises(ActionSyntaxError, match=r"'jump 1-1' is not an action: unknown word"):
        Action.parse("jump 1-1")
    with pytest.raises(ActionSyntaxError, match="'9-9' is not a space"):
        Action.parse("place 9-9")
    with pytest.raises(ActionSyntaxError, match="is the sea"):
        Action.parse("move 1-1 ne")
    with pytest.raises(ActionSyntaxError, match="not a turn"):
        Action.parse("lava 6-1 ne up")
    with pytest.raises(ActionSyntaxError):
        Action.parse("x" * 1000)


def test_an_illegal_action_names_itself_and_the_reason_and_changes_nothing():
    game = stage(dice={"move": 1})
    before = game.to_json()
    with pytest.raises(IllegalAction, match=r"^move 1-20 e: you have no pawn on 1-20"):
        game.play("move 1-20 e")
    with pytest.raises(IllegalAction, match="chance's to decide"):
        game.play("roll move")
    assert game.to_json() == before


def test_both_languages_any_case_accents_optional():
    assert Action.parse("AVANCER 3-5 NO") == Action.parse("move 3-5 nw")
    assert Action.parse("éruption") == Action.parse("erupt") == Action.parse("Eruption")
    assert Action.parse("tirer émeraude") == Action.parse("draw emerald")
    assert Action.parse("lave 6-1 ne gauche droite").notation() == "lava 6-1 ne left right"
    assert Action.parse("statue depuis 2-4") == Action.parse("statue from 2-4")
    assert Action.parse("tomber mer") == Action.parse("land sea")
    assert repr(Action.parse("move 1-17 ne")) == "Action.parse('move 1-17 ne')"


def every_action() -> list[Action]:
    from carcata_core import actions as a

    out: list[Action] = [a.KEEP, a.END, a.ERUPT, a.LAND_SEA, *a.PLACES, *a.AIMS, *a.DRAWS]
    out += [*a.STATUES_TO, *a.STATUES_FROM, *a.CLIMBS.values(), *a.ALIGHTS.values()]
    out += [m for row in a.STEPS_OUT for _, m in row] + [x for pair in a.LANDS for x in pair]
    out += [a.Lava(c("6-1"), 1, ("left", "right")), Roll((1, 1, 1, 1, 1))]
    out += [a.Reroll((2, 1, 0, 1, 0))]
    return out


def test_every_action_reads_back_from_both_notations():
    for action in every_action():
        assert Action.parse(str(action)) == action, action
        assert Action.parse(action.notation("fr")) == action, action.notation("fr")


# --------------------------------------------------------------------- saves, staging
def test_a_save_reloads_to_an_equal_game_that_plays_on_alike():
    game = set_up(seed=9)
    rng = random.Random(9)
    for _ in range(40):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.log == game.log
    if not game.is_over:
        assert loaded.legal_actions() == game.legal_actions()
        assert loaded.sample_chance() == game.sample_chance() if game.is_chance else True


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("{", "json"),
        ('{"players": 7}', "players"),
        ('{"players": 2, "pawns": [["1-1"], ["1-1"]]}', "pawns[1][0]"),
        ('{"players": 2, "phase": "dance"}', "phase"),
        ('{"players": 2, "gems": {"9-9": ["ruby"]}}', "gems.9-9"),
        ('{"players": 2, "gems": {"1-1": ["opal"]}}', "gems.1-1[0]"),
        ('{"players": 2, "statues": ["6-1"]}', "statues[0]"),
        ('{"players": 2, "bag": {"ruby": 3}}', "bag.emerald"),
        ('{"players": 2, "lava": [["6-1", "6-2"]]}', "lava[0][1]"),
        ('{"players": 2, "colour": 1}', "colour"),
        (
            '{"players": 2, "history": {"start": {}, "actions": ["place 2-1"]}}',
            "history.actions[0]",
        ),
    ],
)
def test_bad_saves_and_positions_name_the_field(text, field):
    with pytest.raises(PositionError) as error:
        Game.from_json(text)
    assert error.value.field == field


def test_staging_checks_the_phase_against_the_pieces():
    with pytest.raises(PositionError, match="pawns"):
        Game.from_position({"players": 2, "phase": "effects", "pawns": [["1-1"], []]})
    with pytest.raises(PositionError, match="drawn"):
        Game.from_position({"players": 2, "phase": "aim", "pawns": [["1-1"], ["1-2"]]})
    with pytest.raises(PositionError, match="player"):
        Game.from_position({"players": 2, "phase": "setup", "pawns": [["1-1"], []], "player": 0})


# ------------------------------------------------------------------ undo, determinism
def test_undo_takes_back_a_decision_with_the_chance_it_resolved():
    game = set_up(seed=3)
    before = game.to_json()
    game.play("keep" if "keep" in game.legal_actions() else game.legal_actions()[0])
    game.undo()
    assert game.to_json() == before
    last = game.log[-1]
    assert last[0] == CHANCE  # the roll that followed the last placement is still there
    game.undo()  # the last placement, with that roll
    assert game.phase == "setup" and game.current_player == 1


def test_the_same_seed_replays_the_same_game():
    def run(seed: int) -> tuple:
        game = set_up(seed=seed)
        rng = random.Random(1)
        for _ in range(60):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_actions()))
        return game.log

    assert run(4) == run(4) and run(4) != run(5)


def test_determinized_copies_draw_a_new_future():
    game = set_up(seed=2)
    game.play(game.legal_actions()[1], settle=False)  # a reroll: chance is next
    assert game.is_chance
    worlds = {str(game.determinized(random.Random(i)).sample_chance()) for i in range(20)}
    assert len(worlds) > 1
    copy = game.determinized(random.Random(0))
    assert copy.position()["pawns"] == game.position()["pawns"]


def test_copies_are_independent():
    game = stage(dice={"move": 2})
    twin = game.copy()
    twin.play("move 3-5 se")
    assert game.pawns(0) == (c("3-5"),) and twin.pawns(0) != game.pawns(0)


# -------------------------------------------------------------- protocol, conformance
#: Flows from every space in every direction, straight or turned once.
FLOWS = [
    Lava(cell, d, turns)
    for cell in range(ISLAND.size)
    for d in range(6)
    for turns in ((), ("left",), ("right",))
]
VARIANTS = [
    {},
    {"meeting_flows": "join", "turtle_riders": 2, "catapult_spread": 0, "statues": 8},
    {"dice": 7, "turtle_spaces": 6, "touch_chance": 1, "whole_island_scores": True},
]


@pytest.mark.parametrize("changes", VARIANTS, ids=["printed", "variant-a", "variant-b"])
def test_random_games_agree_on_legality_and_chance(changes):
    universe = every_action()
    rng = random.Random(7)
    for seed in range(8):
        game = Game.new(2 + seed % 3, seed=seed, rules=changes)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            for action in legal:
                assert game.is_legal(action), (action, game.why_illegal(action))
            for action in rng.sample(universe, 40):
                assert game.is_legal(action) == (action in legal), action
            if game.phase == "effects" and game.pool["lava"]:
                for action in rng.sample(FLOWS, 150):
                    assert game.is_legal(action) == (action in legal), action
            if game.is_chance:
                assert sum(p for _, p in game.chance_outcomes()) == pytest.approx(1)
                game.push(game.sample_chance())
            else:
                game.push(
                    KEEP if game.phase == "dice" and rng.random() < 0.7 else rng.choice(legal)
                )


def test_perft_counts_the_setup():
    assert perft(Game.new(2), 2) == 36 * 35


def test_last_events_speak_both_languages():
    game = stage(dice={"move": 1, "turtle": 1})
    game.play("move 3-5 se")
    english, french = game.last_events(), game.last_events("fr")
    assert english[0].startswith("Player 1 moves a pawn from 3-5")
    assert french[0].startswith("Le joueur 1 avance un pion de 3-5")
    assert any("Turtle advances 1" in line for line in english)
    assert any("Tortue avance de 1" in line for line in french)


def test_the_transcript_and_the_observation_tell_the_game():
    from carcata_core import transcript

    game = stage(dice={"move": 1, "lava": 1, "turtle": 1}, gems={"2-6": ["ruby"]})
    game.play("lava 6-1 ne")
    text = transcript(game)
    assert "lava 6-1 ne" in text and "pours a lava flow: 6-1" in text
    assert "Player 1's turn: the game waits for the dice's effects" in text.splitlines()[-1]
    seen = game.observation(1)
    assert seen.startswith("Carcata, as player 2 sees it: player 1's turn (effects)")
    assert "Lava flows: 6-1 (59 tokens left)" in seen and "2-6 ruby" in seen


def test_the_bots_play_a_game_to_the_end():
    from carcata_core.bots import make_bot
    from tabletop.agents import play_game

    game = play_game([make_bot("random", 1), make_bot("random", 2)], Game.new(2, seed=1))
    assert game.is_over and json.loads(game.to_json())["phase"] == "over"


def test_the_docs_examples_run():
    text = DOCS.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, "carcata.md", str(DOCS), 0)
    assert test.examples
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0


# --------------------------------------------------------------------- invariants


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), keep=st.floats(0, 1))
def test_every_gem_pawn_and_token_stays_accounted_for(seed, players, keep):
    rng = random.Random(seed)
    game = Game.new(players, seed=seed)
    for _ in range(400):
        if game.is_over:
            break
        if game.is_chance:
            game.push(game.sample_chance())
        elif game.phase == "dice" and rng.random() < keep:
            game.push(KEEP)
        else:
            game.push(rng.choice(game.legal_actions()))
        loose = sum(len(g) for g in game.loose_gems().values())
        held = sum(sum(game.collected(s).values()) for s in range(players))
        assert sum(game.bag.values()) + loose + held + (game.drawn is not None) == 20
        assert sum(len(f) for f in game.flows) + game.lava_supply == 60
        assert len(game.statues()) + game.statues_off == 4
        assert all(game.pawns_left(s) <= 5 for s in range(players))
        assert not (game.lava_cells() & set(game.loose_gems()))
        occupied = [c for s in range(players) for c in game.pawns(s)]
        assert len(occupied) == len(set(occupied))
        assert not set(occupied) & (game.lava_cells() | set(game.statues()))
    assert Game.from_json(game.to_json()) == game


# -------------------------------------------------------------------------- agents
def test_the_heuristic_judges_every_seat_and_action():
    from carcata_core import CarcataHeuristic

    heuristic = CarcataHeuristic()
    game = stage(pawns=[["3-5"], ["5-1", "1-20"]], dice={"lava": 3, "move": 1})
    values = heuristic.values(game)
    assert len(values) == 2 and all(0 <= v <= 1 for v in values)
    legal = game.legal_actions()
    scores = dict(zip(map(str, legal), heuristic.action_scores(game, legal), strict=True))
    assert scores["lava 6-1 ne"] > scores["lava 6-2 ne"]  # it kills player 2's pawn on 5-1
    locked = stage(dice={"move": 1, "turtle": 4})
    assert heuristic.values(locked)[0] < heuristic.values(stage(dice={"move": 1}))[0]


def test_the_search_considers_a_sensible_few_of_the_aims():
    from carcata_core import CarcataHeuristic

    game = stage(phase="aim", drawn="ruby", dice={"eruption": 1})
    legal = game.legal_actions()
    chosen = CarcataHeuristic().search_actions(game, legal)
    assert len(legal) == 126 and 0 < len(chosen) < 20
    assert "aim 3-5" in chosen and "aim 1-20" in chosen  # the pawns' spaces
    assert set(chosen) <= set(legal)


def test_the_search_bot_chooses_a_legal_action():
    from carcata_core.bots import make_bot

    game = set_up(seed=1)
    bot = make_bot("mcts", 1, iterations=10)
    assert bot.choose(game) in game.legal_actions()


def test_the_seeded_stream_draws_by_the_published_chances():
    turtles = 0
    touches = 0
    seeds = range(3000)
    for seed in seeds:
        roll = stage(phase="roll", dice={}, seed=seed)
        turtles += roll.sample_chance().faces[-1]  # five dice, 1/6 each
        throw = aimed("3-5", seed=seed, rules={"catapult_spread": 0})
        touches += throw.sample_chance().touch
    assert turtles / len(seeds) == pytest.approx(5 / 6, abs=0.05)
    assert touches / len(seeds) == pytest.approx(0.5, abs=0.04)
