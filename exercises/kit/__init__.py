"""Carnuta exercises you can check: ``make(key, seed=student_number)`` builds one.

>>> from exercises.kit import make
>>> exercise = make("score_potion", seed=7)
>>> bool(exercise.check(exercise.answer())), bool(exercise.check(None))
(True, False)

Every exercise stages a position, asks the engine for the answer, accepts every correct form
of it and answers a wrong one with a hint quoting the rulebook. Instructor solutions are in
``exercises/solutions/``; ``exercises/README.md`` explains the nbgrader workflow.
"""

from . import theme_design, theme_rules, theme_runes, theme_scoring, theme_synergies
from .answers import AnswerError
from .base import EXERCISES, THEMES, Exercise, Result, catalogue, make
from .rulebook import RULES, Rule
from .staging import total_with

__all__ = [
    "EXERCISES",
    "THEMES",
    "RULES",
    "AnswerError",
    "Exercise",
    "Result",
    "Rule",
    "catalogue",
    "make",
    "theme_design",
    "theme_rules",
    "theme_runes",
    "theme_scoring",
    "theme_synergies",
    "total_with",
]
