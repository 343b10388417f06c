"""Positions and saved games as JSON: a format people can read and write by hand.

Only ``players`` is required; what is left out takes its natural value. Seats are numbers
from 0 (as in the values; the players' names count from 1), spaces are named (``"1-17"``).

================  ==============================================================  ==============
field             meaning                                                         if left out
================  ==============================================================  ==============
``rules``         the knobs that differ from the printed game                     as printed
``seed``          the seed of the chance stream; ``chances``: outcomes drawn      0, 0
``phase``         ``setup`` ``roll`` ``dice`` ``effects`` ``draw`` ``aim``         ``setup`` with
                  ``land`` or ``over``                                            no pawn, else
                                                                                  ``roll``
``player``        the seat whose turn it is                                       0 (set-up: the
                                                                                  next to place)
``pawns``         each seat's spaces: ``[["1-1", "2-3"], [...]]``                 none
``riders``        the seats of the pawns riding the Turtle                        none
``lava``          the flows, each its spaces in order: ``[["6-1", "5-1"]]``       none
``statues``       the spaces with a statue                                        none
``gems``          loose gems by space: ``{"3-5": ["ruby"]}``                      none
``collected``     each seat's gems: ``[{"ruby": 1}, {}]``                         none
``bag``           gems in the bag by colour                                       every gem not
                                                                                  elsewhere
``turtle``        the Turtle's advances so far (24 end the game)                  0
``dice``          the dice shown: ``{"move": 2, "turtle": 1}`` (turtles locked)   none
``pool``          the effects left: ``{"moves": 2, "lava": 1, ...}``              the dice's
                                                                                  (``effects``)
``drawn``         the gem waiting to be aimed (``aim``, ``land``)                 none
``aim``           the space the gem in the air was aimed at (``land``)            none
``eliminated``    the seats eliminated (``over``)                                 none
``island_won``    the Turtle finished its laps (``over``)                         false
================  ==============================================================  ==============

Every gem is in exactly one place; the loader names the field of any problem. A saved game
(``Game.to_json``) is a position plus ``history``: the position it started from and every
action and chance outcome since, so that loading replays the game exactly.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop import saves
from tabletop.fields import FieldReader, check_replay_reaches
from tabletop.saves import MAX_SEED, short_repr

from .board import ISLAND
from .errors import CarcataError, PositionError, RulesError
from .flows import LAVA, PAWN, STATUE
from .rules import FACES, GEM_NAMES, Rules
from .state import AIM, DICE, DRAW, EFFECTS, LAND, OVER, PHASES, ROLL, SETUP, State, seed_key

if TYPE_CHECKING:
    from .game import Game

FORMAT = "carcata/1"
FIELDS = ("format", "players", "rules", "seed", "chances", "phase", "player", "pawns", "riders",
          "lava", "statues", "gems", "collected", "bag", "turtle", "dice", "pool", "drawn",
          "aim", "eliminated", "island_won", "history")  # fmt: skip
POOL_KEYS = ("moves", "lava", "eruptions", "statues")


def _names(cells: Any) -> list[str]:
    return [ISLAND.names[c] for c in cells]


def _colours(counts: list[int]) -> dict[str, int]:
    return {GEM_NAMES[g]: n for g, n in enumerate(counts) if n}


def state_document(rules: Rules, s: State) -> dict[str, Any]:
    """A state as a JSON-ready position dict."""
    u = s.unlocked
    return {
        "format": FORMAT,
        "players": len(s.positions),
        "rules": rules.changes(),
        "seed": s.seed,
        "chances": s.chances,
        "phase": PHASES[s.phase],
        "player": s.current,
        "pawns": [_names(sorted(cells)) for cells in s.positions],
        "riders": list(s.riders),
        "lava": [_names(flow) for flow in s.flows],
        "statues": _names(c for c, b in enumerate(s.block) if b & STATUE),
        "gems": {ISLAND.names[c]: [GEM_NAMES[g] for g in gs] for c, gs in enumerate(s.gems) if gs},
        "collected": [_colours(c) for c in s.collected],
        "bag": _colours(s.bag),
        "turtle": s.turtle,
        "dice": {f: n for f, n in zip(FACES, (*u[:4], s.locked), strict=True) if n},
        "pool": {k: n for k, n in zip(POOL_KEYS, s.pool, strict=True) if n},
        "drawn": None if s.drawn < 0 else GEM_NAMES[s.drawn],
        "aim": None if s.aim < 0 else ISLAND.names[s.aim],
        "eliminated": list(s.eliminated),
        "island_won": s.island_won,
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
    def __init__(self, data: dict[str, Any], prefix: str):
        super().__init__(data, prefix, error=PositionError, show=short_repr)

    def cell(self, field: str, value: Any) -> int:
        self.check_type(field, value, str)
        found = ISLAND.find(value.strip())
        if found is None:
            raise self.fail(field, f"no space is named {short_repr(value)} (like '1-17')")
        return found

    def cells(self, field: str, value: Any) -> list[int]:
        self.check_type(field, value, list)
        if len(value) > ISLAND.size:
            raise self.fail(field, f"{len(value)} spaces; the island has {ISLAND.size}")
        return [self.cell(f"{field}[{i}]", v) for i, v in enumerate(value)]

    def colour(self, field: str, value: Any) -> int:
        self.check_type(field, value, str)
        if value not in GEM_NAMES:
            raise self.fail(field, f"{short_repr(value)} is not a gem ({', '.join(GEM_NAMES)})")
        return GEM_NAMES.index(value)

    def colour_counts(self, field: str, value: Any) -> list[int]:
        self.check_type(field, value, dict)
        counts = [0] * len(GEM_NAMES)
        for key, n in value.items():
            g = self.colour(f"{field}.{key}" if isinstance(key, str) else field, key)
            counts[g] = self.count(f"{field}.{key}", n, 0, 20)
        return counts

    def seat(self, field: str, value: Any, players: int) -> int:
        return self.count(field, value, 0, players - 1)


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


def read_state(data: Any, rules: Rules, prefix: str = "") -> State:
    """Build a ``State`` from a position dict, checking every field."""
    from .game import new_state

    r = _Reader({}, prefix)
    r.check_type(prefix.rstrip(".") or "position", data, dict)
    r.data = data
    unknown = sorted(set(data) - set(FIELDS), key=str)
    if unknown:
        raise r.fail(str(unknown[0]), f"unknown field (known: {', '.join(FIELDS)})")
    players = r.get("players", int)
    if players not in rules.player_counts:
        raise r.fail("players", f"Carcata is played by 2, 3 or 4 players, not {players}")
    seed = r.count("seed", r.get("seed", int, 0), 0, MAX_SEED)
    s = new_state(players, seed, rules)
    s.chances = r.count("chances", r.get("chances", int, 0), 0, 1_000_000)

    # Pawns and riders.
    raw = r.get("pawns", list, [[] for _ in range(players)])
    if len(raw) != players:
        raise r.fail("pawns", f"has {len(raw)} lists for {players} players")
    for seat, cells in enumerate(raw):
        field = f"pawns[{seat}]"
        for i, cell in enumerate(r.cells(field, cells)):
            if s.pawn[cell] >= 0:
                raise r.fail(f"{field}[{i}]", f"two pawns on {ISLAND.names[cell]}")
            s.pawn[cell] = seat
            s.block[cell] |= PAWN
            s.positions[seat].append(cell)
    riders = r.get("riders", list, [])
    for i, seat in enumerate(riders):
        r.seat(f"riders[{i}]", seat, players)
    if len(riders) > rules.turtle_riders:
        raise r.fail("riders", f"{len(riders)} riders; the Turtle carries {rules.turtle_riders}")
    s.riders = tuple(riders)
    for seat in range(players):
        if len(s.positions[seat]) + s.riders.count(seat) > rules.pawns:
            raise r.fail(f"pawns[{seat}]", f"more than the {rules.pawns} pawns of a tribe")

    # Lava, statues, gems.
    flows = []
    raw_flows = r.get("lava", list, [])
    for i, flow in enumerate(raw_flows):
        field = f"lava[{i}]"
        cells = r.cells(field, flow)
        if not cells:
            raise r.fail(field, "a flow has at least one token")
        for j, cell in enumerate(cells):
            where = f"{field}[{j}]"
            if s.block[cell] & LAVA:
                raise r.fail(where, f"{ISLAND.names[cell]} already has lava")
            if s.block[cell] & PAWN:
                raise r.fail(
                    where, f"a pawn stands on {ISLAND.names[cell]}: lava would have killed it"
                )
            if j and ISLAND.levels_of[cell] >= ISLAND.levels_of[cells[j - 1]]:
                raise r.fail(where, "each token of a flow lies lower than the one before")
            s.block[cell] |= LAVA
        flows.append(tuple(cells))
    s.flows = tuple(flows)
    used = sum(len(f) for f in flows)
    if used > rules.lava_tokens:
        raise r.fail("lava", f"{used} tokens; the game has {rules.lava_tokens}")
    s.lava_left = rules.lava_tokens - used
    statues = r.cells("statues", r.get("statues", list, []))
    if len(statues) > rules.statues:
        raise r.fail("statues", f"{len(statues)} statues; the game has {rules.statues}")
    for i, cell in enumerate(statues):
        if ISLAND.levels_of[cell] == ISLAND.levels:
            raise r.fail(f"statues[{i}]", "statues cannot stand on the top level")
        if s.block[cell]:
            raise r.fail(f"statues[{i}]", f"{ISLAND.names[cell]} is not free")
        s.block[cell] |= STATUE
    s.statues_off = rules.statues - len(statues)
    counted = [0] * len(GEM_NAMES)
    for key, colours in r.get("gems", dict, {}).items():
        field = f"gems.{key}"
        cell = r.cell(field, key)
        r.check_type(field, colours, list)
        if s.block[cell]:
            raise r.fail(
                field, f"gems lie only on free spaces, and {ISLAND.names[cell]} is not free"
            )
        found = sorted(r.colour(f"{field}[{i}]", c) for i, c in enumerate(colours))
        for g in found:
            counted[g] += 1
        s.gems[cell] = tuple(found)
    raw_collected = r.get("collected", list, [{} for _ in range(players)])
    if len(raw_collected) != players:
        raise r.fail("collected", f"has {len(raw_collected)} entries for {players} players")
    for seat, value in enumerate(raw_collected):
        s.collected[seat] = r.colour_counts(f"collected[{seat}]", value)
        for g, n in enumerate(s.collected[seat]):
            counted[g] += n

    # Phase and turn.
    phase_name = r.get("phase", str, "setup" if not any(s.positions) else "roll")
    if phase_name not in PHASES:
        raise r.fail("phase", f"{short_repr(phase_name)} is not one of {', '.join(PHASES)}")
    s.phase = phase = PHASES.index(phase_name)
    placed = sum(len(c) for c in s.positions) + len(s.riders)
    if phase == SETUP:
        if placed >= rules.pawns * players or s.riders or flows or statues:
            raise r.fail(
                "phase",
                "the set-up ends when every pawn is placed; it has no lava, statue or rider",
            )
        for seat, cells in enumerate(s.positions):
            if any(ISLAND.levels_of[c] != 1 for c in cells):
                raise r.fail(f"pawns[{seat}]", "at set-up every pawn is on the beach")
        s.placed = placed
        expected = placed % players
        s.current = r.seat("player", r.get("player", int, expected), players)
        if s.current != expected or any(
            len(s.positions[seat]) != placed // players + (1 if seat < expected else 0)
            for seat in range(players)
        ):
            raise r.fail(
                "player", f"at set-up the seats place in turn: seat {expected} places next"
            )
    else:
        s.placed = rules.pawns * players
        s.current = r.seat("player", r.get("player", int, 0), players)
    # The last turn may carry the Turtle past the end: from one short of it, by every die.
    s.turtle = r.count(
        "turtle", r.get("turtle", int, 0), 0, rules.turtle_steps_to_end + rules.dice - 1
    )

    # Dice, pool, the gem in the air.
    dice = r.get("dice", dict, {})
    shown = [0] * len(FACES)
    for key, n in dice.items():
        if key not in FACES:
            raise r.fail(f"dice.{key}", f"not a face ({', '.join(FACES)})")
        shown[FACES.index(key)] = r.count(f"dice.{key}", n, 0, rules.dice)
    if sum(shown) > rules.dice:
        raise r.fail("dice", f"{sum(shown)} dice; the game has {rules.dice}")
    s.unlocked = (*shown[:4], 0)
    s.locked = shown[4]
    if phase == DICE and sum(shown) != rules.dice:
        raise r.fail("dice", f"a roll shows all {rules.dice} dice, not {sum(shown)}")
    if phase == ROLL:
        s.to_roll = rules.dice - sum(shown)
        if not s.to_roll:
            raise r.fail("dice", "in the roll phase some dice are still to roll")
    elif phase == SETUP and any(shown):
        raise r.fail("dice", "no die is rolled during the set-up")
    pool_raw = r.get("pool", dict, None)
    if phase in (EFFECTS, AIM, LAND) or pool_raw:
        # A game may end in the middle of the effects (an elimination): its pool stays.
        if phase not in (EFFECTS, AIM, LAND, DRAW, OVER):
            raise r.fail(
                "pool", f"effects are used only after the dice are kept, not in {phase_name}"
            )
        pool = list(s.unlocked[:4]) if pool_raw is None else [0, 0, 0, 0]
        for key, n in (pool_raw or {}).items():
            if key not in POOL_KEYS:
                raise r.fail(f"pool.{key}", f"not an effect ({', '.join(POOL_KEYS)})")
            i = POOL_KEYS.index(key)
            pool[i] = r.count(f"pool.{key}", n, 0, s.unlocked[i])
        s.pool = pool
    drawn = r.get("drawn", (str, type(None)), None)
    aim = r.get("aim", (str, type(None)), None)
    if phase in (AIM, LAND):
        if drawn is None:
            raise r.fail("drawn", f"the {phase_name} phase has a drawn gem")
        s.drawn = r.colour("drawn", drawn)
        counted[s.drawn] += 1
    elif drawn is not None:
        raise r.fail("drawn", "a gem waits to be aimed only in the aim and land phases")
    if phase == LAND:
        if aim is None:
            raise r.fail("aim", "the land phase has the space the gem was aimed at")
        s.aim = r.cell("aim", aim)
    elif aim is not None:
        raise r.fail("aim", "a gem is in the air only in the land phase")

    bag_raw = r.get("bag", dict, None)
    if bag_raw is None:
        s.bag = [n - c for n, c in zip(rules.gems, counted, strict=True)]
        for g, n in enumerate(s.bag):
            if n < 0:
                raise r.fail("gems", f"{counted[g]} {GEM_NAMES[g]}s; the game has {rules.gems[g]}")
    else:
        s.bag = r.colour_counts("bag", bag_raw)
        for g in range(len(GEM_NAMES)):
            if s.bag[g] + counted[g] != rules.gems[g]:
                raise r.fail(
                    f"bag.{GEM_NAMES[g]}",
                    f"{s.bag[g]} in the bag and {counted[g]} elsewhere; the game has {rules.gems[g]}",
                )
    if phase == DRAW and not any(s.bag):
        raise r.fail("bag", "a gem is drawn, but the bag is empty")

    # The end.
    eliminated = r.get("eliminated", list, [])
    s.eliminated = tuple(
        sorted({r.seat(f"eliminated[{i}]", v, players) for i, v in enumerate(eliminated)})
    )
    s.island_won = r.get("island_won", bool, False)
    if phase == OVER:
        if s.island_won == bool(s.eliminated):
            raise r.fail(
                "phase",
                "a game is over when a tribe is eliminated or the island wins (one of them)",
            )
        if s.island_won and s.turtle < rules.turtle_steps_to_end:
            raise r.fail("turtle", f"the island wins after {rules.turtle_steps_to_end} advances")
        for seat in s.eliminated:
            if s.positions[seat] or seat in s.riders:
                raise r.fail(
                    f"eliminated[{s.eliminated.index(seat)}]", f"seat {seat} still has pawns"
                )
    else:
        if s.eliminated or s.island_won:
            raise r.fail(
                "phase", "an eliminated tribe or the island's win ends the game: phase over"
            )
        if s.turtle >= rules.turtle_steps_to_end:
            raise r.fail("turtle", f"{s.turtle} advances end the game; it is not over")
        if phase != SETUP:
            for seat in range(players):
                if not s.positions[seat] and seat not in s.riders:
                    raise r.fail(
                        f"pawns[{seat}]",
                        "a tribe without pawns is eliminated: the game would be over",
                    )
    s.seed_key = seed_key(seed)
    return s


def game_from_json(text: str | dict[str, Any]) -> Game:
    """Load a position or a saved game; a problem is a ``PositionError`` naming the field."""
    from .game import Game

    data = saves.read_save(text, PositionError, FORMAT)
    rules = _read_rules(data)
    history = data.get("history")
    if history is None:
        return Game(rules, read_state(data, rules))
    start, actions = saves.check_history(history, PositionError)
    start.setdefault("players", data.get("players"))
    game = Game(rules, read_state(start, rules, prefix="history.start."))
    saves.replay_actions(partial(game.play, settle=False), actions, CarcataError, PositionError)
    given = {k: v for k, v in data.items() if k not in ("history", "format", "rules")}
    if given:
        check_replay_reaches(game.position(), given, PositionError)
    return game


__all__ = ["FORMAT", "game_document", "game_from_json", "read_state", "state_document"]
