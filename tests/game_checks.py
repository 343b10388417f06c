"""Checks the tests of the kit's games make in the same way: a transcript against its stored
golden file, undo back to any earlier position, play() checking every action it has not just
offered, a random playout checked at every step (chance nodes included), play() and push()
agreeing, copies independent of their originals, the same actions giving the same game, a
refused action saying why and changing nothing; and a game played on by a list of choices."""

from __future__ import annotations

import difflib
import os
import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

GOLDEN = Path(__file__).parent / "golden"


def assert_matches_golden(name: str, text: str) -> None:
    """``text`` is ``golden/<name>.txt`` to the byte; the failure shows the first lines of the
    diff. With ``CARNUTA_UPDATE_GOLDEN=1`` the file is written from ``text`` first."""
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("CARNUTA_UPDATE_GOLDEN"):
        path.write_text(text)
    expected = path.read_text()
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "stored", "now", lineterm="", n=2
        )
        pytest.fail(f"{name} differs from {path.name}:\n" + "\n".join(list(diff)[:80]))


def nth_legal(game: Any, choice: int) -> Any:
    """The legal action ``choice`` picks (modulo how many there are)."""
    legal = game.legal_actions()
    return legal[choice % len(legal)]


def check_undo_restores_exactly(
    game: Any,
    choices: Sequence[int],
    data: st.DataObject,
    refusal: type[Exception],
    pick: Callable[[Any, int], Any] = nth_legal,
) -> None:
    """Play ``pick(game, choice)`` for each choice (until the game ends), then undo as many
    actions as ``data`` draws: the game is as it was then, to the byte of its JSON; undo
    everything: as dealt; one more undo raises ``refusal`` and says why."""
    snapshots = [game.to_json()]
    for choice in choices:
        if game.is_over:
            break
        game.play(pick(game, choice))
        snapshots.append(game.to_json())
    steps = data.draw(st.integers(0, len(snapshots) - 1))
    for _ in range(steps):
        game.undo()
    assert game.to_json() == snapshots[-1 - steps]
    while game.can_undo:
        game.undo()
    assert game.to_json() == snapshots[0]
    with pytest.raises(refusal, match="undo: there is nothing to take back"):
        game.undo()


def check_play_trusts_only_what_is_legal_now(
    game: Any, picks: Sequence[int], refusal: type[Exception]
) -> None:
    """``play`` skips the check for an action ``legal_actions()`` has just offered; any other
    action, one offered before the position changed or one added to the returned list, is
    checked: refused (``refusal``, the game unchanged) exactly when ``is_legal`` says so."""
    seen: list[Any] = []
    for pick in picks:
        if game.is_over:
            break
        offered = game.legal_actions()
        seen.extend(offered)
        offered.append(seen[pick % len(seen)])  # the caller's list is the caller's
        tried = seen[pick % len(seen)] if pick % 3 else offered[pick % len(offered)]
        before = game.to_json()
        if game.is_legal(tried):
            game.play(tried)
        else:
            with pytest.raises(refusal):
                game.play(tried)
            assert game.to_json() == before
            game.push(offered[0])


def check_random_playout(
    game: Any,
    choose: Callable[[Any, Sequence[Any]], Any],
    parse: Callable[[str], Any],
    checked: set[Any],
    *,
    step_limit: int,
    each: Callable[[Any, Any, Any], None] | None = None,
) -> None:
    """Play ``game`` to its end, ``choose(game, legal)`` picking each action or outcome, and
    check every step: a live game offers something; each offered value reads back from its
    notation and pastes back from its ``repr`` (once per value: ``checked`` keeps them); the
    game agrees it is legal; at a chance node (a game with chance) the outcomes are the legal
    values, with probabilities summing to 1. ``each(before, action, after)`` after each step
    (``before`` a copy). Fails if the game is still going after ``step_limit`` steps."""
    for _ in range(step_limit):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert len(legal) > 0, f"no legal action in a live game: {game!r}"
        for action in legal:
            if action not in checked:
                assert parse(str(action)) == action, str(action)
                assert repr(action) == f"Action.parse({str(action)!r})"
                checked.add(action)
        if getattr(game, "is_chance", False):
            outcomes = game.chance_outcomes()
            assert [a for a, _ in outcomes] == list(legal)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-9)
        action = choose(game, legal)
        assert game.is_legal(action)
        before = game.copy() if each is not None else None
        game.push(action)
        if each is not None:
            each(before, action, game)
    else:
        pytest.fail(f"the game does not end in {step_limit} steps: {game!r}")
    assert len(game.legal_actions()) == 0


def check_play_and_push_agree(game: Any, **play: Any) -> None:
    """Every legal action of ``game`` leaves the same position whether it is played (checked,
    with ``play``'s arguments) or pushed (trusted), and is logged as itself."""
    for action in game.legal_actions():
        checked, fast = game.copy(), game.copy()
        checked.play(action, **play)
        fast.push(action)
        assert checked.state_key() == fast.state_key() and checked == fast
        assert checked.log[-1][1] == action


def check_copy_is_independent(
    game: Any, more: Sequence[int], play_random: Callable[..., Any]
) -> None:
    """Playing ``more`` random choices (``play_random``) on a copy leaves the game as it was,
    and on the game leaves the copy as it was."""
    key = game.state_key()
    copy = game.copy()
    play_random(copy, more, checked=False)
    assert game.state_key() == key
    copied = copy.state_key()
    play_random(game, more)
    assert copy.state_key() == copied


def check_replay_is_the_same_game(game: Any, again: Any, **play: Any) -> None:
    """``game``'s log played on ``again`` (the same game as dealt, ``play``'s arguments to
    each play) gives the same save."""
    for _, action in game.log:
        again.play(action, **play)
    assert again.to_json() == game.to_json()


def check_refusals_say_why(
    game: Any,
    actions: Iterable[Any],
    texts: Iterable[str],
    *,
    opening: Callable[[Any], str],
    illegal: type[Exception],
    syntax: type[Exception],
    also: Callable[[Any, Exception], None] | None = None,
) -> None:
    """Each of ``actions`` the game does not allow is refused with ``illegal``, whose message
    is ``opening(action)`` then ``why_illegal`` (a reason of some words; ``also`` checks the
    error further), and refused as text too; each of ``texts`` is ``syntax``; the game, its
    save and its position are as they were."""
    before = game.to_json()
    key = game.state_key()
    for action in actions:
        if game.is_legal(action):
            continue
        with pytest.raises(illegal) as info:
            game.play(action)
        message, start = str(info.value), opening(action)
        assert message.startswith(start), message
        assert len(message) > len(start) + 8, message
        assert game.why_illegal(action) == message[len(start) :]
        if also is not None:
            also(action, info.value)
        with pytest.raises(illegal):
            game.play(str(action))
    for text in texts:
        with pytest.raises(syntax):
            game.play(text)
    assert game.to_json() == before and game.state_key() == key


def play_choices(
    game: Any,
    choices: Sequence[int] | random.Random,
    *,
    limit: int,
    each: Callable[[Any, Any, Any], None] | None = None,
    checked: bool = True,
    **play: Any,
) -> Any:
    """Play ``game`` on: chance (where the game has it) from its own stream, each decision
    ``legal[choice % n]`` (or ``rng.choice``), until the choices run out, the game ends or
    ``limit`` steps. With ``checked`` every step is ``play`` (with ``play``'s arguments),
    else ``push``; ``each(before, action, after)`` after every step (``before`` a copy)."""
    rng = choices if isinstance(choices, random.Random) else None
    stream = iter(()) if rng else iter(choices)
    for _ in range(limit):
        if game.is_over:
            break
        if getattr(game, "is_chance", False):
            action = game.sample_chance()
        else:
            legal = game.legal_actions()
            if rng is not None:
                action = rng.choice(legal)
            else:
                pick = next(stream, None)
                if pick is None:
                    break
                action = legal[pick % len(legal)]
        before = game.copy() if each else None
        if checked:
            game.play(action, **play)
        else:
            game.push(action)
        if each is not None:
            each(before, action, game)
    return game


def property_settings(examples: int) -> settings:
    """The property tests' Hypothesis settings: ``examples`` random games, no deadline."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


def random_games(
    players: tuple[int, int],
    seeds: int,
    rulesets: Sequence[Any],
    short: int,
    long: tuple[int, int],
) -> st.SearchStrategy[dict[str, Any]]:
    """A random game as a dict: a player count from ``players`` (lowest, highest), a seed
    below ``seeds``, one of ``rulesets`` and a list of choices, each picking one legal
    action: at most ``short`` of them (which shrink well) or between ``long``'s bounds
    (which reach the end of a game)."""
    return st.fixed_dictionaries(
        {
            "players": st.integers(*players),
            "seed": st.integers(0, seeds - 1),
            "rules": st.sampled_from(rulesets),
            "choices": st.one_of(
                st.lists(st.integers(0, 2**16), max_size=short),
                st.lists(st.integers(0, 2**16), min_size=long[0], max_size=long[1]),
            ),
        }
    )
