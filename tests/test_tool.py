"""The skill as LangChain objects: a StructuredTool and a BaseRetriever."""

from __future__ import annotations

import json

from langchain_core.retrievers import BaseRetriever

from rfp_agents.skills.context_retriever import ContextRetriever, RetrievalInput
from rfp_agents.skills.context_retriever.tool import (
    ContextRetrieverAdapter,
    make_context_retriever_tool,
)


def test_tool_has_the_input_schema_and_returns_citations(sample_kb_settings):
    tool = make_context_retriever_tool(ContextRetriever(sample_kb_settings))
    assert tool.args_schema is RetrievalInput
    assert {"query", "top_k", "search_type", "metadata_filter"} <= set(tool.args)
    raw = tool.invoke(
        {"query": "performance bond", "top_k": 2, "kb": "sample", "metadata_filter": {"page": 7}}
    )
    output = json.loads(raw)
    assert [r["page_number"] for r in output["results"]] == [7, 7]
    assert all(r["source_file"] == "sample_rfp.pdf" for r in output["results"])


def test_tool_reports_fixable_errors_to_the_model(sample_kb_settings):
    tool = make_context_retriever_tool(ContextRetriever(sample_kb_settings))
    raw = tool.invoke({"query": "x", "kb": "sample", "metadata_filter": {"colour": "red"}})
    assert "unknown field 'colour'" in json.loads(raw)["error"]
    missing = tool.invoke({"query": "x", "kb": "nothing-here"})
    assert "rfp ingest" in json.loads(missing)["error"]


def test_base_retriever_adapter_keeps_citation_metadata(sample_kb_settings):
    retriever = ContextRetrieverAdapter(
        kb="sample", top_k=3, search_type="mmr", skill=ContextRetriever(sample_kb_settings)
    )
    assert isinstance(retriever, BaseRetriever)
    docs = retriever.invoke("How are invoices paid?")
    assert len(docs) == 3
    for doc in docs:
        assert {"relevance_score", "source_file", "page_number", "chunk_id"} <= set(doc.metadata)
    assert docs[0].metadata["page_number"] == 7
