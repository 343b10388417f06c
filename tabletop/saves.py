"""What both games' saves share: the limits a save is held to, checked before any other work,
and a bounded excerpt of any value for an error message.

A save or a staged position is read only after these checks, so a hostile file costs a
bounded amount of work and memory, and an error never echoes more than a short excerpt:

>>> class Problem(ValueError):
...     def __init__(self, field, reason):
...         super().__init__(f"{field}: {reason}")
>>> read_json('{"players": 2}', Problem)
{'players': 2}
>>> read_json("[" * 100, Problem)
Traceback (most recent call last):
...
tabletop.saves.Problem: json: lists and objects nested deeper than 16
>>> check_seed(-1, Problem)
Traceback (most recent call last):
...
tabletop.saves.Problem: seed: should be a whole number from 0 to 2**64 - 1, not -1
>>> short_repr("x" * 1000)
"'xxxxxxxxxxxx...xxxxxxxxxxxxx'"
"""

from __future__ import annotations

import json
import random
import reprlib
from collections.abc import Callable
from typing import Any

#: A game's error for a field: called with the field's path and the reason.
FieldError = Callable[[str, str], ValueError]

#: The longest save or position text read, in characters (a finished game's save is ~60,000).
MAX_TEXT = 2_000_000
#: The deepest nesting of lists and objects in a position (the formats themselves need 5).
MAX_NESTING = 16
#: The most actions a saved history may hold (a real game of either has at most about 600).
MAX_HISTORY = 5_000
#: The most values (numbers, strings, lists, objects) in a position given as a dict.
MAX_VALUES = 200_000
#: Seeds are whole numbers from 0 to 2**64 - 1.
MAX_SEED = 2**64 - 1
#: The longest text read as one action: an action is a few words.
MAX_ACTION_TEXT = 200


#: The longest excerpt of a value an error message quotes (reprlib bounds each level of a
#: nested value, not the whole: a deep one could still fill a screen).
MAX_EXCERPT = 200


def short_repr(value: Any) -> str:
    """A bounded ``repr`` for an error message, whatever the value (a huge list, a number
    with thousands of digits, a deeply nested value, an object whose ``repr`` fails)."""
    try:
        text = reprlib.repr(value)
    except Exception:  # a value whose repr fails is still named by its type
        return f"a {type(value).__name__}"
    return text if len(text) <= MAX_EXCERPT else text[: MAX_EXCERPT - 1] + "…"


def check_seed(value: Any, error: FieldError, field: str = "seed") -> int:
    """``value`` if it is a seed (a whole number from 0 to 2**64 - 1), else ``error``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise error(field, f"should be a whole number from 0 to 2**64 - 1, not {short_repr(value)}")
    return value


def check_rng(value: Any, error: FieldError, field: str = "rng") -> random.Random:
    """``value`` if it is a random generator (``random.Random(7)``), else ``error``."""
    if not isinstance(value, random.Random):
        raise error(
            field, f"should be a random.Random, e.g. random.Random(7), not {short_repr(value)}"
        )
    return value


def check_text(text: str, error: FieldError) -> None:
    """Refuse text that is too long or nested too deep, before any parsing work."""
    if len(text) > MAX_TEXT:
        raise error("json", f"{len(text):,} characters; a save holds at most {MAX_TEXT:,}")
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise error("json", f"lists and objects nested deeper than {MAX_NESTING}")
        elif char in "]}":
            depth -= 1


def check_values(data: Any, error: FieldError) -> None:
    """The same limits for a position given as Python values: nesting and size."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise error("position", f"more than {MAX_VALUES:,} values")
        if isinstance(value, (dict, list, tuple)):
            if depth > MAX_NESTING:
                raise error("position", f"lists and objects nested deeper than {MAX_NESTING}")
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)


def read_json(text: Any, error: FieldError) -> Any:
    """A save or position read from JSON text or given as a dict, within the limits: the
    parsed value (not yet checked to be an object)."""
    if isinstance(text, str):
        check_text(text, error)
        try:
            return json.loads(text)
        except json.JSONDecodeError as problem:
            raise error("json", f"not valid JSON (line {problem.lineno}: {problem.msg})") from None
        except (ValueError, RecursionError) as problem:  # e.g. a number of 5,000 digits
            raise error("json", f"not a readable position ({short_repr(str(problem))})") from None
    if isinstance(text, dict):
        check_values(text, error)
        return text
    raise error("position", f"should be JSON text or a dict, not {short_repr(text)}")


def check_history(history: Any, error: FieldError) -> tuple[dict[str, Any], list[Any]]:
    """A save's ``history``: its start position (a dict) and its actions (a list of at most
    ``MAX_HISTORY``), or ``error`` naming what is wrong."""
    if not isinstance(history, dict) or not isinstance(history.get("actions"), list):
        raise error("history", 'should be {"start": position, "actions": [...]}')
    actions = history["actions"]
    if len(actions) > MAX_HISTORY:
        raise error(
            "history.actions", f"{len(actions):,} actions; a save holds at most {MAX_HISTORY:,}"
        )
    start = history.get("start", {})
    if not isinstance(start, dict):
        raise error("history.start", f"should be a position object, not {short_repr(start)}")
    for i, action in enumerate(actions):
        if not isinstance(action, str):
            raise error(f"history.actions[{i}]", f"should be text, not {short_repr(action)}")
    return dict(start), actions


def read_save(text: Any, error: FieldError, save_format: str) -> dict[str, Any]:
    """A save or position (``read_json``) that is a JSON object in ``save_format`` (a save
    without ``format`` is taken to be in it), or ``error`` naming what is wrong."""
    data = read_json(text, error)
    if not isinstance(data, dict):
        raise error("position", "should be a JSON object")
    found = data.get("format", save_format)
    if found != save_format:
        raise error("format", f"{short_repr(found)} is not {save_format!r}")
    return data


def replay_actions(
    play: Callable[[str], object],
    actions: list[str],
    game_error: type[Exception],
    error: FieldError,
) -> None:
    """Plays a save's ``actions`` in turn; an action the game refuses (``game_error``) is
    ``error`` naming it (``history.actions[i]``) with the game's own message."""
    for i, action in enumerate(actions):
        try:
            play(action)
        except game_error as problem:
            raise error(f"history.actions[{i}]", str(problem)) from None


def same_value(a: Any, b: Any) -> bool:
    """Whether two values read from a save are equal; a value that cannot be compared (an
    object whose ``==`` fails) is not equal."""
    try:
        return bool(a == b)
    except Exception:
        return False


__all__ = [
    "MAX_ACTION_TEXT",
    "MAX_HISTORY",
    "MAX_NESTING",
    "MAX_SEED",
    "MAX_TEXT",
    "MAX_VALUES",
    "check_history",
    "check_rng",
    "check_seed",
    "check_text",
    "check_values",
    "read_json",
    "read_save",
    "replay_actions",
    "same_value",
    "short_repr",
]
