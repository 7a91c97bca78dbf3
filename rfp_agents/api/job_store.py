"""Where upload jobs' states are kept, so any server worker can answer for any job.

``job_store(settings)`` gives a ``FileJobStore`` (JSON files under ``RFP_HOME/uploads/jobs``,
the embedded default) or, with ``RFP_DATABASE_URL``, a ``PostgresJobStore`` (table
``rfp_upload_jobs``). Both keep each job with its *owner*, the worker that ingests it (see
``locks.WorkerPresence``), so a surviving worker can tell an interrupted job from a running one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Protocol

from pydantic import ValidationError

from rfp_agents.api.models import UploadJob
from rfp_agents.atomic_files import write_atomically
from rfp_agents.config import Settings
from rfp_agents.database import pooled

UNFINISHED = ("queued", "running")


class StoredJob(UploadJob):
    """A job as kept: its public state and the worker that owns it (never shown)."""

    owner: str = ""

    def public(self) -> UploadJob:
        return UploadJob.model_validate(self.model_dump(exclude={"owner"}))


class JobStore(Protocol):
    def save(self, job: StoredJob) -> None: ...
    def load(self, job_id: str) -> StoredJob | None: ...
    def delete(self, job_id: str) -> None: ...
    def unfinished(self) -> list[StoredJob]: ...


class FileJobStore:
    """One JSON file per job, replaced atomically on every change."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, job_id: str) -> Path:
        return self.folder / f"{job_id}.json"

    def save(self, job: StoredJob) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomically(self._path(job.job_id), job.model_dump_json().encode())

    def load(self, job_id: str) -> StoredJob | None:
        try:
            return StoredJob.model_validate_json(self._path(job_id).read_text())
        except (OSError, ValueError):
            return None

    def delete(self, job_id: str) -> None:
        self._path(job_id).unlink(missing_ok=True)

    def unfinished(self) -> list[StoredJob]:
        found = []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []:
            job = self.load(path.stem)
            if job is not None and job.status in UNFINISHED:
                found.append(job)
        return found


class PostgresJobStore:
    """Table ``rfp_upload_jobs``: one row per job, the whole job as JSON beside its keys."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def save(self, job: StoredJob) -> None:
        with pooled(self.settings) as conn:
            conn.execute(
                """INSERT INTO rfp_upload_jobs (job_id, kb, filename, status, owner, job)
                   VALUES (%s, %s, %s, %s, %s, %s)
                   ON CONFLICT (job_id) DO UPDATE SET status = EXCLUDED.status,
                       owner = EXCLUDED.owner, job = EXCLUDED.job, updated_at = now()""",
                (job.job_id, job.kb, job.filename, job.status, job.owner,
                 job.model_dump_json(exclude={"owner"})),
            )  # fmt: skip

    def load(self, job_id: str) -> StoredJob | None:
        with pooled(self.settings) as conn:
            row = conn.execute(
                "SELECT job, owner FROM rfp_upload_jobs WHERE job_id = %s", (job_id,)
            ).fetchone()
        return _stored(row) if row else None

    def delete(self, job_id: str) -> None:
        with pooled(self.settings) as conn:
            conn.execute("DELETE FROM rfp_upload_jobs WHERE job_id = %s", (job_id,))

    def unfinished(self) -> list[StoredJob]:
        with pooled(self.settings) as conn:
            rows = conn.execute(
                "SELECT job, owner FROM rfp_upload_jobs WHERE status IN ('queued', 'running') "
                "ORDER BY updated_at"
            ).fetchall()
        return [job for job in map(_stored, rows) if job is not None]


def _stored(row: dict) -> StoredJob | None:
    data = row["job"] if isinstance(row["job"], dict) else json.loads(row["job"])
    try:
        return StoredJob.model_validate({**data, "owner": row["owner"]})
    except ValidationError:
        return None


def job_store(settings: Settings) -> JobStore:
    """The store of these settings: PostgreSQL when ``RFP_DATABASE_URL`` is set."""
    if settings.database_url:
        return PostgresJobStore(settings)
    return FileJobStore(settings.home / "uploads" / "jobs")
