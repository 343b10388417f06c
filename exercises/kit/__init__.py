"""Carnuta exercises you can check: ``make(key, seed=student_number)`` builds one.

>>> from exercises.kit import make
>>> exercise = make("score_potion", seed=7)
>>> bool(exercise.check(exercise.answer())), bool(exercise.check(None))
(True, False)

Every exercise stages a position, asks the engine for the answer, accepts every correct form
of it and answers a wrong one with a hint about the mistake (``slips``) and the rulebook's rule.
``check`` never raises; a notebook's check cell calls ``verify``, which raises ``WrongAnswer``
on a wrong answer so that nbgrader scores the cell 0. Instructor solutions are in
``exercises/solutions/``; ``exercises/README.md`` explains the nbgrader workflow.
"""

import sympy

from . import (
    theme_carcata,
    theme_design,
    theme_karnak,
    theme_maths,
    theme_rules,
    theme_runes,
    theme_scoring,
    theme_synergies,
    theme_two_games,
)
from .answers import AnswerError
from .base import EXERCISES, THEMES, Exercise, Result, Slip, WrongAnswer, catalogue, make
from .progress import progress
from .rulebook import RULES, Rule
from .staging import total_with
from .theme_scoring import n

# The functions a card's formula needs (exercise 'card_formula').
Min, floor = sympy.Min, sympy.floor

__all__ = [
    "EXERCISES",
    "THEMES",
    "RULES",
    "AnswerError",
    "Min",
    "Exercise",
    "Result",
    "Rule",
    "Slip",
    "WrongAnswer",
    "catalogue",
    "floor",
    "make",
    "n",
    "progress",
    "theme_carcata",
    "theme_design",
    "theme_karnak",
    "theme_maths",
    "theme_rules",
    "theme_runes",
    "theme_scoring",
    "theme_synergies",
    "theme_two_games",
    "total_with",
]
