"""Chance nodes in the agent protocol: Pig, a dice game defined here, plays through tabletop's
bots, search, perft and lab, with answers known exactly (the greedy bot's expectation by
hand, the better of hold and roll by a small dynamic programme)."""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop import (
    GameDidNotEnd,
    GameState,
    GameTitle,
    GreedyBot,
    LabError,
    MCTSBot,
    RandomBot,
    lab,
    play_game,
)
from tabletop.chance import (
    CHANCE,
    check_decision,
    expectation,
    is_chance,
    offers_chance,
    outcomes_from,
    sample_outcome,
    settle,
)
from tabletop.lab.game_measures import choices, decision_summary
from tabletop.lab.specs import bot_seed
from tabletop.perft import divide, expected_perft, perft


# ------------------------------------------------------------------------------ Pig
class Move(enum.Enum):
    ROLL = "roll"
    HOLD = "hold"

    def __repr__(self) -> str:
        return f"Move.{self.name}"


ROLL, HOLD = Move.ROLL, Move.HOLD


class Pig:
    """Pig for two: on a turn the player rolls (``ROLL``: ``dice`` dice thrown one after the
    other, each a chance node with ``faces`` equally likely faces) or banks the turn's total
    (``HOLD``, once something is won). A 1 loses the turn's total and passes the turn; other
    faces add to it. A roll that brings the player's bank and turn total to ``goal`` wins."""

    num_players = 2

    def __init__(self, seed: int = 0, goal: int = 20, dice: int = 1, faces: int = 6):
        self.seed, self.goal, self.dice, self.faces = seed, goal, dice, faces
        self.banks = [0, 0]
        self.turn = 0
        self.player = 0
        self.pending = 0  # dice still to throw in this roll: a chance node while above 0
        self.winner: int | None = None
        self.draws = 0

    @classmethod
    def at(cls, mine: int, theirs: int, turn: int, **rules: Any) -> Pig:
        """Player 0 to decide with ``mine`` banked, ``turn`` this turn, the rival ``theirs``."""
        game = cls(**rules)
        game.banks, game.turn = [mine, theirs], turn
        return game

    @property
    def current_player(self) -> int:
        return CHANCE if self.pending else self.player

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def is_chance(self) -> bool:
        return self.pending > 0 and not self.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / self.faces) for face in range(1, self.faces + 1)]

    def sample_chance(self) -> int:
        return random.Random(self.seed * 1_000_003 + self.draws).randint(1, self.faces)

    def legal_actions(self) -> list[Any]:
        if self.is_over:
            return []
        if self.pending:
            return list(range(1, self.faces + 1))
        return [ROLL, HOLD] if self.turn else [ROLL]

    def is_legal(self, action: Any) -> bool:
        return action in self.legal_actions()

    def push(self, action: Any) -> None:
        if self.pending:
            self.draws += 1
            if action == 1:
                self.turn = self.pending = 0
                self.player = 1 - self.player
                return
            self.turn += action
            self.pending -= 1
            if not self.pending and self.banks[self.player] + self.turn >= self.goal:
                self.banks[self.player] += self.turn
                self.winner = self.player
        elif action is ROLL:
            self.pending = self.dice
        else:
            self.banks[self.player] += self.turn
            self.turn = 0
            self.player = 1 - self.player

    def copy(self) -> Pig:
        other = Pig(self.seed, self.goal, self.dice, self.faces)
        other.banks, other.turn, other.player = list(self.banks), self.turn, self.player
        other.pending, other.winner, other.draws = self.pending, self.winner, self.draws
        return other

    def returns(self) -> list[float]:
        return [float(seat == self.winner) for seat in range(2)]

    def scores(self) -> list[int]:
        return list(self.banks)

    def determinized(self, rng: random.Random) -> Pig:
        return self.copy()

    def heuristic(self) -> PigHeuristic:
        return PigHeuristic()


class PigHeuristic:
    """A seat's standing: its bank, and the turn's total while it is the one playing."""

    def standing(self, state: Pig, seat: int) -> float:
        assert not state.is_chance, "a heuristic is never asked about a chance node"
        return state.banks[seat] + (state.turn if seat == state.player else 0)

    def values(self, state: Pig) -> list[float]:
        if state.is_over:
            return state.returns()
        mine, theirs = self.standing(state, 0), self.standing(state, 1)
        lead = (mine - theirs) / (2 * state.goal)
        return [0.5 + lead, 0.5 - lead]

    def action_scores(self, state: Pig, actions: Sequence[Any]) -> list[float]:
        return [0.0] * len(actions)


@dataclass(frozen=True)
class PigTitle:
    goal: int = 20
    name: str = "Pig"
    player_counts: tuple[int, ...] = (2,)

    def new(self, players: int, seed: int) -> Pig:
        return Pig(seed, self.goal)

    def describe(self) -> dict[str, Any]:
        return {"goal": self.goal}


class Watchful:
    """A bot that fails the test if it is ever asked at a chance node, and notes the seats
    it decides for."""

    def __init__(self, bot: Any, seats: list[int]):
        self.bot, self.name, self.seats = bot, bot.name, seats

    def choose(self, state: Any) -> Any:
        assert not is_chance(state) and state.current_player != CHANCE
        self.seats.append(state.current_player)
        return self.bot.choose(state)


def played(
    seed: int, bots: Sequence[Any], **rules: Any
) -> tuple[Pig, list[tuple[int, Any]], list[Any]]:
    """A game of Pig played by ``bots``: the game, its decisions (seat, action) and its
    chance outcomes."""
    seats: list[int] = []
    actions: list[Any] = []
    outcomes: list[Any] = []
    game = play_game(
        [Watchful(bot, seats) for bot in bots],
        Pig(seed, **rules),
        on_action=lambda state, action: actions.append(action),
        on_chance=lambda state, outcome: outcomes.append(outcome),
    )
    return game, list(zip(seats, actions, strict=True)), outcomes


def positions(seed: int, steps: int, dice: int = 1) -> Pig:
    """Pig after ``steps`` random actions and outcomes (stopping at the end)."""
    rng = random.Random(seed)
    game = Pig(seed, dice=dice)
    for _ in range(steps):
        if game.is_over:
            break
        game.push(rng.choice(game.legal_actions()))
    return game


# ------------------------------------------------------------------------------ the contract
def test_pig_offers_the_protocol_and_chance():
    game = Pig()
    assert isinstance(game, GameState) and isinstance(PigTitle(), GameTitle)
    assert offers_chance(game) and not is_chance(game)
    game.push(ROLL)
    assert is_chance(game) and game.current_player == CHANCE
    assert [o for o, _ in game.chance_outcomes()] == game.legal_actions()


def test_carnuta_and_carnival_have_no_chance_nodes():
    from carnival_core import Game as CarnivalGame
    from carnuta_core import Game as CarnutaGame

    for game in (CarnutaGame.new(2, seed=1), CarnivalGame.new(2, seed=1)):
        assert not offers_chance(game) and not is_chance(game)
        assert settle(game) == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60), st.sampled_from([1, 2]))
def test_chance_outcomes_sum_to_one_wherever_chance_is(seed, steps, dice):
    game = positions(seed, steps, dice)
    settle(game, outcomes_from(random.Random(seed)), limit=0)  # limit 0: nothing applied
    if is_chance(game):
        assert sum(p for _, p in game.chance_outcomes()) == pytest.approx(1.0)
        assert sample_outcome(game, random.Random(seed)) in game.legal_actions()


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(1, 9), min_size=1, max_size=6),
    st.floats(0, 1, exclude_max=True),
)
def test_sample_outcome_falls_where_the_draw_falls_in_the_cumulative_probabilities(weights, r):
    total = sum(weights)

    class Node:
        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [(i, w / total) for i, w in enumerate(weights)]

    class Fixed(random.Random):
        def random(self) -> float:
            return r

    bounds = [sum(weights[: i + 1]) / total for i in range(len(weights))]
    expected = next((i for i, bound in enumerate(bounds) if r < bound), len(weights) - 1)
    found = sample_outcome(Node(), Fixed())
    # a draw on a boundary may fall either side of it by a rounding error
    assert found == expected or min(abs(r - bound) for bound in [0.0, *bounds]) < 1e-9


def test_sample_outcome_follows_the_probabilities():
    game = Pig(faces=4)
    game.push(ROLL)
    rng = random.Random(5)
    counts = [0] * 5
    for _ in range(8000):
        counts[sample_outcome(game, rng)] += 1
    assert all(abs(count / 8000 - 0.25) < 0.03 for count in counts[1:])


def test_settle_draws_from_the_game_stream_until_a_decision():
    game, twin = Pig(seed=4, dice=2), Pig(seed=4, dice=2)
    game.push(ROLL)
    twin.push(ROLL)
    seen: list[Any] = []
    applied = settle(game, on_outcome=lambda state, outcome: seen.append(outcome))
    assert applied == len(seen) >= 1 and not is_chance(game)
    assert seen[0] == twin.sample_chance()  # the game's own stream
    assert settle(game) == 0


# ------------------------------------------------------------------------------ play_game
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_play_game_replays_exactly_with_the_same_seed_and_never_asks_a_bot_at_chance(seed):
    def bots() -> list[Any]:
        return [RandomBot(seed), GreedyBot(seed + 1)]

    first, decisions, outcomes = played(seed, bots())
    again, decisions_again, outcomes_again = played(seed, bots())
    assert first.is_over and (decisions, outcomes) == (decisions_again, outcomes_again)
    assert first.scores() == again.scores() and first.returns() == again.returns()
    assert outcomes and all(o in range(1, 7) for o in outcomes)
    assert all(action in (ROLL, HOLD) for _, action in decisions)
    assert sum(action is ROLL for _, action in decisions) == len(outcomes)  # one die a roll


def test_the_stream_decides_the_dice_not_the_bots_seeds():
    _, _, outcomes = played(3, [RandomBot(1), RandomBot(2)])
    _, _, outcomes_other_bots = played(3, [RandomBot(7), RandomBot(8)])
    # the k-th die is the same whoever rolls it: the stream is the game's
    n = min(len(outcomes), len(outcomes_other_bots))
    assert outcomes[:n] == outcomes_other_bots[:n]


def test_chance_outcomes_count_against_max_actions():
    with pytest.raises(GameDidNotEnd):
        play_game([RandomBot(1), RandomBot(2)], Pig(1, goal=1000), max_actions=30)


@pytest.mark.parametrize("bot", [RandomBot(1), GreedyBot(1), MCTSBot(1, iterations=20)])
def test_no_bot_chooses_at_a_chance_node(bot):
    game = Pig()
    game.push(ROLL)
    with pytest.raises(LabError, match="chance"):
        bot.choose(game)
    with pytest.raises(LabError, match="chance"):
        check_decision(game)


# ------------------------------------------------------------------------------ greedy
def exact_roll_value(mine: int, turn: int, dice: int, faces: int = 6) -> float:
    """The mover's expected standing after ``ROLL``, by enumerating the dice (no win)."""
    total = 0.0
    rolls = [[]]
    for _ in range(dice):
        rolls = [r + [f] for r in rolls for f in range(1, faces + 1)]
    for roll in rolls:
        gained = 0 if 1 in roll else turn + sum(roll)
        total += (mine + gained) / len(rolls)
    return total


def test_the_expectation_of_one_die_is_the_textbook_one():
    # (5t + 20) / 6 over the bank: rolling beats holding exactly below a turn total of 20
    for turn in (0, 7, 19, 20, 21):
        game = Pig.at(10, 0, turn, goal=1000)
        game.push(ROLL)
        value = expectation(game, lambda s: PigHeuristic().standing(s, 0), random.Random(0))
        assert value == pytest.approx(10 + (5 * turn + 20) / 6)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 50), st.integers(0, 40), st.sampled_from([1, 2]), st.integers(1, 80))
def test_the_expectation_is_exact_with_budget_enough_and_never_judges_more(
    mine, turn, dice, budget
):
    game = Pig.at(mine, 0, turn, goal=1000, dice=dice)
    game.push(ROLL)
    judged: list[Pig] = []

    def standing(state: Pig) -> float:
        judged.append(state)
        return PigHeuristic().standing(state, 0)

    value = expectation(game, standing, random.Random(budget), budget)
    assert 1 <= len(judged) <= budget
    assert not any(is_chance(s) for s in judged)
    if budget >= 6**dice:
        assert value == pytest.approx(exact_roll_value(mine, turn, dice))


@pytest.mark.parametrize(("turn", "best"), [(12, ROLL), (19, ROLL), (21, HOLD), (30, HOLD)])
def test_greedy_holds_at_twenty_by_the_expectation(turn, best):
    for seed in range(5):
        assert GreedyBot(seed).choose(Pig.at(0, 0, turn, goal=1000)) is best


def test_greedy_sees_two_dice_through_consecutive_chance_nodes():
    # two dice: rolling is worth 25/36 (t + 8), better than holding below t = 18.18
    for turn, best in ((17, ROLL), (19, HOLD)):
        game = Pig.at(0, 0, turn, goal=1000, dice=2)
        assert GreedyBot(1, chance_budget=36).choose(game) is best


# ------------------------------------------------------------------------------ MCTS
def win_chances(goal: int, faces: int = 6) -> dict[tuple[int, int, int], dict[Move, float]]:
    """The mover's chance to win Pig (one die) with perfect play, for each action, by value
    iteration: position (mine, theirs, turn) with the mover to decide."""
    p: dict[tuple[int, int, int], float] = {
        (i, j, k): 0.5 for i in range(goal) for j in range(goal) for k in range(goal - i)
    }

    def actions(i: int, j: int, k: int) -> dict[Move, float]:
        roll = (1 - p[(j, i, 0)]) / faces
        for face in range(2, faces + 1):
            roll += (1.0 if i + k + face >= goal else p[(i, j, k + face)]) / faces
        found = {ROLL: roll}
        if k:
            found[HOLD] = 1 - p[(j, i + k, 0)]
        return found

    for _ in range(2000):
        change = 0.0
        for key in p:
            best = max(actions(*key).values())
            change = max(change, abs(best - p[key]))
            p[key] = best
        if change < 1e-12:
            break
    return {key: actions(*key) for key in p}


@pytest.fixture(scope="module")
def pig_chances() -> dict[tuple[int, int, int], dict[Move, float]]:
    return win_chances(12)


@pytest.mark.parametrize(("mine", "theirs", "turn"), [(0, 10, 6), (8, 2, 3), (10, 0, 1)])
def test_mcts_finds_the_better_of_hold_and_roll_by_the_exact_answer(
    pig_chances, mine, theirs, turn
):
    chances = pig_chances[(mine, theirs, turn)]
    best = max(chances, key=lambda move: chances[move])
    assert abs(chances[ROLL] - chances[HOLD]) > 0.1  # a clear choice
    # rollouts to the end (the quick policy's scores are all even: random play), so that a
    # leaf's value is a win or a loss
    bot = MCTSBot(seed=3, iterations=3000, rollout_depth=None, epsilon=1.0)
    assert bot.choose(Pig.at(mine, theirs, turn, goal=12)) is best
    stats = {stat.action: stat.value for stat in bot.last_stats}
    assert stats[best] == pytest.approx(chances[best], abs=0.1)


def test_mcts_keeps_the_game_stream_untouched_and_plays_whole_games():
    game = Pig(seed=2)
    before = game.draws
    bot = MCTSBot(seed=1, iterations=200)
    bot.choose(game)
    assert game.draws == before and not game.banks[0]
    finished, decisions, outcomes = played(2, [MCTSBot(1, iterations=60), GreedyBot(2)])
    assert finished.is_over and decisions and outcomes


def test_mcts_with_the_same_seed_searches_the_same():
    game = Pig.at(5, 9, 4, goal=20)
    first = MCTSBot(seed=7, iterations=300).analyse(game)
    again = MCTSBot(seed=7, iterations=300).analyse(game)
    assert first == again


# ------------------------------------------------------------------------------ perft
def test_perft_counts_every_outcome_as_a_branch():
    game = Pig()
    # roll; then 6 faces; then after a 1 the rival may only roll, after 2..6 roll or hold
    assert [perft(game, depth) for depth in range(4)] == [1, 1, 6, 11]
    game.push(ROLL)
    assert divide(game, 2) == {"1": 1, **{str(face): 2 for face in range(2, 7)}}


def test_expected_perft_weighs_outcomes_and_counts_decisions_only():
    game = Pig()
    assert expected_perft(game, 1) == 1
    assert expected_perft(game, 2) == pytest.approx(1 / 6 + 5 / 6 * 2)
    from carnival_core import Game as CarnivalGame

    carnival = CarnivalGame.new(2, seed=1)
    assert expected_perft(carnival, 2) == perft(carnival, 2)


# ------------------------------------------------------------------------------ the lab
def test_the_lab_counts_decisions_and_turns_without_chance():
    title, seeds = PigTitle(), [0, 1, 2, 3]
    decisions = choices(title, ["greedy", "random"], seeds=seeds, workers=1, progress=False)
    table = lab.simulate(title, ["greedy", "random"], seeds=seeds, workers=1, progress=False)
    assert set(decisions["legal"]) <= {1, 2}  # a choice among roll and hold, never six faces
    for game, seed in enumerate(seeds):
        bots = [GreedyBot(bot_seed(seed, 0)), RandomBot(bot_seed(seed, 1))]
        finished, made, outcomes = played(seed, bots)
        assert (decisions["game"] == game).sum() == len(made) and outcomes
        seats = [seat for seat, _ in made]
        turns = 1 + sum(1 for a, b in zip(seats, seats[1:], strict=False) if a != b)
        rows = table[table["game"] == game]
        assert set(rows["turns"]) == {turns}
        assert list(rows["score"]) == finished.scores()
    summary = decision_summary(decisions)
    assert summary["decisions_per_game"] == pytest.approx(len(decisions) / len(seeds))
    assert table.groupby("game")["win"].sum().eq(1).all()


def test_the_lab_replays_recorded_outcomes_and_a_tournament_plays_pig():
    from tabletop.lab.playtest import replay_seat
    from tabletop.lab.run import GameTask, play_one
    from tabletop.tournament import tournament

    game, decisions, outcomes = played(5, [RandomBot(1), RandomBot(2)])
    replays = tuple(replay_seat([a for s, a in decisions if s == seat]) for seat in (0, 1))
    # another seed, so another stream: the recorded outcomes replay the game all the same
    rows = play_one(GameTask(PigTitle(), 0, 999, replays, outcomes=tuple(outcomes)))
    assert [row["score"] for row in rows] == game.scores()
    with pytest.raises(LabError, match="outcomes"):
        play_one(GameTask(PigTitle(), 0, 999, replays, outcomes=tuple(outcomes[:-1])))
    result = tournament(PigTitle(), ["random", "greedy"], seeds=[1, 2], progress=False)
    games = result.games()
    assert len(games) == 8 and not result.incidents
    assert games.groupby("game")["decisions"].sum().gt(0).all()


def test_a_sampled_expectation_is_unbiased():
    # six faces and a budget of 3: sampled, yet right on average
    game = Pig.at(10, 0, 8, goal=1000)
    game.push(ROLL)
    estimates = [
        expectation(game, lambda s: PigHeuristic().standing(s, 0), random.Random(seed), 3)
        for seed in range(600)
    ]
    assert sum(estimates) / len(estimates) == pytest.approx(exact_roll_value(10, 8, 1), abs=0.4)
    assert len(set(estimates)) > 3  # sampled, not expanded


# ------------------------------------------------------------------------------ Carcata
class Points:
    """A heuristic for Carcata from its points alone (asked only about decision nodes)."""

    def standing(self, state: Any, seat: int) -> float:
        assert not is_chance(state)
        return float(state.scores()[seat])

    def values(self, state: Any) -> list[float]:
        assert not is_chance(state)
        if state.is_over:
            return list(state.returns())
        scores = state.scores()
        lead = scores[0] - scores[1]
        return [0.5 + lead / 200, 0.5 - lead / 200]

    def action_scores(self, state: Any, actions: Sequence[Any]) -> list[float]:
        return [0.0] * len(actions)


def test_carcata_plays_through_the_agents_with_its_dice_settled_by_its_own_stream():
    from carcata_core import Game

    def game(bots: list[Any]) -> tuple[Any, list[tuple[int, Any]], list[Any]]:
        seats: list[int] = []
        outcomes: list[Any] = []
        state = play_game(
            [Watchful(bot, seats) for bot in bots],
            Game.new(2, seed=3),
            on_chance=lambda state, outcome: outcomes.append(outcome),
        )
        return (
            state,
            list(zip(seats, [a for s, a in state.log if s != CHANCE], strict=True)),
            outcomes,
        )

    def bots() -> list[Any]:
        return [
            MCTSBot(1, iterations=20, heuristic=Points()),
            GreedyBot(2, heuristic=Points(), chance_budget=4),
        ]

    first, decisions, outcomes = game(bots())
    again, decisions_again, outcomes_again = game(bots())
    assert first.is_over and outcomes and decisions
    assert (decisions, outcomes) == (decisions_again, outcomes_again)
    assert [o for s, o in first.log if s == CHANCE] == outcomes
    randomly, _, _ = game([RandomBot(1), RandomBot(2)])
    assert randomly.is_over


def test_a_recorder_hears_each_chance_outcome_apart_from_the_decisions():
    from tabletop.lab.record import Recorder

    class Rolls(Recorder):
        __slots__ = ("faces", "decided")
        columns = {"faces": "the dice as they fell", "decided": "decisions taken"}

        def start(self, state: Any) -> None:
            self.faces: list[int] = []
            self.decided = 0

        def before(self, state: Any, seat: int, action: Any) -> None:
            assert not is_chance(state) and action in (ROLL, HOLD)
            self.decided += 1

        def chance(self, state: Any, outcome: Any) -> None:
            self.faces.append(outcome)

        def seat_columns(self, state: Any, seat: int) -> dict[str, Any]:
            return {"faces": tuple(self.faces), "decided": self.decided}

    @dataclass(frozen=True)
    class Recorded(PigTitle):
        def recorder(self) -> Rolls:
            return Rolls()

    table = lab.simulate(Recorded(), ["random", "random"], seeds=[7], workers=1, progress=False)
    _, decisions, outcomes = played(7, [RandomBot(bot_seed(7, 0)), RandomBot(bot_seed(7, 1))])
    assert table["faces"][0] == tuple(outcomes) and table["decided"][0] == len(decisions)
