"""Every input answered, in Carcata as in Carnival (``tests/test_carnival_hostile_inputs.py``):
junk thrown at each public entry point of ``carcata_core`` gets a ``CarcataError`` naming
what is wrong, with the input shown as a short excerpt, and never changes a game; an illegal
action in each phase is refused with its reason; a save or staged position with any field
wrong names the field; and where the mistake is one Carnival can make too, the words match.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import carnival_core
from carcata_core import (
    Action,
    ActionSyntaxError,
    Aim,
    CarcataError,
    Draw,
    Game,
    IllegalAction,
    Land,
    Lava,
    Move,
    Place,
    PositionError,
    Reroll,
    Roll,
    Rules,
    RulesError,
    Statue,
)
from carcata_core.rules import LIMITS
from tabletop.saves import MAX_HISTORY, MAX_NESTING, MAX_SEED
from tests.carcata_support import play_random
from tests.hostile_support import (
    MAX_MESSAGE,
    SETTINGS,
    Awkward,
    action_text_round_trips,
    answer,
    json_like,
    knob_range_is_kept,
    new_game_round_trips,
    refusal_quotes_what_was_typed,
    refused_or_fine_for,
    refused_play_changes_nothing,
    rules_round_trip,
    wrong_field_is_named,
)

refused_or_fine = refused_or_fine_for(CarcataError)


# ------------------------------------------------------------------ setup and rules
@SETTINGS
@given(players=json_like, seed=json_like, rules=json_like)
def test_game_new_takes_anything(players: Any, seed: Any, rules: Any) -> None:
    new_game_round_trips(Game, CarcataError, players, seed=seed, rules=rules)


@pytest.mark.parametrize("seed", [-1, "abc", 1.5, True, MAX_SEED + 1, 10**40])
def test_a_seed_the_save_format_refuses_is_refused_at_setup(seed: Any) -> None:
    with pytest.raises(PositionError, match="^seed: should be a whole number from 0 to 2"):
        Game.new(2, seed=seed)


@SETTINGS
@given(
    knobs=st.dictionaries(
        st.sampled_from([f.name for f in fields(Rules)] + ["dise"]), json_like, max_size=4
    )
)
def test_rules_take_anything(knobs: dict[str, Any]) -> None:
    rules_round_trip(Rules, CarcataError, knobs)


@SETTINGS
@given(changes=json_like)
def test_rules_from_changes_takes_anything(changes: Any) -> None:
    refused_or_fine(Rules.from_changes, changes)


@pytest.mark.parametrize(("knob", "bounds"), sorted(LIMITS.items()))
def test_every_whole_number_knob_has_a_documented_range(knob: str, bounds: tuple[int, int]) -> None:
    knob_range_is_kept(Rules, RulesError, knob, bounds)


@pytest.mark.parametrize(
    "knobs",
    [
        {"die_faces": ("move",) * 6},
        {"die_faces": "move"},
        {"gems": (8, 6, 4)},
        {"gem_points": (1, 2, 3, 99)},
        {"turtle_spaces": 7},
        {"catapult_spread": 3},
        {"catapult_spread": float("nan")},
        {"touch_chance": 2},
        {"meeting_flows": "merge"},
        {"whole_island_scores": "yes"},
    ],
)
def test_each_other_knob_is_checked_by_name(knobs: dict[str, Any]) -> None:
    (name,) = knobs
    with pytest.raises(RulesError, match=f"^{name}"):
        Rules(**knobs)


def test_rules_mistakes_are_answered_as_carnival_answers_them() -> None:
    """The same mistake with either game's rules gets the same words."""
    pairs = [
        (lambda r: r(dise=5), lambda r: r(round=5)),
        (lambda r: r.from_changes({"dise": 5}), lambda r: r.from_changes({"round": 5})),
        (lambda r: r(3), lambda r: r(3)),
        (lambda r: r.from_changes([1]), lambda r: r.from_changes([1])),
    ]
    for ours, theirs in pairs:
        mine = answer(ours, Rules)
        carnival = answer(theirs, carnival_core.Rules)
        assert mine.split(" ", 3)[:3] == carnival.split(" ", 3)[:3], (mine, carnival)
    assert re.match(
        r"^unknown rules knob 'dise' \(did you mean 'dice'", answer(lambda: Rules(dise=5))
    )
    for new in (Game.new, carnival_core.Game.new):
        assert answer(new, 2, rules=[("dice", 1)]).startswith(
            "rules should be a Rules or a dict of knobs to change, not "
        )


@pytest.mark.parametrize("players", [7, 1, "2", True, 2.0, None])
def test_a_player_count_is_refused_in_carnival_s_words(players: Any) -> None:
    mine = answer(lambda: Game.new(players))
    carnival = answer(lambda: carnival_core.Game.new(players if players != 7 else 9))
    assert mine.startswith("players: Carcata is played by 2, 3 or 4 players, not ")
    assert carnival.startswith("players: Carnival is played by ")
    assert mine.rsplit(", not ", 1)[1] == carnival.rsplit(", not ", 1)[1] or players == 7


# ------------------------------------------------------------------ actions
@SETTINGS
@given(text=st.text(max_size=60))
def test_action_text_takes_anything(text: str) -> None:
    action_text_round_trips(Action, CarcataError, text)


@pytest.mark.parametrize(
    "kind, arity",
    [(Place, 1), (Reroll, 1), (Move, 2), (Lava, 3), (Aim, 1), (Statue, 2), (Roll, 1), (Draw, 1),
     (Land, 2)],
)  # fmt: skip
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=st.lists(json_like, max_size=3))
def test_action_values_check_their_fields(kind: type, arity: int, args: list[Any]) -> None:
    try:
        action = kind(*args)
    except CarcataError as error:
        assert len(str(error)) <= MAX_MESSAGE
        assert str(error).startswith(kind.__name__) or "not" in str(error)
        return
    except TypeError:
        return  # the wrong number of fields: Python's own call check
    assert Action.parse(str(action)) == action and repr(action)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("move 1-17 north", "'north' is not a direction"),
        ("move 9-9 ne", "'9-9' is not a space"),
        ("move 1-1 ne ne", "write 'move 1-17 ne'"),
        ("move 1-1 ne", "ne of 1-1 is the sea"),
        ("move 6-1 sw", "sw of 6-1 is the volcano"),
        ("move turtle turtle", "'turtle' is not a space"),
        ("move 3-3 turtle", "the Turtle is reached from the beach, not from 3-3"),
        ("lava 6-1 ne up", "'up' is not a turn"),
        ("lava 6-1", "write 'lava 6-1 ne'"),
        ("lava 6-1 ne " + "left " * 7, "at most 6 turns"),
        ("reroll turtle", "turtles are locked"),
        ("reroll", "name the dice to roll again"),
        ("reroll " + "move " * 9, "at most 8 dice"),
        ("reroll crab", "'crab' is not a face"),
        ("keep now", "'keep' takes nothing after it"),
        ("statue on 2-4", "write 'statue to 2-4'"),
        ("draw opal", "name one gem"),
        ("land 3-5 hard", "write 'land 3-5'"),
        ("Karnival 1-1", "unknown word 'Karnival'"),
        ("place " + "1" * 10_000, "not 10006 characters"),
    ],
)
def test_action_text_is_answered_in_the_words_typed(text: str, words: str) -> None:
    with pytest.raises(ActionSyntaxError, match=re.escape(words)) as info:
        Action.parse(text)
    assert len(str(info.value)) <= MAX_MESSAGE


#: What a refusal may quote besides the text typed: the notation's own examples and words.
NOTATION_WORDS = {
    "move 1-17 ne", "move 1-3 turtle", "move turtle 1-4", "lava 6-1 ne", "statue to 2-4",
    "statue from 2-4", "land 3-5", "land 3-5 touch", "land sea", "move lava", "keep",
    "place 1-17", "aim 1-17", "1-17", "6-1", "left", "right", "erupt", "end",
}  # fmt: skip
TYPED_WORDS = st.sampled_from(
    ["move", "MOVE", "Avancer", "lava", "lave", "1-1", "1-17", "6-1", "9-9", "ne", "NO", "x",
     "turtle", "tortue", "left", "droite", "keep", "reroll", "statue", "to", "vers", "land",
     "sea", "draw", "ruby", "Rubis", "aim", "end", "roll", "pas", "0"]
)  # fmt: skip
TYPED = st.lists(
    TYPED_WORDS | st.text(alphabet="aBn1-6é", min_size=1, max_size=4), min_size=1, max_size=5
).map(" ".join)


@SETTINGS
@given(text=TYPED)
def test_a_refused_text_is_quoted_as_typed_and_names_no_word_it_lacks(text: str) -> None:
    refusal_quotes_what_was_typed(Action.parse, CarcataError, text, NOTATION_WORDS)


def test_the_base_action_is_not_an_action() -> None:
    with pytest.raises(CarcataError, match="Action is the kind of every action"):
        Action()


# ------------------------------------------------------------------ play
@pytest.fixture(scope="module")
def midgame() -> Game:
    game = play_random(Game.new(3, seed=4), random.Random(4), limit=120)
    assert not game.is_over
    return game


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(action=json_like)
def test_play_takes_anything_and_refusals_change_nothing(midgame: Game, action: Any) -> None:
    refused_play_changes_nothing(midgame, CarcataError, action)


#: One staged position per phase; the actions each refuses, with the words of the reason.
PHASES: dict[str, tuple[dict[str, Any], list[tuple[str, str]]]] = {
    "setup": (
        {"players": 2, "pawns": [["1-1"], []], "player": 1, "phase": "setup"},
        [("place 1-1", "a pawn of player 1 is on 1-1"), ("place 2-3", "pawns start on the beach"),
         ("keep", "the game waits for the set-up"), ("roll move", "that is chance's to decide")],
    ),
    "roll": (
        {"players": 2, "pawns": [["1-1"], ["1-19"]], "phase": "roll"},
        [("keep", "chance decides now"), ("roll move move", "5 dice are being rolled, not 2"),
         ("draw ruby", "the game waits for a roll of the dice")],
    ),
    "dice": (
        {"players": 2, "pawns": [["1-1"], ["1-19"]], "phase": "dice",
         "dice": {"move": 2, "lava": 1, "turtle": 2}},
        [("reroll statue", "only 0 of the dice show statue, not 1"),
         ("reroll move move move", "only 2 of the dice show move, not 3"),
         ("move 1-1 w", "the game waits for the dice"), ("end", "the game waits for the dice")],
    ),
    "effects": (
        {"players": 2, "pawns": [["1-1", "2-1", "1-5"], ["1-19"]], "phase": "effects",
         "dice": {"move": 1, "lava": 1, "eruption": 1, "turtle": 2}, "statues": ["3-3"]},
        [("move 1-19 e", "you have no pawn on 1-19"), ("move 1-1 sw", "a pawn of player 1 is on 2-1"),
         ("move 1-5 turtle", "the Turtle is next to"), ("lava 5-1 ne", "a flow starts on a top space"),
         ("end", "the lava must be placed first"), ("statue to 2-4", "no statue die is left"),
         ("keep", "the game waits for the dice's effects"), ("aim 3-3", "the game waits for")],
    ),
    "aim": (
        {"players": 2, "pawns": [["1-1"], ["1-19"]], "phase": "aim", "drawn": "ruby",
         "dice": {"eruption": 1, "move": 4}, "pool": {"moves": 4}},
        [("move 1-1 w", "the game waits for the catapult"), ("land 3-5", "that is chance's")],
    ),
    "land": (
        {"players": 2, "pawns": [["1-1"], ["1-19"]], "phase": "land", "drawn": "ruby",
         "aim": "3-5", "dice": {"eruption": 1, "move": 4}},
        [("land 1-20", "a gem thrown at 3-5 cannot land on 1-20"),
         ("land 3-5 touch", "no pawn is on 3-5 to be touched"), ("aim 3-5", "chance decides now")],
    ),
    "over": (
        {"players": 2, "pawns": [["1-1"], []], "phase": "over", "eliminated": [1]},
        [("keep", "the game is over"), ("roll move", "the game is over")],
    ),
}  # fmt: skip


@pytest.mark.parametrize("phase", list(PHASES))
def test_illegal_actions_in_each_phase_are_refused_with_the_reason(phase: str) -> None:
    doc, refusals = PHASES[phase]
    game = Game.from_position(doc)
    assert game.phase == phase
    before = game.to_json()
    for text, words in refusals:
        with pytest.raises(IllegalAction) as info:
            game.play(text)
        message = str(info.value)
        assert message.startswith(f"{Action.parse(text)}: "), message
        assert words in message, (text, message)
        assert not game.is_legal(text)
        assert game.to_json() == before


def test_a_value_that_is_no_action_is_answered_as_carnival_answers_it() -> None:
    for value in (5, None, ["keep"], 2.5):
        mine = answer(Game.new(2).play, value)
        carnival = answer(carnival_core.Game.new(2).play, value)
        assert mine == carnival.replace("'carnival R4'", "'keep'"), (mine, carnival)


@pytest.mark.parametrize(
    "text", ["", "   ", "dance", "x" * 100_000, "keep" + " now" * 10, "\x00\x01", "é" * 50]
)
def test_odd_text_is_answered_as_carnival_answers_it(text: str) -> None:
    mine = answer(lambda: Game.new(2).play(text))
    carnival = answer(lambda: carnival_core.Game.new(2).play(text))
    assert len(mine) <= MAX_MESSAGE and mine != "fine"
    # The same opening: the text quoted as typed (or its length), then what was expected.
    # The same opening: the text quoted as typed (a long one cut short), or its length.
    opening = re.compile(r"^('.*' is not an action|an empty action|an action is a few words)")
    assert opening.match(mine) and opening.match(carnival)
    assert opening.match(mine)[1][-12:] == opening.match(carnival)[1][-12:], (mine, carnival)


def test_common_mistakes_get_carnival_s_words() -> None:
    games = (Game.new(2, seed=1), carnival_core.Game.new(2, seed=1))
    for call in (
        lambda g: g.undo(),
        lambda g: g.determinized(5),
        lambda g: g.observation(9),
        lambda g: g.legal_actions().notation("de"),
        lambda g: g.from_json("[[["),
        lambda g: g.from_json("{}"),
        lambda g: g.from_json('{"players": 2, "bogus": 1}'),
        lambda g: g.from_json('{"players": 2, "seed": -1}'),
        lambda g: g.from_json(5),
        lambda g: g.from_json(" " * 3_000_000),
    ):
        mine, carnival = (answer(call, g) for g in games)
        assert mine.split("(known")[0] == carnival.split("(known")[0], (mine, carnival)


@pytest.mark.parametrize("name", ["9-9", "1-0", "", "x" * 10_000, 126, -1, 2.5, None, True])
def test_unknown_cells_are_refused_by_name(name: Any) -> None:
    game = Game.new(2, seed=1)
    for call in (Game.cell, game.pawn_at, game.gems_at, game.has_lava):
        with pytest.raises(PositionError, match="^cell: ") as info:
            call(name)
        assert len(str(info.value)) <= MAX_MESSAGE


@pytest.mark.parametrize("seat", [2, -1, "0", 1.0, None])
def test_unknown_seats_are_refused_by_name(seat: Any) -> None:
    game = Game.new(2, seed=1)
    for call in (game.pawns, game.pawns_left, game.collected, game.observation):
        with pytest.raises(PositionError, match="^seat: a seat from 0 to 1"):
            call(seat)


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
        json.dumps({"players": 2, "history": {"start": 5, "actions": []}}),
        json.dumps({"players": 2, "rules": {"dice": 10**12}}),
        json.dumps({"players": 2, "rules": [1, 2]}),
        json.dumps({"players": 2, "history": {"actions": ["keep"] * (MAX_HISTORY + 1)}}),
        json.dumps({"players": 2, "history": {"actions": [5]}}),
        json.dumps({"players": 2, "history": {"actions": ["place 2-2"]}}),
        json.dumps({"players": 2, "seed": -1}),
        json.dumps({"players": 2, "seed": MAX_SEED + 1}),
        json.dumps({"players": 2, "format": "x" * 10_000}),
        json.dumps({"players": 2, "pawns": [["1-1"] * 100_000, []]}),
        json.dumps({"players": 2, "lava": [["6-1"]] * 10_000}),
        '{"a": ' * (MAX_NESTING + 1) + "1" + "}" * (MAX_NESTING + 1),
        " " * 3_000_000,
    ],
)
def test_hostile_saves_are_refused_by_name(text: str) -> None:
    with pytest.raises(PositionError) as info:
        Game.from_json(text)
    assert len(str(info.value)) <= MAX_MESSAGE


#: A sound staged position (effects, with every kind of piece), and each field made wrong.
SOUND: dict[str, Any] = {
    "players": 2,
    "phase": "effects",
    "player": 1,
    "pawns": [["1-1", "2-2"], ["1-19", "3-7"]],
    "riders": [0],
    "lava": [["6-1", "5-1", "4-1"]],
    "statues": ["2-10"],
    "gems": {"3-3": ["ruby", "ruby"]},
    "collected": [{"emerald": 2}, {}],
    "turtle": 5,
    "dice": {"move": 2, "lava": 1, "statue": 1, "turtle": 1},
    "pool": {"moves": 1, "statues": 1},
}
WRONG_FIELDS = [
    ("players", 5, "players"),
    ("players", "2", "players"),
    ("phase", "dancing", "phase"),
    ("phase", 3, "phase"),
    ("player", 2, "player"),
    ("player", -1, "player"),
    ("pawns", [["1-1"], ["1-1"]], "pawns[1][0]"),
    ("pawns", [["1-1"]], "pawns"),
    ("pawns", [["9-9"], []], "pawns[0][0]"),
    ("pawns", [[1], []], "pawns[0][0]"),
    ("pawns", [["1-1"] * 0 + ["1-2", "1-3", "1-4", "1-5", "1-6", "1-7"], ["1-19"]], "pawns[0]"),
    ("pawns", [[], []], "pawns[1]"),
    ("riders", [5], "riders[0]"),
    ("riders", [0, 1], "riders"),
    ("lava", [["6-1", "6-2"]], "lava[0][1]"),
    ("lava", [["1-1"]], "lava[0][0]"),
    ("lava", [[]], "lava[0]"),
    ("lava", [["6-1"], ["6-1"]], "lava[1][0]"),
    ("lava", "6-1", "lava"),
    ("statues", ["6-2"], "statues[0]"),
    ("statues", ["1-1"], "statues[0]"),
    ("statues", ["2-3", "2-4", "2-5", "2-6", "2-7"], "statues"),
    ("gems", {"1-1": ["ruby"]}, "gems.1-1"),
    ("gems", {"3-3": ["opal"]}, "gems.3-3[0]"),
    ("gems", {"3-3": ["diamond"] * 3}, "gems"),
    ("gems", {"9-9": ["ruby"]}, "gems.9-9"),
    ("collected", [{"ruby": -1}, {}], "collected[0].ruby"),
    ("collected", [{}], "collected"),
    ("collected", [{"opal": 1}, {}], "collected[0].opal"),
    ("bag", {"emerald": 8}, "bag.emerald"),
    ("turtle", 24, "turtle"),
    ("turtle", -1, "turtle"),
    ("turtle", "5", "turtle"),
    ("dice", {"crab": 1}, "dice.crab"),
    ("dice", {"move": 9}, "dice.move"),
    ("dice", {"move": 5, "lava": 1}, "dice"),
    ("pool", {"moves": 3}, "pool.moves"),
    ("pool", {"jumps": 1}, "pool.jumps"),
    ("drawn", "ruby", "drawn"),
    ("aim", "3-3", "aim"),
    ("eliminated", [1], "phase"),
    ("island_won", True, "phase"),
    ("seed", 2.5, "seed"),
    ("chances", -3, "chances"),
    ("format", "carcata/9", "format"),
    ("rules", {"dice": 0}, "rules"),
    ("history", {"start": {}, "actions": "keep"}, "history"),
    ("mystery", 1, "mystery"),
]


@pytest.mark.parametrize(("field", "value", "named"), WRONG_FIELDS)
def test_a_staged_position_with_a_field_wrong_names_it(field: str, value: Any, named: str) -> None:
    assert Game.from_position(SOUND).phase == "effects"
    wrong_field_is_named(Game, SOUND, field, value, named, PositionError)


def test_a_save_whose_history_was_tampered_with_is_refused() -> None:
    game = play_random(Game.new(2, seed=3), random.Random(3), limit=60)
    save = json.loads(game.to_json())
    save["turtle"] = save["turtle"] + 1
    with pytest.raises(PositionError, match=r"^history: replaying the actions does not reach"):
        Game.from_json(save)
    save = json.loads(game.to_json())
    save["history"]["actions"][3] = "place 3-3"
    with pytest.raises(PositionError, match=r"^history\.actions\[3\]: place 3-3: pawns start"):
        Game.from_json(save)


def test_a_dict_holding_objects_that_cannot_compare_is_refused() -> None:
    save = json.loads(Game.new(2, seed=3).to_json())
    save["seed"] = Awkward()
    with pytest.raises(PositionError):
        Game.from_json(save)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, MAX_SEED),
    actions=st.integers(0, 300),
    choices=st.integers(0, 2**32),
)
def test_what_new_accepts_saves_and_reloads_to_an_equal_game(
    players: int, seed: int, actions: int, choices: int
) -> None:
    game = play_random(Game.new(players, seed=seed), random.Random(choices), limit=actions)
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.log == game.log and loaded.rules == game.rules
    assert Game.from_position(game.position()) == game


@pytest.mark.parametrize("rng", [None, 5, "x", random])
def test_determinized_wants_a_random_generator(midgame: Game, rng: Any) -> None:
    with pytest.raises(PositionError, match="^rng: should be a random.Random"):
        midgame.determinized(rng)


@pytest.mark.parametrize("knob", [f.name for f in fields(Rules)])
def test_a_knob_whose_value_cannot_compare_is_refused_by_name(knob: str) -> None:
    with pytest.raises(RulesError, match=f"^{knob}"):
        Rules(**{knob: Awkward()})
