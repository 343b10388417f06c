"""Random-playout conformance for Karnak (in the style of OpenSpiel's random simulation tests).

Seeded random games for 2, 3 and 4 players, under the printed rules and several variants,
played to the end. At every step: a live game offers an action, every action's notation
(English and French) reads back to the same value and pastes back from its ``repr``, the
engine agrees each offered action is legal, every piece, Priest and card is accounted for, no
frozen piece moves and no structure a Priest holds changes. At the end: the game ended by the
last Favor card, a locked mat or the round limit, nothing is left to play, and the returns
agree with the winners and the scores.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from karnak_core import Action, Game, Lift, Place, Reveal, Rules
from tests.game_checks import check_random_playout
from tests.karnak_support import RULESETS, check_accounts, check_step

GAMES_PER_COUNT = 4
GAMES_PER_VARIANT = 3
#: Far more than any game takes: the round limit ends it, and a turn ends.
STEP_LIMIT = 20_000


def playout(game: Game, rng: random.Random, checked: set[Action], reveal: float) -> Counter:
    """Play to the end through the generic checks (a complete Design is revealed with chance
    ``reveal``, so that games also end by the last Favor card); returns how often each kind of
    action was taken."""
    kinds: Counter[str] = Counter()

    def choose(state: Game, legal: list[Action]) -> Action:
        reveals = [a for a in legal if isinstance(a, Reveal)]
        if reveals and rng.random() < reveal:
            return rng.choice(reveals)
        return rng.choice(legal)

    def each(before: Game, action: Action, after: Game) -> None:
        kinds[type(action).__name__] += 1
        assert Action.parse(action.notation("fr")) == action, action.notation("fr")
        check_accounts(after)
        check_step(before, action, after)

    check_accounts(game)
    check_random_playout(game, choose, Action.parse, checked, step_limit=STEP_LIMIT, each=each)
    return kinds


def check_locked(game: Game) -> None:
    """No seat could place or lift a piece in the game's last position: played on (RULING 18
    off), every seat in turn is offered neither."""
    for seat in range(game.num_players):
        position = game.position()
        position.update(over=False, player=seat, phase="turn", put=None, resume="turn")
        position["rules"] = replace(game.rules, end_on_locked_mat=False).changes()
        legal = Game.from_json(position).legal_actions()
        assert not any(isinstance(a, (Place, Lift)) for a in legal), (seat, legal)


def check_end(game: Game) -> str:
    """The game is over, by the last Favor card, a locked mat or the round limit; returns
    which."""
    assert game.is_over and game.legal_actions() == []
    check_accounts(game)
    scores, winners, returns = game.scores(), game.winners(), game.returns()
    assert winners and sum(returns) == pytest.approx(1.0)
    assert all(returns[s] == pytest.approx(1 / len(winners)) for s in winners)
    assert all(scores[s] == max(scores) for s in winners)
    for detail in game.score_details():
        complete = [
            d
            for d in (*game.hand(detail.seat), *game.revealed(detail.seat))
            if d.is_complete(game.building())
        ]
        assert detail.designs == len(complete)
        assert detail.points == sum(d.points for d in complete) + detail.favors * (
            game.rules.favor_point
        )
    if game.favor_deck_size == 0:
        assert game.ending == "favor"
        return "favor"
    if game.ending == "locked":
        check_locked(game)
        return "locked"
    assert game.ending == "rounds" and game.round == game.rules.round_limit
    return "rounds"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts(players):
    checked: set[Action] = set()
    kinds: Counter[str] = Counter()
    for seed in range(GAMES_PER_COUNT):
        game = Game.new(players, seed=seed, rules=Rules(round_limit=15))
        kinds += playout(game, random.Random(seed), checked, reveal=0.5)
        check_end(game)
    assert set(kinds) >= {"Place", "Lift", "Put", "Priest", "Favor", "Draw", "End"}


@pytest.mark.parametrize("rules", RULESETS[1:], ids=lambda rules: str(rules.changes()))
def test_random_playouts_under_variants(rules: Rules):
    checked: set[Action] = set()
    ends: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for seed in range(GAMES_PER_VARIANT):
        game = Game.new(2 + seed % 3, seed=seed, rules=rules)
        kinds += playout(game, random.Random(seed), checked, reveal=1.0)
        ends[check_end(game)] += 1
    assert sum(ends.values()) == GAMES_PER_VARIANT
    if rules.hand_limit < rules.first_hand:
        assert kinds["Discard"] > 0, kinds


def test_short_favor_decks_end_by_the_last_favor_card():
    ends: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for seed in range(8):
        game = Game.new(2 + seed % 3, seed=seed, rules=Rules(favor_deck=2, round_limit=40))
        kinds += playout(game, random.Random(seed), set(), reveal=1.0)
        ends[check_end(game)] += 1
    assert ends["favor"] >= 4, ends
    assert kinds["Reveal"] >= 8


def test_random_play_locks_the_printed_mat_and_plays_on_only_to_the_round_limit():
    """Random play seldom completes a Design, so a printed game ends when its mat locks
    (RULING 18), Favor cards still in the deck; played on, it runs to RULING 11's sixty rounds
    and no more."""
    game = Game.new(2, seed=3)
    playout(game, random.Random(3), set(), reveal=1.0)
    assert check_end(game) == "locked" and game.round < 60
    assert game.favor_deck_size > 0
    played_on = Game.new(2, seed=3, rules=Rules(end_on_locked_mat=False))
    playout(played_on, random.Random(3), set(), reveal=1.0)
    assert check_end(played_on) == "rounds" and played_on.round == 60
    # It ends as the last seat's turn passes back to the first player (RULING 17).
    seat, action = played_on.log[-1]
    assert seat == 1 and type(action).__name__ in ("End", "Draw", "Discard")
