"""What each action does to the state: the rules of play, applied to a legal action.

``apply`` changes a ``GameState`` in place and, when given a list, records what happened as
``(code, arguments)`` pairs: ``messages.Event`` values, worded only when someone reads them.
Callers guarantee legality (``legality.refusal``): ``Game.play`` checks, ``Game.push`` trusts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .actions import (
    Action,
    ChooseBonus,
    Discard,
    EndTurn,
    FlipRunes,
    PlayCard,
    Sickle,
    TakeCard,
    TakeRunes,
)
from .deck_index import DeckIndex
from .legality import runes_taken
from .model import Face, Row
from .rules import Rules
from .runes import flipped
from .scoring import score_potion
from .state import ACTIONS, BONUS, DISCARD, OVER, GameState, PlayerState

Events = list[tuple[str, dict[str, Any]]] | None


def apply(s: GameState, ix: DeckIndex, rules: Rules, action: Action, events: Events) -> None:
    """Apply a legal ``action`` for the current player."""
    seat = s.current
    s.log = (s.log, seat, action)
    _APPLY[type(action)](s, ix, rules, s.players[seat], action, events)


def _take_card(
    s: GameState, ix: DeckIndex, rules: Rules, p: PlayerState, action: TakeCard, events: Events
) -> None:
    row_cards = s.market[action.row]
    index = action.slot - 1
    cid = row_cards[index]
    assert cid is not None
    p.hand = (*p.hand, cid)
    s.actions_left -= 1
    if events is not None:
        events.append(
            ("took_card", {"player": s.current + 1, "card": ix.cards[cid], "row": action.row})
        )
    refill = _draw(s, ix, action.row, events)
    s.market = {**s.market, action.row: (*row_cards[:index], refill, *row_cards[index + 1 :])}


def _take_runes(
    s: GameState, ix: DeckIndex, rules: Rules, p: PlayerState, action: TakeRunes, events: Events
) -> None:
    moved = runes_taken(s, p, ix, action.face)
    if action.face is Face.SUN:
        s.reserve_suns -= moved
        p.suns += moved
    else:
        s.reserve_moons -= moved
        p.moons += moved
    s.actions_left -= 1
    if events is not None:
        events.append(
            ("took_runes", {"player": s.current + 1, "moved": moved, "face": action.face})
        )


def _flip_runes(
    s: GameState, ix: DeckIndex, rules: Rules, p: PlayerState, action: FlipRunes, events: Events
) -> None:
    suns, moons = flipped(action.face, p.suns, p.moons, action.count)
    moved = abs(suns - p.suns)
    p.suns, p.moons = suns, moons
    s.actions_left -= 1
    if events is not None:
        events.append(("flipped", {"player": s.current + 1, "moved": moved, "face": action.face}))


def _sickle(
    s: GameState, ix: DeckIndex, rules: Rules, p: PlayerState, action: Sickle, events: Events
) -> None:
    p.sickles -= 1
    row = action.row
    s.discard = (*s.discard, *(c for c in s.market[row] if c is not None))
    renewed = tuple(_draw(s, ix, row, events) for _ in s.market[row])
    s.market = {**s.market, row: renewed}
    if events is not None:
        events.append(("sickle", {"player": s.current + 1, "row": row}))


def _choose_bonus(
    s: GameState, ix: DeckIndex, rules: Rules, p: PlayerState, action: ChooseBonus, events: Events
) -> None:
    s.bonus_tokens = tuple(i for i in s.bonus_tokens if i is not action.ingredient)
    p.bonus = (*p.bonus, action.ingredient)
    s.phase = ACTIONS
    if events is not None:
        events.append(("took_bonus", {"player": s.current + 1, "ingredient": action.ingredient}))


def _discard(
    s: GameState, ix: DeckIndex, rules: Rules, p: PlayerState, action: Discard, events: Events
) -> None:
    hand = list(p.hand)
    hand.remove(action.card)
    p.hand = tuple(hand)
    s.discard = (*s.discard, action.card)
    if events is not None:
        events.append(("discarded", {"player": s.current + 1, "card": ix.cards[action.card]}))
    if len(p.hand) <= rules.hand_limit:
        _next_turn(s, ix, rules, events)


def _end_turn(
    s: GameState, ix: DeckIndex, rules: Rules, p: PlayerState, action: EndTurn, events: Events
) -> None:
    if events is not None:
        events.append(("ended_turn", {"player": s.current + 1}))
    if len(p.hand) > rules.hand_limit:
        s.phase = DISCARD
        if events is not None:
            events.append(("must_discard", {"player": s.current + 1, "limit": rules.hand_limit}))
    else:
        _next_turn(s, ix, rules, events)


def _play_card(
    s: GameState, ix: DeckIndex, rules: Rules, p: PlayerState, action: PlayCard, events: Events
) -> None:
    cid = action.card
    d_suns, d_moons, back_suns, back_moons = ix.delta[cid]
    p.suns += d_suns
    p.moons += d_moons
    s.reserve_suns += back_suns
    s.reserve_moons += back_moons
    hand = list(p.hand)
    hand.remove(cid)
    p.hand = tuple(hand)
    p.played = (*p.played, cid)
    if action.target is not None:
        p.salt_on = {**p.salt_on, cid: action.target}
    s.actions_left -= 1
    s.last_play_round = s.round
    played = len(p.played)
    player = s.current + 1
    if events is not None:
        card = ix.cards[cid]
        if action.target:
            args = {"player": player, "card": card, "target": action.target, "cost": card.cost}
            events.append(("played_salt", args))
        else:
            events.append(("played", {"player": player, "card": card, "cost": card.cost}))
    if played > rules.counter_max:
        return
    if rules.unlocks_at(played) and events is not None:
        events.append(("padlock_off", {"counter": played}))
    if rules.bonus_at(played):
        if s.bonus_tokens:
            s.phase = BONUS
            if events is not None:
                events.append(("choose_bonus", {"counter": played}))
        elif events is not None:
            events.append(("bonus_lost", {"counter": played}))
    if played >= rules.end_trigger and s.final_round is None:
        s.final_round = s.round + (1 if rules.final_extra_round else 0)
        if events is not None:
            code = "end_triggered" if rules.final_extra_round else "end_triggered_last"
            events.append((code, {"player": player, "cards": played}))


_APPLY: dict[type, Callable[..., None]] = {
    TakeCard: _take_card,
    PlayCard: _play_card,
    TakeRunes: _take_runes,
    FlipRunes: _flip_runes,
    Sickle: _sickle,
    ChooseBonus: _choose_bonus,
    Discard: _discard,
    EndTurn: _end_turn,
}


def _draw(s: GameState, ix: DeckIndex, row: Row, events: Events) -> str | None:
    """The top card of ``row``'s deck, rebuilt from that row's discards when it runs out."""
    pile = s.decks[row]
    if not pile:
        rows = ix.row
        rebuilt = [c for c in s.discard if rows[c] is row]
        if not rebuilt:
            return None
        s.discard = tuple(c for c in s.discard if rows[c] is not row)
        random.Random(f"{s.seed}/{s.reshuffles}").shuffle(rebuilt)
        s.reshuffles += 1
        pile = tuple(rebuilt)
        if events is not None:
            events.append(("reshuffled", {"row": row, "cards": len(pile)}))
    s.decks = {**s.decks, row: pile[:-1]}
    return pile[-1]


def _next_turn(s: GameState, ix: DeckIndex, rules: Rules, events: Events) -> None:
    if s.current == len(s.players) - 1:
        if s.final_round is not None and s.round >= s.final_round:
            s.phase = OVER
            if events is not None:
                events.append(("game_over", {}))
            return
        idle = rules.stalemate_rounds
        if idle is not None and s.round - s.last_play_round >= idle:
            s.phase = OVER
            if events is not None:
                events.append(("stalemate", {"rounds": idle}))
                events.append(("game_over", {}))
            return
        s.round += 1
        s.current = 0
    else:
        s.current += 1
    s.phase = ACTIONS
    s.actions_left = rules.actions_per_turn
    if events is not None:
        events.append(("next_turn", {"round": s.round, "player": s.current + 1}))
    if rules.catch_up_runes and _strictly_last(s, ix):
        _catch_up(s, ix, rules, events)


def _strictly_last(s: GameState, ix: DeckIndex) -> bool:
    """Whether the player to act scores strictly less than every other player now."""
    cards = ix.cards
    totals = [
        score_potion([cards[c] for c in p.played], p.salt_on, p.bonus).total for p in s.players
    ]
    mine = totals[s.current]
    return all(mine < total for seat, total in enumerate(totals) if seat != s.current)


def _catch_up(s: GameState, ix: DeckIndex, rules: Rules, events: Events) -> None:
    """``Rules.catch_up_runes``: the trailing player's free runes, of the reserve's larger face."""
    p = s.players[s.current]
    face = Face.SUN if s.reserve_suns > s.reserve_moons else Face.MOON
    moved = min(rules.catch_up_runes, runes_taken(s, p, ix, face))
    if not moved:
        return
    if face is Face.SUN:
        s.reserve_suns -= moved
        p.suns += moved
    else:
        s.reserve_moons -= moved
        p.moons += moved
    if events is not None:
        events.append(("caught_up", {"player": s.current + 1, "moved": moved, "face": face}))
