"""Positions and saved games as JSON: a format people can read and write by hand.

A position names where every card is and whose turn it is. Only ``players``, ``reserve`` and
``boards`` are required; what is left out takes its natural value: ``rules`` the real game,
``turn`` the start of round 1, the bonus tokens not held by anyone, the unused starting cards
in the box, and every card not placed shuffled (by ``seed``) into its deck, the market filled
from the top of the decks. A board's ``runes`` has one letter per space: ``S`` Sun, ``M`` Moon,
``.`` empty and open, ``#`` Padlock. A Salt is written ``"D30 on N07"`` in ``played``.
Decks are listed top card first.

A saved game (``Game.to_json``) is a position plus ``history``: the position the game started
from and every action since, so that loading replays the game exactly (and can undo it).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop import saves
from tabletop.fields import FieldReader, first_difference
from tabletop.saves import MAX_HISTORY as MAX_HISTORY
from tabletop.saves import MAX_NESTING as MAX_NESTING
from tabletop.saves import MAX_SEED
from tabletop.saves import MAX_TEXT as MAX_TEXT

from .deck import Deck, parse_deck_text, reference_deck
from .errors import CarnutaError, PositionError, RulesError, short_repr
from .model import INGREDIENTS, Ingredient, Origin, Row, lookup
from .rules import Rules
from .state import ACTIONS, BONUS, DISCARD, OVER, GameState, Phase, PlayerState

if TYPE_CHECKING:
    from .game import Game

FORMAT = "carnuta/1"
PHASES = tuple(str(phase) for phase in Phase)
ROWS = (Row.DAY, Row.NIGHT)
RUNE_LETTERS = {"S": "sun", "M": "moon", ".": "empty", "#": "padlock"}


# ---------------------------------------------------------------- writing
def _deck_field(deck: Deck) -> str | dict[str, str]:
    if deck.name == "reference" and deck == reference_deck():
        return "reference"
    return {"name": deck.name, "csv": deck.to_csv()}


def position_dict(game: Game) -> dict[str, Any]:
    """The game's current position as a JSON-ready dict (no history), from its public view."""
    rules = game.rules
    boards = []
    for seat in range(game.num_players):
        view = game.player(seat)
        salt_on = game.salt_on(seat)
        boards.append(
            {
                "runes": view.runes_text,
                "counter": view.counter,
                "sickles": view.sickles,
                "hand": list(game.hand_ids(seat)),
                "played": [
                    f"{c} on {salt_on[c]}" if c in salt_on else c for c in game.played_ids(seat)
                ],
                "bonus": [i.value for i in view.bonus_tokens],
            }
        )
    suns, moons = game.reserve_counts
    return {
        "format": FORMAT,
        "players": game.num_players,
        "deck": _deck_field(game.deck),
        "rules": rules.changes(),
        "seed": game.seed,
        "reshuffles": game.reshuffles,
        "turn": {
            "round": game.round,
            "player": game.current_player,
            "actions_left": game.actions_left,
            "phase": str(game.phase),
            "final_round": game.final_round,
            "last_play_round": game.last_play_round,
        },
        "reserve": {"sun": suns, "moon": moons},
        "bonus_tokens": [i.value for i in game.bonus_tokens],
        "market": {row.value: list(game.market_ids(row)) for row in ROWS},
        "decks": {row.value: [c.id for c in game.deck_order(row)] for row in ROWS},
        "discard": [c.id for c in game.discard_pile],
        "box": [c.id for c in game.box],
        "boards": boards,
    }


def game_to_json(game: Game, *, indent: int | None = 1) -> str:
    document = position_dict(game)
    start = position_dict(game.start())
    for key in ("format", "deck", "rules"):
        del start[key]
    document["history"] = {"start": start, "actions": [str(a) for _, a in game.log]}
    return json.dumps(document, indent=indent)


# ---------------------------------------------------------------- limits
# Both games hold saves to the same limits (tabletop.saves): MAX_TEXT characters, MAX_NESTING
# levels of lists and objects, MAX_HISTORY actions, MAX_VALUES values in a dict, seeds up to
# MAX_SEED.


def check_seed(value: Any, field: str = "seed") -> int:
    """``value`` if it is a seed (a whole number from 0 to 2**64 - 1), else a ``PositionError``."""
    return saves.check_seed(value, PositionError, field)


# ---------------------------------------------------------------- reading
class _Reader(FieldReader):
    """Reads one position dict, naming the field of every problem."""

    def __init__(self, data: dict[str, Any], deck: Deck, rules: Rules, prefix: str = ""):
        super().__init__(data, prefix, error=PositionError, show=short_repr)
        self.deck = deck
        self.rules = rules
        self.cards = {card.id: card for card in deck}
        self.placed: dict[str, str] = {}

    def place(self, field: str, value: Any) -> str:
        card_id = value.upper() if isinstance(value, str) and value.isascii() else value
        if not isinstance(card_id, str) or card_id not in self.cards:
            raise self.fail(
                field, f"{short_repr(value)} is not a card of the {self.deck.name} deck"
            )
        if card_id in self.placed:
            raise self.fail(field, f"card {card_id} is also in {self.placed[card_id]}")
        self.placed[card_id] = self.prefix + field
        return card_id

    def card_list(self, field: str, value: Any) -> list[str]:
        self.check_type(field, value, list)
        return [self.place(f"{field}[{i}]", c) for i, c in enumerate(value)]

    def ingredient(self, field: str, value: Any) -> Ingredient:
        self.check_type(field, value, str)
        try:
            return lookup(Ingredient, value, "ingredient")
        except ValueError as error:
            raise self.fail(field, str(error)) from None

    def unknown(self, where: str, known: set[str]) -> None:
        """A ``PositionError`` at ``where`` for the first field not in ``known``."""
        unknown = sorted(str(k) for k in set(self.data) - known)
        if unknown:
            raise PositionError(
                where, f"unknown field {unknown[0]!r} (known: {', '.join(sorted(known))})"
            )


BOARD_FIELDS = {"runes", "counter", "sickles", "hand", "played", "bonus"}


class _Board:
    """One board as written: its cards first (so that defaults come from what is left)."""

    def __init__(self, r: _Reader, seat: int, raw: Any):
        self.field = f"boards[{seat}]"
        r.check_type(self.field, raw, dict)
        self.sub = _Reader(raw, r.deck, r.rules, prefix=f"{r.prefix}{self.field}.")
        self.sub.placed = r.placed
        self.sub.unknown(f"{r.prefix}{self.field}", BOARD_FIELDS)
        self.raw = raw
        self.played: list[str] | None = None
        self.salt_on: dict[str, str] = {}
        if "played" in raw:
            self.played = self._read_played(r)
        self.hand = self.sub.card_list("hand", self.sub.get("hand", list, []))
        self.bonus: list[Ingredient] | None = None
        if "bonus" in raw:
            self.bonus = [
                self.sub.ingredient(f"bonus[{i}]", v)
                for i, v in enumerate(self.sub.get("bonus", list))
            ]

    def _read_played(self, r: _Reader) -> list[str]:
        sub = self.sub
        rules = r.rules
        played_raw = sub.get("played", list)
        if not played_raw:
            raise sub.fail("played", "a player always has at least their starting card in play")
        played: list[str] = []
        for i, entry in enumerate(played_raw):
            field = f"played[{i}]"
            sub.check_type(field, entry, str)
            words = entry.split()
            if len(words) == 3 and words[1].lower() == "on":
                card_id = sub.place(field, words[0])
                target = words[2].upper() if words[2].isascii() else words[2]
                if not r.cards[card_id].is_salt:
                    raise sub.fail(
                        field, f"{card_id} is not a Salt, so it is not played 'on' a card"
                    )
                if target not in played:
                    raise sub.fail(
                        field,
                        f"Salt {card_id} must go on a card played before it, not {short_repr(target)}",
                    )
                if r.cards[target].is_salt and not rules.salt_on_salt:
                    raise sub.fail(field, f"{target} is a Salt: a Salt goes on an ingredient card")
                self.salt_on[card_id] = target
            elif len(words) == 1:
                card_id = sub.place(field, words[0])
                if r.cards[card_id].is_salt:
                    raise sub.fail(
                        field, f"{card_id} is a Salt: write which card it is on, '{card_id} on N07'"
                    )
            else:
                raise sub.fail(
                    field, f"{short_repr(entry)} should be a card id, or 'SALT on CARD' for a Salt"
                )
            played.append(card_id)
        return played

    def state(self, r: _Reader) -> PlayerState:
        """The board once its starting card is known (``played`` is filled by then)."""
        sub = self.sub
        rules = r.rules
        played = self.played
        assert played is not None
        counter = rules.counter_after(len(played))
        if "counter" in self.raw:
            given = sub.count("counter", self.raw["counter"], 0, rules.counter_max)
            if given != counter:
                raise sub.fail(
                    "counter",
                    f"is {given} but {len(played)} cards are played, so it must be {counter}",
                )
        open_spaces = rules.open_spaces_at(counter)
        locked = rules.locked_spaces_at(counter)
        default_runes = "S" * rules.starting_suns + "M" * rules.starting_moons
        runes = self._runes(sub.get("runes", str, default_runes), open_spaces, locked)
        for card_id in self.hand + played:
            if r.cards[card_id].origin is Origin.START and card_id not in played[:1]:
                where = "hand" if card_id in self.hand else "played"
                raise sub.fail(
                    where, f"{card_id} is a starting card: it is only ever the first card played"
                )
        bonus = self.bonus or []
        earned = rules.bonuses_earned(counter)
        if len(bonus) > earned:
            raise sub.fail(
                "bonus", f"{len(bonus)} tokens, but the counter on {counter} has earned {earned}"
            )
        self.earned = earned
        sickles = sub.count("sickles", sub.get("sickles", int, rules.sickles), 0, rules.sickles)
        return PlayerState(
            runes.count("S"),
            runes.count("M"),
            sickles,
            tuple(self.hand),
            tuple(played),
            self.salt_on,
            tuple(bonus),
        )

    def _runes(self, runes: str, open_spaces: int, locked: int) -> str:
        """A full board (one letter per space) from the letters written: a full board as it
        is, or just the runes on the open spaces (``"SSM"``): the rest are empty and locked."""
        sub = self.sub
        spaces = open_spaces + locked
        shape = (
            f"{short_repr(runes)} should have {spaces} letters, one per space: S (Sun), M (Moon), "
            f". (empty), # (Padlock); or only the runes on the {open_spaces} open spaces, "
            "like 'SSM'"
        )
        if set(runes) - set(RUNE_LETTERS):
            raise sub.fail("runes", shape)
        if len(runes) == spaces:
            if runes.count("#") != locked:
                raise sub.fail(
                    "runes",
                    f"{runes!r} shows {runes.count('#')} Padlock(s), but with {open_spaces} open "
                    f"spaces there are {locked}",
                )
            if "#" in runes.rstrip("#"):
                raise sub.fail("runes", f"{runes!r}: Padlocks cover the last spaces")
            return runes
        if "#" in runes or len(runes) > open_spaces:
            raise sub.fail("runes", shape)
        return runes + "." * (open_spaces - len(runes)) + "#" * locked


def _read_rules(data: dict[str, Any]) -> Rules:
    changes = data.get("rules", {})
    if isinstance(changes, Rules):
        return changes
    if not isinstance(changes, dict):
        raise PositionError("rules", "should be a dict of the knobs that differ from the real game")
    try:
        return Rules.from_changes(changes)
    except RulesError as error:
        raise PositionError("rules", str(error)) from None


def _read_deck(data: dict[str, Any]) -> Deck:
    value = data.get("deck", "reference")
    if isinstance(value, Deck):
        return value
    if value == "reference":
        return reference_deck()
    if isinstance(value, dict) and isinstance(value.get("csv"), str):
        name = value.get("name", "custom")
        if not isinstance(name, str):
            raise PositionError("deck.name", f"should be text, not {short_repr(name)}")
        try:
            return parse_deck_text(value["csv"], source="deck.csv", name=name)
        except CarnutaError as error:
            raise PositionError("deck", str(error)) from None
    raise PositionError(
        "deck", 'should be "reference", {"name": ..., "csv": deck-file text} or a Deck'
    )


POSITION_FIELDS = {
    "format", "players", "deck", "rules", "seed", "reshuffles", "turn", "reserve",
    "bonus_tokens", "market", "decks", "discard", "box", "boards", "history",
}  # fmt: skip
TURN_FIELDS = {"round", "player", "actions_left", "phase", "final_round", "last_play_round"}


def read_state(data: Any, deck: Deck, rules: Rules, prefix: str = "") -> GameState:
    """Build a ``GameState`` from a position dict, checking every field and filling in what
    is left out (see the module's documentation)."""
    r = _Reader({}, deck, rules, prefix)
    r.check_type("position" if not prefix else prefix.rstrip("."), data, dict)
    r.data = data
    unknown = sorted(str(k) for k in set(data) - POSITION_FIELDS)
    if unknown:
        raise r.fail(unknown[0], f"unknown field (known: {', '.join(sorted(POSITION_FIELDS))})")
    players = r.get("players", int)
    if players not in rules.player_counts:
        counts = ", ".join(map(str, rules.player_counts))
        raise r.fail("players", f"Carnuta is played by {counts} players, not {short_repr(players)}")
    seed = r.count("seed", r.get("seed", int, 0), 0, MAX_SEED)
    reshuffles = r.count("reshuffles", r.get("reshuffles", int, 0), 0, 10_000)
    boards_raw = r.get("boards", list, [{}] * players)
    if len(boards_raw) != players:
        raise r.fail("boards", f"{len(boards_raw)} boards for {players} players")
    boards = [_Board(r, seat, b) for seat, b in enumerate(boards_raw)]

    discard = r.card_list("discard", r.get("discard", list, []))
    market_raw = r.get("market", dict, {})
    unknown = sorted(str(k) for k in set(market_raw) - {row.value for row in ROWS})
    if unknown:
        raise r.fail("market", f"has rows 'day' and 'night', not {unknown[0]!r}")
    decks_raw = r.get("decks", dict, {})
    unknown = sorted(str(k) for k in set(decks_raw) - {row.value for row in ROWS})
    if unknown:
        raise r.fail("decks", f"has decks 'day' and 'night', not {unknown[0]!r}")
    market: dict[Row, list[str | None]] = {}
    for row in ROWS:
        if row.value not in market_raw:
            continue
        field = f"market.{row}"
        slots = r.check_type(field, market_raw[row.value], list)
        if len(slots) != rules.market_row_size:
            raise r.fail(field, f"has {len(slots)} slots; a row has {rules.market_row_size}")
        market[row] = [
            None if c is None else r.place(f"{field}[{i}]", c) for i, c in enumerate(slots)
        ]
    tops = {row: r.card_list(f"decks.{row}", decks_raw.get(row.value, [])) for row in ROWS}
    box_raw = r.get("box", list, None)
    box = r.card_list("box", box_raw) if box_raw is not None else []

    # Boards without "played" get a starting card left over, dealt by the seed.
    starts = sorted(c.id for c in deck.of(Origin.START) if c.id not in r.placed)
    random.Random(f"{seed}/starting cards").shuffle(starts)
    for board in boards:
        if board.played is None:
            if not starts:
                raise r.fail(board.field + ".played", "no starting card is left to deal")
            card_id = starts.pop()
            r.placed[card_id] = f"{prefix}{board.field}.played[0]"
            board.played = [card_id]
    tokens = _read_tokens(r, data, boards, seed)
    states = [board.state(r) for board in boards]
    unplaced_starts = sorted(c.id for c in deck.of(Origin.START) if c.id not in r.placed)
    if box_raw is None:
        box = unplaced_starts
        for card_id in box:
            r.placed[card_id] = prefix + "box"
    elif unplaced_starts:
        # Every card is somewhere: a starting card on no board is in the box.
        raise r.fail(
            "box",
            f"starting card(s) {', '.join(unplaced_starts)} are nowhere: a starting card on no "
            "board is in the box (list it there, or leave box out)",
        )

    # Cards written nowhere go into their deck, shuffled by the seed, under the listed tops.
    rng = random.Random(seed)
    decks: dict[Row, list[str]] = {}
    for row in ROWS:
        rest = [c.id for c in deck if c.origin.row is row and c.id not in r.placed]
        rng.shuffle(rest)
        decks[row] = rest + list(reversed(tops[row]))
    _check_zones(r, discard, market, decks, box)
    for row in ROWS:
        if row not in market:
            market[row] = [
                decks[row].pop() if decks[row] else None for _ in range(rules.market_row_size)
            ]

    reserve_suns, reserve_moons = _read_reserve(r, players, states)
    turn = _read_turn(r, data, players, boards, states, tokens)
    return GameState(
        players=states,
        current=turn["player"],
        round=turn["round"],
        actions_left=turn["actions_left"],
        phase=turn["phase"],
        market={row: tuple(market[row]) for row in ROWS},
        decks={row: tuple(decks[row]) for row in ROWS},
        discard=tuple(discard),
        reserve_suns=reserve_suns,
        reserve_moons=reserve_moons,
        bonus_tokens=tuple(tokens),
        final_round=turn["final_round"],
        last_play_round=turn["last_play_round"],
        seed=seed,
        reshuffles=reshuffles,
        box=tuple(box),
        log=None,
    )


def _read_reserve(r: _Reader, players: int, states: list[PlayerState]) -> tuple[int, int]:
    """The reserve as written, or the runes left over from the boards (Suns first)."""
    rules = r.rules
    reserve = r.get("reserve", dict, {})
    unknown = sorted(str(k) for k in set(reserve) - {"sun", "moon"})
    if unknown:
        raise r.fail("reserve", f"has only 'sun' and 'moon' counts, not {unknown[0]!r}")
    on_boards = sum(p.suns + p.moons for p in states)
    total = rules.total_runes(players)
    left = total - on_boards
    if left < 0:
        raise r.fail(
            "boards",
            f"{on_boards} runes on the boards, but a {players}-player game has {total} in all",
        )
    suns = r.count("reserve.sun", reserve["sun"], 0, total) if "sun" in reserve else None
    moons = r.count("reserve.moon", reserve["moon"], 0, total) if "moon" in reserve else None
    if suns is None:
        suns = left - moons if moons is not None else left - left // 2
    if moons is None:
        moons = left - suns
    if suns < 0 or moons < 0 or suns + moons != left:
        raise r.fail(
            "reserve",
            f"{on_boards + suns + moons} runes in play ({on_boards} on boards, {suns + moons} in "
            f"the reserve), but a {players}-player game has {total}",
        )
    return suns, moons


def _read_tokens(
    r: _Reader, data: dict[str, Any], boards: list[_Board], seed: int
) -> list[Ingredient]:
    """The tokens in the center. A board that does not write ``bonus`` holds the tokens its
    counter earned (but the one a player choosing a token is about to take), dealt by the
    seed from those written nowhere (fewer if none is left)."""
    rules = r.rules
    turn = data.get("turn")
    claiming = (
        turn.get("player", 0)
        if isinstance(turn, dict) and turn.get("phase") == str(BONUS)
        else None
    )
    written = [t for b in boards if b.bonus is not None for t in b.bonus]
    center: list[Ingredient] | None = None
    if "bonus_tokens" in data:
        raw = r.get("bonus_tokens", list)
        center = [r.ingredient(f"bonus_tokens[{i}]", v) for i, v in enumerate(raw)]
    free = [i for i in INGREDIENTS if i not in written and (center is None or i not in center)]
    random.Random(f"{seed}/bonus tokens").shuffle(free)
    for seat, b in enumerate(boards):
        if b.bonus is None:
            assert b.played is not None
            earned = rules.bonuses_earned(rules.counter_after(len(b.played)))
            owed = max(0, earned - (1 if seat == claiming else 0))
            b.bonus = [free.pop() for _ in range(min(owed, len(free)))]
    held = [t for b in boards for t in b.bonus or []]
    tokens = center if center is not None else [i for i in INGREDIENTS if i not in held]
    all_tokens = tokens + held
    if len(set(all_tokens)) != len(all_tokens):
        twice = next(i for i in all_tokens if all_tokens.count(i) > 1)
        raise r.fail("bonus_tokens", f"the {twice} token is in two places")
    tokens.sort(key=INGREDIENTS.index)
    return tokens


def _read_turn(
    r: _Reader,
    data: dict[str, Any],
    players: int,
    boards: list[_Board],
    states: list[PlayerState],
    tokens: list[Ingredient],
) -> dict[str, Any]:
    rules = r.rules
    turn = r.get("turn", dict, {})
    t = _Reader(turn, r.deck, rules, prefix=f"{r.prefix}turn.")
    unknown = sorted(str(k) for k in set(turn) - TURN_FIELDS)
    if unknown:
        raise t.fail(unknown[0], f"unknown field (known: {', '.join(sorted(TURN_FIELDS))})")
    round_ = t.count("round", t.get("round", int, 1), 1, 100_000)
    current = t.count("player", t.get("player", int, 0), 0, players - 1)
    actions_left = t.count(
        "actions_left",
        t.get("actions_left", int, rules.actions_per_turn),
        0,
        rules.actions_per_turn,
    )
    phase_word = t.get("phase", str, str(ACTIONS))
    if phase_word not in PHASES:
        raise t.fail("phase", f"should be one of {', '.join(PHASES)}, not {short_repr(phase_word)}")
    phase = Phase(phase_word)
    last_play = t.count("last_play_round", t.get("last_play_round", int, round_ - 1), 0, round_)
    final_round = t.get("final_round", (int, type(None)), None)
    if isinstance(final_round, bool):
        raise t.fail("final_round", f"should be a round number or null, not {final_round!r}")
    triggered = [seat for seat, p in enumerate(states) if len(p.played) >= rules.end_trigger]
    if triggered and final_round is None:
        raise t.fail(
            "final_round",
            f"player {triggered[0] + 1} has played {len(states[triggered[0]].played)} cards, so the "
            "end is triggered: give the last round",
        )
    if final_round is not None and not triggered:
        raise t.fail("final_round", f"no player has played {rules.end_trigger} cards yet")
    if final_round is not None and final_round < round_ - (1 if phase == OVER else 0):
        raise t.fail("final_round", f"round {final_round} is already past (this is round {round_})")
    if phase == OVER:
        ended = final_round is not None and round_ >= final_round and current == players - 1
        stalled = (
            rules.stalemate_rounds is not None
            and round_ - last_play >= rules.stalemate_rounds
            and current == players - 1
        )
        if not (ended or stalled):
            raise t.fail(
                "phase",
                "the game is not over: it ends after the last player's turn of the final round "
                "(or after the stalemate ruling's idle rounds)",
            )
    if phase == BONUS and not tokens:
        raise t.fail("phase", "no Bonus Ingredient token is left to choose")
    for seat, (board, p) in enumerate(zip(boards, states, strict=True)):
        claiming = seat == current and phase == BONUS
        if claiming and len(p.bonus) != board.earned - 1:
            raise t.fail("phase", f"player {seat + 1} has no bonus space to claim")
        if len(p.bonus) < board.earned - (1 if claiming else 0) and tokens:
            raise r.fail(
                f"boards[{seat}].bonus",
                f"the counter on {rules.counter_after(len(p.played))} has earned "
                f"{board.earned} token(s) but the player holds {len(p.bonus)} while tokens are "
                "still in the center (a bonus is lost only when none is left)",
            )
    if phase == DISCARD and len(states[current].hand) <= rules.hand_limit:
        raise t.fail("phase", f"player {current + 1} holds no more than {rules.hand_limit} cards")
    for seat, p in enumerate(states):
        if seat != current and len(p.hand) > rules.hand_limit:
            raise r.fail(
                f"boards[{seat}].hand",
                f"{len(p.hand)} cards; a player ends each turn with at most {rules.hand_limit}",
            )
    return {
        "round": round_,
        "player": current,
        "actions_left": actions_left,
        "phase": phase,
        "final_round": final_round,
        "last_play_round": last_play,
    }


def _check_zones(
    r: _Reader,
    discard: list[str],
    market: dict[Row, list[str | None]],
    decks: dict[Row, list[str]],
    box: list[str],
) -> None:
    """Cards sit only where they can: Day cards in Day places, starting cards never in decks."""
    for zone, ids in (
        [("discard", discard), ("box", box)]
        + [(f"market.{row}", [c for c in market.get(row, []) if c]) for row in ROWS]
        + [(f"decks.{row}", decks.get(row, [])) for row in ROWS]
    ):
        for card_id in ids:
            origin = r.cards[card_id].origin
            if zone == "box":
                ok = origin is Origin.START
            elif zone == "discard":
                ok = origin is not Origin.START
            else:
                ok = origin.value == zone.split(".")[1]
            if not ok:
                raise r.fail(
                    zone, f"{card_id} ({origin} card) cannot be in the {zone.replace('.', ' ')}"
                )


def game_from_json(text: str | dict[str, Any]) -> Game:
    """Load a position or a saved game; a problem is a ``PositionError`` naming the field.

    ``text`` is JSON text or the same as a dict (whose ``deck`` may also be a ``Deck`` and
    ``rules`` a ``Rules``). Limits, checked before any other work: ``MAX_TEXT`` characters,
    ``MAX_NESTING`` levels of lists and objects, ``MAX_HISTORY`` actions.
    """
    from .game import Game

    data = saves.read_save(text, PositionError, FORMAT)
    deck = _read_deck(data)
    rules = _read_rules(data)
    history = data.get("history")
    if history is None:
        return _staged(Game, deck, rules, read_state(data, deck, rules))
    start, actions = saves.check_history(history, PositionError)
    start.setdefault("players", data.get("players"))
    game = _staged(Game, deck, rules, read_state(start, deck, rules, prefix="history.start."))
    saves.replay_actions(game.play, actions, CarnutaError, PositionError)
    given = {k: v for k, v in data.items() if k != "history"}
    if set(given) - {"format", "deck", "rules"}:
        _check_replay_matches(game, given)
    return game


def _staged(game_type: Callable[..., Game], deck: Deck, rules: Rules, state: GameState) -> Game:
    from .game import check_deck_fits

    check_deck_fits(deck, rules, len(state.players))
    game = game_type(deck, rules, state)
    return game


def _check_replay_matches(game: Game, given: dict[str, Any]) -> None:
    reached = position_dict(game)
    for key, value in given.items():
        if key in ("format", "deck", "rules"):
            continue
        if reached.get(key) != value:
            detail = first_difference(reached.get(key), value, key)
            raise PositionError(
                "history", f"replaying the actions does not reach this position ({detail} differs)"
            )
