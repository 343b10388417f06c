"""The bot tournament: its schedule, faults that never stop it, ratings, the leaderboard, the
Dask route and typed errors for bad input."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnival_core import CarnivalTitle
from carnuta_core.title import CarnutaTitle
from tabletop import LabError, RandomBot
from tabletop import tournament as tournaments
from tabletop.lab.run import MAX_GAMES
from tabletop.tournament import LEADERBOARD_COLUMNS, schedule, swiss_pairings, tournament

CARNUTA = CarnutaTitle()
TITLES = [CARNUTA, CarnivalTitle()]
TITLE_IDS = [title.name for title in TITLES]


def without_timing(result: tournaments.TournamentResult) -> list[dict[str, Any]]:
    """A result's rows without the measured thinking time (the machine's speed, not the games)."""
    return [{k: v for k, v in row.items() if k != "thinking"} for row in result.rows]


# ---------------------------------------------------------------------------- schedule
@settings(max_examples=60, deadline=None)
@given(
    entrants=st.integers(min_value=2, max_value=6),
    players=st.integers(min_value=2, max_value=4),
    seeds=st.lists(st.integers(-1000, 1000), min_size=1, max_size=4, unique=True),
)
def test_every_group_meets_on_every_deal_from_every_seat(
    entrants: int, players: int, seeds: list[int]
) -> None:
    players = min(players, entrants)
    names = [f"bot{i}" for i in range(entrants)]
    games = schedule(names, players, seeds)
    assert len(games) == math.comb(entrants, players) * len(seeds) * players
    # Every pair of entrants meets.
    met = {
        frozenset(pair) for _, _, seating in games for pair in itertools.combinations(seating, 2)
    }
    assert met == {frozenset(pair) for pair in itertools.combinations(names, 2)}
    # Each entrant sits in each seat equally often.
    for name in names:
        seats = Counter(seating.index(name) for _, _, seating in games if name in seating)
        assert len(set(seats.values())) == 1 and len(seats) == players, (name, seats)
    # Paired deals: at a table, each seed is dealt once per rotation, with every entrant in
    # every seat once (for two players: the same deal with the seats swapped).
    by_table: dict[tuple[frozenset[str], int], list[tuple[str, ...]]] = {}
    for seed, _, seating in games:
        by_table.setdefault((frozenset(seating), seed), []).append(seating)
    for (table, _), seatings in by_table.items():
        assert len(seatings) == players
        for seat in range(players):
            assert {seating[seat] for seating in seatings} == table


def test_two_players_play_each_deal_with_the_seats_swapped() -> None:
    result = tournament(CARNUTA, ["greedy", "random"], seeds=[11, 12], progress=False)
    games: dict[int, dict[int, str]] = {}
    for row in result.rows:
        games.setdefault(row["game"], {})[row["seat"]] = row["bot"]
    seeds = [next(r["seed"] for r in result.rows if r["game"] == game) for game in sorted(games)]
    assert seeds == [11, 11, 12, 12]
    assert [games[g][0] for g in sorted(games)] == ["greedy", "random", "greedy", "random"]


def perfect_matchings(names: list[str]) -> list[list[frozenset[str]]]:
    """Every way of pairing ``names`` (an even count), by brute force."""
    if not names:
        return [[]]
    first, rest = names[0], names[1:]
    return [
        [frozenset((first, rival)), *matching]
        for rival in rest
        for matching in perfect_matchings([n for n in rest if n != rival])
    ]


@settings(max_examples=150, deadline=None)
@given(data=st.data(), count=st.integers(min_value=2, max_value=8))
def test_a_swiss_round_pairs_everyone_once_and_avoids_rematches_when_it_can(
    data: st.DataObject, count: int
) -> None:
    names = [f"bot{i}" for i in range(count)]
    order = data.draw(st.permutations(names))
    every_pair = [frozenset(pair) for pair in itertools.combinations(names, 2)]
    met = data.draw(st.sets(st.sampled_from(every_pair)))
    byes = data.draw(st.sets(st.sampled_from(names)))
    pairs, bye = swiss_pairings(order, met, byes)
    seated = [name for pair in pairs for name in pair]
    assert sorted(seated + ([bye] if bye else [])) == sorted(names)
    assert (bye is not None) == (count % 2 == 1)
    if bye is not None and set(names) - byes:
        assert bye not in byes
        assert bye == [name for name in order if name not in byes][-1]
    # Without rematches when the brute force finds a way: the first such way, taking the
    # standings from the top (each entrant meets the best-placed rival that still allows it).
    fresh = [m for m in perfect_matchings([n for n in order if n != bye]) if not set(m) & met]
    found = [frozenset(pair) for pair in pairs]
    assert found == fresh[0] if fresh else set(found) & met


def test_a_swiss_tournament_pairs_by_wins_without_rematches() -> None:
    entrants = {
        "random": "random",
        "greedy": "greedy",
        "no hand": ("greedy", {"hand_weight": 0.0}),
        "first": Crashing,  # plays its first legal action when it does not crash
        "search": ("mcts", {"iterations": 10}),
    }
    result = tournament(CARNUTA, entrants, deals=2, system="swiss", progress=False)
    rounds = sorted({row["round"] for row in result.rows})
    assert rounds == [1, 2, 3]  # enough rounds to halve five entrants three times
    met: list[frozenset[str]] = []
    sat_out = []
    for number in rounds:
        games: dict[int, list[str]] = {}
        for row in result.rows:
            if row["round"] == number:
                games.setdefault(row["game"], []).append(row["bot"])
        tables = {frozenset(bots) for bots in games.values()}
        playing = [bot for table in tables for bot in table]
        assert len(playing) == len(set(playing)) == 4  # everyone once, one sits out
        sat_out += set(entrants) - set(playing)
        assert len(games) == len(tables) * 2 * 2  # two deals, each from both seats
        met += tables
    assert len(met) == len(set(met)) and len(sat_out) == len(set(sat_out))
    # Round 1 pairs in the order of entry (the fifth sits out).
    first_round = {frozenset(p) for p in [("random", "greedy"), ("no hand", "first")]}
    assert {t for t in met[:2]} == first_round
    assert result.leaderboard().index[0] == "greedy"


# ---------------------------------------------------------------------------- faults
class Crashing:
    """Raises whenever it has more than 3 legal actions."""

    name = "crashing"

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if len(legal) > 3:
            raise ZeroDivisionError("my bug")
        return legal[0]


class Illegal:
    """Answers with text, which is never an action."""

    def choose(self, state: Any) -> Any:
        return "take the best card"


@pytest.mark.parametrize("title", TITLES, ids=TITLE_IDS)
def test_a_crashing_bot_is_recorded_and_the_tournament_goes_on(title: Any) -> None:
    result = tournament(title, [Crashing, "random"], deals=2, progress=False, forfeit_after=None)
    assert len({row["game"] for row in result.rows}) == 4  # every game was played to the end
    crashes = [i for i in result.incidents if i.kind == "crash"]
    assert crashes and all(i.bot == "crashing" for i in crashes)
    first = str(crashes[0])
    assert "crashing" in first and "ZeroDivisionError('my bug')" in first
    assert f"{title.name} game {crashes[0].game} (seed {crashes[0].seed})" in first
    assert "legal actions" in first and "a random legal action was played instead" in first
    board = result.leaderboard()
    assert board.loc["crashing", "errors"] == len(crashes)
    assert board.loc["random", "errors"] == 0


def test_an_illegal_action_is_named_and_replaced_by_a_legal_one() -> None:
    result = tournament(CARNUTA, [Illegal, "random"], deals=1, progress=False)
    assert {i.kind for i in result.incidents} == {"illegal"}
    assert "chose 'take the best card', which is not legal there" in str(result.incidents[0])
    # With the default forfeit_after=3 the bot forfeits each game at its third fault.
    per_game = Counter(i.game for i in result.incidents)
    assert set(per_game.values()) == {3}
    assert [i.forfeited for i in result.incidents if i.game == 0] == [False, False, True]
    illegal_rows = [row for row in result.rows if row["bot"] == "Illegal"]
    assert all(row["forfeited"] and row["rank"] == 2 and row["win"] == 0 for row in illegal_rows)


class FakeClock:
    """A clock that moves only when a bot says it has thought."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def thinker(clock: FakeClock, seconds: float, name: str) -> type:
    class Thinker:
        def __init__(self, seed: int | None = None):
            self.bot = RandomBot(seed)
            self.name = name

        def choose(self, state: Any) -> Any:
            clock.now += seconds
            return self.bot.choose(state)

    return Thinker


def test_a_slow_bot_times_out_and_forfeits_on_a_fake_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    monkeypatch.setattr(tournaments, "clock", clock)
    slow, quick = thinker(clock, 2.0, "slow"), thinker(clock, 0.5, "quick")
    result = tournament(
        CARNUTA, {"slow": slow, "quick": quick}, deals=2, seconds=1.0, progress=False
    )
    assert {i.bot for i in result.incidents} == {"slow"}
    assert {i.kind for i in result.incidents} == {"timeout"}
    assert "took 2 s, over the limit of 1 s" in str(result.incidents[0])
    board = result.leaderboard()
    assert board.loc["slow", "timeouts"] == 3 * 4 and board.loc["slow", "forfeits"] == 4
    assert board.loc["quick", "timeouts"] == 0 and board.loc["quick", "wins"] == 4
    # The thinking time is the fake clock's: 0.5 s for each of the quick bot's decisions.
    quick_rows = [row for row in result.rows if row["bot"] == "quick"]
    assert all(row["thinking"] == 0.5 * row["decisions"] for row in quick_rows)


def test_without_a_limit_the_slow_bot_plays_its_own_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    monkeypatch.setattr(tournaments, "clock", clock)
    result = tournament(CARNUTA, [thinker(clock, 2.0, "slow"), "random"], deals=1, progress=False)
    assert result.incidents == ()


class Looping:
    """Never answers."""

    def choose(self, state: Any) -> Any:
        while True:
            pass


def test_a_hard_limit_ends_a_bot_that_never_answers() -> None:
    # Each bot forfeits at its first fault, so that few decisions need a child process.
    result = tournament(
        CARNUTA, [Looping, Illegal], deals=1, kill_after=2.0, forfeit_after=1, progress=False
    )
    kinds = sorted((i.bot, i.kind, i.forfeited) for i in result.incidents)
    assert kinds == [("Illegal", "illegal", True)] * 2 + [("Looping", "timeout", True)] * 2
    looping = next(i for i in result.incidents if i.bot == "Looping")
    assert "did not answer within 2 s, so its process was ended" in str(looping)


def test_a_bot_deciding_in_a_child_process_plays_as_it_would_here() -> None:
    # The bot comes back from the child with its random generator moved on, so the games match
    # (Carnival: few decisions a game, each a fork).
    carnival = CarnivalTitle()
    here = tournament(carnival, ["greedy", "random"], deals=1, progress=False)
    forked = tournament(carnival, ["greedy", "random"], deals=1, kill_after=30.0, progress=False)
    assert without_timing(forked) == without_timing(here) and forked.incidents == ()


def test_a_crash_in_a_child_process_is_recorded_as_here() -> None:
    def run(**limit: Any) -> tournaments.TournamentResult:
        return tournament(
            CARNUTA, [Crashing, Illegal], deals=1, forfeit_after=1, progress=False, **limit
        )

    here, forked = run(), run(kill_after=30.0)
    assert without_timing(forked) == without_timing(here)
    assert [str(i) for i in forked.incidents] == [str(i) for i in here.incidents]
    assert {i.kind for i in forked.incidents} == {"crash", "illegal"}


def test_the_hard_limit_is_refused_where_processes_cannot_fork(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(tournaments.os, "fork")
    with pytest.raises(LabError, match=r"^kill_after: .*needs os.fork"):
        tournament(CARNUTA, ["greedy", "random"], deals=1, kill_after=1.0)


class Meddler:
    """Plays on the state it is shown before answering: it must not change the game."""

    def __init__(self, seed: int | None = None):
        self.bot = RandomBot(seed)

    def choose(self, state: Any) -> Any:
        action = self.bot.choose(state)
        state.push(action)
        return action


def test_a_bot_plays_on_a_copy_and_cannot_change_the_game() -> None:
    result = tournament(CARNUTA, [Meddler, "random"], deals=2, progress=False)
    assert result.incidents == ()
    random_twin = tournament(
        CARNUTA, {"Meddler": RandomBot, "random": "random"}, deals=2, progress=False
    )
    assert without_timing(result) == without_timing(random_twin)


# ---------------------------------------------------------------------------- ratings
def test_ratings_put_the_greedy_bot_above_random_and_not_two_random_bots_apart() -> None:
    strong = tournament(CARNUTA, ["greedy", "random"], deals=8, progress=False).ratings()
    assert strong["greedy"].low > strong["random"].high
    # The control: two bots that play alike get intervals that overlap.
    even = tournament(
        CARNUTA, {"random A": "random", "random B": RandomBot}, deals=8, progress=False
    ).ratings()
    a, b = even["random A"], even["random B"]
    assert a.low < b.high and b.low < a.high


def test_the_leaderboard_has_its_columns_and_adds_up() -> None:
    result = tournament(CARNUTA, ["greedy", "random", Crashing], deals=2, progress=False)
    board = result.leaderboard()
    assert list(board.columns) == list(LEADERBOARD_COLUMNS)
    assert list(board.index) == sorted(board.index, key=lambda n: -board.loc[n, "rating"])
    assert set(board.index) == {"greedy", "random", "crashing"}
    games = len({row["game"] for row in result.rows})
    assert games == 3 * 2 * 2  # three tables, two deals, two seatings
    assert board["games"].sum() == 2 * games and board["wins"].sum() == pytest.approx(games)
    assert (board["low"] < board["rating"]).all() and (board["rating"] < board["high"]).all()
    assert board.loc["crashing", "errors"] == sum(1 for i in result.incidents)


def test_the_plot_shows_each_bot_with_its_interval() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    result = tournament(CARNUTA, ["greedy", "random"], deals=2, progress=False)
    ax = result.plot()
    labels = [label.get_text() for label in ax.get_yticklabels()]
    assert labels[-1].startswith("greedy") and labels[0].startswith("random")
    assert "4 games" in ax.get_title()  # two deals, each with the seats swapped
    plt.close("all")


# ---------------------------------------------------------------------------- routes
def test_the_same_seeds_give_the_same_tournament() -> None:
    entrants = ["greedy", "random", Crashing]
    first = tournament(CARNUTA, entrants, deals=2, progress=False)
    again = tournament(CARNUTA, entrants, deals=2, progress=False)
    assert without_timing(first) == without_timing(again)
    assert first.incidents == again.incidents
    assert first.ratings() == again.ratings()


def test_the_dask_route_gives_the_same_tournament_as_this_process() -> None:
    distributed = pytest.importorskip("dask.distributed")
    entrants = {"greedy": "greedy", "random": "random", "crashing": Crashing}
    here = tournament(CarnivalTitle(), entrants, deals=2, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = tournament(
            CarnivalTitle(), entrants, deals=2, progress=False, client=client, chunk_size=3
        )
    assert without_timing(here) == without_timing(remote)
    assert here.incidents == remote.incidents
    assert here.ratings() == remote.ratings()


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: tournament("Carnuta", ["greedy", "random"], deals=1), "title"),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, players=5), "players"),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, players=1), "players"),
        (lambda: tournament(CARNUTA, "greedy", deals=1), "entrants"),
        (lambda: tournament(CARNUTA, ["greedy", "greedy"], deals=1), "entrants"),
        (lambda: tournament(CARNUTA, ["greedy", "gredy"], deals=1), "entrants"),
        (lambda: tournament(CARNUTA, ["greedy", 42], deals=1), "entrants"),
        (lambda: tournament(CARNUTA, ["greedy", ("mcts", {"depth": 3})], deals=1), "entrants"),
        (lambda: tournament(CARNUTA, ["greedy", ("mcts",)], deals=1), "entrants"),
        (lambda: tournament(CARNUTA, {"": "greedy", "b": "random"}, deals=1), "entrants"),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=0), "games"),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=2, seeds=[1]), "seeds"),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, seconds=0), "seconds"),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, seconds="1"), "seconds"),
        (
            lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, forfeit_after=0),
            "forfeit_after",
        ),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, workers=0), "workers"),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, progress="no"), "progress"),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, system="cup"), "system"),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, kill_after=0), "kill_after"),
        (
            lambda: tournament(
                CARNUTA, ["greedy", "random", "mcts"], deals=1, players=3, system="swiss"
            ),
            "system",
        ),
        (lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, rounds=2), "rounds"),
        (
            lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, system="swiss", rounds=2),
            "rounds",
        ),
        (
            lambda: tournament(CARNUTA, ["greedy", "random"], deals=1, system="swiss", rounds=0),
            "rounds",
        ),
    ],
)
def test_bad_input_is_refused_with_the_argument_named(call: Any, argument: str) -> None:
    with pytest.raises(LabError) as refused:
        call()
    assert refused.value.argument == argument, refused.value


def test_a_bot_whose_constructor_fails_is_refused_before_any_game() -> None:
    class Broken:
        def __init__(self, seed: int | None = None):
            raise RuntimeError("forgot something")

        def choose(self, state: Any) -> Any:
            return None

    with pytest.raises(LabError, match=r"entrants: Broken: building it failed: RuntimeError"):
        tournament(CARNUTA, [Broken, "random"], deals=1)


def test_a_bot_that_cannot_reach_worker_processes_is_refused_before_any_game() -> None:
    entrants = {"first": lambda: Crashing(), "random": "random"}
    with pytest.raises(LabError, match=r"^entrants: first cannot be sent to worker processes"):
        tournament(CARNUTA, entrants, deals=1, workers=2)
    assert tournament(CARNUTA, entrants, deals=1, progress=False).rows  # here it plays


def test_worker_processes_give_the_same_tournament_as_this_process() -> None:
    entrants = ["greedy", "random", Crashing]
    here = tournament(CARNUTA, entrants, deals=1, progress=False)
    there = tournament(CARNUTA, entrants, deals=1, progress=False, workers=2, chunk_size=2)
    assert without_timing(here) == without_timing(there) and here.incidents == there.incidents


def test_a_tournament_too_big_for_one_run_is_refused_before_it_starts() -> None:
    names = {f"bot {i}": "random" for i in range(30)}  # 435 tables of two
    deals = MAX_GAMES // (435 * 2) + 1
    with pytest.raises(LabError, match=r"^games: .* a run plays at most 100,000"):
        tournament(CARNUTA, names, deals=deals)
