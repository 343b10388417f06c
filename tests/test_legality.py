"""One set of rules for both questions: "what may I do?" and "why not this?".

``legal_actions()`` (fast, for bots) and ``refusal(action)`` (one action, with its reason)
share the rule predicates of ``carnuta_core.legality``; these tests check on random positions
of several rule variants that an action is listed exactly when ``refusal`` has nothing to say,
and that every reason and event can be worded in English and in French.
"""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnuta_core import (
    Action,
    ChooseBonus,
    Discard,
    EndTurn,
    Face,
    FlipRunes,
    Game,
    Ingredient,
    PlayCard,
    Row,
    Rules,
    Sickle,
    TakeCard,
    TakeRunes,
)
from carnuta_core.errors import IllegalAction
from carnuta_core.messages import EN, FR
from tests.game_checks import check_play_trusts_only_what_is_legal_now

VARIANTS = [
    Rules(),
    Rules(flip_mode="any"),
    Rules(allow_null_actions=True),
    Rules(salt_on_salt=True, hand_limit=4),
    Rules(actions_per_turn=3, market_row_size=3),
]


def candidates(game: Game) -> list[Action]:
    """Every action worth asking about here: legal or not, well-formed."""
    seat = game.current_player
    rules = game.rules
    out: list[Action] = [EndTurn()]
    for row in Row:
        out += [TakeCard(row, slot) for slot in range(rules.market_row_size + 2)]
        out.append(Sickle(row))
    ids = [card.id for card in game.deck]
    played = game.played_ids(seat)
    for card_id in ids:
        out.append(PlayCard(card_id))
        out.append(Discard(card_id))
        out += [PlayCard(card_id, target) for target in played]
    out.append(PlayCard("NOPE"))
    for face in Face:
        out.append(TakeRunes(face))
        out += [FlipRunes(face, n) for n in (None, 1, 2, 3, 6)]
    out += [ChooseBonus(i) for i in Ingredient]
    return out


def positions(rules: Rules, players: int, seed: int, every: int = 7) -> list[Game]:
    game = Game.new(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    found = []
    step = 0
    while not game.is_over and step < 3000:
        if step % every == 0:
            found.append(game.copy())
        legal = game.legal_actions()
        game.push(legal[rng.randrange(len(legal))])
        step += 1
    found.append(game)
    return found


@settings(max_examples=12, deadline=None)
@given(
    variant=st.sampled_from(range(len(VARIANTS))),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10_000),
)
def test_listed_exactly_when_nothing_refuses_it(variant: int, players: int, seed: int) -> None:
    for game in positions(VARIANTS[variant], players, seed):
        legal = game.legal_actions()
        assert len(set(legal)) == len(legal), "an action is listed twice"
        for action in candidates(game):
            reason = game.refusal(action)
            assert (action in legal) == (reason is None), (str(action), reason, legal)
            assert game.is_legal(action) == (reason is None)


def test_refusals_name_their_reason_in_both_languages() -> None:
    seen: set[str] = set()
    for variant in VARIANTS:
        for game in positions(variant, 3, seed=11, every=3):
            for action in candidates(game):
                reason = game.refusal(action)
                if reason is None:
                    continue
                seen.add(reason.code)
                for lang in ("en", "fr"):
                    text = reason.text(lang)
                    assert text and "{" not in text and "}" not in text, (reason, lang)
    # the common refusals all occur on ordinary games
    for code in ("slot_range", "card_not_in_hand", "cannot_pay", "end_early", "actions_done"):
        assert code in seen


def test_every_event_of_whole_games_reads_in_both_languages() -> None:
    codes: set[str] = set()
    for variant in VARIANTS[:3]:
        for seed in range(3):
            game = Game.new(3, seed=seed, rules=variant)
            rng = random.Random(seed)
            while not game.is_over:
                game.play(rng.choice(game.legal_actions()))
                for event in game.events:
                    codes.add(event.code)
                    for lang in ("en", "fr"):
                        text = event.text(lang)
                        assert "{" not in text and "}" not in text, (event, lang)
    assert {"took_card", "played", "ended_turn", "next_turn", "game_over"} <= codes


def test_every_template_has_a_french_wording_with_the_same_fields() -> None:
    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    assert set(EN) == set(FR)
    for code, template in EN.items():
        assert fields(template) == fields(FR[code]), code


@pytest.mark.parametrize(
    "text, english",
    [
        ("prendre jour 2", "take day 2"),
        ("poser D30 sur N07", "play D30 on N07"),
        ("runes lune", "runes moon"),
        ("retourner soleil", "flip sun"),
        ("Retourner Soleil 2", "flip sun 2"),
        ("serpe nuit", "sickle night"),
        ("bonus œuf", "bonus egg"),
        ("bonus oeuf", "bonus egg"),
        ("défausser D12", "discard D12"),
        ("defausser d12", "discard D12"),
        ("fin", "end"),
    ],
)
def test_french_actions_read_as_the_english_ones(text: str, english: str) -> None:
    action = Action.parse(text)
    assert str(action) == english
    assert Action.parse(action.notation("fr")) == action


@given(
    seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10**6), min_size=40, max_size=120)
)
@settings(max_examples=30, deadline=None)
def test_play_trusts_only_what_is_legal_now(seed: int, picks: list[int]) -> None:
    check_play_trusts_only_what_is_legal_now(Game.new(2, seed=seed), picks, IllegalAction)
