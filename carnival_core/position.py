"""Positions and saved games as JSON: a format people can read and write by hand.

A position is the moment a player chooses a card (they have drawn). Only ``players`` is
required; what is left out takes its natural value:

==================  ==========================================================  ============
field               meaning                                                     if left out
==================  ==========================================================  ============
``rules``           the fields that differ from the printed game                 as printed
``seed``            the seed of later shuffles (the next round's deal)          0
``turn``            ``round``, ``player`` (seat to play), ``starter`` (seat     round 1,
                    that began the round), ``over``                             seat 0
``hands``           each seat's cards: ``"R4"``, ``"Y-2"``, ``"Mask"``           empty
``known_masks``     Masks each hand is publicly known to hold                   0 each
``spectators``      each seat's row; a Mask is written in brackets with the     empty
                    card it hides and who placed it: ``"[R4 by 2]"``, or
                    ``"[by 2]"`` for a Mask hiding nothing (``by`` optional)
``carnival``        the Carnival stack, bottom first, top card last             empty
``deck``            the deck, top card first                                    every card not
                                                                                placed, shuffled
``set_aside``       the cards discarded at setup                                every card not
                                                                                placed (if a
                                                                                deck is given)
``past_rounds``     each finished round's reveal: ``{"carnival": [...],         none
                    "spectators": [[...], ...]}`` (Creatures only; scores are
                    computed)
==================  ==========================================================  ============

Every card of the box is in exactly one place; the loader names the field of any problem.
A saved game (``Game.to_json``) is a position plus ``history``: the position the game started
from and every action since, so that loading replays the game exactly (and can undo it).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from tabletop import saves
from tabletop.fields import FieldReader, check_replay_reaches
from tabletop.saves import MAX_SEED, short_repr

from .cards import Card, CardSet, card_set
from .errors import CardError, CarnivalError, PositionError, RulesError
from .rules import Rules
from .scoring import score_round
from .state import MASKED, NOTHING, State, count_sums, masked_entry, placer_of

if TYPE_CHECKING:
    from .game import Game

FORMAT = "carnival/1"
FIELDS = ("format", "players", "rules", "seed", "turn", "hands", "known_masks", "spectators",
          "carnival", "deck", "set_aside", "past_rounds", "history")  # fmt: skip
TURN_FIELDS = ("round", "player", "starter", "over")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth", "eleventh", "twelfth")  # fmt: skip


# ---------------------------------------------------------------- writing
def entry_text(entry: int, cards: CardSet) -> str:
    """An entry as the position format writes it: ``R4``, ``[R4 by 2]``, ``[by 2]``."""
    if entry < MASKED:
        return cards.cards[entry].id
    hidden, placer = entry & 127, placer_of(entry)
    words = [] if hidden == NOTHING else [cards.cards[hidden].id]
    if placer >= 0:
        words += ["by", str(placer + 1)]
    return "[" + " ".join(words) + "]"


def state_document(rules: Rules, s: State) -> dict[str, Any]:
    """A state as a JSON-ready position dict."""
    cards = card_set(rules)
    ids = [card.id for card in cards.cards]
    return {
        "format": FORMAT,
        "players": len(s.hands),
        "rules": rules.changes(),
        "seed": s.seed,
        "turn": {"round": s.round, "player": s.current, "starter": s.starter, "over": s.over},
        "hands": [[ids[k] for k in hand] for hand in s.hands],
        "known_masks": list(s.known_masks),
        "spectators": [[entry_text(e, cards) for e in row] for row in s.spectators],
        "carnival": [entry_text(e, cards) for e in s.carnival],
        "deck": [ids[k] for k in reversed(s.deck)],
        "set_aside": [ids[k] for k in s.set_aside],
        "past_rounds": [
            {
                "carnival": [card.id for card in result.carnival],
                "spectators": [[card.id for card in row] for row in result.spectators],
            }
            for result in s.results
        ],
    }


def game_document(rules: Rules, start: State, now: State, actions: list[str]) -> dict[str, Any]:
    """A saved game: the position now plus the start position and the actions since."""
    document = state_document(rules, now)
    first = state_document(rules, start)
    for key in ("format", "rules"):
        del first[key]
    document["history"] = {"start": first, "actions": actions}
    return document


# ---------------------------------------------------------------- reading
class _Reader(FieldReader):
    """Reads one position dict, naming the field of every problem and counting every card."""

    def __init__(self, data: dict[str, Any], rules: Rules, prefix: str):
        super().__init__(data, prefix, error=PositionError, show=short_repr)
        self.rules = rules
        self.cards = card_set(rules)
        self.used: Counter[int] = Counter()

    def kind(self, field: str, value: Any, *, creature: bool = False) -> int:
        """The kind of a card id, counted against the copies in the box."""
        self.check_type(field, value, str)
        try:
            card = Card.parse(value)
        except CardError as error:
            raise self.fail(field, str(error)) from None
        if creature and card.is_mask:
            raise self.fail(
                field, "a Mask on the table is written in brackets: '[R4 by 2]' or '[]'"
            )
        kind = self.cards.kind_of.get(card.id)
        if kind is None:
            raise self.fail(
                field, f"there is no card {card.id} in this game (values {self.cards.values_text})"
            )
        self.use(field, kind)
        return kind

    def use(self, field: str, kind: int) -> None:
        self.used[kind] += 1
        copies, nth = self.cards.copies[kind], self.used[kind]
        if nth > copies:
            which = ORDINALS[nth - 1] if nth <= len(ORDINALS) else f"number {nth}"
            raise self.fail(
                field,
                f"a {which} {self.cards.cards[kind].id}, but the game has {copies} "
                f"card{'s' if copies != 1 else ''} {self.cards.cards[kind].id}",
            )

    def kinds(self, field: str, value: Any, *, creature: bool = False) -> list[int]:
        self.check_type(field, value, list)
        return [self.kind(f"{field}[{i}]", v, creature=creature) for i, v in enumerate(value)]

    def entry(self, field: str, value: Any, players: int) -> int:
        self.check_type(field, value, str)
        text = value.strip()
        if not (text.startswith("[") and text.endswith("]")):
            return self.kind(field, text, creature=True)
        words = text[1:-1].split()
        placer = -1
        if len(words) >= 2 and words[-2].lower() == "by":
            number = words[-1]
            if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= players:
                raise self.fail(
                    field, f"'by' names a player from 1 to {players}, not {short_repr(number)}"
                )
            placer = int(number) - 1
            words = words[:-2]
        if len(words) > 1:
            raise self.fail(
                field,
                f"{short_repr(value)}: a Mask is written '[R4 by 2]', '[R4]', '[by 2]' or '[]'",
            )
        self.use(field, self.cards.mask)
        hidden = self.kind(field, words[0], creature=True) if words else NOTHING
        return masked_entry(hidden, placer)

    def rows(self, field: str, players: int, read: Any) -> list[list[int]]:
        value = self.get(field, list, None)
        if value is None:
            return [[] for _ in range(players)]
        if len(value) != players:
            raise self.fail(field, f"has {len(value)} lists for {players} players")
        return [read(f"{field}[{seat}]", row) for seat, row in enumerate(value)]


def _read_rules(data: dict[str, Any]) -> Rules:
    changes = data.get("rules", {})
    if not isinstance(changes, dict):
        raise PositionError(
            "rules", "should be a dict of the knobs that differ from the printed game"
        )
    try:
        return Rules.from_changes(changes)
    except RulesError as error:
        raise PositionError("rules", str(error)) from None


def _read_past_round(r: _Reader, field: str, value: Any, players: int, number: int) -> Any:
    r.check_type(field, value, dict)
    unknown = sorted(set(value) - {"carnival", "spectators"})
    if unknown:
        raise r.fail(field, f"unknown field {unknown[0]!r} (known: carnival, spectators)")
    sub = _Reader(value, r.rules, f"{r.prefix}{field}.")
    carnival = sub.kinds("carnival", sub.get("carnival", list, []), creature=True)
    rows = sub.rows("spectators", players, lambda f, row: sub.kinds(f, row, creature=True))
    cards = r.cards.cards
    return score_round(
        [cards[k] for k in carnival], [[cards[k] for k in row] for row in rows], r.rules, number
    )


def read_state(data: Any, rules: Rules, prefix: str = "") -> State:
    """Build a ``State`` from a position dict, checking every field."""
    r = _Reader({}, rules, prefix)
    r.check_type(prefix.rstrip(".") or "position", data, dict)
    r.data = data
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise r.fail(unknown[0], f"unknown field (known: {', '.join(FIELDS)})")
    players = r.get("players", int)
    if players not in rules.player_counts:
        counts = ", ".join(map(str, rules.player_counts))
        raise r.fail("players", f"Carnival is played by {counts} players, not {players}")
    seed = r.count("seed", r.get("seed", int, 0), 0, MAX_SEED)
    cards = r.cards

    past_raw = r.get("past_rounds", list, [])
    if len(past_raw) > rules.rounds:
        raise r.fail("past_rounds", f"{len(past_raw)} rounds, but a game has {rules.rounds}")
    results = tuple(
        _read_past_round(r, f"past_rounds[{i}]", value, players, i + 1)
        for i, value in enumerate(past_raw)
    )
    turn = r.get("turn", dict, {})
    t = _Reader(turn, rules, f"{prefix}turn.")
    unknown = sorted(set(turn) - set(TURN_FIELDS))
    if unknown:
        raise t.fail(unknown[0], f"unknown field (known: {', '.join(TURN_FIELDS)})")
    over = t.get("over", bool, False)
    played_rounds = len(results)
    default_round = played_rounds if over else played_rounds + 1
    round_ = t.count("round", t.get("round", int, max(default_round, 1)), 1, rules.rounds)
    if over and (played_rounds != rules.rounds or round_ != rules.rounds):
        raise t.fail(
            "over", f"a game is over after {rules.rounds} rounds; past_rounds has {played_rounds}"
        )
    if not over and played_rounds != round_ - 1:
        raise r.fail(
            "past_rounds",
            f"round {round_} is being played, so {round_ - 1} rounds are past, not {played_rounds}",
        )
    current = t.count("player", t.get("player", int, 0), 0, players - 1)
    starter = t.count("starter", t.get("starter", int, current), 0, players - 1)

    hands = [sorted(hand) for hand in r.rows("hands", players, r.kinds)]
    if not over and not hands[current]:
        raise r.fail(
            f"hands[{current}]",
            f"player {current + 1} is to play and has drawn, so holds at least one card",
        )
    known_raw = r.get("known_masks", list, [0] * players)
    if len(known_raw) != players:
        raise r.fail("known_masks", f"has {len(known_raw)} numbers for {players} players")
    known_masks = [
        r.count(f"known_masks[{seat}]", v, 0, hands[seat].count(cards.mask))
        for seat, v in enumerate(known_raw)
    ]
    spectators = r.rows(
        "spectators",
        players,
        lambda f, row: [
            r.entry(f"{f}[{i}]", e, players) for i, e in enumerate(r.check_type(f, row, list))
        ],
    )
    carnival_raw = r.get("carnival", list, [])
    carnival = [r.entry(f"carnival[{i}]", e, players) for i, e in enumerate(carnival_raw)]
    deck_raw = r.get("deck", list, None)
    aside_raw = r.get("set_aside", list, None)
    deck = list(reversed(r.kinds("deck", deck_raw))) if deck_raw is not None else None
    set_aside = r.kinds("set_aside", aside_raw) if aside_raw is not None else None
    missing = sorted((Counter(cards.box) - r.used).elements())
    if deck is None:
        deck = missing
        random.Random(seed).shuffle(deck)
        missing = []
    elif set_aside is None:
        set_aside, missing = missing, []
    if missing:
        names = ", ".join(cards.cards[k].id for k in missing[:8])
        more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
        raise r.fail(
            "set_aside", f"card(s) {names}{more} are nowhere (list them in the deck or set_aside)"
        )
    state = State(
        hands=hands,
        spectators=spectators,
        carnival=carnival,
        deck=deck,
        set_aside=sorted(set_aside or []),
        current=current,
        starter=starter,
        round=round_,
        over=over,
        seed=seed,
        known_masks=known_masks,
        results=results,
        carnival_sums=[],
        spectator_sums=[],
        log=None,
    )
    count_sums(state, cards, rules.masked_carnival_counts)
    return state


def game_from_json(text: str | dict[str, Any]) -> Game:
    """Load a position or a saved game; a problem is a ``PositionError`` naming the field."""
    from .game import Game

    data = saves.read_save(text, PositionError, FORMAT)
    rules = _read_rules(data)
    history = data.get("history")
    if history is None:
        return Game(rules, read_state(data, rules))
    start, actions = saves.check_history(history, PositionError)
    players = data.get("players")
    if "players" in start and "players" in data and not saves.same_value(start["players"], players):
        raise PositionError(
            "players",
            f"{short_repr(players)}, but the history starts with "
            f"{short_repr(start['players'])} players",
        )
    start.setdefault("players", players)
    game = Game(rules, read_state(start, rules, prefix="history.start."))
    saves.replay_actions(game.play, actions, CarnivalError, PositionError)
    given = {k: v for k, v in data.items() if k not in ("history", "format", "rules")}
    if given:
        check_replay_reaches(game.position(), given, PositionError)
    return game
