"""Search primitives shared by the skill and the retrieval pipeline: BM25 and rank fusion.

Low level on purpose: nothing here imports the skill or the pipeline, so both can import it.
"""

from rfp_agents.search.bm25 import Bm25Index
from rfp_agents.search.fusion import RRF_BEST, RRF_K, fuse_rankings
from rfp_agents.search.lexical import LexicalHit, LexicalIndex, LexicalIndexCache

__all__ = [
    "RRF_BEST",
    "RRF_K",
    "Bm25Index",
    "LexicalHit",
    "LexicalIndex",
    "LexicalIndexCache",
    "fuse_rankings",
]
