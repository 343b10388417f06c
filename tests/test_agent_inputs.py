"""Every input of the agents and the lab is answered: a value they cannot use raises the kit's
typed error naming the argument (tabletop's ``LabError``; for Carnuta, a ``CarnutaError``),
before any game is played; never a bare ``TypeError`` from deep inside."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from carnuta_core import CarnutaError, Game, lab
from carnuta_core import bots as carnuta_bots
from carnuta_core.mcts import MCTSBot as CarnutaMCTS
from tabletop import LabError
from tabletop.lab import simulate as simulate_any
from tabletop.lab import sweep as sweep_any
from tests.test_agent_layer import TricksTitle

#: Values that are not numbers, flags or lists: whatever a slip of the keyboard gives.
NOT_NUMBER = st.one_of(
    st.none(),
    st.text(max_size=4),
    st.binary(max_size=3),
    st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.just(object()),
    st.complex_numbers(max_magnitude=5),
)
#: Odd values of any kind, floats included.
ODD = st.one_of(NOT_NUMBER, st.floats(allow_nan=True, allow_infinity=True))
#: Numbers that are not finite.
UNBOUNDED = st.sampled_from([float("nan"), float("inf"), float("-inf")])
#: Whole numbers below 1, and everything that is not a whole number (None aside).
NOT_POSITIVE_WHOLE = st.one_of(ODD, st.booleans(), st.integers(max_value=0)).filter(
    lambda v: v is not None
)
#: Not a finite number (None aside).
NOT_FINITE = st.one_of(NOT_NUMBER, st.booleans(), UNBOUNDED).filter(lambda v: v is not None)


def refused(call: Callable[[], Any], argument: str, kind: type[Exception] = LabError) -> None:
    """``call`` raises ``kind`` naming ``argument``."""
    with pytest.raises(kind) as caught:
        call()
    assert str(caught.value).startswith(f"{argument}:"), str(caught.value)


# ------------------------------------------------------------------------ tabletop
@settings(max_examples=60, deadline=None)
@given(value=NOT_POSITIVE_WHOLE)
def test_mcts_iterations(value: Any) -> None:
    refused(lambda: tabletop.MCTSBot(iterations=value), "iterations")


@settings(max_examples=60, deadline=None)
@given(
    value=st.one_of(NOT_FINITE, st.integers(max_value=-1)),
    low=st.one_of(NOT_FINITE, st.floats(max_value=0)),
    below=st.one_of(NOT_FINITE, st.floats(max_value=-0.001)),
    outside=st.one_of(NOT_FINITE, st.floats(min_value=1.001), st.floats(max_value=-0.001)),
)
def test_mcts_settings(value: Any, low: Any, below: Any, outside: Any) -> None:
    refused(lambda: tabletop.MCTSBot(iterations=3, rollout_depth=value), "rollout_depth")
    refused(lambda: tabletop.MCTSBot(seconds=low), "seconds")
    refused(lambda: tabletop.MCTSBot(exploration=below), "exploration")
    refused(lambda: tabletop.MCTSBot(epsilon=outside), "epsilon")


@settings(max_examples=40, deadline=None)
@given(seed=st.one_of(ODD, st.booleans()).filter(lambda v: v is not None))
def test_bot_seeds(seed: Any) -> None:
    for bot in (tabletop.RandomBot, tabletop.GreedyBot, tabletop.MCTSBot):
        refused(lambda bot=bot: bot(seed), "seed")
    refused(lambda: tabletop.make_bot("random", seed), "seed")


@settings(max_examples=40, deadline=None)
@given(name=st.one_of(ODD, st.text(min_size=1, max_size=8)), option=st.text(min_size=1, max_size=8))
def test_make_bot_names_and_options(name: Any, option: str) -> None:
    if not (isinstance(name, str) and name in tabletop.BOTS):
        refused(lambda: tabletop.make_bot(name), "name")
    if option not in (
        "iterations",
        "seconds",
        "exploration",
        "rollout_depth",
        "epsilon",
        "heuristic",
    ):
        refused(lambda: tabletop.make_bot("mcts", 1, **{option: 3}), "options")
    if name is not None:  # None: the game's own heuristic
        refused(lambda: tabletop.GreedyBot(1, heuristic=name), "heuristic")


@settings(max_examples=40, deadline=None)
@given(bots=ODD, limit=NOT_POSITIVE_WHOLE)
def test_play_game_arguments(bots: Any, limit: Any) -> None:
    state = TricksTitle().new(2, seed=1)
    refused(lambda: tabletop.play_game(bots, state), "bots")
    refused(lambda: tabletop.play_game([tabletop.RandomBot(1)] * 3, state), "bots")
    refused(lambda: tabletop.play_game([tabletop.RandomBot(1)] * 2, bots), "state")
    refused(
        lambda: tabletop.play_game([tabletop.RandomBot(1)] * 2, state, max_actions=limit),
        "max_actions",
    )
    assert state.tricks == [0, 0] and len(state.hands[0]) == 5  # nothing was played


SIMULATE_ARGUMENTS = {
    "games": NOT_POSITIVE_WHOLE,
    "players": NOT_POSITIVE_WHOLE,
    "workers": NOT_POSITIVE_WHOLE,
    "chunk_size": NOT_POSITIVE_WHOLE,
    "max_actions": NOT_POSITIVE_WHOLE,
    "progress": ODD,
    "rotate": ODD,
    "variant": st.one_of(ODD, st.just("")).filter(lambda v: not isinstance(v, str) or not v),
    "seeds": st.one_of(
        st.lists(st.one_of(ODD, st.booleans()), min_size=1, max_size=3).filter(
            lambda s: any(not isinstance(v, int) or isinstance(v, bool) for v in s)
        ),
        st.just([]),
        st.text(max_size=3),
        st.integers(),
    ),
}


def simulate_call(run: Callable[..., Any], argument: str, value: Any) -> Callable[[], Any]:
    """A call of a simulate-like ``run`` whose only bad argument is ``argument``."""
    kwargs: dict[str, Any] = {"progress": False, "workers": 1}
    if argument == "seeds":
        kwargs["seeds"] = value
    else:
        kwargs["games"] = 2
        kwargs[argument] = value
    if argument == "players":
        return lambda: run("random", **kwargs)
    return lambda: run(["random", "random"], **kwargs)


@pytest.mark.parametrize("argument", sorted(SIMULATE_ARGUMENTS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_simulate_checks_every_argument_before_playing(argument: str, data: Any) -> None:
    value = data.draw(SIMULATE_ARGUMENTS[argument])
    if argument in ("workers", "chunk_size") and value is None:
        return  # None: the default
    title = TricksTitle()
    refused(simulate_call(lambda *a, **k: simulate_any(title, *a, **k), argument, value), argument)
    refused(
        simulate_call(lambda *a, **k: lab.simulate(*a, **k), argument, value),
        argument,
        CarnutaError,
    )


@settings(max_examples=30, deadline=None)
@given(
    bots=st.one_of(
        st.integers(),
        st.just([]),
        st.lists(
            st.one_of(st.integers(), st.none(), st.tuples(st.text(max_size=2))),
            min_size=1,
            max_size=3,
        ),
    )
)
def test_simulate_refuses_bots_it_cannot_build(bots: Any) -> None:
    refused(lambda: simulate_any(TricksTitle(), bots, games=1, progress=False), "bots")
    refused(lambda: lab.simulate(bots, games=1, progress=False), "bots", CarnutaError)


def test_simulate_refuses_titles_bot_names_and_options() -> None:
    refused(lambda: simulate_any("chess", "random", players=2, games=1), "title")
    refused(lambda: simulate_any(TricksTitle(), "random", players=7, games=1), "bots")
    refused(lambda: simulate_any(TricksTitle(), "smart", players=2, games=1), "name")
    refused(
        lambda: simulate_any(TricksTitle(), ("mcts", {"depth": 2}), players=2, games=1), "options"
    )
    refused(
        lambda: simulate_any(TricksTitle(), ("mcts", {"iterations": 0}), players=2, games=1),
        "iterations",
    )
    refused(lambda: simulate_any(TricksTitle(), len, players=2, games=1), "bots")
    refused(lambda: simulate_any(TricksTitle(), "random", players=2, games=1, seeds=[1]), "seeds")
    refused(
        lambda: simulate_any(TricksTitle(), "random", players=2, games=1, client="local"), "client"
    )
    refused(lambda: sweep_any({}, "random", players=2, games=1), "variants")
    refused(lambda: sweep_any({"x": "chess"}, "random", players=2, games=1), "title")
    refused(lambda: sweep_any({3: TricksTitle()}, "random", players=2, games=1), "variants")


# ------------------------------------------------------------------------ Carnuta's bindings
@settings(max_examples=40, deadline=None)
@given(value=NOT_FINITE, scale=st.one_of(NOT_FINITE, st.floats(max_value=0)))
def test_carnuta_bots_refuse_odd_settings(value: Any, scale: Any) -> None:
    refused(lambda: carnuta_bots.GreedyBot(1, hand_weight=value), "hand_weight", CarnutaError)
    refused(lambda: carnuta_bots.GreedyBot(1, rune_weight=value), "rune_weight", CarnutaError)
    refused(lambda: CarnutaMCTS(1, margin_scale=scale), "margin_scale", CarnutaError)
    refused(lambda: CarnutaMCTS(1, sickle_value=value), "sickle_value", CarnutaError)
    refused(lambda: CarnutaMCTS(1, iterations=value), "iterations", CarnutaError)
    refused(lambda: CarnutaMCTS(1, rollout_depth=value), "rollout_depth", CarnutaError)
    refused(lambda: carnuta_bots.RandomBot(value), "seed")
    refused(lambda: carnuta_bots.make_bot("greedy", value), "seed", CarnutaError)
    refused(lambda: carnuta_bots.make_bot(value), "name", CarnutaError)


@settings(max_examples=40, deadline=None)
@given(value=ODD.filter(lambda v: v is not None))
def test_carnuta_play_game_refuses_odd_arguments(value: Any) -> None:
    greedy = [carnuta_bots.GreedyBot(1), carnuta_bots.GreedyBot(2)]
    refused(lambda: carnuta_bots.play_game(value), "bots", CarnutaError)
    refused(lambda: carnuta_bots.play_game(greedy, seed=value), "seed", CarnutaError)
    refused(lambda: carnuta_bots.play_game(greedy, rules=value), "rules", CarnutaError)
    refused(lambda: carnuta_bots.play_game(greedy, deck=value), "deck", CarnutaError)
    refused(lambda: carnuta_bots.play_game(greedy, game=value), "game", CarnutaError)
    refused(
        lambda: carnuta_bots.play_game(greedy, seed=1, max_actions=value),
        "max_actions",
        CarnutaError,
    )
    refused(
        lambda: carnuta_bots.play_game(greedy, seed=1, on_action=value), "on_action", CarnutaError
    )
    refused(lambda: lab.simulate("greedy", players=2, games=1, rules=value), "rules", CarnutaError)
    refused(lambda: lab.simulate("greedy", players=2, games=1, deck=value), "deck", CarnutaError)
    if value != {}:  # {}: no change to the rules, a valid variant
        refused(
            lambda: lab.sweep({"odd": value}, "greedy", players=2, games=1),
            "variants",
            CarnutaError,
        )


def test_carnuta_play_game_and_lab_name_a_game_that_does_not_end() -> None:
    greedy = [carnuta_bots.GreedyBot(1), carnuta_bots.GreedyBot(2)]
    with pytest.raises(
        CarnutaError, match=r"seed 5 did not end within 40 actions \(bots: greedy, greedy\)"
    ):
        carnuta_bots.play_game(greedy, seed=5, max_actions=40)
    with pytest.raises(CarnutaError, match="seed 0 did not end within 30 actions"):
        lab.simulate("random", players=3, games=2, max_actions=30, workers=1, progress=False)
    with pytest.raises(tabletop.GameDidNotEnd):  # it is also the agent layer's error
        lab.simulate("random", players=3, games=1, max_actions=30, workers=1, progress=False)
    game = Game.new(2, seed=3)
    refused(lambda: carnuta_bots.play_game(greedy, game=game, seed=3), "game", CarnutaError)
    refused(lambda: carnuta_bots.play_game(greedy * 3, seed=3), "bots", CarnutaError)
