"""The ask graph: ``validate`` → ``condense`` → ``route`` → domain agents in parallel (each
a subgraph, ``agents/agent_graph.py``) → ``synthesize``.

Each node reads the run's ``Context`` (scope, model string: the graph's ``context_schema``)
and the objects its caller lent it (``configuration.py``).
``graph`` is compiled without a checkpointer for LangGraph Studio (``langgraph.json``), which
brings its own; ``build_graph().compile(checkpointer=...)`` keeps threads (``rfp ask --thread``).
"""

from __future__ import annotations

import logging
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.config import get_stream_writer
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Send

from rfp_agents.agents.agent_graph import run_agent
from rfp_agents.agents.evidence import EvidenceLog
from rfp_agents.agents.models import DomainFinding
from rfp_agents.agents.profiles import PROFILES
from rfp_agents.agents.scope import KnowledgeScope
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.graph.answer import synthesize_answer
from rfp_agents.graph.configuration import Context, run_setup
from rfp_agents.graph.questions import (
    HISTORY_TURNS,
    check_request,
    check_thread_scope,
    condense_question,
    history_messages,
    is_follow_up,
)
from rfp_agents.graph.routing import forced_route, route_with_model
from rfp_agents.graph.services import chat_model_for, services_for
from rfp_agents.graph.state import AgentTask, AskState, InputState
from rfp_agents.knowledge_base import KnowledgeBase, require_documents

log = logging.getLogger("rfp_agents.graph")


# ---------------------------------------------------------------------------------- nodes
def validate(state: AskState, runtime: Runtime[Context], config: RunnableConfig) -> dict[str, Any]:
    """Check the question and the scope before any work; start a new turn.

    Raises ``InvalidQuestionError`` (empty, too long), ``KnowledgeBaseNotFound`` for a
    knowledge base in scope that does not exist and ``EmptyKnowledgeBase`` when none of
    them holds a document.
    """
    setup = run_setup(runtime, config)
    context, settings = setup.context, setup.settings
    question = check_request(state.question, context.document_ids, settings)
    thread_id = str((config.get("configurable") or {}).get("thread_id", ""))
    check_thread_scope(state.scope, context.knowledge_bases, thread_id)
    require_documents([KnowledgeBase.open(name, settings) for name in context.knowledge_bases])
    return {
        "scope": sorted(set(context.knowledge_bases)),
        "question": question,
        "earlier_question": None,
        "standalone_question": None,
        "findings": None,
        "answer": None,
    }


def condense(state: AskState, runtime: Runtime[Context], config: RunnableConfig) -> dict[str, Any]:
    """In a thread, make the question stand alone: the chat model rewrites it (LLM mode), or
    a follow-up is searched together with the question before it (offline)."""
    if not state.history:
        return {}
    setup = run_setup(runtime, config)
    settings = setup.settings
    model = chat_model_for(settings, setup.model_object)
    if model is None:
        if is_follow_up(state.question):
            return {"earlier_question": state.history[-1]["question"]}
        return {}
    standalone = condense_question(
        model, state.history, state.question, settings.provider_timeout_seconds
    )
    return {"standalone_question": standalone}


def route(state: AskState, runtime: Runtime[Context], config: RunnableConfig) -> dict[str, Any]:
    """Decide which domain agents answer: forced, by the chat model, or by the classifier."""
    setup = run_setup(runtime, config)
    settings = setup.settings
    services = services_for(settings)
    if state.domains:
        decision = forced_route(state.domains)
    else:
        model = chat_model_for(settings, setup.model_object)
        routed_text = state.standalone_question or (
            f"{state.question} ({state.earlier_question})"
            if state.earlier_question
            else state.question
        )
        if model is None:
            decision = services.offline_router.route(routed_text)
        else:
            decision = route_with_model(
                model, routed_text, services.offline_router, settings.provider_timeout_seconds
            )
    log.info("route: %s (%s) %s", decision.domains, decision.method, decision.reason)
    return {"route": decision.model_dump()}


def fan_out(state: AskState) -> list[Send]:
    """One ``domain_agent`` per routed domain, run in parallel."""
    return [
        Send(
            "domain_agent",
            AgentTask(
                domain=domain,
                question=state.standalone_question or state.question,
                earlier_question=state.earlier_question,
                history=state.history[-HISTORY_TURNS:],
            ),
        )
        for domain in (state.route or {}).get("domains", [])
    ]


def domain_agent(
    task: AgentTask, runtime: Runtime[Context], config: RunnableConfig
) -> dict[str, Any]:
    """Answer the question for one domain: the agent's subgraph (LLM mode), or the offline
    answerer."""
    setup = run_setup(runtime, config)
    settings = setup.settings
    services = services_for(settings)
    scope = KnowledgeScope(
        setup.context.knowledge_bases,
        services.retriever,
        document_ids=setup.context.document_ids,
    )
    tools = KnowledgeTools(scope, EvidenceLog(), domain=task.domain, on_event=_stream_writer())
    profile = PROFILES[task.domain]
    model = chat_model_for(settings, setup.model_object)
    if model is None:
        finding = services.offline_answerer.run(
            profile, task.question, tools, task.earlier_question
        )
    else:
        finding = run_agent(
            profile,
            task.question,
            tools,
            model,
            settings,
            history=history_messages(task.history),
            fallback=services.offline_answerer.answer_from,
        )
    return {"findings": [finding.model_dump(mode="json")]}


def synthesize(state: AskState, config: RunnableConfig) -> dict[str, Any]:
    """Number citations across domains, check markers, and record the turn."""
    thread_id = (config.get("configurable") or {}).get("thread_id")
    findings = [DomainFinding.model_validate(f) for f in state.findings]
    answer = synthesize_answer(state.question, state.route or {}, findings, thread_id)
    turn = {"question": state.question, "answer": answer.answer, "domains": answer.domains}
    return {"answer": answer.model_dump(mode="json"), "history": [turn]}


# -------------------------------------------------------------------------------- helpers
def _stream_writer():
    """LangGraph's custom-stream writer inside a run (``stream_mode="custom"``), else None."""
    try:
        return get_stream_writer()
    except RuntimeError:  # called outside a graph run
        return None


# ---------------------------------------------------------------------------------- graph
def build_graph() -> StateGraph:
    builder = StateGraph(AskState, context_schema=Context, input_schema=InputState)
    builder.add_node("validate", validate)
    builder.add_node("condense", condense)
    builder.add_node("route", route)
    builder.add_node("domain_agent", domain_agent)
    builder.add_node("synthesize", synthesize)
    builder.add_edge(START, "validate")
    builder.add_edge("validate", "condense")
    builder.add_edge("condense", "route")
    builder.add_conditional_edges("route", fan_out, ["domain_agent"])
    builder.add_edge("domain_agent", "synthesize")
    builder.add_edge("synthesize", END)
    return builder


graph = build_graph().compile(name="rfp-ask")
