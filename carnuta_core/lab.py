"""The game-design lab: play many bot games and measure them.

- ``simulate(bots, games=...)`` plays games on every core (or on a Dask cluster when given a
  ``dask.distributed`` client) with a progress bar, and returns a pandas DataFrame with one row
  per player per game (the columns are listed in ``COLUMNS``).
- Metrics over that table: ``win_rates`` (by seat or bot, with 95% Wilson intervals),
  ``score_summary``, ``game_summary`` (length, lead changes, wasted actions), ``card_stats``
  (take and play rates, win rate and points when played, with intervals), ``trigger_stats``
  (who ends the game, and how often that player wins).
- ``sweep`` plays the same seeds under several ``Rules`` and decks; ``diff_report`` compares each
  variant with the default on paired seeds; ``edit_deck`` changes cards' costs and points.
- ``plot_*`` draw the results with the statistics in their labels.

Every game is fixed by its seed: the deal comes from the seed, and each bot's seed is derived
from the game's seed and the bot's seat, so the same call gives the same table on one core,
on many, or on a cluster (a bot with a *seconds* budget is the exception: its search depends
on the machine's speed). pandas, matplotlib, tqdm and dask are imported only when needed.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Union

from .actions import Discard, PlayCard, TakeCard
from .bots import Bot, make_bot
from .cards import card_from_fields
from .deck import Deck, reference_deck
from .deck_index import ROWS
from .errors import IllegalAction
from .fastscore import score_table
from .game import Game
from .model import INGREDIENTS
from .rules import Rules
from .waste import KIND_OF, SPENDING, Move, waste_labels

if TYPE_CHECKING:
    import pandas as pd

#: A bot for one seat: a name from ``bots.BOTS``, ``(name, {options})``, or a picklable
#: callable ``seed -> bot`` (a module-level function or ``functools.partial``).
BotSpec = Union[str, tuple[str, Mapping[str, Any]], Callable[[int | None], Bot]]

#: The columns of ``simulate``'s table, one row per player per game.
COLUMNS: dict[str, str] = {
    "variant": "the variant's name (sweeps; 'default' otherwise)",
    "game": "the game's number in this run (0, 1, ...)",
    "seed": "the game's seed: the deal and the bots' seeds",
    "rotation": "which rotation of the bots around the table (0 when rotate=False)",
    "players": "number of players",
    "seat": "seat (0 is the Ancestor, who plays first)",
    "bot": "the bot's label",
    "score": "final score",
    "best_row": "the player's best score-pad row (the first tie-break)",
    "margin": "score minus the best other score",
    "rank": "1 for the winner(s); ties share the better rank",
    "won": "the player is among the winners",
    "win": "share of the win: 1, 1/k for a k-way shared win, 0",
    "rounds": "rounds played",
    "turns": "turns played by all players",
    "actions": "main actions (take, play, take runes, flip) by all players",
    "player_actions": "main actions by this player",
    "lead_changes": "times the leader (strictly highest score, after each turn) changed",
    "triggered_end": "this player played the card that triggered the end of the game",
    "wasted": "this player's wasted actions (defined in carnuta_core.waste)",
    "forfeited": "actions this player lost because none was possible",
    "cards_played": "cards played from hand (the starting card not counted)",
    "cards_taken": "cards taken from the market",
    "cards_discarded": "cards discarded at the hand limit",
    "sickles_used": "Sickles used",
    "start_card": "the player's starting card",
    "played": "ids of the cards played from hand, in order",
    "played_points": "final points of each card in 'played'",
    "taken": "ids of the cards taken from the market, in order",
    "seen": "ids of every card revealed in the market during the game",
    "iterations": "mean search iterations per searched decision (search bots), else NaN",
    "seconds": "the game's wall time in seconds",
    **{f"pad_{i.value}": f"score-pad row: {i.title}" for i in INGREDIENTS},
}


# ---------------------------------------------------------------------------- bots
def bot_label(spec: BotSpec) -> str:
    """A readable name for a bot spec: ``greedy``, ``mcts(iterations=50)``."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, tuple):
        name, options = spec
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(options.items()))
        return f"{name}({inner})" if inner else name
    label: Any = getattr(spec, "name", None) or getattr(spec, "__name__", None)
    if label is None and hasattr(spec, "func"):  # functools.partial
        label = getattr(spec.func, "__name__", None)
    return str(label or repr(spec))


def build_bot(spec: BotSpec, seed: int | None) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec, seed)
    if isinstance(spec, tuple):
        name, options = spec
        return make_bot(name, seed, **dict(options))
    return spec(seed)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game of ``game_seed``."""
    return game_seed * 16 + seat + 1


# ---------------------------------------------------------------------------- one game
@dataclass(frozen=True)
class GameTask:
    """Everything needed to play one game anywhere (it pickles)."""

    game: int
    seed: int
    bots: tuple[BotSpec, ...]
    rotation: int = 0
    rules: Rules | None = None
    deck: Deck | None = None
    variant: str = "default"
    max_actions: int = 5000


def play_one(task: GameTask) -> list[dict[str, Any]]:
    """Play one game and return its rows (one per seat)."""
    start_time = time.perf_counter()
    players = len(task.bots)
    bots = [build_bot(spec, bot_seed(task.seed, seat)) for seat, spec in enumerate(task.bots)]
    game = Game.new(players, seed=task.seed, deck=task.deck, rules=task.rules)
    table = score_table(game.deck)
    taken: list[list[str]] = [[] for _ in range(players)]
    discarded = [0] * players
    sickles = [0] * players
    main_actions = [0] * players
    forfeited = [0] * players
    moves: list[Move] = []
    trigger_seat: int | None = None
    searched = [0] * players
    iterations = [0] * players
    seen: set[str] = {c for row in ROWS for c in game.market_ids(row) if c is not None}
    leader: int | None = None
    lead_changes = 0
    turns = 0
    for _ in range(task.max_actions):
        if game.is_over:
            break
        seat = game.current_player
        bot = bots[seat]
        action = bot.choose(game)
        if not game.is_legal(action):
            raise IllegalAction(
                f"{bot_label(task.bots[seat])} chose {action}, which is not legal "
                f"(game seed {task.seed}, seat {seat})"
            )
        its = getattr(bot, "last_iterations", None)
        if its:
            searched[seat] += 1
            iterations[seat] += its
        kind = KIND_OF[type(action)]
        card: str | None = None
        if kind == "take":
            assert isinstance(action, TakeCard)
            card = game.market_ids(action.row)[action.slot - 1]
            assert card is not None
            taken[seat].append(card)
        elif kind == "play":
            assert isinstance(action, PlayCard)
            card = action.card
        elif kind == "discard":
            assert isinstance(action, Discard)
            card = action.card
            discarded[seat] += 1
        elif kind == "end":
            forfeited[seat] += game.actions_left
        elif kind == "sickle":
            sickles[seat] += 1
        if kind in SPENDING:
            main_actions[seat] += 1
        moves.append((seat, kind, card))
        game.push(action)
        if trigger_seat is None and game.final_round is not None:
            trigger_seat = seat
        for market_row in ROWS:
            for c in game.market_ids(market_row):
                if c is not None:
                    seen.add(c)
        if (game.current_player != seat or game.is_over) and kind in ("end", "discard"):
            turns += 1
            scores = table.scores_of(game)
            top = max(scores)
            leaders = [i for i, v in enumerate(scores) if v == top]
            if len(leaders) == 1 and leaders[0] != leader:
                if leader is not None:
                    lead_changes += 1
                leader = leaders[0]
    if not game.is_over:
        raise RuntimeError(
            f"game seed {task.seed} did not end within {task.max_actions} actions "
            f"(bots: {', '.join(bot_label(b) for b in task.bots)})"
        )
    wasted = [0] * players
    for (seat, _, _), label in zip(
        moves, waste_labels(moves, game.rules.flip_mode, over=True), strict=True
    ):
        wasted[seat] += label is not None
    pads = [game.score_pad(seat) for seat in range(players)]
    totals = [pad.total for pad in pads]
    winners = game.winners()
    keys = [(pad.total, pad.best_row) for pad in pads]
    elapsed = time.perf_counter() - start_time
    rows = []
    for seat in range(players):
        p = game.seat(seat)
        counts = table.counts(p.played, p.salt_on, p.bonus)
        from_hand = p.played[1:]
        record: dict[str, Any] = {
            "variant": task.variant,
            "game": task.game,
            "seed": task.seed,
            "rotation": task.rotation,
            "players": players,
            "seat": seat,
            "bot": bot_label(task.bots[seat]),
            "score": totals[seat],
            "best_row": pads[seat].best_row,
            "margin": totals[seat] - max(totals[j] for j in range(players) if j != seat),
            "rank": 1 + sum(1 for k in keys if k > keys[seat]),
            "won": seat in winners,
            "win": 1.0 / len(winners) if seat in winners else 0.0,
            "rounds": game.round,
            "turns": turns,
            "actions": sum(main_actions),
            "player_actions": main_actions[seat],
            "lead_changes": lead_changes,
            "triggered_end": seat == trigger_seat,
            "wasted": wasted[seat],
            "forfeited": forfeited[seat],
            "cards_played": len(from_hand),
            "cards_taken": len(taken[seat]),
            "cards_discarded": discarded[seat],
            "sickles_used": sickles[seat],
            "start_card": p.played[0],
            "played": tuple(from_hand),
            "played_points": tuple(table.points(cid, counts) for cid in from_hand),
            "taken": tuple(taken[seat]),
            "seen": tuple(sorted(seen)),
            "iterations": iterations[seat] / searched[seat] if searched[seat] else math.nan,
            "seconds": elapsed,
        }
        for ingredient, points in pads[seat]:
            record[f"pad_{ingredient.value}"] = points
        rows.append(record)
    return rows


def _run_chunk(tasks: Sequence[GameTask]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for task in tasks:
        out.extend(play_one(task))
    return out


# ---------------------------------------------------------------------------- simulate
def make_tasks(
    bots: Sequence[BotSpec],
    seeds: Iterable[int],
    *,
    rules: Rules | None = None,
    deck: Deck | None = None,
    rotate: bool = False,
    variant: str = "default",
    first_game: int = 0,
) -> list[GameTask]:
    """The games of a run: each seed once, or once per rotation of the bots (paired seats)."""
    bots = tuple(bots)
    rotations = range(len(bots)) if rotate else range(1)
    tasks = []
    number = first_game
    for seed in seeds:
        for r in rotations:
            seated = bots[len(bots) - r :] + bots[: len(bots) - r] if r else bots
            tasks.append(GameTask(number, int(seed), seated, r, rules, deck, variant))
            number += 1
    return tasks


def simulate(
    bots: Sequence[BotSpec] | BotSpec,
    games: int | None = None,
    *,
    players: int | None = None,
    seeds: Iterable[int] | None = None,
    rules: Rules | None = None,
    deck: Deck | None = None,
    rotate: bool = False,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    chunk_size: int | None = None,
    variant: str = "default",
) -> pd.DataFrame:
    """Play games between bots and return one row per player per game (see ``COLUMNS``).

    - ``bots``: one spec per seat (``["mcts", "greedy"]``), or one spec and ``players``.
      A spec is a bot name, ``(name, {options})`` or a picklable ``seed -> bot`` callable.
    - ``games`` seeds ``0 .. games-1``, or give ``seeds`` (the same seeds give the same deals:
      paired comparisons).
    - ``rotate=True`` plays every seed once per rotation of the bots around the table, so each
      bot sits in each seat with the same deal (for 2 players: each seed twice, seats swapped).
    - ``workers``: processes on this machine (default: every core; 1 plays in this process).
    - ``client``: a ``dask.distributed.Client``; the games then run on its cluster.
    """
    specs = simulate_specs(bots, players)
    if not specs:
        raise ValueError("give one bot per seat, or one bot and players=")
    if seeds is None:
        if games is None:
            raise ValueError("give games= (seeds 0 .. games-1) or seeds=")
        seeds = range(games)
    elif games is not None:
        raise ValueError("give games= or seeds=, not both")
    Game.new(len(specs), seed=0, deck=deck, rules=rules)  # fail fast on a bad setup
    tasks = make_tasks(specs, seeds, rules=rules, deck=deck, rotate=rotate, variant=variant)
    rows = run_tasks(
        tasks, workers=workers, client=client, progress=progress, chunk_size=chunk_size
    )
    return to_frame(rows)


def run_tasks(
    tasks: Sequence[GameTask],
    *,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
    chunk_size: int | None = None,
    description: str = "games",
) -> list[dict[str, Any]]:
    """Play ``tasks`` locally, on ``workers`` processes, or on a Dask ``client``; rows in order."""
    from tqdm.auto import tqdm

    if not tasks:
        return []
    if client is not None:
        slots = max(1, _dask_slots(client))
    else:
        slots = workers if workers is not None else (os.cpu_count() or 1)
    if chunk_size is None:
        chunk_size = max(1, min(50, len(tasks) // (slots * 4) or 1))
    chunks = [list(tasks[i : i + chunk_size]) for i in range(0, len(tasks), chunk_size)]
    results: list[list[dict[str, Any]]] = []
    bar = tqdm(total=len(tasks), desc=description, unit="game", disable=not progress)
    try:
        if client is not None:
            from dask.distributed import as_completed as dask_completed

            futures = client.map(_run_chunk, chunks, pure=False)
            for future in dask_completed(futures):  # type: ignore[no-untyped-call]
                chunk_rows = future.result()
                results.append(chunk_rows)
                bar.update(len({r["game"] for r in chunk_rows}))
        elif slots <= 1 or len(chunks) == 1:
            for chunk in chunks:
                results.append(_run_chunk(chunk))
                bar.update(len(chunk))
        else:
            with ProcessPoolExecutor(max_workers=slots) as pool:
                pending = {pool.submit(_run_chunk, chunk): len(chunk) for chunk in chunks}
                for done in as_completed(pending):
                    results.append(done.result())
                    bar.update(pending[done])
    finally:
        bar.close()
    rows = [row for chunk_rows in results for row in chunk_rows]
    rows.sort(key=lambda r: (r["variant"], r["game"], r["seat"]))
    return rows


def _dask_slots(client: Any) -> int:
    try:
        return int(sum(client.nthreads().values()))
    except Exception:  # pragma: no cover - an unusual client
        return 1


def to_frame(rows: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    import pandas as pd

    frame = pd.DataFrame(list(rows), columns=list(COLUMNS))
    return frame


# ---------------------------------------------------------------------------- statistics
def wilson(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Iterable[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval: (mean, low, high)."""
    data = [float(v) for v in values]
    n = len(data)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(data) / n
    if n == 1:
        return (mean, math.nan, math.nan)
    var = sum((v - mean) ** 2 for v in data) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def win_rates(df: pd.DataFrame, by: str | Sequence[str] = "seat") -> pd.DataFrame:
    """Win rate per group (shared wins count fractionally), with a 95% Wilson interval.

    ``fair`` is each player's share, 1/players; ``vs_fair`` the rate minus that share.
    """
    import pandas as pd

    keys = [by] if isinstance(by, str) else list(by)
    out = []
    for key, group in df.groupby(keys, sort=True):
        wins = float(group["win"].sum())
        n = len(group)
        low, high = wilson(wins, n)
        fair = float((1.0 / group["players"]).mean())
        values = key if isinstance(key, tuple) else (key,)
        out.append(
            {
                **dict(zip(keys, values, strict=True)),
                "games": n,
                "wins": wins,
                "rate": wins / n,
                "ci_low": low,
                "ci_high": high,
                "fair": fair,
                "vs_fair": wins / n - fair,
            }
        )
    return pd.DataFrame(out)


def trigger_stats(df: pd.DataFrame, by: str = "seat") -> pd.DataFrame:
    """Who ends the game: per group, the share of games in which it played the card that
    triggered the end, and its win rate in those games (95% Wilson interval)."""
    import pandas as pd

    out = []
    for key, group in df.groupby(by, sort=True):
        triggered = group[group["triggered_end"]]
        wins = float(triggered["win"].sum())
        low, high = wilson(wins, len(triggered))
        out.append(
            {
                by: key,
                "games": len(group),
                "triggered": len(triggered),
                "trigger_share": len(triggered) / len(group),
                "win_rate_when_triggering": wins / len(triggered) if len(triggered) else math.nan,
                "ci_low": low,
                "ci_high": high,
            }
        )
    return pd.DataFrame(out)


def game_table(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game: winning score, scores, length, lead changes, wasted actions."""
    keys = ["variant", "game"]
    grouped = df.groupby(keys, sort=False)
    games = grouped.agg(
        seed=("seed", "first"),
        rotation=("rotation", "first"),
        players=("players", "first"),
        winning_score=("score", "max"),
        mean_score=("score", "mean"),
        low_score=("score", "min"),
        rounds=("rounds", "first"),
        turns=("turns", "first"),
        actions=("actions", "first"),
        lead_changes=("lead_changes", "first"),
        wasted=("wasted", "mean"),
        forfeited=("forfeited", "mean"),
        seconds=("seconds", "first"),
    )
    first_seat = df[df["seat"] == 0].set_index(keys)["win"]
    games["first_seat_win"] = first_seat
    return games.reset_index()


def score_summary(df: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Score distribution per group: mean (with 95% interval), sd, quartiles, mean winning score."""
    import pandas as pd

    keys = [] if by is None else ([by] if isinstance(by, str) else list(by))
    groups = [((), df)] if not keys else list(df.groupby(keys, sort=True))
    out = []
    for key, group in groups:
        mean, low, high = mean_ci(group["score"])
        games = game_table(group) if "variant" in group else None
        win_mean, win_low, win_high = (
            mean_ci(games["winning_score"]) if games is not None else (math.nan,) * 3
        )
        values = key if isinstance(key, tuple) else (key,)
        out.append(
            {
                **dict(zip(keys, values, strict=True)),
                "n": len(group),
                "mean": mean,
                "ci_low": low,
                "ci_high": high,
                "sd": float(group["score"].std()),
                "min": int(group["score"].min()),
                "q25": float(group["score"].quantile(0.25)),
                "median": float(group["score"].median()),
                "q75": float(group["score"].quantile(0.75)),
                "max": int(group["score"].max()),
                "winning_mean": win_mean,
                "winning_ci_low": win_low,
                "winning_ci_high": win_high,
            }
        )
    return pd.DataFrame(out)


def game_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Per variant: games, length in rounds, turns and actions, lead changes, wasted and
    forfeited actions.

    Wasted actions (per player per game), as ``carnuta_core.waste`` defines them (the ledger
    counts the same): a Take a Card whose card was discarded or never played, a Flip Runes
    overwritten by the next flip before any card play, runes taken or flipped after the
    player's last play.
    """
    import pandas as pd

    games = game_table(df)
    out = []
    for variant, group in games.groupby("variant", sort=False):
        row: dict[str, Any] = {"variant": variant, "games": len(group)}
        for metric in (
            "winning_score",
            "mean_score",
            "rounds",
            "turns",
            "actions",
            "lead_changes",
            "wasted",
            "forfeited",
        ):
            mean, low, high = mean_ci(group[metric])
            row[metric] = mean
            row[f"{metric}_ci"] = (high - low) / 2 if not math.isnan(low) else math.nan
        out.append(row)
    return pd.DataFrame(out)


def card_stats(df: pd.DataFrame, deck: Deck | None = None) -> pd.DataFrame:
    """Each card's numbers over the player-games of ``df``.

    - ``seen``: games in which the card was revealed in the market; ``taken``: times taken;
      ``take_rate`` = taken / seen, about the chance someone took it once it was offered;
    - ``played``: times played; ``play_rate`` = played / taken;
    - ``win_when_played`` (with a 95% Wilson interval) and ``win_lift`` = that minus the overall
      win rate: its estimated value in wins;
    - ``points`` (with a 95% interval): the points it scored at the end when played.
    """
    import pandas as pd

    deck = deck or reference_deck()
    base = float(df["win"].mean()) if len(df) else math.nan
    seen: dict[str, int] = {}
    games = df.drop_duplicates(["variant", "game"])
    for cards in games["seen"]:
        for cid in cards:
            seen[cid] = seen.get(cid, 0) + 1
    taken: dict[str, int] = {}
    for cards in df["taken"]:
        for cid in cards:
            taken[cid] = taken.get(cid, 0) + 1
    wins: dict[str, list[float]] = {}
    points: dict[str, list[int]] = {}
    for cards, pts, win in zip(df["played"], df["played_points"], df["win"], strict=True):
        for cid, p in zip(cards, pts, strict=True):
            wins.setdefault(cid, []).append(float(win))
            points.setdefault(cid, []).append(int(p))
    out = []
    for card in deck:
        if card.origin.value == "start":
            continue
        cid = card.id
        w = wins.get(cid, [])
        n = len(w)
        low, high = wilson(sum(w), n)
        mean, plow, phigh = mean_ci(points.get(cid, []))
        out.append(
            {
                "card": cid,
                "kind": card.kind.value,
                "ingredient": card.ingredient.value if card.ingredient else "salt",
                "cost": len(card.cost),
                "scoring": str(card.scoring),
                "seen": seen.get(cid, 0),
                "taken": taken.get(cid, 0),
                "take_rate": taken.get(cid, 0) / seen[cid] if seen.get(cid) else math.nan,
                "played": n,
                "play_rate": n / taken[cid] if taken.get(cid) else math.nan,
                "win_when_played": sum(w) / n if n else math.nan,
                "win_ci_low": low,
                "win_ci_high": high,
                "win_lift": (sum(w) / n - base) if n else math.nan,
                "points": mean,
                "points_ci_low": plow,
                "points_ci_high": phigh,
            }
        )
    return pd.DataFrame(out)


# ---------------------------------------------------------------------------- sweeps
@dataclass(frozen=True)
class Variant:
    """One arm of a sweep: rules and a deck (``None``: the defaults)."""

    rules: Rules | None = None
    deck: Deck | None = None
    note: str = field(default="", compare=False)


def as_variant(value: Variant | Rules | Deck | Mapping[str, Any] | None) -> Variant:
    """A sweep entry: a ``Variant``, ``Rules``, a ``Deck`` or a dict of Rules changes."""
    if value is None:
        return Variant()
    if isinstance(value, Variant):
        return value
    if isinstance(value, Rules):
        return Variant(rules=value)
    if isinstance(value, Deck):
        return Variant(deck=value)
    return Variant(rules=replace(Rules(), **dict(value)))


def sweep(
    variants: Mapping[str, Variant | Rules | Deck | Mapping[str, Any] | None],
    bots: Sequence[BotSpec] | BotSpec,
    games: int | None = None,
    *,
    players: int | None = None,
    seeds: Iterable[int] | None = None,
    baseline: str | None = "default",
    rotate: bool = False,
    workers: int | None = None,
    client: Any = None,
    progress: bool = True,
) -> pd.DataFrame:
    """Play the same seeds under each variant (plus the default rules as ``baseline``).

    ``variants`` maps a name to ``Rules``, a ``Deck``, a ``Variant`` or a dict of Rules changes,
    e.g. ``{"bonus at 5": {"bonus_levels": (5, 10)}, "hand 4": {"hand_limit": 4}}``.
    Returns ``simulate``'s table with the ``variant`` column set; see ``diff_report``.
    """
    arms = dict(variants)
    if baseline is not None and baseline not in arms:
        arms = {baseline: Variant(), **arms}
    if seeds is None:
        if games is None:
            raise ValueError("give games= or seeds=")
        seeds = range(games)
    seed_list = list(seeds)
    probe = simulate_specs(bots, players)
    tasks: list[GameTask] = []
    for name, value in arms.items():
        arm = as_variant(value)
        Game.new(len(probe), seed=0, deck=arm.deck, rules=arm.rules)
        tasks.extend(
            make_tasks(
                probe, seed_list, rules=arm.rules, deck=arm.deck, rotate=rotate, variant=name
            )
        )
    rows = run_tasks(tasks, workers=workers, client=client, progress=progress)
    frame = to_frame(rows)
    order = {name: i for i, name in enumerate(arms)}
    frame["_order"] = frame["variant"].map(order)
    frame = frame.sort_values(["_order", "game", "seat"]).drop(columns="_order")
    return frame.reset_index(drop=True)


def simulate_specs(bots: Sequence[BotSpec] | BotSpec, players: int | None) -> tuple[BotSpec, ...]:
    """Normalise ``bots`` as ``simulate`` does: one spec per seat."""
    if isinstance(bots, str) or callable(bots):
        if players is None:
            raise ValueError("one bot given: say how many players with players=")
        return (bots,) * players
    if isinstance(bots, tuple) and len(bots) == 2 and isinstance(bots[1], Mapping):
        if players is None:
            raise ValueError("one bot given: say how many players with players=")
        return (bots,) * players
    specs = tuple(bots)
    if players is not None and players != len(specs):
        raise ValueError(f"{len(specs)} bots for players={players}")
    return specs


#: The metrics of ``diff_report``: name -> (per-game column, what it means).
REPORT_METRICS: dict[str, tuple[str, str]] = {
    "winning score": ("winning_score", "mean winning score"),
    "mean score": ("mean_score", "mean score of all players"),
    "lowest score": ("low_score", "mean lowest score"),
    "rounds": ("rounds", "rounds per game"),
    "actions": ("actions", "main actions per game"),
    "lead changes": ("lead_changes", "lead changes per game"),
    "wasted actions": ("wasted", "wasted actions per player per game"),
    "first seat win rate": ("first_seat_win", "the Ancestor's (seat 0) win share"),
}


def diff_report(df: pd.DataFrame, baseline: str = "default") -> pd.DataFrame:
    """Each variant against ``baseline`` on paired seeds: metric, values, difference, 95% CI.

    Games are paired by (seed, rotation): the same deal under both rules. ``significant`` is
    True when the interval of the difference excludes 0.
    """
    import pandas as pd

    games = game_table(df)
    if baseline not in set(games["variant"]):
        raise ValueError(f"no baseline variant {baseline!r} in the table")
    base = games[games["variant"] == baseline].set_index(["seed", "rotation"])
    out = []
    for variant, group in games.groupby("variant", sort=False):
        if variant == baseline:
            continue
        arm = group.set_index(["seed", "rotation"])
        common = base.index.intersection(arm.index)
        for name, (column, meaning) in REPORT_METRICS.items():
            a = base.loc[common, column].astype(float)
            b = arm.loc[common, column].astype(float)
            diff, low, high = mean_ci((b - a).tolist())
            out.append(
                {
                    "variant": variant,
                    "metric": name,
                    "meaning": meaning,
                    "baseline": float(a.mean()),
                    "value": float(b.mean()),
                    "diff": diff,
                    "ci_low": low,
                    "ci_high": high,
                    "pairs": len(common),
                    "significant": bool(low > 0 or high < 0),
                }
            )
        seats_base = win_rates(df[df["variant"] == baseline])
        seats_arm = win_rates(df[df["variant"] == variant])
        worst_base = float(seats_base["vs_fair"].abs().max())
        worst_arm = float(seats_arm["vs_fair"].abs().max())
        out.append(
            {
                "variant": variant,
                "metric": "worst seat vs fair",
                "meaning": "largest distance of a seat's win rate from 1/players",
                "baseline": worst_base,
                "value": worst_arm,
                "diff": worst_arm - worst_base,
                "ci_low": math.nan,
                "ci_high": math.nan,
                "pairs": len(common),
                "significant": False,
            }
        )
    return pd.DataFrame(out)


def format_report(report: pd.DataFrame) -> str:
    """The diff report as text, one line per variant and metric."""
    lines = []
    for variant, group in report.groupby("variant", sort=False):
        lines.append(f"{variant}:")
        for row in _rows(group):
            ci = (
                f" [{row.ci_low:+.2f}, {row.ci_high:+.2f}]"
                if not math.isnan(float(row.ci_low))
                else ""
            )
            flag = " *" if row.significant else ""
            lines.append(
                f"  {row.metric:<20} {row.baseline:8.2f} -> {row.value:8.2f}  "
                f"diff {row.diff:+.2f}{ci}{flag}"
            )
    return "\n".join(lines)


# ---------------------------------------------------------------------------- decks
def edit_deck(
    deck: Deck, changes: Mapping[str, Mapping[str, str]], *, name: str | None = None
) -> Deck:
    """A copy of ``deck`` with some cards changed: ``{"N07": {"cost": "flip moon",
    "scoring": "6 per set mushroom clover clover"}}``. Fields: deck, kind, ingredient, cost,
    scoring (the deck file's notation). Unknown cards or fields raise ``ValueError``."""
    fields_order = ("id", "deck", "kind", "ingredient", "cost", "scoring")
    ids = {card.id for card in deck}
    unknown = [cid for cid in changes if cid not in ids]
    if unknown:
        raise ValueError(f"no card {', '.join(unknown)} in the {deck.name} deck")
    cards = []
    for card in deck:
        edit = changes.get(card.id)
        if edit is None:
            cards.append(card)
            continue
        bad = [k for k in edit if k not in fields_order[1:]]
        if bad:
            raise ValueError(f"{card.id}: unknown field(s) {', '.join(bad)}")
        values = dict(zip(fields_order, card.fields(), strict=True))
        values.update(edit)
        cards.append(card_from_fields([values[k] for k in fields_order]))
    return Deck(cards, name=name or f"{deck.name} (edited)")


# ---------------------------------------------------------------------------- plots
def plot_seat_win_rates(df: pd.DataFrame, ax: Any = None) -> Any:
    """Bars of each seat's win rate with 95% intervals; labels carry the numbers."""
    import matplotlib.pyplot as plt

    rates: Any = win_rates(df)
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.5))
    x = list(range(len(rates)))
    err = [rates["rate"] - rates["ci_low"], rates["ci_high"] - rates["rate"]]
    ax.bar(x, rates["rate"] * 100, yerr=[e * 100 for e in err], capsize=4, color="#6a8caf")
    fair = float(rates["fair"].iloc[0]) * 100
    ax.axhline(fair, color="#b0413e", linestyle="--", label=f"fair share {fair:.1f}%")
    ax.set_xticks(x)
    ax.set_xticklabels(
        [
            f"seat {int(r.seat) + 1}\n{r.rate * 100:.1f}%\n[{r.ci_low * 100:.1f}, {r.ci_high * 100:.1f}]"
            for r in _rows(rates)
        ],
        fontsize=8,
    )
    ax.set_ylabel("win rate (%)")
    games = int(rates["games"].iloc[0])
    ax.set_title(f"Win rate by seat ({games} games, 95% Wilson intervals)")
    # Outside the axes, right of the bars: a legend inside would cover the last bar.
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    return ax


def plot_score_distribution(df: pd.DataFrame, ax: Any = None, by: str = "variant") -> Any:
    """Histogram of final scores per group; the legend gives mean, sd and mean winning score."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.5))
    summary: Any = score_summary(df, by=by)
    for row, (_, group) in zip(_rows(summary), df.groupby(by, sort=True), strict=True):
        label = (
            f"{getattr(row, by)}: mean {row.mean:.1f} ± {(row.ci_high - row.mean):.1f}, "
            f"sd {row.sd:.1f}, winner {row.winning_mean:.1f} (n={row.n})"
        )
        ax.hist(group["score"], bins=20, alpha=0.55, label=label)
    ax.set_xlabel("final score")
    ax.set_ylabel("players")
    ax.set_title("Score distribution")
    ax.legend(fontsize=8)
    return ax


def plot_card_values(stats: pd.DataFrame, ax: Any = None, top: int = 15) -> Any:
    """The cards with the highest win lift, with 95% intervals of their win rate when played."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 0.32 * top + 1.2))
    rows: Any = stats.dropna(subset=["win_when_played"]).sort_values("win_lift", ascending=False)
    rows = rows.head(top).iloc[::-1]
    y = list(range(len(rows)))
    rate = rows["win_when_played"] * 100
    err = [rate - rows["win_ci_low"] * 100, rows["win_ci_high"] * 100 - rate]
    ax.errorbar(rate, y, xerr=err, fmt="o", color="#6a8caf", capsize=3)
    ax.set_yticks(y)
    ax.set_yticklabels(
        [
            f"{r.card} {r.scoring if r.kind != 'salt' else 'Salt'} — "
            f"win {r.win_when_played * 100:.0f}% (n={r.played}), "
            f"{r.points:.1f} pts"
            for r in _rows(rows)
        ],
        fontsize=8,
    )
    ax.set_xlabel("win rate when played (%), 95% Wilson interval")
    ax.set_title(f"Top {len(rows)} cards by win rate when played")
    return ax


def plot_diff_report(report: pd.DataFrame, metric: str = "winning score", ax: Any = None) -> Any:
    """One metric's difference from the baseline per variant, with its paired 95% interval."""
    import matplotlib.pyplot as plt

    rows: Any = report[report["metric"] == metric]
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 0.5 * len(rows) + 1.5))
    y = list(range(len(rows)))
    err = [rows["diff"] - rows["ci_low"], rows["ci_high"] - rows["diff"]]
    ax.errorbar(rows["diff"], y, xerr=err, fmt="o", capsize=4, color="#6a8caf")
    ax.axvline(0, color="#888", linestyle=":")
    ax.set_yticks(y)
    ax.set_yticklabels(
        [
            f"{r.variant}: {r.baseline:.1f} → {r.value:.1f} ({r.diff:+.1f} [{r.ci_low:+.1f}, {r.ci_high:+.1f}])"
            for r in _rows(rows)
        ],
        fontsize=8,
    )
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.set_xlabel(f"difference in {metric} vs the default\n(paired seeds, 95% CI)")
    ax.set_title(f"Rule changes: {metric}")
    return ax


def _rows(df: Any) -> list[Any]:
    """The rows of a table as objects with one attribute per column."""
    from types import SimpleNamespace

    return [SimpleNamespace(**{str(k): v for k, v in r.items()}) for r in df.to_dict("records")]


def iter_rows(df: pd.DataFrame) -> Iterator[dict[str, Any]]:
    """The table's rows as dicts (handy in lessons)."""
    for record in df.to_dict(orient="records"):
        yield {str(k): v for k, v in record.items()}


__all__ = [
    "COLUMNS",
    "GameTask",
    "REPORT_METRICS",
    "Variant",
    "bot_label",
    "card_stats",
    "diff_report",
    "edit_deck",
    "format_report",
    "game_summary",
    "trigger_stats",
    "game_table",
    "make_tasks",
    "mean_ci",
    "play_one",
    "plot_card_values",
    "plot_diff_report",
    "plot_score_distribution",
    "plot_seat_win_rates",
    "run_tasks",
    "score_summary",
    "simulate",
    "sweep",
    "wilson",
    "win_rates",
]
