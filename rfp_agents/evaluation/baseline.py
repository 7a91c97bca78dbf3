"""The baselines ``rfp eval`` measures against, in the same run.

``NaiveBaseline`` (retrieval): PyPDFLoader pages, RecursiveCharacterTextSplitter
(chunk_size=1000, chunk_overlap=200), an in-memory Chroma collection and plain similarity
search, with the same embedding model as the knowledge base, so the comparison is about
retrieval, not about the model.

``PlainAnswerBaseline`` (answers): no rules at all. The pipeline's top passages, split into
sentences, and the sentences with the highest cosine to the question (same embedder) quoted
with their citations; it never abstains. What the answerer's rules add is its margin over this.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

import chromadb
import numpy as np
from langchain_chroma import Chroma
from langchain_community.document_loaders import PyPDFLoader
from langchain_core.embeddings import Embeddings
from langchain_text_splitters import RecursiveCharacterTextSplitter
from pydantic import BaseModel

from rfp_agents.retrieval.pipeline import RetrievalPipeline
from rfp_agents.text import split_sentences


class NaiveBaseline:
    """Index PDFs the naive way, then answer ``search(query, k)`` with (file, page) pairs."""

    def __init__(self, pdfs: Sequence[Path], embeddings: Embeddings):
        splitter = RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200)
        documents = []
        for pdf in pdfs:
            documents += splitter.split_documents(PyPDFLoader(str(pdf)).load())
        self.store = Chroma(
            collection_name=f"naive-{uuid.uuid4().hex[:8]}",
            embedding_function=embeddings,
            client=chromadb.EphemeralClient(),
        )
        self.store.add_documents(documents)
        self.chunks = len(documents)

    def search(self, query: str, k: int) -> list[tuple[str, int]]:
        """(file name, 1-based page) of the top ``k`` chunks."""
        return [
            (Path(str(d.metadata.get("source", ""))).name, int(d.metadata.get("page", 0)) + 1)
            for d in self.store.similarity_search(query, k=k)
        ]


PLAIN_PASSAGES = 3
PLAIN_SENTENCES = 2


class PlainAnswer(BaseModel):
    answer: str
    cited: list[tuple[str, int]]
    """(file name, page) of each quoted sentence's passage, in the answer's order."""


class PlainAnswerBaseline:
    """The answer with no rules: the top passages' sentences closest to the question."""

    def __init__(self, pipeline: RetrievalPipeline, embeddings_for: Callable[[str], Embeddings]):
        """``embeddings_for(kb)``: the model knowledge base ``kb`` was built with."""
        self.pipeline = pipeline
        self.embeddings_for = embeddings_for

    def answer(self, question: str, kb: str) -> PlainAnswer:
        results = self.pipeline.run(question, [kb], top_k=PLAIN_PASSAGES).results
        sentences = [
            (sentence, (r.source_file, r.page_number))
            for r in results
            for sentence in split_sentences(r.content)
        ]
        if not sentences:
            return PlainAnswer(answer="", cited=[])
        model = self.embeddings_for(kb)
        query = np.asarray(model.embed_query(question), dtype=np.float32)
        vectors = np.asarray(model.embed_documents([s for s, _ in sentences]), dtype=np.float32)
        best = np.argsort(-(vectors @ query), kind="stable")[:PLAIN_SENTENCES]
        chosen = [sentences[i] for i in sorted(best)]
        return PlainAnswer(
            answer=" ".join(f"{s} [{n}]" for n, (s, _) in enumerate(chosen, 1)),
            cited=[where for _, where in chosen],
        )
