"""Karnak engine speed: random playouts through ``play()`` and ``push()``, beside OpenSpiel.

Run: ``python benchmarks/bench_karnak.py [--seconds 3]``. With OpenSpiel installed (the
``bench`` extra) it also runs ``python_block_dominoes`` random playouts in the same
interleaved slices (``bench_carnival.Series``) and prints the ratios.

Uniformly random Karnak rarely reveals a Design, so its games mostly end when the mat locks
(RULING 18: no piece can be placed or lifted any more), after about 120 actions with two
players and fewer with more: nearly every action is taken while the mat fills up, where
``legal_actions()`` has the most to find. The ``building`` series times each game's first
150 actions alone, which is nearly the whole game.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bench_carnival import Series, open_spiel_run
from timing import print_microseconds
from tqdm.auto import tqdm

from karnak_core import Game


def karnak_run(
    players: int, checked: bool, limit: int | None = None
) -> Callable[[float, int], tuple[int, int]]:
    """Uniformly random games through ``play`` or ``push``; ``limit``: stop each game after
    that many actions."""

    def run(seconds: float, first_seed: int) -> tuple[int, int]:
        rng = random.Random(first_seed)
        actions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            game = Game.new(players, seed=first_seed + games)
            apply = game.play if checked else game.push
            played = 0
            while not game.is_over and played != limit:
                actions_now = game.legal_actions()
                apply(actions_now[int(rng.random() * len(actions_now))])
                played += 1
            actions += played
            games += 1
        return actions, games

    return run


def midgame(players: int) -> Game:
    rng = random.Random(1)
    game = Game.new(players, seed=1)
    for _ in range(12 * players):
        game.push(rng.choice(game.legal_actions()))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per series")
    parser.add_argument("--slices", type=int, default=10)
    args = parser.parse_args()

    counts = (2, 3, 4)
    series = {
        (p, kind): Series(karnak_run(p, kind == "play", 150 if kind == "building" else None))
        for p in counts
        for kind in ("play", "push", "building")
    }
    peer_run = open_spiel_run()
    peer = Series(peer_run) if peer_run is not None else None
    everything = list(series.values()) + ([peer] if peer is not None else [])
    for _ in tqdm(range(args.slices), desc="interleaved slices"):
        for one in everything:
            one.slice(args.seconds / args.slices)

    print("Karnak rules engine, uniformly random playouts (actions/s)")
    print("  players      play()      push()   push(), first 150   actions/game")
    for p in counts:
        slow, fast, build = (series[p, k] for k in ("play", "push", "building"))
        print(
            f"  {p:>7} {slow.actions_per_second:>11,.0f} {fast.actions_per_second:>11,.0f}"
            f" {build.actions_per_second:>19,.0f} {fast.actions / fast.games:>14.0f}"
        )
    game = midgame(3)
    rng = random.Random(2)
    timings = {
        "copy()": game.copy,
        "legal_actions()": game.legal_actions,
        "determinized(rng)": lambda: game.determinized(rng),
        "observation(0)": lambda: game.observation(0),
        "scores()": game.scores,
    }
    print_microseconds(timings, "of a 3-player game", number=2_000)
    if peer is None:
        print("OpenSpiel not installed (pip install -e '.[bench]'): no peer comparison")
        return
    print(
        f"OpenSpiel python_block_dominoes random playouts: {peer.actions_per_second:,.0f} actions/s"
    )
    print("  ratio in actions/s, Karnak push() / block dominoes (target: 3x)")
    for p in counts:
        whole, build = series[p, "push"], series[p, "building"]
        print(
            f"  {p} players: whole games {whole.actions_per_second / peer.actions_per_second:.2f}x, "
            f"first 150 actions {build.actions_per_second / peer.actions_per_second:.2f}x"
        )


if __name__ == "__main__":
    main()
