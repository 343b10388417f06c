"""The coach over many positions: its ranking and its sentences agree, a Sickle never jumps a
card that scores more without saying why, an illegal idea gets the engine's reason, and every
sentence reads in English and French."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from carnuta_core import Game, GreedyBot, IllegalAction, PlayCard, Sickle, TakeCard
from carnuta_core.coach import SOLID_SHARE, Advice, Coach, CoachReport, _expected_best, _signed

CODES_THAT_EXPLAIN_RANKING = {"coach_above", "coach_above_untried", "coach_sickle_why"}


def positions() -> list[Game]:
    """Openings, middles and late turns of 2-, 3- and 4-player games, Greedy bots playing."""
    out = []
    for players, seed, moves in itertools.product((2, 3, 4), (1, 2), (0, 14, 40)):
        game = Game.new(players, seed=seed)
        bots = [GreedyBot(seed=seed + s) for s in range(players)]
        for _ in range(moves):
            if game.is_over:
                break
            game.play(bots[game.current_player].choose(game))
        if not game.is_over:
            out.append(game)
    return out


@pytest.fixture(scope="module")
def reports() -> list[tuple[Game, CoachReport]]:
    coach = Coach(iterations=60, seed=3)
    return [(game, coach.advise(game, top=None)) for game in positions()]


def codes(advice: Advice) -> set[str]:
    return {reason.code for reason in advice.said}


def shown_value(advice: Advice) -> float:
    return round(advice.value, 2)


def solid(report: CoachReport, advice: Advice) -> bool:
    most = max(a.visits for a in report)
    return advice.visits >= max(2, SOLID_SHARE * most)


def is_card(advice: Advice) -> bool:
    return isinstance(advice.action, (TakeCard, PlayCard))


def test_there_are_many_positions(reports: list[tuple[Game, CoachReport]]) -> None:
    assert len(reports) >= 15
    said = {code for _, report in reports for a in report for code in codes(a)}
    # The cases the properties below are about all happen.
    assert {"coach_sickle_why", "coach_sickle_after", "coach_above"} <= said


def test_a_sickle_never_jumps_a_card_that_scores_more_unless_it_says_why(
    reports: list[tuple[Game, CoachReport]],
) -> None:
    for game, report in reports:
        best_card = max((a.points or 0.0 for a in report if is_card(a)), default=0.0)
        for k, advice in enumerate(report):
            if not isinstance(advice.action, Sickle):
                continue
            scoring_below = [b for b in report[k + 1 :] if is_card(b) and (b.points or 0) > 0]
            if scoring_below:
                [why] = [r for r in advice.said if r.code == "coach_sickle_why"]
                assert why.args["expected"] > why.args["best"] == best_card, (game, advice)
            if best_card > 0:  # either way, its sentence compares the two
                assert codes(advice) & {"coach_sickle_why", "coach_sickle_after"}


def test_the_ranking_follows_the_values_shown_then_the_points(
    reports: list[tuple[Game, CoachReport]],
) -> None:
    for game, report in reports:
        assert [a.rank for a in report] == list(range(1, len(report) + 1))
        for a, b in itertools.combinations(report, 2):
            demoted = "coach_sickle_after" in codes(b)
            if solid(report, a) and solid(report, b) and not demoted:
                assert shown_value(a) >= shown_value(b), (game, a.action, b.action)
                if shown_value(a) == shown_value(b):
                    assert (a.points or 0) >= (b.points or 0), (game, a.action, b.action)


def test_an_action_ranked_above_one_that_scores_more_says_why(
    reports: list[tuple[Game, CoachReport]],
) -> None:
    for game, report in reports:
        for k, a in enumerate(report):
            more = [b for b in report[k + 1 :] if (b.points or 0) > (a.points or 0)]
            if not more:
                continue
            assert codes(a) & CODES_THAT_EXPLAIN_RANKING, (game, a.action)
            for reason in a.said:
                other = next((b for b in more if b.action == reason.args.get("other")), None)
                if reason.code == "coach_above":
                    assert other is not None and shown_value(a) > shown_value(other)
                if reason.code == "coach_above_untried":
                    assert other is not None and not solid(report, other)


def test_every_sentence_gives_the_numbers_of_its_row(
    reports: list[tuple[Game, CoachReport]],
) -> None:
    for _, report in reports:
        for advice in report:
            for lang in ("en", "fr"):
                text = advice.text(lang)
                if not math.isnan(advice.value):
                    value = f"{advice.value:.2f}"
                    assert (value if lang == "en" else value.replace(".", ",")) in text
                for points in (advice.points_now, advice.points_by_end):
                    if points is not None:
                        decimals = 0 if isinstance(points, int) else 1
                        assert _signed(points, lang, decimals) in text, (advice, text)


def test_rate_gives_the_engines_reason_for_an_illegal_action() -> None:
    game = Game.new(3, seed=7)
    coach = Coach(iterations=30, seed=1)
    for idea in ("end", "take day 9", "runes sun", "play D01"):
        assert coach.rate(game, idea) == game.explain(idea)
        assert coach.rate(game, idea, lang="fr") == game.explain(idea, "fr")
    assert "tkae" in coach.rate(game, "tkae day 2")
    assert coach.rate(game, "piocher jour 1", lang="fr").startswith("« piocher jour 1 »")


def test_rate_agrees_with_the_ranking() -> None:
    game = Game.new(2, seed=21)
    first = Coach(iterations=80, seed=5).advise(game, top=None)
    again = Coach(iterations=80, seed=5)  # the same search, so the same ranking
    top = first[0].action
    assert again.rate(game, top).endswith(f"first choice (value {first[0].value:.2f}).")
    last = first[-1]
    rated = Coach(iterations=80, seed=5).rate(game, last.action)
    assert f"ranks {last.rank} of {len(first)}" in rated


def test_the_expected_best_of_a_renewed_row_is_exact() -> None:
    values = [5.0, 0.0, 2.0, 2.0, 7.0, 1.0, 3.0]
    for draws in (1, 3, 4, 7, 9):
        k = min(draws, len(values))
        hands = list(itertools.combinations(values, k))
        exact = sum(Fraction(max(hand)) for hand in hands) / len(hands)
        assert _expected_best(values, draws) == pytest.approx(float(exact))
    assert _expected_best([], 4) == 0.0


def test_the_coach_speaks_french() -> None:
    game = Game.new(3, seed=7)
    report = Coach(iterations=40, seed=2, lang="fr").advise(game)
    assert report.caption().startswith("Coach du Joueur 1")
    assert "valeur" in str(report) and "pourquoi" in report._repr_html_()
    english = Coach(iterations=40, seed=2).advise(game)
    assert [a.action for a in report] == [a.action for a in english]
    assert all(a.text("fr") != a.text("en") for a in report)


def test_advice_for_one_action_without_a_search() -> None:
    game = Game.new(2, seed=21)
    coach = Coach(iterations=10, seed=1)
    take = coach.advice_for(game, "take night 2")
    assert math.isnan(take.value) and take.card is not None and take.cost == take.card.cost
    assert take.points_by_end == float(coach.points(game, 0, take.card))
    with pytest.raises(IllegalAction, match="'end'"):
        coach.advice_for(game, "end")
