"""The coach: for any position, the three best actions and why.

Each piece of ``Advice`` carries

- ``value``: the search's estimate for the player (``MCTSBot``'s mean value, 0-1; about the
  chance to win, blended with the score margin),
- ``points_now``: the points the card adds to the potion right away (for a play),
- ``points_by_end``: the points the card adds by the end of the game (see below),
- ``cost`` and ``runes_left``: the runes the action spends and what the board shows after it,
- ``sentence``: all that in one sentence.

"Points by the end of the game" come from ``points_by_end(game, seat, card)`` in this module,
computed exactly by ``carnuta_core.maths``: the player's potion at the end is taken to be the
one on the table plus the other cards in hand, and the card's worth is what it adds to that
potion (its own points, plus what it adds to the cards that count its ingredient).
``Coach(points=fn)`` takes any other estimate with the same signature ``fn(game, seat, card)``.

>>> from carnuta_core import Game
>>> coach = Coach(iterations=60, seed=1)
>>> advice = coach.advise(Game.new(2, seed=3))
>>> len(advice), advice[0].rank
(3, 1)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import maths
from .actions import (
    Action,
    ChooseBonus,
    Discard,
    EndTurn,
    FlipRunes,
    PlayCard,
    Sickle,
    TakeCard,
    TakeRunes,
)
from .cards import Card, format_cost
from .fastscore import INDEX, score_table
from .game import Game
from .mcts import ActionStat, MCTSBot
from .scoring import salt_root

PointsFn = Callable[[Game, int, Card], float]


def points_by_end(game: Game, seat: int, card: Card) -> int:
    """The exact points ``card`` adds to ``seat``'s potion by the end of the game.

    The end potion is the one on the table plus every other card now in the player's hand
    (a Salt in hand is left out: where it goes is decided when it is played).
    ``maths.card_gain`` gives the card's own points plus what it adds to the other cards of
    that potion. A Salt with no card to sit on adds 0.
    """
    potion = maths.Potion.from_game(game, seat)
    for card_id in game.hand_ids(seat):
        other = game.card(card_id)
        if other.id != card.id and not other.is_salt:
            potion = potion.plus(other)
    if card.is_salt and not any(c.ingredient is not None for c in potion.played):
        return 0
    return maths.card_gain(potion, card).value


@dataclass(frozen=True)
class Advice:
    """One recommended action, with the numbers behind it."""

    rank: int
    action: Action
    value: float
    visits: int
    card: Card | None
    points_now: int | None
    points_by_end: float | None
    cost: str
    runes_left: str
    sentence: str

    def row(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "action": str(self.action),
            "value": round(self.value, 3),
            "visits": self.visits,
            "points now": self.points_now,
            "points by end": None if self.points_by_end is None else round(self.points_by_end, 1),
            "runes it costs": self.cost,
            "runes left": self.runes_left,
            "why": self.sentence,
        }


class CoachReport(list[Advice]):
    """The coach's advice for one position: a list that prints as a table."""

    def __init__(self, advice: Sequence[Advice], seat: int, iterations: int):
        super().__init__(advice)
        self.seat = seat
        self.iterations = iterations

    def __str__(self) -> str:
        head = f"Coach for player {self.seat + 1} ({self.iterations} search iterations):"
        lines = [head]
        for a in self:
            now = "-" if a.points_now is None else f"{a.points_now:+d}"
            end = "-" if a.points_by_end is None else f"{a.points_by_end:+.1f}"
            lines.append(
                f" {a.rank}. {str(a.action):<18} value {a.value:.2f}  now {now:>3}  by end {end:>5}"
                f"  cost {a.cost:<26} left {a.runes_left}"
            )
            lines.append(f"    {a.sentence}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html

        head = (
            "<tr><th>#</th><th>action</th><th>value</th><th>points now</th>"
            "<th>points by end</th><th>runes it costs</th><th>runes left</th><th>why</th></tr>"
        )
        body = "".join(
            "<tr>"
            + "".join(
                f"<td>{html.escape(str(v))}</td>"
                for v in (
                    a.rank,
                    a.action,
                    f"{a.value:.2f}",
                    "" if a.points_now is None else f"{a.points_now:+d}",
                    "" if a.points_by_end is None else f"{a.points_by_end:+.1f}",
                    a.cost,
                    a.runes_left,
                    a.sentence,
                )
            )
            + "</tr>"
            for a in self
        )
        caption = html.escape(
            f"Coach for player {self.seat + 1} ({self.iterations} search iterations)"
        )
        return f"<table class='carnuta-coach'><caption>{caption}</caption>{head}{body}</table>"


def _runes(suns: int, moons: int) -> str:
    return f"{suns} Sun, {moons} Moon"


class Coach:
    """Advice from an ``MCTSBot`` search. ``iterations`` sets how hard it thinks."""

    def __init__(
        self,
        iterations: int = 400,
        seed: int | None = None,
        *,
        bot: MCTSBot | None = None,
        points: PointsFn | None = None,
    ):
        self.bot = bot or MCTSBot(seed, iterations=iterations)
        self.points = points or points_by_end

    def advise(self, game: Game, top: int = 3) -> CoachReport:
        """The ``top`` best actions for the player to move, best first."""
        if game.is_over:
            raise ValueError("the game is over: there is nothing to advise")
        seat = game.current_player
        legal = game.legal_actions()
        if len(legal) == 1:
            stats = [ActionStat(legal[0], 0, math.nan)]
            iterations = 0
        else:
            stats = self.bot.analyse(game)
            iterations = self.bot.last_iterations
        advice = [
            self._advice(game, seat, rank, st) for rank, st in enumerate(stats[:top], start=1)
        ]
        return CoachReport(advice, seat, iterations)

    def rate(self, game: Game, action: Action | str) -> str:
        """How the search rates ``action`` among the legal ones, in a sentence."""
        if isinstance(action, str):
            action = Action.parse(action)
        stats = self.bot.analyse(game)
        for rank, st in enumerate(stats, start=1):
            if st.action == action:
                best = stats[0]
                if rank == 1:
                    return f"'{action}' is the coach's first choice (value {st.value:.2f})."
                return (
                    f"'{action}' ranks {rank} of {len(stats)} (value {st.value:.2f}); "
                    f"the coach prefers '{best.action}' (value {best.value:.2f})."
                )
        return f"'{action}' was not among the actions the search tried."

    # ------------------------------------------------------------------ details
    def _advice(self, game: Game, seat: int, rank: int, st: ActionStat) -> Advice:
        action = st.action
        p = game.seat(seat)
        table = score_table(game.deck)
        suns, moons = p.suns, p.moons
        card: Card | None = None
        now: int | None = None
        by_end: float | None = None
        cost = "-"
        left = _runes(suns, moons)
        chance = "" if math.isnan(st.value) else f" The search rates it {st.value:.2f}."
        if isinstance(action, PlayCard):
            card = game.card(action.card)
            played = [c for c in p.played if table.ingredient[c] >= 0]
            counts = table.counts(p.played, p.salt_on, p.bonus)
            if card.is_salt and action.target is not None:
                target = salt_root(action.target, p.salt_on, table.is_salt)
                before = table.score(played, counts)
                counts[table.ingredient[target]] += 1
                now = table.score(played, counts) - before
                by_end = float(now)
            else:
                now = table.gain(played, counts, card.id)
                by_end = self.points(game, seat, card)
            cost = format_cost(card.cost)
            ds, dm, _, _ = table.delta[card.id]
            left = _runes(suns + ds, moons + dm)
            on = f" on {action.target}" if action.target else ""
            sentence = (
                f"Play {card}{on}: {now:+d} points now, about {by_end:+.1f} by the end; "
                f"it costs {cost} and leaves {left}.{chance}"
            )
        elif isinstance(action, TakeCard):
            cid = game.market_ids(action.row)[action.slot - 1]
            assert cid is not None
            card = game.card(cid)
            by_end = self.points(game, seat, card)
            cost = format_cost(card.cost)
            ns, nm = table.need[cid]
            payable = suns >= ns and moons >= nm
            sentence = (
                f"Take {card} from the {action.row} row: it would add about {by_end:+.1f} "
                f"points by the end; to play it you pay {cost}, which your "
                f"{_runes(suns, moons)} {'can' if payable else 'cannot yet'} cover.{chance}"
            )
        elif isinstance(action, (TakeRunes, FlipRunes)):
            # The engine moves the runes; the coach only reads the board after.
            after = game.copy()
            after.push(action)
            su, mo = after.runes(seat)
            left = _runes(su, mo)
            unlocks = self._unlocks(game, seat, su, mo)
            if isinstance(action, TakeRunes):
                moved = su + mo - suns - moons
                sentence = (
                    f"Take {moved} {action.face.title}{'s' if moved != 1 else ''} from the "
                    f"reserve: your board then shows {left}{unlocks}.{chance}"
                )
            else:
                moved = abs(su - suns)
                sentence = (
                    f"Flip {moved} rune{'s' if moved != 1 else ''} to {action.face.title}: your "
                    f"board then shows {left}{unlocks}.{chance}"
                )
        elif isinstance(action, Sickle):
            sentence = (
                f"Use a Sickle (free, {p.sickles - 1} left after) to renew the {action.row} "
                f"row.{chance}"
            )
        elif isinstance(action, ChooseBonus):
            counts = table.counts(p.played, p.salt_on, p.bonus)
            played = [c for c in p.played if table.ingredient[c] >= 0]
            before = table.score(played, counts)
            counts[INDEX[action.ingredient]] += 1
            now = table.score(played, counts) - before
            sentence = f"Take the {action.ingredient} token: {now:+d} points now.{chance}"
        elif isinstance(action, Discard):
            card = game.card(action.card)
            by_end = self.points(game, seat, card)
            sentence = (
                f"Discard {card}: of your hand it is the card you need least "
                f"(about {by_end:+.1f} by the end).{chance}"
            )
        else:
            assert isinstance(action, EndTurn)
            sentence = "End your turn." + chance
        return Advice(
            rank=rank,
            action=action,
            value=st.value,
            visits=st.visits,
            card=card,
            points_now=now,
            points_by_end=by_end,
            cost=cost,
            runes_left=left,
            sentence=sentence,
        )

    def _unlocks(self, game: Game, seat: int, suns_after: int, moons_after: int) -> str:
        """ ", enough to pay for X" for hand cards the new runes make payable."""
        table = score_table(game.deck)
        p = game.seat(seat)
        newly = [
            cid
            for cid in p.hand
            if not (p.suns >= table.need[cid][0] and p.moons >= table.need[cid][1])
            and suns_after >= table.need[cid][0]
            and moons_after >= table.need[cid][1]
        ]
        if not newly:
            return ""
        return ", enough to pay for " + " and ".join(newly)


__all__ = [
    "Advice",
    "Coach",
    "CoachReport",
    "points_by_end",
]
