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

Two ways to change a game, python-chess style:

- ``play(action)`` checks legality, records what happened (``events``) and can be undone: it
  is for people, lessons and widgets.
- ``push(action)`` applies an action taken from ``legal_actions()`` without checking,
  recording or keeping undo: it is the fast path for bots and search (on copies).

Everything a bot reads is offered read-only: ``hand_ids``, ``played_ids``, ``salt_on``,
``bonus_of``, ``runes``, ``market_ids``, ``reserve``, ``turns_left``... (tuples and read-only
mappings, never the engine's own lists).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.action_log import log_entries
from tabletop.fields import as_settings
from tabletop.saves import check_rng

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
from .cards import Card
from .deck import Deck, reference_deck
from .deck_index import ROWS, DeckIndex, deck_index
from .errors import IllegalAction, PositionError, short_repr
from .legality import LegalActions, empty_spaces, legal_actions, refusal, why_allowed
from .messages import Event, Reason
from .model import INGREDIENTS, Face, Ingredient, Origin, Row
from .position import check_seed
from .rules import Rules
from .scoring import ScorePad, salt_root, score_potion, winners
from .state import ACTIONS, BONUS, DISCARD, OVER, GameState, Phase, PlayerState
from .transitions import apply
from .vocabulary import check_lang

if TYPE_CHECKING:
    from .heuristic import CarnutaHeuristic

#: How often ``play`` keeps a copy of the state for ``undo``: once every so many actions. Undo
#: plays again the few actions since (microseconds); keeping a copy every action would make
#: ``play`` a third slower, most of it in the garbage collector.
UNDO_CHECKPOINT = 8
ACTION_TYPES = frozenset(
    (TakeCard, PlayCard, TakeRunes, FlipRunes, Sickle, ChooseBonus, Discard, EndTurn)
)


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

    @property
    def runes_text(self) -> str:
        """The board as the position format writes it: ``S`` Sun, ``M`` Moon, ``.`` empty,
        ``#`` Padlock, one letter per space (``"SSM..#"``)."""
        return (
            "S" * self.suns + "M" * self.moons + "." * self.empty_spaces + "#" * self.locked_spaces
        )

    def columns(self) -> dict[Ingredient, list[Card]]:
        """Played cards by ingredient column, each Salt in its target's column."""
        by_id = {card.id: card for card in self.played}
        targets = dict(self.salt_on)
        result: dict[Ingredient, list[Card]] = {i: [] for i in INGREDIENTS}
        for card in self.played:
            root = card
            if card.ingredient is None:
                root = by_id[salt_root(card.id, targets, lambda c: by_id[c].ingredient is None)]
            assert root.ingredient is not None
            result[root.ingredient].append(card)
        return result


class Seat(NamedTuple):
    """One player's area as ids and numbers, read-only: what bots read on every step."""

    suns: int
    moons: int
    sickles: int
    hand: tuple[str, ...]
    played: tuple[str, ...]
    salt_on: Mapping[str, str]
    bonus: tuple[Ingredient, ...]


class Game:
    """A game of Carnuta. Create with ``Game.new``; change with ``play`` (checked, undoable)
    or ``push`` (the unchecked fast path for bots)."""

    __slots__ = ("deck", "rules", "_index", "_s", "_start", "_undo", "_events", "_offered")

    def __init__(self, deck: Deck, rules: Rules, state: GameState):
        self.deck = deck
        self.rules = rules
        self._index: DeckIndex = deck_index(deck, rules)
        self._s = state
        #: The position the log starts from (setup, or a staged position).
        self._start = state.copy()
        #: One entry per action ``undo`` can take back: every ``UNDO_CHECKPOINT``-th holds an
        #: untouched copy of the state before that action, the others ``None`` (the state
        #: before them is that copy with the actions since played again).
        self._undo: list[GameState | None] = []
        #: What the last ``play`` did, as (code, arguments) pairs (``Event`` values on demand);
        #: ``None`` until someone asks, after a ``play``: the events are then found by playing
        #: the action again on the copy of the state that undo keeps.
        self._events: Sequence[tuple[str, Mapping[str, Any]]] | None = ()
        #: The actions the last ``legal_actions()`` returned, until the state next changes:
        #: ``play`` trusts an action that is one of them (the same object) without checking
        #: it again, the common case for a bot or a click.
        self._offered: tuple[Action, ...] = ()

    # ------------------------------------------------------------------ setup
    @staticmethod
    def new(
        players: int,
        seed: int | None = None,
        deck: Deck | None = None,
        rules: Rules | None = None,
        *,
        deal_as: Deck | None = None,
    ) -> Game:
        """Set up a game per the rulebook. Seat 0 is the Ancestor and plays first.

        ``seed`` (a whole number from 0 to 2**64 - 1; random when left out) fixes the deal;
        ``deck`` is a ``Deck`` (the reference deck when left out, or ``"reference"``);
        ``rules`` a ``Rules`` or a dict of the knobs to change. A bad argument is a
        ``PositionError`` (or ``RulesError``) naming it.

        ``deal_as`` is a larger deck whose deal this game copies: its piles are shuffled with
        ``seed`` and the cards ``deck`` lacks are then skipped, so a deck with a card taken out
        deals the same cards in the same order as the full deck, that card left out (without
        it, one card fewer gives a different shuffle of its row and of every row shuffled
        after it). Every card of ``deck`` must be in ``deal_as``, from the same pile.

        >>> from carnuta_core import Row, reference_deck
        >>> full = reference_deck()
        >>> fewer = Deck([c for c in full if c.id != "N07"], name="without N07")
        >>> def dealt(game):  # a row's cards in the order they come out: market, then deck
        ...     return [*game.market_ids(Row.NIGHT), *(c.id for c in game.deck_order(Row.NIGHT))]
        >>> same = [c for c in dealt(Game.new(3, seed=5)) if c != "N07"]
        >>> dealt(Game.new(3, seed=5, deck=fewer, deal_as=full)) == same
        True
        >>> dealt(Game.new(3, seed=5, deck=fewer)) == same
        False
        """
        rules = as_rules(rules)
        deck = as_deck(deck)
        if deal_as is not None:
            check_deal_as(deck, deal_as)
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or (players not in rules.player_counts)
        ):
            counts = ", ".join(map(str, rules.player_counts))
            raise PositionError(
                "players", f"Carnuta is played by {counts} players, not {short_repr(players)}"
            )
        check_deck_fits(deck, rules, players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        check_seed(seed)
        rng = random.Random(seed)
        dealt = deck if deal_as is None else deal_as
        # Only a borrowed deal has cards to skip: the usual setup does no set work.
        kept = None if deal_as is None else {card.id for card in deck}
        starts = [card.id for card in dealt.of(Origin.START)]
        rng.shuffle(starts)
        if kept is not None:
            starts = [cid for cid in starts if cid in kept]
        decks: dict[Row, tuple[str, ...]] = {}
        market: dict[Row, tuple[str | None, ...]] = {}
        for row in ROWS:
            pile = [card.id for card in dealt.of(Origin(row.value))]
            rng.shuffle(pile)
            if kept is not None:
                pile = [cid for cid in pile if cid in kept]
            market[row] = tuple(pile.pop() for _ in range(rules.market_row_size))
            decks[row] = tuple(pile)
        reserve = rules.reserve_for(players)
        state = GameState(
            players=[
                PlayerState(
                    rules.starting_suns,
                    rules.starting_moons,
                    rules.sickles,
                    (),
                    (starts[seat],),
                    {},
                    (),
                )
                for seat in range(players)
            ],
            current=0,
            round=1,
            actions_left=rules.actions_per_turn,
            phase=ACTIONS,
            market=market,
            decks=decks,
            discard=(),
            reserve_suns=reserve,
            reserve_moons=reserve,
            bonus_tokens=INGREDIENTS,
            final_round=None,
            last_play_round=0,
            seed=seed,
            reshuffles=0,
            box=tuple(sorted(starts[players:])),
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
    def phase(self) -> Phase:
        """``Phase.ACTIONS``, ``BONUS`` (choose a token), ``DISCARD`` (hand limit) or ``OVER``;
        each equals its word (``game.phase == "over"``)."""
        return self._s.phase

    @property
    def is_over(self) -> bool:
        return self._s.phase is OVER

    @property
    def end_triggered(self) -> bool:
        return self._s.final_round is not None

    @property
    def final_round(self) -> int | None:
        """The last round of the game, once the end is triggered."""
        return self._s.final_round

    @property
    def last_play_round(self) -> int:
        """The last round in which a card was played (0: none yet); see
        ``Rules.stalemate_rounds``."""
        return self._s.last_play_round

    @property
    def seed(self) -> int:
        return self._s.seed

    @property
    def reshuffles(self) -> int:
        """How many times a deck was rebuilt from the discard (it seeds the next shuffle)."""
        return self._s.reshuffles

    @property
    def reserve(self) -> dict[Face, int]:
        return {Face.SUN: self._s.reserve_suns, Face.MOON: self._s.reserve_moons}

    @property
    def reserve_counts(self) -> tuple[int, int]:
        """(Suns, Moons) in the reserve."""
        return self._s.reserve_suns, self._s.reserve_moons

    @property
    def bonus_tokens(self) -> tuple[Ingredient, ...]:
        """The Bonus Ingredient tokens still available in the center."""
        return self._s.bonus_tokens

    @property
    def log(self) -> tuple[tuple[int, Action], ...]:
        """Every action played so far, with the seat that played it."""
        return log_entries(self._s.log)

    def taken_this_turn(self) -> int:
        """How many cards the player to move has taken so far this turn (the hand limit is
        applied at the turn's end, so a bot can tell these from the cards it came with).

        >>> game = Game.new(2, seed=1)
        >>> game.push(TakeCard(Row.DAY, 1)); game.taken_this_turn()
        1
        >>> game.push(TakeCard(Row.DAY, 2)); game.push(EndTurn()); game.taken_this_turn()
        0
        """
        seat, node = self._s.current, self._s.log
        # In the discard phase the turn's end and its discards so far are on top of the log.
        ending = self._s.phase is DISCARD
        taken = 0
        while node is not None:
            node, by, action = node
            kind = type(action)
            if by != seat:
                break
            if kind is Discard or kind is EndTurn:
                if not ending:
                    break  # the end of this player's previous turn (a one-player game)
                ending = kind is Discard
            elif kind is TakeCard:
                taken += 1
        return taken

    def market(self, row: Row) -> tuple[Card | None, ...]:
        cards = self._index.cards
        return tuple(cards[c] if c is not None else None for c in self._s.market[row])

    def market_ids(self, row: Row) -> tuple[str | None, ...]:
        """The ids in ``row``'s slots (``None`` for an empty slot)."""
        return self._s.market[row]

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

    def card(self, card_id: str) -> Card:
        """The card ``card_id`` of this game's deck."""
        return self._index.cards[card_id]

    def counter(self, seat: int) -> int:
        return self.rules.counter_after(len(self._s.players[seat].played))

    def open_spaces(self, seat: int) -> int:
        return self.rules.open_spaces_at(self.counter(seat))

    def empty_spaces(self, seat: int) -> int:
        return empty_spaces(self._s.players[seat], self._index)

    def seat(self, seat: int) -> Seat:
        """``seat``'s runes, Sickles, hand, played cards, Salts and tokens, read-only."""
        p = self._s.players[seat]
        return Seat(
            p.suns, p.moons, p.sickles, p.hand, p.played, MappingProxyType(p.salt_on), p.bonus
        )

    def hand_ids(self, seat: int) -> tuple[str, ...]:
        return self._s.players[seat].hand

    def played_ids(self, seat: int) -> tuple[str, ...]:
        """Cards in front of ``seat``, in the order played (the starting card first)."""
        return self._s.players[seat].played

    def salt_on(self, seat: int) -> Mapping[str, str]:
        """Each of ``seat``'s Salts -> the card it is stacked on (read-only)."""
        return MappingProxyType(self._s.players[seat].salt_on)

    def bonus_of(self, seat: int) -> tuple[Ingredient, ...]:
        """The Bonus Ingredient tokens ``seat`` holds."""
        return self._s.players[seat].bonus

    def runes(self, seat: int) -> tuple[int, int]:
        """(Suns, Moons) on ``seat``'s board."""
        p = self._s.players[seat]
        return p.suns, p.moons

    def sickles(self, seat: int) -> int:
        return self._s.players[seat].sickles

    def turns_left(self, seat: int) -> int | None:
        """Turns ``seat`` still takes, counting the current one if it still has actions to
        take; ``None`` while the end is not triggered."""
        s = self._s
        if s.final_round is None:
            return None
        if s.phase is OVER:
            return 0
        left = s.final_round - s.round
        if seat > s.current or (
            seat == s.current and s.actions_left > 0 and s.phase in (ACTIONS, BONUS)
        ):
            left += 1
        return left

    def player(self, seat: int) -> PlayerView:
        p = self._s.players[seat]
        cards = self._index.cards
        counter = self.counter(seat)
        return PlayerView(
            seat=seat,
            suns=p.suns,
            moons=p.moons,
            open_spaces=self.rules.open_spaces_at(counter),
            locked_spaces=self.rules.locked_spaces_at(counter),
            counter=counter,
            sickles=p.sickles,
            hand=tuple(cards[c] for c in p.hand),
            played=tuple(cards[c] for c in p.played),
            salt_on=tuple(p.salt_on.items()),
            bonus_tokens=p.bonus,
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

    def returns(self) -> list[float]:
        """Each seat's share of the win once the game is over (1, 1/k for a k-way shared win,
        0); all 0.0 before the end."""
        seats = self.num_players
        if not self.is_over:
            return [0.0] * seats
        best = self.winners()
        return [1.0 / len(best) if seat in best else 0.0 for seat in range(seats)]

    def heuristic(self) -> CarnutaHeuristic:
        """Carnuta's quick judgement of positions and actions, for ``tabletop``'s agents (the
        search bot's leaf values and rollouts, the greedy bot's look-ahead)."""
        from .heuristic import CarnutaHeuristic

        return CarnutaHeuristic()

    def pending_message(self) -> Reason:
        """What the current player must do now, as a message value."""
        s = self._s
        if s.phase is OVER:
            return Reason("pending_over", {})
        player = s.current + 1
        if s.phase is BONUS:
            return Reason("pending_bonus", {"player": player})
        if s.phase is DISCARD:
            extra = len(s.players[s.current].hand) - self.rules.hand_limit
            return Reason(
                "pending_discard",
                {"player": player, "extra": extra, "limit": self.rules.hand_limit},
            )
        if s.actions_left:
            return Reason("pending_actions", {"player": player, "left": s.actions_left})
        return Reason("pending_end", {"player": player, "per_turn": self.rules.actions_per_turn})

    def pending(self, lang: str = "en") -> str:
        """What the current player must do now, in words."""
        return self.pending_message().text(lang)

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> LegalActions:
        """Every action the current player may take now, in a stable order: a list that prints
        in the kit's notation."""
        offered = legal_actions(self._s, self._index, self.rules)
        self._offered = tuple(offered)
        return offered

    def refusal(self, action: Action | str) -> Reason | None:
        """Why ``action`` is not allowed now (a ``Reason``), or ``None`` when it is legal."""
        action = self._as_action(action)
        return refusal(self._s, self._index, self.rules, action)

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` (a value or its notation) may be played now."""
        try:
            return self.refusal(action) is None
        except ValueError:
            return False

    def _as_action(self, action: Action | str) -> Action:
        if isinstance(action, str):
            return parse_action(action)
        if type(action) not in ACTION_TYPES:
            raise IllegalAction(Reason("not_an_action", {"value": short_repr(action)}).text())
        return action

    # ------------------------------------------------------------------ play
    def play(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an ``Action`` or its notation, English or French) for the current
        player.

        Raises ``ActionSyntaxError`` for text that is not an action and ``IllegalAction``
        (with the reason) for one the rules forbid here; either way the game is unchanged.
        ``player``, when given, must be the current player.
        """
        action = self._as_action(action)
        s = self._s
        if player is not None and player != s.current:
            if isinstance(player, bool) or not isinstance(player, int):
                raise IllegalAction(
                    f"{action}: player should be a seat number, not {short_repr(player)}"
                )
            if not 0 <= player < len(s.players):
                seats = len(s.players)
                turn = Reason("not_a_seat", {"seat": player, "last": seats - 1, "players": seats})
            else:
                turn = Reason(
                    "not_your_turn",
                    {
                        "current": s.current + 1,
                        "current_seat": s.current,
                        "player": player + 1,
                        "seat": player,
                    },
                )
            raise IllegalAction.because(action, turn)
        for legal in self._offered:
            if legal is action:
                break
        else:
            reason = refusal(s, self._index, self.rules, action)
            if reason is not None:
                raise IllegalAction.because(action, reason)
        self._offered = ()
        if len(self._undo) % UNDO_CHECKPOINT:
            self._undo.append(None)
        else:
            self._undo.append(s)
            self._s = s = s.copy()
        apply(s, self._index, self.rules, action, None)
        self._events = None

    def push(self, action: Action) -> None:
        """Apply ``action``, taken from ``legal_actions()``, without checking it.

        The fast path for bots and search: no legality check, no events, no undo (pushing
        clears what ``undo`` could take back). An action that is not legal here leaves the
        game in a state the rules cannot reach; use ``play`` for anything a person typed.
        """
        if self._undo:
            self._undo.clear()
        self._events = ()
        self._offered = ()
        apply(self._s, self._index, self.rules, action, None)

    def undo(self) -> Action:
        """Take back the last action played with ``play``; returns it."""
        if not self._undo:
            raise IllegalAction(Reason("nothing_to_undo", {}).text())
        assert self._s.log is not None
        action = self._s.log[2]
        self._s = self._state_before_last()
        self._undo.pop()
        self._offered = ()
        self._events = (("took_back", {"action": action}),)
        assert isinstance(action, Action)
        return action

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last ``play`` (or ``undo``) did, as ``Event`` values."""
        return tuple(Event(code, args) for code, args in self._event_pairs())

    def _event_pairs(self) -> Sequence[tuple[str, Mapping[str, Any]]]:
        if self._events is None:
            assert self._s.log is not None
            events: list[tuple[str, dict[str, Any]]] = []
            apply(self._state_before_last(), self._index, self.rules, self._s.log[2], events)
            self._events = events
        return self._events

    def _state_before_last(self) -> GameState:
        """A new copy of the state before the last action ``play`` made: the nearest kept
        copy, with the actions played since then played again."""
        undo = self._undo
        kept = len(undo) - 1
        while (checkpoint := undo[kept]) is None:
            kept -= 1
        since: list[Action] = []
        node = self._s.log
        for _ in range(len(undo) - 1 - kept):
            assert node is not None
            node = node[0]
            since.append(node[2])
        state = checkpoint.copy()
        for action in reversed(since):
            apply(state, self._index, self.rules, action, None)
        return state

    @property
    def last_events(self) -> list[str]:
        """What the last ``play`` (or ``undo``) did, in English sentences."""
        return [event.text() for event in self.events]

    def copy(self, *, history: bool = False) -> Game:
        """An independent game in the same position; ``history=True`` also copies undo."""
        clone = Game.__new__(Game)
        clone.deck = self.deck
        clone.rules = self.rules
        clone._index = self._index
        clone._s = self._s.copy()
        clone._start = self._start
        # The states undo keeps are never changed, so the clone can share them.
        clone._undo = list(self._undo) if history else []
        clone._events = self._event_pairs()
        clone._offered = ()
        return clone

    def determinized(self, rng: random.Random) -> Game:
        """A copy in which the hidden information (deck order, future shuffles) is resampled."""
        check_rng(rng, PositionError)
        clone = self.copy()
        s = clone._s
        decks = {}
        for row in ROWS:
            pile = list(s.decks[row])
            rng.shuffle(pile)
            decks[row] = tuple(pile)
        s.decks = decks
        s.seed = rng.randrange(2**32)
        return clone

    def start(self) -> Game:
        """The game at the position its log starts from (setup, or a staged position)."""
        return Game(self.deck, self.rules, self._start.copy())

    # ---------------------------------------------------------- explanations
    def why_illegal(self, action: Action | str, lang: str = "en") -> str:
        """Why ``action`` cannot be played now, in words a learner understands."""
        reason = self.refusal(action)
        if reason is None:
            return Reason("no_change", {}).text(check_lang(lang))
        return reason.text(check_lang(lang))

    def explanation(self, action: Action | str) -> tuple[bool, Reason]:
        """(allowed, the reason): why ``action`` is allowed now, or why not."""
        action = self._as_action(action)
        reason = refusal(self._s, self._index, self.rules, action)
        if reason is not None:
            return False, reason
        return True, why_allowed(self._s, self._index, self.rules, action)

    def explain(self, action: Action | str, lang: str = "en") -> str:
        """Why ``action`` is allowed now, or why not, in one sentence."""
        action = self._as_action(action)
        allowed, reason = self.explanation(action)
        code = "allowed" if allowed else "not_allowed"
        return Reason(code, {"action": action, "why": reason}).text(check_lang(lang))

    # ------------------------------------------------------------ positions
    def to_json(self, *, indent: int | None = 1) -> str:
        from .position import game_to_json

        return game_to_json(self, indent=indent)

    @staticmethod
    def from_json(text: str | dict[str, Any]) -> Game:
        """Load a position or a saved game (JSON text, or the same as a dict); see
        ``carnuta_core.position`` for the format and its limits."""
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
        state = "over" if s.phase is OVER else f"round {s.round}, player {s.current + 1} to act"
        return f"<Game {self.num_players} players, seed {s.seed}: {state}>"


DEFAULT_RULES = Rules()


def as_rules(rules: Rules | Mapping[str, Any] | None) -> Rules:
    """``rules`` as a ``Rules``: the real game for ``None``, or a dict of knobs to change."""
    found: Rules = as_settings(rules, Rules, DEFAULT_RULES)
    return found


def as_deck(deck: Deck | str | None) -> Deck:
    """``deck`` as a ``Deck``: the reference deck for ``None`` or ``"reference"``."""
    if deck is None or (isinstance(deck, str) and deck == "reference"):
        return reference_deck()
    if isinstance(deck, Deck):
        return deck
    raise PositionError(
        "deck", f"should be a Deck (load_deck(path)) or 'reference', not {short_repr(deck)}"
    )


def check_deal_as(deck: Deck, deal_as: Deck) -> None:
    """Refuse a ``deal_as`` deck that does not hold every card of ``deck`` in the same pile."""
    if not isinstance(deal_as, Deck):
        raise PositionError("deal_as", f"a Deck or None, not {short_repr(deal_as)}")
    ids = {card.id for card in deal_as}
    for card in deck:
        if card.id not in ids:
            raise PositionError(
                "deal_as", f"the {deal_as.name} deck has no card {card.id} to deal as"
            )
        if deal_as[card.id].origin is not card.origin:
            raise PositionError(
                "deal_as",
                f"{card.id} is a {card.origin.value} card here but a "
                f"{deal_as[card.id].origin.value} card in the {deal_as.name} deck",
            )


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
