"""Rune states: what one board shows (Suns, Moons, empty open spaces, Padlocks), optionally
joined with the reserve, and paying a cost or opening a Padlock from one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Union

from .. import runes
from ..cards import Card, CostIcon, format_cost, parse_cost
from ..errors import DeckError, PositionError
from ..model import Face
from ..rules import Rules

if TYPE_CHECKING:
    from ..game import Game

#: A card cost: the tuple of its rune icons (``parse_cost("flip moon, return moon")``).
Cost = tuple[CostIcon, ...]
#: What ``actions_to_afford`` and the tables accept as a cost.
CostLike = Union[Card, Cost, str]

SUN, MOON, EMPTY, LOCK = "☀", "☾", "·", "🔒"
#: Symbols that every matplotlib font draws (no emoji), for pictures.
PLOT_SYMBOLS = ("☀", "☾", "·", "#")

RUNE_ACTIONS = ("runes", "flip")

#: A rune state as a plain tuple, for the hot loops: the fields of ``RuneState`` in order.
Key = tuple[int, int, int, int, Union[int, None], Union[int, None]]


class _RuneFields(NamedTuple):
    suns: int
    moons: int
    open_spaces: int
    locked: int
    reserve_suns: int | None = None
    reserve_moons: int | None = None


class RuneState(_RuneFields):
    """One player's runes, optionally with the reserve's (``None`` = a reserve never short).

    An immutable value (a named tuple, so that graphs of ~13,000 states hash fast), checked
    when made: a bad field is a ``PositionError`` naming it.

    >>> state = RuneState(2, 1, 4, 2, reserve_suns=2, reserve_moons=2)
    >>> state.empty, state.label
    (1, '☀2 ☾1 ·1 🔒2 | reserve ☀2 ☾2')
    >>> RuneState(2, 1, 4, 2).label
    '☀2 ☾1 ·1 🔒2'
    >>> RuneState(3, 2, 4, 2)
    Traceback (most recent call last):
    ...
    carnuta_core.errors.PositionError: rune state: 3 Suns and 2 Moons do not fit on 4 open spaces
    """

    __slots__ = ()

    def __new__(
        cls,
        suns: int,
        moons: int,
        open_spaces: int,
        locked: int,
        reserve_suns: int | None = None,
        reserve_moons: int | None = None,
    ) -> RuneState:
        for name, value in (
            ("suns", suns),
            ("moons", moons),
            ("open_spaces", open_spaces),
            ("locked", locked),
            ("reserve_suns", reserve_suns),
            ("reserve_moons", reserve_moons),
        ):
            if value is None and name.startswith("reserve"):
                continue
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise PositionError(
                    f"rune state.{name}", f"should be a whole number >= 0, not {value!r}"
                )
        if suns + moons > open_spaces:
            raise PositionError(
                "rune state",
                f"{suns} Suns and {moons} Moons do not fit on {open_spaces} open spaces",
            )
        if (reserve_suns is None) != (reserve_moons is None):
            raise PositionError(
                "rune state.reserve", "give both reserve_suns and reserve_moons, or neither"
            )
        return _RuneFields.__new__(
            cls, suns, moons, open_spaces, locked, reserve_suns, reserve_moons
        )

    @staticmethod
    def trusted(k: Key) -> RuneState:
        """A state from fields already known to be valid (the graph builders' hot path):
        no check, so only for tuples made by the kit's own rune moves."""
        return tuple.__new__(RuneState, k)

    def _replace(self, **changes: Any) -> RuneState:
        """A copy with some fields changed, checked like a new state."""
        fields = self._asdict()
        fields.update(changes)
        return RuneState(**fields)

    # -- derived values
    @property
    def runes(self) -> int:
        """Runes on the board."""
        return self.suns + self.moons

    @property
    def empty(self) -> int:
        """Empty open spaces."""
        return self.open_spaces - self.suns - self.moons

    @property
    def has_reserve(self) -> bool:
        return self.reserve_suns is not None

    @property
    def total(self) -> int | None:
        """Runes on the board plus the reserve: no action of this player changes it."""
        if self.reserve_suns is None or self.reserve_moons is None:
            return None
        return self.runes + self.reserve_suns + self.reserve_moons

    def _text(self, symbols: tuple[str, str, str, str]) -> str:
        sun, moon, empty, lock = symbols
        text = f"{sun}{self.suns} {moon}{self.moons} {empty}{self.empty} {lock}{self.locked}"
        if self.reserve_suns is not None:
            text += f" | reserve {sun}{self.reserve_suns} {moon}{self.reserve_moons}"
        return text

    @property
    def label(self) -> str:
        """``☀2 ☾1 ·1 🔒1 | reserve ☀2 ☾2``: Suns, Moons, empty spaces, Padlocks | reserve."""
        return self._text((SUN, MOON, EMPTY, LOCK))

    @property
    def plot_label(self) -> str:
        """The label in two lines, with ``#`` for a Padlock (every font draws it)."""
        text = self._text(PLOT_SYMBOLS)
        return text.replace(" | ", "\n")

    def __str__(self) -> str:
        return self.label

    def without_reserve(self) -> RuneState:
        """The same board with a reserve that is never short."""
        return self._replace(reserve_suns=None, reserve_moons=None)

    def with_reserve(self, suns: int, moons: int) -> RuneState:
        return self._replace(reserve_suns=suns, reserve_moons=moons)

    def can_pay(self, cost: CostLike) -> bool:
        """Whether the board shows the runes ``cost`` asks for (each icon its own rune).

        >>> RuneState(1, 1, 4, 2).can_pay("flip moon, return moon")
        False
        """
        return runes.can_pay(self.suns, self.moons, runes.cost_need(as_cost(cost)))

    # -- constructors
    @staticmethod
    def of(game: Game, seat: int | None = None, *, reserve: bool = True) -> RuneState:
        """The rune state of ``seat`` (the current player by default) in ``game``."""
        seat = game.current_player if seat is None else seat
        view = game.player(seat)
        state = RuneState(view.suns, view.moons, view.open_spaces, view.locked_spaces)
        if reserve:
            stock = game.reserve
            state = state.with_reserve(stock[Face.SUN], stock[Face.MOON])
        return state

    @staticmethod
    def start(rules: Rules | None = None, players: int | None = None) -> RuneState:
        """A player's runes at setup; with ``players``, the reserve of that game too.

        >>> RuneState.start(players=2).label
        '☀2 ☾2 ·0 🔒2 | reserve ☀1 ☾1'
        """
        rules = rules or Rules()
        state = RuneState(
            rules.starting_suns,
            rules.starting_moons,
            rules.open_spaces_at(rules.counter_after(1)),  # the starting card is in play
            rules.locked_spaces_at(rules.counter_after(1)),
        )
        if players is not None:
            per_face = rules.reserve_for(players)
            state = state.with_reserve(per_face, per_face)
        return state


# ------------------------------------------------------------------ costs
def as_cost(cost: CostLike) -> Cost:
    """A cost from a card, its icons, or its text (``"flip moon, return moon"``)."""
    if isinstance(cost, Card):
        return cost.cost
    if isinstance(cost, str):
        try:
            return parse_cost(cost)
        except ValueError as error:
            raise DeckError(f"cost {cost!r}: {error}") from None
    return tuple(cost)


def cost_delta(cost: Cost) -> tuple[int, int, int, int, int, int]:
    """(Suns needed, Moons needed, change of board Suns, of board Moons, Suns returned to the
    reserve, Moons returned): ``runes.cost_need`` and ``runes.cost_delta`` side by side.

    >>> cost_delta(parse_cost("flip moon, return moon"))
    (0, 2, 1, -2, 0, 1)
    """
    return (*runes.cost_need(cost), *runes.cost_delta(cost))


def key_of(state: RuneState) -> Key:
    return tuple.__new__(tuple, state)


def paid_key(k: Key, delta: tuple[int, int, int, int, int, int]) -> Key:
    suns, moons, spaces, locked, rs, rm = k
    _, _, d_suns, d_moons, back_suns, back_moons = delta
    return (
        suns + d_suns,
        moons + d_moons,
        spaces,
        locked,
        None if rs is None else rs + back_suns,
        None if rm is None else rm + back_moons,
    )


def pay(state: RuneState, cost: CostLike) -> RuneState:
    """The rune state after paying ``cost`` (the board must show the runes).

    >>> pay(RuneState(1, 3, 5, 1, 0, 0), "flip moon, return moon").label
    '☀2 ☾1 ·2 🔒1 | reserve ☀0 ☾1'
    """
    icons = as_cost(cost)
    if not state.can_pay(icons):
        raise PositionError(
            "cost", f"{state.label} cannot pay '{format_cost(icons)}': too few runes showing"
        )
    return RuneState(*paid_key(key_of(state), cost_delta(icons)))


def unlock(state: RuneState) -> RuneState:
    """The rune state once a Padlock comes off: one more empty open space."""
    if state.locked == 0:
        raise PositionError("rune state", f"{state.label} has no Padlock left to open")
    return state._replace(open_spaces=state.open_spaces + 1, locked=state.locked - 1)


__all__ = [
    "Cost",
    "CostLike",
    "EMPTY",
    "Key",
    "LOCK",
    "MOON",
    "PLOT_SYMBOLS",
    "RUNE_ACTIONS",
    "RuneState",
    "SUN",
    "as_cost",
    "cost_delta",
    "key_of",
    "paid_key",
    "pay",
    "unlock",
]
