"""The ``rfp`` command: ingest RFP PDFs, list knowledge bases and documents, retrieve.

Errors are turned into messages and exit codes in one place, ``handles_errors``: a
``UsageError`` (bad filter, bad name, bad argument) exits 2, any other ``RfpError`` exits 1.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from rfp_agents import cli_render as render
from rfp_agents.cli_common import (
    JsonOption,
    KbOption,
    handles_errors,
    holding_documents,
    writable_output,
)
from rfp_agents.cli_matrix import matrix_app
from rfp_agents.config import DEFAULT_KB, Settings, get_settings
from rfp_agents.errors import UsageError

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

app = typer.Typer(
    help="Analyse RFPs with agents: ingest PDFs, then retrieve and ask with page citations.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    # Markdown joins a docstring paragraph's wrapped lines; Typer's default keeps them, and
    # `--help` then shows ragged lines
    rich_markup_mode="markdown",
)
kb_app = typer.Typer(help="Knowledge bases (one per tender, say).", no_args_is_help=True)
app.add_typer(kb_app, name="kb")
app.add_typer(matrix_app, name="matrix")

console, err_console = render.console, render.err_console

DiagnosticsOption = Annotated[
    bool,
    typer.Option(
        "--diagnostics",
        help="Show how retrieval went: expanded queries, filters, candidates and scores, "
        "ranks with reasons, what was kept and dropped.",
    ),
]


@app.callback()
def _main(
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log every step.")] = False,
):
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


@app.command()
@handles_errors
def setup() -> None:
    """Prepare the local embedding model: export it to ONNX once (about 10 s; no download)."""
    from rfp_agents.model_export import ensure_exported

    folder = ensure_exported(get_settings().models_dir)
    console.print(f"embedding model ready: {folder}", highlight=False, soft_wrap=True)


@app.command()
@handles_errors
def ingest(
    paths: Annotated[
        list[Path], typer.Argument(help="PDF files or folders (searched recursively).")
    ],
    kb: KbOption = DEFAULT_KB,
    embedding: Annotated[
        str | None,
        typer.Option(
            "--embedding",
            help="Embedding model of a new knowledge base: local (English), multilingual "
            "(Spanish and English: multilingual-e5-small), multilingual-use (faster, weaker) "
            "or openai:<model> [default: RFP_EMBEDDINGS]. An existing knowledge base keeps "
            "its own.",
        ),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Ingest RFP PDFs into a knowledge base (unchanged files are skipped quickly)."""
    from rfp_agents.config import check_embedding_spec
    from rfp_agents.ingest import ingest_paths

    if embedding is not None:
        try:
            embedding = check_embedding_spec(embedding, "--embedding")
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
    _some_pdf_in(paths)
    settings = get_settings()
    if json_output or not console.is_terminal:
        report = ingest_paths(
            paths,
            settings,
            kb,
            embedding=embedding,
            on_done=None
            if json_output
            else lambda o: console.print(
                f"{o.source}: {o.describe()}", highlight=False, soft_wrap=True
            ),
        )
    else:
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
        ) as progress:
            task = progress.add_task("ingesting", total=None)
            scans = progress.add_task("scanned pages read by OCR", total=None, visible=False)

            def on_start(path: Path, index: int, total: int) -> None:
                progress.update(task, total=total, description=f"ingesting {path.name}")

            def on_done(outcome) -> None:
                progress.console.print(f"{outcome.source}: {outcome.describe()}", highlight=False)
                progress.advance(task)

            def on_ocr_page(source: str, page) -> None:
                progress.update(
                    scans, visible=True, description=f"OCR {source} p. {page.page_number}"
                )
                progress.advance(scans)

            report = ingest_paths(
                paths, settings, kb, on_start=on_start, on_done=on_done,
                on_ocr_page=on_ocr_page, embedding=embedding,
            )  # fmt: skip
    if json_output:
        render.print_json(
            {
                "kb": report.kb,
                "seconds": round(report.seconds, 3),
                "pages": report.pages,
                "chunks": report.chunks,
                "files": [asdict(o) for o in report.outcomes],
            }
        )
    else:
        console.print(report.summary(), highlight=False, soft_wrap=True)
    raise typer.Exit(report.exit_code)


@kb_app.command("list")
@handles_errors
def kb_list(json_output: JsonOption = False) -> None:
    """List knowledge bases with their document and chunk counts."""
    from rfp_agents.knowledge_base import KnowledgeBase

    infos = KnowledgeBase.list_all(get_settings())
    if json_output:
        render.print_json([asdict(i) for i in infos])
        return
    render.knowledge_bases(infos)


@app.command()
@handles_errors
def docs(kb: KbOption = DEFAULT_KB, json_output: JsonOption = False) -> None:
    """List the documents of a knowledge base."""
    from rfp_agents.knowledge_base import KnowledgeBase

    records = KnowledgeBase.open(kb, get_settings()).documents()
    if json_output:
        render.print_json([asdict(r) for r in records])
        return
    render.documents(kb, records)


@app.command()
@handles_errors
def remove(
    file: Annotated[str, typer.Argument(help="Document file name, as `rfp docs` lists it.")],
    kb: KbOption = DEFAULT_KB,
) -> None:
    """Remove a document (all its chunks) from a knowledge base."""
    from rfp_agents.knowledge_base import KnowledgeBase

    removed = KnowledgeBase.open(kb, get_settings()).remove_source(Path(file).name)
    chunks = sum(r.chunks for r in removed)
    console.print(
        f"removed {Path(file).name} ({chunks} chunks) from knowledge base {kb!r}", highlight=False
    )


def _some_pdf_in(paths: list[Path]) -> None:
    """Refuse folders that hold no PDF, before a knowledge base is opened (a missing path is
    the ingest's own per-file error)."""
    from rfp_agents.ingest.pipeline import discover_pdfs

    if all(p.is_dir() for p in paths) and not discover_pdfs(paths):
        named = ", ".join(str(p) for p in paths)
        raise UsageError(f"no PDF file in {named}: rfp ingest reads .pdf files (folders are "
                         "searched recursively)")  # fmt: skip


@app.command()
@handles_errors
def brief(
    kb: KbOption = DEFAULT_KB,
    doc: Annotated[
        list[str] | None,
        typer.Option("--doc", help="Only these documents (file names; repeat the option)."),
    ] = None,
    json_output: JsonOption = False,
    markdown: Annotated[
        bool, typer.Option("--md", help="Print the whole brief as Markdown.")
    ] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "-o", "--output", help="Write the brief here (.json for JSON, else Markdown)."
        ),
    ] = None,
    ics: Annotated[
        Path | None,
        typer.Option("--ics", help="Also write its dates as an iCalendar (.ics) file."),
    ] = None,
) -> None:
    """The RFP brief: issuer, value, dates, submission, evaluation, insurance, risks, page
    limits, forms and clauses... each cited, or "not stated". A date field's JSON gives its
    ISO 8601 form (`iso`) beside the printed words."""
    from rfp_agents.atomic_files import write_atomically
    from rfp_agents.deliverables.brief.calendar import brief_calendar
    from rfp_agents.deliverables.brief.markdown import brief_markdown
    from rfp_agents.deliverables.brief.run import make_brief

    names = [Path(d).name for d in doc] if doc else None
    for target in (output, ics):
        if target is not None:
            writable_output(target)
    holding_documents(kb)
    with console.status("reading the documents...", spinner="dots"):
        result = make_brief(kb, names, settings=get_settings())
    if output is not None:
        text = (
            result.model_dump_json(indent=2) if output.suffix == ".json" else brief_markdown(result)
        )
        write_atomically(output, text.encode("utf-8"))
    if ics is not None:
        write_atomically(ics, brief_calendar(result))
    if json_output:
        render.print_json(result.model_dump(mode="json"))
        return
    console.print(brief_markdown(result, short=not markdown), highlight=False, markup=False,
                  soft_wrap=True)  # fmt: skip
    for warning in result.warnings:
        render.warn(warning)
    for target in (output, ics):
        if target is not None:
            console.print(f"wrote {target}", highlight=False)


@app.command()
@handles_errors
def show(
    file: Annotated[str, typer.Argument(help="Document file name, as `rfp docs` lists it.")],
    page: Annotated[int, typer.Argument(help="Page number (1-based, as citations give it).")],
    kb: KbOption = DEFAULT_KB,
    chunk: Annotated[
        str, typer.Option("--chunk", help="Highlight this chunk (a citation's chunk id).")
    ] = "",
    highlight: Annotated[str, typer.Option("--highlight", help="Highlight this text.")] = "",
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="PNG to write [default: FILE-pN.png].")
    ] = None,
) -> None:
    """Render a cited page as a PNG, with the cited passage highlighted."""
    from rfp_agents.knowledge_base import KnowledgeBase
    from rfp_agents.page_view import show_page

    settings = get_settings()
    knowledge_base = KnowledgeBase.open(kb, settings)
    name = Path(file).name
    [record] = knowledge_base.documents_named([name])
    view = show_page(knowledge_base, record.doc_id, page, settings=settings,
                     chunk_id=chunk, text=highlight)  # fmt: skip
    target = output or Path(f"{Path(name).stem}-p{page}.png")
    target.write_bytes(view.png)
    marked = f"; {len(view.highlights)} highlighted lines" if chunk or highlight else ""
    console.print(
        f"wrote {target} ({view.width}x{view.height}{marked})", highlight=False, soft_wrap=True
    )
    if (chunk or highlight) and not view.highlights:
        console.print("warning: the passage was not found on this page", highlight=False)


@app.command()
@handles_errors
def retrieve(
    query: Annotated[str, typer.Argument(help="What to look for.")],
    kb: KbOption = DEFAULT_KB,
    k: Annotated[int, typer.Option("-k", "--top-k", help="How many results (1-50).")] = 4,
    search_type: Annotated[
        str,
        typer.Option(
            "--search-type",
            help="similarity, mmr, hybrid (dense + BM25) or pipeline (expansion, hybrid, "
            "reranking, context selection).",
        ),
    ] = "similarity",
    filter_json: Annotated[
        str | None,
        typer.Option("--filter", help='Metadata filter as JSON, e.g. \'{"page": {"$gte": 5}}\'.'),
    ] = None,
    threshold: Annotated[
        float | None, typer.Option("--threshold", help="Minimum relevance score (0-1).")
    ] = None,
    fetch_k: Annotated[int | None, typer.Option("--fetch-k", help="MMR candidate pool.")] = None,
    lambda_mult: Annotated[
        float, typer.Option("--lambda", help="MMR: 1 relevance, 0 diversity.")
    ] = 0.5,
    diagnostics: DiagnosticsOption = False,
    json_output: JsonOption = False,
) -> None:
    """Search a knowledge base with the context-retriever skill or the retrieval pipeline."""
    from rfp_agents.skills.context_retriever import ContextRetriever, InvalidFilterError

    metadata_filter = None
    if filter_json is not None:
        try:
            metadata_filter = json.loads(filter_json)
        except json.JSONDecodeError as exc:
            raise InvalidFilterError(
                f"--filter is not valid JSON ({exc.msg} at column {exc.colno})"
            ) from exc
    if search_type == "pipeline" or diagnostics:
        _retrieve_with_pipeline(query, kb, k, metadata_filter, threshold, search_type, json_output)
        return
    output = ContextRetriever().retrieve(
        query,
        top_k=k,
        search_type=search_type,
        metadata_filter=metadata_filter,
        score_threshold=threshold,
        fetch_k=fetch_k,
        lambda_mult=lambda_mult,
        kb=kb,
    )
    if json_output:
        sys.stdout.write(output.model_dump_json(indent=2) + "\n")
        return
    render.retrieval(kb, output)


def _retrieve_with_pipeline(
    query: str,
    kb: str,
    k: int,
    metadata_filter: dict[str, Any] | None,
    threshold: float | None,
    search_type: str,
    json_output: bool,
) -> None:
    """``rfp retrieve --search-type pipeline`` or ``--diagnostics``: the pipeline's view."""
    from rfp_agents.retrieval.pipeline import RetrievalPipeline
    from rfp_agents.skills.context_retriever import ContextRetriever

    if search_type not in ("pipeline", "hybrid"):
        raise UsageError(
            "--diagnostics shows the retrieval pipeline (hybrid search inside); use it with "
            "--search-type pipeline or hybrid"
        )
    output = RetrievalPipeline(ContextRetriever()).run(
        query, [kb], metadata_filter=metadata_filter, top_k=k, score_threshold=threshold
    )
    if json_output:
        sys.stdout.write(output.model_dump_json(indent=2) + "\n")
        return
    render.pipeline_retrieval(kb, output)


@app.command()
@handles_errors
def ask(
    question: Annotated[str, typer.Argument(help="Your question, in plain language.")],
    kb: Annotated[
        list[str] | None,
        typer.Option("--kb", help="Knowledge base in scope (repeat for several)."),
    ] = None,
    domain: Annotated[
        list[str] | None,
        typer.Option("--domain", help="Force a domain: legal, technical or financial (repeat)."),
    ] = None,
    thread: Annotated[
        str | None, typer.Option("--thread", help="Continue this conversation thread.")
    ] = None,
    steps: Annotated[
        bool, typer.Option("--steps", help="Show the route and every tool call.")
    ] = False,
    diagnostics: DiagnosticsOption = False,
    json_output: JsonOption = False,
) -> None:
    """Ask a question; the Legal, Technical and Financial agents answer with page citations."""
    from rfp_agents.graph.ask import ask as run_ask
    from rfp_agents.graph.ask import ask_stream, final_answer

    arguments = {"knowledge_bases": kb or [DEFAULT_KB], "domains": domain, "thread_id": thread}
    if json_output or not sys.stderr.isatty():
        answer = run_ask(question, **arguments)
    else:  # a person is watching: show the agents' drafts as the model writes them
        with render.DraftView() as view:
            answer = final_answer(view.show, ask_stream(question, **arguments))
    if json_output:
        shown = answer if diagnostics else answer.without_diagnostics()
        sys.stdout.write(shown.model_dump_json(indent=2) + "\n")
        return
    render.answer(answer, steps)
    if diagnostics:
        render.diagnostics([d for f in answer.findings for d in f.diagnostics])


@app.command()
@handles_errors
def serve(
    host: Annotated[str, typer.Option("--host", help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port.")] = 8000,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            max=64,
            help="Server processes. More than one needs RFP_CHROMA_URL and RFP_DATABASE_URL, "
            "which they share.",
        ),
    ] = 1,
) -> None:
    """Serve the HTTP API and the web page (http://HOST:PORT/)."""
    import uvicorn

    settings = get_settings()
    if workers > 1:
        check_shared_state(settings, workers)
    if host not in ("0.0.0.0", "::") and host not in settings.api_allowed_hosts.split(","):
        # Answer to the address the server was started on, besides RFP_API_ALLOWED_HOSTS;
        # through the environment, which every worker process reads its settings from.
        os.environ["RFP_API_ALLOWED_HOSTS"] = f"{settings.api_allowed_hosts},{host}"
    plural = f", {workers} workers" if workers > 1 else ""
    console.print(
        f"rfp_agents on http://{host}:{port}/ (API docs at /docs{plural})", highlight=False
    )
    uvicorn.run(
        "rfp_agents.api.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
    )


def check_shared_state(settings: Settings, workers: int) -> None:
    """Several workers must share the store and the database; refuse before starting any."""
    missing = [
        name
        for name, value in (("RFP_CHROMA_URL", settings.chroma_url),
                            ("RFP_DATABASE_URL", settings.database_url))
        if not value
    ]  # fmt: skip
    if missing:
        raise UsageError(
            f"--workers {workers} needs {' and '.join(missing)}: several processes cannot "
            "share the embedded store and the SQLite threads file. Run a Chroma server and "
            "PostgreSQL (docs/deployment.md), or serve with one worker."
        )
    from rfp_agents.database import close_pools, pool
    from rfp_agents.store import get_client

    get_client(settings)  # both reachable (and the tables created) before any worker starts
    pool(settings)
    close_pools()  # the supervisor serves nothing: each worker opens its own pool


GoldKbsOption = Annotated[
    list[str], typer.Option("--kb", help="Knowledge bases holding the gold files (repeat).")
]


@app.command("eval-brief")
@handles_errors
def eval_brief(
    gold: Annotated[Path, typer.Argument(help="Gold brief fields (JSON lines).")],
    kb: GoldKbsOption,
    json_output: JsonOption = False,
) -> None:
    """Measure the brief against gold field values: share right by set, silent fields said
    "not stated", and values without a citation."""
    from rfp_agents.deliverables.brief.run import make_brief
    from rfp_agents.evaluation.brief_quality import check_briefs, load_gold_fields

    settings = get_settings()
    entries = load_gold_fields(gold)
    holder = _documents_in(kb, {e.file for e in entries})
    report = check_briefs(entries, lambda f: make_brief(holder[f].name, [f], settings=settings))
    if json_output:
        render.print_json(report.model_dump(mode="json"))
        return
    for check in report.checks:
        mark = "ok " if check.right else "NO "
        line = f"{mark} {check.file} {check.field}: {check.value[:150]} p{check.pages_cited}"
        console.print(line, highlight=False, markup=False, soft_wrap=True)
    console.print(
        f"fields right: {report.by_set}; silent fields said not stated: "
        f"{report.not_stated_right}; values without a citation: {report.uncited_values}",
        highlight=False,
    )


@app.command("eval-matrix")
@handles_errors
def eval_matrix(
    gold: Annotated[Path, typer.Argument(help="Gold requirements (JSON lines).")],
    kb: GoldKbsOption,
    json_output: JsonOption = False,
) -> None:
    """Measure the compliance matrix against requirements listed by hand: recall, precision
    and page accuracy of its mandatory rows, per document. With RFP_CHAT_MODEL set, of the
    matrix the chat model judges (``rfp matrix`` with a model)."""
    from rfp_agents.deliverables.matrix import requirements
    from rfp_agents.deliverables.model_review import review_for
    from rfp_agents.evaluation.matrix_quality import (
        load_gold_requirements,
        score_matrices,
        scores_by_set,
    )

    entries = load_gold_requirements(gold)
    holder = _documents_in(kb, {e.file for e in entries})
    review = review_for(get_settings())
    scores = score_matrices(entries, lambda f: requirements(holder[f], [f], review=review))
    if json_output:
        render.print_json([s.model_dump(mode="json") for s in scores])
        return
    for score in scores:
        console.print(
            f"{score.file} ({score.set}): recall {score.recall} ({score.gold} gold), precision "
            f"{score.precision} ({score.mandatory_rows} mandatory rows), page accuracy "
            f"{score.page_accuracy}",
            highlight=False,
            soft_wrap=True,
        )
        for quote in score.missed:
            console.print(f"   missed: {quote}", highlight=False, markup=False, soft_wrap=True)
    for pooled in scores_by_set(scores):
        console.print(
            f"{pooled.set}, {pooled.documents} documents pooled: recall {pooled.recall} "
            f"({pooled.gold} gold), precision {pooled.precision} ({pooled.mandatory_rows} "
            f"mandatory rows), page accuracy {pooled.page_accuracy}; {pooled.at_the_bar} of "
            f"{pooled.documents} documents at the bar",
            highlight=False,
            soft_wrap=True,
        )
    if review is not None:
        console.print(f"judged with {get_settings().chat_model}: {review.summary()}",
                      highlight=False, soft_wrap=True)  # fmt: skip


def _documents_in(kbs: list[str], files: set[str]) -> dict[str, Any]:
    """The knowledge base holding each of ``files`` (the first of ``kbs`` that does).

    Raises:
        UsageError: a file is in none of them.
    """
    from rfp_agents.knowledge_base import KnowledgeBase

    holder: dict[str, Any] = {}
    for name in kbs:
        knowledge_base = KnowledgeBase.open(name, get_settings())
        for record in knowledge_base.documents():
            holder.setdefault(record.source, knowledge_base)
    missing = sorted(files - set(holder))
    if missing:
        raise UsageError(f"not in knowledge bases {kbs}: {', '.join(missing)}")
    return holder


@app.command("eval")
@handles_errors
def eval_command(
    questions: Annotated[
        list[Path], typer.Argument(help="Gold question files (JSON lines), one per set.")
    ],
    kb: Annotated[
        list[str] | None,
        typer.Option("--kb", help="Knowledge base of each question file, in the same order."),
    ] = None,
    pdfs: Annotated[
        list[Path] | None,
        typer.Option(
            "--pdfs", help="Folder of each set's ingested PDFs, in order (for the naive baseline)."
        ),
    ] = None,
    mode: Annotated[
        list[str] | None,
        typer.Option(
            "--mode",
            help="Only these modes (repeat): naive, similarity, mmr, hybrid, pipeline, plain, ask.",
        ),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Measure every retrieval mode on gold questions: hit@1/3/5 and MRR, by domain and kind;
    for the offline answer also cites, states the fact, length, repeats and abstentions.

    Several sets (e.g. a tuning set and a held-out set) are measured in one run and compared
    side by side: give each question file with its --kb (and --pdfs) in the same order.
    """
    from rfp_agents.evaluation import load_questions
    from rfp_agents.evaluation.runner import MODES, run_eval

    kbs = kb or [DEFAULT_KB]
    folders: list[Path | None] = list(pdfs) if pdfs else [None] * len(questions)
    if len(kbs) != len(questions) or len(folders) != len(questions):
        raise UsageError(
            f"{len(questions)} question file(s) need as many --kb (got {len(kbs)}) and, when "
            f"given, --pdfs (got {len(folders)}), in the same order"
        )
    for path in questions:
        if not path.is_file():
            raise UsageError(f"no question file at {path}")
    reports = [
        run_eval(
            load_questions(path), name, get_settings(), folder, mode or MODES, set_name=path.stem
        )
        for path, name, folder in zip(questions, kbs, folders, strict=True)
    ]
    if json_output:
        body = (
            reports[0].model_dump()
            if len(reports) == 1
            else {"sets": [r.model_dump() for r in reports]}
        )
        sys.stdout.write(json.dumps(body, indent=2) + "\n")
        return
    for report in reports:
        render.evaluation(report)
    if len(reports) > 1:
        render.evaluation_sets(reports)


def main() -> None:  # pragma: no cover - console-script entry point
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
