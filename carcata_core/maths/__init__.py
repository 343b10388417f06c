r"""The maths of Carcata's dice: push your luck, exactly.

- ``dice``: hands (face counts), the law of a roll, the Turtles locked after ``k`` rolls
  (a sympy binomial law, checked against every sequence of faces), what one more reroll
  costs in Turtle steps;
- ``policy``: when to stop rerolling for a simple goal, the exact best policy (policy
  iteration on Fractions, level by level of locked Turtles), fixed policies, exact
  evaluation and seeded simulation.

Only ``carcata_core.rules`` is needed: the dice's faces come from ``Rules.die_faces`` (the
kit's reconstruction; the Carcata rulebook does not list them), so another die gives other answers.

>>> from carcata_core.rules import Rules
>>> expected_turtles(Rules(), 1)
Fraction(5, 6)
"""

from __future__ import annotations

from .dice import (
    FACE_WORDS,
    Hand,
    RerollCost,
    expected_turtles,
    faces_of,
    hand_of,
    reroll_cost,
    reroll_outcomes,
    roll_distribution,
    turtle_distribution,
    turtle_law,
)
from .policy import (
    FixedPolicy,
    Goal,
    OptimalPolicy,
    Simulation,
    fixed_policies,
    never_reroll,
    optimal_policy,
    policy_value,
    reroll_once,
    reroll_until,
    simulate,
    turtles,
)

__all__ = [
    "FACE_WORDS",
    "FixedPolicy",
    "Goal",
    "Hand",
    "OptimalPolicy",
    "RerollCost",
    "Simulation",
    "expected_turtles",
    "faces_of",
    "fixed_policies",
    "hand_of",
    "never_reroll",
    "optimal_policy",
    "policy_value",
    "reroll_cost",
    "reroll_once",
    "reroll_outcomes",
    "reroll_until",
    "roll_distribution",
    "simulate",
    "turtle_distribution",
    "turtle_law",
    "turtles",
]
