"""Whatever the API accepts, it saves, and the save reloads to an equal game.

Generated: seeds over the whole accepted range, rules with any accepted knobs, decks (the
reference deck, a test deck, decks with random cards removed or edited), and action
sequences of any length (bots and random play, including games that reach their end or
the stalemate ruling).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from carnuta_core import CarnutaError, Deck, Game, Rules, reference_deck
from carnuta_core.position import MAX_SEED
from tests.conftest import TEST_DECK

KNOBS: dict[str, Any] = {
    "actions_per_turn": st.integers(1, 4),
    "hand_limit": st.integers(0, 5),
    "end_trigger": st.integers(2, 11),
    "market_row_size": st.integers(1, 5),
    "sickles": st.integers(0, 3),
    "starting_suns": st.integers(0, 2),
    "starting_moons": st.integers(0, 2),
    "bonus_levels": st.lists(st.integers(2, 11), max_size=3, unique=True).map(sorted),
    "final_extra_round": st.booleans(),
    "allow_null_actions": st.booleans(),
    "flip_mode": st.sampled_from(["all", "any"]),
    "salt_on_salt": st.booleans(),
    "stalemate_rounds": st.one_of(st.none(), st.integers(1, 6)),
    "catch_up_runes": st.integers(0, 3),
    "reserve_per_face": st.sampled_from([((2, 1), (3, 2), (4, 3)), ((2, 0), (3, 0), (4, 0))]),
}


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    chosen = draw(st.sets(st.sampled_from(sorted(KNOBS)), max_size=5))
    knobs = {name: draw(KNOBS[name]) for name in chosen}
    try:
        return Rules(**knobs)
    except CarnutaError:
        assume(False)
        raise


@st.composite
def decks(draw: st.DrawFn) -> Deck:
    base = draw(st.sampled_from([reference_deck(), TEST_DECK]))
    cards = list(base)
    rng = random.Random(draw(st.integers(0, 1000)))
    drop = draw(st.integers(0, 20))
    removable = [c for c in cards if c.origin.value != "start"]
    for card in rng.sample(removable, drop):
        cards.remove(card)
    return Deck(cards, name=draw(st.sampled_from(["custom", "my box", base.name])))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, MAX_SEED),
    game_rules=rules(),
    deck=decks(),
    players=st.sampled_from([2, 3, 4]),
    steps=st.integers(0, 400),
    checked=st.booleans(),
)
def test_every_accepted_game_saves_and_reloads_equal(
    seed: int, game_rules: Rules, deck: Deck, players: int, steps: int, checked: bool
) -> None:
    try:
        game = Game.new(players, seed=seed, deck=deck, rules=game_rules)
    except CarnutaError:
        assume(False)
        return
    rng = random.Random(seed % 1000)
    for _ in range(steps):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        if checked:
            game.play(action)
        else:
            game.push(action)
    text = game.to_json()
    again = Game.from_json(text)
    assert again == game
    assert again.to_json() == text
    assert again.legal_actions() == game.legal_actions()
    if not game.is_over:
        action = game.legal_actions()[0]
        game.push(action)
        again.push(action)
        assert again == game


def test_a_game_that_never_progresses_ends_by_the_stalemate_ruling() -> None:
    """No runes anywhere and no free card: nobody can play a card, so the ruling ends it."""
    costly = Deck([c for c in reference_deck() if c.cost or c.origin.value == "start"])
    rules = Rules(starting_suns=0, starting_moons=0, reserve_per_face=((2, 0),), stalemate_rounds=5)
    game = Game.new(2, seed=1, deck=costly, rules=rules)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    assert game.round == 5
    assert game.events[-2].code == "stalemate"
    assert "stalemate" in game.last_events[-2]
    assert Game.from_json(game.to_json()) == game
