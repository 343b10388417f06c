"""A saved game's JSON fields: reading them with their types checked, every problem naming
the field (what each game's position reader, ``carnuta_core.position`` and
``carnival_core.position``, builds on, raising the game's own error), and writing a game's
rules as the fields that differ from the printed game.

>>> class Problem(ValueError):
...     def __init__(self, field, reason):
...         super().__init__(f"{field}: {reason}")
>>> r = FieldReader({"players": 3, "seed": True}, "history.start.", error=Problem)
>>> r.get("players", int), r.get("round", int, 1)
(3, 1)
>>> r.get("seed", int)
Traceback (most recent call last):
...
tabletop.fields.Problem: history.start.seed: should be an int, not True
>>> r.count("players", 3, 2, 2)
Traceback (most recent call last):
...
tabletop.fields.Problem: history.start.players: should be from 2 to 2, not 3
>>> first_difference({"hands": [[1, 2], [3]]}, {"hands": [[1, 2], [3, 4]]}, "position")
'position.hands[1]'
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

from .saves import same_value, short_repr

#: A game's error for a field: called with the field's path and the reason.
FieldError = Callable[[str, str], ValueError]


class FieldReader:
    """Reads the fields of one JSON object (``data``), naming the field of every problem:
    ``prefix`` + the field's name (``"boards[1].hand[0]"``). ``error`` makes the game's own
    exception; ``show`` writes a wrong value into the message (a bounded ``repr``, say)."""

    def __init__(
        self,
        data: Mapping[str, Any],
        prefix: str = "",
        *,
        error: FieldError,
        show: Callable[[Any], str] = repr,
    ):
        self.data = data
        self.prefix = prefix
        self.error = error
        self.show = show

    def fail(self, field: str, message: str) -> ValueError:
        """The game's error naming ``field`` (under the prefix), to raise."""
        return self.error(self.prefix + field, message)

    def get(self, field: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        """The field's value, of type ``kind``; ``default`` when it is left out (without a
        default the field is required)."""
        if field not in self.data:
            if default is ...:
                raise self.fail(field, "is required")
            return default
        return self.check_type(field, self.data[field], kind)

    def check_type(self, field: str, value: Any, kind: type | tuple[type, ...]) -> Any:
        """``value`` if it is a ``kind`` (``True`` is not an ``int`` here), else the error."""
        if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            raise self.fail(field, f"should be {article(names)} {names}, not {self.show(value)}")
        return value

    def count(self, field: str, value: Any, low: int, high: int | None = None) -> int:
        """``value``, a whole number from ``low`` (to ``high``), else the error."""
        self.check_type(field, value, int)
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.fail(field, f"should be {bound}, not {self.show(value)}")
        return int(value)


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (a type's name)."""
    return "an" if word[0] in "aeiou" else "a"


def first_difference(a: Any, b: Any, path: str) -> str:
    """The path of the first place where two JSON values differ (``path`` itself when they
    differ as a whole): where a replayed game leaves the position a save describes."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return path


def check_replay_reaches(
    reached: Mapping[str, Any], given: Mapping[str, Any], error: FieldError
) -> None:
    """Checks that a replayed save's position (``reached``) holds every field the save also
    ``given`` as it is written there; else ``error`` on ``history`` naming the first place
    that differs."""
    for key, value in given.items():
        if not same_value(reached.get(key), value):
            detail = first_difference(reached.get(key), value, key)
            raise error(
                "history", f"replaying the actions does not reach this position ({detail} differs)"
            )


def jsonable(value: Any) -> Any:
    """``value`` with its tuples (nested too) as lists, as JSON writes them."""
    if isinstance(value, tuple):
        return [jsonable(v) for v in value]
    return value


def changed_fields(settings: Any) -> dict[str, Any]:
    """The fields of a dataclass of settings that differ from its defaults (the printed game),
    as JSON-ready values: what a save writes for a game's ``Rules``."""
    default = type(settings)()
    return {
        f.name: jsonable(getattr(settings, f.name))
        for f in fields(settings)
        if getattr(settings, f.name) != getattr(default, f.name)
    }


def knob_problem(names: Iterable[object], known: Sequence[str]) -> str | None:
    """Why a rules knob among ``names`` is not one of ``known``, naming the closest real knobs;
    None when every name is known. Both games word a misspelt knob this way."""
    for name in names:
        if name not in known:
            close = difflib.get_close_matches(str(name), known, n=3)
            hint = (
                f"did you mean {' or '.join(repr(c) for c in close)}?"
                if close
                else f"the knobs are: {', '.join(known)}"
            )
            return f"unknown rules knob {short_repr(name)} ({hint})"
    return None


def knob_changes(changes: Any, settings: Any, error: Callable[[str], ValueError]) -> dict[str, Any]:
    """``changes`` to the dataclass of settings ``settings`` (a ``Rules.from_changes``
    argument) as a new dict, or ``error`` when it is not a dict or names an unknown knob."""
    if not isinstance(changes, dict):
        raise error(f"rules are a dict of knobs to change, not {short_repr(changes)}")
    problem = knob_problem(changes, [f.name for f in fields(settings)])
    if problem:
        raise error(problem)
    return dict(changes)


def settings_from_changes(
    changes: Any,
    kind: Any,
    error: Callable[[str], ValueError],
    read: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> Any:
    """A game's settings (the dataclass ``kind``, as printed) with ``changes`` made (what its
    ``Rules.from_changes`` reads): each knob checked by name (``knob_changes``), then its
    values turned back from JSON by ``read``; a value the dataclass cannot hold (an unhashable
    one, say) is ``error`` too."""
    values = knob_changes(changes, kind, error)
    if read is not None:
        values = read(values)
    try:
        return replace(kind(), **values)
    except TypeError as problem:
        raise error(f"rules could not be read: {short_repr(str(problem))}") from None


def limits_problem(
    settings: Any, limits: Mapping[str, tuple[int, int]], may_be_none: Iterable[str] = ()
) -> str | None:
    """Why a knob of ``settings`` named in ``limits`` is not a whole number from its low to
    its high limit (a knob in ``may_be_none`` may also be None); None when all are."""
    optional = set(may_be_none)
    for name, (low, high) in limits.items():
        value = getattr(settings, name)
        if name in optional and value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return f"{name} must be a whole number from {low} to {high}, not {short_repr(value)}"
    return None


def as_settings(value: Any, kind: Any, printed: Any) -> Any:
    """A game's rules from what a caller gives: None (``printed``, the game as printed), a
    ``kind`` value, or a dict of knobs to change; anything else is ``kind``'s knob error."""
    if value is None:
        return printed
    if isinstance(value, kind):
        return value
    if isinstance(value, Mapping):
        return kind.from_changes(value)
    raise kind.knob_error(
        f"rules should be a {kind.__name__} or a dict of knobs to change, not {short_repr(value)}"
    )


class KnobsByName(type):
    """The metaclass of a game's ``Rules``: knobs are given by name, and a misspelt one is
    refused with the closest names before the dataclass sees it. The class names its error
    (``knob_error``) and an example knob for the message (``knob_example``)."""

    def __call__(cls, *args: Any, **knobs: Any) -> Any:
        error: Callable[[str], ValueError] = getattr(cls, "knob_error")  # noqa: B009
        if args:
            example = getattr(cls, "knob_example")  # noqa: B009
            raise error(f"give rules knobs by name, e.g. {cls.__name__}({example})")
        problem = knob_problem(knobs, [f.name for f in fields(cls)])  # type: ignore[arg-type]
        if problem:
            raise error(problem)
        return super().__call__(**knobs)


__all__ = [
    "FieldError",
    "FieldReader",
    "KnobsByName",
    "article",
    "as_settings",
    "changed_fields",
    "check_replay_reaches",
    "first_difference",
    "jsonable",
    "knob_changes",
    "settings_from_changes",
    "knob_problem",
    "limits_problem",
]
