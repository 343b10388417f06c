"""Random-playout conformance for Carnival (in the style of OpenSpiel's random simulation tests).

Seeded uniformly random games for 2 to 6 players, under the printed rules and every rules
variant, played to the end. At every step: there is a legal action unless the game is over,
every legal action's notation reads back to the same action, and the engine agrees it is
legal. At the end: the game is over after its rounds, every seat had the same number of turns
in each round, every card is accounted for, and the returns share one win.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from carnival_core import Action, Game, Rules
from tests.carnival_support import RULESETS, box_counts, card_counts

GAMES_PER_COUNT = 150
GAMES_PER_VARIANT = 20
STEP_LIMIT = 1_000  # far more than any game takes (at most 2 x 42 turns)


def playout(game: Game, rng: random.Random, checked: set[Action]) -> list[int]:
    """Play to the end; returns the number of turns of each round. ``checked`` holds the
    actions whose notation already read back (actions are values: once is enough)."""
    turns: Counter[int] = Counter()
    while not game.is_over:
        legal = game.legal_actions()
        assert len(legal) > 0, f"no legal action in a live game: {game!r}"
        for action in legal:
            if action not in checked:
                assert Action.parse(str(action)) == action, str(action)
                assert repr(action) == f"Action.parse({str(action)!r})"  # it pastes back
                checked.add(action)
        action = rng.choice(legal)
        assert game.is_legal(action)
        turns[game.round] += 1
        game.play(action)
        assert sum(turns.values()) < STEP_LIMIT, "the game does not end"
    assert len(game.legal_actions()) == 0
    return [turns[r] for r in sorted(turns)]


def check_end(game: Game) -> None:
    assert game.is_over
    assert len(game.results) == game.rules.rounds
    assert card_counts(game) == box_counts(game.rules)
    assert game.winners() and set(game.winners()) <= set(range(game.num_players))
    assert sum(game.returns()) == pytest.approx(1.0)
    assert game.scores() == [
        sum(r.scores[s] for r in game.results) for s in range(game.num_players)
    ]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts(players):
    checked: set[Action] = set()
    rules = Rules()
    deck_turns = rules.deck_after_setup(players)
    for seed in range(GAMES_PER_COUNT):
        game = Game.new(players, seed=seed)
        turns = playout(game, random.Random(seed), checked)
        check_end(game)
        # The first card drawn is the first turn's: the deck holds one turn per card.
        assert turns == [deck_turns, deck_turns]
        assert deck_turns % players == 0  # so every seat plays as many turns


@pytest.mark.parametrize("rules", RULESETS[1:], ids=lambda rules: str(rules.changes()))
def test_random_playouts_under_every_variant(rules):
    checked: set[Action] = set()
    for seed in range(GAMES_PER_VARIANT):
        players = 2 + seed % 5
        game = Game.new(players, seed=seed, rules=rules)
        playout(game, random.Random(seed), checked)
        check_end(game)
