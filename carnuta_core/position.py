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

from .deck import Deck, parse_deck_text, reference_deck
from .errors import CarnutaError, PositionError, RulesError
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
        runes = "S" * view.suns + "M" * view.moons + "." * view.empty_spaces
        runes += "#" * view.locked_spaces
        salt_on = game.salt_on(seat)
        boards.append(
            {
                "runes": runes,
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


# ---------------------------------------------------------------- reading
class _Reader:
    """Reads one position dict, naming the field of every problem."""

    def __init__(self, data: dict[str, Any], deck: Deck, rules: Rules, prefix: str = ""):
        self.data = data
        self.deck = deck
        self.rules = rules
        self.prefix = prefix
        self.cards = {card.id: card for card in deck}
        self.placed: dict[str, str] = {}

    def fail(self, field: str, message: str) -> PositionError:
        return PositionError(self.prefix + field, message)

    def get(self, field: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if field not in self.data:
            if default is ...:
                raise self.fail(field, "is required")
            return default
        value = self.data[field]
        return self.check_type(field, value, kind)

    def check_type(self, field: str, value: Any, kind: type | tuple[type, ...]) -> Any:
        if isinstance(value, bool) and kind is int or not isinstance(value, kind):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            raise self.fail(field, f"should be {_article(names)} {names}, not {value!r}")
        return value

    def count(self, field: str, value: Any, low: int, high: int | None = None) -> int:
        self.check_type(field, value, int)
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise self.fail(field, f"should be {bound}, not {value}")
        return int(value)

    def place(self, field: str, value: Any) -> str:
        if not isinstance(value, str) or value.upper() not in self.cards:
            raise self.fail(field, f"{value!r} is not a card of the {self.deck.name} deck")
        card_id = value.upper()
        if card_id in self.placed:
            raise self.fail(field, f"card {card_id} is also in {self.placed[card_id]}")
        self.placed[card_id] = self.prefix + field
        return card_id

    def card_list(self, field: str, value: Any) -> list[str]:
        self.check_type(field, value, list)
        return [self.place(f"{field}[{i}]", c) for i, c in enumerate(value)]

    def ingredient(self, field: str, value: Any) -> Ingredient:
        try:
            found = lookup(Ingredient, str(value), "ingredient")
        except ValueError as error:
            raise self.fail(field, str(error)) from None
        assert isinstance(found, Ingredient)
        return found


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _read_board(r: _Reader, seat: int, board: Any) -> PlayerState:
    rules = r.rules
    f = f"boards[{seat}]"
    r.check_type(f, board, dict)
    unknown = sorted(set(board) - {"runes", "counter", "sickles", "hand", "played", "bonus"})
    if unknown:
        raise r.fail(f, f"unknown field(s): {', '.join(unknown)}")
    sub = _Reader(board, r.deck, rules, prefix=f"{r.prefix}{f}.")
    sub.placed = r.placed
    played_raw = sub.get("played", list)
    if not played_raw:
        raise sub.fail("played", "a player always has at least their starting card in play")
    played: list[str] = []
    salt_on: dict[str, str] = {}
    for i, entry in enumerate(played_raw):
        field = f"played[{i}]"
        sub.check_type(field, entry, str)
        words = entry.split()
        if len(words) == 3 and words[1].lower() == "on":
            card_id = sub.place(field, words[0])
            target = words[2].upper()
            if not r.cards[card_id].is_salt:
                raise sub.fail(field, f"{card_id} is not a Salt, so it is not played 'on' a card")
            if target not in played:
                raise sub.fail(
                    field, f"Salt {card_id} must go on a card played before it, not {target}"
                )
            if r.cards[target].is_salt and not rules.salt_on_salt:
                raise sub.fail(field, f"{target} is a Salt: a Salt goes on an ingredient card")
            salt_on[card_id] = target
        elif len(words) == 1:
            card_id = sub.place(field, words[0])
            if r.cards[card_id].is_salt:
                raise sub.fail(
                    field, f"{card_id} is a Salt: write which card it is on, '{card_id} on N07'"
                )
        else:
            raise sub.fail(field, f"{entry!r} should be a card id, or 'SALT on CARD' for a Salt")
        played.append(card_id)
    counter = rules.counter_after(len(played))
    if "counter" in board:
        given = sub.count("counter", board["counter"], 0, rules.counter_max)
        if given != counter:
            raise sub.fail(
                "counter", f"is {given} but {len(played)} cards are played, so it must be {counter}"
            )
    runes = sub.get("runes", str)
    if len(runes) != rules.rune_spaces or set(runes) - set(RUNE_LETTERS):
        raise sub.fail(
            "runes",
            f"{runes!r} should have {rules.rune_spaces} letters, one per space: "
            "S (Sun), M (Moon), . (empty), # (Padlock)",
        )
    locked = rules.locked_spaces_at(counter)
    if runes.count("#") != locked:
        raise sub.fail(
            "runes",
            f"{runes!r} shows {runes.count('#')} Padlock(s), but with the counter on {counter} "
            f"there are {locked}",
        )
    hand = sub.card_list("hand", sub.get("hand", list, []))
    for card_id in hand + played:
        if r.cards[card_id].origin is Origin.START and card_id not in played[:1]:
            where = "hand" if card_id in hand else "played"
            raise sub.fail(
                where, f"{card_id} is a starting card: it is only ever the first card played"
            )
    bonus = [sub.ingredient(f"bonus[{i}]", v) for i, v in enumerate(sub.get("bonus", list, []))]
    earned = rules.bonuses_earned(counter)
    if len(bonus) > earned:
        raise sub.fail(
            "bonus", f"{len(bonus)} tokens, but the counter on {counter} has earned {earned}"
        )
    sickles = sub.count("sickles", sub.get("sickles", int, rules.sickles), 0, rules.sickles)
    return PlayerState(
        runes.count("S"),
        runes.count("M"),
        sickles,
        tuple(hand),
        tuple(played),
        salt_on,
        tuple(bonus),
    )


def _read_rules(data: dict[str, Any]) -> Rules:
    changes = data.get("rules", {})
    if not isinstance(changes, dict):
        raise PositionError(
            "rules", "should be a dict of the fields that differ from the real game"
        )
    try:
        return Rules.from_changes(changes)
    except (RulesError, TypeError) as error:
        raise PositionError("rules", str(error)) from None


def _read_deck(data: dict[str, Any]) -> Deck:
    value = data.get("deck", "reference")
    if value == "reference":
        return reference_deck()
    if isinstance(value, dict) and isinstance(value.get("csv"), str):
        try:
            return parse_deck_text(
                value["csv"], source="deck.csv", name=str(value.get("name", "custom"))
            )
        except CarnutaError as error:
            raise PositionError("deck", str(error)) from None
    raise PositionError("deck", 'should be "reference" or {"name": ..., "csv": deck-file text}')


def read_state(data: Any, deck: Deck, rules: Rules, prefix: str = "") -> GameState:
    """Build a ``GameState`` from a position dict, checking every field."""
    r = _Reader({}, deck, rules, prefix)
    r.check_type("position" if not prefix else prefix.rstrip("."), data, dict)
    r.data = data
    known = {
        "format", "players", "deck", "rules", "seed", "reshuffles", "turn", "reserve",
        "bonus_tokens", "market", "decks", "discard", "box", "boards", "history",
    }  # fmt: skip
    unknown = sorted(set(data) - known)
    if unknown:
        raise r.fail(unknown[0], f"unknown field (known: {', '.join(sorted(known))})")
    players = r.get("players", int)
    if players not in rules.player_counts:
        counts = ", ".join(map(str, rules.player_counts))
        raise r.fail("players", f"Carnuta is played by {counts} players, not {players}")
    seed = r.count("seed", r.get("seed", int, 0), 0)
    reshuffles = r.count("reshuffles", r.get("reshuffles", int, 0), 0)
    boards_raw = r.get("boards", list)
    if len(boards_raw) != players:
        raise r.fail("boards", f"{len(boards_raw)} boards for {players} players")
    boards = [_read_board(r, seat, b) for seat, b in enumerate(boards_raw)]

    reserve = r.get("reserve", dict)
    unknown = sorted(set(reserve) - {"sun", "moon"})
    if unknown:
        raise r.fail("reserve", f"has only 'sun' and 'moon' counts, not {unknown[0]!r}")
    reserve_suns = r.count("reserve.sun", reserve.get("sun", 0), 0)
    reserve_moons = r.count("reserve.moon", reserve.get("moon", 0), 0)
    on_boards = sum(p.suns + p.moons for p in boards)
    total = on_boards + reserve_suns + reserve_moons
    expected = rules.total_runes(players)
    if total != expected:
        raise r.fail(
            "reserve",
            f"{total} runes in play ({on_boards} on boards, {reserve_suns + reserve_moons} in the "
            f"reserve), but a {players}-player game has {expected}",
        )

    discard = r.card_list("discard", r.get("discard", list, []))
    market_raw = r.get("market", dict, None)
    decks_raw = r.get("decks", dict, None)
    box_raw = r.get("box", list, None)
    market: dict[Row, list[str | None]] = {}
    if market_raw is not None:
        for row in ROWS:
            field = f"market.{row}"
            slots = market_raw.get(row.value)
            r.check_type(field, slots, list)
            if len(slots) != rules.market_row_size:
                raise r.fail(field, f"has {len(slots)} slots; a row has {rules.market_row_size}")
            market[row] = [
                None if c is None else r.place(f"{field}[{i}]", c) for i, c in enumerate(slots)
            ]
    decks: dict[Row, list[str]] = {}
    if decks_raw is not None:
        for row in ROWS:
            decks[row] = list(reversed(r.card_list(f"decks.{row}", decks_raw.get(row.value, []))))
    box = r.card_list("box", box_raw) if box_raw is not None else []
    _check_zones(r, discard, market, decks, box)
    rng = random.Random(seed)
    missing = [c.id for c in deck if c.id not in r.placed]
    if decks_raw is None:
        for row in ROWS:
            decks[row] = [c for c in missing if deck[c].origin.row is row]
            rng.shuffle(decks[row])
    if box_raw is None:
        box = sorted(c for c in missing if deck[c].origin is Origin.START)
    if market_raw is None:
        for row in ROWS:
            market[row] = [
                decks[row].pop() if decks[row] else None for _ in range(rules.market_row_size)
            ]
    in_market = {c for row in ROWS for c in market[row] if c is not None}
    unplaced = sorted(
        c
        for c in missing
        if c not in box and c not in in_market and all(c not in decks[row] for row in ROWS)
    )
    if unplaced:
        raise r.fail(
            "decks",
            f"card(s) {', '.join(unplaced)} are nowhere (list them in a deck, the discard or the box)",
        )

    held = [t for p in boards for t in p.bonus]
    if "bonus_tokens" in data:
        tokens = [
            r.ingredient(f"bonus_tokens[{i}]", v) for i, v in enumerate(r.get("bonus_tokens", list))
        ]
    else:
        tokens = [i for i in INGREDIENTS if i not in held]
    all_tokens = tokens + held
    if len(set(all_tokens)) != len(all_tokens):
        twice = next(i for i in all_tokens if all_tokens.count(i) > 1)
        raise r.fail("bonus_tokens", f"the {twice} token is in two places")
    tokens.sort(key=INGREDIENTS.index)

    turn = r.get("turn", dict, {})
    t = _Reader(turn, deck, rules, prefix=f"{prefix}turn.")
    unknown = sorted(set(turn) - {"round", "player", "actions_left", "phase", "final_round"})
    if unknown:
        raise t.fail(
            unknown[0], "unknown field (known: round, player, actions_left, phase, final_round)"
        )
    round_ = t.count("round", t.get("round", int, 1), 1)
    current = t.count("player", t.get("player", int, 0), 0, players - 1)
    actions_left = t.count(
        "actions_left",
        t.get("actions_left", int, rules.actions_per_turn),
        0,
        rules.actions_per_turn,
    )
    phase_word = t.get("phase", str, str(ACTIONS))
    if phase_word not in PHASES:
        raise t.fail("phase", f"should be one of {', '.join(PHASES)}, not {phase_word!r}")
    phase = Phase(phase_word)
    final_round = t.get("final_round", (int, type(None)), None)
    triggered = [seat for seat, p in enumerate(boards) if len(p.played) >= rules.end_trigger]
    if triggered and final_round is None:
        raise t.fail(
            "final_round",
            f"player {triggered[0] + 1} has played {len(boards[triggered[0]].played)} cards, so the "
            "end is triggered: give the last round",
        )
    if final_round is not None and not triggered:
        raise t.fail("final_round", f"no player has played {rules.end_trigger} cards yet")
    if final_round is not None and final_round < round_ - (1 if phase == OVER else 0):
        raise t.fail("final_round", f"round {final_round} is already past (this is round {round_})")
    if phase == BONUS and not tokens:
        raise t.fail("phase", "no Bonus Ingredient token is left to choose")
    if phase == BONUS and len(boards[current].bonus) >= rules.bonuses_earned(
        rules.counter_after(len(boards[current].played))
    ):
        raise t.fail("phase", f"player {current + 1} has no bonus space to claim")
    if phase == DISCARD and len(boards[current].hand) <= rules.hand_limit:
        raise t.fail("phase", f"player {current + 1} holds no more than {rules.hand_limit} cards")
    for seat, p in enumerate(boards):
        if seat != current and len(p.hand) > rules.hand_limit:
            raise r.fail(
                f"boards[{seat}].hand",
                f"{len(p.hand)} cards; a player ends each turn with at most {rules.hand_limit}",
            )
    return GameState(
        players=boards,
        current=current,
        round=round_,
        actions_left=actions_left,
        phase=phase,
        market={row: tuple(market[row]) for row in ROWS},
        decks={row: tuple(decks[row]) for row in ROWS},
        discard=tuple(discard),
        reserve_suns=reserve_suns,
        reserve_moons=reserve_moons,
        bonus_tokens=tuple(tokens),
        final_round=final_round,
        seed=seed,
        reshuffles=reshuffles,
        box=tuple(box),
        log=None,
    )


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
    """Load a position or a saved game; a problem is a ``PositionError`` naming the field."""
    from .game import Game

    if isinstance(text, str):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise PositionError(
                "json", f"not valid JSON (line {error.lineno}: {error.msg})"
            ) from None
    else:
        data = text
    if not isinstance(data, dict):
        raise PositionError("position", "should be a JSON object")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise PositionError("format", f"{fmt!r} is not {FORMAT!r}")
    deck = _read_deck(data)
    rules = _read_rules(data)
    history = data.get("history")
    if history is None:
        return _staged(Game, deck, rules, read_state(data, deck, rules))
    if not isinstance(history, dict) or not isinstance(history.get("actions"), list):
        raise PositionError("history", 'should be {"start": position, "actions": [...]}')
    start = dict(history.get("start", {}))
    start.setdefault("players", data.get("players"))
    game = _staged(Game, deck, rules, read_state(start, deck, rules, prefix="history.start."))
    for i, action in enumerate(history["actions"]):
        try:
            game.play(action)
        except CarnutaError as error:
            raise PositionError(f"history.actions[{i}]", str(error)) from None
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
            detail = _first_difference(reached.get(key), value, key)
            raise PositionError(
                "history", f"replaying the actions does not reach this position ({detail} differs)"
            )


def _first_difference(a: Any, b: Any, path: str) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path
