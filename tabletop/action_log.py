"""A game's action log as a persistent linked list: ``(earlier entries, seat, action)``, or
``None`` before the first action.

Appending makes a new node and copies of a state share the old ones, so copying a state is
O(1) in the length of the game; reading the log in order (``log_entries``) walks it once.

>>> node: LogNode = None
>>> for seat, action in [(0, "flip sun"), (1, "take day 1")]:
...     node = (node, seat, action)
>>> log_entries(node)
((0, 'flip sun'), (1, 'take day 1'))
"""

from __future__ import annotations

from typing import Any

LogNode = tuple[Any, int, Any] | None


def log_entries(node: LogNode) -> tuple[tuple[int, Any], ...]:
    """Every ``(seat, action)`` of the log ending at ``node``, first played first."""
    entries: list[tuple[int, Any]] = []
    while node is not None:
        node, seat, action = node
        entries.append((seat, action))
    entries.reverse()
    return tuple(entries)


__all__ = ["LogNode", "log_entries"]
