"""Command line: ``carnuta play --players 3 --seed 7`` plays a bot game; ``carnuta lab``
opens JupyterLab on the lessons (``python -m carnuta_core`` works the same)."""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from .bots import BOTS, make_bot, play_game
from .deck import load_deck
from .game import Game
from .rules import Rules
from .transcript import transcript

#: The checkout the kit runs from, when it is not an installed copy.
CHECKOUT = Path(__file__).resolve().parent.parent
FIRST_LESSON = Path("notebooks") / "00_start_here.ipynb"
#: The player counts of the printed game (the reserve table lists them).
PLAYER_COUNTS = Rules().player_counts


#: Where JupyterLab lands: the first lesson, in the URL it prints and in the one it opens.
FIRST_LESSON_URL = "/lab/tree/" + FIRST_LESSON.as_posix()


def lab_command(folder: Path, extra: Sequence[str] = ()) -> list[str]:
    """The JupyterLab command that opens the first lesson with ``folder`` as its root."""
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}"]
    # The landing page is the lesson, not the Launcher: JupyterLab prints this URL (with its
    # token) and opens it, so a link copied from a remote or headless machine lands there
    # too. (A file given as an argument is only opened by a local browser.)
    command.append(f"--LabApp.default_url={FIRST_LESSON_URL}")
    # JupyterLab refuses root unless told: containers, Binder-like services and many lab
    # machines run as root.
    if getattr(os, "geteuid", lambda: -1)() == 0:
        command.append("--allow-root")
    return command + list(extra)


def open_lab(folder: Path, extra: Sequence[str]) -> int:
    if importlib.util.find_spec("jupyterlab") is None:
        print(
            "JupyterLab is not installed. Install the kit with it:\n"
            '    pip install "carnuta-kit[lab]"      (in a checkout: pip install -e ".[lab]")',
            file=sys.stderr,
        )
        return 1
    if not (folder / FIRST_LESSON).is_file():
        print(
            f"No lessons in {folder}: pass the kit's folder (the one holding "
            f"{FIRST_LESSON.parent}/) with --dir.",
            file=sys.stderr,
        )
        return 1
    command = lab_command(folder, extra)
    if os.name == "posix":  # JupyterLab takes over this process and its Ctrl-C
        os.chdir(folder)
        os.execv(command[0], command)
    return subprocess.call(command, cwd=folder)


def main(argv: Sequence[str] | None = None) -> int:
    # The module docstring, without its reStructuredText literal marks: --help is plain text.
    parser = argparse.ArgumentParser(prog="carnuta", description=(__doc__ or "").replace("``", ""))
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
    lab = commands.add_parser(
        "lab",
        help="open JupyterLab on the lessons (needs the [lab] extra)",
        description="Open JupyterLab on the first lesson. Any other option goes to "
        "JupyterLab, e.g. carnuta lab --port 8890 --no-browser.",
        allow_abbrev=False,
    )
    lab.add_argument(
        "--dir", type=Path, default=CHECKOUT, help="the kit's folder (default: this checkout)"
    )
    args, extra = parser.parse_known_args(argv)
    if args.command == "lab":
        return open_lab(args.dir.resolve(), extra)
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    # Checked before any work: a count the game cannot hold would build a list of bots first,
    # and a save that cannot be written would lose the game played.
    low, high = min(PLAYER_COUNTS), max(PLAYER_COUNTS)
    if not low <= args.players <= high:
        parser.error(f"--players: Carnuta is played by {low} to {high} players, not {args.players}")
    if args.save and not os.access(Path(args.save).resolve().parent, os.W_OK):
        parser.error(
            f"--save: cannot write in {Path(args.save).resolve().parent} (no such folder?)"
        )
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
    except OSError as error:  # a deck file that cannot be read
        parser.error(f"--deck: {error.strerror or error}: {args.deck}")
    print(transcript(game, actions=not args.quiet))
    if args.save:
        try:
            with open(args.save, "w", encoding="utf-8") as out:
                out.write(game.to_json())
        except OSError as error:
            print(f"carnuta: --save: {error.strerror or error}: {args.save}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
