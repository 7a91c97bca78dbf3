"""The three analysis domains and the transparent keyword classifier shared by ingestion
(chunk ``category``) and, later, question routing.

The classifier is deliberately simple and inspectable: each domain has a lexicon of RFP
vocabulary; a text's score for a domain is the weighted count of lexicon terms it contains.
``classify_text`` returns the winning category, a confidence in [0, 1] and the matched terms,
so an analyst can see *why* a chunk was labelled legal rather than financial.

One sentence names few lexicon terms, so the router (a question) and the compliance matrix
(a requirement) also weigh how close the text is to each domain's description
(``DomainDescriptions``) and ``blend`` the two signals.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

import numpy as np
from langchain_core.embeddings import Embeddings

from rfp_agents.text import fold_accents
from rfp_agents.vocabulary import vocabulary

Domain = Literal["legal", "technical", "financial"]
"""One of the three analysis domains (a route, a matrix row's domain)."""
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
    return re.compile(r"(?<![\w])" + re.escape(fold_accents(term)) + r"(?![\w])", re.IGNORECASE)


_PATTERNS: dict[str, list[tuple[str, float, re.Pattern[str]]]] = {
    domain: [(term, float(weight), _compile(term)) for term, weight in terms.items()]
    for domain, terms in LEXICON.items()
}
_LITERALS: dict[str, str | None] = {
    term: None if term == "$" else fold_accents(term).lower()
    for terms in LEXICON.values()
    for term in terms
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
    text = fold_accents(text)  # "GARANTIA" is "garantía"
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


LEXICON_WEIGHT = 0.6
"""The lexicon's share of ``blend`` when the text names a domain term; the rest is similarity."""
SIMILARITY_TEMPERATURE = 0.03
"""Softmax temperature over cosine similarities: a 0.03 lead is a clear preference."""


def blend(lexicon: Classification, similarity: np.ndarray) -> np.ndarray:
    """Each domain's combined score (in ``DOMAINS`` order, summing to one): the share of the
    text's lexicon evidence, weighted ``LEXICON_WEIGHT``, plus the softmax of its similarity
    to each description; similarity alone when the text names no lexicon term."""
    total = sum(lexicon.domain_scores.values())
    share = np.array([lexicon.domain_scores[d] / total if total else 0.0 for d in DOMAINS])
    weight = LEXICON_WEIGHT if total else 0.0
    return weight * share + (1.0 - weight) * _softmax(similarity / SIMILARITY_TEMPERATURE)


def _softmax(values: np.ndarray) -> np.ndarray:
    shifted = np.exp(values - values.max())
    return shifted / shifted.sum()


@cache
def domain_descriptions(embeddings: Embeddings) -> DomainDescriptions:
    """One ``DomainDescriptions`` per embedding model (the loaders keep one instance of each),
    so the descriptions are embedded once a process, whoever asks: the router, each matrix."""
    return DomainDescriptions(embeddings)


class DomainDescriptions:
    """What each domain covers (``domains.toml``'s descriptions), embedded once with one
    embedding model; ``similarity`` is a vector's cosine to each, in ``DOMAINS`` order.
    The vector must come from the same model (a knowledge base's chunk vectors: its own)."""

    def __init__(self, embeddings: Embeddings):
        self.embeddings = embeddings
        self._vectors: np.ndarray | None = None
        self._lock = threading.Lock()

    def similarity(self, vector: Sequence[float] | np.ndarray) -> np.ndarray:
        query = np.asarray(vector, dtype=np.float32)
        return self._unit_vectors() @ (query / (np.linalg.norm(query) or 1.0))

    def _unit_vectors(self) -> np.ndarray:
        with self._lock:
            if self._vectors is None:
                texts = [vocabulary().domains[d].description for d in DOMAINS]
                vectors = np.asarray(self.embeddings.embed_documents(texts), dtype=np.float32)
                self._vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
            return self._vectors
