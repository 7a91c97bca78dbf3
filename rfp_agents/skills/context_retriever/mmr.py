"""Maximal Marginal Relevance over normalised vectors, keeping each pick's query similarity."""

from __future__ import annotations

import numpy as np


def mmr_select(query: np.ndarray, candidates: np.ndarray, k: int, lambda_mult: float) -> list[int]:
    """Indices of up to ``k`` candidates in the order MMR picks them.

    Each step picks the candidate maximising
    ``lambda_mult * sim(query, c) - (1 - lambda_mult) * max(sim(c, already picked))``.
    Vectors are L2-normalised, so a dot product is the cosine similarity.
    """
    n = len(candidates)
    if n == 0 or k <= 0:
        return []
    query_sim = candidates @ query
    picked = [int(np.argmax(query_sim))]
    # Highest similarity of each candidate to anything picked so far, updated incrementally.
    redundancy = candidates @ candidates[picked[0]]
    available = np.ones(n, dtype=bool)
    available[picked[0]] = False
    while len(picked) < min(k, n):
        score = lambda_mult * query_sim - (1.0 - lambda_mult) * redundancy
        score[~available] = -np.inf
        best = int(np.argmax(score))
        picked.append(best)
        available[best] = False
        redundancy = np.maximum(redundancy, candidates @ candidates[best])
    return picked
