"""Every input answered: junk thrown at each public entry point of the engine gets the kit's
own typed error (a ``CarnutaError``) naming what is wrong, and never changes a game.

Generated inputs: any JSON-like value, text, numbers of every size, objects whose ``repr``
or ``__eq__`` fail, deep nesting. Nothing may raise anything but a ``CarnutaError`` (or
succeed), and a game is byte-identical after a refused input.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnuta_core import (
    Action,
    CarnutaError,
    ChooseBonus,
    Discard,
    FlipRunes,
    Game,
    PlayCard,
    Rules,
    Sickle,
    TakeCard,
    TakeRunes,
    load_deck,
    parse_deck_text,
    reference_deck,
)
from carnuta_core.position import MAX_HISTORY, MAX_NESTING
from tests.hostile_support import (
    SETTINGS,
    action_text_round_trips,
    json_like,
    refused_or_fine_for,
    refused_play_changes_nothing,
    rules_round_trip,
)

refused_or_fine = refused_or_fine_for(CarnutaError)


# ------------------------------------------------------------------ setup
@SETTINGS
@given(players=json_like, seed=json_like, deck=json_like, rules=json_like)
def test_game_new_takes_anything(players: Any, seed: Any, deck: Any, rules: Any) -> None:
    refused_or_fine(Game.new, players, seed=seed, deck=deck, rules=rules)


@SETTINGS
@given(
    knobs=st.dictionaries(
        st.sampled_from([f.name for f in Rules.__dataclass_fields__.values()] + ["hand_limt"]),
        json_like,
        max_size=4,
    )
)
def test_rules_take_anything(knobs: dict[str, Any]) -> None:
    rules_round_trip(Rules, CarnutaError, knobs)


@SETTINGS
@given(changes=json_like)
def test_rules_from_changes_takes_anything(changes: Any) -> None:
    refused_or_fine(Rules.from_changes, changes)


def test_a_misspelt_knob_names_the_closest() -> None:
    with pytest.raises(CarnutaError, match="did you mean 'hand_limit'"):
        Rules(hand_limt=5)
    with pytest.raises(CarnutaError, match="did you mean 'hand_limit'"):
        Rules.from_changes({"hand_limt": 5})


# ------------------------------------------------------------------ decks
@SETTINGS
@given(text=st.text(max_size=300))
def test_deck_text_takes_anything(text: str) -> None:
    refused_or_fine(parse_deck_text, text)


@SETTINGS
@given(path=json_like)
def test_load_deck_takes_anything(path: Any) -> None:
    if isinstance(path, str) and path:
        return  # a real path is read from the disk: see the file tests
    refused_or_fine(load_deck, path)


def test_a_spreadsheet_csv_with_a_byte_order_mark_loads(tmp_path) -> None:
    path = tmp_path / "my_box.csv"
    path.write_text("\ufeff" + reference_deck().to_csv(), encoding="utf-8")
    assert list(load_deck(path)) == list(reference_deck())


@pytest.mark.parametrize("card_id", ["N\u212a7", "N\u1e9e7", "N\u01307", "n-07", "", "X" * 17])
def test_card_ids_the_notation_cannot_name_are_refused(card_id: str) -> None:
    text = reference_deck().to_csv().replace("N07,", f"{card_id},")
    with pytest.raises(CarnutaError, match="line"):
        parse_deck_text(text)


# ------------------------------------------------------------------ actions
ACTION_TYPES = [TakeCard, PlayCard, TakeRunes, FlipRunes, Sickle, ChooseBonus, Discard]


@SETTINGS
@given(kind=st.sampled_from(ACTION_TYPES), args=st.lists(json_like, max_size=3))
def test_action_values_check_their_fields(kind: type, args: list[Any]) -> None:
    try:
        action = kind(*args)
    except CarnutaError:
        return
    except TypeError:
        return  # the wrong number of fields: Python's own call check
    assert Action.parse(str(action)) == action


@SETTINGS
@given(text=st.text(max_size=60))
def test_action_text_takes_anything(text: str) -> None:
    action_text_round_trips(Action, CarnutaError, text)


def test_long_action_text_is_refused_before_reading() -> None:
    with pytest.raises(CarnutaError, match="characters"):
        Action.parse("take day " + "1" * 10_000)


# ------------------------------------------------------------------ play
@pytest.fixture(scope="module")
def midgame() -> Game:
    game = Game.new(3, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        game.play(rng.choice(game.legal_actions()))
    return game


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(action=json_like, player=json_like)
def test_play_takes_anything_and_refusals_change_nothing(
    midgame: Game, action: Any, player: Any
) -> None:
    refused_play_changes_nothing(midgame, CarnutaError, action, player=player)


@pytest.mark.parametrize(
    "action",
    [Action(), "end", "take day 9", FlipRunes("sun", 1), PlayCard("N99"), "poser N99"],
)
def test_refused_actions_name_the_reason_in_french_too(midgame: Game, action: Any) -> None:
    game = midgame.copy()
    before = game.to_json()
    with pytest.raises(CarnutaError) as info:
        game.play(action)
    assert game.to_json() == before
    assert info.value.text("fr")


# ------------------------------------------------------------------ saves
@SETTINGS
@given(doc=json_like)
def test_from_json_takes_any_value(doc: Any) -> None:
    refused_or_fine(Game.from_json, doc)


@SETTINGS
@given(text=st.text(max_size=200))
def test_from_json_takes_any_text(text: str) -> None:
    refused_or_fine(Game.from_json, text)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"players": ' + "9" * 5000 + "}",
        json.dumps({"history": {"start": 5, "actions": []}}),
        json.dumps({"rules": {"reserve_per_face": [[2, 1, 5]]}}),
        json.dumps({"players": 2, "history": {"actions": ["end"] * (MAX_HISTORY + 1)}}),
        '{"a": ' * (MAX_NESTING + 1) + "1" + "}" * (MAX_NESTING + 1),
        " " * 3_000_000,
    ],
)
def test_hostile_saves_are_refused_by_name(text: str) -> None:
    with pytest.raises(CarnutaError):
        Game.from_json(text)


def test_impossible_positions_are_refused() -> None:
    over = {
        "players": 2,
        "boards": [{"played": ["S01"]}, {"played": ["S02"]}],
        "turn": {"phase": "over", "player": 1},
    }
    with pytest.raises(CarnutaError, match="not over"):
        Game.from_json(over)
    lost_bonus = {
        "players": 2,
        "boards": [
            {"played": ["S01", "D01", "D02", "D03", "D04", "D05"], "bonus": []},
            {"played": ["S02"]},
        ],
    }
    with pytest.raises(CarnutaError, match="bonus"):
        Game.from_json(lost_bonus)


def test_a_staged_box_that_leaves_out_a_starting_card_is_refused() -> None:
    position = json.loads(Game.new(2, seed=1).to_json())
    del position["history"]
    left_out = position["box"].pop()
    with pytest.raises(CarnutaError, match=f"^box: starting card\\(s\\) {left_out} are nowhere"):
        Game.from_json(position)
    del position["box"]  # left out altogether: the unused starting cards go to the box
    assert len(Game.from_json(position).box) == len(
        json.loads(Game.new(2, seed=1).to_json())["box"]
    )


@SETTINGS
@given(seed=st.integers(0, 1000), steps=st.integers(0, 120))
def test_every_loaded_position_accounts_for_every_card(seed: int, steps: int) -> None:
    game = Game.new(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.play(rng.choice(game.legal_actions()))
    position = json.loads(game.to_json())
    del position["history"]
    loaded = Game.from_json(position)
    staged = json.loads(loaded.to_json())
    places = [*staged["box"], *staged["discard"]]
    places += [c for row in staged["market"].values() for c in row if c is not None]
    places += [c for deck in staged["decks"].values() for c in deck]
    for board in staged["boards"]:
        places += [c.split(" on ")[0] for c in board["played"]] + board["hand"]
    assert sorted(places) == sorted(card.id for card in reference_deck())
