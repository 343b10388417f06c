"""Carnuta's quick judgement of positions and actions, for the agents in ``tabletop``.

``CarnutaHeuristic`` is one evaluation, written once, that both bots use:

- ``standing(game, seat)``: the points on the seat's score pad, plus a share of what each
  card in hand would add (``hand_weight``; less if the board cannot pay for it yet), minus a
  little per cost icon, plus ``rune_weight`` per rune on the board and ``sickle_value`` per
  unused Sickle. With ``end_aware``, a seat with no turn left is worth only its points.
- ``values(game)``: each seat's value in [0, 1]. At the end of the game, 0.8 x its share of
  the win + 0.2 x a sigmoid of its score margin over the best other seat (winning by more is
  a little better); before the end, a sigmoid of its standing's margin over the best other
  seat. ``margin_scale`` points of margin move a value from 0.5 to 0.73.
- ``action_scores(game, actions)``: an incremental, approximate version of the greedy
  one-action look-ahead (one potion evaluation for the whole list), for rollouts and for
  ordering the search's untried actions.
- the hooks of ``tabletop.protocol.HeuristicHooks``: the search skips Sickles once both
  actions are taken (only ``end`` is worth searching then); rollouts and the greedy
  look-ahead never use a Sickle (its worth lies beyond a quick judgement); the greedy bot
  keeps a Flip Runes that makes no card in hand payable as a last resort (with every bot
  flipping back and forth, a game could otherwise never end), prefers a free choice to
  ending its turn when they are as good, rates a take by the hand it will keep at the hand
  limit, and never takes a card only to discard it in the same turn unless nothing else is
  left.

``GreedyBot`` uses ``CarnutaHeuristic.greedy()``, the evaluation its games were recorded with
(Sickles not counted; hand and runes counted to the very end); ``MCTSBot`` the default.

>>> from carnuta_core import Game
>>> game = Game.new(2, seed=4)
>>> values = CarnutaHeuristic().values(game)
>>> [round(v, 2) for v in values]
[0.5, 0.5]
>>> len(CarnutaHeuristic().action_scores(game, game.legal_actions())) == len(game.legal_actions())
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

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
from .deck import Deck
from .fastscore import INDEX, ScoreTable, score_table
from .game import Game
from .model import Face
from .runes import flipped, taken
from .scoring import salt_root
from .state import ACTIONS, BONUS, DISCARD

#: What a card in hand counts for when the board cannot pay for it yet.
UNPAYABLE = 0.6
#: Points taken off per cost icon of a card in hand (what it will cost to play).
ICON_COST = 0.3
#: Look-ahead ratings: ending the turn gives up this much against an equal free choice.
END_PENALTY = 0.01
#: Ties between ratings: values this close count as equal.
TIE = 1e-9


class CarnutaHeuristic:
    """Carnuta's ``tabletop.protocol.Heuristic``, with its agent hooks (see the module doc)."""

    __slots__ = (
        "hand_weight",
        "rune_weight",
        "sickle_value",
        "margin_scale",
        "end_aware",
        "_deck",
        "_table",
    )

    def __init__(
        self,
        *,
        hand_weight: float = 0.6,
        rune_weight: float = 0.4,
        sickle_value: float = 1.0,
        margin_scale: float = 8.0,
        end_aware: bool = True,
    ):
        self.hand_weight = hand_weight
        self.rune_weight = rune_weight
        self.sickle_value = sickle_value
        self.margin_scale = margin_scale
        self.end_aware = end_aware
        self._deck: Deck | None = None
        self._table: ScoreTable | None = None

    @classmethod
    def greedy(cls, *, hand_weight: float = 0.6, rune_weight: float = 0.4) -> CarnutaHeuristic:
        """The greedy bot's evaluation: no Sickle value, hand and runes counted to the end."""
        return cls(
            hand_weight=hand_weight, rune_weight=rune_weight, sickle_value=0.0, end_aware=False
        )

    def __repr__(self) -> str:
        return (
            f"CarnutaHeuristic(hand_weight={self.hand_weight}, rune_weight={self.rune_weight}, "
            f"sickle_value={self.sickle_value}, margin_scale={self.margin_scale}, "
            f"end_aware={self.end_aware})"
        )

    def table(self, game: Game) -> ScoreTable:
        """The integer score table of ``game``'s deck (kept while the deck stays the same)."""
        if game.deck is not self._deck:
            self._table = score_table(game.deck)
            self._deck = game.deck
        assert self._table is not None
        return self._table

    # ---------------------------------------------------------------- positions
    def standing(self, game: Game, seat: int) -> float:
        """``seat``'s standing in points (see the module doc)."""
        t = self._table if game.deck is self._deck and self._table else self.table(game)
        p = game.seat(seat)
        played = [cid for cid in p.played if t.ingredient[cid] >= 0]
        counts = t.counts(p.played, p.salt_on, p.bonus)
        value: float = t.score(played, counts)
        if self.end_aware and game.turns_left(seat) == 0:
            return value
        suns, moons = p.suns, p.moons
        need = t.need
        weight = self.hand_weight
        for cid in p.hand:
            gain = t.gain(played, counts, cid)
            need_suns, need_moons = need[cid]
            factor = 1.0 if suns >= need_suns and moons >= need_moons else UNPAYABLE
            value += weight * gain * factor - ICON_COST * t.icons[cid]
        return value + self.rune_weight * (suns + moons) + self.sickle_value * p.sickles

    def values(self, game: Game) -> list[float]:
        """The value of ``game`` for each seat, in [0, 1]."""
        seats = game.num_players
        scale = self.margin_scale
        if game.is_over:
            scores = self.table(game).scores_of(game)
            top = max(scores)
            best = [seat for seat in range(seats) if scores[seat] == top]
            if len(best) > 1:  # tie-break on the best single row, as the rules say
                best = game.winners()
            out: list[float] = []
            for seat in range(seats):
                other = max(scores[j] for j in range(seats) if j != seat)
                margin = sigmoid((scores[seat] - other) / scale)
                win = 1.0 / len(best) if seat in best else 0.0
                out.append(0.8 * win + 0.2 * margin)
            return out
        standing = [self.standing(game, seat) for seat in range(seats)]
        out = []
        for seat in range(seats):
            rival = max(standing[j] for j in range(seats) if j != seat)
            out.append(sigmoid((standing[seat] - rival) / scale))
        return out

    # ---------------------------------------------------------------- actions
    def action_scores(self, game: Game, actions: Sequence[Action]) -> list[float]:
        """A quick estimate of each action's worth to the seat to move (bigger is better)."""
        phase = game.phase
        p = game.seat(game.current_player)
        t = self._table if game.deck is self._deck and self._table else self.table(game)
        if phase is BONUS:
            counts = t.counts(p.played, p.salt_on, p.bonus)
            played = [cid for cid in p.played if t.ingredient[cid] >= 0]
            base = t.score(played, counts)
            out = []
            for action in actions:
                assert isinstance(action, ChooseBonus)
                k = INDEX[action.ingredient]
                counts[k] += 1
                out.append(float(t.score(played, counts) - base))
                counts[k] -= 1
            return out
        played = [cid for cid in p.played if t.ingredient[cid] >= 0]
        counts = t.counts(p.played, p.salt_on, p.bonus)
        base = t.score(played, counts)
        suns, moons = p.suns, p.moons
        need = t.need
        hand_weight, rune_weight = self.hand_weight, self.rune_weight
        gains: dict[str, float] = {}
        salt: list[int] | None = None

        def gain(cid: str) -> float:
            g = gains.get(cid)
            if g is None:
                if t.ingredient[cid] < 0:
                    nonlocal salt
                    if salt is None:
                        salt = t.salt_gains(played, counts)
                    g = float(max(0, *salt))
                else:
                    k = t.ingredient[cid]
                    w = t.weight[cid]
                    counts[k] += w
                    played.append(cid)
                    g = float(t.score(played, counts) - base)
                    played.pop()
                    counts[k] -= w
                gains[cid] = g
            return g

        def hand_term(cid: str, su: int, mo: int) -> float:
            ns, nm = need[cid]
            factor = 1.0 if su >= ns and mo >= nm else UNPAYABLE
            return hand_weight * gain(cid) * factor - ICON_COST * t.icons[cid]

        if phase is DISCARD:
            return [-hand_term(a.card, suns, moons) for a in actions if isinstance(a, Discard)]
        hand_now = sum(hand_term(cid, suns, moons) for cid in p.hand)
        delta = t.delta
        reserve_suns, reserve_moons = game.reserve_counts
        out = []
        for action in actions:
            kind = type(action)
            if kind is TakeCard:
                assert isinstance(action, TakeCard)
                cid = game.market_ids(action.row)[action.slot - 1]
                assert cid is not None
                out.append(hand_term(cid, suns, moons))
            elif kind is PlayCard:
                assert isinstance(action, PlayCard)
                cid = action.card
                ds, dm, _, _ = delta[cid]
                if action.target is not None:
                    if salt is None:
                        salt = t.salt_gains(played, counts)
                    target = salt_root(action.target, p.salt_on, t.is_salt)
                    g = float(salt[t.ingredient[target]])
                else:
                    g = gain(cid)
                rest = [c for c in p.hand if c != cid]
                after = sum(hand_term(c, suns + ds, moons + dm) for c in rest)
                out.append(g + after - hand_now + rune_weight * (ds + dm) + 0.5)
            elif kind is TakeRunes:
                assert isinstance(action, TakeRunes)
                empty = game.empty_spaces(game.current_player)
                if action.face is Face.SUN:
                    moved = taken(empty, reserve_suns)
                    su, mo = suns + moved, moons
                else:
                    moved = taken(empty, reserve_moons)
                    su, mo = suns, moons + moved
                after = sum(hand_term(c, su, mo) for c in p.hand)
                out.append(after - hand_now + rune_weight * moved)
            elif kind is FlipRunes:
                assert isinstance(action, FlipRunes)
                su, mo = flipped(action.face, suns, moons, action.count)
                after = sum(hand_term(c, su, mo) for c in p.hand)
                # a flip that makes nothing playable wastes the action
                out.append(after - hand_now if after > hand_now + TIE else -1.0)
            elif kind is EndTurn:
                out.append(-0.05)
            else:  # a Sickle: its worth lies beyond this estimate
                out.append(-1.0)
        return out

    # ---------------------------------------------------------------- agent hooks
    def search_actions(self, game: Game, legal: Sequence[Action]) -> list[Action]:
        """All legal actions, except Sickles once both actions are taken."""
        if game.phase is ACTIONS and game.actions_left == 0:
            ends: list[Action] = [a for a in legal if type(a) is EndTurn]
            return ends or list(legal)
        return list(legal)

    def rollout_actions(self, game: Game, legal: Sequence[Action]) -> Sequence[Action]:
        """The search's actions without Sickles (unless only Sickles are left)."""
        if game.phase is not ACTIONS:
            return legal  # no Sickle outside the actions phase
        if game.actions_left == 0:
            return self.search_actions(game, legal)
        return [a for a in legal if type(a) is not Sickle] or legal

    def look_ahead(self, game: Game, action: Action, value: float, now: float) -> float | None:
        """A flip that gains nothing is a last resort; ending the turn gives up a little.

        A take is rated by the hand the turn will end with: past the hand limit, the cards
        the player came with that it would then discard (its worst) no longer count. Taking
        a card only to discard it in the same turn, and discarding a card taken this turn
        while an older one could go, are last resorts.
        """
        kind = type(action)
        if kind is FlipRunes and value <= now + TIE:
            return None
        if kind is EndTurn:
            return value - END_PENALTY
        if kind is TakeCard or kind is Discard:
            seat = game.current_player
            hand = game.hand_ids(seat)
            older = hand[: len(hand) - game.taken_this_turn()]
            if kind is Discard:
                assert isinstance(action, Discard)
                return value if action.card in older or not older else None
            extra = len(hand) + 1 - game.rules.hand_limit
            if extra <= 0:
                return value
            if extra > len(older):
                return None
            return value - sum(sorted(self.hand_terms(game, seat, older))[:extra])
        return value

    def hand_terms(self, game: Game, seat: int, cards: Sequence[str]) -> list[float]:
        """What each of ``cards``, held in ``seat``'s hand, adds to its ``standing``."""
        t = self._table if game.deck is self._deck and self._table else self.table(game)
        p = game.seat(seat)
        played = [cid for cid in p.played if t.ingredient[cid] >= 0]
        counts = t.counts(p.played, p.salt_on, p.bonus)
        out = []
        for cid in cards:
            need_suns, need_moons = t.need[cid]
            payable = p.suns >= need_suns and p.moons >= need_moons
            factor = 1.0 if payable else UNPAYABLE
            out.append(
                self.hand_weight * t.gain(played, counts, cid) * factor - ICON_COST * t.icons[cid]
            )
        return out


def sigmoid(x: float) -> float:
    """The logistic function, flat beyond ±30."""
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


__all__ = ["CarnutaHeuristic", "sigmoid"]
