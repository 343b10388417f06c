"""Checks of the arguments agents and the lab take: each returns the value or raises a
``LabError`` naming the argument and what it should be.

>>> whole("games", 3, least=1)
3
>>> whole("games", "2", least=1)
Traceback (most recent call last):
...
tabletop.errors.LabError: games: a whole number of at least 1, not '2'
>>> number("epsilon", 1.5, least=0, most=1)
Traceback (most recent call last):
...
tabletop.errors.LabError: epsilon: a number from 0 to 1, not 1.5
"""

from __future__ import annotations

import math
from numbers import Integral, Real
from typing import Any

from .errors import LabError
from .protocol import Determinize, Heuristic, determinized, is_heuristic


def shown(value: object) -> str:
    """A value as errors show it: its repr, cut to 60 characters."""
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still named by its type
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def whole(argument: str, value: Any, *, least: int = 0, most: int | None = None) -> int:
    """A whole number (``True`` and ``2.0`` are not) from ``least`` to ``most``."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise LabError(argument, f"a whole number {_range(least, most)}, not {shown(value)}")
    number = int(value)
    if number < least or (most is not None and number > most):
        raise LabError(argument, f"a whole number {_range(least, most)}, not {number}")
    return number


def number(
    argument: str,
    value: Any,
    *,
    least: float | None = None,
    most: float | None = None,
    above: float | None = None,
) -> float:
    """A finite real number, at least ``least``, at most ``most``, more than ``above``."""
    ok = isinstance(value, Real) and not isinstance(value, bool) and math.isfinite(value)
    if ok and (
        (least is not None and value < least)
        or (most is not None and value > most)
        or (above is not None and value <= above)
    ):
        ok = False
    if not ok:
        if above is not None:
            wanted = f"a number more than {above:g}"
        elif least is not None and most is not None:
            wanted = f"a number from {least:g} to {most:g}"
        elif least is not None:
            wanted = f"a number of at least {least:g}"
        else:
            wanted = "a finite number"
        raise LabError(argument, f"{wanted}, not {shown(value)}")
    return float(value)


def seed(argument: str, value: Any) -> int | None:
    """A seed: a whole number (any sign) or ``None``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise LabError(argument, f"a whole number or None, not {shown(value)}")
    return int(value)


def flag(argument: str, value: Any) -> bool:
    """``True`` or ``False``."""
    if not isinstance(value, bool):
        raise LabError(argument, f"True or False, not {shown(value)}")
    return value


def text(argument: str, value: Any) -> str:
    """A non-empty string."""
    if not isinstance(value, str) or not value:
        raise LabError(argument, f"a non-empty text, not {shown(value)}")
    return value


def heuristic(argument: str, value: Any) -> Heuristic | None:
    """``None`` or a ``Heuristic`` (an object with ``values`` and ``action_scores``)."""
    if value is None or is_heuristic(value):
        heuristic: Heuristic | None = value
        return heuristic
    raise LabError(
        argument,
        f"a heuristic with values(state) and action_scores(state, actions), not {shown(value)}",
    )


def determinize(argument: str, value: Any) -> Determinize:
    """``None`` (the state's own ``determinized``) or a function ``(state, rng) -> state``."""
    if value is None:
        return determinized
    if callable(value):
        found: Determinize = value
        return found
    raise LabError(argument, f"None or a function (state, rng) -> state, not {shown(value)}")


def _range(least: int, most: int | None) -> str:
    if most is None:
        return f"of at least {least}"
    return f"from {least} to {most}"


__all__ = ["determinize", "flag", "heuristic", "number", "seed", "shown", "text", "whole"]
