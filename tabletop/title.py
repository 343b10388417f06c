"""What every title built on one ``Rules`` value shares (``tabletop.protocol.GameTitle``):
the player counts its rules allow and a report of how those rules differ from the printed
game. A game's title subclasses ``RulesTitle`` as a frozen dataclass, giving ``rules`` and
``name`` their defaults and adding ``new``, ``make_bot`` and ``recorder``.

>>> from dataclasses import dataclass
>>> class Printed:
...     player_counts = (2, 3)
...     def changes(self) -> dict[str, int]:
...         return {}
>>> @dataclass(frozen=True)
... class Toy(RulesTitle):
...     name: str = "Toy"
>>> Toy(Printed()).player_counts, Toy(Printed()).describe()
((2, 3), {'game': 'Toy', 'rules': {}})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class TitleRules(Protocol):
    """The part of a game's ``Rules`` a title reads."""

    @property
    def player_counts(self) -> Sequence[int]: ...

    def changes(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class RulesTitle:
    """A game under some ``rules``, called ``name`` in the lab's reports."""

    rules: TitleRules
    name: str

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(self.rules.player_counts)

    def describe(self) -> Mapping[str, Any]:
        return {"game": self.name, "rules": self.rules.changes()}


__all__ = ["RulesTitle", "TitleRules"]
