"""Properties of random Carnival games (hypothesis).

A random game is drawn as a player count, a seed, a rules variant (the printed game or one
of the choice settings) and a list of integer choices, each picking one legal action.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnival_core import Action, ActionSyntaxError, Game, IllegalAction
from carnival_core.cards import card_set
from tests.carnival_support import RULESETS, box_counts, card_counts
from tests.game_checks import (
    check_play_trusts_only_what_is_legal_now,
    check_undo_restores_exactly,
    property_settings,
    random_games,
)

SETTINGS = property_settings(25)

# Short lists shrink well; long ones reach the second round and the end.
games = random_games((2, 6), 2**32, RULESETS, short=30, long=(60, 200))


def new(spec: dict) -> Game:
    return Game.new(spec["players"], seed=spec["seed"], rules=spec["rules"])


def run(spec: dict, each=None) -> tuple[Game, list[Action]]:
    """Play the choices (stopping at the end of the game); ``each(game)`` after every action."""
    game = new(spec)
    played: list[Action] = []
    for choice in spec["choices"]:
        if game.is_over:
            break
        legal = game.legal_actions()
        action = legal[choice % len(legal)]
        game.play(action)
        played.append(action)
        if each is not None:
            each(game)
    return game, played


def check_invariants(game: Game) -> None:
    # Every card of the box is somewhere, exactly once.
    assert card_counts(game) == box_counts(game.rules)
    cards = card_set(game.rules)
    sums = game.sums()
    for seat in range(game.num_players):
        hand = game.hand(seat)
        # The Masks everyone knows a hand holds are there.
        assert game.known_masks(seat) <= sum(card.is_mask for card in hand)
        # The running sums match the cards (hidden ones included).
        row = [0] * cards.types
        for entry in game.spectators(seat):
            if entry.card is not None:
                row[entry.card.type_index] += entry.card.value
        assert tuple(row) == sums.spectators[seat]
    if not game.is_over:
        assert game.hand(game.current_player), "the player to act holds the card drawn"


# ---------------------------------------------------------------- invariants
@SETTINGS
@given(spec=games)
def test_invariants_after_every_action(spec):
    game = new(spec)
    check_invariants(game)
    run(spec, each=check_invariants)


@SETTINGS
@given(spec=games)
def test_turns_go_clockwise_and_the_next_round_starts_after_the_last_player(spec):
    game, _ = run(spec)
    n = game.num_players
    seats = [seat for seat, _ in game.log]
    assert seats == [(game.start_position().current_player + i) % n for i in range(len(seats))]
    if seats and not game.is_over:
        assert game.current_player == (seats[-1] + 1) % n


@SETTINGS
@given(spec=games)
def test_only_the_current_player_acts(spec):
    game, _ = run(spec)
    if game.is_over:
        return
    action = game.legal_actions()[0]
    key = game.state_key()
    for seat in range(game.num_players):
        if seat != game.current_player:
            with pytest.raises(IllegalAction, match=rf"seat {seat} \(Player {seat + 1}\)"):
                game.play(action, player=seat)
    assert game.state_key() == key


# ---------------------------------------------------------- hidden information
@SETTINGS
@given(spec=games, resample_seed=st.integers(0, 2**32 - 1))
def test_a_seat_sees_the_same_whatever_it_cannot_see(spec, resample_seed):
    """Deal anew what a seat cannot see: its observation does not change, so nothing hidden
    leaks into it; and every card is still accounted for."""
    game, _ = run(spec)
    rng = random.Random(resample_seed)
    for seat in range(game.num_players):
        seen = game.observation(seat)
        other = game.determinized(rng, seat=seat)
        assert other.observation(seat) == seen
        assert str(other.observation(seat)) == str(seen)
        assert card_counts(other) == box_counts(game.rules)
        check_invariants(other)
    if not game.is_over:
        other = game.determinized(rng)
        assert other.observation(game.current_player) == game.observation(game.current_player)
        assert other.legal_actions() == game.legal_actions()


@SETTINGS
@given(spec=games)
def test_masked_cards_are_in_no_observation_unless_remembered_by_their_owner(spec):
    game, _ = run(spec)
    for seat in range(game.num_players):
        seen = game.observation(seat)
        for entry in [e for row in seen.spectators for e in row] + list(seen.carnival):
            if entry.masked and entry.card is not None:
                assert game.rules.remember_own_masks and entry.by == seat
        assert len(seen.hand) == seen.hand_sizes[seat]


@SETTINGS
@given(spec=games)
def test_a_determinized_game_plays_on_to_the_end(spec):
    game, _ = run(spec)
    world = game.determinized(random.Random(spec["seed"]))
    rng = random.Random(0)
    while not world.is_over:
        world.push(rng.choice(world.legal_actions()))
        check_invariants(world)
    assert len(world.results) == world.rules.rounds
    assert Game.from_json(world.to_json()) == world


# ------------------------------------------------- refused input changes nothing
def candidates(game: Game) -> list[str]:
    """Every action over every card id and place, plus junk."""
    ids = [card.id for card in card_set(game.rules).cards if not card.is_mask] + ["R9", "r4"]
    places = ["carnival", "spectator"] + [f"to {p}" for p in range(1, game.num_players + 2)]
    out = []
    for card in ids:
        out += [f"carnival {card}", f"spectator {card}"]
        out += [f"give {card} to {p}" for p in range(1, game.num_players + 2)]
        out += [f"mask {card} {place}" for place in places]
    out += [f"mask {place}" for place in places]
    return out + ["", "dance", "carnival", "give R4", "mask", "mask mask carnival", "give R4 to x"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=games)
def test_every_action_is_legal_exactly_when_listed_and_refused_ones_change_nothing(spec):
    game, _ = run(spec)
    legal = set(game.legal_actions().notation())
    assert len(legal) == len(game.legal_actions())  # no duplicates
    before = game.to_json()
    for text in candidates(game):
        try:
            parsed = str(Action.parse(text))
        except ActionSyntaxError as error:
            assert repr(text.strip()) in str(error) or not text.strip()
            assert not game.is_legal(text)
            continue
        assert game.is_legal(text) == (parsed in legal), text
        if parsed in legal:
            continue
        with pytest.raises(IllegalAction) as info:
            game.play(text)
        assert str(info.value).startswith(f"{parsed}: "), str(info.value)
        assert len(str(info.value)) > len(parsed) + 10
    assert game.to_json() == before


@SETTINGS
@given(spec=games)
def test_every_legal_action_applies_cleanly_by_play_and_by_push(spec):
    game, _ = run(spec)
    for action in game.legal_actions():
        checked, fast = game.copy(), game.copy()
        checked.play(action)
        fast.push(action)
        assert checked.state_key() == fast.state_key()
        assert checked.log[-1] == (game.current_player, action)
        assert card_counts(checked) == box_counts(game.rules)


# --------------------------------------------------------- undo and positions
@SETTINGS
@given(spec=games, data=st.data())
def test_undo_restores_exactly(spec, data):
    check_undo_restores_exactly(new(spec), spec["choices"], data, IllegalAction)


@SETTINGS
@given(spec=games, more=st.lists(st.integers(0, 2**16), max_size=40))
def test_json_round_trip_and_identical_continuation(spec, more):
    game, _ = run(spec)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded == game
    staged = Game.from_json(json.dumps(game.position()))
    assert staged == game
    for choice in more:
        if game.is_over:
            break
        legal = game.legal_actions()
        action = legal[choice % len(legal)]
        for one in (game, loaded, staged):
            one.play(str(action))
    assert loaded.to_json() == game.to_json()
    assert staged.state_key() == game.state_key()


@SETTINGS
@given(spec=games)
def test_same_seed_and_actions_give_the_same_game(spec):
    game, played = run(spec)
    again = new(spec)
    for action in played:
        again.play(str(action))
    assert again.to_json() == game.to_json()
    assert again.results == game.results


@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    picks=st.lists(st.integers(0, 10**6), min_size=20, max_size=90),
)
@settings(max_examples=30, deadline=None)
def test_play_trusts_only_what_is_legal_now(seed: int, players: int, picks: list[int]) -> None:
    check_play_trusts_only_what_is_legal_now(Game.new(players, seed=seed), picks, IllegalAction)
