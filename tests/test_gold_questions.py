"""The gold question set under eval/: well-formed, and every expected page proven by its quote."""

from __future__ import annotations

from collections import Counter

import pytest

from rfp_agents.errors import UsageError
from rfp_agents.evaluation import load_questions, unproven
from tests.conftest import RFPS_DIR, ROOT

QUESTIONS = ROOT / "eval" / "questions.jsonl"


def test_every_expected_page_is_proven_by_its_quote_in_the_pdf_text():
    questions = load_questions(QUESTIONS)
    assert unproven(questions, RFPS_DIR) == []


def test_the_set_covers_the_domains_and_holds_unanswerable_questions():
    questions = load_questions(QUESTIONS)
    kinds = Counter(q.kind for q in questions)
    domains = Counter(q.domain for q in questions)
    assert len(questions) >= 40 and kinds["single"] >= 30 and kinds["unanswerable"] >= 5
    assert min(domains.values()) >= 8
    assert len({q.id for q in questions}) == len(questions)


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
