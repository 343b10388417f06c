"""Helpers shared by the Carnival tests: staging positions, random play, card accounting."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from carnival_core import Action, Game, IllegalAction, Rules
from carnival_core.cards import card_set

#: Rules variants the property tests draw from: the printed game and every choice setting.
RULESETS = (
    Rules(),
    Rules(younger_players=True),
    Rules(lone_mask="always"),
    Rules(masked_carnival_counts=False),
    Rules(carnival_memory=0),
    Rules(carnival_memory=2),
    Rules(remember_own_masks=True),
    Rules(happy_on_tie=True, negative_sums_score=False, tie_break_scoring_cards=False),
    Rules(rounds=1, masks=12, masks_dealt=2, hands_join_spectators=False),
)


def stage(**fields: Any) -> Game:
    """A game from a staged position written as keyword fields (``players`` required)."""
    return Game.from_json(json.dumps(fields))


def play_randomly(game: Game, seed: int = 0, each: Any = None) -> Game:
    """Play uniformly random legal actions with ``play`` until the game is over."""
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
        if each is not None:
            each(game)
    return game


def card_counts(game: Game) -> Counter[str]:
    """Every card of the game, wherever it is (hidden ones included), by id."""
    counts: Counter[str] = Counter()
    for seat in range(game.num_players):
        counts.update(card.id for card in game.hand(seat))
    entries = [e for seat in range(game.num_players) for e in game.spectators(seat)]
    entries += list(game.carnival())
    for entry in entries:
        if entry.masked:
            counts["Mask"] += 1
        if entry.card is not None:
            counts[entry.card.id] += 1
    counts.update(card.id for card in game.deck_order())
    counts.update(card.id for card in game.set_aside())
    return counts


def box_counts(rules: Rules) -> Counter[str]:
    cards = card_set(rules)
    return Counter(cards.cards[kind].id for kind in cards.box)


def assert_illegal(game: Game, text: str, *reasons: str, player: int | None = None) -> str:
    """``text`` raises ``IllegalAction`` naming the action and each reason; the game is unchanged."""
    before = game.state_key()
    with pytest.raises(IllegalAction) as info:
        game.play(text, player=player)
    message = str(info.value)
    assert message.startswith(f"{Action.parse(text)}: "), message
    for reason in reasons:
        assert reason in message, message
    assert game.state_key() == before
    return message


def seats_in_log(game: Game) -> list[int]:
    return [seat for seat, _ in game.log]


class RandomPlayer:
    """Picks uniformly among the legal actions (seeded)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


class GreedyPlayer:
    """Plays the action the heuristic scores best, judged on a world dealt anew for what the
    player cannot see (so it never peeks); ties go to the first action listed."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        world = game.determinized(self.rng)
        legal = world.legal_actions()
        scores = world.heuristic().action_scores(world, legal)
        return legal[max(range(len(legal)), key=scores.__getitem__)]


def play_game(game: Game, players: list[Any]) -> Game:
    """Play ``game`` to the end, each seat's ``choose(game)`` picking its actions."""
    while not game.is_over:
        game.play(players[game.current_player].choose(game))
    return game
