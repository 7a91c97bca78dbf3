"""Query expansion: one question becomes a few retrieval queries, each with a reason.

An analyst's words are often not the RFP's: "penalties" is written "liquidated damages",
"price reduction" or "deductions"; "uptime" is "availability" or a "service level". The
vocabulary below maps everyday words to RFP phrasing, by domain. The expanded queries are
the question itself, a rewrite in RFP vocabulary, and the question's key terms alone (which
helps BM25 and keeps the embedding from drifting on filler words).
"""

from __future__ import annotations

from dataclasses import dataclass

from rfp_agents.text import content_terms

# stem of a question word -> (domain, RFP phrasings)
RFP_VOCABULARY: dict[str, tuple[str, tuple[str, ...]]] = {
    "penalty": ("legal", ("liquidated damages", "price reduction", "deductions", "remedies")),
    "late": ("legal", ("delay", "liquidated damages")),
    "fine": ("legal", ("liquidated damages", "price reduction")),
    "terminate": ("legal", ("termination for convenience", "termination for default")),
    "cancel": ("legal", ("termination", "cancellation")),
    "own": ("legal", ("data rights", "ownership of deliverables", "license")),
    "owner": ("legal", ("data rights", "ownership of deliverables")),
    "ownership": ("legal", ("data rights", "license")),
    "law": ("legal", ("governing law", "jurisdiction", "forum")),
    "insurance": ("legal", ("coverage limits", "liability insurance", "indemnification")),
    "liability": ("legal", ("indemnify", "hold harmless", "insurance")),
    "clearance": ("legal", ("background investigation", "suitability", "security clearance")),
    "citizen": ("legal", ("citizenship", "U.S. citizens")),
    "staff": ("legal", ("key personnel", "labor hours")),
    "breach": ("legal", ("notify", "notification", "unauthorized disclosure", "incident")),
    "privacy": ("legal", ("HIPAA", "protected health information", "business associate")),
    "uptime": ("technical", ("availability", "service level")),
    "availability": ("technical", ("uptime", "service level")),
    "sla": ("technical", ("service level agreement", "acceptable quality level")),
    "accessibility": ("technical", ("Section 508", "WCAG")),
    "accessible": ("technical", ("Section 508", "WCAG")),
    "security": ("technical", ("vulnerability", "FedRAMP", "authorization")),
    "login": ("technical", ("authentication", "Login.gov")),
    "authentication": ("technical", ("Login.gov", "multi-factor")),
    "test": ("technical", ("test coverage", "automated testing")),
    "coverage": ("technical", ("test coverage", "code coverage")),
    "deploy": ("technical", ("deployment", "continuous integration")),
    "hosting": ("technical", ("cloud", "infrastructure")),
    "cost": ("financial", ("price", "ceiling", "budget")),
    "budget": ("financial", ("ceiling", "up to", "funds")),
    "ceiling": ("financial", ("not to exceed", "up to", "budget")),
    "spend": ("financial", ("price", "ceiling", "budget")),
    "pay": ("financial", ("payment", "invoice", "reimburse")),
    "paid": ("financial", ("payment", "electronic funds transfer", "invoice")),
    "invoice": ("financial", ("invoicing", "payment")),
    "price": ("financial", ("pricing", "rates", "firm fixed price")),
    "travel": ("financial", ("travel expenses", "reimburse")),
    "volume": ("financial", ("estimated value", "ceiling")),
}


@dataclass(frozen=True)
class ExpandedQuery:
    text: str
    why: str


def expand_queries(question: str, domain: str | None = None, limit: int = 3) -> list[ExpandedQuery]:
    """The question, its RFP-vocabulary rewrite and its key terms, at most ``limit``."""
    queries = [ExpandedQuery(question, "the question")]
    terms = content_terms(question)
    matched = [(t, RFP_VOCABULARY[t]) for t in dict.fromkeys(terms) if t in RFP_VOCABULARY]
    # the agent's own domain first: its phrasings are the likelier reading
    matched.sort(key=lambda item: item[1][0] != domain)
    if matched:
        phrasings = list(dict.fromkeys(p for _, (_, ps) in matched for p in ps))[:6]
        rewrite = " ".join([*terms, *phrasings])
        words = ", ".join(f"{t} -> {' / '.join(ps)}" for t, (_, ps) in matched)
        queries.append(ExpandedQuery(rewrite, f"RFP vocabulary: {words}"))
    key_terms = " ".join(terms)
    if key_terms and key_terms.lower() != question.lower() and len(terms) >= 2:
        queries.append(ExpandedQuery(key_terms, "key terms only"))
    unique = list({q.text.lower(): q for q in queries}.values())
    return unique[:limit]
