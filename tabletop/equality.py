"""Games equal by their positions: two games of one class are equal exactly when they stand
at the same position (whatever their histories), compared as canonical JSON text. A game
changes as it is played, so it has no hash.

>>> class Counter(ComparedByPosition):
...     def __init__(self, n: int):
...         self.n = n
...     def position(self) -> dict[str, int]:
...         return {"n": self.n}
>>> Counter(1) == Counter(1), Counter(1) == Counter(2), Counter(1).state_key()
(True, False, '{"n": 1}')
"""

from __future__ import annotations

import json
from typing import Any


class ComparedByPosition:
    """Equality and ``state_key`` for a game class with a ``position()``: a JSON-ready dict
    of the position now."""

    __slots__ = ()

    def position(self) -> dict[str, Any]:
        raise NotImplementedError

    def state_key(self) -> str:
        """A canonical text of the whole state (for equality tests and caches)."""
        return json.dumps(self.position(), sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]


__all__ = ["ComparedByPosition"]
