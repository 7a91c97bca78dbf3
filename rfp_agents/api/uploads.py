"""Uploaded PDFs: checked before anything is stored, ingested in the background.

The file is read in pieces up to ``RFP_MAX_UPLOAD_BYTES`` (413 beyond), must start with the
PDF magic bytes (415 otherwise, whatever its name says), and is saved under
``RFP_HOME/uploads/<job>/`` with a safe name before ingestion runs. A job records the
ingestion outcome so the page can poll it.
"""

from __future__ import annotations

import re
import threading
import unicodedata
import uuid
from pathlib import Path

from fastapi import UploadFile

from rfp_agents.api.models import UploadJob
from rfp_agents.config import Settings
from rfp_agents.ingest import ingest_paths
from rfp_agents.ingest.pdf_text import PDF_MAGIC

READ_CHUNK = 1024 * 1024


class UploadTooLarge(Exception):
    pass


class NotAPdf(Exception):
    pass


def safe_filename(name: str | None) -> str:
    """The base name, control characters and path separators removed, ``.pdf`` kept."""
    base = Path((name or "").replace("\\", "/")).name
    base = "".join(ch for ch in unicodedata.normalize("NFC", base) if ch.isprintable())
    base = re.sub(r'[/\\:*?"<>|]+', "_", base).strip(" .")
    if not base:
        base = "upload.pdf"
    if not base.lower().endswith(".pdf"):
        base += ".pdf"
    return base[:200]


async def read_upload(upload: UploadFile, limit: int) -> bytes:
    """The upload's bytes; ``UploadTooLarge`` past ``limit``, ``NotAPdf`` without %PDF-."""
    data = bytearray()
    while chunk := await upload.read(READ_CHUNK):
        data += chunk
        if len(data) > limit:
            raise UploadTooLarge(f"the file is larger than {limit} bytes (RFP_MAX_UPLOAD_BYTES)")
    if PDF_MAGIC not in bytes(data[:1024]):
        raise NotAPdf("the file is not a PDF (it does not start with %PDF-)")
    return bytes(data)


class UploadJobs:
    """Background ingestion of uploads, with a status per job."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._jobs: dict[str, UploadJob] = {}
        self._lock = threading.Lock()

    def submit(self, kb: str, filename: str, data: bytes) -> UploadJob:
        job = UploadJob(job_id=uuid.uuid4().hex[:12], kb=kb, filename=filename, status="queued")
        folder = self.settings.home / "uploads" / job.job_id
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / filename
        path.write_bytes(data)
        self._put(job)
        threading.Thread(target=self._run, args=(job, path), daemon=True).start()
        return job

    def get(self, job_id: str) -> UploadJob | None:
        with self._lock:
            return self._jobs.get(job_id)

    def _put(self, job: UploadJob) -> None:
        with self._lock:
            self._jobs[job.job_id] = job

    def _run(self, job: UploadJob, path: Path) -> None:
        self._put(job.model_copy(update={"status": "running"}))
        try:
            outcome = ingest_paths([path], self.settings, job.kb).outcomes[0]
        except Exception as exc:  # the job reports it; the server carries on
            self._put(job.model_copy(update={"status": "failed", "detail": str(exc)}))
            return
        finally:
            path.unlink(missing_ok=True)
        self._put(
            job.model_copy(
                update={
                    "status": outcome.status,
                    "detail": outcome.describe(),
                    "doc_id": outcome.doc_id or None,
                    "pages": outcome.pages,
                    "chunks": outcome.chunks,
                }
            )
        )
