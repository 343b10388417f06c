"""docs/karnak_rules_coverage.md must name only tests that exist, every clause test must be in
it, and every ruling and reconstruction of docs/karnak.md must have its row."""

from __future__ import annotations

import re

from tests.coverage_tables import (
    REF,
    ROOT,
    check_named_tests_exist,
    clause_tests_not_named,
    table_rows,
)

TABLE = ROOT / "docs" / "karnak_rules_coverage.md"
DOCS = ROOT / "docs" / "karnak.md"
CLAUSE_TESTS = [
    ROOT / "tests" / "test_karnak_rules.py",
    ROOT / "tests" / "test_karnak_clauses.py",
]
RULEBOOK_SECTIONS = [
    "Overview", "Components", "Set-Up", "Taking Your Turn", "PLACE", "MOVE", "DRAW",
    "Revealing + Favor", "Example", "Favor Cards", "Bonus Actions", "Scoring",
]  # fmt: skip


def section(heading: str) -> str:
    """The text of ``docs/karnak.md`` under ``## heading``, to the next ``##`` heading."""
    text = DOCS.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def test_every_referenced_test_exists():
    check_named_tests_exist(TABLE, least=150)


def test_every_clause_has_a_test():
    rows = table_rows(TABLE)
    assert [n for n, *_ in rows] == list(range(1, len(rows) + 1)), "rows are numbered in order"
    assert len(rows) > 70
    for number, _, clause, cell in rows:
        assert clause, f"row {number} states no clause"
        assert REF.search(cell), f"row {number} ({clause}) names no test"


def test_the_rulebook_rows_follow_its_sections_in_order():
    sections = [name for _, name, _, _ in table_rows(TABLE) if name in RULEBOOK_SECTIONS]
    assert list(dict.fromkeys(sections)) == RULEBOOK_SECTIONS


def test_every_clause_test_is_in_the_table():
    for path in CLAUSE_TESTS:
        missing = clause_tests_not_named(TABLE, path)
        assert not missing, f"tests of {path.name} missing from the coverage table: {missing}"


def test_every_ruling_and_reconstruction_of_the_docs_is_in_the_table():
    rulings = re.findall(r"^(\d+)\. \*\*", section("RULINGS"), re.M)
    rebuilt = re.findall(r"^### (.+)$", section("The reconstruction"), re.M)
    assert len(rulings) >= 17 and len(rebuilt) >= 4
    covered = {name for _, name, _, _ in table_rows(TABLE)}
    wanted = {f"RULING {n}" for n in rulings} | {f"Reconstruction: {r}" for r in rebuilt}
    missing = sorted(wanted - covered)
    assert not missing, f"rulings or reconstructions with no row: {missing}"


def test_the_table_cites_the_rulebook_by_title_only():
    text = TABLE.read_text(encoding="utf-8")
    assert "the Karnak rulebook" in text
    assert "/work/" not in text and "rulebook-en" not in text
