"""Where does the last seat's edge come from? (A measurement, not a CI test.)

In 3-player games between equal ``MCTSBot``s the last seat wins more than a third of the games
(README, "Calibration"). The rulebook's end gives every player the same number of turns but not
the same information: the last seat plays the game's last turn knowing every other final score.
This script tests that explanation with paired seeds, in two conditions:

- ``mcts``: every seat is ``MCTSBot(iterations=N)`` for the whole game;
- ``mcts, greedy final round``: the same bots, but once the end is triggered every seat plays
  ``GreedyBot``, which does not plan for the end.

If the final round is the cause, the second condition's seats are fair.

    python benchmarks/seat_advantage.py --games 300 --iterations 50
"""

from __future__ import annotations

import argparse
import functools
import time

from carnuta_core import Game, GreedyBot, lab
from carnuta_core.actions import Action
from carnuta_core.bots import Bot
from carnuta_core.mcts import MCTSBot


class GreedyFinalRound:
    """``MCTSBot`` until the end is triggered, then ``GreedyBot``."""

    def __init__(self, seed: int | None, iterations: int):
        self.search: Bot = MCTSBot(seed, iterations=iterations)
        self.greedy: Bot = GreedyBot(seed)

    def choose(self, game: Game) -> Action:
        return (self.greedy if game.end_triggered else self.search).choose(game)


def greedy_final_round(seed: int | None, iterations: int) -> Bot:
    return GreedyFinalRound(seed, iterations)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--iterations", type=int, default=50)
    args = parser.parse_args()
    conditions: dict[str, lab.BotSpec] = {
        "mcts": ("mcts", {"iterations": args.iterations}),
        "mcts, greedy final round": functools.partial(
            greedy_final_round, iterations=args.iterations
        ),
    }
    for name, spec in conditions.items():
        start = time.perf_counter()
        df = lab.simulate(spec, players=3, seeds=range(args.games))
        seats = lab.win_rates(df)
        rates = "; ".join(
            f"seat {int(r.seat) + 1} {r.rate * 100:.1f}% [{r.ci_low * 100:.1f}, {r.ci_high * 100:.1f}]"
            for r in seats.itertuples()
        )
        winning = lab.game_table(df)["winning_score"].mean()
        minutes = (time.perf_counter() - start) / 60
        print(f"{name}: {args.games} games ({minutes:.1f} min), mean winning score {winning:.1f}")
        print(f"  win rate by seat: {rates}")
        print(f"  worst seat vs fair: {seats['vs_fair'].abs().max() * 100:.1f} points")


if __name__ == "__main__":
    main()
