"""Carcata engine speed: random playouts through ``push()`` (and ``play()``), copies, and the
heuristic.

Run: ``python benchmarks/bench_carcata.py [--seconds 3]``. A playout asks ``legal_actions()``
at every decision and picks one at random; at a chance node it takes the game's own draw
(``sample_chance()``); every step counts as an action, as OpenSpiel counts chance actions.
Uniformly random players reroll almost every time (keeping is one choice in twenty), so
their games are mostly dice; the ``keeper`` series keeps the first roll, so that its games
are mostly effects (movements, lava, eruptions, statues).
"""

from __future__ import annotations

import argparse
import random
import time
import timeit

from carcata_core import Game
from carcata_core.actions import KEEP


def playouts(
    seconds: float, players: int, keeper: bool, checked: bool
) -> tuple[float, float, float]:
    """Actions per second (of the wall clock, and of this process's CPU time: the machine
    may be shared) and games per second of random playouts for ``seconds``."""
    rng = random.Random(1)
    actions = games = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while time.perf_counter() - start < seconds:
        game = Game.new(players, seed=games)
        apply = game.play if checked else game.push
        while not game.is_over:
            if game.is_chance:
                if checked:
                    game.settle()
                else:
                    game.push(game.sample_chance())
                actions += 1
                continue
            legal = game.legal_actions()
            if keeper and game.phase == "dice":
                apply(KEEP)
            else:
                apply(rng.choice(legal))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    used = time.process_time() - cpu
    return actions / elapsed, actions / used, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    for players in (2, 3, 4):
        for keeper in (False, True):
            rate, cpu, games = playouts(args.seconds, players, keeper, checked=False)
            label = "keeper" if keeper else "random"
            print(
                f"push  {players} players {label:<6}: {rate:>9,.0f} actions/s "
                f"({cpu:>9,.0f} per CPU second), {games:>6.1f} games/s"
            )
    rate, cpu, games = playouts(args.seconds, 3, False, checked=True)
    print(
        f"play  3 players random: {rate:>9,.0f} actions/s ({cpu:>9,.0f} per CPU second), "
        f"{games:>6.1f} games/s"
    )
    game = Game.new(3, seed=1)
    while game.phase != "effects":
        game.push(game.sample_chance() if game.is_chance else game.legal_actions()[0])
    n = 20000
    copy = timeit.timeit(game.copy, number=n) / n
    legal = timeit.timeit(game.legal_actions, number=n) / n
    heuristic = game.heuristic()
    values = timeit.timeit(lambda: heuristic.values(game), number=2000) / 2000
    print(
        f"copy {copy * 1e6:.1f} µs, legal_actions (effects) {legal * 1e6:.1f} µs, "
        f"heuristic values {values * 1e6:.0f} µs"
    )


if __name__ == "__main__":
    main()
