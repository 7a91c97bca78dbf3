"""Uploaded PDFs: streamed to disk with checks, ingested one at a time, jobs kept on disk.

* The file is copied from the request in pieces (never held whole in memory) into
  ``RFP_HOME/uploads/<job>/``, up to ``RFP_MAX_UPLOAD_BYTES`` (413 beyond), and must start
  with the PDF magic bytes (415 otherwise, whatever its name says).
* One thread per server worker ingests that worker's uploads in order; at most
  ``RFP_API_MAX_QUEUED_UPLOADS`` wait or run in a worker (429 with ``Retry-After`` beyond).
  Ingestion takes the document's lock (``locks.document_lock``), so two workers' uploads of
  one name, or an upload and a CLI ingest, cannot interleave.
* A job's state is kept in the job store (``job_store.py``: JSON files under ``RFP_HOME``, or
  PostgreSQL with ``RFP_DATABASE_URL``) with the worker that owns it, so polling works on any
  worker and after a restart; the job's folder is removed when it ends.
* A job whose worker is gone (stopped, restarted, killed) is marked failed and the document
  it left half-written is purged: at a worker's start-up, every ``RFP_JOB_SWEEP_SECONDS``,
  and whenever such a job is read.
"""

from __future__ import annotations

import logging
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
from rfp_agents.api.job_store import UNFINISHED, StoredJob, job_store
from rfp_agents.api.models import UploadJob
from rfp_agents.config import Settings
from rfp_agents.errors import KnowledgeBaseNotFound
from rfp_agents.ingest import ingest_paths
from rfp_agents.ingest.pdf_text import PDF_MAGIC
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.locks import WorkerPresence, document_lock, is_alive

log = logging.getLogger("rfp_agents.api")
READ_CHUNK = 1024 * 1024
JOB_ID = re.compile(r"^[0-9a-f]{12}$")
INTERRUPTED = (
    "interrupted: the server worker ingesting it stopped (a restart or a crash); "
    "upload the file again"
)


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
    """Background ingestion of one worker's uploads; every job's state in the shared store."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.root = settings.home / "uploads"
        self.store = job_store(settings)
        self.presence = WorkerPresence(settings)
        self._lock = threading.Lock()
        self._active: set[str] = set()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rfp-upload")
        self._stop = threading.Event()
        self._sweeper: threading.Thread | None = None

    # ------------------------------------------------------------------------- intake
    async def receive(self, upload: UploadFile, kb: str) -> UploadJob:
        """Record a new job, copy the upload into its folder and queue its ingestion.

        Raises ``TooBusy`` (queue full), ``UploadTooLarge`` and ``NotAPdf`` (nothing kept).
        """
        filename = safe_filename(upload.filename)
        with self._lock:
            if len(self._active) >= self.settings.api_max_queued_uploads:
                raise TooBusy("uploads", retry_after=10)
            job_id = uuid.uuid4().hex[:12]
            self._active.add(job_id)
        folder = self.root / job_id
        try:
            owner = await run_in_threadpool(self.presence.hold)
            job = StoredJob(job_id=job_id, kb=kb, filename=filename, status="queued", owner=owner)
            await run_in_threadpool(self.store.save, job)  # before the folder: see sweep
            path = await self._copy(upload, folder / filename)
        except BaseException:
            with self._lock:
                self._active.discard(job_id)
            await run_in_threadpool(self.store.delete, job_id)
            await run_in_threadpool(shutil.rmtree, folder, True)
            raise
        self._worker.submit(self._run, job, path)
        return job.public()

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
        """A job by id, whichever worker took it; one whose worker is gone is failed first."""
        if not JOB_ID.match(job_id):
            return None
        job = self.store.load(job_id)
        if job is None:
            return None
        if job.status in UNFINISHED and self._orphaned(job):
            job = self._fail_interrupted(job)
        return job.public()

    def busy(self, kb: str, source: str) -> bool:
        """Whether an upload of ``source`` into ``kb`` is queued or being ingested."""
        return any(
            j.kb == kb and j.filename == source and not self._orphaned(j)
            for j in self.store.unfinished()
        )

    def _orphaned(self, job: StoredJob) -> bool:
        """Whether the worker that owns ``job`` is gone (this worker never is)."""
        return job.owner != self.presence.owner and not is_alive(self.settings, job.owner)

    def _put(self, job: StoredJob) -> None:
        self.store.save(job)
        if job.status not in UNFINISHED:
            with self._lock:
                self._active.discard(job.job_id)

    # ------------------------------------------------------------------------- work
    def _run(self, job: StoredJob, path: Path) -> None:
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

    # ------------------------------------------------------------------------- recovery
    def start(self) -> list[UploadJob]:
        """At a worker's start-up: claim presence, sweep, then sweep every
        ``RFP_JOB_SWEEP_SECONDS`` in a background thread. Returns the jobs it failed."""
        self.presence.hold()
        interrupted = self.sweep()
        self._sweeper = threading.Thread(target=self._sweep_often, name="rfp-sweep", daemon=True)
        self._sweeper.start()
        return interrupted

    def _sweep_often(self) -> None:
        while not self._stop.wait(self.settings.job_sweep_seconds):
            try:
                self.sweep()
            except Exception:  # noqa: BLE001 - a database blip must not end the sweeper
                log.exception("the sweep of interrupted uploads failed; retrying later")

    def sweep(self) -> list[UploadJob]:
        """Finish what stopped workers left: their jobs failed, their half-written documents
        purged, and this machine's folders of jobs that no live worker owns removed."""
        interrupted = [
            self._fail_interrupted(job).public()
            for job in self.store.unfinished()
            if self._orphaned(job)
        ]
        for folder in self.root.glob("*") if self.root.is_dir() else []:
            if folder.is_dir() and JOB_ID.match(folder.name):
                job = self.store.load(folder.name)
                if job is None or job.status not in UNFINISHED or self._orphaned(job):
                    shutil.rmtree(folder, ignore_errors=True)
        if interrupted:
            log.warning("marked %d interrupted upload(s) failed", len(interrupted))
        return interrupted

    def _fail_interrupted(self, job: StoredJob) -> StoredJob:
        """Purge what ``job`` left half-written, then mark it failed (in that order, so a
        failed job never has a half-written document beside it)."""
        try:
            kb = KnowledgeBase.open(job.kb, self.settings)
        except KnowledgeBaseNotFound:
            kb = None
        if kb is not None:
            with document_lock(self.settings, job.kb, job.filename):  # not mid-ingest
                for record in kb.records_for_source(job.filename):
                    if record.status != "complete":
                        kb.purge_document(record.doc_id)
        failed = job.model_copy(update={"status": "failed", "detail": INTERRUPTED})
        self.store.save(failed)
        return failed

    def close(self) -> None:
        """At shutdown: the upload being ingested finishes, those queued behind it are
        dropped; only then is presence released, so no other worker fails a job this one
        is still finishing (the dropped ones it fails, as interrupted)."""
        self._stop.set()
        self._worker.shutdown(wait=True, cancel_futures=True)
        self.presence.release()
