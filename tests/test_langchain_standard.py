"""LangChain's own standard test suites, run on the skill's retriever and tool adapters."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.retrievers import BaseRetriever
from langchain_core.tools import BaseTool
from langchain_tests.integration_tests import RetrieversIntegrationTests, ToolsIntegrationTests
from langchain_tests.unit_tests import ToolsUnitTests

from rfp_agents.config import Settings
from rfp_agents.skills.context_retriever import ContextRetriever
from rfp_agents.skills.context_retriever.tool import (
    ContextRetrieverAdapter,
    make_context_retriever_tool,
)


class TestContextRetrieverAdapterStandard(RetrieversIntegrationTests):
    @pytest.fixture(autouse=True)
    def _knowledge_bases(self, sample_kb_settings: Settings) -> None:
        self.settings = sample_kb_settings

    @property
    def retriever_constructor(self) -> type[BaseRetriever]:
        return ContextRetrieverAdapter

    @property
    def retriever_constructor_params(self) -> dict[str, Any]:
        return {"kb": "sample", "skill": ContextRetriever(self.settings)}

    @property
    def retriever_query_example(self) -> str:
        return "What liquidated damages apply if go-live is late?"


class _ToolSetup:
    @pytest.fixture(autouse=True)
    def _knowledge_bases(self, sample_kb_settings: Settings) -> None:
        self.settings = sample_kb_settings

    @property
    def tool_constructor(self) -> BaseTool:
        return make_context_retriever_tool(ContextRetriever(self.settings))

    @property
    def tool_invoke_params_example(self) -> dict[str, Any]:
        return {"query": "performance bond", "top_k": 2, "kb": "sample"}


class TestContextRetrieverToolUnit(_ToolSetup, ToolsUnitTests):
    pass


class TestContextRetrieverToolIntegration(_ToolSetup, ToolsIntegrationTests):
    pass


def test_k_and_its_top_k_alias_in_the_constructor_and_per_call(sample_kb_settings: Settings):
    skill = ContextRetriever(sample_kb_settings)
    assert len(ContextRetrieverAdapter(kb="sample", top_k=2, skill=skill).invoke("bond")) == 2
    retriever = ContextRetrieverAdapter(kb="sample", k=5, skill=skill)
    assert retriever.top_k == 5
    assert len(retriever.invoke("bond")) == 5
    assert len(retriever.invoke("bond", k=1)) == 1
    pages = {
        d.metadata["page_number"] for d in retriever.invoke("bond", metadata_filter={"page": 7})
    }
    assert pages == {7}


def test_max_top_k_setting_is_enforced_before_any_query(sample_kb_settings: Settings):
    from rfp_agents.skills.context_retriever import InvalidRetrievalInputError

    strict = ContextRetriever(sample_kb_settings.model_copy(update={"max_top_k": 5}))
    with pytest.raises(InvalidRetrievalInputError, match="RFP_MAX_TOP_K"):
        strict.retrieve("bond", top_k=6, kb="sample")
    assert len(strict.retrieve("bond", top_k=5, kb="sample").results) == 5
