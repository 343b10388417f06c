"""MCTSBot and the coach: legal, within budget, reproducible, better than random; fast scoring
agrees with the reference scoring."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnuta_core import Game, RandomBot, Rules, maths, play_game, reference_deck
from carnuta_core.bots import make_bot
from carnuta_core.coach import Coach, points_by_end
from carnuta_core.fastscore import score_table
from carnuta_core.lab import edit_deck
from carnuta_core.mcts import MCTSBot


def random_position(players: int, seed: int, steps: int, rules: Rules | None = None) -> Game:
    game = Game.new(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(
    "players, seed, steps, rules",
    [
        (2, 1, 0, None),
        (3, 2, 40, None),
        (4, 3, 120, None),
        (2, 4, 60, Rules(flip_mode="any", hand_limit=4)),
        (3, 5, 30, Rules(actions_per_turn=3, bonus_levels=(5, 10))),
    ],
)
def test_mcts_chooses_a_legal_action_and_leaves_the_game_alone(players, seed, steps, rules):
    game = random_position(players, seed, steps, rules)
    before = game.state_key()
    bot = MCTSBot(seed=seed, iterations=25)
    action = bot.choose(game)
    assert action in game.legal_actions()
    assert game.state_key() == before
    assert bot.last_iterations in (0, 25)


def test_iteration_budget_is_exact_and_stats_cover_the_root():
    game = Game.new(3, seed=9)
    bot = MCTSBot(seed=1, iterations=40)
    stats = bot.analyse(game)
    assert bot.last_iterations == 40
    assert sum(s.visits for s in stats) == 40
    assert all(0.0 <= s.value <= 1.0 for s in stats)
    assert stats == sorted(stats, key=lambda s: (-s.visits, -s.value))


def test_seconds_budget_is_respected(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fake clock that advances 10 ms each time it is read: the search must stop once
    # 0.2 s have passed on it, whatever the machine's speed.
    ticks = iter(range(10**6))
    monkeypatch.setattr("tabletop.mcts.time.perf_counter", lambda: next(ticks) * 0.01)
    bot = MCTSBot(seed=1, seconds=0.2)
    bot.choose(Game.new(2, seed=3))
    assert 0 < bot.last_iterations <= 8 * 21  # the clock is read every 8 iterations


def test_same_seed_same_search():
    game = Game.new(2, seed=7)
    a, b = MCTSBot(seed=5, iterations=60), MCTSBot(seed=5, iterations=60)
    assert a.analyse(game) == b.analyse(game)
    assert len(a.last_stats) > 1
    assert a.choose(game) == b.choose(game)


def test_bad_budgets_are_refused():
    with pytest.raises(ValueError, match="iterations"):
        MCTSBot(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        MCTSBot(seconds=-1)


def test_mcts_beats_random():
    wins = 0
    for seed in range(2):
        for seat in range(2):
            bots = [RandomBot(seed), RandomBot(seed)]
            bots[seat] = MCTSBot(seed=seed, iterations=30)  # type: ignore[call-overload]
            game = play_game(bots, seed=100 + seed)
            wins += seat in game.winners()
    assert wins == 4


def test_mcts_plays_any_rules_and_deck_to_the_end():
    deck = edit_deck(reference_deck(), {"N07": {"cost": "flip moon"}})
    rules = Rules(hand_limit=4, actions_per_turn=3, bonus_levels=(5, 10))
    bots = [make_bot("mcts", 1, iterations=8), make_bot("greedy", 2)]
    game = play_game(bots, seed=3, deck=deck, rules=rules)
    assert game.is_over


def test_mcts_is_registered():
    assert isinstance(make_bot("mcts", 1, iterations=3), MCTSBot)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_fast_scoring_agrees_with_the_score_pad(players, seed, steps):
    game = random_position(players, seed, steps, Rules(salt_on_salt=seed % 2 == 0))
    table = score_table(game.deck)
    assert table.scores_of(game) == game.scores()


# ------------------------------------------------------------------------------- coach
def test_coach_gives_three_ranked_legal_actions_with_their_numbers():
    game = random_position(3, 11, 45)
    report = Coach(iterations=80, seed=2).advise(game)
    assert [a.rank for a in report] == [1, 2, 3]
    assert all(a.action in game.legal_actions() for a in report)
    assert all(0.0 <= a.value <= 1.0 and a.sentence for a in report)
    text = str(report)
    assert "Coach for player" in text and "value" in text
    assert "<table" in report._repr_html_()
    for a in report:
        if a.card is not None and type(a.action).__name__ in ("PlayCard", "TakeCard"):
            assert a.points_by_end is not None
            assert a.cost


def test_coach_on_a_forced_move_and_a_finished_game():
    game = Game.new(2, seed=1)
    game.play("take day 1")
    game.play("take day 2")
    report = Coach(iterations=10, seed=1).advise(game)
    assert str(report[0].action) == "end"
    done = play_game([RandomBot(1), RandomBot(2)], seed=1)
    with pytest.raises(ValueError, match="over"):
        Coach(iterations=5).advise(done)


def test_points_by_end_is_the_maths_gain_on_the_potion_with_the_hand_played():
    game = Game.new(2, seed=2)
    flat = reference_deck()["N23"]  # Mushroom, 5
    assert points_by_end(game, 0, flat) == 5
    for action in ("take day 1", "take night 1"):
        game.play(action)
    hand = [game.deck[c] for c in game.hand_ids(0)]
    for card in [c for c in hand if not c.is_salt]:
        others = [c for c in hand if c is not card and not c.is_salt]
        table = list(maths.Potion.from_game(game, 0).played)
        before = maths.Potion.of([*table, *others]).score_pad().total
        after = maths.Potion.of([*table, *others, card]).score_pad().total
        assert points_by_end(game, 0, card) == after - before


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_the_coach_reports_the_runes_the_engine_leaves_for_every_legal_action(seed):
    game = random_position(3, seed, 40)
    coach = Coach(iterations=5, seed=seed)
    seat = game.current_player
    for action in game.legal_actions():
        advice = coach.advice_for(game, action)
        after = game.copy()
        after.play(action)
        view = after.player(seat)
        assert advice.runes_left == (view.suns, view.moons), str(action)
        assert advice.sentence
