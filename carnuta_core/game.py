"""The Carnuta rules engine: a ``Game`` you ask for legal actions and play actions on.

>>> game = Game.new(3, seed=7)
>>> game.current_player, game.actions_left
(0, 2)
>>> game.play("flip sun")
>>> str(game.log[-1][1])
'flip sun'
>>> game.undo()
Action.parse('flip sun')
>>> len(game.log)
0
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
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
    parse_action,
)
from .cards import Card, Pay
from .deck import Deck, reference_deck
from .errors import IllegalAction, PositionError
from .model import INGREDIENTS, Face, Ingredient, Origin, Row
from .rules import Rules
from .scoring import ScorePad, score_potion, winners
from .state import ACTIONS, BONUS, DISCARD, OVER, GameState, PlayerState

ROWS = (Row.DAY, Row.NIGHT)
END = EndTurn()


class DeckIndex:
    """Per-deck tables the hot paths read: costs as numbers and interned actions."""

    def __init__(self, deck: Deck, rules: Rules):
        self.deck = deck
        self.cards: dict[str, Card] = {card.id: card for card in deck}
        self.row: dict[str, Row | None] = {card.id: card.origin.row for card in deck}
        self.salts = frozenset(card.id for card in deck if card.is_salt)
        # need: (Suns, Moons) the board must show; delta: change of board Suns, board Moons,
        # reserve Suns, reserve Moons once paid.
        self.need: dict[str, tuple[int, int]] = {}
        self.delta: dict[str, tuple[int, int, int, int]] = {}
        for card in deck:
            flips = {face: 0 for face in Face}
            returns = {face: 0 for face in Face}
            for icon in card.cost:
                (flips if icon.pay is Pay.FLIP else returns)[icon.face] += 1
            sun_used = flips[Face.SUN] + returns[Face.SUN]
            moon_used = flips[Face.MOON] + returns[Face.MOON]
            self.need[card.id] = (sun_used, moon_used)
            self.delta[card.id] = (
                flips[Face.MOON] - sun_used,
                flips[Face.SUN] - moon_used,
                returns[Face.SUN],
                returns[Face.MOON],
            )
        self.play = {cid: PlayCard(cid) for cid in self.cards}
        self.discard = {cid: Discard(cid) for cid in self.cards}
        self._salt_play: dict[tuple[str, str], PlayCard] = {}
        self.take = {
            row: [TakeCard(row, i + 1) for i in range(rules.market_row_size)] for row in ROWS
        }
        self.runes = {face: TakeRunes(face) for face in Face}
        self.flip = {face: FlipRunes(face) for face in Face}
        self.sickle = {row: Sickle(row) for row in ROWS}
        self.bonus = {i: ChooseBonus(i) for i in INGREDIENTS}

    def salt_play(self, salt: str, target: str) -> PlayCard:
        key = (salt, target)
        action = self._salt_play.get(key)
        if action is None:
            action = self._salt_play[key] = PlayCard(salt, target)
        return action


_INDEXES: dict[tuple[int, int], tuple[Deck, Rules, DeckIndex]] = {}


def deck_index(deck: Deck, rules: Rules) -> DeckIndex:
    key = (id(deck), id(rules))
    hit = _INDEXES.get(key)
    if hit is None or hit[0] is not deck or hit[1] is not rules:
        hit = _INDEXES[key] = (deck, rules, DeckIndex(deck, rules))
    return hit[2]


@dataclass(frozen=True)
class PlayerView:
    """A read-only snapshot of one player's area, for pictures, widgets and lessons."""

    seat: int
    suns: int
    moons: int
    open_spaces: int
    locked_spaces: int
    counter: int
    sickles: int
    hand: tuple[Card, ...]
    played: tuple[Card, ...]
    salt_on: tuple[tuple[str, str], ...]
    bonus_tokens: tuple[Ingredient, ...]

    @property
    def runes(self) -> int:
        return self.suns + self.moons

    @property
    def empty_spaces(self) -> int:
        return self.open_spaces - self.runes

    def columns(self) -> dict[Ingredient, list[Card]]:
        """Played cards by ingredient column, each Salt in its target's column."""
        by_id = {card.id: card for card in self.played}
        targets = dict(self.salt_on)
        result: dict[Ingredient, list[Card]] = {i: [] for i in INGREDIENTS}
        for card in self.played:
            target = card
            while target.ingredient is None:
                target = by_id[targets[target.id]]
            assert target.ingredient is not None
            result[target.ingredient].append(card)
        return result


class LegalActions(Sequence[Action]):
    """The legal actions of a position: a list that prints in the kit's notation."""

    def __init__(self, actions: list[Action]):
        self._actions = actions

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self._actions[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = parse_action(item)
            except ValueError:
                return False
        return item in self._actions

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return self._actions == other._actions
        return isinstance(other, list) and self._actions == other

    def notation(self) -> list[str]:
        return [str(a) for a in self._actions]

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self)}): {', '.join(self.notation())}>"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class Game:
    """A game of Carnuta. Create with ``Game.new``; change only with ``play`` and ``undo``."""

    __slots__ = ("deck", "rules", "_index", "_s", "_start", "_undo", "_capacity", "last_events")

    def __init__(self, deck: Deck, rules: Rules, state: GameState):
        self.deck = deck
        self.rules = rules
        self._index = deck_index(deck, rules)
        self._s = state
        #: The position the log starts from (setup, or a staged position).
        self._start = state.copy()
        self._undo: list[GameState] = []
        levels = rules.unlock_levels
        # Open spaces by number of cards played (the counter stops at counter_max).
        self._capacity = tuple(
            rules.open_spaces
            + sum(1 for level in levels if level <= min(played, rules.counter_max))
            for played in range(len(deck) + 1)
        )
        #: What the last ``play`` did, in words (for the explain line and transcripts).
        self.last_events: list[str] = []

    # ------------------------------------------------------------------ setup
    @staticmethod
    def new(
        players: int,
        seed: int | None = None,
        deck: Deck | None = None,
        rules: Rules | None = None,
    ) -> Game:
        """Set up a game per the rulebook. Seat 0 is the Ancestor and plays first."""
        rules = rules or Rules()
        deck = deck or reference_deck()
        if not isinstance(players, int) or players not in rules.player_counts:
            counts = ", ".join(map(str, rules.player_counts))
            raise PositionError(
                "players", f"Carnuta is played by {counts} players, not {players!r}"
            )
        check_deck_fits(deck, rules, players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        rng = random.Random(seed)
        starts = [card.id for card in deck.of(Origin.START)]
        rng.shuffle(starts)
        decks: dict[Row, list[str]] = {}
        market: dict[Row, list[str | None]] = {}
        for row in ROWS:
            pile = [card.id for card in deck.of(Origin(row.value))]
            rng.shuffle(pile)
            market[row] = [pile.pop() for _ in range(rules.market_row_size)]
            decks[row] = pile
        reserve = rules.reserve_for(players)
        state = GameState(
            players=[
                PlayerState(
                    rules.starting_suns,
                    rules.starting_moons,
                    rules.sickles,
                    [],
                    [starts[seat]],
                    {},
                    [],
                )
                for seat in range(players)
            ],
            current=0,
            round=1,
            actions_left=rules.actions_per_turn,
            phase=ACTIONS,
            market=market,
            decks=decks,
            discard=[],
            reserve_suns=reserve,
            reserve_moons=reserve,
            bonus_tokens=list(INGREDIENTS),
            final_round=None,
            seed=seed,
            reshuffles=0,
            box=sorted(starts[players:]),
            log=None,
        )
        return Game(deck, rules, state)

    # ------------------------------------------------------------- read access
    @property
    def num_players(self) -> int:
        return len(self._s.players)

    @property
    def current_player(self) -> int:
        return self._s.current

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def actions_left(self) -> int:
        return self._s.actions_left

    @property
    def phase(self) -> str:
        """``"actions"``, ``"bonus"`` (choose a token), ``"discard"`` (hand limit) or ``"over"``."""
        return self._s.phase

    @property
    def is_over(self) -> bool:
        return self._s.phase == OVER

    @property
    def end_triggered(self) -> bool:
        return self._s.final_round is not None

    @property
    def final_round(self) -> int | None:
        """The last round of the game, once the end is triggered."""
        return self._s.final_round

    @property
    def seed(self) -> int:
        return self._s.seed

    @property
    def reserve(self) -> dict[Face, int]:
        return {Face.SUN: self._s.reserve_suns, Face.MOON: self._s.reserve_moons}

    @property
    def bonus_tokens(self) -> tuple[Ingredient, ...]:
        """The Bonus Ingredient tokens still available in the center."""
        return tuple(self._s.bonus_tokens)

    @property
    def log(self) -> tuple[tuple[int, Action], ...]:
        """Every action played so far, with the seat that played it."""
        entries: list[tuple[int, Action]] = []
        node = self._s.log
        while node is not None:
            node, seat, action = node
            entries.append((seat, action))
        entries.reverse()
        return tuple(entries)

    def market(self, row: Row) -> tuple[Card | None, ...]:
        cards = self._index.cards
        return tuple(cards[c] if c is not None else None for c in self._s.market[row])

    def deck_size(self, row: Row) -> int:
        return len(self._s.decks[row])

    def deck_order(self, row: Row) -> tuple[Card, ...]:
        """The deck, top card first: hidden information, for staging and teaching."""
        return tuple(self._index.cards[c] for c in reversed(self._s.decks[row]))

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        return tuple(self._index.cards[c] for c in self._s.discard)

    @property
    def box(self) -> tuple[Card, ...]:
        """Starting cards left in the box at setup."""
        return tuple(self._index.cards[c] for c in self._s.box)

    def counter(self, seat: int) -> int:
        return min(len(self._s.players[seat].played), self.rules.counter_max)

    def open_spaces(self, seat: int) -> int:
        return self._capacity[self.counter(seat)]

    def player(self, seat: int) -> PlayerView:
        p = self._s.players[seat]
        cards = self._index.cards
        counter = self.counter(seat)
        return PlayerView(
            seat=seat,
            suns=p.suns,
            moons=p.moons,
            open_spaces=self._capacity[counter],
            locked_spaces=self.rules.rune_spaces - self._capacity[counter],
            counter=counter,
            sickles=p.sickles,
            hand=tuple(cards[c] for c in p.hand),
            played=tuple(cards[c] for c in p.played),
            salt_on=tuple(p.salt_on.items()),
            bonus_tokens=tuple(p.bonus),
        )

    def score_pad(self, seat: int) -> ScorePad:
        p = self._s.players[seat]
        cards = self._index.cards
        return score_potion([cards[c] for c in p.played], p.salt_on, p.bonus)

    def scores(self) -> list[int]:
        return [self.score_pad(seat).total for seat in range(self.num_players)]

    def winners(self) -> list[int]:
        """Seats of the winner(s) by the final-scoring rules (ask once the game is over)."""
        return winners([self.score_pad(seat) for seat in range(self.num_players)])

    def pending(self) -> str:
        """What the current player must do now, in words."""
        s = self._s
        if s.phase == OVER:
            return "The game is over."
        who = f"Player {s.current + 1}"
        if s.phase == BONUS:
            return f"{who}: choose a Bonus Ingredient token."
        if s.phase == DISCARD:
            p = s.players[s.current]
            extra = len(p.hand) - self.rules.hand_limit
            return f"{who}: discard {_plural(extra, 'card')} to keep {self.rules.hand_limit}."
        if s.actions_left:
            return f"{who}: {_plural(s.actions_left, 'action')} left this turn."
        return f"{who}: both actions taken; end the turn (a Sickle is still allowed)."

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> LegalActions:
        """Every action the current player may take now, in a stable order."""
        return LegalActions(self._legal())

    def _legal(self) -> list[Action]:
        s = self._s
        phase = s.phase
        p = s.players[s.current]
        idx = self._index
        if phase == ACTIONS:
            out: list[Action] = []
            rules = self.rules
            if s.actions_left > 0:
                for row in ROWS:
                    takes = idx.take[row]
                    for i, cid in enumerate(s.market[row]):
                        if cid is not None:
                            out.append(takes[i])
                suns, moons = p.suns, p.moons
                need = idx.need
                salts = idx.salts
                for cid in p.hand:
                    ns, nm = need[cid]
                    if suns >= ns and moons >= nm:
                        if cid in salts:
                            for target in p.played:
                                if rules.salt_on_salt or target not in salts:
                                    out.append(idx.salt_play(cid, target))
                        else:
                            out.append(idx.play[cid])
                empty = self._capacity[len(p.played)] - suns - moons
                null_ok = rules.allow_null_actions
                if (empty > 0 and s.reserve_suns > 0) or null_ok:
                    out.append(idx.runes[Face.SUN])
                if (empty > 0 and s.reserve_moons > 0) or null_ok:
                    out.append(idx.runes[Face.MOON])
                if rules.flip_mode == "all":
                    if moons > 0 or null_ok:
                        out.append(idx.flip[Face.SUN])
                    if suns > 0 or null_ok:
                        out.append(idx.flip[Face.MOON])
                else:
                    out.extend(FlipRunes(Face.SUN, k) for k in range(1, moons + 1))
                    out.extend(FlipRunes(Face.MOON, k) for k in range(1, suns + 1))
                stuck = not out
            else:
                stuck = True
            if p.sickles > 0:
                for row in ROWS:
                    if self._sickle_changes(row):
                        out.append(idx.sickle[row])
            if stuck:
                out.append(END)
            return out
        if phase == BONUS:
            return [idx.bonus[i] for i in s.bonus_tokens]
        if phase == DISCARD:
            return [idx.discard[c] for c in p.hand]
        return []

    def _sickle_changes(self, row: Row) -> bool:
        s = self._s
        row_cards = s.market[row]
        if row_cards.count(None) != len(row_cards) or s.decks[row]:
            return True
        rows = self._index.row
        return any(rows[c] is row for c in s.discard)

    # ------------------------------------------------------------------ play
    def play(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an ``Action`` or its notation) for the current player.

        Raises ``ActionSyntaxError`` for text that is not an action and ``IllegalAction``
        (with the reason) for one the rules forbid here; either way the game is unchanged.
        ``player``, when given, must be the current player.
        """
        if isinstance(action, str):
            action = parse_action(action)
        elif not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action (write one like 'take day 2')")
        if player is not None and player != self._s.current:
            raise IllegalAction(
                f"{action}: it is player {self._s.current + 1}'s turn, not player {player + 1}'s"
            )
        if action not in self._legal():
            raise IllegalAction(f"{action}: {self.why_illegal(action)}")
        self._undo.append(self._s.copy())
        events: list[str] = []
        self._apply(action, events)
        self.last_events = events

    def undo(self) -> Action:
        """Take back the last action played with ``play``; returns it."""
        if not self._undo:
            raise IllegalAction("undo: there is nothing to take back")
        assert self._s.log is not None
        action = self._s.log[2]
        self._s = self._undo.pop()
        self.last_events = [f"Took back '{action}'."]
        assert isinstance(action, Action)
        return action

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def copy(self, *, history: bool = False) -> Game:
        """An independent game in the same position; ``history=True`` also copies undo."""
        clone = Game.__new__(Game)
        clone.deck = self.deck
        clone.rules = self.rules
        clone._index = self._index
        clone._capacity = self._capacity
        clone._s = self._s.copy()
        clone._start = self._start
        clone._undo = [st.copy() for st in self._undo] if history else []
        clone.last_events = list(self.last_events)
        return clone

    def determinized(self, rng: random.Random) -> Game:
        """A copy in which the hidden information (deck order, future shuffles) is resampled."""
        clone = self.copy()
        for row in ROWS:
            rng.shuffle(clone._s.decks[row])
        clone._s.seed = rng.randrange(2**32)
        return clone

    # ---------------------------------------------------------- explanations
    def why_illegal(self, action: Action | str) -> str:
        """Why ``action`` cannot be played now, in words a learner understands."""
        if isinstance(action, str):
            action = parse_action(action)
        s = self._s
        p = s.players[s.current]
        who_turn = f"player {s.current + 1}"
        if s.phase == OVER:
            return "the game is over"
        if s.phase == BONUS and not isinstance(action, ChooseBonus):
            choices = ", ".join(f"'bonus {i}'" for i in s.bonus_tokens)
            return f"first choose your Bonus Ingredient token ({choices})"
        if s.phase == DISCARD and not isinstance(action, Discard):
            hand = ", ".join(p.hand)
            return (
                f"your turn is ending with {len(p.hand)} cards in hand: discard down to "
                f"{self.rules.hand_limit} first (your hand: {hand})"
            )
        if isinstance(action, ChooseBonus):
            if s.phase != BONUS:
                return "a Bonus Ingredient token is chosen only when your counter reaches a bonus space"
            available = ", ".join(str(i) for i in s.bonus_tokens)
            return f"the {action.ingredient} token is already taken (available: {available})"
        if isinstance(action, Discard):
            if s.phase != DISCARD:
                return (
                    f"cards are discarded only at the end of your turn, when you hold more "
                    f"than {self.rules.hand_limit}"
                )
            return f"{action.card} is not in your hand (your hand: {', '.join(p.hand)})"
        if isinstance(action, Sickle):
            if p.sickles == 0:
                return f"{who_turn} has no Sickle left"
            return f"the {action.row} row is empty and there is no {action.row} card left to reveal"
        if isinstance(action, EndTurn):
            return (
                f"you still have {_plural(s.actions_left, 'action')} to take this turn; "
                "'end' is for when both actions are taken or none is possible"
            )
        if s.actions_left == 0:
            return "you have taken both actions this turn: end your turn with 'end'"
        if isinstance(action, TakeCard):
            return self._why_not_take(action)
        if isinstance(action, PlayCard):
            return self._why_not_play(action, p)
        if isinstance(action, TakeRunes):
            return self._why_not_runes(action, p)
        if isinstance(action, FlipRunes):
            return self._why_not_flip(action, p)
        return "that action is not allowed here"

    def _why_not_take(self, action: TakeCard) -> str:
        size = self.rules.market_row_size
        if not 1 <= action.slot <= size:
            return f"the {action.row} row has slots 1 to {size}"
        return f"slot {action.slot} of the {action.row} row is empty"

    def _why_not_play(self, action: PlayCard, p: PlayerState) -> str:
        cards = self._index.cards
        if action.card not in cards:
            return f"there is no card {action.card} in the {self.deck.name} deck"
        card = cards[action.card]
        if action.card not in p.hand:
            where = "in play already" if action.card in p.played else "not in your hand"
            hand = ", ".join(p.hand) or "empty"
            return f"{action.card} is {where} (your hand: {hand})"
        ns, nm = self._index.need[action.card]
        for face, need, have in ((Face.SUN, ns, p.suns), (Face.MOON, nm, p.moons)):
            if have < need:
                return (
                    f"{card.id} costs '{', '.join(map(str, card.cost))}': it needs "
                    f"{_plural(need, face.title)} on your board; you have {have}"
                )
        if card.is_salt:
            if action.target is None:
                example = p.played[-1]
                return (
                    f"{card.id} is a Salt: say which of your played cards it goes on, "
                    f"e.g. 'play {card.id} on {example}'"
                )
            if action.target not in p.played:
                return f"a Salt goes on one of your played cards ({', '.join(p.played)}), not {action.target}"
            return f"{action.target} is a Salt: a Salt goes on an ingredient card"
        return f"{card.id} is not a Salt, so it is played on its own column, not 'on' a card"

    def _why_not_runes(self, action: TakeRunes, p: PlayerState) -> str:
        s = self._s
        empty = self._capacity[len(p.played)] - p.suns - p.moons
        if empty == 0:
            return "your board has no empty open space (a Padlock space is not open)"
        in_reserve = s.reserve_suns if action.face is Face.SUN else s.reserve_moons
        if in_reserve == 0:
            return f"the reserve has no {action.face.title} left"
        return "that would change nothing"

    def _why_not_flip(self, action: FlipRunes, p: PlayerState) -> str:
        other = p.moons if action.face is Face.SUN else p.suns
        if self.rules.flip_mode == "all":
            if action.count is not None:
                return f"Flip Runes turns every rune: write 'flip {action.face}'"
            if other == 0:
                return f"every rune on your board already shows its {action.face.title}"
        else:
            if action.count is None:
                return f"say how many runes to flip, e.g. 'flip {action.face} 1'"
            if not 1 <= action.count <= other:
                opposite = action.face.other.title
                return f"you can flip 1 to {other} of your {opposite} runes, not {action.count}"
        return "that would change nothing"

    def explain(self, action: Action | str) -> str:
        """Why ``action`` is allowed now, or why not, in one sentence."""
        if isinstance(action, str):
            action = parse_action(action)
        if action not in self._legal():
            return f"'{action}' is not allowed: {self.why_illegal(action)}."
        return f"'{action}' is allowed: {self._why_legal(action)}."

    def _why_legal(self, action: Action) -> str:
        s = self._s
        p = s.players[s.current]
        if isinstance(action, TakeCard):
            card = self._index.cards[s.market[action.row][action.slot - 1] or ""]
            return f"you take {card} from the {action.row} row into your hand; the slot refills from the {action.row} deck"
        if isinstance(action, PlayCard):
            card = self._index.cards[action.card]
            cost = ", ".join(map(str, card.cost)) or "nothing"
            where = f" and stack it on {action.target}" if action.target else ""
            return f"you have the runes to pay {cost} for {card.id}{where}; your counter moves to {min(len(p.played) + 1, self.rules.counter_max)}"
        if isinstance(action, TakeRunes):
            return f"your board has empty open spaces and the reserve has {action.face.title}s"
        if isinstance(action, FlipRunes):
            return f"some of your runes show the other face; they turn to {action.face.title}"
        if isinstance(action, Sickle):
            return f"you have {_plural(p.sickles, 'Sickle')}; the {action.row} row is discarded and 4 new cards are revealed"
        if isinstance(action, ChooseBonus):
            return (
                f"your counter reached a bonus space and the {action.ingredient} token is available"
            )
        if isinstance(action, Discard):
            return f"you hold more than {self.rules.hand_limit} cards at the end of your turn"
        return (
            "both actions are taken"
            if s.actions_left == 0
            else "no action is possible, so the turn is forfeited"
        )

    # ------------------------------------------------------------- the rules
    def _apply(self, action: Action, events: list[str] | None = None) -> None:
        """Apply a legal action. Unchecked: callers guarantee legality."""
        s = self._s
        seat = s.current
        p = s.players[seat]
        s.log = (s.log, seat, action)
        kind = type(action)
        if kind is TakeCard:
            assert isinstance(action, TakeCard)
            row_cards = s.market[action.row]
            cid = row_cards[action.slot - 1]
            assert cid is not None
            p.hand.append(cid)
            s.actions_left -= 1
            if events is not None:
                events.append(
                    f"Player {seat + 1} took {self._index.cards[cid]} from the {action.row} row."
                )
            row_cards[action.slot - 1] = self._draw(action.row, events)
        elif kind is PlayCard:
            assert isinstance(action, PlayCard)
            self._play_card(p, action, events)
        elif kind is TakeRunes:
            assert isinstance(action, TakeRunes)
            empty = self._capacity[len(p.played)] - p.suns - p.moons
            if action.face is Face.SUN:
                moved = min(empty, s.reserve_suns)
                s.reserve_suns -= moved
                p.suns += moved
            else:
                moved = min(empty, s.reserve_moons)
                s.reserve_moons -= moved
                p.moons += moved
            s.actions_left -= 1
            if events is not None:
                events.append(
                    f"Player {seat + 1} took {_plural(moved, action.face.title)} from the reserve."
                )
        elif kind is FlipRunes:
            assert isinstance(action, FlipRunes)
            count = action.count
            if action.face is Face.SUN:
                moved = p.moons if count is None else count
                p.suns += moved
                p.moons -= moved
            else:
                moved = p.suns if count is None else count
                p.moons += moved
                p.suns -= moved
            s.actions_left -= 1
            if events is not None:
                events.append(
                    f"Player {seat + 1} flipped {_plural(moved, 'rune')} to {action.face.title}."
                )
        elif kind is Sickle:
            assert isinstance(action, Sickle)
            p.sickles -= 1
            row_cards = s.market[action.row]
            s.discard.extend(c for c in row_cards if c is not None)
            for i in range(len(row_cards)):
                row_cards[i] = self._draw(action.row, events)
            if events is not None:
                events.append(
                    f"Player {seat + 1} used a Sickle: the {action.row} row was discarded and renewed."
                )
        elif kind is ChooseBonus:
            assert isinstance(action, ChooseBonus)
            s.bonus_tokens.remove(action.ingredient)
            p.bonus.append(action.ingredient)
            s.phase = ACTIONS
            if events is not None:
                events.append(
                    f"Player {seat + 1} took the {action.ingredient} Bonus Ingredient token."
                )
        elif kind is Discard:
            assert isinstance(action, Discard)
            p.hand.remove(action.card)
            s.discard.append(action.card)
            if events is not None:
                events.append(f"Player {seat + 1} discarded {self._index.cards[action.card]}.")
            if len(p.hand) <= self.rules.hand_limit:
                self._next_turn(events)
        else:
            if events is not None:
                events.append(f"Player {seat + 1} ended the turn.")
            if len(p.hand) > self.rules.hand_limit:
                s.phase = DISCARD
                if events is not None:
                    events.append(
                        f"Player {seat + 1} must discard down to {self.rules.hand_limit} cards."
                    )
            else:
                self._next_turn(events)

    def _play_card(self, p: PlayerState, action: PlayCard, events: list[str] | None) -> None:
        s = self._s
        rules = self.rules
        cid = action.card
        d_suns, d_moons, r_suns, r_moons = self._index.delta[cid]
        p.suns += d_suns
        p.moons += d_moons
        s.reserve_suns += r_suns
        s.reserve_moons += r_moons
        p.hand.remove(cid)
        p.played.append(cid)
        if action.target is not None:
            p.salt_on[cid] = action.target
        s.actions_left -= 1
        played = len(p.played)
        if events is not None:
            card = self._index.cards[cid]
            paid = ", ".join(map(str, card.cost)) or "nothing"
            on = f" on {action.target}" if action.target else ""
            events.append(f"Player {s.current + 1} played {card}{on}, paying {paid}.")
        if played > rules.counter_max:
            return
        if played in rules.unlock_levels and events is not None:
            events.append(f"Counter on {played}: a Padlock comes off, a rune space opens.")
        if played in rules.bonus_levels:
            if s.bonus_tokens:
                s.phase = BONUS
                if events is not None:
                    events.append(f"Counter on {played}: choose a Bonus Ingredient token.")
            elif events is not None:
                events.append(
                    f"Counter on {played}: no Bonus Ingredient token is left; the bonus is lost."
                )
        if played >= rules.end_trigger and s.final_round is None:
            s.final_round = s.round + (1 if rules.final_extra_round else 0)
            if events is not None:
                events.append(
                    f"Player {s.current + 1} played their {played}th card: the end is triggered; "
                    + (
                        "this round is finished, then everyone takes one final turn."
                        if rules.final_extra_round
                        else "this round is the last."
                    )
                )

    def _draw(self, row: Row, events: list[str] | None) -> str | None:
        s = self._s
        pile = s.decks[row]
        if not pile:
            rows = self._index.row
            pile = [c for c in s.discard if rows[c] is row]
            if not pile:
                return None
            s.discard = [c for c in s.discard if rows[c] is not row]
            random.Random(f"{s.seed}/{s.reshuffles}").shuffle(pile)
            s.reshuffles += 1
            s.decks[row] = pile
            if events is not None:
                events.append(
                    f"The {row} deck ran out: its {len(pile)} discarded cards were shuffled into a new deck."
                )
        return pile.pop()

    def _next_turn(self, events: list[str] | None) -> None:
        s = self._s
        if s.current == len(s.players) - 1:
            if s.final_round is not None and s.round >= s.final_round:
                s.phase = OVER
                if events is not None:
                    events.append("The game is over.")
                return
            s.round += 1
            s.current = 0
        else:
            s.current += 1
        s.phase = ACTIONS
        s.actions_left = self.rules.actions_per_turn
        if events is not None:
            events.append(f"Round {s.round}: player {s.current + 1}'s turn.")

    # ------------------------------------------------------------ positions
    def to_json(self, *, indent: int | None = 1) -> str:
        from .position import game_to_json

        return game_to_json(self, indent=indent)

    @staticmethod
    def from_json(text: str | dict[str, Any]) -> Game:
        from .position import game_from_json

        return game_from_json(text)

    def state_key(self) -> str:
        """A canonical text of the whole state (for equality tests and caches)."""
        from .position import position_dict

        return json.dumps(position_dict(self), sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------ pictures
    def _repr_svg_(self) -> str:
        from .svg import table_svg

        return table_svg(self)

    def __repr__(self) -> str:
        s = self._s
        state = "over" if s.phase == OVER else f"round {s.round}, player {s.current + 1} to act"
        return f"<Game {self.num_players} players, seed {s.seed}: {state}>"


def check_deck_fits(deck: Deck, rules: Rules, players: int) -> None:
    """A deck must have enough starting cards and fill both market rows."""
    starts = deck.of(Origin.START)
    if len(starts) < players:
        raise PositionError("deck", f"{len(starts)} starting cards cannot serve {players} players")
    for origin in (Origin.DAY, Origin.NIGHT):
        have = len(deck.of(origin))
        if have < rules.market_row_size:
            raise PositionError(
                "deck",
                f"the {origin} deck has {have} cards; the market needs {rules.market_row_size}",
            )
