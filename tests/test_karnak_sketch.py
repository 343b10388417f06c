"""The tests the engine runs on a structure's ``Sketch`` instead of a Design's clauses
(``Goal.met_by_sketch``) say what the clauses' own tests say, and the Designs the engine finds complete (through the
groups it keeps up to date as pieces come and go) are those ``Design.is_complete`` finds;
what else the engine keeps up to date matches a position read afresh."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from karnak_core import Game
from karnak_core.designs import Goal, Sketch
from karnak_core.mat import MAT, SHAPES, Building, cell_groups
from tests.test_karnak_designs import CLAUSES

PIECES = st.lists(
    st.tuples(st.integers(0, MAT.size - 1), st.integers(0, 2 * len(SHAPES) - 1)), max_size=16
)


@settings(max_examples=200, deadline=None)
@given(PIECES, CLAUSES)
def test_a_clause_on_a_sketch_says_what_its_test_says(pieces, clause):
    building = Building.empty(MAT)
    for cell, code in pieces:
        building = building.put(cell, code)
    quick, test = clause.sketch_test(), clause.test()
    for spots in building.structures():
        assert quick(Sketch.of(building, spots)) == test(building, spots)


@settings(max_examples=100, deadline=None)
@given(PIECES, st.lists(CLAUSES, min_size=1, max_size=4))
def test_a_goal_on_a_sketch_says_what_its_clauses_say(pieces, clauses):
    building = Building.empty(MAT)
    for cell, code in pieces:
        building = building.put(cell, code)
    goal = Goal(1, tuple(clauses))
    for spots in building.structures():
        met = goal.met_by(building, spots)
        assert goal.met_by_sketch(Sketch.of(building, spots)) == met
        # The fewest pieces a goal can be met with is a bound the engine may trust.
        assert len(spots) >= goal.least_pieces or not met


def test_the_engine_finds_the_complete_designs_the_building_has():
    rng = random.Random(3)
    for seed in range(12):
        game = Game.new(2 + seed % 3, seed=seed)
        while not game.is_over and len(game.log) < 200:
            actions = game.legal_actions()
            game.push(actions[int(rng.random() * len(actions))])
            if rng.random() < 0.2:
                game = game.copy()  # a copy shares the groups found so far
            building = game.building()
            hand = game.hand(game.current_player)
            reveals = game.phase in ("after", "revealing")
            expected = [d.id for d in hand if d.is_complete(building)] if reveals else []
            assert [d.id for d in game.designs if game.is_legal(f"reveal {d.id}")] == expected


def test_what_the_engine_keeps_up_to_date_matches_a_position_read_afresh():
    # Open cells, liftable cells, Priest cells and complete Designs are kept from change to
    # change; a game read back from its position finds them all from scratch.
    rng = random.Random(4)
    for seed in range(10):
        game = Game.new(2 + seed % 3, seed=seed, rules={"white_per_shape": 1 + seed % 3})
        while not game.is_over and len(game.log) < 200:
            actions = game.legal_actions()
            assert actions == Game.from_json(game.to_json()).legal_actions()
            game.push(actions[int(rng.random() * len(actions))])


@settings(max_examples=200, deadline=None)
@given(PIECES, st.integers(0, MAT.size - 1), st.integers(0, 2 * len(SHAPES) - 1))
def test_a_sketch_grown_or_joined_by_a_piece_is_the_sketch_summed_up_again(pieces, cell, code):
    # How the engine keeps a sketch for each group as pieces come (``Game._regroup``).
    building = Building.empty(MAT)
    for at, piece in pieces:
        building = building.put(at, piece)
    groups = cell_groups(building.stacks, MAT.neighbour_cells)
    sketches = [Sketch(building.stacks, MAT.marking_bits, g) for g in groups]
    sketch_of = {c: sketch for g, sketch in zip(groups, sketches, strict=True) for c in g}
    after = building.put(cell, code)
    [cells] = [g for g in cell_groups(after.stacks, MAT.neighbour_cells) if cell in g]
    expected = Sketch(after.stacks, MAT.marking_bits, cells)
    stack = building.stacks[cell]
    if stack:
        assert sketch_of[cell].grown(code, stack[-1], len(stack) + 1) == expected
    else:
        parts = {
            id(sketch_of[n]): sketch_of[n] for n in MAT.neighbour_cells[cell] if n in sketch_of
        }
        joined = Sketch.joined(parts.values(), code, MAT.marking_bits[cell])
        assert joined == expected
        assert joined.size == sum(len(after.stacks[c]) for c in cells)


@settings(max_examples=300, deadline=None)
@given(PIECES, st.integers(0, MAT.size - 1))
def test_a_sketch_shrunk_or_parted_by_a_piece_is_the_sketch_summed_up_again(pieces, cell):
    # A piece taken off a stack (``shrunk``), or off a cell that touched one other occupied
    # cell only, so that the structure stays one (``parted``).
    building = Building.empty(MAT)
    for at, piece in pieces + [(cell, 0)]:
        building = building.put(at, piece)
    [cells] = [g for g in cell_groups(building.stacks, MAT.neighbour_cells) if cell in g]
    before = Sketch(building.stacks, MAT.marking_bits, cells)
    after = building.take(cell)
    code = building.stacks[cell][-1]
    if after.stacks[cell]:
        shrunk = before.shrunk(code, after.stacks[cell][-1], after.stacks, cells)
        assert shrunk == Sketch(after.stacks, MAT.marking_bits, cells)
    else:
        rest = [c for c in cells if c != cell]
        if len([g for g in cell_groups(after.stacks, MAT.neighbour_cells) if g[0] in rest]) == 1:
            parted = before.parted(code, MAT.marking_bits, rest)
            assert parted == Sketch(after.stacks, MAT.marking_bits, rest)


def test_a_copy_and_its_original_go_on_apart():
    # A state changes its own groups in place; those it shares with a copy it replaces.
    rng = random.Random(5)
    for seed in range(8):
        game = Game.new(2 + seed % 3, seed=seed)
        for _ in range(20 + 5 * seed):
            if not game.is_over:
                actions = game.legal_actions()
                game.push(actions[int(rng.random() * len(actions))])
        games = [game, game.copy()]
        for _ in range(80):
            for one in games:
                if one.is_over:
                    continue
                afresh = Game.from_json(one.to_json())
                actions = one.legal_actions()
                assert actions == afresh.legal_actions()
                assert one.scores() == afresh.scores()
                one.push(actions[int(rng.random() * len(actions))])
