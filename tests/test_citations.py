"""Citation numbering and marker checks (seed 003's post-processing)."""

from __future__ import annotations

from rfp_agents.agents.citations import check_markers, markers_in, number_citations
from rfp_agents.agents.evidence import Evidence

LD = Evidence(
    ref=1,
    kb="sample",
    source_file="rfp.pdf",
    page_number=9,
    chunk_id="c9",
    content="The Contractor shall pay liquidated damages of USD 1,500 per calendar day of delay.",
    score=0.6,
    tool="query_knowledge",
)
INSURANCE = Evidence(
    ref=2,
    kb="sample",
    source_file="rfp.pdf",
    page_number=8,
    chunk_id="c8",
    content="Commercial general liability insurance of at least USD 2,000,000 per occurrence.",
    score=0.5,
    tool="query_knowledge",
)


def test_unknown_markers_are_removed_and_reported():
    checked = check_markers("Damages are USD 1,500 per day of delay [1][7].", {1: LD})
    assert checked.text == "Damages are USD 1,500 per day of delay [1]."
    assert checked.removed_markers == [7]


def test_markers_after_the_full_stop_are_kept_with_their_sentence():
    checked = check_markers("Damages are USD 1,500 per day of delay. [1]", {1: LD})
    assert checked.text == "Damages are USD 1,500 per day of delay [1]."


def test_an_unmarked_restatement_gets_its_marker():
    checked = check_markers(
        "Liability insurance of USD 2,000,000 per occurrence is required.", {1: LD, 2: INSURANCE}
    )
    assert checked.text.endswith("per occurrence is required [2].")
    assert checked.added_markers == [2]


def test_an_unrelated_unmarked_sentence_gets_no_marker():
    checked = check_markers("The weather in Paris is mild in spring.", {1: LD, 2: INSURANCE})
    assert markers_in(checked.text) == []


def test_a_cited_passage_that_does_not_support_the_sentence_is_flagged():
    checked = check_markers("Bidders must hold ISO 27001 certification today [1].", {1: LD})
    assert checked.unsupported and checked.unsupported[0][1] == [1]


def test_numbering_across_domains_is_in_reading_order_and_deduplicated():
    legal_ld = LD.model_copy(update={"ref": 2})
    legal_ins = INSURANCE.model_copy(update={"ref": 1})
    texts, citations = number_citations(
        [
            ("legal", "Insurance is required [1]. Damages apply [2].", [legal_ins, legal_ld]),
            ("financial", "Damages are USD 1,500 a day [1].", [LD]),
        ]
    )
    assert texts == [
        "Insurance is required [1]. Damages apply [2].",
        "Damages are USD 1,500 a day [2].",
    ]
    assert [(c.n, c.chunk_id, c.cited) for c in citations] == [(1, "c8", True), (2, "c9", True)]
    assert citations[1].domains == ["legal", "financial"]


def test_uncited_passages_are_listed_after_the_cited_ones():
    _, citations = number_citations([("legal", "Damages apply [1].", [LD, INSURANCE])])
    assert [(c.n, c.chunk_id, c.cited) for c in citations] == [(1, "c9", True), (2, "c8", False)]
