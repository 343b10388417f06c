"""A misspelt rule knob is refused by name, with the closest knobs, on every path that takes
a dict of knobs: ``Rules(**knobs)``, ``Rules.from_changes``, ``dataclasses.replace``, a staged
position's ``rules`` and the lab's dicts of changes."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carnuta_core import CarnutaError, Game, GreedyBot, Rules, lab, play_game

KNOBS = [f.name for f in fields(Rules)]


@pytest.mark.parametrize(
    "make",
    [
        lambda knobs: Rules(**knobs),
        Rules.from_changes,
        lambda knobs: replace(Rules(), **knobs),
        lab.as_variant,
        lambda knobs: Game.from_json(
            {
                "players": 2,
                "reserve": {"sun": 1, "moon": 1},
                "rules": knobs,
                "boards": [
                    {"runes": "SSMM##", "played": ["S01"]},
                    {"runes": "SSMM##", "played": ["S02"]},
                ],
            }
        ),
    ],
    ids=["Rules", "from_changes", "replace", "lab", "position"],
)
def test_a_misspelt_knob_names_the_closest_ones(make: object) -> None:
    # A RulesError, or the position's PositionError naming the field "rules".
    with pytest.raises(CarnutaError) as caught:
        make({"hand_limt": 5})  # type: ignore[operator]
    assert "'hand_limt'" in str(caught.value) and "did you mean 'hand_limit'?" in str(caught.value)


@given(st.sampled_from(KNOBS), st.integers(0, 3))
def test_a_knob_with_a_typo_is_refused_and_the_knob_is_suggested(knob: str, cut: int) -> None:
    typo = knob[:cut] + knob[cut + 1 :] if len(knob) > cut + 1 else knob + "x"
    if typo in KNOBS:
        return
    with pytest.raises(CarnutaError) as caught:
        lab.as_variant({typo: 1})
    assert repr(knob) in str(caught.value) or knob in str(caught.value)


def test_good_knobs_still_work_every_way() -> None:
    rules = Rules(hand_limit=4, flip_mode="any")
    assert Rules.from_changes(rules.changes()) == rules
    assert replace(Rules(), hand_limit=4, flip_mode="any") == rules
    assert lab.as_variant({"hand_limit": 4}).rules == Rules(hand_limit=4)


def catch_up_position(runes: int) -> Game:
    """Player 1 leads 4 to 0 (D02 is 4 flat points) and is to act; the reserve holds 3 Suns
    and 4 Moons, and Player 2 has three empty open spaces."""
    return Game.from_json(
        {
            "players": 2,
            "rules": {"catch_up_runes": runes},
            "reserve": {"sun": 3, "moon": 4},
            "boards": [
                {"runes": "SS..##", "played": ["S01", "D02"]},
                {"runes": "S...##", "played": ["S02"]},
            ],
        }
    )


def test_catch_up_runes_go_to_the_player_strictly_last_of_the_reserves_larger_face() -> None:
    game = catch_up_position(2)
    assert game.scores() == [4, 0]
    for action in ("runes sun", "take day 1", "end"):
        game.play(action)
    # Player 1's two Suns leave the reserve 1 Sun and 4 Moons: Player 2 gets two Moons.
    assert (game.player(1).suns, game.player(1).moons) == (1, 2)
    assert game.reserve_counts == (1, 2)
    assert game.actions_left == Rules().actions_per_turn
    assert "Player 2 is last on points: 2 free Moons from the reserve." in game.last_events
    game.undo()
    assert (game.player(1).suns, game.player(1).moons) == (1, 0)


def test_catch_up_runes_are_capped_by_the_knob_and_the_empty_spaces() -> None:
    one = catch_up_position(1)
    five = catch_up_position(5)
    for game in (one, five):
        for action in ("runes sun", "take day 1", "end"):
            game.play(action)
    assert one.player(1).moons == 1
    assert five.player(1).moons == 3  # three empty open spaces


def test_no_catch_up_by_default_for_the_leader_or_on_a_tie() -> None:
    default = catch_up_position(0)
    for action in ("runes sun", "take day 1", "end"):
        default.play(action)
    assert default.player(1).moons == 0
    # Player 2 (0 points) plays on; the turn passes to Player 1, who leads: nothing for them.
    game = catch_up_position(2)
    for action in ("runes sun", "take day 1", "end", "take day 1", "take day 2", "end"):
        game.play(action)
    assert (game.player(0).suns, game.player(0).moons) == (4, 0)
    tied = Game.new(2, seed=1, rules=Rules(catch_up_runes=2))
    before = tied.player(1).suns + tied.player(1).moons
    tied_scores = tied.scores()
    for action in ("take day 1", "take day 2", "end"):
        tied.play(action)
    after = tied.player(1).suns + tied.player(1).moons
    assert (after > before) == (tied_scores[1] < tied_scores[0])


@pytest.mark.parametrize("bad", [-1, 21, 1.5, True, "2"])
def test_catch_up_runes_is_checked_like_every_whole_number_knob(bad: object) -> None:
    with pytest.raises(CarnutaError, match="catch_up_runes must be a whole number from 0 to 20"):
        Rules(catch_up_runes=bad)


def test_the_catch_up_variant_plays_to_the_end_and_round_trips() -> None:
    rules = Rules(catch_up_runes=1)
    assert Rules.from_changes(rules.changes()) == rules
    game = Game.new(3, seed=5, rules=rules)
    done = play_game([GreedyBot(1), GreedyBot(2), GreedyBot(3)], game=game)
    assert done.is_over
    assert Game.from_json(done.to_json()).scores() == done.scores()
