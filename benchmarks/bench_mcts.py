"""MCTSBot speed: search iterations per second in 2-, 3- and 4-player positions.

Run: ``python benchmarks/bench_mcts.py [--iterations 400]``. Positions: the opening and a
mid-game reached by Greedy bots. Figures depend on the machine and its load (printed).
"""

from __future__ import annotations

import argparse
import os
import time

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


def rate(game: Game, iterations: int, repeats: int) -> float:
    best = 0.0
    for r in range(repeats):
        bot = MCTSBot(seed=r, iterations=iterations)
        start = time.perf_counter()
        bot.analyse(game)
        best = max(best, iterations / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"MCTSBot iterations per second (best of {args.repeats}, {args.iterations} iterations;")
    print(f"  default settings: rollout_depth=6; load average {os.getloadavg()[0]:.1f})")
    for players in (2, 3, 4):
        opening = rate(position(players, 0, 1), args.iterations, args.repeats)
        middle = rate(position(players, 30 * players, 2), args.iterations, args.repeats)
        print(f"  {players} players: opening {opening:7,.0f} it/s   mid-game {middle:7,.0f} it/s")


if __name__ == "__main__":
    main()
