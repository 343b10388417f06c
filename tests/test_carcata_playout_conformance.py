"""Random-playout conformance for Carcata (in the style of OpenSpiel's random simulation tests).

Seeded random games for 2, 3 and 4 players, under the printed rules and each rules variant,
played to the end through chance nodes. At every step: a live game offers an action, every
action's notation (English and French) reads back to the same value and pastes back from its
``repr``, the engine agrees each offered action is legal, a chance node's outcomes are its
legal actions with probabilities summing to 1, and every piece is accounted for. At the end:
the game ended by an elimination or by the Turtle's laps, and the returns agree with the
winners. Chance is drawn both from the game's own stream and from the published
probabilities (so that outcomes the stream rarely gives are played too).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from carcata_core import Action, Game, Rules
from tabletop.chance import sample_outcome
from tests.carcata_support import RULESETS, check_accounts, removals
from tests.game_checks import check_random_playout

GAMES_PER_COUNT = 60
GAMES_PER_VARIANT = 12
#: Far more than any game takes: the Turtle's 24 advances end it, and a turn ends.
STEP_LIMIT = 20_000


def playout(game: Game, rng: random.Random, checked: set[Action], own_stream: bool) -> Counter:
    """Play to the end through the generic checks, with the French notation and every piece
    accounted for at each step; returns how often each kind of action was taken."""
    kinds: Counter[str] = Counter()
    removed = [0] * game.num_players

    def choose(state: Game, legal: list[Action]) -> Action:
        if not state.is_chance:
            return rng.choice(legal)
        return state.sample_chance() if own_stream else sample_outcome(state, rng)

    def each(before: Game, action: Action, after: Game) -> None:
        kinds[type(action).__name__] += 1
        assert Action.parse(action.notation("fr")) == action, action.notation("fr")
        for seat, n in enumerate(removals(before, action, after)):
            removed[seat] += n
        check_accounts(after, removed)

    check_random_playout(game, choose, Action.parse, checked, step_limit=STEP_LIMIT, each=each)
    return kinds


def check_end(game: Game) -> None:
    assert game.is_over
    check_accounts(game)
    winners, returns = game.winners(), game.returns()
    if game.island_won:
        assert 0 <= game.turtle[2] - game.rules.turtle_steps_to_end < game.rules.dice
        assert winners == [] and returns == [0.0] * game.num_players
        assert game.scores() == [0] * game.num_players
    else:
        assert game.eliminated
        for seat in game.eliminated:
            assert game.pawns_left(seat) == 0 and game.scores()[seat] == 0
        survivors = [s for s in range(game.num_players) if s not in game.eliminated]
        assert set(winners) <= set(survivors)
        if survivors:
            assert winners and sum(returns) == pytest.approx(1.0)
            best = max(game.scores()[s] for s in survivors)
            assert all(game.scores()[s] == best for s in winners)
    assert game.scores() == [p.total for p in game.points()]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts(players):
    checked: set[Action] = set()
    kinds: Counter[str] = Counter()
    ends = Counter()
    for seed in range(GAMES_PER_COUNT):
        game = Game.new(players, seed=seed)
        kinds += playout(game, random.Random(seed), checked, own_stream=seed % 2 == 0)
        check_end(game)
        ends["island" if game.island_won else "eliminated"] += 1
    # The playouts reach every kind of action and outcome, and both ends of a game.
    assert set(kinds) == {"Place", "Roll", "Reroll", "Keep", "Move", "Lava", "Erupt", "Draw",
                          "Aim", "Land", "Statue", "End"}, kinds  # fmt: skip
    assert ends["island"], ends


def test_random_playouts_with_tribes_of_one_end_by_elimination_too():
    """Random play seldom wipes out a tribe of five; a tribe of one is wiped out now and then
    (by lava or a gem), and the game ends there."""
    checked: set[Action] = set()
    ends: Counter[str] = Counter()
    rules = Rules(pawns=1, touch_chance=1)
    for seed in range(GAMES_PER_VARIANT * 3):
        game = Game.new(2 + seed % 3, seed=seed, rules=rules)
        playout(game, random.Random(seed), checked, own_stream=seed % 2 == 0)
        check_end(game)
        ends["island" if game.island_won else "eliminated"] += 1
    assert ends["eliminated"] and ends["island"], ends


@pytest.mark.parametrize("rules", RULESETS[1:], ids=lambda rules: str(rules.changes()))
def test_random_playouts_under_every_variant(rules: Rules):
    checked: set[Action] = set()
    for seed in range(GAMES_PER_VARIANT):
        game = Game.new(2 + seed % 3, seed=seed, rules=rules)
        playout(game, random.Random(seed), checked, own_stream=seed % 2 == 1)
        check_end(game)


def test_a_game_through_play_settles_every_chance_node_from_its_own_stream():
    for seed in range(10):
        game = Game.new(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        twin = Game.new(game.num_players, seed=seed)
        while not game.is_over:
            assert not game.is_chance, "play leaves no chance pending"
            action = rng.choice(game.legal_actions())
            game.play(action)
            twin.push(action)
            while twin.is_chance:
                twin.push(twin.sample_chance())
        assert twin.to_json() != "" and twin.state_key() == game.state_key()
        check_end(game)
