"""One search request over several knowledge bases: each one searched, none sinking the rest.

The agents' ``query_knowledge`` tool and the retrieval pipeline both search every knowledge
base in scope with one request; this is the one place that does it. Knowledge bases are
searched in parallel (a Chroma server answers them concurrently), and one that fails is
reported in its ``KbOutcome`` while the others' results stand.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from rfp_agents.skills.context_retriever.models import ContextResult, RetrievalInput
from rfp_agents.skills.context_retriever.retriever import ContextRetriever

log = logging.getLogger("rfp_agents.retrieval")

MAX_PARALLEL = 4


@dataclass
class KbOutcome:
    """What one knowledge base gave: its results, or the error that stopped it."""

    kb: str
    results: list[ContextResult] = field(default_factory=list)
    error: str | None = None
    warning: str | None = None

    @property
    def failed(self) -> bool:
        return self.error is not None


def search_each(
    retriever: ContextRetriever,
    request: RetrievalInput,
    kbs: Sequence[str],
    vector: list[float] | None,
    run_id: str = "-",
) -> list[KbOutcome]:
    """``request`` (already validated) run on each of ``kbs`` with the query's ``vector``
    (None: each knowledge base embeds the query with its own model); one outcome per
    knowledge base, in the order given."""

    def one(kb: str) -> KbOutcome:
        log.info("querying knowledge base: run=%s kb_id=%s top_k=%d", run_id, kb, request.top_k)
        try:
            output = retriever.run(request.model_copy(update={"kb": kb}), vector)
        except Exception as exc:  # one failing kb must not sink the others
            log.warning(
                "knowledge base query failed: run=%s kb_id=%s error=%s: %s",
                run_id,
                kb,
                type(exc).__name__,
                exc,
            )
            return KbOutcome(kb, error=f"{type(exc).__name__}: {exc}")
        log.info(
            "knowledge base query succeeded: run=%s kb_id=%s result_count=%d",
            run_id,
            kb,
            len(output.results),
        )
        return KbOutcome(kb, results=list(output.results), warning=output.warning)

    if len(kbs) == 1:
        return [one(kbs[0])]
    with ThreadPoolExecutor(max_workers=min(MAX_PARALLEL, len(kbs))) as pool:
        return list(pool.map(one, kbs))
