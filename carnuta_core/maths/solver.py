"""The best potion: ``optimum`` (count-vector branch and bound, numpy) and the brute-force
``exhaustive_optimum`` it is checked against, with the ``Optimum`` they return."""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import Card
from ..deck import reference_deck
from ..errors import PositionError, WorkLimitError
from ..messages import card_label, render
from ..model import INGREDIENTS, Origin
from ..rules import Rules
from ..scoring import ScorePad, score_potion
from ..vocabulary import word
from .potions import Potion, salt_places
from .search import BLANK, LAMBDAS, NEG, CountVectorSearch


@dataclass(frozen=True)
class Optimum:
    """The best potion of ``k`` cards from a pool, with the figures of its proof.

    For the branch and bound: ``vectors`` count vectors (a final count for every
    ingredient) were bounded, ``refined`` of them were bounded again by the column DP, and
    ``solved`` of those were solved exactly, card by card. For the exhaustive search,
    ``solved`` potions were scored. ``seconds`` is the wall time.
    """

    value: int
    potion: Potion
    k: int
    bonus_tokens: int
    budget: int | None
    seconds: float
    method: str
    vectors: int = 0
    refined: int = 0
    solved: int = 0

    @property
    def cost(self) -> int:
        return self.potion.cost

    def score_pad(self) -> ScorePad:
        return self.potion.score_pad()

    def work(self, lang: str = "en") -> str:
        """What the proof took, in words, in ``lang``."""
        args = {
            "method": render(self.method, {}, lang),
            "vectors": self.vectors,
            "refined": self.refined,
            "solved": self.solved,
            "seconds": self.seconds,
        }
        code = (
            "optimum_work_scored" if self.method == "exhaustive search" else "optimum_work_bounded"
        )
        return render(code, args, lang)

    def text(self, lang: str = "en") -> str:
        """The best potion, its value and the proof's work, in ``lang``."""
        budget = (
            ""
            if self.budget is None
            else render("optimum_budget", {"cost": self.cost, "budget": self.budget}, lang)
        )
        title = render("optimum_title", {"k": self.k, "budget": budget, "value": self.value}, lang)
        return f"{title}\n  {self.potion.text(lang)}\n  {self.work(lang)}"

    def __str__(self) -> str:
        return self.text()

    def html(self, lang: str = "en") -> str:
        """The best potion as HTML, in ``lang``: its value, tokens, Salts, cards and work."""
        none = render("optimum_none", {}, lang)
        cards = "".join(
            f"<li><code>{card_label(card, lang)}</code></li>" for card in self.potion.played
        )
        tokens = ", ".join(word(t, lang, title=True) for t in self.potion.bonus_tokens) or none
        salts = (
            ", ".join(
                render("potion_salt_on", {"card": s, "target": t}, lang)
                for s, t in self.potion.salt_on
            )
            or none
        )
        budget = (
            ""
            if self.budget is None
            else render("optimum_html_budget", {"cost": self.cost, "budget": self.budget}, lang)
        )
        args = {
            "value": self.value,
            "k": self.k,
            "budget": budget,
            "tokens": tokens,
            "salts": salts,
        }
        head = render("optimum_html", args, lang).replace(
            f"{self.value} points", f"<b>{self.value} points</b>", 1
        )
        return f"<p>{head}</p><ul>{cards}</ul><p><small>{self.work(lang)}</small></p>"

    def _repr_html_(self) -> str:
        return self.html()


#: The most cards in a potion the solver takes: a player ends with 11 to 13 cards (the one who
#: triggers the end, or anyone who plays on in the last round). The work grows fast with k.
MAX_POTION_CARDS = 13
#: The most cards in a pool (the reference deck has 72).
MAX_POOL = 150
#: The most choices of cards the brute-force check may score (about a minute of work).
MAX_EXHAUSTIVE = 200_000


def _tokens_for(k: int, rules: Rules) -> int:
    """Bonus tokens the counter gives on the way to ``k`` cards, at most one per ingredient."""
    return min(len(INGREDIENTS), rules.bonuses_earned(rules.counter_after(k)))


def _search_setup(
    pool: Iterable[Card] | None,
    k: int,
    bonus_tokens: int | None,
    starting: int | None,
    budget: int | None,
    rules: Rules | None,
) -> CountVectorSearch:
    cards, k, tokens, starting = check_search_arguments(
        pool, k, bonus_tokens, starting, budget, rules
    )
    return CountVectorSearch(cards, k, tokens, starting, budget)


def check_search_arguments(
    pool: Iterable[Card] | None,
    k: int,
    bonus_tokens: int | None,
    starting: int | None,
    budget: int | None,
    rules: Rules | None,
) -> tuple[list[Card], int, int, int]:
    """The pool, k, the Bonus tokens and the starting cards of a search, checked (typed
    errors naming the argument, work bounds included) and with their defaults filled in."""
    if pool is not None and (isinstance(pool, (str, Card)) or not isinstance(pool, Iterable)):
        raise PositionError("pool", f"give a list of cards, not {pool!r}")
    cards = list(reference_deck() if pool is None else pool)
    if not all(isinstance(c, Card) for c in cards):
        raise PositionError("pool", "every entry of the pool must be a Card")
    if len(cards) > MAX_POOL:
        raise WorkLimitError("pool", f"{len(cards)} cards: the solver takes at most {MAX_POOL}")
    if isinstance(k, int) and not isinstance(k, bool) and k > MAX_POTION_CARDS:
        raise WorkLimitError(
            "k", f"{k} cards: the solver proves optima of at most {MAX_POTION_CARDS} cards"
        )
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise PositionError("pool", "a card id appears twice in the pool")
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= len(cards):
        raise PositionError("k", f"choose between 1 and {len(cards)} cards, not {k!r}")
    tokens = _tokens_for(k, rules or Rules()) if bonus_tokens is None else bonus_tokens
    if (
        not isinstance(tokens, int)
        or isinstance(tokens, bool)
        or not 0 <= tokens <= len(INGREDIENTS)
    ):
        raise PositionError("bonus_tokens", f"between 0 and 8 Bonus tokens, not {tokens!r}")
    has_start = any(c.origin is Origin.START for c in cards)
    starting = (1 if has_start else 0) if starting is None else starting
    if not isinstance(starting, int) or isinstance(starting, bool) or not 0 <= starting <= k:
        raise PositionError("starting", f"{starting!r} starting cards cannot be in a potion")
    if budget is not None and (
        not isinstance(budget, int) or isinstance(budget, bool) or budget < 0
    ):
        raise PositionError("budget", f"a budget is a whole number of cost icons, not {budget!r}")
    if budget is not None:
        starts = sorted(len(c.cost) for c in cards if c.origin is Origin.START)
        others = sorted(len(c.cost) for c in cards if c.origin is not Origin.START)
        if len(starts) >= starting and len(others) >= k - starting:
            cheapest = sum(starts[:starting]) + sum(others[: k - starting])
            if cheapest > budget:
                raise PositionError(
                    "budget",
                    f"no potion of {k} cards fits {budget} cost icons: the cheapest cost {cheapest}",
                )
    return cards, k, tokens, starting


def optimum(
    pool: Iterable[Card] | None = None,
    k: int = 11,
    *,
    bonus_tokens: int | None = None,
    starting: int | None = None,
    budget: int | None = None,
    rules: Rules | None = None,
    batch: int = 4096,
    progress: bool = False,
) -> Optimum:
    """The highest score reachable with ``k`` played cards chosen from ``pool``, proven.

    Defaults: the 72 reference cards, 11 cards of which exactly one starting card (a player
    always has one), the Bonus tokens the counter gives on the way to ``k`` (2 for 11
    cards, one per ingredient, placed optimally), and Salts stacked where they score most.
    ``budget`` caps the cards' cost icons (the runes spent to play them). ``starting`` is
    the number of starting cards in the potion (default: 1 if the pool has any, else 0).

    The method is exact. A potion's score depends only on its final counts and on which
    cards score them, so the search runs over every *count vector* (a final count for each
    ingredient; their sum is k + tokens + doubles):

    1. bound every vector: its total fixes how many doubles the potion holds, so fill the
       places (the starting card, the doubles, singles or Salts for the rest) with the best
       card values, at most ``n_X`` cards from column X;
    2. in order of decreasing bound, batch by batch while the bound beats the best potion
       found so far, bound again with a DP over the columns (per column: a token or not,
       the starting card or not, doubles, Salts and the best singles; across columns, the
       totals of tokens, doubles and starting cards); this is exact unless Salts run short;
    3. solve the vectors whose DP bound still beats the best exactly, card by card, with
       the supply of Salts (and the costs). When the next bound is no better than the best
       potion, nothing left can beat it: the best potion is optimal.

    With a budget, each bound also takes the smallest of a few Lagrangian relaxations (for
    any lambda >= 0 the score is at most the best sum of value - lambda * cost, plus
    lambda * budget).

    >>> pool = [Card.parse(line) for line in (
    ...     "A1,day,normal,clover,-,1 per clover", "A2,day,normal,clover,-,2",
    ...     "A3,night,normal,berry,-,2 per clover", "A4,night,double,berry,-,0")]
    >>> best = optimum(pool, 3, bonus_tokens=1)
    >>> best.value, sorted(c.id for c in best.potion.played)
    (11, ['A1', 'A2', 'A3'])
    """
    _check_batch(batch)
    search = _search_setup(pool, k, bonus_tokens, starting, budget, rules)
    began = time.perf_counter()
    vectors = search.vectors()
    bounds = np.empty(len(vectors), dtype=np.int64)
    for lo in _chunks(len(vectors), progress):
        chunk = vectors[lo : lo + 8192]
        values = search.values(chunk)
        bounds[lo : lo + len(chunk)] = search.quick_bound(chunk, values)
        if budget is not None:  # the cheapest potion, and one Lagrangian bound, for all
            here = bounds[lo : lo + len(chunk)]
            l2 = LAMBDAS[0]
            lagrange = (search.quick_bound(chunk, *search.lagrange(values, l2)) + l2 * budget) // 2
            np.minimum(here, lagrange, out=here)
            here[~search.affordable(chunk, budget)] = -1
    best_value, best_potion, refined, solved = _refine(search, vectors, bounds, budget, batch)
    seconds = time.perf_counter() - began
    if best_potion is None:
        raise PositionError("pool", f"no potion of {k} cards can be made from this pool")
    check = best_potion.score_pad().total
    if check != best_value:  # the engine re-scores the winner: never expected to differ
        raise AssertionError(f"optimum {best_value} re-scores as {check}: {best_potion}")
    return Optimum(
        best_value,
        best_potion,
        k,
        search.tokens,
        budget,
        seconds,
        "count-vector branch and bound",
        len(vectors),
        refined,
        solved,
    )


def _check_batch(batch: object) -> None:
    if not isinstance(batch, int) or isinstance(batch, bool) or batch < 1:
        raise PositionError("batch", f"a batch is a whole number of at least 1, not {batch!r}")


def _chunks(count: int, progress: bool) -> Iterable[int]:
    """The starts of the 8192-vector chunks, with a progress bar if asked."""
    chunks: Iterable[int] = range(0, count, 8192)
    if progress:
        from tqdm.auto import tqdm

        chunks = tqdm(chunks, desc="bounding count vectors", unit="chunk")
    return chunks


def _refine(
    search: CountVectorSearch,
    vectors: npt.NDArray[np.int16],
    bounds: npt.NDArray[np.int64],
    budget: int | None,
    batch: int,
) -> tuple[int, Potion | None, int, int]:
    """In order of decreasing bound, batch by batch while the bound beats the best potion
    found: bound again with the column DP, solve exactly what still beats it.
    Returns (best value, best potion, vectors bounded again, vectors solved)."""
    order = np.argsort(-bounds, kind="stable")
    best_value, best_potion, refined, solved = -1, None, 0, 0
    for lo in range(0, len(order), batch):
        rows = order[lo : lo + batch]
        rows = rows[bounds[rows] > best_value]
        if len(rows) == 0:
            break
        chunk = vectors[rows]
        values = search.values(chunk)
        refined += len(rows)
        if budget is None:
            bound = search.column_bound(chunk, values, 0)
        else:
            bound = search.budget_bound(chunk, values, budget, best_value)
        for i in np.argsort(-bound, kind="stable"):
            if bound[i] <= best_value:
                break
            solved += 1
            found = search.solve(chunk[i].tolist())
            if found is not None and found[0] > best_value:
                best_value, best_potion = found
    return best_value, best_potion, refined, solved


def optimum_by_start(
    pool: Iterable[Card] | None = None,
    k: int = 11,
    *,
    rules: Rules | None = None,
    batch: int = 4096,
    progress: bool = False,
) -> dict[str, Optimum]:
    """The best potion of ``k`` cards for each starting card of the pool (a player is dealt
    one), each proven, in one pass over the count vectors.

    Every starting card shares the bound of the market cards' places (the doubles and
    singles of the quick bound), so the vectors are bounded once: the bound for starting card
    ``s`` is that shared part plus ``s``'s own points (minus infinity where its column is
    empty). Each card's vectors are then refined and solved as ``optimum`` does, with a search
    over the pool without the other starting cards.
    """
    _check_batch(batch)
    every = _search_setup(pool, k, None, 1, None, rules)
    starts = [(j, c) for j, c in enumerate(every.cards) if c.origin is Origin.START]
    if not starts:
        raise PositionError("pool", "the pool has no starting card")
    began = time.perf_counter()
    vectors = every.vectors()
    place = np.array([j for j, _ in starts])
    column = np.array([INGREDIENTS.index(c.ingredient) for _, c in starts if c.ingredient])
    bounds = np.empty((len(starts), len(vectors)), dtype=np.int64)
    for lo in _chunks(len(vectors), progress):
        chunk = vectors[lo : lo + 8192]
        values = every.values(chunk)
        shown = chunk[:, column] > 0
        own = values[:, place]
        market = every.quick_bound(chunk, values) - np.where(shown, own, BLANK).max(axis=1)
        bounds[:, lo : lo + len(chunk)] = np.where(shown, market[:, None] + own, NEG).T
    shared = (time.perf_counter() - began) / len(starts)
    found: dict[str, Optimum] = {}
    rest = every.cards + every.salts
    for n, (_, start) in enumerate(starts):
        alone = [c for c in rest if c.origin is not Origin.START or c.id == start.id]
        search = _search_setup(alone, k, None, 1, None, rules)
        solo = time.perf_counter()
        value, potion, refined, solved = _refine(search, vectors, bounds[n], None, batch)
        if potion is None:
            raise PositionError("pool", f"no potion of {k} cards holds {start.id}")
        if potion.score_pad().total != value:
            raise AssertionError(f"optimum {value} for {start.id} re-scores differently")
        found[start.id] = Optimum(
            value,
            potion,
            k,
            search.tokens,
            None,
            shared + time.perf_counter() - solo,
            "count-vector branch and bound, bounds shared by the starting cards",
            len(vectors),
            refined,
            solved,
        )
    return found


def exhaustive_optimum(
    pool: Iterable[Card],
    k: int,
    *,
    bonus_tokens: int | None = None,
    starting: int | None = None,
    budget: int | None = None,
    rules: Rules | None = None,
) -> Optimum:
    """The same optimum by brute force, for small pools: every choice of ``k`` cards, every
    placement of the Bonus tokens and Salts, each scored by the engine's ``score_potion``."""
    search = _search_setup(pool, k, bonus_tokens, starting, budget, rules)
    cards = search.cards + search.salts
    choices = math.comb(len(cards), k)
    if choices > MAX_EXHAUSTIVE:
        raise WorkLimitError(
            "k",
            f"{choices:,} choices of {k} cards from {len(cards)}: the brute force scores at most "
            f"{MAX_EXHAUSTIVE:,} (use optimum, or a smaller pool)",
        )
    began = time.perf_counter()
    best_value, best_potion, tried = -1, None, 0
    for combo in itertools.combinations(cards, k):
        if sum(c.origin is Origin.START for c in combo) != search.starting:
            continue
        if budget is not None and sum(len(c.cost) for c in combo) > budget:
            continue
        hosts = salt_places(Potion(tuple(c for c in combo if not c.is_salt)))
        salts = [c for c in combo if c.is_salt]
        if salts and not hosts:
            continue
        for tokens in itertools.combinations(INGREDIENTS, search.tokens):
            for place in itertools.product(list(hosts.values()), repeat=len(salts)):
                tried += 1
                salt_on = {s.id: target for s, target in zip(salts, place, strict=True)}
                value = score_potion(combo, salt_on, tokens).total
                if value > best_value:
                    best_value = value
                    best_potion = Potion(combo, tuple(salt_on.items()), tokens)
    if best_potion is None:
        raise PositionError("pool", f"no potion of {k} cards can be made from this pool")
    return Optimum(
        best_value,
        best_potion,
        k,
        search.tokens,
        budget,
        time.perf_counter() - began,
        "exhaustive search",
        solved=tried,
    )


__all__ = [
    "optimum_by_start",
    "check_search_arguments",
    "MAX_EXHAUSTIVE",
    "MAX_POOL",
    "MAX_POTION_CARDS",
    "Optimum",
    "exhaustive_optimum",
    "optimum",
]
