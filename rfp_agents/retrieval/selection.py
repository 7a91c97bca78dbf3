"""Context selection: from reranked candidates, the passages worth reading, within a budget.

Dropped passages are recorded with the reason: ``threshold`` (cosine below the caller's
threshold), ``duplicate`` (the same text as a passage already kept, e.g. chunk overlap or a
clause repeated across documents), ``same page`` (a better passage of that page is kept),
``budget`` (the context budget is spent) or ``rank`` (enough passages were kept).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rfp_agents.retrieval.rerank import Candidate
from rfp_agents.text import content_terms

DUPLICATE_OVERLAP = 0.8
"""Share of a passage's terms found in a kept passage above which it is a duplicate."""


@dataclass(frozen=True)
class Dropped:
    candidate: Candidate
    reason: str


def select_context(
    ranked: Sequence[Candidate],
    top_k: int,
    budget_characters: int,
    score_threshold: float | None = None,
    must_include: Sequence[Candidate] = (),
) -> tuple[list[Candidate], list[Dropped]]:
    """The passages to use, best first, and the ones left out with the reason.

    ``must_include`` (the best passage of each side of a comparison) is considered first,
    so every side keeps evidence.
    """
    order = list({c.key: c for c in [*must_include, *ranked]}.values())
    kept: list[Candidate] = []
    kept_terms: list[set[str]] = []
    pages: dict[tuple[str, str, int], Candidate] = {}
    dropped: list[Dropped] = []
    used = 0
    for c in order:
        if score_threshold is not None and (c.dense_score or 0.0) < score_threshold:
            dropped.append(
                Dropped(c, f"threshold: cosine {(c.dense_score or 0.0):.2f} < {score_threshold}")
            )
            continue
        page = (c.kb, c.source_file, c.page_number)
        if page in pages:
            dropped.append(Dropped(c, f"same page as {pages[page].chunk_id} (kept, ranked higher)"))
            continue
        terms = set(content_terms(c.content))
        twin = next(
            (k for k, kt in zip(kept, kept_terms, strict=True) if _overlap(terms, kt)), None
        )
        if twin is not None:
            dropped.append(Dropped(c, f"duplicate of {twin.chunk_id}"))
            continue
        if len(kept) == top_k:
            dropped.append(Dropped(c, f"rank: {top_k} passages already kept"))
            continue
        if kept and used + len(c.content) > budget_characters:
            dropped.append(Dropped(c, f"budget: {used + len(c.content)} > {budget_characters}"))
            continue
        kept.append(c)
        kept_terms.append(terms)
        pages[page] = c
        used += len(c.content)
    kept.sort(key=lambda c: c.score, reverse=True)
    return kept, dropped


def _overlap(terms: set[str], other: set[str]) -> bool:
    return bool(terms) and len(terms & other) / len(terms) >= DUPLICATE_OVERLAP
