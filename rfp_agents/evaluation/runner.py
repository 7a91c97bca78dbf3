"""``rfp eval``: every retrieval mode on the same gold questions, in the same run.

Modes: ``naive`` (the LangChain baseline), ``similarity``, ``mmr`` and ``hybrid`` (the skill),
``pipeline`` (expansion + hybrid + rerank + selection) and ``ask`` (the offline answer's
cited references). For each: hit@1/3/5 and MRR over answerable questions (a hit is a result
on an expected file and page), by domain and kind. For ``ask`` also: the share of answerable
questions citing an expected page, and the share of unanswerable ones answered "no evidence".
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from rfp_agents.config import Settings
from rfp_agents.errors import UsageError
from rfp_agents.evaluation.questions import GoldQuestion
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.retrieval.pipeline import RetrievalPipeline
from rfp_agents.skills.context_retriever import ContextRetriever

MODES = ("naive", "similarity", "mmr", "hybrid", "pipeline", "ask")
DEPTH = 5

Ranking = list[tuple[str, int]]


class Metrics(BaseModel):
    questions: int
    hit_at_1: float
    hit_at_3: float
    hit_at_5: float
    mrr: float


class ModeReport(BaseModel):
    mode: str
    overall: Metrics
    by_domain: dict[str, Metrics]
    by_kind: dict[str, Metrics]
    median_seconds: float = Field(description="Median time per question.")
    cite_rate: float | None = Field(
        default=None, description="ask: answerable questions citing an expected page."
    )
    abstain_rate: float | None = Field(
        default=None, description="ask: unanswerable questions answered 'no evidence'."
    )
    misses: list[str] = Field(default_factory=list, description="Answerable ids missed at 5.")


class EvalReport(BaseModel):
    knowledge_base: str
    questions: int
    answerable: int
    unanswerable: int
    modes: list[ModeReport]
    notes: list[str] = Field(default_factory=list)


def run_eval(
    questions: Sequence[GoldQuestion],
    kb: str,
    settings: Settings,
    pdf_dir: Path | None = None,
    modes: Sequence[str] = MODES,
) -> EvalReport:
    """Measure each mode on ``questions`` against knowledge base ``kb``.

    Raises:
        UsageError: an unknown mode, or ``naive`` without the PDFs' folder.
        KnowledgeBaseNotFound: ``kb`` does not exist.
    """
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        raise UsageError(f"unknown mode(s) {unknown}; choose from {list(MODES)}")
    knowledge_base = KnowledgeBase.open(kb, settings)
    retriever = ContextRetriever(settings)
    notes = []
    reports = []
    for mode in modes:
        if mode == "naive" and pdf_dir is None:
            notes.append("naive baseline skipped: give --pdfs (the folder of the ingested PDFs)")
            continue
        search = _searcher(mode, kb, knowledge_base, retriever, settings, pdf_dir)
        reports.append(_measure(mode, questions, search))
    answerable = sum(q.kind != "unanswerable" for q in questions)
    return EvalReport(
        knowledge_base=kb,
        questions=len(questions),
        answerable=answerable,
        unanswerable=len(questions) - answerable,
        modes=reports,
        notes=notes,
    )


# Each searcher returns the ranking (file, page) and whether the mode abstained.
Searcher = Callable[[GoldQuestion], tuple[Ranking, bool]]


def _searcher(
    mode: str,
    kb: str,
    knowledge_base: KnowledgeBase,
    retriever: ContextRetriever,
    settings: Settings,
    pdf_dir: Path | None,
) -> Searcher:
    if mode == "naive":
        from rfp_agents.evaluation.baseline import NaiveBaseline

        pdfs = [pdf_dir / d.source for d in knowledge_base.documents()]  # type: ignore[operator]
        missing = [p.name for p in pdfs if not p.exists()]
        if missing:
            raise UsageError(f"--pdfs {pdf_dir} lacks {missing} (documents of kb {kb!r})")
        baseline = NaiveBaseline(pdfs, retriever.embeddings)
        return lambda q: (baseline.search(q.question, DEPTH), False)
    if mode in ("similarity", "mmr", "hybrid"):

        def skill(q: GoldQuestion) -> tuple[Ranking, bool]:
            out = retriever.retrieve(q.question, top_k=DEPTH, search_type=mode, kb=kb)
            return [(r.source_file, r.page_number) for r in out.results], False

        return skill
    if mode == "pipeline":
        pipeline = RetrievalPipeline(retriever)

        def piped(q: GoldQuestion) -> tuple[Ranking, bool]:
            out = pipeline.run(q.question, [kb], top_k=DEPTH)
            return [(r.source_file, r.page_number) for r in out.results], False

        return piped
    from rfp_agents.graph.ask import ask

    def asked(q: GoldQuestion) -> tuple[Ranking, bool]:
        answer = ask(q.question, [kb], settings=settings.model_copy(update={"chat_model": ""}))
        return [(c.source_file, c.page_number) for c in answer.cited], answer.no_evidence

    return asked


def _measure(mode: str, questions: Sequence[GoldQuestion], search: Searcher) -> ModeReport:
    rows: list[tuple[GoldQuestion, int | None]] = []  # first hit rank (1-based) or None
    abstained: list[bool] = []
    cited: list[bool] = []
    seconds = []
    for q in questions:
        start = time.perf_counter()
        ranking, no_evidence = search(q)
        seconds.append(time.perf_counter() - start)
        if q.kind == "unanswerable":
            abstained.append(no_evidence)
            continue
        rank = next((i for i, (f, p) in enumerate(ranking[:DEPTH], 1) if q.is_expected(f, p)), None)
        rows.append((q, rank))
        cited.append(any(q.is_expected(f, p) for f, p in ranking))
    report = ModeReport(
        mode=mode,
        overall=_metrics([r for _, r in rows]),
        by_domain=_grouped(rows, lambda q: q.domain),
        by_kind=_grouped(rows, lambda q: q.kind),
        median_seconds=round(statistics.median(seconds), 3) if seconds else 0.0,
        misses=[q.id for q, r in rows if r is None],
    )
    if mode == "ask":
        report.cite_rate = round(sum(cited) / max(1, len(cited)), 3)
        report.abstain_rate = round(sum(abstained) / max(1, len(abstained)), 3)
    return report


def _grouped(
    rows: list[tuple[GoldQuestion, int | None]], key: Callable[[GoldQuestion], str]
) -> dict[str, Metrics]:
    groups: dict[str, list[int | None]] = {}
    for q, rank in rows:
        groups.setdefault(key(q), []).append(rank)
    return {name: _metrics(ranks) for name, ranks in sorted(groups.items())}


def _metrics(ranks: list[int | None]) -> Metrics:
    n = len(ranks)

    def hit(k: int) -> float:
        return round(sum(r is not None and r <= k for r in ranks) / n, 3) if n else 0.0

    mrr = round(sum(1.0 / r for r in ranks if r is not None) / n, 3) if n else 0.0
    return Metrics(questions=n, hit_at_1=hit(1), hit_at_3=hit(3), hit_at_5=hit(5), mrr=mrr)
