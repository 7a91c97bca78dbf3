"""A knowledge base: one Chroma collection of chunks plus a small manifest of its documents.

Chroma has no transactions, yet an analyst must never see half a document. The manifest (a
second, tiny collection, one record per document) makes each document's visibility a single
record write:

1. ``begin_document``   manifest record ``status=writing`` (the chunks that follow are hidden);
2. ``write_chunks``     chunk batches are upserted (deterministic ids: a rerun overwrites);
3. ``commit_document``  one upsert marks the new version ``complete`` and any version it
   replaces ``retiring`` (hidden), then ``purge_document`` deletes the retired chunks.

Readers call ``hidden_filter()`` and add it to their ``where``: it hides every document
whose record is not ``complete``. A crash at any step leaves hidden leftovers only, which the
next ingest of the same file purges or overwrites.

Readers do not pay a manifest read per query on the embedded store: every manifest write is
followed by a new token in a small version file (``ManifestVersion``), and readers reuse the
records they read under the token they still see. (Not a visibility flag in chunk metadata:
Chroma evaluates any ``where`` by scanning metadata, 16x slower than an unfiltered query at
10,000 chunks.) With a Chroma server, writers may run on other machines, so the manifest is
read every time.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import numpy as np
from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection
from chromadb.errors import NotFoundError
from langchain_core.embeddings import Embeddings

from rfp_agents.atomic_files import write_atomically
from rfp_agents.config import DEFAULT_KB, Settings
from rfp_agents.embeddings import embedding_model_id, embeddings_for_model, get_embeddings
from rfp_agents.errors import (
    DocumentNotFound,
    EmptyKnowledgeBase,
    KnowledgeBaseNotFound,
    RfpError,
)
from rfp_agents.store import (
    CHUNKS_PREFIX,
    chunks_collection_name,
    get_client,
    manifest_collection_name,
    reachable,
    validate_kb_name,
)

log = logging.getLogger("rfp_agents.store")

DocumentStatus = Literal["writing", "complete", "retiring"]
REACH_CHECK_NEIGHBOURS = 10
"""How many neighbours a freshly written vector is looked for among (duplicates tie)."""
SAME_VECTOR = 1e-5
"""A cosine distance this small is the same vector."""
# The manifest stores no vectors we search; Chroma still wants one per record.
_MANIFEST_VECTOR = [0.0]


@dataclass(frozen=True)
class DocumentRecord:
    """One document of a knowledge base, as listed by ``rfp docs``."""

    doc_id: str
    source: str
    status: DocumentStatus
    pages: int
    chunks: int
    pages_without_text: int
    size_bytes: int
    ingested_at: str
    title: str = ""
    """What the document calls itself (``ingest.titles``); "" for documents ingested before."""
    ocr_pages: int = 0
    """Pages without a text layer that were read by OCR."""
    language: str = "en"
    """The language the document is written in (detected at ingest: "en", "es"...)."""

    def to_metadata(self) -> dict[str, Any]:
        return {
            "doc_id": self.doc_id,
            "source": self.source,
            "status": self.status,
            "pages": self.pages,
            "chunks": self.chunks,
            "pages_without_text": self.pages_without_text,
            "size_bytes": self.size_bytes,
            "ingested_at": self.ingested_at,
            "title": self.title,
            "ocr_pages": self.ocr_pages,
            "language": self.language,
        }

    @classmethod
    def from_metadata(cls, meta: dict[str, Any]) -> DocumentRecord:
        return cls(
            doc_id=str(meta["doc_id"]),
            source=str(meta["source"]),
            status=meta["status"],
            pages=int(meta.get("pages", 0)),
            chunks=int(meta.get("chunks", 0)),
            pages_without_text=int(meta.get("pages_without_text", 0)),
            size_bytes=int(meta.get("size_bytes", 0)),
            ingested_at=str(meta.get("ingested_at", "")),
            title=str(meta.get("title", "")),
            ocr_pages=int(meta.get("ocr_pages", 0)),
            language=str(meta.get("language", "en")),
        )

    def with_status(self, status: DocumentStatus) -> DocumentRecord:
        return DocumentRecord(**{**self.to_metadata(), "status": status})


@dataclass(frozen=True)
class KnowledgeBaseInfo:
    """Summary of a knowledge base for ``rfp kb list``."""

    name: str
    documents: int
    chunks: int
    embedding_model: str
    created_at: str


def require_documents(knowledge_bases: Sequence[KnowledgeBase]) -> None:
    """Refuse a scope in which no knowledge base holds a document (all removed, or none
    ingested yet): an answer or a deliverable of nothing is no answer.

    Raises:
        EmptyKnowledgeBase: with the command that adds documents.
    """
    if knowledge_bases and not any(kb.documents() for kb in knowledge_bases):
        names = ", ".join(repr(kb.name) for kb in knowledge_bases)
        which = (
            f"knowledge base {names} holds"
            if len(knowledge_bases) == 1
            else (f"knowledge bases {names} hold")
        )
        raise EmptyKnowledgeBase(
            f"{which} no document: add some with `rfp ingest PATH --kb {knowledge_bases[0].name}`"
        )


def now_iso() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


class ManifestVersion:
    """A token that changes after every write to a knowledge base's manifest.

    A reader that sees the same token as when it last read the manifest knows the manifest
    has not changed since. Writers call ``bump`` *after* their manifest write, so a reader
    that sees the new token always reads the new manifest; tokens are random, written with
    an atomic rename, and read in about 20 microseconds.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def for_kb(cls, settings: Settings, name: str) -> ManifestVersion | None:
        """The version file of an embedded knowledge base; ``None`` on a Chroma server."""
        if settings.chroma_url:
            return None
        return cls(settings.home / "manifests" / f"{name}.version")

    def read(self) -> str | None:
        try:  # os-level calls: this runs before every query, pathlib's wrappers cost 3x
            fd = os.open(self.path, os.O_RDONLY)
        except OSError:
            return None
        try:
            return os.read(fd, 64).decode("ascii", "replace") or None
        finally:
            os.close(fd)

    def bump(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        staging = self.path.with_name(f".{self.path.name}.{uuid.uuid4().hex}")
        staging.write_text(uuid.uuid4().hex)
        os.replace(staging, self.path)


class KnowledgeBase:
    """The chunks and the document manifest of one knowledge base.

    Use ``KnowledgeBase.open(name, settings)`` for an existing one (``KnowledgeBaseNotFound``
    otherwise) or ``KnowledgeBase.open(name, settings, create=True)`` when ingesting.
    """

    def __init__(
        self,
        name: str,
        chunks: Collection,
        manifest: Collection,
        version: ManifestVersion | None = None,
        files: Path | None = None,
        *,
        settings: Settings,
    ) -> None:
        """``embedding_model`` is read from the chunks collection: the model it was built with."""
        self.name = name
        self.settings = settings
        """The settings it was opened with (where its embedding model's files are)."""
        self.chunks = chunks
        self.manifest = manifest
        self.version = version
        self.files = files
        """The folder of this knowledge base's PDF copies, named by doc_id (None: not kept)."""
        self.embedding_model = str((chunks.metadata or {}).get("embedding_model", ""))
        """The embedding model the knowledge base was built with; queries embed with it."""
        self._records: tuple[str, list[DocumentRecord]] | None = None
        self._records_lock = threading.Lock()

    def embeddings(self) -> Embeddings:
        """The embedding model the knowledge base was built with (the configured one when it
        recorded none): its queries, and anything compared with its chunk vectors, use it."""
        if not self.embedding_model:
            return get_embeddings(self.settings)
        return embeddings_for_model(self.embedding_model, self.settings)

    # ----------------------------------------------------------------- opening and listing
    @classmethod
    def open(
        cls,
        name: str = DEFAULT_KB,
        settings: Settings | None = None,
        *,
        create: bool = False,
        embedding: str | None = None,
    ) -> KnowledgeBase:
        """Open knowledge base ``name``.

        A new knowledge base (``create``) is built with ``embedding`` (``local``,
        ``multilingual``, ``multilingual-use`` or ``openai:<model>``), by default
        ``RFP_EMBEDDINGS``; an existing one keeps the model it was built with.

        Raises:
            InvalidKnowledgeBaseName: the name cannot be a collection name.
            KnowledgeBaseNotFound: it does not exist and ``create`` is false.
            RfpError: ``embedding`` names another model than the one it was built with.
        """
        from rfp_agents.config import get_settings

        settings = settings or get_settings()
        validate_kb_name(name)
        with reachable(settings):
            return cls._open(name, settings, create, embedding)

    @classmethod
    def _open(
        cls, name: str, settings: Settings, create: bool, embedding: str | None
    ) -> KnowledgeBase:
        client = get_client(settings)
        try:
            chunks = client.get_collection(chunks_collection_name(name), embedding_function=None)
        except (NotFoundError, ValueError) as exc:
            if not create:
                raise KnowledgeBaseNotFound(
                    f"Knowledge base {name!r} does not exist. Create it with "
                    f"`rfp ingest PATH --kb {name}`; `rfp kb list` shows the existing ones."
                ) from exc
            model = embedding_model_id(settings, embedding)
            chunks = client.get_or_create_collection(
                chunks_collection_name(name),
                configuration={"hnsw": {"space": "cosine"}},
                metadata={"kb": name, "embedding_model": model, "created_at": now_iso()},
                embedding_function=None,
            )
        stored_model = str((chunks.metadata or {}).get("embedding_model", ""))
        if embedding is not None and stored_model != embedding_model_id(settings, embedding):
            # adding documents embedded with another model would mix two vector spaces
            raise RfpError(
                f"Knowledge base {name!r} was built with embeddings {stored_model!r}, not "
                f"{embedding_model_id(settings, embedding)!r}; ingest without --embedding (it "
                f"uses the knowledge base's model), or into a new knowledge base."
            )
        manifest = client.get_or_create_collection(
            manifest_collection_name(name), embedding_function=None
        )
        version = ManifestVersion.for_kb(settings, name)
        if version is not None and version.read() is None:
            version.bump()  # a store written before version files existed
        return cls(name, chunks, manifest, version, settings.files_path / name, settings=settings)

    @staticmethod
    def list_all(settings: Settings, only: Iterable[str] | None = None) -> list[KnowledgeBaseInfo]:
        """Every knowledge base in the store (or those of ``only``), sorted by name.

        One that cannot be read (another embedding model, a damaged collection) is left out
        and logged, so it does not hide the others.
        """
        wanted = set(only) if only is not None else None
        with reachable(settings):
            infos = []
            for name in KnowledgeBase._names(settings):
                if wanted is not None and name not in wanted:
                    continue
                try:
                    infos.append(KnowledgeBase.open(name, settings).info())
                except RfpError as exc:
                    log.warning("knowledge base %r left out of the listing: %s", name, exc)
            return infos

    @staticmethod
    def _names(settings: Settings) -> list[str]:
        client: ClientAPI = get_client(settings)
        names = []
        for collection in client.list_collections():
            cname = collection.name if hasattr(collection, "name") else str(collection)
            if cname.startswith(CHUNKS_PREFIX):
                names.append(cname.removeprefix(CHUNKS_PREFIX))
        return sorted(names)

    def info(self) -> KnowledgeBaseInfo:
        """This knowledge base's summary for listings."""
        docs = self.documents()
        meta = self.chunks.metadata or {}
        return KnowledgeBaseInfo(
            name=self.name,
            documents=len(docs),
            chunks=sum(d.chunks for d in docs),
            embedding_model=str(meta.get("embedding_model", "")),
            created_at=str(meta.get("created_at", "")),
        )

    # ------------------------------------------------------------------------- the manifest
    def records(self) -> list[DocumentRecord]:
        """Every manifest record, whatever its status (reused while the version holds)."""
        token = self.version.read() if self.version is not None else None
        with self._records_lock:
            if token is not None and self._records is not None and self._records[0] == token:
                return list(self._records[1])
        got = self.manifest.get(include=["metadatas"])
        records = [DocumentRecord.from_metadata(m) for m in got["metadatas"] or []]
        if token is not None:  # read under this token: still right while the token holds
            with self._records_lock:
                self._records = (token, records)
        return list(records)

    def documents(self) -> list[DocumentRecord]:
        """The documents a reader can see (status ``complete``), sorted by source."""
        return sorted((r for r in self.records() if r.status == "complete"), key=lambda r: r.source)

    def record(self, doc_id: str) -> DocumentRecord | None:
        got = self.manifest.get(ids=[doc_id], include=["metadatas"])
        metas = got["metadatas"] or []
        return DocumentRecord.from_metadata(metas[0]) if metas else None

    def records_for_source(self, source: str) -> list[DocumentRecord]:
        got = self.manifest.get(where={"source": source}, include=["metadatas"])
        return [DocumentRecord.from_metadata(m) for m in got["metadatas"] or []]

    def _put_records(self, records: Sequence[DocumentRecord]) -> None:
        self.manifest.upsert(
            ids=[r.doc_id for r in records],
            embeddings=[_MANIFEST_VECTOR for _ in records],
            metadatas=[r.to_metadata() for r in records],
            documents=[json.dumps(r.to_metadata()) for r in records],
        )
        self._manifest_changed()

    def _manifest_changed(self) -> None:
        if self.version is not None:
            self.version.bump()

    def hidden_filter(self) -> dict[str, Any] | None:
        """A Chroma ``where`` hiding every document not (or no longer) complete.

        ``None`` when every document is complete, the usual case. Readers call it before
        every query; on the embedded store it costs a version-file read, not a manifest read.
        """
        hidden = sorted(r.doc_id for r in self.records() if r.status != "complete")
        return {"doc_id": {"$nin": hidden}} if hidden else None

    # ------------------------------------------------------------------ reading chunks
    def visible_where(self, where: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """``where`` restricted to complete documents."""
        hidden = self.hidden_filter()
        if where and hidden:
            return {"$and": [where, hidden]}
        return where or hidden

    def iter_chunks(
        self, where: dict[str, Any] | None = None, batch_size: int = 1000
    ) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every visible chunk matching ``where`` as ``(text, metadata)``, in batches.

        For exact-text search (grep), which a vector store cannot do case-insensitively.
        """
        where = self.visible_where(where)
        offset = 0
        while True:
            got = self.chunks.get(
                where=where, limit=batch_size, offset=offset, include=["documents", "metadatas"]
            )
            ids = got["ids"]
            yield from zip(got["documents"] or [], got["metadatas"] or [], strict=True)
            if len(ids) < batch_size:
                return
            offset += batch_size

    def chunk(self, chunk_id: str) -> tuple[str, dict[str, Any]] | None:
        """One visible chunk's text and metadata, or None."""
        got = self.chunks.get(ids=[chunk_id], include=["documents", "metadatas"])
        if not got["ids"]:
            return None
        text, meta = (got["documents"] or [""])[0], dict((got["metadatas"] or [{}])[0])
        record = self.record(str(meta.get("doc_id", "")))
        return (text, meta) if record is not None and record.status == "complete" else None

    def page_chunks(self, source: str, page_number: int) -> list[tuple[str, dict[str, Any]]]:
        """The visible chunks of one page of one document, in reading order."""
        where = {"$and": [{"source": source}, {"page_number": page_number}]}
        rows = list(self.iter_chunks(where))
        return sorted(rows, key=lambda row: int(row[1].get("chunk_index", 0)))

    def sample_metadata(self, limit: int = 200) -> list[dict[str, Any]]:
        """Metadata of up to ``limit`` visible chunks (to show a model example values)."""
        got = self.chunks.get(where=self.visible_where(), limit=limit, include=["metadatas"])
        return [dict(m) for m in got["metadatas"] or []]

    # ------------------------------------------------------------------------ writing
    def begin_document(self, record: DocumentRecord) -> None:
        """Announce a document version; its chunks stay hidden until ``commit_document``."""
        self._put_records([record.with_status("writing")])
        log.info("writing %s (%s, %d chunks) into %s", record.doc_id, record.source,
                 record.chunks, self.name)  # fmt: skip

    def write_chunks(
        self,
        ids: Sequence[str],
        embeddings: Sequence[Sequence[float]],
        documents: Sequence[str],
        metadatas: Sequence[dict[str, Any]],
        batch_size: int,
    ) -> None:
        """Upsert chunks in batches (ids are deterministic, so a rerun overwrites); on the
        embedded store, each batch is then checked to be reachable by a vector query."""
        vectors = np.asarray(embeddings, dtype=np.float32)
        for start in range(0, len(ids), batch_size):
            end = start + batch_size
            batch = (list(ids[start:end]), vectors[start:end])
            self.chunks.upsert(
                ids=batch[0],
                embeddings=batch[1],
                documents=list(documents[start:end]),
                metadatas=list(metadatas[start:end]),
            )
            if self.version is not None:
                self._reindex_unreachable(*batch, documents[start:end], metadatas[start:end])

    def _reindex_unreachable(
        self,
        ids: list[str],
        vectors: np.ndarray,
        documents: Sequence[str],
        metadatas: Sequence[dict[str, Any]],
    ) -> None:
        """Write again the chunks a vector query does not reach.

        Chroma's embedded store (1.5.9) now and then counts a freshly upserted vector and
        returns it by id, but leaves it out of every query result, even one asking for the
        whole collection (chroma-core/chroma#7758; here 1 to 3 upserts in 500). Such a chunk
        would be invisible to dense search for good. Each vector of the batch is looked up by
        itself, in one query; one the query does not return is deleted and added again, which
        makes it reachable in every case measured. One still unreachable is logged.
        """
        missing = self._unreachable(ids, vectors)
        if not missing:
            return
        at = [ids.index(chunk_id) for chunk_id in missing]
        self.chunks.delete(ids=missing)
        self.chunks.add(
            ids=missing,
            embeddings=vectors[at],
            documents=[documents[i] for i in at],
            metadatas=[metadatas[i] for i in at],
        )
        still = self._unreachable(missing, vectors[at])
        log.warning(
            "%d chunk(s) of %s were not reachable by a vector query after the write and were "
            "written again%s",
            len(missing),
            self.name,
            f"; still unreachable: {', '.join(still)}" if still else "",
        )

    def _unreachable(self, ids: list[str], vectors: np.ndarray) -> list[str]:
        """The ids a query with their own vector does not return (an identical vector
        returned in its place answers for it: the same text, the same embedding)."""
        neighbours = min(REACH_CHECK_NEIGHBOURS, self.chunks.count())
        got = self.chunks.query(
            query_embeddings=vectors, n_results=neighbours, include=["distances"]
        )
        found = zip(ids, got["ids"], got["distances"] or [[] for _ in ids], strict=True)
        return [
            chunk_id
            for chunk_id, returned, distances in found
            if chunk_id not in returned and not (distances and distances[0] <= SAME_VECTOR)
        ]

    def commit_document(self, record: DocumentRecord, replaces: Iterable[DocumentRecord]) -> None:
        """Make ``record`` visible and hide what it replaces, in one manifest write; then purge."""
        retiring = [old.with_status("retiring") for old in replaces if old.doc_id != record.doc_id]
        self._put_records([record.with_status("complete"), *retiring])
        log.info("committed %s (%s) in %s", record.doc_id, record.source, self.name)
        for old in retiring:
            self.purge_document(old.doc_id)

    def purge_document(self, doc_id: str) -> None:
        """Delete a document version's chunks, then its manifest record and its PDF copy."""
        self.chunks.delete(where={"doc_id": doc_id})
        self.manifest.delete(ids=[doc_id])
        self._manifest_changed()
        if self.files is not None:
            (self.files / f"{doc_id}.pdf").unlink(missing_ok=True)

    # ------------------------------------------------------------------------ PDF copies
    def keep_file(self, doc_id: str, data: bytes) -> None:
        """Keep a copy of a document's PDF (once: the name is the hash of the bytes), so a
        citation's page can be shown later whatever became of the original file."""
        if self.files is None:
            return
        target = self.files / f"{doc_id}.pdf"
        if target.exists():
            return
        self.files.mkdir(parents=True, exist_ok=True)
        write_atomically(target, data)

    def file_of(self, doc_id: str) -> Path:
        """The kept PDF of document ``doc_id``.

        Raises:
            DocumentNotFound: the knowledge base has no such document, or it was ingested
                before PDFs were kept (ingesting the same file again keeps it).
        """
        record = self.record(doc_id)
        if record is None or record.status != "complete":
            raise DocumentNotFound(
                f"No document with id {doc_id!r} in knowledge base {self.name!r}."
            )
        path = self.files / f"{doc_id}.pdf" if self.files is not None else None
        if path is None or not path.exists():
            raise DocumentNotFound(
                f"The PDF of {record.source!r} is not kept in knowledge base {self.name!r} "
                "(it was ingested before PDFs were kept, or by a server on another machine "
                "whose RFP_HOME this one does not share); ingest the file again to keep it."
            )
        return path

    def documents_named(self, sources: Sequence[str]) -> list[DocumentRecord]:
        """The visible documents named ``sources`` (file names), in listing order.

        Raises:
            DocumentNotFound: one of them is not in the knowledge base (the message lists
                the documents that are).
        """
        documents = self.documents()
        unknown = sorted(set(sources) - {d.source for d in documents})
        if unknown:
            raise self._no_such_documents(unknown, documents)
        return [d for d in documents if d.source in sources]

    def _no_such_documents(
        self, sources: Sequence[str], documents: Sequence[DocumentRecord] | None = None
    ) -> DocumentNotFound:
        known = ", ".join(d.source for d in (documents or self.documents())) or "none"
        named = ", ".join(repr(s) for s in sources)
        return DocumentNotFound(
            f"No document named {named} in knowledge base {self.name!r} (documents: {known})."
        )

    def remove_source(self, source: str) -> list[DocumentRecord]:
        """Remove every version of the document named ``source`` (its file name).

        Raises:
            DocumentNotFound: no document of that name is in the knowledge base.
        """
        records = self.records_for_source(source)
        if not records:
            raise self._no_such_documents([source])
        # Hide first, in one write, so readers never see a partly deleted document.
        self._put_records([r.with_status("retiring") for r in records])
        for r in records:
            self.purge_document(r.doc_id)
        return records

    def remove_document(self, doc_id: str) -> DocumentRecord:
        """Remove one document version by its id (hidden first, then purged).

        Raises:
            DocumentNotFound: no document with that id is in the knowledge base.
        """
        record = self.record(doc_id)
        if record is None:
            raise DocumentNotFound(f"No document {doc_id!r} in knowledge base {self.name!r}.")
        self._put_records([record.with_status("retiring")])
        self.purge_document(doc_id)
        return record

    def count_chunks(self) -> int:
        return self.chunks.count()
