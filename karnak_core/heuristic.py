"""A quick judgement of Karnak positions and actions, for the search agents.

A seat scores the Designs it holds or has revealed that are complete at the end, and a point
per unused Favor card. The estimate projects that: each Design counts its points times a
chance of being complete at the end, which depends on how many pieces it is short (as
``Design.explain`` measures it: the closest structures, clause by clause) and on whether its
structures are frozen by a Priest (then nothing can spoil them). A seat's value is a
logistic of its projected lead over the best other seat.

To be quick, the mat is summed up once per position: each group of touching pieces (a
connected set of occupied cells) by its pieces of each kind, its height, the markings its
pieces on the mat stand on and which kinds stand on which. Every clause of the Design
language is then a small function of such a summary, and a placement's effect is the
summary of the groups it joins.

It reads the whole state, the other seats' hands included (``reads_hidden``): the agents of
``tabletop`` ask it only about ``determinized`` copies, which keeps a seat's view honest.

>>> from karnak_core import Game
>>> game = Game.new(2, seed=1)
>>> game.play("place cube c4")
>>> values = game.heuristic().values(game)
>>> len(values), all(0 < v < 1 for v in values)
(2, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .actions import Action, Discard, Draw, Favor, Lift, Place, Priest, Put, Reveal
from .designs import AllColour, Clause, Count, Design, Measure, On, Only, Same, Touching
from .game import Game, LegalActions
from .mat import COLOURS, MARKINGS, SHAPES

#: Chance that a complete Design is still complete at the end: frozen, or open to spoiling.
FROZEN_KEEPS = 0.97
OPEN_KEEPS = 0.8
#: Per piece short, how much less likely a Design is to be completed: with the whole Favor
#: deck still to go, and with none of it left.
EARLY_DECAY = 0.6
LATE_DECAY = 0.3
#: What an unplaced Priest is worth, in points (it can freeze a Design later).
PRIEST_WORTH = 0.4
#: Points of projected lead that make a seat's win about 73% likely (logistic scale).
LEAD_SCALE = 4.0
#: How much the revealed Designs of the others count in the action scores (spoiling them).
RIVALS_WEIGHT = 0.5
#: Designs more pieces short than this are left out of a piece's quick score.
NEAR = 4
#: Most placements (and puts) a search considers at a decision: those of the best scores.
PLACE_CHOICES = 8
#: Most lifts a search considers.
LIFT_CHOICES = 4

KINDS = 2 * len(SHAPES)
MARKING_INDEX = {m: i for i, m in enumerate(MARKINGS)}


class Summary:
    """A group of touching pieces, summed up: its pieces counted (``counts``, see
    ``count_index``: by kind, by shape, by colour and in all), its height, its pieces on the
    mat on each marking, the kinds standing on others (bits ``upper * KINDS + lower``),
    whether a Priest holds it, and its cells."""

    __slots__ = ("counts", "size", "height", "marks", "pairs", "held", "cells")

    def __init__(
        self,
        kinds: list[int],
        height: int,
        marks: list[int],
        pairs: int,
        held: bool,
        cells: tuple[int, ...],
    ):
        shapes = [kinds[2 * s] + kinds[2 * s + 1] for s in range(len(SHAPES))]
        yellow, white = sum(kinds[0::2]), sum(kinds[1::2])
        self.counts = kinds + shapes + [yellow, white, yellow + white]
        self.size = yellow + white
        self.height = height
        self.marks = marks
        self.pairs = pairs
        self.held = held
        self.cells = cells


def count_index(shape: str | None, colour: str | None) -> int:
    """Where ``Summary.counts`` counts the pieces of ``shape`` and ``colour`` (either may be
    None: any)."""
    if shape is not None:
        s = SHAPES.index(shape)
        return 2 * s + COLOURS.index(colour) if colour is not None else KINDS + s
    if colour is not None:
        return KINDS + len(SHAPES) + COLOURS.index(colour)
    return KINDS + len(SHAPES) + 2


EMPTY = Summary([0] * KINDS, 0, [0] * len(MARKINGS), 0, False, ())

Shortfall = Callable[[Summary], int]


def _kinds(shape: str | None, colour: str | None) -> tuple[int, ...]:
    shapes = [SHAPES.index(shape)] if shape else range(len(SHAPES))
    colours = [0, 1] if colour is None else [COLOURS.index(colour)]
    return tuple(2 * s + c for s in shapes for c in colours)


def _distance(relation: str, number: int) -> Callable[[int], int]:
    if relation == "exactly":
        return lambda value: abs(value - number)
    if relation == "at least":
        return lambda value: max(0, number - value)
    return lambda value: max(0, value - number)


def clause_shortfall(clause: Clause) -> Shortfall:
    """``clause.shortfall`` as a function of a group's summary."""
    if isinstance(clause, Count):
        at, far = (
            count_index(clause.shape, clause.colour),
            _distance(clause.relation, clause.number),
        )
        return lambda g: far(g.counts[at])
    if isinstance(clause, Only):
        others = tuple(
            KINDS + s for s, shape in enumerate(SHAPES) if shape not in set(clause.shapes)
        )
        return lambda g: sum([g.counts[i] for i in others])
    if isinstance(clause, Same):
        if clause.aspect == "colour":
            yellow = count_index(None, "yellow")
            return lambda g: min(g.counts[yellow], g.counts[yellow + 1])
        shapes = slice(KINDS, KINDS + len(SHAPES))
        return lambda g: g.size - max(g.counts[shapes])
    if isinstance(clause, AllColour):
        at = count_index(None, "white" if clause.colour == "yellow" else "yellow")
        return lambda g: g.counts[at]
    if isinstance(clause, Touching):
        mark = MARKING_INDEX[clause.marking]
        if clause.touching:
            return lambda g: int(g.marks[mark] == 0)
        return lambda g: g.marks[mark]
    if isinstance(clause, Measure):
        far = _distance(clause.relation, clause.number)
        if clause.aspect == "size":
            return lambda g: far(g.size)
        return lambda g: far(g.height)
    if isinstance(clause, On):
        uppers = _kinds(clause.upper, clause.upper_colour)
        lowers = _kinds(clause.lower, clause.lower_colour)
        mask = sum(1 << (u * KINDS + lo) for u in uppers for lo in lowers)
        below = count_index(clause.lower, clause.lower_colour)
        return lambda g: 0 if g.pairs & mask else (1 if g.counts[below] else 2)
    raise TypeError(f"no shortfall for {clause!r}")


class Judged:
    """One Design compiled for the heuristic: its structures' count and a shortfall per
    group summary (pieces short, counting the two a structure needs at least)."""

    __slots__ = ("design", "needed", "clauses", "fresh")

    def __init__(self, design: Design):
        self.design = design
        self.needed = design.goal.structures
        self.clauses = tuple(clause_shortfall(c) for c in design.goal.clauses)
        #: A structure started from nothing.
        self.fresh = self.short(EMPTY)

    def short(self, g: Summary) -> int:
        total = 0
        for clause in self.clauses:
            total += clause(g)
        # A structure has two pieces at least, which the clauses' own pieces may be.
        if g.size < 2 and total < 2 - g.size:
            return 2 - g.size
        return total

    def judge(self, groups: Sequence[Summary]) -> tuple[int, bool]:
        """Pieces short over ``groups`` (0: complete) and whether it is complete on frozen
        structures alone."""
        needed = self.needed
        if needed == 1:
            best = self.fresh
            for g in groups:
                s = self.short(g)
                if g.held:
                    if s == 0:
                        return 0, True
                elif s < best:
                    best = s
            return best, False
        shorts = []
        frozen_done = 0
        for g in groups:
            s = self.short(g)
            if g.held:
                if s == 0:
                    frozen_done += 1
                    shorts.append(0)
            else:
                shorts.append(s)
        if frozen_done >= needed:
            return 0, True
        shorts.extend([self.fresh] * needed)
        shorts.sort()
        return sum(shorts[:needed]), False


_JUDGED: dict[int, Judged] = {}
#: Scores of pieces by position (``KarnakHeuristic._piece_scores``).
_SCORES: dict[tuple[object, ...], dict[Action, float]] = {}


def judged(design: Design) -> Judged:
    found = _JUDGED.get(id(design))
    if found is None or found.design is not design:
        if len(_JUDGED) > 2000:
            _JUDGED.clear()
        found = _JUDGED[id(design)] = Judged(design)
    return found


def summaries(game: Game) -> tuple[list[Summary], list[int]]:
    """The mat's groups of touching pieces, summed up, and each cell's group (-1: empty)."""
    building = game.building()
    stacks = building.stacks
    layout = building.layout
    neighbours = layout.neighbour_cells
    markings = layout.markings
    near_priest: set[int] = set()
    for p in building.priests:
        near_priest.update(neighbours[p])
    group_of = [-1] * len(stacks)
    groups: list[Summary] = []
    for start, stack in enumerate(stacks):
        if not stack or group_of[start] >= 0:
            continue
        index = len(groups)
        group_of[start] = index
        cells = [start]
        for cell in cells:
            for other in neighbours[cell]:
                if stacks[other] and group_of[other] < 0:
                    group_of[other] = index
                    cells.append(other)
        counts = [0] * KINDS
        marks = [0] * len(MARKINGS)
        pairs = 0
        height = 0
        held = False
        for cell in cells:
            stack = stacks[cell]
            if len(stack) > height:
                height = len(stack)
            below = -1
            for code in stack:
                counts[code] += 1
                if below >= 0:
                    pairs |= 1 << (code * KINDS + below)
                below = code
            marking = markings[cell]
            if marking is not None:
                marks[MARKING_INDEX[marking]] += 1
            if cell in near_priest:
                held = True
        groups.append(Summary(counts, height, marks, pairs, held, tuple(cells)))
    return groups, group_of


def joined(
    groups: Sequence[Summary],
    group_of: Sequence[int],
    stacks: Sequence[tuple[int, ...]],
    neighbours: Sequence[tuple[int, ...]],
    marking: str | None,
    cell: int,
    code: int,
) -> tuple[Summary, set[int]]:
    """The group a piece ``code`` placed on ``cell`` would belong to, and the groups it
    joins (by index)."""
    stack = stacks[cell]
    # On a stack, the piece joins its group; on the mat, every group beside it.
    merged = {group_of[cell]} if stack else {group_of[n] for n in neighbours[cell] if stacks[n]}
    counts = [0] * KINDS
    marks = [0] * len(MARKINGS)
    height = pairs = 0
    cells: list[int] = [cell] if not stack else []
    for i in merged:
        g = groups[i]
        for k in range(KINDS):
            counts[k] += g.counts[k]
        for m in range(len(MARKINGS)):
            marks[m] += g.marks[m]
        height = max(height, g.height)
        pairs |= g.pairs
        cells.extend(g.cells)
    counts[code] += 1
    height = max(height, len(stack) + 1)
    if stack:
        pairs |= 1 << (code * KINDS + stack[-1])
    elif marking is not None:
        marks[MARKING_INDEX[marking]] += 1
    return Summary(counts, height, marks, pairs, False, tuple(cells)), merged


def lifted(group: Summary, stacks: Sequence[tuple[int, ...]], cell: int) -> Summary:
    """``group`` without the top piece of ``cell`` (a group split in two by it is taken as
    one: a quick estimate)."""
    counts = group.counts[:KINDS]
    stack = stacks[cell]
    counts[stack[-1]] -= 1
    height = max(len(stacks[c]) - (c == cell) for c in group.cells)
    pairs = 0
    for c in group.cells:
        s = stacks[c][:-1] if c == cell else stacks[c]
        for level in range(1, len(s)):
            pairs |= 1 << (s[level] * KINDS + s[level - 1])
    return Summary(counts, height, group.marks, pairs, False, group.cells)


class Standing:
    """One Design's shortfall on the mat now, group by group, so that the change a piece
    makes (some groups replaced by the one they join into) is quick to find."""

    __slots__ = ("judged", "weight", "decay", "frozen", "shorts", "short", "now")

    def __init__(self, j: Judged, weight: float, groups: Sequence[Summary], decay: float):
        self.judged = j
        self.weight = weight
        self.decay = decay
        frozen = 0
        shorts = []
        for i, g in enumerate(groups):
            s = j.short(g)
            if g.held:
                frozen += s == 0
            else:
                shorts.append((s, i))
        shorts.sort()
        #: Complete structures a Priest holds; the open groups' shortfalls, least first.
        self.frozen = frozen
        self.shorts = shorts
        #: Pieces short now (None: complete on frozen structures).
        self.short = self.short_without(set(), None)
        self.now = self.worth(self.short)

    def short_without(self, replace: set[int], new: Summary | None) -> int | None:
        """Pieces short with the groups ``replace`` replaced by ``new`` (None: complete on
        frozen structures)."""
        j = self.judged
        wanted = j.needed - self.frozen
        if wanted <= 0:
            return None
        fresh = j.fresh
        if wanted == 1:
            best = fresh
            for s, i in self.shorts:
                if i not in replace:
                    if s < best:
                        best = s
                    break
            if new is not None:
                s = j.short(new)
                if s < best:
                    best = s
            return best
        picked = [j.short(new)] if new is not None else []
        for s, i in self.shorts:
            if i not in replace:
                picked.append(s)
                if len(picked) > wanted:
                    break
        picked.extend([fresh] * wanted)
        picked.sort()
        return sum(picked[:wanted])

    def worth(self, short: int | None) -> float:
        if short is None:
            return self.weight * FROZEN_KEEPS
        return self.weight * OPEN_KEEPS * self.decay**short

    def change(self, replace: set[int], new: Summary) -> float:
        if self.short is None:
            return 0.0
        return self.worth(self.short_without(replace, new)) - self.now


class KarnakHeuristic:
    """Values per seat in [0, 1] and quick action scores (``tabletop.protocol.Heuristic``)."""

    #: It reads every seat's hand: agents must judge determinized copies.
    reads_hidden = True

    @staticmethod
    def decay(game: Game) -> float:
        """How much less likely a Design is per piece short, by the Favor deck left."""
        left = game.favor_deck_size / game.rules.favor_deck
        return LATE_DECAY + (EARLY_DECAY - LATE_DECAY) * left

    @staticmethod
    def chance(short: int, frozen: bool, decay: float) -> float:
        """Chance that a Design ``short`` pieces from complete is complete at the end."""
        if short == 0:
            return FROZEN_KEEPS if frozen else OPEN_KEEPS
        return OPEN_KEEPS * decay**short

    def expected_points(self, game: Game) -> list[float]:
        """Each seat's projected points at the end."""
        groups, _ = summaries(game)
        decay = self.decay(game)
        chance = self.chance
        point = game.rules.favor_point
        limit = game.rules.hand_limit
        out = []
        for seat in range(game.num_players):
            total = float(sum(game.favor_cards(seat).values()) * point)
            total += PRIEST_WORTH * game.priests(seat)
            kept: list[float] = []
            for design in game.hand(seat):
                short, frozen = judged(design).judge(groups)
                kept.append(design.points * chance(short, frozen, decay))
            # A hand over the limit is cut back: only the Designs worth keeping count.
            if len(kept) > limit:
                kept = sorted(kept)[-limit:]
            total += sum(kept)
            for design in game.revealed(seat):
                short, frozen = judged(design).judge(groups)
                total += design.points * chance(short, frozen, decay)
            out.append(total)
        return out

    def values(self, state: Game) -> list[float]:
        """Each seat's prospects in [0, 1] (0.5: level with the best other seat)."""
        if state.is_over:
            return state.returns()
        points = self.expected_points(state)
        out = []
        for seat, mine in enumerate(points):
            best_other = max(p for other, p in enumerate(points) if other != seat)
            out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / LEAD_SCALE)))
        return out

    def action_scores(self, state: Game, actions: Sequence[Action]) -> list[float]:
        """A quick worth of each action to the player to move, in points: a piece by the
        change it makes to the mover's Designs (less half that to the others' revealed
        ones), a reveal by its Favor card, a Priest by the Designs it makes safe, a discard
        by the Design kept."""
        pieces: list[Action] = [a for a in actions if isinstance(a, (Place, Put, Lift, Priest))]
        if not pieces:
            return self.fresh_scores(state, actions)
        known = self._piece_scores(state, pieces)
        others = [a for a in actions if not isinstance(a, (Place, Put, Lift, Priest))]
        rest = dict(zip(others, self.fresh_scores(state, others), strict=True))
        return [known[a] if a in known else rest[a] for a in actions]

    def fresh_scores(self, state: Game, actions: Sequence[Action]) -> list[float]:
        """``action_scores`` worked out anew."""
        game = state
        if not actions:
            return []
        me = game.current_player
        groups, group_of = summaries(game)
        building = game.building()
        stacks = building.stacks
        layout = building.layout
        neighbours = layout.neighbour_cells
        markings = layout.markings
        decay = self.decay(game)
        chance = self.chance
        # Each Design that matters, with its weight and its shortfall per group now.
        mine = [*game.hand(me), *game.revealed(me)]
        weighed = [(judged(d), float(d.points)) for d in mine]
        for seat in range(game.num_players):
            if seat != me:
                weighed += [(judged(d), -RIVALS_WEIGHT * d.points) for d in game.revealed(seat)]
        if any(isinstance(a, (Place, Put, Lift)) for a in actions):
            standing = [Standing(j, weight, groups, decay) for j, weight in weighed]
        else:
            standing = []
        # One piece changes little for a Design still far from complete: leave those out.
        near = [s for s in standing if s.short is not None and s.short <= NEAR]

        def change(replace: set[int], new: Summary) -> float:
            return sum(s.change(replace, new) for s in near)

        put_shape = game.put_shape
        known: dict[tuple[int, int], float] = {}
        scores = []
        for action in actions:
            if isinstance(action, (Place, Put)):
                if isinstance(action, Place):
                    code = 2 * SHAPES.index(action.shape)
                else:
                    assert put_shape is not None
                    code = 2 * SHAPES.index(put_shape) + COLOURS.index(action.colour)
                cell = layout.cell(action.cell)
                score = known.get((code, cell))
                if score is None:
                    new, merged = joined(
                        groups, group_of, stacks, neighbours, markings[cell], cell, code
                    )
                    score = known[code, cell] = change(merged, new)
                scores.append(score)
            elif isinstance(action, Lift):
                cell = layout.cell(action.cell)
                index = group_of[cell]
                scores.append(change({index}, lifted(groups[index], stacks, cell)) + 0.3)
            elif isinstance(action, Reveal):
                scores.append(2.0)
            elif isinstance(action, Priest):
                scores.append(self._priest_score(game, groups, group_of, weighed, action))
            elif isinstance(action, Discard):
                design = next(d for d in game.hand(me) if d.id == action.card)
                short, frozen = judged(design).judge(groups)
                scores.append(-design.points * chance(short, frozen, decay))
            elif isinstance(action, Favor):
                scores.append(-0.5)
            elif isinstance(action, Draw):
                scores.append(0.5 if len(game.hand(me)) < 3 else -0.5)
            else:
                scores.append(0.0)
        return scores

    def _priest_score(
        self,
        game: Game,
        groups: Sequence[Summary],
        group_of: Sequence[int],
        weighed: Sequence[tuple[Judged, float]],
        action: Priest,
    ) -> float:
        """A Priest freezing the group it touches: worth the Designs that group completes
        (for the mover, less the others' revealed ones), a small loss otherwise."""
        layout = game.layout
        cell = layout.cell(action.cell)
        stacks = game.building().stacks
        touched = next(n for n in layout.neighbour_cells[cell] if stacks[n])
        g = groups[group_of[touched]]
        score = -PRIEST_WORTH
        for j, weight in weighed:
            if g.size >= 2 and j.short(g) == 0:
                score += weight * (FROZEN_KEEPS - OPEN_KEEPS) * 3
            elif weight > 0:
                # Freezing an unfinished group ends its chance to complete this Design.
                score -= 0.1 * weight
        return score

    def search_actions(self, state: Game, legal: Sequence[Action]) -> list[Action]:
        """The actions worth a search's time: the ``PLACE_CHOICES`` placements (or puts) of
        the best quick scores, the ``LIFT_CHOICES`` best lifts, Priests that freeze one of
        the mover's complete Designs, and every other action; of discards, only the one of
        the least worth (a search would spend its time on the cards the others hold)."""
        game = state
        if game.phase == "discard" and len(legal) > 1:
            worth = self.action_scores(game, legal)
            return LegalActions([legal[worth.index(max(worth))]])
        pieces: list[Action] = [a for a in legal if isinstance(a, (Place, Put, Lift, Priest))]
        if not pieces:
            return LegalActions(legal)
        scores = self._piece_scores(game, pieces)
        places = sorted(
            (a for a in pieces if isinstance(a, (Place, Put))), key=lambda a: -scores[a]
        )
        lifts = sorted((a for a in pieces if isinstance(a, Lift)), key=lambda a: -scores[a])
        kept: set[Action] = set(places[:PLACE_CHOICES]) | set(lifts[:LIFT_CHOICES])
        kept |= {a for a in pieces if isinstance(a, Priest) and scores[a] > 0}
        found = LegalActions(
            a for a in legal if not isinstance(a, (Place, Put, Lift, Priest)) or a in kept
        )
        return found or LegalActions(legal)

    def _piece_scores(self, game: Game, pieces: list[Action]) -> dict[Action, float]:
        """``action_scores`` of ``pieces``, remembered by position: the search deals many
        copies of each position it reaches, and the scores of pieces read only the mat and
        the Designs of the mover and the reveals."""
        building = game.building()
        me = game.current_player
        key = (
            building.stacks,
            building.priests,
            me,
            game.put_shape,
            tuple(d.id for d in game.hand(me)),
            tuple(d.id for seat in range(game.num_players) for d in game.revealed(seat)),
            game.favor_deck_size,
        )
        known = _SCORES.get(key)
        if known is None:
            if len(_SCORES) > 256:
                _SCORES.clear()
            known = _SCORES[key] = {}
        missing = [a for a in pieces if a not in known]
        if missing:
            known.update(zip(missing, self.fresh_scores(game, missing), strict=True))
        return known

    def rollout_actions(self, state: Game, legal: Sequence[Action]) -> list[Action]:
        """The quick policy's choices (the rollouts' and the greedy bot's): the same as the
        search's."""
        return self.search_actions(state, legal)


__all__ = ["KarnakHeuristic", "Summary", "clause_shortfall", "summaries"]
