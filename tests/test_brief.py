"""The RFP brief: each field cited on the right page or "not stated", conflicts, risks, and
a chat model's values kept only when their quote is in the cited passage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage

from rfp_agents.config import Settings
from rfp_agents.deliverables.brief.dates import focus_dates
from rfp_agents.deliverables.brief.fields import field_specs
from rfp_agents.deliverables.brief.markdown import brief_markdown
from rfp_agents.deliverables.brief.models import NOT_STATED, Brief
from rfp_agents.deliverables.brief.risks import amounts_in
from rfp_agents.deliverables.brief.run import make_brief
from rfp_agents.deliverables.brief.table_rows import dated_rows
from rfp_agents.deliverables.brief.when import iso_of
from rfp_agents.errors import DocumentNotFound, KnowledgeBaseNotFound
from rfp_agents.ingest import ingest_paths
from tests.brief_helpers import (
    answers_changed,
    assert_read_by,
    brief_of_pages,
    misses_of,
    pages_cited,
)
from tests.pdf_factory import column_table_pdf, text_pdf
from tests.test_agent_loop import call, scripted


@pytest.fixture(scope="module")
def sample_brief(sample_kb_settings: Settings) -> Brief:
    return make_brief("sample", settings=sample_kb_settings)


def test_the_sample_brief_states_its_facts_on_their_pages(sample_brief: Brief):
    due = sample_brief.field("proposals_due")
    assert "April 10, 2026" in due.value and "March 20" not in due.value
    assert pages_cited(sample_brief, "proposals_due") == {1}
    assert "March 20, 2026" in sample_brief.field("questions_due").value
    assert "1,500 per calendar day" in sample_brief.field("penalties").value
    assert pages_cited(sample_brief, "penalties") == {9}
    assert "best-value" in sample_brief.field("evaluation").value
    assert pages_cited(sample_brief, "evaluation") == {11}
    # a lead-in ("shall maintain, at its own cost:") brings the list that follows it
    insurance = sample_brief.field("insurance").value
    assert "USD 2,000,000 per occurrence" in insurance
    assert "Automobile liability: USD 1,000,000 combined single limit" in insurance
    assert pages_cited(sample_brief, "insurance") == {8}
    assert "RTA-2026-017" in sample_brief.field("solicitation").value
    assert sample_brief.field("solicitation_type").value.startswith("Request for Proposals")
    assert "Riverton Regional Transit Authority" in sample_brief.field("issuer").value


def test_every_found_value_is_cited_and_silence_is_not_stated(sample_brief: Brief):
    numbers = {c.n for c in sample_brief.citations}
    for field in sample_brief.fields:
        if field.status == "found":
            assert field.citations and set(field.citations) <= numbers, field.name
            assert all(f"[{n}]" in field.value for n in field.citations)
        else:
            assert (field.value, field.citations) == (NOT_STATED, [])
    # the sample RFP names no site visit and no set-aside
    assert sample_brief.field("site_visit").status == "not_stated"
    assert sample_brief.field("set_asides").status == "not_stated"


def test_risks_cite_the_clause_that_makes_them(sample_brief: Brief):
    by_name = {r.name: r for r in sample_brief.risks}
    damages = by_name["liquidated_damages"]
    assert "liquidated damages" in damages.text and damages.page == 9
    assert sample_brief.citations[[c.n for c in sample_brief.citations].index(damages.citation)]
    assert (
        by_name["ip_transfer"].page == 10 and "works made for hire" in by_name["ip_transfer"].text
    )
    assert by_name["bonding"].page == 7
    # a service credit is a penalty too, and is no row of the matrix (the buyer receives it)
    penalties = [r for r in sample_brief.risks if r.name == "liquidated_damages"]
    assert any("service credit" in r.text and r.page == 4 for r in penalties)


def test_two_documents_giving_different_due_dates_are_a_conflict(settings: Settings, workdir: Path):
    text_pdf(workdir / "city-rfp.pdf", [
        "Request for Proposals 24-118: Street Lighting Maintenance. City of Alder Falls, "
        "Purchasing Division.\nProposals due: May 4, 2026, 3:00 p.m. local time.\n"
        "Questions due: April 20, 2026.",
        "The contractor shall repair reported outages within five business days.",
    ])  # fmt: skip
    text_pdf(workdir / "city-rfp-amendment-1.pdf", [
        "Amendment 1 to Request for Proposals 24-118. The proposal due date is changed. "
        "Proposals due: May 18, 2026, 3:00 p.m. local time.\nThe contractor shall repair "
        "reported outages within three business days.",
    ])  # fmt: skip
    assert ingest_paths([workdir], settings, "city").exit_code == 0
    brief = make_brief("city", settings=settings, fields=["proposals_due", "questions_due"])
    (conflict,) = brief.conflicts
    assert conflict.field == "proposals_due"
    said = {(v.file, v.value) for v in conflict.values}
    assert said == {("city-rfp.pdf", "may 4"), ("city-rfp-amendment-1.pdf", "may 18")}
    assert "city-rfp-amendment-1.pdf" in conflict.note
    cited = {c.n: c for c in brief.citations}
    assert {cited[v.citation].source_file for v in conflict.values} == {
        "city-rfp.pdf",
        "city-rfp-amendment-1.pdf",
    }
    # the amendment and the requirement it restates with a change, both cited on their page
    (amendment,) = brief.amendments
    assert (amendment.file, amendment.amends) == ("city-rfp-amendment-1.pdf", ["city-rfp.pdf"])
    (change,) = [c for c in amendment.changes if "outages" in c.now]
    assert "three business days" in change.now and "five business days" in change.was
    now, was = cited[change.citation], cited[change.was_citation]
    assert (now.source_file, now.page_number) == ("city-rfp-amendment-1.pdf", 1)
    assert (was.source_file, was.page_number) == ("city-rfp.pdf", 2)
    assert any("May 18" in c.now and "May 4" in c.was for c in amendment.changes)
    assert "## Amendments" in brief_markdown(brief)


def test_bad_names_fail_before_anything_runs(sample_kb_settings: Settings):
    with pytest.raises(ValueError, match="unknown brief field.*'due_date'.*proposals_due"):
        make_brief("sample", settings=sample_kb_settings, fields=["due_date"])
    with pytest.raises(DocumentNotFound, match="nope.pdf"):
        make_brief("sample", ["nope.pdf"], settings=sample_kb_settings)
    with pytest.raises(KnowledgeBaseNotFound):
        make_brief("missing", settings=sample_kb_settings)


def test_a_key_dates_line_is_cut_to_the_date_asked_for():
    line = (
        "Questions due: March 20, 2026, 5:00 p.m. local time Proposals due: April 10, 2026, "
        "2:00 p.m. local time Anticipated contract start: July 1, 2026 [3]."
    )
    questions, proposals = ["When are questions due?"], ["When are proposals due?"]
    site_visit = ["When is the pre-proposal conference or site visit?"]
    assert focus_dates(line, proposals, [questions, site_visit]) == (
        "Proposals due: April 10, 2026, 2:00 p.m. local time [3]."
    )
    assert focus_dates(line, site_visit, [questions, proposals]) == ""
    # a single date that another date field names is not this field's
    amended = "Proposals due: May 18, 2026, 3:00 p.m. local time [1]."
    assert focus_dates(amended, questions, [proposals]) == ""
    assert focus_dates("Invoices are due no later than 30 days after the month [2].",
                       proposals) == ""  # fmt: skip
    # a date that is no deadline (an amendment's issue date) is not when quotes are due
    quotes = ["When are quotes due?"]
    assert focus_dates("Amendment to Request for Quote August 20, 2018 [1].", quotes) == ""
    due = "Quotes are due by 5:00 p.m. EDT, Friday, August 24, 2018 [4]."
    assert focus_dates(due, quotes) == due
    # a deadline keeps its time and the time's zone, however the line writes them
    for line, kept in (
        ("Proposal due date: March 2, 2027 @ 11:00 AM CT, with a copy by mail [5].",
         "Proposal due date: March 2, 2027 @ 11:00 AM CT [5]."),
        ("Proposals are due June 1, 2026 by 3:30PM Central Time (CT) via the portal [6].",
         "Proposals are due June 1, 2026 by 3:30PM Central Time (CT) [6]."),
        ("Proposals due May 4, 2026 14:00 hours RFP 12 closes then [7].",
         "Proposals due May 4, 2026 14:00 hours [7]."),
    ):  # fmt: skip
        assert focus_dates(line, proposals) == kept
    # a Spanish date keeps its year and its hour, without which it has no ISO form
    offers = {spec.name: spec for spec in field_specs()}["proposals_due"].date_words
    due = "Plazo de presentación de ofertas: 15 de julio de 2031 a las 13:00 horas"
    kept = focus_dates(f"{due}, en el registro general [8].", offers)
    assert kept == f"{due} [8]."
    assert iso_of(kept) == "2031-07-15T13:00"


def test_a_submission_deadline_is_read_by_what_the_bidder_hands_in(
    settings: Settings, workdir: Path
):
    """Buyers name what is due by many words ("quotations", "offers", "tenders"), seldom
    the "proposals" of the field's question: a dated deadline naming any of them is when
    proposals are due, and the questions' deadline beside it stays the questions'."""
    specs = {spec.name: spec for spec in field_specs()}
    proposals, questions = specs["proposals_due"], specs["questions_due"]
    for line in (
        "Quotations must be received by 2:00 p.m. on June 2, 2031 [1].",
        "Sealed offers will be received until 2 p.m. local time, June 2, 2031 [1].",
        "The deadline for submission of tenders is June 2, 2031 [1].",
    ):
        assert focus_dates(line, proposals.date_words, [questions.date_words]) == line
        assert focus_dates(line, questions.date_words, [proposals.date_words]) == ""
    brief = brief_of_pages(workdir, settings, "brandt", [
        "County of Brandt\nRequest for Quotations 2031-12\nFleet Maintenance Software\n"
        "Inquiries must be e-mailed to the buyer no later than May 20, 2031.\n"
        "Quotations must be received by 2:00 p.m. on June 2, 2031.",
    ], ["proposals_due", "questions_due"])  # fmt: skip
    assert "June 2, 2031" in brief.field("proposals_due").value
    assert "May 20, 2031" in brief.field("questions_due").value
    assert "June 2" not in brief.field("questions_due").value


def test_a_deadline_may_be_a_bid_opening_a_last_date_or_a_date_after_by():
    """A sealed bid is due when bids are opened ("Bid opening: …"); "last date for …" and
    "by" just before a date ("e-mail questions to the buyer by …") state deadlines too. A
    date that only dates something ("Questions were answered on …") does not, nor a "by"
    that names who did something ("compiled by the buyer on …"). A deadline keeps its
    time, however the zone is written and whether "up to" or "at" leads to it."""
    questions, bids = ["When are questions due?"], ["When are bids due?"]
    opening = "BID OPENING: July 8, 2031, 10:00 a.m. CDT [1]."
    assert focus_dates(opening, bids) == opening
    last = "Last date for receipt of queries: 02.07.2031 up to 17:00 hrs [1]."
    assert focus_dates(last, [*questions, "What is the deadline for queries?"]) == last
    zoned = "Questions are due 20 June 2031, 5:00pm AEST, on the portal [3]."
    assert focus_dates(zoned, questions) == "Questions are due 20 June 2031, 5:00pm AEST [3]."
    emailed = "Vendors should e-mail any questions to the buyer by June 30, 2031 [2]."
    assert focus_dates(emailed, questions) == emailed
    assert focus_dates("Questions were answered on June 30, 2031 [2].", questions) == ""
    compiled = "Questions were compiled by the buyer on June 30, 2031 [2]."
    assert focus_dates(compiled, questions) == ""


def test_a_date_by_which_the_buyer_acts_is_no_bidders_deadline():
    """A schedule lists the buyer's milestones in the words of the bidders' deadlines: the
    date answers are posted or an addendum issued is neither when questions nor when
    responses are due. The bidder's own deadline stays one, however it is worded, and so
    does the buyer's refusal after a date ("will not be responded to after")."""
    questions, responses = ["When are questions due?"], ["When are responses due?"]
    buyers = [
        "Responses to questions will be posted on the portal by March 10, 2031 [1].",
        "Answers to all questions will be issued as an addendum no later than March 10, 2031 [1].",
        "The Town will respond to written questions by March 10, 2031 [1].",
        "Deadline for the Town to answer questions: March 10, 2031 [1].",
    ]
    taken = {s: (focus_dates(s, questions, [responses]), focus_dates(s, responses, [questions]))
             for s in buyers}  # fmt: skip
    assert all(t == ("", "") for t in taken.values()), taken
    bidders = [
        "Questions shall be submitted to the buyer by March 3, 2031 [1].",
        "Questions to be provided in writing by March 3, 2031 [1].",
        "In order to be answered, questions must be received by March 3, 2031 [1].",
        "No question received will be responded to after 4:00 p.m. on March 3, 2031 [1].",
    ]
    missed = [s for s in bidders if focus_dates(s, questions, [responses]) != s]
    assert not missed, missed
    both = "Questions are due by March 3, 2031; answers will be posted by March 10, 2031 [1]."
    assert focus_dates(both, questions) == "Questions are due by March 3, 2031 [1]."


def test_a_key_dates_table_whose_rows_open_with_the_date_gives_each_row_its_own_date():
    """ "1 March 2, 2026 RFP issued 2 March 9, 2026 by noon Questions due 3 March 30, 2026 by
    2:00 PM Proposals due" pairs each event with the date before it, not after it; the
    paragraph the text layer ran on after the last row is not part of its event."""
    line = (
        "1 March 2, 2026 RFP issued 2 March 9, 2026 by noon Questions due 3 March 30, 2026 "
        "by 2:00 PM Proposals due If you have questions, e-mail the buyer [2]."
    )
    questions, proposals = ["When are questions due?"], ["When are proposals due?"]
    assert focus_dates(line, questions, [proposals]) == ("March 9, 2026 by noon Questions due [2].")
    assert focus_dates(line, proposals, [questions]) == (
        "March 30, 2026 by 2:00 PM Proposals due [2]."
    )


def test_a_contract_form_names_its_buyer_and_the_brief_finds_limits_and_basis_of_award(
    settings: Settings, workdir: Path
):
    brief = brief_of_pages(workdir, settings, "agreement", [
        "STANDARD AGREEMENT FORM\n1. Agency Contract Number 2. Contract Title\n"
        "This contract is between the City of Birch Hollow, Department of Public Works, "
        "hereafter the City, and the Contractor.\nIn the performance of this contract the "
        "contractor must comply with all laws and be liable for all required insurance, "
        "licenses and permits.",
        "Appendix B Insurance\nThe contractor shall maintain the following policies.\n"
        "2.1 Commercial General Liability Insurance: covering all operations with minimum "
        "coverage limits of $750,000 per claim.\n"
        "12.0 EVALUATION AND BASIS FOR AWARD\nThis procurement follows the city's purchasing "
        "code. The City will award to the offeror whose proposal is the best value, with "
        "technical approach more important than price.",
    ], ["issuer", "insurance", "evaluation"])  # fmt: skip
    assert brief.field("issuer").value.startswith("City of Birch Hollow")
    assert "$750,000" in brief.field("insurance").value
    assert pages_cited(brief, "insurance") == {2}
    assert "best value" in brief.field("evaluation").value


def test_a_field_expecting_terms_is_answered_only_by_a_value_naming_one():
    evaluation = next(s for s in field_specs() if s.name == "evaluation")
    assert not evaluation.is_answered_by("This procurement follows FAR Subpart 8.4 [1].")
    assert evaluation.is_answered_by("Award is made on a best value tradeoff basis [2].")
    assert evaluation.is_answered_by("Award goes to the lowest price technically acceptable")
    insurance = next(s for s in field_specs() if s.name == "insurance")
    assert not insurance.is_answered_by("The contractor is liable for all insurance [1].")
    assert insurance.is_answered_by("Limits of $300,000 per claim [1].")
    # a sum written with its currency code, or grouped by stops, is a sum all the same
    assert insurance.is_answered_by("Cyber liability: USD 5,000,000 per claim [1].")
    assert amounts_in("un seguro de $5.000.000 por siniestro") == [5_000_000]
    assert amounts_in("60.000 € IVA excluido") == [60_000]
    assert amounts_in("see section 3.2 of the 2019 plan") == []
    contract_type = next(s for s in field_specs() if s.name == "contract_type")
    assert contract_type.is_answered_by("A firm-fixed-price order will be issued [1].")
    assert not contract_type.is_answered_by("A payment bond of 50% of the price [1].")


def test_a_field_no_answer_names_is_not_stated_rather_than_a_near_miss(
    settings: Settings, workdir: Path
):
    """A solicitation silent on payment, with an insurance clause that an extractive answer
    to "how will the contractor be paid?" lands on: payment terms are not stated, and the
    contract type it does state is found. The issuer is the port on its cover, not an entry
    of its table of contents."""
    fields = ["issuer", "contract_type", "payment_terms"]
    brief = brief_of_pages(workdir, settings, "harbor", [
        "CONTENTS\n2.5 Discretion of the Port .................... 4\nPORT OF WESTHAVEN\n"
        "REQUEST FOR PROPOSALS\nTerminal Camera System\n"
        "1. OVERVIEW\nThe Port intends to award a firm-fixed-price contract for the cameras.\n"
        "2. INSURANCE\nThe Contractor shall carry general liability insurance of $2,000,000 "
        "per occurrence and shall pay any deductible.",
    ], fields)  # fmt: skip
    assert brief.field("issuer").value.startswith("PORT OF WESTHAVEN")
    assert "firm-fixed-price" in brief.field("contract_type").value
    assert brief.field("payment_terms").value == NOT_STATED


# ------------------------------------------------------------------- with a chat model
def quoted(field: str, value: str | None, quote: str = "", ref: int | None = None) -> dict:
    return {"field": field, "value": value, "quote": quote, "ref": ref}


def brief_with_model(settings: Settings, values: list[dict[str, Any]]) -> Brief:
    model = scripted(AIMessage("", tool_calls=[call("QuotedValues", values=values)]))
    return make_brief("sample", settings=settings, fields=["penalties"], chat_model=model)


def test_a_model_value_backed_by_its_quote_is_kept(sample_kb_settings: Settings):
    brief = brief_with_model(sample_kb_settings, [quoted(
        "penalties", "USD 1,500 per calendar day of delay, capped at 10%",
        "liquidated damages of USD 1,500 per calendar day of delay, up to a maximum of 10%",
        ref=_ref_of_page(9),
    )])  # fmt: skip
    field = brief.field("penalties")
    assert (field.method, field.status) == ("llm", "found")
    assert "USD 1,500 per calendar day" in field.value
    assert pages_cited(brief, "penalties") == {9}
    assert brief.mode == "llm"


def test_a_model_value_with_a_figure_its_quote_lacks_is_dropped(sample_kb_settings: Settings):
    brief = brief_with_model(sample_kb_settings, [quoted(
        "penalties", "USD 1,500 per day, capped at 25%",
        "liquidated damages of USD 1,500 per calendar day of delay", ref=_ref_of_page(9),
    )])  # fmt: skip
    field = brief.field("penalties")
    assert field.method == "offline" and "25%" not in field.value
    assert any("figures ['25'] are not in its quote" in w for w in field.warnings)


def test_a_model_value_whose_quote_is_not_in_the_passage_is_dropped(
    sample_kb_settings: Settings,
):
    brief = brief_with_model(sample_kb_settings, [quoted(
        "penalties", "USD 9,000 per day", "liquidated damages of USD 9,000 per day",
        ref=_ref_of_page(9),
    )])  # fmt: skip
    field = brief.field("penalties")
    assert field.method == "offline" and "9,000" not in field.value
    assert "1,500" in field.value  # the offline rules answered from the same passages
    assert any("quote is not in passage" in w for w in field.warnings)
    assert any("quote is not in passage" in w for w in brief.warnings)


def test_a_model_quote_in_another_passage_than_the_one_it_names_cites_that_passage(
    sample_kb_settings: Settings,
):
    brief = brief_with_model(sample_kb_settings, [quoted(
        "penalties", "USD 1,500 per calendar day of delay",
        "liquidated damages of USD 1,500 per calendar day of delay", ref=None,
    )])  # fmt: skip
    field = brief.field("penalties")
    assert (field.method, field.status) == ("llm", "found")
    assert pages_cited(brief, "penalties") == {9}


_REFS: dict[int, int] = {}


def _ref_of_page(page: int) -> int:
    """The ref the brief's legal agent gives the page's passage: its retrieval is the same
    every run (the offline answerer's plan), so the first passage found on it."""
    return _REFS[page]


@pytest.fixture(autouse=True, scope="module")
def _passage_refs(sample_kb_settings: Settings) -> None:
    from rfp_agents.agents.evidence import EvidenceLog, evidence_in
    from rfp_agents.agents.profiles import PROFILES
    from rfp_agents.agents.scope import KnowledgeScope
    from rfp_agents.agents.tools import KnowledgeTools
    from rfp_agents.deliverables.brief.fields import specs_named
    from rfp_agents.graph.services import services_for

    services = services_for(sample_kb_settings)
    tools = KnowledgeTools(KnowledgeScope(["sample"], services.retriever), EvidenceLog(), "legal")
    (spec,) = specs_named(["penalties"])
    messages = services.offline_answerer.retrieve(PROFILES["legal"], spec.question, tools)
    for evidence in evidence_in(messages):
        _REFS.setdefault(evidence.page_number, evidence.ref)


def test_the_api_serves_the_brief_and_refuses_bad_names_before_any_work(
    sample_kb_settings: Settings,
):
    from fastapi.testclient import TestClient

    from rfp_agents.api.app import create_app

    client = TestClient(create_app(sample_kb_settings), base_url="http://localhost")
    body = {"knowledgeBaseId": "sample", "fields": ["proposals_due", "site_visit"]}
    brief = client.post("/api/brief", json=body).json()
    assert [f["name"] for f in brief["fields"]] == ["proposals_due", "site_visit"]
    assert "April 10, 2026" in brief["fields"][0]["value"]
    assert brief["fields"][1]["status"] == "not_stated"
    bad = client.post("/api/brief", json={"knowledgeBaseId": "sample", "fields": ["due"]})
    assert bad.status_code == 422 and "proposals_due" in bad.json()["detail"]
    missing = client.post("/api/brief", json={"knowledgeBaseId": "sample", "documents": ["x.pdf"]})
    assert missing.status_code == 404 and "x.pdf" in missing.json()["detail"]
    assert client.post("/api/brief", json={"knowledgeBaseId": "nope"}).status_code == 404


def test_an_amount_said_two_ways_is_one_value_not_a_conflict():
    from rfp_agents.deliverables.brief.conflicts import _values

    assert _values("amount", "The ceiling is $1 million.") == ["1,000,000"]
    assert _values("amount", "A ceiling of $1,000,000 applies.") == ["1,000,000"]
    assert _values("date", "Proposals due: May 4, 2026.") == ["may 4"]


def test_a_value_glued_to_its_numbered_heading_is_given_without_it():
    """The answerer reads "6.3 Contract Type" and the sentence under it as one; the brief
    gives the sentence alone, whether the heading is title case or sentence case. A number
    that only opens a sentence ("2.1 AA standards apply") is kept."""
    from rfp_agents.agents.evidence import Evidence
    from rfp_agents.deliverables.brief.values import without_glued_headings

    passage = Evidence(
        ref=1, kb="kb", source_file="rfq.pdf", page_number=3, chunk_id="c1", tool="search",
        content="The vendor shall keep the site clean.\n6.3 Contract Type\n"
        "The Town will award a firm-fixed-price contract.\n"
        "6.4 How quotes are scored\nQuotes are scored on best value.\n",
    )  # fmt: skip
    glued = (
        "6.3 Contract Type The Town will award a firm-fixed-price contract [1]. "
        "6.4 How quotes are scored Quotes are scored on best value [1]."
    )
    assert without_glued_headings(glued, [passage]) == (
        "The Town will award a firm-fixed-price contract [1]. Quotes are scored on best value [1]."
    )
    kept = "2.1 AA standards apply to every page [1]."
    assert without_glued_headings(kept, [passage]) == kept


def test_submission_instructions_name_how_or_where_a_response_is_handed_in():
    """A sentence that only mentions a submitted proposal ("Any proposal submitted shall
    remain valid for 120 days") is no submission instruction; one that names the channel, a
    page limit or copies is."""
    submission = next(s for s in field_specs() if s.name == "submission")
    assert not submission.is_answered_by("Any proposal submitted shall remain valid for 120 days.")
    assert not submission.is_answered_by("The Board will select the proposals it ranks highest.")
    assert submission.is_answered_by("Bids will only be accepted through the county's portal [1].")
    assert submission.is_answered_by("The technical volume shall not exceed 15 pages [2].")
    assert submission.is_answered_by("Deliver three copies in a sealed envelope [3].")


def test_penalties_and_key_personnel_are_answered_only_by_values_that_name_them():
    """What the buyer is not liable for is no penalty, and a "Public Key Infrastructure"
    form is no key person; a sum withheld per day and a named project manager are."""
    penalties = next(s for s in field_specs() if s.name == "penalties")
    assert not penalties.is_answered_by("The County is not liable for delays caused by others.")
    assert penalties.is_answered_by("The County will withhold $500 for each day of delay [1].")
    key_personnel = next(s for s in field_specs() if s.name == "key_personnel")
    assert not key_personnel.is_answered_by(
        "Staff shall sign the Public Key Infrastructure acknowledgement form [1]."
    )
    assert key_personnel.is_answered_by("The vendor shall name a project manager [2].")


def test_every_brief_value_says_what_found_it(sample_brief: Brief):
    """A value read from the cover names its rule, an asked one the phrasing that found it,
    and a field not stated names nothing."""
    for field in sample_brief.fields:
        if field.status == "not_stated":
            assert field.rule == "", field
        elif field.method == "cover":
            assert field.rule.startswith("cover."), field
        else:
            assert field.rule.startswith("ask: ") and field.rule.endswith("?"), field
    assert sample_brief.field("issuer").rule.startswith("cover.")
    assert any(f.rule.startswith("ask: ") for f in sample_brief.fields)


def test_the_checklist_lists_page_limits_forms_and_clauses_each_cited(
    settings: Settings, workdir: Path
):
    """The analyst's checklist: each page limit, each form or certification to sign, each
    clause incorporated by reference, on the page that states it; a bare "Certificate" or a
    year is no form, a price is no clause."""
    brief = brief_of_pages(workdir, settings, "depot", [
        "Request for Proposals 27-118: Depot Roof Repair.\n"
        "The technical volume shall not exceed 20 pages. The price volume is limited to "
        "5 pages.",
        "Offerors shall complete and sign Standard Form 1449 and submit a Form W-9.\n"
        "Each offeror shall sign the Non-Collusion Affidavit. Attach a Certificate.\n"
        "The roof was last replaced under Form 1996 rules at a cost of 52.50 dollars a foot.",
        "FAR 52.212-4 and DFARS 252.204-7012 are incorporated by reference.",
    ], ["issuer"])  # fmt: skip
    checklist = brief.checklist
    assert [(i.page, i.key) for i in checklist.page_limits] == [
        (1, "exceed 20 pages"), (1, "limited to 5 pages"),
    ]  # fmt: skip
    assert [(i.page, i.key) for i in checklist.forms] == [
        (2, "Standard Form 1449"), (2, "Form W-9"), (2, "Non-Collusion Affidavit"),
    ]  # fmt: skip
    assert [(i.page, i.key) for i in checklist.clauses] == [(3, "52.212-4"), (3, "252.204-7012")]
    cited = {c.n: c for c in brief.citations}
    for item in [*checklist.page_limits, *checklist.forms, *checklist.clauses]:
        assert f"[{item.citation}]" in item.text
        assert (cited[item.citation].source_file, cited[item.citation].page_number) == (
            "depot.pdf", item.page,
        )  # fmt: skip
    markdown = brief_markdown(brief)
    assert "## Page limits" in markdown and "## Clauses incorporated by reference" in markdown


def test_a_deadline_is_counted_from_the_closing_however_the_closing_is_named():
    """Questions due some days before the proposals' due date, whatever the document calls
    that date: the tender's closing date, the closing time, the bid opening; not a deadline
    counted from anything else (the award, the notice to proceed)."""
    from rfp_agents.deliverables.brief.when import relative_deadline

    due = "2031-06-10"  # a Tuesday
    cases = {
        "Requests for interpretation must be received at least ten days prior to the bid "
        "opening.": "2031-05-31",
        "Enquiries close seven (7) calendar days before the tender closing date.": "2031-06-03",
        "Questions are accepted until 5 business days prior to the closing time.": "2031-06-03",
        "Questions are due two days before the RFP due date.": "2031-06-08",
        "Work starts ten days after the notice to proceed.": None,
        "The contract is signed within 30 days after the award.": None,
    }  # fmt: skip
    misses = misses_of(lambda text: (relative_deadline(text, due) or (None,))[0], cases)
    assert not misses, misses


def test_a_date_field_gives_its_iso_form_and_a_counted_deadline_is_resolved(
    settings: Settings, workdir: Path, tmp_path: Path
):
    """JSON gives a date's ISO form beside the printed words, with its time when printed; a
    deadline counted from the proposals' due date is resolved against it and said so; the
    dates export as an iCalendar file."""
    from icalendar import Calendar
    from typer.testing import CliRunner

    from rfp_agents.cli import app

    brief = brief_of_pages(workdir, settings, "bridge", [
        "Request for Proposals 27-210: Bridge Inspection.\n"
        "Proposals due: Monday, May 18, 2026, 3:00 p.m. local time.\n"
        "Written questions are due seven (7) calendar days before the proposal due date.",
        "The contractor shall inspect each bridge once a year.",
    ], ["proposals_due", "questions_due"])  # fmt: skip
    assert brief.field("proposals_due").iso == "2026-05-18T15:00"
    questions = brief.field("questions_due")
    assert "seven (7) calendar days before" in questions.value and questions.iso == "2026-05-11"
    assert any("counted from the proposals due date (2026-05-18)" in w for w in brief.warnings)
    calendar = tmp_path / "bridge.ics"
    result = CliRunner().invoke(
        app, ["brief", "--kb", "bridge", "--ics", str(calendar)], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    events = Calendar.from_ical(calendar.read_bytes()).walk("VEVENT")
    starts = {str(e["summary"]).split(":")[0]: e.decoded("dtstart").isoformat() for e in events}
    assert starts["Proposals due"] == "2026-05-18T15:00:00"
    assert starts["Questions due"] == "2026-05-11"


def test_a_dates_iso_form_keeps_its_printed_year_and_the_time_printed_nearest():
    """The ISO form is read from the date's own words: a weekday or a time printed before
    the date does not part the date from its year (the year is never guessed), and a text
    layer's "1: 15 PM" is still a time."""

    cases = {
        "Written inquiries are accepted until 4:30 p.m. CT on Tuesday, June 4, 2030 [1].":
            "2030-06-04T16:30",
        "Inquiries sent ahead of the June 4 deadline are answered first [2].": "",
        "Ofertas hasta el 2 de marzo de 2031 a las 10:00 horas [1].": "2031-03-02T10:00",
        "Bids close 1: 15 PM, July 9, 2031 [3].": "2031-07-09T13:15",
        "Site visit: 09/15/2030 [1].": "2030-09-15",
        "by 3:30:00 p.m. (Central Time) on October 9, 2031 [1].": "2031-10-09T15:30",
        # day first with dots or dashes, ISO 8601, and a day written as an ordinal
        "Offers close on 04.11.2031 up to 16:00 hrs [2].": "2031-11-04T16:00",
        "Clarifications end 07-01-2031, 17:00 [2].": "2031-01-07T17:00",
        "Closing: 2031-05-06 at 2:00 p.m. local time [3].": "2031-05-06T14:00",
        "Tenders are returned by noon on the 3rd of March 2031 [4].": "2031-03-03T12:00",
        # a clause number is no date
        "As clause 4.2.12 says, bids close at 2 p.m. [5].": "",
    }  # fmt: skip
    misses = misses_of(iso_of, cases)
    assert not misses, misses


def test_a_rule_that_fails_costs_its_own_field_not_the_brief(
    sample_kb_settings: Settings, monkeypatch: pytest.MonkeyPatch
):
    """A defect in one rule (here made to raise) leaves that field "unread" with the error
    in its warnings; the other fields, cover fields included, are read as before."""
    from rfp_agents.deliverables.brief import cover, graph

    def failing_title(text: str) -> str:
        raise ValueError("a defect in the title rule")

    real_fill = graph.fill_offline

    def failing_fill(spec, answerer, tools):
        if spec.name == "penalties":
            raise KeyError("a defect in the penalties phrasing")
        return real_fill(spec, answerer, tools)

    monkeypatch.setattr(cover, "solicitation_title", failing_title)
    monkeypatch.setattr(graph, "fill_offline", failing_fill)
    fields = ["issuer", "solicitation", "solicitation_type", "penalties", "proposals_due"]
    brief = make_brief("sample", settings=sample_kb_settings, fields=fields)
    for name, error in (("solicitation", "title rule"), ("penalties", "penalties phrasing")):
        unread = brief.field(name)
        assert unread.status == "unread" and not unread.citations, unread
        assert any(error in w for w in unread.warnings), unread.warnings
    assert brief.field("solicitation_type").status == "found"
    assert brief.field("solicitation_type").status == "found"
    assert "April 10, 2026" in brief.field("proposals_due").value


def test_a_deadline_no_answer_states_is_read_off_the_pages_in_order(
    settings: Settings, workdir: Path, monkeypatch: pytest.MonkeyPatch
):
    """When no phrasing's answer states a deadline (here the answers are made to state no
    date), the first sentence of the pages, in reading order, that states the field's
    deadline is its value, cited on its page. A field that asks when something happens (the
    site visit) is not read so: a date near "site" is no visit."""
    from rfp_agents.deliverables.brief import graph

    def without_dates(spec, found):
        return found.model_copy(update={"text": ""}) if spec.kind == "date" else found

    answers_changed(monkeypatch, without_dates)
    brief = brief_of_pages(workdir, settings, "culverts", [
        "Town of Alder Falls\nRequest for Proposals 31-044\nCulvert Repairs",
        "Proposals must be submitted through the Town's procurement portal.\n"
        "The site of the work will be open to inspection on May 10, 2031.",
        "Schedule of events\nQuestions due: May 20, 2031\n"
        "Proposals due: June 2, 2031, 2:00 p.m.",
    ], ["proposals_due", "questions_due", "site_visit"])  # fmt: skip
    due = brief.field("proposals_due")
    assert "June 2, 2031, 2:00 p.m" in due.value and "May 20" not in due.value, due
    assert_read_by(brief, "proposals_due", "dates.first-on-the-pages", {3})
    assert "May 20, 2031" in brief.field("questions_due").value
    assert brief.field("site_visit").status == "not_stated", brief.field("site_visit")

    def a_defect(*_):
        raise KeyError("a defect in the page reading")

    monkeypatch.setattr(graph, "first_deadline_on_the_pages", a_defect)
    brief = make_brief("culverts", settings=settings, fields=["proposals_due", "solicitation_type"])
    assert brief.field("proposals_due").status == "unread", brief.field("proposals_due")
    assert brief.field("solicitation_type").status == "found"


def test_a_schedule_table_drawn_column_by_column_gives_each_deadline_its_own_row(
    settings: Settings, workdir: Path, monkeypatch: pytest.MonkeyPatch
):
    """A key-dates table whose text layer gives the labels' column, then the dates' column,
    is read across as the page prints it: the questions' deadline is its own row's date,
    not the first date of the column (the release date). Read off the pages when no answer
    states the date (here the answers are made to state none)."""

    def without_dates(spec, found):
        return found.model_copy(update={"text": ""}) if spec.kind == "date" else found

    answers_changed(monkeypatch, without_dates)
    column_table_pdf(workdir / "shelters.pdf", "City of Alder Falls: RFP 31-210 Transit Shelters",
                     ["Release of the RFP", "Deadline for written questions", "Proposals due"],
                     ["February 2, 2031", "March 3, 2031, 2:00 PM CT",
                      "March 20, 2031, 2:00 PM CT"])  # fmt: skip
    assert ingest_paths([workdir], settings, "shelters").exit_code == 0
    brief = make_brief("shelters", settings=settings, fields=["questions_due", "proposals_due"])
    assert brief.field("questions_due").iso == "2031-03-03T14:00", brief.field("questions_due")
    assert brief.field("proposals_due").iso == "2031-03-20T14:00", brief.field("proposals_due")
    assert_read_by(brief, "questions_due", "dates.first-on-the-pages", {1})


def test_a_tables_dated_row_keeps_its_wrapped_label_and_the_time_below_its_date():
    """A row's label may wrap over lines and its date print its time on the line below:
    both stay the row's, by the column they are printed in, up to the blank line that ends
    the row. A justified line of prose whose gap falls before a date inside its sentence,
    and a row of dates alone ("Start  End"), are no rows."""
    layout = "\n".join([
        "    Schedule of events",
        "",
        "    Deadline to submit written                       March 3, 2031",
        "    questions (e-mail only)                            2:00 PM (CT)",
        "",
        "    Proposals due                                    Friday, March 20, 2031",
        "",
        "    The contractor serves the region   (July 1, 2031 to June 30, 2032). This lets the",
        "    Start                 End",
        "    July 1, 2031          June 30, 2032",
    ])  # fmt: skip
    assert dated_rows(layout) == [
        "Deadline to submit written questions (e-mail only) March 3, 2031 2:00 PM (CT)",
        "Proposals due Friday, March 20, 2031",
    ]


def test_the_proposals_due_date_is_never_counted_from_itself(settings: Settings, workdir: Path):
    """A sentence counted from the proposal due date says when other things happen; as the
    proposals' own due date it is "not stated" (an unrelated sentence is worse)."""
    brief = brief_of_pages(workdir, settings, "culvert", [
        "Request for Proposals 31-044: Culvert Repairs.\n"
        "Proposals may be withdrawn up to two (2) days before the proposal due date.\n"
        "Written questions are due five (5) calendar days before the proposal due date.",
        "The contractor shall repair each culvert listed in Exhibit A.",
    ], ["proposals_due", "questions_due"])  # fmt: skip
    assert brief.field("proposals_due").status == "not_stated", brief.field("proposals_due")
    assert "five (5) calendar days before" in brief.field("questions_due").value


def test_a_key_dates_table_gives_each_field_its_own_row_and_one_row_alone_gives_none():
    """Rows that open with their date give each field its date; a lone row cut from a table
    ("May 2, 2031 Closing Date for Responses") cannot show whether the date is that label's or the
    label's above it, so it gives none (the next phrasing is asked instead)."""
    from rfp_agents.deliverables.brief.dates import focus_dates

    proposals = ("When are proposals due?", "When are responses due?")
    questions = ("When are questions due?",)
    table = ("1 April 3, 2031 RFQ released April 10, 2031 by 2:00 PM Questions due "
             "April 24, 2031 by 3:00 PM Responses due [1].")  # fmt: skip
    due = focus_dates(table, proposals, [questions])
    asked = focus_dates(table, questions, [proposals])
    assert "April 24" in due and "3:00 PM" in due and "April 10" not in due, due
    assert "April 10" in asked and "2:00 PM" in asked and "April 24" not in asked, asked
    lone = "May 2, 2031 Closing Date for Responses [1]."
    assert focus_dates(lone, proposals, [questions]) == ""


def test_a_deadline_an_answer_names_short_is_stated_in_full_from_the_pages(
    settings: Settings, workdir: Path, monkeypatch: pytest.MonkeyPatch
):
    """An answer that names a deadline without its year or time ("after the March 3
    deadline") is replaced by the pages' fullest sentence stating the same day for the same
    field, cited on its page; a sentence with another day (the answers' posting) or another
    field's deadline on that day (the proposals') is not taken."""

    def named_short(spec, found):
        if spec.name != "questions_due":
            return found
        first = found.evidence[0]
        short = f"Questions sent after the March 3 deadline will not be answered [{first.ref}]."
        return found.model_copy(update={"text": short, "evidence": [first]})

    answers_changed(monkeypatch, named_short)
    brief = brief_of_pages(workdir, settings, "footbridge", [
        "Borough of Kestrel Point\nRequest for Proposals 31-207\nFootbridge Repainting",
        "Proposals are due by 11:00 a.m. on March 3, 2031 only for the early works lot.\n"
        "Answers to questions will be posted by March 10, 2031.",
        "Questions must be e-mailed to the buyer no later than 4:00 p.m. Eastern Time on "
        "Monday, March 3, 2031.\nQuestions sent after the March 3 deadline will not be answered.",
    ], ["questions_due"])  # fmt: skip
    due = brief.field("questions_due")
    assert "4:00 p.m. Eastern Time on Monday, March 3, 2031" in due.value, due
    assert "11:00" not in due.value and due.iso == "2031-03-03T16:00", due
    assert_read_by(brief, "questions_due", "dates.stated-in-full", {3})
