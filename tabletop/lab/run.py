"""Running bot games for the lab: one game, many games on processes or a Dask cluster.

- ``simulate(title, bots, games=...)`` plays games of a ``GameTitle`` on every core (or on a
  ``dask.distributed`` client) with a tqdm progress bar, and returns a pandas DataFrame with
  one row per seat per game (``record.COLUMNS`` plus the columns the title's recorder adds).
- ``make_tasks``, ``run_tasks`` and ``play_one`` are its parts, for other kinds of runs
  (``sweep`` uses them).

Every game is fixed by its seed: the deal comes from the seed, and each bot's seed is derived
from the game's seed and the bot's seat, so the same call gives the same table on one core,
on many, or on a cluster (a bot with a *seconds* budget is the exception: its search depends
on the machine's speed).

In a game with chance (``tabletop.chance``), chance nodes are settled with the game's own
stream, never by a bot: they are no decisions (``choices``, the decisions per game and the
branching factor count decisions only) and no turns (a turn ends when the seat *deciding*
changes, after the chance that follows).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import arguments
from ..chance import Draw, offers_chance, own_stream, settle
from ..errors import GameDidNotEnd, IllegalChoice, LabError
from ..protocol import GameTitle
from .record import COLUMNS, Recorder
from .specs import BotSpec, bot_label, bot_seed, bot_specs, build_bot, check_bot_specs

if TYPE_CHECKING:
    import pandas as pd


def check_title(title: Any, players: int) -> GameTitle:
    """``title`` is a ``GameTitle`` that seats ``players`` and deals a game for them."""
    if not isinstance(title, GameTitle):
        raise LabError("title", f"a game title (tabletop.GameTitle), not {arguments.shown(title)}")
    counts = tuple(title.player_counts)
    if players not in counts:
        played_by = ", ".join(map(str, counts))
        raise LabError("bots", f"{players} bots: {title.name} is played by {played_by}")
    title.new(players, 0)  # fail fast on a setup the game refuses
    return title


# ---------------------------------------------------------------------------- one game
@dataclass(frozen=True)
class GameTask:
    """Everything needed to play one game anywhere (it pickles). ``outcomes``: the chance
    outcomes to apply in order instead of the game's own draws (a replay), or ``None``."""

    title: GameTitle
    game: int
    seed: int
    bots: tuple[BotSpec, ...]
    rotation: int = 0
    variant: str = "default"
    max_actions: int = 5000
    outcomes: tuple[Any, ...] | None = None


@dataclass
class SearchEffort:
    """A seat's searching during a game: decisions a search bot searched (it says how many
    iterations in ``last_iterations``; 0 for a forced move) and their iterations."""

    decisions: int = 0
    iterations: int = 0

    def note(self, iterations: int) -> None:
        """A decision searched with ``iterations`` iterations."""
        self.decisions += 1
        self.iterations += iterations

    @property
    def mean(self) -> float:
        """Mean iterations per searched decision (NaN when none was searched)."""
        return self.iterations / self.decisions if self.decisions else math.nan


@dataclass
class Lead:
    """Turns played, and who led after each (the strictly highest score): how often that
    changed."""

    turns: int = 0
    leader: int | None = None
    changes: int = 0

    def after_turn(self, scores: Sequence[float]) -> None:
        self.turns += 1
        top = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == top]
        if len(leaders) == 1 and leaders[0] != self.leader:
            if self.leader is not None:
                self.changes += 1
            self.leader = leaders[0]


def recorder_for(title: GameTitle) -> Recorder:
    """A fresh recorder of ``title``'s game (``title.recorder()``), else the base one."""
    make = getattr(title, "recorder", None)
    recorder: Recorder = Recorder() if make is None else make()
    return recorder


def columns_of(title: GameTitle) -> dict[str, str]:
    """The columns of ``title``'s rows: ``COLUMNS``, then its recorder's."""
    return {**COLUMNS, **recorder_for(title).columns}


def play_one(task: GameTask) -> list[dict[str, Any]]:
    """Play one game and return its rows (one per seat)."""
    if not isinstance(task, GameTask):
        raise LabError("task", f"a GameTask (make_tasks), not {arguments.shown(task)}")
    start_time = time.perf_counter()
    title = task.title
    players = len(task.bots)
    bots = [
        build_bot(spec, bot_seed(task.seed, seat), title) for seat, spec in enumerate(task.bots)
    ]
    state = title.new(players, task.seed)
    recorder = recorder_for(title)
    recorder.start(state)
    searches = [SearchEffort() for _ in range(players)]
    lead = Lead()
    # Hooks the recorder leaves as they are do nothing: they are not called at all.
    before = recorder.before if type(recorder).before is not Recorder.before else None
    after = recorder.after if type(recorder).after is not Recorder.after else None
    is_legal, push = state.is_legal, state.push
    # Chance, in a game that has it: settled with the game's stream (or a replay's outcomes).
    chance = offers_chance(state)
    draw = own_stream if task.outcomes is None else replayed(task.outcomes)
    noted = recorder.chance if type(recorder).chance is not Recorder.chance else None
    actions = settle(state, draw, limit=task.max_actions, on_outcome=noted) if chance else 0
    over = state.is_over
    while actions < task.max_actions:
        if over:
            break
        seat = state.current_player
        bot = bots[seat]
        action = bot.choose(state)
        try:  # a bot's choice must be an action value the game allows (never its text)
            legal = not isinstance(action, str) and is_legal(action)
        except (TypeError, ValueError):
            legal = False
        if not legal:
            raise IllegalChoice(bot_label(task.bots[seat]), action, seat, task.seed)
        searched = getattr(bot, "last_iterations", None)
        if searched:
            searches[seat].note(searched)
        if before is not None:
            before(state, seat, action)
        push(action)
        actions += 1
        if after is not None:
            after(state, seat, action)
        if chance:
            actions += settle(state, draw, limit=task.max_actions - actions, on_outcome=noted)
        over = state.is_over
        if over or state.current_player != seat:  # a turn ended
            lead.after_turn(recorder.scores(state))
    if not over:
        raise GameDidNotEnd(task.max_actions, [bot_label(b) for b in task.bots], task.seed)
    totals, shares, keys = recorder.outcome(state)
    elapsed = time.perf_counter() - start_time
    rows = []
    for seat in range(players):
        record: dict[str, Any] = {
            **task_columns(task, seat),
            "bot": bot_label(task.bots[seat]),
            "score": totals[seat],
            "margin": totals[seat] - max(totals[j] for j in range(players) if j != seat),
            "rank": 1 + sum(1 for k in keys if k > keys[seat]),
            "won": shares[seat] > 0,
            "win": shares[seat],
            "turns": lead.turns,
            "lead_changes": lead.changes,
            "iterations": searches[seat].mean,
            "seconds": elapsed,
        }
        record.update(recorder.seat_columns(state, seat))
        rows.append(record)
    return rows


def replayed(outcomes: Sequence[Any]) -> Draw:
    """A ``Draw`` giving ``outcomes`` in order (a recorded game's chance, replayed)."""
    coming = iter(outcomes)

    def draw(state: Any) -> Any:
        try:
            return next(coming)
        except StopIteration:
            raise LabError("outcomes", f"only {len(outcomes)} chance outcomes to replay") from None

    return draw


def task_columns(task: GameTask, seat: int) -> dict[str, Any]:
    """The columns that say which game and seat a row is of: variant, game, seed, rotation,
    players and seat."""
    return {
        "variant": task.variant,
        "game": task.game,
        "seed": task.seed,
        "rotation": task.rotation,
        "players": len(task.bots),
        "seat": seat,
    }


def play_chunk(tasks: Sequence[GameTask]) -> list[dict[str, Any]]:
    """Play several games in a row (one unit of work for a process or a Dask worker)."""
    out: list[dict[str, Any]] = []
    for task in tasks:
        out.extend(play_one(task))
    return out


# ---------------------------------------------------------------------------- many games
def make_tasks(
    title: GameTitle,
    bots: Sequence[BotSpec],
    seeds: Iterable[int],
    *,
    rotate: bool = False,
    variant: str = "default",
    first_game: int = 0,
    max_actions: int = 5000,
) -> list[GameTask]:
    """The games of a run: each seed once, or once per rotation of the bots (paired seats)."""
    bots = tuple(bots)
    rotations = range(len(bots)) if rotate else range(1)
    tasks = []
    number = first_game
    for seed in seeds:
        for r in rotations:
            seated = bots[len(bots) - r :] + bots[: len(bots) - r] if r else bots
            tasks.append(GameTask(title, number, int(seed), seated, r, variant, max_actions))
            number += 1
    return tasks


def run_tasks(
    tasks: Sequence[GameTask],
    *,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    chunk_size: int | None = None,
    description: str = "games",
    play: Callable[[Sequence[GameTask]], list[dict[str, Any]]] = play_chunk,
) -> list[dict[str, Any]]:
    """Play ``tasks`` here, on ``workers`` processes, or on a Dask ``client``; rows in order.

    ``play`` plays a list of tasks and returns their rows (default ``play_chunk``; another
    kind of run, such as ``tabletop.tournament``, brings its own, picklable). If a game fails (a bot's illegal choice, a game that does not end...), the games not yet
    started are cancelled and the error is raised: no partial table comes back.
    """
    if not isinstance(tasks, Sequence) or not all(isinstance(t, GameTask) for t in tasks):
        raise LabError("tasks", f"a list of GameTask (make_tasks), not {arguments.shown(tasks)}")
    from tqdm.auto import tqdm

    if not tasks:
        return []
    if client is not None:
        slots = max(1, dask_slots(client))
    else:
        slots = workers if workers is not None else (os.cpu_count() or 1)
    if chunk_size is None:
        chunk_size = max(1, min(50, len(tasks) // (slots * 4) or 1))
    chunks = [list(tasks[i : i + chunk_size]) for i in range(0, len(tasks), chunk_size)]
    results: list[list[dict[str, Any]]] = []
    bar = tqdm(total=len(tasks), desc=description, unit="game", disable=not progress)
    try:
        if client is not None:
            results = run_on_dask(client, chunks, bar, play)
        elif slots <= 1 or len(chunks) == 1:
            for chunk in chunks:
                results.append(play(chunk))
                bar.update(len(chunk))
        else:
            with ProcessPoolExecutor(max_workers=min(slots, len(chunks))) as pool:
                pending = {pool.submit(play, chunk): len(chunk) for chunk in chunks}
                try:
                    for done in as_completed(pending):
                        results.append(done.result())
                        bar.update(pending[done])
                except BaseException:
                    for future in pending:
                        future.cancel()
                    raise
    finally:
        bar.close()
    rows = [row for chunk_rows in results for row in chunk_rows]
    rows.sort(key=lambda r: (r["variant"], r["game"], r["seat"]))
    return rows


def run_on_dask(
    client: Any,
    chunks: list[list[GameTask]],
    bar: Any,
    play: Callable[[Sequence[GameTask]], list[dict[str, Any]]] = play_chunk,
) -> list[list[dict[str, Any]]]:
    """Play ``chunks`` on a Dask client's cluster with ``play``, advancing ``bar`` as they
    come back."""
    from dask.distributed import as_completed as dask_completed

    futures = client.map(play, chunks, pure=False)
    results = []
    try:
        for future in dask_completed(futures):  # type: ignore[no-untyped-call]
            chunk_rows = future.result()
            results.append(chunk_rows)
            bar.update(len({r["game"] for r in chunk_rows}))
    except BaseException:
        client.cancel(futures)
        raise
    return results


def dask_slots(client: Any) -> int:
    """Threads on a Dask client's workers: how many games it plays at once."""
    try:
        return int(sum(client.nthreads().values()))
    except Exception:  # pragma: no cover - an unusual client
        return 1


def to_frame(rows: Sequence[Mapping[str, Any]], columns: Iterable[str]) -> pd.DataFrame:
    """Rows as a DataFrame with ``columns`` in order."""
    import pandas as pd

    return pd.DataFrame(list(rows), columns=list(columns))


def check_run(
    *,
    workers: Any,
    client: Any,
    progress: Any,
    chunk_size: Any = None,
    max_actions: Any = 5000,
    rotate: Any = False,
) -> None:
    """The settings every run takes, checked."""
    if workers is not None:
        arguments.whole("workers", workers, least=1)
    if client is not None and not callable(getattr(client, "map", None)):
        raise LabError("client", f"a dask.distributed Client, not {arguments.shown(client)}")
    arguments.flag("progress", progress)
    arguments.flag("rotate", rotate)
    if chunk_size is not None:
        arguments.whole("chunk_size", chunk_size, least=1)
    arguments.whole("max_actions", max_actions, least=1, most=MAX_ACTIONS)


def check_game_count(seeds: int, players: int, *, rotate: bool, variants: int = 1) -> None:
    """A run's games (each seed once per rotation and per variant) fit in one run."""
    total = seeds * (players if rotate else 1) * variants
    if total > MAX_GAMES:
        raise LabError(
            "games", f"{total:,} games in one run; a run plays at most {MAX_GAMES:,} (split it)"
        )


#: The most games one run plays (each seat of each game is a row of its table): a bigger run
#: would not fit its table in memory; split it into several runs.
MAX_GAMES = 100_000
#: The longest a game may be allowed to go, in actions (a real game has at most about 600).
MAX_ACTIONS = 1_000_000


def seed_list(games: Any, seeds: Any) -> list[int]:
    """The seeds of a run: ``0 .. games-1``, or ``seeds`` (whole numbers), not both; at most
    ``MAX_GAMES`` of them, counted before anything is built."""
    if seeds is None:
        if games is None:
            raise LabError("games", "give games= (seeds 0 .. games-1) or seeds=")
        return list(range(arguments.whole("games", games, least=1, most=MAX_GAMES)))
    if games is not None:
        raise LabError("seeds", "give games= or seeds=, not both")
    if isinstance(seeds, (str, bytes, Mapping)) or not isinstance(seeds, Iterable):
        raise LabError("seeds", f"a list of whole numbers, not {arguments.shown(seeds)}")
    out: list[int] = []
    for seed in seeds:
        if len(out) == MAX_GAMES:
            raise LabError("seeds", f"more than {MAX_GAMES:,} seeds; a run plays at most that many")
        value = arguments.seed("seeds", seed)
        if value is None:
            raise LabError("seeds", "a list of whole numbers, not one holding None")
        out.append(value)
    if not out:
        raise LabError("seeds", "give at least one seed")
    return out


def simulate(
    title: GameTitle,
    bots: Sequence[BotSpec] | BotSpec,
    games: int | None = None,
    *,
    players: int | None = None,
    seeds: Iterable[int] | None = None,
    rotate: bool = False,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    chunk_size: int | None = None,
    variant: str = "default",
    max_actions: int = 5000,
) -> pd.DataFrame:
    """Play games of ``title`` between bots; one row per seat per game (``columns_of``).

    - ``bots``: one spec per seat (``["mcts", "greedy"]``), or one spec and ``players``.
      A spec is a bot name, ``(name, {options})`` or a picklable ``seed -> bot`` callable.
    - ``games`` seeds ``0 .. games-1``, or give ``seeds`` (the same seeds give the same deals:
      paired comparisons).
    - ``rotate=True`` plays every seed once per rotation of the bots around the table, so each
      bot sits in each seat with the same deal (for 2 players: each seed twice, seats swapped).
    - ``workers``: processes on this machine (default: every core; 1 plays in this process).
    - ``client``: a ``dask.distributed.Client``; the games then run on its cluster.
    - ``max_actions``: a game still going after that many actions raises ``GameDidNotEnd``
      (naming its seed, the bots and the limit) and no table is returned.
    """
    specs = bot_specs(bots, players)
    seed_values = seed_list(games, seeds)
    check_run(
        workers=workers,
        client=client,
        progress=progress,
        chunk_size=chunk_size,
        max_actions=max_actions,
        rotate=rotate,
    )
    arguments.text("variant", variant)
    check_title(title, len(specs))
    check_bot_specs(title, specs)
    check_game_count(len(seed_values), len(specs), rotate=rotate)
    tasks = make_tasks(
        title, specs, seed_values, rotate=rotate, variant=variant, max_actions=max_actions
    )
    rows = run_tasks(
        tasks, workers=workers, client=client, progress=progress, chunk_size=chunk_size
    )
    return to_frame(rows, columns_of(title))


__all__ = [
    "MAX_ACTIONS",
    "MAX_GAMES",
    "GameTask",
    "check_game_count",
    "columns_of",
    "make_tasks",
    "play_one",
    "run_tasks",
    "simulate",
]
