"""The compliance matrix read through a page's layout: sentences cut by line and page
breaks, section headings, tables and notes, so that each row is one whole statement cited
on its page."""

from __future__ import annotations

from rfp_agents.config import Settings
from rfp_agents.deliverables import matrix
from rfp_agents.deliverables.matrix import pages, requirements
from rfp_agents.deliverables.obligations import strength_of
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.text import split_sentences, table_cells
from tests.matrix_helpers import (
    cited_spans,
    cited_statements,
    headings_of,
    requirement_texts,
    statements_of,
)
from tests.pdf_factory import text_pdf


def test_a_letterhead_address_is_not_a_rows_section(sample_kb_settings: Settings):
    """The GSA letterhead ("1800 F St NW | Washington, DC | 20405") repeats on every page of
    the real QASP; its street number is not a section number."""
    rows = requirements(KnowledgeBase.open("real", sample_kb_settings))
    qasp = [r for r in rows if r.file == "gsa-cloudgov-support-qasp.pdf"]
    assert qasp and not [r.section for r in qasp if "1800 F St" in r.section]
    assert any(r.section == "PERFORMANCE REQUIREMENTS MATRIX" for r in qasp)


def test_a_numbered_sentence_wrapped_at_the_line_end_is_not_a_section_heading():
    page = (
        "7.5 Contractor Performance\n"
        "When defects cannot be corrected, the State may:\n"
        "1. Require the contractor to take necessary action to ensure that future\n"
        "performance conforms to the contract.\n"
        "7.6 INSPECTION AND ACCEPTANCE\n"
        "The State shall inspect each deliverable."
    )
    sections = headings_of(page)
    assert sections == ["7.5 Contractor Performance", "7.6 INSPECTION AND ACCEPTANCE"]


def test_an_appendix_and_a_numbered_title_with_a_stop_open_sections():
    """An agreement's appendices follow its last article: "Appendix C" alone on its line
    and "2. Duties of the Processor." (a title ending in a full stop) head what follows,
    not the article before them; a numbered sentence with a stop is no title."""

    page = (
        "Article 9. Insurance\n"
        "The Contractor shall carry general liability insurance.\n"
        "Appendix C\n"
        "This appendix sets out the processing.\n"
        "2. Duties of the Processor.\n"
        "The Processor shall keep a record of each disclosure.\n"
        "3. Keep the record for six years.\n"
        "4. Term and Termination of the Agreement.\n"
        "Either party may end it on notice."
    )
    sections = headings_of(page)
    assert sections == [
        "Article 9. Insurance",
        "Appendix C",
        "2. Duties of the Processor",
        "4. Term and Termination of the Agreement",
    ]


def test_a_lettered_title_opens_a_section_but_a_forms_lettered_fields_do_not():
    """ "B. Privacy of Records" with its paragraph under it is a section; "A. Company Name",
    "B. Contract Number", "C. Point of Contact" one after the other are a form's fields."""

    page = (
        "Each quote shall give the following:\n"
        "A. Company Name\n"
        "B. Contract Number\n"
        "C. Point of Contact Name and Phone\n"
        "The Processor shall answer within ten days.\n"
        "B. Privacy of Records\n"
        "The Processor shall protect every record."
    )
    sections = headings_of(page)
    assert sections == ["", "B. Privacy of Records"]


def test_a_table_printed_cell_by_cell_gives_one_row_a_cell():
    """A QASP's performance table as the text layer prints it: each cell wrapped in short
    lines, no sentence end between cells, a name wrapped across lines in one of them."""
    from rfp_agents.text import answer_sentences, table_cells

    table = (
        "Participate in\nFedRAMP security\nscanning and\nauthorization\nactivities\n"
        "Patching of\nsevere or urgent\nflaws within 15\ndays\nReview by team\n"
        "FedRAMP Liaison\n(monthly)\nThe contractor shall\nprovide Program\nManagement\n"
        "Support (See Section\n5.2)\nThe contractor provided\nthe plan."
    )
    cells = answer_sentences(table_cells(table))
    assert "Patching of severe or urgent flaws within 15 days" in cells
    assert strength_of("Patching of severe or urgent flaws within 15 days") == "mandatory"
    assert "The contractor shall provide Program Management Support (See Section 5.2)" in cells
    assert "Review by team FedRAMP Liaison (monthly)" in cells
    # prose wrapped at the page width is left alone
    prose = "The contractor shall deliver the\nMonthly Status Report by the fifth day."
    assert table_cells(prose) == prose


def test_a_paragraph_after_a_table_is_not_its_last_cell():
    """A table's last cell, then a short title and a paragraph across the page: the
    paragraph is no part of the cell. A sentence a coloured word cut into short lines goes
    on into the wide line after it."""
    from rfp_agents.text import answer_sentences

    table = (
        "Tested\nCode\nAll code has\nunit tests\nManual review\nBacklog\n"
        "The list of tasks set out below is where the work will begin, and the team will add "
        "to it.\n"
    )
    cells = answer_sentences(table_cells(table))
    assert not any("Manual review" in cell and "list of tasks" in cell for cell in cells)
    assert any(cell.startswith("The list of tasks set out below") for cell in cells)
    coloured = (
        "Bidders must fill the fields in\nGREEN\nof the attached\nprice\nsheet (Form 2). "
        "Quotes on any other sheet will not be considered by the buyer.\n"
    )
    assert "Bidders must fill the fields in GREEN of the attached price sheet (Form 2)." in (
        answer_sentences(table_cells(coloured))
    )


def test_ucf_sections_and_an_instruction_scored_under_its_factor(settings: Settings, workdir):
    solicitation = text_pdf(workdir / "ucf-rfp.pdf", [
        "SECTION C - DESCRIPTION/SPECIFICATIONS/STATEMENT OF WORK\n"
        "The Contractor shall operate the help desk from 7 a.m. to 7 p.m.",
        "SECTION L - INSTRUCTIONS, CONDITIONS, AND NOTICES TO OFFERORS\n"
        "The offeror shall describe its staffing plan for evaluation under Factor 2.",
        "SECTION M - EVALUATION FACTORS FOR AWARD\n"
        "Factor 2, Staffing Plan: the offeror's staffing plan must show coverage of all shifts.",
    ])  # fmt: skip
    assert ingest_paths([solicitation], settings, "ucf").exit_code == 0
    rows = requirements(KnowledgeBase.open("ucf", settings))
    by_letter = {r.ucf_section: r for r in rows}
    assert set(by_letter) == {"C", "L", "M"}
    assert "help desk" in by_letter["C"].requirement
    assert by_letter["L"].evaluated_under == [by_letter["M"].id]
    assert by_letter["C"].evaluated_under == []


def test_a_title_on_its_own_line_is_not_glued_to_the_sentence_under_it(settings: Settings, workdir):
    """ "Closing Time" over "Offers must reach the Registry …" is a title, not the start
    of the requirement; the lines of an address after a lead-in's colon are not titles."""
    text_pdf(workdir / "titles.pdf", [
        "SELECTION PROCESS\n"
        "Closing Time\n"
        "Offers must reach the Registry before noon on Friday.\n"
        "Invoices must be mailed to:\n"
        "Finance Office\n"
        "City Hall Annex"
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "titles")
    assert "Offers must reach the Registry before noon on Friday." in rows
    assert not [row for row in rows if "Closing Time" in row or "PROCESS" in row]
    address = "Finance Office City Hall Annex"
    assert f"Invoices must be mailed to: {address}" in rows


def test_a_sentence_cut_by_a_page_break_is_one_row_cited_where_it_starts(monkeypatch):
    """A list item that a page break cuts ("… of the" / "Vendor with limits of …") is one
    item, cited on the page where it starts and ending on the next (``last_page``, so a
    reader looking on either page finds it); an item wholly on the next page is cited from its
    lead-in's page, where its row's text starts; the item after it goes on the list, though the
    buyer's "as the County may require" is in it; an item that ends "; and" before the break
    is whole, the next page's first item its own."""
    read = [
        ("The vendor shall carry insurance as follows:", 1),
        ("4.2.1 Workers' compensation for all employees;", 1),
        ("4.2.2 Employer's liability insurance respecting employees, if any, of the", 1),
        ("Vendor with limits of not less than one million dollars; and", 2),
        ("4.2.3 Such other insurance as the County may reasonably require.", 2),
        ("Proposals must carry the legal name of the firm; and", 2),
        ("The signature of an officer of the firm.", 3),
    ]
    rows = cited_spans(read, monkeypatch)
    lead = "The vendor shall carry insurance as follows:"
    assert (
        f"{lead} Employer's liability insurance respecting employees, if any, of the Vendor "
        "with limits of not less than one million dollars; and",
        1,
        2,
    ) in rows
    assert (f"{lead} Such other insurance as the County may reasonably require.", 1, 2) in rows
    assert ("The signature of an officer of the firm.", 3, 3) in rows


def test_a_note_opening_its_line_is_a_sentence_of_its_own():
    """An address has no full stops; a note on the next line ("Note: …") is not part of it."""
    text = "Town Hall Attention: Clerk 12 Main Street\nNote: No emailed bids will be accepted."
    assert split_sentences(text) == [
        "Town Hall Attention: Clerk 12 Main Street",
        "Note: No emailed bids will be accepted.",
    ]


def test_a_sentence_after_a_table_row_ending_on_a_price_is_its_own():
    """A price table has no full stops; the sentence on the line after its last row is not
    part of that row."""
    text = "Romero en maceta M/14 2,50 €\nLas plantas serán de primera calidad."
    assert split_sentences(text) == [
        "Romero en maceta M/14 2,50 €",
        "Las plantas serán de primera calidad.",
    ]


def test_a_name_wrapped_over_three_table_lines_stays_whole():
    """A document's name split over short lines ("of the enclosed / Service Level /
    Agreement") is one name, not a new table cell."""
    from rfp_agents.text import table_cells

    text = (
        "Vendors must fill in the fields in\nBLUE\nof the enclosed\nService Level\nAgreement\n"
        "(SLA). Other forms are not read."
    )
    assert split_sentences(table_cells(text))[0] == (
        "Vendors must fill in the fields in BLUE of the enclosed Service Level Agreement (SLA)."
    )


def test_a_spanish_article_heading_opening_its_line_ends_the_text_before_it():
    """A pliego's article heading on its own line ("ARTÍCULO 6º: …") starts a new sentence,
    though the text before it has no full stop."""
    text = "El pago se hará por transferencia\nARTÍCULO 6º: GARANTÍAS Se exige aval."
    assert split_sentences(text)[0] == "El pago se hará por transferencia"


def test_a_sentence_naming_the_one_before_a_requirement_is_joined_to_it(monkeypatch):
    """ "This is a requirement for all bidders." says nothing alone: it is read with the item
    it makes a requirement."""
    read = [
        "Form C - Conflict of Interest Statement.",
        "This is a requirement for all bidders.",
        "Late bids are returned unopened.",
    ]
    assert statements_of(read, monkeypatch) == [
        "Form C - Conflict of Interest Statement. This is a requirement for all bidders.",
        "Late bids are returned unopened.",
    ]


def test_a_contacts_lines_are_one_sentence():
    """A contact's telephone, TTY and e-mail, split by semicolons, are one contact, not three
    sentences a lead-in would take as three items."""
    text = "Jane Roe, Buyer II Telephone: (555) 010-0100; TTY: 711; E-mail: jroe@example.gov"
    assert split_sentences(text) == [text]


def test_a_row_a_page_break_carried_over_is_stated_on_both_pages():
    row = matrix.Requirement(
        id="R-0001", requirement="Deliver all work product within seven days.",
        strength="mandatory", domain="technical", topic="deliverables", file="rfp.pdf",
        page=9, last_page=10, chunk_id="c", also_in=["rfp.pdf p. 14"],
    )  # fmt: skip
    assert row.pages_in("rfp.pdf") == [9, 10, 14]
    assert row.model_copy(update={"last_page": None}).pages_in("rfp.pdf") == [9, 14]


def test_an_unpunctuated_page_end_is_finished_by_a_page_that_goes_on_in_lower_case(
    monkeypatch,
):
    """ "… or registered as a limited liability partnership" closes a page unpunctuated and
    the next page opens in lower case ("shall be authorized to …"): one sentence, cited on
    the page it starts on. A title closing a page is no sentence the next page finishes."""
    read = [
        ("A contractor organized as a corporation or registered as a limited liability "
         "partnership", 1),
        ("shall be registered with the State Corporation Commission.", 2),
        ("Insurance Requirements", 2),
        ("The vendor shall carry workers' compensation insurance.", 3),
    ]  # fmt: skip
    rows = cited_statements(read, monkeypatch)
    assert rows[0] == (
        "A contractor organized as a corporation or registered as a limited liability "
        "partnership shall be registered with the State Corporation Commission.",
        1,
    )
    assert ("The vendor shall carry workers' compensation insurance.", 3) in rows


def test_a_standard_stated_in_a_performance_standards_table_is_a_row(settings: Settings, workdir):
    """A QASP's cells state what the work must meet without a modal ("All defects are
    logged within one day"): under the table's column titles they are rows; a method of
    review without a verb, the buyer's act and the same kind of sentence outside a table
    are not."""
    pdf = text_pdf(workdir / "qasp.pdf", [
        "3. Performance Requirements\nThe work is checked against the table below.\n"
        "Performance Standard(s)\nAcceptable Quality Level (AQL)\nMethod of Review\n"
        "Defect logging\nAll defects are logged within one day.\n"
        "Combination of manual and automated review.\nThe COR will review the logs monthly.\n"
        "Release notes\nRelease notes are published with each version.",
        "4. Payment\nAll invoices are paid by the county within 30 days.",
    ])  # fmt: skip
    assert ingest_paths([pdf], settings, "qasp").exit_code == 0
    rows = {r.requirement: r.strength for r in requirements(KnowledgeBase.open("qasp", settings))}
    assert rows == {
        "All defects are logged within one day.": "mandatory",
        "Release notes are published with each version.": "mandatory",
    }


def test_a_standards_table_runs_over_a_page_without_its_titles(settings: Settings, workdir):
    """A QASP's table need not repeat its column titles on the next page: its cells there
    are still standards, up to a heading in capitals on its own line. A quality level put as
    a noun phrase is one too; a cell that only allows a thing ("… can be accepted by …") or
    names the method of review states no standard."""
    pdf = text_pdf(workdir / "qasp.pdf", [
        "3. Performance Requirements\nThe work is checked against the table below.\n"
        "Performance Standard(s)\nAcceptable Quality Level (AQL)\nMethod of Review\n"
        "Defect logging\nAll defects are logged within one day.",
        "Documented\nAll dependencies are listed in the release notes.\n"
        "Some stories can be accepted by developers.\nMinimal outage time for production "
        "pushes.\nManual review of each deployment log.\nPROCEDURES\n"
        "Release notes are published with each version.",
    ])  # fmt: skip
    assert ingest_paths([pdf], settings, "qasp").exit_code == 0
    rows = {r.requirement: r.page for r in requirements(KnowledgeBase.open("qasp", settings))}
    assert rows == {
        "All defects are logged within one day.": 1,
        "All dependencies are listed in the release notes.": 2,
        "Minimal outage time for production pushes.": 2,
    }


def test_a_standards_table_with_wrapped_titles_ends_at_a_paragraph(settings: Settings, workdir):
    """A narrow table wraps its column titles over two lines ("Performance" / "Standard(s)");
    its cells are standards all the same, and the first paragraph across the page after the
    table ends it: a fact stated there is no standard."""
    pdf = text_pdf(workdir / "grid.pdf", [
        "2. Quality\nDeliverable\nPerformance\nStandard(s)\nAcceptable\nQuality Level\n"
        "Method of\nAssessment\nRelease\nEvery release notes\nits known issues.\n"
        "Zero open critical\nbugs at release\nManual review\n"
        "The board reviews these quality results with the vendor at its quarterly meeting.\n"
        "The dashboard shows the results to every member of the public at all times.",
    ])  # fmt: skip
    rows = requirement_texts(pdf, settings, "grid")
    assert "Every release notes its known issues." in rows
    assert "Zero open critical bugs at release" in rows
    assert not [row for row in rows if "dashboard" in row or "board reviews" in row]


def test_a_page_opening_on_an_acronym_in_brackets_finishes_the_sentence_before(monkeypatch):
    """A page ends on a name ("… a Records Retention Plan") and the next opens on its
    acronym and goes on in lower case ("(RRP) approved by the agency is required …"): one
    sentence, cited where it starts. A roman numeral in brackets opens an item instead."""
    read = [
        ("Before work starts, a Records Retention Plan", 4),
        ("(RRP) approved by the agency is required for every site.", 5),
        ("The vendor shall submit the following with its invoice: a timesheet", 5),
        ("(IV) the signed delivery receipt.", 6),
    ]
    rows = cited_statements(read, monkeypatch)
    assert rows[0] == (
        "Before work starts, a Records Retention Plan (RRP) approved by the agency is "
        "required for every site.",
        4,
    )
    assert not any(text.startswith("(RRP)") for text, _ in rows)
    assert not any("timesheet (IV)" in text for text, _ in rows)


def test_a_heading_may_end_on_a_note_in_brackets():
    """ "4.2.1. Waste Disposal (Applies only where the site holds hazardous material)" is a
    heading whose note in brackets is no part of its title's case; the sentence under it
    does not start with it."""
    page = (
        "4.2.1. Waste Disposal (Applies only where the site holds hazardous material)\n"
        "The contractor shall dispose of waste at a licensed facility."
    )
    assert headings_of(page) == [
        "4.2.1. Waste Disposal (Applies only where the site holds hazardous material)"
    ]


def test_an_editors_note_in_square_brackets_is_a_sentence_of_its_own():
    """A drafting note in square brackets between two sentences ("[If the site is leased,
    the owner signs too.]") is split off both; points in brackets after a criterion ("[ 10
    ]") stay with it."""
    text = (
        "The vendor shall sign the form. [If the site is leased, the owner signs too.] The "
        "vendor shall keep a copy.\nQuality of the references [ 10 ]"
    )
    assert split_sentences(text) == [
        "The vendor shall sign the form.",
        "[If the site is leased, the owner signs too.]",
        "The vendor shall keep a copy.",
        "Quality of the references [ 10 ]",
    ]


def test_a_lone_dash_line_after_a_line_cut_mid_sentence_goes_on_the_sentence():
    """A line opened by a dash after a line that stops on a word, with no dash line after it
    ("… sign the form at Annex 4" / "- F-22 - Bank Details when paid by transfer."), is the
    rest of the sentence, not a bullet; dash lines in a row are a list; a draft's
    placeholder text ends its sentence after its full stop ("….}} The …")."""
    text = (
        "Bidders shall sign the form at Annex 4\n"
        "- F-22 - Bank Details when paid by transfer.\n"
        "Each quote shall include\n"
        "- a price sheet\n"
        "- a signed cover letter.\n"
        "{{Insert the agency name if it applies.}} The vendor shall keep a copy."
    )
    assert split_sentences(text) == [
        "Bidders shall sign the form at Annex 4 - F-22 - Bank Details when paid by transfer.",
        "Each quote shall include",
        "a price sheet",
        "a signed cover letter.",
        "{{Insert the agency name if it applies.}}",
        "The vendor shall keep a copy.",
    ]


def test_a_duty_opening_its_line_after_a_lost_full_stop_is_a_new_sentence():
    """A line that lost its full stop ("… notify the Regional Office") before a line that
    opens with a duty ("The Vendor shall …") ends there; the two are not one row. An
    answer's passage keeps a heading with the sentence under it ("8.3 Insurance The
    Vendor shall …"): the matrix has cut its headings out before."""
    text = (
        "For local incidents, the vendor shall notify the Regional Office\n"
        "The Vendor shall keep a log of every incident."
    )
    assert split_sentences("8.3 Insurance\nThe Vendor shall insure the van.") == [
        "8.3 Insurance The Vendor shall insure the van."
    ]
    assert split_sentences(pages._duties_set_off(text)) == [
        "For local incidents, the vendor shall notify the Regional Office",
        "The Vendor shall keep a log of every incident.",
    ]


def test_a_duty_the_page_cut_before_its_object_is_finished_by_the_next_page(monkeypatch):
    """ "Each bill must quote the account number and the current" ends a page on a word in
    lower case; the next page opens on a name and states no duty ("Standard Tariff rate
    … ."): one row, cited where it starts. A label opening the next page ("Outputs:") or a
    duty of its own is no rest of it."""
    read = [
        ("Each bill must quote the account number and the current", 2),
        ("Standard Tariff rate for the site.", 3),
        ("The vendor shall train the staff of each branch", 3),
        ("Outputs:", 4),
        ("Training plan.", 4),
    ]
    rows = cited_statements(read, monkeypatch)
    assert rows[0] == (
        "Each bill must quote the account number and the current Standard Tariff rate for "
        "the site.",
        2,
    )
    assert not any(
        text.startswith("The vendor shall train") and "Outputs" in text for text, _ in rows
    )


def test_tick_boxes_inside_a_representation_keep_it_one_sentence():
    """A representation printed cell by cell, its boxes on lines of their own ("The bidder
    represents that—" / "It" / "□" / "will," / "□" / "will not use …"), is one sentence: a
    line ending on a dash goes on, and a box before a word in lower case is a choice inside
    the sentence, not a checklist's item."""
    text = (
        "(b)\nStatement.\nThe bidder represents that—\nIt\n□\nwill,\n□\n"
        "will not use subcontractors based outside the country for this work."
    )
    assert split_sentences(table_cells(text))[-1] == (
        "The bidder represents that— It □ will, □ will not use subcontractors based outside "
        "the country for this work."
    )


def test_a_heading_in_sentence_case_under_a_clause_number_is_a_heading():
    """ "4.2.1 Site safety and access plan" (sentence case, a clause number of three levels)
    is a heading, not glued to the sentence under it; a numbered sentence wrapped at the line
    end ("4.2.2 All crews must carry") is not one."""
    page = (
        "The vendor shall keep the site clean.\n"
        "4.2.1 Site safety and access plan\n"
        "This plan should be no more than five pages.\n"
    )
    assert [heading for heading in headings_of(page) if heading] == [
        "4.2.1 Site safety and access plan"
    ]
    wrapped = "The vendor shall keep the site clean.\n4.2.2 All crews must carry\nphoto badges.\n"
    assert [heading for heading in headings_of(wrapped) if heading] == []


def test_a_numbered_paragraph_title_run_into_its_text_is_its_section():
    """ "3.1.4 Site Access: The vendor shall …" and "3.1.5 Waste Removal. Debris shall …"
    open sections of their own, as work statements number their paragraphs; a label with a
    value under a colon's list ("4.1.2 Umbrella Liability: two million dollars;") is an
    item."""
    page = (
        "3.1.3 The vendor shall keep the site clean.\n"
        "3.1.4 Site Access: The vendor shall use the north gate only.\n"
        "3.1.5 Waste Removal. Debris shall be removed each Friday.\n"
    )
    assert [heading for heading in headings_of(page) if heading] == [
        "3.1.4 Site Access",
        "3.1.5 Waste Removal",
    ]
    insurance = (
        "The vendor shall carry insurance as follows:\n"
        "4.1.1 General Liability: five million dollars;\n"
        "4.1.2 Umbrella Liability: two million dollars;\n"
    )
    assert [heading for heading in headings_of(insurance) if heading] == []
