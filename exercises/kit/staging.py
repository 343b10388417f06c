"""Staging positions for exercises: the smallest JSON the engine accepts, and random potions.

Every position goes through ``Game.from_json``, so the engine checks it (rune totals, Padlocks,
counters, bonus tokens) exactly as it checks a position a student writes by hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from carnuta_core import Game, GreedyBot, Rules, reference_deck
from carnuta_core.model import INGREDIENTS, Origin

DECK = reference_deck()
#: The printed rules, one shared object (the engine keeps one card index per rules object).
PRINTED_RULES = Rules()
STARTING = [c.id for c in DECK if c.origin is Origin.START]
INGREDIENT_CARDS = [c.id for c in DECK if c.origin is not Origin.START and not c.is_salt]
SALTS = [c.id for c in DECK if c.is_salt]
FREE = [c.id for c in DECK if c.origin is not Origin.START and not c.cost]


def runes_field(letters: str, played: int, rules: Rules | None = None) -> str:
    """A board's ``runes`` text: the runes (``S``/``M``), then empty spaces, then Padlocks."""
    rules = rules or Rules()
    counter = rules.counter_after(played)
    open_spaces = rules.open_spaces_at(counter)
    if len(letters) > open_spaces:
        raise ValueError(f"{letters!r} does not fit on {open_spaces} open spaces")
    return letters + "." * (open_spaces - len(letters)) + "#" * rules.locked_spaces_at(counter)


def board(
    played: Sequence[str],
    runes: str = "SSMM",
    *,
    hand: Sequence[str] = (),
    bonus: Sequence[str] | None = None,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """One player's area for a staged position. Without ``bonus``, a board past a bonus
    space holds the tokens it earned, dealt by the engine (a bonus is lost only when no token
    is left, so a position may not simply leave them out)."""
    area: dict[str, Any] = {
        "runes": runes_field(runes, len(played), rules),
        "played": list(played),
        "hand": list(hand),
    }
    if bonus is not None:
        area["bonus"] = list(bonus)
    return area


def stage(
    boards: Sequence[dict[str, Any]],
    *,
    reserve: tuple[int, int] | None = None,
    rules: Rules | None = None,
    **fields: Any,
) -> Game:
    """A staged game. ``reserve`` (Suns, Moons) defaults to the runes the boards leave."""
    rules = rules or Rules()
    players = len(boards)
    if reserve is None:
        on_boards = sum(b["runes"].count("S") + b["runes"].count("M") for b in boards)
        rest = rules.total_runes(players) - on_boards
        reserve = (rest // 2, rest - rest // 2)
    position: dict[str, Any] = {
        "players": players,
        "reserve": {"sun": reserve[0], "moon": reserve[1]},
        "boards": list(boards),
        **fields,
    }
    if rules != Rules():
        position["rules"] = rules.changes()
    return Game.from_json(position)


def random_runes(rng: random.Random, count: int) -> str:
    return "".join(rng.choice("SM") for _ in range(count))


def random_potion(
    rng: random.Random,
    size: int,
    *,
    salts: int = 0,
    avoid: Sequence[str] = (),
) -> list[str]:
    """A potion of ``size`` played cards: a starting card first, then deck cards; ``salts`` of
    them are Salts, each stacked on an ingredient card played before it."""
    start = rng.choice([c for c in STARTING if c not in avoid])
    cards = rng.sample([c for c in INGREDIENT_CARDS if c not in avoid], size - 1 - salts)
    played = [start, *cards]
    for salt in rng.sample([c for c in SALTS if c not in avoid], salts):
        where = rng.randrange(1, len(played) + 1)
        # A Salt goes on an ingredient card played before it, never on another Salt.
        target = rng.choice([c for c in card_ids(played[:where]) if c not in SALTS])
        played.insert(where, f"{salt} on {target}")
    return played


def clear_of_bonus(sizes: range, added: int, rules: Rules | None = None) -> list[int]:
    """The potion sizes from which playing ``added`` more cards reaches no Bonus space (so a
    question that adds cards to a potion has no token to choose)."""
    levels = (rules or Rules()).bonus_levels
    return [size for size in sizes if not any(size < level <= size + added for level in levels)]


def card_ids(played: Sequence[str]) -> list[str]:
    """The card ids of a ``played`` list (a Salt entry is ``"D30 on N07"``)."""
    return [entry.split()[0] for entry in played]


def opponent_board(potion: Sequence[str], rules: Rules | None = None) -> dict[str, Any]:
    """The second player's area: only a starting card the first player's ``potion`` lacks."""
    return board(["S01" if "S01" not in card_ids(potion) else "S02"], rules=rules)


def random_bonus(rng: random.Random, played: int, rules: Rules | None = None) -> list[str]:
    """Bonus Ingredient tokens for a counter: one per bonus space reached."""
    rules = rules or Rules()
    earned = rules.bonuses_earned(rules.counter_after(played))
    return [i.value for i in rng.sample(INGREDIENTS, earned)]


def bot_position(
    seed: int,
    players: int = 2,
    *,
    actions: int = 20,
    ready: Callable[[Game], bool] = lambda game: True,
) -> Game | None:
    """A mid-game position: greedy bots play ``actions`` actions from a fresh game, then go on
    until the current player has an action to take (not a bonus, discard or end step) in a
    position ``ready`` accepts. None if the game ends first."""
    game = Game.new(players, seed=seed, rules=PRINTED_RULES)
    bots = [GreedyBot(seed + seat) for seat in range(players)]
    for _ in range(actions):
        game.play(bots[game.current_player].choose(game))
    while game.phase != "actions" or game.actions_left == 0 or not ready(game):
        if game.is_over:
            return None
        game.play(bots[game.current_player].choose(game))
    return game


def total_with(game: Game, cards: Sequence[str], seat: int = 0) -> int:
    """What ``seat``'s potion would score with ``cards`` (ingredient cards, by id) added."""
    from carnuta_core.scoring import score_potion

    view = game.player(seat)
    extra = [DECK[c.upper()] for c in cards]
    return score_potion([*view.played, *extra], dict(view.salt_on), view.bonus_tokens).total
