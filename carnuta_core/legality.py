"""Which actions the rules allow, and why an action is allowed or refused.

``legal_actions`` lists every legal action fast (bots call it on every step); ``refusal``
checks one action and says why it is refused; ``why_allowed`` says why a legal one is
allowed. They share the rule predicates below (``rune_actions``, ``runes.taken``,
``salt_target_ok``, ``sickle_changes``, ``runes.can_pay``...), so the rules are written once,
and ``tests/test_legality.py`` checks on random positions that an action is listed exactly
when ``refusal`` finds nothing to say.
"""

from __future__ import annotations

from tabletop.action_list import ActionList

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
    parse_action,
)
from .deck_index import END, ROWS, DeckIndex
from .messages import Reason
from .model import Face, Row
from .rules import Rules
from .runes import can_pay, flip_counts, flippable, taken
from .state import ACTIONS, BONUS, DISCARD, OVER, GameState, PlayerState

SUN, MOON = Face.SUN, Face.MOON
FACES = (SUN, MOON)


class LegalActions(ActionList[Action]):
    """The legal actions of a position: a list that prints in the kit's notation and also
    answers ``"take day 2" in legal``."""

    __slots__ = ()
    parse = staticmethod(parse_action)

    def notation(self, lang: str = "en") -> list[str]:
        return [a.notation(lang) for a in self]

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self)}): {', '.join(self.notation())}>"


# ------------------------------------------------------------------ shared predicates
def empty_spaces(p: PlayerState, ix: DeckIndex) -> int:
    """Empty open spaces on a player's board."""
    return ix.open_by_played[len(p.played)] - p.suns - p.moons


def runes_taken(s: GameState, p: PlayerState, ix: DeckIndex, face: Face) -> int:
    """How many runes Take Runes of ``face`` would move now."""
    in_reserve = s.reserve_suns if face is Face.SUN else s.reserve_moons
    return taken(empty_spaces(p, ix), in_reserve)


def rune_actions(s: GameState, p: PlayerState, ix: DeckIndex, rules: Rules) -> list[Action]:
    """The legal Take Runes and Flip Runes actions: those that move a rune (or any, when
    ``allow_null_actions`` lets an action change nothing). Cached per board and reserve."""
    suns, moons = p.suns, p.moons
    key = (
        suns,
        moons,
        ix.open_by_played[len(p.played)] - suns - moons,
        s.reserve_suns,
        s.reserve_moons,
    )
    found = ix.rune_actions.get(key)
    if found is None:
        found = ix.rune_actions[key] = _rune_actions(*key, ix, rules)
    return found


def _rune_actions(
    suns: int,
    moons: int,
    empty: int,
    reserve_suns: int,
    reserve_moons: int,
    ix: DeckIndex,
    rules: Rules,
) -> list[Action]:
    out: list[Action] = []
    null_ok = rules.allow_null_actions
    if null_ok or taken(empty, reserve_suns) > 0:
        out.append(ix.runes[SUN])
    if null_ok or taken(empty, reserve_moons) > 0:
        out.append(ix.runes[MOON])
    for face in FACES:
        for count in flip_counts(face, suns, moons, rules.flip_mode, null_ok):
            out.append(ix.flip[face] if count is None else ix.flip_counts[face, count])
    return out


def salt_target_ok(p: PlayerState, ix: DeckIndex, rules: Rules, target: str) -> bool:
    """A Salt goes on one of the player's played cards (another Salt only in the variant)."""
    return target in p.played and (rules.salt_on_salt or target not in ix.salts)


def sickle_changes(s: GameState, ix: DeckIndex, row: Row) -> bool:
    """A Sickle on ``row`` changes something: the row has cards, or cards remain to reveal."""
    row_cards = s.market[row]
    if row_cards.count(None) != len(row_cards) or s.decks[row]:
        return True
    rows = ix.row
    return any(rows[c] is row for c in s.discard)


def affordable(ix: DeckIndex, suns: int, moons: int) -> frozenset[str]:
    """The ids of the cards a board showing ``suns`` and ``moons`` can pay for (cached)."""
    found = ix.affordable.get((suns, moons))
    if found is None:
        need = ix.need
        found = ix.affordable[suns, moons] = frozenset(
            cid for cid in ix.cards if can_pay(suns, moons, need[cid])
        )
    return found


def _main_actions(
    s: GameState, p: PlayerState, ix: DeckIndex, rules: Rules, out: list[Action]
) -> None:
    """Take a Card, Play a Card, Take Runes and Flip Runes, in the engine's stable order."""
    market = s.market
    take = ix.take
    for row in ROWS:
        row_cards = market[row]
        if None in row_cards:
            out.extend([t for t, cid in zip(take[row], row_cards, strict=True) if cid is not None])
        else:
            out.extend(take[row])
    playable = affordable(ix, p.suns, p.moons)
    salts = ix.salts
    for cid in p.hand:
        if cid in playable:
            if cid in salts:
                for target in p.played:
                    if salt_target_ok(p, ix, rules, target):
                        out.append(ix.salt_play(cid, target))
            else:
                out.append(ix.play[cid])
    out.extend(rune_actions(s, p, ix, rules))


# ------------------------------------------------------------------ the legal list
def legal_actions(s: GameState, ix: DeckIndex, rules: Rules) -> LegalActions:
    """Every action the current player may take now, in a stable order."""
    phase = s.phase
    p = s.players[s.current]
    out = LegalActions()
    if phase is ACTIONS:
        if s.actions_left > 0:
            _main_actions(s, p, ix, rules, out)
        stuck = not out
        if p.sickles > 0:
            for row in ROWS:
                if sickle_changes(s, ix, row):
                    out.append(ix.sickle[row])
        if stuck:
            out.append(END)
    elif phase is BONUS:
        out.extend([ix.bonus[i] for i in s.bonus_tokens])
    elif phase is DISCARD:
        out.extend([ix.discard[c] for c in p.hand])
    return out


def _has_main_action(s: GameState, p: PlayerState, ix: DeckIndex, rules: Rules) -> bool:
    found: list[Action] = []
    _main_actions(s, p, ix, rules, found)
    return bool(found)


# ------------------------------------------------------------------ one action
def refusal(s: GameState, ix: DeckIndex, rules: Rules, action: Action) -> Reason | None:
    """Why ``action`` is not allowed now, or ``None`` when it is."""
    p = s.players[s.current]
    phase = s.phase
    kind = type(action)
    if phase is OVER:
        return Reason("game_over_now", {})
    if phase is BONUS and kind is not ChooseBonus:
        choices = tuple(ix.bonus[i] for i in s.bonus_tokens)
        return Reason("bonus_first", {"choices": choices})
    if phase is DISCARD and kind is not Discard:
        return Reason(
            "discard_first", {"held": len(p.hand), "limit": rules.hand_limit, "hand": p.hand}
        )
    if kind is ChooseBonus:
        assert isinstance(action, ChooseBonus)
        if phase is not BONUS:
            return Reason("bonus_not_now", {})
        if action.ingredient in s.bonus_tokens:
            return None
        return Reason("bonus_taken", {"ingredient": action.ingredient, "available": s.bonus_tokens})
    if kind is Discard:
        assert isinstance(action, Discard)
        if phase is not DISCARD:
            return Reason("discard_not_now", {"limit": rules.hand_limit})
        if action.card in p.hand:
            return None
        return Reason("discard_not_in_hand", {"card": action.card, "hand": p.hand})
    if kind is Sickle:
        assert isinstance(action, Sickle)
        if p.sickles == 0:
            return Reason("no_sickle", {"player": s.current + 1})
        if sickle_changes(s, ix, action.row):
            return None
        return Reason("sickle_nothing", {"row": action.row})
    if kind is EndTurn:
        if s.actions_left == 0 or not _has_main_action(s, p, ix, rules):
            return None
        return Reason("end_early", {"left": s.actions_left, "per_turn": rules.actions_per_turn})
    if s.actions_left == 0:
        return Reason("actions_done", {"per_turn": rules.actions_per_turn})
    if kind is TakeCard:
        assert isinstance(action, TakeCard)
        return _take_refusal(s, rules, action)
    if kind is PlayCard:
        assert isinstance(action, PlayCard)
        return _play_refusal(p, ix, rules, action)
    if kind is TakeRunes:
        assert isinstance(action, TakeRunes)
        if action in rune_actions(s, p, ix, rules):
            return None
        if empty_spaces(p, ix) == 0:
            return Reason("runes_no_space", {})
        return Reason("runes_reserve_empty", {"face": action.face})
    if kind is FlipRunes:
        assert isinstance(action, FlipRunes)
        if action in rune_actions(s, p, ix, rules):
            return None
        return _flip_refusal(p, rules, action)
    return Reason("not_allowed_here", {})


def _take_refusal(s: GameState, rules: Rules, action: TakeCard) -> Reason | None:
    size = rules.market_row_size
    if not 1 <= action.slot <= size:
        return Reason("slot_range", {"row": action.row, "size": size})
    if s.market[action.row][action.slot - 1] is None:
        return Reason("slot_empty", {"slot": action.slot, "row": action.row})
    return None


def _play_refusal(p: PlayerState, ix: DeckIndex, rules: Rules, action: PlayCard) -> Reason | None:
    cid = action.card
    card = ix.cards.get(cid)
    if card is None:
        return Reason("unknown_card", {"card": cid, "deck": ix.deck.name})
    if cid not in p.hand:
        code = "card_in_play" if cid in p.played else "card_not_in_hand"
        return Reason(code, {"card": cid, "hand": p.hand})
    need_suns, need_moons = ix.need[cid]
    if not can_pay(p.suns, p.moons, ix.need[cid]):
        for face, need, have in ((Face.SUN, need_suns, p.suns), (Face.MOON, need_moons, p.moons)):
            if have < need:
                return Reason(
                    "cannot_pay",
                    {"card": cid, "cost": card.cost, "need": need, "face": face, "have": have},
                )
    if card.is_salt:
        if action.target is None:
            return Reason("salt_needs_target", {"card": cid, "example": p.played[-1]})
        if salt_target_ok(p, ix, rules, action.target):
            return None
        if action.target not in p.played:
            return Reason("salt_bad_target", {"played": p.played, "target": action.target})
        return Reason("salt_on_salt", {"target": action.target})
    if action.target is None:
        return None
    return Reason("not_a_salt", {"card": cid})


def _flip_refusal(p: PlayerState, rules: Rules, action: FlipRunes) -> Reason:
    other = flippable(action.face, p.suns, p.moons)
    if rules.flip_mode == "all":
        if action.count is not None:
            return Reason("flip_all_only", {"face": action.face})
        return Reason("flip_nothing", {"face": action.face})
    if action.count is None:
        return Reason("flip_say_count", {"face": action.face})
    return Reason(
        "flip_count_range",
        {"other": other, "opposite": action.face.other, "count": action.count},
    )


# ------------------------------------------------------------------ why it is allowed
def why_allowed(s: GameState, ix: DeckIndex, rules: Rules, action: Action) -> Reason:
    """Why a legal ``action`` is allowed, in words."""
    p = s.players[s.current]
    if isinstance(action, TakeCard):
        cid = s.market[action.row][action.slot - 1]
        assert cid is not None
        return Reason("why_take", {"card": ix.cards[cid], "row": action.row})
    if isinstance(action, PlayCard):
        card = ix.cards[action.card]
        args = {
            "cost": card.cost,
            "card_id": card.id,
            "counter": rules.counter_after(len(p.played) + 1),
        }
        if action.target:
            return Reason("why_play_salt", {**args, "target": action.target})
        return Reason("why_play", args)
    if isinstance(action, TakeRunes):
        return Reason("why_runes", {"face": action.face})
    if isinstance(action, FlipRunes):
        return Reason("why_flip", {"face": action.face})
    if isinstance(action, Sickle):
        return Reason(
            "why_sickle",
            {"sickles": p.sickles, "row": action.row, "row_size": rules.market_row_size},
        )
    if isinstance(action, ChooseBonus):
        return Reason("why_bonus", {"ingredient": action.ingredient})
    if isinstance(action, Discard):
        return Reason("why_discard", {"limit": rules.hand_limit})
    if s.actions_left == 0:
        return Reason("why_end_done", {"per_turn": rules.actions_per_turn})
    return Reason("why_end_stuck", {})
