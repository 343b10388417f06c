"""Named and typical states: the boards a learner meets, and those bots meet turn after turn."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from ..cards import Card
from ..deck import Deck
from ..model import Ingredient
from ..rules import Rules
from ..scoring import ingredient_counts
from .states import RuneState

if TYPE_CHECKING:
    from ..game import Game


def named_states(rules: Rules | None = None, players: int | None = 3) -> dict[str, RuneState]:
    """A few states a learner meets, with the reserve of a ``players`` game at its start level.

    >>> list(named_states())
    ['start', 'empty board', '1 Sun left', '4 Moons', '5 open, empty', '6 open, empty']
    """
    rules = rules or Rules()
    counter = rules.counter_after(1)  # the starting card is in play
    locked = rules.locked_spaces_at(counter)
    spaces = rules.open_spaces_at(counter)
    states = {
        "start": RuneState.start(rules),
        "empty board": RuneState(0, 0, spaces, locked),
        "1 Sun left": RuneState(1, 0, spaces, locked),
        f"{spaces} Moons": RuneState(0, spaces, spaces, locked),
    }
    for extra in range(1, locked + 1):
        states[f"{spaces + extra} open, empty"] = RuneState(0, 0, spaces + extra, locked - extra)
    if players is None:
        return states
    per_face = rules.reserve_for(players)
    return {name: state.with_reserve(per_face, per_face) for name, state in states.items()}


def turn_states(game: Game, *, reserve: bool = False) -> list[RuneState]:
    """The rune state of the player to act at the start of every turn of ``game``'s log."""
    from ..transcript import replay

    found: list[RuneState] = []
    previous: tuple[int, int] | None = None
    for before, _, _ in replay(game):
        key = (before.round, before.current_player)
        if key != previous and before.actions_left == before.rules.actions_per_turn:
            found.append(RuneState.of(before, reserve=reserve))
            previous = key
    return found


def typical_states(games: Iterable[Game], top: int = 5) -> list[tuple[RuneState, int]]:
    """The most common rune states at the start of a turn over ``games``, with their counts."""
    counts: Counter[RuneState] = Counter()
    for game in games:
        counts.update(turn_states(game))
    return counts.most_common(top)


class EndPotion(NamedTuple):
    """A player's potion at the end of a game: played cards, Salt places, Bonus tokens."""

    played: tuple[Card, ...]
    salt_on: dict[str, str]
    bonus_tokens: tuple[Ingredient, ...]

    def counts(self) -> dict[Ingredient, int]:
        return ingredient_counts(self.played, self.salt_on, self.bonus_tokens)


def endgame_potions(games: Iterable[Game]) -> list[EndPotion]:
    """Every player's final potion in ``games``."""
    return [
        EndPotion(view.played, dict(view.salt_on), view.bonus_tokens)
        for game in games
        for view in (game.player(seat) for seat in range(game.num_players))
    ]


def bot_games(n: int = 6, players: int = 3, seed: int = 0, deck: Deck | None = None) -> list[Game]:
    """``n`` finished games of greedy bots (for typical states and end-game potions).

    A game the bots do not finish within 1,500 actions is skipped: greedy bots can lock
    themselves in the *full-board trap* (four runes on four spaces flip only between all-Sun
    and all-Moon, so no mixed cost is ever affordable) and flip forever.
    """
    from ..bots import GreedyBot, play_game

    rng = random.Random(seed)
    games: list[Game] = []
    for _ in range(5 * n):
        if len(games) == n:
            break
        bots = [GreedyBot(seed=rng.randrange(2**31)) for _ in range(players)]
        try:
            games.append(play_game(bots, seed=rng.randrange(2**31), deck=deck, max_actions=1500))
        except RuntimeError:
            continue
    return games


__all__ = [
    "EndPotion",
    "bot_games",
    "endgame_potions",
    "named_states",
    "turn_states",
    "typical_states",
]
