"""docs/karnak_rules_coverage.md must name only tests that exist, every clause test must be in
it, and every ruling and reconstruction of docs/karnak.md must have its row."""

from __future__ import annotations

import re

from tests.coverage_tables import (
    ROOT,
    check_cites_the_rulebook_by_title,
    check_clause_tests_named,
    check_every_clause_has_a_test,
    check_named_tests_exist,
    doc_section,
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


def test_every_referenced_test_exists():
    check_named_tests_exist(TABLE, least=150)


def test_every_clause_has_a_test():
    check_every_clause_has_a_test(TABLE, more_than=70)


def test_the_rulebook_rows_follow_its_sections_in_order():
    sections = [name for _, name, _, _ in table_rows(TABLE) if name in RULEBOOK_SECTIONS]
    assert list(dict.fromkeys(sections)) == RULEBOOK_SECTIONS


def test_every_clause_test_is_in_the_table():
    check_clause_tests_named(TABLE, CLAUSE_TESTS)


def test_every_ruling_and_reconstruction_of_the_docs_is_in_the_table():
    rulings = re.findall(r"^(\d+)\. \*\*", doc_section(DOCS, "RULINGS"), re.M)
    rebuilt = re.findall(r"^### (.+)$", doc_section(DOCS, "The reconstruction"), re.M)
    assert len(rulings) >= 17 and len(rebuilt) >= 4
    covered = {name for _, name, _, _ in table_rows(TABLE)}
    wanted = {f"RULING {n}" for n in rulings} | {f"Reconstruction: {r}" for r in rebuilt}
    missing = sorted(wanted - covered)
    assert not missing, f"rulings or reconstructions with no row: {missing}"


def test_the_table_cites_the_rulebook_by_title_only():
    check_cites_the_rulebook_by_title(TABLE, "the Karnak rulebook")
