"""The LLM agent loop, driven by LangChain fake chat models scripted with tool calls."""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from pydantic import Field

from rfp_agents.agents.agent_graph import run_agent
from rfp_agents.agents.chat_model import chat_model_kwargs, make_chat_model
from rfp_agents.agents.profiles import PROFILES
from rfp_agents.agents.scope import KnowledgeScope
from rfp_agents.agents.tool_calls import parse_text_tool_calls
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.config import Settings
from rfp_agents.embeddings import get_embeddings
from rfp_agents.errors import ProviderTimeoutError
from rfp_agents.graph.ask import ask
from rfp_agents.graph.routing import OfflineRouter, route_with_model
from rfp_agents.skills.context_retriever import ContextRetriever
from tests.fake_models import StreamingFakeChatModel

LD_ANSWER = (
    "The contractor shall pay liquidated damages of USD 1,500 per calendar day of delay, "
    "up to a maximum of 10% of the implementation price."
)


class ScriptedChatModel(StreamingFakeChatModel):
    """A fake chat model that accepts tools and records the tool_choice it was bound with."""

    tool_choices: list[Any] = Field(default_factory=list)

    def bind_tools(self, tools: Any, *, tool_choice: Any = None, **kwargs: Any) -> Any:
        self.tool_choices.append(tool_choice)
        return self


class NoToolsChatModel(StreamingFakeChatModel):
    """A fake chat model without tool calling (``bind_tools`` is not implemented)."""


class SlowChatModel(ScriptedChatModel):
    """Answers only after the test has seen the timeout (``released``)."""

    def _generate(self, *args: Any, **kwargs: Any) -> Any:
        RELEASED.wait(30)
        return super()._generate(*args, **kwargs)


RELEASED = threading.Event()


def call(name: str, call_id: str = "c1", **args: Any) -> dict[str, Any]:
    return {"name": name, "args": args, "id": call_id, "type": "tool_call"}


def scripted(*messages: Any, cls: type = ScriptedChatModel) -> Any:
    return cls(messages=iter(messages))


def ask_legal(settings: Settings, model: Any, kbs: tuple[str, ...] = ("sample",), **kw: Any):
    return ask(
        "What liquidated damages apply if go-live is late?",
        kbs,
        domains=["legal"],
        settings=settings,
        chat_model=model,
        **kw,
    )


def test_tool_results_become_citations_even_without_markers(sample_kb_settings: Settings):
    model = scripted(
        AIMessage("", tool_calls=[call("query_knowledge", query_text="liquidated damages")]),
        AIMessage(LD_ANSWER),
    )
    answer = ask_legal(sample_kb_settings, model)
    assert model.tool_choices[0] == "auto"  # sent explicitly: some servers need it
    finding = answer.findings[0]
    assert finding.mode == "llm"
    assert [s.tool for s in finding.steps] == ["query_knowledge"]
    # the marker was inserted for the passage the sentence restates (p. 9)
    assert answer.answer.endswith("[1].")
    first = answer.citations[0]
    assert (first.n, first.source_file, first.page_number, first.cited) == (
        1,
        "sample_rfp.pdf",
        9,
        True,
    )
    assert len(answer.citations) == finding.steps[0].result_count  # every passage listed


def test_a_marker_pointing_at_nothing_is_removed(sample_kb_settings: Settings):
    model = scripted(
        AIMessage("", tool_calls=[call("query_knowledge", query_text="liquidated damages")]),
        AIMessage(f"{LD_ANSWER[:-1]} [1]. The Authority may also claim costs [42]."),
    )
    answer = ask_legal(sample_kb_settings, model)
    assert "[42]" not in answer.answer
    assert "[1]" in answer.answer
    assert any("removed marker(s) [42]" in w for w in answer.warnings)


def test_a_sentence_its_citation_does_not_support_is_flagged(sample_kb_settings: Settings):
    model = scripted(
        AIMessage("", tool_calls=[call("grep_documents", pattern="liquidated damages")]),
        AIMessage("Quantum encryption keys rotate hourly across satellite uplinks [1]."),
    )
    answer = ask_legal(sample_kb_settings, model)
    assert answer.unsupported and answer.unsupported[0].markers == [1]
    assert any("do not support" in w for w in answer.warnings)


def test_max_rounds_are_enforced(sample_kb_settings: Settings):
    settings = sample_kb_settings.model_copy(update={"max_agent_rounds": 2})
    model = scripted(
        AIMessage("", tool_calls=[call("query_knowledge", "a", query_text="damages")]),
        AIMessage("", tool_calls=[call("query_knowledge", "b", query_text="delay")]),
        AIMessage(LD_ANSWER),
    )
    answer = ask_legal(settings, model)
    finding = answer.findings[0]
    assert len(finding.steps) == 2
    assert model.tool_choices[-1] == "none"  # the last call may not use tools
    assert any("all 2 tool rounds" in w for w in answer.warnings)
    assert answer.cited


def test_a_model_without_tool_calling_takes_the_naive_rag_path(
    sample_kb_settings: Settings, caplog: pytest.LogCaptureFixture
):
    model = scripted(AIMessage(f"{LD_ANSWER[:-1]} [1]."), cls=NoToolsChatModel)
    with caplog.at_level(logging.WARNING, logger="rfp_agents"):
        answer = ask_legal(sample_kb_settings, model)
    finding = answer.findings[0]
    assert finding.mode == "naive-rag"
    assert [s.tool for s in finding.steps] == ["query_knowledge"]
    assert "naive RAG fallback" in caplog.text
    assert answer.cited[0].page_number == 9


def test_tool_calls_written_as_json_text_are_run(sample_kb_settings: Settings):
    text_call = json.dumps({"name": "query_knowledge", "arguments": {"query_text": "damages"}})
    model = scripted(AIMessage(f"I will search.\n```json\n{text_call}\n```"), AIMessage(LD_ANSWER))
    answer = ask_legal(sample_kb_settings, model)
    assert [s.tool for s in answer.findings[0].steps] == ["query_knowledge"]
    assert answer.cited


def test_a_model_that_answers_without_retrieving_gets_a_retrieval_first(
    sample_kb_settings: Settings,
):
    model = scripted(AIMessage("From memory: it is 5% a week."), AIMessage(LD_ANSWER))
    answer = ask_legal(sample_kb_settings, model)
    assert [s.tool for s in answer.findings[0].steps] == ["query_knowledge"]
    assert "5% a week" not in answer.answer
    assert answer.cited[0].page_number == 9


class FailingRetriever(ContextRetriever):
    """Fails for one knowledge base, as a server that lost a collection would."""

    def run(self, request, query_vector=None):
        if request.kb == "real":
            raise RuntimeError("collection unavailable")
        return super().run(request, query_vector)


def test_a_failing_knowledge_base_yields_failed_kbs_and_a_partial_answer(
    sample_kb_settings: Settings,
):
    retriever = FailingRetriever(sample_kb_settings)
    tools = KnowledgeTools(KnowledgeScope(["sample", "real"], retriever))
    model = scripted(
        AIMessage(
            "",
            tool_calls=[
                call("query_knowledge", kb_ids=["sample", "real"], query_text="liquidated damages")
            ],
        ),
        AIMessage(LD_ANSWER),
    )
    finding = run_agent(
        PROFILES["legal"], "What liquidated damages apply?", tools, model, sample_kb_settings
    )
    assert finding.steps[0].result_count > 0
    assert {e.kb for e in finding.evidence} == {"sample"}
    assert finding.answer == LD_ANSWER
    # the model saw which knowledge base failed
    tool = {t.name: t for t in tools.as_tools()}["query_knowledge"]
    body = json.loads(
        tool.invoke(call("query_knowledge", kb_ids=["sample", "real"], query_text="x")).content
    )
    assert body["failed_kbs"][0]["kb_id"] == "real"
    assert "collection unavailable" in body["failed_kbs"][0]["error"]
    assert body["results"]


def test_a_model_that_hangs_is_cut_off(sample_kb_settings: Settings):
    settings = sample_kb_settings.model_copy(update={"provider_timeout_seconds": 0.2})
    model = scripted(AIMessage(LD_ANSWER), cls=SlowChatModel)
    RELEASED.clear()
    try:
        with pytest.raises(ProviderTimeoutError, match="did not answer within 0.2 s"):
            ask_legal(settings, model)  # returns while the model still hangs
    finally:
        RELEASED.set()


def test_the_llm_router_uses_structured_output(sample_kb_settings: Settings):
    router = OfflineRouter(get_embeddings(sample_kb_settings))
    model = scripted(
        AIMessage(
            "",
            tool_calls=[call("LlmRoute", domains=["financial", "legal"], reason="money and terms")],
        )
    )
    decision = route_with_model(model, "What is the ceiling?", router, timeout=5)
    assert decision.domains == ["legal", "financial"]
    assert (decision.method, decision.reason) == ("llm", "money and terms")


def test_the_llm_router_falls_back_to_the_classifier(sample_kb_settings: Settings):
    router = OfflineRouter(get_embeddings(sample_kb_settings))
    model = scripted(AIMessage("financial, I think"))
    decision = route_with_model(model, "How are invoices paid?", router, timeout=5)
    assert decision.method == "fallback"
    assert decision.domains == ["financial"]


def test_json_tool_calls_in_text_must_name_a_known_tool():
    text = (
        '{"name": "rm_rf", "arguments": {}} and {"tool": "read_page", "args": {"page_number": 2}}'
    )
    calls = parse_text_tool_calls(text, {"read_page", "query_knowledge"})
    assert [(c["name"], c["args"]) for c in calls] == [("read_page", {"page_number": 2})]


def test_local_openai_servers_get_max_tokens_in_the_body(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:8080/v1")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    settings = Settings(chat_model="openai:qwen2.5-7b-instruct", max_output_tokens=300)
    kwargs = chat_model_kwargs(settings)
    assert kwargs["extra_body"] == {"max_tokens": 300}
    assert kwargs["use_responses_api"] is False
    model = make_chat_model(settings)
    payload = model.bind_tools([], tool_choice="auto")
    request = model._get_request_payload([HumanMessage("hi")], **payload.kwargs)
    assert request["extra_body"] == {"max_tokens": 300}
    assert "max_completion_tokens" not in request


def test_openai_itself_gets_max_completion_tokens(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    model = make_chat_model(Settings(chat_model="openai:gpt-4o-mini", max_output_tokens=300))
    request = model._get_request_payload([HumanMessage("hi")])
    assert request["max_completion_tokens"] == 300


def test_each_agent_step_is_kept_in_the_threads_checkpoints(sample_kb_settings: Settings):
    """The agent runs as a subgraph: its model and tool steps are checkpoints of the thread
    (what Studio shows and a resumed run would start from)."""
    from langchain_core.messages import ToolMessage

    from rfp_agents.graph.ask import thread_store

    model = scripted(
        AIMessage("", tool_calls=[call("query_knowledge", query_text="liquidated damages")]),
        AIMessage(LD_ANSWER),
    )
    ask_legal(sample_kb_settings, model, thread_id="agent-checkpoints")
    with thread_store(sample_kb_settings) as checkpointer:
        saved = list(checkpointer.list({"configurable": {"thread_id": "agent-checkpoints"}}))
    namespaces = [c.config["configurable"]["checkpoint_ns"] for c in saved]
    agent_steps = [c for c, ns in zip(saved, namespaces, strict=True) if ns.startswith("domain_")]
    tool_results = [
        m
        for c in agent_steps
        for m in c.checkpoint["channel_values"].get("messages", [])
        if isinstance(m, ToolMessage)
    ]
    assert len(agent_steps) >= 4  # input, model, tools, model, answer
    assert tool_results and tool_results[0].artifact


def test_a_model_that_keeps_calling_tools_after_the_last_round_still_ends(
    sample_kb_settings: Settings,
):
    """Tools are off for the last turn; a server that sends tool calls anyway must not loop
    the agent: the calls are dropped and the passages found so far answer."""
    again = AIMessage("", tool_calls=[call("query_knowledge", query_text="liquidated damages")])
    model = scripted(*[again] * 12)
    settings = sample_kb_settings.model_copy(update={"max_agent_rounds": 2})
    answer = ask_legal(settings, model)
    finding = answer.findings[0]
    # the model's two rounds; the third round's call was dropped (the extractive answer that
    # follows may read a page, which is not the model's)
    assert [s.tool for s in finding.steps].count("query_knowledge") == 2
    assert all(s.tool == "read_page" for s in finding.steps[2:])
    assert any("discarded (it was empty)" in w for w in finding.warnings)
    assert any(c.page_number == 9 for c in answer.cited)


def test_model_calls_under_the_timeout_wrapper_nest_under_their_node_in_the_trace(
    sample_kb_settings: Settings,
):
    """What LangSmith shows: each model call inside the agent node that made it, although
    the call runs in the timeout wrapper's thread."""
    from langchain_core.callbacks import BaseCallbackHandler

    from rfp_agents.graph.configuration import RUN_OBJECTS_KEY, Context, RunObjects
    from rfp_agents.graph.graph import build_graph

    class Runs(BaseCallbackHandler):
        def __init__(self) -> None:
            self.parent: dict[Any, Any] = {}
            self.name: dict[Any, str] = {}
            self.model_runs: list[Any] = []

        def on_chain_start(self, serialized, inputs, *, run_id, parent_run_id=None, **kw):
            self.parent[run_id], self.name[run_id] = parent_run_id, kw.get("name") or ""

        def on_tool_start(self, serialized, input_str, *, run_id, parent_run_id=None, **kw):
            self.parent[run_id], self.name[run_id] = parent_run_id, "tool"

        def on_chat_model_start(self, serialized, messages, *, run_id, parent_run_id=None, **kw):
            self.parent[run_id], self.name[run_id] = parent_run_id, "chat model"
            self.model_runs.append(run_id)

        def ancestors(self, run_id: Any) -> list[str]:
            names = []
            while (run_id := self.parent.get(run_id)) is not None:
                names.append(self.name.get(run_id, "?"))
            return names

    model = scripted(
        AIMessage("", tool_calls=[call("query_knowledge", query_text="liquidated damages")]),
        AIMessage(LD_ANSWER),
    )
    runs = Runs()
    config = {"callbacks": [runs], "configurable": {
        "thread_id": "trace", RUN_OBJECTS_KEY: RunObjects(sample_kb_settings, model)}}  # fmt: skip
    build_graph().compile().invoke(
        {"question": "What liquidated damages apply?", "domains": ["legal"]},
        config,
        context=Context(knowledge_bases=["sample"]),
    )
    assert len(runs.model_runs) == 2
    for run_id in runs.model_runs:
        ancestors = runs.ancestors(run_id)
        assert ancestors[0] == "model" and "domain_agent" in ancestors, ancestors
