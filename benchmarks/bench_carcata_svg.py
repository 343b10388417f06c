"""Carcata's pictures: how long ``island_svg`` and ``dice_svg`` take for a full board.

Run: ``python benchmarks/bench_carcata_svg.py [--repeat 200]``. The board holds 4 players'
20 pawns, a Turtle rider, 3 flows to the sea (three territories), 4 statues and 20 gems;
it is drawn with every space's name, 12 glowing spaces and a chosen one, in both layouts.
Also timed: a played game's picture (read through ``view_of``, as ``Game._repr_svg_`` does).
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from timing import timed  # noqa: E402

from carcata_core import Game  # noqa: E402
from carcata_core.board import ISLAND  # noqa: E402
from carcata_core.svg import IslandView, dice_svg, island_svg  # noqa: E402


def full_board() -> IslandView:
    flows = [[ISLAND.cell("6-1"), *ISLAND.ray(ISLAND.cell("6-1"), "ne")],
             [ISLAND.cell("6-3"), *ISLAND.ray(ISLAND.cell("6-3"), "se")],
             [ISLAND.cell("6-5"), *ISLAND.ray(ISLAND.cell("6-5"), "w")]]  # fmt: skip
    lava = {c for flow in flows for c in flow}
    free = [c for c in range(ISLAND.size) if c not in lava]
    pawns = {free[k * 5]: k % 4 for k in range(19)}
    rest = [c for c in free if c not in pawns]
    colours = ["emerald"] * 8 + ["ruby"] * 6 + ["sapphire"] * 4 + ["diamond"] * 2
    gems: dict[int | str, list[str]] = {}
    for k, colour in enumerate(colours):
        gems.setdefault(rest[3 + (k % 12) * 7], []).append(colour)
    statues = rest[1:80:20]
    return IslandView.build(players=4, pawns=pawns, riders=[3], flows=flows, statues=statues,
                            statues_left=0, gems=gems, bag=(0, 0, 0, 0), turtle=(7, 1, 19),
                            dice=("move", "lava", "eruption", "statue", "turtle"),
                            pool={"move": 1, "lava": 1, "eruption": 1, "statue": 1})  # fmt: skip


def played_game() -> Game:
    """A 4-player game 150 random actions in (chance drawn from the game's own stream)."""
    game = Game.new(4, seed=15)
    rng = random.Random(15)
    for _ in range(150):
        if game.is_over:
            break
        if game.is_chance:
            game.push(game.sample_chance())
        else:
            game.push(rng.choice(list(game.legal_actions())))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    view = full_board()
    glow = list(range(12))
    for layout in ("wide", "narrow"):
        picture = island_svg(view, labels=True, highlight=glow, chosen=3, layout=layout)
        wall, cpu = timed(
            lambda layout=layout: island_svg(
                view, labels=True, highlight=glow, chosen=3, layout=layout
            ),  # fmt: skip
            args.repeat,
        )
        print(f"island_svg, {layout}, full board: {wall * 1000:.2f} ms "
              f"(CPU {cpu * 1000:.2f} ms), {len(picture) / 1000:.1f} kB")  # fmt: skip
    game = played_game()
    wall, cpu = timed(lambda: island_svg(game), args.repeat)
    print(
        f"island_svg of a Game (view_of included), {game}: {wall * 1000:.2f} ms "
        f"(CPU {cpu * 1000:.2f} ms)"
    )
    wall, cpu = timed(lambda: dice_svg(view), args.repeat)
    print(f"dice_svg: {wall * 1000:.3f} ms, {len(dice_svg(view)) / 1000:.1f} kB")


if __name__ == "__main__":
    main()
