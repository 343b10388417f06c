"""Maths that derives: each derived formula equals brute force or the engine, each graph
answer equals an independent search, each probability law equals enumeration."""

from __future__ import annotations

import heapq
import itertools
import math
import random
from fractions import Fraction

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnuta_core import CarnutaError, Game, Rules, WorkLimitError, balance, maths, reference_deck
from carnuta_core.maths import calculus, decisions, economy, reveal_laws
from carnuta_core.model import INGREDIENTS, Ingredient, Origin, Row
from carnuta_core.rune_graph import RuneState, moves, rune_graph
from carnuta_core.rune_graph.classes import TurnState, closed_classes, turn_graph, turns_to_afford
from carnuta_core.rune_graph.moves import cost_groups
from carnuta_core.synergy import cluster_check, strategy_clusters

DECK = reference_deck()
MARKET = [c for c in DECK if c.origin is not Origin.START and not c.is_salt]
STARTS = [c for c in DECK if c.origin is Origin.START]


def random_potion(rng: random.Random, size: int) -> maths.Potion:
    cards = [rng.choice(STARTS), *rng.sample(MARKET, size - 1)]
    tokens = rng.sample(INGREDIENTS, rng.randint(0, 2))
    return maths.Potion(tuple(cards), (), tuple(tokens))


# ----------------------------------------------------------------------------- calculus
def test_the_min_and_complementarity_laws_are_proven_case_by_case() -> None:
    law = calculus.min_difference_law()
    assert law.proven and [v for _, _, v in law.cases] == [1, 0]
    a, b = calculus.proof_symbols("a b")
    assert calculus.check_against_counts(
        law.expression, lambda x, y: min(x, y + 1) - min(x, y), [a, b], 8
    )
    assert calculus.check_against_counts(law.piecewise, lambda x, y: int(y < x), [a, b], 8)
    mixed = calculus.complementarity_law()
    assert mixed.proven and [v for _, _, v in mixed.cases] == [1, 0, 0]
    assert calculus.check_against_counts(mixed.piecewise, lambda x, y: int(x == y), [a, b], 8)


def test_a_proof_shows_its_steps_unevaluated() -> None:
    """The substituted case still holds its two Mins: sympy has not evaluated them away."""
    law = calculus.min_difference_law()
    for case in law.derivations:
        assert len(case.substituted.atoms(sympy.Min)) == 2
        assert not case.resolved.atoms(sympy.Min) and case.resolved != case.value
        assert case.inside and case.holds
    floors = calculus.floor_law()
    assert all(len(c.substituted.atoms(sympy.floor)) == 2 for c in floors.derivations)


@pytest.mark.parametrize(
    "values",
    [(1, 1), (0, 0), (0, 1), (2, 0), (1, -1)],
)
def test_a_min_law_stated_with_wrong_values_does_not_prove(values: tuple[int, int]) -> None:
    a, b = calculus.proof_symbols("a b")
    wrong = sympy.Piecewise((values[0], b < a), (values[1], True))
    law = calculus.min_difference_law(wrong)
    assert not law.proven
    assert [c.holds for c in law.derivations] == [values[0] == 1, values[1] == 0]
    # the condition on the wrong side: 1 when b >= a
    assert not calculus.min_difference_law(sympy.Piecewise((1, b >= a), (0, True))).proven


def test_the_floor_law_is_proven_and_the_wrong_parity_is_not() -> None:
    (n,) = calculus.proof_symbols("n")
    for m in range(2, 5):
        law = calculus.floor_law(m)
        assert law.proven
        assert [v for _, _, v in law.cases] == [0] * (m - 1) + [1]
        assert calculus.check_against_counts(
            law.expression, lambda x, m_=m: (x + 1) // m_ - x // m_, [n], 20
        )
        # the law that calculus.difference applies is the one proven
        egg = maths.count_symbol("egg")
        applied = calculus.difference(sympy.floor(egg / m), egg).xreplace({egg: n})
        assert applied == law.piecewise
    even = sympy.Piecewise((1, sympy.Eq(sympy.Mod(n, 2), 0)), (0, True))
    assert not calculus.floor_law(2, even).proven
    assert not calculus.floor_law(
        3, sympy.Piecewise((1, sympy.Eq(sympy.Mod(n, 3), 1)), (0, True))
    ).proven
    with pytest.raises(CarnutaError, match="modulus"):
        calculus.floor_law(1)


def test_cases_that_do_not_cover_every_pair_do_not_prove() -> None:
    a, b, t = calculus.proof_symbols("a b t")
    half = calculus.prove_by_cases(
        "only one case",
        calculus.forward_difference(lambda x, y: calculus.unevaluated(sympy.Min, x, y), (a, b), 1),
        sympy.Integer(1),
        (a, b),
        [("b < a", b < a, {a: b + 1 + t})],
    )
    assert half.derivations[0].holds and not half.covers() and not half.proven
    outside = calculus.prove_by_cases(
        "a substitution outside its case",
        calculus.forward_difference(lambda x, y: calculus.unevaluated(sympy.Min, x, y), (a, b), 1),
        sympy.Piecewise((1, b < a), (0, True)),
        (a, b),
        [("b < a", b < a, {b: a + t}), ("b >= a", b >= a, {b: a + t})],
    )
    assert not outside.derivations[0].inside and not outside.proven


def test_a_complementarity_law_stated_off_the_diagonal_does_not_prove() -> None:
    a, b = calculus.proof_symbols("a b")
    assert not calculus.complementarity_law(sympy.Piecewise((1, a > b), (0, True))).proven
    assert not calculus.complementarity_law(sympy.Integer(0)).proven


def test_every_card_formulas_difference_equals_brute_force() -> None:
    for card in DECK:
        formula = maths.card_formula(card)
        symbols = sorted(formula.free_symbols, key=str)
        for symbol in symbols:
            for step in (1, 2):
                derived = calculus.difference(formula, symbol, step)
                assert calculus.check_against_counts(
                    derived,
                    lambda *v, s=symbol, st_=step, f=formula, xs=symbols: int(
                        f.xreplace(
                            {
                                x: sympy.Integer(n + (st_ if x == s else 0))
                                for x, n in zip(xs, v, strict=True)
                            }
                        )
                        - f.xreplace({x: sympy.Integer(n) for x, n in zip(xs, v, strict=True)})
                    ),
                    symbols,
                    7,
                ), (card.id, symbol, step)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), size=st.integers(2, 9))
def test_marginal_values_agree_with_the_engine(seed: int, size: int) -> None:
    rng = random.Random(seed)
    potion = random_potion(rng, size)
    ingredient = rng.choice(INGREDIENTS)
    marginal = calculus.marginal_value(potion, ingredient)
    assert marginal.value == maths.ingredient_gain(potion, ingredient).value
    card = rng.choice([c for c in DECK if c not in potion.played and not c.is_salt])
    assert calculus.card_marginal_value(potion, card).value == maths.card_gain(potion, card).value
    rows = calculus.staircase(potion, ingredient, 8)
    assert all(b[1] - a[1] == a[2] for a, b in itertools.pairwise(rows))


def test_set_ingredients_are_complements_only_when_balanced() -> None:
    potion = maths.Potion.of(["S08", "N20", "D02"])  # a Mushroom, 4 per set clover mushroom
    synergy = calculus.ingredient_synergy(potion, "clover", "mushroom")
    assert synergy.value == 4  # 1 clover, 1 mushroom: balanced
    assert calculus.ingredient_synergy(potion.plus(DECK["D03"]), "clover", "mushroom").value == 0


def shifted_total(potion: maths.Potion, shift: dict[Ingredient, int]) -> int:
    """The potion's total with some counts raised, from its score-pad formulas."""
    counts = {i: n + shift.get(i, 0) for i, n in potion.counts().items()}
    return int(maths.potion_formula(potion).evaluate(counts).total)


def test_synergy_equals_the_brute_mixed_difference_of_the_score() -> None:
    rng = random.Random(11)
    for _ in range(3):
        potion = random_potion(rng, 7)
        for x, y in rng.sample(list(itertools.product(INGREDIENTS, repeat=2)), 12):
            both = {x: 1, y: 1} if x != y else {x: 2}
            brute = (
                shifted_total(potion, both)
                - shifted_total(potion, {x: 1})
                - shifted_total(potion, {y: 1})
                + shifted_total(potion, {})
            )
            assert calculus.ingredient_synergy(potion, x, y).value == brute, (potion, x, y)


def test_calculus_refuses_bad_input() -> None:
    with pytest.raises(CarnutaError, match="step should be 1 or 2"):
        calculus.difference(maths.count_symbol("egg"), maths.count_symbol("egg"), 3)
    with pytest.raises(WorkLimitError, match="up_to"):
        calculus.staircase(maths.Potion.of(["S01"]), "berry", 10**6)


# ----------------------------------------------------------------------------- probability
def test_reveal_laws_match_the_exact_numbers_and_enumeration() -> None:
    one = reveal_laws.within_law(1)
    assert one.simplified == sympy.Symbol("n", integer=True, nonnegative=True) / sympy.Symbol(
        "u", integer=True, nonnegative=True
    )
    general = reveal_laws.within_law()
    for u, w, n in [(24, 1, 4), (24, 3, 4), (10, 2, 7), (5, 5, 1)]:
        assert general.at(u=u, w=w, n=n) == maths.reveal_probability(u, n, w)
    law = reveal_laws.first_wanted_law()
    for u in range(1, 9):
        for w in range(1, u + 1):
            # enumerate every place the wanted cards can take: the first one's position
            total = sum(min(places) + 1 for places in itertools.combinations(range(u), w))
            exact = Fraction(total, math.comb(u, w))
            assert law.at(u=u, w=w) == sympy.Rational(exact.numerator, exact.denominator)
            assert reveal_laws.expected_first_wanted(u, w) == law.at(u=u, w=w)


def staged_game() -> Game:
    game = Game.new(2, seed=5)
    return game


def test_sickle_value_equals_enumeration_of_every_new_row() -> None:
    game = staged_game()
    value = decisions.sickle_value(game, 0, "night")
    unseen = maths.unseen_cards(game, Row.NIGHT)
    draws = list(itertools.combinations(unseen, 4))
    brute = Fraction(
        sum(decisions.sickle_draw_best(game, 0, Row.NIGHT, list(d)) for d in draws), len(draws)
    )
    assert value.expected_after == brute
    assert sum(value.law.values()) == 1


def test_draft_value_without_later_cards_is_the_gain_now() -> None:
    game = staged_game()
    potion = maths.as_potion(game, 0)
    for card in game.market(Row.DAY):
        assert card is not None
        value = decisions.draft_value(game, 0, card, later=0)
        assert value.expected_end == value.gain_now
        if not card.is_salt:
            assert value.gain_now == maths.card_gain(potion, card).value
    with pytest.raises(WorkLimitError, match="later"):
        decisions.draft_value(game, 0, "D02", later=5)


def test_a_salt_is_never_worth_points_on_an_ingredient_held_only_as_a_token() -> None:
    potion = maths.Potion.of(["S01", "D02", "D09", "D16", "D23", "N09"], bonus_tokens=["berry"])
    assert maths.card_gain(potion, "D29").value == 0
    assert calculus.card_marginal_value(potion, "D29").value == 0


# ----------------------------------------------------------------------------- economy
def slow_potion_actions(cards: list[str]) -> int:
    """Dijkstra over (rune state, cards left) with the rune graph's public moves."""
    rules = Rules()
    to_play = [DECK[c] for c in cards if DECK[c].origin is not Origin.START]
    groups = cost_groups(to_play)
    free = [c for c in to_play if not c.cost]
    start = RuneState.start(rules)
    counter = 1 + len(free)
    for level in range(2, counter + 1):
        if rules.unlocks_at(level):
            start = RuneState(start.suns, start.moons, start.open_spaces + 1, start.locked - 1)
    left0 = tuple(len(g.cards) for g in groups)
    queue = [(0, 0, start, left0)]
    seen: dict[tuple[RuneState, tuple[int, ...]], int] = {}
    tie = 0
    while queue:
        cost, _, state, left = heapq.heappop(queue)
        if (state, left) in seen:
            continue
        seen[(state, left)] = cost
        if not any(left):
            return cost + 2 * len(to_play)
        played = counter + sum(left0) - sum(left)
        unlock_next = rules.unlocks_at(rules.counter_after(played + 1))
        for move in moves(state, rules, groups):
            if move.kind == "play":
                index = next(i for i, g in enumerate(groups) if g.action == move.action)
                if not left[index] or move.padlock != (unlock_next and state.locked > 0):
                    continue
                rest = left[:index] + (left[index] - 1,) + left[index + 1 :]
                tie += 1
                heapq.heappush(queue, (cost, tie, move.target, rest))
            else:
                tie += 1
                heapq.heappush(queue, (cost + 1, tie, move.target, left))
    raise AssertionError("never built")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), size=st.integers(2, 8))
def test_potion_actions_equal_an_independent_search_over_the_rune_graph(
    seed: int, size: int
) -> None:
    rng = random.Random(seed)
    cards = [rng.choice(STARTS).id] + [c.id for c in rng.sample(MARKET, size - 1)]
    try:
        plan = economy.potion_actions(maths.Potion.of(cards))
    except CarnutaError:
        return
    assert plan.actions == slow_potion_actions(cards)


def test_budget_curve_and_its_lagrangian_envelope() -> None:
    pool = [
        c
        for c in DECK
        if c.id
        in {"S01", "S02", "D02", "D03", "D05", "D06", "D09", "N20", "N09", "D16", "D29", "D10"}
    ]
    curve = economy.budget_curve(range(0, 9), pool, k=4)
    for point in curve:
        brute = maths.exhaustive_optimum(pool, 4, budget=point.budget)
        assert point.value == brute.value and point.cost <= point.budget
    for point in curve:
        bound, lam = economy.lagrangian_bound(curve, point.budget)
        assert bound >= point.value and lam >= 0
    assert all(isinstance(s, Fraction) for _, _, s in economy.segment_slopes(curve))


def test_action_bounds_bracket_the_best_score() -> None:
    pool = [c for c in DECK if c.id in {"S01", "D02", "D03", "D05", "N20", "N09", "D16", "D10"}]
    curve = economy.action_curve([2, 3, 4], pool)
    for point in curve:
        lower, upper = economy.actions_bounds(curve, point.actions)
        assert lower <= upper and lower >= point.value


# ----------------------------------------------------------------------------- graphs
def test_closed_classes_are_the_full_board_traps() -> None:
    traps = closed_classes(DECK)
    assert [t.size for t in traps] == [2, 2, 2]
    for trap in traps:
        assert all(s.empty == 0 and (s.suns == 0 or s.moons == 0) for s in trap.states)
        graph = rune_graph()
        for state in trap.states:
            assert {v for _, v in graph.out_edges(state)} <= set(trap.states)
        assert trap.never  # some costs are never payable there


def test_turn_graph_edges_are_the_states_two_actions_reach() -> None:
    start = RuneState.start()
    turns = turn_graph(start, max_turns=1)
    root = TurnState(start, 1)
    graph = rune_graph(start)
    for target in turns.successors(root):
        length = len(next(iter(turns.edges[root, target]["turns"])))
        assert 1 <= length <= 2 and target.counter == 1  # no card: rune actions only
    two = {v for u in [start, *graph.successors(start)] for v in graph.successors(u)}
    assert {t.runes for t in turns.successors(root)} == two - {start}
    assert turns_to_afford(start, "flip moon, return moon") == 0


def test_cluster_check_counts_every_draw_exactly() -> None:
    clusters = strategy_clusters(DECK)
    table = clusters.reset_index() if "card" not in clusters.columns else clusters
    market = table[~table["card"].isin([c.id for c in STARTS])]
    sizes = market.groupby("cluster").size()
    same = sum(math.comb(int(n), 2) for n in sizes) / math.comb(len(market), 2)
    check = cluster_check(["S01", "D02", "D03"], clusters, DECK)  # two market cards
    assert check.chance == pytest.approx(1 + same)
    assert check.p_value == pytest.approx(same if check.largest == 2 else 1.0)


def test_gini_and_skill_share() -> None:
    assert balance.gini([2, 2, 2]) == 0
    assert balance.gini([0, 0, 0, 0, 10]) == pytest.approx(0.8)
    with pytest.raises(CarnutaError):
        balance.gini([-1, 2])
    with pytest.raises(CarnutaError, match="starting card"):
        balance.deck_without(DECK, "S01")


# ----------------------------------------------------------------------------- formulation
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), k=st.integers(3, 4))
def test_both_integer_programs_find_the_brute_force_optimum(seed: int, k: int) -> None:
    from carnuta_core.maths.formulation import optimum_milp

    rng = random.Random(seed)
    pool = [
        *rng.sample(STARTS, 2),
        *rng.sample(MARKET, 8),
        *rng.sample([c for c in DECK if c.is_salt], 2),
    ]
    brute = maths.exhaustive_optimum(pool, k)
    for formulation in ("weak", "strong"):
        found = optimum_milp(pool, k, formulation=formulation, seconds=60)
        assert found.optimal and found.value == brute.value, formulation
        assert found.potion is not None and found.potion.score_pad().total == brute.value
        assert found.bound >= found.value - 1e-6


def test_integer_program_arguments_are_checked() -> None:
    from carnuta_core.maths.formulation import optimum_milp

    with pytest.raises(CarnutaError, match="^formulation"):
        optimum_milp(formulation="tight")
    with pytest.raises(WorkLimitError, match="^seconds"):
        optimum_milp(seconds=10**6)
    with pytest.raises(WorkLimitError, match="^k"):
        optimum_milp(k=40)
    with pytest.raises(CarnutaError, match="^nodes"):
        optimum_milp(nodes=0)
    with pytest.raises(WorkLimitError, match="^nodes"):
        optimum_milp(nodes=10**9)


def test_a_node_budget_gives_the_same_search_on_any_machine() -> None:
    """Lesson 07's comparison: with the same work, the strong formulation proves the best
    6-card potion and the weak one is still far from it, whatever the machine's speed."""
    from carnuta_core.maths.formulation import optimum_milp

    best = maths.optimum(k=6).value
    weak, strong = (optimum_milp(k=6, formulation=f, nodes=1000) for f in ("weak", "strong"))
    assert strong.optimal and strong.value == best and strong.nodes <= 1000
    assert not weak.optimal and weak.nodes == 1000 and weak.bound > 2 * best
    again = optimum_milp(k=6, formulation="weak", nodes=1000)
    assert (again.value, again.bound, again.nodes) == (weak.value, weak.bound, weak.nodes)


def test_best_potion_by_starting_card_equals_one_solver_run_per_card() -> None:
    from carnuta_core.maths.solver import optimum_by_start

    rng = random.Random(3)
    pool = [*rng.sample(STARTS, 3), *rng.sample(MARKET, 12), *[c for c in DECK if c.is_salt][:2]]
    shared = optimum_by_start(pool, 5)
    assert set(shared) == {c.id for c in pool if c.origin is Origin.START}
    for start, best in shared.items():
        alone = [c for c in pool if c.origin is not Origin.START or c.id == start]
        assert (
            best.value == maths.optimum(alone, 5).value == maths.exhaustive_optimum(alone, 5).value
        )
        assert best.potion.played[0].id == start
