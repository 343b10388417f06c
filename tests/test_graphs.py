"""Rune graph and synergy graph: every edge is the engine's truth; shortest paths match brute force.

Positions come from the engine itself (random playouts of the reference deck with 2, 3 and 4
players) and from ``to_position`` (every rune state staged as a position); each graph edge is
compared with what ``Game.legal_actions()`` and ``Game.push`` do there.
"""

from __future__ import annotations

import random
from collections import deque

import networkx as nx
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnuta_core import (
    EndTurn,
    FlipRunes,
    Game,
    PlayCard,
    Rules,
    Sickle,
    TakeRunes,
    reference_deck,
)
from carnuta_core.cards import format_cost
from carnuta_core.errors import DeckError, PositionError
from carnuta_core.position import position_dict
from carnuta_core.rune_graph import (
    EndPotion,
    RuneState,
    actions_to_afford,
    afford_table,
    all_states,
    as_cost,
    cost_groups,
    moves,
    named_states,
    padlock_table,
    pay,
    play_moves,
    points_per_action_table,
    reserve_table,
    rune_graph,
    rune_graph_slow,
    rune_moves,
    to_position,
)
from carnuta_core.rune_graph.classes import TurnState, closed_classes, turn_graph, turns_to_afford
from carnuta_core.rune_graph.moves import multiset_key

DECK = reference_deck()
GROUPS = cost_groups(c for c in DECK)
VARIANTS = {
    "printed": Rules(),
    "flip any": Rules(flip_mode="any"),
    "null actions": Rules(allow_null_actions=True),
}


# ---------------------------------------------------------------- engine helpers
def playout_positions(players: int, seed: int, every: int = 3) -> list[Game]:
    """Positions along a random playout where the player to act still has actions."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    found = []
    step = 0
    while not game.is_over:
        if game.phase == "actions" and game.actions_left > 0 and step % every == 0:
            found.append(game.copy())
        legal = game.legal_actions()
        game.push(legal[rng.randrange(len(legal))])
        step += 1
    return found


def engine_rune_children(game: Game) -> dict[str, RuneState]:
    """The engine's legal rune actions and the rune state each one leads to."""
    seat = game.current_player
    out = {}
    for action in game.legal_actions():
        if isinstance(action, (TakeRunes, FlipRunes)):
            child = game.copy()
            child.push(action)
            out[str(action)] = RuneState.of(child, seat)
    return out


def check_edges(game: Game) -> int:
    """Compare every edge out of the current player's rune state with the engine; returns the
    number of edges checked."""
    seat = game.current_player
    state = RuneState.of(game, seat)
    rules = game.rules
    graph_runes = {m.action: m.target for m in rune_moves(state, rules)}
    assert graph_runes == engine_rune_children(game), state.label
    checked = len(graph_runes)
    counter = game.counter(seat)
    opens = counter + 1 in rules.unlock_levels
    hand = game.player(seat).hand
    legal = game.legal_actions()
    for card in hand:
        plays = [a for a in legal if isinstance(a, PlayCard) and a.card == card.id]
        edges = play_moves(state, cost_groups([card]), rules)
        if card.cost:
            assert bool(plays) == bool(edges), (state.label, card)
        if not plays:
            continue
        child = game.copy()
        child.push(plays[0])
        reached = RuneState.of(child, seat)
        if not card.cost:
            assert reached.suns == state.suns and reached.moons == state.moons
            continue
        (edge,) = [m for m in edges if m.padlock == opens]
        assert edge.target == reached, (state.label, str(card), counter)
        if opens:
            assert edge.counter == counter + 1
        checked += 1
    return checked


def engine_afford(game: Game) -> dict[str, int | None]:
    """Brute force on the engine: BFS over Take/Flip Runes (copies via ``push``), the fewest
    rune actions until each card in the current player's hand is legal to play. The position
    is restaged with a turn long enough for every rune action, since only runes matter."""
    seat = game.current_player
    position = position_dict(game)
    position["rules"] = {**position["rules"], "actions_per_turn": 20}
    position["turn"]["actions_left"] = 20
    start = Game.from_json(position)
    best: dict[str, int | None] = {c.id: None for c in game.player(seat).hand}
    seen = {RuneState.of(start, seat)}
    queue = deque([(start, 0)])
    while queue:
        node, depth = queue.popleft()
        legal = node.legal_actions()
        for action in legal:
            if isinstance(action, PlayCard) and best[action.card] is None:
                best[action.card] = depth
        for action in legal:
            if not isinstance(action, (TakeRunes, FlipRunes)):
                continue
            child = node.copy()
            child.push(action)
            key = RuneState.of(child, seat)
            if key not in seen:
                seen.add(key)
                queue.append((child, depth + 1))
    return best


def staged(state: RuneState, rules: Rules | None = None, **kwargs: object) -> Game:
    return Game.from_json(to_position(state, DECK, rules=rules, **kwargs))  # type: ignore[arg-type]


REPRESENTATIVES = [g.cards[0] for g in GROUPS]


# ---------------------------------------------------------------- rune states
def test_label_and_start() -> None:
    start = RuneState.start(players=4)
    assert start.label == "☀2 ☾2 ·0 🔒2 | reserve ☀3 ☾3"
    assert start.plot_label == "☀2 ☾2 ·0 #2\nreserve ☀3 ☾3"
    assert RuneState.of(Game.new(4, seed=1), 0) == start
    assert RuneState(0, 0, 4, 2).total is None and start.total == 10


@pytest.mark.parametrize(
    "fields, field",
    [
        ((5, 0, 4, 2), "rune state"),
        ((-1, 0, 4, 2), "rune state.suns"),
        ((1, 0, 4, 2, 1, None), "rune state.reserve"),
        ((1, 0, 4, 2, 1, "2"), "rune state.reserve_moons"),
        ((True, 0, 4, 2), "rune state.suns"),
    ],
)
def test_bad_rune_state_names_the_field(fields: tuple[object, ...], field: str) -> None:
    with pytest.raises(PositionError) as error:
        RuneState(*fields)  # type: ignore[arg-type]
    assert error.value.field == field


def test_bad_cost_text_is_a_deck_error() -> None:
    with pytest.raises(DeckError, match="'flip mooon'"):
        actions_to_afford(RuneState.start(), "flip mooon")
    with pytest.raises(PositionError, match="cannot pay 'return sun'"):
        pay(RuneState(0, 1, 4, 2), "return sun")


def test_staged_positions_show_the_state() -> None:
    for state in all_states():
        game = staged(state)
        assert RuneState.of(game, 0, reserve=False) == state
    for players in (2, 3, 4):
        state = RuneState.start(players=players)
        assert RuneState.of(staged(state, players=players), 0) == state


# ---------------------------------------------------------------- edges are the engine's truth
@pytest.mark.parametrize("players", [2, 3, 4])
def test_edges_match_the_engine_in_playouts(players: int) -> None:
    checked = 0
    for seed in range(4):
        for game in playout_positions(players, seed=100 * players + seed):
            checked += check_edges(game)
    assert checked > 300


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_edges_match_the_engine_in_staged_positions(variant: str) -> None:
    rules = VARIANTS[variant]
    rng = random.Random(7)
    for state in all_states(rules):
        for counter in {1, 3, 4, 7, 8, 9}:
            spaces = rules.open_spaces + sum(1 for lv in rules.unlock_levels if lv <= counter)
            if spaces != state.open_spaces:
                continue
            hand = rng.sample(REPRESENTATIVES, 5)
            check_edges(staged(state, rules, counter=counter, hand=hand))
    # and with a scarce reserve
    for state in rng.sample(all_states(rules, players=2), 60):
        if state.total is not None and state.total >= 4:
            check_edges(staged(state, rules, players=2, hand=rng.sample(REPRESENTATIVES, 4)))


def test_padlock_edge_is_the_fourth_card() -> None:
    state = RuneState(2, 2, 4, 2, 1, 1)
    card = next(c for c in DECK if c.cost and not c.is_salt and state.can_pay(c))
    for counter, opens in ((2, False), (3, True), (7, True)):
        board = state if counter < 4 else RuneState(2, 2, 5, 1, 1, 1)
        game = staged(board, counter=counter, hand=[card.id])
        game.play(f"play {card.id}")
        reached = RuneState.of(game, 0)
        (edge,) = [m for m in play_moves(board, cost_groups([card])) if m.padlock == opens]
        assert edge.target == reached
        assert reached.open_spaces == board.open_spaces + opens
        if opens:
            assert edge.counter == counter + 1 and edge.key.endswith("+padlock")


def test_fast_graph_equals_the_public_api_graph() -> None:
    for kwargs in (
        {"players": 2},
        {"players": None},
        {"players": 2, "rules": Rules(flip_mode="any")},
        {"players": None, "rules": Rules(allow_null_actions=True)},
    ):
        fast = rune_graph(cards=DECK, **kwargs)  # type: ignore[arg-type]
        slow = rune_graph_slow(cards=DECK, **kwargs)  # type: ignore[arg-type]
        assert nx.utils.graphs_equal(fast, slow)
        assert list(fast.nodes) == list(slow.nodes)
    start = RuneState(1, 1, 5, 1, 0, 2)
    assert nx.utils.graphs_equal(rune_graph(start, cards=DECK), rune_graph_slow(start, cards=DECK))
    for depth in (0, 1, 2, 3):
        fast = rune_graph(start, cards=DECK, max_actions=depth)
        assert nx.utils.graphs_equal(fast, rune_graph_slow(start, cards=DECK, max_actions=depth))
        lengths = nx.single_source_shortest_path_length(fast, start)
        assert max(lengths.values()) == depth and set(lengths) == set(fast)


def test_graph_edges_are_labelled_in_notation() -> None:
    graph = rune_graph(RuneState(1, 1, 5, 1, 2, 0), cards=DECK)
    for _, _, key, data in graph.edges(keys=True, data=True):
        action = data["action"]
        assert key == (action + " +padlock" if data["padlock"] else action)
        if data["kind"] == "play":
            assert action == f"play {data['cards'][0]}"
            assert data["cost"] == format_cost(DECK[data["cards"][0]].cost)
        else:
            assert action.split()[0] == data["kind"]
    assert all(isinstance(label, str) for _, label in graph.nodes(data="label"))


# ---------------------------------------------------------------- invariants (hypothesis)
boards = (
    st.integers(4, 6)
    .flatmap(
        lambda spaces: st.tuples(st.integers(0, spaces), st.integers(0, spaces), st.just(spaces))
    )
    .filter(lambda t: t[0] + t[1] <= t[2])
)
reserves = st.one_of(st.none(), st.tuples(st.integers(0, 8), st.integers(0, 8)))


def make_state(board: tuple[int, int, int], reserve: tuple[int, int] | None) -> RuneState:
    suns, moons, spaces = board
    state = RuneState(suns, moons, spaces, 6 - spaces)
    return state if reserve is None else state.with_reserve(*reserve)


@settings(max_examples=150, deadline=None)
@given(boards, reserves, st.sampled_from(list(VARIANTS)))
def test_every_edge_keeps_runes_on_open_spaces_and_conserves_runes(
    board: tuple[int, int, int], reserve: tuple[int, int] | None, variant: str
) -> None:
    state = make_state(board, reserve)
    for move in moves(state, VARIANTS[variant], GROUPS):
        target = move.target
        assert target.runes <= target.open_spaces
        assert target.open_spaces + target.locked == 6
        if state.total is not None:
            assert target.total == state.total
        if move.kind != "play":
            assert target.open_spaces == state.open_spaces
        assert target.open_spaces == state.open_spaces + (1 if move.padlock else 0)


def brute_afford(state: RuneState, cost: str, rules: Rules) -> int | None:
    """Plain BFS over ``rune_moves`` (no networkx)."""
    seen = {state}
    queue = deque([(state, 0)])
    while queue:
        node, depth = queue.popleft()
        if node.can_pay(cost):
            return depth
        for move in rune_moves(node, rules):
            if move.target not in seen:
                seen.add(move.target)
                queue.append((move.target, depth + 1))
    return None


@settings(max_examples=150, deadline=None)
@given(boards, reserves, st.sampled_from([format_cost(g.cost) for g in GROUPS]))
def test_shortest_paths_match_brute_force(
    board: tuple[int, int, int], reserve: tuple[int, int] | None, cost: str
) -> None:
    state = make_state(board, reserve)
    for rules in VARIANTS.values():
        found = actions_to_afford(state, cost, rules)
        assert found.actions == brute_afford(state, cost, rules)
        if found.actions is not None:
            # the path is walkable and ends where the cost can be paid
            here = state
            for action, after in zip(found.path, found.states[1:], strict=True):
                assert {m.action: m.target for m in rune_moves(here, rules)}[action] == after
                here = after
            assert here.can_pay(cost)


# ---------------------------------------------------------------- actions_to_afford vs the engine
@pytest.mark.parametrize("players", [2, 3, 4])
def test_afford_matches_engine_bfs_from_the_start(players: int) -> None:
    start = RuneState.start(players=players)
    game = staged(start, players=players, hand=REPRESENTATIVES)
    brute = engine_afford(game)
    for group in GROUPS:
        assert actions_to_afford(start, group.cost).actions == brute[group.cards[0]], group


@pytest.mark.parametrize("players", [2, 3, 4])
def test_afford_matches_engine_bfs_from_sampled_states(players: int) -> None:
    rng = random.Random(players)
    positions = playout_positions(players, seed=players, every=7)
    for game in rng.sample(positions, min(12, len(positions))):
        seat = game.current_player
        state = RuneState.of(game, seat)
        position = to_position(
            state, DECK, players=players, counter=game.counter(seat), hand=REPRESENTATIVES
        )
        brute = engine_afford(Game.from_json(position))
        for group in GROUPS:
            assert actions_to_afford(state, group.cost).actions == brute[group.cards[0]]


# ---------------------------------------------------------------- the rulebook's full turn
def test_rulebook_full_turn_is_a_path() -> None:
    before = RuneState(1, 1, 5, 1, reserve_suns=0, reserve_moons=2)
    graph = rune_graph(before, cards=["flip moon, return moon"])
    path = nx.shortest_path(graph, before, RuneState(2, 1, 5, 1, 0, 1))
    actions = [min(graph.get_edge_data(a, b)) for a, b in zip(path, path[1:], strict=False)]
    assert actions == ["runes moon", "pay flip moon, return moon"]
    assert path[1].label == "☀1 ☾3 ·1 🔒1 | reserve ☀0 ☾0"


# ---------------------------------------------------------------- tables
def engine_first_turn_ends(game: Game) -> set[RuneState]:
    """Brute force on the engine: every whole turn of the player to act (``legal_actions`` and
    ``push`` on copies, Sickles left out: they change only the market), and the rune state
    each one ends on."""
    seat = game.current_player
    ends: set[RuneState] = set()

    def walk(node: Game) -> None:
        for action in node.legal_actions():
            if isinstance(action, Sickle):
                continue
            if isinstance(action, EndTurn):
                ends.add(RuneState.of(node, seat))
                continue
            child = node.copy()
            child.push(action)
            walk(child)

    walk(game)
    return ends


def two_of_each_cost() -> list[str]:
    """A hand with two cards of every cost (one where the deck has only one)."""
    by_cost: dict[tuple[str, ...], list[str]] = {}
    for card in DECK:
        if card.cost:
            by_cost.setdefault(multiset_key(card.cost), []).append(card.id)
    return [card_id for ids in by_cost.values() for card_id in ids[:2]]


@pytest.mark.parametrize(
    ("board", "counter", "players"),
    [
        (RuneState.start(players=2), 1, 2),
        (RuneState.start(players=3), 1, 3),
        (RuneState.start(players=4), 1, 4),
        (RuneState(1, 1, 4, 2, 2, 2), 2, 3),
        (RuneState(0, 3, 4, 2, 2, 1), 3, 3),
        (RuneState(2, 1, 5, 1, 1, 2), 7, 3),
    ],
)
def test_turn_graph_matches_every_turn_the_engine_allows(
    board: RuneState, counter: int, players: int
) -> None:
    game = staged(board, counter=counter, players=players, hand=two_of_each_cost())
    assert RuneState.of(game, 0) == board and game.counter(0) == counter
    turns = turn_graph(board, counter=counter, cards=DECK, max_turns=1)
    root = TurnState(board, counter)
    reached = {node.runes for node in turns.successors(root)} | {board}
    assert reached == engine_first_turn_ends(game)
    opened = {node.runes.open_spaces for node in turns.successors(root)}
    can_open = any(counter < level <= counter + 2 for level in Rules().unlock_levels)
    assert (max(opened) > board.open_spaces) == can_open, opened


def test_no_first_turn_opens_a_padlock() -> None:
    start = RuneState.start()
    turns = turn_graph(start, cards=DECK, max_turns=1)
    assert {node.counter for node in turns} == {1, 2, 3}
    assert all(node.runes.locked == 2 for node in turns)
    deeper = turn_graph(start, cards=DECK, max_turns=2)
    assert max(node.counter for node in deeper) == 5
    assert {n.runes.locked for n in deeper if n.counter >= 4} == {1}  # 4 and 5 open space 5
    assert {n.runes.locked for n in deeper if n.counter < 4} == {2}


def test_turn_graph_checks_the_counter() -> None:
    with pytest.raises(PositionError, match="counter on 4 does not give 4 open spaces"):
        turn_graph(RuneState.start(), counter=4)
    assert turns_to_afford(RuneState.start(), "flip moon, return moon") == 0
    assert turns_to_afford(RuneState(0, 0, 4, 2), "flip sun, flip sun, flip sun") == 1


def test_costs_are_multisets() -> None:
    texts = [format_cost(group.cost) for group in GROUPS]
    keys = [multiset_key(group.cost) for group in GROUPS]
    assert len(set(keys)) == len(keys) == len({multiset_key(c.cost) for c in DECK if c.cost})
    assert "flip sun, flip moon" in texts and "flip moon, flip sun" not in texts
    assert sum(len(group.cards) for group in GROUPS) == sum(1 for c in DECK if c.cost)
    for trap in closed_classes(DECK):
        shown = [multiset_key(as_cost(text)) for text in trap.payable + trap.never]
        assert len(shown) == len(set(shown)) == len(GROUPS)


def test_tables() -> None:
    states = named_states(players=3)
    table = afford_table(DECK, states)
    assert len(table) == 64 and table["start"].min() >= 1
    assert (table["empty board"] >= table["start"] - 1).all()
    locks = padlock_table(DECK)
    # more open spaces never make a cost slower from an empty board
    assert (locks["empty, 6 open"].fillna(99) <= locks["empty, 4 open"].fillna(99)).all()
    reserve = reserve_table(DECK)
    plenty = reserve["empty board, plenty"]
    for players in (2, 3, 4):
        assert (reserve[f"empty board, {players}p"].fillna(99) >= plenty).all()
    potion = EndPotion((DECK["S08"], DECK["D02"], DECK["N20"]), {}, ())
    per_action = points_per_action_table(DECK, states["start"], [potion])
    assert per_action["points per action"].dropna().is_monotonic_decreasing
    # a card adds what it scores and what its ingredient adds to the others: the engine's word
    for card_id in ("D01", "N22", "D04", "N20"):
        card = DECK[card_id]
        without = tuple(c for c in potion.played if c.id != card_id)
        added = score_potion((*without, card), {}, ()).total - score_potion(without, {}, ()).total
        assert per_action.loc[card_id, "points"] == added


# ================================================================ synergy graph
from carnuta_core.cards import Flat, PerIngredient, PerSet  # noqa: E402
from carnuta_core.model import INGREDIENTS, Ingredient  # noqa: E402
from carnuta_core.scoring import card_points, ingredient_counts, score_potion  # noqa: E402
from carnuta_core.synergy import (  # noqa: E402
    dependencies,
    draft_table,
    draw_clusters,
    draw_synergy,
    ego,
    ingredient_demand,
    pair_synergy,
    strategy_clusters,
    synergy_graph,
)

SCORING = [c for c in DECK if not c.is_salt]


def test_synergy_graph_nodes_and_edges() -> None:
    graph = synergy_graph(DECK)
    assert graph.number_of_nodes() == 72 + 8
    for card in DECK:
        data = graph.nodes[card.id]
        assert data["kind"] == "card" and data["wild"] == card.is_salt
        is_edges = [(u, d) for u, _, d in graph.in_edges(card.id, data=True)]
        if card.is_salt:
            assert is_edges == []
        else:
            assert is_edges == [(card.ingredient.value, {"relation": "is", "weight": card.weight})]
        wants = {v: d for _, v, d in graph.out_edges(card.id, data=True)}
        scoring = card.scoring
        if isinstance(scoring, PerIngredient):
            for ingredient in set(scoring.ingredients):
                # the weight is what one more unit of the ingredient adds, by the engine
                base = dict.fromkeys(INGREDIENTS, 1)
                more = dict(base)
                more[ingredient] += 1
                gain = card_points(card, more) - card_points(card, base)
                assert wants[ingredient.value]["weight"] == gain
                assert not wants[ingredient.value]["set"]
        elif isinstance(scoring, PerSet):
            assert all(d["set"] for d in wants.values())
            # one complete set is worth the card's points, spread over its icons
            total = sum(d["weight"] * d["needs"] for d in wants.values())
            assert total == pytest.approx(scoring.points)
            needs = {i.value: n for i, n in scoring.needs.items()}
            assert {k: d["needs"] for k, d in wants.items()} == needs
        else:
            assert wants == {}


def test_ingredient_demand() -> None:
    table = ingredient_demand(DECK)
    graph = synergy_graph(DECK)
    assert sorted(table.index) == sorted(i.value for i in INGREDIENTS)
    assert table["demand"].is_monotonic_decreasing
    for name, row in table.iterrows():
        in_weight = sum(
            d["weight"] for _, _, d in graph.in_edges(name, data=True) if d["relation"] == "scores"
        )
        assert row["demand"] == pytest.approx(in_weight, abs=0.01)
        assert row["supply"] == sum(c.weight for c in DECK if c.ingredient == Ingredient(name))
    assert not {"pagerank", "betweenness"} & set(table.columns)  # flat here: no information


def test_strategy_clusters_are_a_partition_and_repeatable() -> None:
    first = strategy_clusters(DECK)
    assert first.equals(strategy_clusters(DECK))
    assert sorted(first.index) == sorted(c.id for c in SCORING)
    assert first["cluster"].nunique() >= 3
    # each cluster's name is two ingredients
    assert all(len(name.split(" + ")) == 2 for name in first["name"])


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(SCORING),
    st.sampled_from(SCORING),
    st.lists(st.sampled_from(SCORING), max_size=8, unique_by=lambda c: c.id),
)
def test_pair_synergy_matches_engine_scoring(a, b, potion) -> None:  # type: ignore[no-untyped-def]
    potion = [c for c in potion if c.id not in (a.id, b.id)]
    pair = pair_synergy(a, b, potion)
    with_both = ingredient_counts([*potion, a, b], {}, [])
    with_a = ingredient_counts([*potion, a], {}, [])
    with_b = ingredient_counts([*potion, b], {}, [])
    assert pair.b_to_a == card_points(a, with_both) - card_points(a, with_a)
    assert pair.a_to_b == card_points(b, with_both) - card_points(b, with_b)
    assert pair_synergy(b, a, potion).b_to_a == pair.a_to_b
    if isinstance(a.scoring, Flat):
        assert pair.b_to_a == 0
    assert pair.b_to_a >= 0 and pair.a_to_b >= 0  # more ingredients never cost points


def test_ego_view() -> None:
    card = DECK["N24"]
    view = ego(card, DECK)
    assert "N24" in view and {"clover", "flower", "mushroom"} <= set(view)
    assert all(view.has_edge(u, v) for u, v in view.edges)
    assert set(view) <= set(synergy_graph(DECK))
    with pytest.raises(DeckError, match="'X99'"):
        ego("X99", DECK)


def test_draft_table_ranks_the_market_by_engine_scoring() -> None:
    game = Game.new(3, seed=11)
    for action in ("take day 1", "take night 1", "end", "flip moon", "take day 2", "end"):
        game.play(action)
    seat = game.current_player
    table = draft_table(game)
    view = game.player(seat)
    assert len(table) == 8
    assert table["gain per action"].dropna().is_monotonic_decreasing
    before = score_potion(view.played, dict(view.salt_on), view.bonus_tokens).total
    for cid, row in table.iterrows():
        card = DECK[cid]
        if card.is_salt:
            continue
        after = score_potion([*view.played, card], dict(view.salt_on), view.bonus_tokens).total
        assert row["gain now"] == after - before
        afford = actions_to_afford(RuneState.of(game, seat), card)
        if afford.actions is None:
            assert pd.isna(row["actions"])
        else:
            assert row["actions"] == afford.actions + 2


def test_draw_synergy_whole_deck_and_ego() -> None:
    import matplotlib

    matplotlib.use("Agg")
    ax = draw_synergy(synergy_graph(DECK))
    assert ax.get_title().startswith("Synergy graph")
    ax = draw_synergy(ego("N24", DECK), highlight="N24", title="N24")
    assert ax.get_title() == "N24"
    ax = draw_clusters(DECK)
    assert len(ax.get_legend().get_texts()) == strategy_clusters(DECK)["cluster"].nunique()


def test_dependencies_of_a_set_with_a_repeated_icon() -> None:
    card = DECK["N28"]  # 6 per set butterfly egg egg
    deps = {d.ingredient.value: d for d in dependencies(card)}
    assert deps["egg"].needs == 2 and deps["butterfly"].needs == 1
    assert deps["egg"].weight == pytest.approx(2.0)
