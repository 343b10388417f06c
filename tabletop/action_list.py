"""A list of actions that also answers ``in`` for an action's notation text: what each game's
``legal_actions()`` returns (``"take day 2" in game.legal_actions()``).

>>> class Words(ActionList[str]):
...     parse = staticmethod(str.upper)
>>> "b" in Words(["A", "B"]), "c" in Words(["A", "B"])
(True, False)
"""

from __future__ import annotations

from typing import Any, TypeVar

A = TypeVar("A")


class ActionList(list[A]):
    """A list of a game's actions. ``parse`` is the game's notation reader: text it refuses
    (a ``ValueError``) is in no list."""

    __slots__ = ()

    @staticmethod
    def parse(text: str) -> Any:
        """The game's notation reader: each game's list sets its own."""
        raise NotImplementedError

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = self.parse(item)
            except ValueError:
                return False
        return list.__contains__(self, item)
