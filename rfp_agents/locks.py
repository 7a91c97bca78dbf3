"""Locks that hold across processes: one ingest of a document at a time, and who is alive.

Two kinds, one interface each, chosen by ``RFP_DATABASE_URL``:

* **PostgreSQL advisory locks** when it is set: any process on any machine that shares the
  database is excluded, and the server drops a lock the moment its connection ends, so a
  killed worker never leaves one behind.
* **File locks** (``flock``) under ``RFP_HOME/locks`` otherwise: every process on this
  machine is excluded (the CLI and one server), and the kernel drops a lock with its process.

``document_lock`` serialises the ingestion of one file name into one knowledge base, so a
CLI ingest and a server upload of the same file (or two workers' uploads) cannot interleave
their manifest writes. ``WorkerPresence`` is held by a server worker for its whole life;
``is_alive`` lets another worker tell a job whose worker died from one still running.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import socket
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from rfp_agents.config import Settings
from rfp_agents.database import advisory_key, dedicated_connection, pooled


def _document_name(kb: str, source: str) -> str:
    return f"document:{kb}/{source}"


def _lock_file(settings: Settings, name: str) -> Path:
    """A lock file per name; names are hashed (a file name may hold any character)."""
    digest = hashlib.sha256(name.encode()).hexdigest()[:32]
    folder = settings.home / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{digest}.lock"


@contextmanager
def document_lock(settings: Settings, kb: str, source: str) -> Iterator[None]:
    """Hold the ingest lock of ``source`` in ``kb``; waits while another process holds it."""
    name = _document_name(kb, source)
    if settings.database_url:
        with dedicated_connection(settings) as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", (advisory_key(name),))
            yield  # closing the connection releases the lock
        return
    with open(_lock_file(settings, name), "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class WorkerPresence:
    """A server worker's claim to be alive, held until ``release`` or the process's end."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.owner = f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self._held = ExitStack()
        self._taken = False

    def hold(self) -> str:
        """Take the presence lock (once) and return this worker's owner id."""
        if not self._taken:
            if self.settings.database_url:
                conn = self._held.enter_context(dedicated_connection(self.settings))
                conn.execute("SELECT pg_advisory_lock(%s)", (advisory_key(self._name()),))
            else:
                handle = self._held.enter_context(open(self._path(), "a+b"))  # noqa: SIM115
                fcntl.flock(handle, fcntl.LOCK_EX)
                self._held.callback(self._path().unlink, missing_ok=True)
            self._taken = True
        return self.owner

    def release(self) -> None:
        self._held.close()
        self._taken = False

    def _name(self) -> str:
        return f"worker:{self.owner}"

    def _path(self) -> Path:
        return _presence_path(self.settings, self.owner)


def _presence_path(settings: Settings, owner: str) -> Path:
    folder = settings.home / "locks" / "workers"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{hashlib.sha256(owner.encode()).hexdigest()[:32]}.lock"


def is_alive(settings: Settings, owner: str) -> bool:
    """Whether the worker ``owner`` still holds its presence lock.

    A lock nobody holds means its worker ended (stopped, restarted or killed). An empty
    owner (a job written before owners were recorded) is never alive.
    """
    if not owner:
        return False
    if settings.database_url:
        return _advisory_lock_held(settings, advisory_key(f"worker:{owner}"))
    path = _presence_path(settings, owner)
    if not path.exists():
        return False
    with open(path, "a+b") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        path.unlink(missing_ok=True)  # its worker is gone; tidy its file
        return False


HELD = """SELECT EXISTS (
    SELECT 1 FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND objsubid = 1
      AND classid = %s::oid AND objid = %s::oid
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
) AS held"""
"""Whether a session holds the advisory lock of a 64-bit key, which ``pg_locks`` shows as its
high and low 32 bits (``objsubid`` 1)."""


def _advisory_lock_held(settings: Settings, key: int) -> bool:
    """Read from ``pg_locks`` on a pooled connection: polling a job asks this, and opening a
    connection of its own each time would cost more than the answer."""
    unsigned = key & 0xFFFFFFFFFFFFFFFF
    with pooled(settings) as conn:
        row = conn.execute(HELD, (unsigned >> 32, unsigned & 0xFFFFFFFF)).fetchone()
    return bool(row["held"])
