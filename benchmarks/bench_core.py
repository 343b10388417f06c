"""Rules-engine speed: random playouts, copy(), legal_actions(), and one game's memory.

Run: ``python benchmarks/bench_core.py [--seconds 5]``. With the optional ``bench`` extra
installed (``pip install -e '.[bench]'``) it also runs OpenSpiel's pure-Python
``python_block_dominoes`` random playouts in the same run and prints the ratio.
"""

from __future__ import annotations

import argparse
import random
import time
import timeit
import tracemalloc

from carnuta_core import Game


def playouts(players: int, seconds: float) -> tuple[float, float, float]:
    """Random games through the engine's unchecked fast path: (actions/s, games/s, actions/game)."""
    rng = random.Random(0)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game.new(players, seed=games)
        while not game.is_over:
            legal = game._legal()
            game._apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed, actions / games


def checked_playouts(players: int, seconds: float) -> float:
    """The same through the public, checked ``play`` (with undo snapshots): actions/s."""
    rng = random.Random(0)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game.new(players, seed=games)
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
            actions += 1
        games += 1
    return actions / (time.perf_counter() - start)


def midgame(players: int) -> Game:
    """A position some rounds in, at the start of a turn (the common case for a bot)."""
    rng = random.Random(1)
    game = Game.new(players, seed=1)
    played = 0
    while played < 120 or game.phase != "actions" or game.actions_left < 2:
        legal = game._legal()
        game._apply(legal[rng.randrange(len(legal))])
        played += 1
    return game


def microseconds(statement: object, number: int = 20000) -> float:
    return min(timeit.repeat(statement, number=number, repeat=5)) / number * 1e6  # type: ignore[arg-type]


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
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    return actions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()

    print("Carnuta rules engine")
    for players in (2, 3, 4):
        rate, games, length = playouts(players, args.seconds)
        print(
            f"  {players} players, random playouts (fast path): {rate:>9,.0f} actions/s, "
            f"{games:>6,.0f} games/s, {length:.0f} actions/game"
        )
    checked = checked_playouts(4, args.seconds)
    print(f"  4 players, random playouts via play() (checked, undo): {checked:>9,.0f} actions/s")
    game = midgame(4)
    print(f"  copy() of a 4-player mid-game:          {microseconds(game.copy):6.1f} µs")
    print(f"  legal_actions() of a 4-player mid-game: {microseconds(game.legal_actions):6.1f} µs")
    print(f"  peak memory of one 4-player game played with play(): {peak_memory_kib(4):,.0f} KiB")

    peer = open_spiel_playouts(args.seconds)
    if peer is None:
        print("OpenSpiel not installed (pip install -e '.[bench]'): no peer comparison")
        return
    ours, _, _ = playouts(4, args.seconds)
    print(f"OpenSpiel python_block_dominoes random playouts: {peer:,.0f} actions/s")
    print(f"  ratio, 4-player Carnuta / block dominoes: {ours / peer:.2f}x (target: at least 3x)")


if __name__ == "__main__":
    main()
