"""Step definitions for features/pipeline/ask.feature."""

from __future__ import annotations

import json
import logging

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from rfp_agents.agents.answer_layout import CAUTION
from rfp_agents.agents.scope import KnowledgeScope
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.config import Settings
from rfp_agents.graph.answer import NO_EVIDENCE_ANSWER
from rfp_agents.graph.ask import ask, thread_store
from rfp_agents.graph.graph import build_graph
from rfp_agents.skills.context_retriever import ContextRetriever

scenarios("pipeline/ask.feature")


@pytest.fixture
def ctx() -> dict:
    return {"answers": []}


@when(parsers.parse('I ask "{question}" of "{kb}"'))
def ask_question(ctx: dict, sample_kb_settings: Settings, question: str, kb: str) -> None:
    ctx["answers"].append(ask(question, [kb], settings=sample_kb_settings))


@when(parsers.parse('I ask "{question}" of "{kb}" in thread "{thread}"'))
def ask_in_thread(
    ctx: dict, sample_kb_settings: Settings, question: str, kb: str, thread: str, request
) -> None:
    # threads.sqlite is shared by the session's knowledge bases: make the id this test's own
    thread_id = f"{thread}-{request.node.name}"
    ctx["thread_id"] = thread_id
    ctx["answers"].append(ask(question, [kb], thread_id=thread_id, settings=sample_kb_settings))


@then(parsers.parse('the answer quotes "{phrase}"'))
def quotes(ctx: dict, phrase: str) -> None:
    assert phrase.lower() in ctx["answers"][-1].answer.lower()


@then("the answer says the documents hold no evidence")
def no_evidence(ctx: dict) -> None:
    answer = ctx["answers"][-1]
    assert answer.no_evidence, answer.answer
    assert answer.answer == NO_EVIDENCE_ANSWER
    assert not answer.cited


@then("the answer carries a no-evidence warning")
def no_evidence_warning(ctx: dict) -> None:
    assert any("no evidence" in w for w in ctx["answers"][-1].warnings)


@then("the answer says the closest passages may not answer it, and cites them")
def cautioned(ctx: dict) -> None:
    answer = ctx["answers"][-1]
    assert not answer.no_evidence, answer.answer
    assert answer.answer.startswith(CAUTION)
    assert answer.cited


@then(parsers.parse('the answer carries a weak-evidence warning naming "{absent}"'))
def weak_warning(ctx: dict, absent: str) -> None:
    warnings = ctx["answers"][-1].warnings
    assert any(f"weak evidence: no document in scope mentions '{absent}'" in w for w in warnings)


@given(parsers.parse('a run scoped to "{kb}"'))
def scoped_run(ctx: dict, sample_kb_settings: Settings, kb: str) -> None:
    ctx["tools"] = KnowledgeTools(KnowledgeScope([kb], ContextRetriever(sample_kb_settings)))


@when(parsers.parse('an agent\'s tool asks for knowledge base "{kb}"'))
def ask_out_of_scope(ctx: dict, kb: str, caplog: pytest.LogCaptureFixture) -> None:
    tool = {t.name: t for t in ctx["tools"].as_tools()}["query_knowledge"]
    with caplog.at_level(logging.WARNING, logger="rfp_agents"):
        ctx["message"] = tool.invoke(
            {
                "type": "tool_call",
                "id": "call-1",
                "name": "query_knowledge",
                "args": {"query_text": "liquidated damages", "kb_id": kb},
            }
        )
    ctx["log"] = caplog.text


@then("the tool result is an error naming the knowledge bases in scope")
def refused(ctx: dict) -> None:
    message = ctx["message"]
    assert message.status == "error"
    error = json.loads(message.content)["error"]
    assert "not available in this run" in error and "'real'" in error


@then(parsers.parse('no passage from "{kb}" is returned'))
def nothing_returned(ctx: dict, kb: str) -> None:
    assert not ctx["message"].artifact


@then("the refusal is logged")
def refusal_logged(ctx: dict) -> None:
    assert "refused out-of-scope knowledge base" in ctx["log"]
    assert "kb_ids=['sample']" in ctx["log"]


@then("the second answer's searches include the earlier question")
def follow_up_searches(ctx: dict) -> None:
    first, second = ctx["answers"]
    queries = [
        step.args.get("query_text", "")
        for f in second.findings
        for step in f.steps
        if step.tool == "query_knowledge"
    ]
    assert any(first.question in q for q in queries), queries
    assert any(c.page_number == 9 for c in second.cited)


@then("the thread holds both turns")
def thread_holds(ctx: dict, sample_kb_settings: Settings) -> None:
    with thread_store(sample_kb_settings) as checkpointer:
        compiled = build_graph().compile(checkpointer=checkpointer)
        state = compiled.get_state({"configurable": {"thread_id": ctx["thread_id"]}})
    questions = [turn["question"] for turn in state.values["history"]]
    assert questions == [a.question for a in ctx["answers"]]
