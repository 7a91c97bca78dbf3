"""The compliance matrix's lists: where a list starts, goes on and ends, whatever its
markers (numbers, letters, bullets, dashes) and however its text layer lost them."""

from __future__ import annotations

import pytest

from rfp_agents.config import Settings
from rfp_agents.deliverables.obligations import strength_of
from rfp_agents.text import BARE_MARKER, split_sentences
from tests.matrix_helpers import requirement_texts, statements_of
from tests.pdf_factory import text_pdf


def test_a_double_spaced_text_layer_and_symbol_font_bullets_split_where_the_page_does():
    """Some exporters put a blank line after every line of the page: a blank line after a
    line that stops on a word that goes on ("with", "the") is no paragraph end, and the
    sentence wrapped there before a capitalised word stays whole. Word documents' bullets
    often come as a symbol font's private-use glyph (U+F0B7): each item is a sentence of
    its own."""
    from rfp_agents.text import answer_sentences

    double_spaced = (
        "We expect vendors to arrive with existing, direct experience with\n\n"
        "Linux Foundation projects. Staff work remotely.\n\n"
        "Questions go to the\n\nContracting Officer."
    )
    assert answer_sentences(double_spaced) == [
        "We expect vendors to arrive with existing, direct experience with Linux Foundation "
        "projects.",
        "Staff work remotely.",
        "Questions go to the Contracting Officer.",
    ]
    # a single-spaced text keeps its paragraph ends
    assert answer_sentences("Scope\nOverview of the work\n\nPricing\nRates") == [
        "Scope Overview of the work",
        "Pricing Rates",
    ]
    bullets = "The vendor shall:\n\uf0b7 Keep a risk log\n\uf0b7 Report monthly"
    assert answer_sentences(bullets) == ["The vendor shall:", "Keep a risk log", "Report monthly"]


def test_a_list_lettered_in_capitals_without_full_stops_gives_one_sentence_an_item():
    """Items lettered "A." "B." "C." with no full stop of their own: each is a sentence
    (its letter a marker of its own, as the matrix drops it), the next item's letter not
    taken for the end of this one's; a lone initial opening a line stays with its name."""
    text = (
        "The bidder shall fill in these fields on the form.\nA. Company Name\n"
        "B. Tax Number of the firm\nC. Contact Person and Phone Number\nD. Bank details\n\n"
        "The form was drafted by the team of\nJ. Smith at the county office."
    )
    sentences = [s for s in split_sentences(text) if not BARE_MARKER.match(s)]
    assert sentences[:5] == [
        "The bidder shall fill in these fields on the form.",
        "Company Name",
        "Tax Number of the firm",
        "Contact Person and Phone Number",
        "Bank details",
    ]
    assert "J. Smith at the county office." in " ".join(sentences[5:])


def test_a_list_marker_left_alone_by_the_splitter_is_no_row():
    """ "a." or "XIV." cut off as a sentence of its own is an item's number: joined to its
    lead-in it would read "The Contractor shall: a.", a row that says nothing."""
    from rfp_agents.deliverables.matrix.lists import OpenList
    from rfp_agents.deliverables.matrix.questions import _statement

    lead_in = "The Contractor shall:"
    opened, one_item = OpenList(lead_in=lead_in), OpenList(lead_in=lead_in, items=1)
    assert [text for text, _ in _statement("a.", {}, opened)] == []
    assert [text for text, _ in _statement("XIV.", {}, one_item)] == []
    rows = [text for text, _ in _statement("keep a spare parts stock;", {}, one_item)]
    assert rows == ["The Contractor shall: keep a spare parts stock;"]


def test_numbered_clauses_as_list_items(settings: Settings, workdir):
    """Items numbered like clauses ("3.2.1 …") are items of the lead-in before them, however
    long; an item's own nested list ("Coverage to include: 3.2.1.1 …") stays part of that
    item; a clause of the lead-in's own level ends its list; a numbered line with a modal
    verb is a sentence, not a heading."""
    text_pdf(workdir / "terms.pdf", [
        "3.2 Insurance\n"
        "The Bidder shall carry insurance as follows:\n"
        "3.2.1 Vehicle insurance with a limit of at least two million dollars for each "
        "accident, for bodily injury, death of one or more persons and damage to property of "
        "others, written by an insurer licensed in the province, and kept in force for the "
        "whole term of the contract and any extension of it.\n"
        "Coverage to include:\n"
        "3.2.1.1 hired vehicles;\n"
        "3.2.1.2 trailers.\n"
        "3.2.2 Professional liability of one million dollars.\n"
        "4.1 Bids shall be mailed to the county clerk at:\n"
        "12 Main Street.\n"
        "4.2 Bids will be opened in public.\n"
        "4.3.1 The Bidder must provide a signed copy of the Security Form for\n"
        "Contractor Access upon request.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "terms")
    lead = "The Bidder shall carry insurance as follows:"
    [vehicle] = [r for r in rows if "Vehicle insurance" in r]
    assert vehicle.startswith(f"{lead} Vehicle insurance")
    assert "3.2.1.1 hired vehicles;" in vehicle and "trailers" in vehicle
    assert f"{lead} Professional liability of one million dollars." in rows
    assert not any("opened in public" in r for r in rows)
    assert any("must provide a signed copy of the Security Form for Contractor Access" in r
               for r in rows)  # fmt: skip


def test_a_numbered_list_after_a_colon_is_items_not_headings(settings: Settings, workdir):
    """Short numbered lines after "… list the following:" (even after a blank line, and
    going on over the page) are the list's items, each a row with the lead-in; read as
    numbered headings, they were lost."""
    text_pdf(workdir / "pricing.pdf", [
        "5. Pricing\n"
        "For each audit contract you held since 2020, list the following:\n\n"
        "1. The agency audited\n"
        "2. The contract value",
        "3. The audit team size\n"
        "6. Submission\n"
        "Proposals shall be sent by email.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "pricing")
    lead = "For each audit contract you held since 2020, list the following:"
    for item in ("The agency audited", "The contract value", "The audit team size"):
        assert f"{lead} {item}" in rows
    assert "Proposals shall be sent by email." in rows  # the next section is no item


def test_a_run_in_heading_in_capitals_ends_the_list_before_it(settings: Settings, workdir):
    """A paragraph opened by a title in capitals ("PORTAL UPLOADS: …") is a new topic:
    its sentences are not more items of the list above, to be joined to its lead-in."""
    text_pdf(workdir / "submission.pdf", [
        "A bidder may not mark these parts of its bid as secret:\n"
        "a. Unit prices;\n"
        "b. The names of references.\n"
        "PORTAL UPLOADS: NOTE: PAPER BIDS ARE REFUSED. The "
        "Offeror must upload its proposal to the portal."
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "submission")
    lead = "A bidder may not mark these parts of its bid as secret:"
    assert f"{lead} Unit prices;" in rows and f"{lead} The names of references." in rows
    assert "The Offeror must upload its proposal to the portal." in rows
    assert not [r for r in rows if r.startswith(lead) and "PORTAL" in r]


def test_a_list_of_bare_phrases_ends_at_a_sentence_of_instruction(monkeypatch):
    """After items that are bare phrases, "Describe your approach … ." is an instruction of
    its own, not one more item; a lead-in whose items each speak for themselves (a bare
    marker "a." is no item) is kept as a row, unless it stops mid-clause."""
    read = [
        "Describe your experience in the service lines named below:",
        "Network design",
        "Help desk operations",
        "Describe your approach to managing projects.",
        "Specifically explain the points below in your bid:",
        "a.",
        "Day rates should show the wage and the margin apart.",
        "Establish a joint buying scheme that:",
        "a.",
        "Member towns shall use it for all purchases.",
    ]
    rows = statements_of(read, monkeypatch)
    lead = read[0]
    assert f"{lead} Network design" in rows and f"{lead} Help desk operations" in rows
    assert "Describe your approach to managing projects." in rows
    assert "Specifically explain the points below in your bid:" in rows
    assert "Day rates should show the wage and the margin apart." in rows
    assert not [row for row in rows if row.startswith("Establish")]


@pytest.mark.parametrize("marks", ["ABCD", "1234"], ids=["lettered", "numbered"])
def test_a_lettered_or_numbered_list_goes_on_past_an_items_second_sentence_of_instruction(
    monkeypatch, marks: str
):
    """An item of a lettered (or numbered) list of form fields may say more in a sentence of
    instruction ("Please write None …"); when the next letter (or number) follows it, the
    fields after it are still items of the list. Where no next marker follows, the
    instruction ends the list."""
    read = [
        "The supplier shall enter the following details in the registration form.",
        f"{marks[0]}.",
        "Company name",
        f"{marks[1]}.",
        "Parent company is no longer asked for.",
        "Please write None in that box.",
        f"{marks[2]}.",
        "Bank account for payments",
        f"{marks[3]}.",
        "Signed declaration of conflicts of interest",
        "Describe how you will keep these details up to date.",
        "Office address of the account manager",
    ]
    rows = statements_of(read, monkeypatch)
    lead = read[0]
    assert f"{lead} Company name" in rows
    assert f"{lead} Bank account for payments" in rows
    assert f"{lead} Signed declaration of conflicts of interest" in rows
    assert "Describe how you will keep these details up to date." in rows
    assert f"{lead} Office address of the account manager" not in rows


def test_a_list_run_into_a_sentence_stays_one_row_across_its_semicolons(monkeypatch):
    """ "… shall carry (a) …; (b) …; and (c) …": the splitter cuts at the semicolons; the
    items after the first are the same sentence's and stay in its row."""
    read = [
        "The supplier shall carry (a) product liability of $2,000,000;",
        "(b) property cover for the stored goods; and (c) employer's liability as the law "
        "requires.",
        "The supplier shall send the certificates before delivery.",
    ]
    rows = statements_of(read, monkeypatch)
    assert f"{read[0]} {read[1]}" in rows, rows
    assert read[2] in rows


def test_a_note_in_brackets_is_part_of_the_sentence_or_item_before_it(monkeypatch):
    """A note in brackets after a sentence ("(Note: …)") speaks of it: it is joined to that
    sentence or list item, also when a line break split it after its colon, and the item
    is still an item of its list."""
    read = [
        "The vendor shall provide the following:",
        "a.",
        "A public code repository for the demonstration, on a service that supports git.",
        "(Note:",
        "Repositories kept on other services will not be accepted)",
        "b.",
        "The address of the running demonstration",
    ]
    rows = statements_of(read, monkeypatch)
    lead = read[0]
    assert (
        f"{lead} {read[2]} (Note: Repositories kept on other services will not be accepted)" in rows
    )
    assert f"{lead} The address of the running demonstration" in rows
    alone = ["Bidders shall initial every page of the form.", "(Note: a digital initial is enough)"]
    assert statements_of(alone, monkeypatch) == [" ".join(alone)]


def test_a_full_stop_after_items_ending_in_semicolons_ends_the_list(monkeypatch):
    """Items that end with semicolons end with a full stop at the last one: the sentence
    after it is read on its own, not as one more item of the lead-in."""
    read = [
        "The Offeror shall include the following:",
        "its legal name;",
        "its address;",
        "its tax number.",
        "Late offers are returned unopened.",
    ]
    rows = statements_of(read, monkeypatch)
    assert rows[:3] == [f"{read[0]} {item}" for item in read[1:4]]
    assert rows[3] == "Late offers are returned unopened."


def test_a_list_inside_a_list_hands_back_to_it(monkeypatch):
    """ "(2) … the following:" opens a list of its own inside the outer one; its items are
    joined to it, and "(3) …" (a marker of the outer list's kind) is the outer list's again.
    A measure in an item ("within 30 days") is no verb of its own: it stays an item."""
    read = [
        "The invoice must include the following:",
        "(1) Name of the contractor;",
        "(2) Each labour invoice must also list the following:",
        "(i) Hours worked each day;",
        "(ii) Hourly rate;",
        "(3) Total amount billed within 30 days of the period.",
    ]
    rows = statements_of(read, monkeypatch)
    outer, inner = read[0], "Each labour invoice must also list the following:"
    assert rows == [
        f"{outer} Name of the contractor;",
        f"{inner} Hours worked each day;",
        f"{inner} Hourly rate;",
        f"{outer} Total amount billed within 30 days of the period.",
    ]


def test_a_dash_bullet_is_dropped_from_the_first_item_too(settings: Settings, workdir):
    text_pdf(workdir / "dash.pdf", [
        "Proposals shall include the following:\n- A signed cover letter\n- A price sheet"
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "dash")
    lead = "Proposals shall include the following:"
    assert f"{lead} A signed cover letter" in rows and f"{lead} A price sheet" in rows


def test_a_run_in_title_after_unpunctuated_items_starts_a_paragraph(settings, workdir):
    """A list of unpunctuated items ("(i) Firm name") ends at the next lettered paragraph's
    title, run in before its first sentence ("b. Management Approach. The bidder shall
    …"): that sentence is a row of its own, and the title is no item. An imperative lead-in
    ("At a minimum, list:") heads its items. A small-lettered title on a line of its own
    ("c. Delivery Schedule") is not glued to the sentence under it."""
    text_pdf(workdir / "letter.pdf", [
        "a. Title Sheet. The title sheet must show:\n"
        "(i) Firm name and address\n(ii) Date of the offer\n"
        "b. Management Approach. The bidder shall describe how it manages the work.\n"
        "At a minimum, list:\n"
        "i. The weekly meetings it holds.\nii. The reports it sends.\n"
        "Reports are sent by e-mail.\n"
        "c. Delivery Schedule\n"
        "The bidder shall deliver the first report within 30 days.\n",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "letter")
    lead_in = "The title sheet must show:"
    assert f"{lead_in} Firm name and address" in rows
    assert f"{lead_in} Date of the offer" in rows
    assert "The bidder shall describe how it manages the work." in rows
    assert not [row for row in rows if "Management Approach" in row]
    assert "At a minimum, list: The weekly meetings it holds." in rows
    assert "At a minimum, list: The reports it sends." in rows
    assert "The bidder shall deliver the first report within 30 days." in rows


def test_a_numbered_list_goes_on_after_an_items_own_sentence(monkeypatch):
    """Clauses numbered under a lead-in ("9.1.", "9.2." …), one of them with a sentence of
    its own ("Any change of address must be notified …"): the next number of the sequence
    takes the list up again, so its item is still joined to the lead-in. A sibling clause
    of the lead-in's own ("5.3.4." after "5.3.3.", no item between) is no item of it."""
    rows = statements_of([
        "The proposal shall contain:", "9.1.", "The legal address of the bidder.",
        "Any change of address must be notified in writing.", "9.2.",
        "The registration number of the bidder.", "9.3.",
        "The price offer, which must state the unit prices.", "9.4.", "The origin of the goods.",
    ], monkeypatch)  # fmt: skip
    assert rows == [
        "The proposal shall contain: The legal address of the bidder.",
        "Any change of address must be notified in writing.",
        "The proposal shall contain: The registration number of the bidder.",
        "The price offer, which must state the unit prices.",
        "The proposal shall contain: The origin of the goods.",
    ]
    rows = statements_of([
        "Solutions must meet the following requirements:", "Enterprise architecture,",
        "Database standards.", "5.3.3.", "Deviations: deviations may delay the project.",
        "5.3.4.", "Interfaces: the County has standard templates.",
    ], monkeypatch)  # fmt: skip
    assert "Interfaces: the County has standard templates." in rows


def test_a_sentence_of_a_numbered_items_own_is_no_item_of_the_list(monkeypatch):
    """Where the items come with their clause numbers ("10.3." "A certificate of tax
    debts."), a sentence after an item without a number of its own ("Law 13 and Decree 34
    in force …") is the item's, not one more item joined to the lead-in; the next number
    takes the list up again."""
    rows = statements_of([
        "Each offer shall be accompanied by:", "10.1.", "The bid bond, where applicable.",
        "10.2.", "A certificate of tax debts.",
        "Law 13 and Decree 34 in force, issued by the Ministry of Justice.",
        "10.3.", "The bank account of the bidder.",
    ], monkeypatch)  # fmt: skip
    lead = "Each offer shall be accompanied by:"
    assert rows == [
        f"{lead} The bid bond, where applicable.",
        f"{lead} A certificate of tax debts.",
        "Law 13 and Decree 34 in force, issued by the Ministry of Justice.",
        f"{lead} The bank account of the bidder.",
    ]


def test_a_dash_bulleted_duty_no_list_takes_is_a_row_without_its_dash(settings: Settings, workdir):
    """Dash bullets after a sentence that ends with a full stop, under no lead-in: each
    bulleted duty is a row of its own, and the row's text does not start with the dash."""
    text_pdf(workdir / "spec.pdf", [
        "Pressure instruments\n"
        "Every transmitter shall be tagged with its loop number.\n"
        "- The drift of a transmitter shall not exceed 0.5 % of its span per year.\n"
        "- Gauges shall be readable from the walkway.\n",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "spec")
    assert "The drift of a transmitter shall not exceed 0.5 % of its span per year." in rows
    assert "Gauges shall be readable from the walkway." in rows
    assert not any(row.startswith("-") for row in rows), rows


def test_a_list_of_phrases_ends_at_a_run_in_heading_and_at_its_full_stop(monkeypatch):
    """Items ending in semicolons, one inside a closing quote, then one with its full stop:
    the list is over, and a paragraph under a run-in heading in capitals is no item of it,
    though it states a duty of its own."""
    read = [
        "A Vendor may not mark any of the following confidential:",
        "Unit prices;",
        "A footer reading “confidential;”",
        "The executive summary.",
        "ELECTRONIC SUBMISSION: Bids must be uploaded to the portal.",
    ]
    rows = statements_of(read, monkeypatch)
    assert "ELECTRONIC SUBMISSION: Bids must be uploaded to the portal." in rows
    assert not any(r.startswith(read[0]) and "ELECTRONIC" in r for r in rows), rows


def test_a_list_run_in_after_the_verb_it_completes_joins_each_item_to_it(monkeypatch):
    """ "the Vendor undertakes to (i) …; (ii) …" with no colon: the sentence split takes the
    lead-in from its first item, and every item, however long, or with a "will" of a clause
    of its own, is joined to it; the definition after the list is no item."""
    read = [
        "HIRING-While the contract lasts, the Vendor undertakes to (i) hire local staff "
        "first; (ii) publish each vacancy in the county bulletin, stating the wage and the "
        "hours that will apply to the post and the steps an applicant takes to be heard;",
        "(iii) report its hires to the clerk each quarter.",
        'For this clause, "local" means living in the county.',
    ]
    split = [s for text in read for s in split_sentences(text)]
    rows = statements_of(split, monkeypatch)
    lead = "HIRING-While the contract lasts, the Vendor undertakes to"
    assert [r for r in rows if r.startswith(lead)] == [
        f"{lead} hire local staff first;",
        f"{lead} publish each vacancy in the county bulletin, stating the wage and the hours "
        "that will apply to the post and the steps an applicant takes to be heard;",
        f"{lead} report its hires to the clerk each quarter.",
    ], rows


def test_a_list_of_items_ending_in_commas_ends_at_its_full_stop(monkeypatch):
    """Items that end with commas, the last with a full stop: what follows is no item but a
    sentence of its own, even where the next marker was glued to an item ("…, c.")."""
    read = [
        "LABELS-Every carton must show the following:",
        "a.",
        "The order number,",
        "The supplier's part number, c.",
        "The quantity packed.",
        "Suppliers are reminded that unlabelled cartons are refused at the dock.",
    ]
    rows = statements_of(read, monkeypatch)
    lead = "LABELS-Every carton must show the following:"
    assert rows == [
        f"{lead} The order number,",
        f"{lead} The supplier's part number, c.",
        f"{lead} The quantity packed.",
        "Suppliers are reminded that unlabelled cartons are refused at the dock.",
    ], rows


def test_a_sub_list_bulleted_with_the_letter_o_is_split_into_its_items(monkeypatch):
    """A text layer gives a hollow sub-bullet as the letter "o": each such line is an item of
    the lead-in before it, and the next task of the outer list ends that list."""
    text = (
        "The output of this task shall include:\n"
        "o A build script kept in the\nrepository\n"
        "o Release notes for each version\n"
        "• Enable single sign-on for the portal.\n"
    )
    read = split_sentences(text)
    assert read == [
        "The output of this task shall include:",
        "A build script kept in the repository",
        "Release notes for each version",
        "Enable single sign-on for the portal.",
    ]
    assert statements_of(read, monkeypatch) == [
        "The output of this task shall include: A build script kept in the repository",
        "The output of this task shall include: Release notes for each version",
        "Enable single sign-on for the portal.",
    ]
    # one line opened by "o" is the Spanish "or" a line break put first, no bullet
    assert split_sentences("Presentar el certificado\no Constancia de inscripción.") == [
        "Presentar el certificado o Constancia de inscripción."
    ]


def test_a_tasks_deliverables_label_ends_the_list_of_its_duties(monkeypatch):
    """A statement of work lists a task's duties under "The contractor shall:", then names
    its work products under "Deliverables:": those names are no more duties."""
    lead = "The contractor shall:"
    read = [lead, "Build the data warehouse", "Train the analysts", "Deliverables:",
            "Warehouse schema (Deliverable #4)", "Training guide (Deliverable #5)"]  # fmt: skip
    assert statements_of(read, monkeypatch) == [
        f"{lead} Build the data warehouse",
        f"{lead} Train the analysts",
        "Warehouse schema (Deliverable #4)",
        "Training guide (Deliverable #5)",
    ]
    assert strength_of("Warehouse schema (Deliverable #4)") is None


def test_a_spanish_items_number_and_dash_mark_it(monkeypatch):
    """A pliego numbers its items "1.-", "2.-": each is an item of its lead-in, its mark
    dropped like "1."'s."""
    lead = "El adjudicatario aportará una ficha con los siguientes apartados:"
    text = f"{lead}\n1.- Identificación del producto\n2.- Composición"
    assert statements_of(split_sentences(text), monkeypatch) == [
        f"{lead} Identificación del producto",
        f"{lead} Composición",
    ]


def test_a_figure_its_text_layer_spaced_and_wrapped_is_no_list_item():
    """ "13. 074" at a line start is a law's number its text layer spaced, not item 13."""
    text = "Presentar el certificado previsto por la Ley N°\n13. 074 y el Decreto 340/04."
    assert split_sentences(text) == [" ".join(text.split())]


def test_numbered_items_without_end_stops_and_word_led_headings():
    """A numbered item with no end stop ("… where relevant") is not glued to the next one
    ("10.3."), which goes on its sequence (a figure after a line cut mid-sentence still
    is: "WCAG / 2.1 AA"); a short item further on ("10.4. Form A-404 (see Article 7)") is
    an item, not a heading; a heading led by a word and its number ("ARTICLE 11:
    OPENING OF OFFERS", "Cláusula 17. Garantía definitiva.") is one, but not a reference a
    sentence wrapped before ("… in accordance with / Section 508 Standards and")."""
    from rfp_agents.deliverables.matrix.sections import _sections
    from rfp_agents.text import answer_sentences

    page = (
        "ARTICLE 10: DOCUMENTS TO BE ENCLOSED\n"
        "Each offer shall be accompanied by:\n"
        "10.1. The bid bond, where applicable\n"
        "10.2. A description of the goods; brand and model where relevant\n"
        "10.3. A certificate of tax debts. Law 13 and Decree 34 in force, issued by the\n"
        "Ministry of Justice.\n"
        "10.4. Form A-404 (see Article 7)\n"
        "10.5. The bank account of the bidder.\n"
        "ARTICLE 11: OPENING OF OFFERS\n"
        "Offers are opened in public. Sites shall be built in accordance with\n"
        "Section 508 Standards and\n"
        "the County's own guides.\n"
        "Cláusula 17. Garantía definitiva.\n"
        "No procede."
    )
    sections = _sections(page)[0]
    assert [heading for heading, _ in sections] == [
        "ARTICLE 10: DOCUMENTS TO BE ENCLOSED",
        "ARTICLE 11: OPENING OF OFFERS",
        "Cláusula 17. Garantía definitiva",
    ]
    sentences = answer_sentences(sections[0][1])
    assert "A description of the goods; brand and model where relevant" in sentences
    assert "Form A-404 (see Article 7)" in sentences
    assert answer_sentences("The requirement is for WCAG\n2.1 AA standards.") == [
        "The requirement is for WCAG 2.1 AA standards."
    ]
    last_items = "engaged by the Vendor; and\n4.2.5 Such other insurance as required."
    assert answer_sentences(last_items) == [
        "engaged by the Vendor; and",
        "4.2.5 Such other insurance as required.",
    ]


def test_a_list_of_bare_phrases_ends_at_a_statement_of_fact(monkeypatch):
    """After bare phrases ("Lease of office space"), a full sentence with its own subject
    and verb and no duty ("Permits are valid for two years, ….") is the paragraph after the
    list; the duty after it stands alone, not joined to the list's lead-in."""
    read = [
        "Once approved, the vendor shall obtain one of the permits below:",
        "Permit for temporary structures",
        "Permit for road closures.",
        "Permits are valid for two years, or until the project ends.",
        "If a permit lapses, the vendor shall apply again within ten days.",
    ]
    rows = statements_of(read, monkeypatch)
    assert f"{read[0]} Permit for road closures." in rows
    assert "Permits are valid for two years, or until the project ends." in rows
    assert not [row for row in rows if row.startswith(read[0]) and "Permits are" in row]
    assert "If a permit lapses, the vendor shall apply again within ten days." in rows


def test_an_em_dash_opening_a_line_is_a_bullet():
    """Items bulleted with an em dash ("—The bidder must …") are split where each line opens,
    the dash dropped, after a lead-in's colon too; a dash inside a line is punctuation."""
    text = (
        "Each notice shall contain the following:\n"
        "—The tenant must be told the new rent. A copy goes to the\n"
        "landlord—not the agent.\n"
        "—The tenant must be given thirty days to answer."
    )
    assert split_sentences(text) == [
        "Each notice shall contain the following:",
        "The tenant must be told the new rent.",
        "A copy goes to the landlord—not the agent.",
        "The tenant must be given thirty days to answer.",
    ]


def test_a_list_of_unpunctuated_phrases_ends_at_a_full_sentence(monkeypatch):
    """After items with no end punctuation ("Unit prices", "Delivery dates"), a full sentence
    with a verb ("Note: Bidders must sign every sheet.") is the paragraph after the list:
    it is not joined to the lead-in, and nor is the buyer's sentence after it."""
    read = [
        "The bidder shall state the following for each item offered:",
        "Unit prices",
        "Delivery dates",
        "Note: Bidders must sign every sheet of the price form.",
        "The District will check each price against the published catalogue.",
    ]
    rows = statements_of(read, monkeypatch)
    assert f"{read[0]} Delivery dates" in rows
    assert "Note: Bidders must sign every sheet of the price form." in rows
    assert not [row for row in rows if row.startswith(read[0]) and "District" in row]


def test_a_list_of_stopped_phrases_with_no_verb_ends_at_an_instruction(monkeypatch):
    """Items that end with a full stop but have no verb ("Safety plan, 3 pages maximum.")
    are bare phrases too: an instruction after them ("Do not attach brochures.") stands
    alone, not joined to the lead-in."""
    read = [
        "Each bid must be uploaded to the portal with these documents:",
        "Safety plan, 3 pages maximum, 11 point font.",
        "Schedule of values (spreadsheet)",
        "Do not attach brochures or marketing material to the bid.",
    ]
    rows = statements_of(read, monkeypatch)
    assert f"{read[0]} Schedule of values (spreadsheet)" in rows
    assert "Do not attach brochures or marketing material to the bid." in rows


def test_an_unpunctuated_list_goes_on_through_its_last_item_glued_to_the_next_sentence(
    monkeypatch,
):
    """A last item the text layer ran into the sentence after it ("Site safety form
    (signed by an officer) All forms are in Appendix B.") is still an item: the list ends
    at a sentence whose verb comes early, not at one whose first words are an item's."""
    read = [
        "Each bid will include the following forms:",
        "Bid bond form",
        "Site safety form (signed by an officer of the firm and dated) All forms are in "
        "Appendix B of this solicitation.",
    ]
    rows = statements_of(read, monkeypatch)
    assert f"{read[0]} {read[2]}" in rows


def test_a_numbered_task_opening_its_line_is_an_item_of_its_own():
    """ "Task 2 - …" at a line start after an unpunctuated "Task 1 - …" opens the next item;
    after a line cut on a word that leads to it ("… as set out in" / "Task 2 - …") it does
    not."""
    text = (
        "The vendor will provide the following services:\n"
        "Task 1 - Repair the roof of the depot\n"
        "Task 2 - Replace the gutters of the depot\n"
    )
    assert split_sentences(text) == [
        "The vendor will provide the following services:",
        "Task 1 - Repair the roof of the depot",
        "Task 2 - Replace the gutters of the depot",
    ]
    cut = "The scope is as set out in\nTask 2 - Replacement of the gutters."
    assert split_sentences(cut) == [
        "The scope is as set out in Task 2 - Replacement of the gutters."
    ]


def test_a_bare_heading_after_a_list_of_sentences_is_no_item(monkeypatch):
    """A short capitalised line with no verb and no full stop ("Site Access"), after items
    that are sentences ending with full stops, is the next heading: no item of the list. In
    a list of bare phrases it is an item, however its neighbours end."""
    read = [
        "Overtime shall not exceed ten hours a week, unless the vendor shows that:",
        "The crew has agreed to the extra hours.",
        "The site manager has approved the rota.",
        "Site Access",
        "Badges shall be worn at all times on the premises.",
        "The handover package shall include the following:",
        "A signed completion certificate.",
        "Spare parts list",
    ]
    rows = statements_of(read, monkeypatch)
    assert not any(row.endswith("Site Access") for row in rows), rows
    assert "Badges shall be worn at all times on the premises." in rows
    assert "The handover package shall include the following: Spare parts list" in rows


def test_a_paragraph_number_after_a_bulleted_list_ends_it(monkeypatch):
    """A number alone that cannot be the next item of a list whose items came without
    numbers ("112." after two bullets, also a number of three digits) is the next numbered
    paragraph's: its sentence is a row of its own, not an item joined to the lead-in. The
    number after the items' count ("3." after two) is still the list's next item."""
    read = [
        "The vendor shall fit the following pumps:",
        "A duty pump rated for the full flow.",
        "A standby pump of the same rating.",
        "112.",
        "Each pump shall carry a stainless steel name plate.",
        "The bid shall include:",
        "A cover letter.",
        "A price schedule.",
        "3.",
        "A signed conflict of interest form.",
    ]
    rows = statements_of(read, monkeypatch)
    assert "Each pump shall carry a stainless steel name plate." in rows
    assert not any(row.startswith(read[0]) and "name plate" in row for row in rows), rows
    assert "The bid shall include: A signed conflict of interest form." in rows


def test_a_colon_inside_brackets_at_a_line_end_opens_no_list(settings: Settings, workdir):
    """An item whose example in brackets breaks its line after "e.g.:" is one item: the
    colon opens no list inside it, and the items after it are still the first lead-in's."""
    text_pdf(workdir / "storage.pdf", [
        "Even if the option is not exercised, the vendor shall deliver:\n"
        "- A specification of the tanks (e.g.:\n"
        "volume, nozzles and coatings).\n"
        "- The foundations of the tanks.\n",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "storage")
    lead = "Even if the option is not exercised, the vendor shall deliver:"
    assert f"{lead} A specification of the tanks (e.g.: volume, nozzles and coatings)." in rows
    assert f"{lead} The foundations of the tanks." in rows
