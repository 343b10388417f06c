"""What each action and chance outcome does to a ``State``: the rules as state changes.

Unchecked: the game checks legality first (``Game.play``) or trusts its caller
(``Game.push``). ``ev`` is a list collecting what happened, as small tuples
(``events.describe`` words them), or ``None`` on the fast path.
"""

from __future__ import annotations

from .actions import SEA, TURTLE, Lava
from .flows import LAVA, PAWN, STATUE, legal_flows, trace
from .rules import Rules
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
    STATUES,
    State,
)

Events = list[tuple[object, ...]] | None
NO_DICE = (0, 0, 0, 0, 0)


def place(s: State, rules: Rules, cell: int, ev: Events) -> None:
    seat = s.current
    s.pawn[cell] = seat
    s.block[cell] |= PAWN
    s.positions[seat].append(cell)
    s.placed += 1
    if ev is not None:
        ev.append(("place", seat, cell))
    players = len(s.positions)
    if s.placed >= rules.pawns * players:
        start_turn(s, rules, 0)
    else:
        s.current = s.placed % players


def start_turn(s: State, rules: Rules, seat: int) -> None:
    s.current = seat
    s.phase = ROLL
    s.to_roll = rules.dice
    s.unlocked = NO_DICE
    s.locked = 0
    s.pool = [0, 0, 0, 0]


def roll(s: State, faces: tuple[int, ...], ev: Events) -> None:
    u = s.unlocked
    s.unlocked = (u[0] + faces[0], u[1] + faces[1], u[2] + faces[2], u[3] + faces[3], 0)
    s.locked += faces[4]
    s.to_roll = 0
    s.phase = DICE
    if ev is not None:
        ev.append(("roll", s.current, faces, s.unlocked, s.locked))


def reroll(s: State, faces: tuple[int, ...], ev: Events) -> None:
    u = s.unlocked
    s.unlocked = (u[0] - faces[0], u[1] - faces[1], u[2] - faces[2], u[3] - faces[3], 0)
    s.to_roll = faces[0] + faces[1] + faces[2] + faces[3]
    s.phase = ROLL
    if ev is not None:
        ev.append(("reroll", s.current, faces))


def keep(s: State, rules: Rules, ev: Events) -> None:
    u = s.unlocked
    s.pool = [u[0], u[1], u[2], u[3]]
    s.phase = EFFECTS
    s.flow_cache = None
    if ev is not None:
        ev.append(("keep", s.current, u, s.locked))
    settle_effects(s, rules, ev)


def flows_now(s: State, rules: Rules) -> list[Lava]:
    """This turn's possible flows, as actions (kept until lava or statues change)."""
    found = s.flow_cache
    if found is None:
        tokens = min(s.pool[LAVA_FACES], s.lava_left)
        found = s.flow_cache = legal_flows(s.block, tokens, rules.meeting_flows == "join", s.flows)
    return found  # type: ignore[no-any-return]


def statue_possible(s: State, rules: Rules) -> bool:
    """Whether a statue die has any use: a statue on the island to send back, or one on the
    small islands and a free space for it."""
    if s.statues_off < rules.statues:
        return True
    if not s.statues_off:
        return False
    block, gems = s.block, s.gems
    return any(not block[c] and not gems[c] for c in range(len(block) - 6))


def settle_effects(s: State, rules: Rules, ev: Events) -> None:
    """End the turn by itself once the pool holds nothing left to do: no movement, no
    statue with a use, no eruption owed (the bag empty), no lava that can flow."""
    pool = s.pool
    if s.phase != EFFECTS or pool[MOVES]:
        return
    if pool[ERUPTIONS] and any(s.bag):
        return
    if pool[STATUES] and statue_possible(s, rules):
        return
    if pool[LAVA_FACES] and s.lava_left and flows_now(s, rules):
        return
    if ev is not None:
        ev.append(("done", s.current))
    end_turn(s, rules, ev)


def end_turn(s: State, rules: Rules, ev: Events) -> None:
    steps = s.locked
    s.turtle += steps
    if ev is not None and steps:
        ev.append(("turtle", steps, s.turtle, s.riders))
    if s.turtle >= rules.turtle_steps_to_end:
        s.phase = OVER
        s.island_won = True
        if ev is not None:
            ev.append(("island",))
        return
    start_turn(s, rules, (s.current + 1) % len(s.positions))
    if ev is not None:
        ev.append(("next", s.current))


def move(s: State, rules: Rules, source: int, target: int, ev: Events) -> None:
    seat = s.current
    if source == TURTLE:
        riders = list(s.riders)
        riders.remove(seat)
        s.riders = tuple(riders)
    else:
        s.pawn[source] = -1
        s.block[source] &= ~PAWN
        s.positions[seat].remove(source)
    picked: tuple[int, ...] = ()
    if target == TURTLE:
        s.riders = (*s.riders, seat)
    else:
        s.pawn[target] = seat
        s.block[target] |= PAWN
        s.positions[seat].append(target)
        picked = s.gems[target]
        if picked:
            mine = s.collected[seat]
            for g in picked:
                mine[g] += 1
            s.gems[target] = ()
    s.pool[MOVES] -= 1
    if ev is not None:
        ev.append(("move", seat, source, target, picked))
    settle_effects(s, rules, ev)


def lava(
    s: State, rules: Rules, cell: int, direction: int, turns: tuple[str, ...], ev: Events
) -> None:
    tokens = min(s.pool[LAVA_FACES], s.lava_left)
    cells = trace(cell, direction, turns, tokens, s.block, rules.meeting_flows == "join")
    assert cells is not None
    block, pawn, gems, bag = s.block, s.pawn, s.gems, s.bag
    killed = []
    destroyed = []
    for c in cells:
        if block[c] & PAWN:
            victim = pawn[c]
            pawn[c] = -1
            s.positions[victim].remove(c)
            killed.append((victim, c))
        if gems[c]:
            for g in gems[c]:
                bag[g] += 1
            destroyed.append((c, gems[c]))
            gems[c] = ()
        block[c] = (block[c] & ~PAWN) | LAVA
    s.lava_left -= len(cells)
    lost = s.pool[LAVA_FACES] - len(cells)
    s.pool[LAVA_FACES] = 0
    s.flows = (*s.flows, tuple(cells))
    s.flow_cache = None
    s.parts = None
    if ev is not None:
        ev.append(("lava", s.current, tuple(cells), tuple(killed), tuple(destroyed), lost))
    if killed and check_elimination(s, ev):
        return
    settle_effects(s, rules, ev)


def erupt(s: State, ev: Events) -> None:
    s.pool[ERUPTIONS] -= 1
    s.phase = DRAW
    if ev is not None:
        ev.append(("erupt", s.current))


def draw(s: State, colour: int, ev: Events) -> None:
    s.bag[colour] -= 1
    s.drawn = colour
    s.phase = AIM
    if ev is not None:
        ev.append(("draw", s.current, colour))


def aim(s: State, cell: int, ev: Events) -> None:
    s.aim = cell
    s.phase = LAND
    if ev is not None:
        ev.append(("aim", s.current, cell))


def land(s: State, rules: Rules, cell: int, touch: bool, ev: Events) -> None:
    gem = s.drawn
    s.drawn = -1
    aimed = s.aim
    s.aim = -1
    s.phase = EFFECTS
    block = s.block
    owner = -1
    if cell == SEA or block[cell] & LAVA:
        s.bag[gem] += 1
        what = "sea" if cell == SEA else "lava"
    elif block[cell] & STATUE:
        block[cell] &= ~STATUE
        s.statues_off += 1
        s.gems[cell] = (*s.gems[cell], gem)
        s.flow_cache = None
        what = "statue"
    elif block[cell] & PAWN:
        owner = s.pawn[cell]
        if touch:
            s.pawn[cell] = -1
            block[cell] &= ~PAWN
            s.positions[owner].remove(cell)
            s.gems[cell] = (gem,)
            what = "touch"
        else:
            s.collected[owner][gem] += 1
            what = "won"
    else:
        s.gems[cell] = tuple(sorted((*s.gems[cell], gem)))
        what = "stays"
    if ev is not None:
        ev.append(("land", s.current, gem, aimed, cell, what, owner))
    if what == "touch" and check_elimination(s, ev):
        return
    settle_effects(s, rules, ev)


def statue(s: State, rules: Rules, cell: int, onto: bool, ev: Events) -> None:
    if onto:
        s.block[cell] |= STATUE
        s.statues_off -= 1
    else:
        s.block[cell] &= ~STATUE
        s.statues_off += 1
    s.pool[STATUES] -= 1
    s.flow_cache = None
    if ev is not None:
        ev.append(("statue", s.current, cell, onto))
    settle_effects(s, rules, ev)


def end(s: State, rules: Rules, ev: Events) -> None:
    if ev is not None:
        ev.append(("end", s.current, s.pool[MOVES], s.pool[STATUES]))
    end_turn(s, rules, ev)


def check_elimination(s: State, ev: Events) -> bool:
    """End the game if a tribe has no pawn left (on the island or riding): the player to
    act takes the eliminated tribes' gems, unless they eliminated themselves."""
    out = tuple(
        seat for seat, cells in enumerate(s.positions) if not cells and seat not in s.riders
    )
    if not out:
        return False
    s.eliminated = out
    s.phase = OVER
    taker = s.current
    takes = taker not in out
    if takes:
        mine = s.collected[taker]
        for seat in out:
            theirs = s.collected[seat]
            for g, n in enumerate(theirs):
                mine[g] += n
                theirs[g] = 0
    if ev is not None:
        ev.append(("eliminated", out, taker, takes))
    return True


__all__ = [
    "end_turn",
    "flows_now",
    "settle_effects",
    "start_turn",
    "statue_possible",
]
