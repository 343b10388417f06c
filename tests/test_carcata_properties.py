"""Properties of random Carcata games (hypothesis).

A random game is drawn as a player count, a seed, a rules variant and a list of integer
choices, each picking one legal action; chance comes from the game's own seeded stream.
Staged positions add statues and loose gems to a random game's position and play on.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcata_core import (
    ISLAND,
    SEA,
    TURTLE,
    Action,
    ActionSyntaxError,
    Aim,
    Draw,
    Game,
    IllegalAction,
    Land,
    Lava,
    Move,
    Place,
    Reroll,
    Roll,
    Statue,
)
from carcata_core.actions import END, ERUPT, KEEP
from carcata_core.dice import compositions
from tests.carcata_support import (
    RULESETS,
    check_accounts,
    check_flow,
    play_random,
    removals,
    territories_by_networkx,
)
from tests.game_checks import (
    check_copy_is_independent,
    check_play_and_push_agree,
    check_play_trusts_only_what_is_legal_now,
    check_refusals_say_why,
    check_replay_is_the_same_game,
    check_undo_restores_exactly,
    property_settings,
    random_games,
)

SETTINGS = property_settings(25)

# Short lists stay in the set-up and first turns; long ones reach lava and the end.
games = random_games((2, 4), 2**64, RULESETS, short=30, long=(60, 300))


def new(spec: dict) -> Game:
    return Game.new(spec["players"], seed=spec["seed"], rules=spec["rules"])


def run(spec: dict, each=None) -> Game:
    return play_random(new(spec), spec["choices"], each=each)


# ---------------------------------------------------------------- invariants
class Ledger:
    """Follows a game step by step: the pawns removed, and every flow as it is placed."""

    def __init__(self, game: Game):
        #: A staged position may start with pawns already gone.
        pawns = game.rules.pawns if game.phase != "setup" else 0
        self.removed = [pawns - game.pawns_left(seat) for seat in range(game.num_players)]
        check_accounts(game, self.removed)

    def __call__(self, before: Game, action: Action, after: Game) -> None:
        for seat, n in enumerate(removals(before, action, after)):
            self.removed[seat] += n
        if isinstance(action, Lava):
            assert after.flows[:-1] == before.flows
            check_flow(before, action, after.flows[-1])
            assert set(after.territories()) == territories_by_networkx(after)
        check_accounts(after, self.removed)


@SETTINGS
@given(spec=games)
def test_every_piece_is_accounted_for_and_every_flow_follows_the_slope(spec):
    game = new(spec)
    game = play_random(game, spec["choices"], each=Ledger(game))
    assert set(game.territories()) == territories_by_networkx(game)


@SETTINGS
@given(spec=games, stage=st.data())
def test_staged_positions_keep_every_invariant_as_they_play_on(spec, stage):
    """Stage a position from a random game with statues and loose gems added where they may
    stand; it loads, accounts for everything, and plays on by the same rules."""
    game = run(spec)
    if game.is_over or game.phase == "setup":
        return
    doc = game.position()
    free = [
        ISLAND.name(c)
        for c in range(ISLAND.size)
        if game.pawn_at(c) is None
        and not game.has_lava(c)
        and c not in game.statues()
        and not game.gems_at(c)
    ]
    below_top = [c for c in free if not c.startswith(f"{ISLAND.levels}-")]
    room = game.rules.statues - len(doc["statues"])
    doc["statues"] += stage.draw(st.lists(st.sampled_from(below_top), max_size=room, unique=True))
    loose = [c for c in free if c not in doc["statues"]]
    for colour, n in list(doc["bag"].items()):
        for _ in range(stage.draw(st.integers(0, n))):
            doc["gems"].setdefault(stage.draw(st.sampled_from(loose)), []).append(colour)
            doc["bag"][colour] -= 1
    staged = Game.from_position(doc)
    assert staged.position() == json.loads(json.dumps(staged.position()))
    ledger = Ledger(staged)
    play_random(staged, random.Random(spec["seed"]), limit=400, each=ledger)


@SETTINGS
@given(spec=games)
def test_turns_pass_in_seat_order_and_only_the_turn_player_decides(spec):
    game = run(spec)
    n = game.num_players
    step = game.start_position()
    for index, (seat, action) in enumerate(game.log):
        if seat >= 0:
            assert seat == step.turn_player == step.current_player and not step.is_chance
        else:
            assert step.current_player == -1 and step.is_chance
        before = step.turn_player
        step.push(action)
        if index < game.rules.pawns * n:  # the set-up: seats place in turn
            assert isinstance(action, Place) and seat == index % n
        elif step.phase == "roll" and not isinstance(action, Reroll | Place):
            assert step.turn_player == (before + 1) % n, "the turn passes to the next seat"
            assert step.dice_to_roll == step.rules.dice
        elif not step.is_over:
            assert step.turn_player == before
    assert step.state_key() == game.state_key()


# ------------------------------------------------------------- legal actions
def lava_candidates(turns: int) -> list[Lava]:
    ways = [()]
    for n in range(1, turns + 1):
        ways += list(product(("left", "right"), repeat=n))
    return [Lava(c, d, tuple(w)) for c in range(ISLAND.size) for d in range(6) for w in ways]


#: Every well-formed action and outcome (lava with up to 2 statue turns).
WELL_FORMED: list[Action] = [
    *(Place(c) for c in range(ISLAND.size)),
    KEEP,
    *(Reroll(f) for k in range(1, 6) for f in compositions(k, 5) if not f[4]),
    *(Move(a, b) for a in range(ISLAND.size) for b in ISLAND.neighbours(a)),
    *(Move(c, TURTLE) for c in ISLAND.beach),
    *(Move(TURTLE, c) for c in ISLAND.beach),
    *lava_candidates(2),
    ERUPT,
    *(Aim(c) for c in range(ISLAND.size)),
    *(Statue(c, onto) for c in range(ISLAND.size) for onto in (True, False)),
    END,
    *(Roll(f) for k in range(1, 6) for f in compositions(k, 5)),
    *(Draw(g) for g in range(4)),
    Land(SEA),
    *(Land(c, touch) for c in range(ISLAND.size) for touch in (False, True)),
]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=games)
def test_legal_actions_are_exactly_the_well_formed_actions_is_legal_accepts(spec):
    chance_nodes: list[Game] = []
    game = run(
        spec, each=lambda _, __, after: after.is_chance and chance_nodes.append(after.copy())
    )
    for position in [game, *chance_nodes[-3:]]:
        check_legal_exactly(position)


def check_legal_exactly(game: Game) -> None:
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal), "an action listed twice"
    accepted = {a for a in WELL_FORMED if game.is_legal(a)}
    listed = set(legal)
    beyond = {a for a in listed if isinstance(a, Lava) and len(a.turns) > 2}
    assert accepted == listed - beyond
    assert all(game.is_legal(a) for a in beyond)
    assert all(game.is_legal(str(a)) for a in legal)
    if game.is_over:
        assert not legal


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=games, picks=st.lists(st.integers(0, len(WELL_FORMED) - 1), max_size=60))
def test_a_refused_action_changes_nothing_and_says_why(spec, picks):
    check_refusals_say_why(
        run(spec),
        [WELL_FORMED[pick] for pick in picks],
        ["", "dance", "move 1-1", "lava 6-1 up", "reroll turtle", "land 9-9"],
        opening=lambda action: f"{action}: ",
        illegal=IllegalAction,
        syntax=ActionSyntaxError,
    )


@SETTINGS
@given(spec=games)
def test_every_legal_action_applies_alike_by_play_and_by_push(spec):
    check_play_and_push_agree(run(spec), settle=False)


@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    picks=st.lists(st.integers(0, 10**6), min_size=20, max_size=120),
)
@settings(max_examples=30, deadline=None)
def test_play_trusts_only_what_is_legal_now(seed: int, players: int, picks: list[int]) -> None:
    check_play_trusts_only_what_is_legal_now(Game.new(players, seed=seed), picks, IllegalAction)


# --------------------------------------------------------- copies and saves
@SETTINGS
@given(spec=games, more=st.lists(st.integers(0, 2**16), min_size=1, max_size=40))
def test_a_copy_is_independent_both_ways(spec, more):
    check_copy_is_independent(run(spec), more, play_random)


@SETTINGS
@given(spec=games, more=st.lists(st.integers(0, 2**16), max_size=40))
def test_save_and_reload_are_equal_and_play_on_alike(spec, more):
    game = run(spec)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded == game and loaded.log == game.log
    staged = Game.from_position(game.position())
    assert staged == game
    for one in (game, loaded, staged):
        play_random(one, more)
    assert loaded.to_json() == game.to_json()
    assert staged.state_key() == game.state_key()


@SETTINGS
@given(spec=games)
def test_same_seed_and_decisions_give_the_same_game(spec):
    check_replay_is_the_same_game(run(spec), new(spec), settle=False)


@SETTINGS
@given(spec=games, data=st.data())
def test_undo_restores_exactly(spec, data):
    """Undo takes back a decision with the chance ``play`` resolved after it."""
    check_undo_restores_exactly(new(spec), spec["choices"], data, IllegalAction)


# -------------------------------------------------------------------- chance
@SETTINGS
@given(spec=games)
def test_chance_outcomes_are_the_legal_outcomes_and_sum_to_one(spec):
    game = run(spec)
    while not game.is_over and not game.is_chance:
        play_random(game, [0])
    if game.is_over:
        assert game.chance_outcomes() == []
        return
    outcomes = game.chance_outcomes()
    assert [a for a, _ in outcomes] == list(game.legal_actions())
    assert all(p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-9)
    assert game.sample_chance() in game.legal_actions()
    assert game.current_player == -1


def sampled_frequencies(game: Game, n: int) -> Counter:
    rng = random.Random(7)
    return Counter(game.determinized(rng).sample_chance() for _ in range(n))


def check_frequencies(game: Game, n: int = 3000) -> None:
    counts = sampled_frequencies(game, n)
    outcomes = dict(game.chance_outcomes())
    assert set(counts) <= set(outcomes)
    for outcome, p in outcomes.items():
        expected = n * p
        spread = 5 * (expected * (1 - p)) ** 0.5 + 3
        assert abs(counts[outcome] - expected) <= spread, (str(outcome), counts[outcome], expected)


@pytest.mark.parametrize("dice", [5, 2])
def test_rolls_are_sampled_as_often_as_their_chance(dice):
    game = Game.from_position({"players": 2, "pawns": [["1-1"], ["1-4"]], "phase": "roll",
                               "dice": {"turtle": 5 - dice}})  # fmt: skip
    assert game.is_chance and game.dice_to_roll == dice
    check_frequencies(game)


def test_draws_are_sampled_as_often_as_the_bag_holds():
    game = Game.from_position({"players": 2, "pawns": [["1-1"], ["1-4"]], "phase": "draw",
                               "dice": {"eruption": 2, "move": 3}, "pool": {"eruptions": 1},
                               "bag": {"emerald": 5, "ruby": 2, "diamond": 1},
                               "collected": [{"emerald": 3, "ruby": 4}, {"sapphire": 4,
                                             "diamond": 1}]})  # fmt: skip
    assert dict(game.chance_outcomes()) == {
        Draw(0): 5 / 8, Draw(1): 2 / 8, Draw(3): 1 / 8,
    }  # fmt: skip
    check_frequencies(game)


@pytest.mark.parametrize("aim", ["1-1", "3-5", "6-2"])
def test_landings_are_sampled_as_often_as_the_catapult_model_says(aim):
    game = Game.from_position({"players": 2, "pawns": [["1-1", "2-1"], ["3-5", "1-3"]],
                               "phase": "land", "dice": {"eruption": 1, "move": 4},
                               "drawn": "ruby", "aim": aim})  # fmt: skip
    check_frequencies(game)


def test_sample_chance_is_refused_at_a_decision():
    game = Game.new(2, seed=1)
    with pytest.raises(IllegalAction, match="^sample_chance: no chance node now"):
        game.sample_chance()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=games, lava=st.integers(1, 5), stage=st.data())
def test_every_legal_flow_of_a_staged_position_follows_the_rules(spec, lava, stage):
    """Stage the effects of a turn with ``lava`` lava dice and statues in the way, on a random
    game's island: every flow offered runs straight, turns only at statues, goes strictly
    downhill, stops for a reason, and leaves every piece accounted for."""
    game = run(spec)
    if game.is_over or game.phase == "setup":
        return
    doc = game.position()
    taken = set(doc["statues"]) | set(doc["gems"]) | {c for p in doc["pawns"] for c in p}
    taken |= {c for flow in doc["lava"] for c in flow}
    free = [ISLAND.name(c) for c in range(ISLAND.size - len(ISLAND.top))]
    free = [c for c in free if c not in taken]
    room = game.rules.statues - len(doc["statues"])
    doc["statues"] += stage.draw(st.lists(st.sampled_from(free), max_size=room, unique=True))
    if doc["drawn"] is not None:  # the gem in hand goes back to the bag
        doc["bag"][doc["drawn"]] = doc["bag"].get(doc["drawn"], 0) + 1
    doc.update(phase="effects", dice={"lava": lava, "turtle": 5 - lava}, drawn=None, aim=None)
    doc.pop("pool")
    if game.rules.dice != 5:
        return
    staged = Game.from_position(doc)
    removed = [staged.rules.pawns - staged.pawns_left(s) for s in range(staged.num_players)]
    flows = [a for a in staged.legal_actions() if isinstance(a, Lava)]
    if staged.lava_supply:
        assert flows or "end" in staged.legal_actions()
    for action in flows:
        after = staged.copy()
        after.play(action, settle=False)
        assert after.flows[-1] == staged.flow_path(action)
        check_flow(staged, action, after.flows[-1])
        lost = removals(staged, action, after)
        check_accounts(after, [r + n for r, n in zip(removed, lost, strict=True)])
        assert set(after.territories()) == territories_by_networkx(after)


@pytest.mark.parametrize("rules", [RULESETS[0], RULESETS[1]], ids=["stop", "join"])
def test_flows_turned_by_statues_follow_the_rules(rules):
    """The perft position with statues in the way: its flows that turn are checked too."""
    from tests.test_carcata_perft import DEFLECTION, staged

    game = staged(DEFLECTION, rules)
    turning = 0
    for action in game.legal_actions():
        if isinstance(action, Lava):
            after = game.copy()
            after.play(action, settle=False)
            check_flow(game, action, after.flows[-1])
            turning += bool(action.turns)
    assert turning >= 3
