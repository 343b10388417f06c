"""Carnival engine speed: random playouts through ``play()`` and ``push()``, beside OpenSpiel.

Run: ``python benchmarks/bench_carnival.py [--seconds 3]``. With the optional ``bench`` extra
installed (``pip install -e '.[bench]'``) it also runs OpenSpiel's pure-Python
``python_block_dominoes`` random playouts in the same run and prints the ratios. Every series
runs in short interleaved slices, so a busy machine slows them all alike. Also timed:
``copy()``, ``legal_actions()``, ``determinized()``, ``observation()`` and the heuristic.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from timing import print_microseconds
from tqdm.auto import tqdm

from carnival_core import Game


class Series:
    """Random playouts measured in short slices, so that every series shares the machine's
    load alike (the slices of all series are interleaved)."""

    def __init__(self, run: Callable[[float, int], tuple[int, int]]):
        self.run = run
        self.actions = self.games = 0
        self.seconds = 0.0

    def slice(self, seconds: float) -> None:
        start = time.perf_counter()
        actions, games = self.run(seconds, self.games)
        self.seconds += time.perf_counter() - start
        self.actions += actions
        self.games += games

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


def carnival_run(players: int, checked: bool) -> Callable[[float, int], tuple[int, int]]:
    """Uniformly random games, every action through ``play`` (checked, undo kept) or ``push``
    (unchecked)."""

    def run(seconds: float, first_seed: int) -> tuple[int, int]:
        rng = random.Random(first_seed)
        actions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            game = Game.new(players, seed=first_seed + games)
            apply = game.play if checked else game.push
            while not game.is_over:
                apply(rng.choice(game.legal_actions()))
                actions += 1
            games += 1
        return actions, games

    return run


def open_spiel_run() -> Callable[[float, int], tuple[int, int]] | None:
    """OpenSpiel's pure-Python block dominoes, random playouts (None if not installed)."""
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
    except ImportError:
        return None
    spiel_game = pyspiel.load_game("python_block_dominoes")

    def run(seconds: float, first_seed: int) -> tuple[int, int]:
        rng = random.Random(first_seed)
        actions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
            games += 1
        return actions, games

    return run


def midgame(players: int) -> Game:
    rng = random.Random(1)
    game = Game.new(players, seed=1)
    for _ in range(3 * players):
        game.push(rng.choice(game.legal_actions()))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per series")
    parser.add_argument("--slices", type=int, default=10)
    args = parser.parse_args()

    counts = (2, 3, 4, 5, 6)
    series = {
        (p, checked): Series(carnival_run(p, checked)) for p in counts for checked in (True, False)
    }
    peer_run = open_spiel_run()
    peer = Series(peer_run) if peer_run is not None else None
    everything = list(series.values()) + ([peer] if peer is not None else [])
    for _ in tqdm(range(args.slices), desc="interleaved slices"):
        for one in everything:
            one.slice(args.seconds / args.slices)

    print("Carnival rules engine, uniformly random playouts")
    print("  players   play(): actions/s  games/s   push(): actions/s  games/s   actions/game")
    for p in counts:
        slow, fast = series[p, True], series[p, False]
        print(
            f"  {p:>7} {slow.actions_per_second:>17,.0f} {slow.games_per_second:>8,.0f}"
            f" {fast.actions_per_second:>18,.0f} {fast.games_per_second:>8,.0f}"
            f" {fast.actions / fast.games:>14.0f}"
        )
    game = midgame(4)
    rng = random.Random(2)
    heuristic = game.heuristic()
    legal = game.legal_actions()
    timings = {
        "copy()": game.copy,
        "legal_actions()": game.legal_actions,
        "determinized(rng)": lambda: game.determinized(rng),
        "observation(0)": lambda: game.observation(0),
        "heuristic values": lambda: heuristic.values(game),
        f"heuristic scores of {len(legal)} actions": lambda: heuristic.action_scores(game, legal),
    }
    print_microseconds(timings, "of a 4-player game", number=5_000)

    if peer is None:
        print("OpenSpiel not installed (pip install -e '.[bench]'): no peer comparison")
        return
    print(
        f"OpenSpiel python_block_dominoes random playouts: {peer.actions_per_second:,.0f} "
        f"actions/s, {peer.games_per_second:,.0f} games/s"
    )
    print(
        "  ratio in actions/s, Carnival / block dominoes (target: at least 3x); push() is the"
        " like-for-like path: OpenSpiel's apply_action does not check legality either"
    )
    for p in counts:
        print(
            f"  {p} players: play() {series[p, True].actions_per_second / peer.actions_per_second:.2f}x, "
            f"push() {series[p, False].actions_per_second / peer.actions_per_second:.2f}x"
        )


if __name__ == "__main__":
    main()
