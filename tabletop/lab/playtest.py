"""People at the table: a class's recorded games (``tabletop.playtests``) read and set beside
the bots'.

- ``read_playtests(folder, games)`` reads a folder of playtest files within bounds; a file it
  cannot use is skipped and named, with the reason, in ``skipped``;
- ``seat_table`` has one row per seat per game: the lab's columns (``simulate``'s, from the
  game's own recorder: score, rank, share of the win, turns, lead changes, who ended the
  game...) with who sat there;
- ``decision_table`` has one row per recorded decision: its seconds, how many actions were
  legal, and, for a game whose adapter ranks decisions (Carnuta's coach), whether the
  coach's first choice was taken and what a departure cost, in the search's value and in the
  points the coach counts;
- ``compare`` sets people and each bot side by side; ``plot_decision_times`` and
  ``plot_coach_agreement`` draw them.

``games`` lists each game's adapter (``carnuta_core.playtest.CARNUTA``,
``carnival_core.playtest.CARNIVAL_PLAYTESTS``): how its saves load (``load``, the engine's
``Game.from_json``), where a history starts (``start``), its lab title (``title``) and,
optionally, ``ranking(state, seed)``: the actions ranked for the player to move, best first,
as ``(action, value, points)``. Nothing here knows a rule: every game is replayed by its
engine.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..playtests import MAX_RECORD_TEXT, PlaytestError, PlaytestRecord, read_record
from ..protocol import CHANCE, Action, GameState, GameTitle
from ..saves import short_repr
from .record import Recorder
from .run import GameTask, play_one, recorder_for
from .stats import wilson
from .words import check_lang

if TYPE_CHECKING:
    import pandas as pd

#: The most files a folder may hold to be read (a class of 40 playing 10 games each, twice).
MAX_FILES = 800
#: The most characters read from one folder, all files together.
MAX_FOLDER_TEXT = 200_000_000

__all__ = [
    "MAX_FILES",
    "JUDGED",
    "MAX_FOLDER_TEXT",
    "PlayedGame",
    "Playtests",
    "PlaytestGame",
    "compare",
    "decision_table",
    "plot_coach_agreement",
    "plot_decision_times",
    "read_playtests",
    "seat_table",
]


class PlaytestGame(Protocol):
    """What the analysis needs of a game (see the module's doc)."""

    @property
    def engine(self) -> str: ...

    @property
    def judge(self) -> str: ...

    def load(self, save: dict[str, Any]) -> Any: ...

    def start(self, game: Any) -> Any: ...

    def title(self, game: Any) -> GameTitle: ...


@dataclass(frozen=True)
class PlayedGame:
    """One recorded game: its file's record and the game its save loads to."""

    record: PlaytestRecord
    game: Any
    adapter: PlaytestGame


@dataclass
class Playtests:
    """A folder's games, and the files skipped (file name, why)."""

    folder: Path
    games: list[PlayedGame] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    @property
    def stand_ins(self) -> bool:
        """Whether any game's "human" seats were played by a stand-in program."""
        return any(g.record.stand_in for g in self.games)


def read_playtests(
    folder: str | Path,
    games: Sequence[PlaytestGame],
    *,
    max_files: int = MAX_FILES,
    max_text: int = MAX_FOLDER_TEXT,
) -> Playtests:
    """The playtest files (``*.json``) of ``folder``, each checked and its save loaded by
    its game's adapter in ``games``. A folder with more than ``max_files`` files, or more
    than ``max_text`` characters in all, is refused (``PlaytestError``); a file that cannot
    be used is skipped and named in ``skipped``."""
    if not isinstance(folder, (str, Path)) or not Path(folder).is_dir():
        raise PlaytestError("folder", f"a folder of playtest files, not {short_repr(folder)}")
    if isinstance(games, (str, bytes)) or not isinstance(games, Sequence):
        raise PlaytestError("games", f"a list of games' adapters, not {short_repr(games)}")
    if not games or not all(
        isinstance(getattr(a, "engine", None), str) and callable(getattr(a, "load", None))
        for a in games
    ):
        raise PlaytestError("games", "one adapter or more, such as carnuta_core.playtest.CARNUTA")
    by_engine = {adapter.engine: adapter for adapter in games}
    paths = sorted(p for p in Path(folder).glob("*.json") if p.is_file())
    if len(paths) > max_files:
        raise PlaytestError(
            "folder", f"{len(paths):,} files; at most {max_files:,} are read (max_files)"
        )
    total = sum(p.stat().st_size for p in paths)
    if total > max_text:
        raise PlaytestError("folder", f"{total:,} bytes; at most {max_text:,} are read (max_text)")
    found = Playtests(Path(folder))
    for path in paths:
        try:
            found.games.append(read_game(path, by_engine))
        except (PlaytestError, OSError, UnicodeDecodeError) as problem:
            found.skipped.append((path.name, str(problem)))
    return found


def read_game(path: Path, by_engine: Mapping[str, PlaytestGame]) -> PlayedGame:
    """One file read and its save loaded; any problem is a ``PlaytestError`` naming it."""
    name = path.name
    if path.stat().st_size > MAX_RECORD_TEXT:
        raise PlaytestError(f"{name}: file", f"larger than {MAX_RECORD_TEXT:,} bytes")
    record = read_record(path.read_text(encoding="utf-8"), name)
    adapter = by_engine.get(record.engine)
    if adapter is None:
        raise PlaytestError(f"{name}: engine", f"{record.engine!r} is not among the games given")
    try:
        game = adapter.load(record.save)
    except ValueError as problem:  # the engine's own error naming the field of the save
        raise PlaytestError(f"{name}: save", str(problem)) from None
    log = game.log
    if len(record.seats) != game.num_players:
        raise PlaytestError(f"{name}: seats", f"{len(record.seats)} for {game.num_players} players")
    for k, decision in enumerate(record.decisions):
        if decision.index >= len(log) or log[decision.index][0] != decision.seat:
            raise PlaytestError(
                f"{name}: decisions[{k}]", "does not match the save's history (index or seat)"
            )
    if not game.is_over:
        raise PlaytestError(f"{name}: save", "the game is not finished")
    return PlayedGame(record, game, adapter)


# --------------------------------------------------------------------------- seats
@dataclass(frozen=True)
class Replayed:
    """A recorded game's start, as a title the lab can deal (``play_one``), with the real
    title's recorder for its columns."""

    base: GameTitle
    start: Any

    @property
    def name(self) -> str:
        return self.base.name

    @property
    def player_counts(self) -> tuple[int, ...]:
        return (self.start.num_players,)

    def new(self, players: int, seed: int) -> GameState:
        copy: GameState = self.start.copy()
        return copy

    def describe(self) -> Mapping[str, Any]:
        return self.base.describe()

    def recorder(self) -> Recorder:
        return recorder_for(self.base)


class Replay:
    """A seat that plays again what was played there."""

    def __init__(self, actions: Sequence[Action]):
        self.name = "replay"
        self.actions = list(actions)
        self.next = 0

    def choose(self, state: Any) -> Action:
        action = self.actions[self.next]
        self.next += 1
        return action


def replay_seat(actions: Sequence[Action]) -> Callable[[int | None], Replay]:
    """A bot spec (``seed -> bot``) that replays ``actions``."""
    return lambda _seed: Replay(actions)


def seat_table(playtests: Playtests) -> pd.DataFrame:
    """One row per seat per game: the lab's columns for the game replayed (its ``seconds`` is
    the replay's time, dropped), with ``file``, ``engine``, ``stand_in``, ``lang``, ``kind``
    (``human`` or the bot), ``person`` (a human seat), ``people`` (human seats at that table),
    ``decisions`` and ``seconds_per_decision`` (the seat's median)."""
    import pandas as pd

    rows: list[dict[str, Any]] = []
    for number, played in enumerate(playtests.games):
        game, record = played.game, played.record
        log = list(game.log)
        actions = [[a for s, a in log if s == seat] for seat in range(game.num_players)]
        # Chance's outcomes (a game with chance nodes) are replayed as they fell.
        outcomes = tuple(a for s, a in log if s == CHANCE)
        task = GameTask(
            title=Replayed(played.adapter.title(game), played.adapter.start(game)),
            game=number,
            seed=game.seed,
            bots=tuple(replay_seat(seat_actions) for seat_actions in actions),
            max_actions=len(log) + 1,
            outcomes=outcomes or None,
        )
        people = record.seats.count("human")
        for row in play_one(task):
            seat = row["seat"]
            times = sorted(d.seconds for d in record.decisions if d.seat == seat)
            row.pop("seconds")
            row.update(
                file=record.name,
                engine=record.engine,
                stand_in=record.stand_in,
                lang=record.lang,
                bot=record.seats[seat],
                kind=record.seats[seat],
                person=record.seats[seat] == "human",
                people=people,
                decisions=len(times),
                seconds_per_decision=median(times),
            )
            rows.append(row)
    return pd.DataFrame(rows)


def median(values: Sequence[float]) -> float:
    """The median of sorted ``values`` (NaN for none)."""
    n = len(values)
    if not n:
        return math.nan
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


# ----------------------------------------------------------------------- decisions
#: The columns ``decision_table`` adds for a ranked decision.
JUDGED = ("top", "rank", "value_lost", "points_lost")


def decision_table(
    playtests: Playtests,
    *,
    rank: bool = True,
    known: pd.DataFrame | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """One row per recorded decision: ``file``, ``engine``, ``seat``, ``kind``, ``person``,
    ``index`` (in the history), ``seconds``, ``choices`` (legal actions then). When the
    game's adapter ranks decisions and ``rank`` is true: ``top`` (the first-ranked action was
    taken), ``rank`` (its place, NaN if the search did not try it), ``value_lost`` and
    ``points_lost`` (the first choice's value and points minus the action taken's; 0 when
    the first choice was taken). Ranking a decision costs a search: ``progress`` shows a bar,
    and ``known`` (an earlier ``decision_table``) gives the ranks of the decisions it holds
    (same ``file`` and ``index``), which are not searched again.
    """
    import pandas as pd

    reuse: dict[tuple[str, int], dict[str, Any]] = {}
    if known is not None:
        if not isinstance(known, pd.DataFrame) or not {"file", "index", *JUDGED} <= set(known):
            raise PlaytestError("known", "an earlier decision_table with its ranks")
        for earlier in known[["file", "index", *JUDGED]].to_dict("records"):
            reuse[(str(earlier["file"]), int(earlier["index"]))] = {k: earlier[k] for k in JUDGED}
    rows: list[dict[str, Any]] = []
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=sum(len(p.record.decisions) for p in playtests.games), desc="decisions")
    for played in playtests.games:
        record, game = played.record, played.game
        ranking = getattr(played.adapter, "ranking", None) if rank else None
        wanted = {d.index: d for d in record.decisions}
        state = played.adapter.start(game).copy()
        for index, (seat, action) in enumerate(game.log):
            decision = wanted.get(index)
            if decision is not None:
                row: dict[str, Any] = {
                    "file": record.name,
                    "engine": record.engine,
                    "stand_in": record.stand_in,
                    "seat": seat,
                    "kind": record.seats[seat],
                    "person": record.seats[seat] == "human",
                    "index": index,
                    "seconds": decision.seconds,
                    "choices": len(state.legal_actions()),
                }
                if ranking is not None:
                    found = reuse.get((record.name, index))
                    row.update(found or judged(ranking(state, index), action))
                rows.append(row)
                if bar is not None:
                    bar.update()
            state.push(action)
    if bar is not None:
        bar.close()
    return pd.DataFrame(rows)


def judged(ranked: Sequence[tuple[Action, float, float]], action: Action) -> dict[str, Any]:
    """How ``action`` stands in ``ranked`` (best first): taken first, its rank, and what
    the departure cost in value and in points (NaN when the action is not ranked)."""
    best_value, best_points = ranked[0][1], ranked[0][2]
    for place, (ranked_action, value, points) in enumerate(ranked, start=1):
        if ranked_action == action:
            return {
                "top": place == 1,
                "rank": place,
                "value_lost": 0.0 if place == 1 else best_value - value,
                "points_lost": 0.0 if place == 1 else best_points - points,
            }
    return {"top": False, "rank": math.nan, "value_lost": math.nan, "points_lost": math.nan}


# ------------------------------------------------------------------------ summaries
def compare(seats: pd.DataFrame, decisions: pd.DataFrame) -> pd.DataFrame:
    """People and each bot side by side, game by game (``engine``, ``kind``; ``stand_in``
    for "human" seats played by a stand-in program): ``seats`` played, mean ``score``, mean share of the win (``win``), share of its games ended by it
    (``ended``, the game's ``triggered_end`` column), mean ``turns`` of its games, median
    ``seconds`` per decision, and where decisions are ranked: ``ranked``, the decisions with
    a choice (more than one legal action; forced ones are left out), the share that took the
    first choice (``top``, with its 95% Wilson interval ``top_low``-``top_high``) and the
    mean ``points_lost`` and ``value_lost`` per departure."""
    import pandas as pd

    rows = []
    for (engine, kind), group in seats.groupby(["engine", "kind"], sort=True):
        mine = decisions[(decisions["engine"] == engine) & (decisions["kind"] == kind)]
        row: dict[str, Any] = {
            "engine": engine,
            "kind": kind,
            "stand_in": kind == "human" and bool(group["stand_in"].any()),
            "seats": len(group),
            "score": group["score"].mean(),
            "win": group["win"].mean(),
            "ended": group["triggered_end"].mean() if "triggered_end" in group else math.nan,
            "turns": group["turns"].mean(),
            "seconds": mine["seconds"].median() if len(mine) else math.nan,
        }
        # A forced decision (one legal action) says nothing of how one plays: left out.
        judged_rows = mine[mine["choices"] > 1] if "top" in mine else mine.iloc[:0]
        judged_rows = judged_rows[judged_rows["top"].notna()] if len(judged_rows) else judged_rows
        if len(judged_rows):
            n, hits = len(judged_rows), int(judged_rows["top"].astype(bool).sum())
            away = judged_rows[~judged_rows["top"].astype(bool)]
            low, high = wilson(hits, n)
            row.update(
                ranked=n,
                top=hits / n,
                top_low=low,
                top_high=high,
                points_lost=away["points_lost"].mean() if len(away) else 0.0,
                value_lost=away["value_lost"].mean() if len(away) else 0.0,
            )
        rows.append(row)
    return pd.DataFrame(rows)


def who(kind: str, stand_in: bool, lang: str = "en") -> str:
    """A seat kind as a plot labels it: a stand-in is never called a person. A bot keeps its
    name in the code (``greedy``); French says *humain*, *humain (simulé)*."""
    if kind != "human":
        return kind
    return PLOT_WORDS[check_lang(lang)]["stand_in" if stand_in else "human"]


#: The playtest plots' words, by language.
PLOT_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "human": "human",
        "stand_in": "human (stand-in)",
        "times_x": "seconds per decision (log scale; bots' times floored at 1 ms)",
        "times_title": "How long each decision took",
        "agreement_x": "share of decisions that took the coach's first choice (95% interval)",
        "agreement_title": "Who plays like the coach?",
    },
    "fr": {
        "human": "humain",
        "stand_in": "humain (simulé)",
        "times_x": "secondes par décision (échelle log ; temps des robots ramenés à 1 ms au moins)",
        "times_title": "Le temps de chaque décision",
        "agreement_x": "part des décisions qui ont pris le premier choix du coach (intervalle à 95 %)",
        "agreement_title": "Qui joue comme le coach ?",
    },
}


def plot_decision_times(decisions: pd.DataFrame, ax: Any = None, lang: str = "en") -> Any:
    """Seconds per decision, people against each bot, one box per (game, kind), on a log
    scale (a bot's decisions take milliseconds, a person's seconds); labels in ``lang``."""
    import matplotlib.pyplot as plt

    words = PLOT_WORDS[check_lang(lang)]
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.2))
    groups = list(decisions.groupby(["engine", "kind"], sort=True))
    data = [g["seconds"].clip(lower=0.001) for _, g in groups]
    labels = [
        f"{str(engine).removesuffix('_core')}\n{who(str(kind), bool(g['stand_in'].any()), lang)}"
        for (engine, kind), g in groups
    ]
    ax.boxplot(data, vert=False)
    ax.set_yticks(range(1, len(labels) + 1), labels)
    ax.set_xscale("log")
    ax.set_xlabel(words["times_x"])
    ax.set_title(words["times_title"])
    return ax


def plot_coach_agreement(table: pd.DataFrame, ax: Any = None, lang: str = "en") -> Any:
    """``compare``'s share of decisions that took the coach's first choice, with its 95%
    interval, for each kind of player of the games whose decisions are ranked; labels in
    ``lang``."""
    import matplotlib.pyplot as plt

    words = PLOT_WORDS[check_lang(lang)]
    if "top" not in table:
        raise PlaytestError("table", "no decision was ranked: there is no agreement to plot")
    shown = table[table["top"].notna()]
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 2.8))
    rows = zip(shown["engine"], shown["kind"], shown["stand_in"], strict=True)
    labels = [f"{e.removesuffix('_core')} {who(k, bool(s), lang)}" for e, k, s in rows]
    low = shown["top"] - shown["top_low"]
    high = shown["top_high"] - shown["top"]
    ax.barh(labels, shown["top"], xerr=[low, high], color="#c98a2b", capsize=4)
    ax.set_xlim(0, 1)
    ax.set_xlabel(words["agreement_x"])
    ax.set_title(words["agreement_title"])
    return ax
