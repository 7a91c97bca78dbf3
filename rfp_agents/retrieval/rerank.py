"""The reranker: start from the fused retrieval score, add explicit boosts, record why.

Every boost is written into the candidate's ``reasons`` so an analyst (and ``--diagnostics``)
can see why a passage ranks where it does:

* ``exact``: the passage contains an exact term of the question (clause number, amount,
  percentage, standard, quoted phrase);
* ``number``: it contains a number of two or more digits the question names ("6,000", "72");
* ``subject``: it comes from a document the question names;
* ``category``: its chunk category is the asking agent's domain;
* ``coverage``: it contains the question's key terms, weighted by how specific they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rfp_agents.text import content_terms, exact_terms, specificity_weights, weighted_overlap

EXACT_BOOST = 0.15
MAX_EXACT_BOOSTS = 2
NUMBER_BOOST = 0.1
SUBJECT_BOOST = 0.1
CATEGORY_BOOST = 0.05
COVERAGE_BOOST = 0.3
CROSS_LANGUAGE_COVERAGE_BOOST = 0.8
"""The coverage boost when the passages are weighed against the question's translation
(an English question on Spanish tenders, ``expansion.Expansion.ranking_text``). Its several
Spanish searches find much the same passages, so the fused score mostly counts how many of
them found one; which passage holds the translated terms is the better evidence."""


@dataclass
class Candidate:
    """A passage found by one or more searches of the pipeline."""

    kb: str
    chunk_id: str
    content: str
    metadata: dict[str, Any]
    dense_score: float | None
    lexical_score: float | None
    fused_score: float = 0.0
    score: float = 0.0
    reasons: list[str] = field(default_factory=list)
    queries: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str]:
        return (self.kb, self.chunk_id)

    @property
    def source_file(self) -> str:
        return str(self.metadata.get("source", ""))

    @property
    def page_number(self) -> int:
        return int(self.metadata.get("page_number", 1))


def rerank(
    candidates: Sequence[Candidate],
    question: str,
    named_documents: Sequence[str] = (),
    domain: str | None = None,
    coverage_boost: float = COVERAGE_BOOST,
) -> list[Candidate]:
    """Score each candidate (fused score plus recorded boosts), best first."""
    exact = exact_terms(question)
    numbers = {
        t for t in content_terms(question) if t[0].isdigit() and len(t) >= 2 and t not in exact
    }
    terms = set(content_terms(question))
    weights = specificity_weights(terms, [c.content for c in candidates])
    for c in candidates:
        c.score = c.fused_score
        c.reasons = [f"fused {c.fused_score:.3f}"]
        text = c.content.lower()
        found_exact = [t for t in exact if t.lower() in text][:MAX_EXACT_BOOSTS]
        for term in found_exact:
            c.score += EXACT_BOOST
            c.reasons.append(f"exact {term!r} +{EXACT_BOOST}")
        passage_terms = set(content_terms(c.content))
        found_numbers = sorted(numbers & passage_terms)
        if found_numbers:
            c.score += NUMBER_BOOST
            c.reasons.append(f"number {', '.join(found_numbers)} +{NUMBER_BOOST}")
        if c.source_file in named_documents:
            c.score += SUBJECT_BOOST
            c.reasons.append(f"subject {c.source_file} +{SUBJECT_BOOST}")
        if domain and c.metadata.get("category") == domain:
            c.score += CATEGORY_BOOST
            c.reasons.append(f"category {domain} +{CATEGORY_BOOST}")
        if weights:
            coverage = weighted_overlap(weights, c.content)
            c.score += coverage_boost * coverage
            c.reasons.append(f"coverage {coverage:.2f} +{coverage_boost * coverage:.3f}")
        c.score = round(c.score, 4)
    return sorted(candidates, key=lambda c: c.score, reverse=True)
