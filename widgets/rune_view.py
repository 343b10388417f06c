"""The rune explorer's graph: the rune states around a player's board, as the engine allows
them from the position shown, drawn with labels that never overlap, in English or French.

The core's ``rune_graph`` is a model over every counter: while Padlocks remain, each play has
a *padlock* twin (the same play as the card that moves the counter onto an unlock level).
From a real position the counter is known, and the picked card is played once, so each play
is one or the other: ``explorer_graph`` keeps the one the engine allows
(``tests/test_widgets_explorers.py`` stages every drawn edge and plays it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import networkx as nx

from carnuta_core import Action, Card, Game
from carnuta_core.rune_graph import (
    RUNE_ACTIONS,
    RuneState,
    add_move,
    cost_groups,
    layered_layout,
    play_moves,
    rune_graph,
)

from .i18n import word

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["draw_explorer_graph", "edge_label", "explorer_graph", "state_label"]

#: Where along an edge a label may sit (a fraction of the way), best first, and how far aside.
ALONG = (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78)
ASIDE = (0.0, 13.0, -13.0, 26.0, -26.0)


def explorer_graph(game: Game, seat: int, card: Card, depth: int) -> nx.MultiDiGraph:
    """The Take Runes and Flip Runes actions within ``depth`` actions of ``seat``'s runes, and
    from each state reached, playing ``card`` (once it is in hand): the plain play, or the play
    that opens a Padlock when the next card moves the counter onto an unlock level."""
    rules = game.rules
    start = RuneState.of(game, seat)
    graph = rune_graph(start, rules=rules, max_actions=depth)
    opens = rules.unlocks_at(rules.counter_after(len(game.played_ids(seat)) + 1))
    groups = cost_groups([card])
    for state in list(graph):
        for move in play_moves(state, groups, rules):
            if move.padlock == opens:
                add_move(graph, state, move)
    return graph


def state_label(state: RuneState, lang: str) -> str:
    """A state in two lines, with ``#`` for a Padlock (every font draws it)."""
    text = f"☀{state.suns} ☾{state.moons} ·{state.empty} #{state.locked}"
    if state.reserve_suns is not None:
        text += f"\n{word(lang, 'reserve')} ☀{state.reserve_suns} ☾{state.reserve_moons}"
    return text


def edge_label(data: dict[str, Any], lang: str) -> str:
    """An edge's action in the notation of ``lang``; a play that opens a Padlock says so."""
    text = str(data["action"])
    if text.startswith(("runes ", "flip ", "play ")):
        text = Action.parse(text).notation(lang)
    return f"{text} +{word(lang, 'padlock')}" if data["padlock"] else text


def _bend(pos: dict[RuneState, tuple[float, float]], u: RuneState, v: RuneState) -> float:
    """Edges within one column bend out wide, so they do not run over the states between."""
    return 0.55 if pos[u][0] == pos[v][0] else 0.12


def draw_explorer_graph(
    ax: Axes,
    graph: nx.MultiDiGraph,
    *,
    start: RuneState,
    path: Sequence[RuneState],
    lang: str,
    title: str,
) -> list[Any]:
    """Draw the graph, one column per action from ``start``: Take/Flip Runes grey, plays blue
    dashed, a play that opens a Padlock orange dotted, ``path`` in red. Each pair of states
    gets one label, slid along its edge until it overlaps no state and no other label.
    Returns the labels (matplotlib texts)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = ax.figure
    assert isinstance(figure, Figure)
    renderer = FigureCanvasAgg(figure).get_renderer()  # type: ignore[no-untyped-call]
    pos = layered_layout(graph, start)
    on_path = set(zip(path, path[1:], strict=False))
    node_size = 5200
    for u, v, data in graph.edges(data=True):
        if u == v:
            continue
        red = (u, v) in on_path
        colour, style = (
            ("#8a8a8a", "solid") if data["kind"] in RUNE_ACTIONS else ("#1f77b4", "dashed")
        )
        if data["padlock"]:
            colour, style = "#ff7f0e", "dotted"
        nx.draw_networkx_edges(
            graph, pos, edgelist=[(u, v)], ax=ax, node_size=node_size, node_shape="s",
            edge_color="#d62728" if red else colour, style="solid" if red else style,
            width=3 if red else 1.3, arrowsize=16 if red else 11,
            connectionstyle=f"arc3,rad={_bend(pos, u, v)}",
        )  # fmt: skip
    box = {"boxstyle": "round,pad=0.35", "facecolor": "#f2f2f2", "edgecolor": "#555555"}
    highlight = {"boxstyle": "round,pad=0.35", "facecolor": "#ffd27f", "edgecolor": "#d62728"}
    nodes = [
        ax.text(
            x,
            y,
            state_label(state, lang),
            ha="center",
            va="center",
            fontsize=9,
            bbox=highlight if state in path else box,
            zorder=4,
        )  # fmt: skip
        for state, (x, y) in pos.items()
    ]
    ax.set_title(title, fontsize=11)
    ax.margins(x=0.1, y=0.14)
    ax.set_axis_off()
    figure.canvas.draw()  # the limits and the nodes' boxes, as they will be drawn
    taken = [_box(text, renderer) for text in nodes]
    labels: dict[tuple[RuneState, RuneState], list[str]] = {}
    for u, v, data in graph.edges(data=True):
        if u != v:
            labels.setdefault((u, v), []).append(edge_label(data, lang))
    placed = []
    for (u, v), texts in labels.items():
        text = ax.text(
            0, 0, "\n".join(sorted(set(texts))), ha="center", va="center", fontsize=8.5,
            zorder=5, bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.9,
                            "linewidth": 0},
        )  # fmt: skip
        _place(ax, text, pos[u], pos[v], _bend(pos, u, v), taken, renderer)
        taken.append(text.get_window_extent(renderer))
        placed.append(text)
    return placed


def _place(
    ax: Axes,
    text: Any,
    a: tuple[float, float],
    b: tuple[float, float],
    bend: float,
    taken: list[Any],
    renderer: Any,
) -> None:
    """Put ``text`` on the edge from ``a`` to ``b`` (an arc bent by ``bend``, as matplotlib's
    ``arc3`` draws it) where it overlaps nothing in ``taken``; failing that, where it overlaps
    least."""
    to_screen, to_data = ax.transData, ax.transData.inverted()
    (x1, y1), (x2, y2) = to_screen.transform(a), to_screen.transform(b)
    cx, cy = (x1 + x2) / 2 + bend * (y2 - y1), (y1 + y2) / 2 - bend * (x2 - x1)
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1.0)
    normal = ((y1 - y2) / length, (x2 - x1) / length)
    best: tuple[float, tuple[float, float]] | None = None
    for aside in ASIDE:
        for t in ALONG:
            s = 1 - t
            x = s * s * x1 + 2 * s * t * cx + t * t * x2 + aside * normal[0]
            y = s * s * y1 + 2 * s * t * cy + t * t * y2 + aside * normal[1]
            text.set_position(to_data.transform((x, y)))
            extent = text.get_window_extent(renderer)
            overlap = sum(_area(extent, other) for other in taken)
            if best is None or overlap < best[0]:
                best = (overlap, (x, y))
            if overlap == 0:
                return
    assert best is not None
    text.set_position(to_data.transform(best[1]))


def _box(text: Any, renderer: Any) -> Any:
    """Where a state's box is drawn, on the screen."""
    return text.get_bbox_patch().get_window_extent(renderer)


def _area(one: Any, other: Any) -> float:
    width = min(one.x1, other.x1) - max(one.x0, other.x0)
    height = min(one.y1, other.y1) - max(one.y0, other.y0)
    return width * height if width > 0 and height > 0 else 0.0
