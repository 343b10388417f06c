"""The Karnak exercises (ex37-ex40): each answer agrees with the engine, worked out here another
way (the touching graph for the frozen pieces, a replay of the rival's MOVE for the score, the
Priest's rule read off the mat's cells);
right answers in several natural forms are accepted, in both languages; each common mistake,
worked out here independently of the exercise's ``slips``, meets its own hint."""

from __future__ import annotations

import networkx as nx
import pytest

from exercises.kit import EXERCISES, make
from karnak_core import MAT, load_designs
from karnak_core.mat import is_white

KEYS = [key for key, cls in EXERCISES.items() if cls.theme == "karnak"]
SEEDS = (0, 1, 2, 7, 42, *range(3, 30))
LANGS = ("en", "fr")


def test_the_theme_has_four_randomised_exercises_in_both_languages() -> None:
    assert KEYS == ["frozen_cells", "complete_designs", "final_score", "priest_cells"]
    assert [EXERCISES[key].number for key in KEYS] == [37, 38, 39, 40]
    for key in KEYS:
        assert EXERCISES[key].randomised and EXERCISES[key].title_fr
        assert len({make(key, seed).question() for seed in range(10)}) >= 8, key


def hints_fire(ex: object, right: object, mistakes: list[tuple[object, str]]) -> int:
    """Each mistake's answer (when wrong here) meets its hint; when two mistakes give the same
    answer, either one's hint will do. How many mistakes were wrong here."""
    by_answer: dict[object, list[str]] = {}
    for answer, words in mistakes:
        if answer != right:
            by_answer.setdefault(answer, []).append(words)
    for answer, choices in by_answer.items():
        result = ex.check(sorted(answer) if isinstance(answer, frozenset | tuple) else answer)  # type: ignore[attr-defined]
        assert not result, (answer, result)
        assert any(words in result.message for words in choices), (answer, result.message)
    return len(by_answer)


# ------------------------------------------------------------------ ex37: frozen cells
def frozen_by_the_graph(ex: object) -> dict[str, frozenset[int]]:
    """The frozen cells from the touching graph: white pieces, covered pieces, the components
    the Priests touch, and the pieces the Priests touch themselves (a misreading)."""
    building = ex.building  # type: ignore[attr-defined]
    graph = building.graph()
    white = {c for c, level in graph if is_white(building.code((c, level)))}
    covered = {c for c, level in graph if level + 1 < len(building.stacks[c])}
    touched = {(n, 0) for p in building.priests for n in MAT.neighbours(p) if building.stacks[n]}
    held = {c for spot in touched for c, _ in nx.node_connected_component(graph, spot)}
    return {
        "right": frozenset(white | covered | held),
        "white forgotten": frozenset(covered | held),
        "covered forgotten": frozenset(white | held),
        "touched only": frozenset(white | covered | {c for c, _ in touched}),
        "Priest forgotten": frozenset(white | covered),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_frozen_cells_agree_with_the_touching_graph(lang: str) -> None:
    hints = {
        "en": {
            "white forgotten": "A white piece is always frozen",
            "covered forgotten": "A piece with another standing on it is frozen",
            "touched only": "freezes the whole structure",
            "Priest forgotten": "freezes the structure it touches",
        },
        "fr": {
            "white forgotten": "Une pièce blanche est toujours figée",
            "covered forgotten": "Une pièce sur laquelle une autre est posée est figée",
            "touched only": "fige toute la structure",
            "Priest forgotten": "fige la structure qu'il touche",
        },
    }[lang]
    for seed in SEEDS:
        ex = make("frozen_cells", seed, lang)
        found = frozen_by_the_graph(ex)
        right = found.pop("right")
        assert ex.read(ex.answer()) == right, seed
        assert len(ex.building.priests) == 1
        assert ex.check([MAT.name(c).upper() for c in sorted(right)]), seed
        assert ex.check(" ".join(MAT.name(c) for c in sorted(right, reverse=True))), seed

        def names(cells: frozenset[int]) -> tuple[str, ...]:
            return tuple(MAT.name(c) for c in sorted(cells))

        mistakes = [(names(cells), hints[kind]) for kind, cells in found.items()]
        wrong = hints_fire(ex, names(right), mistakes)
        assert wrong >= 2, seed  # white and covered pieces are always there to forget


def test_a_cell_that_is_not_on_the_mat_is_named() -> None:
    ex = make("frozen_cells", 0)
    assert "name cells like 'c4'" in ex.check("c4, z9").message
    assert "nommez les cases" in make("frozen_cells", 0, "fr").check(["i1"]).message


# ------------------------------------------------------------------ ex38: complete Designs
def misread(ex: object, old: str, new: str) -> frozenset[str]:
    """The Designs a mat completes when each goal is read with ``old`` taken for ``new``."""
    lines = [
        f"{d.id} | {d.name} | {d.name_fr} | {d.points} | {d.text.replace(old, new)}"
        for d in ex.designs  # type: ignore[attr-defined]
    ]
    building = ex.building  # type: ignore[attr-defined]
    return frozenset(d.id for d in load_designs("\n".join(lines)) if d.is_complete(building))


@pytest.mark.parametrize("lang", LANGS)
def test_complete_designs_agree_with_the_designs_and_meet_the_misreadings(lang: str) -> None:
    hints = {
        "en": ("means that many and no more", "Two structures must be two"),
        "fr": ("veut dire ce nombre et pas plus", "Deux structures doivent être deux"),
    }[lang]
    met = 0
    for seed in SEEDS:
        ex = make("complete_designs", seed, lang)
        right = frozenset(d.id for d in ex.designs if d.is_complete(ex.building))
        assert ex.read(ex.answer()) == right and 1 <= len(right) <= 3, seed
        assert len(ex.designs) == 4
        assert ex.check(" et ".join(sorted(right)).lower() if lang == "fr" else sorted(right))
        met += hints_fire(
            ex,
            right,
            [
                (misread(ex, "exactly", "at least"), hints[0]),
                (misread(ex, "two structures", "a structure"), hints[1]),
            ],
        )
    assert met >= 3


def test_designs_are_read_by_id_or_name_in_either_language() -> None:
    ex = make("complete_designs", 0)
    ids = ex.answer()
    names = [next(d for d in ex.designs if d.id == i) for i in ids]
    assert ex.check([d.name for d in names]) and ex.check([d.name_fr.upper() for d in names])
    assert ex.check(names)  # the Design values themselves
    assert "name Designs by their ids" in ex.check("K99").message


# ------------------------------------------------------------------ ex39: the final score
@pytest.mark.parametrize("lang", LANGS)
def test_the_final_score_replays_the_rivals_move(lang: str) -> None:
    hints = {
        "en": (
            "A revealed Design is not safe",
            "Each unused Favor card",
            "after player 2's MOVE",
            "still in hand score too",
        ),
        "fr": (
            "Un Design révélé n'est pas à l'abri",
            "Chaque carte Faveur",
            "après le DÉPLACEMENT",
            "encore en main marquent aussi",
        ),
    }[lang]
    for seed in SEEDS:
        ex = make("final_score", seed, lang)
        game = ex.before.copy()
        assert game.current_player == 1
        game.play(ex.lift.notation(lang))
        game.play(ex.put.notation(lang))
        assert game == ex.karnak, seed
        building = game.building()
        mine = [*game.hand(0), *game.revealed(0)]
        favors = sum(game.favor_cards(0).values())
        right = sum(d.points for d in mine if d.is_complete(building)) + favors
        assert ex.answer() == right == game.scores()[0], seed
        broken = [d for d in game.revealed(0) if not d.is_complete(building)]
        assert broken and all(d.is_complete(ex.before.building()) for d in game.revealed(0))
        assert ex.check(f"{right} points") and ex.check(str(right)), seed
        hints_fire(
            ex,
            right,
            [
                (right + sum(d.points for d in broken), hints[0]),
                (right - favors, hints[1]),
                (ex.before.scores()[0], hints[2]),
                (right - sum(d.points for d in game.hand(0) if d.is_complete(building)), hints[3]),
            ],
        )


def test_the_pictures_speak_the_notebooks_language() -> None:
    for key in KEYS:
        english, french = make(key, 5), make(key, 5, "fr")
        assert english.karnak == french.karnak
        assert french.picture() != english.picture() and french.picture().startswith("<svg")


# ------------------------------------------------------------------ ex40: where a Priest may go
def priest_cells_by_hand(ex: object) -> frozenset[str]:
    """The Priest's rule read off the cells' names: an empty cell with no Priest, exactly one
    occupied cell across its edges (columns or rows one apart, not both), that piece not in
    the structure the Priest already on the mat touches."""
    building = ex.building  # type: ignore[attr-defined]
    occupied = {MAT.name(c) for c, stack in enumerate(building.stacks) if stack}
    held = {MAT.name(c) for c, _ in building.held_by_priests()}
    priests = {MAT.name(c) for c in building.priests}
    found = set()
    for column in "abcdefgh":
        for row in range(1, 7):
            name = f"{column}{row}"
            if name in occupied or name in priests:
                continue
            sides = [
                f"{chr(ord(column) + dc)}{row + dr}"
                for dc, dr in ((-1, 0), (1, 0), (0, -1), (0, 1))
            ]
            touched = [side for side in sides if side in occupied]
            if len(touched) == 1 and touched[0] not in held:
                found.add(name)
    return frozenset(found)


@pytest.mark.parametrize("lang", LANGS)
def test_priest_cells_follow_the_rule_read_off_the_mat(lang: str) -> None:
    hints = {"en": "A Priest must touch exactly one piece", "fr": "Un prêtre doit toucher"}
    for seed in SEEDS:
        ex = make("priest_cells", seed, lang)
        right = priest_cells_by_hand(ex)
        assert {MAT.name(c) for c in ex.read(ex.answer())} == right, seed
        assert ex.check(" ".join(sorted(right, reverse=True)).upper())
        touching = {
            MAT.name(c)
            for c in range(MAT.size)
            if not ex.building.stacks[c]
            and c not in ex.building.priests
            and any(ex.building.stacks[n] for n in MAT.neighbours(c))
            and not any(
                (n, 0) in ex.building.held_by_priests()
                for n in MAT.neighbours(c)
                if ex.building.stacks[n]
            )
        }
        hints_fire(ex, tuple(sorted(right)), [(tuple(sorted(touching)), hints[lang])])
