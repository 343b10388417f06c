"""The mutable state behind a ``Game``: small slotted records that copy fast."""

from __future__ import annotations

from typing import Any

from .model import Ingredient, Row

#: The action log as a persistent linked list: (earlier entries, seat, action), or None.
#: Appending makes a new node and copies share the old ones, so copying a state is O(1) in
#: the length of the game.
LogNode = tuple[Any, int, Any] | None

ACTIONS = "actions"
BONUS = "bonus"
DISCARD = "discard"
OVER = "over"


class PlayerState:
    """One player's area. The counter and the open spaces are derived from ``played``."""

    __slots__ = ("suns", "moons", "sickles", "hand", "played", "salt_on", "bonus")

    def __init__(
        self,
        suns: int,
        moons: int,
        sickles: int,
        hand: list[str],
        played: list[str],
        salt_on: dict[str, str],
        bonus: list[Ingredient],
    ):
        self.suns = suns
        self.moons = moons
        self.sickles = sickles
        self.hand = hand
        self.played = played
        self.salt_on = salt_on
        self.bonus = bonus

    def copy(self) -> PlayerState:
        return PlayerState(
            self.suns,
            self.moons,
            self.sickles,
            self.hand[:],
            self.played[:],
            dict(self.salt_on),
            self.bonus[:],
        )


class GameState:
    """Everything that changes during a game. Deck lists have their top card last."""

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
        phase: str,
        market: dict[Row, list[str | None]],
        decks: dict[Row, list[str]],
        discard: list[str],
        reserve_suns: int,
        reserve_moons: int,
        bonus_tokens: list[Ingredient],
        final_round: int | None,
        seed: int,
        reshuffles: int,
        box: list[str],
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
        self.seed = seed
        self.reshuffles = reshuffles
        self.box = box
        self.log = log

    def copy(self) -> GameState:
        return GameState(
            [p.copy() for p in self.players],
            self.current,
            self.round,
            self.actions_left,
            self.phase,
            {Row.DAY: self.market[Row.DAY][:], Row.NIGHT: self.market[Row.NIGHT][:]},
            {Row.DAY: self.decks[Row.DAY][:], Row.NIGHT: self.decks[Row.NIGHT][:]},
            self.discard[:],
            self.reserve_suns,
            self.reserve_moons,
            self.bonus_tokens[:],
            self.final_round,
            self.seed,
            self.reshuffles,
            self.box,  # never changes after setup
            self.log,
        )
