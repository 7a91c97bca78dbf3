"""The long-lived objects a run needs (store, embeddings, answerers), built once per settings.

Loading the embedding model takes seconds and a Chroma client holds files open, so nodes get
them from here instead of building their own.
"""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass

from langchain_core.language_models import BaseChatModel

from rfp_agents.agents.chat_model import make_chat_model
from rfp_agents.agents.offline import OfflineAnswerer
from rfp_agents.config import Settings
from rfp_agents.graph.routing import OfflineRouter
from rfp_agents.skills.context_retriever.retriever import ContextRetriever


@dataclass(frozen=True)
class Services:
    settings: Settings
    retriever: ContextRetriever
    offline_answerer: OfflineAnswerer
    offline_router: OfflineRouter


_lock = threading.Lock()


def services_for(settings: Settings) -> Services:
    """Shared services for these settings (same settings, same objects)."""
    return _cached_services(settings.model_dump_json())


@functools.lru_cache(maxsize=8)
def _cached_services(settings_json: str) -> Services:
    settings = Settings.model_validate_json(settings_json)
    retriever = ContextRetriever(settings)
    embeddings = retriever.embeddings
    return Services(
        settings=settings,
        retriever=retriever,
        offline_answerer=OfflineAnswerer(
            embeddings, settings, lambda kb: retriever.embeddings_for(retriever.knowledge_base(kb))
        ),
        offline_router=OfflineRouter(embeddings),
    )


def chat_model_for(settings: Settings, model: BaseChatModel | None = None) -> BaseChatModel | None:
    """The run's chat model: the object given, else RFP_CHAT_MODEL, else None (offline)."""
    if model is not None:
        return model
    if not settings.chat_model:
        return None
    with _lock:
        return _cached_model(settings.model_dump_json())


@functools.lru_cache(maxsize=4)
def _cached_model(settings_json: str) -> BaseChatModel:
    return make_chat_model(Settings.model_validate_json(settings_json))


def forget_services() -> None:
    """Drop cached services (tests that switch RFP_HOME)."""
    _cached_services.cache_clear()
    _cached_model.cache_clear()
