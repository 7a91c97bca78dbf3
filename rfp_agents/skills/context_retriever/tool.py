"""The skill as LangChain objects: a structured tool for agents, a ``BaseRetriever`` for chains."""

from __future__ import annotations

import json
from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from langchain_core.tools import StructuredTool, ToolException
from pydantic import ConfigDict, Field

from rfp_agents.config import DEFAULT_KB
from rfp_agents.errors import RfpError
from rfp_agents.skills.context_retriever.models import (
    DEFAULT_LAMBDA_MULT,
    DEFAULT_TOP_K,
    RetrievalInput,
    SearchType,
)
from rfp_agents.skills.context_retriever.retriever import ContextRetriever

TOOL_NAME = "context_retriever"
TOOL_DESCRIPTION = (
    "Search the ingested RFP documents for passages relevant to a query. Returns JSON: results "
    "(content, relevance_score 0-1, source_file, page_number, chunk_id, metadata), ordered by "
    "relevance; total_found; and a warning when results are few or weak. Use search_type='mmr' "
    "for varied passages, metadata_filter to restrict by source, page_number, category "
    "(legal/technical/financial/general) or section, and score_threshold for precision. "
    "Cite every fact as (source_file, page_number). Not for ingesting documents."
)


def make_context_retriever_tool(retriever: ContextRetriever | None = None) -> StructuredTool:
    """The skill as a ``StructuredTool`` whose args schema is ``RetrievalInput``.

    Errors the model can fix (bad filter, k out of range, empty knowledge base) come back as
    the tool's result text, so an agent can correct its call instead of crashing.
    """
    retriever = retriever or ContextRetriever()

    def run_tool(**arguments: Any) -> str:
        try:
            request = retriever.validate(**arguments)
            return retriever.run(request).model_dump_json()
        except RfpError as exc:
            raise ToolException(str(exc)) from exc

    return StructuredTool.from_function(
        func=run_tool,
        name=TOOL_NAME,
        description=TOOL_DESCRIPTION,
        args_schema=RetrievalInput,
        handle_tool_error=lambda exc: json.dumps({"error": str(exc)}),
    )


class ContextRetrieverAdapter(BaseRetriever):
    """The skill as a LangChain ``BaseRetriever``, for any chain that expects one.

    Each returned ``Document`` carries the chunk metadata plus ``relevance_score``,
    ``source_file``, ``page_number`` and ``chunk_id``, so citations survive the chain.

    As LangChain retrievers do, the number of results is ``k`` (``top_k`` is an alias), in the
    constructor or per call; any other search argument may be given per call too.

    Example:
        .. code-block:: python

            retriever = ContextRetrieverAdapter(kb="tender-42", search_type="mmr", k=6)
            docs = retriever.invoke("insurance requirements")
            fewer = retriever.invoke("insurance requirements", k=2)
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, populate_by_name=True)

    kb: str = DEFAULT_KB
    k: int = Field(default=DEFAULT_TOP_K, alias="top_k", description="Results to return (1-50).")
    search_type: SearchType = SearchType.SIMILARITY
    metadata_filter: dict[str, Any] | None = None
    score_threshold: float | None = None
    fetch_k: int | None = None
    lambda_mult: float = DEFAULT_LAMBDA_MULT
    skill: ContextRetriever = Field(default_factory=ContextRetriever, exclude=True)

    @property
    def top_k(self) -> int:
        """The same as ``k`` (the skill's own name for it)."""
        return self.k

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, **overrides: Any
    ) -> list[Document]:
        """Search with this retriever's arguments, ``overrides`` (e.g. ``k=3``) on top.

        Raises the skill's errors (``InvalidRetrievalInputError``, ``InvalidFilterError``,
        ``IndexEmptyError``) before any query runs when an argument is wrong.
        """
        arguments = {
            "top_k": self.k,
            "search_type": self.search_type,
            "metadata_filter": self.metadata_filter,
            "score_threshold": self.score_threshold,
            "fetch_k": self.fetch_k,
            "lambda_mult": self.lambda_mult,
            "kb": self.kb,
        }
        if "k" in overrides:
            overrides["top_k"] = overrides.pop("k")
        request: RetrievalInput = self.skill.validate(query=query, **{**arguments, **overrides})
        output = self.skill.run(request)
        return [
            Document(
                page_content=r.content,
                id=r.chunk_id,
                metadata={
                    **r.metadata,
                    "relevance_score": r.relevance_score,
                    "source_file": r.source_file,
                    "page_number": r.page_number,
                    "chunk_id": r.chunk_id,
                },
            )
            for r in output.results
        ]
