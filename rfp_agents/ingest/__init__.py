"""PDF -> pages -> clean text -> chunks with metadata -> Chroma, idempotently."""

from rfp_agents.ingest.pipeline import FileOutcome, Ingestor, IngestReport, ingest_paths

__all__ = ["FileOutcome", "IngestReport", "Ingestor", "ingest_paths"]
