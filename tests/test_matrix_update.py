"""The matrix after the first draft: a team's answers survive an amendment
(``rfp matrix update``) and a matrix with unanswered mandatory rows fails its check
(``rfp matrix check``), through the CLI on real PDFs."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from typer.testing import CliRunner

from rfp_agents.cli import app
from rfp_agents.config import Settings
from rfp_agents.deliverables.export import COLUMNS
from tests.pdf_factory import text_pdf

runner = CliRunner()
BEFORE = [
    "Request for Proposals 27-040: Park Lighting.\n"
    "The contractor shall repair reported outages within five business days.\n"
    "The contractor shall keep a log of every repair.\n"
    "The contractor shall attend a monthly meeting with the parks manager.",
    "The contractor must hold general liability insurance of $1,000,000.\n"
    "Proposals should include two references.",
]
AFTER = [
    "Request for Proposals 27-040: Park Lighting. Revised by Amendment 1.\n"
    "The contractor shall repair reported outages within three business days.\n"
    "The contractor shall keep a log of every repair.\n"
    "The contractor shall paint every pole it replaces in the park's green.",
    "The contractor must hold general liability insurance of $1,000,000.\n"
    "Proposals should include two references.",
]


def _sheet(path: Path) -> list[dict[str, object]]:
    rows = list(load_workbook(path).active.iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def _answer(path: Path, answers: dict[str, tuple[str, str]]) -> None:
    """Fill the response and owner of the rows whose requirement holds a key of ``answers``."""
    book = load_workbook(path)
    sheet = book.active
    header = [c.value for c in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        text = str(row[header.index("requirement")].value)
        for words, (response, owner) in answers.items():
            if words in text:
                row[header.index("response")].value = response
                row[header.index("owner")].value = owner
    book.save(path)


def test_an_amendment_keeps_the_teams_answers_and_says_what_moved(
    settings: Settings, workdir: Path, tmp_path: Path
):
    text_pdf(workdir / "park-rfp.pdf", BEFORE)
    assert runner.invoke(app, ["ingest", str(workdir), "--kb", "park"]).exit_code == 0
    first = tmp_path / "park.xlsx"
    made = runner.invoke(app, ["matrix", "--kb", "park", "-o", str(first)])
    assert made.exit_code == 0, made.output
    _answer(first, {
        "outages": ("Crew on call 24/7", "Ops"),
        "log of every repair": ("Logged in our CMMS", "Ops"),
        "monthly meeting": ("Account manager attends", "PM"),
    })  # fmt: skip
    unanswered = runner.invoke(app, ["matrix", "check", str(first)])
    assert unanswered.exit_code == 3, unanswered.output
    assert "insurance" in unanswered.output and "1 of 4 mandatory rows" in unanswered.output

    # the buyer reissues the RFP: one duty changed, one dropped, one added
    (workdir / "park-rfp.pdf").unlink()
    text_pdf(workdir / "park-rfp.pdf", AFTER)
    assert runner.invoke(app, ["ingest", str(workdir), "--kb", "park"]).exit_code == 0
    updated = tmp_path / "park-amended.xlsx"
    result = runner.invoke(
        app, ["matrix", "update", str(first), "--kb", "park", "-o", str(updated)]
    )
    assert result.exit_code == 0, result.output
    rows = {str(r["requirement"]): r for r in _sheet(updated)}
    assert list(_sheet(updated)[0]) == [*COLUMNS, "status", "was"]

    def row(words: str) -> dict[str, object]:
        (found,) = [r for text, r in rows.items() if words in text]
        return found

    assert (row("log of every repair")["status"], row("log of every repair")["response"]) == (
        "unchanged", "Logged in our CMMS",
    )  # fmt: skip
    outages = row("three business days")
    assert (outages["status"], outages["response"], outages["owner"]) == (
        "changed", "Crew on call 24/7", "Ops",
    )  # fmt: skip
    assert "five business days" in str(outages["was"])
    assert (row("paint every pole")["status"], row("paint every pole")["response"]) == ("new", None)
    meeting = row("monthly meeting")
    assert (meeting["status"], meeting["response"]) == ("removed", "Account manager attends")
    assert "2 responses carried forward" in " ".join(result.output.split())

    # the new duty and the insurance are unanswered; the removed row asks for nothing
    checked = runner.invoke(app, ["matrix", "check", str(updated)])
    assert checked.exit_code == 3
    assert "paint every pole" in checked.output and "monthly meeting" not in checked.output
    _answer(updated, {"paint": ("Green RAL 6005", "Ops"), "insurance": ("Certificate", "Legal")})
    passed = runner.invoke(app, ["matrix", "check", str(updated)])
    assert passed.exit_code == 0 and "every one of 4 mandatory rows" in passed.output


def test_check_and_update_refuse_what_is_not_a_matrix(settings: Settings, tmp_path: Path):
    notes = tmp_path / "notes.csv"
    notes.write_text("name,comment\nA,B\n")
    for args in (["matrix", "check", str(notes)], ["matrix", "check", str(tmp_path / "no.xlsx")],
                 ["matrix", "update", str(notes), "--kb", "any"]):  # fmt: skip
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
    assert "no column id, requirement, strength, response, owner" in runner.invoke(
        app, ["matrix", "check", str(notes)]
    ).output.replace("\n", " ")
