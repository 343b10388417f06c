"""Rules as data: every knob a game-design class might turn. The defaults are the real game.

Every knob is checked when a ``Rules`` is made: a wrong type, a value out of its range
(``LIMITS``), settings that contradict each other, or a misspelt name is a ``RulesError``
naming the knob (and, for a misspelling, the closest real names). Lists are accepted where
the knob holds a sequence and stored as tuples, so rules can be compared and hashed.

>>> Rules(hand_limt=4)
Traceback (most recent call last):
...
carnuta_core.errors.RulesError: unknown rules knob 'hand_limt' (did you mean 'hand_limit'?)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property
from itertools import islice
from typing import Any, ClassVar, Literal

from tabletop.fields import KnobsByName, changed_fields, jsonable, knob_problem, limits_problem

from .errors import RulesError, short_repr

FlipMode = Literal["all", "any"]

#: The range of every whole-number knob: (lowest, highest). The highest values keep the work
#: of one game bounded (boards, markets and turns of a sensible size).
LIMITS: dict[str, tuple[int, int]] = {
    "actions_per_turn": (1, 20),
    "hand_limit": (0, 50),
    "end_trigger": (2, 100),
    "counter_max": (2, 100),
    "rune_spaces": (1, 20),
    "open_spaces": (0, 20),
    "starting_suns": (0, 20),
    "starting_moons": (0, 20),
    "sickles": (0, 20),
    "market_row_size": (1, 16),
    "stalemate_rounds": (1, 1000),
    "catch_up_runes": (0, 20),
}
#: Players a game may have, and runes of each face a reserve may hold.
PLAYERS = (1, 8)
RESERVE = (0, 100)


def check_knob_names(knobs: Mapping[str, Any]) -> None:
    """A ``RulesError`` naming the first unknown knob and the closest real ones."""
    problem = knob_problem(knobs, [f.name for f in fields(Rules)])
    if problem:
        raise RulesError(problem)


@dataclass(frozen=True)
class Rules(metaclass=KnobsByName):
    """The rules of one game. ``Rules()`` is Carnuta as printed; change fields to experiment.

    >>> Rules().actions_per_turn
    2
    >>> Rules(hand_limit=4).hand_limit
    4
    """

    #: How ``KnobsByName`` answers a misspelt or positional knob.
    knob_error: ClassVar[type[RulesError]] = RulesError
    knob_example: ClassVar[str] = "hand_limit=4"
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
    #: Ruling (choice): a game in which no card is played for this many rounds in a row ends
    #: at the end of that round, scored as it stands; ``None``: never. Nothing in the rulebook
    #: forces progress, and some rule changes (no runes, a tiny deck) give games that could
    #: go on forever; 40 rounds is far beyond any real game's idle stretch (random players
    #: reach 17).
    stalemate_rounds: int | None = 40
    #: Variant (a catch-up mechanism, not in the rulebook): when the turn passes to a player
    #: whose score is strictly below every other player's, that player first takes up to this
    #: many runes from the reserve onto empty open spaces, of the face the reserve holds more
    #: of (Moons on a tie); 0: never (the rulebook).
    catch_up_runes: int = 0

    def __post_init__(self) -> None:
        for name in ("unlock_levels", "bonus_levels"):
            object.__setattr__(self, name, _int_tuple(name, getattr(self, name)))
        object.__setattr__(self, "reserve_per_face", _reserve_table(self.reserve_per_face))
        problem = self._problem()
        if problem:
            raise RulesError(problem)

    def _problem(self) -> str | None:
        problem = limits_problem(self, LIMITS, may_be_none=["stalemate_rounds"])
        if problem:
            return problem
        for name in ("final_extra_round", "allow_null_actions", "salt_on_salt"):
            if not isinstance(getattr(self, name), bool):
                return f"{name} must be True or False, not {short_repr(getattr(self, name))}"
        if not isinstance(self.flip_mode, str) or self.flip_mode not in ("all", "any"):
            return f"flip_mode must be 'all' or 'any', not {short_repr(self.flip_mode)}"
        if self.open_spaces > self.rune_spaces:
            return f"open_spaces ({self.open_spaces}) exceeds rune_spaces ({self.rune_spaces})"
        if len(self.unlock_levels) != self.rune_spaces - self.open_spaces:
            return (
                f"unlock_levels needs one level per locked space: "
                f"{self.rune_spaces - self.open_spaces} locked, {len(self.unlock_levels)} levels"
            )
        for name in ("unlock_levels", "bonus_levels"):
            levels = getattr(self, name)
            if any(not 2 <= v <= self.counter_max for v in levels):
                return f"{name} must lie between 2 and counter_max ({self.counter_max}): {levels}"
            if list(levels) != sorted(set(levels)):
                return f"{name} must be increasing with no repeats: {levels}"
        if self.starting_suns + self.starting_moons > self.open_spaces:
            return (
                f"the starting runes ({self.starting_suns} Suns, {self.starting_moons} Moons) do "
                f"not fit on the {self.open_spaces} open spaces"
            )
        if self.end_trigger > self.counter_max:
            return f"end_trigger ({self.end_trigger}) cannot be beyond counter_max ({self.counter_max})"
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
        return changed_fields(self)

    @staticmethod
    def from_changes(changes: Mapping[str, Any]) -> Rules:
        """The inverse of ``changes()``: Carnuta as printed, with these knobs changed.
        Anything but a mapping of knob names, or a bad knob, is a ``RulesError``."""
        if not isinstance(changes, Mapping):
            raise RulesError(
                f"rules changes are a dict of knobs, like {{'hand_limit': 4}}, not {short_repr(changes)}"
            )
        check_knob_names(changes)
        return replace(Rules(), **dict(changes))

    def as_dict(self) -> dict[str, Any]:
        return {k: jsonable(v) for k, v in asdict(self).items()}


def _items(value: Any, limit: int) -> tuple[Any, ...] | None:
    """The first ``limit + 1`` items of a sequence-like value, or ``None`` for anything else."""
    if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__iter__"):
        return None
    try:
        return tuple(islice(value, limit + 1))
    except Exception:  # an iterable that fails while iterating is not a list of knobs
        return None


def _int_tuple(name: str, value: Any) -> tuple[int, ...]:
    items = _items(value, 100)
    if (
        items is None
        or len(items) > 100
        or any(isinstance(v, bool) or not isinstance(v, int) for v in items)
    ):
        raise RulesError(f"{name} must be a list of whole numbers, not {short_repr(value)}")
    return items


def _reserve_table(value: Any) -> tuple[tuple[int, int], ...]:
    """``reserve_per_face`` as ((players, runes of each face), ...), checked."""
    what = "reserve_per_face lists (players, runes of each face) pairs, like ((2, 1), (3, 2))"
    table = _items(value, PLAYERS[1])
    if table is None:
        raise RulesError(f"{what}, not {short_repr(value)}")
    rows = []
    for entry in table:
        pair = _items(entry, 2)
        if (
            pair is None
            or len(pair) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in pair)
        ):
            raise RulesError(f"{what}, not {short_repr(entry)}")
        players, per_face = pair
        if not PLAYERS[0] <= players <= PLAYERS[1] or not RESERVE[0] <= per_face <= RESERVE[1]:
            raise RulesError(
                f"reserve_per_face: {pair!r} should have {PLAYERS[0]} to {PLAYERS[1]} players "
                f"and {RESERVE[0]} to {RESERVE[1]} runes of each face"
            )
        rows.append((players, per_face))
        if len(rows) > PLAYERS[1]:
            raise RulesError(f"{what}: one pair per player count, at most {PLAYERS[1]}")
    counts = [p for p, _ in rows]
    if not rows or counts != sorted(set(counts)):
        raise RulesError(f"{what}, one per player count in increasing order: {short_repr(value)}")
    return tuple(rows)
