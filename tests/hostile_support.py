"""What the games' hostile-input tests share: the junk they throw (any JSON-like value, with
numbers of every size and objects whose ``repr`` or ``__eq__`` fail), their Hypothesis
settings, and the check that an input is either accepted or refused with the game's own
typed error and a short message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
