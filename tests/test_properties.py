"""Properties of random games (hypothesis), and positions that must be refused.

A random game is drawn as: a player count, a seed, a rules variant and a list of integer
choices; each choice picks one legal action (with a lean towards playing cards, so that games
reach the bonus spaces, the discard phase and the end).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnuta_core.actions import Action, PlayCard
from carnuta_core.errors import ActionSyntaxError, IllegalAction, PositionError
from carnuta_core.game import Game
from carnuta_core.model import INGREDIENTS
from carnuta_core.position import position_dict
from carnuta_core.rules import Rules
from tests.conftest import DECK_NAMES, board, load_named_deck, position, zones
from tests.game_checks import check_undo_restores_exactly, property_settings, random_games

RULESETS = (
    Rules(),
    Rules(flip_mode="any"),
    Rules(allow_null_actions=True),
    Rules(salt_on_salt=True),
    Rules(final_extra_round=False),
)

SETTINGS = property_settings(20)


def pick(game: Game, choice: int) -> Action:
    """The legal action that ``choice`` picks; every other choice prefers playing a card."""
    legal = list(game.legal_actions())
    plays = [a for a in legal if isinstance(a, PlayCard)]
    options = plays if plays and choice % 2 == 0 else legal
    return options[(choice // 2) % len(options)]


# Short lists shrink well; long ones reach bonus spaces, reshuffles and game ends.
games = random_games((2, 4), 2**32, RULESETS, short=40, long=(150, 400))


def new(spec: dict, deck_name: str = "test") -> Game:
    deck = load_named_deck(deck_name)
    return Game.new(spec["players"], seed=spec["seed"], deck=deck, rules=spec["rules"])


def run(spec: dict, deck_name: str = "test", each=None) -> tuple[Game, list[Action]]:
    """Play the choices (stopping at the end of the game); ``each(game)`` after every action."""
    game = new(spec, deck_name)
    played: list[Action] = []
    for choice in spec["choices"]:
        if game.is_over:
            break
        action = pick(game, choice)
        game.play(action)
        played.append(action)
        if each is not None:
            each(game)
    return game, played


def all_candidates(game: Game) -> list[str]:
    """Every action of every kind over every card id, row, face, slot and ingredient."""
    ids = [card.id for card in game.deck]
    out = ["end"]
    out += [f"take {row} {slot}" for row in ("day", "night") for slot in range(0, 6)]
    out += [f"play {c}" for c in ids]
    salts = [card.id for card in game.deck if card.is_salt]
    out += [f"play {s} on {t}" for s in salts for t in ids]
    out += [f"play {ids[0]} on {ids[-1]}"]
    out += [f"runes {face}" for face in ("sun", "moon")]
    out += [f"flip {face}" for face in ("sun", "moon")]
    out += [f"flip {face} {k}" for face in ("sun", "moon") for k in range(0, 8)]
    out += [f"sickle {row}" for row in ("day", "night")]
    out += [f"bonus {i}" for i in INGREDIENTS]
    out += [f"discard {c}" for c in ids]
    return out


JUNK = ["", "   ", "tkae day 1", "take dusk 1", "play", "play N07 under D01", "runes", "flip",
        "flip sun x", "take day x", "end now", "bonus salt", "sickle", "discard", "play ??",
        "runes sun moon", "take day 1 2", "sickle noon", "bonus 3"]  # fmt: skip


def check_invariants(game: Game) -> None:
    rules = game.rules
    # Runes are conserved.
    on_boards = sum(game.player(s).runes for s in range(game.num_players))
    assert on_boards + sum(game.reserve.values()) == rules.total_runes(game.num_players)
    for seat in range(game.num_players):
        me = game.player(seat)
        assert 0 <= me.runes <= me.open_spaces
        # The counter matches the cards played, up to 11.
        assert me.counter == min(len(me.played), 11) == game.counter(seat)
        assert me.open_spaces == 4 + sum(1 for lv in (4, 8) if me.counter >= lv)
    # Every card is in exactly one place.
    placed = [c for cards in zones(game).values() for c in cards]
    assert sorted(placed) == sorted(card.id for card in game.deck)
    # Every Bonus token is in exactly one place.
    held = [t for s in range(game.num_players) for t in game.player(s).bonus_tokens]
    assert sorted(map(str, held + list(game.bonus_tokens))) == sorted(map(str, INGREDIENTS))


# ---------------------------------------------------------------- invariants
@pytest.mark.parametrize("deck_name", DECK_NAMES)
@SETTINGS
@given(spec=games)
def test_invariants_after_every_action(deck_name, spec):
    load_named_deck(deck_name)
    run(spec, deck_name, each=check_invariants)


@SETTINGS
@given(spec=games)
def test_only_the_current_player_acts(spec):
    def others_refused(game: Game) -> None:
        legal = game.legal_actions()
        if not legal:
            return
        key = game.state_key()
        for seat in range(game.num_players):
            if seat == game.current_player:
                continue
            with pytest.raises(IllegalAction, match=rf"seat {seat} \(Player {seat + 1}\)"):
                game.play(legal[0], player=seat)
            assert game.state_key() == key

    run(spec, each=others_refused)


@SETTINGS
@given(spec=games)
def test_every_legal_action_applies_cleanly(spec):
    def all_apply(game: Game) -> None:
        for action in game.legal_actions():
            clone = game.copy()
            clone.play(action)
            assert clone.log[-1] == (game.current_player, action)
            runes = sum(clone.player(s).runes for s in range(clone.num_players))
            assert runes + sum(clone.reserve.values()) == clone.rules.total_runes(clone.num_players)

    run(spec, each=all_apply)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=games, junk=st.lists(st.text(max_size=20), max_size=5))
def test_every_illegal_action_is_refused_and_changes_nothing(spec, junk):
    game, _ = run(spec)
    legal = set(game.legal_actions().notation())
    before_json = game.to_json()
    before_key = game.state_key()
    for text in all_candidates(game) + JUNK + junk:
        try:
            parsed = str(Action.parse(text))
        except ActionSyntaxError:
            parsed = None
        if parsed in legal:
            continue
        with pytest.raises((IllegalAction, ActionSyntaxError)) as info:
            game.play(text)
        # The message names the input, then the reason.
        if parsed is not None:
            assert isinstance(info.value, IllegalAction)
            assert str(info.value).startswith(f"{parsed}: "), str(info.value)
            assert len(str(info.value)) > len(parsed) + 10, str(info.value)
        elif text.strip():
            assert repr(text.strip()) in str(info.value), str(info.value)
        assert game.state_key() == before_key, text
    assert game.to_json() == before_json


# ------------------------------------------------------- undo and positions
@SETTINGS
@given(spec=games, data=st.data())
def test_undo_restores_exactly(spec, data):
    check_undo_restores_exactly(new(spec), spec["choices"][:120], data, IllegalAction, pick)


@SETTINGS
@given(spec=games, more=st.lists(st.integers(0, 2**16), max_size=40))
def test_json_round_trip_and_identical_continuation(spec, more):
    game, _ = run(spec)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded == game
    for choice in more:
        if game.is_over:
            break
        action = pick(game, choice)
        game.play(action)
        loaded.play(str(action))
    assert loaded.to_json() == game.to_json()
    # The loaded game can be undone back to where its history starts.
    while loaded.can_undo:
        loaded.undo()
    assert loaded == new(spec)


@SETTINGS
@given(spec=games, more=st.lists(st.integers(0, 2**16), max_size=60))
def test_position_without_history_round_trips(spec, more):
    game, _ = run(spec)
    staged = Game.from_json(json.dumps(position_dict(game)))
    assert staged.state_key() == game.state_key()
    assert staged.legal_actions() == game.legal_actions()
    # Hidden state (deck order, seed, reshuffle count) is in the position: play goes on alike.
    for choice in more:
        if game.is_over:
            break
        action = pick(game, choice)
        game.play(action)
        staged.play(action)
    assert staged.state_key() == game.state_key()


@SETTINGS
@given(spec=games)
def test_same_seed_and_actions_give_the_same_game(spec):
    game, played = run(spec)
    again = new(spec)
    for action in played:
        again.play(str(action))
    assert again.to_json() == game.to_json()
    assert Game.new(spec["players"], seed=spec["seed"], deck=game.deck, rules=spec["rules"]) == (
        new(spec)
    )


# ------------------------------------------------------------- bad positions
def load(doc) -> Game:
    return Game.from_json(doc if isinstance(doc, str) else json.dumps(doc))


def refused(doc, field: str, *words: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        load(doc)
    assert info.value.field == field, str(info.value)
    assert str(info.value).startswith(field)
    for word in words:
        assert word in str(info.value)
    return info.value


def four_players(**extra):
    return position([board(), board(), board(), board()], **extra)


def test_bad_position_23_runes_in_a_4_player_game():
    refused(four_players(reserve={"sun": 4, "moon": 3}), "reserve", "23 runes", "has 22")
    load(four_players(reserve={"sun": 3, "moon": 3}))


def test_bad_position_card_in_two_places():
    doc = position([board(hand=["D01"]), board(hand=["D01"])])
    refused(doc, "boards[1].hand[0]", "D01 is also in boards[0].hand[0]")
    doc = position([board(played=["S1", "D01"]), board()], discard=["D01"])
    refused(doc, "discard[0]", "D01 is also in boards[0].played[1]")


def test_bad_position_counter_does_not_match_cards_played():
    doc = position([board(played=["S1", "D01"], counter=3), board()])
    refused(doc, "boards[0].counter", "is 3 but 2 cards are played")


@pytest.mark.parametrize(
    "where, field",
    [("top", "colour"), ("board", "boards[0]"), ("turn", "turn.who"), ("reserve", "reserve")],
)
def test_bad_position_unknown_fields(where, field):
    doc = position([board(), board()])
    if where == "top":
        doc["colour"] = "red"
    elif where == "board":
        doc["boards"][0]["colour"] = "red"
    elif where == "turn":
        doc["turn"] = {"who": 1}
    else:
        doc["reserve"]["star"] = 1
    error = refused(doc, field)
    assert "unknown" in str(error) or "only 'sun' and 'moon'" in str(error)


@pytest.mark.parametrize("runes", ["SSMM#.", "SSMM.#", "SSMM..", "SS####", "SSM###"])
def test_bad_position_wrong_padlock_count(runes):
    doc = position([board(runes), board()])
    refused(doc, "boards[0].runes", "Padlock")


def test_bad_position_bad_json():
    refused('{"players": 2,', "json", "not valid JSON")
    refused("[1, 2]", "position", "JSON object")


def test_bad_position_other_fields():
    refused(position([board(hand=["S3"]), board()]), "boards[0].hand", "starting card")
    five = position([board()] * 5, reserve={"sun": 0, "moon": 0})
    refused(five, "players", "not 5")
    refused(position([board(runes="SSMX##"), board()]), "boards[0].runes", "6 letters")
    doc = position([board(bonus=["egg"]), board()])
    refused(doc, "boards[0].bonus", "has earned 0")
    refused(
        position(
            [
                board("SSMM.#", played=["S1", "D13", "D14", "D15", "D17", "D18"], bonus=["egg"]),
                board(),
            ],
            bonus_tokens=["egg"],
        ),
        "bonus_tokens",
        "egg token is in two places",
    )
    refused(position([board(), board()], turn={"phase": "dance"}), "turn.phase", "dance")
    refused(position([board(), board()], market={"day": ["D01"], "night": []}), "market.day")
    refused(position([board(), board()], discard=["S5"]), "discard", "cannot be in the discard")
    refused(position([board(), board()], decks={"day": ["N01"]}), "decks.day", "N01")


# A mutation of a real position, and the field the loader must name.
MUTATIONS = ("reserve", "duplicate", "counter", "padlock", "unknown")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=games, mutation=st.sampled_from(MUTATIONS), seat_pick=st.integers(0, 3))
def test_mutated_positions_are_refused_naming_the_field(spec, mutation, seat_pick):
    game, _ = run(spec)
    doc = position_dict(game)
    load(doc)  # the unmutated position loads
    seat = seat_pick % game.num_players
    b = doc["boards"][seat]
    if mutation == "reserve":
        doc["reserve"]["sun"] += 1
        field = "reserve"
    elif mutation == "duplicate":
        card = b["played"][-1].split()[0]
        if game.deck[card].origin.value == "start":
            doc["box"].append(card)
            field = f"box[{len(doc['box']) - 1}]"
        else:
            doc["discard"].append(card)
            field = f"discard[{len(doc['discard']) - 1}]"
    elif mutation == "counter":
        b["counter"] = (b["counter"] % 11) + 1 if b["counter"] != 11 else 10
        field = f"boards[{seat}].counter"
    elif mutation == "padlock":
        b["runes"] = b["runes"][:-1] + ("." if b["runes"][-1] == "#" else "#")
        field = f"boards[{seat}].runes"
    else:
        doc["turn"]["whose"] = 0
        field = "turn.whose"
    refused(doc, field)


def test_random_seed_actions_reach_the_end():
    """Sanity check of the strategy: the lean towards playing cards does reach game ends."""
    rng = random.Random(0)
    spec = {
        "players": 3,
        "seed": 5,
        "rules": Rules(),
        "choices": [rng.randrange(2**16) for _ in range(400)],
    }
    game, _ = run(spec)
    assert game.is_over


def test_strategy_lengths():
    """The game strategy draws long games as well as short ones."""
    lengths = []

    @settings(max_examples=40, deadline=None, database=None)
    @given(spec=games)
    def collect(spec):
        lengths.append(len(spec["choices"]))

    collect()
    assert max(lengths) >= 150


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), script=st.lists(st.integers(-3, 40), min_size=5, max_size=80))
def test_undo_interleaved_with_play_and_copies_walks_back_exactly(seed, script):
    """Undo keeps a copy of the state every few actions and plays the rest again: whatever the
    mix of plays, undos and copies with their history, each undo lands on the position the
    game was in, and a copy's history never moves with the original's."""
    game = Game.new(3, seed=seed)
    seen = [game.to_json()]  # seen[i]: the position after i undoable actions
    clone, clone_seen = None, None
    for step in script:
        if step < 0 and game.can_undo:
            for _ in range(min(-step, len(seen) - 1)):
                game.undo()
                seen.pop()
                assert game.to_json() == seen[-1]
        elif not game.is_over:
            legal = game.legal_actions()
            game.play(legal[step % len(legal)])
            events = game.last_events
            assert events and game.last_events == events
            seen.append(game.to_json())
        if step == 7 and clone is None:
            clone, clone_seen = game.copy(history=True), list(seen)
    if clone is not None:
        assert clone.to_json() == clone_seen[-1]
        while clone.can_undo:
            clone.undo()
            clone_seen.pop()
            assert clone.to_json() == clone_seen[-1]
    assert game.to_json() == seen[-1]
