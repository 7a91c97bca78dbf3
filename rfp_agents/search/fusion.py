"""Reciprocal rank fusion (Cormack, Clarke and Buettcher, SIGIR 2009)."""

from __future__ import annotations

RRF_K = 60
"""Reciprocal rank fusion constant: a result scores 1 / (RRF_K + rank) in each ranking."""
RRF_BEST = 2.0 / (RRF_K + 1)
"""The fused score of a chunk ranked first by both dense and BM25 search."""


def fuse_rankings(rankings: list[list[str]], k: int = RRF_K) -> dict[str, float]:
    """Reciprocal rank fusion of several rankings of ids: id -> fused score, best first."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, 1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return dict(sorted(scores.items(), key=lambda kv: kv[1], reverse=True))
