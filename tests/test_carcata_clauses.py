"""Clauses of the Carcata rulebook and rulings of docs/carcata.md checked on staged
positions, one test per clause (the coverage table, docs/carcata_rules_coverage.md, names
them)."""

from __future__ import annotations

from typing import Any

from carcata_core import ISLAND, Game


def staged(**fields: Any) -> Game:
    """A two-player game at a staged position (pawns far apart unless given)."""
    doc: dict[str, Any] = {"players": 2, "pawns": [["1-5"], ["1-30"]]}
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
        pawns=[["1-1"], ["5-1"]],
        phase="effects",
        dice={"lava": 2, "move": 3},
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


FLOW_NE = ["6-1", "5-1", "4-1", "3-1", "2-1", "1-1"]
FLOW_SW = ["6-4", "5-7", "4-10", "3-13", "2-16", "1-19"]


def c(name: str) -> int:
    return ISLAND.cell(name)


# ------------------------------------------------------------------ contents and set-up
def test_the_island_has_six_levels_around_the_volcano():
    assert [len(ISLAND.on_level(level)) for level in range(1, 7)] == [36, 30, 24, 18, 12, 6]
    # The top level touches the volcano; the beach touches the sea.
    assert all(-2 in ISLAND.step_table[cell] for cell in ISLAND.top)
    assert all(-1 in ISLAND.step_table[cell] for cell in ISLAND.beach)
    assert not any(
        -1 in ISLAND.step_table[cell] for cell in range(ISLAND.size) if ISLAND.level(cell) > 1
    )


def test_the_game_starts_with_the_turtle_on_its_large_symbol_and_the_statues_offshore():
    game = Game.new(3, seed=2)
    assert game.turtle == (0, 0, 0)
    assert game.statues_off == 4 and game.statues() == ()
    assert game.lava_supply == 60 and not game.lava_cells()
    assert game.bag == {"emerald": 8, "ruby": 6, "sapphire": 4, "diamond": 2}
    assert game.loose_gems() == {} and all(game.pawns_left(s) == 0 for s in range(3))


def test_gems_are_worth_1_2_3_and_5():
    game = staged(collected=[{"emerald": 1, "ruby": 1, "sapphire": 1, "diamond": 1}, {}])
    assert game.points()[0].gems == 1 + 2 + 3 + 5


# ------------------------------------------------------------------ the turn
def test_effects_go_in_any_order_and_the_turtle_acts_last():
    dice = {"move": 1, "statue": 1, "lava": 1, "turtle": 2}
    game = staged(phase="effects", dice=dice)
    game.play("statue to 2-10")
    game.play("move 1-5 w")
    assert game.turtle == (0, 0, 0), "the Turtle waits for the end of the turn"
    game.play("lava 6-1 ne")
    assert game.turtle == (2, 0, 2) and game.turn_player == 1
    other = staged(phase="effects", dice=dice)
    other.play("lava 6-1 ne")
    other.play("move 1-5 w")
    other.play("statue to 2-10")
    assert other.state_key() == game.state_key()


def test_three_movements_may_go_to_one_pawn_or_be_split():
    def moves(plan: list[int]) -> Game:
        game = staged(pawns=[["1-20", "1-25"], ["1-5"]], phase="effects",
                      dice={"move": 3, "turtle": 2})  # fmt: skip
        where = list(game.pawns(0))
        for pawn in plan:
            step = next(
                a for a in game.legal_actions() if getattr(a, "source", None) == where[pawn]
            )
            game.play(step)
            where[pawn] = step.target
        return game

    one = moves([0, 0, 0])
    assert [a.source for s, a in one.log if s == 0][1:] == [a.target for s, a in one.log if s == 0][
        :-1
    ]
    assert one.turn_player == 1 and c("1-25") in one.pawns(0)
    split = moves([0, 1, 1])
    assert split.turn_player == 1 and c("1-20") not in split.pawns(0)
    assert c("1-25") not in split.pawns(0)


def test_a_pawn_cannot_step_onto_a_statue_or_lava_nor_cross_a_flow():
    game = staged(
        pawns=[["2-2", "1-10"], ["1-30"]],
        phase="effects",
        dice={"move": 3, "turtle": 2},
        lava=[FLOW_NE, FLOW_SW],
        statues=["2-3"],
    )
    assert "statue stands on 2-3" in game.why_illegal("move 2-2 se")
    assert "lava covers 2-1" in game.why_illegal("move 2-2 nw")
    # The flow cuts the island: no walk leads from 2-2 across it.
    reach = {c("2-2")}
    frontier = [c("2-2")]
    blocked = game.lava_cells() | set(game.statues())
    while frontier:
        here = frontier.pop()
        for n in ISLAND.neighbours(here):
            if n not in reach and n not in blocked:
                reach.add(n)
                frontier.append(n)
    assert c("1-10") in reach and c("1-30") not in reach


def test_a_flow_may_continue_from_any_older_token_in_a_new_direction():
    game = staged(phase="effects", dice={"lava": 2, "turtle": 1}, lava=[["6-1", "5-1", "4-1"]])
    legal = {str(a) for a in game.legal_actions() if str(a).startswith("lava")}
    starts = {text.split()[1] for text in legal}
    assert {"5-1", "4-1"} <= starts, "any older token may start the new flow"
    # From 5-1 the new flow may leave the old one's direction (ne) for another downhill one.
    assert {d.split()[2] for d in legal if d.split()[1] == "5-1"} - {"ne"}
    path = game.flow_path("lava 5-1 e")
    assert path is not None and path[0] == ISLAND.step(c("5-1"), "e")
    game.play("lava 5-1 e")
    assert game.flows[-1] == path and len(game.flows) == 2


def test_two_flows_to_the_sea_cut_the_island_in_two():
    one = staged(pawns=[["3-5"], ["1-20"]], lava=[FLOW_NE])
    assert len(one.territories()) == 1
    two = staged(pawns=[["3-5"], ["1-20"]], lava=[FLOW_NE, FLOW_SW])
    parts = two.territories()
    assert len(parts) == 2 and two.which_closed() == [True, True]
    assert sum(len(p) for p in parts) == ISLAND.size - 12


def test_the_lava_supply_runs_out_and_a_flow_takes_only_what_is_left():
    game = staged(
        phase="effects",
        dice={"lava": 3, "turtle": 2},
        rules={"lava_tokens": 8},
        lava=[FLOW_NE],
    )
    assert game.lava_supply == 2
    game.play("lava 6-3 e")
    assert len(game.flows[-1]) == 2 and game.lava_supply == 0


# ------------------------------------------------------------------ eruptions and statues
def test_each_eruption_is_drawn_aimed_and_landed_in_turn():
    game = staged(phase="effects", dice={"eruption": 3, "turtle": 2})
    seen = []
    for _ in range(3):
        game.play("erupt", settle=False)
        seen.append(game.phase)
        game.push(game.sample_chance())
        seen.append(game.phase)
        assert "end" not in game.legal_actions()
        game.play("aim 3-5", settle=False)
        seen.append(game.phase)
        game.push(game.sample_chance())
    assert seen == ["draw", "aim", "land"] * 3
    assert game.turn_player == 1 and sum(game.bag.values()) <= 20


def test_a_statue_on_the_island_only_goes_back_to_the_small_islands():
    game = staged(phase="effects", dice={"statue": 2, "turtle": 2}, statues=["2-10"])
    legal = [str(a) for a in game.legal_actions()]
    assert "statue from 2-10" in legal
    assert not [a for a in legal if "2-10" in a and a != "statue from 2-10"]
    game.play("statue from 2-10")
    assert game.statues() == () and game.statues_off == 4


def test_a_statue_sent_back_by_a_gem_is_used_again():
    game = staged(phase="land", dice={"eruption": 1, "statue": 1, "move": 3}, drawn="ruby",
                  aim="2-10", statues=["2-10", "2-12", "2-14", "2-16"],
                  pool={"statues": 1})  # fmt: skip
    assert game.statues_off == 0
    game.play("land 2-10", settle=False)
    assert game.statues_off == 1 and game.gems_at("2-10") == ("ruby",)
    game.play("statue to 3-3")
    assert c("3-3") in game.statues() and game.statues_off == 0


def test_a_gem_on_lava_leaves_the_lava_in_place():
    game = staged(phase="land", dice={"eruption": 1, "move": 4}, drawn="diamond", aim="4-1",
                  lava=[FLOW_NE])  # fmt: skip
    game.play("land 4-1", settle=False)
    assert game.has_lava("4-1") and game.lava_cells() == frozenset(map(c, FLOW_NE))
    assert game.bag["diamond"] == 2


# ------------------------------------------------------------------ the Turtle
def test_the_turtle_carries_a_pawn_across_the_flows():
    """Riding is the only way over lava: climb on beside the Turtle, ride, get off beyond
    the flows that no walk could cross."""
    cut = [FLOW_NE, FLOW_SW]
    game = staged(pawns=[["1-3", "1-10"], ["1-30"]], lava=cut, phase="effects",
                  dice={"move": 1, "turtle": 3})  # fmt: skip
    game.play("move 1-3 turtle")
    assert game.riders == (0,) and game.turtle == (3, 0, 3), "the rider travels with it"
    later = staged(pawns=[["1-10"], ["1-30"]], riders=[0], lava=cut, turtle=7, phase="effects",
                   dice={"move": 1, "turtle": 1})  # fmt: skip
    later.play("move turtle 1-22")
    home = next(p for p in later.territories() if c("1-3") in p)
    assert c("1-22") not in home
    assert set(later.pawns(0)) == {c("1-22"), c("1-10")}


def test_two_pawns_in_a_territory_with_a_sapphire_and_a_ruby_score_10():
    """The rulebook's example: 5 points per pawn for the sapphire (3) and the ruby (2)."""
    game = staged(
        pawns=[["3-5", "2-6"], ["1-25"]],
        lava=[FLOW_NE, FLOW_SW],
        gems={"4-5": ["sapphire"], "3-6": ["ruby"]},
    )
    east = next(p for p in game.territories() if c("3-5") in p)
    assert {c("2-6"), c("4-5"), c("3-6")} <= east and c("1-25") not in east
    assert game.points()[0].territory == 10
    assert game.points()[1].territory == 0
