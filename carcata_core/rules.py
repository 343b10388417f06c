"""Rules as data: the printed game's stated facts, and every reconstruction and ruling a
design class might turn. The defaults are Carcata as printed, with the kit's reconstruction
where the rulebook shows only pictures (``docs/carcata.md``, RULINGS).

>>> Rules().gem_points
(1, 2, 3, 5)
>>> Rules().gems_in_game, Rules().gem_value_in_game
(20, 42)
>>> Rules(catapult_spread=0).changes()
{'catapult_spread': 0}
>>> Rules(die_faces=("move", "move", "lava", "eruption", "statue", "crab"))
Traceback (most recent call last):
...
carcata_core.errors.RulesError: die_faces are six of move, lava, eruption, statue, turtle, not ('move', 'move', 'lava', 'eruption', 'statue', 'crab')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from tabletop.fields import KnobsByName, changed_fields, limits_problem, settings_from_changes
from tabletop.saves import short_repr

from .errors import RulesError

#: The five kinds of die face (the rulebook's MOVEMENT, LAVA, ERUPTION, STATUE and TURTLE).
FACES = ("move", "lava", "eruption", "statue", "turtle")
#: The gem colours, by value order (the rulebook: emerald 1, ruby 2, sapphire 3, diamond 5).
GEM_NAMES = ("emerald", "ruby", "sapphire", "diamond")
#: Whole-number knobs and their ranges (lowest, highest); the highest keep a game's work
#: bounded.
LIMITS: dict[str, tuple[int, int]] = {
    "dice": (1, 8),
    "pawns": (1, 6),
    "statues": (0, 12),
    "lava_tokens": (0, 126),
    "turtle_laps": (1, 6),
    "turtle_riders": (0, 5),
    "rider_points": (0, 6),
}
#: Turtle paths the island can hold: the symbols must share the 36 beach spaces evenly.
TURTLE_SPACES = (6, 9, 12, 18, 36)


@dataclass(frozen=True)
class Rules(metaclass=KnobsByName):
    """The rules of one game. ``Rules()`` is Carcata as printed (with the reconstruction)."""

    knob_error: ClassVar[type[RulesError]] = RulesError
    knob_example: ClassVar[str] = "catapult_spread=0.5"

    #: Stated: 5 dice. Reconstructed: each die's six faces (two movements, one of each other).
    dice: int = 5
    die_faces: tuple[str, ...] = ("move", "move", "lava", "eruption", "statue", "turtle")
    #: Stated: 5 tribe pawns per player.
    pawns: int = 5
    #: Stated: 20 gems in 4 colours. Reconstructed: how many of each (8 emeralds, 6 rubies,
    #: 4 sapphires, 2 diamonds); their points are stated (1, 2, 3, 5).
    gems: tuple[int, ...] = (8, 6, 4, 2)
    gem_points: tuple[int, ...] = (1, 2, 3, 5)
    #: Stated: 4 statues, 60 lava tokens.
    statues: int = 4
    lava_tokens: int = 60
    #: Reconstructed: the symbols on the Turtle's path around the island (12), each next to
    #: three beach spaces; stated: the island wins after 2 laps.
    turtle_spaces: int = 12
    turtle_laps: int = 2
    #: Ruling: how many pawns the Turtle carries at once (1: it is used "as if it were a
    #: space"), and what a pawn still riding at the end scores (0: it is not on the island).
    turtle_riders: int = 1
    rider_points: int = 0
    #: The catapult model: the spread of a throw around its aim, in spaces (a steady hand is
    #: a small spread; 0 always lands on the aim). A throw lands ``k`` spaces from the aim
    #: with weight ``exp(-k**2 / (2 * spread**2))`` times the ``6k`` spaces at that distance,
    #: uniformly among them, out to ``3 * spread`` (at most 6).
    catapult_spread: float = 0.8
    #: The catapult model: the chance that a gem stopping on a pawn's space touches the pawn
    #: (and removes it); otherwise the pawn's owner wins the gem.
    touch_chance: Fraction = Fraction(1, 2)
    #: Ruling: the island still in one piece is not a closed territory (no lava flow cuts it
    #: yet), so its loose gems score for nobody. True: it counts as one territory.
    whole_island_scores: bool = False
    #: Ruling: a lava flow that would reach an older flow stops against it (the tokens left
    #: are lost). "join": it may continue from that older token in its own direction, as if
    #: a new flow started there (it still counts as the turn's one flow).
    meeting_flows: str = "stop"
    #: Ruling: tied players are split by surviving pawns, then share the win.
    tie_break_pawns: bool = True

    def __post_init__(self) -> None:
        for name in ("die_faces", "gems", "gem_points"):
            value = getattr(self, name)
            if isinstance(value, list) and len(value) <= 12:
                object.__setattr__(self, name, tuple(value))
        if (
            isinstance(self.touch_chance, (int, float))
            and not isinstance(self.touch_chance, bool)
            and 0 <= self.touch_chance <= 1
        ):
            object.__setattr__(
                self, "touch_chance", Fraction(self.touch_chance).limit_denominator(1000)
            )
        problem = self._problem()
        if problem:
            raise RulesError(problem)

    def _problem(self) -> str | None:
        problem = limits_problem(self, LIMITS)
        if problem:
            return problem
        faces = self.die_faces
        if (
            not isinstance(faces, tuple)
            or len(faces) != 6
            or any(not isinstance(f, str) or f not in FACES for f in faces)
        ):
            return f"die_faces are six of {', '.join(FACES)}, not {short_repr(faces)}"
        if "turtle" not in faces:
            # Without a Turtle face no die ever locks: a turn could be rerolled for ever.
            return "die_faces need a turtle face: it is what ends a run of rerolls"
        for name in ("gems", "gem_points"):
            value = getattr(self, name)
            if (
                not isinstance(value, tuple)
                or len(value) != len(GEM_NAMES)
                or any(
                    isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 20 for v in value
                )
            ):
                return f"{name} gives one whole number from 0 to 20 per colour, not {short_repr(value)}"
        # Types first: an object's own == is never asked (it may fail).
        spaces = self.turtle_spaces
        if type(spaces) is not int or spaces not in TURTLE_SPACES:
            return (
                f"turtle_spaces must be one of {', '.join(map(str, TURTLE_SPACES))}, "
                f"not {short_repr(self.turtle_spaces)}"
            )
        spread = self.catapult_spread
        if isinstance(spread, bool) or not isinstance(spread, (int, float)) or not 0 <= spread <= 2:
            return f"catapult_spread must be a number from 0 to 2, not {short_repr(spread)}"
        chance = self.touch_chance
        if not isinstance(chance, Fraction) or not 0 <= chance <= 1:
            return f"touch_chance must be a number from 0 to 1, not {short_repr(chance)}"
        for name in ("whole_island_scores", "tie_break_pawns"):
            if not isinstance(getattr(self, name), bool):
                return f"{name} must be True or False, not {short_repr(getattr(self, name))}"
        if not isinstance(self.meeting_flows, str) or self.meeting_flows not in ("stop", "join"):
            return f"meeting_flows must be 'stop' or 'join', not {short_repr(self.meeting_flows)}"
        return None

    @property
    def player_counts(self) -> tuple[int, ...]:
        return (2, 3, 4)

    @property
    def gems_in_game(self) -> int:
        return sum(self.gems)

    @property
    def gem_value_in_game(self) -> int:
        return sum(n * p for n, p in zip(self.gems, self.gem_points, strict=True))

    @property
    def face_counts(self) -> dict[str, int]:
        """How many faces of each kind one die has."""
        counts = Counter(self.die_faces)
        return {face: counts[face] for face in FACES}

    def face_chance(self, face: str) -> Fraction:
        """The chance that one die shows ``face``."""
        return Fraction(self.face_counts[face], 6)

    @property
    def turtle_steps_to_end(self) -> int:
        """Turtle faces that end the game for the island: laps times symbols (24)."""
        return self.turtle_laps * self.turtle_spaces

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the printed game, as JSON-ready values."""
        found = changed_fields(self)
        if "touch_chance" in found:
            found["touch_chance"] = str(self.touch_chance)
        return found

    @staticmethod
    def from_changes(changes: Any) -> Rules:
        """The inverse of ``changes()``; an unknown knob is a ``RulesError`` naming it."""
        rules: Rules = settings_from_changes(changes, Rules, RulesError, _read_chance)
        return rules


def _read_chance(values: dict[str, Any]) -> dict[str, Any]:
    """``touch_chance`` as ``changes()`` writes it (a string, ``"1/3"``) read as a Fraction."""
    chance = values.get("touch_chance")
    if isinstance(chance, str):
        try:
            values["touch_chance"] = Fraction(chance)
        except (ValueError, ZeroDivisionError):
            raise RulesError(
                f"touch_chance must be a number from 0 to 1, not {short_repr(chance)}"
            ) from None
    return values


__all__ = ["FACES", "GEM_NAMES", "Rules"]
