"""Card synergies as a graph: which ingredients the deck wants, which cards go together.

The *synergy graph* is a directed graph with one node per ingredient and one per card:

- ``card -> ingredient`` (``relation="scores"``): the card's points depend on that ingredient;
  ``weight`` is the points per unit of it (for a set card, the set's points shared over its
  icons, with ``set=True``, ``points`` and ``needs`` the icons of that ingredient in one set);
- ``ingredient -> card`` (``relation="is"``): the card *is* that ingredient; ``weight`` is
  how many it counts as (2 for a double). Salts are wild (``wild=True``) and have no such edge.

So a path ``A -> ingredient -> B`` reads "A wants what B is". Points always come from the
engine's scoring (``scoring.card_points``).

>>> from carnuta_core import reference_deck
>>> graph = synergy_graph(reference_deck())
>>> graph.number_of_nodes()
80
>>> graph.edges["N24", "clover"]["weight"], graph.edges["clover", "D01"]["weight"]
(1.0, 2)

networkx is imported here and in the ``rune_graph`` package only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Union

import networkx as nx

from tabletop.lab.words import check_lang, in_lang

from .actions import TakeCard
from .cards import Card, Flat, NoPoints, PerIngredient, PerSet, format_cost
from .messages import cost_text, scoring_text
from .model import INGREDIENTS, Ingredient, Kind, Origin
from .scoring import card_points
from .vocabulary import WORDS, word

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from .game import Game

#: Colours: Day gold, Night indigo, starting cards grey, Salts white.
DAY_COLOUR, NIGHT_COLOUR, START_COLOUR, SALT_COLOUR = "#e0a526", "#3b3b98", "#9e9e9e", "#ffffff"
#: A potion: the cards played, or ingredient counts (by ``Ingredient`` or name).
PotionLike = Union[Iterable[Card], Mapping[Ingredient, int], Mapping[str, int]]


# ---------------------------------------------------------------- dependencies
@dataclass(frozen=True)
class Dependency:
    """One ``card -> ingredient`` edge: points per unit, and whether it is a set."""

    ingredient: Ingredient
    weight: float
    is_set: bool = False
    points: int = 0  # the points of the card's pattern (per unit, or per set)
    needs: int = 1  # icons of this ingredient in one set


def dependencies(card: Card) -> list[Dependency]:
    """What a card's points depend on.

    >>> from carnuta_core import Card
    >>> [(d.ingredient.value, d.weight) for d in dependencies(Card.parse("N24,night,normal,mushroom,flip sun,1 per clover flower"))]
    [('clover', 1.0), ('flower', 1.0)]
    >>> [(d.ingredient.value, d.weight, d.needs) for d in dependencies(Card.parse("N28,night,normal,mushroom,-,6 per set butterfly egg egg"))]
    [('butterfly', 2.0, 1), ('egg', 2.0, 2)]
    """
    scoring = card.scoring
    if isinstance(scoring, (Flat, NoPoints)):
        return []
    shown: dict[Ingredient, int] = {}
    for ingredient in scoring.ingredients:
        shown[ingredient] = shown.get(ingredient, 0) + 1
    if isinstance(scoring, PerIngredient):
        return [
            Dependency(i, float(scoring.points * n), False, scoring.points, n)
            for i, n in shown.items()
        ]
    assert isinstance(scoring, PerSet)
    per_unit = scoring.points / len(scoring.ingredients)
    return [Dependency(i, per_unit, True, scoring.points, n) for i, n in shown.items()]


def _ingredient_name(card: Card, lang: str = "en") -> str:
    if card.ingredient:
        return word(card.ingredient, lang)
    return "sel" if lang == "fr" else "salt"


def _card_colour(card: Card) -> str:
    if card.origin is Origin.START:
        return START_COLOUR
    if card.kind is Kind.SALT:
        return SALT_COLOUR
    return DAY_COLOUR if card.origin is Origin.DAY else NIGHT_COLOUR


# ---------------------------------------------------------------- the graph
def synergy_graph(deck: Iterable[Card]) -> nx.DiGraph:
    """Ingredients and cards, with ``scores`` and ``is`` edges (see the module docstring).

    Node attributes: ``kind`` (``ingredient`` or ``card``), ``label``, ``row`` (day/night);
    cards also ``origin``, ``card_kind``, ``ingredient``, ``cost``, ``scoring``, ``units``
    (how many of its ingredient it counts as), ``wild`` (a Salt) and ``colour``.
    """
    cards = tuple(deck)
    return _synergy_graph(cards).copy()


def clear_caches() -> None:
    """Forget the synergy graphs kept for recent decks (for cold-start timings)."""
    _synergy_graph.cache_clear()


@lru_cache(maxsize=8)
def _synergy_graph(cards: tuple[Card, ...]) -> nx.DiGraph:
    graph = nx.DiGraph()
    for ingredient in INGREDIENTS:
        row = ingredient.row.value
        graph.add_node(
            ingredient.value,
            kind="ingredient",
            label=ingredient.title,
            row=row,
            colour=DAY_COLOUR if row == "day" else NIGHT_COLOUR,
        )
    for card in cards:
        graph.add_node(
            card.id,
            kind="card",
            label=str(card),
            row=card.ingredient.row.value if card.ingredient else card.origin.value,
            origin=card.origin.value,
            card_kind=card.kind.value,
            ingredient=_ingredient_name(card),
            cost=format_cost(card.cost),
            scoring=str(card.scoring),
            units=card.weight,
            wild=card.is_salt,
            colour=_card_colour(card),
        )
        if card.ingredient is not None:
            graph.add_edge(card.ingredient.value, card.id, relation="is", weight=card.weight)
        for dep in dependencies(card):
            graph.add_edge(
                card.id,
                dep.ingredient.value,
                relation="scores",
                weight=dep.weight,
                set=dep.is_set,
                points=dep.points,
                needs=dep.needs,
            )
    return graph


def scores_edges(graph: nx.DiGraph) -> list[tuple[str, str, dict[str, Any]]]:
    """The ``card -> ingredient`` edges with their data."""
    return [(u, v, d) for u, v, d in graph.edges(data=True) if d["relation"] == "scores"]


# ---------------------------------------------------------------- ingredient demand
#: French for the synergy tables' columns (``lang="fr"``).
SYNERGY_FRENCH: dict[str, str] = {
    "ingredient": "Ingrédient",
    "row": "rangée",
    "demand": "demande",
    "cards wanting": "cartes qui le veulent",
    "in sets": "dans des séries",
    "supply": "offre",
    "demand per unit": "demande par unité",
    "card": "carte",
    "cluster": "groupe",
    "name": "nom",
    "scoring": "décompte",
    "take": "prise",
    "cost": "coût",
    "gain now": "gain maintenant",
    "denial": "privation",
    "wanted by potion": "voulu par la potion",
    "actions": "actions",
    "gain per action": "gain par action",
}


def ingredient_demand(deck: Iterable[Card], lang: str = "en") -> pd.DataFrame:
    """Which ingredients the deck "wants": per ingredient, the weighted in-degree of its
    ``scores`` edges (points per unit summed over the cards), how many cards want it (and
    through sets), its supply (units the deck's cards provide; Salts are wild and not
    counted) and demand per unit supplied. Sorted by demand, highest first. (Centralities are
    left out: on the reference deck PageRank and betweenness are the same for every ingredient
    to within 2%, so they carry no information; lesson 05 shows it.) ``lang="fr"`` writes
    the columns, ingredients and rows in French (``SYNERGY_FRENCH``).
    """
    import pandas as pd

    check_lang(lang)

    graph = synergy_graph(deck)
    rows = []
    for ingredient in INGREDIENTS:
        name = ingredient.value
        wants = [(u, d) for u, _, d in graph.in_edges(name, data=True) if d["relation"] == "scores"]
        supply = sum(d["weight"] for _, _, d in graph.out_edges(name, data=True))
        demand = sum(d["weight"] for _, d in wants)
        rows.append(
            {
                "ingredient": word(ingredient, lang),
                "row": word(ingredient.row, lang),
                "demand": round(demand, 2),
                "cards wanting": len(wants),
                "in sets": sum(1 for _, d in wants if d["set"]),
                "supply": supply,
                "demand per unit": round(demand / supply, 2) if supply else math.inf,
            }
        )
    table = pd.DataFrame(rows).set_index("ingredient").sort_values("demand", ascending=False)
    return in_lang(table, lang, SYNERGY_FRENCH)


# ---------------------------------------------------------------- potions and pair synergy
def potion_counts(potion: PotionLike) -> dict[Ingredient, int]:
    """Ingredient counts of a potion given as cards (Salts skipped: their ingredient depends on
    where they sit; pass counts to include them) or as counts."""
    if isinstance(potion, Mapping):
        counts = dict.fromkeys(INGREDIENTS, 0)
        for key, n in potion.items():
            counts[key if isinstance(key, Ingredient) else Ingredient(key)] += n
        return counts
    counts = dict.fromkeys(INGREDIENTS, 0)
    for card in potion:
        if card.ingredient is not None:
            counts[card.ingredient] += card.weight
    return counts


def _with(counts: Mapping[Ingredient, int], *cards: Card) -> dict[Ingredient, int]:
    out = dict(counts)
    for card in cards:
        if card.ingredient is not None:
            out[card.ingredient] += card.weight
    return out


@dataclass(frozen=True)
class PairSynergy:
    """The points B adds to A and A adds to B when both are in a potion."""

    a: str
    b: str
    b_to_a: int
    a_to_b: int

    @property
    def total(self) -> int:
        return self.b_to_a + self.a_to_b

    def __str__(self) -> str:
        return (
            f"{self.b} adds {self.b_to_a} to {self.a}; {self.a} adds {self.a_to_b} to {self.b} "
            f"(together {self.total})"
        )


def pair_synergy(a: Card, b: Card, potion: PotionLike = ()) -> PairSynergy:
    """For cards A and B added to ``potion``: the points B adds to A (A's points with both in,
    minus A's points without B) and the points A adds to B.

    >>> from carnuta_core import reference_deck
    >>> deck = reference_deck()
    >>> print(pair_synergy(deck["N24"], deck["D01"]))  # 1 per clover flower, and a double clover
    D01 adds 2 to N24; N24 adds 0 to D01 (together 2)
    """
    counts = potion_counts(potion)
    both = _with(counts, a, b)
    b_to_a = card_points(a, both) - card_points(a, _with(counts, a))
    a_to_b = card_points(b, both) - card_points(b, _with(counts, b))
    return PairSynergy(a.id, b.id, b_to_a, a_to_b)


def pair_table(cards: Sequence[Card], potion: PotionLike = ()) -> pd.DataFrame:
    """A square table: row A, column B holds the points B adds to A in ``potion``."""
    import pandas as pd

    ids = [c.id for c in cards]
    rows = {
        a.id: [pair_synergy(a, b, potion).b_to_a if a.id != b.id else 0 for b in cards]
        for a in cards
    }
    return pd.DataFrame.from_dict(rows, orient="index", columns=ids)


# ---------------------------------------------------------------- clusters
def card_graph(deck: Iterable[Card]) -> nx.Graph:
    """Cards only: an undirected edge wherever two cards help each other, weighted by
    ``pair_synergy`` in an empty potion (what each adds to the other) plus the demand they
    share (for each ingredient both want, the smaller points per unit)."""
    cards = [c for c in deck if c.kind is not Kind.SALT]
    wants = {c.id: {d.ingredient: d.weight for d in dependencies(c)} for c in cards}
    graph = nx.Graph()
    for card in cards:
        graph.add_node(card.id, ingredient=_ingredient_name(card))
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            direct = pair_synergy(a, b).total
            shared = sum(min(w, wants[b.id][k]) for k, w in wants[a.id].items() if k in wants[b.id])
            weight = direct + shared
            if weight > 0:
                graph.add_edge(a.id, b.id, weight=round(weight, 3))
    return graph


def strategy_clusters(deck: Iterable[Card], *, seed: int = 0, lang: str = "en") -> pd.DataFrame:
    """Strategy clusters: Louvain communities (fixed ``seed``) of ``card_graph``. One row per
    card: its cluster number and the cluster's name (the two ingredients it is most about:
    the ingredients its cards are plus those they want, weighted). Salts are left out.
    ``lang="fr"`` writes the columns, names and scorings in French."""
    import pandas as pd

    check_lang(lang)

    cards = [c for c in deck if c.kind is not Kind.SALT]
    by_id = {c.id: c for c in cards}
    graph = card_graph(cards)
    communities = nx.community.louvain_communities(graph, weight="weight", seed=seed)
    named = []
    for members in communities:
        focus = dict.fromkeys(INGREDIENTS, 0.0)
        for cid in members:
            card = by_id[cid]
            if card.ingredient is not None:
                focus[card.ingredient] += card.weight
            for dep in dependencies(card):
                focus[dep.ingredient] += dep.weight
        top = sorted(focus, key=lambda i: (-focus[i], INGREDIENTS.index(i)))[:2]
        named.append((sorted(members), " + ".join(word(i, lang) for i in top)))
    named.sort(key=lambda pair: (-len(pair[0]), pair[1]))
    rows = [
        {
            "card": cid,
            "cluster": number,
            "name": name,
            "ingredient": _ingredient_name(by_id[cid], lang),
            "scoring": scoring_text(by_id[cid].scoring, lang)
            if lang == "fr"
            else str(by_id[cid].scoring),
        }
        for number, (members, name) in enumerate(named, start=1)
        for cid in members
    ]
    return in_lang(pd.DataFrame(rows).set_index("card"), lang, SYNERGY_FRENCH)


# ---------------------------------------------------------------- views
def ways_none_above(sizes: Sequence[int], k: int, most: int) -> int:
    """In how many ways ``k`` cards can be drawn from groups of these ``sizes`` (every card
    different) so that no group holds more than ``most`` of them: the coefficient of ``x**k``
    in the product over groups of ``sum(comb(n, j) * x**j for j <= most)``.

    >>> ways_none_above([2, 2], 2, 1)  # one card from each group: 2 * 2
    4
    >>> ways_none_above([2, 2], 2, 2) == math.comb(4, 2)
    True
    """
    ways = [1]  # ways[j]: draws of j cards from the groups so far, none above ``most``
    for n in sizes:
        grown = [0] * min(k + 1, len(ways) + min(n, most))
        for j, w in enumerate(ways):
            for t in range(min(n, most, len(grown) - 1 - j) + 1):
                grown[j + t] += w * math.comb(n, t)
        ways = grown
    return ways[k] if k < len(ways) else 0


def largest_group_law(sizes: Sequence[int], k: int) -> dict[int, Fraction]:
    """The exact law of the largest number of ``k`` cards, drawn at random without
    replacement from groups of these ``sizes``, that fall in one group: ``{m: P(largest ==
    m)}``, counted with ``ways_none_above`` (largest <= m, minus largest <= m - 1).

    >>> largest_group_law([2, 2], 2)  # 4 of the 6 pairs take one card from each group
    {1: Fraction(2, 3), 2: Fraction(1, 3)}
    """
    total = math.comb(sum(sizes), k)
    if k < 1 or total == 0:
        raise ValueError(f"k: between 1 and the {sum(sizes)} cards of the groups, not {k!r}")
    law: dict[int, Fraction] = {}
    below = 0
    for m in range(1, k + 1):
        up_to = ways_none_above(sizes, k, m)
        if up_to > below:
            law[m] = Fraction(up_to - below, total)
        below = up_to
    return law


@dataclass(frozen=True)
class ClusterCheck:
    """How many of a potion's cards share one strategy cluster, against chance.

    ``largest`` is the size of the potion's biggest cluster group (Salts and starting cards
    left out: clusters are made of market cards); ``sizes`` the number of market cards in each
    cluster; ``chance`` the exact expected largest group of the same number of market cards
    drawn at random, and ``p_value`` (as a float; ``p_exact`` as a fraction) the exact chance
    that such a random draw groups at least as many in one cluster (``largest_group_law``).
    """

    cards: tuple[str, ...]
    largest: int
    cluster: str
    chance: float
    p_value: float
    sizes: tuple[int, ...] = ()
    p_exact: Fraction = Fraction(1)


def cluster_check(
    potion_cards: Iterable[str | Card], clusters: pd.DataFrame, deck: Iterable[Card]
) -> ClusterCheck:
    """Test whether a potion's market cards concentrate in one cluster of
    ``strategy_clusters`` more than chance. Exact: the null is a draw of as many market cards
    at random, and ``largest_group_law`` counts every such draw by the cluster sizes.

    The test says how unusual the potion's largest group is for a *random* handful of cards;
    it says nothing about why (a potion built for points may crowd into a cluster because the
    clusters were built from the same points). ``clusters`` may be the French table
    (``strategy_clusters(deck, lang="fr")``): its cluster names are then the French ones.
    """
    from collections import Counter

    starting = {c.id for c in deck if c.origin is Origin.START}
    english = {french: name for name, french in SYNERGY_FRENCH.items()}
    table = clusters.rename(columns=lambda name: english.get(str(name), name))
    table.index.names = [english.get(str(n), n) for n in table.index.names]
    table = table.reset_index() if "card" not in table.columns else table
    of = dict(zip(table["card"], table["cluster"], strict=True))
    names = dict(zip(table["cluster"], table["name"], strict=False))
    ids = tuple(c.id if isinstance(c, Card) else c for c in potion_cards)
    mine = [of[cid] for cid in ids if cid in of and cid not in starting]
    if not mine:
        raise ValueError("potion_cards: none of these cards is in a cluster")
    cluster, largest = Counter(mine).most_common(1)[0]
    per_cluster = Counter(of[cid] for cid in of if cid not in starting)
    sizes = tuple(per_cluster[n] for n in sorted(per_cluster))
    law = largest_group_law(sizes, len(mine))
    chance = sum(m * p for m, p in law.items())
    p_exact = sum((p for m, p in law.items() if m >= largest), Fraction(0))
    return ClusterCheck(ids, largest, names[cluster], float(chance), float(p_exact), sizes, p_exact)


def ego(card: str | Card, deck: Iterable[Card]) -> nx.DiGraph:
    """A card's neighbourhood in the synergy graph: the ingredients it scores on and the cards
    that *are* them (its suppliers), and its own ingredient with the cards that score on it
    (the cards it supplies). A view of those edges only.

    >>> from carnuta_core import reference_deck
    >>> view = ego("N24", reference_deck())
    >>> sorted(n for n, kind in view.nodes(data="kind") if kind == "ingredient")
    ['clover', 'flower', 'mushroom']
    """
    graph = synergy_graph(deck)
    centre = card.id if isinstance(card, Card) else card
    if centre not in graph or graph.nodes[centre]["kind"] != "card":
        from .errors import DeckError

        raise DeckError(f"no card {centre!r} in this deck")
    edges: list[tuple[str, str]] = []
    for _, wanted in graph.out_edges(centre):  # what it scores on, and who supplies it
        edges.append((centre, wanted))
        edges.extend(graph.out_edges(wanted))
    for own, _ in graph.in_edges(centre):  # what it is, and who scores on that
        edges.append((own, centre))
        edges.extend(graph.in_edges(own))
    view = graph.edge_subgraph(edges).copy()
    view.add_node(centre, **graph.nodes[centre])  # a Salt or flat card still shows
    return view


def ingredient_ego(ingredient: Ingredient, deck: Iterable[Card]) -> nx.DiGraph:
    """An ingredient's neighbourhood: the cards that are it and the cards that score on it.

    >>> from carnuta_core import Ingredient, reference_deck
    >>> view = ingredient_ego(Ingredient.HONEY, reference_deck())
    >>> view.nodes["honey"]["kind"]
    'ingredient'
    """
    cards = list(deck)
    nodes = {ingredient.value}
    nodes.update(c.id for c in cards if c.ingredient is ingredient)
    nodes.update(c.id for c in cards for d in dependencies(c) if d.ingredient is ingredient)
    return synergy_graph(cards).subgraph(nodes).copy()


def synergy_layout(graph: nx.DiGraph) -> dict[str, tuple[float, float]]:
    """Ingredients on an inner circle (Day on top, Night below), each card on an outer ring
    next to its ingredient (Salts at the bottom, by row): stays readable for 72 cards."""
    pos: dict[str, tuple[float, float]] = {}
    ingredients = [i for i in INGREDIENTS if i.value in graph]
    # Day ingredients across the top half, Night across the bottom half
    angles: dict[str, float] = {}
    for k, ingredient in enumerate(INGREDIENTS):
        angles[ingredient.value] = (
            math.pi * (0.85 - 0.7 * k / 3) if k < 4 else math.pi * (1.15 + 0.7 * (k - 4) / 3)
        )
    for ingredient in ingredients:
        a = angles[ingredient.value]
        pos[ingredient.value] = (math.cos(a), math.sin(a))
    groups: dict[str, list[str]] = {}
    for node, data in graph.nodes(data=True):
        if data["kind"] == "card":
            groups.setdefault(data["ingredient"], []).append(node)
    salt_angle = {"day": math.pi / 2, "night": -math.pi / 2, "start": 0.0}
    for key, members in groups.items():
        members.sort()
        if key == "salt":
            for k, node in enumerate(members):
                row = graph.nodes[node]["origin"]
                base = salt_angle.get(row, 0.0)
                pos[node] = (0.25 * (k % 4 - 1.5), 0.18 * math.copysign(1, math.sin(base)))
            continue
        centre = angles[key]
        span = 0.62
        for k, node in enumerate(members):
            offset = (k - (len(members) - 1) / 2) * span / max(len(members) - 1, 1)
            radius = 2.15 + 0.28 * (k % 2)
            pos[node] = (radius * math.cos(centre + offset), radius * math.sin(centre + offset))
    return pos


def draw_synergy(
    graph: nx.DiGraph,
    *,
    ax: Axes | None = None,
    highlight: str | None = None,
    labels: bool = True,
    min_weight: float = 0.0,
    title: str | None = None,
) -> Axes:
    """Draw a synergy graph (the whole deck or an ``ego`` view): ingredients inner, cards outer,
    gold Day / indigo Night / grey starting / white Salt; ``scores`` edges with width by points
    per unit (set edges dashed), ``is`` edges thin grey; ``highlight`` a card in red."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(11, 11))
    pos = synergy_layout(graph)
    missing = [n for n in graph if n not in pos]
    if missing:
        pos.update(nx.spring_layout(graph.subgraph(missing), seed=0))
    is_edges = [(u, v) for u, v, d in graph.edges(data=True) if d["relation"] == "is"]
    nx.draw_networkx_edges(
        graph, pos, edgelist=is_edges, ax=ax, edge_color="#cccccc", width=0.6, arrows=False
    )
    for is_set, style in ((False, "solid"), (True, "dashed")):
        edges = [
            (u, v, d)
            for u, v, d in scores_edges(graph)
            if d["set"] == is_set and d["weight"] >= min_weight
        ]
        nx.draw_networkx_edges(
            graph,
            pos,
            edgelist=[(u, v) for u, v, _ in edges],
            width=[
                (0.6 + 0.9 * d["weight"]) * (2 if highlight in (u, v) else 1) for u, v, d in edges
            ],
            edge_color=[
                DAY_COLOUR if graph.nodes[u]["row"] == "day" else NIGHT_COLOUR for u, _, _ in edges
            ],
            style=style,
            alpha=0.45,
            ax=ax,
            arrows=True,
            arrowsize=8,
            node_size=300,
            connectionstyle="arc3,rad=0.08",
        )
    cards = [n for n, d in graph.nodes(data=True) if d["kind"] == "card"]
    ingredients = [n for n, d in graph.nodes(data=True) if d["kind"] == "ingredient"]
    nx.draw_networkx_nodes(
        graph,
        pos,
        nodelist=cards,
        node_color=[graph.nodes[n]["colour"] for n in cards],
        edgecolors=["#d62728" if n == highlight else "#333333" for n in cards],
        linewidths=[3 if n == highlight else 0.8 for n in cards],
        node_size=[520 if n == highlight else 300 for n in cards],
        ax=ax,
    )
    nx.draw_networkx_nodes(
        graph,
        pos,
        nodelist=ingredients,
        node_color=[graph.nodes[n]["colour"] for n in ingredients],
        edgecolors="black",
        node_size=2300,
        ax=ax,
    )
    if labels:
        nx.draw_networkx_labels(
            graph,
            pos,
            labels={n: graph.nodes[n]["label"] for n in ingredients},
            font_color="white",
            font_weight="bold",
            font_size=8,
            ax=ax,
        )
        text_colour = {
            n: "white" if graph.nodes[n]["colour"] == NIGHT_COLOUR else "black" for n in cards
        }
        for n in cards:
            x, y = pos[n]
            ax.text(x, y, n, ha="center", va="center", fontsize=5.5, color=text_colour[n])
    ax.set_title(
        title
        or "Synergy graph: card → ingredient it scores on (width: points per unit; dashed: sets)"
    )
    ax.legend(handles=_legend_handles(), loc="lower left", fontsize=8, frameon=False)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


#: The cluster drawing's words, by language.
CLUSTER_PLOT_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "legend": "strategy cluster",
        "title": "Strategy clusters: cards joined when they feed each other or want the same\n"
        "(coloured edges inside a cluster, grey across)",
    },
    "fr": {
        "legend": "groupe de stratégie",
        "title": "Groupes de stratégie : cartes reliées quand elles se nourrissent ou veulent la "
        "même chose\n(arêtes colorées dans un groupe, grises entre les groupes)",
    },
}


def draw_clusters(
    deck: Iterable[Card],
    *,
    ax: Axes | None = None,
    seed: int = 0,
    min_weight: float = 1.0,
    lang: str = "en",
) -> Axes:
    """The card graph (``card_graph``) in a force layout, cards coloured by strategy cluster;
    only edges of at least ``min_weight`` are drawn (all of them shape the layout). Its
    legend and title are in ``lang``."""
    words = CLUSTER_PLOT_WORDS[check_lang(lang)]
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    cards = list(deck)
    graph = card_graph(cards)
    clusters = strategy_clusters(cards, seed=seed, lang=lang)
    clusters = clusters.rename(columns={"groupe": "cluster", "nom": "name"})
    if ax is None:
        _, ax = plt.subplots(figsize=(11, 9))
    number = {str(cid): int(n) for cid, n in clusters["cluster"].items()}
    groups = sorted(set(number.values()))
    pos: dict[str, Any] = {}
    for k, n in enumerate(groups):  # each cluster in its own patch, patches on a circle
        members = graph.subgraph([c for c in graph if number[c] == n])
        inner = nx.spring_layout(members, weight="weight", seed=seed, scale=0.8, k=0.9)
        angle = 2 * math.pi * k / len(groups) + math.pi / 2
        for node, (x, y) in inner.items():
            pos[node] = (2.2 * math.cos(angle) + x, 2.2 * math.sin(angle) + y)
    palette = plt.get_cmap("tab10")
    colour = {c: palette((number[c] - 1) % 10) for c in graph}
    strong = [(u, v) for u, v, w in graph.edges(data="weight") if w >= min_weight]
    inside = [(u, v) for u, v in strong if number[u] == number[v]]
    across = [(u, v) for u, v in strong if number[u] != number[v]]
    nx.draw_networkx_edges(graph, pos, edgelist=across, ax=ax, edge_color="#dddddd", width=0.4)
    nx.draw_networkx_edges(
        graph, pos, edgelist=inside, ax=ax, width=1.0, edge_color=[colour[u] for u, _ in inside],
        alpha=0.6,
    )  # fmt: skip
    nx.draw_networkx_nodes(
        graph, pos, ax=ax, node_color=[colour[n] for n in graph], node_size=320,
        edgecolors="#333333", linewidths=0.6,
    )  # fmt: skip
    nx.draw_networkx_labels(graph, pos, ax=ax, font_size=6)
    names = dict(zip(clusters["cluster"], clusters["name"], strict=True))
    handles = [
        Line2D(
            [],
            [],
            marker="o",
            linestyle="",
            markerfacecolor=palette((n - 1) % 10),
            markeredgecolor="#333333",
            markersize=9,
            label=f"{n}{WORDS[lang]['colon']} {names[n]}",
        )  # fmt: skip
        for n in groups
    ]
    ax.legend(handles=handles, title=words["legend"], loc="upper left", fontsize=8)
    ax.set_title(words["title"])
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


def _legend_handles() -> list[Any]:
    from matplotlib.lines import Line2D

    def dot(colour: str, text: str) -> Line2D:
        return Line2D(
            [], [], marker="o", linestyle="", markerfacecolor=colour, markeredgecolor="#333333",
            markersize=8, label=text,
        )  # fmt: skip

    return [
        dot(DAY_COLOUR, "Day card / ingredient"),
        dot(NIGHT_COLOUR, "Night card / ingredient"),
        dot(START_COLOUR, "starting card"),
        dot(SALT_COLOUR, "Salt (wild)"),
        Line2D([], [], color="#777777", label="scores per ingredient"),
        Line2D([], [], color="#777777", linestyle="--", label="scores per set"),
        Line2D([], [], color="#cccccc", label="card is that ingredient"),
    ]


# ---------------------------------------------------------------- what to draft next
def draft_table(game: Game, seat: int | None = None, lang: str = "en") -> pd.DataFrame:
    """ "What should I draft next?" — the market cards ranked for ``seat`` (the player to act):

    - ``gain now``: points the card adds to the potion if played now (its own points plus what
      it adds to the cards already played; a Salt on the played card where it adds most, 0
      with none to sit on), engine scoring (``interaction.gains_now``);
    - ``denial``: what taking it denies the next player, their best gain now over the market
      minus their best without it (``interaction.denials``);
    - ``wanted by potion``: points per unit the potion's cards pay for the card's ingredient
      (what more of it would be worth later);
    - ``actions``: Take a Card + rune actions (``actions_to_afford``) + Play, from the
      player's rune state with the game's reserve;
    - ``gain per action``: ``gain now`` over ``actions``, the ranking.

    ``lang="fr"`` writes the columns (``SYNERGY_FRENCH``), the take actions, ingredients, costs
    and scorings in French.
    """
    import pandas as pd

    check_lang(lang)

    from .interaction import denials, gains_now
    from .model import Row
    from .rune_graph import RuneState, actions_to_afford

    seat = game.current_player if seat is None else seat
    view = game.player(seat)
    wanted = dict.fromkeys(INGREDIENTS, 0.0)
    for played in view.played:
        if played.ingredient is not None:
            for dep in dependencies(played):
                wanted[dep.ingredient] += dep.weight
    gains = gains_now(game, seat)
    denied = denials(game, seat)
    state = RuneState.of(game, seat)
    rows = []
    for row in (Row.DAY, Row.NIGHT):
        for slot, card in enumerate(game.market(row), start=1):
            if card is None:
                continue
            gain, target = gains[card.id]
            if target is None:
                want = 0.0
            elif card.ingredient is None:
                want = wanted[target]
            else:
                want = wanted[target] * card.weight
            afford = actions_to_afford(state, card, game.rules)
            actions = None if afford.actions is None else afford.actions + 2
            rows.append(
                {
                    "take": TakeCard(row, slot).notation(lang),
                    "card": card.id,
                    "ingredient": "-" if target is None else word(target, lang),
                    "cost": cost_text(card.cost, lang) if lang == "fr" else format_cost(card.cost),
                    "scoring": scoring_text(card.scoring, lang)
                    if lang == "fr"
                    else str(card.scoring),
                    "gain now": gain,
                    "denial": denied[card.id],
                    "wanted by potion": round(want, 2),
                    "actions": actions,
                    "gain per action": round(gain / actions, 2) if actions else None,
                }
            )
    table = pd.DataFrame(rows).set_index("card").astype({"actions": "Int64"})
    ranked = table.sort_values(
        ["gain per action", "gain now", "wanted by potion"], ascending=False, na_position="last"
    )
    return in_lang(ranked, lang, SYNERGY_FRENCH)


__all__ = [
    "Dependency",
    "ClusterCheck",
    "PairSynergy",
    "card_graph",
    "cluster_check",
    "clear_caches",
    "dependencies",
    "draft_table",
    "draw_clusters",
    "draw_synergy",
    "ego",
    "ingredient_demand",
    "largest_group_law",
    "pair_synergy",
    "pair_table",
    "potion_counts",
    "scores_edges",
    "strategy_clusters",
    "synergy_graph",
    "synergy_layout",
    "ways_none_above",
]
