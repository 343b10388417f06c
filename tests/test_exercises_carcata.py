"""The Carcata exercises (ex32-ex35): each answer agrees with the engine's own chance nodes,
moves and scores; right answers in several natural forms are accepted, in both languages; each
common mistake, worked out here independently of the exercise's ``slips``, meets its own hint;
the rule is stated in the kit's words, never quoted."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
import sympy

from carcata_core import FACES, GEM_NAMES, ISLAND, Rules
from exercises.kit import EXERCISES, make

PRINTED = Rules()
KEYS = [key for key, cls in EXERCISES.items() if cls.theme == "carcata"]
#: The student numbers of tests/test_exercises.py, and some more.
SEEDS = (0, 1, 2, 7, 42, *range(3, 40))
LANGS = ("en", "fr")
GEM_POINTS = dict(zip(GEM_NAMES, PRINTED.gem_points, strict=True))


def test_the_theme_has_five_randomised_exercises_in_both_languages() -> None:
    assert KEYS == [
        "turtles_after_rerolls",
        "reroll_turtle_cost",
        "lava_flow_spaces",
        "territory_points",
        "catapult_chance",
    ]
    assert [EXERCISES[key].number for key in KEYS] == [32, 33, 34, 35, 36]
    for key in KEYS:
        assert EXERCISES[key].randomised and EXERCISES[key].title_fr
        assert len({make(key, seed).question() for seed in range(10)}) >= 5, key


def hint_fires(ex: object, answer: object, words: str) -> None:
    result = ex.check(answer)  # type: ignore[attr-defined]
    assert not result, (answer, result)
    assert words in result.message, (answer, result.message)


def hints_fire(ex: object, right: object, mistakes: list[tuple[object, str]]) -> None:
    """Each mistake's answer (when wrong here) meets its hint; when two mistakes give the same
    answer, either one's hint is the right one to give."""
    by_answer: dict[object, list[str]] = {}
    for answer, words in mistakes:
        if answer != right:
            by_answer.setdefault(answer, []).append(words)
    for answer, choices in by_answer.items():
        result = ex.check(answer)  # type: ignore[attr-defined]
        assert not result, (answer, result)
        assert any(words in result.message for words in choices), (answer, result.message)


# ------------------------------------------------------------------ ex32: Turtles after rerolls
def locking_chance(k: int) -> Fraction:
    return 1 - Fraction(5, 6) ** k


def binomial(n: int, q: Fraction) -> dict[int, Fraction]:
    return {j: comb(n, j) * q**j * (1 - q) ** (n - j) for j in range(n + 1)}


def wanted(law: dict[int, Fraction], locked: int, target: int, at_least: bool) -> Fraction:
    hits = [
        p for j, p in law.items() if (j + locked >= target if at_least else j + locked == target)
    ]
    return sum(hits, Fraction(0))


def engine_turtle_law(ex: object, rolls: int) -> dict[int, float]:
    """How many Turtles show after ``rolls`` rerolls of every free die, from the engine's own
    chance nodes (each reroll pushed, each outcome weighed by ``chance_outcomes``)."""
    frontier = {ex.carcata.state_key(): (ex.carcata.copy(), 1.0)}  # type: ignore[attr-defined]
    for _ in range(rolls):
        after: dict[str, tuple[object, float]] = {}
        for game, weight in frontier.values():
            free = [f for f in FACES if f != "turtle" for _ in range(game.dice[f])]
            if not free:
                after[game.state_key()] = (game, weight)
                continue
            game = game.copy()
            game.push(next(a for a in game.legal_actions() if str(a) == "reroll " + " ".join(free)))
            for outcome, chance in game.chance_outcomes():
                landed = game.copy()
                landed.push(outcome)
                key = landed.state_key()
                old = after.get(key, (landed, 0.0))[1]
                after[key] = (landed, old + weight * chance)
        frontier = after
    law: dict[int, float] = {}
    for game, weight in frontier.values():
        law[game.dice["turtle"]] = law.get(game.dice["turtle"], 0.0) + weight
    return law


@pytest.mark.parametrize("seed", range(6))
def test_turtles_agree_with_the_engines_chance_nodes(seed: int) -> None:
    ex = make("turtles_after_rerolls", seed)
    if ex.rolls > 2:
        pytest.skip("the walk through every roll is kept to two rerolls")
    law = engine_turtle_law(ex, ex.rolls)
    chance = sum(p for t, p in law.items() if (t >= ex.target if ex.at_least else t == ex.target))
    assert chance == pytest.approx(float(ex.answer()), abs=1e-12)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_turtles_forms_and_mistakes(seed: int, lang: str) -> None:
    ex = make("turtles_after_rerolls", seed, lang)
    k, locked, free, j = ex.rolls, ex.locked, ex.free, ex.target
    right = wanted(binomial(free, locking_chance(k)), locked, j, ex.at_least)
    assert ex.answer() == right
    for form in (
        right,
        f"{right.numerator}/{right.denominator}",
        sympy.Rational(right.numerator, right.denominator),
        f" {right.numerator} / {right.denominator} ",
    ):
        assert ex.check(form), form
    fr = lang == "fr"
    mistakes = [
        # the dice already locked forgotten: five dice from scratch
        (
            wanted(binomial(5, locking_chance(k)), 0, j, ex.at_least),
            "déjà montrées" if fr else "already shown",
        ),
        # k/6 for a die instead of 1 - (5/6)^k
        (
            wanted(binomial(free, min(Fraction(k, 6), Fraction(1))), locked, j, ex.at_least),
            "(5/6)^",
        ),
        # at least read as exactly, or the other way
        (
            wanted(binomial(free, locking_chance(k)), locked, j, not ex.at_least),
            "Relisez" if fr else "Read the question",
        ),
    ]
    hints_fire(ex, right, mistakes)
    if right.denominator > 100:
        hint_fires(ex, round(float(right), 2) or 0.001, "arrondi" if fr else "rounded")


# ------------------------------------------------------------------ ex33: a reroll's Turtle cost
@pytest.mark.parametrize("seed", range(8))
def test_reroll_cost_agrees_with_the_engines_chance_nodes(seed: int) -> None:
    ex = make("reroll_turtle_cost", seed)
    game = ex.carcata.copy()
    game.push(next(a for a in game.legal_actions() if str(a) == ex.action))
    mean = 0.0
    for outcome, chance in game.chance_outcomes():
        landed = game.copy()
        landed.push(outcome)
        mean += chance * landed.dice["turtle"]
    assert mean == pytest.approx(float(ex.answer()), abs=1e-12)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_reroll_cost_forms_and_mistakes(seed: int, lang: str) -> None:
    ex = make("reroll_turtle_cost", seed, lang)
    m = sum(ex.reroll)
    right = ex.locked + Fraction(m, 6)
    assert ex.answer() == right
    for form in (
        right,
        f"{right.numerator}/{right.denominator}",
        f"{ex.locked} + {m}/6" and str(right),
    ):
        assert ex.check(form), form
    if right.denominator in (1, 2):
        assert ex.check(float(right))
    fr = lang == "fr"
    mistakes = [
        (Fraction(m, 6), "déjà montrées" if fr else "already showing"),
        (ex.locked + Fraction(5 - ex.locked, 6), "repris" if fr else "picked up"),
        (ex.locked + 1 - Fraction(5, 6) ** m, "au moins une" if fr else "at least one"),
    ]
    hints_fire(ex, right, mistakes)
    if right.denominator > 2:
        hint_fires(ex, round(float(right), 2), "arrondi" if fr else "rounded")


# ------------------------------------------------------------------ ex34: where a flow runs
@pytest.mark.parametrize("seed", SEEDS)
def test_the_flow_is_what_the_engine_lays(seed: int) -> None:
    ex = make("lava_flow_spaces", seed)
    game = ex.carcata.copy()
    before = set(game.lava_cells())
    game.play(ex.action)
    assert set(game.lava_cells()) - before == set(ISLAND.cell(n) for n in ex.answer())
    levels = [ISLAND.levels_of[ISLAND.cell(n)] for n in ex.answer()]
    assert levels == sorted(levels, reverse=True) and len(set(levels)) == len(levels)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_flow_forms_and_mistakes(seed: int, lang: str) -> None:
    ex = make("lava_flow_spaces", seed, lang)
    names = ex.answer()
    joiner = " et " if lang == "fr" else " and "
    for form in (
        names,
        tuple(reversed(names)),
        ", ".join(names),
        joiner.join(names),
        " ".join(names),
        f"[{', '.join(map(repr, names))}]",
    ):
        assert ex.check(form), form
    assert not ex.check(names[:-1] or ["1-1"])
    fr = lang == "fr"
    action, position = ex.action, ex.position
    start = ISLAND.names[action.cell]
    if action.turns:
        # Straight through, as if no statue stood there.
        from carcata_core import Game, Lava

        through = Game.from_position({**position, "statues": []}).flow_path(
            Lava(action.cell, action.direction)
        )
        if through and set(through) != {ISLAND.cell(n) for n in names}:
            hint_fires(
                ex,
                [ISLAND.names[c] for c in through],
                "traverse pas" if fr else "does not run through",
            )
    if names[0] == start and len(names) >= 2:
        # A fresh flow started one space too far (the top space left out).
        slip = [s for s in ex.live_slips.values() if s.kind == "top space left out"]
        for s in slip:
            assert start not in s.answer
            hint_fires(ex, s.answer, "sommet" if fr else "top space")


def test_flow_slips_cover_statues_meetings_and_the_slope() -> None:
    met = {
        kind
        for seed in range(300)
        for kind in (s.kind for s in make("lava_flow_spaces", seed).live_slips.values())
    }
    assert met == set(EXERCISES["lava_flow_spaces"].slip_kinds)


# ------------------------------------------------------------------ ex35: closed territories
def territory_points(ex: object) -> int:
    """Player 1's points recounted from the territories and the gems, not from the scorer."""
    game = ex.carcata  # type: ignore[attr-defined]
    parts = game.territories()
    assert len(parts) >= 2
    worth = {
        c: sum(GEM_POINTS[g] for d in part for g in game.gems_at(d)) for part in parts for c in part
    }
    cells = game.pawns(0)
    levels = sum(ISLAND.levels_of[c] for c in cells)
    collected = sum(GEM_POINTS[g] * n for g, n in game.collected(0).items())
    return levels + collected + sum(worth[c] for c in cells)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_territory_forms_and_mistakes(seed: int, lang: str) -> None:
    ex = make("territory_points", seed, lang)
    right = territory_points(ex)
    assert ex.answer() == right
    for form in (
        right,
        str(right),
        f"{right} points",
        Fraction(right),
        float(right),
        f"{right} pts",
    ):
        assert ex.check(form), form
    game = ex.carcata
    p = game.points()[0]
    fr = lang == "fr"
    shared: dict[int, int] = {}
    for c in game.pawns(0):
        (index,) = [i for i, part in enumerate(game.territories()) if c in part]
        shared[index] = sum(
            GEM_POINTS[g] for d in game.territories()[index] for g in game.gems_at(d)
        )
    every = sum(GEM_POINTS[g] for gems in game.loose_gems().values() for g in gems)
    mistakes = [
        (p.pawns + p.gems + sum(shared.values()), "deux fois" if fr else "twice"),
        (right - p.gems, "ramassées" if fr else "collected"),
        (right - p.pawns, "niveau" if fr else "level"),
        (
            p.pawns + p.gems + len(game.pawns(0)) * every,
            "propre territoire" if fr else "own territory",
        ),
    ]
    hints_fire(ex, right, mistakes)


def test_two_pawns_share_a_territory_so_the_per_pawn_rule_matters() -> None:
    differs = 0
    for seed in range(50):
        ex = make("territory_points", seed)
        parts = ex.carcata.territories()
        homes = [next(i for i, part in enumerate(parts) if c in part) for c in ex.carcata.pawns(0)]
        assert len(homes) > len(set(homes)), seed
        differs += any(s.kind == "a territory once" for s in ex.live_slips.values())
    assert differs >= 25


# ------------------------------------------------------------------ the rule, in the kit's words
@pytest.mark.parametrize("key", KEYS)
def test_the_hint_states_the_rule_in_the_kits_words(key: str) -> None:
    english, french = make(key, 3), make(key, 3, "fr")
    assert english.hint.own_words and english.hint.book == "carcata"
    wrong = english.check(english.wrong_answers()[0])
    assert f'Carcata rulebook, "{english.hint.section}", in short: ' in wrong.hint
    assert "“" not in wrong.hint
    wrong_fr = french.check(french.wrong_answers()[0])
    assert wrong_fr.hint.startswith("Règles de Carcata (en anglais)") and "en bref" in wrong_fr.hint
    assert french.picture().startswith("<svg") and french.picture() != english.picture()


# ------------------------------------------------------------------ ex36: the catapult
def model_chance(ex: object) -> float:
    """The chance asked, from the model as the kit states it, counted space by space on the
    hexagonal grid (not from the engine's outcomes)."""
    import math

    from carcata_core.catapult import hex_ring

    spread, touch = float(PRINTED.catapult_spread), float(PRINTED.touch_chance)
    reach = min(6, math.ceil(3 * spread))
    weights = [
        (1 if k == 0 else 6 * k) * math.exp(-k * k / (2 * spread**2)) for k in range(reach + 1)
    ]
    q, r = ISLAND.axial[ex.target]  # type: ignore[attr-defined]
    on_island = {axial: cell for cell, axial in enumerate(ISLAND.axial)}
    total = 0.0
    for k, weight in enumerate(weights):
        ring = hex_ring(q, r, k)
        for axial in ring:
            share = weight / sum(weights) / len(ring)
            cell = on_island.get(axial)
            if ex.event == "sea":  # type: ignore[attr-defined]
                total += share if cell is None else 0.0
            elif cell in ex.near_pawns:  # type: ignore[attr-defined]
                total += share * touch
    return total


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_catapult_forms_and_mistakes(seed: int, lang: str) -> None:
    ex = make("catapult_chance", seed, lang)
    p = model_chance(ex)
    assert ex.exact() == pytest.approx(p, abs=1e-12)
    for form in (
        p,
        round(p, 2),
        f"{p:.2f}",
        f"{100 * p:.1f}%",
        f"{p:.2f}".replace(".", ","),
        Fraction(round(p, 3)),
    ):
        assert ex.check(form), form
    assert not ex.check(round(p + 0.05, 2)) and not ex.check(1.5)
    fr = lang == "fr"
    if ex.event == "knock out":
        touch = float(PRINTED.touch_chance)
        mistakes = [(round(p / touch, 2), "0,5" if fr else "0.5")]
        if ex.target in ex.near_pawns and len(ex.near_pawns) > 1:
            only = [s for s in ex.live_slips.values() if s.kind == "the aim only"]
            mistakes += [(s.answer, "cible" if fr else "not only the aim") for s in only]
        hints_fire(ex, round(p, 2), mistakes)
