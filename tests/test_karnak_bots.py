"""Karnak's heuristic and bots: the heuristic's shortfalls agree with the Designs' own, the
search branches on few, legal actions, every bot plays whole games legally and replays by
seed, and no bot reads what its seat cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from karnak_core import REFERENCE_DESIGNS, Game, KarnakTitle, staged
from karnak_core.actions import Action, Discard, Place, Priest, Put
from karnak_core.bots import make_bot
from karnak_core.heuristic import PLACE_CHOICES, KarnakHeuristic, clause_shortfall, summaries
from tabletop.agents import GreedyBot, play_game
from tabletop.mcts import MCTSBot


def random_games(count: int, players: int = 2, actions: int = 120) -> list[Game]:
    rng = random.Random(count * 31 + players)
    games = []
    for seed in range(count):
        game = Game.new(players, seed=seed)
        for _ in range(rng.randrange(actions)):
            if game.is_over:
                break
            game.push(rng.choice(game.legal_actions()))
        games.append(game)
    return games


def test_every_clause_falls_short_by_as_much_as_the_designs_say():
    clauses = {clause for design in REFERENCE_DESIGNS for clause in design.goal.clauses}
    compiled = {clause: clause_shortfall(clause) for clause in clauses}
    checked = 0
    for game in random_games(12):
        building = game.building()
        groups, group_of = summaries(game)
        assert sorted(sorted(g.cells) for g in groups) == sorted(
            sorted({cell for cell, _ in group}) for group in building.groups()
        )
        for group in building.groups():
            summary = groups[group_of[next(iter(group))[0]]]
            for clause, short in compiled.items():
                assert short(summary) == clause.shortfall(building, group), clause
                checked += 1
    assert checked > 1000


def test_a_complete_design_counts_and_a_frozen_one_counts_more():
    heuristic = KarnakHeuristic()
    open_kiosk = staged(2, mat="c4: Cy\nd4: Cy\ne4: Cy", hands=[["K01"], []])
    frozen_kiosk = staged(2, mat="c4: Cy\nd4: Cy\ne4: Cy\npriests: f4", hands=[["K01"], []])
    short_kiosk = staged(2, mat="c4: Cy\nd4: Cy", hands=[["K01"], []])
    points = [heuristic.expected_points(g)[0] for g in (short_kiosk, open_kiosk, frozen_kiosk)]
    assert points[0] < points[1] < points[2]
    values = heuristic.values(open_kiosk)
    assert values[0] > 0.5 > values[1]


def test_the_quick_scores_favour_the_piece_that_completes_a_design():
    game = staged(2, mat="c4: Cy\nd4: Cy", hands=[["K01"], []])
    legal = game.legal_actions()
    scores = dict(zip(legal, KarnakHeuristic().action_scores(game, legal), strict=True))
    best = max(scores, key=scores.__getitem__)
    assert best in KarnakHeuristic().search_actions(game, legal)
    game.play(best)
    assert isinstance(best, Place) and REFERENCE_DESIGNS[0].is_complete(game.building())


def test_the_search_branches_on_a_few_legal_actions():
    heuristic = KarnakHeuristic()
    for game in random_games(10, players=3):
        if game.is_over:
            continue
        legal = game.legal_actions()
        chosen = heuristic.search_actions(game, legal)
        assert chosen and set(chosen) <= set(legal)
        assert sum(isinstance(a, (Place, Put)) for a in chosen) <= PLACE_CHOICES
        if game.phase == "discard":
            assert len(chosen) == 1 and isinstance(chosen[0], Discard)
        # a Priest is kept only where it freezes a complete Design of the mover's
        assert all(
            heuristic.action_scores(game, [a])[0] > 0 for a in chosen if isinstance(a, Priest)
        )


#: Games cut short at 20 rounds, so that whole games stay quick.
SHORT = {"round_limit": 20}


def legal_log(bots: list[Any], players: int, seed: int) -> list[tuple[int, Action]]:
    """Play a whole game (``play_game`` checks every choice with ``is_legal``) and replay its
    log with ``play``, which checks every action again."""
    game = play_game(bots, Game.new(players, seed=seed, rules=SHORT), seed=seed)
    assert game.is_over
    replay = Game.new(players, seed=seed, rules=SHORT)
    for _, action in game.log:
        replay.play(action)
    assert replay == game
    return list(game.log)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_random_and_greedy_bots_play_whole_games_and_replay_by_seed(players: int):
    def bots() -> list[Any]:
        return [make_bot("greedy" if seat % 2 else "random", seat) for seat in range(players)]

    first = legal_log(bots(), players, seed=players)
    assert first == legal_log(bots(), players, seed=players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_bot_plays_a_whole_game_and_replays_by_seed(players: int):
    def bots() -> list[Any]:
        return [make_bot("mcts", 7, iterations=3)] + [
            make_bot("random", seat) for seat in range(1, players)
        ]

    first = legal_log(bots(), players, seed=11)
    assert first == legal_log(bots(), players, seed=11)


class Noting(KarnakHeuristic):
    """Karnak's heuristic, noting every state it is asked about."""

    def __init__(self) -> None:
        self.asked: list[Game] = []

    def values(self, state: Game) -> list[float]:
        self.asked.append(state)
        return super().values(state)

    def action_scores(self, state: Game, actions: Any) -> list[float]:
        self.asked.append(state)
        return super().action_scores(state, actions)

    def search_actions(self, state: Game, legal: Any) -> list[Action]:
        self.asked.append(state)
        return super().search_actions(state, legal)


@pytest.mark.parametrize("bot", [GreedyBot, MCTSBot])
def test_no_bot_asks_the_heuristic_about_the_real_hands(bot: Any):
    assert KarnakHeuristic.reads_hidden is True
    judge = Noting()
    options = {"iterations": 8} if bot is MCTSBot else {}
    asked = 0
    for game in random_games(6, actions=60):
        if game.is_over:
            continue
        judge.asked.clear()
        bot(3, heuristic=judge, **options).choose(game)
        assert all(state is not game for state in judge.asked)
        asked += len(judge.asked)
    assert asked


def test_the_title_makes_karnaks_tuned_bots():
    title = KarnakTitle()
    bot = title.make_bot("mcts", 1)
    assert isinstance(bot, MCTSBot) and bot.rollout_depth == 0
    assert (
        title.make_bot("greedy", 1).choose(title.new(2, seed=1))
        in title.new(2, seed=1).legal_actions()
    )
