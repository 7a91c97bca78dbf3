"""Retrieval quality: query expansion, named documents, reranking, context selection."""
