"""Bots that play any Carnuta position to the end: a random player, a greedy one, and the
search bot of ``carnuta_core.mcts``.

The bots are the game-agnostic ones of ``tabletop.agents``, bound to Carnuta's heuristic
(``carnuta_core.heuristic``). A bot is anything with ``choose(game) -> Action``; bots never
change the game they are given.

>>> from carnuta_core import Game
>>> game = play_game([GreedyBot(), RandomBot(seed=1)], seed=3)
>>> game.is_over
True
>>> make_bot("greedy", 1, hand_weight="a lot")
Traceback (most recent call last):
...
carnuta_core.errors.ArgumentError: hand_weight: a finite number, not 'a lot'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop import agents
from tabletop import arguments as check
from tabletop.agents import Bot, RandomBot
from tabletop.errors import LabError

from .actions import Action
from .deck import Deck
from .errors import carnuta_errors
from .game import Game
from .heuristic import CarnutaHeuristic
from .mcts import MCTSBot
from .rules import Rules


class GreedyBot(agents.GreedyBot):
    """Takes the action with the best immediate points, valuing what sets up later points (runes, good cards in hand).

    It looks one action ahead and scores the position it reaches: the potion's points, plus a
    share (``hand_weight``) of the points each hand card would add (more if its cost is
    affordable), plus ``rune_weight`` per rune on the board (``CarnutaHeuristic.greedy``). It
    never uses a Sickle, and flips its runes only when the flip makes a card in hand payable.
    Past the hand limit it discards the cards it came into the turn with before those it has
    just taken, and rates a take by the hand it will keep; so it takes a card only to throw it
    away that same turn when no other action is left.
    """

    def __init__(
        self, seed: int | None = None, *, hand_weight: float = 0.6, rune_weight: float = 0.4
    ):
        with carnuta_errors():
            heuristic = CarnutaHeuristic.greedy(
                hand_weight=check.number("hand_weight", hand_weight),
                rune_weight=check.number("rune_weight", rune_weight),
            )
            super().__init__(seed, heuristic=heuristic)
        self.hand_weight = heuristic.hand_weight
        self.rune_weight = heuristic.rune_weight

    def evaluate(self, game: Game, seat: int) -> float:
        """The bot's view of how good ``game`` is for ``seat``."""
        assert isinstance(self.heuristic, CarnutaHeuristic)
        return self.heuristic.standing(game, seat)


#: Bots by name: ``make_bot(name, seed, **options)``, the lab's specs and the CLI's ``--bots``.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by name (``random``, ``greedy``, ``mcts``); ``options`` go to its constructor,
    e.g. ``make_bot("mcts", 1, iterations=200)``."""
    with carnuta_errors():
        return agents.make_from(BOTS, name, seed, options)


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
    """Play a game to the end with one bot per seat; returns the finished game.

    The game is dealt from ``seed``, ``deck`` and ``rules`` (or ``game`` is played on). Each
    bot's choice is checked (``IllegalAction`` names the bot) and applied on the fast path
    (``Game.push``: no undo). A game still going after ``max_actions`` actions raises
    ``GameDidNotEnd``, naming the seed, the bots and the limit.
    """
    with carnuta_errors():
        if game is None:
            check.seed("seed", seed)
            if deck is not None and not isinstance(deck, Deck):
                raise LabError("deck", f"a Deck or None, not {check.shown(deck)}")
            if rules is not None and not isinstance(rules, Rules):
                raise LabError("rules", f"a Rules or None, not {check.shown(rules)}")
            counts = (rules or Rules()).player_counts
            if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
                raise LabError("bots", f"a list of one bot per seat, not {check.shown(bots)}")
            if len(bots) not in counts:
                played_by = ", ".join(map(str, counts))
                raise LabError("bots", f"{len(bots)} bots: Carnuta is played by {played_by}")
            game = Game.new(len(bots), seed=seed, deck=deck, rules=rules)
        elif not isinstance(game, Game):
            raise LabError("game", f"a Game or None, not {check.shown(game)}")
        elif (seed, deck, rules) != (None, None, None):
            raise LabError("game", "give game= or seed=, deck= and rules=, not both")
        return agents.play_game(
            bots, game, max_actions=max_actions, on_action=on_action, seed=game.seed
        )


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "MCTSBot",
    "RandomBot",
    "make_bot",
    "play_game",
]
