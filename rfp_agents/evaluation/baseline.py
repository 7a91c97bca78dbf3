"""The naive LangChain baseline ``rfp eval`` measures against.

PyPDFLoader pages, RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200), an
in-memory Chroma collection and plain similarity search, with the same embedding model as the
knowledge base, so the comparison is about retrieval, not about the model.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from pathlib import Path

import chromadb
from langchain_chroma import Chroma
from langchain_community.document_loaders import PyPDFLoader
from langchain_core.embeddings import Embeddings
from langchain_text_splitters import RecursiveCharacterTextSplitter


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
