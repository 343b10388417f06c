"""MCTSBot speed: search iterations per second in 2-, 3- and 4-player positions, for Carnuta
and for Carnival (its search settings, ``carnival_core.bots.MCTS_SETTINGS``).

Run: ``python benchmarks/bench_mcts.py [--iterations 400]``. Positions: the opening and a
mid-game reached by Greedy bots. Figures depend on the machine and its load (printed); the
rate per second of CPU time (the process's own) moves less with the load than the wall-clock
one, so it is the figure to compare between versions on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from carnival_core import Game as CarnivalGame
from carnival_core.bots import make_bot as carnival_bot
from carnuta_core import Game, GreedyBot
from carnuta_core.mcts import MCTSBot


def position(players: int, actions: int, seed: int) -> Game:
    game = Game.new(players, seed=seed)
    bots = [GreedyBot(seed + seat) for seat in range(players)]
    for _ in range(actions):
        game.play(bots[game.current_player].choose(game))
    # stop on a real choice (not a forced 'end')
    while len(game.legal_actions()) < 3:
        game.play(bots[game.current_player].choose(game))
    return game


def carnival_position(players: int, actions: int, seed: int) -> CarnivalGame:
    game = CarnivalGame.new(players, seed=seed)
    bots = [carnival_bot("greedy", seed + seat) for seat in range(players)]
    for _ in range(actions):
        game.push(bots[game.current_player].choose(game))
    return game


def rate(game: Any, iterations: int, repeats: int) -> tuple[float, float]:
    """The best iterations per second of wall-clock time and of CPU time."""
    wall = cpu = 0.0
    for r in range(repeats):
        bot: Any = (
            carnival_bot("mcts", r, iterations=iterations)
            if isinstance(game, CarnivalGame)
            else MCTSBot(seed=r, iterations=iterations)
        )
        start, start_cpu = time.perf_counter(), time.process_time()
        bot.analyse(game)
        cpu = max(cpu, iterations / (time.process_time() - start_cpu))
        wall = max(wall, iterations / (time.perf_counter() - start))
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"MCTSBot iterations per second (best of {args.repeats}, {args.iterations} iterations;")
    print(f"  default settings: rollout_depth=6; load average {os.getloadavg()[0]:.1f})")
    print("  (wall clock; CPU time in brackets)")
    for players in (2, 3, 4):
        opening, opening_cpu = rate(position(players, 0, 1), args.iterations, args.repeats)
        middle, middle_cpu = rate(position(players, 30 * players, 2), args.iterations, args.repeats)
        print(
            f"  {players} players: opening {opening:7,.0f} it/s ({opening_cpu:,.0f})   "
            f"mid-game {middle:7,.0f} it/s ({middle_cpu:,.0f})"
        )
    print("Carnival (exploration 0.02, no rollout):")
    for players in (2, 3, 4):
        opening, opening_cpu = rate(carnival_position(players, 0, 1), args.iterations, args.repeats)
        middle, middle_cpu = rate(
            carnival_position(players, 5 * players, 2), args.iterations, args.repeats
        )
        print(
            f"  {players} players: opening {opening:7,.0f} it/s ({opening_cpu:,.0f})   "
            f"mid-game {middle:7,.0f} it/s ({middle_cpu:,.0f})"
        )


if __name__ == "__main__":
    main()
