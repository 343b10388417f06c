"""Staged Carnival positions and saved games: what loads, what is refused, and the field named."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from carnival_core import Game, PositionError
from tests.carnival_support import box_counts, card_counts, stage

DOCS = Path(__file__).resolve().parent.parent / "docs" / "carnival.md"


def test_a_minimal_position_needs_only_players_and_a_hand_to_play():
    game = stage(players=2, hands=[["R4"], []])
    assert game.current_player == 0 and game.round == 1
    assert game.legal_actions().notation() == ["carnival R4", "spectator R4", "give R4 to 2"]
    # Every card not written is in the deck, shuffled by the seed (0).
    assert game.deck_size == 78 and game.set_aside() == ()
    assert card_counts(game) == box_counts(game.rules)
    assert stage(players=2, hands=[["R4"], []]) == game


def test_a_given_deck_sends_the_cards_not_written_to_the_set_aside_pile():
    game = stage(players=2, hands=[["R4"], []], deck=["Y1", "Mask"])
    assert [c.id for c in game.deck_order()] == ["Y1", "Mask"]
    assert len(game.set_aside()) == 79 - 3


def test_the_position_format_round_trips():
    game = Game.new(3, seed=2)
    rng = random.Random(2)
    for _ in range(40):  # into the second round, with a past round to write
        game.play(rng.choice(game.legal_actions()))
    staged = Game.from_json(json.dumps(game.position()))
    assert staged.position() == game.position()
    assert staged.legal_actions() == game.legal_actions()


def test_the_json_positions_in_the_docs_load():
    blocks = re.findall(r"```json\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert blocks
    for block in blocks:
        game = Game.from_json(block)
        game.play("carnival R1")
        assert game.results[0].scores[0] == 9  # the rulebook's example: Abby scores 9


def refused(field: str, *words: str, **fields) -> PositionError:
    with pytest.raises(PositionError) as info:
        stage(**fields)
    assert info.value.field == field, str(info.value)
    assert str(info.value).startswith(f"{field}: ")
    for word in words:
        assert word in str(info.value), str(info.value)
    return info.value


def test_a_card_more_often_than_the_box_holds_is_refused():
    refused(
        "spectators[1][0]",
        "a third R4, but the game has 2 cards R4",
        players=2,
        hands=[["R4", "R4"], []],
        spectators=[[], ["R4"]],
    )
    refused("carnival[9]", "a tenth Mask", players=2, hands=[["R1"], []], carnival=["[]"] * 10)


@pytest.mark.parametrize(
    "fields, field, words",
    [
        ({"players": 7, "hands": [["R1"]] * 7}, "players", "not 7"),
        ({"players": 2}, "hands[0]", "player 1 is to play and has drawn"),
        ({"players": 2, "hands": [["R1"]]}, "hands", "1 lists for 2 players"),
        ({"players": 2, "hands": [["R9"], []]}, "hands[0][0]", "there is no card R9"),
        ({"players": 2, "hands": [["X1"], []]}, "hands[0][0]", "is not a card"),
        ({"players": 2, "hands": [[4], []]}, "hands[0][0]", "should be a str"),
        ({"players": 2, "hands": [["R1"], []], "colour": 1}, "colour", "unknown field"),
        ({"players": 2, "hands": [["R1"], []], "spectators": [["Mask"], []]},
         "spectators[0][0]", "written in brackets"),
        ({"players": 2, "hands": [["R1"], []], "spectators": [["[R2 by 3]"], []]},
         "spectators[0][0]", "'by' names a player from 1 to 2"),
        ({"players": 2, "hands": [["R1"], []], "carnival": ["[Mask]"]},
         "carnival[0]", "written in brackets"),
        ({"players": 2, "hands": [["R1"], []], "carnival": ["[R2 R3]"]},
         "carnival[0]", "a Mask is written"),
        ({"players": 2, "hands": [["R1"], []], "known_masks": [1, 0]},
         "known_masks[0]", "from 0 to 0"),
        ({"players": 2, "hands": [["R1"], []], "turn": {"player": 2}}, "turn.player", "from 0 to 1"),
        ({"players": 2, "hands": [["R1"], []], "turn": {"who": 1}}, "turn.who", "unknown field"),
        ({"players": 2, "hands": [["R1"], []], "turn": {"round": 2}}, "past_rounds",
         "round 2 is being played, so 1 rounds are past, not 0"),
        ({"players": 2, "hands": [["R1"], []], "turn": {"over": True}}, "turn.over",
         "a game is over after 2 rounds"),
        ({"players": 2, "hands": [["R1"], []], "deck": [], "set_aside": []}, "set_aside",
         "are nowhere"),
        ({"players": 2, "hands": [["R1"], []], "rules": {"jugglers": 1}}, "rules", "jugglers"),
        ({"players": 2, "hands": [["R1"], []], "format": "carnuta/1"}, "format", "is not"),
        ({"players": 2, "hands": [["R1"], []], "past_rounds": [{"carnival": ["Mask"]}]},
         "past_rounds[0].carnival[0]", "written in brackets"),
        ({"players": 2, "hands": [["R1"], []], "past_rounds": [{"stage": []}]},
         "past_rounds[0]", "unknown field 'stage'"),
    ],
)  # fmt: skip
def test_bad_positions_are_refused_naming_the_field(fields, field, words):
    refused(field, words, **fields)


def test_bad_json_is_refused():
    with pytest.raises(PositionError, match="json: not valid JSON"):
        Game.from_json('{"players": 2,')
    with pytest.raises(PositionError, match="position: should be a JSON object"):
        Game.from_json("[1, 2]")


def test_a_saved_game_replays_its_history():
    game = Game.new(2, seed=6)
    for _ in range(25):
        game.play(game.legal_actions()[-1])
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.log == game.log
    while loaded.can_undo:
        loaded.undo()
    assert loaded == Game.new(2, seed=6)


def test_a_saved_game_whose_history_is_illegal_is_refused():
    document = json.loads(Game.new(2, seed=6).to_json())
    document["history"]["actions"] = ["carnival R9"]
    with pytest.raises(PositionError, match=r"history.actions\[0\]: carnival R9: there is no"):
        Game.from_json(document)


def test_a_saved_game_whose_position_disagrees_with_its_history_is_refused():
    game = Game.new(2, seed=6)
    game.play(game.legal_actions()[0])
    document = json.loads(game.to_json())
    document["deck"] = document["deck"][::-1]
    with pytest.raises(PositionError, match=r"history: replaying the actions does not reach"):
        Game.from_json(document)
