"""``ask``: run the graph for one question, in a thread kept in SQLite under ``RFP_HOME``."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

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
) -> AskAnswer:
    """Answer ``question`` from ``knowledge_bases`` (the run's whole scope).

    Args:
        domains: force these domains instead of routing.
        thread_id: continue this thread (earlier turns inform follow-ups); a new one if None.
        chat_model: a model object to use instead of ``RFP_CHAT_MODEL`` (tests, embedding apps).

    Raises:
        InvalidQuestionError, UsageError: bad question or domain; nothing ran.
        KnowledgeBaseNotFound: a knowledge base in scope does not exist.
        ProviderTimeoutError: the chat model did not answer in time.
    """
    settings = settings or get_settings()
    thread_id = thread_id or uuid.uuid4().hex[:12]
    configurable = {
        "thread_id": thread_id,
        "knowledge_bases": list(dict.fromkeys(knowledge_bases)) or [DEFAULT_KB],
        "chat_model": chat_model or settings.chat_model or None,
        "settings_base": settings,
    }
    with thread_store(settings) as checkpointer:
        compiled = build_graph().compile(checkpointer=checkpointer)
        state = compiled.invoke(
            {"question": question, "domains": list(domains) if domains else None},
            {"configurable": configurable},
        )
    return AskAnswer.model_validate(state["answer"])
