"""Rules as data: every knob a game-design class might turn. The defaults are the real game."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property
from typing import Any, Literal

from .errors import RulesError

FlipMode = Literal["all", "any"]


@dataclass(frozen=True)
class Rules:
    """The rules of one game. ``Rules()`` is Carnuta as printed; change fields to experiment.

    >>> Rules().actions_per_turn
    2
    >>> Rules(hand_limit=4).hand_limit
    4
    >>> Rules(hand_limt=5)
    Traceback (most recent call last):
    ...
    carnuta_core.errors.RulesError: unknown rule knob 'hand_limt': did you mean 'hand_limit'? (the knobs: actions_per_turn, hand_limit, end_trigger, counter_max, rune_spaces, open_spaces, unlock_levels, bonus_levels, starting_suns, starting_moons, reserve_per_face, sickles, market_row_size, final_extra_round, allow_null_actions, flip_mode, salt_on_salt)
    """

    def __new__(cls, *args: Any, **knobs: Any) -> Rules:
        # A misspelt knob is refused here, by name and with the closest ones, before the
        # dataclass's own __init__ would raise a bare TypeError.
        unknown_knobs(knobs)
        return super().__new__(cls)

    #: Actions a player takes each turn (the rulebook: 2).
    actions_per_turn: int = 2
    #: Cards a player may keep in hand at the end of their turn (3).
    hand_limit: int = 3
    #: Playing this many cards triggers the end of the game (11).
    end_trigger: int = 11
    #: The last space of the counter track (11); more cards may be played past it.
    counter_max: int = 11
    #: Rune spaces on a board (6).
    rune_spaces: int = 6
    #: Rune spaces open at the start; the rest carry Padlocks (4).
    open_spaces: int = 4
    #: Counter spaces that remove a Padlock, one per locked space (4 and 8).
    unlock_levels: tuple[int, ...] = (4, 8)
    #: Counter spaces that give a Bonus Ingredient token (6 and 10).
    bonus_levels: tuple[int, ...] = (6, 10)
    #: Runes each player starts with, Sun side up and Moon side up (2 and 2).
    starting_suns: int = 2
    starting_moons: int = 2
    #: Reserve per face for 2, 3 and 4 players (1, 2, 3 of each face).
    reserve_per_face: tuple[tuple[int, int], ...] = ((2, 1), (3, 2), (4, 3))
    #: Sickle tokens each player starts with (2).
    sickles: int = 2
    #: Face-up cards in each market row (4 Day and 4 Night).
    market_row_size: int = 4
    #: After the end is triggered, the round is finished and then every player takes one more
    #: turn (the rulebook). False: the game ends when the round is finished.
    final_extra_round: bool = True
    #: Ruling (choice): an action that would change nothing (taking runes when none can move,
    #: flipping when all already match) is not legal.
    allow_null_actions: bool = False
    #: Ruling (choice): "all" - Flip Runes turns every rune to the chosen face (the rulebook, in
    #: both languages); "any" - flip any number of runes of one face (Board Game Arena's help).
    flip_mode: FlipMode = "all"
    #: Ruling (choice): a Salt may only be stacked on an ingredient card, not on another Salt.
    salt_on_salt: bool = False

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem:
            raise RulesError(problem)

    def _problem(self) -> str | None:
        counts = {
            "actions_per_turn": self.actions_per_turn,
            "hand_limit": self.hand_limit,
            "end_trigger": self.end_trigger,
            "counter_max": self.counter_max,
            "rune_spaces": self.rune_spaces,
            "market_row_size": self.market_row_size,
        }
        for name, value in counts.items():
            if not isinstance(value, int) or value < 1:
                return f"{name} must be a whole number of at least 1, not {value!r}"
        for name in ("open_spaces", "starting_suns", "starting_moons", "sickles"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                return f"{name} must be a whole number of at least 0, not {value!r}"
        if self.open_spaces > self.rune_spaces:
            return f"open_spaces ({self.open_spaces}) exceeds rune_spaces ({self.rune_spaces})"
        if len(self.unlock_levels) != self.rune_spaces - self.open_spaces:
            return (
                f"unlock_levels needs one level per locked space: "
                f"{self.rune_spaces - self.open_spaces} locked, {len(self.unlock_levels)} levels"
            )
        for name in ("unlock_levels", "bonus_levels"):
            levels = getattr(self, name)
            if any(not isinstance(v, int) or not 2 <= v <= self.counter_max for v in levels):
                return f"{name} must lie between 2 and counter_max ({self.counter_max})"
            if list(levels) != sorted(set(levels)):
                return f"{name} must be increasing with no repeats: {levels}"
        if self.starting_suns + self.starting_moons > self.open_spaces:
            return "the starting runes do not fit on the open spaces"
        if self.end_trigger > self.counter_max:
            return "end_trigger cannot be beyond counter_max"
        if self.flip_mode not in ("all", "any"):
            return f"flip_mode must be 'all' or 'any', not {self.flip_mode!r}"
        players = [p for p, _ in self.reserve_per_face]
        if sorted(players) != players or any(n < 0 for _, n in self.reserve_per_face):
            return "reserve_per_face lists (players, runes of each face) by player count"
        return None

    # ------------------------------------------------------------ the counter track
    def counter_after(self, cards_played: int) -> int:
        """Where the counter stands with ``cards_played`` cards in front of a player: one space
        a card, stopping on ``counter_max`` (more cards may be played past it).

        >>> Rules().counter_after(5), Rules().counter_after(13)
        (5, 11)
        """
        return cards_played if cards_played < self.counter_max else self.counter_max

    @cached_property
    def _open_by_counter(self) -> tuple[int, ...]:
        return tuple(
            self.open_spaces + sum(1 for level in self.unlock_levels if level <= counter)
            for counter in range(self.counter_max + 1)
        )

    def open_spaces_at(self, counter: int) -> int:
        """Rune spaces open (no Padlock) with the counter on ``counter``.

        >>> [Rules().open_spaces_at(c) for c in (1, 3, 4, 7, 8, 11)]
        [4, 4, 5, 5, 6, 6]
        """
        return self._open_by_counter[counter]

    def locked_spaces_at(self, counter: int) -> int:
        """Rune spaces still under a Padlock with the counter on ``counter``."""
        return self.rune_spaces - self._open_by_counter[counter]

    def unlocks_at(self, counter: int) -> bool:
        """Whether reaching ``counter`` removes a Padlock (4 and 8 in the real game)."""
        return counter in self.unlock_levels

    def bonus_at(self, counter: int) -> bool:
        """Whether reaching ``counter`` gives a Bonus Ingredient token (6 and 10)."""
        return counter in self.bonus_levels

    def bonuses_earned(self, counter: int) -> int:
        """Bonus spaces passed with the counter on ``counter``: the most tokens a player holds."""
        return sum(1 for level in self.bonus_levels if level <= counter)

    def next_unlock(self, locked: int) -> int | None:
        """The counter level that removes the next Padlock of a board with ``locked`` Padlocks.

        >>> Rules().next_unlock(2), Rules().next_unlock(1), Rules().next_unlock(0)
        (4, 8, None)
        """
        levels = self.unlock_levels
        return levels[len(levels) - locked] if 0 < locked <= len(levels) else None

    def counter_for_open_spaces(self, open_spaces: int) -> int | None:
        """The lowest counter (at least 1) that gives ``open_spaces`` open spaces, or ``None``."""
        for counter in range(1, self.counter_max + 1):
            if self._open_by_counter[counter] == open_spaces:
                return counter
        return None

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(p for p, _ in self.reserve_per_face)

    def reserve_for(self, players: int) -> int:
        """Runes of each face in the reserve at the start of a game of ``players``."""
        for count, per_face in self.reserve_per_face:
            if count == players:
                return per_face
        raise RulesError(
            f"these rules are for {', '.join(map(str, self.player_counts))} players, not {players}"
        )

    def total_runes(self, players: int) -> int:
        """Runes in play for a game of ``players``: boards plus reserve, constant all game."""
        return players * (self.starting_suns + self.starting_moons) + 2 * self.reserve_for(players)

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the real game, as JSON-ready values."""
        default = Rules()
        return {
            f.name: _jsonable(getattr(self, f.name))
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    @staticmethod
    def from_changes(changes: dict[str, Any]) -> Rules:
        """The inverse of ``changes()``; unknown fields are a ``RulesError`` naming them and
        the closest knobs."""
        unknown_knobs(changes)
        values: dict[str, Any] = {}
        for name, value in changes.items():
            if name == "reserve_per_face":
                value = tuple(tuple(pair) for pair in value)
            elif name in ("unlock_levels", "bonus_levels"):
                value = tuple(value)
            values[name] = value
        return replace(Rules(), **values)

    def as_dict(self) -> dict[str, Any]:
        return {k: _jsonable(v) for k, v in asdict(self).items()}


def unknown_knobs(names: Iterable[str]) -> None:
    """Refuse names that are not ``Rules`` knobs: a ``RulesError`` naming each one with the
    closest knobs (``hand_limt``: did you mean ``hand_limit``?) and listing them all."""
    knobs = [f.name for f in fields(Rules)]
    problems = []
    for name in names:
        if name in knobs:
            continue
        close = difflib.get_close_matches(str(name), knobs, n=3, cutoff=0.6)
        guess = f": did you mean {' or '.join(map(repr, close))}?" if close else ""
        problems.append(f"unknown rule knob {name!r}{guess}")
    if problems:
        raise RulesError(f"{'; '.join(problems)} (the knobs: {', '.join(knobs)})")


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value
