"""The Karnak rules engine: a ``Game`` you ask for legal actions and play actions on.

Hands and decks are dealt inside the engine from the game's seed (no chance nodes, as in
Carnival): the Design and Favor decks are shuffled at setup and every draw takes their top.

>>> game = Game.new(2, seed=1)
>>> game.current_player, game.phase, game.favor_deck_size
(0, 'turn', 25)
>>> game.play("place cube c4")
>>> game.phase
'place'
>>> game.play("poser cube d4")
>>> game.phase, game.last_events("fr")
('after', ['Le joueur 1 a posé un cube jaune en d4.'])
>>> game.play("end")
>>> game.current_player
1
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable
from functools import lru_cache
from itertools import repeat
from math import floor
from operator import call, mul
from typing import TYPE_CHECKING, Any

from tabletop.action_list import ActionList
from tabletop.action_log import log_entries
from tabletop.equality import ComparedByPosition
from tabletop.fields import as_settings
from tabletop.saves import check_rng, check_seed, short_repr

from .actions import (
    Action,
    Discard,
    Draw,
    End,
    Favor,
    Lift,
    Place,
    Priest,
    Put,
    Reveal,
    parse_action,
)
from .cellsets import CellActions, CellGrid
from .designs import REFERENCE_DESIGNS, Design, Sketch
from .errors import IllegalAction, PositionError
from .mat import (
    COLOURS,
    SHAPES,
    Building,
    MatLayout,
    cell_groups,
    occupied_cells_from,
)
from .messages import Refusal, check_lang, refusal_text, waiting_text
from .rules import FAVOR_KINDS, Rules, cards_counted
from .scoring import Score, final_scores, winners
from .state import AFTER, DISCARD, LIFT, PHASES, PLACE, PUT, REVEALING, TURN, Group, State

if TYPE_CHECKING:
    from .heuristic import KarnakHeuristic
    from .observation import Observation

#: The printed game's rules, shared by every game set up without rules of its own.
PRINTED = Rules()
#: Action kinds, as the action table decodes them.
K_PLACE, K_LIFT, K_PUT, K_PRIEST, K_FAVOR, K_DRAW, K_REVEAL, K_DISCARD, K_END = range(9)
#: Favor kinds past the shapes (the last, 7, gains a Priest).
F_DESIGN, F_MOVE = 5, 6


def as_rules(rules: object) -> Rules:
    """``rules`` as a ``Rules``: None (the printed game), a ``Rules``, or a dict of knobs."""
    found: Rules = as_settings(rules, Rules, PRINTED)
    return found


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Fisher-Yates on ``rng.random()`` (faster than ``rng.shuffle``): from the last card
    down, card ``i`` swaps with card ``floor(random() * (i + 1))``, those draws made in C
    (``floor`` is ``int`` here, the product being positive, and a cheaper call; ``i + 1`` is
    multiplied as the float it is converted to anyway)."""
    draws = map(floor, map(mul, _float_range(len(cards)), map(call, repeat(rng.random))))
    for i, j in zip(range(len(cards) - 1, 0, -1), draws, strict=True):
        cards[i], cards[j] = cards[j], cards[i]


@lru_cache(maxsize=16)
def _float_range(n: int) -> tuple[float, ...]:
    """``n``, ``n - 1`` ... 2 as floats."""
    return tuple(map(float, range(n, 1, -1)))


@lru_cache(maxsize=16)
def cap_flags(caps: tuple[str, ...]) -> tuple[bool, ...]:
    """Per piece code, whether nothing may be put on a piece of it (its shape is one of
    ``caps``)."""
    return tuple(SHAPES[code >> 1] in caps for code in range(2 * len(SHAPES)))


class LegalActions(ActionList[Action]):
    """The legal actions of a position: a list that prints in Karnak's notation and answers
    ``in`` for notation text too (``"draw" in game.legal_actions()``)."""

    __slots__ = ()
    parse = staticmethod(parse_action)

    def notation(self, lang: str = "en") -> list[str]:
        return [a.notation(lang) for a in self]

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self)}): {', '.join(self.notation())}>"


class ActionTable:
    """The interned actions of one mat and Design set, and what each means to the engine:
    ``code[action]`` is (kind, a, b) with ints (a shape, colour, cell, Favor kind or Design
    index)."""

    def __init__(self, layout: MatLayout, designs: tuple[Design, ...]):
        names = layout.names
        cells = range(layout.size)
        self.place = [[Place(shape, names[c]) for c in cells] for shape in SHAPES]
        self.lift = [Lift(names[c]) for c in cells]
        self.put = [[Put(colour, names[c]) for c in cells] for colour in COLOURS]
        self.priest = [Priest(names[c]) for c in cells]
        self.favor = [Favor(kind) for kind in FAVOR_KINDS]
        self.draw = Draw()
        self.end = End()
        self.reveal = [Reveal(d.id) for d in designs]
        #: Per Design index, what ``Game._complete_among`` asks of its goal: how many
        #: structures, the fewest pieces in each, and the clauses' tests on a sketch.
        self.goals = [
            (d.goal.structures, d.goal.least_pieces, d.goal.sketch_tests) for d in designs
        ]
        self.discard = [Discard(d.id) for d in designs]
        self.grid = CellGrid(layout)
        #: Per mask of the yellow shapes in the supply, the Place actions of the cells in a
        #: cell mask (``cellsets``); then likewise the lifts, the Priests and per colour the
        #: Put actions.
        self.place_cells: list[CellActions[Action]] = [
            CellActions(
                [
                    tuple(self.place[shape][c] for shape in range(len(SHAPES)) if mask >> shape & 1)
                    for c in cells
                ]
            )
            for mask in range(1 << len(SHAPES))
        ]
        self.lift_cells: CellActions[Action] = CellActions([(action,) for action in self.lift])
        self.priest_cells: CellActions[Action] = CellActions([(a,) for a in self.priest])
        self.put_cells: list[CellActions[Action]] = [
            CellActions([(action,) for action in row]) for row in self.put
        ]
        code: dict[Action, tuple[int, int, int]] = {}
        for shape in range(len(SHAPES)):
            for c in cells:
                code[self.place[shape][c]] = (K_PLACE, shape, c)
        for colour in range(len(COLOURS)):
            for c in cells:
                code[self.put[colour][c]] = (K_PUT, colour, c)
        for c in cells:
            code[self.lift[c]] = (K_LIFT, c, 0)
            code[self.priest[c]] = (K_PRIEST, c, 0)
        for kind in range(len(FAVOR_KINDS)):
            code[self.favor[kind]] = (K_FAVOR, kind, 0)
        code[self.draw] = (K_DRAW, 0, 0)
        code[self.end] = (K_END, 0, 0)
        for index in range(len(designs)):
            code[self.reveal[index]] = (K_REVEAL, index, 0)
            code[self.discard[index]] = (K_DISCARD, index, 0)
        self.code = code
        #: The same, found by identity (the table keeps every action alive): ``push``'s path.
        self.by_id = {id(action): value for action, value in code.items()}


_TABLES: dict[tuple[int, int], tuple[MatLayout, tuple[Design, ...], ActionTable]] = {}


def action_table(layout: MatLayout, designs: tuple[Design, ...]) -> ActionTable:
    key = (id(layout), id(designs))
    hit = _TABLES.get(key)
    if hit is None or hit[0] is not layout or hit[1] is not designs:
        if len(_TABLES) > 64:
            _TABLES.clear()
        hit = _TABLES[key] = (layout, designs, ActionTable(layout, designs))
    return hit[2]


class Game(ComparedByPosition):
    """A game of Karnak. Create with ``Game.new`` (or ``position.staged``); change with
    ``play`` (checked), ``push`` (unchecked, for search) and ``undo``."""

    __slots__ = (
        "rules",
        "designs",
        "layout",
        "_table",
        "_s",
        "_start",
        "_undo",
        "_events",
        "_max_level",
        "_is_cap",
        "_grid",
    )

    def __init__(
        self,
        rules: Rules,
        designs: tuple[Design, ...],
        state: State,
        setup: tuple[int, int, int] | None = None,
    ):
        """A game at ``state``; ``setup`` (players, seed, first player) when ``state`` is
        the setup those give (``setup_state``)."""
        players = len(state.hands)
        if players not in rules.player_counts:
            raise PositionError("players", f"Karnak is played by 2, 3 or 4 players, not {players}")
        self.rules = rules
        self.designs = designs
        self.layout = rules.layout
        self._table = action_table(self.layout, designs)
        self._s = state
        self._undo: list[State] = []
        self._events: list[tuple[str, dict[str, Any]]] | None = None
        self._max_level = rules.max_level
        self._is_cap = cap_flags(rules.caps)
        self._grid = self._table.grid
        if state.cell_kinds is None:
            self._all_kinds()
        # Where the log starts (``start_position``): the setup, made again when asked for
        # (sparing a copy of every game set up), or a copy of the state.
        self._start: State | tuple[int, int, int] = state.copy() if setup is None else setup

    # ------------------------------------------------------------------ setup
    @staticmethod
    def new(
        players: int,
        seed: int | None = None,
        rules: Rules | dict[str, Any] | None = None,
        designs: tuple[Design, ...] | None = None,
        first_player: int = 0,
    ) -> Game:
        """Set up a game per the rulebook; ``first_player`` (a seat) takes the first turn.

        ``seed`` (0 to 2**64 - 1; random when left out) fixes both decks' shuffles and so the
        whole game. ``rules`` is a ``Rules`` or a dict of knobs; ``designs`` a tuple of
        ``Design`` (the kit's 46 by default, ``designs.load_designs`` reads a file of one's
        own)."""
        rules = as_rules(rules)
        designs = check_designs(designs)
        if type(players) is not int or players not in rules.player_counts:
            raise PositionError(
                "players", f"Karnak is played by 2, 3 or 4 players, not {short_repr(players)}"
            )
        if type(first_player) is not int or not 0 <= first_player < players:
            raise PositionError(
                "first_player", f"a seat from 0 to {players - 1}, not {short_repr(first_player)}"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        check_seed(seed, PositionError)
        setup = (players, seed, first_player)
        return Game(rules, designs, setup_state(players, seed, rules, designs, first_player), setup)

    # ------------------------------------------------------------- read access
    @property
    def num_players(self) -> int:
        return len(self._s.hands)

    @property
    def current_player(self) -> int:
        """The seat to act (after the game is over: the seat that played last)."""
        return self._s.current

    @property
    def phase(self) -> str:
        """``turn``, ``place``, ``put``, ``lift``, ``after``, ``revealing`` or ``discard``."""
        return PHASES[self._s.phase]

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def is_over(self) -> bool:
        return self._s.over

    @property
    def ending(self) -> str | None:
        """How the game ended: ``"favor"`` (the last Favor card was taken), ``"locked"`` (no
        piece could be placed or moved any more, RULING 18) or ``"rounds"`` (the round limit,
        RULING 11); None while it goes on."""
        s = self._s
        if not s.over:
            return None
        if not s.favor_deck:
            return "favor"
        if self.rules.end_on_locked_mat and self._mat_locked():
            return "locked"
        return "rounds"

    @property
    def seed(self) -> int:
        return self._s.seed

    @property
    def log(self) -> tuple[tuple[int, Action], ...]:
        """Every action played so far, with the seat that played it."""
        return log_entries(self._s.log)

    def _seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < len(self._s.hands):
            raise PositionError("seat", f"a seat from 0 to {len(self._s.hands) - 1}, not {seat!r}")
        return seat

    def building(self) -> Building:
        """What stands on the mat now (an immutable ``Building``)."""
        s = self._s
        if s.building is None:
            s.building = Building(
                self.layout,
                self._pieces().stacks,
                tuple(c for c, there in enumerate(s.priest_at) if there),
            )
        found: Building = s.building
        return found

    def _pieces(self) -> Building:
        """The pieces on the mat, without the Priests: what Designs are checked on."""
        s = self._s
        if s.pieces is None:
            s.pieces = Building(self.layout, tuple(s.stacks))
        found: Building = s.pieces
        return found

    def hand(self, seat: int) -> tuple[Design, ...]:
        """A seat's Designs in hand (hidden information: ``observation`` is a seat's view)."""
        return tuple(self.designs[i] for i in self._s.hands[self._seat(seat)])

    def revealed(self, seat: int) -> tuple[Design, ...]:
        return tuple(self.designs[i] for i in self._s.revealed[self._seat(seat)])

    def favor_cards(self, seat: int) -> dict[str, int]:
        """A seat's unused Favor cards, by kind (only the kinds it holds)."""
        counts = self._s.favors[self._seat(seat)]
        return {kind: n for kind, n in zip(FAVOR_KINDS, counts, strict=True) if n}

    def priests(self, seat: int) -> int:
        """The Priests a seat holds, not yet placed."""
        return self._s.priests[self._seat(seat)]

    @property
    def priest_supply(self) -> int:
        return self._s.priest_supply

    def supply(self, shape: str, colour: str) -> int:
        """How many pieces of ``shape`` and ``colour`` the supply still has."""
        if shape not in SHAPES:
            raise PositionError("shape", f"one of {', '.join(SHAPES)}, not {short_repr(shape)}")
        if colour not in COLOURS:
            raise PositionError("colour", f"yellow or white, not {short_repr(colour)}")
        return self._s.supply[SHAPES.index(shape) * 2 + COLOURS.index(colour)]

    @property
    def deck_size(self) -> int:
        return len(self._s.deck)

    @property
    def favor_deck_size(self) -> int:
        return len(self._s.favor_deck)

    def deck_order(self) -> tuple[Design, ...]:
        """The Design deck, top first (hidden information)."""
        return tuple(self.designs[i] for i in reversed(self._s.deck))

    def favor_deck_order(self) -> tuple[str, ...]:
        """The Favor deck, top first (hidden information)."""
        return tuple(FAVOR_KINDS[k] for k in reversed(self._s.favor_deck))

    @property
    def put_shape(self) -> str | None:
        """In phase ``put``: the shape of the piece to put (after a lift or a shape Favor
        card); otherwise None."""
        s = self._s
        return SHAPES[s.put_shape] if s.phase == PUT and not s.over else None

    def pending(self, lang: str = "en") -> str:
        """What the player to act is asked for, in words."""
        check_lang(lang)
        s = self._s
        if s.over:
            return "The game is over." if lang == "en" else "La partie est finie."
        who = f"Player {s.current + 1}" if lang == "en" else f"Joueur {s.current + 1}"
        waiting = waiting_text(s.phase, lang, s.put_shape, self.rules.hand_limit)
        return f"{who}: {waiting}." if lang == "en" else f"{who} : {waiting}."

    # --------------------------------------------------------- placements
    def _open_bits(self) -> int:
        """The cells a piece may be placed on now (on top of its stack), as a mask
        (``cellsets``), except that of the empty cells with no piece and no Priest beside
        them, only the first of each marking is kept (the ``legal_actions`` abstraction)."""
        s = self._s
        found = s.open_bits
        if found is None:
            found = s.joining_bits
            alone = s.alone_bits
            if alone:
                firsts = self._grid.firsts.get(alone)
                found |= self._grid.first_of_each_marking(alone) if firsts is None else firsts
            s.open_bits = found
        return found

    def _find_kinds(self, cells: Iterable[int], kinds: list[int]) -> None:
        """``kinds[c]`` for each of ``cells``: what a piece placed on ``c`` now would be, 0 not
        allowed, 1 allowed, 2 allowed and alone on the mat (``State.cell_kinds``), and the
        masks of the cells of kinds 1 and 2."""
        s = self._s
        stacks, held, priest_at, near_priest = s.stacks, s.held, s.priest_at, s.near_priest
        max_level, is_cap = self._max_level, self._is_cap
        neighbours = self.layout.neighbour_cells
        joining, alone = s.joining_bits, s.alone_bits
        # Held cells are occupied: a cell with no held cell beside it is open unless it is
        # closed itself, which spares looking at its neighbours one by one.
        held_bits, occupied = s.held_bits, s.occupied_bits
        beside = self._grid.neighbour_bits
        for c in cells:
            stack = stacks[c]
            if stack:
                h = len(stack)
                if h >= max_level or held[c] or is_cap[stack[-1]]:
                    kind = 0
                else:
                    kind = 1
                    if beside[c] & held_bits:
                        for n in neighbours[c]:
                            if held[n] and len(stacks[n]) > h:
                                kind = 0
                                break
            elif priest_at[c] or near_priest[c] or beside[c] & held_bits:
                kind = 0
            else:
                kind = 1 if beside[c] & occupied else 2
            if kind != kinds[c]:
                bit = 1 << c
                if kinds[c] == 1:
                    joining ^= bit
                elif kinds[c]:
                    alone ^= bit
                if kind == 1:
                    joining |= bit
                elif kind:
                    alone |= bit
                kinds[c] = kind
        s.joining_bits, s.alone_bits = joining, alone

    def _all_kinds(self) -> None:
        """The cells' kinds found anew, for the whole mat (a state set up or staged), and
        the cells beside a held piece."""
        s = self._s
        size = self.layout.size
        s.near_held_bits = self._grid.beside(s.held_bits)
        if not s.occupied_bits and not s.priest_bits:
            # An empty mat (a game set up): any cell takes a piece, alone.
            s.cell_kinds = [2] * size
            s.joining_bits, s.alone_bits = 0, self._grid.full
            return
        kinds = s.cell_kinds = [0] * size
        s.joining_bits = s.alone_bits = 0
        self._find_kinds(range(size), kinds)

    def _pieces_changed(self, c: int, left: int) -> None:
        """A piece came to the top of ``c`` (``left`` -1) or the piece ``left`` left it: the
        masks, and what was found about the mat is forgotten, but for its groups
        (``_regroup``) and the cells' kinds. The piece is not held, so only ``c``'s kind
        changes, and the kinds of the empty cells beside it when ``c`` was or now is empty
        (the kinds of the other pieces it touches do not depend on it)."""
        s = self._s
        stack = s.stacks[c]
        height = len(stack)
        bit = 1 << c
        tops = s.tops
        if left < 0:
            if height > 1:
                tops[stack[-2]] ^= bit
            else:
                s.occupied_bits |= bit
            tops[stack[-1]] |= bit
        else:
            tops[left] ^= bit
            if stack:
                tops[stack[-1]] |= bit
            else:
                s.occupied_bits ^= bit
        s.changed()
        if s.structures is not None:
            self._regroup(c, left)
        kinds = s.cell_kinds
        assert kinds is not None  # found when the game was made
        if left >= 0:
            self._find_kinds((c,) if height else self.layout.around[c], kinds)
            return
        # A piece came where it was allowed (kind 1 or 2, ``_find_kinds``); it is not held.
        closed = height >= self._max_level or self._is_cap[stack[-1]]
        if height > 1:
            # On a stack, which no taller held stack stood beside: it stays open unless
            # full or capped now.
            if closed:
                kinds[c] = 0
                s.joining_bits ^= bit
        else:
            # On an empty cell: it stays open unless full or capped now, and the empty
            # cells beside it that stood alone join it; no other cell's kind changes.
            joining, alone = s.joining_bits, s.alone_bits
            if kinds[c] == 2:
                alone ^= bit
            elif kinds[c]:
                joining ^= bit
            if closed:
                kinds[c] = 0
            else:
                kinds[c] = 1
                joining |= bit
            for n in self.layout.neighbour_cells[c]:
                if kinds[n] == 2:
                    kinds[n] = 1
                    bit = 1 << n
                    alone ^= bit
                    joining |= bit
            s.joining_bits, s.alone_bits = joining, alone

    def _place_refusal(self, c: int) -> Refusal | None:
        """Why a piece may not be placed on ``c`` now (None: it may)."""
        s = self._s
        stack = s.stacks[c]
        h = len(stack)
        name = self.layout.names[c]
        if s.priest_at[c]:
            return ("priest_there", {"cell": name})
        if h >= self._max_level:
            return ("max_level", {"cell": name, "count": h})
        if h and self._is_cap[stack[-1]]:
            return ("cap", {"cell": name, "shape": stack[-1] >> 1})
        if s.held[c]:
            return ("held", {"cell": name, "other": name})
        if not h and s.near_priest[c]:
            return ("near_priest", {"cell": name})
        for n in self.layout.neighbour_cells[c]:
            if s.held[n] and len(s.stacks[n]) > h:
                return ("held", {"cell": name, "other": self.layout.names[n]})
        return None

    def _lift_bits(self) -> int:
        """The cells whose top piece MOVE may lift, as a mask: yellow, not held, a white one
        of its shape in the supply."""
        s = self._s
        found = s.lift_bits
        if found is None:
            supply, tops = s.supply, s.tops
            if all(supply[1::2]):
                # The cells topped by a yellow piece: every occupied cell but those topped
                # by a white one (a cell has one top, so the white tops' sum is their union).
                found = s.occupied_bits & ~sum(tops[1::2])
            else:
                found = 0
                for code in range(0, len(supply), 2):
                    if supply[code + 1]:
                        found |= tops[code]
            found = s.lift_bits = found & ~s.held_bits
        return found

    def _lift_refusal(self, c: int) -> Refusal | None:
        s = self._s
        stack = s.stacks[c]
        name = self.layout.names[c]
        if not stack:
            return ("lift_empty", {"cell": name})
        top = stack[-1]
        if top & 1:
            return ("lift_white", {"cell": name, "shape": top >> 1, "colour": 1})
        if s.held[c]:
            return ("lift_held", {"cell": name, "shape": top >> 1, "colour": 0})
        if not s.supply[top | 1]:
            return ("no_supply", {"shape": top >> 1, "colour": 1})
        return None

    def _priest_cell_bits(self) -> int:
        """The cells a Priest may be placed on, as a mask: empty, touching exactly one
        occupied cell, and that one not held."""
        s = self._s
        found = s.priest_cell_bits
        if found is None:
            grid = self._grid
            occupied = s.occupied_bits
            width = grid.width
            # The cells whose neighbour on that side is occupied.
            left = (occupied & grid.has_right) << 1
            right = (occupied & grid.has_left) >> 1
            below = (occupied << width) & grid.full
            above = occupied >> width
            across, along = left | right, below | above
            twice = (left & right) | (across & along) | (below & above)
            blocked = occupied | s.priest_bits | s.near_held_bits
            found = s.priest_cell_bits = (across | along) & ~(twice | blocked)
        return found

    def _priest_refusal(self, c: int) -> Refusal | None:
        s = self._s
        name = self.layout.names[c]
        if not s.priests[s.current]:
            return ("no_priest", {})
        if s.stacks[c] or s.priest_at[c]:
            return ("priest_occupied", {"cell": name})
        touched = [n for n in self.layout.neighbour_cells[c] if s.stacks[n]]
        if len(touched) != 1:
            return ("priest_touch", {"cell": name, "count": len(touched)})
        if s.held[touched[0]]:
            return ("priest_held", {"other": self.layout.names[touched[0]]})
        return None

    def _favor_refusal(self, kind: int) -> Refusal | None:
        s = self._s
        if not s.favors[s.current][kind]:
            return ("no_favor", {"kind": kind})
        if kind < F_DESIGN:
            if not s.supply[2 * kind] and not s.supply[2 * kind + 1]:
                return ("favor_no_piece", {"shape": kind})
            if not self._open_bits():
                return ("favor_no_cell", {})
        elif kind == F_DESIGN:
            if not s.deck:
                return ("empty_deck", {})
        elif kind == F_MOVE:
            if not self._lift_bits():
                return ("favor_no_move", {})
        elif not s.priest_supply:
            return ("no_priests_left", {})
        return None

    def _has_main_action(self) -> bool:
        """DRAW, or a PLACE or a MOVE (the mat is not locked)."""
        return bool(self._s.deck) or not self._mat_locked()

    def _is_complete(self, index: int) -> bool:
        complete = self._s.complete
        found = None if complete is None else complete[index]
        return bool(self._complete_among((index,))) if found is None else found

    def _complete_among(self, indices: Iterable[int]) -> list[int]:
        """Those of the Designs ``indices`` that are complete on the mat now
        (``Design.is_complete``), by way of what is known of its structures."""
        s = self._s
        goals = self._table.goals
        complete = s.complete
        if complete is None:
            complete = s.complete = [None] * len(goals)
        structures = s.structures
        if structures is None:
            structures = self._structures()
        out = []
        for index in indices:
            found = complete[index]
            if found is None:
                found = False
                needed, least, tests = goals[index]
                for group in structures:
                    meets = group.meets
                    if meets is None:
                        meets = group.meets = [None] * len(goals)
                    met = meets[index]
                    if met is None:
                        # The group's sketch decides the goal (``Goal.met_by_sketch``,
                        # unrolled here for speed), a small group at once.
                        met = False
                        if group.size >= least:
                            sketch = group.sketch
                            for test in tests:
                                if not test(sketch):
                                    break
                            else:
                                met = True
                        meets[index] = met
                    if met:
                        needed -= 1
                        if not needed:
                            found = True
                            break
                complete[index] = found
            if found:
                out.append(index)
        return out

    def _structures(self) -> list[Group]:
        """The structures on the mat now: its groups of two touching pieces or more."""
        s = self._s
        if s.structures is None:
            stacks, marking_bits = s.stacks, self.layout.marking_bits
            at: list[Group | None] = [None] * len(stacks)
            structures = []
            for cells in cell_groups(stacks, self.layout.neighbour_cells):
                group = Group(cells, Sketch(stacks, marking_bits, cells), s.token)
                for c in cells:
                    at[c] = group
                if group.size > 1:
                    structures.append(group)
            s.structures = structures
            s.group_at = at
        return s.structures

    def _regroup(self, c: int, left: int) -> None:
        """The groups once a piece came to ``c`` (``left`` -1) or the piece ``left`` left it:
        only ``c``'s group changes, or the groups beside ``c`` when it was empty, which the
        new piece joins. Each new group's sketch comes from those it replaces, but when a
        group falls apart (then each part is summed up again).

        No comprehension reads this function's locals: that would make them closure cells,
        paid for on every call."""
        s = self._s
        stacks, structures, at = s.stacks, s.structures, s.group_at
        marking_bits = self.layout.marking_bits
        nbrs = self.layout.neighbour_cells
        assert structures is not None and at is not None  # the caller's condition
        old = at[c]
        if old is None:
            # A piece on an empty cell: it joins every group beside it.
            gone: list[Group] = []
            base = None
            for n in nbrs[c]:
                group = at[n]
                if group is not None and group not in gone:
                    gone.append(group)
                    if group.owner is s.token and (base is None or group.size > base.size):
                        base = group
            if base is not None:
                # The largest of them that this state alone holds takes in the others.
                sketch = base.sketch
                sketch.add_alone(stacks[c][0], marking_bits[c])
                cells = base.cells
                cells.append(c)
                at[c] = base
                for group in gone:
                    if group is not base:
                        sketch.absorb(group.sketch)
                        cells += group.cells
                        for x in group.cells:
                            at[x] = base
                        if group.size > 1:
                            structures.remove(group)
                if base.size == 1:
                    structures.append(base)
                base.size = sketch.size
                base.meets = None
                return
            cells = [c]
            for group in gone:
                cells += group.cells
            sketch = Sketch.joined([g.sketch for g in gone], stacks[c][0], marking_bits[c])
            new = [Group(cells, sketch, s.token)]
        elif left < 0:
            # A piece more on a stack: the same cells, one piece more.
            stack = stacks[c]
            if old.owner is s.token:
                old.sketch.add(stack[-1], stack[-2], len(stack))
                old.size += 1
                old.meets = None
                if old.size == 2:
                    structures.append(old)
                return
            gone = [old]
            grown = old.sketch.grown(stack[-1], stack[-2], len(stack))
            new = [Group(old.cells[:], grown, s.token)]
        elif stacks[c]:
            # A piece less on a stack: the same cells, one piece less.
            if old.owner is s.token:
                old.sketch.shrink(left, stacks[c][-1], stacks, old.cells)
                old.size -= 1
                old.meets = None
                if old.size == 1:
                    structures.remove(old)
                return
            gone = [old]
            sketch = old.sketch.shrunk(left, stacks[c][-1], stacks, old.cells)
            new = [Group(old.cells[:], sketch, s.token)]
        else:
            # The last piece of ``c`` left: what is left of its group stays one unless it
            # falls apart between the pieces ``c`` touched, which one flood from the first
            # of them tells (each part holds one of them).
            at[c] = None
            touched = []
            for n in nbrs[c]:
                if stacks[n]:
                    touched.append(n)
            parts = None
            if len(touched) > 1:
                seen = [False] * len(stacks)
                seen[c] = True
                first = occupied_cells_from(touched[0], stacks, nbrs, seen)
                if not all(map(seen.__getitem__, touched)):
                    # Each later part floods from a touched piece the earlier ones missed.
                    parts = [first]
                    for n in touched:
                        if not seen[n]:
                            parts.append(occupied_cells_from(n, stacks, nbrs, seen))
            gone = [old]
            if parts is not None:
                new = []
                for cells in parts:
                    new.append(Group(cells, Sketch(stacks, marking_bits, cells), s.token))
            elif old.owner is s.token:
                if touched:
                    old.cells.remove(c)
                    old.sketch.part(left, marking_bits, old.cells)
                    old.size -= 1
                    old.meets = None
                    if old.size == 1:
                        structures.remove(old)
                return
            else:
                rest = old.cells[:]
                rest.remove(c)
                parted = old.sketch.parted(left, marking_bits, rest)
                new = [Group(rest, parted, s.token)] if rest else []
        for group in gone:
            if group.size > 1:
                structures.remove(group)
        for group in new:
            for x in group.cells:
                at[x] = group
            if group.size > 1:
                structures.append(group)

    # --------------------------------------------------------- legal actions
    def legal_actions(self) -> LegalActions:
        """Every legal action now, in a stable order, except that ground placements on empty
        cells with no piece and no Priest beside them are merged: of those, only the first
        cell of each marking (none, water, circle, line, dotted) is listed. ``play`` and
        ``is_legal`` accept every legal placement."""
        s = self._s
        if s.over:
            return LegalActions()
        t = self._table
        phase = s.phase
        out = LegalActions()
        # The phases come most frequent first, compared one by one (an ``in`` on a tuple
        # costs more); a mask found since the last change is read at once (sparing a call).
        if phase == TURN or phase == AFTER:  # noqa: SIM109
            # The Priests and Favor cards the player may use.
            seat = s.current
            if s.priests[seat]:
                cells = s.priest_cell_bits
                t.priest_cells.add_to(out, self._priest_cell_bits() if cells is None else cells)
            held_favors = s.favors[seat]
            if any(held_favors):
                favor = t.favor
                for k, n in enumerate(held_favors):
                    if n and self._favor_refusal(k) is None:
                        out.append(favor[k])
            if phase == TURN:
                main = len(out)
                mask = s.yellow_shapes
                if mask:
                    cells = s.open_bits
                    t.place_cells[mask].add_to(out, self._open_bits() if cells is None else cells)
                cells = s.lift_bits
                if cells is None:
                    cells = self._lift_bits()
                if cells:
                    t.lift_cells.add_to(out, cells)
                if s.deck:
                    out.append(t.draw)
                if len(out) == main:
                    out.append(t.end)
            else:
                out += map(t.reveal.__getitem__, self._complete_among(s.hands[seat]))
                out.append(t.end)
        elif phase == PLACE:
            cells = s.open_bits
            t.place_cells[s.yellow_shapes].add_to(
                out, self._open_bits() if cells is None else cells
            )
        elif phase == PUT:
            code = 2 * s.put_shape
            cells = self._open_bits()
            if not s.put_white and s.supply[code]:
                t.put_cells[0].add_to(out, cells)
            if s.supply[code + 1]:
                t.put_cells[1].add_to(out, cells)
        elif phase == DISCARD:
            out += map(t.discard.__getitem__, s.hands[s.current])
        elif phase == LIFT:
            t.lift_cells.add_to(out, self._lift_bits())
        else:
            out += map(t.reveal.__getitem__, self._complete_among(s.hands[s.current]))
            out.append(t.end)
        return out

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` (or its notation) may be played now."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError:
                return False
        return self._refusal(action) is None

    def _refusal(self, action: object) -> Refusal | None:
        """None if ``action`` is legal now, else why not."""
        s = self._s
        if s.over:
            return ("over", {})
        if not isinstance(action, Action):
            return ("not_action", {"what": short_repr(action)})
        code = self._table.code.get(action)
        if code is None:
            if isinstance(action, (Reveal, Discard)):
                return ("no_design", {"card": action.card})
            return ("no_cell", {"cell": getattr(action, "cell", "?")})
        kind, a, b = code
        phase = s.phase
        wrong_phase = (
            "phase",
            {"phase": phase, "put": s.put_shape, "limit": self.rules.hand_limit},
        )
        if kind == K_PLACE:
            if phase not in (TURN, PLACE):
                return wrong_phase
            if not s.supply[2 * a]:
                return ("no_supply", {"shape": a, "colour": 0})
            return self._place_refusal(b)
        if kind == K_PUT:
            if phase != PUT:
                return wrong_phase
            if a == 0 and s.put_white:
                return ("put_white", {"cell": self.layout.names[b]})
            if not s.supply[2 * s.put_shape + a]:
                return ("no_supply", {"shape": s.put_shape, "colour": a})
            return self._place_refusal(b)
        if kind == K_LIFT:
            if phase not in (TURN, LIFT):
                return wrong_phase
            return self._lift_refusal(a)
        if kind in (K_PRIEST, K_FAVOR):
            if phase not in (TURN, AFTER):
                return wrong_phase
            return self._priest_refusal(a) if kind == K_PRIEST else self._favor_refusal(a)
        if kind == K_DRAW:
            if phase != TURN:
                return wrong_phase
            return None if s.deck else ("empty_deck", {})
        if kind == K_END:
            if phase == TURN:
                return ("end_main", {}) if self._has_main_action() else None
            return None if phase in (AFTER, REVEALING) else wrong_phase
        card = self.designs[a].id
        if kind == K_REVEAL:
            if phase not in (AFTER, REVEALING):
                return wrong_phase
            if a not in s.hands[s.current]:
                return ("not_in_hand", {"card": card})
            if not self._is_complete(a):
                return ("not_complete", {"card": card})
            return None
        if phase != DISCARD:
            return wrong_phase
        return None if a in s.hands[s.current] else ("not_in_hand", {"card": card})

    def why_illegal(self, action: Action | str, lang: str = "en") -> str:
        """Why ``action`` cannot be played now, in words of ``lang``."""
        if isinstance(action, str):
            action = parse_action(action)
        check_lang(lang)
        refusal = self._refusal(action)
        if refusal is None:
            return "it is legal" if lang == "en" else "c’est permis"
        return refusal_text(refusal, lang)

    # ------------------------------------------------------------------ play
    def play(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action`` (an ``Action`` or its notation) for the current player.

        Raises ``ActionSyntaxError`` for text that is not an action and ``IllegalAction``
        (naming the action, then the reason) for one the rules forbid here; either way the
        game is unchanged. ``player``, when given, must be the current player."""
        if isinstance(action, str):
            action = parse_action(action)
        s = self._s
        if player is not None and player != s.current and not s.over:
            seats = len(s.hands)
            refusal: Refusal | None
            if type(player) is int and 0 <= player < seats:
                refusal = (
                    "player",
                    {
                        "seat": player,
                        "seat_player": player + 1,
                        "current": s.current,
                        "player": s.current + 1,
                    },
                )
            else:
                refusal = (
                    "not_seat",
                    {"seat": short_repr(player), "last": seats - 1, "players": seats},
                )
        else:
            refusal = self._refusal(action)
        if refusal is not None:
            if not isinstance(action, Action):
                # Not an action at all: said as the other games say it, the value quoted once.
                raise IllegalAction(refusal_text(refusal), refusal_text(refusal, "fr"))
            french = f"« {action.notation('fr')} » : {refusal_text(refusal, 'fr')}"
            raise IllegalAction(f"{short_repr(str(action))}: {refusal_text(refusal)}", french)
        assert isinstance(action, Action)
        self._undo.append(s.copy())
        self._events = []
        self._apply(self._table.code[action], action)

    def push(self, action: Action) -> None:
        """Apply a legal action without checking it: the fast path for search.

        The caller guarantees ``action`` came from ``legal_actions()`` (or is equal to one
        that ``is_legal``). Keeps no undo snapshot and drops earlier ones."""
        if self._undo:
            self._undo.clear()
        self._events = None
        t = self._table
        try:
            code = t.by_id[id(action)]
        except KeyError:
            # An action equal to one of the table's (parsed, or unpickled), not one of them.
            code = t.code[action]
        self._apply(code, action)

    def undo(self) -> Action:
        """Take back the last action played with ``play``; returns it."""
        if not self._undo:
            raise IllegalAction("undo: there is nothing to take back")
        action = self._s.log[2]  # type: ignore[index]
        self._s = self._undo.pop()
        self._events = [("took_back", {"action": action})]
        assert isinstance(action, Action)
        return action

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def copy(self, *, history: bool = False) -> Game:
        """An independent game in the same position; ``history=True`` also copies undo."""
        clone = Game.__new__(Game)
        clone.rules = self.rules
        clone.designs = self.designs
        clone.layout = self.layout
        clone._table = self._table
        clone._s = self._s.copy()
        clone._start = self._start
        clone._undo = [r.copy() for r in self._undo] if history else []
        clone._events = list(self._events) if history and self._events is not None else None
        clone._max_level = self._max_level
        clone._is_cap = self._is_cap
        clone._grid = self._grid
        return clone

    def start_position(self) -> Game:
        """A new game at the position this game's log starts from (setup or staged)."""
        start = self._start
        if isinstance(start, State):
            return Game(self.rules, self.designs, start.copy())
        players, seed, first_player = start
        state = setup_state(players, seed, self.rules, self.designs, first_player)
        return Game(self.rules, self.designs, state, start)

    # ------------------------------------------------------------- the rules
    def _event(self, key: str, **details: Any) -> None:
        if self._events is not None:
            self._events.append((key, {"seat": self._s.current, **details}))

    def _apply(self, code: tuple[int, int, int], action: Action) -> None:
        """Apply a legal action. Unchecked: callers guarantee legality."""
        s = self._s
        seat = s.current
        s.log = (s.log, seat, action)
        kind, a, b = code
        # Events are noted only for ``play`` (``push`` keeps none: spared the calls), and the
        # kinds come most frequent first.
        noting = self._events is not None
        if kind == K_PLACE:
            piece = 2 * a
            s.stacks[b] += (piece,)
            s.supply[piece] -= 1
            if not s.supply[piece]:
                s.yellow_shapes ^= 1 << a
            self._pieces_changed(b, -1)
            if noting:
                self._event("placed", shape=a, colour=0, cell=b)
            if s.phase == PLACE:
                s.phase = AFTER
            elif s.yellow_shapes and self._open_bits():
                s.phase = PLACE
            else:
                s.phase = AFTER
                if noting:
                    self._event("place_one")
        elif kind == K_END:
            if noting:
                self._event("ended")
            self._end_turn()
        elif kind == K_PUT:
            piece = 2 * s.put_shape + a
            s.stacks[b] += (piece,)
            s.supply[piece] -= 1
            if not s.supply[piece] and not a:
                s.yellow_shapes ^= 1 << s.put_shape
            self._pieces_changed(b, -1)
            if noting:
                self._event("placed", shape=s.put_shape, colour=a, cell=b)
            s.phase = s.resume
        elif kind == K_LIFT:
            stack = s.stacks[a]
            piece = stack[-1]
            s.stacks[a] = stack[:-1]
            s.supply[piece] += 1
            s.yellow_shapes |= 1 << (piece >> 1)  # the piece lifted is yellow
            self._pieces_changed(a, piece)
            if noting:
                self._event("lifted", shape=piece >> 1, cell=a)
            if s.phase == TURN:
                s.resume = AFTER
            s.phase = PUT
            s.put_shape = piece >> 1
            s.put_white = True
        elif kind == K_PRIEST:
            self._place_priest(a)
        elif kind == K_FAVOR:
            self._use_favor(a)
        elif kind == K_DISCARD:
            hand = s.hands[seat]
            hand.remove(a)
            s.deck.insert(0, a)
            s.discarded_by[a] = seat
            if noting:
                self._event("discarded")
            if len(hand) <= self.rules.hand_limit:
                self._next_turn()
        elif kind == K_DRAW:
            drawn = 0
            hand, deck = s.hands[seat], s.deck
            for _ in range(self.rules.draw_count):
                if not deck:
                    break
                insort(hand, deck.pop())
                drawn += 1
            if noting:
                self._event("drew", count=drawn)
            self._end_turn()
        else:
            s.hands[seat].remove(a)
            s.revealed[seat].append(a)
            s.discarded_by[a] = -1
            s.favors[seat][s.favor_deck.pop()] += 1
            if noting:
                self._event("revealed", card=a)
            if not s.favor_deck:
                s.over = True
                if noting:
                    self._event("last_favor")
            else:
                s.phase = REVEALING

    def _place_priest(self, cell: int) -> None:
        s = self._s
        s.priests[s.current] -= 1
        s.priest_at[cell] = True
        nbrs = self.layout.neighbour_cells
        touched = 0
        for n in nbrs[cell]:
            s.near_priest[n] += 1
            if s.stacks[n]:
                touched = n
        # The touched piece's whole structure is held: every piece of the occupied cells
        # connected to its cell (a stack is one column, and stacks side by side touch on
        # the mat), so being held is a flag per cell.
        stacks, held = s.stacks, s.held
        zone = 1 << cell
        s.priest_bits |= zone
        for c in occupied_cells_from(touched, stacks, nbrs, held):
            zone |= 1 << c
        s.held_bits |= zone ^ 1 << cell
        s.near_held_bits = self._grid.beside(s.held_bits)
        s.changed(pieces=False)
        # No piece may be placed any more on the Priest's cell, on the structure it holds
        # or beside either (an occupied cell beside a held one is held, being connected to
        # it): those of them open till now close.
        zone |= self._grid.beside(zone)
        kinds = s.cell_kinds
        assert kinds is not None  # found when the game was made
        closing = zone & (s.joining_bits | s.alone_bits)
        s.joining_bits &= ~closing
        s.alone_bits &= ~closing
        while closing:
            low = closing & -closing
            kinds[low.bit_length() - 1] = 0
            closing ^= low
        if self._events is not None:
            self._event("priest", cell=cell, other=touched)

    def _use_favor(self, kind: int) -> None:
        s = self._s
        seat = s.current
        s.favors[seat][kind] -= 1
        s.favor_used.append(kind)
        if self._events is not None:
            self._event("favor", kind=kind)
        if kind < F_DESIGN:
            s.resume = s.phase
            s.phase = PUT
            s.put_shape = kind
            s.put_white = False
        elif kind == F_DESIGN:
            insort(s.hands[seat], s.deck.pop())
        elif kind == F_MOVE:
            s.resume = s.phase
            s.phase = LIFT
        else:
            s.priest_supply -= 1
            s.priests[seat] += 1

    def _end_turn(self) -> None:
        s = self._s
        if len(s.hands[s.current]) > self.rules.hand_limit:
            s.phase = DISCARD
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        s = self._s
        s.current = (s.current + 1) % len(s.hands)
        s.phase = TURN
        if self.rules.end_on_locked_mat and self._mat_locked():
            s.over = True
            self._event("locked")
        elif s.current == s.starter:
            s.round += 1
            if s.round > self.rules.round_limit:
                s.over = True
                s.round -= 1
                self._event("stalled", rounds=self.rules.round_limit)

    def _mat_locked(self) -> bool:
        """Whether no PLACE and no MOVE can ever be taken again (RULING 18): no cell takes a
        piece or the supply has no yellow piece, and no yellow piece can be lifted. Pieces
        only come back to the supply by a lift, so this lasts, and with it no Design can be
        revealed and the Favor deck can never run out."""
        return (not self._open_bits() or not self._s.yellow_shapes) and not self._lift_bits()

    # ------------------------------------------------------------- results
    def scores(self) -> list[int]:
        """Each seat's points now: its complete Designs (hand and revealed) and a point per
        unused Favor card (the game's score once it is over)."""
        return [score.points for score in self.score_details()]

    def score_details(self) -> list[Score]:
        s = self._s
        return final_scores(
            self.designs, self._is_complete, s.hands, s.revealed, s.favors, self.rules.favor_point
        )

    def winners(self) -> list[int]:
        """The seats with the best score, tie-broken per RULING 12."""
        return winners(self.score_details())

    def returns(self) -> list[float]:
        """1/k for each of the k winners once the game is over, 0 for the others (all 0
        before the end)."""
        if not self._s.over:
            return [0.0] * self.num_players
        best = self.winners()
        return [1 / len(best) if seat in best else 0.0 for seat in range(self.num_players)]

    # ------------------------------------------------------------- agents
    def heuristic(self) -> KarnakHeuristic:
        """Quick estimates of positions and actions for the search agents."""
        from .heuristic import KarnakHeuristic

        return KarnakHeuristic()

    # ------------------------------------------------------------- words
    def last_events(self, lang: str = "en") -> list[str]:
        """What the last ``play`` did, in sentences of ``lang`` (nothing after a ``push``)."""
        from .events import event_text

        check_lang(lang)
        return [event_text(self, key, details, lang) for key, details in self._events or []]

    # ------------------------------------------------------------- views
    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees: the mat, the supply, every revealed Design and used Favor card,
        its own hands; only counts of the others' hands and the decks."""
        from .observation import observe

        return observe(self, self._s, self._seat(seat))

    def determinized(self, rng: random.Random | int | None = None) -> Game:
        """A copy in which what the player to act cannot see is dealt anew, consistently: the
        others' Design hands with the Design deck (but for the Designs the player discarded
        itself, which stay where they are), the others' Favor cards with the Favor deck and
        the cards left in the box. The counts of every hand and deck are kept."""
        if isinstance(rng, int) and not isinstance(rng, bool):
            rng = random.Random(rng)
        generator = random.Random() if rng is None else check_rng(rng, PositionError)
        clone = self.copy()
        s = clone._s
        me = s.current
        # Every Design the player to act cannot place, in the slots it cannot see: the other
        # hands and the deck, less the cards it discarded itself (it knows where they are).
        known = s.discarded_by
        free = [i for seat, hand in enumerate(s.hands) if seat != me for i in hand]
        free += s.deck
        free = [i for i in free if known[i] != me]
        shuffle(free, generator)
        for seat, hand in enumerate(s.hands):
            if seat != me:
                s.hands[seat] = sorted(i if known[i] == me else free.pop() for i in hand)
        s.deck = [i if known[i] == me else free.pop() for i in s.deck]
        favors = [
            kind
            for seat, row in enumerate(s.favors)
            if seat != me
            for kind, n in enumerate(row)
            for _ in range(n)
        ]
        favors += s.favor_deck + s.favor_out
        shuffle(favors, generator)
        for seat, row in enumerate(s.favors):
            if seat != me:
                count = sum(row)
                s.favors[seat] = [0] * len(FAVOR_KINDS)
                for _ in range(count):
                    s.favors[seat][favors.pop()] += 1
        keep = len(s.favor_out)
        s.favor_out = sorted(favors[:keep])
        s.favor_deck = favors[keep:]
        return clone

    # ------------------------------------------------------------- saves
    def position(self) -> dict[str, Any]:
        """The position as JSON-ready data (``position.to_data``)."""
        from .position import to_data

        return to_data(self, self._s)

    def to_json(self, *, indent: int | None = 1) -> str:
        from .position import to_json

        return to_json(self, indent=indent)

    @staticmethod
    def from_json(text: str | dict[str, Any]) -> Game:
        from .position import from_json

        return from_json(text)

    def __repr__(self) -> str:
        s = self._s
        state = "over" if s.over else f"player {s.current + 1} to act, {PHASES[s.phase]}"
        return f"<Karnak game: {self.num_players} players, round {s.round}, {state}>"


def setup_state(
    players: int, seed: int, rules: Rules, designs: tuple[Design, ...], first_player: int
) -> State:
    """The state at setup: both decks shuffled from ``seed``, the hands dealt from the
    Design deck (five to the first player, four to the next...), two Priests each."""
    rng = random.Random(seed)
    deck = list(range(len(designs)))
    shuffle(deck, rng)
    favors = cards_counted(rules.favor_counts)
    shuffle(favors, rng)
    out = sorted(favors[: len(favors) - rules.favor_deck])
    favor_deck = favors[len(favors) - rules.favor_deck :]
    hands: list[list[int]] = [[] for _ in range(players)]
    for offset, count in enumerate(rules.hands_for(players)):
        seat = (first_player + offset) % players
        # The top ``count`` cards of the deck (its last), or all that are left.
        dealt = max(0, len(deck) - count)
        hands[seat] = sorted(deck[dealt:])
        del deck[dealt:]
    priests = [rules.priests_for(seat) for seat in range(players)]
    size = rules.layout.size
    # Set field by field: a keyword call of every field costs more than the deal.
    state = State.__new__(State)
    state.stacks = [()] * size
    state.held = [False] * size
    state.priest_at = [False] * size
    state.near_priest = [0] * size
    state.supply = [
        rules.white_per_shape if code & 1 else rules.yellow_per_shape
        for code in range(2 * len(SHAPES))
    ]
    state.priest_supply = max(0, rules.priest_supply - sum(priests))
    state.priests = priests
    state.hands = hands
    state.revealed = [[] for _ in range(players)]
    state.favors = [[0] * len(FAVOR_KINDS) for _ in range(players)]
    state.deck = deck
    state.discarded_by = [-1] * len(designs)
    state.favor_deck = favor_deck
    state.favor_out = out
    state.favor_used = []
    state.current = first_player
    state.starter = first_player
    state.phase = TURN
    state.put_shape = 0
    state.put_white = False
    state.resume = TURN
    state.round = 1
    state.over = False
    state.seed = seed
    state.building = None
    state.pieces = None
    state.complete = None
    state.structures = None
    state.group_at = None
    state.log = None
    state.token = object()
    state.set_masks()
    return state


def check_designs(designs: object) -> tuple[Design, ...]:
    """``designs`` checked: None (the kit's 46) or a non-empty tuple of distinct Designs."""
    if designs is None:
        return REFERENCE_DESIGNS
    if isinstance(designs, list):
        designs = tuple(designs)
    if (
        not isinstance(designs, tuple)
        or not designs
        or len(designs) > 200
        or any(not isinstance(d, Design) for d in designs)
    ):
        raise PositionError("designs", f"a tuple of Design cards, not {short_repr(designs)}")
    ids = [d.id.upper() for d in designs]
    if len(set(ids)) != len(ids):
        raise PositionError("designs", "two Designs share an id")
    return designs


__all__ = ["Game", "LegalActions", "check_designs"]
