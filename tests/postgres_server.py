"""A real PostgreSQL server on loopback for the tests (Debian's ``postgresql`` package).

``make test`` installs the package when it is missing; ``PostgresServer`` makes a throwaway
cluster (``initdb``), starts it on a free port with TCP only and trust authentication, and
removes it at the end. PostgreSQL refuses to run as root, so under root (CI) the cluster
belongs to Debian's ``postgres`` user and its commands run through ``runuser``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from rfp_agents.local_llm import free_port

ROLE = "rfp"


def _bin(name: str) -> str:
    """A PostgreSQL server command: on PATH, else in Debian's versioned folder."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None
    )
    if not found:
        raise RuntimeError(
            f"PostgreSQL's {name} is not installed: `make test` installs Debian's postgresql "
            "(as root), or run `apt-get install postgresql`"
        )
    return found


class PostgresServer:
    """A cluster of its own in a temporary folder; ``url`` reaches its ``postgres`` database."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="rfp-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgresql://{ROLE}@127.0.0.1:{self.port}/postgres"
        self._as_root = os.geteuid() == 0

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self._as_root else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, text=True)

    def start(self) -> PostgresServer:
        if self._as_root:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run(_bin("initdb"), "-D", str(self.data), "-U", ROLE, "--auth=trust",
                  "--encoding=UTF8", "--no-sync")  # fmt: skip
        self._run(
            _bin("pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w",
            "-o", f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' "
                  "-c fsync=off -c max_connections=200",
            "start",
        )  # fmt: skip
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        import psycopg

        deadline = time.monotonic() + 30
        while True:
            try:
                psycopg.connect(self.url, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"PostgreSQL did not start; see {self.folder}") from None
                time.sleep(0.2)

    def new_database(self) -> str:
        """A new empty database on this server (each test its own); returns its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
