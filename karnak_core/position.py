"""Positions as JSON, and positions staged by hand from a mat written as text.

A save (``Game.to_json``) is the position now; loading it gives an equal game. Only
``players`` is required: what is left out takes its value in the game ``Game.new`` sets up
with the same ``seed`` (hands dealt, decks shuffled), less whatever the other fields put
elsewhere. Seats are numbers from 0.

================  ==============================================================
field             meaning
================  ==============================================================
``rules``         the knobs that differ from the printed game
``designs``       the Design file's lines, when the game plays with its own Designs
``seed``          the seed the decks were shuffled with (0)
``player``        the seat to act; ``starter`` the seat that took the first turn
``round``         the round (from 1); ``over``: the game has ended
``phase``         ``turn`` ``place`` ``put`` ``lift`` ``after`` ``revealing`` ``discard``
``put``           in phase ``put``: the shape to put and whether it must be white
``resume``        the phase a Favor card's piece returns to (``turn`` or ``after``)
``mat``           the pieces, one cell a line (``"c4: Cy Dw"``, bottom first), and
                  ``"priests: e2 f5"``
``priests``       the Priests each seat holds; ``priest_supply`` those in the supply
``hands``         each seat's Designs (ids); ``revealed`` those each has shown
``favors``        each seat's Favor cards by kind (``{"cube": 1}``)
``deck``          the Design deck, top first; ``favor_deck`` the Favor deck, top first
``discarded``     the hidden Designs each seat discarded, by id (``{"K05": 1}``)
``favor_out``     the Favor cards left in the box; ``favor_used`` those used
================  ==============================================================

>>> from karnak_core.game import Game
>>> game = staged(2, mat="c4: Cy Dw\\nd4: Cy\\npriests: e4", hands=[["K01"], []])
>>> game.building().lines(), game.hand(0)[0].id
(['c4: Cy Dw', 'd4: Cy', 'priests: e4'], 'K01')
>>> Game.from_json(game.to_json()) == game
True
>>> staged(2, mat="c4: Cy Zz")
Traceback (most recent call last):
...
karnak_core.errors.PositionError: mat: line 1: 'Zz' is not a piece (a shape letter T S D R C and a colour y or w: Cy, Dw)
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from tabletop import saves
from tabletop.fields import FieldReader
from tabletop.saves import short_repr

from .designs import REFERENCE_DESIGNS, Design, load_designs
from .errors import DesignError, PositionError, RulesError
from .mat import SHAPES, Building, piece_from_text
from .rules import FAVOR_KINDS, Rules, cards_counted
from .state import AFTER, DISCARD, PHASES, PUT, TURN, State

if TYPE_CHECKING:
    from .game import Game

FORMAT = "karnak/1"
FIELDS = ("format", "players", "rules", "designs", "seed", "player", "starter", "round",
          "over", "phase", "put", "resume", "mat", "priests", "priest_supply", "hands",
          "revealed", "favors", "deck", "discarded", "favor_deck", "favor_out", "favor_used")  # fmt: skip


def design_lines(designs: tuple[Design, ...]) -> list[str]:
    """Designs as the lines of a Design file."""
    return [f"{d.id} | {d.name} | {d.name_fr} | {d.points} | {d.text}" for d in designs]


def _kinds(counts: list[int]) -> dict[str, int]:
    return {FAVOR_KINDS[k]: n for k, n in enumerate(counts) if n}


def to_data(game: Game, s: State) -> dict[str, Any]:
    """A game's position as a JSON-ready dict."""
    ids = [d.id for d in game.designs]
    return {
        "format": FORMAT,
        "players": len(s.hands),
        "rules": game.rules.changes(),
        "designs": None if game.designs is REFERENCE_DESIGNS else design_lines(game.designs),
        "seed": s.seed,
        "player": s.current,
        "starter": s.starter,
        "round": s.round,
        "over": s.over,
        "phase": PHASES[s.phase],
        "put": {"shape": SHAPES[s.put_shape], "white": s.put_white} if s.phase == PUT else None,
        "resume": PHASES[s.resume],
        "mat": game.building().lines(),
        "priests": list(s.priests),
        "priest_supply": s.priest_supply,
        "hands": [[ids[i] for i in hand] for hand in s.hands],
        "revealed": [[ids[i] for i in row] for row in s.revealed],
        "favors": [_kinds(row) for row in s.favors],
        "deck": [ids[i] for i in reversed(s.deck)],
        "discarded": {ids[i]: seat for i, seat in enumerate(s.discarded_by) if seat >= 0},
        "favor_deck": [FAVOR_KINDS[k] for k in reversed(s.favor_deck)],
        "favor_out": [FAVOR_KINDS[k] for k in s.favor_out],
        "favor_used": [FAVOR_KINDS[k] for k in s.favor_used],
    }


def to_json(game: Game, *, indent: int | None = 1) -> str:
    return json.dumps(game.position(), indent=indent, ensure_ascii=False)


def from_json(text: str | dict[str, Any]) -> Game:
    """The game a save or position describes; ``PositionError`` names any bad field."""
    return from_data(saves.read_save(text, PositionError, FORMAT))


def staged(players: int, mat: str | list[str] = "", **fields: Any) -> Game:
    """A position built by hand: ``mat`` in ``Building.lines()`` text (one cell a line,
    ``"c4: Cy Dw"``, and ``"priests: e2"``), the other fields as in a save."""
    return from_data({"players": players, "mat": mat, **fields})


def read_mat(lines: Any, rules: Rules) -> Building:
    """A ``Building`` from its lines; ``PositionError`` on field ``mat`` names the line."""
    layout = rules.layout
    if isinstance(lines, str):
        lines = lines.splitlines()
    if not isinstance(lines, list) or len(lines) > 2 * layout.size:
        raise PositionError("mat", f"should be lines like 'c4: Cy Dw', not {short_repr(lines)}")
    building = Building.empty(layout)
    caps = {SHAPES.index(shape) for shape in rules.caps}
    priests: list[int] = []
    seen: set[int] = set()
    for number, line in enumerate(lines, start=1):
        if not isinstance(line, str):
            raise PositionError("mat", f"line {number}: should be text, not {short_repr(line)}")
        if not line.strip():
            continue
        where = f"line {number}"
        head, colon, rest = line.partition(":")
        if not colon:
            raise PositionError(
                "mat", f"{where}: write a cell, a colon and pieces, like 'c4: Cy Dw'"
            )
        words = rest.split()
        if head.strip().lower() == "priests":
            for word in words:
                cell = layout.find(word.lower())
                if cell is None or cell in priests:
                    raise PositionError("mat", f"{where}: {short_repr(word)} is not a free cell")
                priests.append(cell)
            continue
        cell = layout.find(head.strip().lower())
        if cell is None or cell in seen:
            raise PositionError(
                "mat", f"{where}: {short_repr(head.strip())} is not a cell of the mat, or twice"
            )
        seen.add(cell)
        if len(words) > rules.max_level:
            raise PositionError("mat", f"{where}: a stack holds at most {rules.max_level} pieces")
        for level, word in enumerate(words):
            code = piece_from_text(word)
            if code is None:
                raise PositionError(
                    "mat",
                    f"{where}: {short_repr(word)} is not a piece (a shape letter T S D R C and a "
                    "colour y or w: Cy, Dw)",
                )
            if level and building.stacks[cell][-1] >> 1 in caps:
                raise PositionError(
                    "mat",
                    f"{where}: nothing can stand on a {SHAPES[building.stacks[cell][-1] >> 1]}",
                )
            building = building.put(cell, code)
    for cell in priests:
        if building.stacks[cell]:
            raise PositionError("mat", f"the Priest on {layout.name(cell)} stands on pieces")
        touched = building.priest_touches(cell)
        if len(touched) != 1:
            raise PositionError(
                "mat",
                f"the Priest on {layout.name(cell)} touches {len(touched)} pieces on the mat; "
                "a Priest touches exactly one",
            )
        if touched[0] in building.held_by_priests():
            # RULING 4: a Priest never touches a structure another Priest already holds.
            raise PositionError(
                "mat",
                f"the Priest on {layout.name(cell)} touches a structure another Priest holds",
            )
        building = building.add_priest(cell)
    return building


class _Reader(FieldReader):
    def __init__(self, data: dict[str, Any]):
        super().__init__(data, "", error=PositionError, show=short_repr)

    def seat(self, field: str, players: int, default: int) -> int:
        return self.count(field, self.get(field, int, default), 0, players - 1)

    def phase(self, field: str, default: str) -> int:
        value = self.get(field, str, default)
        if value not in PHASES:
            raise self.fail(field, f"should be one of {', '.join(PHASES)}, not {short_repr(value)}")
        return PHASES.index(value)

    def per_seat(self, field: str, players: int) -> list[Any] | None:
        value = self.get(field, list, None)
        if value is not None and len(value) != players:
            raise self.fail(field, f"should have one entry per seat ({players}), not {len(value)}")
        found: list[Any] | None = value
        return found

    def cards(self, field: str, value: Any, index: dict[str, int]) -> list[int]:
        self.check_type(field, value, list)
        found = []
        for i, card in enumerate(value):
            if not isinstance(card, str) or card.upper() not in index:
                raise self.fail(f"{field}[{i}]", f"{short_repr(card)} is not a Design of this game")
            found.append(index[card.upper()])
        return found

    def kinds(self, field: str, value: Any) -> list[int]:
        self.check_type(field, value, list)
        found = []
        for i, kind in enumerate(value):
            if kind not in FAVOR_KINDS:
                raise self.fail(
                    f"{field}[{i}]",
                    f"should be one of {', '.join(FAVOR_KINDS)}, not {short_repr(kind)}",
                )
            found.append(FAVOR_KINDS.index(kind))
        return found

    def kind_counts(self, field: str, value: Any) -> list[int]:
        self.check_type(field, value, dict)
        counts = [0] * len(FAVOR_KINDS)
        for kind, n in value.items():
            if kind not in FAVOR_KINDS:
                raise self.fail(
                    field, f"{short_repr(kind)} is not a Favor kind ({', '.join(FAVOR_KINDS)})"
                )
            counts[FAVOR_KINDS.index(kind)] = self.count(f"{field}.{kind}", n, 0, 60)
        return counts


def _take(pool: list[int], wanted: list[int], field: str, what: str) -> None:
    """Remove ``wanted`` from ``pool`` (one each), or name the field that asks for too many."""
    for card in wanted:
        if card not in pool:
            raise PositionError(field, f"more {what} than the game has")
        pool.remove(card)


def from_data(data: dict[str, Any]) -> Game:
    """The game a position dict describes (``to_data``'s inverse)."""
    from .game import Game, as_rules, check_designs, setup_state

    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise PositionError(
            str(unknown[0])[:40], f"is not a field (the fields: {', '.join(FIELDS)})"
        )
    r = _Reader(data)
    try:
        rules = as_rules(r.get("rules", dict, {}))
    except RulesError as error:
        raise PositionError("rules", str(error)) from None
    designs_text = r.get("designs", (list, type(None)), None)
    designs = REFERENCE_DESIGNS
    if designs_text is not None:
        if any(not isinstance(line, str) for line in designs_text):
            raise PositionError("designs", "should be the lines of a Design file")
        try:
            designs = load_designs("\n".join(designs_text))
        except DesignError as error:
            raise PositionError("designs", str(error)) from None
    players = r.count("players", r.get("players", int), 2, 4)
    seed = r.count("seed", r.get("seed", int, 0), 0, saves.MAX_SEED)
    s = setup_state(players, seed, rules, check_designs(designs), 0)
    index = {d.id.upper(): i for i, d in enumerate(designs)}
    s.current = r.seat("player", players, s.current)
    s.starter = r.seat("starter", players, s.starter)
    s.round = r.count("round", r.get("round", int, 1), 1, rules.round_limit)
    s.over = r.get("over", bool, False)
    s.phase = r.phase("phase", "turn")
    s.resume = r.phase("resume", "turn")
    if s.resume not in (TURN, AFTER):
        raise PositionError("resume", "should be turn or after")
    put = r.get("put", (dict, type(None)), None)
    if s.phase == PUT:
        if put is None or put.get("shape") not in SHAPES or not isinstance(put.get("white"), bool):
            raise PositionError("put", 'should be {"shape": "cube", "white": false} in phase put')
        s.put_shape = SHAPES.index(put["shape"])
        s.put_white = put["white"]
    building = read_mat(r.get("mat", (str, list), []), rules)
    _set_building(s, building, rules)
    priests = r.per_seat("priests", players)
    if priests is not None:
        s.priests = [
            r.count(f"priests[{i}]", n, 0, rules.priest_supply) for i, n in enumerate(priests)
        ]
    s.priest_supply = r.count(
        "priest_supply",
        r.get(
            "priest_supply",
            int,
            max(0, rules.priest_supply - sum(s.priests) - len(building.priests)),
        ),
        0,
        rules.priest_supply,
    )
    box = max(rules.priest_supply, sum(rules.priests_for(seat) for seat in range(players)))
    if sum(s.priests) + len(building.priests) + s.priest_supply > box:
        raise PositionError("priests", f"more Priests than the {box} the game has")
    # Designs: given hands and revealed cards leave the rest in the seeded deck order.
    hands = r.per_seat("hands", players)
    revealed = r.per_seat("revealed", players)
    if hands is not None or revealed is not None or "deck" in data:
        pool_order = [i for i in reversed(s.deck)] + [i for hand in s.hands for i in hand]
        if hands is not None:
            s.hands = [sorted(r.cards(f"hands[{i}]", h, index)) for i, h in enumerate(hands)]
        if revealed is not None:
            s.revealed = [r.cards(f"revealed[{i}]", h, index) for i, h in enumerate(revealed)]
        placed = [i for row in (*s.hands, *s.revealed) for i in row]
        if len(set(placed)) != len(placed):
            raise PositionError("hands", "a Design is in two places")
        if "deck" in data:
            deck = r.cards("deck", data["deck"], index)
            s.deck = list(reversed(deck))
        else:
            s.deck = list(reversed([i for i in pool_order if i not in placed]))
        every = sorted([*placed, *s.deck])
        if len(set(every)) != len(every):
            raise PositionError("deck", "a Design is in two places")
    discarded = r.get("discarded", dict, {})
    for card, seat in discarded.items():
        if not isinstance(card, str) or card.upper() not in index:
            raise PositionError("discarded", f"{short_repr(card)} is not a Design of this game")
        where = index[card.upper()]
        if any(where in row for row in s.revealed):
            raise PositionError("discarded", f"{card} is revealed, not hidden")
        s.discarded_by[where] = r.count(f"discarded.{card}", seat, 0, players - 1)
    # Favor cards: those given come out of the seeded deck, then out of the box.
    favors = r.per_seat("favors", players)
    if favors is not None:
        s.favors = [r.kind_counts(f"favors[{i}]", row) for i, row in enumerate(favors)]
    if "favor_used" in data:
        s.favor_used = r.kinds("favor_used", data["favor_used"])
    if "favor_deck" in data or "favor_out" in data or favors is not None or "favor_used" in data:
        every = cards_counted(rules.favor_counts)
        held = [k for row in s.favors for k in cards_counted(row)]
        _take(every, held, "favors", "Favor cards in hands")
        _take(every, s.favor_used, "favor_used", "Favor cards used")
        if "favor_deck" in data:
            s.favor_deck = list(reversed(r.kinds("favor_deck", data["favor_deck"])))
            _take(every, s.favor_deck, "favor_deck", "Favor cards")
        else:
            deck = [k for k in s.favor_deck]
            out = list(s.favor_out)
            for k in [*held, *s.favor_used]:
                if k in deck:
                    deck.remove(k)
                elif k in out:
                    out.remove(k)
            s.favor_deck = deck
            _take(every, deck, "favor_deck", "Favor cards")
        if "favor_out" in data:
            s.favor_out = sorted(r.kinds("favor_out", data["favor_out"]))
            _take(every, s.favor_out, "favor_out", "Favor cards")
        else:
            s.favor_out = sorted(every)
        if not s.favor_deck and not s.over:
            raise PositionError("favor_deck", "is empty but the game is not over")
    if s.phase == DISCARD and len(s.hands[s.current]) <= rules.hand_limit:
        raise PositionError("phase", f"discard, but the hand holds {rules.hand_limit} or fewer")
    game = Game(rules, designs, s)
    if not s.over and not game.legal_actions():
        raise PositionError("phase", f"no action is possible in phase {PHASES[s.phase]} here")
    return game


def _set_building(s: State, building: Building, rules: Rules) -> None:
    """The state's mat, held cells and supply from ``building``."""
    layout = building.layout
    s.stacks = list(building.stacks)
    held_spots = building.held_by_priests()
    s.held = [(c, 0) in held_spots for c in range(layout.size)]
    s.priest_at = [c in building.priests for c in range(layout.size)]
    s.near_priest = [
        sum(1 for n in layout.neighbour_cells[c] if n in building.priests)
        for c in range(layout.size)
    ]
    supply = []
    for code in range(2 * len(SHAPES)):
        total = rules.white_per_shape if code & 1 else rules.yellow_per_shape
        left = total - building.count(code)
        if left < 0:
            raise PositionError("mat", f"more pieces of one kind than the {total} the game has")
        supply.append(left)
    s.supply = supply
    s.changed()
    s.set_masks()


__all__ = ["FORMAT", "from_data", "from_json", "read_mat", "staged", "to_data", "to_json"]
