"""Retrieval quality: lexical index, query expansion, fusion, reranking, context selection."""
