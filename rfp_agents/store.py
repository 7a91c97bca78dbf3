"""The one Chroma client factory: embedded on disk (default) or a Chroma server.

``RFP_CHROMA_URL`` empty -> ``chromadb.PersistentClient`` under ``RFP_HOME/chroma``;
set -> ``chromadb.HttpClient``. Everything else in the project asks this module for a client
and never builds one itself, so switching modes changes nothing for the user.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlparse

import chromadb
import httpx
from chromadb.api import ClientAPI
from chromadb.config import Settings as ChromaSettings

from rfp_agents.config import Settings
from rfp_agents.errors import InvalidKnowledgeBaseName, StoreUnavailableError

CHUNKS_PREFIX = "rfp-kb-"
MANIFEST_PREFIX = "rfp-docs-"
KB_NAME_PATTERN = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,62}[A-Za-z0-9])?$")

_clients: dict[tuple[str, str], ClientAPI] = {}
_clients_lock = threading.Lock()


def validate_kb_name(name: str) -> str:
    """Return ``name`` if it is a usable knowledge-base name, else raise a clear error."""
    if not isinstance(name, str) or not KB_NAME_PATTERN.match(name) or ".." in name:
        raise InvalidKnowledgeBaseName(
            f"Invalid knowledge base name {name!r}: use 1-64 letters, digits, '.', '_' or '-', "
            "starting and ending with a letter or digit (e.g. 'tender-2026-01')."
        )
    return name


def chunks_collection_name(kb: str) -> str:
    return CHUNKS_PREFIX + validate_kb_name(kb)


def manifest_collection_name(kb: str) -> str:
    return MANIFEST_PREFIX + validate_kb_name(kb)


def get_client(settings: Settings) -> ClientAPI:
    """Return the process-wide Chroma client for these settings (created on first use)."""
    key = (
        ("http", settings.chroma_url)
        if settings.chroma_url
        else ("disk", str(settings.chroma_path))
    )
    with _clients_lock:
        client = _clients.get(key)
        if client is None:
            client = (
                _make_http_client(settings.chroma_url)
                if settings.chroma_url
                else (_make_disk_client(settings))
            )
            _clients[key] = client
        return client


def _make_disk_client(settings: Settings) -> ClientAPI:
    settings.chroma_path.mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(
        path=str(settings.chroma_path),
        settings=ChromaSettings(anonymized_telemetry=False, allow_reset=False),
    )


def _make_http_client(url: str) -> ClientAPI:
    parsed = urlparse(url)
    ssl = parsed.scheme == "https"
    port = parsed.port or (443 if ssl else 8000)
    try:
        client = chromadb.HttpClient(
            host=parsed.hostname or "localhost",
            port=port,
            ssl=ssl,
            settings=ChromaSettings(anonymized_telemetry=False),
        )
        client.heartbeat()
    except Exception as exc:
        raise unreachable(url, exc) from exc
    return client


def unreachable(url: str, exc: BaseException) -> StoreUnavailableError:
    """The error a user sees when the Chroma server does not answer: it names the URL."""
    return StoreUnavailableError(
        f"Cannot reach the Chroma server at {url} ({type(exc).__name__}: {exc}). "
        "Start it with `chroma run --path DIR --port PORT`, or unset RFP_CHROMA_URL "
        "to use the embedded store."
    )


CONNECTION_ERRORS: tuple[type[BaseException], ...] = (httpx.TransportError, ConnectionError)
"""What a Chroma ``HttpClient`` raises when the server is down or the connection drops."""


@contextmanager
def reachable(settings: Settings) -> Iterator[None]:
    """Turn a dropped connection to the Chroma server into ``StoreUnavailableError``.

    The cached client is dropped too, so the next request after the server is back makes a
    fresh connection (and a fresh heartbeat).
    """
    try:
        yield
    except CONNECTION_ERRORS as exc:
        if not settings.chroma_url:
            raise
        forget_clients()
        raise unreachable(settings.chroma_url, exc) from exc


def forget_clients() -> None:
    """Drop cached clients (tests switch ``RFP_HOME`` between cases)."""
    with _clients_lock:
        _clients.clear()
