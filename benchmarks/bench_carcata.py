"""Carcata engine speed: random playouts through ``play()`` and ``push()``, beside OpenSpiel.

Run: ``python benchmarks/bench_carcata.py [--seconds 3]``. As in ``bench_carnival.py`` (whose
slices and OpenSpiel runner it shares), every series runs in short interleaved slices, and with
the ``bench`` extra installed OpenSpiel's pure-Python ``python_block_dominoes`` random playouts
run in the same process. Both games have chance: a random playout draws each chance outcome
by its probability, as OpenSpiel's does, and counts it as an action, as OpenSpiel does; the
decisions alone are printed too. ``play()`` rolls the dice itself, from the game's own stream,
so its series counts decisions only. A third series keeps the first roll every turn, so that
its games are mostly effects (movements, flows, eruptions, statues).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bench_carnival import Series, open_spiel_run
from timing import print_microseconds
from tqdm.auto import tqdm

from carcata_core import Game
from carcata_core.actions import KEEP


def push_run(
    players: int, keeper: bool = False
) -> tuple[Callable[[float, int], tuple[int, int]], list[int]]:
    """Uniformly random decisions and chance by its probabilities, all through ``push``;
    also returns a one-item list counting the decisions among the actions. ``keeper``: the
    players keep their first roll (a uniformly random player rerolls nearly every time, so
    its games are mostly dice; a keeper's are mostly effects: movements, flows, eruptions)."""
    decisions = [0]

    def run(seconds: float, first_seed: int) -> tuple[int, int]:
        rng = random.Random(first_seed)
        actions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            game = Game.new(players, seed=first_seed + games)
            while not game.is_over:
                if game.is_chance:
                    outcomes, chances = zip(*game.chance_outcomes(), strict=True)
                    game.push(rng.choices(outcomes, chances)[0])
                elif keeper and game.phase == "dice":
                    game.push(KEEP)
                    decisions[0] += 1
                else:
                    game.push(rng.choice(game.legal_actions()))
                    decisions[0] += 1
                actions += 1
            games += 1
        return actions, games

    return run, decisions


def play_run(players: int) -> Callable[[float, int], tuple[int, int]]:
    """Uniformly random decisions through ``play`` (checked, undo kept, chance resolved from
    the game's own stream)."""

    def run(seconds: float, first_seed: int) -> tuple[int, int]:
        rng = random.Random(first_seed)
        actions = games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            game = Game.new(players, seed=first_seed + games)
            game.settle()
            while not game.is_over:
                game.play(rng.choice(game.legal_actions()))
                actions += 1
            games += 1
        return actions, games

    return run


def midgame(players: int) -> Game:
    """A position some way into a seeded random game, at a decision."""
    rng = random.Random(1)
    game = Game.new(players, seed=1)
    for _ in range(40 * players):
        if game.is_over:
            break
        if game.is_chance:
            game.push(game.sample_chance())
        else:
            game.push(rng.choice(game.legal_actions()))
    game.settle()
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per series")
    parser.add_argument("--slices", type=int, default=10)
    args = parser.parse_args()

    counts = (2, 3, 4)
    pushes = {p: push_run(p) for p in counts}
    fast = {p: Series(pushes[p][0]) for p in counts}
    slow = {p: Series(play_run(p)) for p in counts}
    keepers = {p: push_run(p, keeper=True) for p in counts}
    kept = {p: Series(keepers[p][0]) for p in counts}
    peer_run = open_spiel_run()
    peer = Series(peer_run) if peer_run is not None else None
    everything = [*fast.values(), *slow.values(), *kept.values()]
    everything += [peer] if peer is not None else []
    for _ in tqdm(range(args.slices), desc="interleaved slices"):
        for one in everything:
            one.slice(args.seconds / args.slices)

    print("Carcata rules engine, uniformly random playouts")
    print(
        "  players   push(): actions/s  decisions/s  games/s  actions/game"
        "   play(): decisions/s  games/s"
    )
    for p in counts:
        decisions = pushes[p][1][0] / fast[p].seconds
        print(
            f"  {p:>7} {fast[p].actions_per_second:>18,.0f} {decisions:>12,.0f}"
            f" {fast[p].games_per_second:>8,.0f} {fast[p].actions / fast[p].games:>13.0f}"
            f" {slow[p].actions_per_second:>20,.0f} {slow[p].games_per_second:>8,.0f}"
        )
    print("  players who keep their first roll (games of effects), through push():")
    for p in counts:
        print(
            f"  {p:>7} {kept[p].actions_per_second:>18,.0f} actions/s"
            f" {kept[p].games_per_second:>8,.0f} games/s"
            f" {kept[p].actions / kept[p].games:>6.0f} actions/game"
        )
    game = midgame(2)
    heuristic = game.heuristic()
    legal = game.legal_actions()
    rng = random.Random(2)
    timings = {
        "copy()": game.copy,
        "legal_actions()": game.legal_actions,
        "determinized(rng)": lambda: game.determinized(rng),
        "heuristic values": lambda: heuristic.values(game),
        f"heuristic scores of {len(legal)} actions": lambda: heuristic.action_scores(game, legal),
    }
    print_microseconds(timings, "of a 2-player game", number=2_000, width=8)

    if peer is None:
        print("OpenSpiel not installed (pip install -e '.[bench]'): no peer comparison")
        return
    print(
        f"OpenSpiel python_block_dominoes random playouts: {peer.actions_per_second:,.0f} "
        f"actions/s, {peer.games_per_second:,.0f} games/s"
    )
    print(
        "  ratio in actions/s (chance outcomes counted in both), Carcata push() / block "
        "dominoes (target: at least 3x)"
    )
    for p in counts:
        print(f"  {p} players: {fast[p].actions_per_second / peer.actions_per_second:.2f}x")


if __name__ == "__main__":
    main()
