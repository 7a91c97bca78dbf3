"""The one PostgreSQL connection factory, for a team's deployment (``RFP_DATABASE_URL``).

Empty ``RFP_DATABASE_URL`` (the embedded default): conversation threads live in
``RFP_HOME/threads.sqlite``, upload jobs in JSON files and ingest locks in lock files, which
is right for one server process and the CLI on one machine. Set, every server worker and
every CLI run that shares it shares:

* conversation threads: LangGraph checkpoints (``langgraph-checkpoint-postgres``), so a
  thread started on one worker continues on another;
* upload jobs (table ``rfp_upload_jobs``), so any worker answers for any job;
* ingest locks and worker presence: PostgreSQL advisory locks, held by a connection and
  released by the server when that connection ends, a killed process's included.

Everything else in the project asks this module for connections and never opens one itself.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from rfp_agents.config import Settings
from rfp_agents.errors import StoreUnavailableError

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

CONNECT_TIMEOUT_SECONDS = 10
POOL_MAX_SIZE = 8

_pools: dict[str, ConnectionPool] = {}
_schema_ready: set[str] = set()
_lock = threading.Lock()

JOBS_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rfp_upload_jobs (
    job_id     text PRIMARY KEY,
    kb         text NOT NULL,
    filename   text NOT NULL,
    status     text NOT NULL,
    owner      text NOT NULL,
    job        jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
    )""",
    """CREATE INDEX IF NOT EXISTS rfp_upload_jobs_unfinished
    ON rfp_upload_jobs (kb, filename) WHERE status IN ('queued', 'running')""",
)


class DatabaseUnavailable(StoreUnavailableError):
    """The PostgreSQL server of ``RFP_DATABASE_URL`` cannot be reached or refused us."""


def redacted(url: str) -> str:
    """The URL with its password hidden, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def unreachable(settings: Settings, exc: BaseException) -> DatabaseUnavailable:
    """The error a user sees when the database does not answer: it names the URL."""
    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return DatabaseUnavailable(
        f"Cannot use the database at {redacted(settings.database_url)} ({reason}). Start "
        "PostgreSQL, check RFP_DATABASE_URL, or unset it to keep threads and jobs under "
        "RFP_HOME (one server process)."
    )


def advisory_key(name: str) -> int:
    """A stable signed 64-bit key for ``pg_advisory_lock`` (the same in every process)."""
    digest = hashlib.blake2b(name.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


@contextmanager
def dedicated_connection(settings: Settings) -> Iterator[psycopg.Connection]:
    """A connection of its own (not from the pool), for session-level advisory locks: the
    lock lives exactly as long as the connection."""
    import psycopg

    try:
        conn = psycopg.connect(
            settings.database_url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_SECONDS
        )
    except psycopg.Error as exc:
        raise unreachable(settings, exc) from exc
    try:
        yield conn
    finally:
        conn.close()


def pool(settings: Settings) -> ConnectionPool:
    """The process-wide connection pool for ``RFP_DATABASE_URL``, with the schema in place.

    Connections are in autocommit with ``dict_row`` rows, as ``PostgresSaver`` requires.
    """
    url = settings.database_url
    with _lock:
        existing = _pools.get(url)
    if existing is not None:
        return existing
    from psycopg.rows import dict_row
    from psycopg_pool import ConnectionPool

    created = ConnectionPool(
        url,
        min_size=1,
        max_size=max(POOL_MAX_SIZE, settings.api_max_concurrent_asks + 4),  # an ask holds one
        kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
        timeout=CONNECT_TIMEOUT_SECONDS,
        open=False,
        name="rfp_agents",
    )
    try:
        created.open(wait=True, timeout=CONNECT_TIMEOUT_SECONDS)
    except Exception as exc:
        created.close()
        raise unreachable(settings, exc) from exc
    with _lock:
        if url in _pools:  # another thread won the race
            created.close()
            return _pools[url]
        _pools[url] = created
    _ensure_schema(settings, created)
    return created


def _ensure_schema(settings: Settings, connections: ConnectionPool) -> None:
    """Create the jobs table and LangGraph's checkpoint tables, once per process.

    Two workers starting together would race on ``CREATE TABLE``; an advisory lock makes
    the second wait for the first.
    """
    from langgraph.checkpoint.postgres import PostgresSaver

    if settings.database_url in _schema_ready:
        return
    with connections.connection() as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (advisory_key("rfp_agents.schema"),))
        try:
            for statement in JOBS_SCHEMA:
                conn.execute(statement)
            PostgresSaver(conn).setup()
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (advisory_key("rfp_agents.schema"),))
    _schema_ready.add(settings.database_url)


@contextmanager
def pooled(settings: Settings) -> Iterator[psycopg.Connection]:
    """A connection from the pool; a database that stopped answering raises
    ``DatabaseUnavailable`` naming the URL."""
    import psycopg
    from psycopg_pool import PoolTimeout

    try:
        with pool(settings).connection() as conn:
            yield conn
    except (psycopg.OperationalError, PoolTimeout) as exc:
        raise unreachable(settings, exc) from exc


def close_pools() -> None:
    """Close every pool (tests switch databases; a server closes them at shutdown)."""
    with _lock:
        pools = list(_pools.values())
        _pools.clear()
        _schema_ready.clear()
    for each in pools:
        each.close()
