"""The hand-written gold for the deliverables is well formed: every brief field exists, and
every expected phrase or requirement quote is printed on the page it names (so the
measurements measure the brief and the matrix, not typos)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pypdfium2
import pytest

from rfp_agents.evaluation.brief_quality import load_gold_fields
from rfp_agents.evaluation.matrix_quality import load_gold_requirements
from tests.conftest import HOLDOUT_DIR, RFPS_DIR, ROOT

BRIEF_GOLD = load_gold_fields(ROOT / "eval" / "brief-gold.jsonl")
MATRIX_GOLD = load_gold_requirements(ROOT / "eval" / "matrix-gold.jsonl")


@cache
def page_text(file: str, page: int) -> str:
    folder = RFPS_DIR if (RFPS_DIR / file).exists() else HOLDOUT_DIR
    pdf = pypdfium2.PdfDocument(Path(folder) / file)
    text = pdf[page - 1].get_textpage().get_text_range().replace("\ufffe", "-")
    return " ".join(text.split()).lower()  # PDFium marks a hyphen that ends a line U+FFFE


@pytest.mark.parametrize(
    "entry", [g for g in BRIEF_GOLD if g.expect], ids=lambda g: f"{g.file}:{g.field}"
)
def test_an_expected_brief_phrase_is_on_one_of_its_pages(entry):
    text = " ".join(page_text(entry.file, p) for p in entry.pages)
    for phrase in entry.expect:
        assert any(o.lower() in text for o in phrase.split("|")), phrase


@pytest.mark.parametrize("entry", MATRIX_GOLD, ids=lambda g: f"{g.file}:p{g.page}")
def test_a_gold_requirement_is_on_its_page(entry):
    quote = " ".join(entry.quote.split()).lower()
    assert quote in page_text(entry.file, entry.page)


def test_the_gold_covers_enough_documents_in_both_sets():
    assert len({g.file for g in BRIEF_GOLD}) >= 5
    assert len({g.file for g in MATRIX_GOLD}) >= 3
    for gold in (BRIEF_GOLD, MATRIX_GOLD):
        assert {g.set for g in gold} == {"tuning", "holdout"}
    assert any(g.expect is None for g in BRIEF_GOLD)
