"""The state behind a ``Game``: small slotted records that copy fast.

Every collection in a state is immutable: tuples, and dicts (the market and decks by row, a
player's Salts) that are replaced, never changed in place. So copying a state copies only a
few records, and sharing a collection between copies, or handing it out read-only, is safe.
"""

from __future__ import annotations

from enum import StrEnum

from tabletop.action_log import LogNode

from .model import Ingredient, Row


class Phase(StrEnum):
    """What the player to move is doing. Equal to its word: ``Phase.OVER == "over"``."""

    ACTIONS = "actions"  # taking main actions (and Sickles), then ending the turn
    BONUS = "bonus"  # choosing a Bonus Ingredient token
    DISCARD = "discard"  # discarding down to the hand limit at the end of the turn
    OVER = "over"  # the game has ended

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


ACTIONS = Phase.ACTIONS
BONUS = Phase.BONUS
DISCARD = Phase.DISCARD
OVER = Phase.OVER


class PlayerState:
    """One player's area. The counter and the open spaces are derived from ``played``."""

    __slots__ = ("suns", "moons", "sickles", "hand", "played", "salt_on", "bonus")

    def __init__(
        self,
        suns: int,
        moons: int,
        sickles: int,
        hand: tuple[str, ...],
        played: tuple[str, ...],
        salt_on: dict[str, str],
        bonus: tuple[Ingredient, ...],
    ):
        self.suns = suns
        self.moons = moons
        self.sickles = sickles
        self.hand = hand
        self.played = played
        #: Salt id -> the id of the card it is stacked on. Replaced, never changed in place.
        self.salt_on = salt_on
        self.bonus = bonus

    def copy(self) -> PlayerState:
        return PlayerState(
            self.suns, self.moons, self.sickles, self.hand, self.played, self.salt_on, self.bonus
        )


class GameState:
    """Everything that changes during a game. Deck tuples have their top card last."""

    __slots__ = (
        "players",
        "current",
        "round",
        "actions_left",
        "phase",
        "market",
        "decks",
        "discard",
        "reserve_suns",
        "reserve_moons",
        "bonus_tokens",
        "final_round",
        "last_play_round",
        "seed",
        "reshuffles",
        "box",
        "log",
    )

    def __init__(
        self,
        players: list[PlayerState],
        current: int,
        round: int,
        actions_left: int,
        phase: Phase,
        market: dict[Row, tuple[str | None, ...]],
        decks: dict[Row, tuple[str, ...]],
        discard: tuple[str, ...],
        reserve_suns: int,
        reserve_moons: int,
        bonus_tokens: tuple[Ingredient, ...],
        final_round: int | None,
        last_play_round: int,
        seed: int,
        reshuffles: int,
        box: tuple[str, ...],
        log: LogNode,
    ):
        self.players = players
        self.current = current
        self.round = round
        self.actions_left = actions_left
        self.phase = phase
        self.market = market
        self.decks = decks
        self.discard = discard
        self.reserve_suns = reserve_suns
        self.reserve_moons = reserve_moons
        self.bonus_tokens = bonus_tokens
        self.final_round = final_round
        #: The last round in which a card was played (0: none yet), for ``Rules.stalemate_rounds``.
        self.last_play_round = last_play_round
        self.seed = seed
        self.reshuffles = reshuffles
        self.box = box
        self.log = log

    def copy(self) -> GameState:
        """An independent state: nothing in it is shared with this one that either may change."""
        return GameState(
            [p.copy() for p in self.players],
            self.current,
            self.round,
            self.actions_left,
            self.phase,
            self.market,
            self.decks,
            self.discard,
            self.reserve_suns,
            self.reserve_moons,
            self.bonus_tokens,
            self.final_round,
            self.last_play_round,
            self.seed,
            self.reshuffles,
            self.box,
            self.log,
        )
