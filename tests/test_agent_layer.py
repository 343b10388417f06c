"""The agent layer is game-agnostic: a small card game defined here, with hidden hands, plugs
into tabletop's bots and lab without touching them, and the bots play it sensibly."""

from __future__ import annotations

import math
import pickle
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import matplotlib
import pandas as pd
import pytest

from tabletop import (
    GameDidNotEnd,
    GameState,
    GameTitle,
    GreedyBot,
    Heuristic,
    IllegalChoice,
    LabError,
    MCTSBot,
    RandomBot,
    lab,
    make_bot,
    play_game,
    with_heuristic,
)
from tabletop.lab.record import Outcome, Recorder

matplotlib.use("Agg")


# ------------------------------------------------------------------------ a toy game
class Tricks:
    """High card, a toy trick game: cards 1..``cards`` (16), ``hand`` (5) dealt to each player, the rest
    out of play and unseen. Starting with the leader, each player plays a card face up; the
    highest wins the trick and leads the next. Most tricks wins (ties share the win). The
    other hands are hidden: ``determinized`` deals them anew from the cards not yet seen."""

    def __init__(
        self,
        hands: list[list[int]],
        unseen: list[int],
        leader: int = 0,
        trick: list[int] | None = None,
        tricks: list[int] | None = None,
    ):
        self.hands = hands
        self.unseen = unseen
        self.leader = leader
        self.trick = trick or []
        self.tricks = tricks or [0] * len(hands)

    @classmethod
    def deal(cls, players: int, seed: int, hand: int = 5, cards: int = 16) -> Tricks:
        deck = list(range(1, cards + 1))
        random.Random(seed).shuffle(deck)
        hands = [sorted(deck[i * hand : (i + 1) * hand]) for i in range(players)]
        return cls(hands, deck[players * hand :])

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def current_player(self) -> int:
        return (self.leader + len(self.trick)) % self.num_players

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    def legal_actions(self) -> list[int]:
        return [] if self.is_over else list(self.hands[self.current_player])

    def is_legal(self, action: Any) -> bool:
        return type(action) is int and action in self.legal_actions()

    def push(self, action: int) -> None:
        seat = self.current_player
        self.hands[seat].remove(action)
        self.trick.append(action)
        if len(self.trick) == self.num_players:
            best = self.trick.index(max(self.trick))
            self.leader = (self.leader + best) % self.num_players
            self.tricks[self.leader] += 1
            self.trick = []

    def copy(self) -> Tricks:
        return type(self)(
            [list(h) for h in self.hands],
            list(self.unseen),
            self.leader,
            list(self.trick),
            list(self.tricks),
        )

    def returns(self) -> list[float]:
        if not self.is_over:
            return [0.0] * self.num_players
        top = max(self.tricks)
        best = [seat for seat, t in enumerate(self.tricks) if t == top]
        return [1.0 / len(best) if seat in best else 0.0 for seat in range(self.num_players)]

    def scores(self) -> list[int]:
        return list(self.tricks)

    def determinized(self, rng: random.Random) -> Tricks:
        clone = self.copy()
        me = self.current_player
        pool = list(clone.unseen)
        for seat, hand in enumerate(clone.hands):
            if seat != me:
                pool += hand
        pool.sort()  # where each unseen card was must not steer the deal
        rng.shuffle(pool)
        for seat, hand in enumerate(clone.hands):
            if seat != me:
                size = len(hand)
                clone.hands[seat] = sorted(pool[:size])
                del pool[:size]
        clone.unseen = pool
        return clone


class TrickJudge:
    """The toy's heuristic: tricks won plus a little for the hand's strength; play low unless
    a card wins the trick cheaply."""

    def __init__(self, cards: int = 16):
        self.cards = cards

    def standing(self, state: Tricks, seat: int) -> float:
        return state.tricks[seat] + sum(state.hands[seat]) / (10.0 * self.cards)

    def values(self, state: Tricks) -> list[float]:
        if state.is_over:
            return state.returns()
        standing = [self.standing(state, seat) for seat in range(state.num_players)]
        out = []
        for seat, mine in enumerate(standing):
            rival = max(v for other, v in enumerate(standing) if other != seat)
            out.append(1.0 / (1.0 + math.exp(-(mine - rival))))
        return out

    def action_scores(self, state: Tricks, actions: Sequence[int]) -> list[float]:
        last = len(state.trick) == state.num_players - 1
        top = max(state.trick, default=0)
        return [
            (2.0 - card / self.cards) if last and card > top else -card / self.cards
            for card in actions
        ]


class JudgedTricks(Tricks):
    """The same game, offering its heuristic to the agents."""

    def heuristic(self) -> TrickJudge:
        return TrickJudge()


class PeekingJudge(TrickJudge):
    """A heuristic that reads the other hands: a seat stands better the more of its rivals'
    cards (which it cannot see) the trick's top card beats. It notes every state it is asked
    about."""

    def __init__(self, reads_hidden: bool):
        super().__init__()
        self.reads_hidden = reads_hidden
        #: Every state the agents asked it about.
        self.asked: list[Tricks] = []

    def values(self, state: Tricks) -> list[float]:
        self.asked.append(state)
        return super().values(state)

    def action_scores(self, state: Tricks, actions: Sequence[int]) -> list[float]:
        self.asked.append(state)
        return super().action_scores(state, actions)

    def standing(self, state: Tricks, seat: int) -> float:
        self.asked.append(state)
        top = max(state.trick, default=0)
        beaten = sum(card < top for other, hand in enumerate(state.hands) if other != seat
                     for card in hand)  # fmt: skip
        return super().standing(state, seat) + beaten / 10

    def search_actions(self, state: Tricks, legal: Sequence[int]) -> Sequence[int]:
        self.asked.append(state)
        return legal


def redealt(state: Tricks, seed: int) -> Tricks:
    """The same position with every card the player to act cannot see dealt anew."""
    return state.determinized(random.Random(seed))


class FirstCards(Recorder):
    """The toy's own column: the first card each seat played."""

    columns = {"first_card": "the first card the seat played"}

    def start(self, state: Tricks) -> None:
        self.first: dict[int, int] = {}

    def before(self, state: Tricks, seat: int, action: int) -> None:
        self.first.setdefault(seat, action)

    def seat_columns(self, state: Tricks, seat: int) -> dict[str, Any]:
        return {"first_card": self.first[seat]}


@dataclass(frozen=True)
class TricksTitle:
    hand: int = 5
    judged: bool = True
    name: str = "High card"

    @property
    def player_counts(self) -> tuple[int, ...]:
        return (2, 3)

    def new(self, players: int, seed: int) -> Tricks:
        kind = JudgedTricks if self.judged else Tricks
        return kind.deal(players, seed, hand=self.hand)

    def describe(self) -> dict[str, Any]:
        return {"game": self.name, "hand": self.hand}

    def recorder(self) -> FirstCards:
        return FirstCards()


class Stubborn:
    """A bot that always plays card 99: never legal."""

    name = "stubborn"

    def __init__(self, seed: int | None = None):
        pass

    def choose(self, state: Any) -> int:
        return 99


class Rambling:
    """A game that never ends: each player says a number, forever."""

    num_players = 2
    current_player = 0
    is_over = False

    def legal_actions(self) -> list[int]:
        return [1, 2]

    def is_legal(self, action: Any) -> bool:
        return action in (1, 2)

    def push(self, action: int) -> None:
        pass

    def copy(self) -> Rambling:
        return self

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def scores(self) -> list[int]:
        return [0, 0]

    def determinized(self, rng: random.Random) -> Rambling:
        return self


@dataclass(frozen=True)
class RamblingTitle:
    name: str = "Rambling"
    player_counts: tuple[int, ...] = (2,)

    def new(self, players: int, seed: int) -> Rambling:
        return Rambling()

    def describe(self) -> dict[str, Any]:
        return {"game": self.name}


# ------------------------------------------------------------------------ the protocol
def test_the_toy_game_offers_the_protocol():
    state = TricksTitle().new(2, seed=1)
    assert isinstance(state, GameState)
    assert isinstance(TricksTitle(), GameTitle)
    assert isinstance(with_heuristic(state), Heuristic)
    assert with_heuristic(TricksTitle(judged=False).new(2, seed=1)) is None
    seen = state.determinized(random.Random(3))
    assert seen.hands[0] == state.hands[0]  # the player's own hand stays
    assert sorted(seen.hands[1] + seen.unseen) == sorted(state.hands[1] + state.unseen)


@pytest.mark.parametrize("judged", [True, False])
@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_plays_the_toy_to_the_end_without_changing_the_state_it_is_shown(judged, players):
    bots = [RandomBot(1), MCTSBot(2, iterations=20), RandomBot(3)][:players]
    if judged:
        bots[0] = GreedyBot(1)
    state = TricksTitle(judged=judged).new(players, seed=7)
    for bot in bots:
        before = state.copy()
        assert bot.choose(state) in state.legal_actions()
        assert (state.hands, state.trick, state.tricks) == (
            before.hands,
            before.trick,
            before.tricks,
        )
    done = play_game(bots, state)
    assert done is state and state.is_over
    assert sum(state.tricks) == TricksTitle().hand


def test_greedy_takes_a_trick_cheaply_and_leads_low():
    state = JudgedTricks([[2, 9, 12], [5, 7, 13]], [], leader=1, trick=[7])
    state.hands[1].remove(7)
    assert GreedyBot(1).choose(state) == 9  # the lowest card that wins
    state = JudgedTricks([[2, 9, 12], [5, 13]], [])
    assert GreedyBot(1).choose(state) == 2  # nothing to win yet: keep the high cards


def test_greedy_needs_a_heuristic_and_says_so():
    with pytest.raises(LabError, match="heuristic"):
        GreedyBot(1).choose(TricksTitle(judged=False).new(2, seed=1))
    bot = GreedyBot(1, heuristic=TrickJudge())  # given one, it plays any state
    assert bot.choose(TricksTitle(judged=False).new(2, seed=1)) in range(1, 17)


def test_mcts_statistics_cover_the_root_within_budget():
    state = TricksTitle().new(3, seed=5)
    bot = MCTSBot(seed=1, iterations=60)
    stats = bot.analyse(state)
    assert bot.last_iterations == 60
    assert sum(s.visits for s in stats) == 60
    assert {s.action for s in stats} <= set(state.legal_actions())
    assert all(0.0 <= s.value <= 1.0 for s in stats)
    again = MCTSBot(seed=1, iterations=60).analyse(state)
    assert again == stats  # the same seed, the same search
    last = JudgedTricks([[4], [9]], [], leader=0)
    assert MCTSBot(1, iterations=5).choose(last) == 4  # a forced move is not searched
    assert MCTSBot(1, iterations=5).last_iterations == 0


# ------------------------------------------------------------------------ hidden information
def hidden_changes_choice(bot_of: Any, states: list[Tricks]) -> int:
    """How many of ``states`` get another choice once their hidden cards are dealt anew (the
    same bot seed for both)."""
    return sum(bot_of().choose(state) != bot_of().choose(redealt(state, 99)) for state in states)


def midgame_states() -> list[Tricks]:
    states = []
    for seed in range(40):
        state = JudgedTricks.deal(3, seed)
        rng = random.Random(seed)
        for _ in range(seed % 7):
            state.push(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_a_greedy_bot_on_a_heuristic_that_reads_hidden_cards_judges_a_determinized_copy():
    states = midgame_states()
    # Asked about the real state, such a heuristic lets the bot play on the rivals' cards...
    peeking = hidden_changes_choice(lambda: GreedyBot(5, heuristic=PeekingJudge(False)), states)
    assert peeking > 0
    # ...so when it says it reads them, the bot looks ahead on a determinized copy only.
    honest = hidden_changes_choice(lambda: GreedyBot(5, heuristic=PeekingJudge(True)), states)
    assert honest == 0
    # A heuristic of public information is asked about the real state, as before.
    assert hidden_changes_choice(lambda: GreedyBot(5), states) == 0


@pytest.mark.parametrize("bot", [GreedyBot, MCTSBot])
def test_agents_never_ask_a_heuristic_that_reads_hidden_cards_about_the_real_state(bot):
    for reads in (False, True):
        judge = PeekingJudge(reads)
        for state in midgame_states()[:10]:
            judge.asked.clear()
            bot(5, heuristic=judge).choose(state)
            asked_about_it = any(asked is state for asked in judge.asked)
            assert asked_about_it is not reads, (reads, state.hands)


def test_bots_deal_hidden_cards_with_the_determinize_they_are_given():
    dealt: list[int] = []

    def counting(state: Tricks, rng: random.Random) -> Tricks:
        dealt.append(state.current_player)
        return state.determinized(rng)

    state = JudgedTricks.deal(2, seed=3)
    MCTSBot(1, iterations=25, determinize=counting).choose(state)
    assert len(dealt) == 25
    GreedyBot(1, heuristic=PeekingJudge(True), determinize=counting).choose(state)
    assert len(dealt) == 26  # one copy per decision
    GreedyBot(1, determinize=counting).choose(state)
    assert len(dealt) == 26  # a heuristic of public information needs none
    for bot in (GreedyBot, MCTSBot):
        with pytest.raises(LabError, match="determinize: None or a function"):
            bot(1, determinize="deal")


def win_share(df: pd.DataFrame, prefix: str) -> tuple[float, float, float]:
    mine = df[df["bot"].str.startswith(prefix)]
    low, high = lab.wilson(float(mine["win"].sum()), len(mine))
    return float(mine["win"].mean()), low, high


@pytest.mark.parametrize("judged", [True, False])
def test_mcts_beats_random_on_the_toy_with_an_interval_above_half(judged):
    df = lab.simulate(
        TricksTitle(judged=judged),
        [("mcts", {"iterations": 60}), "random"],
        seeds=range(60),
        rotate=True,
        workers=1,
        progress=False,
    )
    rate, low, _ = win_share(df, "mcts")
    assert low > 0.5, f"MCTS won {rate:.0%} (95% interval from {low:.0%})"


def test_greedy_beats_random_on_the_toy():
    df = lab.simulate(
        TricksTitle(), ["greedy", "random"], seeds=range(60), rotate=True, progress=False
    )
    rate, low, _ = win_share(df, "greedy")
    assert low > 0.5, f"greedy won {rate:.0%} (95% interval from {low:.0%})"


# ------------------------------------------------------------------------ the lab
@pytest.fixture(scope="module")
def toy_table() -> pd.DataFrame:
    return lab.simulate(TricksTitle(), ["greedy", "random", "random"], games=12, progress=False)


def test_simulate_gives_the_common_columns_and_the_recorders(toy_table):
    assert list(toy_table.columns) == [*lab.COLUMNS, "first_card"]
    assert len(toy_table) == 36 and set(toy_table["seat"]) == {0, 1, 2}
    assert toy_table.groupby("game")["win"].sum().round(9).eq(1.0).all()
    assert (toy_table["score"] == toy_table["score"].groupby(toy_table["game"]).transform("max"))[
        toy_table["won"]
    ].all()
    assert toy_table["first_card"].between(1, 16).all()
    assert toy_table["iterations"].isna().all()
    assert (toy_table["rank"][toy_table["won"]] == 1).all()


def test_the_same_seeds_give_the_same_toy_table_on_two_processes(toy_table):
    again = lab.simulate(
        TricksTitle(), ["greedy", "random", "random"], games=12, workers=2, progress=False
    )
    pd.testing.assert_frame_equal(toy_table.drop(columns="seconds"), again.drop(columns="seconds"))


def test_statistics_and_plots_of_the_toy(toy_table):
    rates = lab.win_rates(toy_table, by="bot")
    assert set(rates["bot"]) == {"greedy", "random"}
    assert rates["rate"].between(0, 1).all()
    summary = lab.game_summary(toy_table)
    assert summary["games"].iloc[0] == 12 and summary["turns"].iloc[0] > 0
    assert lab.score_summary(toy_table)["n"].iloc[0] == 36
    games = lab.game_table(toy_table)
    assert len(games) == 12 and (games["winning_score"] >= games["mean_score"]).all()
    import matplotlib.pyplot as plt

    assert "%" in lab.plot_seat_win_rates(toy_table).get_xticklabels()[0].get_text()
    assert "mean" in lab.plot_score_distribution(toy_table).get_legend().get_texts()[0].get_text()
    plt.close("all")


def test_a_sweep_of_toy_variants_and_its_report():
    df = lab.sweep(
        {"default": TricksTitle(), "hand 3": TricksTitle(hand=3)},
        "random",
        players=2,
        games=8,
        workers=1,
        progress=False,
    )
    assert list(df["variant"].unique()) == ["default", "hand 3"]
    report = lab.diff_report(df)
    assert set(report["metric"]) == {*lab.REPORT_METRICS, "worst seat vs fair"}
    turns = report[report["metric"] == "turns"].iloc[0]
    assert turns["pairs"] == 8 and turns["diff"] < 0 and turns["significant"]
    assert "hand 3:" in lab.format_report(report)
    with pytest.raises(LabError, match="baseline"):
        lab.diff_report(df, baseline="hand 9")


def test_the_base_recorder_reads_the_outcome_from_the_state():
    state = TricksTitle().new(2, seed=3)
    play_game([RandomBot(1), RandomBot(2)], state)
    outcome = Recorder().outcome(state)
    assert isinstance(outcome, Outcome)
    assert outcome.scores == state.scores() and outcome.shares == state.returns()


# ------------------------------------------------------------------------ every game ends
def test_a_game_that_does_not_end_is_a_typed_error_naming_seed_bots_and_limit():
    with pytest.raises(GameDidNotEnd, match=r"seed 4 .*within 50 actions.*random, random"):
        play_game([RandomBot(1), RandomBot(2)], Rambling(), max_actions=50, seed=4)
    with pytest.raises(GameDidNotEnd, match="seed 7 did not end within 30 actions") as caught:
        lab.simulate(RamblingTitle(), "random", players=2, seeds=[7, 8], max_actions=30, workers=1)
    assert caught.value.limit == 30 and caught.value.bots == ("random", "random")
    again = pickle.loads(pickle.dumps(caught.value))
    assert str(again) == str(caught.value)


def test_an_illegal_choice_names_the_bot_and_nothing_is_recorded():
    with pytest.raises(IllegalChoice, match="stubborn in seat 1 chose 99"):
        play_game([RandomBot(1), Stubborn()], TricksTitle().new(2, seed=1))
    with pytest.raises(IllegalChoice, match="stubborn in seat 0 chose 99"):
        lab.simulate(TricksTitle(), [Stubborn, "random"], games=2, workers=1, progress=False)


def test_a_game_ending_on_its_last_allowed_action_is_over_not_an_error():
    state = TricksTitle(hand=2).new(2, seed=1)
    done = play_game([RandomBot(1), RandomBot(2)], state, max_actions=4)
    assert done.is_over


def test_make_bot_knows_the_common_bots():
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert repr(make_bot("mcts", 1, seconds=0.5)) == "MCTSBot(seconds=0.5)"
    with pytest.raises(LabError, match="unknown bot 'smart'"):
        make_bot("smart")
