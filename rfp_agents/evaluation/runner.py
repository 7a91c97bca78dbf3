"""``rfp eval``: every retrieval mode on the same gold questions, in the same run.

Modes: ``naive`` (the LangChain baseline), ``similarity``, ``mmr`` and ``hybrid`` (the skill),
``pipeline`` (expansion + hybrid + rerank + selection), ``plain`` (the answer baseline with no
rules: the pipeline's top 3 passages, their 2 sentences closest to the question) and ``ask``
(the offline answer's cited references). For each: hit@1/3/5 and MRR over answerable
questions (a hit is a result on an expected file and page), by domain and kind. For the two
answer modes (``plain`` and ``ask``) also: the share of answerable questions citing an
expected page; the share whose answer *text* states the gold fact
(``answer_quality.states_fact``); the median answer length; the share of answers repeating a
sentence; and how often it answers "no evidence", on unanswerable questions (it should) and
on answerable ones (it should not). ``answer_margin`` is ask's lead over plain.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from rfp_agents.config import Settings
from rfp_agents.errors import UsageError
from rfp_agents.evaluation.answer_quality import plain_answer, repeats_sentence, states_fact
from rfp_agents.evaluation.questions import GoldQuestion
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.retrieval.pipeline import RetrievalPipeline
from rfp_agents.skills.context_retriever import ContextRetriever

MODES = ("naive", "similarity", "mmr", "hybrid", "pipeline", "plain", "ask")
ANSWER_MODES = ("plain", "ask")
"""Modes that write an answer, measured for its text as well as its citations."""
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
    by_language: dict[str, Metrics] = Field(
        default_factory=dict, description="By the language the question is asked in."
    )
    median_seconds: float = Field(description="Median time per question.")
    cite_rate: float | None = Field(
        default=None, description="ask: answerable questions citing an expected page."
    )
    abstain_rate: float | None = Field(
        default=None, description="ask: unanswerable questions answered 'no evidence'."
    )
    abstain_answerable_rate: float | None = Field(
        default=None, description="ask: answerable questions answered 'no evidence' (wrongly)."
    )
    states_fact_rate: float | None = Field(
        default=None,
        description="ask: answerable questions whose answer text holds >= 70% of the content "
        "words of the gold quote.",
    )
    median_answer_characters: int | None = Field(
        default=None, description="ask: median length of the answers to answerable questions."
    )
    repeat_rate: float | None = Field(
        default=None, description="ask: answers in which two sentences say the same words."
    )
    misses: list[str] = Field(default_factory=list, description="Answerable ids missed at 5.")
    not_stated: list[str] = Field(
        default_factory=list, description="ask: answerable ids whose answer misses the fact."
    )
    wrong_abstentions: list[str] = Field(
        default_factory=list, description="ask: answerable ids answered 'no evidence'."
    )
    missed_abstentions: list[str] = Field(
        default_factory=list, description="ask: unanswerable ids that got an answer."
    )


class EvalReport(BaseModel):
    set_name: str = Field(default="", description="The question set (its file's stem).")
    knowledge_base: str
    questions: int
    answerable: int
    unanswerable: int
    modes: list[ModeReport]
    answer_margin: float | None = Field(
        default=None,
        description="ask's share of answers stating the fact minus plain's, when both ran: "
        "what the answerer adds over the answer baseline with no rules.",
    )
    notes: list[str] = Field(default_factory=list)


def run_eval(
    questions: Sequence[GoldQuestion],
    kb: str,
    settings: Settings,
    pdf_dir: Path | None = None,
    modes: Sequence[str] = MODES,
    set_name: str = "",
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
    rates = {r.mode: r.states_fact_rate for r in reports if r.mode in ANSWER_MODES}
    margin = None
    if rates.get("ask") is not None and rates.get("plain") is not None:
        margin = round(rates["ask"] - rates["plain"], 3)
    return EvalReport(
        set_name=set_name,
        knowledge_base=kb,
        questions=len(questions),
        answerable=answerable,
        unanswerable=len(questions) - answerable,
        modes=reports,
        answer_margin=margin,
        notes=notes,
    )


class Outcome(BaseModel):
    """What one mode gave for one question."""

    ranking: Ranking
    no_evidence: bool = False
    answer: str | None = Field(default=None, description="ask: the answer text.")


Searcher = Callable[[GoldQuestion], Outcome]


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
        return lambda q: Outcome(ranking=baseline.search(q.question, DEPTH))
    if mode in ("similarity", "mmr", "hybrid"):

        def skill(q: GoldQuestion) -> Outcome:
            out = retriever.retrieve(q.question, top_k=DEPTH, search_type=mode, kb=kb)
            return Outcome(ranking=[(r.source_file, r.page_number) for r in out.results])

        return skill
    if mode == "pipeline":
        pipeline = RetrievalPipeline(retriever)

        def piped(q: GoldQuestion) -> Outcome:
            out = pipeline.run(q.question, [kb], top_k=DEPTH)
            return Outcome(ranking=[(r.source_file, r.page_number) for r in out.results])

        return piped
    if mode == "plain":
        from rfp_agents.evaluation.baseline import PlainAnswerBaseline

        plain = PlainAnswerBaseline(
            RetrievalPipeline(retriever), lambda name: retriever.embeddings_for(knowledge_base)
        )

        def plainly(q: GoldQuestion) -> Outcome:
            out = plain.answer(q.question, kb)
            return Outcome(ranking=out.cited, answer=out.answer)

        return plainly
    from rfp_agents.graph.ask import ask

    def asked(q: GoldQuestion) -> Outcome:
        answer = ask(q.question, [kb], settings=settings.model_copy(update={"chat_model": ""}))
        return Outcome(
            ranking=[(c.source_file, c.page_number) for c in answer.cited],
            no_evidence=answer.no_evidence,
            answer=answer.answer,
        )

    return asked


def _measure(mode: str, questions: Sequence[GoldQuestion], search: Searcher) -> ModeReport:
    rows: list[tuple[GoldQuestion, int | None]] = []  # first hit rank (1-based) or None
    outcomes: dict[str, Outcome] = {}
    seconds = []
    for q in questions:
        start = time.perf_counter()
        outcome = search(q)
        seconds.append(time.perf_counter() - start)
        outcomes[q.id] = outcome
        if q.kind == "unanswerable":
            continue
        ranking = outcome.ranking[:DEPTH]
        rows.append(
            (q, next((i for i, (f, p) in enumerate(ranking, 1) if q.is_expected(f, p)), None))
        )
    report = ModeReport(
        mode=mode,
        overall=_metrics([r for _, r in rows]),
        by_domain=_grouped(rows, lambda q: q.domain),
        by_kind=_grouped(rows, lambda q: q.kind),
        by_language=_grouped(rows, lambda q: q.language),
        median_seconds=round(statistics.median(seconds), 3) if seconds else 0.0,
        misses=[q.id for q, r in rows if r is None],
    )
    if mode in ANSWER_MODES:
        _answer_quality(report, questions, outcomes)
    return report


def _answer_quality(
    report: ModeReport, questions: Sequence[GoldQuestion], outcomes: dict[str, Outcome]
) -> None:
    """The ask mode's figures: cites, states the fact, length, repeats, abstentions."""
    answerable = [q for q in questions if q.kind != "unanswerable"]
    unanswerable = [q for q in questions if q.kind == "unanswerable"]

    def cites(q: GoldQuestion) -> bool:
        return any(q.is_expected(f, p) for f, p in outcomes[q.id].ranking)

    def stated(q: GoldQuestion) -> bool:
        return states_fact(outcomes[q.id].answer or "", [e.quote for e in q.expected])

    answers = [outcomes[q.id].answer or "" for q in questions]
    lengths = [len(plain_answer(outcomes[q.id].answer or "")) for q in answerable]
    report.cite_rate = _share([cites(q) for q in answerable])
    report.states_fact_rate = _share([stated(q) for q in answerable])
    report.median_answer_characters = int(statistics.median(lengths)) if lengths else 0
    report.repeat_rate = _share([repeats_sentence(a) for a in answers])
    report.abstain_rate = _share([outcomes[q.id].no_evidence for q in unanswerable])
    report.abstain_answerable_rate = _share([outcomes[q.id].no_evidence for q in answerable])
    report.not_stated = [q.id for q in answerable if not stated(q)]
    report.wrong_abstentions = [q.id for q in answerable if outcomes[q.id].no_evidence]
    report.missed_abstentions = [q.id for q in unanswerable if not outcomes[q.id].no_evidence]


def _share(flags: Sequence[bool]) -> float:
    return round(sum(flags) / max(1, len(flags)), 3)


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
