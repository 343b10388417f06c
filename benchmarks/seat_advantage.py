"""Where does the last seat's edge come from? (A measurement, not a CI test.)

In 3-player games between equal ``MCTSBot``s the last seat wins more than a third of the games
(README, "Calibration"). This script looks for the cause with paired seeds, in four conditions:

- ``greedy``: every seat is ``GreedyBot`` (which does not plan for the end);
- ``mcts``: every seat is ``MCTSBot(iterations=N)`` for the whole game;
- ``mcts, greedy after the trigger``: the same, but once the end is triggered every seat plays
  ``GreedyBot``: if the edge came from playing the last turn knowing every final score, it
  would vanish here;
- ``mcts, no final round``: the rules variant ``final_extra_round=False`` (the game ends when
  the trigger's round is finished).

For each it prints the win rate by seat and who triggers the end (``lab.trigger_stats``).

    python benchmarks/seat_advantage.py --games 300 --iterations 50
    python benchmarks/seat_advantage.py --games 150 --iterations 200 --only mcts
"""

from __future__ import annotations

import argparse
import functools
import time

from carnuta_core import Game, GreedyBot, Rules, lab
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument(
        "--only", nargs="*", default=None, help="run only these conditions (names as printed)"
    )
    args = parser.parse_args()
    mcts: lab.BotSpec = ("mcts", {"iterations": args.iterations})
    conditions: dict[str, tuple[lab.BotSpec, Rules | None]] = {
        "greedy": ("greedy", None),
        "mcts": (mcts, None),
        "mcts, greedy after the trigger": (
            functools.partial(GreedyFinalRound, iterations=args.iterations),
            None,
        ),
        "mcts, no final round": (mcts, Rules(final_extra_round=False)),
    }
    for name, (spec, rules) in conditions.items():
        if args.only and name not in args.only:
            continue
        start = time.perf_counter()
        df = lab.simulate(spec, players=3, seeds=range(args.games), rules=rules)
        seats = lab.win_rates(df)
        triggers = lab.trigger_stats(df)
        winning = lab.game_table(df)["winning_score"].mean()
        minutes = (time.perf_counter() - start) / 60
        print(f"{name}: {args.games} games ({minutes:.1f} min), mean winning score {winning:.1f}")
        for seat, trigger in zip(seats.itertuples(), triggers.itertuples(), strict=True):
            print(
                f"  seat {int(seat.seat) + 1}: wins {seat.rate * 100:.1f}% "
                f"[{seat.ci_low * 100:.1f}, {seat.ci_high * 100:.1f}]; "
                f"triggers the end in {trigger.trigger_share * 100:.0f}% of games and then wins "
                f"{trigger.win_rate_when_triggering * 100:.0f}%"
            )
        print(f"  worst seat vs fair: {seats['vs_fair'].abs().max() * 100:.1f} points")


if __name__ == "__main__":
    main()
