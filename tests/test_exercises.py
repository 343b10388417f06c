"""Every exercise's check: it accepts the engine's answer in every form, rejects wrong answers
with a hint that quotes the rule (and names the mistake when it is a common one), and the
solution and student notebooks agree with it."""

from __future__ import annotations

import contextlib
import io
import math
import random
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import nbformat
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from exercises.kit import EXERCISES, RULES, THEMES, Exercise, catalogue, make
from exercises.kit import course as course_command
from exercises.kit.base import WrongAnswer
from exercises.kit.course import init_course
from exercises.kit.release import (
    BEGIN_HIDDEN,
    BEGIN_SOLUTION,
    LANGUAGES,
    STUB,
    lesson_links,
    solution_paths,
    student_markdown,
    student_path,
    student_source,
    student_version,
)
from exercises.kit.staging import (
    DECK,
    SALTS,
    board,
    opponent_board,
    random_potion,
    stage,
    total_with,
)
from exercises.kit.theme_rules import full_turn_game
from exercises.kit.theme_scoring import eric_game

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = sorted((ROOT / "exercises" / "solutions").glob("*.ipynb"))
#: Every instructor notebook, with its language.
NOTEBOOKS = [(lang, path) for lang in LANGUAGES for path in solution_paths(lang)]
NOTEBOOK_IDS = [f"{lang}-{path.name}" for lang, path in NOTEBOOKS]
SEEDS = (0, 1, 2, 7, 42)
SLOW = {"measure_rounds": (0, 3), "carnival_lead_changes": (0, 3)}  # each plays bot games
#: The exercises a French notebook sets up.
FRENCH = [key for key, cls in EXERCISES.items() if cls.title_fr]
#: The check's own words for a blank and for an unreadable answer, by language.
BLANK = {
    "en": ("no answer yet", "cannot read"),
    "fr": ("pas encore de réponse", "ne sais pas lire"),
}


def cases() -> list[tuple[str, int | None, str]]:
    out: list[tuple[str, int | None, str]] = []
    for key, cls in EXERCISES.items():
        seeds = SLOW.get(key, SEEDS) if cls.randomised else (None,)
        for lang in ("en", "fr") if key in FRENCH else ("en",):
            out.extend((key, seed, lang) for seed in seeds)
    return out


CASES = cases()
IDS = [f"{key}-{seed}-{lang}" for key, seed, lang in CASES]


@cache
def exercise(key: str, seed: int | None, lang: str = "en") -> Exercise:
    return make(key, seed, lang)


def rule_words(ex: Exercise) -> tuple[str, str]:
    """The section and the quote a hint of ``ex`` cites, in the exercise's language."""
    rule = ex.hint
    if ex.lang == "fr":
        assert rule.french is not None
        return rule.french
    return rule.section, rule.quote


# ------------------------------------------------------------------ the catalogue
def test_at_least_fifteen_exercises_across_every_theme() -> None:
    assert len(EXERCISES) >= 15
    themes = Counter(row["theme"] for row in catalogue())
    assert set(themes) == set(THEMES.values())
    assert all(count >= 3 for count in themes.values()), themes


def test_grade_ids_are_unique_and_follow_the_themes() -> None:
    numbers = [cls.number for cls in EXERCISES.values()]
    assert numbers == list(range(1, len(numbers) + 1))
    order = list(THEMES)
    assert [order.index(c.theme) for c in EXERCISES.values()] == sorted(
        order.index(c.theme) for c in EXERCISES.values()
    )


def test_some_exercises_are_randomised_by_seed() -> None:
    randomised = [k for k, c in EXERCISES.items() if c.randomised]
    assert len(randomised) >= 10
    for key in randomised:
        questions = {exercise(key, seed).question() for seed in SLOW.get(key, SEEDS)}
        assert len(questions) >= 2, f"{key}: every seed asks the same question"


def test_same_seed_same_exercise() -> None:
    for key in ("score_potion", "fewest_actions", "best_pair"):
        assert make(key, seed=5).question() == make(key, seed=5).question()


def test_fixed_exercises_take_no_seed() -> None:
    with pytest.raises(ValueError, match="same for everyone"):
        EXERCISES["full_turn"](seed=3)


def test_unknown_exercise_is_named() -> None:
    with pytest.raises(KeyError, match="no exercise 'nope'"):
        make("nope")


# ------------------------------------------------------------------ each check
@pytest.mark.parametrize(("key", "seed", "lang"), CASES, ids=IDS)
def test_check_accepts_the_engine_answer(key: str, seed: int | None, lang: str) -> None:
    ex = exercise(key, seed, lang)
    result = ex.check(ex.answer())
    assert result, f"{key} seed {seed}: {result}"
    assert str(result).startswith("✓")


@pytest.mark.parametrize(("key", "seed", "lang"), CASES, ids=IDS)
def test_check_accepts_every_form(key: str, seed: int | None, lang: str) -> None:
    ex = exercise(key, seed, lang)
    forms = ex.forms()
    assert len(forms) >= 3, f"{key}: list at least three ways of writing the answer"
    for form in forms:
        assert ex.check(form), f"{key} seed {seed}: {form!r} should be accepted"


@pytest.mark.parametrize(("key", "seed", "lang"), CASES, ids=IDS)
def test_check_rejects_wrong_answers_with_a_rule_hint(
    key: str, seed: int | None, lang: str
) -> None:
    ex = exercise(key, seed, lang)
    wrong = ex.wrong_answers()
    assert len(wrong) >= 2, f"{key}: at least two wrong answers"
    assert len({ex.read(w) for w in wrong}) >= 1
    for answer in wrong:
        result = ex.check(answer)
        assert not result, f"{key} seed {seed}: {answer!r} was accepted"
        assert str(result).startswith("✗")
        section, quote = rule_words(ex)
        assert section in result.hint and quote in result.hint


@pytest.mark.parametrize(("key", "seed", "lang"), CASES, ids=IDS)
def test_blank_and_unreadable_answers_get_a_hint(key: str, seed: int | None, lang: str) -> None:
    ex = exercise(key, seed, lang)
    no_answer, unreadable = BLANK[lang]
    blank = ex.check(None)
    assert not blank and no_answer in blank.message and rule_words(ex)[0] in blank.hint
    # The blank names the answer's form, in the notebook's language.
    assert ex.how_to_answer in blank.message
    odd = ex.check(object())
    assert not odd and unreadable in odd.message


def hint_is_quoted(exercise: Any) -> bool:
    """True when the French hint quotes a French rulebook (only Carnuta has one)."""
    return bool(exercise.hint.book == "carnuta")


@pytest.mark.parametrize("key", FRENCH)
def test_the_french_exercise_is_the_english_one_in_french(key: str) -> None:
    """The same position, answers and slips; every sentence the student reads in French."""
    for seed in SEEDS if EXERCISES[key].randomised else (None,):
        english, french = exercise(key, seed), exercise(key, seed, "fr")
        assert french.solutions() == english.solutions() and french.answer() == english.answer()
        if french.theme == "carcata":
            # Carcata's pictures speak the notebook's language: the same position, in French.
            assert french.carcata.state_key() == english.carcata.state_key()
            assert french.picture() == english.picture_in("fr")
        elif french.theme == "karnak":
            # So do Karnak's.
            assert french.karnak == english.karnak
            assert french.picture() == english.picture_in("fr")
        else:
            assert french.picture() == english.picture()
        assert [s.kind for s in french.slips()] == [s.kind for s in english.slips()]
        assert list(french.live_slips) == list(english.live_slips)
        wrong = french.check(french.wrong_answers()[0])
        assert str(wrong).startswith(f"✗ {french.grade_id} : pas celle-ci.")
        assert f"\nIndice : {french.hint.text('fr')}" in str(wrong)
        # Carnuta's French rules are quoted; Carnival's rule, without a French rulebook, is said.
        said = french.hint.french[1]
        assert french.hint.text("fr").endswith(f"« {said} »" if hint_is_quoted(french) else said)
        assert french.heading in str(french) and "Réponse : " in str(french)
        assert french.question() != english.question()


def slip_seeds(key: str) -> range | tuple[None]:
    return range(1000) if EXERCISES[key].randomised else (None,)


SLIP_CASES = [(key, "en") for key in EXERCISES] + [(key, "fr") for key in FRENCH]


@pytest.mark.parametrize(("key", "lang"), SLIP_CASES, ids=[f"{k}-{lang}" for k, lang in SLIP_CASES])
def test_every_slip_hint_is_reachable(key: str, lang: str) -> None:
    """Each kind of common mistake an exercise knows turns up for some student number, and
    checking the answer it leads to gives its own hint (plus the rule)."""
    cls = EXERCISES[key]
    assert len(cls.slip_kinds) >= 1, f"{key}: name the common mistakes"
    missing = set(cls.slip_kinds)
    for seed in slip_seeds(key):
        ex = make(key, seed, lang)
        for slip in ex.slips():
            assert slip.kind in cls.slip_kinds, f"{key}: undeclared slip {slip.kind!r}"
        for slip in ex.live_slips.values():
            result = ex.check(slip.answer)
            assert not result and slip.hint in result.message, (key, seed, slip, result)
            assert rule_words(ex)[1] in result.hint
            missing.discard(slip.kind)
        if not missing:
            break
    assert not missing, f"{key}: no student number meets the slip(s) {sorted(missing)}"


def test_a_readable_wrong_answer_is_not_a_syntax_complaint() -> None:
    ex = exercise("score_potion", 0)
    result = ex.check(ex.answer() + 1)
    assert "cannot read" not in result.message
    assert "Description of Points" in result.hint


def test_hint_names_the_rule_of_the_action_asked_about() -> None:
    for seed in SEEDS:
        ex = exercise("is_legal", seed)
        section = {"play": "Play a Card", "runes": "Take Runes", "flip": "Flip Runes"}[ex.rule]
        assert section in ex.check(not ex.answer()).hint


def test_every_rule_quote_is_from_the_rulebook() -> None:
    books = {rule.book for rule in RULES.values()}
    assert books == {"carnuta", "carnival", "carcata", "karnak"}
    rulebooks = {book: Path(f"/work/shared/rules/{book}-rulebook-en.txt") for book in books}
    if not all(path.exists() for path in rulebooks.values()):
        pytest.skip("the rulebook texts are not beside this checkout")
    texts = {
        book: " ".join(path.read_text(encoding="utf-8").split()) for book, path in rulebooks.items()
    }
    for rule in RULES.values():
        text = texts[rule.book]
        assert rule.section in text
        if rule.own_words:
            # Stated in the kit's words: no run of eight of the rulebook's words copied.
            said = rule.quote.split()
            copied = [said[i : i + 8] for i in range(len(said) - 7)]
            assert not [w for w in copied if " ".join(w) in text], rule.section
            continue
        for piece in re.split(r"\s*\[\.\.\.\]\s*", rule.quote):
            words = piece.split()
            # the reserve table is quoted as one sentence; the rest is verbatim
            if words and "2 players:" not in piece:
                assert " ".join(words) in text, piece


def test_every_french_rule_quote_is_from_the_french_rules() -> None:
    """The French hints quote the French express rules word for word (the space before a
    colon set as French typography wants it)."""
    path = Path("/work/shared/rules/carnuta-express-rules-fr.txt")
    if not path.exists():
        pytest.skip("the rulebook texts are not beside this checkout")
    text = " ".join(path.read_text(encoding="utf-8").replace(":", " :").split())
    needed = {EXERCISES[key]().rule for key in FRENCH if not EXERCISES[key].randomised}
    needed |= {
        make(key, seed).rule for key in FRENCH for seed in SEEDS if EXERCISES[key].randomised
    }
    for name in needed:
        assert RULES[name].french is not None, f"the rule {name!r} needs its French quote"
    for rule in RULES.values():
        if rule.french is None or rule.translated or rule.book != "carnuta":
            continue
        section, quote = rule.french
        assert section in text, section
        for piece in re.split(r"\s*\[\.\.\.\]\s*", quote):
            assert " ".join(piece.split()) in text, piece


# ------------------------------------------------------------------ rulebook examples
def test_full_turn_example_matches_the_rulebook() -> None:
    game = full_turn_game()
    game.play("runes moon")
    view = game.player(0)
    assert (view.suns, view.moons, view.empty_spaces) == (1, 3, 1)
    game.play("play N16")
    view = game.player(0)
    assert (view.suns, view.moons, len(view.hand)) == (2, 1, 2)
    assert sorted(c.id for c in view.hand) == ["D04", "D18"]


def test_marginal_value_counts_the_bonus_token_the_card_brings() -> None:
    with_token = [ex for ex in (make("marginal_value", s) for s in range(100)) if ex.token]
    assert len(with_token) >= 5
    for ex in with_token:
        assert ex.token.title in ex.question()
        game = ex.game.copy()
        game.play(f"play {ex.card}")
        assert game.phase == "bonus"
        game.play(f"bonus {ex.token}")
        assert ex.answer() == game.score_pad(0).total - ex.game.score_pad(0).total
    # The token is what the old answer (the card added, nothing else) left out.
    assert any(
        ex.answer() != total_with(ex.game, [ex.card]) - ex.game.score_pad(0).total
        for ex in with_token
    )


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(3, 10), salts=st.integers(0, 2))
def test_random_potions_are_positions_the_engine_accepts(seed: int, size: int, salts: int) -> None:
    potion = random_potion(random.Random(seed), size, salts=salts)
    game = stage([board(potion), opponent_board(potion)])  # PositionError if not
    played = game.player(0)
    assert len(played.played) == size and len(played.salt_on) == salts
    assert all(target not in SALTS for _, target in played.salt_on)


def test_eric_scores_forty() -> None:
    pad = eric_game().score_pad(0)
    assert pad.total == 40
    assert pad["egg"] == 11 and pad["butterfly"] == 18 and pad["berry"] == 6


# ------------------------------------------------------------------ the notebooks
def is_check(cell: Any) -> bool:
    return bool(cell.metadata.get("nbgrader", {}).get("grade"))


def run_cells(path: Path) -> dict[str, Any]:
    """Run a notebook's code cells in this process (fast; the kernel run is test_notebooks).
    Returns each check cell's outcome by grade id: None when it passed, else its WrongAnswer."""
    namespace: dict[str, Any] = {}
    outcomes: dict[str, Any] = {}
    notebook = nbformat.read(path, as_version=4)
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in notebook.cells:
            if cell.cell_type != "code":
                continue
            code = compile(cell.source, f"{path.name}", "exec")
            if not is_check(cell):
                exec(code, namespace)
                continue
            grade_id = cell.metadata["nbgrader"]["grade_id"]
            try:
                exec(code, namespace)
            except WrongAnswer as failure:
                outcomes[grade_id] = failure
            else:
                outcomes[grade_id] = None
    return outcomes


def test_there_is_one_solution_notebook_per_theme() -> None:
    assert len(SOLUTIONS) == len(THEMES)
    for lang, path in NOTEBOOKS:
        assert student_path(path, lang).exists(), f"no student notebook {lang}/{path.name}"


@pytest.mark.parametrize(("lang", "path"), NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_solution_answers_pass(lang: str, path: Path) -> None:
    outcomes = run_cells(path)
    assert outcomes, f"{path.name} checks no answer"
    failed = {grade_id: str(error) for grade_id, error in outcomes.items() if error}
    assert not failed, f"{path.name}: {failed}"


@pytest.mark.parametrize(("lang", "path"), NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_student_blanks_fail_their_checks_with_a_hint(lang: str, path: Path) -> None:
    outcomes = run_cells(student_path(path, lang))
    assert outcomes
    for grade_id, error in outcomes.items():
        assert error is not None, f"{path.name}: {grade_id} passed with no answer"
        result = error.result
        assert BLANK[lang][0] in result.message and result.hint, grade_id
        assert result.lang == lang and str(result) in str(error)


@pytest.mark.parametrize(("lang", "path"), NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_student_notebook_is_the_released_solution(lang: str, path: Path) -> None:
    solution = nbformat.read(path, as_version=4)
    student = nbformat.read(student_path(path, lang), as_version=4)
    released = student_version(solution, lang)
    assert [c.source for c in student.cells] == [c.source for c in released.cells], (
        f"{student_path(path, lang)} is out of date: run python -m exercises.kit.release"
    )
    assert [c.metadata for c in student.cells] == [c.metadata for c in released.cells]
    for cell in student.cells:
        assert BEGIN_SOLUTION not in cell.source and BEGIN_HIDDEN not in cell.source
    title = student.cells[0].source.splitlines()[0]
    heading = {"en": "# Exercises ", "fr": "# Exercices "}[lang]
    assert title.startswith(heading) and "solutions" not in title and "corrigé" not in title
    # Every link to a lesson leads to a lesson of this checkout, in the notebook's language.
    for cell in student.cells:
        for target in re.findall(r"\]\(([^)\s]+\.ipynb)\)", cell.source):
            lesson = (student_path(path, lang).parent / target).resolve()
            assert lesson.is_file(), target
            assert (lesson.parent.name == "fr") == (lang == "fr"), target


@pytest.mark.parametrize("path", solution_paths("fr"), ids=lambda p: p.name)
def test_a_french_notebook_is_its_english_one_in_french(path: Path) -> None:
    """The same cells, grade ids, exercises and checks as the English notebook of its number."""
    (english,) = [p for p in SOLUTIONS if p.name[:3] == path.name[:3]]
    french_cells = nbformat.read(path, as_version=4).cells
    english_cells = nbformat.read(english, as_version=4).cells
    assert [c.metadata for c in french_cells] == [c.metadata for c in english_cells]
    for french, same in zip(french_cells, english_cells, strict=True):
        grade_id = french.metadata.get("nbgrader", {}).get("grade_id", "")
        if grade_id.endswith("-setup"):
            assert french.source == same.source.replace(")\n", ", lang='fr')\n"), grade_id
        elif grade_id.endswith("-check"):
            assert french.source == same.source, grade_id


@pytest.mark.parametrize(("lang", "path"), NOTEBOOKS, ids=NOTEBOOK_IDS)
def test_nbgrader_metadata(lang: str, path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    grade_ids: list[str] = []
    answers = checks = 0
    for cell in notebook.cells:
        meta = cell.metadata.get("nbgrader")
        if meta is None:
            continue
        assert meta["schema_version"] == 3 and meta["task"] is False
        grade_ids.append(meta["grade_id"])
        if meta["solution"]:
            answers += 1
            assert meta == {**meta, "grade": False, "locked": False}
            assert meta["grade_id"].endswith("-answer") and BEGIN_SOLUTION in cell.source
        if meta["grade"]:
            checks += 1
            assert meta["locked"] is True and meta["points"] == 1 and not meta["solution"]
            number = meta["grade_id"][2:4]
            # One call that returns None: nbgrader finds no value to read as partial credit,
            # and a wrong answer stops the cell (WrongAnswer), which nbgrader scores 0.
            assert cell.source == f"ex{number}.verify(answer{number})"
    assert len(grade_ids) == len(set(grade_ids))
    assert answers == checks >= 3


def test_the_student_version_reads_for_students() -> None:
    text = "# Exercises 01 · Rules (solutions)\n\n[Start here](../../notebooks/00_start_here.ipynb)"
    assert student_markdown(text, "../notebooks/") == (
        "# Exercises 01 · Rules\n\n[Start here](../notebooks/00_start_here.ipynb)"
    )
    # Without an address for the lessons, a lesson is named in words, never a dead link.
    words = student_markdown(text, None)
    assert "](" not in words and "*Start here* (lesson 00_start_here.ipynb)" in words
    # Only the title loses "(solutions)", and links between exercise notebooks stay.
    assert lesson_links("[Exercises 02](03_runes.ipynb) (solutions)", None).endswith("(solutions)")


def test_a_course_folder_without_a_lessons_address_names_the_lessons(tmp_path: Path) -> None:
    written = init_course(tmp_path / "course")
    config = (tmp_path / "course" / "nbgrader_config.py").read_text(encoding="utf-8")
    assert "c.StudentVersion.lessons_url = ''" in config
    notebooks = [p for p in written if p.suffix == ".ipynb"]
    assert sorted(p.name for p in notebooks) == [p.name for p in SOLUTIONS]
    for path in notebooks:
        text = path.read_text(encoding="utf-8")
        assert "../../notebooks/" not in text and "(lesson 00_start_here.ipynb)" in text
    init_course(tmp_path / "site", "https://example.org/lessons")
    text = (tmp_path / "site" / "source" / "carnuta" / "02_rules.ipynb").read_text(encoding="utf-8")
    assert "](https://example.org/lessons/00_start_here.ipynb)" in text


def test_a_copy_of_the_kit_without_solutions_says_so_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bare = tmp_path / "installed" / "exercises"
    bare.mkdir(parents=True)
    monkeypatch.setattr(course_command, "HERE", bare)
    assert course_command.main([str(tmp_path / "course")]) == 1
    assert "no solution notebooks" in capsys.readouterr().err
    assert not (tmp_path / "course").exists()


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--course-id", "carnuta101"], "exchange"),
        (["--exchange", "/x", "--course-id", "a b"], "course_id"),
        (["--hand-in", "bob", "nowhere"], "course"),
        (["--course-id", "carnuta101", "--exchange", "exchange"], "exchange: an absolute"),
    ],
)
def test_the_course_command_refuses_what_cannot_be_a_course(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    assert course_command.main([str(tmp_path / "course"), *argv]) == 1
    err = capsys.readouterr().err
    assert err.startswith("python -m exercises.kit.course: error:") and named in err, err
    assert not (tmp_path / "course").exists()


def test_a_hand_in_files_the_released_notebooks_with_a_timestamp(tmp_path: Path) -> None:
    course = tmp_path / "course"
    init_course(course)
    release = course / "release" / "carnuta"
    release.mkdir(parents=True)
    student_notebooks = sorted((ROOT / "exercises").glob("*.ipynb"))
    for path in student_notebooks:
        (release / path.name).write_bytes(path.read_bytes())
    handed = tmp_path / "mail"
    handed.mkdir()
    (handed / "02_rules.ipynb").write_bytes(student_notebooks[0].read_bytes())
    (handed / "notes.txt").write_text("not a notebook", encoding="utf-8")
    with pytest.raises(ValueError, match="student"):
        course_command.hand_in(course, "../bob", handed)
    with pytest.raises(ValueError, match="folder"):
        course_command.hand_in(course, "bob", tmp_path)
    folder = course_command.hand_in(course, "bob", handed)
    assert folder == course / "submitted" / "bob" / "carnuta"
    assert sorted(p.name for p in folder.iterdir()) == ["02_rules.ipynb", "timestamp.txt"]
    stamp = (folder / "timestamp.txt").read_text(encoding="utf-8")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6} UTC", stamp), stamp


def test_the_release_drops_hidden_tests() -> None:
    cell = {
        "cell_type": "code",
        "metadata": {"nbgrader": {"grade": True}},
        "source": f"ex01.verify(answer01)\n{BEGIN_HIDDEN}\nassert secret\n### END HIDDEN TESTS",
    }
    assert student_source(cell) == "ex01.verify(answer01)"


def test_answer_stub_is_an_expression() -> None:
    assert eval(compile(f"(\n    {STUB}\n)", "stub", "eval")) is None


# ------------------------------------------------------------------ other modules agree
def test_fewest_actions_agrees_with_the_rune_graph() -> None:
    from carnuta_core.rune_graph import RuneState, actions_to_afford

    for seed in range(12):
        ex = make("fewest_actions", seed)
        state = RuneState.of(ex.game, 0)
        graph = actions_to_afford(state, DECK[ex.card].cost)
        assert graph.actions == ex.answer(), (seed, graph.path, ex.path)


def test_pay_cost_agrees_with_the_rune_graph() -> None:
    from carnuta_core.rune_graph import RuneState, pay

    for seed in range(12):
        ex = make("pay_cost", seed)
        after = pay(RuneState.of(ex.game, 0), DECK[ex.card].cost)
        assert (after.suns, after.moons) == ex.answer()


def test_best_market_card_agrees_with_the_draft_table() -> None:
    from carnuta_core.synergy import draft_table

    for seed in range(8):
        ex = make("best_market_card", seed)
        table = draft_table(ex.game, 0)
        ingredient_cards = table[[not DECK[c].is_salt for c in table.index]]
        assert ingredient_cards["gain now"].max() == max(ex.gains.values())
        assert ex.check(ingredient_cards["gain now"].idxmax())


def test_card_formula_takes_symbols_never_text() -> None:
    from exercises.kit import Min, n

    exercise = make("card_formula", seed=1)
    assert "not as text" in exercise.check(str(exercise.answer())).message
    assert "is not a count" in exercise.check(sympy.Symbol("x") + 1).message
    assert "fails on the counts" in exercise.check(lambda counts: counts["nothing"]).message
    set_card = next(
        make("card_formula", seed=s)
        for s in range(50)
        if "per set" in str(make("card_formula", seed=s).card.scoring)
    )
    # Adding a set's counts instead of taking the smallest is the classic slip.
    scoring = set_card.card.scoring
    total = scoring.points * sum(getattr(n, i.value) for i in scoring.ingredients)
    assert "smallest" in set_card.check(total).message
    assert set_card.check(set_card.answer() + 0 * Min(n.clover, n.flower))


def test_marginal_from_the_piecewise_agrees_with_the_derivation() -> None:
    from carnuta_core.maths import calculus

    for seed in range(12):
        ex = make("marginal_piecewise", seed)
        derived = calculus.marginal_value(ex.potion, ex.ingredient)
        # The engine's score with one more, the sympy derivation, and the cards one by one.
        assert derived.value == ex.answer() == sum(ex.changes.values()), seed
        assert ex.potion.played == ex.game.player(0).played


def test_best_potion_program_agrees_with_the_integer_program() -> None:
    from carnuta_core.maths import formulation

    for seed in range(6):
        ex = make("best_potion_program", seed)
        solved = formulation.optimum_milp(ex.cards, ex.k, bonus_tokens=0)
        assert solved.optimal and solved.value == ex.answer(), seed
        relaxed = formulation.optimum_milp(ex.cards, ex.k, bonus_tokens=0, relaxed=True)
        assert relaxed.bound >= ex.answer() - 1e-6


def test_closed_classes_are_one_trap_per_number_of_open_spaces() -> None:
    variants = {make("closed_classes", seed).rules for seed in range(200)}
    assert len(variants) >= 6
    for rules in variants:
        ex = next(e for e in (make("closed_classes", s) for s in range(200)) if e.rules == rules)
        assert ex.answer() == rules.rune_spaces - rules.open_spaces + 1, rules


def test_an_answer_near_the_exact_one_is_called_rounded_or_a_bound() -> None:
    wait = next(
        e
        for e in (make("first_wanted_reveal", s) for s in range(100))
        if e.answer().denominator == 3
    )
    near = wait.check(f"{float(wait.answer()):.3f}")
    assert not near and "rounded" in near.message
    bounded = next(
        e
        for e in (make("best_potion_program", s) for s in range(100))
        if any(s.kind == "the relaxation's bound" for s in e.live_slips.values())
    )
    bound = next(
        s.answer for s in bounded.live_slips.values() if s.kind == "the relaxation's bound"
    )
    for written in (round(bound, 1), math.floor(bound), math.ceil(bound)):
        if written != bounded.answer():
            assert "linear relaxation" in bounded.check(written).message, written


def test_the_lead_changes_exercise_agrees_with_the_labs_diff_report() -> None:
    """The exercise measures game by game (no pandas, as in the browser); the lesson's way,
    a sweep and its diff report, gives the same difference and interval."""
    from carnival_core import CarnivalTitle
    from tabletop import lab

    ex = make("carnival_lead_changes", seed=0)
    swept = lab.sweep(
        {"printed": CarnivalTitle(), "variant": CarnivalTitle(ex.rules)},
        "greedy",
        players=2,
        seeds=ex.seeds,
        workers=1,
        progress=False,
    )
    row = lab.diff_report(swept, baseline="printed").set_index("metric").loc["lead changes"]
    printed, variant, diff, low, high = ex.measured
    assert (row["baseline"], row["value"]) == pytest.approx((printed, variant))
    assert (row["diff"], row["ci_low"], row["ci_high"]) == pytest.approx((diff, low, high))


def test_carnival_exercises_agree_with_the_engine() -> None:
    from carnival_core import Rules as CarnivalRules

    for seed in range(20):
        decisions = make("carnival_decisions", seed)
        rules = decisions.rules
        assert decisions.answer() == rules.deck_after_setup(decisions.players) * rules.rounds
        choices = make("carnival_choices", seed)
        assert choices.answer() == choices.kinds * choices.places * (2 if choices.has_mask else 1)
        winner = make("carnival_round_winner", seed)
        result = winner.result(CarnivalRules())
        best = max(result.scores)
        tied = {s + 1 for s, points in enumerate(result.scores) if points == best}
        assert next(iter(winner.solutions())) <= tied


def test_the_teachers_python_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """exercises/README.md's ```python blocks, in order in one namespace (its shell blocks run
    in tests/test_nbgrader_course.py)."""
    readme = ROOT / "exercises" / "README.md"
    blocks = re.findall(r"^```python\n(.*?)^```", readme.read_text(encoding="utf-8"), re.S | re.M)
    assert blocks
    monkeypatch.chdir(ROOT)
    namespace: dict[str, Any] = {"__name__": "__readme__"}
    for source in blocks:
        exec(compile(source, str(readme), "exec"), namespace)
    assert namespace["ex"].check("7") is not None
