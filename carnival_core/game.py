"""The Carnival rules engine: a ``Game`` you ask for legal actions and play actions on.

A position is always the moment a player chooses a card: the player to act has already drawn
(the draw has no choice in it, so the engine makes it at the start of every turn).

>>> game = Game.new(3, seed=7)
>>> game.current_player, len(game.hand(0))
(0, 10)
>>> game.legal_actions()[0]
Action.parse('carnival R4')
>>> game.play("carnival R4")
>>> game.current_player
1
>>> game.undo()
Action.parse('carnival R4')
"""

from __future__ import annotations

import json
import random
from bisect import bisect_left, insort
from dataclasses import dataclass
from hashlib import shake_128
from struct import unpack
from typing import TYPE_CHECKING, Any

from tabletop.action_list import ActionList
from tabletop.action_log import log_entries
from tabletop.equality import ComparedByPosition
from tabletop.fields import as_settings
from tabletop.saves import check_rng, check_seed, short_repr

from .actions import CARNIVAL, OWN, Action, Play, parse_action
from .cards import Card, CardSet, Entry, card_set
from .errors import IllegalAction, PositionError
from .observation import Observation
from .rules import LETTERS, Rules
from .scoring import RoundResult, round_result, totals, winners
from .state import MASKED, NOTHING, State, count_sums, masked_entry, placer_of

if TYPE_CHECKING:
    from .heuristic import CarnivalHeuristic


#: The printed game's rules, shared by every game set up without rules of its own.
PRINTED = Rules()


def as_rules(rules: object) -> Rules:
    """``rules`` as a ``Rules``: None (the printed game), a ``Rules``, or a dict of knobs."""
    found: Rules = as_settings(rules, Rules, PRINTED)
    return found


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle in place: Fisher-Yates on ``rng.random()``, twice as fast as ``rng.shuffle``."""
    draw = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(draw() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def seeded_shuffle(cards: list[int], key: str, keep: int = 0) -> None:
    """``shuffle`` driven by ``key`` alone: each swap takes the next 32-bit word of
    SHAKE-128(``key``). The same key gives the same order on every machine, and no random
    generator is set up (seeding a Mersenne Twister costs as much as this whole shuffle).

    With ``keep``, only the cards after the first ``keep`` places are put in a random order:
    they are a uniform random draw of the pile, and the first ``keep`` hold the rest, in no
    meaningful order (a partial shuffle, for a discard that nobody sees).

    >>> pile = list(range(10))
    >>> seeded_shuffle(pile, "7/1")
    >>> sorted(pile) == list(range(10)), pile != list(range(10))
    (True, True)
    """
    places = range(len(cards) - 1, max(keep, 1) - 1, -1)
    words = unpack(f"<{len(places)}I", shake_128(key.encode()).digest(4 * len(places)))
    for i, word in zip(places, words, strict=True):
        j = (word * (i + 1)) >> 32  # a 32-bit word scaled to 0..i
        cards[i], cards[j] = cards[j], cards[i]


#: What a seat is offered: (seat, the kinds in its hand, may it play a Mask over a card, may
#: it play a Mask alone). The legal actions are the table's actions for it.
Offer = tuple[int, dict[int, None], bool, bool]


class ActionTable:
    """Interned actions of a game size: what a seat may play, per kind of card in hand."""

    def __init__(self, cards: CardSet, rules: Rules, players: int):
        ids = [card.id for card in cards.cards]
        self.plain: list[list[tuple[Play, ...]]] = []
        self.masked: list[list[tuple[Play, ...]]] = []
        self.lone: list[tuple[Play, ...]] = []
        for seat in range(players):
            places = [CARNIVAL, OWN]
            if not rules.younger_players:
                places += [other for other in range(players) if other != seat]
            # The Mask kind (the last) plays nothing by itself: no actions.
            self.plain.append(
                [tuple(Play(ids[k], to) for to in places) for k in range(cards.mask)] + [()]
            )
            self.masked.append(
                [tuple(Play(ids[k], to, masked=True) for to in places) for k in range(cards.mask)]
                + [()]
            )
            self.lone.append(tuple(Play(None, to, masked=True) for to in places))
        #: Where each interned action sits, by identity: (seat, kind, masked); a lone Mask's
        #: kind is -1. The table keeps every action alive, so no other object has their ids.
        self.origin: dict[int, tuple[int, int, bool]] = {}
        for seat in range(players):
            for kind in range(cards.mask):
                for play in self.plain[seat][kind]:
                    self.origin[id(play)] = (seat, kind, False)
                for play in self.masked[seat][kind]:
                    self.origin[id(play)] = (seat, kind, True)
            for play in self.lone[seat]:
                self.origin[id(play)] = (seat, -1, True)

    def actions(self, offer: Offer) -> LegalActions:
        """The actions of an offer, in a stable order: each kind in hand to the Carnival, own
        Spectators, each other player; then the same under a Mask; then a Mask alone."""
        seat, kinds, masked, lone = offer
        out = LegalActions()
        plain = self.plain[seat]
        for kind in kinds:
            out += plain[kind]
        if masked:
            under = self.masked[seat]
            for kind in kinds:
                out += under[kind]
            if lone:
                out += self.lone[seat]
        return out

    def offers(self, offer: Offer, action: object) -> bool:
        """Whether ``action`` is one of the very objects ``actions(offer)`` lists."""
        where = self.origin.get(id(action))
        if where is None:
            return False
        seat, kinds, masked, lone = offer
        if where[0] != seat or (where[2] and not masked):
            return False
        return lone if where[1] < 0 else where[1] in kinds


_TABLES: dict[tuple[int, int], tuple[Rules, ActionTable]] = {}
_TABLES_BY_RULES: dict[tuple[Rules, int], ActionTable] = {}


def action_table(rules: Rules, players: int) -> ActionTable:
    """The (shared) action table of a game size: found by the rules object's identity (the
    fast path of every ``Game.new``), else by equal rules (a loaded save brings its own
    ``Rules`` object, equal to one already seen)."""
    key = (id(rules), players)
    hit = _TABLES.get(key)
    if hit is None or hit[0] is not rules:
        if len(_TABLES) > 256:
            _TABLES.clear()
        if len(_TABLES_BY_RULES) > 64:
            _TABLES_BY_RULES.clear()
        table = _TABLES_BY_RULES.get((rules, players))
        if table is None:
            table = _TABLES_BY_RULES[rules, players] = ActionTable(card_set(rules), rules, players)
        hit = _TABLES[key] = (rules, table)
    return hit[1]


class LegalActions(ActionList[Action]):
    """The legal actions of a position: a list that prints in Carnival's notation and
    answers ``in`` for notation text too (``"carnival R4" in game.legal_actions()``)."""

    __slots__ = ()
    parse = staticmethod(parse_action)

    def notation(self, lang: str = "en") -> list[str]:
        """Each action in the notation of ``lang`` (``"en"`` or ``"fr"``)."""
        return [a.notation(lang) for a in self]

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self)}): {', '.join(self.notation())}>"


@dataclass(frozen=True)
class Sums:
    """Creature sums by type, hidden cards included: the Carnival stack (as it would count at
    the reveal), each Spectator row, and the Creatures in each hand."""

    carnival: tuple[int, ...]
    spectators: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]


def _place_words(to: int, *, you: bool) -> str:
    """Where a card goes, in words, said to its player (``you``) or about them."""
    if to == CARNIVAL:
        return "onto the Carnival stack"
    if to == OWN:
        return "in front of you, as your Spectator" if you else "as their own Spectator"
    return f"in front of player {to + 1}, as their Spectator"


class Game(ComparedByPosition):
    """A game of Carnival. Create with ``Game.new``; change with ``play`` (checked), ``push``
    (unchecked, for search) and ``undo``."""

    __slots__ = ("rules", "card_set", "_table", "_s", "_start", "_undo", "_events", "_offered")

    def __init__(self, rules: Rules, state: State):
        players = len(state.hands)
        if players not in rules.player_counts:
            counts = ", ".join(map(str, rules.player_counts))
            raise PositionError("players", f"Carnival is played by {counts} players, not {players}")
        self.rules = rules
        #: The cards of this game: kinds, ids, copies, types and values.
        self.card_set = card_set(rules)
        self._table = action_table(rules, players)
        self._s = state
        #: The position the log starts from (setup, or a staged position).
        self._start = state.copy()
        #: How to take back each ``play``: (the player's known Masks, the card the next player
        #: drew) for a plain turn, or the whole state before a turn that ended a round.
        self._undo: list[State | tuple[int, int]] = []
        #: What the last ``play`` did, in words; None until asked for (``last_events``).
        self._events: list[str] | None = []
        #: What the last ``legal_actions()`` offered, until the state next changes: ``play``
        #: trusts an action it listed (the same object) without checking it again.
        self._offered: Offer | None = None

    # ------------------------------------------------------------------ setup
    @staticmethod
    def new(
        players: int,
        seed: int | None = None,
        rules: Rules | None = None,
        first_player: int = 0,
    ) -> Game:
        """Set up a game per the rulebook; ``first_player`` (a seat) takes the first turn.

        ``seed`` (a whole number from 0 to 2**64 - 1; random when left out) fixes every shuffle
        of the game (both rounds). ``rules`` may be a ``Rules`` or a dict of knobs to change
        (``{"rounds": 3}``). Whatever is accepted here saves and reloads to an equal game.
        """
        rules = as_rules(rules)
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or (players not in rules.player_counts)
        ):
            counts = ", ".join(map(str, rules.player_counts))
            raise PositionError(
                "players", f"Carnival is played by {counts} players, not {short_repr(players)}"
            )
        if (
            isinstance(first_player, bool)
            or not isinstance(first_player, int)
            or not (0 <= first_player < players)
        ):
            raise PositionError(
                "first_player", f"a seat from 0 to {players - 1}, not {short_repr(first_player)}"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        check_seed(seed, PositionError)
        cards = card_set(rules)
        state = State(
            hands=[[] for _ in range(players)],
            spectators=[[] for _ in range(players)],
            carnival=[],
            deck=[],
            set_aside=[],
            current=first_player,
            starter=first_player,
            round=1,
            over=False,
            seed=seed,
            known_masks=[0] * players,
            results=(),
            carnival_sums=[0] * cards.types,
            spectator_sums=[[0] * cards.types for _ in range(players)],
            log=None,
        )
        deal(state, cards, rules, first_player)
        return Game(rules, state)

    # ------------------------------------------------------------- read access
    @property
    def num_players(self) -> int:
        return len(self._s.hands)

    @property
    def current_player(self) -> int:
        """The seat to act (after the game is over: the seat that played last)."""
        return self._s.current

    @property
    def starter(self) -> int:
        """The seat that took the first turn of this round."""
        return self._s.starter

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def is_over(self) -> bool:
        return self._s.over

    @property
    def seed(self) -> int:
        return self._s.seed

    @property
    def deck_size(self) -> int:
        return len(self._s.deck)

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """The reveal and scores of every finished round."""
        return self._s.results

    @property
    def log(self) -> tuple[tuple[int, Action], ...]:
        """Every action played so far, with the seat that played it."""
        return log_entries(self._s.log)

    def _seat(self, seat: object) -> int:
        """``seat`` checked: a seat number of this game, or a ``PositionError`` naming it."""
        if type(seat) is not int or not 0 <= seat < len(self._s.hands):
            raise PositionError("seat", f"a seat from 0 to {len(self._s.hands) - 1}, not {seat!r}")
        return seat

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand, sorted (hidden information: see ``observation`` for a seat's view)."""
        cards = self.card_set.cards
        return tuple(cards[k] for k in self._s.hands[self._seat(seat)])

    def known_masks(self, seat: int) -> int:
        """Masks everyone knows ``seat`` holds: those dealt and not yet played (or, after a
        Mask was played hiding nothing, the whole hand)."""
        return self._s.known_masks[self._seat(seat)]

    def spectators(self, seat: int) -> tuple[Entry, ...]:
        """A seat's Spectator row, every hidden card shown (see ``observation``)."""
        return tuple(self._entry(e) for e in self._s.spectators[self._seat(seat)])

    def carnival(self) -> tuple[Entry, ...]:
        """The Carnival stack, bottom first, every card shown (see ``observation``)."""
        return tuple(self._entry(e) for e in self._s.carnival)

    def deck_order(self) -> tuple[Card, ...]:
        """The deck, top card first: hidden information, for staging and teaching."""
        cards = self.card_set.cards
        return tuple(cards[k] for k in reversed(self._s.deck))

    def set_aside(self) -> tuple[Card, ...]:
        """The cards discarded at random at setup (nobody sees them)."""
        cards = self.card_set.cards
        return tuple(cards[k] for k in self._s.set_aside)

    def _entry(self, entry: int, viewer: int | None = None, remembered: bool = True) -> Entry:
        cards = self.card_set.cards
        if entry < MASKED:
            return Entry(cards[entry] if remembered else None)
        hidden, placer = entry & 127, placer_of(entry)
        if hidden == NOTHING:
            return Entry(None, masked=True, empty=True, by=placer)
        sees = viewer is None or (self.rules.remember_own_masks and placer == viewer)
        return Entry(cards[hidden] if sees else None, masked=True, by=placer)

    def sums(self) -> Sums:
        """Creature sums by type (hidden cards included), for quick estimates."""
        s = self._s
        types, values = self.card_set.type_of, self.card_set.value_of
        hands = []
        for hand in s.hands:
            row = [0] * self.card_set.types
            for kind in hand:
                if kind != self.card_set.mask:
                    row[types[kind]] += values[kind]
            hands.append(tuple(row))
        return Sums(
            tuple(s.carnival_sums), tuple(tuple(row) for row in s.spectator_sums), tuple(hands)
        )

    def scores(self) -> list[int]:
        """Each seat's points over the finished rounds."""
        return totals(self._s.results, self.num_players)

    def winners(self) -> list[int]:
        """The winning seats (ask once the game is over): most points, then the tie-break."""
        return winners(self._s.results, self.rules) if self._s.over else []

    def returns(self) -> list[float]:
        """Each seat's share of the win once over (1, 1/k for a shared victory, 0); 0 before."""
        best = self.winners()
        return [1 / len(best) if seat in best else 0.0 for seat in range(self.num_players)]

    def pending(self) -> str:
        """What happens now, in words."""
        s = self._s
        if s.over:
            return "The game is over."
        last = " (the deck is empty: this is the round's last turn)" if not s.deck else ""
        return f"Round {s.round}: player {s.current + 1} has drawn and plays a card{last}."

    # --------------------------------------------------------- legal actions
    def legal_actions(self) -> LegalActions:
        """Every action the current player may take now, in a stable order: each Creature
        kind in hand to the Carnival, own Spectators, each other player; then the same under
        a Mask; then a Mask hiding nothing, when the rules allow it."""
        s = self._s
        if s.over:
            return LegalActions()
        hand = s.hands[s.current]
        kinds = dict.fromkeys(hand)  # the hand is sorted: its kinds in order, once each
        masked = hand[-1] == self.card_set.mask
        lone = masked and (len(kinds) == 1 or self.rules.lone_mask == "always")
        self._offered = offer = (s.current, kinds, masked, lone)
        return self._table.actions(offer)

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` (or its notation) may be played now."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError:
                return False
        return self._why_not(action) is None

    def _why_not(self, action: object) -> str | None:
        """None if ``action`` is legal now, else the reason in words."""
        s = self._s
        if s.over:
            return "the game is over"
        if type(action) is not Play:
            return f"{short_repr(action)} is not an action (write one like 'carnival R4')"
        to, card, hand = action.to, action.card, s.hands[s.current]
        mask = self.card_set.mask
        if type(to) is not int:
            return f"{short_repr(to)} is not a place"
        if to not in (CARNIVAL, OWN):
            if self.rules.younger_players:
                return (
                    "in the variant for younger players, cards are played only onto the "
                    "Carnival stack or in front of yourself"
                )
            if to == s.current:
                return (
                    "that is you: a card goes in front of you with 'spectator', "
                    f"like '{Play(card, OWN, action.masked)}'"
                )
            if not 0 <= to < len(s.hands):
                return f"there is no player {to + 1} in a {len(s.hands)}-player game"
        if card is None:
            if not action.masked:
                return "say which card to play"
            if hand[-1] != mask:
                return f"you have no Mask in your hand (your hand: {self._hand_text()})"
            if hand[0] != mask and self.rules.lone_mask == "stuck":
                example = Play(self.card_set.cards[hand[0]].id, to, True)
                return (
                    "a Mask must hide a Creature while you hold one: slide a card under it, "
                    f"like '{example}'"
                )
            return None
        kind = self.card_set.kind_of.get(card) if type(card) is str else None
        if kind is None or kind == mask:
            return self._no_such_card(card)
        if kind not in hand:
            return f"{card} is not in your hand (your hand: {self._hand_text()})"
        if action.masked and hand[-1] != mask:
            return f"you have no Mask in your hand to hide {card} (your hand: {self._hand_text()})"
        return None

    def _no_such_card(self, card: object) -> str:
        if isinstance(card, str) and card.upper() in self.card_set.kind_of and card != card.upper():
            return f"card ids are written in capitals: {card.upper()}"
        letters = "/".join(LETTERS[: self.card_set.types])
        return (
            f"there is no card {card if isinstance(card, str) else short_repr(card)} in this "
            "game: a Creature is one of the letters "
            f"{letters} with a value from {self.card_set.values_text}"
        )

    def _hand_text(self) -> str:
        return " ".join(card.id for card in self.hand(self._s.current)) or "empty"

    def why_illegal(self, action: Action | str) -> str:
        """Why ``action`` cannot be played now, in words a learner understands."""
        if isinstance(action, str):
            action = parse_action(action)
        return self._why_not(action) or "it is legal"

    def explain(self, action: Action | str) -> str:
        """Why ``action`` is allowed now, or why not, in one sentence."""
        if isinstance(action, str):
            action = parse_action(action)
        reason = self._why_not(action)
        if reason is not None:
            return f"'{action}' is not allowed: {reason}."
        assert isinstance(action, Play)
        what = "a Mask hiding nothing" if action.card is None else action.card
        if action.masked and action.card is not None:
            what = f"a Mask with {action.card} face down under it"
        return f"'{action}' is allowed: {what} goes {_place_words(action.to, you=True)}."

    # ------------------------------------------------------------------ play
    def play(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an ``Action`` or its notation) for the current player.

        Raises ``ActionSyntaxError`` for text that is not an action and ``IllegalAction``
        (naming the action, then the reason) for one the rules forbid here; either way the
        game is unchanged. ``player``, when given, must be the current player.
        """
        if type(action) is not Play:
            if isinstance(action, str):
                action = parse_action(action)
            elif not isinstance(action, Action):
                raise IllegalAction(
                    f"{short_repr(action)} is not an action (write one like 'carnival R4')"
                )
        if player is not None and player != self._s.current and not self._s.over:
            if isinstance(player, bool) or not isinstance(player, int):
                raise IllegalAction(
                    f"{action}: player should be a seat number, not {short_repr(player)}"
                )
            current, seats = self._s.current, len(self._s.hands)
            # The argument counts seats from 0, the players' names from 1: say both.
            if not 0 <= player < seats:
                raise IllegalAction(
                    f"{action}: player={player} is not a seat: the seats are 0 to {seats - 1} "
                    f"(Players 1 to {seats})"
                )
            raise IllegalAction(
                f"{action}: player={player} is seat {player} (Player {player + 1}), "
                f"but it is the turn of seat {current} (Player {current + 1})"
            )
        if self._offered is None or not self._table.offers(self._offered, action):
            reason = self._why_not(action)
            if reason is not None:
                raise IllegalAction(f"{action}: {reason}")
        self._offered = None
        s = self._s
        self._undo.append((s.known_masks[s.current], s.deck[-1]) if s.deck else s.copy())
        self._apply(action)  # type: ignore[arg-type]
        self._events = None

    def push(self, action: Action) -> None:
        """Apply a legal action without checking it: the fast path for search.

        The caller guarantees ``action`` came from ``legal_actions()``. Keeps no undo snapshot
        and drops earlier ones, so ``undo`` cannot reach back across a ``push``.
        """
        if self._undo:
            self._undo.clear()
        self._offered = None
        self._apply(action)  # type: ignore[arg-type]
        self._events = []

    def undo(self) -> Action:
        """Take back the last action played with ``play``; returns it."""
        if not self._undo:
            raise IllegalAction("undo: there is nothing to take back")
        s = self._s
        assert s.log is not None
        action = s.log[2]
        record = self._undo.pop()
        self._offered = None
        if isinstance(record, State):
            self._s = record
        else:
            self._take_back(record)
        self._events = [f"Took back '{action}'."]
        assert isinstance(action, Action)
        return action

    def _take_back(self, record: tuple[int, int]) -> None:
        """Undo a turn that did not end the round: the exact reverse of ``_apply``."""
        known, drawn = record
        s = self._s
        cards = self.card_set
        s.log, seat, action = s.log  # type: ignore[misc]
        s.hands[s.current].remove(drawn)
        s.deck.append(drawn)
        s.current = seat
        to = action.to
        row = s.carnival if to == CARNIVAL else s.spectators[seat if to == OWN else to]
        entry = row.pop()
        kind = entry & 127
        if kind != NOTHING:
            if to != CARNIVAL:
                s.spectator_sums[seat if to == OWN else to][cards.type_of[kind]] -= cards.value_of[
                    kind
                ]
            elif entry < MASKED or self.rules.masked_carnival_counts:
                s.carnival_sums[cards.type_of[kind]] -= cards.value_of[kind]
            insort(s.hands[seat], kind)
        if entry >= MASKED:
            s.hands[seat].append(cards.mask)
        s.known_masks[seat] = known

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def copy(self, *, history: bool = False) -> Game:
        """An independent game in the same position; ``history=True`` also copies undo (and
        what the last ``play`` did, which a copy without history has no record of)."""
        clone = Game.__new__(Game)
        clone.rules = self.rules
        clone.card_set = self.card_set
        clone._table = self._table
        clone._s = self._s.copy()
        clone._offered = None
        clone._start = self._start
        clone._undo = (
            [r.copy() if isinstance(r, State) else r for r in self._undo] if history else []
        )
        clone._events = None if history and self._events is None else list(self._events or [])
        return clone

    def start_position(self) -> Game:
        """A new game at the position this game's log starts from (setup or staged)."""
        return Game(self.rules, self._start.copy())

    # ------------------------------------------------------------- the rules
    def _apply(self, action: Play) -> None:
        """Apply a legal action. Unchecked: callers guarantee legality."""
        s = self._s
        cards = self.card_set
        seat = s.current
        hand = s.hands[seat]
        card = action.card
        if action.masked:
            hand.pop()  # the hand is sorted and the Mask is the last kind
            if card is None:
                kind = NOTHING
                if self.rules.lone_mask == "stuck":
                    s.known_masks[seat] = len(hand)  # stuck: what is left is all Masks
                elif s.known_masks[seat]:
                    s.known_masks[seat] -= 1
            else:
                kind = cards.kind_of[card]
                hand.remove(kind)
                if s.known_masks[seat]:
                    s.known_masks[seat] -= 1
            entry = masked_entry(kind, seat)
        else:
            kind = cards.kind_of[card]  # type: ignore[index]
            hand.remove(kind)
            entry = kind
        to = action.to
        if to == CARNIVAL:
            s.carnival.append(entry)
            if kind != NOTHING and (not action.masked or self.rules.masked_carnival_counts):
                s.carnival_sums[cards.type_of[kind]] += cards.value_of[kind]
        else:
            target = seat if to == OWN else to
            s.spectators[target].append(entry)
            if kind != NOTHING:
                s.spectator_sums[target][cards.type_of[kind]] += cards.value_of[kind]
        s.log = (s.log, seat, action)
        if s.deck:
            s.current = nxt = (seat + 1) % len(s.hands)
            insort(s.hands[nxt], s.deck.pop())
        else:
            self._end_round()

    def _reveal(self) -> RoundResult:
        """The round being played, revealed and scored as it stands."""
        s = self._s
        cards, rules = self.card_set, self.rules
        counts_masked = rules.masked_carnival_counts
        mask = cards.mask
        return round_result(
            cards,
            rules,
            s.round,
            [e & 127 for e in s.carnival if e < MASKED or (counts_masked and e & 127 != NOTHING)],
            [
                [e & 127 for e in row if e & 127 != NOTHING]
                # a hand is sorted with its Masks last
                + (hand[: bisect_left(hand, mask)] if rules.hands_join_spectators else [])
                for row, hand in zip(s.spectators, s.hands, strict=True)
            ],
        )

    def reveal_now(self) -> RoundResult | None:
        """The round being played scored as if it ended now: every hand joins its Spectators,
        every Mask is revealed (hidden information: for analysis and teaching, not for a
        seat's play). ``None`` once the game is over.

        >>> game = Game.new(2, seed=1)
        >>> game.reveal_now().round, len(game.reveal_now().scores)
        (1, 2)
        """
        return None if self._s.over else self._reveal()

    def scores_if_revealed_now(self) -> list[int]:
        """Each seat's points if the round being played ended now: the finished rounds plus
        ``reveal_now()`` (the final scores once the game is over)."""
        now = self.reveal_now()
        past = self.scores()
        return past if now is None else [p + r for p, r in zip(past, now.scores, strict=True)]

    def public_scores_now(self) -> list[int]:
        """Each seat's points if the round being played ended now, counted from what every
        player sees: the face-up Spectators against the face-up Carnival cards a player may
        remember (``Rules.carnival_memory``: all of them by default), no hand and no card under
        a Mask; plus the finished rounds (the final scores once the game is over). The lab's
        lead changes follow this score: it reads no card a player cannot see.

        >>> game = Game.new(2, seed=1)
        >>> game.public_scores_now()  # no Spectator yet: nobody scores
        [0, 0]
        """
        s = self._s
        past = self.scores()
        if s.over:
            return past
        remembers = self.rules.carnival_memory
        first = 0 if remembers is None else max(0, len(s.carnival) - 1 - remembers)
        carnival = [e for e in s.carnival[first:] if e < MASKED]
        rows = [[e for e in row if e < MASKED] for row in s.spectators]
        now = round_result(self.card_set, self.rules, s.round, carnival, rows)
        return [p + r for p, r in zip(past, now.scores, strict=True)]

    def _end_round(self) -> None:
        """The deck is empty and the turn is done: reveal, score, then deal the next round."""
        s = self._s
        cards, rules = self.card_set, self.rules
        result = self._reveal()
        s.results = s.results + (result,)
        if s.round >= rules.rounds:
            s.over = True
            return
        s.round += 1
        deal(s, cards, rules, (s.current + 1) % len(s.hands))

    @property
    def last_events(self) -> list[str]:
        """What the last ``play`` did, in words (for transcripts and explanations)."""
        if self._events is None:
            self._events = describe_turn(self, self._undo[-1], self._s)
        return self._events

    def last_events_seen_by(self, seat: int) -> list[str]:
        """What the last action kept for ``undo`` did, as ``seat`` saw it: the card another
        player drew is not named. Empty when there is no such action."""
        self._seat(seat)
        if not self._undo:
            return []
        return describe_turn(self, self._undo[-1], self._s, viewer=seat)

    # ------------------------------------------------------- hidden information
    def memory_of(self, memory: int | None = None) -> int | None:
        """The Carnival cards a seat remembers under the top one: ``memory`` (a seat's own,
        shorter memory, ``None``: all it may) never beyond ``Rules.carnival_memory``.

        >>> Game.new(2, seed=1, rules=Rules(carnival_memory=3)).memory_of(5)
        3
        """
        if memory is not None and (type(memory) is not int or memory < 0):
            raise PositionError("memory", f"None or a whole number of at least 0, not {memory!r}")
        rule = self.rules.carnival_memory
        if memory is None:
            return rule
        return memory if rule is None else min(memory, rule)

    def observation(self, seat: int, *, memory: int | None = None) -> Observation:
        """Exactly what ``seat`` may know now (see ``Observation``); with ``memory``, what a
        seat that remembers only that many Carnival cards under the top one knows."""
        self._seat(seat)
        s = self._s
        remembers = self.memory_of(memory)
        size = len(s.carnival)
        first_remembered = 0 if remembers is None else max(0, size - 1 - remembers)
        return Observation(
            seat=seat,
            round=s.round,
            rounds=self.rules.rounds,
            current_player=None if s.over else s.current,
            hand=self.hand(seat),
            hand_sizes=tuple(len(hand) for hand in s.hands),
            known_masks=tuple(s.known_masks),
            spectators=tuple(tuple(self._entry(e, seat) for e in row) for row in s.spectators),
            carnival=tuple(
                self._entry(e, seat, i >= first_remembered) for i, e in enumerate(s.carnival)
            ),
            deck_size=len(s.deck),
            set_aside=len(s.set_aside),
            results=s.results,
            winners=tuple(self.winners()),
        )

    def determinized(
        self, rng: random.Random, *, seat: int | None = None, memory: int | None = None
    ) -> Game:
        """A copy in which what the current player (or ``seat``) cannot see is dealt anew,
        consistently with what they saw.

        Resampled: the other hands (each keeps its size and its known Masks), the deck order,
        the cards set aside, the Creatures under Masks the seat does not know, the buried
        face-up Carnival cards it forgot (``Rules.carnival_memory``, or the seat's own shorter
        ``memory``, see ``memory_of``), and the next round's deal. Every card of the box stays
        accounted for, and the seat's observation of the copy equals its observation of this
        game. The copy's log starts at this position.

        The copy depends only on what the seat may know and on ``rng``: two games the seat
        sees alike give equal copies from equal ``rng`` states, so an agent that looks at the
        game only through this copy cannot play on what it does not know.
        """
        check_rng(rng, PositionError)
        me = self._s.current if seat is None else self._seat(seat)
        remembers = self.memory_of(memory)
        clone = self.copy()
        clone._events = []
        s = clone._s
        cards, rules = self.card_set, self.rules
        mask = cards.mask
        # Once the game is over, the last reveal has shown the Spectators' hidden cards, the
        # Carnival stack's (when they count) and the hands that joined the Spectators. What
        # stays unseen: the cards set aside, hands put aside, and Masked Carnival cards that
        # were put aside with their Mask.
        over = s.over
        hands_seen = over and rules.hands_join_spectators
        pool: list[int] = []
        for other, hand in enumerate(s.hands):
            if other != me and not hands_seen:
                pool += hand
        pool += s.deck
        pool += s.set_aside
        # Unknown Creatures on the table: (row, index, is a Mask's hidden card).
        slots: list[tuple[list[int], int, bool]] = []
        for row in [*s.spectators, s.carnival]:
            revealed = over and (row is not s.carnival or rules.masked_carnival_counts)
            for i, e in enumerate(row):
                remembered = rules.remember_own_masks and placer_of(e) == me
                if e >= MASKED and e & 127 != NOTHING and not remembered and not revealed:
                    slots.append((row, i, True))
                    pool.append(e & 127)
        if remembers is not None and not over:
            for i in range(len(s.carnival) - 1 - remembers):
                e = s.carnival[i]
                if e < MASKED:
                    slots.append((s.carnival, i, False))
                    pool.append(e)
        # Where each unseen card lies is what the seat does not know: the pool's order must
        # not tell it, so the shuffle starts from the pool sorted.
        pool.sort()
        shuffle(pool, rng)
        masks = [k for k in pool if k == mask]
        creatures = [k for k in pool if k != mask]
        for (row, i, under_mask), kind in zip(slots, creatures, strict=False):
            row[i] = (row[i] & ~127) | kind if under_mask else kind
        rest = creatures[len(slots) :]
        hands_masks = {
            o: s.known_masks[o] for o in range(len(s.hands)) if o != me and not hands_seen
        }
        forced = sum(hands_masks.values())
        rest += masks[forced:]
        shuffle(rest, rng)
        for other, known in hands_masks.items():
            size = len(s.hands[other])
            s.hands[other] = sorted(rest[len(rest) - (size - known) :] + [mask] * known)
            del rest[len(rest) - (size - known) :]
        deck_size = len(s.deck)
        s.deck = rest[len(rest) - deck_size :]
        s.set_aside = sorted(rest[: len(rest) - deck_size])
        count_sums(s, cards, rules.masked_carnival_counts)
        if not over:  # the next round's deal is unknown too; a finished game deals no more
            s.seed = rng.randrange(2**32)
        # A world that never happened has no history: its log starts here.
        s.log = None
        clone._start = s.copy()
        return clone

    def heuristic(self) -> CarnivalHeuristic:
        """Quick estimates of positions and actions for search agents."""
        from .heuristic import CarnivalHeuristic

        return CarnivalHeuristic()

    # ------------------------------------------------------------ positions
    def to_json(self, *, indent: int | None = 1) -> str:
        """The game as JSON: the position now, plus the start and every action since."""
        from .position import game_document

        return json.dumps(
            game_document(self.rules, self._start, self._s, [str(a) for _, a in self.log]),
            indent=indent,
        )

    def position(self) -> dict[str, Any]:
        """The position now as a JSON-ready dict (no history): a staged position."""
        from .position import state_document

        return state_document(self.rules, self._s)

    @staticmethod
    def from_json(text: str | dict[str, Any]) -> Game:
        """Load a saved game or a staged position; a problem is a ``PositionError`` naming
        the field."""
        from .position import game_from_json

        return game_from_json(text)

    def _repr_svg_(self) -> str:
        from .svg import table_svg

        return table_svg(self)

    def __repr__(self) -> str:
        s = self._s
        state = "over" if s.over else f"round {s.round}, player {s.current + 1} to play"
        return f"<Game of Carnival, {self.num_players} players, seed {s.seed}: {state}>"


def describe_turn(
    game: Game, record: State | tuple[int, int], after: State, viewer: int | None = None
) -> list[str]:
    """The events of one turn in words, from its undo record and the state after it; with
    ``viewer``, as that seat saw them (another player's draw is not named)."""
    assert after.log is not None
    _, seat, action = after.log
    cards = game.card_set.cards
    if action.masked:
        what = (
            "a Mask hiding nothing"
            if action.card is None
            else "a Mask with a card face down under it"
        )
    else:
        what = action.card
    events = [f"Player {seat + 1} played {what} {_place_words(action.to, you=False)}."]
    if not isinstance(record, State):
        drawn = cards[record[1]] if viewer is None or viewer == after.current else "a card"
        events.append(f"Player {after.current + 1} drew {drawn}.")
        return events
    result = after.results[-1]
    events.append(
        f"The deck is empty: round {result.round} is over. Hands join the Spectators, the Masks "
        f"are put aside and the hidden cards revealed: scores {list(result.scores)}."
    )
    if after.over:
        events.append("The game is over.")
    else:
        events.append(
            f"Round {after.round}: all {len(game.card_set)} cards are shuffled and dealt again; "
            f"the Carnival stack starts with {game.carnival()[-1]}; player "
            f"{after.current + 1} starts and draws."
        )
    return events


def deal(state: State, cards: CardSet, rules: Rules, starter: int) -> int:
    """Set up a round on ``state``: a fresh shuffle of every card (seeded by the game's seed and
    the round), the Masks and hands dealt, the first Carnival card turned up, and the
    starter's first draw, which it returns."""
    players = len(state.hands)
    dealt_masks = rules.masks_dealt * players
    pile = list(cards.box[: len(cards.box) - dealt_masks])
    discard = rules.discard_for(players)
    seeded_shuffle(pile, f"{state.seed}/{state.round}", keep=discard)
    per_player = rules.deal_for(players)
    state.set_aside = sorted(pile[:discard])
    del pile[:discard]
    state.hands = [
        sorted(pile[seat * per_player : (seat + 1) * per_player] + [cards.mask] * rules.masks_dealt)
        for seat in range(players)
    ]
    del pile[: players * per_player]
    first = pile.pop()
    # A Mask turned up starts the stack as a Mask hiding nothing.
    state.carnival = [masked_entry(NOTHING, -1) if first == cards.mask else first]
    state.spectators = [[] for _ in range(players)]
    state.known_masks = [rules.masks_dealt] * players
    state.current = state.starter = starter
    count_sums(state, cards, rules.masked_carnival_counts)
    drawn = pile.pop()
    insort(state.hands[starter], drawn)
    state.deck = pile
    return drawn
