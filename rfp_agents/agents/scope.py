"""The knowledge bases one run may read: a security boundary the tools enforce.

A ``kb_id`` outside the scope (typed by a user, chosen by a model, or planted in a document's
text) is refused and logged, and nothing is read.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from typing import Any

from rfp_agents.errors import OutOfScopeError
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.skills.context_retriever.retriever import ContextRetriever

log = logging.getLogger("rfp_agents.agents.tools")


class KnowledgeScope:
    """The knowledge bases one run may read, and the retriever that reads them."""

    def __init__(
        self,
        kbs: Sequence[str],
        retriever: ContextRetriever,
        run_id: str = "",
        document_ids: Sequence[str] | None = None,
    ):
        if not kbs:
            raise OutOfScopeError("a run needs at least one knowledge base in scope")
        self.kbs: tuple[str, ...] = tuple(dict.fromkeys(kbs))
        self.retriever = retriever
        self.run_id = run_id or uuid.uuid4().hex[:8]
        self.document_ids = list(document_ids) if document_ids else None

    def restrict(self, metadata_filter: dict[str, Any] | None) -> dict[str, Any] | None:
        """``metadata_filter`` limited to the run's selected documents, if any."""
        if not self.document_ids:
            return metadata_filter
        only = {"doc_id": {"$in": self.document_ids}}
        return {"$and": [metadata_filter, only]} if metadata_filter else only

    def allows(self, metadata: dict[str, Any]) -> bool:
        return not self.document_ids or metadata.get("doc_id") in self.document_ids

    def resolve(self, kb_id: str | None = None, kb_ids: Sequence[str] | None = None) -> list[str]:
        """The knowledge bases a call names (all in scope when it names none).

        Raises:
            OutOfScopeError: a named knowledge base is not in scope (logged as a refusal).
        """
        wanted = list(dict.fromkeys([*([kb_id] if kb_id else []), *(kb_ids or [])]))
        outside = [kb for kb in wanted if kb not in self.kbs]
        if outside:
            log.warning(
                "refused out-of-scope knowledge base: run=%s kb_ids=%s scope=%s",
                self.run_id,
                outside,
                list(self.kbs),
            )
            raise OutOfScopeError(
                f"knowledge base(s) {outside} are not available in this run; "
                f"use one of {list(self.kbs)}"
            )
        return wanted or list(self.kbs)

    def open(self, kb: str) -> KnowledgeBase:
        """An in-scope knowledge base, from the retriever's cache of open collections."""
        return self.retriever.knowledge_base(kb)
