"""The greedy bot does not take a card only to discard it at the end of the same turn.

From the engine's log (replayed by ``carnuta_core.ledger.entries``, which names the card of
every take): a *turn* is one seat's entries of one round; a card is *taken this turn* when a
take of that turn took it. A greedy seat breaks the rule when it discards a card taken this
turn although its hand, once the turn is over, still holds a card it came into the turn with:
discarding that older card instead (the same actions, another discard) was a legal plan with
no card taken only to be thrown away. Under the printed rules (two actions, a hand limit of 3)
such a plan always exists, so there the greedy bot never discards a card taken that turn.
"""

from __future__ import annotations

from collections import defaultdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnuta_core import Game, GreedyBot, RandomBot, Rules, play_game
from carnuta_core.actions import Discard
from carnuta_core.ledger import Entry, entries, positions


def thrown_away(game: Game) -> list[tuple[int, int, str]]:
    """``(seat, round, card)`` for each card a seat took and discarded in the same turn while
    an older card stayed in its hand (the rule above)."""
    steps = positions(game)
    turns: dict[tuple[int, int], list[Entry]] = defaultdict(list)
    for entry in entries(game):
        turns[entry.seat, entry.round].append(entry)
    out = []
    for (seat, round_), turn in turns.items():
        taken = {entry.card for entry in turn if entry.kind == "take"}
        hand_after = steps[turn[-1].step + 1].hand_ids(seat)
        kept_older = any(card not in taken for card in hand_after)
        out += [
            (seat, round_, entry.card)
            for entry in turn
            if entry.kind == "discard" and entry.card in taken and kept_older
        ]
    return out


def test_the_printed_rules_always_leave_an_older_card_to_discard() -> None:
    # the premise of the rule: at most 2 cards are taken a turn, and 2 < the hand limit + 1
    rules = Rules()
    assert rules.actions_per_turn < rules.hand_limit + 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_greedy_bots_never_discard_a_card_taken_the_same_turn(seed: int, players: int) -> None:
    bots = [GreedyBot(seed=seed + seat) for seat in range(players)]
    game = play_game(bots, seed=seed)
    assert thrown_away(game) == []


def test_greedy_bots_discard_older_cards_over_many_seeded_games() -> None:
    discards = 0
    for seed in range(30):
        players = 2 + seed % 3
        game = play_game([GreedyBot(seed=seed + s) for s in range(players)], seed=seed)
        assert thrown_away(game) == [], seed
        discards += sum(isinstance(action, Discard) for _, action in game.log)
    assert discards > 0  # the hand limit was reached: the rule was put to the test


def test_random_bots_do_throw_taken_cards_away() -> None:
    # the check can fail: a random seat discards cards taken that very turn
    game = play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=3)
    assert thrown_away(game)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_with_a_hand_limit_of_one_the_greedy_bot_still_discards_older_cards_first(
    seed: int,
) -> None:
    rules = Rules(hand_limit=1)
    game = play_game([GreedyBot(seed=seed), RandomBot(seed=seed + 1)], seed=seed, rules=rules)
    assert [found for found in thrown_away(game) if found[0] == 0] == []
