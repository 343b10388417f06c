"""Every input answered, in Carnival as in Carnuta (``tests/test_hostile_inputs.py``): junk
thrown at each public entry point of ``carnival_core`` gets a ``CarnivalError`` naming what is
wrong, with the input shown as a short excerpt, and never changes a game. Whatever
``Game.new`` accepts saves and reloads to an equal game; a loaded position accounts for every
card; ``determinized`` hands a seat nothing it has not seen, finished games included.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnival_core import (
    Action,
    Card,
    CarnivalError,
    Game,
    Play,
    PositionError,
    Rules,
    RulesError,
    score_round,
)
from carnival_core import svg as carnival_svg
from carnival_core.game import action_table
from carnival_core.rules import LIMITS
from carnuta_core import Game as CarnutaGame
from tabletop.saves import MAX_HISTORY, MAX_NESTING, MAX_SEED
from tests.hostile_support import (
    MAX_MESSAGE,
    SETTINGS,
    Awkward,
    action_text_round_trips,
    json_like,
    knob_range_is_kept,
    new_game_round_trips,
    refusal_quotes_what_was_typed,
    refused_or_fine_for,
    refused_play_changes_nothing,
    rules_round_trip,
)

refused_or_fine = refused_or_fine_for(CarnivalError)


def play_randomly(game: Game, actions: int, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


# ------------------------------------------------------------------ setup and rules
@SETTINGS
@given(players=json_like, seed=json_like, rules=json_like, first=json_like)
def test_game_new_takes_anything(players: Any, seed: Any, rules: Any, first: Any) -> None:
    new_game_round_trips(Game, CarnivalError, players, seed=seed, rules=rules, first_player=first)


@pytest.mark.parametrize("seed", [-1, "abc", 1.5, True, MAX_SEED + 1, 10**40])
def test_a_seed_the_save_format_refuses_is_refused_at_setup(seed: Any) -> None:
    with pytest.raises(PositionError, match="^seed: should be a whole number from 0 to 2"):
        Game.new(2, seed=seed)


@SETTINGS
@given(
    knobs=st.dictionaries(
        st.sampled_from([f.name for f in Rules.__dataclass_fields__.values()] + ["mask"]),
        json_like,
        max_size=4,
    )
)
def test_rules_take_anything(knobs: dict[str, Any]) -> None:
    rules_round_trip(Rules, CarnivalError, knobs)


@SETTINGS
@given(changes=json_like)
def test_rules_from_changes_takes_anything(changes: Any) -> None:
    refused_or_fine(Rules.from_changes, changes)


@pytest.mark.parametrize(("knob", "bounds"), sorted(LIMITS.items()))
def test_every_whole_number_knob_has_a_documented_range(knob: str, bounds: tuple[int, int]) -> None:
    knob_range_is_kept(Rules, RulesError, knob, bounds)


def test_a_misspelt_or_unnamed_knob_is_answered_as_carnuta_answers_it() -> None:
    from carnuta_core import Rules as CarnutaRules

    with pytest.raises(RulesError, match=r"^unknown rules knob 'mask' \(did you mean 'masks'"):
        Rules(mask=9)
    with pytest.raises(RulesError, match=r"^unknown rules knob 'mask' \(did you mean 'masks'"):
        Rules.from_changes({"mask": 9})
    with pytest.raises(RulesError, match=r"^give rules knobs by name, e\.g\. Rules\(rounds=3\)"):
        Rules(3)
    with pytest.raises(ValueError, match=r"^unknown rules knob 'hand_limt' \(did you mean"):
        CarnutaRules(hand_limt=4)


def test_game_new_takes_a_dict_of_knobs_as_carnuta_does() -> None:
    game = Game.new(2, seed=1, rules={"rounds": 1})
    assert game.rules == Rules(rounds=1)
    with pytest.raises(RulesError, match="unknown rules knob 'round'"):
        Game.new(2, seed=1, rules={"round": 1})
    with pytest.raises(RulesError, match="^rules should be a Rules or a dict"):
        Game.new(2, seed=1, rules=[("rounds", 1)])


def test_lists_are_kept_as_tuples() -> None:
    rules = Rules(values=[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, -2, -4])
    assert rules == Rules() and hash(rules) == hash(Rules())


# ------------------------------------------------------------------ actions and cards
@SETTINGS
@given(text=st.text(max_size=60))
def test_action_text_takes_anything(text: str) -> None:
    action_text_round_trips(Action, CarnivalError, text)


@SETTINGS
@given(args=st.lists(json_like, max_size=3))
def test_play_values_check_their_fields(args: list[Any]) -> None:
    try:
        action = Play(*args)
    except CarnivalError as error:
        assert len(str(error)) <= MAX_MESSAGE
        return
    except TypeError:
        return  # the wrong number of fields: Python's own call check
    assert Action.parse(str(action)) == action and repr(action)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("carnival R²", "'R²' is not a card"),
        ("carnival Z9", "'Z9' is not a card"),
        ("give R4 to ²", "the player '²'"),
        ("mask R4", "say where the Mask goes"),
        ("Karnival R4", "unknown word 'Karnival'"),
        ("carnival " + "R" * 10_000, "not 10009 characters"),
    ],
)
def test_action_text_is_answered_in_the_words_typed(text: str, words: str) -> None:
    with pytest.raises(CarnivalError, match=words) as info:
        Action.parse(text)
    assert len(str(info.value)) <= MAX_MESSAGE


#: What a refusal may quote besides the text typed: the notation's own examples and words.
NOTATION_WORDS = {
    "carnival",
    "spectator",
    "to 2",
    "Mask",
    "mask",
    "R4",
    "Y-2",
    "carnival R4",
    "spectator R4",
    "give R4 to 2",
    "mask R4 carnival",
    "mask R4 spectator",
    "mask R4 to 2",
}
#: Words a learner might type, in any case, and fragments of them.
TYPED_WORDS = st.sampled_from(
    ["carnival", "Carnival", "SPECTATOR", "give", "Mask", "MASK", "to", "To", "2", "9", "0",
     "R4", "r4", "Z9", "z9", "Y-2", "y-2", "nothing", "R", "-", "R-", "at"]
)  # fmt: skip
TYPED = st.lists(
    TYPED_WORDS | st.text(alphabet="aBcRz09-", min_size=1, max_size=4), min_size=1, max_size=5
).map(" ".join)


@SETTINGS
@given(text=TYPED)
def test_a_refused_text_is_quoted_as_typed_and_names_no_word_it_lacks(text: str) -> None:
    refusal_quotes_what_was_typed(Action.parse, CarnivalError, text, NOTATION_WORDS)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("mask R4", "say where the Mask goes"),
        ("mask R4 nothing", "'nothing' is not a place"),
        ("mask R4 at 2", "'at 2' is not a place"),
        ("carnival Z9", "'Z9' is not a card"),
        ("CARNIVAL z9", "'z9' is not a card"),
        ("give R4 to 9", "the player '9' should be a number from 1 to 8"),
        ("give Mask to 2", "a Mask is played with the word 'mask'"),
        ("mask Mask carnival", "a Mask hides a Creature, not another Mask"),
    ],
)
def test_each_refusal_names_what_was_typed(text: str, words: str) -> None:
    with pytest.raises(CarnivalError, match=re.escape(words)):
        Action.parse(text)


@SETTINGS
@given(text=json_like)
def test_card_ids_take_anything(text: Any) -> None:
    card = refused_or_fine(Card.parse, text)
    if card is not None:
        assert Card.parse(card.id) == card


def test_the_base_action_is_not_an_action() -> None:
    with pytest.raises(CarnivalError, match="Action is the kind of every action"):
        Action()


# ------------------------------------------------------------------ play
@pytest.fixture(scope="module")
def midgame() -> Game:
    return play_randomly(Game.new(3, seed=4), 25, seed=4)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(action=json_like, player=json_like)
def test_play_takes_anything_and_refusals_change_nothing(
    midgame: Game, action: Any, player: Any
) -> None:
    refused_play_changes_nothing(midgame, CarnivalError, action, player=player)


def test_the_player_argument_is_a_seat_and_the_message_says_so(midgame: Game) -> None:
    game = midgame.copy()
    action = game.legal_actions()[0]
    other = (game.current_player + 1) % game.num_players
    with pytest.raises(
        CarnivalError, match=rf"player={other} is seat {other} \(Player {other + 1}\)"
    ):
        game.play(action, player=other)
    with pytest.raises(CarnivalError, match="player should be a seat number, not '1'"):
        game.play(action, player="1")


@pytest.mark.parametrize("player", [1, 2, 3, 7, -1, "1", 1.0, None])
def test_both_games_answer_a_wrong_player_argument_alike(player: Any) -> None:
    """The same mistake (a seat that is not the one to play, or not a seat) gets the same
    words from Carnuta and from Carnival: the argument counts seats from 0, the players'
    names count from 1, and the message says both."""
    answers = []
    for game in (CarnutaGame.new(3, seed=1), Game.new(3, seed=1)):
        action = game.legal_actions()[0]
        try:
            game.play(action, player=player)  # type: ignore[arg-type]
        except ValueError as error:
            answers.append(str(error).split(": ", 1)[1])
        else:
            answers.append("played")
    assert answers[0] == answers[1]
    if type(player) is int and player in (1, 2):
        assert answers[0] == (
            f"player={player} is seat {player} (Player {player + 1}), but it is the turn of "
            "seat 0 (Player 1)"
        )


def test_a_huge_typed_action_gets_a_short_answer(midgame: Game) -> None:
    game = midgame.copy()
    with pytest.raises(CarnivalError) as info:
        game.play("carnival " + "x" * 100_000)
    assert len(str(info.value)) <= MAX_MESSAGE


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
        json.dumps({"players": 2, "rules": {"masks": 10**12}}),
        json.dumps({"players": 2, "rules": {"rounds": 10_000}}),
        json.dumps({"players": 2, "rules": [1, 2]}),
        json.dumps({"players": 2, "history": {"actions": ["carnival R4"] * (MAX_HISTORY + 1)}}),
        json.dumps({"players": 2, "history": {"actions": [5]}}),
        json.dumps({"players": 2, "seed": -1}),
        json.dumps({"players": 2, "seed": MAX_SEED + 1}),
        json.dumps({"players": 2, "hands": [["R²"], []]}),
        json.dumps({"players": 2, "format": "x" * 10_000}),
        '{"a": ' * (MAX_NESTING + 1) + "1" + "}" * (MAX_NESTING + 1),
        " " * 3_000_000,
    ],
)
def test_hostile_saves_are_refused_by_name(text: str) -> None:
    with pytest.raises(PositionError) as info:
        Game.from_json(text)
    assert len(str(info.value)) <= MAX_MESSAGE


def test_a_save_whose_players_disagree_with_its_history_is_refused() -> None:
    save = json.loads(play_randomly(Game.new(2, seed=3), 5, seed=3).to_json())
    save["players"] = 3
    with pytest.raises(PositionError, match="^players: 3, but the history starts with 2"):
        Game.from_json(save)
    only_players = {"players": 3, "history": save["history"]}
    with pytest.raises(PositionError, match="^players"):
        Game.from_json(only_players)


def test_a_dict_holding_objects_that_cannot_compare_is_refused() -> None:
    save = json.loads(Game.new(2, seed=3).to_json())
    save["seed"] = Awkward()
    with pytest.raises(PositionError):
        Game.from_json(save)


# ------------------------------------------------------------------ round trips
RULE_CHOICES = [
    {},
    {"rounds": 1},
    {"rounds": 3, "lone_mask": "always"},
    {"hands_join_spectators": False, "masked_carnival_counts": False},
    {"younger_players": True, "carnival_memory": 0},
    {"creature_types": 6, "masks": 12},
]


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, MAX_SEED),
    rules=st.sampled_from(RULE_CHOICES),
    moves=st.integers(0, 120),
    choices=st.integers(0, 2**32),
)
def test_what_new_accepts_saves_and_reloads_to_an_equal_game(
    players: int, seed: int, rules: dict[str, Any], moves: int, choices: int
) -> None:
    game = play_randomly(Game.new(players, seed=seed, rules=rules), moves, seed=choices)
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.log == game.log and loaded.rules == game.rules
    # Every card of the box is in exactly one place.
    position = loaded.position()
    places = [
        *[c for hand in position["hands"] for c in hand],
        *position["deck"],
        *position["set_aside"],
        *[e for row in position["spectators"] for e in row],
        *position["carnival"],
    ]
    masks_on_table = sum(1 for e in places if e.startswith("["))
    creatures_under = sum(1 for e in places if e.startswith("[") and e[1:].split()[:1] != ["by"]
                          and e != "[]")  # fmt: skip
    assert len(places) + creatures_under == loaded.rules.cards_in_game, masks_on_table
    if not loaded.is_over:
        play_randomly(loaded, 400, seed=choices)
        assert loaded.is_over


def test_loads_share_the_action_table_of_equal_rules() -> None:
    text = Game.new(6, seed=1, rules={"rounds": 3}).to_json()
    first, second = Game.from_json(text), Game.from_json(text)
    assert first.rules is not second.rules and first.rules == second.rules
    assert action_table(first.rules, 6) is action_table(second.rules, 6)


# ------------------------------------------------------------------ hidden cards
def twin(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A game that differs from ``game`` only in what ``seat`` cannot see: a Creature of
    another seat's hand swapped with one of the deck, or, once the game is over and hands
    were put aside, with one set aside. None when there is nothing to swap."""
    if game.is_over and game.rules.hands_join_spectators:
        return None  # the last reveal showed the hands: only the cards set aside are unseen
    position = json.loads(game.to_json())
    del position["history"]
    hidden_pile = "set_aside" if game.is_over else "deck"
    pile = position[hidden_pile]
    others = [s for s in range(game.num_players) if s != seat]
    rng.shuffle(others)
    for other in others:
        hand = position["hands"][other]
        for i, card in enumerate(hand):
            for j, hidden in enumerate(pile):
                if "Mask" not in (card, hidden) and card != hidden:
                    hand[i], pile[j] = hidden, card
                    return Game.from_json(position)
    return None


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    moves=st.integers(0, 200),
    join=st.booleans(),
    world=st.integers(0, 2**32),
)
def test_determinized_depends_only_on_what_the_seat_has_seen(
    seed: int, players: int, moves: int, join: bool, world: int
) -> None:
    rules = Rules(hands_join_spectators=join)
    game = play_randomly(Game.new(players, seed=seed, rules=rules), moves, seed=seed)
    seat = game.current_player
    other = twin(game, seat, random.Random(world))
    if other is None:
        return
    assert other.observation(seat) == game.observation(seat)
    a = game.determinized(random.Random(world), seat=seat)
    b = other.determinized(random.Random(world), seat=seat)
    assert a.state_key() == b.state_key()
    assert a.observation(seat) == game.observation(seat)


def test_a_finished_game_with_hands_put_aside_keeps_them_hidden() -> None:
    rules = Rules(hands_join_spectators=False)
    game = play_randomly(Game.new(3, seed=8, rules=rules), 1000, seed=8)
    assert game.is_over
    hidden = {tuple(game.hand(1)), tuple(game.hand(2)), game.set_aside()}
    worlds = [game.determinized(random.Random(k), seat=0) for k in range(10)]
    assert all(w.hand(0) == game.hand(0) for w in worlds)
    assert len({(w.hand(1), w.hand(2), w.set_aside()) for w in worlds}) > 1
    assert any((w.hand(1), w.hand(2), w.set_aside()) != tuple(hidden) for w in worlds)


@pytest.mark.parametrize("rng", [None, 5, "x", random])
def test_determinized_wants_a_random_generator(midgame: Game, rng: Any) -> None:
    with pytest.raises(PositionError, match="^rng: should be a random.Random"):
        midgame.determinized(rng)


# ------------------------------------------------------------------ scoring and pictures
@SETTINGS
@given(carnival=json_like, spectators=json_like, rules=json_like, round_=json_like)
def test_score_round_takes_anything(
    carnival: Any, spectators: Any, rules: Any, round_: Any
) -> None:
    refused_or_fine(score_round, carnival, spectators, rules, round_)


def test_score_round_reads_card_values() -> None:
    cards = [Card.parse(c) for c in ("R6", "R1")]
    assert score_round(cards, [[Card.parse("R4")]], Rules()).scores == (4,)
    with pytest.raises(CarnivalError, match="^carnival: Card values"):
        score_round(["R6"], [[]], Rules())
    with pytest.raises(CarnivalError, match="^rules: a Rules"):
        score_round([], [[]], {"rounds": 2})


PICTURES = ["table_svg", "centre_svg", "scores_svg"]


@pytest.mark.parametrize("name", PICTURES)
@SETTINGS
@given(view=json_like, lang=json_like)
def test_pictures_take_anything(name: str, view: Any, lang: Any) -> None:
    refused_or_fine(getattr(carnival_svg, name), view, lang=lang)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(card=json_like, width=json_like, seat=json_like, names=json_like, step=json_like)
def test_picture_arguments_are_checked(
    midgame: Game, card: Any, width: Any, seat: Any, names: Any, step: Any
) -> None:
    refused_or_fine(carnival_svg.card_svg, card, width=width)
    refused_or_fine(carnival_svg.player_svg, midgame, seat, names=names)
    refused_or_fine(carnival_svg.table_svg, midgame, names=names)
    finished = play_randomly(midgame.copy(), 1000, seed=1)
    refused_or_fine(carnival_svg.reveal_svg, finished.results[0], step=step, names=names)
    refused_or_fine(carnival_svg.reveal_svg, card)
