"""The coach: for any position, the best actions and why, in English or French.

Each piece of ``Advice`` carries

- ``value``: the search's estimate for the player (``MCTSBot``'s mean value, 0-1; about the
  chance to win, blended with the score margin),
- ``points_now``: the points the action adds to the score pad right away (a play, a token),
- ``points_by_end``: the points the card adds by the end of the game (see below),
- ``cost`` and ``runes_left``: the runes the action spends and what the board shows after it,
- ``text(lang)``: all that in sentences (``sentence`` is the English one).

How the coach ranks. The search's values decide, as shown (to two decimals); at an equal
value, the action that adds more points comes first. When an action ranks above one that adds
more points, its sentence says so and gives the two values. An action that only renews the
market (a Sickle) never comes before a card you can take or play that adds points, unless a
new row is expected to hold a better card than any you can get now; either way its sentence
gives the numbers (the expected best card of a new row against the best card now). Actions the
search barely tried come last: their values rest on too few games.

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
>>> coach.rate(Game.new(2, seed=3), "end")
"'end' is not allowed: you still have 2 actions to take this turn; 'end' is for when both actions are taken or none is possible."
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from math import comb
from typing import Any

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
from .cards import Card, CostIcon
from .errors import ActionSyntaxError, CarnutaError, IllegalAction
from .fastscore import INDEX, score_table
from .game import Game
from .mcts import ActionStat, MCTSBot
from .messages import Reason, cost_text, not_notation_text, render
from .model import Origin, Row
from .scoring import salt_root
from .vocabulary import check_lang

PointsFn = Callable[[Game, int, Card], float]

#: Actions tried fewer times than this share of the most tried one are ranked last.
SOLID_SHARE = 0.1


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


# ------------------------------------------------------------------ advice
@dataclass(frozen=True)
class Advice:
    """One recommended action, with the numbers behind it and what the coach says."""

    rank: int
    action: Action
    value: float
    visits: int
    card: Card | None
    points_now: int | None
    points_by_end: float | None
    cost: tuple[CostIcon, ...]
    runes_left: tuple[int, int]
    said: tuple[Reason, ...] = field(default=())

    @property
    def points(self) -> float | None:
        """What the action adds by its own measure: points by the end, else points now."""
        return self.points_by_end if self.points_by_end is not None else self.points_now

    @property
    def sentence(self) -> str:
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        """What the coach says about this action, in ``lang``."""
        return " ".join(part.text(lang) for part in self.said)

    def row(self, lang: str = "en") -> dict[str, object]:
        """The advice as one row of a table (headings in ``lang``)."""
        cells = _cells(self, lang)
        return dict(zip(COLUMNS[check_lang(lang)], cells, strict=True))


COLUMNS: dict[str, tuple[str, ...]] = {
    "en": (
        "rank",
        "action",
        "value",
        "visits",
        "points now",
        "points by end",
        "runes it costs",
        "runes left",
        "why",
    ),
    "fr": (
        "rang",
        "action",
        "valeur",
        "visites",
        "points maintenant",
        "points à la fin",
        "runes à payer",
        "runes restantes",
        "pourquoi",
    ),
}
#: The short headings of the text table.
SHORT: dict[str, tuple[str, ...]] = {
    "en": ("value", "now", "by end", "cost", "left"),
    "fr": ("valeur", "maint.", "à la fin", "coût", "reste"),
}
_RUNES = {"en": ("Sun", "Suns", "Moon", "Moons"), "fr": ("Soleil", "Soleils", "Lune", "Lunes")}


def _signed(value: float | int | None, lang: str, decimals: int = 1) -> str:
    if value is None:
        return "-"
    text = f"{value:+d}" if isinstance(value, int) else f"{value:+.{decimals}f}"
    return text.replace(".", ",") if lang == "fr" else text


def _value(value: float, lang: str) -> str:
    if math.isnan(value):
        return "-"
    text = f"{value:.2f}"
    return text.replace(".", ",") if lang == "fr" else text


def _runes(suns: int, moons: int, lang: str) -> str:
    sun, suns_word, moon, moons_word = _RUNES[lang]
    return f"{suns} {sun if suns == 1 else suns_word}, {moons} {moon if moons == 1 else moons_word}"


def _cells(a: Advice, lang: str) -> tuple[object, ...]:
    return (
        a.rank,
        a.action.notation(lang),
        _value(a.value, lang),
        a.visits,
        _signed(a.points_now, lang),
        _signed(a.points_by_end, lang),
        cost_text(a.cost, lang) if a.cost else "-",
        _runes(*a.runes_left, lang),
        a.text(lang),
    )


class CoachReport(list[Advice]):
    """The coach's advice for one position: a list that prints as a table, in ``lang``."""

    def __init__(self, advice: Sequence[Advice], seat: int, iterations: int, lang: str = "en"):
        super().__init__(advice)
        self.seat = seat
        self.iterations = iterations
        self.lang = check_lang(lang)

    def caption(self) -> str:
        args = {"player": self.seat + 1, "iterations": self.iterations}
        return render("coach_caption", args, self.lang)

    def __str__(self) -> str:
        lang = self.lang
        value, now, by_end, cost, left = SHORT[lang]
        lines = [self.caption() + ":"]
        for a in self:
            cells = _cells(a, lang)
            lines.append(
                f" {a.rank}. {cells[1]:<20} {value} {cells[2]}  {now} {cells[4]:>3}  "
                f"{by_end} {cells[5]:>5}  {cost} {cells[6]}  {left} {cells[7]}"
            )
            lines.append(f"    {cells[8]}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        lang = self.lang
        columns = [c for k, c in enumerate(COLUMNS[lang]) if k != 3]  # visits: in the text only
        head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
        body = "".join(
            "<tr>"
            + "".join(
                f"<td style='white-space:nowrap'>{html.escape(str(v))}</td>"
                if k < len(columns) - 1
                else f"<td>{html.escape(str(v))}</td>"
                for k, v in enumerate(c for j, c in enumerate(_cells(a, lang)) if j != 3)
            )
            + "</tr>"
            for a in self
        )
        caption = html.escape(self.caption())
        return (
            f"<table class='carnuta-coach'><caption>{caption}</caption>"
            f"<tr>{head}</tr>{body}</table>"
        )


# ------------------------------------------------------------------ measuring one action
@dataclass(frozen=True)
class _Position:
    """What every measure reads: the game, the seat to advise, its runes and score table."""

    game: Game
    seat: int
    points: PointsFn

    @property
    def runes(self) -> tuple[int, int]:
        return self.game.runes(self.seat)


def _measure_play(pos: _Position, action: PlayCard) -> Advice:
    game, seat = pos.game, pos.seat
    table = score_table(game.deck)
    p = game.seat(seat)
    card = game.card(action.card)
    played = [c for c in p.played if table.ingredient[c] >= 0]
    counts = table.counts(p.played, p.salt_on, p.bonus)
    ds, dm, _, _ = table.delta[card.id]
    suns, moons = p.suns + ds, p.moons + dm
    runes = {"suns": suns, "moons": moons, "cost": card.cost}
    if card.is_salt and action.target is not None:
        target = salt_root(action.target, p.salt_on, table.is_salt)
        before = table.score(played, counts)
        counts[table.ingredient[target]] += 1
        now = table.score(played, counts) - before
        said = Reason(
            "coach_play_salt", {"card": card, "target": action.target, "now": now, **runes}
        )
        return _advice(action, card, now, float(now), card.cost, (suns, moons), said)
    now = table.gain(played, counts, card.id)
    by_end = float(pos.points(game, seat, card))
    said = Reason("coach_play", {"card": card, "now": now, "by_end": by_end, **runes})
    return _advice(action, card, now, by_end, card.cost, (suns, moons), said)


def _measure_take(pos: _Position, action: TakeCard) -> Advice:
    game, seat = pos.game, pos.seat
    cid = game.market_ids(action.row)[action.slot - 1]
    assert cid is not None
    card = game.card(cid)
    by_end = float(pos.points(game, seat, card))
    need_suns, need_moons = score_table(game.deck).need[cid]
    suns, moons = pos.runes
    code = "coach_take_payable" if suns >= need_suns and moons >= need_moons else "coach_take_later"
    args = {"card": card, "row": action.row, "by_end": by_end, "cost": card.cost}
    # The cost shown is the card's: what playing it will take.
    return _advice(action, card, None, by_end, card.cost, (suns, moons), Reason(code, args))


def _measure_runes(pos: _Position, action: TakeRunes | FlipRunes) -> Advice:
    # The engine moves the runes; the coach only reads the board after.
    game, seat = pos.game, pos.seat
    after = game.copy()
    after.push(action)
    suns, moons = after.runes(seat)
    before_suns, before_moons = pos.runes
    if isinstance(action, TakeRunes):
        moved = suns + moons - before_suns - before_moons
        code = "coach_runes"
    else:
        moved = abs(suns - before_suns)
        code = "coach_flip"
    args = {"moved": moved, "face": action.face, "suns": suns, "moons": moons}
    said = [Reason(code, args)]
    unlocked = _newly_payable(game, seat, (suns, moons))
    if unlocked:
        said.append(Reason("coach_unlocks", {"cards": unlocked}))
    return _advice(action, None, None, None, (), (suns, moons), *said)


def _measure_sickle(pos: _Position, action: Sickle) -> Advice:
    left = pos.game.sickles(pos.seat) - 1
    said = Reason("coach_sickle", {"left": left, "row": action.row})
    return _advice(action, None, None, None, (), pos.runes, said)


def _measure_bonus(pos: _Position, action: ChooseBonus) -> Advice:
    game, seat = pos.game, pos.seat
    table = score_table(game.deck)
    p = game.seat(seat)
    counts = table.counts(p.played, p.salt_on, p.bonus)
    played = [c for c in p.played if table.ingredient[c] >= 0]
    before = table.score(played, counts)
    counts[INDEX[action.ingredient]] += 1
    now = table.score(played, counts) - before
    said = Reason("coach_bonus", {"ingredient": action.ingredient, "now": now})
    return _advice(action, None, now, None, (), pos.runes, said)


def _measure_discard(pos: _Position, action: Discard) -> Advice:
    card = pos.game.card(action.card)
    by_end = float(pos.points(pos.game, pos.seat, card))
    said = Reason("coach_discard", {"card": card, "by_end": by_end})
    return _advice(action, card, None, by_end, (), pos.runes, said)


def _measure_end(pos: _Position, action: EndTurn) -> Advice:
    return _advice(action, None, None, None, (), pos.runes, Reason("coach_end", {}))


#: One small measure per kind of action.
MEASURES: dict[type, Callable[[_Position, Any], Advice]] = {
    PlayCard: _measure_play,
    TakeCard: _measure_take,
    TakeRunes: _measure_runes,
    FlipRunes: _measure_runes,
    Sickle: _measure_sickle,
    ChooseBonus: _measure_bonus,
    Discard: _measure_discard,
    EndTurn: _measure_end,
}


def _advice(
    action: Action,
    card: Card | None,
    now: int | None,
    by_end: float | None,
    cost: tuple[CostIcon, ...],
    runes_left: tuple[int, int],
    *said: Reason,
) -> Advice:
    return Advice(0, action, math.nan, 0, card, now, by_end, cost, runes_left, said)


def _newly_payable(game: Game, seat: int, after: tuple[int, int]) -> tuple[str, ...]:
    """Hand cards the runes ``after`` an action pay for and the runes before did not."""
    table = score_table(game.deck)
    suns, moons = game.runes(seat)
    return tuple(
        cid
        for cid in game.hand_ids(seat)
        if not (suns >= table.need[cid][0] and moons >= table.need[cid][1])
        and after[0] >= table.need[cid][0]
        and after[1] >= table.need[cid][1]
    )


def _expected_best(values: Sequence[float], draws: int) -> float:
    """The expected best of ``draws`` values drawn at random without replacement: the i-th
    best is the best drawn when it is drawn and none better is (order statistics)."""
    pool = sorted(values, reverse=True)
    n, k = len(pool), min(draws, len(pool))
    if k == 0:
        return 0.0
    total = comb(n, k)
    return sum(v * comb(n - 1 - i, k - 1) for i, v in enumerate(pool)) / total


def _is_card_action(a: Advice) -> bool:
    return isinstance(a.action, (TakeCard, PlayCard))


# ------------------------------------------------------------------ the coach
class Coach:
    """Advice from an ``MCTSBot`` search. ``iterations`` sets how hard it thinks; ``lang`` is
    the language it speaks (``"en"`` or ``"fr"``)."""

    def __init__(
        self,
        iterations: int = 400,
        seed: int | None = None,
        *,
        bot: MCTSBot | None = None,
        points: PointsFn | None = None,
        lang: str = "en",
    ):
        self.bot = bot or MCTSBot(seed, iterations=iterations)
        self.points = points or points_by_end
        self.lang = check_lang(lang)

    def advise(self, game: Game, top: int | None = 3, lang: str | None = None) -> CoachReport:
        """The ``top`` best actions for the player to move, best first (``None``: all the
        actions the search tried)."""
        if game.is_over:
            raise CarnutaError("the game is over: there is nothing to advise")
        lang = check_lang(lang or self.lang)
        seat = game.current_player
        legal = game.legal_actions()
        if len(legal) == 1:
            stats = [ActionStat(legal[0], 0, math.nan)]
            iterations = 0
        else:
            stats = self.bot.analyse(game)
            iterations = self.bot.last_iterations
        ranked = self._rank(game, seat, stats)
        shown = ranked if top is None else ranked[:top]
        return CoachReport(_explain_order(shown, iterations), seat, iterations, lang)

    def rate(self, game: Game, action: Action | str, lang: str | None = None) -> str:
        """How the coach rates ``action`` among the legal ones, in a sentence; for an action
        that is not allowed, the engine's reason."""
        lang = check_lang(lang or self.lang)
        try:
            if isinstance(action, str):
                action = Action.parse(action)
            if game.refusal(action) is not None:
                return game.explain(action, lang)
        except ActionSyntaxError as error:
            return not_notation_text(str(action), error, lang)
        report = self.advise(game, top=None, lang=lang)
        for advice in report:
            if advice.action == action:
                value = advice.value
                if advice.rank == 1:
                    return render("coach_first", {"action": action, "value": value}, lang)
                best = report[0]
                args = {"action": action, "rank": advice.rank, "count": len(report)}
                if _key(best)[0] == _key(advice)[0]:  # the same value: more points ranks first
                    args.update(
                        best=best.action,
                        value=value,
                        best_points=float(best.points or 0),
                        points=float(advice.points or 0),
                    )
                    return render("coach_rank_points", args, lang)
                args.update(value=value, best=best.action, best_value=best.value)
                return render("coach_rank", args, lang)
        return render("coach_untried", {"action": action, "iterations": report.iterations}, lang)

    def advice_for(self, game: Game, action: Action | str) -> Advice:
        """What the coach says about one legal ``action`` by its own measures (points, runes),
        without a search: ``value`` is ``nan`` and ``rank`` 0."""
        if isinstance(action, str):
            action = Action.parse(action)
        reason = game.refusal(action)
        if reason is not None:
            raise IllegalAction.because(action, reason)
        pos = _Position(game, game.current_player, self.points)
        return MEASURES[type(action)](pos, action)

    # ------------------------------------------------------------------ ranking
    def _rank(self, game: Game, seat: int, stats: Sequence[ActionStat]) -> list[Advice]:
        pos = _Position(game, seat, self.points)
        measured = [
            replace(MEASURES[type(st.action)](pos, st.action), value=st.value, visits=st.visits)
            for st in stats
        ]
        most = max((a.visits for a in measured), default=0)
        solid = [a for a in measured if a.visits >= max(2, SOLID_SHARE * most)]
        rest = [a for a in measured if a not in solid]
        ordered = sorted(solid, key=_key) + sorted(rest, key=lambda a: (-a.visits, *_key(a)))
        ordered = self._place_sickles(pos, ordered, {a.action for a in solid})
        return [replace(a, rank=k) for k, a in enumerate(ordered, start=1)]

    def _place_sickles(
        self, pos: _Position, ordered: list[Advice], solid: set[Action]
    ) -> list[Advice]:
        """A Sickle only renews the market: it comes after every card you can take or play
        that adds points, unless a new row is expected to hold a better card; below those
        cards it keeps its place by value among the other actions (``solid``: the actions
        tried often enough to be ranked by value)."""
        cards = [a for a in ordered if _is_card_action(a) and (a.points or 0) > 0]
        best = max((a.points or 0.0 for a in cards), default=0.0)
        kept: list[Advice] = []
        later: list[Advice] = []
        for a in ordered:
            if not isinstance(a.action, Sickle) or not cards:
                kept.append(a)
                continue
            expected = self._renewal(pos, a.action.row)
            args = {"row": a.action.row, "expected": expected, "best": best}
            if expected > best:
                kept.append(replace(a, said=(*a.said, Reason("coach_sickle_why", args))))
            else:
                later.append(replace(a, said=(*a.said, Reason("coach_sickle_after", args))))
        if not later:
            return kept
        last = max(k for k, a in enumerate(kept) if a in cards)
        below = kept[last + 1 :] + later
        by_value = sorted((a for a in below if a.action in solid), key=_key)
        by_visits = [a for a in below if a.action not in solid]
        by_visits.sort(key=lambda a: (-a.visits, *_key(a)))
        return kept[: last + 1] + by_value + by_visits

    def _renewal(self, pos: _Position, row: Row) -> float:
        """The expected points by the end of the best card a renewed ``row`` reveals: the
        cards of that deck no one can see, drawn at random."""
        game, seat = pos.game, pos.seat
        seen = {cid for r in (Row.DAY, Row.NIGHT) for cid in game.market_ids(r) if cid}
        for other in range(game.num_players):
            seen.update(game.hand_ids(other), game.played_ids(other))
        seen.update(card.id for card in game.discard_pile)
        unseen = [c for c in game.deck.of(Origin(row.value)) if c.id not in seen]
        values = [float(pos.points(game, seat, card)) for card in unseen]
        return _expected_best(values, game.rules.market_row_size)


def _key(a: Advice) -> tuple[float, float, int]:
    """Best first: the value as shown (two decimals), then more points, then more visits."""
    value = 0.0 if math.isnan(a.value) else round(a.value, 2)
    return (-value, -(a.points or 0.0), -a.visits)


def _explain_order(shown: Sequence[Advice], iterations: int) -> list[Advice]:
    """Each action that ranks above one adding more points says why; every sentence ends with
    the search's value."""
    out = []
    for k, a in enumerate(shown):
        said = list(a.said)
        below = [b for b in shown[k + 1 :] if (b.points or 0) > (a.points or 0)]
        sickle_explained = any(r.code.startswith("coach_sickle_") for r in said)
        if below and not sickle_explained:
            other = max(below, key=lambda b: b.points or 0)
            args: dict[str, object] = {"other": other.action, "points": float(other.points or 0)}
            if _key(other)[0] < _key(a)[0]:  # valued lower: the search tried it too little
                args.update(visits=other.visits, iterations=iterations)
                said.append(Reason("coach_above_untried", args))
            else:
                args.update(value=a.value, other_value=other.value)
                said.append(Reason("coach_above", args))
        if not math.isnan(a.value):
            said.append(Reason("coach_value", {"value": a.value}))
        out.append(replace(a, said=tuple(said)))
    return out


__all__ = ["COLUMNS", "Advice", "Coach", "CoachReport", "points_by_end"]
