"""``make_brief``: run the brief graph over a knowledge base (or some of its files)."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.language_models import BaseChatModel

from rfp_agents.config import Settings, get_settings
from rfp_agents.deliverables.brief.graph import graph
from rfp_agents.deliverables.brief.models import Brief
from rfp_agents.graph.configuration import RUN_OBJECTS_KEY, Context, RunObjects
from rfp_agents.knowledge_base import KnowledgeBase


def make_brief(
    kb: str,
    documents: Sequence[str] | None = None,
    *,
    fields: Sequence[str] | None = None,
    settings: Settings | None = None,
    chat_model: BaseChatModel | None = None,
) -> Brief:
    """The brief of knowledge base ``kb``'s documents (or of the files in ``documents``).

    Raises:
        KnowledgeBaseNotFound: ``kb`` does not exist.
        DocumentNotFound: a file of ``documents`` is not in it (nothing ran).
        ValueError: a name of ``fields`` is not a brief field.
        ProviderTimeoutError: the chat model did not answer in time.
    """
    settings = settings or get_settings()
    document_ids = None
    if documents:
        records = KnowledgeBase.open(kb, settings).documents_named(list(documents))
        document_ids = [r.doc_id for r in records]
    context = Context(
        knowledge_bases=[kb], document_ids=document_ids, chat_model=settings.chat_model
    )
    config = {
        "configurable": {RUN_OBJECTS_KEY: RunObjects(settings=settings, chat_model=chat_model)}
    }
    result = graph.invoke({"fields": list(fields) if fields else None}, config, context=context)
    return Brief.model_validate(result["brief"])
