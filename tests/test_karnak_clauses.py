"""Clauses of the Karnak rulebook and rulings of docs/karnak.md that
``tests/test_karnak_rules.py`` does not already check, each on a staged position, one test per
clause (the coverage table, docs/karnak_rules_coverage.md, names them)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from karnak_core import (
    FAVOR_KINDS,
    MAT,
    REFERENCE_DESIGNS,
    SHAPES,
    Building,
    Game,
    Rules,
    staged,
)
from karnak_core.mat import piece


def stage(mat: str = "", **fields: Any) -> Game:
    """A 2-player position with the kit's Designs: seat 0 to act, in its turn, no hands."""
    position: dict[str, Any] = {"hands": [[], []], **fields}
    return staged(position.pop("players", 2), mat=mat, **position)


def cell(name: str) -> int:
    return MAT.cell(name)


# ------------------------------------------------------------------ the box
def test_the_box_holds_46_designs_30_favor_cards_60_pieces_and_15_priests():
    assert len(REFERENCE_DESIGNS) == 46 == len({d.id for d in REFERENCE_DESIGNS})
    rules = Rules()
    assert rules.favor_cards == 30 and len(FAVOR_KINDS) == 8
    assert len(SHAPES) * (rules.yellow_per_shape + rules.white_per_shape) == 60
    assert (rules.yellow_per_shape, rules.white_per_shape) == (7, 5)
    assert rules.priest_supply == 15
    # One Rules card a player: four at most.
    assert rules.player_counts == (2, 3, 4)


def test_the_mat_reads_water_circles_the_line_with_its_ends_and_the_dotted_line():
    marked = {m: {MAT.name(c) for c in MAT.cells_marked(m)} for m in ("water", "line")}
    assert {"a1", "b1", "c1", "g1", "h1", "a2"} == marked["water"]
    # The horizontal line runs a3 to f3, its two end cells included.
    assert {"a3", "f3"} <= marked["line"] and len(marked["line"]) == 6
    assert MAT.cells_marked("circle") and MAT.cells_marked("dotted")
    # The boat (e1) and the reeds (h3) are decoration: no marking at all.
    assert MAT.marking(cell("e1")) is None and MAT.marking(cell("h3")) is None


def test_the_boat_and_the_reeds_touch_no_marking():
    well = next(d for d in REFERENCE_DESIGNS if d.id == "K33")  # water and a circle
    shore = stage("e1: Ry\nf1: Ry\nh3: Ry\nh2: Ry")
    assert not well.is_complete(shore.building())
    lake = next(d for d in REFERENCE_DESIGNS if d.id == "K02")  # two rods touching water
    assert not lake.is_complete(shore.building())
    assert lake.is_complete(stage("g1: Ry\ng2: Ry").building())


# ------------------------------------------------------------------ set-up
def test_setup_shuffles_twenty_five_favor_cards_and_boxes_five_unseen():
    games = [Game.new(2, seed=seed) for seed in range(4)]
    for game in games:
        assert game.favor_deck_size == 25
        out = game.position()["favor_out"]
        assert len(out) == 5
        counts = Counter(game.favor_deck_order()) + Counter(out)
        assert counts == Counter(dict(zip(FAVOR_KINDS, Rules().favor_counts, strict=True)))
        seen = game.observation(0)
        assert "favor_out" not in vars(seen) and seen.favor_deck_size == 25
    assert len({game.favor_deck_order() for game in games}) == 4


def test_the_first_player_may_be_any_seat_and_draws_five_the_next_four():
    game = Game.new(3, seed=2, first_player=2)
    assert game.current_player == 2
    assert [len(game.hand(s)) for s in range(3)] == [4, 3, 5]
    for _ in range(3):
        game.play("draw")
        while game.phase == "discard":
            game.play(game.legal_actions()[0])
    # RULING 17: the round ends when play comes back to the first player.
    assert game.current_player == 2 and game.round == 2


# ------------------------------------------------------------------ structures
def test_a_single_piece_is_no_structure_and_a_priest_is_no_piece():
    quay = next(d for d in REFERENCE_DESIGNS if d.id == "K21")  # water and the line
    alone = stage("a2: Cy\npriests: b2")
    assert not alone.building().structures() and not quay.is_complete(alone.building())
    pair = stage("a2: Cy\na3: Cy\npriests: b2", hands=[["K21"], []], over=True)
    assert [len(s) for s in pair.building().structures()] == [2]
    assert pair.scores() == [3, 0]


def test_touching_is_on_top_or_side_by_side_at_one_level_never_diagonal():
    b = Building.empty().put(cell("c4"), piece("cube", "yellow"))
    b = b.put(cell("d5"), piece("cube", "yellow"))
    assert not b.structures(), "diagonal cells do not touch"
    b = b.put(cell("c4"), piece("disk", "yellow")).put(cell("d4"), piece("cube", "yellow"))
    b = b.put(cell("d4"), piece("rod", "yellow"))
    touching = set(b.touching((cell("c4"), 1)))
    assert touching == {(cell("c4"), 0), (cell("d4"), 1)}
    assert (cell("d4"), 0) not in touching


def test_anyones_pieces_count_toward_anyones_design():
    game = stage("c4: Cy\nd4: Cy", hands=[["K02"], ["K01"]], player=0)
    game.play("place cube e4")  # seat 0 completes seat 1's Kiosk
    game.play("place rod h6")
    game.play("end")
    assert game.current_player == 1 and "reveal K01" not in game.legal_actions()
    game.play("place rod g1")
    game.play("place rod g2")
    assert {"reveal K01"} <= {str(a) for a in game.legal_actions()}
    game.play("reveal K01")
    assert [d.id for d in game.revealed(1)] == ["K01"]


def test_a_covered_cube_is_frozen_but_the_statue_on_it_may_move():
    game = stage("c4: Cy Sy")
    building = game.building()
    assert building.is_frozen((cell("c4"), 0)) and not building.is_frozen((cell("c4"), 1))
    game.play("move c4")
    assert game.building().lines() == ["c4: Cy"]
    game.play("white c5")
    assert game.building().lines() == ["c4: Cy", "c5: Sw"]


# ------------------------------------------------------------------ hands and cards
def test_favor_cards_have_no_limit_in_hand():
    hand = ["K01", "K02", "K03", "K04", "K05"]
    game = stage("c4: Cy", hands=[hand, []], favors=[{"cube": 3, "move": 3, "design": 2}, {}])
    game.play("place rod h6")
    game.play("place rod a6")
    game.play("end")
    assert game.current_player == 1 and sum(game.favor_cards(0).values()) == 8


def test_revealed_designs_leave_the_hand_are_public_and_not_limited():
    hand = ["K07", "K21", "K03", "K04", "K05"]
    game = stage("a2: Cy Dy\na3: Ry", hands=[hand, []])
    game.play("place rod h6")
    game.play("place rod a6")
    game.play("reveal K07")
    game.play("reveal K21")
    game.play("end")
    assert [d.id for d in game.revealed(0)] == ["K07", "K21"] and len(game.hand(0)) == 3
    seen = game.observation(1)
    assert [d.id for d in seen.revealed[0]] == ["K07", "K21"] and seen.design_counts[0] == 3
    assert seen.favor_counts[0] == 2 and seen.favors == {}


def test_used_favor_cards_leave_play_and_are_seen_by_all():
    game = stage(favors=[{"cube": 2}, {}])
    deck = game.favor_deck_size
    game.play("favor cube")
    game.play("yellow c4")
    assert game.favor_cards(0) == {"cube": 1} and game.favor_deck_size == deck
    assert game.observation(1).favors_used == {"cube": 1}
    assert game.position()["favor_used"] == ["cube"]


def test_white_pieces_come_only_from_a_move_or_a_favor_card():
    game = stage("c4: Cy", favors=[{"rod": 1}, {}])
    assert not any(str(a).startswith(("white", "yellow")) for a in game.legal_actions())
    game.play("favor rod")
    assert game.is_legal("white d4") and game.is_legal("yellow d4")
    game.play("white d4")
    game.play("place cube e4")
    assert "white e5" not in {str(a) for a in game.legal_actions()}


# ------------------------------------------------------------------ a turn
def test_bonus_actions_come_before_and_after_the_main_action_but_never_after_draw():
    game = stage("c4: Cy\nh6: Dy", priests=[2, 0], favors=[{"priest": 1, "cube": 1}, {}])
    game.play("priest b4")  # before the main action
    game.play("favor priest")
    game.play("favor cube")
    game.play("yellow a6")
    assert game.phase == "turn" and game.priests(0) == 2
    game.play("place rod e1")
    game.play("place rod f1")
    game.play("priest h5")  # after it
    assert game.phase == "after" and game.priests(0) == 1
    game.play("end")
    game.play("draw")  # seat 1 draws: its turn is over at once
    assert game.current_player == 0


def test_the_rune_example_plays_as_the_rulebook_tells_it():
    """A Favor card for an extra Design (the turn goes on), PLACE of a rod that brings a
    structure to the water and of a cube on two cubes, a Priest on the structure by the water,
    a reveal of a Design about water with a Favor card drawn, and no discard with four left."""
    game = stage(
        "c2: Ry\nd2: Ry\nf5: Cy Cy",
        hands=[["K02", "K03", "K04", "K05"], []],
        favors=[{"design": 1}, {}],
        deck=["K06", "K07", "K08"],
    )
    game.play("favor design")
    assert game.phase == "turn" and len(game.hand(0)) == 5
    assert not game.is_legal("reveal K02")
    game.play("place rod c1")  # on the water, touching c2
    game.play("place cube f5")  # on top of the two cubes
    game.play("priest b1")  # touches c1 only: the whole water structure is frozen
    assert game.building().is_frozen((cell("d2"), 0))
    game.play("reveal K02")
    assert sum(game.favor_cards(0).values()) == 1
    game.play("end")
    assert len(game.hand(0)) == 4 and game.current_player == 1


def test_draw_with_a_thin_deck_takes_what_is_left():
    game = stage(deck=["K01", "K02"])
    game.play("draw")
    assert [d.id for d in game.hand(0)] == ["K01", "K02"] and game.deck_size == 0
    assert game.last_events() == ["Player 1 drew 2 Designs; the turn ends."]
    one = stage(deck=["K01"])
    one.play("draw")
    assert one.last_events() == ["Player 1 drew 1 Design; the turn ends."]
    assert one.last_events("fr") == ["Le joueur 1 a pioché 1 Dessin ; le tour s’arrête."]


def test_ending_a_turn_is_said_in_both_languages():
    game = stage("c4: Cy")
    game.play("place rod h6")
    game.play("place rod a6")
    game.play("end")
    assert game.last_events() == ["Player 1 ends the turn."]
    game.play("place rod h1")
    game.play("place rod h2")
    game.play("fin")
    assert game.last_events("fr") == ["Le joueur 2 termine son tour."]


def test_a_favor_card_that_needs_what_is_gone_cannot_be_used():
    game = stage("c4: Cy", deck=[], favors=[{"design": 1, "priest": 1}, {}], priest_supply=0)
    assert not {"favor design", "favor priest"} & {str(a) for a in game.legal_actions()}
    assert "Design deck is empty" in game.why_illegal("favor design")
    assert "no Priest left" in game.why_illegal("favor priest")


def test_a_game_ending_on_the_last_favor_card_ends_before_any_discard():
    hand = ["K07", "K01", "K02", "K03", "K04", "K05"]
    game = stage("a2: Cy Dy", hands=[hand, []], favors=[{"design": 1}, {}], favor_deck=["move"])
    game.play("favor design")
    assert len(game.hand(0)) == 7
    game.play("place rod h6")
    game.play("place rod a6")
    game.play("reveal K07")
    assert game.is_over and len(game.hand(0)) == 6 and game.phase != "discard"
    assert game.legal_actions() == []


# ------------------------------------------------------------------ scoring
def test_a_design_revealed_complete_then_spoiled_scores_nothing():
    game = stage("c4: Cy\nd4: Cy\ne4: Cy", hands=[["K01"], []])
    game.play("place rod h6")
    game.play("place rod a6")
    game.play("reveal K01")
    game.play("end")
    game.play("place cube f4")  # seat 1 adds a fourth cube: Kiosk is no longer complete
    game.play("place rod h1")
    assert game.scores() == [1, 0]
    assert [d.id for d in game.revealed(0)] == ["K01"]
    assert not REFERENCE_DESIGNS[0].is_complete(game.building())
