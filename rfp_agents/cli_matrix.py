"""``rfp matrix``: the compliance matrix, why a row is there (``--explain``), the team's
answers carried to an amended solicitation's matrix (``update``) and the check that every
mandatory row has a response (``check``)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from rfp_agents import cli_render as render
from rfp_agents.cli_common import KbOption, handles_errors, holding_documents, writable_output
from rfp_agents.config import DEFAULT_KB, get_settings
from rfp_agents.errors import UsageError

matrix_app = typer.Typer(rich_markup_mode="markdown")
console = render.console
ROW_ID = re.compile(r"R-\d{4,}")
CHECK_FAILED = 3
"""The exit code of `rfp matrix check` when mandatory rows have no response (2 is a usage
error), so a script or CI step can tell the two apart."""
FORMATS = ("xlsx", "csv", "md", "json")


@dataclass
class _Built:
    rows: list[Any]
    read: list[str]
    review: Any
    model_name: str


def _built(kb: str, doc: list[str] | None) -> _Built:
    """The matrix of ``kb`` (only the files of ``doc``), with a progress bar in a terminal;
    the chat model judges the statements when ``RFP_CHAT_MODEL`` is set."""
    from rfp_agents.deliverables.matrix import requirements
    from rfp_agents.deliverables.model_review import review_for

    settings = get_settings()
    knowledge_base = holding_documents(kb)
    names = [Path(d).name for d in doc] if doc else None
    read: list[str] = []
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        console=console, disable=not console.is_terminal,
    ) as progress:  # fmt: skip
        task = progress.add_task("reading", total=None)

        def on_document(source: str, index: int, total: int) -> None:
            read.append(source)
            progress.update(task, total=total, completed=index, description=f"reading {source}")

        def on_batch(source: str, done: int, total: int) -> None:
            progress.update(task, description=f"the model judges {source}: {done}/{total}")

        review = review_for(settings, on_batch=on_batch)
        rows = requirements(knowledge_base, names, on_document, review)
        progress.update(task, completed=progress.tasks[0].total or 0)
    return _Built(rows, read, review, settings.chat_model or "the chat model")


def _report_review(built: _Built) -> None:
    if built.review is not None:
        console.print(f"{built.model_name}: {built.review.summary()}",
                      highlight=False, soft_wrap=True)  # fmt: skip
        for warning in built.review.warnings:
            render.warn(warning)


def _explain_row(rows: list, row_id: str) -> None:
    """Print why ``row_id`` is a row (``rules/explain.py``), or say it is not one."""
    from rfp_agents.deliverables.rules.explain import explain

    row = next((r for r in rows if r.id == row_id), None)
    if row is None:
        span = f"R-0001 to {rows[-1].id}" if rows else "none"
        raise UsageError(f"no row {row_id} in this matrix: it has {len(rows)} rows ({span})")
    console.print(explain(row), markup=False, highlight=False)


@matrix_app.callback(invoke_without_command=True)
@handles_errors
def matrix(
    ctx: typer.Context,
    kb: KbOption = DEFAULT_KB,
    doc: Annotated[
        list[str] | None,
        typer.Option("--doc", help="Only these documents (file names; repeat the option)."),
    ] = None,
    fmt: Annotated[str, typer.Option("--format", help="xlsx, csv, md or json.")] = "xlsx",
    output: Annotated[
        Path | None,
        typer.Option("-o", "--output", help="File to write [default: KB-matrix.FORMAT]."),
    ] = None,
    domain: Annotated[
        list[str] | None,
        typer.Option("--domain", help="Only rows of this domain: legal, technical, financial."),
    ] = None,
    topic: Annotated[
        list[str] | None,
        typer.Option("--topic", help="Only rows of this topic (payment, insurance, ...)."),
    ] = None,
    strength: Annotated[
        list[str] | None,
        typer.Option("--strength", help="Only mandatory or only advisory rows."),
    ] = None,
    explain: Annotated[
        str | None,
        typer.Option(
            "--explain",
            metavar="ROW",
            help="Print why row ROW (R-0012) is in the matrix: the rule, its examples and "
            "the words it matched; writes no file.",
        ),
    ] = None,
) -> None:
    """The compliance matrix: every requirement (shall, must, should...) with its page.

    --domain, --topic and --strength (each may repeat) keep only those rows; the rows keep
    the ids they have in the whole matrix. Each row names the rule that decided it (column
    "rule"); --explain ROW says why. With RFP_CHAT_MODEL set, the chat model judges
    which statements bind the bidder (the rules judge what it leaves); unset it for the
    rules alone. `rfp matrix update OLD.xlsx` carries a team's answers to the matrix of an
    amended solicitation; `rfp matrix check FILE.xlsx` names the mandatory rows left
    unanswered."""
    from rfp_agents.deliverables.export import write_matrix
    from rfp_agents.deliverables.row_filter import RowFilter

    if ctx.invoked_subcommand is not None:
        return
    if fmt not in ("xlsx", "csv", "md", "json"):
        raise UsageError(f"--format must be xlsx, csv, md or json, got {fmt!r}")
    if explain is not None and not ROW_ID.fullmatch(explain):
        raise UsageError(f"--explain takes a row id such as R-0012, got {explain!r}")
    target = output or Path(f"{kb}-matrix.{fmt}")
    if explain is None:
        writable_output(target)
    wanted = RowFilter(domains=domain or [], topics=topic or [], strengths=strength or [])
    built = _built(kb, doc)
    every, read = built.rows, built.read
    if explain is not None:
        _explain_row(every, explain)
        return
    rows = [r for r in every if wanted.keeps(r)]
    write_matrix(rows, fmt, target)  # type: ignore[arg-type]
    mandatory = sum(r.strength == "mandatory" for r in rows)
    documents = f"{len(read)} document{'' if len(read) == 1 else 's'}"
    kept = f" of {len(every)} ({wanted.describe()})" if wanted.narrows else ""
    console.print(
        f"wrote {target}: {len(rows)} requirements ({mandatory} mandatory, "
        f"{len(rows) - mandatory} advisory){kept} from {documents}\n"
        f"by domain: {_tally(r.domain for r in rows)}\n"
        f"by topic: {_tally(r.topic for r in rows)}",
        highlight=False,
        soft_wrap=True,
    )
    _report_review(built)


def _tally(values: Iterable[str]) -> str:
    """ "technical 26, legal 19, financial 14": each value and how often, most first."""
    return ", ".join(f"{value} {n}" for value, n in Counter(values).most_common()) or "none"


@matrix_app.command("update")
@handles_errors
def update(
    old: Annotated[Path, typer.Argument(help="The matrix the team filled in (.xlsx or .csv).")],
    kb: KbOption = DEFAULT_KB,
    doc: Annotated[
        list[str] | None,
        typer.Option("--doc", help="Only these documents (file names; repeat the option)."),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option("-o", "--output", help="File to write [default: OLD-updated.xlsx]."),
    ] = None,
) -> None:
    """The matrix of the documents as they now stand (after an amendment), each row with the
    response and owner of the old row that states the same requirement (matched by content,
    not by id), and its status: unchanged, changed (the old wording in column "was"), new,
    or removed (kept at the end with its answer)."""
    from rfp_agents.deliverables.export import write_matrix
    from rfp_agents.deliverables.matrix_update import carry_forward, read_matrix

    target = output or old.with_name(f"{old.stem}-updated{old.suffix}")
    fmt = target.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise UsageError(f"-o {target}: write .xlsx, .csv, .md or .json")
    team_rows = read_matrix(old)
    writable_output(target)
    built = _built(kb, doc)
    rows = carry_forward(team_rows, built.rows)
    write_matrix(rows, fmt, target)  # type: ignore[arg-type]
    carried = sum(bool(r.response) for r in rows if r.status != "removed")
    console.print(
        f"wrote {target}: {len(rows)} rows ({_tally(r.status for r in rows)}); "
        f"{carried} responses carried forward from {old.name}",
        highlight=False,
        soft_wrap=True,
    )
    _report_review(built)


@matrix_app.command("check")
@handles_errors
def check(
    file: Annotated[Path, typer.Argument(help="A matrix the team filled in (.xlsx or .csv).")],
) -> None:
    """Exit 3 and name each mandatory row without a response; exit 0 when every one has one
    (a removed row asks for none)."""
    from rfp_agents.deliverables.matrix_update import read_matrix, unanswered

    rows = read_matrix(file)
    mandatory = [r for r in rows if r.strength == "mandatory" and r.status != "removed"]
    missing = unanswered(rows)
    for row in missing:
        place = f"{row.file} p. {row.page}" if row.file and row.page else row.file
        console.print(f"{row.id} ({place}): {row.requirement[:120]}", highlight=False,
                      soft_wrap=True)  # fmt: skip
    if missing:
        console.print(
            f"{len(missing)} of {len(mandatory)} mandatory rows have no response", highlight=False
        )
        raise typer.Exit(CHECK_FAILED)
    console.print(f"every one of {len(mandatory)} mandatory rows has a response", highlight=False)
