"""An Okapi BM25 index that is updated a document at a time and saved to one file.

Why not ``bm25s`` any more: bm25s precomputes every (term, chunk) score, so adding one
document changes the IDF of its terms and forces a rebuild of the whole index (about 25 s at
100,000 chunks, paid again after every restart because nothing was saved). Here the index
keeps term frequencies (a sparse chunk x term matrix) and computes BM25 at query time, so

* adding a document tokenizes its chunks only and appends their rows;
* removing one drops its rows;
* the index is saved as one ``.npz`` file in its query layout (term -> chunk postings, CSC),
  so loading it is a read; the chunk-row layout is rebuilt only when a document changes.

Scores are bm25s' defaults, so rankings do not move: the Lucene variant of BM25 with
``idf = ln(1 + (N - df + 0.5) / (df + 0.5))`` and ``tf / (tf + k1 * (1 - b + b * dl / avgdl))``,
``k1 = 1.5``, ``b = 0.75``; a chunk with no terms counts one placeholder term, and a query
term repeated counts twice.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
from scipy import sparse

K1 = 1.5
B = 0.75
EMPTY_TERM = "_empty_"
"""The placeholder term of a chunk that has none (so it still counts in N and avgdl)."""
FORMAT = 3
"""Bumped when the saved layout or the tokens change (3: accents folded, Spanish documents
stemmed as Spanish); an old file is then rebuilt, never misread."""


class Bm25Index:
    """BM25 over chunks, each row a chunk of a document.

    Args:
        vocabulary: the terms, in column order.
        rows: term frequencies, one CSR row per chunk.
        chunk_ids / doc_ids: the chunk and document of each row.
        postings: the same frequencies by term (CSC), when loaded from a file; then ``rows``
            is derived from them on the first update.
    """

    def __init__(
        self,
        vocabulary: Sequence[str] = (),
        rows: sparse.csr_matrix | None = None,
        chunk_ids: Sequence[str] = (),
        doc_ids: Sequence[str] = (),
        postings: sparse.csc_matrix | None = None,
    ) -> None:
        self.vocabulary: list[str] = list(vocabulary)
        self.term_ids: dict[str, int] = {t: i for i, t in enumerate(self.vocabulary)}
        if rows is None and postings is None:
            rows = sparse.csr_matrix((0, len(self.vocabulary)), dtype=np.float32)
        self._rows: sparse.csr_matrix | None = rows
        self.chunk_ids: list[str] = list(chunk_ids)
        self.doc_ids: list[str] = list(doc_ids)
        self._postings: sparse.csc_matrix | None = postings
        self._lengths: np.ndarray | None = None
        self._documents: frozenset[str] | None = None

    @property
    def rows(self) -> sparse.csr_matrix:
        """Term frequencies by chunk (CSR): the layout updates work on."""
        if self._rows is None:
            assert self._postings is not None
            self._rows = self._postings.tocsr()
        return self._rows

    @rows.setter
    def rows(self, value: sparse.csr_matrix) -> None:
        self._rows = value

    def __len__(self) -> int:
        return len(self.chunk_ids)

    @property
    def documents(self) -> frozenset[str]:
        """The ids of the documents whose chunks are indexed (checked on every query)."""
        if self._documents is None:
            self._documents = frozenset(self.doc_ids)
        return self._documents

    def copy(self) -> Bm25Index:
        """An index that can be updated while searches still run on this one."""
        twin = Bm25Index(self.vocabulary, self._rows, self.chunk_ids, self.doc_ids,
                         self._postings)  # fmt: skip
        twin._lengths = self._lengths
        return twin

    # ------------------------------------------------------------------------ updating
    def add(self, chunks: Iterable[tuple[str, str, list[str]]]) -> int:
        """Append chunks given as ``(doc_id, chunk_id, terms)``; returns how many."""
        indptr, indices, data = [0], [], []
        added_chunks, added_docs = [], []
        for doc_id, chunk_id, terms in chunks:
            counts: dict[int, int] = {}
            for term in terms or [EMPTY_TERM]:
                column = self.term_ids.get(term)
                if column is None:
                    column = self.term_ids[term] = len(self.vocabulary)
                    self.vocabulary.append(term)
                counts[column] = counts.get(column, 0) + 1
            indices.extend(counts)
            data.extend(counts.values())
            indptr.append(len(indices))
            added_chunks.append(chunk_id)
            added_docs.append(doc_id)
        if not added_chunks:
            return 0
        block = sparse.csr_matrix(
            (
                np.asarray(data, dtype=np.float32),
                np.asarray(indices, dtype=np.int32),
                np.asarray(indptr, dtype=np.int64),
            ),
            shape=(len(added_chunks), len(self.vocabulary)),
        )
        old = self.rows  # never resized in place: a copy of this index may share it
        widened = sparse.csr_matrix(
            (old.data, old.indices, old.indptr), shape=(old.shape[0], len(self.vocabulary))
        )
        self.rows = sparse.vstack([widened, block], format="csr")
        self.chunk_ids += added_chunks
        self.doc_ids += added_docs
        self._changed()
        return len(added_chunks)

    def remove(self, doc_ids: Iterable[str]) -> int:
        """Drop every chunk of these documents; returns how many."""
        gone = set(doc_ids)
        keep = np.fromiter((d not in gone for d in self.doc_ids), dtype=bool, count=len(self))
        removed = int(len(self) - keep.sum())
        if removed:
            self.rows = self.rows[keep]
            self.chunk_ids = [c for c, k in zip(self.chunk_ids, keep, strict=True) if k]
            self.doc_ids = [d for d, k in zip(self.doc_ids, keep, strict=True) if k]
            self._changed()
        return removed

    def _changed(self) -> None:
        self._postings = None
        self._lengths = None
        self._documents = None

    # ------------------------------------------------------------------------- scoring
    def scores(self, terms: list[str]) -> np.ndarray:
        """The BM25 score of every row for the query ``terms`` (unknown terms ignored)."""
        scores = np.zeros(len(self), dtype=np.float32)
        columns = [self.term_ids[t] for t in terms if t in self.term_ids]
        if not columns or not len(self):
            return scores
        postings, lengths = self._prepared()
        n = float(len(self))
        norm = K1 * ((1 - B) + B * lengths / max(float(lengths.mean()), 1e-9))
        for column in columns:
            start, end = postings.indptr[column], postings.indptr[column + 1]
            if start == end:
                continue
            rows = postings.indices[start:end]
            tf = postings.data[start:end]
            df = float(end - start)
            idf = np.log(1.0 + (n - df + 0.5) / (df + 0.5))
            scores[rows] += (idf * tf / (tf + norm[rows])).astype(np.float32)
        return scores

    def ranked(self, terms: list[str]) -> list[tuple[int, float]]:
        """Rows with a positive score for ``terms``, best first (ties in row order)."""
        scores = self.scores(terms)
        hits = np.flatnonzero(scores > 0)
        order = hits[np.argsort(-scores[hits], kind="stable")]
        return [(int(row), float(scores[row])) for row in order]

    def _prepared(self) -> tuple[sparse.csc_matrix, np.ndarray]:
        if self._postings is None:
            self._postings = self.rows.tocsc()
        if self._lengths is None:
            self._lengths = _row_sums(self._postings, len(self))
        return self._postings, self._lengths

    # ---------------------------------------------------------------------- persistence
    def save(self, path: Path) -> None:
        """Write the index to ``path`` atomically (a reader sees the old file or the new)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        # unique across processes too: several server workers may save one index at once
        staging = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp.npz")
        postings, _ = self._prepared()
        np.savez(
            staging,
            format=np.asarray([FORMAT]),
            shape=np.asarray(postings.shape, dtype=np.int64),
            indptr=postings.indptr,
            indices=postings.indices,
            data=postings.data,
            vocabulary=_joined(self.vocabulary),
            chunk_ids=_joined(self.chunk_ids),
            doc_ids=_joined(self.doc_ids),
        )
        staging.replace(path)

    @classmethod
    def load(cls, path: Path) -> Bm25Index | None:
        """The index saved at ``path``, or ``None`` if there is none or it is unreadable."""
        try:
            with np.load(path, allow_pickle=False) as saved:
                if int(saved["format"][0]) != FORMAT:
                    return None
                shape = tuple(int(x) for x in saved["shape"])
                postings = sparse.csc_matrix(
                    (saved["data"], saved["indices"], saved["indptr"]), shape=shape
                )
                return cls(
                    _split(saved["vocabulary"]),
                    chunk_ids=_split(saved["chunk_ids"]),
                    doc_ids=_split(saved["doc_ids"]),
                    postings=postings,
                )
        except (OSError, ValueError, KeyError):
            return None


def _row_sums(postings: sparse.csc_matrix, n_rows: int) -> np.ndarray:
    """Each chunk's length in terms, from the postings (no CSR needed)."""
    return np.bincount(postings.indices, weights=postings.data, minlength=n_rows).astype(np.float32)


def _joined(items: list[str]) -> np.ndarray:
    """Strings as one UTF-8 byte array, newline-separated (terms and ids hold no newline)."""
    return np.frombuffer("\n".join(items).encode("utf-8"), dtype=np.uint8)


def _split(array: np.ndarray) -> list[str]:
    text = array.tobytes().decode("utf-8")
    return text.split("\n") if text else []
