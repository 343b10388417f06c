"""docs/carcata_rules_coverage.md must name only tests that exist, every clause test must be
in it, and every ruling and reconstruction of docs/carcata.md must have its row."""

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

TABLE = ROOT / "docs" / "carcata_rules_coverage.md"
DOCS = ROOT / "docs" / "carcata.md"
CLAUSE_TESTS = [
    ROOT / "tests" / "test_carcata_rules.py",
    ROOT / "tests" / "test_carcata_clauses.py",
]


def test_every_referenced_test_exists():
    check_named_tests_exist(TABLE, least=150)


def test_every_clause_has_a_test():
    check_every_clause_has_a_test(TABLE, more_than=90)


def test_every_clause_test_is_in_the_table():
    check_clause_tests_named(TABLE, CLAUSE_TESTS)


def test_every_ruling_and_reconstruction_of_the_docs_is_in_the_table():
    rulings = re.findall(r"^- \*\*(.+?)\.\*\*", doc_section(DOCS, "RULINGS"), re.M)
    rebuilt = re.findall(r"^- \*\*(.+?)\*\*", doc_section(DOCS, "The reconstruction"), re.M)
    assert len(rulings) >= 20 and len(rebuilt) >= 5
    covered = {name for _, name, _, _ in table_rows(TABLE)}
    missing = sorted(set(rulings + rebuilt) - covered)
    assert not missing, f"rulings or reconstructions with no row: {missing}"


def test_the_table_cites_the_rulebook_by_title_only():
    check_cites_the_rulebook_by_title(TABLE, "the Carcata rulebook")
