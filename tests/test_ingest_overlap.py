"""Ingest parses the next file while the current one embeds, and still reports in order."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from rfp_agents.config import Settings
from rfp_agents.embeddings import get_embeddings
from rfp_agents.ingest import ingest_paths
from rfp_agents.ingest import pipeline as ingest_pipeline
from tests.conftest import SAMPLE_PDF, copy_to
from tests.pdf_factory import text_pdf, truncated_pdf


class RecordingEmbeddings:
    """The real embedder, slowed down and recording when each call starts and ends."""

    def __init__(self, real, events: list[tuple[float, str, str]]) -> None:
        self.real, self.events = real, events

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.events.append((time.perf_counter(), "embed start", texts[0][:20]))
        time.sleep(0.3)
        vectors = self.real.embed_documents(texts)
        self.events.append((time.perf_counter(), "embed end", texts[0][:20]))
        return vectors

    def embed_query(self, text: str) -> list[float]:
        return self.real.embed_query(text)


def test_the_next_file_is_parsed_while_this_one_embeds(
    settings: Settings, workdir: Path, monkeypatch: pytest.MonkeyPatch
):
    events: list[tuple[float, str, str]] = []
    recording = RecordingEmbeddings(get_embeddings(settings), events)
    monkeypatch.setattr(
        ingest_pipeline, "embeddings_for_model", lambda _model, _settings: recording
    )
    real_parse = ingest_pipeline.Ingestor.parse

    def parse(self, path):
        events.append((time.perf_counter(), "parse start", path.name))
        return real_parse(self, path)

    monkeypatch.setattr(ingest_pipeline.Ingestor, "parse", parse)
    first = text_pdf(workdir / "a-first.pdf", ["Alpha clause: the vendor shall insure."])
    second = text_pdf(workdir / "b-second.pdf", ["Gamma clause: payment within 30 days."])
    broken = truncated_pdf(SAMPLE_PDF, workdir / "c-broken.pdf")
    last = text_pdf(workdir / "d-last.pdf", ["Delta clause: bonds are ten percent."])

    report = ingest_paths([workdir], settings, "kb1")

    names = [first.name, second.name, broken.name, last.name]
    assert [o.source for o in report.outcomes] == names
    assert [o.status for o in report.outcomes] == ["ingested", "ingested", "skipped", "ingested"]
    assert report.outcomes[2].reason == "corrupt"
    first_embed_end = next(t for t, what, _ in events if what == "embed end")
    second_parse = next(t for t, what, name in events if name == second.name)
    assert second_parse < first_embed_end  # parsed ahead, not after
    assert threading.active_count() < 20  # the parser thread is gone


def test_an_unchanged_folder_is_not_parsed_again(settings: Settings, workdir: Path, monkeypatch):
    copy_to(SAMPLE_PDF, workdir)
    assert ingest_paths([workdir], settings, "kb1").exit_code == 0

    def no_parsing(*args, **kwargs):
        raise AssertionError("an unchanged file was parsed")

    monkeypatch.setattr(ingest_pipeline, "read_pdf_text", no_parsing)
    again = ingest_paths([workdir], settings, "kb1")
    assert [o.status for o in again.outcomes] == ["unchanged"]
