"""One test (or a few) per clause of the Carnival rulebook and of the RULINGS in docs/carnival.md.

docs/carnival_rules_coverage.md maps every clause to the tests here;
tests/test_carnival_rules_coverage.py keeps that table honest. Illegal actions are checked for
their type, for a message that names the action and gives the reason, and for a game left
unchanged (``assert_illegal``).
"""

from __future__ import annotations

import random
from collections import Counter
from math import perm

import pytest

from carnival_core import (
    ActionSyntaxError,
    Card,
    Game,
    IllegalAction,
    PositionError,
    Rules,
    RulesError,
    score_round,
)
from carnival_core.game import seeded_shuffle
from tests.carnival_support import (
    assert_illegal,
    box_counts,
    card_counts,
    play_randomly,
    seats_in_log,
    stage,
)

SETUP = [
    # players, discarded, dealt after the Mask, deck left after setup
    (2, 38, 9, 20),
    (3, 21, 8, 30),
    (4, 14, 7, 32),
    (5, 8, 6, 35),
    (6, 0, 5, 42),
]


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def last_turn(**fields) -> Game:
    """A staged 2-player position on the round's last turn (the deck is empty)."""
    fields.setdefault("players", 2)
    fields.setdefault("deck", [])
    return stage(**fields)


# ================================================================== contents
def test_box_holds_70_creatures_in_5_types_and_9_masks():
    box = box_counts(Rules())
    assert sum(box.values()) == 79
    assert box["Mask"] == 9
    creatures = [Card.parse(card_id) for card_id in box.elements() if card_id != "Mask"]
    assert len(creatures) == 70
    by_type = Counter(card.creature for card in creatures)
    assert by_type == dict.fromkeys(["red", "yellow", "green", "blue", "purple"], 14)


def test_each_creature_has_1_to_6_twice_then_minus_2_and_minus_4():
    box = box_counts(Rules())
    for letter in "RYGBP":
        values = sorted(Card.parse(i).value for i in box.elements() if i.startswith(letter))
        assert values == [-4, -2, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]


def test_negative_cards_count_against_their_type():
    result = score_round(cards("R6 R-4"), [cards("R1")], Rules())
    assert result.carnival_sums[0] == 2
    assert result.scores == (1,)


# ===================================================================== setup
@pytest.mark.parametrize("players, discarded, dealt, deck", SETUP)
def test_setup_discard_and_deal_by_player_count(players, discarded, dealt, deck):
    game = Game.new(players, seed=3)
    assert len(game.set_aside()) == discarded
    for seat in range(players):
        drawn = 1 if seat == game.current_player else 0
        assert len(game.hand(seat)) == 1 + dealt + drawn  # the Mask, the deal, the first draw
    assert len(game.carnival()) == 1
    assert game.deck_size == deck - 1  # the first player has drawn
    assert card_counts(game) == box_counts(game.rules)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_deals_one_mask_to_each_player(players):
    for seed in range(10):
        game = Game.new(players, seed=seed)
        for seat in range(players):
            assert any(card.is_mask for card in game.hand(seat))
            assert game.known_masks(seat) == 1


def test_remaining_masks_are_shuffled_into_the_deck():
    seen_in_deck = seen_aside = 0
    for seed in range(30):
        game = Game.new(2, seed=seed)
        seen_in_deck += sum(card.is_mask for card in game.deck_order())
        seen_aside += sum(card.is_mask for card in game.set_aside())
        assert card_counts(game)["Mask"] == 9
    # 7 Masks go into a shuffled pile of 77 cards, of which 38 are discarded.
    assert seen_in_deck > 0 and seen_aside > 0


def test_players_may_hold_more_than_one_mask_after_the_deal():
    hands = [Game.new(6, seed=seed).hand(seat) for seed in range(40) for seat in range(6)]
    assert any(sum(card.is_mask for card in hand) >= 2 for hand in hands)


def test_setup_is_random_per_seed_and_repeatable():
    assert Game.new(3, seed=1) == Game.new(3, seed=1)
    assert Game.new(3, seed=1).hand(0) != Game.new(3, seed=2).hand(0)
    assert len({Game.new(3).seed for _ in range(4)}) > 1  # no seed: one drawn at random


@pytest.mark.parametrize("size, keep", [(5, 0), (6, 3)])
def test_the_seeded_shuffle_deals_every_order_alike(size: int, keep: int) -> None:
    # Every ordering of the shuffled places equally often over 12,000 keys: Pearson's
    # chi-square stays far below its 0.1% critical value (fixed keys: the same figure each run).
    tails = Counter()
    for key in range(12_000):
        pile = list(range(size))
        seeded_shuffle(pile, f"{key}/1", keep=keep)
        assert sorted(pile) == list(range(size))
        tails[tuple(pile[keep:])] += 1
    outcomes = perm(size, size - keep)
    assert len(tails) == outcomes == 120
    expected = 12_000 / outcomes
    chi_square = sum((n - expected) ** 2 / expected for n in tails.values())
    assert chi_square < 173  # the 0.1% critical value for 119 degrees of freedom is 173.0


def test_carnival_stack_starts_with_the_top_card_of_the_deck_face_up():
    game = Game.new(4, seed=5)
    (entry,) = game.carnival()
    assert not entry.masked and entry.card is not None
    for seat in range(4):
        assert game.observation(seat).top == entry


def test_a_mask_turned_up_starts_the_stack_as_a_mask_hiding_nothing():
    game = next(g for g in (Game.new(6, seed=s) for s in range(200)) if g.carnival()[0].masked)
    assert [str(e) for e in game.carnival()] == ["[]"]
    assert card_counts(game) == box_counts(game.rules)
    assert game.sums().carnival == (0, 0, 0, 0, 0)


@pytest.mark.parametrize("players", [1, 7, "2", True])
def test_player_count_outside_2_to_6_is_refused(players):
    with pytest.raises(PositionError, match="players: Carnival is played by 2, 3, 4, 5, 6"):
        Game.new(players)


def test_first_player_is_seat_0_or_the_seat_chosen():
    assert Game.new(3, seed=1).current_player == 0
    game = Game.new(3, seed=1, first_player=2)
    assert game.current_player == game.starter == 2
    assert len(game.hand(2)) == 10 and len(game.hand(0)) == 9
    with pytest.raises(PositionError, match="first_player: a seat from 0 to 2, not 3"):
        Game.new(3, first_player=3)


# ================================================================ how to play
def test_a_turn_draws_one_card_then_plays_one():
    game = Game.new(3, seed=2)
    top = game.deck_order()[0]
    hand_before = len(game.hand(1))
    game.play(game.legal_actions()[0])
    assert game.current_player == 1
    assert len(game.hand(1)) == hand_before + 1
    assert top in game.hand(1)
    assert "Player 2 drew" in game.last_events[-1]


def test_carnival_puts_the_card_on_top_of_the_stack():
    game = stage(players=2, hands=[["R4", "Y2"], ["G1"]], carnival=["B3"])
    game.play("carnival R4")
    assert [str(e) for e in game.carnival()] == ["B3", "R4"]
    assert str(game.observation(1).top) == "R4"
    assert [c.id for c in game.hand(0)] == ["Y2"]


def test_spectator_puts_the_card_in_front_of_you():
    game = stage(players=2, hands=[["R4", "Y2"], ["G1"]])
    game.play("spectator R4")
    assert [str(e) for e in game.spectators(0)] == ["R4"]
    assert game.spectators(1) == ()


def test_give_puts_the_card_in_front_of_another_player():
    game = stage(players=3, hands=[["R4", "Y2"], ["G1"], ["B1"]])
    game.play("give R4 to 3")
    assert [str(e) for e in game.spectators(2)] == ["R4"]
    assert game.spectators(0) == game.spectators(1) == ()


def test_every_card_in_hand_may_go_to_every_place():
    game = stage(players=3, hands=[["R4", "R4", "Y2"], ["G1"], ["B1"]])
    assert game.legal_actions().notation() == [
        "carnival R4", "spectator R4", "give R4 to 2", "give R4 to 3",
        "carnival Y2", "spectator Y2", "give Y2 to 2", "give Y2 to 3",
    ]  # fmt: skip


def test_the_carnival_stack_shows_only_its_top_card_to_a_seat_without_memory():
    game = stage(
        players=2, hands=[["R4"], ["G1"]], carnival=["B3", "Y6"], rules={"carnival_memory": 0}
    )
    seen = game.observation(1)
    assert [str(e) for e in seen.carnival] == ["?", "Y6"]
    game.play("carnival R4")
    assert [str(e) for e in game.observation(1).carnival] == ["?", "?", "R4"]


def test_spectators_are_visible_to_all_players():
    game = stage(
        players=3, hands=[["R4"], ["G1"], ["B1"]], spectators=[["Y2"], ["P5", "[by 2]"], []]
    )
    for seat in range(3):
        rows = [[str(e) for e in row] for row in game.observation(seat).spectators]
        assert rows == [["Y2"], ["P5", "[]"], []]


def test_play_goes_on_clockwise():
    game = play_randomly(Game.new(4, seed=8), seed=1)
    seats = seats_in_log(game)
    assert seats == [i % 4 for i in range(len(seats))]


def test_only_the_current_player_plays():
    game = Game.new(3, seed=1)
    action = game.legal_actions()[0]
    assert_illegal(
        game,
        str(action),
        "player=1 is seat 1 (Player 2), but it is the turn of seat 0 (Player 1)",
        player=1,
    )


def test_give_to_yourself_is_refused():
    game = stage(players=3, hands=[["R4"], ["G1"], ["B1"]])
    assert_illegal(game, "give R4 to 1", "that is you", "'spectator R4'")
    assert_illegal(game, "mask R4 to 1", "that is you")
    assert_illegal(game, "give R4 to 4", "there is no player 4 in a 3-player game")


def test_a_card_not_in_hand_is_refused():
    game = stage(players=2, hands=[["R4", "Y2"], ["G1"]])
    assert_illegal(game, "carnival G1", "G1 is not in your hand (your hand: R4 Y2)")
    assert_illegal(game, "carnival R7", "there is no card R7", "1, 2, 3, 4, 5, 6, -2, -4")


def test_the_engine_says_why_an_action_is_allowed_or_not():
    game = stage(players=2, hands=[["R4", "Mask"], ["G1"]])
    assert game.explain("mask R4 to 2") == (
        "'mask R4 to 2' is allowed: a Mask with R4 face down under it goes in front of "
        "player 2, as their Spectator."
    )
    assert game.explain("spectator R4") == (
        "'spectator R4' is allowed: R4 goes in front of you, as your Spectator."
    )
    assert game.explain("carnival G1") == (
        "'carnival G1' is not allowed: G1 is not in your hand (your hand: R4 Mask)."
    )
    assert game.why_illegal("give R4 to 1").startswith("that is you")
    assert game.is_legal("carnival R4") and not game.is_legal("carnival G1")
    assert game.is_legal("carnaval R4"), "the French notation"
    assert not game.is_legal("carnavale R4")


def test_text_that_is_not_an_action_is_refused():
    game = Game.new(2, seed=1)
    before = game.state_key()
    for text, words in [
        ("carnavale R4", "unknown word 'carnavale'"),
        ("carnival", "'carnival' is written like 'carnival R4'"),
        ("carnival mask", "a Mask is played with the word 'mask'"),
        ("mask mask carnival", "a Mask hides a Creature, not another Mask"),
        ("give R4 to 0", "players count from 1"),
        ("mask R4 stage", "'stage' is not a place"),
        ("spectator Q4", "is not a card"),
    ]:
        with pytest.raises(ActionSyntaxError) as info:
            game.play(text)
        assert str(info.value).startswith(f"{text!r} is not an action: "), str(info.value)
        assert words in str(info.value)
    assert game.state_key() == before


# ====================================================================== masks
def test_a_mask_hides_its_card_from_every_seat_even_its_owner():
    game = stage(players=3, hands=[["R4", "Mask"], ["G1"], ["B1"]])
    game.play("mask R4 spectator")
    for seat in range(3):
        seen = game.observation(seat)
        assert [str(e) for e in seen.spectators[0]] == ["[?]"]
        assert "R4" not in str(seen)
    assert [str(e) for e in game.spectators(0)] == ["[R4]"]  # the game itself knows


def test_a_mask_plays_two_cards_in_one_turn():
    game = stage(players=2, hands=[["R4", "Y1", "Mask"], ["G1"]], deck=["B2", "B3"])
    game.play("mask R4 carnival")
    assert [c.id for c in game.hand(0)] == ["Y1"]  # 3 cards in hand, 2 played
    game.play("carnival G1")
    assert [c.id for c in game.hand(0)] == ["Y1", "B3"]  # one draw a turn, Mask or not


@pytest.mark.parametrize("action, place", [
    ("mask R4 carnival", "carnival"), ("mask R4 spectator", "own"), ("mask R4 to 2", "other"),
])  # fmt: skip
def test_a_mask_goes_to_any_of_the_three_places(action, place):
    game = stage(players=2, hands=[["R4", "Mask"], ["G1"]])
    game.play(action)
    where = {"carnival": game.carnival(), "own": game.spectators(0), "other": game.spectators(1)}
    assert [str(e) for e in where[place]] == ["[R4]"]


def test_a_mask_needs_a_mask_in_hand():
    game = stage(players=2, hands=[["R4"], ["G1"]])
    assert_illegal(game, "mask R4 carnival", "you have no Mask in your hand to hide R4")
    assert_illegal(game, "mask carnival", "you have no Mask in your hand")


def test_a_masked_card_in_a_row_keeps_its_place_and_has_no_type():
    game = stage(players=2, hands=[["R4", "Mask"], ["G1"]], spectators=[["Y3", "B2"], []])
    game.play("mask R4 spectator")
    assert [str(e) for e in game.observation(0).spectators[0]] == ["Y3", "B2", "[?]"]
    assert game.spectators(0)[-1].card == Card.parse("R4")


def test_a_lone_mask_only_when_no_creature_is_left():
    game = stage(players=2, hands=[["R4", "Mask"], ["G1"]])
    assert "mask carnival" not in game.legal_actions()
    assert_illegal(game, "mask carnival", "a Mask must hide a Creature while you hold one")
    stuck = stage(players=2, hands=[["Mask", "Mask"], ["G1"]])
    assert stuck.legal_actions().notation() == ["mask carnival", "mask spectator", "mask to 2"]
    stuck.play("mask to 2")
    assert [str(e) for e in stuck.spectators(1)] == ["[]"]
    assert stuck.known_masks(0) == 1  # the hand left is known to be all Masks


def test_a_lone_mask_at_any_time_is_a_setting():
    game = stage(players=2, hands=[["R4", "Mask"], ["G1"]], rules={"lone_mask": "always"})
    assert "mask carnival" in game.legal_actions()
    game.play("mask carnival")
    assert [c.id for c in game.hand(0)] == ["R4"]


def test_remembering_your_own_masks_is_a_setting():
    game = stage(
        players=2, hands=[["R4", "Mask"], ["G1", "Mask"]], rules={"remember_own_masks": True}
    )
    game.play("mask R4 to 2")
    assert str(game.observation(0).spectators[1][0]) == "[R4]"
    assert str(game.observation(1).spectators[1][0]) == "[?]"


def test_masks_known_in_hand_go_down_as_masks_are_played():
    game = Game.new(2, seed=4)
    mask_play = next(a for a in game.legal_actions() if a.masked)
    game.play(mask_play)
    assert game.known_masks(0) == 0 and game.known_masks(1) == 1
    assert game.observation(1).known_masks == (0, 1)


# ============================================================= end of a round
def test_the_round_ends_after_the_turn_that_draws_the_last_card():
    game = stage(players=2, hands=[["R4"], ["G1"]], deck=["B1"])
    game.play("carnival R4")  # player 2 draws B1, the last card
    assert game.round == 1 and game.deck_size == 0
    assert "last turn" in game.pending()
    game.play("spectator B1")  # ... and still completes the turn
    assert game.round == 2 and len(game.results) == 1


def test_a_mask_on_the_last_turn_still_hides_its_card():
    game = last_turn(hands=[["R4", "Mask"], []], carnival=["R1"])
    game.play("mask R4 carnival")
    result = game.results[0]
    assert result.carnival == tuple(cards("R1 R4"))


def test_hands_join_the_spectators_and_masks_in_hand_are_put_aside():
    game = last_turn(hands=[["R4", "Y2", "Mask", "Mask"], ["G1", "Mask"]], carnival=["R6"])
    game.play("carnival R4")
    result = game.results[0]
    assert result.spectators == (tuple(cards("Y2")), tuple(cards("G1")))


def test_hands_put_aside_instead_is_a_setting():
    position = {"hands": [["R4", "Y2"], ["G1"]], "spectators": [["Y1"], []], "carnival": ["Y6"]}
    game = last_turn(rules={"hands_join_spectators": False}, **position)
    game.play("carnival R4")
    assert game.results[0].spectators == (tuple(cards("Y1")), ())
    assert game.results[0].scores == (1, 0)


def test_the_carnival_reveal_puts_masks_aside_and_counts_their_cards():
    game = last_turn(hands=[["R1"], []], carnival=["[R5 by 2]", "[by 1]", "Y2"])
    game.play("spectator R1")
    result = game.results[0]
    assert result.carnival == tuple(cards("R5 Y2"))
    assert result.carnival_sums[:2] == (5, 2)
    assert result.scores[0] == 1


def test_a_masked_carnival_card_may_leave_with_its_mask_by_setting():
    rules = {"masked_carnival_counts": False}
    game = last_turn(hands=[["R1"], []], carnival=["[R5 by 2]", "Y2"], rules=rules)
    assert game.sums().carnival[0] == 0
    game.play("spectator R1")
    assert game.results[0].carnival == tuple(cards("Y2"))
    assert game.results[0].scores[0] == 0  # no red in the Carnival: 0 is not more than 1


def test_masks_in_spectator_rows_are_revealed_and_counted():
    game = last_turn(
        hands=[["Y1"], []], spectators=[["R2", "[R3 by 2]"], []], carnival=["R6", "Y4"]
    )
    game.play("carnival Y1")
    result = game.results[0]
    assert result.spectators[0] == tuple(cards("R2 R3"))
    assert result.spectator_sums[0][0] == 5
    assert result.scores[0] == 5


def test_the_reveal_sorts_cards_by_creature_type():
    game = last_turn(
        hands=[["P1"], []], spectators=[["Y3", "R2", "Y-2"], []], carnival=["B1", "R2"]
    )
    game.play("spectator P1")
    result = game.results[0]
    assert [c.id for c in result.spectators[0]] == ["R2", "Y-2", "Y3", "P1"]
    assert [c.id for c in result.carnival] == ["R2", "B1"]


def test_creatures_are_happy_only_with_strictly_more_in_the_carnival():
    rules = Rules()
    assert score_round(cards("R5"), [cards("R4")], rules).scores == (4,)
    assert score_round(cards("R4"), [cards("R4")], rules).scores == (0,)
    assert score_round(cards("R3"), [cards("R4")], rules).scores == (0,)
    assert score_round(cards("R4"), [cards("R4")], Rules(happy_on_tie=True)).scores == (4,)


def test_unhappy_types_are_turned_face_down_and_score_nothing():
    result = score_round(cards("R6 Y1"), [cards("R2 R3 Y4 Y5")], Rules())
    assert result.happy[0][:2] == (True, False)
    assert result.scores == (5,)
    assert result.scoring_cards == (2,)


def test_a_happy_type_with_a_negative_sum_loses_points():
    result = score_round(cards("B3"), [cards("B1 B-2")], Rules())
    assert result.scores == (-1,)
    assert score_round(cards("B3"), [cards("B1 B-2")], Rules(negative_sums_score=False)).scores == (
        0,
    )
    # A negative row is happy even when the Carnival holds none of its type: 0 is more.
    assert score_round(cards("R1"), [cards("B-4")], Rules()).scores == (-4,)


def test_the_round_score_adds_the_face_up_cards():
    result = score_round(cards("R6 R5 Y4 G2"), [cards("R3 R4 Y1 Y2 G-2")], Rules())
    assert result.scores == (3 + 4 + 1 + 2 - 2,)


def test_the_player_who_would_have_gone_next_starts_the_second_round():
    game = stage(
        players=3, hands=[["R1"], ["Y2"], ["G3"]], turn={"player": 1, "starter": 0}, deck=[]
    )
    game.play("carnival Y2")
    assert game.round == 2
    assert game.current_player == game.starter == 2
    assert len(game.hand(2)) == 10 and len(game.hand(0)) == 9


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_second_round_is_a_new_deal_with_the_same_setup(players):
    game = Game.new(players, seed=9)
    first = game.copy()
    rng = random.Random(2)
    while game.round == 1:
        game.play(rng.choice(game.legal_actions()))
    assert card_counts(game) == box_counts(game.rules)
    assert len(game.set_aside()) == len(first.set_aside())
    assert [len(game.hand(s)) for s in range(players)] == [
        len(first.hand(s)) for s in range(players)
    ]
    assert game.spectators(0) == () and len(game.carnival()) == 1
    assert game.hand(0) != first.hand(0)
    assert "all 79 cards are shuffled and dealt again" in game.last_events[-1]
    # With the printed tables every seat has the same turns, so seat 0 starts again.
    assert game.current_player == 0


def test_the_game_ends_after_two_rounds_with_the_points_added():
    game = play_randomly(Game.new(3, seed=4), seed=4)
    assert game.is_over and game.legal_actions() == []
    assert len(game.results) == 2
    assert game.scores() == [
        game.results[0].scores[s] + game.results[1].scores[s] for s in range(3)
    ]
    best = max(game.scores())
    assert all(game.scores()[seat] == best for seat in game.winners())


def test_a_tie_goes_to_the_most_scoring_cards_in_the_second_round():
    first = {"carnival": ["R6"], "spectators": [["R5"], ["R2", "R3"]]}
    game = last_turn(
        past_rounds=[first], hands=[["Y1"], []], spectators=[[], ["Y2"]], carnival=["Y6"]
    )
    game.play("spectator Y1")  # round 2: player 1 scores 1 with 1 card, player 2 2 with 1 card
    assert game.scores() == [6, 7]
    assert game.winners() == [1]
    tied = last_turn(
        past_rounds=[first], hands=[["Y1"], []], spectators=[[], ["Y1"]], carnival=["Y6"]
    )
    tied.play("spectator Y1")
    assert tied.scores() == [6, 6]
    assert tied.results[1].scoring_cards == (1, 1)
    assert tied.winners() == [0, 1] and tied.returns() == [0.5, 0.5]


def test_the_tie_break_counts_scoring_cards_not_their_points():
    first = {"carnival": ["R6"], "spectators": [["R1"], ["R1"]]}
    position = {
        "past_rounds": [first],
        "hands": [["Y2"], []],
        "spectators": [["Y1", "Y-2"], ["Y1"]],
        "carnival": ["Y6"],
    }
    game = last_turn(**position)
    game.play("spectator Y2")  # player 1: Y1 Y-2 Y2 = 1 point from 3 cards; player 2: 1 from 1
    assert game.scores() == [2, 2]
    assert game.results[1].scoring_cards == (3, 1)
    assert game.winners() == [0]
    shared = last_turn(rules={"tie_break_scoring_cards": False}, **position)
    shared.play("spectator Y2")
    assert shared.winners() == [0, 1]


def test_scoring_cards_include_negative_cards_of_happy_types():
    result = score_round(cards("B3 R6"), [cards("B1 B-2 R2")], Rules())
    assert result.scoring_cards == (3,)


# ===================================================================== variants
def test_younger_players_cannot_play_in_front_of_others():
    game = stage(players=3, hands=[["R4", "Mask"], ["G1"], ["B1"]], rules={"younger_players": True})
    assert game.legal_actions().notation() == [
        "carnival R4", "spectator R4", "mask R4 carnival", "mask R4 spectator",
    ]  # fmt: skip
    assert_illegal(game, "give R4 to 2", "variant for younger players")
    assert_illegal(game, "mask R4 to 2", "variant for younger players")


def test_one_round_is_a_setting():
    game = play_randomly(Game.new(2, seed=1, rules=Rules(rounds=1)))
    assert len(game.results) == 1 and game.is_over


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"masks": 3}, "3 Masks cannot deal 1 to each of 4"),
        ({"discard_by_players": ((2, 77),)}, "discard_by_players and deal_by_players"),
        ({"discard_by_players": ((2, 60), (3, 21), (4, 14), (5, 8), (6, 0))}, "leaves"),
        ({"lone_mask": "never"}, "lone_mask must be 'stuck' or 'always'"),
        ({"carnival_memory": -1}, "carnival_memory must be None or a whole number"),
        ({"creature_types": 9}, "creature_types must be a whole number from 1 to 8"),
        ({"values": ()}, "values lists the 1 to 40 cards"),
        ({"rounds": 0}, "rounds must be a whole number from 1 to 20"),
        # Bounded work: a game of these rules could not end in bounded time or memory.
        ({"rounds": 10_000}, "rounds must be a whole number from 1 to 20, not 10000"),
        ({"masks": 10**12}, "masks must be a whole number from 0 to 100"),
        ({"values": (1,) * 41}, "values lists the 1 to 40 cards"),
        ({"values": (10**9, 1)}, "values must be whole numbers from -100 to 100"),
        ({"deal_by_players": ((2, 10**9),)}, "from 0 to 1000"),
    ],
)
def test_contradictory_rules_are_refused(changes, words):
    with pytest.raises(RulesError, match=words):
        Rules(**changes)
    with pytest.raises(RulesError, match=words):
        Rules.from_changes(changes)


def test_rules_round_trip_through_their_changes():
    rules = Rules(
        carnival_memory=3,
        lone_mask="always",
        values=(1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, -2, -4, 7),
    )
    assert Rules.from_changes(rules.changes()) == rules
    with pytest.raises(RulesError, match="unknown rules knob"):
        Rules.from_changes({"jugglers": 3})


def test_illegal_action_is_a_value_error():
    game = Game.new(2, seed=1)
    with pytest.raises(ValueError):
        game.play("carnival R9")
    with pytest.raises(IllegalAction, match="is not an action"):
        game.play(object())  # type: ignore[arg-type]
