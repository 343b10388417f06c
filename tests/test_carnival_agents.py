"""What agents see of Carnival: the tabletop protocol, observations, resampling, the heuristic,
and the docs' examples."""

from __future__ import annotations

import dataclasses
import doctest
import random
import re
from pathlib import Path

import pytest

from carnival_core import (
    CARNIVAL,
    OWN,
    Action,
    CarnivalTitle,
    Game,
    Observation,
    Play,
    PositionError,
    Rules,
    svg,
)
from tabletop.protocol import GameState, GameTitle, Heuristic, with_heuristic
from tests.carnival_support import (
    GreedyPlayer,
    RandomPlayer,
    box_counts,
    card_counts,
    play_game,
    stage,
)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "carnival.md"


# ------------------------------------------------------------------ protocol
def test_a_game_is_a_tabletop_game_state_with_a_heuristic():
    game = Game.new(4, seed=1)
    assert isinstance(game, GameState)
    assert isinstance(game.heuristic(), Heuristic)
    assert with_heuristic(game) is not None
    assert (game.num_players, game.current_player, game.is_over) == (4, 0, False)
    assert game.returns() == [0.0] * 4 and game.scores() == [0] * 4
    clone = game.copy()
    clone.push(clone.legal_actions()[0])
    assert clone.current_player == 1 and game.current_player == 0


def test_the_title_sets_up_games_for_the_lab():
    title = CarnivalTitle(Rules(younger_players=True))
    assert isinstance(title, GameTitle)
    assert title.name == "Carnival" and title.player_counts == (2, 3, 4, 5, 6)
    game = title.new(5, seed=3)
    assert game.rules.younger_players and game == title.new(5, seed=3)
    assert title.describe() == {"game": "Carnival", "rules": {"younger_players": True}}


def test_push_keeps_no_undo():
    game = Game.new(2, seed=1)
    game.play(game.legal_actions()[0])
    game.push(game.legal_actions()[0])
    assert not game.can_undo and game.last_events == []


# --------------------------------------------------------------- observations
def test_an_observation_is_a_frozen_value_with_a_text_form():
    game = stage(
        players=3,
        hands=[["R4", "Mask"], ["G1", "G2"], ["B1"]],
        spectators=[["Y2", "[P3 by 2]"], [], ["[by 3]"]],
        carnival=["B5", "R6"],
        known_masks=[1, 0, 0],
    )
    seen = game.observation(1)
    assert isinstance(seen, Observation)
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.round = 2  # type: ignore[misc]
    assert [c.id for c in seen.hand] == ["G1", "G2"]
    assert seen.hand_sizes == (2, 2, 1) and seen.known_masks == (1, 0, 0)
    assert str(seen.top) == "R6" and seen.deck_size == 79 - 11
    assert str(seen).splitlines() == [
        "Carnival, round 1 of 2, as player 2 sees it (player 1 to play)",
        "Carnival stack (2 cards, top last): B5 R6",
        "Deck: 68 cards; set aside at setup: 0",
        "Player 1: 2 cards in hand, 1 of them Mask; spectators Y: Y2 = 2 · Masks: [?]",
        "Player 2 (you): hand G1 G2; spectators none",
        "Player 3: 1 card in hand; spectators Masks: []",
    ]
    for bad in (3, -1, True, "1"):
        for ask in (game.observation, game.hand, game.spectators, game.known_masks):
            with pytest.raises(PositionError, match=f"seat: a seat from 0 to 2, not {bad!r}"):
                ask(bad)  # type: ignore[arg-type]
        with pytest.raises(PositionError, match="seat: a seat from 0 to 2"):
            game.determinized(random.Random(0), seat=bad)  # type: ignore[arg-type]


def test_the_text_form_lays_spectators_out_by_type_with_their_sums():
    """Sorted by type as the rulebook asks (not in play order), each type with its sum, the
    Masks (which need not be sorted) last; the same columns as the picture draws."""
    game = stage(
        players=2,
        spectators=[["P3", "R4", "[G2 by 1]", "Y1", "R-2", "G5", "Y-4"], []],
        hands=[["B1"], ["B2"]],
    )
    seen = game.observation(1)
    line = str(seen).splitlines()[3]
    assert line.endswith(
        "spectators R: R4 R-2 = 2 · Y: Y1 Y-4 = -3 · G: G5 = 5 · P: P3 = 3 · Masks: [?]"
    )
    heads = re.findall(r'data-creature="(\w+)"', svg.player_svg(seen, 0))
    assert heads == ["R", "Y", "G", "P", "Mask"]


def test_memory_keeps_the_top_card_and_the_k_beneath_it():
    carnival = ["R1", "R2", "[R3 by 1]", "R4", "R5"]
    for memory, expected in [
        (None, "R1 R2 [?] R4 R5"),
        (0, "? ? [?] ? R5"),
        (1, "? ? [?] R4 R5"),
        (3, "? R2 [?] R4 R5"),
    ]:
        game = stage(
            players=2, hands=[["Y1"], []], carnival=carnival, rules={"carnival_memory": memory}
        )
        assert " ".join(map(str, game.observation(0).carnival)) == expected


def test_the_finished_rounds_are_public():
    game = Game.new(2, seed=3)
    rng = random.Random(3)
    while game.round == 1:
        game.play(rng.choice(game.legal_actions()))
    for seat in (0, 1):
        assert game.observation(seat).results == game.results
        assert game.observation(seat).scores() == game.scores()
        assert "Scores so far" in str(game.observation(seat))


def test_a_finished_game_reads_final_scores_and_its_winners():
    game = Game.new(2, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    text = str(game.observation(1))
    assert "so far" not in text
    scores = ", ".join(f"player {s + 1} {p}" for s, p in enumerate(game.scores()))
    names = ", ".join(f"Player {s + 1}" for s in game.winners())
    won = "Winner" if len(game.winners()) == 1 else "Shared victory"
    assert text.endswith(f"Final scores: {scores}. {won}: {names}.")


# ------------------------------------------------------------------ resampling
def hidden_world(game: Game) -> tuple:
    return (
        tuple(game.hand(seat) for seat in range(game.num_players) if seat != game.current_player),
        game.deck_order(),
        tuple(e.card for seat in range(game.num_players) for e in game.spectators(seat)),
        tuple(e.card for e in game.carnival()),
    )


def test_determinized_deals_anew_what_the_player_cannot_see():
    game = stage(
        players=3,
        hands=[["R4", "Mask"], ["G1", "G2", "Mask"], ["B1", "B2"]],
        spectators=[["[P3 by 2]"], ["[Y1 by 1]"], []],
        carnival=["B5", "R6", "Y6"],
        known_masks=[1, 1, 0],
        rules={"carnival_memory": 1},
    )
    rng = random.Random(1)
    worlds = [game.determinized(rng) for _ in range(30)]
    for world in worlds:
        assert world.hand(0) == game.hand(0)
        assert [len(world.hand(s)) for s in range(3)] == [2, 3, 2]
        assert any(card.is_mask for card in world.hand(1))  # its dealt Mask is known
        assert card_counts(world) == box_counts(game.rules)
        assert world.observation(0) == game.observation(0)
        # Forgotten and hidden cards are Creatures; the remembered ones do not move.
        carnival = world.carnival()
        assert carnival[0].card is not None and not carnival[0].card.is_mask
        assert [str(e) for e in carnival[1:]] == ["R6", "Y6"]
    assert len({hidden_world(world) for world in worlds}) == 30
    assert len({world.carnival()[0].card for world in worlds}) > 1
    assert len({world.spectators(0)[0].card for world in worlds}) > 1
    assert len({world.seed for world in worlds}) > 1  # the next round's deal too


def test_determinized_keeps_what_the_player_remembers_of_its_own_masks():
    game = stage(
        players=2,
        hands=[["R4"], ["G1"]],
        spectators=[["[P3 by 1]"], ["[Y1 by 2]"]],
        rules={"remember_own_masks": True},
    )
    rng = random.Random(2)
    worlds = [game.determinized(rng) for _ in range(20)]
    assert {str(w.spectators(0)[0]) for w in worlds} == {"[P3]"}
    assert len({str(w.spectators(1)[0]) for w in worlds}) > 1


def test_a_determinized_world_has_its_own_history():
    game = Game.new(2, seed=4)
    game.play(game.legal_actions()[0])
    world = game.determinized(random.Random(0))
    assert world.log == () and Game.from_json(world.to_json()) == world
    over = play_game(Game.new(2, seed=1), [RandomPlayer(1), RandomPlayer(2)])
    # Nothing is hidden once the printed game is over: the last reveal showed every card
    # but those set aside, which are then the cards seen nowhere.
    assert over.determinized(random.Random(0)) == over


# ------------------------------------------------------------------- heuristic
def test_heuristic_values_lie_in_0_1_and_end_as_the_returns():
    game = Game.new(3, seed=2)
    heuristic = game.heuristic()
    rng = random.Random(0)
    while not game.is_over:
        values = heuristic.values(game)
        assert len(values) == 3 and all(0.0 <= v <= 1.0 for v in values)
        game.push(rng.choice(game.legal_actions()))
    assert heuristic.values(game) == game.returns()


def test_heuristic_values_favour_the_seat_whose_spectators_are_happy():
    game = stage(
        players=2,
        hands=[["R1"], ["Y1"]],
        spectators=[["R5", "R4"], ["Y5", "Y6"]],
        carnival=["R4", "R6", "R6", "R5"],
        deck=[],
    )
    ahead, behind = game.heuristic().values(game)
    assert 0.6 < ahead < 0.9 and ahead + behind == pytest.approx(1.0)  # a round to come
    last = stage(**{**game.position(), "rules": {"rounds": 1}, "turn": {"round": 1}})
    ahead, behind = last.heuristic().values(last)
    assert ahead > 0.9 and behind < 0.1


def test_heuristic_action_scores_prefer_feeding_the_carnival_for_your_spectators():
    game = stage(
        players=2,
        hands=[["R6", "Y6", "Mask"], []],
        spectators=[["R5"], []],
        carnival=["R1"],
        deck=["B1", "B2"],
    )
    legal = game.legal_actions()
    scores = dict(zip(legal.notation(), game.heuristic().action_scores(game, legal), strict=True))
    assert len(scores) == len(legal)
    assert max(scores, key=scores.__getitem__) == "carnival R6"
    assert scores["carnival R6"] > scores["spectator R6"] > scores["mask R6 spectator"]


def test_a_greedy_player_on_the_heuristic_beats_random_play():
    wins = 0.0
    for seed in range(40):
        players = [GreedyPlayer(seed), RandomPlayer(seed + 1)]
        game = play_game(Game.new(2, seed=seed, first_player=seed % 2), players)
        wins += game.returns()[0]
    assert wins >= 30  # about 0.9 of the games in practice


# ------------------------------------------------------------------------ docs
def test_the_docs_examples_run():
    text = DOCS.read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "carnival.md", str(DOCS), 0)
    assert test.examples
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0


def documented_forms(text: str, lang: str = "en") -> list[str]:
    """The actions a notation table lists, in English or in French (``lang``): the first two
    cells of each row of the Markdown table headed "Action | In French | Meaning", or the
    first two columns of the reStructuredText table of the actions module."""
    if "| Action | In French | Meaning |" in text:
        table = text.split("| Action | In French | Meaning |", 1)[1].split("\n\n", 1)[0]
        rows = re.findall(r"^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|", table, flags=re.MULTILINE)
    else:
        rows = re.findall(r"^``([^`]+)``\s{2,}``([^`]+)``\s{2,}", text, flags=re.MULTILINE)
    return [english if lang == "en" else french for english, french in rows]


def shape(action: str) -> str:
    """An action's form: its card and its player number written as placeholders."""
    return re.sub(r"\bto \d+$", "to N", re.sub(r"\b[RYGBP]-?\d+\b", "CARD", action))


@pytest.mark.parametrize("where", ["docs", "actions"])
def test_the_notation_tables_list_every_form_the_parser_reads(where: str) -> None:
    """Each form the notation tables (docs/carnival.md, the actions module) list parses back
    to itself, and together they cover every action a hand can be offered, a lone Mask to
    each of its three places included."""
    from carnival_core import actions

    text = DOCS.read_text(encoding="utf-8") if where == "docs" else actions.__doc__ or ""
    forms = documented_forms(text)
    assert len(forms) == 9, forms
    for form in forms:
        assert str(Action.parse(form)) == form
    french = documented_forms(text, "fr")
    assert len(french) == len(forms)
    for form, in_french in zip(forms, french, strict=True):
        assert Action.parse(in_french) == Action.parse(form)
        assert Action.parse(form).notation("fr") == in_french
    game = stage(players=3, hands=[["Mask"], ["R4", "Mask"], []], rules={"lone_mask": "always"})
    offered = {shape(str(action)) for action in game.legal_actions()}
    game = stage(players=3, hands=[[], ["R4", "Mask"], ["Mask"]], turn={"player": 1})
    offered |= {shape(str(action)) for action in game.legal_actions()}
    lone = {shape(str(Play(None, to, masked=True))) for to in (CARNIVAL, OWN, 2)}
    assert lone == {"mask carnival", "mask spectator", "mask to N"}
    assert lone <= offered
    assert offered == {shape(form) for form in forms}
