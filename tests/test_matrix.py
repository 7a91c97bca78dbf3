"""The compliance matrix: every requirement with its strength, section and page, in the
formats an analyst opens, from the CLI and the API; one row for a requirement stated twice."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from rfp_agents.cli import app
from rfp_agents.config import Settings
from rfp_agents.deliverables.export import COLUMNS, matrix_bytes
from rfp_agents.deliverables.matrix import requirements
from rfp_agents.deliverables.obligations import strength_of
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from tests.matrix_helpers import row_finder
from tests.pdf_factory import text_pdf


@pytest.fixture(scope="module")
def sample_rows(sample_kb_settings: Settings):
    return requirements(KnowledgeBase.open("sample", sample_kb_settings))


def test_each_requirement_has_its_strength_section_and_page(sample_rows):
    damages = next(r for r in sample_rows if "liquidated damages of USD 1,500" in r.requirement)
    assert (damages.strength, damages.page, damages.section) == (
        "mandatory",
        9,
        "9.3 Liquidated damages",
    )
    assert "-p9-" in damages.chunk_id  # the chunk of page 9 holding it
    default = next(r for r in sample_rows if "may terminate for default" in r.requirement)
    assert default.strength == "advisory" and default.section.startswith("9.2")
    # what the buyer may do binds the buyer, not the bidder: not a row
    assert not any("terminate the contract for convenience" in r.requirement
                   for r in sample_rows)  # fmt: skip
    # information is not a row: the background says what is, not what anyone must do
    assert not any("processes about 95 million taps" in r.requirement for r in sample_rows)
    assert all(strength_of(r.requirement) for r in sample_rows)
    assert [r.id for r in sample_rows[:3]] == ["R-0001", "R-0002", "R-0003"]


def test_each_row_is_filed_under_legal_technical_or_financial(sample_rows):
    """An analyst filters the matrix by domain: a row's domain terms, its heading's and the
    passage around it decide, so a row that names no domain term is filed too (encryption
    under "3.2 Information security" is technical), and no row is left "general"."""
    row = row_finder(sample_rows)
    assert row("submit invoices monthly in arrears").domain == "financial"
    assert row("defend, indemnify and hold harmless").domain == "legal"
    assert row("multi-factor authentication").domain == "technical"
    assert row("All data shall be encrypted in transit").domain == "technical"
    assert row("shall conform to WCAG 2.1 Level AA").domain == "technical"
    assert {r.domain for r in sample_rows} == {"legal", "technical", "financial"}


def test_each_row_has_the_topic_an_analyst_would_file_it_under(sample_rows):
    """The topic filter hands insurance to the risk manager and invoices to finance: a row's
    own words decide ("submit invoices" is payment, not submission), its heading when it
    names none ("The recovery point objective …" under "3.1 Architecture and hosting")."""
    row = row_finder(sample_rows)
    assert row("submit invoices monthly in arrears").topic == "payment"
    assert row("named as additional insured").topic == "insurance"
    assert row("multi-factor authentication").topic == "security"
    assert row("Proposals shall remain valid").topic == "submission"
    assert row("Key personnel may not be replaced").topic == "staffing"
    assert row("shall conform to WCAG 2.1 Level AA").topic == "scope"
    assert row("recovery point objective").topic == "scope"
    assert row("Automobile liability").topic == "insurance"


def test_a_lead_in_is_joined_to_each_of_its_items(sample_rows):
    items = [r.requirement for r in sample_rows if r.section == "2.2 Services required"]
    assert len(items) == 5
    assert items[1] == (
        "The Contractor shall provide: migration of 1.2 million customer accounts and seven "
        "years of transaction history from the current system;"
    )
    assert not any(r.requirement == "The Contractor shall provide:" for r in sample_rows)


def test_the_same_requirement_in_two_documents_is_one_row_citing_both(settings: Settings, workdir):
    shared = "The Contractor shall encrypt all data at rest with AES-256."
    rfp = text_pdf(workdir / "rfp.pdf", [f"1. Security\n{shared}\nThe agency hosts the data."])
    amendment = text_pdf(workdir / "amendment.pdf", [
        "Amendment 1\nThe vendor should attend the kickoff meeting.", f"2. Security\n{shared}",
    ])  # fmt: skip
    assert ingest_paths([rfp, amendment], settings, "two").exit_code == 0
    rows = requirements(KnowledgeBase.open("two", settings))
    [encrypt] = [r for r in rows if "AES-256" in r.requirement]
    assert (encrypt.file, encrypt.page, encrypt.also_in) == ("amendment.pdf", 2, ["rfp.pdf p. 1"])
    assert [r.strength for r in rows if "kickoff" in r.requirement] == ["advisory"]


def test_the_formats_open_as_an_analyst_expects(sample_rows):
    sheet = load_workbook(io.BytesIO(matrix_bytes(sample_rows, "xlsx"))).active
    assert [c.value for c in sheet[1]] == list(COLUMNS)
    assert sheet.freeze_panes == "A2" and sheet.auto_filter.ref.startswith("A1:")
    assert sheet.max_row == len(sample_rows) + 1
    assert sheet["B2"].alignment.wrap_text and sheet.column_dimensions["B"].width >= 60
    data = matrix_bytes(sample_rows, "csv")
    assert data.startswith(b"\xef\xbb\xbf")  # Excel reads UTF-8 only with the mark
    parsed = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    assert parsed[0]["id"] == "R-0001" and parsed[0]["response"] == ""
    assert json.loads(matrix_bytes(sample_rows, "json"))[0]["strength"] in ("mandatory", "advisory")
    markdown = matrix_bytes(sample_rows, "md").decode()
    assert markdown.count("\n") == len(sample_rows) + 2


def test_rfp_matrix_writes_the_file_and_names_bad_arguments(
    sample_kb_settings: Settings, monkeypatch, tmp_path
):
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    runner = CliRunner()
    out = tmp_path / "m.csv"
    made = runner.invoke(app, ["matrix", "--kb", "sample", "--format", "csv", "-o", str(out)])
    assert made.exit_code == 0, made.output
    assert "mandatory" in made.output and out.read_bytes().startswith(b"\xef\xbb\xbf")
    # how the rows divide, so the analyst sees at once who gets what
    assert re.search(r"by domain: (?:technical|legal|financial) \d+", made.output)
    assert re.search(r"by topic: \w+ \d+, \w+ \d+", made.output)
    bad = runner.invoke(app, ["matrix", "--kb", "sample", "--format", "pdf"])
    assert bad.exit_code == 2 and "--format must be xlsx, csv, md or json" in bad.output
    missing = runner.invoke(app, ["matrix", "--kb", "sample", "--doc", "nope.pdf"])
    assert missing.exit_code != 0 and "sample_rfp.pdf" in missing.output


def test_rfp_matrix_explains_a_row_by_its_rule(
    sample_kb_settings: Settings, sample_rows, monkeypatch, tmp_path
):
    """Every row names the rule that decided it; --explain prints that rule's summary, file,
    examples and the words it matched, writes no file, and refuses a row that is not one."""
    from rfp_agents.deliverables import rules

    assert all(rules.rule(row.rule) for row in sample_rows if row.strength == "mandatory")
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    monkeypatch.chdir(tmp_path)
    row = next(r for r in sample_rows if r.rule_match)
    rule = rules.rule(row.rule)
    runner = CliRunner()
    shown = runner.invoke(app, ["matrix", "--kb", "sample", "--explain", row.id])
    assert shown.exit_code == 0, shown.output
    assert f"rule: {rule.id} ({rule.verdict}; rfp_agents/deliverables/rules/{rule.file})" in (
        shown.output
    )
    assert f"matched: “{row.rule_match}”" in shown.output
    assert rule.examples[0][:40] in " ".join(shown.output.split())
    assert list(tmp_path.iterdir()) == []
    absent = runner.invoke(app, ["matrix", "--kb", "sample", "--explain", "R-9999"])
    assert absent.exit_code == 2 and f"it has {len(sample_rows)} rows" in absent.output
    malformed = runner.invoke(app, ["matrix", "--kb", "sample", "--explain", "12"])
    assert malformed.exit_code == 2 and "a row id such as R-0012" in malformed.output


def test_rfp_matrix_keeps_the_rows_of_a_domain_topic_or_strength(
    sample_kb_settings: Settings, monkeypatch, tmp_path
):
    """Counsel asks for the legal rows, finance for payment and insurance: the file holds
    only those, with the ids they have in the whole matrix; an unknown topic is refused
    before any document is read, naming the topics there are."""
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    runner = CliRunner()
    out = tmp_path / "money.csv"
    made = runner.invoke(app, [
        "matrix", "--kb", "sample", "--format", "csv", "-o", str(out),
        "--topic", "payment", "--topic", "insurance", "--strength", "mandatory",
    ])  # fmt: skip
    assert made.exit_code == 0, made.output
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    assert rows and {r["topic"] for r in rows} == {"payment", "insurance"}
    assert {r["strength"] for r in rows} == {"mandatory"}
    assert any("submit invoices monthly" in r["requirement"] for r in rows)
    assert "of 59 (topic payment or insurance, strength mandatory)" in made.output
    legal = runner.invoke(app, ["matrix", "--kb", "sample", "--format", "json", "-o",
                                str(tmp_path / "legal.json"), "--domain", "legal"])  # fmt: skip
    assert legal.exit_code == 0, legal.output
    legal_rows = json.loads((tmp_path / "legal.json").read_text())
    assert legal_rows and {r["domain"] for r in legal_rows} == {"legal"}
    runner.invoke(app, ["matrix", "--kb", "sample", "--format", "json", "-o",
                        str(tmp_path / "all.json")])  # fmt: skip
    whole = {r["id"]: r["requirement"] for r in json.loads((tmp_path / "all.json").read_text())}
    assert len(legal_rows) < len(whole)
    assert all(whole[r["id"]] == r["requirement"] for r in legal_rows)  # the same ids
    bad = runner.invoke(app, ["matrix", "--kb", "sample", "--topic", "money"])
    assert bad.exit_code == 2
    assert "unknown topic 'money'" in bad.output and "payment" in bad.output


def test_the_api_serves_the_matrix_in_each_format(sample_kb_settings: Settings, sample_rows):
    from fastapi.testclient import TestClient

    from rfp_agents.api.app import create_app

    client = TestClient(create_app(sample_kb_settings), base_url="http://localhost")
    rows = client.get("/api/matrix", params={"kb": "sample"}).json()
    assert len(rows) == len(sample_rows) and rows[0]["id"] == "R-0001"
    assert all(row["last_page"] >= row["page"] for row in rows)  # where a page break cut it
    sheet = client.get("/api/matrix", params={"kb": "sample", "format": "xlsx"})
    assert sheet.status_code == 200 and "attachment" in sheet.headers["content-disposition"]
    assert load_workbook(io.BytesIO(sheet.content)).active.max_row == len(sample_rows) + 1
    streamed = client.get("/api/matrix", params={"kb": "sample", "format": "csv"})
    assert streamed.content == matrix_bytes(sample_rows, "csv")  # a row at a time, same bytes
    assert streamed.content.startswith("\ufeff".encode())
    assert b",page,last_page,chunk_id," in streamed.content.splitlines()[0]
    assert client.get("/api/matrix", params={"kb": "sample", "format": "pdf"}).status_code == 422
    assert client.get("/api/matrix", params={"kb": "sample", "doc": "x.pdf"}).status_code == 404
    assert client.get("/api/matrix", params={"kb": "nope"}).status_code == 404


def test_an_amendment_row_links_the_row_it_changes(settings: Settings, workdir):
    rfp = text_pdf(workdir / "city-rfq.pdf", [
        "1. Submission\nThe technical proposal shall not exceed twenty (20) pages in length "
        "including all attachments.\nThe Contractor shall provide monthly status reports.",
    ])  # fmt: skip
    amendment = text_pdf(workdir / "city-rfq-amendment-1.pdf", [
        "Amendment 1\nThe technical proposal shall not exceed thirty (30) pages in length "
        "including all attachments.",
    ])  # fmt: skip
    other = text_pdf(workdir / "county-amendment-2.pdf", [
        "Amendment 2 to another solicitation\nThe technical proposal shall not exceed ten (10) "
        "pages in length including all attachments.",
    ])  # fmt: skip
    assert ingest_paths([rfp, amendment, other], settings, "city").exit_code == 0
    rows = {r.file: r for r in requirements(KnowledgeBase.open("city", settings))
            if "technical proposal" in r.requirement}  # fmt: skip
    base, change = rows["city-rfq.pdf"], rows["city-rfq-amendment-1.pdf"]
    assert change.amends == base.id and base.amended_by == [change.id]
    # an amendment of another solicitation (no base in the knowledge base) amends nothing
    assert rows["county-amendment-2.pdf"].amends == ""


def test_requirements_differing_in_a_designator_are_two_rows(settings: Settings, workdir):
    pdf = text_pdf(workdir / "forms.pdf", [
        "1. Forms\nForm B shall be signed by an officer.\nForm C shall be signed by an officer.",
    ])  # fmt: skip
    assert ingest_paths([pdf], settings, "forms").exit_code == 0
    rows = [r.requirement for r in requirements(KnowledgeBase.open("forms", settings))]
    assert "Form B shall be signed by an officer." in rows
    assert "Form C shall be signed by an officer." in rows


def test_a_requirement_a_document_states_twice_is_one_row_citing_both_pages(
    settings: Settings, workdir
):
    said = "The vendor shall keep a field office open during the works."
    pdf = text_pdf(workdir / "twice.pdf", [
        f"1. Scope\n{said}", "2. Schedule\nThe works last a year.", f"3. Site\n{said}",
    ])  # fmt: skip
    assert ingest_paths([pdf], settings, "twice").exit_code == 0
    rows = requirements(KnowledgeBase.open("twice", settings))
    [office] = [r for r in rows if "field office" in r.requirement]
    assert (office.page, office.also_in, office.pages_in("twice.pdf")) == (
        1, ["twice.pdf p. 3"], [1, 3]
    )  # fmt: skip


def test_two_answers_that_say_the_same_are_one_row_citing_both_pages(settings: Settings, workdir):
    """Answers of a Q&A are labelled ("A3:", "A9:"); the label is no part of what they
    require, so two answers giving the same requirement are one row."""
    said = "The vendor must keep the nightly backups in a second region."
    pdf = text_pdf(workdir / "answers.pdf", [
        f"Q3: Where are backups kept?\nA3: {said}",
        f"Q9: Can backups stay in one region?\nA9: {said}",
    ])  # fmt: skip
    assert ingest_paths([pdf], settings, "answers").exit_code == 0
    rows = requirements(KnowledgeBase.open("answers", settings))
    [backups] = [r for r in rows if "nightly backups" in r.requirement]
    assert backups.pages_in("answers.pdf") == [1, 2]
