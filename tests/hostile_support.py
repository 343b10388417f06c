"""What the games' hostile-input tests share: the junk they throw (any JSON-like value, with
numbers of every size and objects whose ``repr`` or ``__eq__`` fail), their Hypothesis
settings, the check that an input is either accepted or refused with the game's own
typed error and a short message, and the bodies of the tests every game runs: a new game and
rules that come back from their saves, the knobs' ranges, a refused text quoted as typed, a
refused action that changes nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

#: The longest message a refusal may print, whatever the size of the input.
MAX_MESSAGE = 600

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Awkward:
    """An object whose repr, str, eq and hash all fail."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")

    def __hash__(self) -> int:
        raise RuntimeError("no hash")


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.binary(max_size=10),
    st.builds(Awkward),
)
json_like = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def refused_or_fine_for(error: type[Exception]) -> Callable[..., Any]:
    """``refused_or_fine(call, *args, **kwargs)`` for a game whose refusals are ``error``:
    what the call returns, or None when it is refused with a message of at most
    ``MAX_MESSAGE`` characters (any other exception fails the test)."""

    def refused_or_fine(call: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return call(*args, **kwargs)
        except error as refused:
            assert str(refused), "an error with no message"
            assert len(str(refused)) <= MAX_MESSAGE, f"a {len(str(refused))}-character message"
            return None

    return refused_or_fine


def answer(call: Any, *args: Any, **kwargs: Any) -> str:
    """What ``call(*args, **kwargs)`` answers: its error's message (any ``ValueError``), or
    ``"fine"``."""
    try:
        call(*args, **kwargs)
    except ValueError as error:
        return str(error)
    return "fine"


def new_game_round_trips(game_type: Any, error: type[Exception], *args: Any, **kwargs: Any) -> None:
    """``game_type.new(*args, **kwargs)`` is refused with ``error`` (``refused_or_fine_for``),
    or it makes a game its save brings back equal."""
    game = refused_or_fine_for(error)(game_type.new, *args, **kwargs)
    if game is not None:
        assert game_type.from_json(game.to_json()) == game


def rules_round_trip(rules_type: Any, error: type[Exception], knobs: dict[str, Any]) -> None:
    """``rules_type(**knobs)`` is refused with ``error``, or it makes hashable rules that
    ``from_changes(rules.changes())`` brings back equal."""
    rules = refused_or_fine_for(error)(rules_type, **knobs)
    if rules is not None:
        assert rules_type.from_changes(rules.changes()) == rules
        hash(rules)


def knob_range_is_kept(
    rules_type: Any, error: type[Exception], knob: str, bounds: tuple[int, int]
) -> None:
    """A whole-number ``knob`` just out of its ``bounds`` (or far out) is refused with
    ``error`` naming the range."""
    low, high = bounds
    for value in (low - 1, high + 1, 10**12):
        with pytest.raises(error, match=f"^{knob} must be .*from {low} to {high}"):
            rules_type(**{knob: value})


def refusal_quotes_what_was_typed(
    parse: Callable[[str], Any], error: type[Exception], text: str, examples: Collection[str]
) -> None:
    """A refusal of ``text`` opens with the text as typed (its case kept), and every other
    word it quotes is part of that text or one of the notation's own ``examples``."""
    try:
        parse(text)
    except error as refused:
        message = str(refused)
        assert message.startswith(f"{text!r} is not an action: "), message
        for quoted in re.findall(r"'([^']*)'", message.split(": ", 1)[1]):
            assert quoted in text or quoted in examples, (
                f"{message!r} quotes {quoted!r}, which {text!r} does not hold"
            )


def refused_play_changes_nothing(
    midgame: Any, error: type[Exception], action: Any, **kwargs: Any
) -> None:
    """``action`` played on a copy of ``midgame`` (``kwargs``: the seat, say) is refused with
    ``error`` in a short message and the game unchanged, or played and can be undone."""
    game = midgame.copy(history=True)
    before = game.to_json()
    try:
        game.play(action, **kwargs)
    except error as refused:
        assert game.to_json() == before
        assert len(str(refused)) <= MAX_MESSAGE
        return
    assert game.can_undo


def action_text_round_trips(action_type: Any, error: type[Exception], text: str) -> None:
    """``text`` is refused with ``error``, or read as an action that its English and its
    French notations both read back to."""
    action = refused_or_fine_for(error)(action_type.parse, text)
    if action is not None:
        assert action_type.parse(str(action)) == action
        assert action_type.parse(action.notation("fr")) == action


def wrong_field_is_named(
    game_type: Any, sound: Any, field: str, value: Any, named: str, error: type[Exception]
) -> None:
    """The staged position ``sound`` with ``field`` set to ``value`` is refused with
    ``error`` naming ``named`` first, in a short message."""
    doc = json.loads(json.dumps(sound))
    doc[field] = value
    with pytest.raises(error) as info:
        game_type.from_json(doc)
    assert info.value.field == named, str(info.value)
    assert str(info.value).startswith(f"{named}: ")
    assert len(str(info.value)) <= MAX_MESSAGE
