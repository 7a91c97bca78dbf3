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

Category = Literal["legal", "technical", "financial", "general"]
DOMAINS: tuple[Category, ...] = ("legal", "technical", "financial")
CATEGORIES: tuple[Category, ...] = (*DOMAINS, "general")

# Term -> weight. Multi-word terms and clause-like terms weigh more: they are less ambiguous.
LEXICON: dict[str, dict[str, float]] = {
    "legal": {
        "liability": 2,
        "liable": 2,
        "indemnify": 2,
        "indemnification": 2,
        "indemnity": 2,
        "warranty": 2,
        "warranties": 2,
        "termination": 2,
        "terminate": 1.5,
        "governing law": 3,
        "jurisdiction": 2,
        "dispute": 1.5,
        "disputes": 1.5,
        "arbitration": 2,
        "breach": 1.5,
        "confidential": 1.5,
        "confidentiality": 2,
        "non-disclosure": 2,
        "intellectual property": 3,
        "data rights": 3,
        "license": 1,
        "licence": 1,
        "copyright": 1.5,
        "far 52": 3,
        "gsar": 2,
        "clause": 1,
        "clauses": 1,
        "incorporated by reference": 3,
        "insurance": 2,
        "insured": 1.5,
        "hipaa": 2,
        "business associate": 2.5,
        "key personnel": 1.5,
        "conflict of interest": 2.5,
        "contracting officer": 1.5,
        "shall not": 0.5,
        "agreement": 0.5,
        "compliance": 0.5,
        "penalty": 1,
        "penalties": 1,
        "liquidated damages": 3,
        "force majeure": 3,
        "publicity": 1.5,
        "subcontract": 1,
        "assignment": 1,
        "remedies": 1.5,
        "remedy": 1,
        "default": 1,
        "stop-work": 2,
        "disclosure": 1,
        "privacy": 1,
        "rights in data": 3,
    },
    "technical": {
        "architecture": 2,
        "security": 1.5,
        "sla": 2,
        "service level": 2.5,
        "uptime": 2.5,
        "availability": 1.5,
        "api": 2,
        "apis": 2,
        "software": 1,
        "system": 0.5,
        "cloud": 1.5,
        "cloud.gov": 2,
        "fedramp": 2.5,
        "aws": 2,
        "hosting": 2,
        "authentication": 2,
        "encryption": 2,
        "vulnerability": 2,
        "vulnerabilities": 2,
        "deployment": 2,
        "continuous integration": 2.5,
        "test coverage": 2.5,
        "testing": 1,
        "automated test": 2,
        "accessibility": 2,
        "wcag": 2.5,
        "section 508": 2.5,
        "owasp": 2.5,
        "open source": 1.5,
        "source code": 2,
        "repository": 1.5,
        "github": 1.5,
        "database": 1.5,
        "data migration": 2,
        "interface": 1,
        "user research": 2,
        "agile": 1.5,
        "sprint": 1.5,
        "devops": 2,
        "infrastructure": 1.5,
        "performance": 0.5,
        "standards": 0.5,
        "iso 27001": 3,
        "nist": 2,
        "login.gov": 2,
        "backup": 1.5,
        "monitoring": 1.5,
        "incident response": 2,
        "latency": 2,
        "scalability": 2,
        "requirements": 0.5,
        "technical": 1,
        "platform": 1,
        "metadata": 1,
        "analytics": 1,
    },
    "financial": {
        "price": 1.5,
        "prices": 1.5,
        "pricing": 2,
        "cost": 1.5,
        "costs": 1.5,
        "invoice": 2.5,
        "invoices": 2.5,
        "invoicing": 2.5,
        "payment": 2,
        "payments": 2,
        "budget": 2,
        "ceiling": 2,
        "funds": 1.5,
        "funding": 1.5,
        "limitation of funds": 3,
        "firm-fixed-price": 3,
        "firm fixed price": 3,
        "time-and-materials": 3,
        "time and materials": 3,
        "labor hour": 2.5,
        "labor rates": 2.5,
        "hourly rate": 2.5,
        "travel": 1.5,
        "per diem": 2.5,
        "bond": 1.5,
        "bonds": 1.5,
        "fee": 1,
        "fees": 1,
        "price reduction": 3,
        "deduction": 2,
        "deductions": 2,
        "discount": 1.5,
        "eft": 2,
        "electronic funds transfer": 3,
        "prompt payment": 3,
        "dollars": 1.5,
        "$": 1,
        "total evaluated price": 3,
        "price evaluation": 3,
        "option period": 1,
        "obligated": 1.5,
        "expenditure": 1.5,
        "reimburse": 2,
        "reimbursement": 2,
        "financial": 1.5,
        "billing": 2,
        "tax": 1,
        "taxes": 1,
        "compensation": 1.5,
    },
}

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
