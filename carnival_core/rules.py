"""Rules as data: every knob a game-design class might turn. The defaults are Carnival as printed.

Some fields are rulings where the rulebook is silent (see ``docs/carnival.md``, RULINGS); the
last two describe what a seat remembers, for observations and resampling of hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Literal

from tabletop.fields import KnobsByName, changed_fields, settings_from_changes
from tabletop.saves import short_repr

from .errors import RulesError

LoneMask = Literal["stuck", "always"]
LONE_MASK_CHOICES = ("stuck", "always")
#: Creature types are named by colour (the rulebook names none); the letter starts a card id.
CREATURE_NAMES = ("red", "yellow", "green", "blue", "purple", "orange", "white", "black")
LETTERS = "RYGBPOWK"
MAX_PLAYERS = 8
#: The range of every whole-number knob: (lowest, highest). The highest values keep the work
#: of one game bounded: at most 8 types of 40 cards and 100 Masks, so a round has at most 420
#: turns, and a game at most 20 rounds.
LIMITS: dict[str, tuple[int, int]] = {
    "creature_types": (1, len(LETTERS)),
    "masks": (0, 100),
    "masks_dealt": (0, 10),
    "rounds": (1, 20),
    "carnival_memory": (0, 500),
}
#: How many cards of each Creature type ``values`` may list, and the range of each value.
VALUES_PER_TYPE = (1, 40)
VALUE_RANGE = (-100, 100)
#: The most cards a setup table (``discard_by_players``, ``deal_by_players``) may name.
MAX_TABLE_CARDS = 1000


@dataclass(frozen=True)
class Rules(metaclass=KnobsByName):
    """The rules of one game. ``Rules()`` is Carnival as printed; change fields to experiment.

    >>> Rules().cards_in_game
    79
    >>> Rules().deck_after_setup(4)
    32
    >>> Rules(younger_players=True).changes()
    {'younger_players': True}
    """

    #: How ``KnobsByName`` answers a misspelt or positional knob.
    knob_error: ClassVar[type[RulesError]] = RulesError
    knob_example: ClassVar[str] = "rounds=3"
    #: Creature types (5), each a colour: red, yellow, green, blue, purple.
    creature_types: int = 5
    #: The cards of each Creature type, by value: 1 to 6 twice each, then -2 and -4.
    values: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, -2, -4)
    #: Mask cards in the box (9).
    masks: int = 9
    #: Masks dealt to each player before the shuffle (1); the rest go into the deck.
    masks_dealt: int = 1
    #: Cards discarded at random at setup, by player count (2: 38 ... 6: 0).
    discard_by_players: tuple[tuple[int, int], ...] = ((2, 38), (3, 21), (4, 14), (5, 8), (6, 0))
    #: Cards dealt to each player after their Mask, by player count (2: 9 ... 6: 5).
    deal_by_players: tuple[tuple[int, int], ...] = ((2, 9), (3, 8), (4, 7), (5, 6), (6, 5))
    #: Rounds in a game (2); scores add up over the rounds.
    rounds: int = 2
    #: The variant For Younger Players: no card is played in front of another player.
    younger_players: bool = False
    #: Creatures are happy only with strictly more in the Carnival (the rulebook). True: a tie
    #: makes them happy too.
    happy_on_tie: bool = False
    #: A happy type whose Spectator sum is negative loses points (the rulebook). False: it
    #: scores 0.
    negative_sums_score: bool = True
    #: At the round's end the Creatures left in hand join their owner's Spectators (the
    #: rulebook). False: they are put aside and score nothing.
    hands_join_spectators: bool = True
    #: Ruling: a Creature hidden under a Mask in the Carnival stack counts for the Carnival at
    #: the reveal (only the Mask cards are put aside). False: it is put aside with its Mask.
    masked_carnival_counts: bool = True
    #: Ruling: "stuck" - a Mask may be played hiding nothing only when the hand holds no
    #: Creature to slide under it; "always" - a Mask may be played alone at any time.
    lone_mask: LoneMask = "stuck"
    #: Ties on total points go to the most scoring cards in the last round (the rulebook).
    #: False: a tie on points is shared at once.
    tie_break_scoring_cards: bool = True
    #: Memory: face-up cards of the Carnival stack a seat remembers under the top card.
    #: None: all of them; 0: only the top card shows; k: the top card and the k beneath it.
    carnival_memory: int | None = None
    #: Memory: a seat remembers the Creatures it slid under its own Masks. The rulebook forbids
    #: looking again, so by default a seat does not know them either.
    remember_own_masks: bool = False

    def __post_init__(self) -> None:
        # Lists are accepted where a knob holds a sequence, and kept as tuples (hashable).
        for name in ("values", "discard_by_players", "deal_by_players"):
            value = getattr(self, name)
            if isinstance(value, list) and len(value) <= MAX_TABLE_CARDS:
                rows = [tuple(row) if isinstance(row, list) else row for row in value]
                object.__setattr__(self, name, tuple(rows))
        problem = self._problem()
        if problem:
            raise RulesError(problem)

    def _problem(self) -> str | None:
        for name, (low, high) in LIMITS.items():
            value = getattr(self, name)
            if name == "carnival_memory" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                none = "None or " if name == "carnival_memory" else ""
                return (
                    f"{name} must be {none}a whole number from {low} to {high}, "
                    f"not {short_repr(value)}"
                )
        low, high = VALUES_PER_TYPE
        if not isinstance(self.values, tuple) or not low <= len(self.values) <= high:
            return (
                f"values lists the {low} to {high} cards of each Creature type by value, "
                f"e.g. (1, 1, 2, 2), not {short_repr(self.values)}"
            )
        low, high = VALUE_RANGE
        if any(
            isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high
            for v in self.values
        ):
            return (
                f"values must be whole numbers from {low} to {high}, not {short_repr(self.values)}"
            )
        if len(set(self.values)) * self.creature_types > 120:
            return "too many different cards: at most 120 Creature kinds"
        for name in ("younger_players", "happy_on_tie", "negative_sums_score",
                     "hands_join_spectators", "masked_carnival_counts",
                     "tie_break_scoring_cards", "remember_own_masks"):  # fmt: skip
            if not isinstance(getattr(self, name), bool):
                return f"{name} must be True or False, not {short_repr(getattr(self, name))}"
        if not isinstance(self.lone_mask, str) or self.lone_mask not in LONE_MASK_CHOICES:
            return f"lone_mask must be 'stuck' or 'always', not {short_repr(self.lone_mask)}"
        tables = (self.discard_by_players, self.deal_by_players)
        for name, table in zip(("discard_by_players", "deal_by_players"), tables, strict=True):
            if not isinstance(table, tuple) or not table or any(
                not isinstance(row, tuple) or len(row) != 2 or not all(
                    isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_TABLE_CARDS
                    for x in row)
                for row in table
            ) or len(table) > MAX_PLAYERS:  # fmt: skip
                return (
                    f"{name} lists (players, cards) pairs of whole numbers from 0 to "
                    f"{MAX_TABLE_CARDS}, not {short_repr(table)}"
                )
            counts = [p for p, _ in table]
            if counts != sorted(set(counts)) or counts[0] < 2 or counts[-1] > MAX_PLAYERS:
                return f"{name} lists player counts from 2 to {MAX_PLAYERS}, increasing"
        if [p for p, _ in self.discard_by_players] != [p for p, _ in self.deal_by_players]:
            return "discard_by_players and deal_by_players must cover the same player counts"
        for players in self.player_counts:
            if self.masks < players * self.masks_dealt:
                return f"{self.masks} Masks cannot deal {self.masks_dealt} to each of {players}"
            left = self.deck_after_setup(players)
            if left < 1:
                return (
                    f"with {players} players the setup leaves {left} cards to draw: the "
                    "Carnival stack takes one card and the first player must draw one"
                )
        return None

    @cached_property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(p for p, _ in self.deal_by_players)

    @property
    def creature_names(self) -> tuple[str, ...]:
        return CREATURE_NAMES[: self.creature_types]

    @property
    def cards_in_game(self) -> int:
        """Every card in the box: Creatures and Masks (79)."""
        return self.creature_types * len(self.values) + self.masks

    def _lookup(self, table: tuple[tuple[int, int], ...], players: int) -> int:
        for count, cards in table:
            if count == players:
                return cards
        counts = ", ".join(map(str, self.player_counts))
        raise RulesError(f"these rules are for {counts} players, not {players!r}")

    def discard_for(self, players: int) -> int:
        """Cards discarded at random at setup."""
        return self._lookup(self.discard_by_players, players)

    def deal_for(self, players: int) -> int:
        """Cards dealt to each player after their Masks."""
        return self._lookup(self.deal_by_players, players)

    def hand_at_setup(self, players: int) -> int:
        """Cards in each hand after the deal: the Masks dealt plus the table's count."""
        return self.masks_dealt + self.deal_for(players)

    def deck_after_setup(self, players: int) -> int:
        """Cards left to draw once the deal is done and the Carnival stack has its first card."""
        dealt = players * self.hand_at_setup(players)
        return self.cards_in_game - self.discard_for(players) - dealt - 1

    def changes(self) -> dict[str, Any]:
        """The fields that differ from the printed game, as JSON-ready values."""
        return changed_fields(self)

    @staticmethod
    def from_changes(changes: Any) -> Rules:
        """The inverse of ``changes()``: a dict of knobs (JSON lists allowed for the tables);
        an unknown knob is a ``RulesError`` naming it and the closest real ones."""
        rules: Rules = settings_from_changes(changes, Rules, RulesError, _read_tables)
        return rules


def _read_tables(values: dict[str, Any]) -> dict[str, Any]:
    """The tables ``changes()`` writes as JSON lists, as the tuples the rules hold."""
    for name, value in values.items():
        if name in ("discard_by_players", "deal_by_players") and isinstance(value, list):
            value = tuple(tuple(row) if isinstance(row, list) else row for row in value)
        elif name == "values" and isinstance(value, list):
            value = tuple(value)
        values[name] = value
    return values
