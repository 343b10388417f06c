"""The Carcata rules engine: a ``Game`` you ask for legal actions and play actions on.

A turn is a run of chance and decisions: chance rolls the dice, the player rerolls some or
keeps them, then applies the effects in any order (an eruption draws a gem by chance, the
player aims it, chance lands it). ``play`` applies a decision and resolves the chance that
follows from the game's own seeded stream; ``push`` applies one action or outcome, unchecked.

>>> game = Game.new(2, seed=1)
>>> game.phase, game.current_player, len(game.legal_actions())
('setup', 0, 36)
>>> game.play("place 1-1")
>>> game.pawn_at(game.cell("1-1")), game.current_player
(0, 1)
>>> game.undo()
Action.parse('place 1-1')
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from tabletop.action_list import ActionList
from tabletop.action_log import log_entries
from tabletop.equality import ComparedByPosition
from tabletop.fields import as_settings
from tabletop.protocol import CHANCE
from tabletop.saves import check_rng, check_seed, short_repr

from . import transitions as t
from .actions import (
    AIMS,
    ALIGHTS,
    CLIMBS,
    DRAWS,
    END,
    ERUPT,
    KEEP,
    LAND_SEA,
    LANDS,
    PLACES,
    SEA,
    STATUES_FROM,
    STATUES_TO,
    STEPS_OUT,
    Action,
    Aim,
    Draw,
    End,
    Erupt,
    Keep,
    Land,
    Lava,
    Move,
    Place,
    Reroll,
    Roll,
    Statue,
    parse_action,
)
from .board import ISLAND, Island, island
from .catapult import landing_model, landing_outcomes
from .dice import RollOutcomes, roll_outcomes
from .errors import IllegalAction, PositionError
from .flows import LAVA, STATUE, trace
from .legality import why_not
from .rules import GEM_NAMES, Rules
from .scoring import Points, breakdown, closed, pawn_count, territories, winners
from .state import (
    AIM,
    CHANCE_PHASES,
    DICE,
    DRAW,
    EFFECTS,
    LAND,
    OVER,
    PHASES,
    ROLL,
    SETUP,
    State,
    chance_word,
    mix64,
    seed_key,
    uniform,
)

if TYPE_CHECKING:
    from .heuristic import CarcataHeuristic

#: The printed game's rules, shared by every game set up without rules of its own.
PRINTED = Rules()
#: Statue actions on the spaces below the top level (where a statue may stand), by space:
#: the spaces are numbered from the beach up, so the top level's six come last.
STATUE_PLACES = STATUES_TO[: ISLAND.size - len(ISLAND.top)]
STATUE_REMOVALS = STATUES_FROM[: ISLAND.size - len(ISLAND.top)]


def as_rules(rules: object) -> Rules:
    """``rules`` as a ``Rules``: None (the printed game), a ``Rules``, or a dict of knobs."""
    found: Rules = as_settings(rules, Rules, PRINTED)
    return found


class LegalActions(ActionList[Action]):
    """The legal actions (or chance outcomes) of a position: a list that prints in Carcata's
    notation and answers ``in`` for notation text too (``"keep" in game.legal_actions()``)."""

    __slots__ = ()
    parse = staticmethod(parse_action)

    def notation(self, lang: str = "en") -> list[str]:
        """Each action in the notation of ``lang`` (``"en"`` or ``"fr"``)."""
        return [a.notation(lang) for a in self]

    def __repr__(self) -> str:
        shown = ", ".join(self.notation()[:40])
        more = f", ... ({len(self) - 40} more)" if len(self) > 40 else ""
        return f"<LegalActions ({len(self)}): {shown}{more}>"


class Tables:
    """What a game's hot paths read for one ``Rules``: the dice's rolls as interned
    outcomes, the rerolls of each kept hand, the Turtle's shore."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.island: Island = island(ISLAND.levels, rules.turtle_spaces)
        self.shores = self.island.turtle_shore
        self.spaces = rules.turtle_spaces
        self.riders = rules.turtle_riders
        self.statues = rules.statues
        self.rolls: dict[int, RollOutcomes] = {}
        self.roll_actions: dict[int, tuple[Roll, ...]] = {}
        self.roll_by_faces: dict[tuple[int, ...], Roll] = {}
        #: Each roll with its chance as a float (``chance_outcomes``, without converting the
        #: exact fractions on every call).
        self.roll_chances: dict[int, tuple[tuple[Action, float], ...]] = {}
        for k in range(1, rules.dice + 1):
            outcomes = roll_outcomes(rules, k)
            self.rolls[k] = outcomes
            actions = tuple(Roll(c) for c in outcomes.counts)
            self.roll_actions[k] = actions
            self.roll_chances[k] = tuple(
                (a, float(p)) for a, p in zip(actions, outcomes.chances, strict=True)
            )
            for a in actions:
                self.roll_by_faces[a.faces] = a
        self.dice_choices: dict[tuple[int, ...], tuple[Action, ...]] = {}

    def choices(self, unlocked: tuple[int, ...]) -> tuple[Action, ...]:
        """``keep`` and every reroll of the dice ``unlocked`` shows (made once per hand)."""
        found = self.dice_choices.get(unlocked)
        if found is None:
            out: list[Action] = [KEEP]
            m, lv, e, st = unlocked[:4]
            for a in range(m + 1):
                for b in range(lv + 1):
                    for c in range(e + 1):
                        for d in range(st + 1):
                            if a + b + c + d:
                                out.append(Reroll((a, b, c, d, 0)))
            found = self.dice_choices[unlocked] = tuple(out)
        return found


_TABLES: dict[int, tuple[Rules, Tables]] = {}
_TABLES_BY_RULES: dict[Rules, Tables] = {}


def tables(rules: Rules) -> Tables:
    """The (shared) tables of ``rules``: found by identity (every ``Game.new`` of the same
    rules), else by equal rules (a loaded save brings its own equal ``Rules``)."""
    hit = _TABLES.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_TABLES) > 256:
            _TABLES.clear()
        found = _TABLES_BY_RULES.get(rules)
        if found is None:
            if len(_TABLES_BY_RULES) > 64:
                _TABLES_BY_RULES.clear()
            found = _TABLES_BY_RULES[rules] = Tables(rules)
        hit = _TABLES[id(rules)] = (rules, found)
    return hit[1]


def new_state(players: int, seed: int, rules: Rules) -> State:
    """The state before the first pawn is placed."""
    s = State.__new__(State)
    size = ISLAND.size
    s.pawn = [-1] * size
    s.block = [0] * size
    s.positions = [[] for _ in range(players)]
    s.riders = ()
    s.gems = [()] * size
    s.flows = ()
    s.statues_off = rules.statues
    s.bag = list(rules.gems)
    s.collected = [[0] * len(GEM_NAMES) for _ in range(players)]
    s.lava_left = rules.lava_tokens
    s.turtle = 0
    s.phase = SETUP
    s.current = 0
    s.placed = 0
    s.to_roll = 0
    s.unlocked = t.NO_DICE
    s.locked = 0
    s.pool = [0, 0, 0, 0]
    s.drawn = -1
    s.aim = -1
    s.eliminated = ()
    s.island_won = False
    s.chances = 0
    s.seed = seed
    s.seed_key = seed_key(seed)
    s.flow_cache = None
    s.parts = None
    s.log = None
    return s


class Game(ComparedByPosition):
    """A game of Carcata. Create with ``Game.new``; change with ``play`` (checked, resolves
    chance), ``push`` (unchecked, one step) and ``undo``."""

    __slots__ = ("rules", "_t", "_s", "_start", "_undo", "_events")

    def __init__(self, rules: Rules, state: State):
        players = len(state.positions)
        if players not in rules.player_counts:
            raise PositionError("players", f"Carcata is played by 2, 3 or 4 players, not {players}")
        self.rules = rules
        self._t = tables(rules)
        self._s = state
        #: The position the log starts from (set-up, or a staged position).
        self._start = state.copy()
        #: Each ``play`` to take back: the decision and the state before it.
        self._undo: list[tuple[Action, State]] = []
        #: What the last ``play`` did, as event tuples (``events.describe`` words them).
        self._events: list[tuple[object, ...]] = []

    # ------------------------------------------------------------------ set-up
    @staticmethod
    def new(players: int, seed: int = 0, rules: Rules | dict[str, Any] | None = None) -> Game:
        """A game before its set-up: seat 0 places the first pawn. ``seed`` (0 to 2**64 - 1)
        fixes every chance outcome ``play`` and ``sample_chance`` draw; ``rules`` may be a
        ``Rules`` or a dict of knobs to change."""
        rules = as_rules(rules)
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or players not in rules.player_counts
        ):
            raise PositionError(
                "players", f"Carcata is played by 2, 3 or 4 players, not {short_repr(players)}"
            )
        check_seed(seed, PositionError)
        return Game(rules, new_state(players, seed, rules))

    # ------------------------------------------------------------- read access
    @property
    def num_players(self) -> int:
        return len(self._s.positions)

    @property
    def current_player(self) -> int:
        """The seat to act; ``tabletop.protocol.CHANCE`` (-1) while chance decides."""
        s = self._s
        return CHANCE if s.phase in CHANCE_PHASES else s.current

    @property
    def turn_player(self) -> int:
        """The seat whose turn it is (also while chance decides for it)."""
        return self._s.current

    @property
    def is_chance(self) -> bool:
        return self._s.phase in CHANCE_PHASES

    @property
    def is_over(self) -> bool:
        return self._s.phase == OVER

    @property
    def phase(self) -> str:
        """``setup``, ``roll`` (chance), ``dice`` (reroll or keep), ``effects``, ``draw``
        (chance), ``aim``, ``land`` (chance) or ``over``."""
        return PHASES[self._s.phase]

    @property
    def seed(self) -> int:
        return self._s.seed

    @property
    def island(self) -> Island:
        """The island and the Turtle's path of this game's rules."""
        return self._t.island

    @staticmethod
    def cell(name: str) -> int:
        """The space named ``name`` (``"1-17"``); a ``PositionError`` for an unknown name."""
        found = ISLAND.find(name) if isinstance(name, str) else None
        if found is None:
            raise PositionError("cell", f"no space is named {short_repr(name)} (like '1-17')")
        return found

    def _cell(self, cell: object) -> int:
        if isinstance(cell, str):
            return self.cell(cell)
        if type(cell) is not int or not 0 <= cell < ISLAND.size:
            raise PositionError(
                "cell", f"a space from 0 to {ISLAND.size - 1}, not {short_repr(cell)}"
            )
        return cell

    def _seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise PositionError(
                "seat", f"a seat from 0 to {self.num_players - 1}, not {short_repr(seat)}"
            )
        return seat

    def pawn_at(self, cell: int | str) -> int | None:
        """The seat of the pawn on ``cell`` (a number or a name), or None."""
        seat = self._s.pawn[self._cell(cell)]
        return None if seat < 0 else seat

    @property
    def pawn_seats(self) -> tuple[int, ...]:
        """The seat of the pawn on each space (-1: none), indexed by space."""
        return tuple(self._s.pawn)

    def flow_path(self, action: Lava | str) -> tuple[int, ...] | None:
        """The spaces the lava flow ``action`` would cover now, in order (None if it cannot
        be placed)."""
        if isinstance(action, str):
            action = parse_action(action)  # type: ignore[assignment]
        if not isinstance(action, Lava):
            return None
        s = self._s
        tokens = min(s.pool[1], s.lava_left)
        if s.phase != EFFECTS or not tokens:
            return None
        # A flow may be placed exactly when its trace finds spaces (``why_not``'s test), so
        # the trace alone answers: the searches ask it for every flow they weigh.
        cells = trace(
            action.cell,
            action.direction,
            action.turns,
            tokens,
            s.block,
            self.rules.meeting_flows == "join",
        )
        return None if cells is None else tuple(cells)

    def pawns(self, seat: int) -> tuple[int, ...]:
        """The spaces of ``seat``'s pawns on the island, in order (riders: ``riders``)."""
        return tuple(sorted(self._s.positions[self._seat(seat)]))

    def pawns_left(self, seat: int) -> int:
        """``seat``'s pawns still in the game, riders included."""
        return pawn_count(self._s, self._seat(seat))

    @property
    def riders(self) -> tuple[int, ...]:
        """The seats of the pawns riding the Turtle, in boarding order."""
        return self._s.riders

    def lava_cells(self) -> frozenset[int]:
        return frozenset(c for c, b in enumerate(self._s.block) if b & LAVA)

    def has_lava(self, cell: int | str) -> bool:
        return bool(self._s.block[self._cell(cell)] & LAVA)

    @property
    def flows(self) -> tuple[tuple[int, ...], ...]:
        """Every flow placed, each its spaces in order."""
        return self._s.flows

    def statues(self) -> tuple[int, ...]:
        """The spaces with a statue."""
        return tuple(c for c, b in enumerate(self._s.block) if b & STATUE)

    @property
    def statues_off(self) -> int:
        """Statues on the small islands."""
        return self._s.statues_off

    def gems_at(self, cell: int | str) -> tuple[str, ...]:
        """The gems lying on ``cell``, by colour name."""
        return tuple(GEM_NAMES[g] for g in self._s.gems[self._cell(cell)])

    def loose_gems(self) -> dict[int, tuple[str, ...]]:
        """Every space with gems, and its gems."""
        return {c: tuple(GEM_NAMES[g] for g in gs) for c, gs in enumerate(self._s.gems) if gs}

    @property
    def bag(self) -> dict[str, int]:
        """The gems in the bag, by colour."""
        return dict(zip(GEM_NAMES, self._s.bag, strict=True))

    def collected(self, seat: int) -> dict[str, int]:
        """The gems ``seat`` has collected, by colour."""
        return dict(zip(GEM_NAMES, self._s.collected[self._seat(seat)], strict=True))

    @property
    def lava_supply(self) -> int:
        """Lava tokens not yet on the island."""
        return self._s.lava_left

    @property
    def turtle(self) -> tuple[int, int, int]:
        """The Turtle: (its symbol, laps completed, advances so far)."""
        steps = self._s.turtle
        return steps % self._t.spaces, steps // self._t.spaces, steps

    def turtle_shore(self) -> tuple[int, ...]:
        """The beach spaces next to the Turtle now."""
        return self._t.shores[self._s.turtle % self._t.spaces]

    @property
    def dice(self) -> dict[str, int]:
        """The dice shown this turn: the unlocked faces and the locked turtles."""
        s = self._s
        u = s.unlocked
        return {"move": u[0], "lava": u[1], "eruption": u[2], "statue": u[3], "turtle": s.locked}

    @property
    def dice_to_roll(self) -> int:
        return self._s.to_roll

    @property
    def pool(self) -> dict[str, int]:
        """The effects left this turn: moves, lava, eruptions, statues."""
        p = self._s.pool
        return {"moves": p[0], "lava": p[1], "eruptions": p[2], "statues": p[3]}

    @property
    def drawn(self) -> str | None:
        """The gem drawn and waiting to be aimed (or in the air), or None."""
        return None if self._s.drawn < 0 else GEM_NAMES[self._s.drawn]

    @property
    def aim(self) -> int | None:
        """Where the gem in the air was aimed, or None."""
        return None if self._s.aim < 0 else self._s.aim

    @property
    def eliminated(self) -> tuple[int, ...]:
        return self._s.eliminated

    @property
    def island_won(self) -> bool:
        """Whether the Turtle finished its laps: the island won."""
        return self._s.island_won

    def territories(self) -> list[frozenset[int]]:
        """The connected parts of the island without lava (largest first)."""
        return territories(self._s)

    def which_closed(self) -> list[bool]:
        """For each of ``territories()``, whether it is a closed territory."""
        return closed(territories(self._s), self.rules)

    @property
    def log(self) -> tuple[tuple[int, Action], ...]:
        """Every action and chance outcome so far, with the seat (``CHANCE`` for chance)."""
        return log_entries(self._s.log)

    # ------------------------------------------------------------------ scores
    def points(self) -> list[Points]:
        """Each seat's points by source, as the game stands (final once over)."""
        return breakdown(self._s, self.rules)

    def scores(self) -> list[int]:
        """Each seat's points (eliminated tribes 0; everyone 0 when the island wins)."""
        return [p.total for p in breakdown(self._s, self.rules)]

    def winners(self) -> list[int]:
        """The winning seats once over (empty before, and when nobody wins)."""
        return winners(self._s, self.rules, self._s.phase == OVER)

    def returns(self) -> list[float]:
        """Each seat's share of the win once over (1, 1/k, 0); 0 before."""
        best = self.winners()
        return [1 / len(best) if seat in best else 0.0 for seat in range(self.num_players)]

    # ----------------------------------------------------------- legal actions
    def legal_actions(self) -> LegalActions:
        """The actions the player to act may take, or the chance outcomes at a chance node."""
        s = self._s
        phase = s.phase
        if phase == EFFECTS:
            return self._effects()
        if phase == DICE:
            return LegalActions(self._t.choices(s.unlocked))
        if phase == ROLL:
            return LegalActions(self._t.roll_actions[s.to_roll])
        if phase == SETUP:
            block = s.block
            return LegalActions([PLACES[c] for c in ISLAND.beach if not block[c]])
        if phase == AIM:
            return LegalActions(AIMS)
        if phase == DRAW:
            return LegalActions([DRAWS[g] for g, n in enumerate(s.bag) if n])
        if phase == LAND:
            return LegalActions([a for a, _ in self._landings()])
        return LegalActions()

    def _effects(self) -> LegalActions:
        s = self._s
        seat = s.current
        pool = s.pool
        block = s.block
        if pool[0]:
            out = LegalActions(
                [
                    action
                    for cell in sorted(s.positions[seat])
                    for target, action in STEPS_OUT[cell]
                    if not block[target]
                ]
            )
            tb = self._t
            shore = tb.shores[s.turtle % tb.spaces]
            riders = s.riders
            if len(riders) < tb.riders:
                pawn = s.pawn
                for c in shore:
                    if pawn[c] == seat:
                        out.append(CLIMBS[c])
            if seat in riders:
                for c in shore:
                    if not block[c]:
                        out.append(ALIGHTS[c])
        else:
            out = LegalActions()
        lava = pool[1] and s.lava_left and t.flows_now(s, self.rules)
        if lava:
            out += lava
        erupts = pool[2] and any(s.bag)
        if erupts:
            out.append(ERUPT)
        if pool[3]:
            if s.statues_off:
                out += [
                    a
                    for a, b, g in zip(STATUE_PLACES, block, s.gems, strict=False)
                    if not b and not g
                ]
            if s.statues_off < self._t.statues:
                out += [a for a, b in zip(STATUE_REMOVALS, block, strict=False) if b & STATUE]
        if not lava and not erupts:
            out.append(END)
        return out

    def _landings(self) -> list[tuple[Land, float]]:
        s = self._s
        return [
            (LAND_SEA if cell == SEA else LANDS[cell][touch], p)
            for cell, touch, p in landing_outcomes(self.rules, s.aim, s.pawn)
        ]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, every outcome with its probability (floats summing to 1)."""
        s = self._s
        phase = s.phase
        if phase == ROLL:
            return list(self._t.roll_chances[s.to_roll])
        if phase == DRAW:
            total = sum(s.bag)
            return [(DRAWS[g], n / total) for g, n in enumerate(s.bag) if n]
        if phase == LAND:
            return list(self._landings())
        return []

    def sample_chance(self) -> Action:
        """The outcome the game's own seeded stream gives this chance node (the same seed and
        the same decisions give the same outcomes); not applied."""
        s = self._s
        word = chance_word(s.seed_key, s.chances)
        u = uniform(word)
        phase = s.phase
        if phase == ROLL:
            return self._t.roll_by_faces[self._t.rolls[s.to_roll].sample(u)]
        if phase == DRAW:
            x = u * sum(s.bag)
            for g, n in enumerate(s.bag):
                if x < n:
                    return DRAWS[g]
                x -= n
            return DRAWS[max(g for g, n in enumerate(s.bag) if n)]
        if phase == LAND:
            cell = landing_model(self.rules, s.aim).sample(u)
            if cell == SEA:
                return LAND_SEA
            if s.pawn[cell] >= 0:
                # The touch takes a word of its own, drawn from the landing's.
                return LANDS[cell][uniform(mix64(word)) < self.rules.touch_chance]
            return LANDS[cell][0]
        raise IllegalAction(
            f"sample_chance: no chance node now (the game waits for a {self.phase} decision)"
        )

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` (or its notation) may be taken now."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError:
                return False
        return why_not(self._s, self.rules, action) is None

    def why_illegal(self, action: Action | str) -> str:
        """Why ``action`` cannot be taken now, in words ("it is legal" if it can)."""
        if isinstance(action, str):
            action = parse_action(action)
        return why_not(self._s, self.rules, action) or "it is legal"

    # -------------------------------------------------------------------- play
    def push(self, action: Action) -> None:
        """Apply a legal action, or a chance outcome at a chance node, without checking it:
        the fast path for search. Drops the undo records."""
        if self._undo:
            self._undo.clear()
        self._apply(action, None)
        self._events = []

    def _apply(self, action: Action, ev: t.Events) -> None:
        s = self._s
        kind = type(action)
        if kind is Roll or kind is Draw or kind is Land:
            s.log = (s.log, CHANCE, action)
            s.chances += 1
            if kind is Roll:
                t.roll(s, action.faces, ev)  # type: ignore[attr-defined]
            elif kind is Draw:
                t.draw(s, action.colour, ev)  # type: ignore[attr-defined]
            else:
                t.land(s, self.rules, action.cell, action.touch, ev)  # type: ignore[attr-defined]
            return
        s.log = (s.log, s.current, action)
        rules = self.rules
        if kind is Move:
            t.move(s, rules, action.source, action.target, ev)  # type: ignore[attr-defined]
        elif kind is Reroll:
            t.reroll(s, action.faces, ev)  # type: ignore[attr-defined]
        elif kind is Keep:
            t.keep(s, rules, ev)
        elif kind is Lava:
            t.lava(s, rules, action.cell, action.direction, action.turns, ev)  # type: ignore[attr-defined]
        elif kind is Statue:
            t.statue(s, rules, action.cell, action.onto, ev)  # type: ignore[attr-defined]
        elif kind is Erupt:
            t.erupt(s, ev)
        elif kind is Aim:
            t.aim(s, action.cell, ev)  # type: ignore[attr-defined]
        elif kind is End:
            t.end(s, rules, ev)
        elif kind is Place:
            t.place(s, rules, action.cell, ev)  # type: ignore[attr-defined]
        else:
            raise IllegalAction(f"{short_repr(action)} is not an action")

    def play(self, action: Action | str, *, settle: bool = True) -> None:
        """Take ``action`` (an ``Action`` or its notation), checked, then resolve the chance
        that follows from the game's seeded stream (``settle=False``: leave it pending).

        ``ActionSyntaxError`` for text that is not an action, ``IllegalAction`` (naming the
        action and the reason) for one the rules forbid now; either way the game is
        unchanged. At a chance node, ``action`` may be one of its outcomes.
        """
        if isinstance(action, str):
            action = parse_action(action)
        elif not isinstance(action, Action):
            # As Carnival says it: the value is no action, whatever the phase.
            raise IllegalAction(f"{short_repr(action)} is not an action (write one like 'keep')")
        reason = why_not(self._s, self.rules, action)
        if reason is not None:
            raise IllegalAction(f"{action}: {reason}")
        before = self._s.copy()
        events: list[tuple[object, ...]] = []
        self._apply(action, events)
        if settle:
            self._settle(events)
        self._undo.append((action, before))
        self._events = events

    def _settle(self, events: list[tuple[object, ...]]) -> None:
        s = self._s
        while s.phase in CHANCE_PHASES:
            self._apply(self.sample_chance(), events)

    def settle(self) -> None:
        """Resolve the pending chance (if any) from the game's seeded stream."""
        events: list[tuple[object, ...]] = []
        self._settle(events)
        if events:
            self._events = events

    def undo(self) -> Action:
        """Take back the last ``play`` (with the chance it resolved); returns its action."""
        if not self._undo:
            raise IllegalAction("undo: there is nothing to take back")
        action, before = self._undo.pop()
        self._s = before
        self._events = [("undo", action)]
        return action

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def copy(self, *, history: bool = False) -> Game:
        """An independent game in the same position (``history=True``: with undo too)."""
        clone = Game.__new__(Game)
        clone.rules = self.rules
        clone._t = self._t
        clone._s = self._s.copy()
        clone._start = self._start
        clone._undo = [(a, st.copy()) for a, st in self._undo] if history else []
        clone._events = list(self._events) if history else []
        return clone

    def start_position(self) -> Game:
        """A new game at the position this game's log starts from."""
        return Game(self.rules, self._start.copy())

    def determinized(self, rng: random.Random) -> Game:
        """A copy for search: everything in Carcata is public, so only chance is dealt anew:
        the copy's stream of outcomes is reseeded from ``rng`` (the real game's future rolls
        stay unknown). Its log starts at this position."""
        check_rng(rng, PositionError)
        clone = self.copy()
        s = clone._s
        s.seed = rng.getrandbits(64)
        s.seed_key = seed_key(s.seed)
        s.chances = 0
        s.log = None
        clone._start = s.copy()
        return clone

    def heuristic(self) -> CarcataHeuristic:
        """Quick estimates of positions and actions for the search agents."""
        from .heuristic import CarcataHeuristic

        return CarcataHeuristic()

    # ------------------------------------------------------------------ words
    def last_events(self, lang: str = "en") -> list[str]:
        """What the last ``play`` did, in sentences (``lang`` ``"en"`` or ``"fr"``)."""
        from .events import describe

        return describe(self, self._events, lang)

    def observation(self, seat: int) -> str:
        """What ``seat`` sees (everything in Carcata is public), as text."""
        from .observation import observation_text

        return observation_text(self, self._seat(seat))

    def pending(self) -> str:
        """What the game waits for, in words."""
        from .legality import WAITING

        s = self._s
        if s.phase == OVER:
            return "The game is over."
        return f"Player {s.current + 1}'s turn: the game waits for {WAITING[s.phase]}."

    # -------------------------------------------------------------- positions
    def position(self) -> dict[str, Any]:
        """The position now as a JSON-ready dict (no history): a staged position."""
        from .position import state_document

        return state_document(self.rules, self._s)

    def to_json(self, *, indent: int | None = 1) -> str:
        """The game as JSON: its start, the actions and outcomes since, and the position."""
        from .position import game_document

        return json.dumps(
            game_document(self.rules, self._start, self._s, [str(a) for _, a in self.log]),
            indent=indent,
        )

    @staticmethod
    def from_json(text: str | dict[str, Any]) -> Game:
        """Load a saved game or a staged position; a problem is a ``PositionError`` naming
        the field."""
        from .position import game_from_json

        return game_from_json(text)

    @staticmethod
    def from_position(position: dict[str, Any]) -> Game:
        """A game at a staged position (a JSON-ready dict; see ``carcata_core.position``)."""
        from .position import game_from_json

        if not isinstance(position, dict):
            raise PositionError("position", f"should be a dict, not {short_repr(position)}")
        return game_from_json({k: v for k, v in position.items() if k != "history"})

    def _repr_svg_(self) -> str:
        from .svg import island_svg

        return island_svg(self)

    def __repr__(self) -> str:
        s = self._s
        state = "over" if s.phase == OVER else f"player {s.current + 1}, {PHASES[s.phase]}"
        return f"<Game of Carcata, {self.num_players} players, seed {s.seed}: {state}>"


__all__ = ["Game", "LegalActions", "Tables", "as_rules", "tables"]
