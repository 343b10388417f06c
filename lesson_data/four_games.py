"""The kit's four games measured the same way: Carnuta, Carnival, Carcata and Karnak.

Lesson 19 reads ``four_games.json``. Each game's two runs are those of
``lesson_data.three_games`` (2 players; the greedy bot against itself on seeds
``0 .. GAMES-1``, and against the random bot on seeds ``0 .. SKILL_SEEDS-1``, each played from
both seats), with the same recorders: the lab's columns, the legal actions at each decision,
and how Carcata ended. Karnak's rows also say how a Karnak game ended (``KarnakEnds``): who
took its last action, what ended it (``Game.ending``: the last Favor card, as the rulebook
means, or one of the kit's rulings, a locked mat or the round limit), how many Designs each seat
revealed, and, among the Designs it holds at the end, how many were complete
at some moment while it held them and how many of those are broken at the end (and how many
by the rival). Karnak is played with the kit's reconstruction (the mat, the 46 Designs, the
Favor mix): its figures hold for that reconstruction. Rerun with
``python -m lesson_data.four_games`` (a minute or two on one core).
"""

from __future__ import annotations

from typing import Any, ClassVar

from lesson_data import three_games
from lesson_data.karnak_building import DesignWatch


class KarnakEnds(DesignWatch):
    """How a Karnak game ended, per seat, and the Designs it broke."""

    __slots__ = ()

    columns: ClassVar[dict[str, str]] = {
        "triggered_end": "the seat took the game's last action (the reveal that took the last "
        "Favor card, or the last turn before the round limit)",
        "ending": "what ended the game (Game.ending): 'favor' (the last Favor card was taken), "
        "'locked' (no piece could be placed or moved any more) or 'rounds' (the round limit)",
        "rounds": "the rounds played",
        "reveals": "the Designs the seat revealed",
        "completed": "the Designs the seat holds at the end that were complete at some moment "
        "while it held them",
        "broken": "of those, the Designs not complete at the end",
        "broken_by_rival": "of those, the Designs a rival's action broke last",
    }

    def seat_columns(self, state: Any, seat: int) -> dict[str, Any]:
        broken = [who for owner, who in self.broken(state) if owner == seat]
        return {
            "triggered_end": state.log[-1][0] == seat,
            "ending": state.ending,
            "rounds": state.round,
            "reveals": len(state.revealed(seat)),
            "completed": sum(owner == seat for owner, _ in self.completed(state)),
            "broken": len(broken),
            "broken_by_rival": broken.count("rival"),
        }


#: The columns of Karnak's rows beside ``three_games.KEPT``.
ENDS = tuple(KarnakEnds.columns)
#: The four games, in the order the lesson puts them.
ORDER = ("Carnuta", "Carnival", "Carcata", "Karnak")


def titles() -> dict[str, Any]:
    """The four games, as printed (Carnuta: the kit's reference deck; Karnak: the kit's
    reconstruction)."""
    from karnak_core import KarnakTitle

    games = {**three_games.titles(), "Karnak": KarnakTitle()}
    return {name: games[name] for name in ORDER}


def recorded(name: str, title: Any) -> three_games.Recorded:
    """The game ``name`` as the lab records it here (Karnak's by ``KarnakEnds``)."""
    return three_games.Recorded(title, ends=KarnakEnds if name == "Karnak" else None)


def compute(sample: int | None = None, progress: bool = False) -> dict[str, Any]:
    """Both runs of each game, on the first ``sample`` seeds of each (all by default)."""
    data = three_games.compute(sample, progress=progress)
    karnak = recorded("Karnak", titles()["Karnak"])
    data["runs"]["Karnak"] = three_games.both_runs(karnak, sample, ENDS, progress=progress)
    return data


if __name__ == "__main__":
    from lesson_data import write

    print(write("four_games", compute(progress=True)))
