"""Bot specs: how the lab names the bot in each seat, and builds it in any process.

A spec is a bot name (``"greedy"``), a name with options (``("mcts", {"iterations": 50})``)
or a picklable callable ``seed -> bot`` (a module-level function, a class, a
``functools.partial``). Names are the title's own bots (``title.make_bot``) if it offers
them, else ``tabletop.agents.BOTS``. Each bot's seed comes from the game's seed and its seat.

>>> bot_label(("mcts", {"iterations": 50})), bot_seed(3, 1)
('mcts(iterations=50)', 50)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Union

from .. import arguments
from ..agents import BOTS, Bot, make_from
from ..errors import LabError
from ..protocol import GameTitle

#: A bot for one seat: a bot name, ``(name, {options})``, or a picklable callable
#: ``seed -> bot`` (a module-level function, a class or a ``functools.partial``). Names are
#: the title's own bots (``title.make_bot``) if it offers them, else ``tabletop.agents.BOTS``.
BotSpec = Union[str, tuple[str, Mapping[str, Any]], Callable[[int | None], Bot]]


def bot_label(spec: BotSpec) -> str:
    """A readable name for a bot spec: ``greedy``, ``mcts(iterations=50)``."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, tuple):
        name, options = spec
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(options.items()))
        return f"{name}({inner})" if inner else name
    label: Any = getattr(spec, "name", None) or getattr(spec, "__name__", None)
    if label is None and hasattr(spec, "func"):  # functools.partial
        label = getattr(spec.func, "__name__", None)
    return str(label or repr(spec))


def build_bot(spec: BotSpec, seed: int | None, title: GameTitle | None = None) -> Bot:
    """The bot ``spec`` describes, with ``seed``; names are ``title``'s bots if it has any."""
    if isinstance(spec, str):
        return named_bot(title, spec, seed, {})
    if isinstance(spec, tuple):
        name, options = spec
        return named_bot(title, name, seed, dict(options))
    return spec(seed)


def named_bot(
    title: GameTitle | None, name: str, seed: int | None, options: Mapping[str, Any]
) -> Bot:
    """The bot ``name`` of ``title`` (its ``make_bot``), else of ``tabletop.agents.BOTS``."""
    maker = getattr(title, "make_bot", None)
    if maker is None:
        return make_from(BOTS, name, seed, options)
    bot: Bot = maker(name, seed, **options)
    return bot


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game of ``game_seed``."""
    return game_seed * 16 + seat + 1


def check_spec(spec: Any) -> BotSpec:
    """A bot spec's shape, checked (not yet whether the name and options exist)."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, tuple):
        if len(spec) == 2 and isinstance(spec[0], str) and isinstance(spec[1], Mapping):
            return spec
        raise LabError(
            "bots", f"a spec with options is (name, {{options}}), not {arguments.shown(spec)}"
        )
    if callable(spec):
        return spec  # type: ignore[no-any-return]
    raise LabError(
        "bots",
        "a bot is a name, (name, {options}) or a function seed -> bot, "
        f"not {arguments.shown(spec)}",
    )


def bot_specs(bots: Any, players: Any) -> tuple[BotSpec, ...]:
    """One spec per seat: ``bots`` as a list, or one spec repeated for ``players`` seats."""
    one = isinstance(bots, str) or callable(bots)
    if isinstance(bots, tuple) and len(bots) == 2 and isinstance(bots[1], Mapping):
        one = True
    if one:
        if players is None:
            raise LabError("players", "one bot given: say how many players with players=")
        count = arguments.whole("players", players, least=1)
        return (check_spec(bots),) * count
    if not isinstance(bots, Iterable):
        raise LabError("bots", f"one bot, or a list of one per seat, not {arguments.shown(bots)}")
    specs = tuple(check_spec(spec) for spec in bots)
    if not specs:
        raise LabError("bots", "give one bot per seat, or one bot and players=")
    if players is not None and players != len(specs):
        raise LabError("players", f"{len(specs)} bots for players={arguments.shown(players)}")
    return specs


def check_bot_specs(title: GameTitle, specs: Sequence[BotSpec]) -> None:
    """Build each distinct spec once, so a bad name or option fails here, not in a worker."""
    distinct: list[BotSpec] = []
    for spec in specs:
        if spec not in distinct:
            distinct.append(spec)
    for spec in distinct:
        try:
            bot = build_bot(spec, 0, title)
        except LabError:
            raise
        except Exception as error:  # a user's bot factory that fails
            raise LabError("bots", f"{bot_label(spec)}(seed) failed: {error!r}") from error
        if not callable(getattr(bot, "choose", None)):
            raise LabError("bots", f"{bot_label(spec)} gave {arguments.shown(bot)}: no choose()")


__all__ = [
    "BotSpec",
    "bot_label",
    "bot_seed",
    "bot_specs",
    "build_bot",
    "check_bot_specs",
    "check_spec",
    "named_bot",
]
