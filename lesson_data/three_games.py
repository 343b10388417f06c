"""Carcata, Carnuta and Carnival measured the same way: greedy games, recorded by the lab.

Lessons 15 and 16 read ``three_games.json`` (``lesson_data.four_games`` adds Karnak, measured by
the same runs: ``both_runs``). For each game, two runs of 2 players, the kit's
greedy bot in every seat that is not the random bot (Carcata's greedy bot judges each chance by
``CHANCE_BUDGET`` outcomes):

- ``self_play``: the greedy bot against itself, seeds ``0 .. GAMES-1``;
- ``against_random``: the greedy bot against the random bot, seeds ``0 .. SKILL_SEEDS-1``,
  each played twice with the seats swapped (paired deals).

Each game's rows are the lab's (``lab.simulate``, one per seat: the game's own recorder, so
Carnival's lead follows its public score), plus the legal actions at each of the seat's
decisions (``ChoiceRecorder``: chance outcomes are no decisions). Carcata's rows also say
whether the seat took the game's last turn, whether the island won, the territories at the end
and the seat's points from them (``CarcataEnds``). Carcata as printed with the kit's
reconstruction, Carnuta with the kit's reference deck. Rerun with
``python -m lesson_data.three_games`` (a few minutes on one core).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.lab.game_measures import ChoiceRecorder, CountingChoices
from tabletop.lab.record import Outcome, Recorder

#: Greedy self-play games per game, seeds 0 .. GAMES-1.
GAMES = 40
#: Seeds of the greedy bot against the random bot, each played from both seats.
SKILL_SEEDS = 20
#: Positions Carcata's greedy bot judges per chance node (its default, 32, is slower).
CHANCE_BUDGET = 4
#: The columns kept in the file, per seat and game (the measures' own, and the recorders').
KEPT = ("variant", "game", "seed", "rotation", "players", "seat", "bot", "score", "margin",
        "rank", "won", "win", "turns", "lead_changes", "legal_counts")  # fmt: skip
ENDS = ("triggered_end", "island_won", "territories", "territory_points")


class CarcataEnds(Recorder):
    """How a Carcata game ended, per seat."""

    __slots__ = ()

    columns: ClassVar[dict[str, str]] = {
        "triggered_end": "the seat took the game's last turn (an elimination, the last Turtle step)",
        "island_won": "the Turtle finished its laps before any tribe was eliminated",
        "territories": "the parts the lava cut the island into by the end",
        "territory_points": "the seat's points from loose gems in its pawns' closed territories",
    }

    def seat_columns(self, state: Any, seat: int) -> dict[str, Any]:
        return {
            "triggered_end": seat == state.turn_player,
            "island_won": state.island_won,
            "territories": len(state.territories()),
            "territory_points": state.points()[seat].territory,
        }


class CountedRecorder(ChoiceRecorder):
    """A game's own recorder, with ``ChoiceRecorder``'s count of legal actions beside it."""

    __slots__ = ("inner", "columns")

    def __init__(self, inner: Recorder):
        self.inner = inner
        self.columns = {**inner.columns, **ChoiceRecorder.columns}  # type: ignore[misc]

    def start(self, state: Any) -> None:
        super().start(state)
        self.inner.start(state)

    def before(self, state: Any, seat: int, action: Any) -> None:
        super().before(state, seat, action)
        self.inner.before(state, seat, action)

    def after(self, state: Any, seat: int, action: Any) -> None:
        self.inner.after(state, seat, action)

    def chance(self, state: Any, outcome: Any) -> None:
        self.inner.chance(state, outcome)

    def scores(self, state: Any) -> Any:
        return self.inner.scores(state)

    def outcome(self, state: Any) -> Outcome:
        return self.inner.outcome(state)

    def seat_columns(self, state: Any, seat: int) -> dict[str, Any]:
        return {**self.inner.seat_columns(state, seat), **super().seat_columns(state, seat)}


@dataclass(frozen=True)
class Recorded(CountingChoices):
    """``title``'s games, counted by ``ChoiceRecorder`` and recorded by ``ends`` (a recorder
    of how the game ended: ``CarcataEnds`` for Carcata unless said), else by the title's own
    recorder (Carnival's follows its public score), if any."""

    ends: Callable[[], Recorder] | None = None

    def recorder(self) -> CountedRecorder:
        ends = self.ends or (CarcataEnds if self.title.name == "Carcata" else None)
        if ends is not None:
            return CountedRecorder(ends())
        own = getattr(self.title, "recorder", None)
        return CountedRecorder(Recorder() if own is None else own())


def titles() -> dict[str, Any]:
    """The three games, as printed (Carnuta: the kit's reference deck)."""
    from carcata_core import CarcataTitle
    from carnival_core import CarnivalTitle
    from carnuta_core.title import CarnutaTitle

    return {"Carcata": CarcataTitle(), "Carnuta": CarnutaTitle(), "Carnival": CarnivalTitle()}


def greedy_spec(name: str) -> str | tuple[str, Mapping[str, int]]:
    """The greedy bot of the game ``name`` (Carcata's with this run's chance budget)."""
    return ("greedy", {"chance_budget": CHANCE_BUDGET}) if name == "Carcata" else "greedy"


def rows(table: Any, ends: Iterable[str] = ENDS) -> list[dict[str, Any]]:
    """A simulate table's rows, with the kept columns (and those of ``ends`` it has) as JSON
    values."""
    kept = [c for c in (*KEPT, *ends) if c in table]
    out = []
    for record in table[kept].to_dict("records"):
        record["legal_counts"] = list(record["legal_counts"])
        out.append({k: (v.item() if hasattr(v, "item") else v) for k, v in record.items()})
    return out


def seeds(sample: int | None = None) -> tuple[range, range]:
    """The seeds of the self-play run and of the run against the random bot (the first
    ``sample`` of each, or all)."""
    games, skill = (GAMES, SKILL_SEEDS) if sample is None else (sample, sample)
    return range(games), range(skill)


def both_runs(
    recorded: Recorded,
    sample: int | None = None,
    ends: Iterable[str] = ENDS,
    progress: bool = False,
) -> dict[str, list[dict[str, Any]]]:
    """A game's two runs (on the first ``sample`` seeds of each), their rows keeping the
    columns of ``ends`` its recorder adds."""
    from tabletop import lab

    self_seeds, skill_seeds = seeds(sample)
    greedy, ends = greedy_spec(recorded.name), tuple(ends)
    self_play = lab.simulate(recorded, greedy, players=2, seeds=self_seeds, workers=1,
                             progress=progress)  # fmt: skip
    against = lab.simulate(recorded, [greedy, "random"], seeds=skill_seeds, rotate=True,
                           workers=1, progress=progress)  # fmt: skip
    return {"self_play": rows(self_play, ends), "against_random": rows(against, ends)}


def compute(
    sample: int | None = None,
    games: tuple[str, ...] = ("Carcata", "Carnuta", "Carnival"),
    progress: bool = False,
) -> dict[str, Any]:
    """Both runs of each game, on the first ``sample`` seeds of each (all by default)."""
    self_seeds, skill_seeds = seeds(sample)
    runs = {name: both_runs(Recorded(title), sample, progress=progress)
            for name, title in titles().items() if name in games}  # fmt: skip
    return {"chance_budget": CHANCE_BUDGET, "games": len(self_seeds),
            "skill_seeds": len(skill_seeds), "runs": runs}  # fmt: skip


if __name__ == "__main__":
    from lesson_data import write

    print(write("three_games", compute(progress=True)))
