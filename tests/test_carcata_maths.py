"""Carcata's dice maths: every law against a count of every sequence of faces, the best reroll
policy against its own evaluation, every fixed policy and every stationary policy of a small
game, and the answers moving when the die changes."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from carcata_core.errors import ArgumentError, CarcataError
from carcata_core.maths import dice, policy
from carcata_core.maths.dice import TURTLE, hand_of, hands, possible_hands, rerolls_of
from carcata_core.maths.policy import FixedPolicy, Goal
from carcata_core.rules import FACES, Rules

PRINTED = Rules()
#: Another die: two turtles instead of two movements' one.
TWO_TURTLES = Rules(die_faces=("move", "lava", "eruption", "statue", "turtle", "turtle"))
#: Another die: two lava faces.
TWO_LAVAS = Rules(die_faces=("move", "lava", "lava", "eruption", "statue", "turtle"))
#: A small game every stationary policy of which can be listed: 2 dice of 3 kinds of face.
SMALL = Rules(dice=2, die_faces=("lava", "lava", "lava", "move", "move", "turtle"))


# ---------------------------------------------------------------------------- the laws
@pytest.mark.parametrize(
    "rules", [PRINTED, TWO_TURTLES, SMALL], ids=["printed", "two turtles", "small"]
)
@pytest.mark.parametrize("count", range(0, 5))
def test_a_roll_is_the_count_of_every_way_the_dice_land(rules: Rules, count: int) -> None:
    if count > rules.dice:
        return
    law = dice.roll_distribution(rules, count)
    assert law == {h: p for h, p in dice.roll_by_enumeration(rules, count).items() if p}
    assert sum(law.values()) == 1


@pytest.mark.parametrize(
    "count, rolls", [(1, 1), (1, 2), (1, 3), (1, 5), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2)]
)
@pytest.mark.parametrize("rules", [PRINTED, TWO_TURTLES], ids=["printed", "two turtles"])
def test_the_turtle_law_is_the_count_of_every_sequence_of_faces(
    rules: Rules, count: int, rolls: int
) -> None:
    assert dice.turtle_distribution(rules, rolls, count) == dice.turtle_law_by_enumeration(
        rules, rolls, count
    )


def test_the_sympy_law_is_the_binomial_of_a_die_locked_after_k_rolls() -> None:
    n, j, k = dice.turtle_symbols()
    assert sympy.simplify(dice.turtle_free_chance(PRINTED) - sympy.Rational(5, 6) ** k) == 0
    assert sympy.simplify(dice.turtle_free_chance(TWO_TURTLES) - sympy.Rational(2, 3) ** k) == 0
    law = dice.turtle_law(PRINTED)
    for rolls in range(6):
        total = sum(law.subs({n: 5, j: t, k: rolls}) for t in range(6))
        assert total == 1
        assert dice.expected_turtles(PRINTED, rolls) == 5 * (1 - Fraction(5, 6) ** rolls)


def test_the_first_roll_locks_as_many_turtles_as_the_die_has_turtle_faces() -> None:
    assert dice.turtle_distribution(PRINTED, 1)[0] == Fraction(5, 6) ** 5
    assert dice.turtle_distribution(TWO_TURTLES, 1)[0] == Fraction(2, 3) ** 5
    assert dice.expected_turtles(TWO_TURTLES, 3) > dice.expected_turtles(PRINTED, 3)


def test_the_cost_of_a_reroll_is_the_count_of_its_faces() -> None:
    hand, reroll = hand_of("move lava lava statue turtle"), hand_of("move statue")
    cost = dice.reroll_cost(PRINTED, hand, reroll)
    counted: dict[tuple[int, ...], Fraction] = {}
    for faces in itertools.product(PRINTED.die_faces, repeat=2):
        after = hand_of(["lava", "lava", "turtle", *faces])
        counted[after] = counted.get(after, Fraction(0)) + Fraction(1, 36)
    assert cost.outcomes == counted
    assert cost.new_turtles == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}
    assert cost.expected_turtles == Fraction(1, 3)
    assert cost.price == Fraction(1, 3) / 24
    assert dice.reroll_cost(TWO_TURTLES, hand, reroll).expected_turtles == Fraction(2, 3)


def test_bad_hands_and_rerolls_are_named() -> None:
    with pytest.raises(ArgumentError, match="reroll: a die showing the turtle is locked"):
        dice.reroll_cost(PRINTED, "move lava lava statue turtle", "turtle")
    with pytest.raises(ArgumentError, match="reroll: some of the dice"):
        dice.reroll_cost(PRINTED, "move lava lava statue turtle", "move move")
    with pytest.raises(ArgumentError, match="hand: 5 dice"):
        dice.reroll_cost(PRINTED, "move lava", "move")
    with pytest.raises(ArgumentError, match="faces: each face is one of"):
        hand_of("move crab")
    with pytest.raises(ArgumentError, match="rolls: 2 dice and 9 rolls"):
        dice.turtle_law_by_enumeration(PRINTED, 9, 2)
    with pytest.raises(CarcataError, match="at_least"):
        Goal("lava", -1)
    with pytest.raises(ArgumentError, match="face"):
        Goal("turtle", 1)


# --------------------------------------------------------------------------- the policies
GOAL = Goal("lava", 3, Fraction(1, 10))


@pytest.fixture(scope="module")
def best() -> policy.OptimalPolicy:
    return policy.optimal_policy(PRINTED, GOAL)


def test_the_best_value_is_its_own_policy_evaluated(best: policy.OptimalPolicy) -> None:
    assert policy.policy_value(PRINTED, GOAL, best) == best.turn_value
    assert policy.policy_value(PRINTED, GOAL, policy.policy_of(best.actions)) == best.turn_value
    values = policy.hand_values(PRINTED, GOAL, best)
    assert all(values[hand, 0] == best.values[hand] for hand in best.values)


def test_no_single_change_improves_the_best_policy(best: policy.OptimalPolicy) -> None:
    for hand, value in best.values.items():
        assert value >= GOAL(hand)
        for reroll in rerolls_of(hand):
            after = dice.reroll_outcomes(PRINTED, hand, reroll)
            assert sum(p * best.values[h] for h, p in after.items()) <= value


def test_the_best_policy_beats_every_fixed_policy(best: policy.OptimalPolicy) -> None:
    fixed = {
        p.name: policy.policy_value(PRINTED, GOAL, p) for p in policy.fixed_policies(PRINTED, GOAL)
    }
    assert all(best.turn_value >= value for value in fixed.values())
    assert best.turn_value > max(fixed.values())  # it does strictly better than all of them
    assert fixed["reroll once"] > fixed["never reroll"]


def test_never_rerolling_is_the_first_roll_scored() -> None:
    first = dice.roll_distribution(PRINTED)
    assert policy.policy_value(PRINTED, GOAL, policy.never_reroll()) == sum(
        p * GOAL(h) for h, p in first.items()
    )


def test_reroll_once_is_one_step_counted_by_hand() -> None:
    once = policy.reroll_once(GOAL)
    total = Fraction(0)
    for hand, p in dice.roll_distribution(PRINTED).items():
        reroll = once.choose(hand, 0)
        if reroll is None:
            total += p * GOAL(hand)
        else:
            after = dice.reroll_outcomes(PRINTED, hand, reroll)
            total += p * sum(q * GOAL(h) for h, q in after.items())
    assert policy.policy_value(PRINTED, GOAL, once) == total


def stationary_policies(rules: Rules) -> list[dict[tuple[int, ...], tuple[int, ...] | None]]:
    deciding = [h for h in possible_hands(rules) if h[TURTLE] < sum(h)]
    choices = [[None, *rerolls_of(h)] for h in deciding]
    return [dict(zip(deciding, pick, strict=True)) for pick in itertools.product(*choices)]


@pytest.mark.parametrize(
    "goal",
    [
        Goal("lava", 2, Fraction(1, 4)),
        Goal("move", 1, Fraction(1, 3)),
        Goal("lava", 1, Fraction(0)),
    ],
)
def test_the_best_policy_is_the_best_of_every_stationary_policy(goal: Goal) -> None:
    best = policy.optimal_policy(SMALL, goal)
    tables = stationary_policies(SMALL)
    assert len(tables) == 144
    every = [
        policy.policy_value(SMALL, goal, FixedPolicy("t", lambda h, r, a=a: a.get(h)))  # type: ignore[misc]
        for a in tables
    ]
    assert best.turn_value == max(every)


def test_a_simulation_agrees_with_the_exact_values(best: policy.OptimalPolicy) -> None:
    for played in (best, policy.reroll_once(GOAL)):
        exact = policy.policy_value(PRINTED, GOAL, played)
        run = policy.simulate(PRINTED, GOAL, played, turns=6000, seed=3)
        assert run.agrees(exact), (played.name, run, float(exact))
    run = policy.simulate(PRINTED, policy.turtles, best, turns=6000, seed=4)
    assert run.agrees(policy.policy_value(PRINTED, policy.turtles, best))


def test_another_die_changes_the_best_value() -> None:
    printed = policy.optimal_policy(PRINTED, GOAL).turn_value
    assert policy.optimal_policy(TWO_LAVAS, GOAL).turn_value > printed
    assert policy.optimal_policy(TWO_TURTLES, GOAL).turn_value < printed


def test_the_table_names_every_deciding_hand(best: policy.OptimalPolicy) -> None:
    rows = best.table()
    assert len(rows) == sum(1 for h in hands(5) if h[TURTLE] < 5)
    row = next(r for r in rows if r["hand"] == "lava lava lava statue statue")
    assert row["action"] == "keep" and row["value"] == 1
    french = best.table("fr")
    assert any(r["action"] == "garder" for r in french)
    assert all("turtle" not in str(r["main"]) and "tortue" not in str(r["action"]) for r in french)


# -------------------------------------------------------------------------- invariants
die_faces = st.lists(st.sampled_from(FACES), min_size=5, max_size=5).map(lambda f: (*f, "turtle"))


@settings(max_examples=40)
@given(faces=die_faces, count=st.integers(1, 5), rolls=st.integers(0, 30))
def test_the_turtle_law_is_a_law(faces: tuple[str, ...], count: int, rolls: int) -> None:
    rules = Rules(dice=count, die_faces=faces)
    law = dice.turtle_distribution(rules, rolls)
    assert sum(law.values()) == 1 and all(0 <= p <= 1 for p in law.values())
    assert dice.expected_turtles(rules, rolls) <= dice.expected_turtles(rules, rolls + 1)


@settings(max_examples=40)
@given(faces=die_faces, data=st.data())
def test_every_reroll_gives_a_law(faces: tuple[str, ...], data: st.DataObject) -> None:
    rules = Rules(die_faces=faces)
    hand = data.draw(st.sampled_from(list(hands(5))))
    choices = rerolls_of(hand)
    if not choices:
        return
    cost = dice.reroll_cost(rules, hand, data.draw(st.sampled_from(choices)))
    assert sum(cost.outcomes.values()) == 1 and sum(cost.new_turtles.values()) == 1
    assert all(after[TURTLE] >= hand[TURTLE] for after in cost.outcomes)
    assert cost.expected_turtles == sum(cost.reroll) * rules.face_chance("turtle")


@settings(max_examples=12)
@given(
    faces=die_faces,
    count=st.integers(1, 3),
    at_least=st.integers(0, 3),
    cost=st.fractions(0, 1, max_denominator=10),
)
def test_the_best_value_lies_between_never_rerolling_and_a_sure_goal(
    faces: tuple[str, ...], count: int, at_least: int, cost: Fraction
) -> None:
    rules = Rules(dice=count, die_faces=faces)
    goal = Goal("lava", at_least, cost)
    best = policy.optimal_policy(rules, goal)
    assert policy.policy_value(rules, goal, policy.never_reroll()) <= best.turn_value <= 1
    assert best.turn_value >= -cost * count
    assert policy.policy_value(rules, goal, best) == best.turn_value


def test_hands_and_policies_read_in_french() -> None:
    assert hand_of("pas lave lave statue tortue") == hand_of("move lava lava statue turtle")
    assert hand_of("Éruption eruption") == hand_of("eruption eruption")
    assert dice.faces_of(hand_of("turtle lava move"), "fr") == "pas lave tortue"
    names = [p.title("fr") for p in policy.fixed_policies(PRINTED, GOAL)]
    assert names[:3] == ["ne jamais relancer", "relancer une fois", "relancer jusqu'à 1 Tortue"]
    assert policy.optimal_policy(SMALL, GOAL).title("fr") == "optimale"
