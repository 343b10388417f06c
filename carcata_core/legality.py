"""Why an action may not be taken now, in words a learner understands (``Game.why_illegal``).

The slow, explaining twin of ``Game.legal_actions``: the tests check that both agree on
every action of random positions.
"""

from __future__ import annotations

from tabletop.saves import short_repr

from .actions import (
    SEA,
    TURTLE,
    Action,
    Aim,
    Draw,
    End,
    Erupt,
    Keep,
    Land,
    Lava,
    Move,
    Outcome,
    Place,
    Reroll,
    Roll,
    Statue,
)
from .board import DIRECTIONS, ISLAND, island
from .catapult import landing_outcomes
from .dice import roll_outcomes
from .flows import LAVA, PAWN, STATUE, is_fresh_start, trace
from .rules import FACES, GEM_NAMES, Rules
from .state import (
    AIM,
    DICE,
    DRAW,
    EFFECTS,
    ERUPTIONS,
    LAND,
    LAVA_FACES,
    MOVES,
    OVER,
    ROLL,
    SETUP,
    STATUES,
    State,
)
from .transitions import flows_now

#: What each phase waits for, said to the player.
WAITING = {
    SETUP: "the set-up: place a pawn on a free beach space, like 'place 1-3'",
    DICE: "the dice: reroll some of them ('reroll move lava') or 'keep' them",
    EFFECTS: "the dice's effects: 'move', 'lava', 'erupt', 'statue' or 'end'",
    AIM: "the catapult: aim the drawn gem at a space, like 'aim 3-5'",
    ROLL: "a roll of the dice (chance decides: 'roll ...')",
    DRAW: "a gem drawn from the bag (chance decides: 'draw ...')",
    LAND: "where the thrown gem lands (chance decides: 'land ...')",
}


#: The kinds of action each phase takes.
EXPECTED: dict[int, tuple[type, ...]] = {
    SETUP: (Place,),
    DICE: (Keep, Reroll),
    EFFECTS: (Move, Lava, Erupt, Statue, End),
    AIM: (Aim,),
    ROLL: (Roll,),
    DRAW: (Draw,),
    LAND: (Land,),
}


def name(cell: int) -> str:
    return ISLAND.names[cell]


def occupant(s: State, cell: int) -> str | None:
    """What stops a pawn on ``cell``, in words (None: it is free)."""
    b = s.block[cell]
    if b & PAWN:
        return f"a pawn of player {s.pawn[cell] + 1} is on {name(cell)}"
    if b & STATUE:
        return f"a statue stands on {name(cell)}"
    if b & LAVA:
        return f"lava covers {name(cell)}"
    return None


def why_not(s: State, rules: Rules, action: object) -> str | None:
    """None if ``action`` may be taken now, else the reason."""
    phase = s.phase
    if phase == OVER:
        return "the game is over"
    if not isinstance(action, Action):
        return f"{short_repr(action)} is not an action (write one like 'keep')"
    chance = phase in (ROLL, DRAW, LAND)
    if isinstance(action, Outcome) != chance:
        if chance:
            return f"chance decides now: the game waits for {WAITING[phase]}"
        return f"that is chance's to decide; the game waits for {WAITING[phase]}"
    kind = type(action)
    expected = EXPECTED[phase]
    if not issubclass(kind, expected):
        return f"the game waits for {WAITING[phase]}"
    if isinstance(action, Place):
        return _place(s, action.cell)
    if isinstance(action, Reroll):
        return _reroll(s, action.faces)
    if isinstance(action, Keep | Aim):
        return None
    if isinstance(action, Roll):
        return _roll(s, rules, action.faces)
    if isinstance(action, Draw):
        if not s.bag[action.colour]:
            return f"there is no {GEM_NAMES[action.colour]} left in the bag"
        return None
    if isinstance(action, Land):
        return _land(s, rules, action)
    if isinstance(action, Move):
        return _move(s, rules, action)
    if isinstance(action, Lava):
        return _lava(s, rules, action)
    if isinstance(action, Erupt):
        if not s.pool[ERUPTIONS]:
            return "no eruption die is left this turn"
        if not any(s.bag):
            return "the bag is empty: there can be no more eruptions"
        return None
    if isinstance(action, Statue):
        return _statue(s, rules, action)
    assert isinstance(action, End)
    if s.pool[LAVA_FACES] and s.lava_left and flows_now(s, rules):
        return "the lava must be placed first (one flow with every lava die)"
    if s.pool[ERUPTIONS] and any(s.bag):
        return "the eruption dice must be used first ('erupt'): eruptions are compulsory"
    return None


def _place(s: State, cell: int) -> str | None:
    if ISLAND.levels_of[cell] != 1:
        return f"pawns start on the beach (level 1), and {name(cell)} is on level {ISLAND.levels_of[cell]}"
    return occupant(s, cell)


def _reroll(s: State, faces: tuple[int, ...]) -> str | None:
    for face, (want, have) in enumerate(zip(faces[:4], s.unlocked[:4], strict=True)):
        if want > have:
            return f"only {have} of the dice show {FACES[face]}, not {want}"
    return None


def _roll(s: State, rules: Rules, faces: tuple[int, ...]) -> str | None:
    if sum(faces) != s.to_roll:
        return f"{s.to_roll} dice are being rolled, not {sum(faces)}"
    if faces not in roll_outcomes(rules, s.to_roll).counts:
        return "the dice have no such face"
    return None


def _land(s: State, rules: Rules, action: Land) -> str | None:
    for cell, touch, _ in landing_outcomes(rules, s.aim, s.pawn):
        if cell == action.cell and touch == action.touch:
            return None
    if action.cell == SEA:
        return f"a gem thrown at {name(s.aim)} cannot fall into the sea"
    if action.touch and s.pawn[action.cell] < 0:
        return f"no pawn is on {name(action.cell)} to be touched"
    return f"a gem thrown at {name(s.aim)} cannot land on {name(action.cell)}"


def _move(s: State, rules: Rules, action: Move) -> str | None:
    if not s.pool[MOVES]:
        return "no movement is left this turn"
    seat = s.current
    symbol = s.turtle % rules.turtle_spaces
    shore = island(ISLAND.levels, rules.turtle_spaces).turtle_shore[symbol]
    near = " ".join(name(c) for c in shore)
    source, target = action.source, action.target
    if source == TURTLE:
        if seat not in s.riders:
            return "none of your pawns rides the Turtle"
        if target not in shore:
            return f"a pawn gets off the Turtle next to its symbol: onto {near}"
        return occupant(s, target)
    if s.pawn[source] != seat:
        return f"you have no pawn on {name(source)}"
    if target == TURTLE:
        if source not in shore:
            return f"the Turtle is next to {near}: climb on from there"
        if len(s.riders) >= rules.turtle_riders:
            return f"the Turtle carries at most {rules.turtle_riders} pawn(s)"
        return None
    return occupant(s, target)


def _lava(s: State, rules: Rules, action: Lava) -> str | None:
    if not s.pool[LAVA_FACES]:
        return "no lava is left to place this turn"
    tokens = min(s.pool[LAVA_FACES], s.lava_left)
    if not tokens:
        return f"the {rules.lava_tokens} lava tokens are all on the island"
    cell, d = action.cell, action.direction
    join = rules.meeting_flows == "join"
    if trace(cell, d, action.turns, tokens, s.block, join) is not None:
        return None
    if not s.block[cell] & LAVA and not is_fresh_start(cell, s.block):
        return (
            "a flow starts on a top space free of lava and statue, or on a lava token; "
            f"{name(cell)} is neither"
        )
    if (
        not s.block[cell] & LAVA
        and ISLAND.levels_of[ISLAND.step_table[cell][d]] >= ISLAND.levels_of[cell]
    ):
        return f"a fresh flow runs downhill, and {DIRECTIONS[d]} of {name(cell)} is not lower"
    ways = [a for a in flows_now(s, rules) if a.cell == cell and a.direction == d]
    if ways:
        return "the statues on its way turn it: say which way, like " + " or ".join(
            f"'{a}'" for a in ways[:3]
        )
    return f"no token can be placed from {name(cell)} towards {DIRECTIONS[d]}"


def _statue(s: State, rules: Rules, action: Statue) -> str | None:
    if not s.pool[STATUES]:
        return "no statue die is left this turn"
    cell = action.cell
    if not action.onto:
        if not s.block[cell] & STATUE:
            return f"no statue stands on {name(cell)}"
        return None
    if not s.statues_off:
        return "no statue is left on the small islands"
    if ISLAND.levels_of[cell] == ISLAND.levels:
        return "statues cannot stand on the top level"
    if s.gems[cell]:
        return f"gems lie on {name(cell)}: a statue goes on a free space"
    return occupant(s, cell)


__all__ = ["WAITING", "why_not"]
