"""Bots that play any position to the end: a random player and a greedy one.

A bot is anything with ``choose(game) -> Action``; bots never change the game they are given.

>>> from carnuta_core import Game
>>> game = play_game([GreedyBot(), RandomBot(seed=1)], seed=3)
>>> game.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .actions import Action, EndTurn, FlipRunes, Sickle
from .deck import Deck
from .fastscore import score_table
from .game import Game
from .rules import Rules


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.name = "random"

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Takes the action with the best immediate points, valuing tempo (runes, good cards in hand).

    It looks one action ahead and scores the position it reaches: the potion's points, plus a
    share of the points each hand card would add (more if its cost is affordable), plus a little
    for runes on the board.
    """

    def __init__(
        self, seed: int | None = None, *, hand_weight: float = 0.6, rune_weight: float = 0.4
    ):
        self.rng = random.Random(seed)
        self.name = "greedy"
        self.hand_weight = hand_weight
        self.rune_weight = rune_weight

    def __repr__(self) -> str:
        return "GreedyBot()"

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = game.current_player
        now = self.evaluate(game, seat)
        best: list[Action] = []
        best_value = float("-inf")
        idle: list[Action] = []
        for action in legal:
            if isinstance(action, Sickle):
                continue  # a Sickle's value lies beyond one action's horizon
            child = game.copy()
            child.push(action)
            value = self.evaluate(child, seat)
            if isinstance(action, FlipRunes) and value <= now + 1e-9:
                # A flip that makes no card in hand playable wastes the action (and, with
                # every bot flipping back and forth, could stall a game forever).
                idle.append(action)
                continue
            if isinstance(action, EndTurn):
                value -= 0.01  # prefer using a free choice when it is as good
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        if not best:
            best = idle or legal
        return self.rng.choice(best)

    def evaluate(self, game: Game, seat: int) -> float:
        """The bot's view of how good ``game`` is for ``seat``."""
        table = score_table(game.deck)
        p = game.seat(seat)
        played = [cid for cid in p.played if table.ingredient[cid] >= 0]
        counts = table.counts(p.played, p.salt_on, p.bonus)
        value: float = table.score(played, counts)
        suns, moons = p.suns, p.moons
        need = table.need
        for cid in p.hand:
            gain = table.gain(played, counts, cid)
            need_suns, need_moons = need[cid]
            affordable = suns >= need_suns and moons >= need_moons
            value += self.hand_weight * gain * (1.0 if affordable else 0.6) - 0.3 * table.icons[cid]
        value += self.rune_weight * (suns + moons)
        return value


def _mcts(seed: int | None = None, **options: Any) -> Bot:
    from .mcts import MCTSBot

    return MCTSBot(seed, **options)


#: Bots by name: ``make_bot(name, seed, **options)`` and the CLI's ``--bots`` use it.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": _mcts,
}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by name (``random``, ``greedy``, ``mcts``); ``options`` go to its constructor,
    e.g. ``make_bot("mcts", 1, iterations=200)``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return factory(seed, **options)


def play_game(
    bots: Sequence[Bot],
    *,
    seed: int | None = None,
    deck: Deck | None = None,
    rules: Rules | None = None,
    game: Game | None = None,
    max_actions: int = 5000,
    on_action: Callable[[Game, Action], None] | None = None,
) -> Game:
    """Play a game to the end with one bot per seat; returns the finished game."""
    if game is None:
        game = Game.new(len(bots), seed=seed, deck=deck, rules=rules)
    for _ in range(max_actions):
        if game.is_over:
            return game
        action = bots[game.current_player].choose(game)
        game.play(action)
        if on_action is not None:
            on_action(game, action)
    raise RuntimeError(f"the game did not end within {max_actions} actions")


__all__ = [
    "Bot",
    "GreedyBot",
    "RandomBot",
    "make_bot",
    "play_game",
]
