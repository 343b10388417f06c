"""A bot tournament for any game with a ``GameTitle``: round-robin or Swiss, rotated seats,
paired deals, ratings with intervals, a leaderboard and its plot.

An *entrant* is a bot as ``tabletop.agents`` knows it: anything with ``choose(state)``
returning one of ``state.legal_actions()``. It enters as a bot name (``"greedy"``), a name
with options (``("mcts", {"iterations": 50})``), a class or function building the bot (given
the bot's seed when it takes an argument), or a bot object (copied afresh for each game).

``tournament(title, entrants, deals=...)`` seats every group of ``players`` entrants at a
*table* (round-robin: every pair meets); each table plays the same deals, each deal once per
rotation of its seats, so every entrant plays every deal from every seat. The games go in
rounds: each round deals one seed at every table. With ``system="swiss"`` (two players a
table) a few rounds replace the round-robin: each pairs entrants of similar wins who have
not met yet (``swiss_pairings``), and every pair plays all the deals from both seats.

Each bot's seed comes from the deal's seed and its seat: the same call gives the same games
here, on ``workers`` processes or on a Dask ``client`` (the lab's route,
``tabletop.lab.run_tasks``).

In a game with chance nodes (``tabletop.chance``), chance is drawn from the game's own stream
and no entrant is asked there (those are no decisions).

A bot never stops the tournament. Each decision is its own:

- a bot that raises an exception, or returns an action that is not legal there, has that
  decision played by a *fallback* (a random legal action, seeded from the deal and the seat),
  and the fault is recorded (``Incident``: the bot, the game, the position, what happened);
- with ``seconds=``, a decision that takes longer is a *timeout*: it is measured, the bot's
  action is set aside and the fallback's played instead. The limit is soft: it is measured
  after the bot answers (no signal or thread interrupts it, so it runs in the classroom
  site's browser kernel too), and a bot that never answers is not stopped;
- with ``kill_after=``, the limit is hard: each decision is made in a forked child process
  (here or on a worker) that is ended after that long, and counts as a timeout. The bot comes
  back from the child with its answer, so it plays as it would in this process. A fork a
  decision costs time (about 20 ms a decision on a busy 2-core machine) and needs
  ``os.fork`` (Linux, macOS): not in the browser, nor on Windows;
- a bot with ``forfeit_after`` faults (timeouts, crashes and illegal actions together) in one
  game *forfeits* it: it is asked no more, the fallback plays its seat to the end, and it
  ranks below every seat that did not forfeit.

Ratings come from openskill's Plackett-Luce model (the ``lab`` extra, imported when
ratings are asked for): each game updates the table's ratings from its ranks, in the order
the games were numbered. A rating is a belief about a bot's skill, a normal distribution of
mean ``mu`` and spread ``sigma``; the interval is ``mu`` ± 2 ``sigma``.

>>> from carnuta_core.title import CarnutaTitle
>>> class First:
...     name = "first"
...     def choose(self, state):
...         return state.legal_actions()[0]
>>> result = tournament(CarnutaTitle(), [First, "random"], deals=2, progress=False)
>>> len(result.rows), sorted({row["bot"] for row in result.rows})
(8, ['first', 'random'])
>>> tournament(CarnutaTitle(), ["random"], deals=2)
Traceback (most recent call last):
...
tabletop.errors.LabError: entrants: 1 entrant for tables of 2 players: enter at least 2
"""

from __future__ import annotations

import copy
import inspect
import itertools
import math
import os
import pickle
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from . import arguments
from .agents import Bot, RandomBot, bot_name, legal_choice
from .chance import own_stream
from .errors import GameDidNotEnd, LabError
from .lab.record import Recorder
from .lab.run import (
    GameTask,
    check_game_count,
    check_run,
    check_title,
    run_tasks,
    seed_list,
    task_columns,
)
from .lab.specs import bot_label, bot_seed, build_bot, check_spec
from .lab.words import check_lang, decimal, in_lang
from .protocol import CHANCE, GameTitle

if TYPE_CHECKING:
    import pandas as pd

#: The clock decisions are timed with (a test may put a fake one here).
clock: Callable[[], float] = time.perf_counter

#: The kinds of fault a bot may make at a decision, and the column of a game's rows that
#: counts each.
FAULTS: dict[str, str] = {"timeout": "timeouts", "crash": "crashes", "illegal": "illegal_actions"}

#: The leaderboard's columns and what each means.
LEADERBOARD_COLUMNS: dict[str, str] = {
    "rating": "openskill's mu: the centre of the belief about the bot's skill",
    "low": "mu - 2 sigma: the interval's lower end",
    "high": "mu + 2 sigma: the interval's upper end",
    "games": "games played",
    "wins": "games won (a k-way shared win counts 1/k)",
    "mean_score": "mean final score",
    "timeouts": "decisions over the time limit (played by the fallback)",
    "errors": "decisions that raised or chose an illegal action (played by the fallback)",
    "forfeits": "games forfeited (too many faults in one game)",
}


# ---------------------------------------------------------------------------- entrants
@dataclass(frozen=True)
class Entrant:
    """A bot entered in a tournament under ``name``: ``entry`` is a bot spec of the lab (a
    name, ``(name, {options})``), a class or function building the bot, or a bot object."""

    name: str
    entry: Any

    def build(self, seed: int, title: GameTitle) -> Bot:
        """The bot for one game, with ``seed`` (names are ``title``'s bots)."""
        entry = self.entry
        if isinstance(entry, (str, tuple)):
            return build_bot(entry, seed, title)
        if not isinstance(entry, type) and callable(getattr(entry, "choose", None)):
            bot: Bot = copy.deepcopy(entry)  # a fresh copy: no game sees another's memory
            return bot
        built: Bot = entry(seed) if takes_a_seed(entry) else entry()
        return built


def takes_a_seed(factory: Callable[..., Any]) -> bool:
    """Whether ``factory`` takes a positional argument (the bot's seed)."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a built-in whose signature is unknown
        return True
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return any(
        p.kind == inspect.Parameter.VAR_POSITIONAL or p.kind in positional for p in parameters
    )


def entry_name(entry: Any) -> str:
    """The name an entry goes by when none is given: a spec's label, a bot's or a class's
    ``name`` attribute, else the class's or function's own name."""
    if isinstance(entry, (str, tuple)):
        try:
            return bot_label(check_spec(entry))
        except LabError as error:
            raise LabError("entrants", error.detail) from error
    name = getattr(entry, "name", None)
    if isinstance(name, str) and name:
        return name
    return entry.__name__ if isinstance(entry, type) else bot_name(entry)


def check_entrants(entrants: Any, title: GameTitle, players: int) -> tuple[Entrant, ...]:
    """The entrants, named, each built once (seed 0) so that a broken one fails here."""
    if isinstance(entrants, Mapping):
        named = [(arguments.text("entrants", name), entry) for name, entry in entrants.items()]
    elif isinstance(entrants, (str, bytes)) or not isinstance(entrants, Iterable):
        raise LabError(
            "entrants", f"a list of bots or a dict {{name: bot}}, not {arguments.shown(entrants)}"
        )
    else:
        named = [(entry_name(entry), entry) for entry in entrants]
    out = []
    for name, entry in named:
        spec_or_factory = isinstance(entry, (str, tuple)) or callable(entry)
        if not spec_or_factory and not callable(getattr(entry, "choose", None)):
            raise LabError(
                "entrants",
                f"{name}: a bot is a name, a class, or an object with choose(state), "
                f"not {arguments.shown(entry)}",
            )
        entrant = Entrant(name, entry)
        try:
            bot = entrant.build(0, title)
        except LabError as error:  # an unknown bot name, an option it does not take...
            raise LabError("entrants", f"{name}: {error}") from error
        except Exception as error:  # a student's constructor that fails
            raise LabError("entrants", f"{name}: building it failed: {error!r}") from error
        if not callable(getattr(bot, "choose", None)):
            raise LabError("entrants", f"{name} gave {arguments.shown(bot)}: no choose(state)")
        out.append(entrant)
    names = [entrant.name for entrant in out]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise LabError(
            "entrants",
            f"two entrants are named {twice[0]!r}: give each its own name, "
            "with a dict {name: bot}",
        )
    if len(out) < players:
        plural = "entrant" if len(out) == 1 else "entrants"
        raise LabError(
            "entrants",
            f"{len(out)} {plural} for tables of {players} players: enter at least {players}",
        )
    return tuple(out)


# ---------------------------------------------------------------------------- one game
@dataclass(frozen=True)
class Incident:
    """A fault of one bot at one decision: what happened, where, and what was done."""

    bot: str
    kind: str
    game: int
    seed: int
    seat: int
    decision: int
    position: str
    detail: str
    forfeited: bool = False

    def text(self, lang: str = "en") -> str:
        """The fault in a sentence, in ``lang``. French words it from the fields (the kind,
        the game, its seed and the decision); ``detail`` and ``position`` are English."""
        if check_lang(lang) == "fr":
            then = (
                " ; c'est trop de fautes : il perd la partie par forfait" if self.forfeited else ""
            )
            return (
                f"{self.bot} (joueur {self.seat + 1}) {FRENCH_FAULTS[self.kind]} dans la partie "
                f"{self.game} (graine {self.seed}), à la décision {self.decision + 1} ; une action "
                f"légale au hasard a été jouée à sa place{then}"
            )
        then = "; that is too many faults: it forfeits the game" if self.forfeited else ""
        return (
            f"{self.bot} (Player {self.seat + 1}) {self.detail} in {self.position}; "
            f"a random legal action was played instead{then}"
        )

    def __str__(self) -> str:
        return self.text()


#: A fault's kind, as French says what the bot did.
FRENCH_FAULTS: dict[str, str] = {
    "crash": "a planté",
    "illegal": "a répondu par une action illégale",
    "timeout": "a dépassé le temps",
}

#: French for the leaderboard's columns and the plot's labels (``lang="fr"``).
TOURNAMENT_FRENCH: dict[str, str] = {
    "bot": "robot",
    "rating": "cote",
    "low": "bas",
    "high": "haut",
    "games": "parties",
    "wins": "victoires",
    "mean_score": "score moyen",
    "timeouts": "dépassements de temps",
    "errors": "erreurs",
    "forfeits": "forfaits",
}


@dataclass(frozen=True)
class DecisionRules:
    """The tournament's rules for a decision: the time limit (``None``: none), the faults in
    one game after which a bot forfeits it (``None``: never), and the hard limit."""

    seconds: float | None = None
    forfeit_after: int | None = 3
    #: A hard limit: a decision still running after this many seconds has its process ended
    #: (``choose_in_a_child``); ``None``: the bot decides in the game's own process.
    kill_after: float | None = None


@dataclass
class SeatTally:
    """One seat's decisions and faults in one game."""

    decisions: int = 0
    thinking: float = 0.0
    faults: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULTS, 0))
    forfeited: bool = False
    incidents: list[Incident] = field(default_factory=list)


def describe_position(title: GameTitle, task: GameTask, state: Any, decision: int) -> str:
    """A position in a few words, for any game: the game, the deal, the decision, who is to
    act, among how many actions, and the scores."""
    scores = ", ".join(f"{score:g}" for score in state.scores())
    return (
        f"{title.name} game {task.game} (seed {task.seed}), decision {decision + 1}: "
        f"Player {state.current_player + 1} to act among {len(state.legal_actions())} "
        f"legal actions, scores {scores}"
    )


def judge(bot: Bot, state: Any, rules: DecisionRules) -> tuple[Any, str | None, str, float, Bot]:
    """Ask ``bot`` for a decision on a copy of ``state`` (a bot cannot change the game):
    its action, the fault (``None`` or one of ``FAULTS``), what happened, the time it took,
    and the bot as the decision left it (itself, unless it decided in a child process)."""
    start = clock()
    if rules.kill_after is not None:
        kind, answer, bot = choose_in_a_child(bot, state, rules.kill_after)
        elapsed = clock() - start
        if kind == "killed":
            detail = f"did not answer within {rules.kill_after:g} s, so its process was ended"
            return None, "timeout", detail, elapsed, bot
        if kind == "crash":
            return None, "crash", answer, elapsed, bot
        action = answer
    else:
        try:
            action = bot.choose(state.copy())
        except Exception as error:  # any error of a bot's own is its fault, not the tournament's
            return None, "crash", f"raised {error!r}", clock() - start, bot
        elapsed = clock() - start
    if rules.seconds is not None and elapsed > rules.seconds:
        detail = f"took {elapsed:.3g} s, over the limit of {rules.seconds:g} s"
        return action, "timeout", detail, elapsed, bot
    if not legal_choice(state, action):
        detail = f"chose {arguments.shown(action)}, which is not legal there"
        return action, "illegal", detail, elapsed, bot
    return action, None, "", elapsed, bot


def choose_in_a_child(bot: Bot, state: Any, limit: float) -> tuple[str, Any, Bot]:
    """``bot.choose(state)`` in a forked process that is ended after ``limit`` seconds.

    Returns ``("answer", action, bot)`` with the bot as it left the decision (sent back with
    its answer, so a bot that keeps a random generator or a memory plays as it would in this
    process), ``("crash", what happened, bot)`` or ``("killed", None, bot)``. Needs
    ``os.fork`` (Linux, macOS): not in the browser kernel, nor on Windows.
    """
    import select  # here, not at the top: the browser kernel, which cannot fork, may lack them
    import signal

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: decide, send the answer and the bot back, and leave at once
        try:
            os.close(read_end)
            try:
                message: tuple[str, Any, Any] = ("answer", bot.choose(state), bot)
            except Exception as error:
                message = ("crash", f"raised {error!r}", None)
            try:
                data = pickle.dumps(message)
            except Exception as error:
                data = pickle.dumps(("crash", f"could not send its answer back: {error!r}", None))
            with os.fdopen(write_end, "wb") as out:
                out.write(data)
        finally:  # end at once: the child must not run the rest of its parent's program
            os.kill(os.getpid(), signal.SIGKILL)
    os.close(write_end)
    deadline = time.monotonic() + limit
    chunks = []
    with os.fdopen(read_end, "rb") as answers:
        while True:
            ready, _, _ = select.select([answers], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return "killed", None, bot
            chunk = os.read(answers.fileno(), 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    if not chunks:  # the child died before it could answer
        return "crash", "ended its process without answering", bot
    kind, answer, after = pickle.loads(b"".join(chunks))  # sent by our own child process
    return kind, answer, bot if after is None else after


def play_match(task: GameTask, rules: DecisionRules) -> list[dict[str, Any]]:
    """Play one tournament game (``task.bots`` are ``Entrant`` values); one row per seat."""
    title = task.title
    entrants = [entrant_of(spec) for spec in task.bots]
    players = len(entrants)
    state = title.new(players, task.seed)
    seeds = [bot_seed(task.seed, seat) for seat in range(players)]
    fallbacks = [RandomBot(seed) for seed in seeds]
    tallies = [SeatTally() for _ in range(players)]
    bots: list[Bot | None] = []
    for seat, entrant in enumerate(entrants):
        try:
            bots.append(entrant.build(seeds[seat], title))
        except Exception as error:  # checked with seed 0 already; this seed fails
            tally = tallies[seat]
            tally.forfeited = True
            tally.faults["crash"] += 1
            where = describe_position(title, task, state, 0)
            detail = f"could not be built: {error!r}"
            tally.incidents.append(
                Incident(entrant.name, "crash", task.game, task.seed, seat, 0, where, detail, True)
            )
            bots.append(None)
    for decision in range(task.max_actions):
        if state.is_over:
            break
        seat = state.current_player
        if seat == CHANCE:  # chance, in a game that has it, is drawn from the game's stream
            state.push(own_stream(state))
            continue
        tally, bot = tallies[seat], bots[seat]
        if tally.forfeited or bot is None:
            state.push(fallbacks[seat].choose(state))
            continue
        action, fault, detail, elapsed, bots[seat] = judge(bot, state, rules)
        tally.decisions += 1
        tally.thinking += elapsed
        if fault is not None:
            tally.faults[fault] += 1
            limit = rules.forfeit_after
            tally.forfeited = limit is not None and sum(tally.faults.values()) >= limit
            where = describe_position(title, task, state, decision)
            tally.incidents.append(
                Incident(
                    entrants[seat].name,
                    fault,
                    task.game,
                    task.seed,
                    seat,
                    decision,
                    where,
                    detail,
                    tally.forfeited,
                )
            )
            action = fallbacks[seat].choose(state)
        state.push(action)
    if not state.is_over:
        raise GameDidNotEnd(task.max_actions, [e.name for e in entrants], task.seed)
    return match_rows(task, entrants, state, tallies)


def match_rows(
    task: GameTask, entrants: Sequence[Entrant], state: Any, tallies: Sequence[SeatTally]
) -> list[dict[str, Any]]:
    """A finished game's rows: a seat that forfeited ranks below every seat that did not,
    and the win goes to the best of those."""
    scores, shares, keys = Recorder().outcome(state)
    players = len(entrants)
    ranked = [(not tallies[seat].forfeited, keys[seat]) for seat in range(players)]
    if any(t.forfeited for t in tallies):
        best = max(ranked)
        winners = [seat for seat in range(players) if ranked[seat] == best]
        shares = [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    rows = []
    for seat, tally in enumerate(tallies):
        rows.append(
            {
                **task_columns(task, seat),
                "bot": entrants[seat].name,
                "score": scores[seat],
                "rank": 1 + sum(1 for other in ranked if other > ranked[seat]),
                "win": shares[seat],
                "decisions": tally.decisions,
                **{FAULTS[kind]: count for kind, count in tally.faults.items()},
                "forfeited": tally.forfeited,
                "thinking": tally.thinking,
                "incidents": tally.incidents,
            }
        )
    return rows


def entrant_of(spec: Any) -> Entrant:
    """A task's seat, which the tournament filled with an ``Entrant``."""
    if not isinstance(spec, Entrant):
        raise LabError(
            "task", f"a tournament game seats Entrant values, not {arguments.shown(spec)}"
        )
    return spec


def play_matches(tasks: Sequence[GameTask], rules: DecisionRules) -> list[dict[str, Any]]:
    """Several tournament games in a row: one unit of work for a process or a Dask worker."""
    return [row for task in tasks for row in play_match(task, rules)]


# ---------------------------------------------------------------------------- schedule
def tables(entrants: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Round-robin: every group of ``players`` entrants, in the order they were entered."""
    return list(itertools.combinations(entrants, players))


def seatings(table: Sequence[str]) -> list[tuple[str, ...]]:
    """A table's seatings: each rotation of its seats, so each entrant sits in every seat
    once (for two players: the same deal with the seats swapped)."""
    n = len(table)
    return [tuple(table[(seat - r) % n] for seat in range(n)) for r in range(n)]


def schedule(
    entrants: Sequence[str], players: int, seeds: Sequence[int]
) -> list[tuple[int, int, tuple[str, ...]]]:
    """Every game of a round-robin, in order: ``(seed, rotation, the entrant in each seat)``.
    Each table plays every seed once per seating, in rounds: each round deals one seed at
    every table (the ratings, updated game after game, then see every table early on).

    >>> schedule(["a", "b", "c"], 2, [7, 8])[:4]
    [(7, 0, ('a', 'b')), (7, 1, ('b', 'a')), (7, 0, ('a', 'c')), (7, 1, ('c', 'a'))]
    >>> schedule(["a", "b", "c"], 2, [7, 8])[6]
    (8, 0, ('a', 'b'))
    """
    return [
        (seed, rotation, seating)
        for seed in seeds
        for table in tables(entrants, players)
        for rotation, seating in enumerate(seatings(table))
    ]


# ---------------------------------------------------------------------------- ratings
class Rating(NamedTuple):
    """A bot's rating: the belief about its skill, a normal distribution of mean ``mu`` and
    spread ``sigma``."""

    mu: float
    sigma: float

    @property
    def low(self) -> float:
        """``mu - 2 sigma``: the interval's lower end."""
        return self.mu - 2 * self.sigma

    @property
    def high(self) -> float:
        """``mu + 2 sigma``: the interval's upper end."""
        return self.mu + 2 * self.sigma


def rate(rows: Sequence[Mapping[str, Any]], names: Sequence[str]) -> dict[str, Rating]:
    """Each entrant's rating after the games of ``rows`` (one row per seat, in game order),
    by openskill's Plackett-Luce model, every entrant starting from the model's prior."""
    try:
        from openskill.models import PlackettLuce
    except ModuleNotFoundError as missing:  # pragma: no cover - the extra is not installed
        raise ModuleNotFoundError(
            "ratings need openskill: pip install 'carnuta-kit[lab]'", name="openskill"
        ) from missing
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    for _, seats in itertools.groupby(rows, key=lambda row: row["game"]):
        table = sorted(seats, key=lambda row: row["seat"])
        teams = [[ratings[row["bot"]]] for row in table]
        rated = model.rate(teams, ranks=[float(row["rank"]) for row in table])
        for row, (rating,) in zip(table, rated, strict=True):
            ratings[row["bot"]] = rating
    return {name: Rating(float(r.mu), float(r.sigma)) for name, r in ratings.items()}


# ---------------------------------------------------------------------------- the run
@dataclass(frozen=True)
class TournamentResult:
    """What a tournament played: its entrants, one row per seat per game (``rows``), and the
    faults of its bots (``incidents``, in game order)."""

    title: str
    entrants: tuple[str, ...]
    rows: tuple[Mapping[str, Any], ...]
    incidents: tuple[Incident, ...]

    def games(self) -> pd.DataFrame:
        """The rows as a DataFrame: one row per seat per game."""
        import pandas as pd

        return pd.DataFrame(list(self.rows))

    def ratings(self) -> dict[str, Rating]:
        """Each entrant's rating (openskill), after every game in order."""
        return rate(self.rows, self.entrants)

    def leaderboard(self, lang: str = "en") -> pd.DataFrame:
        """One row per entrant, best rating first, with the columns of
        ``LEADERBOARD_COLUMNS``; ``lang="fr"`` names them in French (``TOURNAMENT_FRENCH``)."""
        import pandas as pd

        check_lang(lang)

        ratings = self.ratings()
        board = []
        for name in self.entrants:
            mine = [row for row in self.rows if row["bot"] == name]
            rating = ratings[name]
            board.append(
                {
                    "bot": name,
                    "rating": rating.mu,
                    "low": rating.low,
                    "high": rating.high,
                    "games": len(mine),
                    "wins": sum(row["win"] for row in mine),
                    "mean_score": sum(row["score"] for row in mine) / len(mine),
                    "timeouts": sum(row["timeouts"] for row in mine),
                    "errors": sum(row["crashes"] + row["illegal_actions"] for row in mine),
                    "forfeits": sum(row["forfeited"] for row in mine),
                }
            )
        frame = pd.DataFrame(board, columns=["bot", *LEADERBOARD_COLUMNS]).set_index("bot")
        ranked = frame.sort_values("rating", ascending=False, kind="stable")
        return in_lang(ranked, lang, TOURNAMENT_FRENCH)

    def plot(self, ax: Any = None, lang: str = "en") -> Any:
        """Each entrant's rating with its interval (mu ± 2 sigma), best at the top; its labels
        in ``lang``."""
        import matplotlib.pyplot as plt

        check_lang(lang)
        board = self.leaderboard().iloc[::-1]
        if ax is None:
            _, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(board)))
        y = list(range(len(board)))
        ax.errorbar(
            board["rating"],
            y,
            xerr=[board["rating"] - board["low"], board["high"] - board["rating"]],
            fmt="o",
            capsize=4,
            color="#6a8caf",
        )
        ax.set_yticks(y)
        ax.set_yticklabels(
            [
                f"{name}  {decimal(row.rating, '.1f', lang)} [{decimal(row.low, '.1f', lang)}"
                f"{' ;' if lang == 'fr' else ','} {decimal(row.high, '.1f', lang)}]"
                for name, row in board.iterrows()
            ],
            fontsize=8,
        )
        games = len({row["game"] for row in self.rows})
        if lang == "fr":
            ax.set_xlabel("cote (mu d'openskill ; barres : mu ± 2 sigma)")
            ax.set_title(f"{self.title} : {len(board)} robots, {games} parties")
        else:
            ax.set_xlabel("rating (openskill mu, bars: mu ± 2 sigma)")
            ax.set_title(f"{self.title}: {len(board)} bots, {games} games")
        return ax

    def report(self, lang: str = "en") -> str:
        """Every incident, one a line, in game order (empty when no bot faulted), in ``lang``."""
        return "\n".join(incident.text(lang) for incident in self.incidents)


def tournament(
    title: GameTitle,
    entrants: Sequence[Any] | Mapping[str, Any],
    deals: int | None = None,
    *,
    seeds: Iterable[int] | None = None,
    players: int = 2,
    seconds: float | None = None,
    forfeit_after: int | None = 3,
    workers: int | None = 1,
    client: Any = None,
    progress: bool = True,
    chunk_size: int | None = None,
    max_actions: int = 5000,
    system: str = "round-robin",
    rounds: int | None = None,
    kill_after: float | None = None,
) -> TournamentResult:
    """Play a tournament of ``title`` between ``entrants``: a round-robin, or a Swiss.

    - ``entrants``: a list of bots (names, ``(name, {options})``, classes, functions or bot
      objects), or a dict ``{name: bot}`` to name them.
    - ``deals``: seeds ``0 .. deals-1``, or give ``seeds``; every table plays the same deals,
      each once per rotation of its seats.
    - ``players``: seats at a table (2 by default).
    - ``seconds``: the time limit of a decision (``None``: none); ``forfeit_after``: the faults
      in one game after which a bot forfeits it (``None``: never).
    - ``kill_after``: a hard limit. Each decision is then made in a child process (a fork of
      the one playing the game, here or on a worker), ended after ``kill_after`` seconds: a
      bot that never answers costs that long and a timeout. Forking costs a few
      milliseconds a decision, and needs ``os.fork`` (Linux, macOS; not in the browser).
    - ``workers``: processes on this machine (1, the default, plays here); ``client``: a
      ``dask.distributed.Client``, to play on its cluster.
    - ``system``: ``"round-robin"`` (every table; each round deals one seed at every table)
      or ``"swiss"`` (two players a table; ``rounds`` rounds, by default enough to halve the
      field that many times: each round pairs entrants of similar wins who have not met, by
      ``swiss_pairings``, and every pair plays all the deals from both seats).

    Every row names its ``round`` (from 1).
    """
    arguments.whole("players", players, least=2)
    if isinstance(title, GameTitle) and players not in tuple(title.player_counts):
        counts = ", ".join(map(str, title.player_counts))
        raise LabError("players", f"{players} players: {title.name} is played by {counts}")
    check_title(title, players)
    seed_values = seed_list(deals, seeds)
    if seconds is not None:
        arguments.number("seconds", seconds, above=0)
    if forfeit_after is not None:
        arguments.whole("forfeit_after", forfeit_after, least=1)
    if kill_after is not None:
        arguments.number("kill_after", kill_after, above=0)
        if not hasattr(os, "fork"):
            raise LabError(
                "kill_after",
                "a hard limit ends a decision's process, which needs os.fork (Linux, macOS); "
                "give seconds= here",
            )
    check_run(
        workers=workers,
        client=client,
        progress=progress,
        chunk_size=chunk_size,
        max_actions=max_actions,
    )
    field_of = check_entrants(entrants, title, players)
    if client is None and workers is not None and workers > 1:
        check_picklable(field_of)
    by_name = {entrant.name: entrant for entrant in field_of}
    names = list(by_name)
    system = check_system(system, players)
    if system == "round-robin":
        if rounds is not None:
            raise LabError("rounds", "a round-robin plays every table: give rounds= to a Swiss")
        table_count = len(tables(names, players))
    else:
        most = len(names) - 1
        rounds = (
            max(1, math.ceil(math.log2(len(names))))
            if rounds is None
            else arguments.whole("rounds", rounds, least=1, most=most)
        )
        table_count = rounds * (len(names) // 2)
    check_game_count(len(seed_values), players, rotate=True, variants=table_count)
    rules = DecisionRules(
        None if seconds is None else float(seconds),
        forfeit_after,
        None if kill_after is None else float(kill_after),
    )

    def play(games: Sequence[tuple[int, int, tuple[str, ...]]], label: str) -> list[dict[str, Any]]:
        tasks = []
        for game, (seed, rotation, seating) in enumerate(games, start=len(rows) // players):
            seated: tuple[Any, ...] = tuple(by_name[name] for name in seating)
            tasks.append(GameTask(title, game, seed, seated, rotation, "tournament", max_actions))
        return run_tasks(
            tasks,
            workers=workers,
            client=client,
            progress=progress,
            chunk_size=chunk_size,
            description=f"{title.name} {label}",
            play=partial(play_matches, rules=rules),
        )

    rows: list[dict[str, Any]] = []
    if system == "round-robin":
        rows = play(schedule(names, players, seed_values), "tournament")
        for row in rows:
            row["round"] = seed_values.index(row["seed"]) + 1
    else:
        met: set[frozenset[str]] = set()
        byes: set[str] = set()
        for number in range(1, (rounds or 1) + 1):
            pairs, bye = swiss_pairings(standings(rows, names), met, byes)
            met.update(frozenset(pair) for pair in pairs)
            byes.update([bye] if bye is not None else [])
            games = [
                (seed, rotation, seating)
                for seed in seed_values
                for pair in pairs
                for rotation, seating in enumerate(seatings(pair))
            ]
            played = play(games, f"Swiss round {number}")
            for row in played:
                row["round"] = number
            rows += played
    incidents = tuple(incident for row in rows for incident in row.pop("incidents"))
    incidents = tuple(sorted(incidents, key=lambda i: (i.game, i.decision, i.seat)))
    return TournamentResult(title.name, tuple(names), tuple(rows), incidents)


def check_picklable(entrants: Sequence[Entrant]) -> None:
    """Each entrant can be sent to a worker process (pickled), or a ``LabError`` naming it."""
    for entrant in entrants:
        try:
            pickle.dumps(entrant)
        except Exception as error:  # pickle raises several kinds of error
            raise LabError(
                "entrants",
                f"{entrant.name} cannot be sent to worker processes ({error}): define it with "
                "def or class at the top level of a module or notebook cell, not as a lambda",
            ) from error


#: The ways a tournament pairs its entrants.
SYSTEMS = ("round-robin", "swiss")


def check_system(system: Any, players: int) -> str:
    """``system`` is one of ``SYSTEMS``; a Swiss tournament seats two players a table."""
    if system not in SYSTEMS:
        raise LabError("system", f"'round-robin' or 'swiss', not {arguments.shown(system)}")
    if system == "swiss" and players != 2:
        raise LabError("system", f"a Swiss tournament seats 2 players a table, not {players}")
    return str(system)


def standings(rows: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    """The entrants by wins so far (a shared win counts its share), best first; entrants with
    as many wins keep the order they were entered in."""
    wins = dict.fromkeys(names, 0.0)
    for row in rows:
        wins[row["bot"]] += row["win"]
    return sorted(names, key=lambda name: (-wins[name], names.index(name)))


def swiss_pairings(
    order: Sequence[str], met: Iterable[frozenset[str]], byes: Iterable[str]
) -> tuple[list[tuple[str, str]], str | None]:
    """One Swiss round's pairs, and who sits it out. ``order`` is the standings, best first.

    With an odd count, the lowest-placed entrant who has not sat out yet does (a bye plays no
    game and scores nothing). The others are paired from the top: each meets the best-placed
    entrant left that it has not met, going back on an earlier choice when that leaves two who
    have met (no pair meets twice if any pairing allows it). When no such pairing is found
    within ``PAIRING_STEPS`` steps, each meets the best-placed entrant left that it has not met,
    or the best-placed one left.

    >>> swiss_pairings(["a", "b", "c", "d", "e"], {frozenset("ab")}, {"e"})
    ([('a', 'c'), ('b', 'e')], 'd')
    >>> swiss_pairings(list("acdbef"), {frozenset("ab"), frozenset("cd"), frozenset("ef")}, ())
    ([('a', 'c'), ('d', 'e'), ('b', 'f')], None)
    """
    seen, sat_out = set(met), set(byes)
    left = list(order)
    bye = None
    if len(left) % 2:
        bye = next((name for name in reversed(left) if name not in sat_out), left[-1])
        left.remove(bye)
    steps = [PAIRING_STEPS]

    def fresh_pairs(left: list[str]) -> list[tuple[str, str]] | None:
        if not left:
            return []
        steps[0] -= 1
        if steps[0] < 0:
            return None
        first, others = left[0], left[1:]
        for rival in others:
            if frozenset((first, rival)) not in seen:
                rest = fresh_pairs([name for name in others if name != rival])
                if rest is not None:
                    return [(first, rival), *rest]
        return None

    found = fresh_pairs(left)
    if found is not None:
        return found, bye
    pairs = []
    while left:
        first = left.pop(0)
        rival = next((name for name in left if frozenset((first, name)) not in seen), left[0])
        left.remove(rival)
        pairs.append((first, rival))
    return pairs, bye


#: How many steps the Swiss pairing may take looking for a round in which no pair meets twice.
PAIRING_STEPS = 100_000


__all__ = [
    "FAULTS",
    "LEADERBOARD_COLUMNS",
    "PAIRING_STEPS",
    "SYSTEMS",
    "DecisionRules",
    "Entrant",
    "Incident",
    "Rating",
    "TournamentResult",
    "play_match",
    "rate",
    "schedule",
    "standings",
    "swiss_pairings",
    "seatings",
    "tables",
    "tournament",
]
