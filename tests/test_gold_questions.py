"""The gold question sets under eval/: well-formed, and every expected page proven by its quote.

Two sets: the tuning set over ``../shared/data/rfps`` (rules may be tuned on it) and the
held-out set over the English documents of ``../shared/data/rfps-holdout`` (measured only).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rfp_agents.errors import UsageError
from rfp_agents.evaluation import load_questions, unproven
from tests.conftest import HOLDOUT_DIR, RFPS_DIR, ROOT

SETS = {
    "tuning": (ROOT / "eval" / "questions.jsonl", RFPS_DIR),
    "holdout": (ROOT / "eval" / "holdout-questions.jsonl", HOLDOUT_DIR),
}


@pytest.mark.parametrize("name", SETS)
def test_every_expected_page_is_proven_by_its_quote_in_the_pdf_text(name: str):
    questions, pdfs = SETS[name]
    assert unproven(load_questions(questions), pdfs) == []


@pytest.mark.parametrize("name", SETS)
def test_the_set_covers_the_domains_and_holds_unanswerable_questions(name: str):
    questions = load_questions(SETS[name][0])
    kinds = Counter(q.kind for q in questions)
    domains = Counter(q.domain for q in questions)
    assert len(questions) >= 40 and kinds["single"] >= 30 and kinds["unanswerable"] >= 5
    assert min(domains.values()) >= 8
    assert len({q.id for q in questions}) == len(questions)


def test_the_held_out_set_spans_its_english_documents_and_none_of_the_tuning_set():
    questions = load_questions(SETS["holdout"][0])
    files = {e.file for q in questions for e in q.expected}
    english = {p.name for p in HOLDOUT_DIR.glob("*.pdf")} - _spanish(HOLDOUT_DIR)
    assert files == english
    assert not files & {p.name for p in RFPS_DIR.glob("*.pdf")}
    unanswerable = sum(q.kind == "unanswerable" for q in questions) / len(questions)
    assert 0.1 <= unanswerable <= 0.2


def _spanish(folder: Path) -> set[str]:
    """The files SOURCES.md marks as Spanish (**es**)."""
    rows = (folder / "SOURCES.md").read_text(encoding="utf-8").splitlines()
    return {row.split("|")[1].strip() for row in rows if "| **es**" in row}


def test_a_wrong_quote_is_caught(tmp_path):
    bad = tmp_path / "q.jsonl"
    bad.write_text(
        '{"id": "x", "question": "Hours?", "domain": "financial", "kind": "single", '
        '"expected": [{"file": "gsa-cloudgov-support-pws.pdf", "pages": [5], '
        '"quote": "at least 6,000 annual labor hours"}]}\n'
    )
    assert unproven(load_questions(bad), RFPS_DIR) == [
        "x: 'at least 6,000 annual labor hours' not on gsa-cloudgov-support-pws.pdf [5] (found [3])"
    ]


def test_a_malformed_line_names_the_line(tmp_path):
    bad = tmp_path / "q.jsonl"
    bad.write_text('{"id": "x", "question": "Hours?", "domain": "sales", "kind": "single"}\n')
    with pytest.raises(UsageError, match=r"q.jsonl:1: domain='sales'"):
        load_questions(bad)
