"""Command line: ``python -m carnuta_core play --players 3 --seed 7`` plays a bot game."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .bots import BOTS, make_bot, play_game
from .deck import load_deck
from .game import Game
from .transcript import transcript


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m carnuta_core", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game between bots and print it")
    play.add_argument("--players", type=int, default=3, help="2, 3 or 4 (default 3)")
    play.add_argument("--seed", type=int, default=None, help="the game's seed (default random)")
    play.add_argument(
        "--bots",
        default="greedy",
        help=f"one bot for all seats or a comma list per seat ({', '.join(BOTS)})",
    )
    play.add_argument("--deck", default=None, help="a deck CSV (default: the reference deck)")
    play.add_argument("--save", default=None, help="write the saved game (JSON) to this file")
    play.add_argument("--quiet", action="store_true", help="print only the score pads")
    args = parser.parse_args(argv)

    names = args.bots.split(",")
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        parser.error(f"--bots names {len(names)} bots for {args.players} players")
    try:
        bots = [
            make_bot(name.strip(), None if args.seed is None else args.seed + seat)
            for seat, name in enumerate(names)
        ]
        deck = load_deck(args.deck) if args.deck else None
        game = Game.new(args.players, seed=args.seed, deck=deck)
        game = play_game(bots, game=game)
    except ValueError as error:
        parser.error(str(error))
    print(transcript(game, actions=not args.quiet))
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            out.write(game.to_json())
    return 0


if __name__ == "__main__":
    sys.exit(main())
