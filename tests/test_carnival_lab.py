"""Carnival through tabletop's agents and lab: no agent sees what its seat cannot see, a seat's
memory of the Carnival stack is a bot option, and the lab's tables carry Carnival's columns."""

from __future__ import annotations

import random

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnival_core import CarnivalTitle, Game, PositionError, Rules
from carnival_core.bots import MCTS_SETTINGS, Remembering, make_bot
from carnival_core.recorder import CarnivalRecorder
from tabletop import GreedyBot, LabError, MCTSBot, RandomBot, lab, play_game
from tests.carnival_support import RULESETS, stage

#: Every kind of agent, as (name, options) for ``carnival_core.bots.make_bot``.
AGENTS = [
    ("random", {}),
    ("greedy", {}),
    ("greedy", {"memory": 0}),
    ("mcts", {"iterations": 25}),
    ("mcts", {"iterations": 25, "memory": 0}),
]


def midgame(players: int, seed: int, actions: int, rules: Rules) -> Game:
    """A game after ``actions`` random actions, or fewer: it stops before the last action."""
    game = Game.new(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        step = game.copy()
        step.push(rng.choice(legal))
        if step.is_over:
            break
        game = step
    return game


# ------------------------------------------------------------------ what an agent may see
@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    actions=st.integers(0, 90),
    rules=st.sampled_from(RULESETS),
    memory=st.sampled_from([None, 0, 1, 3]),
)
def test_a_determinized_copy_depends_only_on_what_the_seat_may_know(
    players: int, seed: int, actions: int, rules: Rules, memory: int | None
) -> None:
    """Deal anew everything the mover cannot see (the twin): both games give equal copies from
    equal random states, whatever the seat remembers."""
    if players not in rules.player_counts:
        players = rules.player_counts[0]
    game = midgame(players, seed, actions, rules)
    me = game.current_player
    twin = game.determinized(random.Random(seed + 1), memory=memory)
    assert twin.observation(me, memory=memory) == game.observation(me, memory=memory)
    for k in range(3):
        mine = game.determinized(random.Random(k), memory=memory)
        theirs = twin.determinized(random.Random(k), memory=memory)
        assert mine == theirs
        assert mine.observation(me, memory=memory) == game.observation(me, memory=memory)


@pytest.mark.parametrize(("name", "options"), AGENTS, ids=[f"{n}{o}" for n, o in AGENTS])
def test_dealing_the_hidden_cards_anew_never_changes_a_bots_choice(name, options) -> None:
    """For a fixed seed, each bot chooses the same action in a game and in its twin, whose
    other hands, deck, cards set aside, masked and forgotten cards are dealt anew."""
    changed = 0
    for seed in range(12):
        rng = random.Random(seed)
        rules = rng.choice([Rules(), Rules(carnival_memory=1), Rules(remember_own_masks=True)])
        game = midgame(rng.choice([2, 3, 4]), seed, rng.randrange(40), rules)
        me = game.current_player
        twin = game.determinized(random.Random(seed + 50), memory=options.get("memory"))
        assert twin.observation(me, memory=options.get("memory")) == game.observation(
            me, memory=options.get("memory")
        )
        changed += make_bot(name, 7, **options).choose(game) != make_bot(name, 7, **options).choose(
            twin
        )
    assert changed == 0


def test_a_bot_that_reads_hidden_cards_would_play_differently() -> None:
    """The check above can fail: a greedy bot judging the real state (as if the heuristic
    read only public information) changes its choice when the hidden cards change."""

    class Peeking(type(Game.new(2, seed=1).heuristic())):  # type: ignore[misc]
        reads_hidden = False

    changed = 0
    for seed in range(20):
        game = midgame(2, seed, seed % 15, Rules())
        twin = game.determinized(random.Random(seed + 50))
        changed += GreedyBot(7, heuristic=Peeking()).choose(game) != GreedyBot(
            7, heuristic=Peeking()
        ).choose(twin)
    assert changed > 0


def test_the_heuristic_says_it_reads_hidden_cards() -> None:
    assert Game.new(2, seed=1).heuristic().reads_hidden is True


# ------------------------------------------------------------------ a seat's memory
def test_a_seat_may_remember_less_than_the_rules_allow_never_more() -> None:
    game = stage(players=2, hands=[["Y1"], []], carnival=["R1", "R2", "[R3 by 1]", "R4", "R5"])
    seen = {m: " ".join(map(str, game.observation(0, memory=m).carnival)) for m in (None, 0, 1)}
    assert seen == {None: "R1 R2 [?] R4 R5", 0: "? ? [?] ? R5", 1: "? ? [?] R4 R5"}
    short = stage(**{**game.position(), "rules": {"carnival_memory": 1}})
    assert short.memory_of(None) == 1 and short.memory_of(3) == 1 and short.memory_of(0) == 0
    assert str(short.observation(0, memory=5)) == str(short.observation(0))
    for bad in (-1, 1.5, "all", True):
        with pytest.raises(PositionError, match="memory: None or a whole number"):
            game.observation(0, memory=bad)  # type: ignore[arg-type]
        with pytest.raises(PositionError, match="memory: None or a whole number"):
            game.determinized(random.Random(0), memory=bad)  # type: ignore[arg-type]


def test_a_forgetful_seat_deals_the_buried_stack_anew() -> None:
    game = stage(players=2, hands=[["Y1", "G2"], []], carnival=["R1", "R2", "B4", "R4", "R5"])
    rng = random.Random(1)
    full = {tuple(map(str, game.determinized(rng).carnival())) for _ in range(20)}
    assert full == {("R1", "R2", "B4", "R4", "R5")}
    forgot = [game.determinized(rng, memory=0) for _ in range(30)]
    assert {str(world.carnival()[-1]) for world in forgot} == {"R5"}
    assert len({tuple(map(str, world.carnival()[:-1])) for world in forgot}) == 30
    for world in forgot:
        assert world.observation(0, memory=0) == game.observation(0, memory=0)


def test_remembering_is_a_determinize_for_the_agents() -> None:
    game = Game.new(3, seed=4)
    for _ in range(7):
        game.push(game.legal_actions()[0])
    deal = Remembering(0)
    world = deal(game, random.Random(3))
    assert world == game.determinized(random.Random(3), memory=0)
    with pytest.raises(LabError, match="memory: a whole number of at least 0"):
        Remembering(-1)


def test_make_bot_builds_the_shared_agents_with_carnivals_settings() -> None:
    search = make_bot("mcts", 1, iterations=40)
    assert isinstance(search, MCTSBot) and search.iterations == 40
    assert (search.exploration, search.rollout_depth) == (
        MCTS_SETTINGS["exploration"],
        MCTS_SETTINGS["rollout_depth"],
    )
    assert make_bot("mcts", 1, exploration=0.3).exploration == 0.3  # options come first
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot("random", 1), RandomBot)
    assert make_bot("greedy", 1, memory=2).determinize == Remembering(2)
    with pytest.raises(LabError, match="only greedy and mcts take a memory"):
        make_bot("random", 1, memory=0)
    with pytest.raises(LabError, match="memory= or determinize=, not both"):
        make_bot("mcts", 1, memory=0, determinize=Remembering(1))
    with pytest.raises(LabError, match="unknown bot 'oracle'"):
        make_bot("oracle", 1, memory=0)
    with pytest.raises(LabError, match="mcts takes no option 'depth'"):
        make_bot("mcts", 1, depth=3)


def test_every_bot_plays_whole_games_of_every_size() -> None:
    title = CarnivalTitle()
    for players in title.player_counts:
        bots = [make_bot(name, seat, **options) for seat, (name, options) in enumerate(AGENTS)]
        state = play_game(
            bots[:players] + bots[: max(0, players - len(bots))], title.new(players, 3)
        )
        assert state.is_over and sum(state.returns()) == pytest.approx(1.0)


# ------------------------------------------------------------------ the lab
@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return lab.simulate(
        CarnivalTitle(),
        [("mcts", {"iterations": 20}), "greedy", "random"],
        seeds=range(4),
        rotate=True,
        workers=1,
        progress=False,
    )


def test_simulate_adds_carnivals_columns(table: pd.DataFrame) -> None:
    assert list(table.columns) == [*lab.COLUMNS, *CarnivalRecorder.columns]
    assert len(table) == 4 * 3 * 3
    assert (table["rounds"] == 2).all()
    assert (table["round_scores"].map(sum) == table["score"]).all()
    assert table["happy_types"].map(len).eq(2).all()
    per_game = table.groupby("game")
    assert (per_game["rounds_ended"].sum() == 2).all()
    assert (per_game["triggered_end"].sum() == 1).all()
    assert (per_game["cards_given"].sum() == per_game["cards_received"].sum()).all()
    plays = table["carnival_plays"] + table["own_plays"] + table["cards_given"]
    assert (plays == table["player_turns"]).all()
    assert (table["masks_used"] <= table["player_turns"]).all()
    searched = table[table["bot"].str.startswith("mcts")]
    assert searched["iterations"].between(1, 20).all()


def test_who_ends_a_round_is_fixed_by_the_deal(table: pd.DataFrame) -> None:
    """With the printed tables each deck is a whole number of turns per player, so the seat
    before the starter always takes a round's last turn: the lab's trigger table says so."""
    who = lab.trigger_stats(table)
    assert who.set_index("seat")["trigger_share"].to_dict() == {0: 0.0, 1: 0.0, 2: 1.0}


def test_the_reveal_now_scores_every_hidden_card() -> None:
    game = Game.new(2, seed=5)
    assert game.scores_if_revealed_now() == list(game.reveal_now().scores)
    play_game([RandomBot(1), RandomBot(2)], game)
    assert game.reveal_now() is None and game.scores_if_revealed_now() == game.scores()


def public_points(game: Game) -> list[int]:
    """The round scored from face-up cards alone, written apart from the engine: a Creature
    type is happy when its face-up Carnival sum beats the player's face-up Spectator sum."""
    seen = game.observation(0)
    carnival = [0] * 5
    for entry in seen.carnival:
        if entry.card is not None and not entry.masked:
            carnival[entry.card.type_index] += entry.card.value
    points = []
    for row in seen.spectators:
        mine = [0] * 5
        for entry in row:
            if not entry.masked:
                mine[entry.card.type_index] += entry.card.value
        points.append(sum(m for m, c in zip(mine, carnival, strict=True) if c > m))
    return [p + q for p, q in zip(game.scores(), points, strict=True)]


@settings(max_examples=40)
@given(st.integers(0, 10**6), st.integers(0, 39))
def test_the_public_score_reads_only_face_up_cards(seed: int, actions: int) -> None:
    game = midgame(2, seed, actions, Rules())
    assert game.public_scores_now() == public_points(game)
    # Another deal of what nobody sees (hands, Masks, deck) leaves it as it is.
    other = game.determinized(random.Random(seed), seat=0)
    assert other.public_scores_now() == game.public_scores_now()


def test_lead_changes_follow_the_public_score_if_the_round_ended_now() -> None:
    game = Game.new(2, seed=5)
    recorder = CarnivalRecorder()
    recorder.start(game)
    assert list(recorder.scores(game)) == game.public_scores_now() == [0, 0]
    rng = random.Random(5)
    while game.reveal_now() is not None and game.public_scores_now() == [0, 0]:
        game.push(rng.choice(game.legal_actions()))
    assert game.public_scores_now() != [0, 0]  # a face-up card has scored
    assert list(recorder.scores(game)) == game.public_scores_now()
    # A Mask played face down changes what a reveal would score, never the public score.
    masked = next(a for a in game.legal_actions() if a.masked and a.card is not None)
    before = game.public_scores_now()
    game.push(masked)
    if game.reveal_now() is not None:
        assert game.public_scores_now() == before
    play_game([RandomBot(1), RandomBot(2)], game)
    assert game.public_scores_now() == game.scores()


def test_a_sweep_of_carnival_variants_and_its_report() -> None:
    swept = lab.sweep(
        {"default": CarnivalTitle(), "young": CarnivalTitle(Rules(younger_players=True))},
        "greedy",
        players=3,
        games=4,
        workers=1,
        progress=False,
    )
    young = swept[swept["variant"] == "young"]
    assert (young["cards_given"] == 0).all()
    report = lab.diff_report(swept)
    assert set(report["variant"]) == {"young"} and "young:" in lab.format_report(report)
