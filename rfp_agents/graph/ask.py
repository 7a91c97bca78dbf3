"""``ask``: run the graph for one question, in a thread kept in SQLite under ``RFP_HOME``."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.checkpoint.sqlite import SqliteSaver

from rfp_agents.config import DEFAULT_KB, Settings, get_settings
from rfp_agents.graph.answer import AskAnswer
from rfp_agents.graph.graph import build_graph


@contextmanager
def thread_store(settings: Settings) -> Iterator[SqliteSaver]:
    """The SQLite checkpointer that keeps conversation threads (``threads.sqlite``)."""
    settings.home.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(settings.threads_path, check_same_thread=False)
    try:
        yield SqliteSaver(conn)
    finally:
        conn.close()


def ask(
    question: str,
    knowledge_bases: Sequence[str] = (DEFAULT_KB,),
    *,
    domains: Sequence[str] | None = None,
    thread_id: str | None = None,
    settings: Settings | None = None,
    chat_model: BaseChatModel | None = None,
    document_ids: Sequence[str] | None = None,
) -> AskAnswer:
    """Answer ``question`` from ``knowledge_bases`` (the run's whole scope).

    Args:
        domains: force these domains instead of routing.
        document_ids: restrict every retrieval to these documents (doc_id).
        thread_id: continue this thread (earlier turns inform follow-ups); a new one if None.
        chat_model: a model object to use instead of ``RFP_CHAT_MODEL`` (tests, embedding apps).

    Raises:
        InvalidQuestionError, UsageError: bad question or domain; nothing ran.
        KnowledgeBaseNotFound: a knowledge base in scope does not exist.
        ProviderTimeoutError: the chat model did not answer in time.
    """
    events = ask_stream(
        question,
        knowledge_bases,
        domains=domains,
        thread_id=thread_id,
        settings=settings,
        chat_model=chat_model,
        document_ids=document_ids,
    )
    answers = [e["answer"] for e in events if e["type"] == "answer"]
    return AskAnswer.model_validate(answers[-1])


def ask_stream(
    question: str,
    knowledge_bases: Sequence[str] = (DEFAULT_KB,),
    *,
    domains: Sequence[str] | None = None,
    thread_id: str | None = None,
    settings: Settings | None = None,
    chat_model: BaseChatModel | None = None,
    document_ids: Sequence[str] | None = None,
) -> Iterator[dict[str, Any]]:
    """The graph's run as events: route, tool, finding, then answer (``ask`` keeps the last).

    The final ``answer`` event carries the ``AskAnswer`` as a dict.
    """
    settings = settings or get_settings()
    config = run_config(knowledge_bases, thread_id, settings, chat_model, document_ids)
    with thread_store(settings) as checkpointer:
        compiled = build_graph().compile(checkpointer=checkpointer)
        for mode, chunk in compiled.stream(
            graph_input(question, domains), config, stream_mode=["updates", "custom"]
        ):
            if mode == "custom":
                yield chunk
                continue
            for node, update in chunk.items():
                yield from _node_events(node, update or {})


def thread_scope(thread_id: str, settings: Settings) -> list[str]:
    """The knowledge bases thread ``thread_id`` was started on (empty for a new thread)."""
    with thread_store(settings) as checkpointer:
        compiled = build_graph().compile(checkpointer=checkpointer)
        state = compiled.get_state({"configurable": {"thread_id": thread_id}})
    return list((state.values or {}).get("scope") or [])


def _node_events(node: str, update: dict[str, Any]) -> Iterator[dict[str, Any]]:
    if node == "route" and update.get("route"):
        yield {"type": "route", **update["route"]}
    elif node == "domain_agent":
        for finding in update.get("findings") or []:
            yield {
                "type": "finding",
                "domain": finding["domain"],
                "mode": finding["mode"],
                "no_evidence": finding["no_evidence"],
                "passages": len(finding["evidence"]),
            }
    elif node == "synthesize" and update.get("answer"):
        yield {"type": "answer", "answer": update["answer"]}


def run_config(
    knowledge_bases: Sequence[str],
    thread_id: str | None,
    settings: Settings,
    chat_model: BaseChatModel | None,
    document_ids: Sequence[str] | None,
) -> dict[str, Any]:
    """The runnable config of one run: thread, scope, model, settings."""
    return {
        "configurable": {
            "thread_id": thread_id or uuid.uuid4().hex[:12],
            "knowledge_bases": list(dict.fromkeys(knowledge_bases)) or [DEFAULT_KB],
            "chat_model": chat_model or settings.chat_model or None,
            "document_ids": list(document_ids) if document_ids else None,
            "settings_base": settings,
        }
    }


def graph_input(question: str, domains: Sequence[str] | None) -> dict[str, Any]:
    return {"question": question, "domains": list(domains) if domains else None}
