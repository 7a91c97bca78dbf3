"""The three analysis domains and the transparent keyword classifier shared by ingestion
(chunk ``category``) and, later, question routing.

The classifier is deliberately simple and inspectable: each domain has a lexicon of RFP
vocabulary; a text's score for a domain is the weighted count of lexicon terms it contains.
``classify_text`` returns the winning category, a confidence in [0, 1] and the matched terms,
so an analyst can see *why* a chunk was labelled legal rather than financial.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from rfp_agents.vocabulary import vocabulary

Category = Literal["legal", "technical", "financial", "general"]
DOMAINS: tuple[Category, ...] = ("legal", "technical", "financial")
CATEGORIES: tuple[Category, ...] = (*DOMAINS, "general")

LEXICON: dict[str, dict[str, float]] = {d: vocabulary().domains[d].terms for d in DOMAINS}
"""Term -> weight, per domain, from ``rfp_agents/vocabulary/domains.toml`` (general contract
and procurement language; the file says where its terms come from)."""

# A text needs at least this much lexical evidence before it is labelled; below it, "general".
MIN_EVIDENCE = 2.0


def _compile(term: str) -> re.Pattern[str]:
    if term == "$":
        return re.compile(r"\$\s?\d")
    return re.compile(r"(?<![\w])" + re.escape(term) + r"(?![\w])", re.IGNORECASE)


_PATTERNS: dict[str, list[tuple[str, float, re.Pattern[str]]]] = {
    domain: [(term, float(weight), _compile(term)) for term, weight in terms.items()]
    for domain, terms in LEXICON.items()
}
_LITERALS: dict[str, str | None] = {
    term: None if term == "$" else term.lower() for terms in LEXICON.values() for term in terms
}
"""Each term's lower-cased text: a cheap ``in`` test that must pass before its regex runs
(a chunk mentions a few dozen of the lexicon's terms; running every regex cost ingest 1.4 s
on the real corpus)."""


@dataclass(frozen=True)
class Classification:
    """The outcome of ``classify_text``: a category, a confidence and the evidence."""

    category: Category
    score: float
    """Confidence in [0, 1]: the winner's share of all domain evidence, damped when little."""
    domain_scores: dict[str, float] = field(default_factory=dict)
    matched_terms: dict[str, list[str]] = field(default_factory=dict)


def classify_text(text: str) -> Classification:
    """Label ``text`` legal, technical, financial or general, with its evidence."""
    scores: dict[str, float] = {}
    matched: dict[str, list[str]] = {}
    lowered = text.lower()
    for domain, patterns in _PATTERNS.items():
        total = 0.0
        terms: list[str] = []
        for term, weight, pattern in patterns:
            literal = _LITERALS[term]
            if literal is not None and literal not in lowered:
                continue
            count = len(pattern.findall(text))
            if count:
                # Repetition counts, but with diminishing returns (1, 1.5, 2 ... capped at 3).
                total += weight * min(3.0, 1.0 + 0.5 * (count - 1))
                terms.append(term)
        scores[domain] = round(total, 3)
        matched[domain] = terms
    evidence = sum(scores.values())
    winner = max(DOMAINS, key=lambda d: scores[d])
    if scores[winner] < MIN_EVIDENCE:
        return Classification("general", 0.0, scores, matched)
    share = scores[winner] / evidence
    damping = min(1.0, evidence / (4 * MIN_EVIDENCE))
    return Classification(winner, round(share * damping, 4), scores, matched)
