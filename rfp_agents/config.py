"""Settings for rfp_agents: one object, read from ``RFP_*`` environment variables.

Every limit the project enforces lives here so that an operator can find and change it in one
place. ``get_settings()`` reads the environment each time it is called (it is cheap), which
lets tests and long-running services point ``RFP_HOME`` somewhere else without restarting.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from platformdirs import user_cache_dir, user_data_dir
from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_KB = "default"


def _default_home() -> Path:
    return Path(user_data_dir("rfp_agents", appauthor=False))


def _default_models_dir() -> Path:
    return Path(user_cache_dir("rfp_agents", appauthor=False)) / "models"


OFFLINE_EMBEDDINGS = ("local", "multilingual", "multilingual-use")
"""The offline embedding models (``rfp_agents.embeddings.SPECS``)."""


def check_embedding_spec(value: str, name: str = "the embedding model") -> str:
    """``value`` if it names an embedding model: ``local``, ``multilingual``,
    ``multilingual-use`` or ``openai:<model>`` (a ``ValueError`` saying so otherwise)."""
    value = value.strip()
    if value not in OFFLINE_EMBEDDINGS and not (
        value.startswith("openai:") and len(value) > len("openai:")
    ):
        raise ValueError(
            f"{name} must be 'local', 'multilingual', 'multilingual-use' or 'openai:<model>', "
            f"got {value!r}"
        )
    return value


class Settings(BaseSettings):
    """Runtime configuration. Environment variables use the ``RFP_`` prefix (``RFP_HOME``...)."""

    model_config = SettingsConfigDict(env_prefix="RFP_", extra="ignore")

    home: Path = Field(
        default_factory=_default_home,
        description="Folder where knowledge bases (the embedded Chroma store) live.",
    )
    chroma_url: str = Field(
        default="",
        description="URL of a Chroma server (http://host:port). Empty means embedded on disk.",
    )
    database_url: str = Field(
        default="",
        description=(
            "PostgreSQL URL (postgresql://user:password@host:port/db) for conversation threads, "
            "upload jobs and ingest locks, shared by every server worker and the CLI. Empty "
            "means SQLite and files under RFP_HOME (one server process)."
        ),
    )
    embeddings: str = Field(
        default="local",
        description="Embeddings of new knowledge bases: 'local' (all-MiniLM-L6-v2, English, "
        "offline), 'multilingual' (multilingual-e5-small, offline; for Spanish tenders), "
        "'multilingual-use' (Universal Sentence Encoder multilingual v3: faster, weaker) or "
        "'openai:<model>'. A knowledge base is always queried with the "
        "model it was built with.",
    )
    embedding_batch_size: Annotated[int, Field(ge=1, le=1024)] = Field(
        default=64, description="Texts per request to a remote embedding API (OpenAI)."
    )
    models_dir: Path = Field(
        default_factory=_default_models_dir,
        description="Where the local embedding model's ONNX export lives (`rfp setup` writes "
        "it; shared by every RFP_HOME).",
    )

    chunk_size: Annotated[int, Field(ge=100, le=8000)] = 1000
    chunk_overlap: Annotated[int, Field(ge=0, le=4000)] = 150

    header_footer_min_share: Annotated[float, Field(gt=0.0, le=1.0)] = Field(
        default=0.6,
        description="A line at the top or bottom of at least this share of pages is a running "
        "header/footer and is dropped.",
    )
    ocr: bool = Field(
        default=True,
        description="Read pages without a text layer (scans) by OCR with Tesseract at ingest.",
    )
    ocr_languages: Annotated[str, Field(pattern=r"^[a-z_]{3,}(\+[a-z_]{3,})*$")] = Field(
        default="eng+spa", description="Tesseract languages for OCR, joined with '+'."
    )
    ocr_dpi: Annotated[int, Field(ge=72, le=600)] = 200
    ocr_workers: Annotated[int, Field(ge=1, le=16)] = Field(
        default=2, description="Pages read by OCR at once (one Tesseract process each)."
    )
    tesseract_command: str = "tesseract"
    max_pdf_pages: Annotated[int, Field(ge=1)] = 5000
    max_pdf_bytes: Annotated[int, Field(ge=1)] = 200 * 1024 * 1024
    store_write_batch: Annotated[int, Field(ge=1, le=5000)] = 500

    # Retrieval limits (the context-retriever skill).
    max_top_k: Annotated[int, Field(ge=1, le=50)] = 50
    max_fetch_k: Annotated[int, Field(ge=1, le=10000)] = 500
    max_query_characters: Annotated[int, Field(ge=1)] = 2000
    max_filter_depth: Annotated[int, Field(ge=1, le=32)] = 6
    low_confidence_score: Annotated[float, Field(ge=0.0, le=1.0)] = Field(
        default=0.3,
        description="Below this best relevance score a retrieval warns of low confidence.",
    )

    # Asking (the agents and the graph).
    chat_model: str = Field(
        default="",
        description="init_chat_model string, e.g. 'openai:gpt-4o-mini'. Empty: offline answerer.",
    )
    tool_calling: Literal["auto", "always", "never"] = Field(
        default="auto",
        description="Trust the chat model's tool calling: 'auto' detects it, 'never' uses naive "
        "RAG (retrieve first, then generate).",
    )
    max_agent_rounds: Annotated[int, Field(ge=1, le=20)] = Field(
        default=4, description="ReAct rounds an agent may use before it must answer."
    )
    max_question_characters: Annotated[int, Field(ge=1)] = 2000
    max_output_tokens: Annotated[int, Field(ge=16, le=32768)] = 1024
    provider_timeout_seconds: Annotated[float, Field(gt=0, le=3600)] = 60.0
    answer_top_k: Annotated[int, Field(ge=1, le=50)] = Field(
        default=8, description="Passages each retrieval of an agent asks for."
    )
    max_retrieval_queries: Annotated[int, Field(ge=1, le=20)] = Field(
        default=3, description="Expanded queries per question (the question itself included)."
    )
    context_budget_characters: Annotated[int, Field(ge=500)] = Field(
        default=8000, description="Characters of passages the pipeline keeps per retrieval."
    )
    max_selected_documents: Annotated[int, Field(ge=1, le=1000)] = Field(
        default=20, description="Documents one question may be restricted to (documentIds)."
    )
    weak_evidence_score: Annotated[float, Field(ge=0.0, le=1.0)] = Field(
        default=0.3,
        description="The offline answerer calls its evidence weak (and says so in the answer) "
        "when its best sentence scores below this (similarity and term overlap combined).",
    )

    # The HTTP API (`rfp serve`).
    api_key: str = Field(
        default="", description="When set, every /api request needs the header X-API-Key."
    )
    api_knowledge_bases: str = Field(
        default="",
        description="Comma-separated knowledge bases the API may use; empty means all.",
    )
    max_upload_bytes: Annotated[int, Field(ge=1)] = 50 * 1024 * 1024
    api_max_body_bytes: Annotated[int, Field(ge=1024)] = Field(
        default=1024 * 1024, description="Largest request body of any route but uploads."
    )
    api_allowed_hosts: str = Field(
        default="localhost,127.0.0.1,::1,[::1]",
        description="Comma-separated Host header values the server answers (DNS-rebinding "
        "guard); `rfp serve --host H` adds H. '*' allows any.",
    )
    api_allowed_origins: str = Field(
        default="",
        description="Comma-separated origins (https://app.example) allowed to write besides "
        "the server's own.",
    )
    api_max_concurrent_asks: Annotated[int, Field(ge=1, le=256)] = Field(
        default=4, description="Questions answered at once; more get 429 with Retry-After."
    )
    api_max_queued_uploads: Annotated[int, Field(ge=1, le=1000)] = Field(
        default=8, description="Uploads waiting or ingesting; more get 429 with Retry-After."
    )
    api_request_timeout_seconds: Annotated[float, Field(gt=0, le=3600)] = Field(
        default=300.0, description="An ask or retrieve that runs longer answers 504."
    )
    job_sweep_seconds: Annotated[float, Field(gt=0, le=3600)] = Field(
        default=10.0,
        description="How often a server worker looks for uploads a stopped worker left running.",
    )
    max_grep_chunks: Annotated[int, Field(ge=1)] = Field(
        default=20000, description="Chunks one grep_documents call scans at most."
    )

    @field_validator("chroma_url")
    @classmethod
    def _check_url(cls, value: str) -> str:
        value = value.strip()
        if value and not value.startswith(("http://", "https://")):
            raise ValueError(f"RFP_CHROMA_URL must start with http:// or https://, got {value!r}")
        return value.rstrip("/")

    @field_validator("database_url")
    @classmethod
    def _check_database_url(cls, value: str) -> str:
        value = value.strip()
        if value and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError(
                "RFP_DATABASE_URL must be a PostgreSQL URL (postgresql://user@host:port/db), "
                f"got {value.split('://')[0]!r}://..."
            )
        return value

    @field_validator("embeddings")
    @classmethod
    def _check_embeddings(cls, value: str) -> str:
        return check_embedding_spec(value, "RFP_EMBEDDINGS")

    @model_validator(mode="after")
    def _check_overlap(self) -> Settings:
        if self.chunk_overlap >= self.chunk_size:
            raise ValueError(
                f"RFP_CHUNK_OVERLAP ({self.chunk_overlap}) must be smaller than "
                f"RFP_CHUNK_SIZE ({self.chunk_size})"
            )
        return self

    @property
    def chroma_path(self) -> Path:
        """Where the embedded Chroma store keeps its files."""
        return self.home / "chroma"

    @property
    def files_path(self) -> Path:
        """Where each knowledge base keeps a copy of its PDFs (to show a cited page)."""
        return self.home / "files"

    @property
    def threads_path(self) -> Path:
        """The SQLite file where conversation threads (LangGraph checkpoints) are kept."""
        return self.home / "threads.sqlite"


def get_settings(**overrides: object) -> Settings:
    """Read settings from the environment, with explicit keyword overrides on top."""
    return Settings(**overrides)
