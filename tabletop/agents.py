"""Bots for any game that offers the ``GameState`` protocol, and ``play_game``.

A bot is anything with a ``name`` and ``choose(state) -> action``; bots never change the
state they are given (they search on copies).

- ``RandomBot``: a uniformly random legal action.
- ``GreedyBot``: a one-ply look-ahead on the game's ``Heuristic``: the action after which the
  mover's standing is best (ties broken at random); where chance follows the action, the
  expected standing over its outcomes.
- ``MCTSBot`` (``tabletop.mcts``): information-set Monte Carlo tree search.

``play_game(bots, state)`` plays a game to the end on the fast path: each bot's choice is
checked with ``is_legal`` (a bot may be wrong) and applied with ``push``; chance nodes, in a
game that has them, are settled from the game's own stream (no bot is asked there).

>>> from tabletop.mcts import MCTSBot
>>> sorted(BOTS)
['greedy', 'mcts', 'random']
>>> make_bot("mcts", 1, iterations=50)
MCTSBot(iterations=50)
>>> make_bot("random", 1, depth=3)
Traceback (most recent call last):
...
tabletop.errors.LabError: options: random takes no option 'depth'
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from . import arguments
from .chance import (
    CHANCE_BUDGET,
    check_decision,
    expectation,
    is_chance,
    offers_chance,
    own_stream,
)
from .errors import GameDidNotEnd, IllegalChoice, LabError
from .mcts import MCTSBot
from .protocol import (
    CHANCE,
    Action,
    Determinize,
    GameState,
    Heuristic,
    HeuristicHooks,
    heuristic_hooks,
    with_heuristic,
)

S = TypeVar("S", bound=GameState)

#: Ties in the greedy look-ahead: values this close count as equal.
TIE = 1e-9


class Bot(Protocol):
    name: str

    def choose(self, state: Any) -> Action: ...


def nothing_to_choose() -> LabError:
    return LabError("state", "the game is over: there is nothing to choose")


class RandomBot:
    """Picks uniformly among the legal actions (never asked at a chance node: ``LabError``)."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(arguments.seed("seed", seed))
        self.name = "random"

    def choose(self, state: Any) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise nothing_to_choose()
        check_decision(state)
        return self.rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Takes the action after which the mover stands best, by the game's ``Heuristic``.

    For each action the heuristic's ``rollout_actions`` keeps (all legal ones by default) it
    plays the action on a copy and asks the heuristic's ``standing`` (default: the mover's
    ``values``) of the position reached; ``look_ahead`` may adjust that rating, or keep the
    action as a last resort. Ties are broken at random. Legal actions it sets aside are
    chosen from only when nothing else is left.

    ``heuristic``: the ``Heuristic`` to use; by default the game's own (``state.heuristic()``).
    The look-ahead plays on copies of the state. When the heuristic reads what the mover
    cannot see (its hook ``reads_hidden``), the bot first deals that anew, with
    ``determinize(state, rng)`` (default: ``state.determinized(rng)``), and looks ahead on
    that one copy, so that it never plays on another player's hidden cards.

    Chance: when an action leads to a chance node (a roll, a draw), the action's rating is
    the mover's expected standing over the outcomes, through consecutive chance nodes
    (``tabletop.chance.expectation``), judging at most ``chance_budget`` positions: exact
    where the outcomes are few enough, else the mean over outcomes drawn by probability from
    the bot's own generator. The bot is never asked at a chance node itself (``LabError``).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        heuristic: Heuristic | None = None,
        determinize: Determinize | None = None,
        chance_budget: int = CHANCE_BUDGET,
    ):
        self.rng = random.Random(arguments.seed("seed", seed))
        self.name = "greedy"
        self.chance_budget = arguments.whole("chance_budget", chance_budget, least=1)
        self.heuristic = arguments.heuristic("heuristic", heuristic)
        self.determinize = arguments.determinize("determinize", determinize)
        self._hooks = None if heuristic is None else heuristic_hooks(heuristic)

    def __repr__(self) -> str:
        return "GreedyBot()"

    def hooks(self, state: Any) -> HeuristicHooks:
        """The heuristic hooks used for ``state``: this bot's heuristic's, or the game's."""
        if self._hooks is not None:
            return self._hooks
        found = with_heuristic(state)
        if found is None:
            raise LabError(
                "heuristic",
                "GreedyBot needs a heuristic: give heuristic=, or play a game whose states "
                "offer heuristic()",
            )
        return heuristic_hooks(found)

    def choose(self, state: Any) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not legal:
            raise nothing_to_choose()
        check_decision(state)
        hooks = self.hooks(state)
        if hooks.reads_hidden:
            state = self.determinize(state, self.rng)
        standing, look_ahead = hooks.standing, hooks.look_ahead
        seat = state.current_player
        now = standing(state, seat)
        chance = offers_chance(state)
        best: list[Action] = []
        best_value = float("-inf")
        last_resort: list[Action] = []
        for action in hooks.rollout_actions(state, legal):
            child = state.copy()
            child.push(action)
            if chance and is_chance(child):
                reached = expectation(
                    child, lambda position: standing(position, seat), self.rng, self.chance_budget
                )
            else:
                reached = standing(child, seat)
            value = look_ahead(state, action, reached, now)
            if value is None:
                last_resort.append(action)
            elif value > best_value + TIE:
                best, best_value = [action], value
            elif abs(value - best_value) <= TIE:
                best.append(action)
        if not best:
            best = last_resort or list(legal)
        return self.rng.choice(best)


#: Bots by name, for ``make_bot`` and the lab's bot specs.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
}


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by name (``random``, ``greedy``, ``mcts``); ``options`` go to its constructor,
    e.g. ``make_bot("mcts", 1, iterations=200)``."""
    return make_from(BOTS, name, seed, options)


def make_from(
    registry: Mapping[str, Callable[..., Bot]],
    name: str,
    seed: int | None,
    options: Mapping[str, Any],
) -> Bot:
    """The bot ``name`` of ``registry``, built with ``seed`` and ``options`` (a game's own
    ``make_bot`` uses it with its own registry); names the option it cannot use."""
    if not isinstance(name, str) or name not in registry:
        known = ", ".join(registry)
        raise LabError("name", f"unknown bot {arguments.shown(name)} (known: {known})")
    factory = registry[name]
    arguments.seed("seed", seed)
    try:
        return factory(seed, **options)
    except TypeError:
        # Options the constructor does not take are named; any other TypeError is the bot's.
        signature = inspect.signature(factory)
        try:
            signature.bind(seed, **options)
        except TypeError:
            unknown = [key for key in options if key not in signature.parameters]
            problem = f"no option {unknown[0]!r}" if unknown else "those options"
            raise LabError("options", f"{name} takes {problem}") from None
        raise


def bot_name(bot: object) -> str:
    """A bot's name for messages and tables: its ``name``, else its class's."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


def check_bots(bots: Any, players: int) -> list[Bot]:
    """One bot (an object with ``choose``) per seat, as a list; a ``LabError`` otherwise."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise LabError("bots", f"a list of one bot per seat, not {arguments.shown(bots)}")
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise LabError(
                "bots", f"seat {seat} holds {arguments.shown(bot)}, which has no choose(state)"
            )
    if len(bots) != players:
        raise LabError("bots", f"{len(bots)} bots for a game of {players} players")
    return list(bots)


def check_state(state: Any) -> None:
    """A ``LabError`` unless ``state`` offers the ``GameState`` protocol."""
    if not isinstance(state, GameState):
        raise LabError("state", f"a game state (tabletop.GameState), not {arguments.shown(state)}")


def legal_choice(state: Any, action: Action) -> bool:
    """Whether ``action``, a bot's choice, may be pushed: an action value (not text) that
    ``is_legal`` accepts."""
    if isinstance(action, str):
        return False
    try:
        return bool(state.is_legal(action))
    except (TypeError, ValueError):
        return False


def play_game(
    bots: Sequence[Bot],
    state: S,
    *,
    max_actions: int = 5000,
    on_action: Callable[[S, Action], None] | None = None,
    on_chance: Callable[[S, Action], None] | None = None,
    seed: int | None = None,
) -> S:
    """Play ``state`` to the end with one bot per seat; returns the same, finished state.

    Each choice is checked with ``state.is_legal`` (``IllegalChoice`` names the bot and the
    action) and applied with ``push``. ``on_action(state, action)`` is called after each
    decision. In a game with chance, each chance node is settled with the game's own draw
    (``state.sample_chance()``: the same seed and bots replay the same game), never by a bot,
    and ``on_chance(state, outcome)`` is called after each outcome. A game still going after
    ``max_actions`` actions (decisions and chance outcomes alike) raises ``GameDidNotEnd``
    (naming the bots, the limit and ``seed``, the seed the game was dealt with, when given).
    """
    check_state(state)
    players = check_bots(bots, state.num_players)
    limit = arguments.whole("max_actions", max_actions, least=1)
    for name, hook in (("on_action", on_action), ("on_chance", on_chance)):
        if hook is not None and not callable(hook):
            raise LabError(name, f"a function (state, action), not {arguments.shown(hook)}")
    for _ in range(limit):
        if state.is_over:
            return state
        seat = state.current_player
        if seat == CHANCE:
            outcome = own_stream(state)
            state.push(outcome)
            if on_chance is not None:
                on_chance(state, outcome)
            continue
        bot = players[seat]
        action = bot.choose(state)
        if not legal_choice(state, action):
            raise IllegalChoice(bot_name(bot), action, seat, seed)
        state.push(action)
        if on_action is not None:
            on_action(state, action)
    if state.is_over:
        return state
    raise GameDidNotEnd(limit, [bot_name(bot) for bot in players], seed)


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "bot_name",
    "check_bots",
    "legal_choice",
    "make_bot",
    "make_from",
    "play_game",
]
