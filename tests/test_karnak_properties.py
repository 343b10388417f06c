"""Properties of random Karnak games (hypothesis).

A random game is drawn as a player count, a seed, a rules variant and a list of integer
choices, each picking one legal action. Hidden cards come from the game's own seeded decks.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karnak_core import (
    FAVOR_KINDS,
    Action,
    ActionSyntaxError,
    Discard,
    Draw,
    End,
    Favor,
    Game,
    IllegalAction,
    Lift,
    Place,
    Priest,
    Put,
    Reveal,
    staged,
)
from karnak_core.mat import COLOURS, MAT, SHAPES, Building
from tests.game_checks import (
    check_copy_is_independent,
    check_play_and_push_agree,
    check_play_trusts_only_what_is_legal_now,
    check_refusals_say_why,
    check_replay_is_the_same_game,
    check_undo_restores_exactly,
    property_settings,
    random_games,
)
from tests.karnak_support import RULESETS, check_accounts, check_step, play_random

SETTINGS = property_settings(12)

# Short lists stay in the first turns; long ones reach Priests, reveals and the end.
games = random_games((2, 4), 2**64, RULESETS, short=20, long=(60, 400))


def new(spec: dict) -> Game:
    """The game ``spec`` deals, its first player drawn from the seed too."""
    first = spec["seed"] % spec["players"]
    return Game.new(spec["players"], seed=spec["seed"], rules=spec["rules"], first_player=first)


def run(spec: dict, each=None) -> Game:
    return play_random(new(spec), spec["choices"], each=each, checked=False)


def both(before: Game, action: Action, after: Game) -> None:
    check_accounts(after)
    check_step(before, action, after)


# ---------------------------------------------------------------- invariants
@SETTINGS
@given(spec=games)
def test_every_piece_priest_and_card_stays_accounted_for_and_frozen_pieces_stay(spec):
    """Supply and mat make 60 pieces by shape and colour; Priests held, placed and in the
    supply make 15; Designs in the deck (discards included), hands and revealed make the
    game's 46; Favor cards in hands, deck, box and used make 30, kind by kind. No step moves
    or changes a frozen piece, or changes a structure a Priest holds."""
    run(spec, each=both)


@SETTINGS
@given(spec=games)
def test_no_legal_action_moves_a_frozen_piece_or_changes_a_held_structure(spec):
    game = run(spec)
    for action in game.legal_actions():
        after = game.copy()
        after.push(action)
        both(game, action, after)


# ------------------------------------------------------------- legal actions
CELLS = [MAT.name(c) for c in range(MAT.size)]
#: Every well-formed action of a game with the kit's Designs.
WELL_FORMED: list[Action] = [
    *(Place(shape, cell) for shape in SHAPES for cell in CELLS),
    *(Put(colour, cell) for colour in COLOURS for cell in CELLS),
    *(Lift(cell) for cell in CELLS),
    *(Priest(cell) for cell in CELLS),
    *(Favor(kind) for kind in FAVOR_KINDS),
    Draw(),
    End(),
    *(Reveal(f"K{n:02}") for n in range(1, 47)),
    *(Discard(f"K{n:02}") for n in range(1, 47)),
]


def alone(game: Game, cell: str) -> bool:
    """An empty cell with no piece and no Priest beside it (docs/karnak.md, "What
    legal_actions() lists")."""
    building = game.building()
    c = MAT.cell(cell)
    return not building.stacks[c] and not any(
        building.stacks[n] or n in building.priests for n in (c, *MAT.neighbours(c))
    )


def check_legal_exactly(game: Game) -> None:
    legal = game.legal_actions()
    assert len(set(legal)) == len(legal), "an action listed twice"
    listed = set(legal)
    assert all(game.is_legal(a) for a in legal)
    assert all(game.is_legal(str(a)) for a in legal)
    for action in WELL_FORMED:
        if action in listed or not game.is_legal(action):
            continue
        # Legal but not listed: only a lone ground placement, merged with the first lone cell
        # of its marking, which is listed for the same shape or colour.
        assert isinstance(action, Place | Put), action
        assert alone(game, action.cell), action
        marking = MAT.marking(MAT.cell(action.cell))
        twins = [
            a
            for a in legal
            if type(a) is type(action)
            and getattr(a, "shape", None) == getattr(action, "shape", None)
            and getattr(a, "colour", None) == getattr(action, "colour", None)
            and MAT.cell(a.cell) < MAT.cell(action.cell)
            and MAT.marking(MAT.cell(a.cell)) == marking
            and alone(game, a.cell)
        ]
        assert len(twins) == 1, (action, twins)
    if game.is_over:
        assert not legal


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=games)
def test_legal_actions_are_legal_and_the_others_are_merged_placements(spec):
    check_legal_exactly(run(spec))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=games, picks=st.lists(st.integers(0, len(WELL_FORMED) - 1), max_size=60))
def test_a_refused_action_changes_nothing_and_says_why(spec, picks):
    check_refusals_say_why(
        run(spec),
        [WELL_FORMED[pick] for pick in picks],
        ["", "dance", "place cube z9", "place pyramid c4", "reveal", "end now"],
        opening=lambda action: f"'{action}': ",
        illegal=IllegalAction,
        syntax=ActionSyntaxError,
        also=french_opening,
    )


def french_opening(action: Action, error: Exception) -> None:
    """A refusal quotes the action in French too."""
    assert isinstance(error, IllegalAction)
    assert error.french.startswith(f"« {action.notation('fr')} » : ")


@SETTINGS
@given(spec=games)
def test_every_legal_action_applies_alike_by_play_and_by_push(spec):
    check_play_and_push_agree(run(spec))


@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    picks=st.lists(st.integers(0, 10**6), min_size=20, max_size=120),
)
@settings(max_examples=15, deadline=None)
def test_play_trusts_only_what_is_legal_now(seed: int, players: int, picks: list[int]) -> None:
    check_play_trusts_only_what_is_legal_now(Game.new(players, seed=seed), picks, IllegalAction)


# --------------------------------------------------------- copies, saves and undo
@SETTINGS
@given(spec=games, more=st.lists(st.integers(0, 2**16), min_size=1, max_size=40))
def test_a_copy_is_independent_both_ways(spec, more):
    check_copy_is_independent(run(spec), more, play_random)


@SETTINGS
@given(spec=games, more=st.lists(st.integers(0, 2**16), max_size=40))
def test_save_and_reload_anywhere_are_equal_and_play_on_alike(spec, more):
    game = run(spec)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text and loaded == game
    assert loaded.legal_actions() == game.legal_actions()
    assert loaded.rules == game.rules
    for one in (game, loaded):
        play_random(one, more)
    assert loaded.to_json() == game.to_json()


@SETTINGS
@given(spec=games)
def test_same_seed_and_actions_give_the_same_game(spec):
    check_replay_is_the_same_game(run(spec), new(spec))


@SETTINGS
@given(spec=games, more=st.lists(st.integers(0, 2**16), max_size=40))
def test_the_start_position_is_where_the_log_starts(spec, more):
    """A game set up keeps its setup to make again, a loaded one a copy of the position it
    was loaded at: either way its log played from there gives the game, and a game played
    on from its start position again has the same start."""
    game = run(spec)
    assert game.start_position() == new(spec)
    check_replay_is_the_same_game(game, game.start_position())
    loaded = Game.from_json(game.to_json())
    play_random(loaded, more)
    assert loaded.start_position() == game
    check_replay_is_the_same_game(loaded, loaded.start_position())
    again = game.start_position()
    play_random(again, more)
    assert again.start_position() == new(spec)


@SETTINGS
@given(spec=games, data=st.data())
def test_undo_restores_exactly(spec, data):
    check_undo_restores_exactly(new(spec), spec["choices"], data, IllegalAction)


# --------------------------------------------------------- hidden information
def hidden_dealt_anew(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game but for what ``seat`` cannot see, dealt anew from its save: the other
    hands and the deck (but for the Designs ``seat`` discarded: it knows where they are), the
    others' Favor cards, the Favor deck and the cards left in the box."""
    data = json.loads(game.to_json())
    mine = {card for card, by in data["discarded"].items() if by == seat}
    slots = [(i, j) for i, hand in enumerate(data["hands"]) if i != seat for j in range(len(hand))]
    cards = [data["hands"][i][j] for i, j in slots] + data["deck"]
    free = [card for card in cards if card not in mine]
    rng.shuffle(free)
    pool = iter(free)
    for i, j in slots:
        if data["hands"][i][j] not in mine:
            data["hands"][i][j] = next(pool)
    data["deck"] = [card if card in mine else next(pool) for card in data["deck"]]
    favors = [kind for i, row in enumerate(data["favors"]) if i != seat for kind in row
              for _ in range(row[kind])]  # fmt: skip
    favors += data["favor_deck"] + data["favor_out"]
    rng.shuffle(favors)
    for i, row in enumerate(data["favors"]):
        if i != seat:
            count = sum(row.values())
            data["favors"][i] = {}
            for kind in (favors.pop() for _ in range(count)):
                data["favors"][i][kind] = data["favors"][i].get(kind, 0) + 1
    data["favor_out"] = favors[: len(data["favor_out"])]
    data["favor_deck"] = favors[len(data["favor_out"]) :]
    return Game.from_json(data)


@SETTINGS
@given(spec=games, shuffle=st.integers(0, 2**32))
def test_an_observation_shows_nothing_hidden(spec, shuffle):
    """Two games that differ only in what a seat cannot see give it the same observation;
    its own cards do show."""
    game = run(spec)
    for seat in range(game.num_players):
        other = hidden_dealt_anew(game, seat, random.Random(shuffle))
        check_accounts(other)
        assert other.observation(seat) == game.observation(seat)
        assert other.hand(seat) == game.hand(seat)
        seen = game.observation(seat)
        assert seen.hand == game.hand(seat) and seen.favors == game.favor_cards(seat)
        assert seen.design_counts == tuple(len(game.hand(s)) for s in range(game.num_players))
    data = json.loads(game.to_json())
    if data["hands"][0] and data["deck"]:
        data["hands"][0][0], data["deck"][0] = data["deck"][0], data["hands"][0][0]
        swapped = Game.from_json(data)
        assert swapped.observation(0) != game.observation(0)
        assert all(
            swapped.observation(s) == game.observation(s) for s in range(1, len(data["hands"]))
        )


@SETTINGS
@given(spec=games, shuffle=st.integers(0, 2**32))
def test_determinized_keeps_what_the_player_to_act_knows(spec, shuffle):
    game = run(spec)
    me = game.current_player
    other = game.determinized(random.Random(shuffle))
    check_accounts(other)
    assert other.observation(me) == game.observation(me)
    assert other.building() == game.building() and other.phase == game.phase
    assert other.legal_actions() == game.legal_actions()
    known = {d.id for d in game.observation(me).discarded}
    deck, again = [d.id for d in game.deck_order()], [d.id for d in other.deck_order()]
    assert [c if c in known else None for c in deck] == [c if c in known else None for c in again]
    for seat in range(game.num_players):
        assert len(other.hand(seat)) == len(game.hand(seat))
        assert sum(other.favor_cards(seat).values()) == sum(game.favor_cards(seat).values())


# --------------------------------------------------------- scoring
@SETTINGS
@given(spec=games)
def test_a_design_scores_by_the_mat_at_the_end_whenever_it_was_revealed(spec):
    """Play to the end revealing whatever is complete; each Design, revealed or in hand,
    scores exactly when it is complete on the final mat (a Design revealed complete and
    spoiled later scores nothing)."""
    game = new(spec)
    rng = random.Random(spec["seed"])
    while not game.is_over:
        legal = game.legal_actions()
        reveals = [a for a in legal if isinstance(a, Reveal)]
        game.push(reveals[0] if reveals else rng.choice(legal))
    end = game.building()
    for detail in game.score_details():
        cards = (*game.hand(detail.seat), *game.revealed(detail.seat))
        complete = [d for d in cards if d.is_complete(end)]
        favors = sum(game.favor_cards(detail.seat).values())
        assert detail.points == sum(d.points for d in complete) + favors * game.rules.favor_point
        assert (detail.designs, detail.favors) == (len(complete), favors)


# --------------------------------------------------------- staged positions
@st.composite
def staged_mats(draw: st.DrawFn) -> list[str]:
    """A mat written as text: random stacks within the supply and the stacking rules, then
    Priests each touching exactly one piece of a structure no Priest holds yet."""
    building = Building.empty()
    left = {code: (5 if code & 1 else 7) for code in range(10)}
    for c in draw(st.lists(st.integers(0, MAT.size - 1), max_size=14, unique=True)):
        for _ in range(draw(st.integers(1, 4))):
            top = building.top(c)
            if top is not None and top >> 1 in (0, 1):  # nothing on a triangle or a statue
                break
            code = draw(st.sampled_from([k for k, n in left.items() if n]))
            left[code] -= 1
            building = building.put(c, code)
    for c in draw(st.lists(st.integers(0, MAT.size - 1), max_size=4, unique=True)):
        touched = building.priest_touches(c)
        if (
            not building.stacks[c]
            and c not in building.priests
            and len(touched) == 1
            and touched[0] not in building.held_by_priests()
        ):
            building = building.add_priest(c)
    return building.lines()


@SETTINGS
@given(mat=staged_mats(), players=st.integers(2, 4), seed=st.integers(0, 2**32), data=st.data())
def test_staged_mats_load_and_play_on_by_the_same_rules(mat, players, seed, data):
    """A staged mat loads as written (Priests and all), saves back to itself, and plays on
    with every piece accounted for, no frozen piece moving and no held structure changing."""
    game = staged(players, mat=mat, seed=seed, priests=[2] * players)
    assert game.building().lines() == mat
    assert Game.from_json(game.to_json()) == game
    check_accounts(game)
    check_legal_exactly(game)
    play_random(game, random.Random(seed), limit=data.draw(st.integers(0, 120)), each=both)
