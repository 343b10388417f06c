"""How many different turns a Carnuta player could take, at every turn of greedy games.

Lesson 10 reads ``two_games_turns.json``. A Carnuta turn is every action a player takes until
the next player is to act: its two actions, any Sickles, ``end`` and the hand-limit discards
that follow it. ``distinct_turns`` walks every such sequence from a position with the engine
(``legal_actions``, ``copy``, ``push``) and counts them; where a Sickle or a refill reveals a
card, the game's own deck order decides, so the count is exact for that deal. The games are
the lab's: greedy against greedy, 2 players, seeds ``0 .. GAMES-1``, each bot seeded as
``lab.simulate`` seeds it. With the kit's reference deck, played by the kit's greedy bots.
Rerun with ``python -m lesson_data.two_games_turns`` (a few minutes on one core).

>>> from carnuta_core import Game
>>> distinct_turns(Game.new(2, seed=7))
3286
"""

from __future__ import annotations

from typing import Any

#: Greedy games played, seeds 0 .. GAMES-1.
GAMES = 30


def distinct_turns(state: Any) -> int:
    """The different action sequences that make up the turn of the player to act now."""
    seat = state.current_player
    total = 0
    for action in state.legal_actions():
        child = state.copy()
        child.push(action)
        if child.is_over or child.current_player != seat:
            total += 1
        else:
            total += distinct_turns(child)
    return total


def game_turns(seed: int) -> dict[str, Any]:
    """One greedy game: at the start of each turn, whose turn it is and how many turns it had."""
    from carnuta_core.title import CarnutaTitle
    from tabletop.lab.specs import bot_seed, build_bot

    title = CarnutaTitle()
    game = title.new(2, seed)
    bots = [build_bot("greedy", bot_seed(seed, seat), title) for seat in range(2)]
    seats: list[int] = []
    counts: list[int] = []
    previous = None
    while not game.is_over:
        seat = game.current_player
        if seat != previous:
            seats.append(seat)
            counts.append(distinct_turns(game))
            previous = seat
        game.push(bots[seat].choose(game))
    return {"seed": seed, "seats": seats, "turns": counts}


def compute(sample: int | None = None) -> dict[str, Any]:
    """The turns of the first ``sample`` games (all ``GAMES`` by default)."""
    seeds = range(GAMES if sample is None else sample)
    return {"bots": "greedy", "players": 2, "games": [game_turns(seed) for seed in seeds]}


if __name__ == "__main__":
    from lesson_data import write

    print(write("two_games_turns", compute()))
