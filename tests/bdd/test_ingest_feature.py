"""Step definitions for features/pipeline/ingest.feature."""

from __future__ import annotations

from pathlib import Path

import pytest
from chromadb.api.models.Collection import Collection
from pytest_bdd import given, parsers, scenarios, then, when

from rfp_agents.config import Settings
from rfp_agents.ingest import IngestReport, ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.skills.context_retriever import ContextRetriever
from tests.conftest import REAL_PWS, RFPS_DIR, ROOT, SAMPLE_PDF, copy_to
from tests.pdf_factory import encrypted_pdf, scanned_pages_pdf, text_pdf, truncated_pdf

scenarios("pipeline/ingest.feature")
# Each scenario runs twice: on the embedded store and on a real Chroma server.
pytestmark = pytest.mark.usefixtures("store_url")

CONTRACT_FIELDS = ("source", "page_number", "chunk_id", "doc_id", "chunk_index", "category", "kb")


@pytest.fixture
def settings(rfp_home: Path, store_url: str) -> Settings:
    """Every ingestion scenario runs on the embedded store and on a Chroma server."""
    return Settings(home=rfp_home, chroma_url=store_url)


@pytest.fixture
def ctx(settings: Settings, workdir: Path) -> dict:
    return {"settings": settings, "workdir": workdir, "reports": []}


def _ingest(ctx: dict, paths: list[Path], kb: str) -> IngestReport:
    report = ingest_paths(paths, ctx["settings"], kb)
    ctx["reports"].append(report)
    return report


def _kb(ctx: dict, name: str) -> KnowledgeBase:
    return KnowledgeBase.open(name, ctx["settings"])


def _all_chunks(ctx: dict, kb: str) -> dict:
    return _kb(ctx, kb).chunks.get(include=["metadatas", "documents"])


def _outcome(ctx: dict, source: str):
    for report in reversed(ctx["reports"]):
        for outcome in report.outcomes:
            if outcome.source == source:
                return outcome
    raise AssertionError(f"no outcome for {source}")


# ------------------------------------------------------------------------------- givens
@given(parsers.parse('an empty knowledge base "{kb}"'))
def empty_kb(ctx: dict, kb: str) -> None:
    KnowledgeBase.open(kb, ctx["settings"], create=True)


@given(parsers.parse('the sample RFP is ingested into "{kb}"'))
def sample_ingested(ctx: dict, kb: str) -> None:
    assert _ingest(ctx, [SAMPLE_PDF], kb).exit_code == 0
    ctx["ids_before"] = sorted(_all_chunks(ctx, kb)["ids"])


@given(parsers.parse('the sample RFP is ingested into "{kb}" as "{name}"'))
def sample_ingested_as(ctx: dict, kb: str, name: str) -> None:
    path = copy_to(SAMPLE_PDF, ctx["workdir"], name)
    assert _ingest(ctx, [path], kb).exit_code == 0
    ctx["old_doc_id"] = _outcome(ctx, name).doc_id


@given(parsers.parse('the file "{file}" is ingested into "{kb}"'))
def file_ingested(ctx: dict, file: str, kb: str) -> None:
    assert _ingest(ctx, [ROOT / file], kb).exit_code == 0


@given(
    parsers.parse(
        "a folder with the sample RFP, an encrypted PDF, a truncated PDF, an empty PDF "
        'and a text file named "{fake}"'
    )
)
def folder_of_bad_files(ctx: dict, fake: str) -> None:
    folder = ctx["workdir"]
    copy_to(SAMPLE_PDF, folder)
    encrypted_pdf(SAMPLE_PDF, folder / "encrypted.pdf")
    truncated_pdf(SAMPLE_PDF, folder / "truncated.pdf")
    (folder / "empty.pdf").write_bytes(b"")
    (folder / fake).write_text("This is a plain text file, not a PDF.\n")


@given(parsers.parse('a PDF "{name}" whose page 2 of 3 has no text layer'))
def scanned_pdf(ctx: dict, name: str) -> None:
    text_pdf(
        ctx["workdir"] / name,
        [
            "Page one: the contractor shall deliver monthly status reports to the agency.",
            "",
            "Page three: payment is due within thirty days of a proper invoice.",
        ],
    )


@given(
    parsers.parse(
        'a PDF "{name}" of pages {first:d} to {last:d} of "{real}" whose page {scan:d} is a scan'
    )
)
def pdf_with_a_scanned_page(ctx: dict, name: str, first: int, last: int, real: str, scan: int):
    """Real pages, one of them replaced by its image: a scanned page with no text layer."""
    pages = list(range(first, last + 1))
    scanned_pages_pdf(RFPS_DIR / real, ctx["workdir"] / name, pages, {scan})


@given("Tesseract is not installed")
def no_tesseract(ctx: dict) -> None:
    ctx["settings"] = ctx["settings"].model_copy(
        update={"tesseract_command": str(ctx["workdir"] / "no-such-tesseract")}
    )


@given("the store fails after writing the first batch of chunks")
def store_fails(ctx: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx["settings"] = ctx["settings"].model_copy(update={"store_write_batch": 8})
    real_upsert = Collection.upsert
    calls = {"n": 0}

    def failing_upsert(self, *args, **kwargs):
        if self.name.startswith("rfp-kb-"):
            calls["n"] += 1
            if calls["n"] > 1:
                raise RuntimeError("simulated crash while writing chunks")
        return real_upsert(self, *args, **kwargs)

    monkeypatch.setattr(Collection, "upsert", failing_upsert)
    ctx["restore_upsert"] = lambda: monkeypatch.setattr(Collection, "upsert", real_upsert)


# -------------------------------------------------------------------------------- whens
@when(parsers.parse('I ingest "{file}" into "{kb}"'))
def ingest_file(ctx: dict, file: str, kb: str) -> None:
    _ingest(ctx, [ROOT / file], kb)


@when(parsers.parse('"{name}" is replaced by a real RFP and ingested into "{kb}"'))
def replace_and_ingest(ctx: dict, name: str, kb: str) -> None:
    path = copy_to(REAL_PWS, ctx["workdir"], name)
    _ingest(ctx, [path], kb)


@when(parsers.parse('I ingest the folder into "{kb}"'))
def ingest_folder(ctx: dict, kb: str) -> None:
    _ingest(ctx, [ctx["workdir"]], kb)


@when(parsers.parse('the store works again and I ingest "{file}" into "{kb}"'))
def ingest_after_recovery(ctx: dict, file: str, kb: str) -> None:
    ctx["restore_upsert"]()
    _ingest(ctx, [ROOT / file], kb)


# -------------------------------------------------------------------------------- thens
@then(parsers.parse('the outcome of "{source}" is "{status}"'))
def outcome_is(ctx: dict, source: str, status: str) -> None:
    outcome = _outcome(ctx, source)
    assert outcome.status == status, outcome.describe()


@then(parsers.parse('the knowledge base "{kb}" lists "{source}" with {pages:d} pages'))
def lists_document(ctx: dict, kb: str, source: str, pages: int) -> None:
    docs = {d.source: d for d in _kb(ctx, kb).documents()}
    assert docs[source].pages == pages
    assert docs[source].chunks == len(_all_chunks(ctx, kb)["ids"]) > 0


@then("every chunk carries source, page_number, chunk_id, doc_id, chunk_index, category and kb")
def chunk_contract(ctx: dict) -> None:
    got = _all_chunks(ctx, "tender")
    for chunk_id, meta in zip(got["ids"], got["metadatas"], strict=True):
        assert all(field in meta for field in CONTRACT_FIELDS), meta
        assert meta["chunk_id"] == chunk_id
        assert isinstance(meta["page_number"], int) and 1 <= meta["page_number"] <= 12
        assert meta["category"] in ("legal", "technical", "financial", "general")
        assert meta["kb"] == "tender"
    indexes = sorted(m["chunk_index"] for m in got["metadatas"])
    assert indexes == list(range(len(indexes)))


@then(parsers.parse('no chunk contains the running header "{text}"'))
@then(parsers.parse('no chunk contains the running footer "{text}"'))
def no_chunk_contains(ctx: dict, text: str) -> None:
    assert not [d for d in _all_chunks(ctx, "tender")["documents"] if text in d]


@then(parsers.parse('the chunk ids of "{kb}" are the same as before'))
def same_ids(ctx: dict, kb: str) -> None:
    assert sorted(_all_chunks(ctx, kb)["ids"]) == ctx["ids_before"]


@then(parsers.parse('"{kb}" holds only the chunks of the new "{name}", with no duplicates'))
def only_new_chunks(ctx: dict, kb: str, name: str) -> None:
    new = _outcome(ctx, name)
    got = _all_chunks(ctx, kb)
    doc_ids = {m["doc_id"] for m in got["metadatas"]}
    assert doc_ids == {new.doc_id} and new.doc_id != ctx["old_doc_id"]
    assert len(got["ids"]) == len(set(got["ids"])) == new.chunks
    assert [d.doc_id for d in _kb(ctx, kb).records()] == [new.doc_id]


@then(parsers.parse('"{name}" is skipped as "{reason}"'))
def skipped_as(ctx: dict, name: str, reason: str) -> None:
    outcome = _outcome(ctx, name)
    assert (outcome.status, outcome.reason) == ("skipped", reason), outcome.describe()
    assert outcome.describe().startswith(f"skipped: {reason}")


@then(parsers.parse("the batch exit code is {code:d}"))
def exit_code(ctx: dict, code: int) -> None:
    assert ctx["reports"][-1].exit_code == code


@then(parsers.parse('the summary names "{a}", "{b}", "{c}" and "{d}"'))
def summary_names(ctx: dict, a: str, b: str, c: str, d: str) -> None:
    summary = ctx["reports"][-1].summary()
    assert all(name in summary for name in (a, b, c, d)), summary
    assert "sample_rfp.pdf" not in summary.split("not ingested:")[1]


@then(parsers.parse('the report says "{text}"'))
def report_says(ctx: dict, text: str) -> None:
    assert any(text in o.describe() for o in ctx["reports"][-1].outcomes)


@then(parsers.parse('no chunk of "{source}" claims page {page:d}'))
def no_chunk_on_page(ctx: dict, source: str, page: int) -> None:
    metas = _all_chunks(ctx, "tender")["metadatas"]
    pages = {m["page_number"] for m in metas if m["source"] == source}
    assert pages == {1, 3}


@then("the chunks of page 2 are marked as read by OCR and the others are not")
def ocr_marks(ctx: dict) -> None:
    metas = _all_chunks(ctx, "tender")["metadatas"]
    by_page = {(m["page_number"], m["ocr"]) for m in metas}
    assert by_page == {(1, False), (2, True), (3, False)}
    confidences = [m["ocr_confidence"] for m in metas if m["ocr"]]
    assert confidences and all(80 <= c <= 100 for c in confidences)


@then(
    parsers.parse(
        'the phrase "{phrase}" is stored in a chunk of "{name}" with page_number {page:d}'
    )
)
def phrase_on_page(ctx: dict, phrase: str, name: str, page: int) -> None:
    got = _all_chunks(ctx, "tender")
    pages = {
        m["page_number"]
        for d, m in zip(got["documents"], got["metadatas"], strict=True)
        if phrase in " ".join(d.split()) and m["source"] == name
    }
    assert pages == {page}


@then(parsers.parse('the knowledge base "{kb}" does not list "{source}"'))
def does_not_list(ctx: dict, kb: str, source: str) -> None:
    assert source not in {d.source for d in _kb(ctx, kb).documents()}


@then(
    parsers.parse('"{kb}" physically holds chunks of "{source}" but retrieval never returns them')
)
def hidden_chunks(ctx: dict, kb: str, source: str) -> None:
    stored = _kb(ctx, kb).chunks.get(where={"source": source}, include=[])["ids"]
    assert stored, "the simulated crash should have left some chunks behind"
    retriever = ContextRetriever(ctx["settings"])
    for query in ("liquidated damages per calendar day", "fare collection cloud platform"):
        output = retriever.retrieve(query, top_k=50, kb=kb)
        assert output.results
        assert all(r.source_file != source for r in output.results)


@then(parsers.parse('"{kb}" holds exactly the chunks of one clean ingest of "{source}"'))
def exactly_clean(ctx: dict, kb: str, source: str, sample_kb_settings: Settings) -> None:
    got = _kb(ctx, kb).chunks.get(where={"source": source}, include=[])["ids"]
    clean = KnowledgeBase.open("sample", sample_kb_settings).chunks.get(include=[])["ids"]
    assert sorted(got) == sorted(clean)
    assert {d.source for d in _kb(ctx, kb).documents()} >= {source}
    assert all(r.status == "complete" for r in _kb(ctx, kb).records())
