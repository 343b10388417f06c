"""A misspelt rule knob is refused by name, with the closest knobs, on every path that takes
a dict of knobs: ``Rules(**knobs)``, ``Rules.from_changes``, ``dataclasses.replace``, a staged
position's ``rules`` and the lab's dicts of changes."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carnuta_core import CarnutaError, Game, Rules, lab

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
