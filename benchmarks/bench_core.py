"""Rules-engine speed: random playouts, copy(), legal_actions(), and one game's memory.

Run: ``python benchmarks/bench_core.py [--seconds 5]``. With the optional ``bench`` extra
installed (``pip install -e '.[bench]'``) it also runs OpenSpiel's pure-Python
``python_block_dominoes`` random playouts in the same run and prints the ratios.

Times are the process's CPU time (``time.process_time``), so that other work on a shared
machine slows both sides alike; the comparison with OpenSpiel alternates short rounds of
each and reports the median ratio.
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from statistics import median

from timing import microseconds

from carnuta_core import Game


def playouts(players: int, seconds: float, *, checked: bool) -> tuple[float, float, float]:
    """Random games through the public API, ``legal_actions()`` then ``play()`` (checked, with
    events and undo) or ``push()`` (the fast path): (actions/s, games/s, actions/game)."""
    rng = random.Random(0)
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Game.new(players, seed=games)
        apply = game.play if checked else game.push
        while not game.is_over:
            legal = game.legal_actions()
            apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    elapsed = time.process_time() - start
    return actions / elapsed, games / elapsed, actions / games


def midgame(players: int) -> Game:
    """A position some rounds in, at the start of a turn (the common case for a bot)."""
    rng = random.Random(1)
    game = Game.new(players, seed=1)
    played = 0
    while played < 120 or game.phase != "actions" or game.actions_left < 2:
        legal = game.legal_actions()
        game.push(legal[rng.randrange(len(legal))])
        played += 1
    return game


def peak_memory_kib(players: int) -> float:
    tracemalloc.start()
    game = Game.new(players, seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def open_spiel_playouts(seconds: float) -> float | None:
    """OpenSpiel's pure-Python block dominoes, random playouts: actions/s (None if absent)."""
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
    except ImportError:
        return None
    spiel_game = pyspiel.load_game("python_block_dominoes")
    rng = random.Random(0)
    actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    return actions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()

    print("Carnuta rules engine, random playouts through legal_actions() and:")
    for players in (2, 3, 4):
        for checked, name in ((True, "play() (checked, events, undo)"), (False, "push() (fast)")):
            rate, games, length = playouts(players, args.seconds, checked=checked)
            print(
                f"  {players} players, {name:<31} {rate:>9,.0f} actions/s, "
                f"{games:>6,.0f} games/s, {length:.0f} actions/game"
            )
    game = midgame(4)
    print(
        f"  copy() of a 4-player mid-game:          {microseconds(game.copy, number=20_000):6.1f} µs"
    )
    print(
        f"  legal_actions() of a 4-player mid-game: {microseconds(game.legal_actions, number=20_000):6.1f} µs"
    )
    print(f"  peak memory of one 4-player game played with play(): {peak_memory_kib(4):,.0f} KiB")

    if open_spiel_playouts(0.01) is None:
        print("OpenSpiel not installed (pip install -e '.[bench]'): no peer comparison")
        return
    rounds = 15
    burst = args.seconds / rounds
    ratios: dict[str, list[float]] = {"play": [], "push": []}
    peers = []
    for _ in range(rounds):
        peer = open_spiel_playouts(burst)
        assert peer is not None
        peers.append(peer)
        ratios["play"].append(playouts(4, burst, checked=True)[0] / peer)
        ratios["push"].append(playouts(4, burst, checked=False)[0] / peer)
    print(f"OpenSpiel python_block_dominoes random playouts: {median(peers):,.0f} actions/s")
    for name, target in (("play", 3), ("push", 5)):
        values = sorted(ratios[name])
        print(
            f"  ratio, 4-player Carnuta {name}() / block dominoes: {median(values):.2f}x "
            f"(median of {rounds} alternating rounds, {values[0]:.2f}-{values[-1]:.2f}; "
            f"target: at least {target}x)"
        )


if __name__ == "__main__":
    main()
