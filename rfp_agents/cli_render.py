"""What the ``rfp`` command prints: tables, answers, diagnostics, evaluation reports.

``cli.py`` parses arguments and runs the work; this module only shows the results, on
``console`` (stdout) and ``err_console`` (stderr).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

# Markup is off: answers, passages, file names and model replies are data, and a "[/INST]"
# in them must print as it is, not crash the renderer. Styles come from ``label``.
# Piped output is not 80 columns wide: let tables breathe when nobody is looking at a terminal.
console = Console(width=None if sys.stdout.isatty() else 200, markup=False)
err_console = Console(stderr=True, markup=False)


def label(name: str, style: str, rest: str = "") -> Text:
    """``name`` in ``style``, then ``rest`` as plain text."""
    return Text.assemble((name, style), rest)


def warn(message: str) -> None:
    console.print(label("warning:", "yellow", f" {message}"), highlight=False, soft_wrap=True)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


class DraftView:
    """The agents' answers as their models write them, live on stderr while a question runs
    in a terminal (``token`` events, LLM mode). Transient: the checked answer, with its
    citations numbered across agents, replaces the drafts when it arrives."""

    def __init__(self) -> None:
        from rich.live import Live

        self.drafts: dict[str, str] = {}
        self.live = Live(Text(""), console=err_console, transient=True, auto_refresh=False)

    def __enter__(self) -> DraftView:
        self.live.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.live.stop()

    def show(self, event: dict[str, Any]) -> None:
        if event["type"] != "token":
            return
        self.drafts[event["domain"]] = self.drafts.get(event["domain"], "") + event["text"]
        parts: list[Any] = []
        for domain, text in self.drafts.items():
            parts += [(f"{domain} (draft): ", "dim bold"), (text + "\n", "dim")]
        self.live.update(Text.assemble(*parts), refresh=True)


def knowledge_bases(infos: list[Any]) -> None:
    if not infos:
        console.print("No knowledge bases yet. Create one with `rfp ingest PATH --kb NAME`.")
        return
    table = Table("knowledge base", "documents", "chunks", "embeddings", "created")
    for i in infos:
        table.add_row(i.name, str(i.documents), str(i.chunks), i.embedding_model, i.created_at)
    console.print(table)


def documents(kb: str, records: list[Any]) -> None:
    if not records:
        console.print(
            f"Knowledge base {kb!r} has no documents. Add some with `rfp ingest PATH --kb {kb}`."
        )
        return
    table = Table(title=f"knowledge base {kb!r}")
    table.add_column("file", overflow="fold")
    table.add_column("title", ratio=1, overflow="fold")
    for name in ("pages", "chunks", "doc_id", "ingested at"):
        table.add_column(name, no_wrap=True)
    for r in records:
        table.add_row(r.source, r.title, _pages(r), str(r.chunks), r.doc_id, r.ingested_at)
    console.print(table)


def _pages(record: Any) -> str:
    """ "44", "44 (5 by OCR)", "44 (2 unread)": how many pages, and how they were read."""
    notes = []
    if record.ocr_pages:
        notes.append(f"{record.ocr_pages} by OCR")
    unread = record.pages_without_text - record.ocr_pages
    if unread > 0:
        notes.append(f"{unread} unread")
    return f"{record.pages} ({', '.join(notes)})" if notes else str(record.pages)


def retrieval(kb: str, output: Any) -> None:
    """The skill's results as a table, then its warning."""
    table = Table(
        title=f"{output.query!r} in {kb!r}: {len(output.results)} of {output.total_found} found"
    )
    for name in ("#", "score", "file", "page", "chunk id"):
        table.add_column(name, no_wrap=True)
    table.add_column("snippet", ratio=1)
    for i, r in enumerate(output.results, 1):
        snippet = " ".join(r.content.split())
        table.add_row(
            str(i),
            f"{r.relevance_score:.3f}",
            r.source_file,
            str(r.page_number),
            r.chunk_id,
            snippet[:160] + ("..." if len(snippet) > 160 else ""),
        )
    console.print(table)
    if output.warning:
        warn(output.warning)


def pipeline_retrieval(kb: str, output: Any) -> None:
    """The retrieval pipeline's passages with their reasons, then its diagnostics."""
    table = Table(title=f"{output.question!r} in {kb!r}: {len(output.results)} passages")
    for name in ("#", "score", "cosine", "bm25", "file", "page", "chunk id"):
        table.add_column(name, no_wrap=True)
    table.add_column("why", ratio=1)
    for i, r in enumerate(output.results, 1):
        table.add_row(
            str(i),
            f"{r.score:.3f}",
            f"{r.dense_score:.3f}" if r.dense_score is not None else "-",
            f"{r.lexical_score:.2f}" if r.lexical_score is not None else "-",
            r.source_file,
            str(r.page_number),
            r.chunk_id,
            "; ".join(r.reasons),
        )
    console.print(table)
    diagnostics([output.diagnostics])
    if output.warning:
        warn(output.warning)


def diagnostics(records: list[Any]) -> None:
    for d in records:
        console.print()
        console.print(
            label("diagnostics", "bold", f" {d.domain or ''} kbs={d.knowledge_bases}"),
            highlight=False,
        )
        for q in d.expanded_queries:
            console.print(f"  query: {q.query!r} ({q.why})", highlight=False, soft_wrap=True)
        if d.named_documents:
            console.print(f"  names documents: {d.named_documents}", highlight=False)
        for subject in d.comparison_subjects:
            console.print(f"  comparison side: {subject}", highlight=False, soft_wrap=True)
        for search in d.searches:
            found = ", ".join(
                f"{c.source_file} p{c.page_number} {c.relevance_score:.2f}"
                for c in search.candidates[:5]
            )
            console.print(
                f"  search {search.query!r} in {search.kb} where={json.dumps(search.where)}"
                f"{' residual=' + json.dumps(search.residual) if search.residual else ''}"
                f"{' error=' + search.error if search.error else ''}: {found}",
                highlight=False,
                soft_wrap=True,
            )
        for rank in d.ranks[:10]:
            mark = "kept" if rank.selected else "    "
            console.print(
                f"  {mark} #{rank.final_rank} (fused #{rank.fused_rank}) {rank.source_file} "
                f"p{rank.page_number} {rank.final_score:.3f}: {'; '.join(rank.reasons)}",
                highlight=False,
                soft_wrap=True,
            )
        for dropped in d.dropped[:10]:
            console.print(
                f"  dropped {dropped.source_file} p{dropped.page_number}: {dropped.reason}",
                highlight=False,
                soft_wrap=True,
            )


def answer(answer: Any, steps: bool) -> None:
    if steps:
        console.print(
            label(
                "route",
                "bold",
                f" ({answer.route_method}): {', '.join(answer.domains)}: {answer.route_reason}",
            ),
            highlight=False,
            soft_wrap=True,
        )
        for finding in answer.findings:
            for step in finding.steps:
                outcome = f"error: {step.error}" if step.error else f"{step.result_count} passages"
                args = json.dumps(step.args, ensure_ascii=False)
                console.print(
                    Text.assemble(
                        "  ", (finding.domain, "cyan"), f" {step.tool} {args} -> {outcome}"
                    ),
                    highlight=False,
                    soft_wrap=True,
                )
        console.print()
    console.print(answer.answer, highlight=False, soft_wrap=True)
    cited = answer.cited
    if cited:
        console.print()
        console.print(label("References", "bold"))
        for c in cited:
            scan = (
                ""
                if c.ocr_confidence is None
                else f", scanned page read by OCR at {c.ocr_confidence:.0f}% confidence"
            )
            console.print(
                f"  [{c.n}] {c.source_file}, p. {c.page_number} ({c.kb}, {c.chunk_id}{scan})",
                highlight=False,
                soft_wrap=True,
            )
    others = len(answer.citations) - len(cited)
    if others:
        console.print(f"  ({others} more passages retrieved; --json lists them)", highlight=False)
    for warning in answer.warnings:
        warn(warning)
    console.print(
        f"\nthread: {answer.thread_id} (follow up with --thread {answer.thread_id})",
        highlight=False,
    )


def evaluation(report: Any) -> None:
    domains = sorted({d for m in report.modes for d in m.by_domain})
    kinds = sorted({k for m in report.modes for k in m.by_kind})
    # the question languages, when a set mixes them ("asked in es @5", "asked in en @5")
    languages = sorted({x for m in report.modes for x in m.by_language})
    languages = languages if len(languages) > 1 else []
    named = f"set {report.set_name!r}: " if report.set_name else ""
    table = Table(
        title=f"{named}{report.questions} questions ({report.answerable} answerable, "
        f"{report.unanswerable} unanswerable) on knowledge base {report.knowledge_base!r}"
    )
    for name in ("mode", "hit@1", "hit@3", "hit@5", "MRR"):
        table.add_column(name, no_wrap=True)
    for name in [*(f"{d} @5" for d in domains), *(f"{k} @5" for k in kinds),
                 *(f"asked in {x} @5" for x in languages)]:  # fmt: skip
        table.add_column(name, no_wrap=True)
    for name in ("cites", "states fact", "abstains", "s/question"):
        table.add_column(name, no_wrap=True)
    for m in report.modes:
        o = m.overall
        table.add_row(
            m.mode,
            f"{o.hit_at_1:.3f}",
            f"{o.hit_at_3:.3f}",
            f"{o.hit_at_5:.3f}",
            f"{o.mrr:.3f}",
            *(f"{m.by_domain[d].hit_at_5:.3f}" if d in m.by_domain else "-" for d in domains),
            *(f"{m.by_kind[k].hit_at_5:.3f}" if k in m.by_kind else "-" for k in kinds),
            *(
                f"{m.by_language[x].hit_at_5:.3f}" if x in m.by_language else "-" for x in languages
            ),  # fmt: skip
            _rate(m.cite_rate),
            _rate(m.states_fact_rate),
            _rate(m.abstain_rate),
            f"{m.median_seconds:.3f}",
        )
    console.print(table)
    for m in report.modes:
        if m.misses:
            console.print(f"{m.mode} misses at 5: {', '.join(m.misses)}", highlight=False)
        for title, ids in (
            ("answer does not state the fact", m.not_stated),
            ("'no evidence' on an answerable question", m.wrong_abstentions),
            ("answered an unanswerable question", m.missed_abstentions),
        ):
            if ids:
                console.print(f"{m.mode} {title}: {', '.join(ids)}", highlight=False)
    if report.answer_margin is not None:
        console.print(
            f"ask states the fact {report.answer_margin:+.3f} over the plain answer baseline",
            highlight=False,
        )
    for note in report.notes:
        console.print(label("note:", "yellow", f" {note}"), highlight=False)


def evaluation_sets(reports: Sequence[Any]) -> None:
    """The headline figures of several question sets side by side (tuning vs held-out)."""
    table = Table(title="question sets side by side")
    table.add_column("figure")
    for report in reports:
        table.add_column(f"{report.set_name} ({report.knowledge_base})", no_wrap=True)

    def mode(report: Any, name: str) -> Any:
        return next((m for m in report.modes if m.mode == name), None)

    def figure(name: str, field: str, title: str, fmt: str = "{:.3f}") -> None:
        values = []
        for report in reports:
            found = mode(report, name)
            value = None if found is None else _field(found, field)
            values.append("-" if value is None else fmt.format(value))
        table.add_row(title, *values)

    counts = [f"{r.questions} ({r.answerable} / {r.unanswerable})" for r in reports]
    table.add_row("questions (answerable / unanswerable)", *counts)
    figure("naive", "overall.hit_at_5", "naive LangChain hit@5")
    figure("pipeline", "overall.hit_at_5", "pipeline hit@5")
    figure("ask", "cite_rate", "ask cites a gold page")
    figure("ask", "states_fact_rate", "answer states the fact")
    figure("plain", "states_fact_rate", "plain baseline states the fact")
    margins = ["-" if r.answer_margin is None else f"{r.answer_margin:+.3f}" for r in reports]
    table.add_row("ask's margin over the plain baseline", *margins)
    figure("ask", "median_answer_characters", "median answer (characters)", "{:d}")
    figure("ask", "repeat_rate", "answers repeating a sentence")
    figure("ask", "abstain_rate", "abstains on unanswerable")
    figure("ask", "abstain_answerable_rate", "abstains on answerable")
    console.print(table)


def _field(model: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        model = getattr(model, part)
    return model


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"
