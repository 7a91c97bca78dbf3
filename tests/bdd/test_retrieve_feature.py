"""Step definitions for features/pipeline/retrieve_node.feature."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from chromadb.api.models.Collection import Collection
from pytest_bdd import given, parsers, scenarios, then, when

from rfp_agents.config import Settings
from rfp_agents.embeddings import get_embeddings
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.skills.context_retriever import (
    ContextRetriever,
    IndexEmptyError,
    InvalidFilterError,
    InvalidRetrievalInputError,
)
from rfp_agents.skills.context_retriever.filters import compile_filter, matches
from tests.conftest import SAMPLE_PDF, STORES
from tests.pdf_factory import text_pdf

scenarios("pipeline/retrieve_node.feature")
# Each scenario runs twice: on the embedded store and on a real Chroma server.
pytestmark = pytest.mark.usefixtures("kb_settings")

ERRORS = {
    "InvalidRetrievalInputError": InvalidRetrievalInputError,
    "InvalidFilterError": InvalidFilterError,
    "IndexEmptyError": IndexEmptyError,
}
LD_CLAUSE = (
    "If go-live is delayed beyond the agreed date for reasons attributable to the Contractor, "
    "the Contractor shall pay liquidated damages of USD 1,500 per calendar day of delay, up to "
    "a maximum of 10% of the implementation price."
)
NEAR_DUPLICATE = 0.9


class CountingEmbeddings:
    """Wraps the real embeddings and counts calls, to prove nothing was embedded."""

    def __init__(self, inner) -> None:
        self.inner, self.calls = inner, 0

    def embed_query(self, text: str) -> list[float]:
        self.calls += 1
        return self.inner.embed_query(text)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        self.calls += 1
        return self.inner.embed_documents(texts)


@pytest.fixture(params=STORES)
def kb_settings(request: pytest.FixtureRequest) -> Settings:
    """The session's "sample" and "real" knowledge bases, embedded or on a Chroma server."""
    name = "sample_kb_settings" if request.param == "embedded" else "server_kb_settings"
    return request.getfixturevalue(name)


@pytest.fixture
def ctx(kb_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> dict:
    embeddings = CountingEmbeddings(get_embeddings(kb_settings))
    queries = {"n": 0}
    real_query = Collection.query

    def counting_query(self, *args, **kwargs):
        queries["n"] += 1
        return real_query(self, *args, **kwargs)

    monkeypatch.setattr(Collection, "query", counting_query)
    return {
        "settings": kb_settings,
        "embeddings": embeddings,
        "queries": queries,
        "outputs": [],
    }


def _retriever(ctx: dict) -> ContextRetriever:
    return ContextRetriever(ctx["settings"], embeddings=ctx["embeddings"])


def _last(ctx: dict):
    return ctx["outputs"][-1]


# ------------------------------------------------------------------------------- givens
@given(
    parsers.parse(
        'a knowledge base "{kb}" holding the sample RFP and five near-copies of its '
        "liquidated damages clause"
    )
)
def duplicates_kb(ctx: dict, kb: str, tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "dups_home", chroma_url=ctx["settings"].chroma_url)
    copies = text_pdf(
        tmp_path / "ld-copies.pdf",
        [
            f"Lot {lot}. {LD_CLAUSE} This applies to lot {lot}."
            for lot in ("North", "South", "East", "West", "Central")
        ],
    )
    assert ingest_paths([SAMPLE_PDF, copies], settings, kb).exit_code == 0
    ctx["settings"] = settings


@given("an empty store")
def empty_store(ctx: dict, tmp_path: Path) -> None:
    # An empty embedded store in both runs: the shared server is never empty.
    ctx["settings"] = Settings(home=tmp_path / "empty_home")


# -------------------------------------------------------------------------------- whens
@when(parsers.parse('I retrieve "{query}" from "{kb}" with {args}'))
def retrieve(ctx: dict, query: str, kb: str, args: str) -> None:
    ctx["outputs"].append(_retriever(ctx).retrieve(query, kb=kb, **json.loads(args)))


@when(parsers.parse('I try to retrieve "{query}" from "{kb}" with {args}'))
def try_retrieve(ctx: dict, query: str, kb: str, args: str) -> None:
    ctx["queries"]["n"] = 0
    ctx["embeddings"].calls = 0
    try:
        _retriever(ctx).retrieve(query, kb=kb, **json.loads(args))
    except Exception as exc:  # noqa: BLE001 - the Then step checks the type
        ctx["error"] = exc
    else:
        ctx["error"] = None


# -------------------------------------------------------------------------------- thens
@then(parsers.parse("I get {n:d} results ordered by relevance"))
def n_results_ordered(ctx: dict, n: int) -> None:
    scores = [r.relevance_score for r in _last(ctx).results]
    assert len(scores) == n
    assert scores == sorted(scores, reverse=True)
    assert all(0.0 <= s <= 1.0 for s in scores)


@then(parsers.parse('the first result cites "{file}" page {page:d}'))
def first_cites(ctx: dict, file: str, page: int) -> None:
    first = _last(ctx).results[0]
    assert (first.source_file, first.page_number) == (file, page), first.citation


@then("every result carries page_number, source_file and chunk_id")
def carries_citation(ctx: dict) -> None:
    for r in _last(ctx).results:
        assert r.page_number >= 1 and r.source_file and r.chunk_id
        assert r.metadata["page_number"] == r.page_number
        assert r.metadata["source"] == r.source_file
        assert r.metadata["chunk_id"] == r.chunk_id


def _near_duplicate_pairs(ctx: dict, output) -> int:
    vectors = np.asarray(
        ctx["embeddings"].inner.embed_documents([r.content for r in output.results])
    )
    return sum(1 for a, b in itertools.combinations(vectors, 2) if float(a @ b) >= NEAR_DUPLICATE)


@then("the MMR results hold fewer near-duplicate pairs than the similarity results")
def mmr_is_diverse(ctx: dict) -> None:
    similarity, mmr = ctx["outputs"][-2], ctx["outputs"][-1]
    sim_pairs = _near_duplicate_pairs(ctx, similarity)
    mmr_pairs = _near_duplicate_pairs(ctx, mmr)
    assert sim_pairs >= 3, "the near-copies should dominate plain similarity"
    assert mmr_pairs < sim_pairs


@then("the MMR results carry relevance scores and their MMR pick order")
def mmr_scores(ctx: dict) -> None:
    results = _last(ctx).results
    assert sorted(r.mmr_rank for r in results) == list(range(1, len(results) + 1))
    assert all(r.relevance_score > 0 for r in results)
    assert [r.relevance_score for r in results] == sorted(
        (r.relevance_score for r in results), reverse=True
    )


@then(parsers.parse('every result comes from "{file}"'))
def all_from(ctx: dict, file: str) -> None:
    results = _last(ctx).results
    assert results and {r.source_file for r in results} == {file}


@then(parsers.parse("every result is on a page between {low:d} and {high:d}"))
def pages_between(ctx: dict, low: int, high: int) -> None:
    results = _last(ctx).results
    assert results and all(low <= r.page_number <= high for r in results)


@then(parsers.parse("every page from {low:d} to {high:d} appears in the results"))
def every_page(ctx: dict, low: int, high: int) -> None:
    assert {r.page_number for r in _last(ctx).results} == set(range(low, high + 1))


def _filter_of(ctx: dict) -> dict:
    return {
        "$or": [{"source": {"$contains": "pws"}}, {"category": "financial"}],
        "page": {"$lte": 3},
    }


@then("every result matches the filter when checked by hand")
def matches_by_hand(ctx: dict) -> None:
    results = _last(ctx).results
    assert results
    for r in results:
        m = r.metadata
        assert m["page_number"] <= 3
        assert "pws" in m["source"].lower() or m["category"] == "financial"


@then("the results equal a brute-force evaluation of the filter over every chunk")
def brute_force(ctx: dict) -> None:
    compiled = compile_filter(_filter_of(ctx))
    everything = KnowledgeBase.open("real", ctx["settings"]).chunks.get(include=["metadatas"])
    expected = {m["chunk_id"] for m in everything["metadatas"] if matches(compiled, m)}
    got = {r.chunk_id for r in _last(ctx).results}
    assert len(expected) <= 50, "the scenario asks for top_k=50 to see every match"
    assert got == expected


@then(parsers.parse('the warning says "{text}"'))
def warning_says(ctx: dict, text: str) -> None:
    assert text in (_last(ctx).warning or "")


@then(parsers.parse("total_found is {n:d}"))
def total_found(ctx: dict, n: int) -> None:
    assert _last(ctx).total_found == n


@then(parsers.parse("every result scores at least {threshold:f}"))
def above_threshold(ctx: dict, threshold: float) -> None:
    results = _last(ctx).results
    assert results and all(r.relevance_score >= threshold for r in results)
    assert _last(ctx).total_found > len(results)


@then(parsers.parse('it fails with {error} mentioning "{text}"'))
def fails_with(ctx: dict, error: str, text: str) -> None:
    assert isinstance(ctx["error"], ERRORS[error]), repr(ctx["error"])
    assert text in str(ctx["error"])


@then("no query reached the store and nothing was embedded")
def nothing_ran(ctx: dict) -> None:
    assert ctx["queries"]["n"] == 0
    assert ctx["embeddings"].calls == 0
