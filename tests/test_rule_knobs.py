"""A misspelt rule knob is refused by name, with the closest knobs, on every path that takes
knobs: ``Rules(...)``, ``Rules.from_changes``, ``dataclasses.replace``, a staged position's
``rules`` and the lab's dicts of changes. Nothing half-made is left behind."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carnuta_core import CarnutaError, Game, Rules, RulesError, lab

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
    # RulesError, or the position's PositionError naming the field "rules"
    with pytest.raises(CarnutaError) as caught:
        make({"hand_limt": 5})  # type: ignore[operator]
    message = str(caught.value)
    assert "'hand_limt'" in message and "did you mean 'hand_limit'?" in message
    assert all(knob in message for knob in KNOBS)  # and every knob there is


def test_each_unknown_knob_is_named_once() -> None:
    with pytest.raises(RulesError, match="'sicles': did you mean 'sickles'") as caught:
        Rules(hand_limit=4, sicles=1, colour="red")
    assert "'colour' (the knobs" in str(caught.value) or "'colour';" in str(caught.value)
    assert "hand_limit=4" not in str(caught.value)


@given(st.sampled_from(KNOBS), st.integers(0, 3))
def test_a_knob_with_a_typo_is_refused_and_the_knob_is_suggested(knob: str, cut: int) -> None:
    typo = knob[:cut] + knob[cut + 1 :] if len(knob) > cut + 1 else knob + "x"
    if typo in KNOBS:
        return
    with pytest.raises(RulesError) as caught:
        Rules(**{typo: 1})
    assert f"{knob!r}" in str(caught.value).split("(the knobs")[0]


def test_good_knobs_still_work_every_way() -> None:
    rules = Rules(hand_limit=4, flip_mode="any")
    assert (
        Rules.from_changes(rules.changes())
        == rules
        == replace(Rules(), hand_limit=4, flip_mode="any")
    )
    assert lab.as_variant({"hand_limit": 4}).rules == Rules(hand_limit=4)
    assert Rules(2).actions_per_turn == 2
