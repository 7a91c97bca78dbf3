"""The gold brief file is well formed: every field exists, every file is a real PDF whose
stated pages hold the expected phrase (so the measurement measures the brief, not typos)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from rfp_agents.evaluation.brief_quality import load_gold_fields
from tests.conftest import HOLDOUT_DIR, RFPS_DIR, ROOT

GOLD = load_gold_fields(ROOT / "eval" / "brief-gold.jsonl")


def _pdf(entry) -> Path:
    return (RFPS_DIR if entry.set == "tuning" else HOLDOUT_DIR) / entry.file


@pytest.mark.parametrize(
    "entry", [g for g in GOLD if g.expect], ids=lambda g: f"{g.file}:{g.field}"
)
def test_an_expected_phrase_is_on_one_of_its_pages(entry):
    pdf = pypdfium2.PdfDocument(_pdf(entry))
    text = " ".join(
        " ".join(pdf[p - 1].get_textpage().get_text_range().split()) for p in entry.pages
    ).lower()
    for phrase in entry.expect:
        assert any(o.lower() in text for o in phrase.split("|")), phrase


def test_the_gold_covers_five_documents_in_both_sets():
    assert len({g.file for g in GOLD}) >= 5
    assert {g.set for g in GOLD} == {"tuning", "holdout"}
    assert any(g.expect is None for g in GOLD)
