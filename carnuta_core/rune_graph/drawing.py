"""Drawing (matplotlib): small rune graphs one column per action, and the points-per-action chart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import networkx as nx

from .states import RUNE_ACTIONS, RuneState

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes


def layered_layout(
    graph: nx.MultiDiGraph, start: RuneState
) -> dict[RuneState, tuple[float, float]]:
    """Positions for a small rune graph: one column per number of actions from ``start``,
    states in a column ordered by open spaces, then Suns minus Moons, then the reserve."""
    distance = nx.single_source_shortest_path_length(graph, start)
    far = max(distance.values(), default=0) + 1
    columns: dict[int, list[RuneState]] = {}
    for state in graph:
        columns.setdefault(distance.get(state, far), []).append(state)
    pos: dict[RuneState, tuple[float, float]] = {}
    for column, states in columns.items():
        states.sort(
            key=lambda s: (
                s.open_spaces, s.moons - s.suns, s.reserve_suns or 0, s.reserve_moons or 0
            )
        )  # fmt: skip
        for row, state in enumerate(states):
            pos[state] = (column * 3.2, (len(states) - 1) / 2 - row)
    return pos


def _bend(pos: Mapping[RuneState, tuple[float, float]], u: RuneState, v: RuneState) -> str:
    """Edges within one column bend out wide, so they do not run over the states between."""
    return "arc3,rad=0.55" if pos[u][0] == pos[v][0] else "arc3,rad=0.12"


def draw_rune_graph(
    graph: nx.MultiDiGraph,
    *,
    start: RuneState | None = None,
    path: Sequence[RuneState] = (),
    ax: Axes | None = None,
    edge_labels: bool = True,
    padlocks: bool = True,
    title: str | None = None,
) -> Axes:
    """Draw a small rune graph, one column per action from ``start`` (the path's first state,
    or the graph's first node): Take/Flip Runes grey, plays blue dashed, padlock plays
    orange dotted (``padlocks=False`` hides them), and ``path`` in red."""
    import matplotlib.pyplot as plt

    start = start if start is not None else (path[0] if path else next(iter(graph)))
    if not padlocks:  # hide the padlock plays and the states only they reach
        plain = nx.subgraph_view(graph, filter_edge=lambda u, v, k: not graph[u][v][k]["padlock"])
        graph = graph.subgraph(nx.descendants(plain, start) | {start})
    pos = layered_layout(graph, start)
    columns = 1 + round(max(x for x, _ in pos.values()) / 3.2)
    tallest = max(sum(1 for p in pos.values() if p[0] == x) for x, _ in pos.values())
    if ax is None:
        _, ax = plt.subplots(figsize=(max(6.0, 3.4 * columns), max(3.0, 1.1 * tallest + 1)))
    on_path = set(zip(path, path[1:], strict=False))
    edges = [
        (u, v, d) for u, v, d in graph.edges(data=True) if u != v and (padlocks or not d["padlock"])
    ]
    node_size = 5200
    for u, v, data in edges:
        colour, style = (
            ("#8a8a8a", "solid") if data["kind"] in RUNE_ACTIONS else ("#1f77b4", "dashed")
        )
        if data["padlock"]:
            colour, style = "#ff7f0e", "dotted"
        red = (u, v) in on_path
        nx.draw_networkx_edges(
            graph, pos, edgelist=[(u, v)], ax=ax, node_size=node_size, node_shape="s",
            edge_color="#d62728" if red else colour, style="solid" if red else style,
            width=3 if red else 1.3, arrowsize=16 if red else 11,
            connectionstyle=_bend(pos, u, v),
        )  # fmt: skip
    box = {"boxstyle": "round,pad=0.35", "facecolor": "#f2f2f2", "edgecolor": "#555555"}
    highlight = {"boxstyle": "round,pad=0.35", "facecolor": "#ffd27f", "edgecolor": "#d62728"}
    for state, (x, y) in pos.items():
        ax.text(
            x, y, state.plot_label, ha="center", va="center", fontsize=8,
            bbox=highlight if state in path else box, zorder=4,
        )  # fmt: skip
    if edge_labels:
        labels: dict[tuple[RuneState, RuneState], str] = {}
        for u, v, data in edges:
            text = data["action"] + (" +padlock" if data["padlock"] else "")
            labels[(u, v)] = f"{labels[(u, v)]}\n{text}" if (u, v) in labels else text
        for (u, v), text in labels.items():
            nx.draw_networkx_edge_labels(
                graph, pos, edge_labels={(u, v): text}, ax=ax, font_size=7, label_pos=0.45,
                node_size=node_size, connectionstyle=_bend(pos, u, v),
                bbox={"alpha": 0.85, "color": "white", "lw": 0},
            )  # fmt: skip
    ax.set_title(title or "Rune states and the actions between them")
    ax.margins(x=0.08, y=0.12)
    ax.set_axis_off()
    return ax


def draw_points_per_action(table: pd.DataFrame, *, ax: Axes | None = None, top: int = 20) -> Axes:
    """A bar chart of the ``top`` cards by points per action, coloured Day/Night."""
    import matplotlib.pyplot as plt

    from ..model import DAY_INGREDIENTS, Ingredient

    best = table.dropna(subset=["points per action"]).head(top)
    if ax is None:
        _, ax = plt.subplots(figsize=(9, 0.32 * len(best) + 1))
    colours = [
        "#e0a526" if Ingredient(i) in DAY_INGREDIENTS else "#3b3b98" for i in best["ingredient"]
    ]
    labels = [f"{cid} {row.ingredient} [{row.cost}]" for cid, row in best.iterrows()]
    ax.barh(labels[::-1], list(best["points per action"])[::-1], color=colours[::-1])
    ax.set_xlabel("points per action (take + rune actions + play)")
    ax.set_title("Points per action: the best cards (gold Day, blue Night)")
    return ax


__all__ = [
    "draw_points_per_action",
    "draw_rune_graph",
    "layered_layout",
]
