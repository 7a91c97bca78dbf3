"""Uploaded PDFs: streamed to disk with checks, ingested one at a time, jobs kept on disk.

* The file is copied from the request in pieces (never held whole in memory) into
  ``RFP_HOME/uploads/<job>/``, up to ``RFP_MAX_UPLOAD_BYTES`` (413 beyond), and must start
  with the PDF magic bytes (415 otherwise, whatever its name says).
* One worker thread ingests uploads in order, so two uploads of the same name cannot race;
  at most ``RFP_API_MAX_QUEUED_UPLOADS`` wait or run (429 with ``Retry-After`` beyond).
* A job's status is a JSON file in ``RFP_HOME/uploads/jobs/``, so polling works after a
  restart; the job's folder is removed when it ends. At start-up, jobs a stopped server left
  queued or running are marked failed and the documents they left half-written are purged.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import threading
import unicodedata
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi import UploadFile
from starlette.concurrency import run_in_threadpool

from rfp_agents.api.errors import TooBusy
from rfp_agents.api.models import UploadJob
from rfp_agents.config import Settings
from rfp_agents.errors import KnowledgeBaseNotFound
from rfp_agents.ingest import ingest_paths
from rfp_agents.ingest.pdf_text import PDF_MAGIC
from rfp_agents.knowledge_base import KnowledgeBase

log = logging.getLogger("rfp_agents.api")
READ_CHUNK = 1024 * 1024
JOB_ID = re.compile(r"^[0-9a-f]{12}$")
FINISHED = {"ingested", "replaced", "unchanged", "skipped", "failed"}


class UploadTooLarge(Exception):
    pass


class NotAPdf(Exception):
    pass


def safe_filename(name: str | None) -> str:
    """The base name: control characters, path separators and odd bytes removed, ``.pdf``
    kept, at most 200 UTF-8 bytes (file systems count bytes, not characters)."""
    base = Path((name or "").replace("\\", "/")).name
    base = "".join(ch for ch in unicodedata.normalize("NFC", base) if ch.isprintable())
    base = base.encode("utf-8", "ignore").decode("utf-8")  # lone surrogates
    base = re.sub(r'[/\\:*?"<>|\x00]+', "_", base).strip(" .")
    stem = base[:-4] if base.lower().endswith(".pdf") else base
    stem = stem.encode("utf-8")[:196].decode("utf-8", "ignore").strip(" .")
    return f"{stem or 'upload'}.pdf"


class UploadJobs:
    """Background ingestion of uploads, with a status per job that survives restarts."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.root = settings.home / "uploads"
        self.jobs_dir = self.root / "jobs"
        self._lock = threading.Lock()
        self._active: dict[str, UploadJob] = {}
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rfp-upload")

    # ------------------------------------------------------------------------- intake
    async def receive(self, upload: UploadFile, kb: str) -> UploadJob:
        """Copy the upload into a new job's folder and queue its ingestion.

        Raises ``TooBusy`` (queue full), ``UploadTooLarge`` and ``NotAPdf`` (nothing kept).
        """
        filename = safe_filename(upload.filename)
        job = UploadJob(job_id=uuid.uuid4().hex[:12], kb=kb, filename=filename, status="queued")
        with self._lock:
            if len(self._active) >= self.settings.api_max_queued_uploads:
                raise TooBusy("uploads", retry_after=10)
            self._active[job.job_id] = job
        folder = self.root / job.job_id
        try:
            path = await self._copy(upload, folder / filename)
        except BaseException:
            with self._lock:
                self._active.pop(job.job_id, None)
            await run_in_threadpool(shutil.rmtree, folder, True)
            raise
        await run_in_threadpool(self._save, job)
        self._worker.submit(self._run, job, path)
        return job

    async def _copy(self, upload: UploadFile, target: Path) -> Path:
        limit = self.settings.max_upload_bytes
        await run_in_threadpool(target.parent.mkdir, parents=True, exist_ok=True)
        handle = await run_in_threadpool(open, target, "wb")
        size = 0
        try:
            while chunk := await upload.read(READ_CHUNK):
                if size == 0 and PDF_MAGIC not in chunk[:1024]:
                    raise NotAPdf("the file is not a PDF (it does not start with %PDF-)")
                size += len(chunk)
                if size > limit:
                    raise UploadTooLarge(
                        f"the file is larger than {limit} bytes (RFP_MAX_UPLOAD_BYTES)"
                    )
                await run_in_threadpool(handle.write, chunk)
        finally:
            await run_in_threadpool(handle.close)
        if size == 0:
            raise NotAPdf("the file is empty")
        return target

    # ------------------------------------------------------------------------- status
    def get(self, job_id: str) -> UploadJob | None:
        """A job by id, from memory or from its file (after a restart)."""
        if not JOB_ID.match(job_id):
            return None
        with self._lock:
            if job_id in self._active:
                return self._active[job_id]
        path = self.jobs_dir / f"{job_id}.json"
        try:
            return UploadJob.model_validate_json(path.read_text())
        except (OSError, ValueError):
            return None

    def busy(self, kb: str, source: str) -> bool:
        """Whether an upload of ``source`` into ``kb`` is queued or being ingested."""
        with self._lock:
            return any(j.kb == kb and j.filename == source for j in self._active.values())

    def _save(self, job: UploadJob) -> None:
        self.jobs_dir.mkdir(parents=True, exist_ok=True)
        staging = self.jobs_dir / f".{job.job_id}.{uuid.uuid4().hex[:6]}"
        staging.write_text(job.model_dump_json())
        os.replace(staging, self.jobs_dir / f"{job.job_id}.json")

    def _put(self, job: UploadJob) -> None:
        self._save(job)
        with self._lock:
            if job.status in FINISHED:
                self._active.pop(job.job_id, None)
            else:
                self._active[job.job_id] = job

    # ------------------------------------------------------------------------- work
    def _run(self, job: UploadJob, path: Path) -> None:
        self._put(job.model_copy(update={"status": "running"}))
        try:
            outcome = ingest_paths([path], self.settings, job.kb).outcomes[0]
        except Exception as exc:  # the job reports it; the server carries on
            log.exception("upload %s failed", job.job_id)
            detail = f"{type(exc).__name__}: ingestion failed; see the server log"
            self._put(job.model_copy(update={"status": "failed", "detail": detail}))
            return
        finally:
            shutil.rmtree(path.parent, ignore_errors=True)
        self._put(
            job.model_copy(
                update={
                    "status": outcome.status,
                    "detail": outcome.describe().replace(str(self.settings.home), "RFP_HOME"),
                    "doc_id": outcome.doc_id or None,
                    "pages": outcome.pages,
                    "chunks": outcome.chunks,
                }
            )
        )

    def sweep(self) -> list[UploadJob]:
        """Finish what a stopped server left: interrupted jobs failed, their half-written
        documents purged, leftover folders removed. Returns the jobs it marked failed."""
        interrupted = []
        for path in sorted(self.jobs_dir.glob("*.json")) if self.jobs_dir.is_dir() else []:
            try:
                job = UploadJob.model_validate_json(path.read_text())
            except (OSError, ValueError):
                continue
            if job.status in FINISHED:
                continue
            self._purge_unfinished(job)
            failed = job.model_copy(
                update={"status": "failed", "detail": "interrupted by a server restart; "
                        "upload the file again"}
            )  # fmt: skip
            self._save(failed)
            interrupted.append(failed)
        for folder in self.root.glob("*") if self.root.is_dir() else []:
            if folder.is_dir() and JOB_ID.match(folder.name):
                shutil.rmtree(folder, ignore_errors=True)
        if interrupted:
            log.warning("marked %d interrupted upload(s) failed", len(interrupted))
        return interrupted

    def _purge_unfinished(self, job: UploadJob) -> None:
        try:
            kb = KnowledgeBase.open(job.kb, self.settings)
        except KnowledgeBaseNotFound:
            return
        for record in kb.records_for_source(job.filename):
            if record.status != "complete":
                kb.purge_document(record.doc_id)

    def close(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)
