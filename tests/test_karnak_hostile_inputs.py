"""Every input answered, in Karnak as in Carcata and Carnival
(``tests/test_carcata_hostile_inputs.py``): junk thrown at each public entry point of
``karnak_core`` gets a ``KarnakError`` naming what is wrong, with the input shown as a short
excerpt, in bounded time, and never changes a game; an illegal action in each phase is refused
with its reason; a save, a staged mat, a rules value or a Design file with anything wrong
names the field or the line; and where the mistake is one the other games can make too, the
words match.
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import carcata_core
import carnival_core
from karnak_core import (
    Action,
    ActionSyntaxError,
    DesignError,
    Discard,
    Favor,
    Game,
    IllegalAction,
    KarnakError,
    Lift,
    Place,
    PositionError,
    Priest,
    Put,
    Reveal,
    Rules,
    RulesError,
    load_designs,
    staged,
)
from karnak_core.rules import LIMITS
from karnak_core.transcript import transcript
from tabletop.saves import MAX_NESTING, MAX_SEED
from tests.hostile_support import (
    MAX_MESSAGE,
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
from tests.hostile_support import SETTINGS as EVERY_GAME
from tests.karnak_support import play_random

refused_or_fine = refused_or_fine_for(KarnakError)
#: The other games' settings, with fewer examples: the whole Karnak set stays quick.
SETTINGS = settings(EVERY_GAME, max_examples=40)


def refusal(call: Any, error: type[Exception] = KarnakError) -> str:
    """The message of the typed error ``call()`` raises, checked short and quick."""
    start = time.perf_counter()
    with pytest.raises(error) as info:
        call()
    assert time.perf_counter() - start < 1.0, "bounded work"
    assert len(str(info.value)) <= MAX_MESSAGE
    return str(info.value)


# ------------------------------------------------------------------ setup and rules
@SETTINGS
@given(players=json_like, seed=json_like, rules=json_like, first=json_like)
def test_game_new_takes_anything(players: Any, seed: Any, rules: Any, first: Any) -> None:
    new_game_round_trips(Game, KarnakError, players, seed=seed, rules=rules, first_player=first)


@pytest.mark.parametrize("seed", [-1, "abc", 1.5, True, MAX_SEED + 1, 10**40])
def test_a_seed_the_save_format_refuses_is_refused_at_setup(seed: Any) -> None:
    with pytest.raises(PositionError, match="^seed: should be a whole number from 0 to 2"):
        Game.new(2, seed=seed)


@SETTINGS
@given(
    knobs=st.dictionaries(
        st.sampled_from([f.name for f in fields(Rules)] + ["max_levle"]), json_like, max_size=4
    )
)
def test_rules_take_anything(knobs: dict[str, Any]) -> None:
    rules_round_trip(Rules, KarnakError, knobs)


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
        {"first_hand": 3},
        {"first_hand": "5"},
        {"younger_seats": (5,)},
        {"younger_seats": (1, 1)},
        {"younger_seats": list(range(100_000))},
        {"favor_counts": (3, 3)},
        {"favor_counts": (3, 3, 3, 3, 3, 5, 5, -1)},
        {"favor_deck": 31},
        {"mat": ("abc",)},
        {"mat": "........"},
        {"mat": tuple(["." * 1000] * 1000)},
        {"caps": "triangle"},
        {"caps": ("pyramid",)},
    ],
)
def test_each_other_knob_is_checked_by_name(knobs: dict[str, Any]) -> None:
    (name,) = knobs
    assert refusal(lambda: Rules(**knobs), RulesError).startswith(name)


def test_rules_mistakes_are_answered_as_carcata_and_carnival_answer_them() -> None:
    """The same mistake with any game's rules gets the same words."""
    pairs = [
        (lambda r: r(dise=5), "unknown rules knob 'dise'"),
        (lambda r: r.from_changes({"dise": 5}), "unknown rules knob 'dise'"),
        (lambda r: r(3), "give rules knobs by name, e.g. Rules("),
        (lambda r: r.from_changes([1]), "rules are a dict of knobs to change, not [1]"),
    ]
    for call, words in pairs:
        for rules in (Rules, carcata_core.Rules, carnival_core.Rules):
            assert answer(call, rules).startswith(words), (rules, answer(call, rules))
    assert answer(lambda: Rules(max_levle=3)).startswith(
        "unknown rules knob 'max_levle' (did you mean 'max_level'"
    )
    for new in (Game.new, carcata_core.Game.new, carnival_core.Game.new):
        assert answer(new, 2, rules=[("max_level", 1)]).startswith(
            "rules should be a Rules or a dict of knobs to change, not "
        )


@pytest.mark.parametrize("players", [7, 1, "2", True, 2.0, None])
def test_a_player_count_is_refused_in_carcata_s_words(players: Any) -> None:
    mine = answer(lambda: Game.new(players))
    theirs = answer(lambda: carcata_core.Game.new(players))
    assert mine.startswith("players: Karnak is played by 2, 3 or 4 players, not ")
    assert mine.replace("Karnak", "Carcata") == theirs


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: Game.new(2, designs="K01"), "designs"),
        (lambda: Game.new(2, designs=(5,)), "designs"),
        (lambda: Game.new(2, designs=()), "designs"),
        (lambda: Game.new(2, first_player=2), "first_player"),
        (lambda: Game.new(2, first_player="0"), "first_player"),
    ],
)
def test_setup_arguments_are_refused_by_name(call: Any, field: str) -> None:
    assert refusal(call, PositionError).startswith(f"{field}: ")


# ------------------------------------------------------------------ actions
@SETTINGS
@given(text=st.text(max_size=60))
def test_action_text_takes_anything(text: str) -> None:
    action_text_round_trips(Action, KarnakError, text)


@pytest.mark.parametrize(
    "kind, arity",
    [(Place, 2), (Put, 2), (Lift, 1), (Priest, 1), (Favor, 1), (Reveal, 1), (Discard, 1)],
)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=st.lists(json_like, max_size=3))
def test_action_values_check_their_fields(kind: type, arity: int, args: list[Any]) -> None:
    try:
        action = kind(*args)
    except KarnakError as error:
        assert len(str(error)) <= MAX_MESSAGE
        assert str(error).startswith(f"{kind.__name__}.")
        return
    except TypeError:
        return  # the wrong number of fields: Python's own call check
    assert len(args) == arity
    assert Action.parse(str(action)) == action and repr(action)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("place pyramid c4", "'pyramid' is not a shape"),
        ("place c4 cube", "'c4' is not a shape"),
        ("place cube z9", "'z9' is not a cell (cells are named like c4)"),
        ("place cube c4 d4", "'place' is written like 'place cube c4'"),
        ("move", "'move' is written like 'move c4'"),
        ("move c11", "'c11' is not a cell"),
        ("white", "'white' is written like 'white d5'"),
        ("favor pyramid", "'pyramid' is not a Favor card"),
        ("favor", "'favor' is written like 'favor cube'"),
        ("reveal", "'reveal' is written like 'reveal K01'"),
        ("reveal K0123456789012", "is not a Design card id (like K01)"),
        ("discard !!", "'!!' is not a Design card id"),
        ("draw 3", "'draw' is written like 'draw'"),
        ("end now", "'end' is written like 'end'"),
        ("Karnival c4", "unknown word 'Karnival'"),
        ("place cube " + "c" * 10_000, "not 10011 characters"),
    ],
)
def test_action_text_is_answered_in_the_words_typed(text: str, words: str) -> None:
    message = refusal(lambda: Action.parse(text), ActionSyntaxError)
    assert words in message, message


#: What a refusal may quote besides the text typed: the notation's own examples and words.
NOTATION_WORDS = {
    "place cube c4", "move c4", "white d5", "yellow d5", "priest e2", "favor cube", "draw",
    "reveal K01", "discard K01", "end", "poser cube c4",
}  # fmt: skip
TYPED_WORDS = st.sampled_from(
    ["place", "PLACE", "Poser", "move", "déplacer", "white", "blanc", "priest", "prêtre",
     "favor", "faveur", "draw", "reveal", "discard", "end", "cube", "Bâton", "disk", "c4",
     "z9", "h6", "K01", "k1", "design", "dessin", "x", "0"]
)  # fmt: skip
TYPED = st.lists(
    TYPED_WORDS | st.text(alphabet="aBc14é!", min_size=1, max_size=4), min_size=1, max_size=5
).map(" ".join)


@SETTINGS
@given(text=TYPED)
def test_a_refused_text_is_quoted_as_typed_and_names_no_word_it_lacks(text: str) -> None:
    refusal_quotes_what_was_typed(Action.parse, KarnakError, text, NOTATION_WORDS)


def test_the_base_action_is_not_an_action() -> None:
    with pytest.raises(KarnakError, match="Action is the kind of every action"):
        Action()


# ------------------------------------------------------------------ play
@pytest.fixture(scope="module")
def midgame() -> Game:
    game = play_random(Game.new(3, seed=4), random.Random(4), limit=60)
    assert not game.is_over
    return game


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(action=json_like)
def test_play_takes_anything_and_refusals_change_nothing(midgame: Game, action: Any) -> None:
    refused_play_changes_nothing(midgame, KarnakError, action)


#: One staged position per phase; the actions each refuses, with the words of the reason.
PHASES: dict[str, tuple[dict[str, Any], list[tuple[str, str]]]] = {
    "turn": (
        {"mat": "c4: Ty\nd4: Cw\ne6: Ry\npriests: e5", "hands": [["K01"], []], "priests": [0, 0]},
        [("place cube c4", "nothing can stand on the triangle on c4"),
         ("move d4", "is white, and white pieces are frozen"), ("move a1", "there is no piece on a1"),
         ("place cube e5", "a Priest stands on e5"), ("priest b4", "you have no Priest to place"),
         ("favor cube", "you have no Favor card 'cube'"), ("white c5", "now is the time for"),
         ("reveal K01", "now is the time for"), ("discard K01", "now is the time for"),
         ("end", "you still have a main action to take"), ("place cube i1", "no cell i1")],
    ),
    "place": (
        {"mat": "c4: Cy", "phase": "place", "hands": [["K01"], []]},
        [("draw", "now is the time for"), ("move c4", "now is the time for"),
         ("priest b4", "now is the time for"), ("end", "now is the time for")],
    ),
    "put": (
        {"mat": "c4: Cy", "phase": "put", "put": {"shape": "rod", "white": True},
         "resume": "after"},
        [("yellow d4", "the piece put after a move is white: write 'white d4'"),
         ("place rod d4", "now is the time for"), ("end", "now is the time for")],
    ),
    "lift": (
        {"mat": "c4: Cy\nd6: Sw", "phase": "lift"},
        [("move d6", "is white"), ("white c5", "now is the time for"), ("end", "now is the time for")],
    ),
    "after": (
        {"mat": "c4: Cy\nd4: Cy", "phase": "after", "hands": [["K01"], []]},
        [("reveal K01", "K01 is not complete on the mat"), ("reveal K02", "K02 is not in your hand"),
         ("reveal Z99", "there is no Design Z99 in this game"), ("draw", "now is the time for"),
         ("place cube e4", "now is the time for bonus actions, reveals")],
    ),
    "revealing": (
        {"mat": "c4: Cy\nd4: Cy\ne4: Cy", "phase": "revealing", "hands": [["K01"], []],
         "priests": [1, 0]},
        [("priest b4", "now is the time for"), ("favor cube", "now is the time for")],
    ),
    "discard": (
        {"phase": "discard", "hands": [["K01", "K02", "K03", "K04", "K05", "K06"], []]},
        [("discard K07", "K07 is not in your hand"), ("end", "now is the time for"),
         ("draw", "now is the time for")],
    ),
    "over": (
        {"over": True},
        [("end", "the game is over"), ("draw", "the game is over")],
    ),
}  # fmt: skip


@pytest.mark.parametrize("phase", list(PHASES))
def test_illegal_actions_in_each_phase_are_refused_with_the_reason(phase: str) -> None:
    doc, refusals = PHASES[phase]
    game = staged(2, **doc)
    assert game.phase == phase or game.is_over
    before = game.to_json()
    for text, words in refusals:
        with pytest.raises(IllegalAction) as info:
            game.play(text)
        message = str(info.value)
        assert message.startswith(f"'{Action.parse(text)}': "), message
        assert words in message, (text, message)
        assert info.value.french.startswith(f"« {Action.parse(text).notation('fr')} » : ")
        assert not game.is_legal(text)
        assert game.to_json() == before


def test_a_value_that_is_no_action_is_answered_as_carcata_answers_it() -> None:
    for value in (5, None, ["end"], 2.5):
        mine = answer(Game.new(2).play, value)
        theirs = answer(carcata_core.Game.new(2).play, value)
        assert mine == theirs.replace("'keep'", "'place cube c4'"), (mine, theirs)


@pytest.mark.parametrize(
    "text", ["", "   ", "dance", "x" * 100_000, "end" + " now" * 10, "\x00\x01", "é" * 50]
)
def test_odd_text_is_answered_as_carcata_answers_it(text: str) -> None:
    mine = answer(lambda: Game.new(2).play(text))
    theirs = answer(lambda: carcata_core.Game.new(2).play(text))
    assert len(mine) <= MAX_MESSAGE and mine != "fine"
    # The same opening: the text quoted as typed (or its length), then what was expected.
    opening = re.compile(r"^('.{0,12}|an empty action|an action is a few words)")
    assert opening.match(mine) and opening.match(theirs)
    assert opening.match(mine)[1] == opening.match(theirs)[1], (mine, theirs)


def test_common_mistakes_get_carcata_s_words() -> None:
    games = (Game.new(2, seed=1), carcata_core.Game.new(2, seed=1))
    for call in (
        lambda g: g.undo(),
        lambda g: g.observation(9),
        lambda g: g.legal_actions().notation("de"),
        lambda g: g.last_events("de"),
        lambda g: g.from_json("[[["),
        lambda g: g.from_json("{}"),
        lambda g: g.from_json('{"players": 2, "seed": -1}'),
        lambda g: g.from_json(5),
        lambda g: g.from_json(" " * 3_000_000),
    ):
        mine, theirs = (answer(call, g) for g in games)
        assert mine != "fine" and mine.split("(")[0] == theirs.split("(")[0], (mine, theirs)


@pytest.mark.parametrize("lang", ["de", "", None, 5])
def test_a_language_other_than_english_or_french_is_refused(lang: Any) -> None:
    game = Game.new(2, seed=1)
    game.play("place cube c4")
    for call in (
        lambda: game.why_illegal("draw", lang),
        lambda: game.why_illegal("place cube d4", lang),
        lambda: game.last_events(lang),
        lambda: game.pending(lang),
        lambda: game.legal_actions().notation(lang),
        lambda: transcript(game, lang=lang),
    ):
        assert refusal(call).startswith("lang should be ")


@pytest.mark.parametrize(
    ("shape", "colour", "field"),
    [("pyramid", "yellow", "shape"), ("cube", "red", "colour"), (5, "white", "shape"),
     ("cube", None, "colour")],
)  # fmt: skip
def test_a_supply_asked_for_a_piece_that_is_none_names_it(shape: Any, colour: Any, field: str):
    game = Game.new(2, seed=1)
    assert refusal(lambda: game.supply(shape, colour), PositionError).startswith(f"{field}: ")


@pytest.mark.parametrize("seat", [2, -1, "0", 1.0, None])
def test_unknown_seats_are_refused_by_name(seat: Any) -> None:
    game = Game.new(2, seed=1)
    for call in (game.hand, game.revealed, game.favor_cards, game.priests, game.observation):
        with pytest.raises(PositionError, match="^seat: a seat from 0 to 1"):
            call(seat)


@pytest.mark.parametrize("rng", ["x", 2.5, random, [1]])
def test_determinized_wants_a_random_generator(midgame: Game, rng: Any) -> None:
    with pytest.raises(PositionError, match="^rng: should be a random.Random"):
        midgame.determinized(rng)


def test_transcripts_want_a_karnak_game() -> None:
    assert refusal(lambda: transcript(carcata_core.Game.new(2))).startswith(
        "game: a Karnak Game, not "
    )


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
        json.dumps({"players": 2, "rules": {"max_level": 10**12}}),
        json.dumps({"players": 2, "rules": [1, 2]}),
        json.dumps({"players": 2, "seed": -1}),
        json.dumps({"players": 2, "seed": MAX_SEED + 1}),
        json.dumps({"players": 2, "format": "x" * 10_000}),
        json.dumps({"players": 2, "mat": ["c4: Cy"] * 100_000}),
        json.dumps({"players": 2, "mat": "c4: " + "Cy " * 100_000}),
        json.dumps({"players": 2, "hands": [["K01"] * 100_000, []]}),
        json.dumps({"players": 2, "deck": ["K01"] * 100_000}),
        json.dumps({"players": 2, "favor_used": ["cube"] * 100_000}),
        json.dumps({"players": 2, "designs": ["K01 | a | b | 3 | a structure"] * 50_000}),
        json.dumps({"players": 2, "designs": ["K01 | a | b | 3 | " + "x" * 100_000]}),
        '{"a": ' * (MAX_NESTING + 1) + "1" + "}" * (MAX_NESTING + 1),
        " " * 3_000_000,
    ],
)
def test_hostile_saves_are_refused_by_name_in_bounded_time(text: str) -> None:
    refusal(lambda: Game.from_json(text), PositionError)


#: A sound staged position (a Lift's put, with every field in use), and each field made wrong.
SOUND: dict[str, Any] = {
    "players": 3,
    "phase": "put",
    "put": {"shape": "rod", "white": True},
    "resume": "after",
    "player": 1,
    "starter": 0,
    "round": 3,
    "mat": ["c4: Cy Ry", "d4: Cy", "f2: Sw", "priests: b4"],
    "priests": [1, 0, 2],
    "hands": [["K01", "K02"], ["K03"], ["K04", "K05"]],
    "revealed": [[], ["K07"], []],
    "favors": [{"cube": 1}, {"move": 1}, {}],
    "favor_used": ["design"],
}
WRONG_FIELDS = [
    ("players", 5, "players"),
    ("players", "2", "players"),
    ("phase", "dancing", "phase"),
    ("phase", 3, "phase"),
    ("put", None, "put"),
    ("put", {"shape": "pyramid", "white": True}, "put"),
    ("resume", "place", "resume"),
    ("player", 3, "player"),
    ("player", -1, "player"),
    ("starter", "0", "starter"),
    ("round", 0, "round"),
    ("round", 61, "round"),
    ("over", "yes", "over"),
    ("mat", 5, "mat"),
    ("mat", ["c4: Cy Qq"], "mat"),
    ("mat", ["c4 Cy"], "mat"),
    ("mat", ["z9: Cy"], "mat"),
    ("mat", ["c4: Cy", "c4: Ry"], "mat"),
    ("mat", ["c4: Cy Cy Cy Cy Cy"], "mat"),
    ("mat", ["c4: Sy Cy"], "mat"),
    ("mat", [f"{c}1: Cy" for c in "abcdefgh"], "mat"),
    ("mat", ["c4: Cy", "priests: c4"], "mat"),
    ("mat", ["c4: Cy", "priests: a1"], "mat"),
    ("mat", ["c4: Cy", "e4: Cy", "priests: d4"], "mat"),
    ("mat", ["c4: Cy", "d4: Cy", "priests: b4 e4"], "mat"),
    ("mat", ["c4: Cy", "priests: c5 c5"], "mat"),
    ("mat", [5], "mat"),
    ("priests", [1, 0], "priests"),
    ("priests", [-1, 0, 0], "priests[0]"),
    ("priests", [15, 15, 0], "priests"),
    ("priest_supply", 99, "priest_supply"),
    ("hands", [["Z99"], [], []], "hands[0][0]"),
    ("hands", [["K01"], ["K01"], []], "hands"),
    ("hands", [["K01"]], "hands"),
    ("hands", "K01", "hands"),
    ("revealed", [["K01"], [], []], "hands"),
    ("favors", [{"pyramid": 1}, {}, {}], "favors[0]"),
    ("favors", [{"cube": -1}, {}, {}], "favors[0].cube"),
    ("favors", [{"cube": 9}, {}, {}], "favors"),
    ("deck", ["K01"], "deck"),
    ("deck", ["K60"], "deck[0]"),
    ("discarded", {"Z99": 0}, "discarded"),
    ("discarded", {"K03": 7}, "discarded.K03"),
    ("favor_deck", [], "favor_deck"),
    ("favor_deck", ["pyramid"], "favor_deck[0]"),
    ("favor_deck", ["cube"] * 4, "favor_deck"),
    ("favor_out", ["cube"] * 9, "favor_out"),
    ("favor_used", ["design"] * 6, "favor_used"),
    ("seed", 2.5, "seed"),
    ("format", "karnak/9", "format"),
    ("rules", {"max_level": 0}, "rules"),
    ("designs", ["K01 | a | b | 3 | a structure with 3 pyramids"], "designs"),
    ("designs", [5], "designs"),
    ("mystery", 1, "mystery"),
]


@pytest.mark.parametrize(("field", "value", "named"), WRONG_FIELDS)
def test_a_staged_position_with_a_field_wrong_names_it(field: str, value: Any, named: str) -> None:
    assert Game.from_json(SOUND).phase == "put"
    wrong_field_is_named(Game, SOUND, field, value, named, PositionError)


def test_a_staged_mat_names_the_line_at_fault() -> None:
    for lines, words in [
        (["c4: Cy", "", "d4: Zz"], "mat: line 3: 'Zz' is not a piece"),
        (["c4: Cy", "q4: Cy"], "mat: line 2: 'q4' is not a cell of the mat"),
        (["c4: Cy", "c4: Dy"], "mat: line 2: 'c4' is not a cell of the mat, or twice"),
        (["c4: Ty Cy"], "mat: line 1: nothing can stand on a triangle"),
        (["c4: Cy Cy Cy Cy Cy"], "mat: line 1: a stack holds at most 4 pieces"),
        (["c4: Cy", "d4: Cy", "priests: b4 e4"], "mat: the Priest on e4"),
    ]:
        assert refusal(lambda: staged(2, mat=lines), PositionError).startswith(words)  # noqa: B023


def test_a_dict_holding_objects_that_cannot_compare_is_refused() -> None:
    save = json.loads(Game.new(2, seed=3).to_json())
    save["seed"] = Awkward()
    with pytest.raises(PositionError):
        Game.from_json(save)


@settings(max_examples=15, deadline=None)
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
    assert loaded == game and loaded.rules == game.rules


@pytest.mark.parametrize("knob", [f.name for f in fields(Rules)])
def test_a_knob_whose_value_cannot_compare_is_refused_by_name(knob: str) -> None:
    with pytest.raises(RulesError, match=f"^{knob}"):
        Rules(**{knob: Awkward()})


# ------------------------------------------------------------------ Design files
@SETTINGS
@given(text=st.text(max_size=200))
def test_load_designs_takes_any_text(text: str) -> None:
    designs = refused_or_fine(load_designs, text)
    if designs is not None:
        for design in designs:
            assert load_designs(f"{design.id} | a | b | {design.points} | {design.text}")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (5, "line 0: Designs are read from text, not 5"),
        (None, "line 0: Designs are read from text, not None"),
        ("", "line 1: the text holds no Design"),
        ("# only a comment", "the text holds no Design"),
        ("K01 | x | 3 | a structure with 3 cubes", "line 1: a Design has 5 fields"),
        ("K01 | x | y | 99 | a structure with 3 cubes", "line 1: cannot read the points '99'"),
        ("K01 | x | y | 3 | a structure with 99 cubes", "line 1: cannot read '99'"),
        ("K01 | x | y | 3 | seven structures with 2 cubes", "line 1: a goal asks for 1 to 6"),
        ("k 1 | x | y | 3 | a structure with 3 cubes", "line 1: cannot read the id 'k 1'"),
        ("K01 | x | y | 3 | a structure with 3 pyramids", "line 1: cannot read 'pyramids'"),
        ("\n\nK01 | x | y | 3 | a structure\nK01 | x | y | 3 | a structure", "line 4: the id"),
        ("K01 | x | y | 3 | " + "a structure with 3 cubes, " * 100, "longer than 400"),
        ("K01 | x | y | 3 | a structure\n" * 100_000, "line 2: the id K01 is already used"),
        (
            "\n".join(f"K{n} | x | y | 3 | a structure with 3 cubes" for n in range(50_000)),
            "line 201: a file holds at most 200 Designs",
        ),
    ],
)
def test_a_design_file_names_the_line_at_fault(text: Any, words: str) -> None:
    message = refusal(lambda: load_designs(text), DesignError)
    assert words in message, message
