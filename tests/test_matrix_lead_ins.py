"""The compliance matrix's lead-ins: each item joined to the lead-in it completes, and
which items are rows (the bidder's duties) and which are not (what the buyer does or has)."""

from __future__ import annotations

from rfp_agents.config import Settings
from rfp_agents.deliverables.obligations import strength_of
from rfp_agents.text import split_sentences
from tests.matrix_helpers import cited_spans, paged_statements, requirement_texts, statements_of
from tests.pdf_factory import text_pdf


def test_a_label_inside_a_list_heads_its_items_and_is_no_row(settings: Settings, workdir):
    """ "Skills:" inside a list is no requirement of its own: the items after it keep the
    list's lead-in, with the label before them."""
    text_pdf(workdir / "staff.pdf", [
        "The vendor shall propose a lead with the following:\n"
        "five years of case work;\n"
        "Skills:\n"
        "Mediation of family disputes.\n"
        "Court reporting.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "staff")
    lead = "The vendor shall propose a lead with the following:"
    assert f"{lead} five years of case work;" in rows
    assert f"{lead} Skills: Mediation of family disputes." in rows
    assert f"{lead} Skills: Court reporting." in rows
    assert not any(r.endswith("Skills:") for r in rows)


def test_an_item_that_heads_its_own_sub_list_ends_at_the_lists_next_marker(monkeypatch):
    """ "2. A staffing plan that names:" heads its sub-items ("a." "b."); "3." is the outer
    list's next item again, not one more of item 2's. A sentence of the buyer's after the
    marked items is the paragraph after the list, no item of it."""
    read = [
        "Proposals must include the following:",
        "1.",
        "A cover letter signed by an officer of the firm.",
        "2.",
        "A staffing plan that names:",
        "a. the project manager;",
        "b. the lead engineer.",
        "3.",
        "Three references from public agencies.",
        "The Authority will score proposals using the criteria in Section 6.",
    ]
    rows = statements_of(read, monkeypatch)
    lead = read[0]
    assert f"{lead} A staffing plan that names: the lead engineer." in rows
    assert f"{lead} Three references from public agencies." in rows
    assert "The Authority will score proposals using the criteria in Section 6." in rows
    assert not any(row.startswith(lead) and "will score" in row for row in rows), rows


def test_a_lead_in_with_a_duty_of_its_own_is_kept_when_no_item_follows(monkeypatch):
    """Items that each say "is required to" for themselves are not joined to a lead-in; a
    lead-in that states a duty of its own is then a row, one that ends on its verb is not."""
    rows = statements_of([
        "Crews are expected to work the city's hours of 7 to 3.30, with a short break:",
        "A. The Vendor is required to observe the city's public holidays.",
        "The contractor shall provide:",
        "B. The contractor shall give each crew member a vest.",
    ], monkeypatch)  # fmt: skip
    assert "Crews are expected to work the city's hours of 7 to 3.30, with a short break:" in rows
    assert "The contractor shall provide:" not in rows


def test_the_items_of_what_the_buyer_furnishes_are_no_rows(monkeypatch):
    """A list of government-furnished items tells the bidder what it receives: an item that
    reads like a standard ("at least five …") is none, and the list ends where the bidder's
    own duties start."""
    rows = statements_of([
        "Within 30 days of award the Government will provide contractor access to:",
        "• Extracts from at least five current operational databases.",
        "• A copy of the test system.",
        "The contractor shall return all furnished items at the end of the contract.",
    ], monkeypatch)  # fmt: skip
    assert not [row for row in rows if "at least five" in row or "test system" in row]
    assert "The contractor shall return all furnished items at the end of the contract." in rows
    kept = statements_of([
        "The County will provide the following, which the vendor shall keep in good repair:",
        "• Two radios for each crew.",
    ], monkeypatch)  # fmt: skip
    assert [row for row in kept if "Two radios" in row]
    assert strength_of(rows[-1]) == "mandatory"


def test_an_item_may_quote_a_duty_or_point_elsewhere_and_stay_an_item(monkeypatch):
    """An item is no new sentence for a modal inside what it asks for ("a letter to confirm
    that the Applicant shall comply …") or inside the buyer's clause that names a person
    ("the person the State should contact"); a line that only points elsewhere ("See
    Section 3.01.") keeps the list open and is no row."""
    read = [
        "Information required for online submission will include the following.",
        "1.",
        "Cover letter to confirm that the Applicant shall comply with all terms of this RFP.",
        "See Section 3.01.",
        "2.",
        "Applicant Form (upload): address of the person the State should contact.",
        "Required, Section 3.03(a)",
    ]
    lead = read[0]
    assert statements_of(read, monkeypatch) == [f"{lead} {read[2]}", f"{lead} {read[5]}"]


def test_items_run_in_as_one_paragraph_are_one_item_of_their_lead_in(monkeypatch):
    read = [
        "The Contractor shall keep a recovery plan that addresses the following scenarios:",
        "(i) The central computer installation and resident software are destroyed or "
        "damaged, (ii) System interruption or failure resulting from network, operating "
        "hardware, software, or operational errors that compromise the integrity of the "
        "transactions that are active in a live system at the time of the outage, (iii) "
        "System interruption that prevents access to the system, i.e., causes unscheduled "
        "system unavailability for the users of the county's applications.",
    ]
    assert statements_of(read, monkeypatch) == [f"{read[0]} {read[1].removeprefix('(i) ')}"]


def test_an_item_with_a_duty_of_its_own_does_not_end_a_list_of_components(monkeypatch):
    """A design list mixes bare components with short items that say their own "shall": the
    components after such an item are still the list's; a line in capitals ends it."""
    read = [
        "The following components shall be included in the building design:",
        "Minimum 50,000 L cistern complete with the necessary plumbing.",
        "The building shall run on three-phase power.",
        "High volume air exchanger.",
        "END OF SECTION III.",
        "Sump drains in the repair bays.",
    ]
    lead = read[0]
    assert statements_of(read, monkeypatch) == [
        f"{lead} {read[1]}", f"{lead} {read[2]}", f"{lead} {read[3]}", read[5],
    ]  # fmt: skip


def test_the_items_of_what_the_buyer_may_do_are_no_rows(monkeypatch):
    """ "…, the State may:" opens a list of the buyer's remedies: each item reads like an
    instruction ("Reduce the contract price …") but is the buyer's act. The sentence after
    the list is read on its own again."""
    read = [
        "When the defects cannot be corrected by re-performance, the State may:",
        "(1) Require the contractor to take the necessary action;",
        "(2) Reduce the contract price to reflect the reduced value of the services.",
        "The Contractor shall correct each defect within ten days.",
    ]
    assert statements_of(read, monkeypatch) == [read[3]]
    # the text layer gives the first number alone and loses the second: after "; and," the
    # next sentence is still the last item
    lost = [read[0], "1.", "Require the contractor to take the necessary action; and,", *read[2:]]
    lost[3] = "Reduce the contract price to reflect the reduced value of the services."
    assert statements_of(lost, monkeypatch) == [read[3]]


def test_a_lead_in_announcing_a_description_is_not_joined_to_its_paragraphs(monkeypatch):
    """ "… described as follows:" introduces how things are done today: the paragraphs
    after it are no items of a requirement; a lead-in of a list of features is one."""
    rows = statements_of([
        "The new system shall support the permit process, described as follows:",
        "A clerk logs each application and routes it to an inspector.",
        "The new system shall also track inspections, including:",
        "Scheduling inspectors by district.",
    ], monkeypatch)  # fmt: skip
    assert rows == [
        "The new system shall support the permit process, described as follows:",
        "A clerk logs each application and routes it to an inspector.",
        "The new system shall also track inspections, including: "
        "Scheduling inspectors by district.",
    ]


def test_a_marker_alone_of_the_outer_kind_ends_the_items_of_a_numbered_lead_in(monkeypatch):
    """The text layer gives each marker as a sentence of its own ("2." then the lead-in, "a."
    then its item). "3." goes on the numbers the lead-in's "2." began, so the lettered list
    is over: what the buyer prefers under "3." is not a minimum qualification (nor, with no
    duty of its own, a lead-in). A list inside an item starts anew ("(1)", "i."), and its
    items stay joined."""
    read = [
        "2.",
        "The Offeror shall propose staff that meet the following minimum qualifications:",
        "a.",
        "A bachelor's degree in social work.",
        "3.",
        "The City prefers the following:",
        "a.",
        "Staff to hold a master's degree.",
        "4.",
        "Describe your approach, including the following:",
        "a.",
        "Your schedule.",
        "i.",
        "Your staffing.",
    ]
    rows = statements_of(read, monkeypatch)
    assert rows[0] == f"{read[1]} A bachelor's degree in social work."
    assert f"{read[1]} Staff to hold a master's degree." not in rows
    assert "Staff to hold a master's degree." in rows
    assert f"{read[9]} Your staffing." in rows


def test_a_lead_in_may_end_with_the_following_and_a_full_stop(settings: Settings, workdir):
    """ "Information required for online submission will include the following." opens a
    list like a colon would, also when the splitter glued it to the web address ending the
    line before; its items are what the bidder hands in. So does "… the following details
    on the form." with the first letter of a list right after it, whose items have no verb;
    with a sentence after it, its full stop ends it as written."""
    text_pdf(workdir / "application.pdf", [
        "3.01 Application Format\n"
        "Applicants must apply through the portal at https://www.example.org/bids/\n"
        "Information required for online submission will include the following.\n"
        "1. Signed cover letter.\n"
        "2. Proof of insurance.\n",
        "3.02 Registration Form\n"
        "The bidder shall enter the following details on the registration form.\n"
        "A. Firm Name\nB. Federal Tax Number\nC. Contact Person and Phone Number\n\n"
        "3.03 Proposal\n"
        "The proposal shall contain the following information, in one PDF file.\n"
        "This information is the minimum content of the proposal.\n",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "application")
    lead_in = "Information required for online submission will include the following."
    assert f"{lead_in} Signed cover letter." in rows
    assert f"{lead_in} Proof of insurance." in rows
    assert "Applicants must apply through the portal at https://www.example.org/bids/" in rows
    form = "The bidder shall enter the following details on the registration form."
    assert f"{form} Federal Tax Number" in rows
    assert f"{form} Contact Person and Phone Number" in rows
    assert "The proposal shall contain the following information, in one PDF file." in rows


def test_an_instruction_ending_in_a_colon_heads_the_items_after_it(monkeypatch):
    """ "Deliver to the buyer:" among the steps a contractor "shall take" heads the items
    after it, which keep both; a list of unpunctuated instructions goes on past one that
    ends with a full stop."""
    lead_in = "On termination the Contractor shall take the following steps:"
    rows = statements_of(
        [lead_in, "Cease work at once.", "Deliver to the County:",
         "a report on the state of each deliverable;", "all County data it holds."],
        monkeypatch,
    )  # fmt: skip
    assert rows == [
        f"{lead_in} Cease work at once.",
        f"{lead_in} Deliver to the County: a report on the state of each deliverable;",
        f"{lead_in} Deliver to the County: all County data it holds.",
    ]
    lead_in = "The contractor shall provide the following recurring activities:"
    items = [
        "Develop, manage, and maintain a project schedule",
        "Implement and execute a risk management process",
        "Develop and publish all artifacts on the project repository.",
    ]
    assert statements_of([lead_in, *items], monkeypatch) == [f"{lead_in} {i}" for i in items]


def test_a_long_noun_phrase_is_an_item_of_a_list_its_lead_in_points_at(monkeypatch):
    """An insurance list's items run long ("… insurance in the amount of $1,000,000 …, to
    protect the Contractor …"): after "… shall provide the following:", an item with no
    finite verb of its own is joined to the lead-in however long; a long paragraph with a
    verb after a list is not an item, nor is a long phrase after a lead-in that does not
    point at its items."""
    protect = (
        "to protect the Contractor, its subcontractors, and the interest of the County, its "
        "officers, employees and agents against any and all injuries to third parties, "
        "including bodily injury and personal injury, wherever located, resulting from any "
        "action or operation under the Contract or in connection with the contracted work."
    )
    general = f"Commercial General Liability insurance of $1,000,000 per occurrence, {protect}"
    auto = f"Automobile Liability insurance of $1,000,000 per occurrence, {protect}"
    paragraph = (
        "The County has operated its current help desk since 2009 and it is staffed by "
        "twelve analysts in two shifts; the analysts were trained on the old ticketing "
        "system and have handled an average of four hundred tickets a month over the last "
        "three years, with most tickets raised by the finance and human resources "
        "departments during the close of each fiscal quarter and year."
    )
    assert len(general) > 300 and len(paragraph) > 300
    lead_in = "The Contractor shall, during all work under the contract, provide the following:"
    rows = statements_of([lead_in, general, auto, paragraph], monkeypatch)
    assert rows[:2] == [f"{lead_in} {general}", f"{lead_in} {auto}"]
    assert rows[2] == paragraph
    pointless = "The Contractor shall carry:"
    assert statements_of([pointless, general], monkeypatch) == [general]


def test_an_item_on_the_page_after_its_lead_in_is_cited_from_the_lead_ins_page(monkeypatch):
    """A lead-in at a page's foot ("Each standby generator shall be fitted with:") and its
    items on the next page: the row's text starts with the lead-in, so it is cited from the
    lead-in's page to the item's; an item on the lead-in's own page keeps that page alone,
    and a sentence after the list keeps its own."""
    read = [
        ("Each standby generator shall be fitted with:", 4),
        ("a fuel gauge readable from the operator's position;", 4),
        ("an automatic transfer switch; and", 5),
        ("a weatherproof enclosure.", 5),
        ("Generators shall be load tested every quarter.", 5),
    ]
    cited = cited_spans(read, monkeypatch)
    lead = read[0][0]
    assert (f"{lead} a fuel gauge readable from the operator's position;", 4, 4) in cited
    assert (f"{lead} an automatic transfer switch; and", 4, 5) in cited
    assert (f"{lead} a weatherproof enclosure.", 4, 5) in cited
    assert ("Generators shall be load tested every quarter.", 5, 5) in cited


def test_the_items_of_what_the_bidder_agrees_to_hold_across_a_page(monkeypatch):
    """ "By submitting a Proposal, a Proponent agrees:" then that-clauses with their own
    "shall" (what the bidder agrees to, not a duty stated apart) and a last item after "; and":
    every item is joined to the lead-in."""
    read = [
        ("By submitting a Proposal, a Proponent agrees:", 6),
        ("2.2.1.1 that it shall not be entitled to claim against the County on grounds of", 6),
        ("the information being insufficient;", 7),
        ("2.2.1.2 that the County will not be responsible for its costs; and", 7),
        ("2.2.1.3 to waive any right to contest the award.", 7),
    ]
    rows = [text for text, _ in paged_statements(read, monkeypatch)]
    lead = read[0][0]
    assert [r for r in rows if r.startswith(lead)] == [
        f"{lead} that it shall not be entitled to claim against the County on grounds of the "
        "information being insufficient;",
        f"{lead} that the County will not be responsible for its costs; and",
        f"{lead} to waive any right to contest the award.",
    ], rows


def test_the_items_of_a_promise_are_joined_to_it_however_long(monkeypatch):
    """ "Supplier agrees to:" then verb phrases: each item is joined to the promise, one
    longer than a list item or with a modal of a clause of its own too; a sentence with a
    subject of its own ends the list."""
    long_item = (
        "Keep the City, its officers and employees harmless from any claim for the use of "
        "any patented or unpatented process, device, design, article or appliance furnished "
        "or used in the work, for which the Supplier is not the patentee, assignee or "
        "licensee, whether the claim is made during the contract or after it ends."
    )
    read = [
        "WARRANTY-Supplier agrees to:",
        "a.",
        long_item,
        "Deliver the goods at the times stated, provided that the City may change them.",
        "Allow the goods to be inspected at any reasonable time.",
        "The City is under no duty to pay for goods that fail inspection.",
    ]
    rows = statements_of(read, monkeypatch)
    lead = "WARRANTY-Supplier agrees to:"
    assert rows == [
        f"{lead} {long_item}",
        f"{lead} Deliver the goods at the times stated, provided that the City may change them.",
        f"{lead} Allow the goods to be inspected at any reasonable time.",
        "The City is under no duty to pay for goods that fail inspection.",
    ], rows


def test_the_next_clause_of_the_lead_ins_own_level_ends_its_list(monkeypatch):
    """A lead-in numbered alone before it ("7.1." then "… to the following officer:") opens a
    list that the next number of its own level ("7.2.") ends: what follows is a clause of its
    own, no item joined to the lead-in. A deeper number ("7.1.1.") is still an item."""
    read = [
        "7.1.",
        "Deliveries shall be made to the following warehouse:",
        "7.1.1.",
        "Central Stores, 12 Mill Road",
        "7.2.",
        "No delivery shall be made on a public holiday.",
    ]
    rows = statements_of(read, monkeypatch)
    lead = "Deliveries shall be made to the following warehouse:"
    assert rows == [
        f"{lead} Central Stores, 12 Mill Road",
        "No delivery shall be made on a public holiday.",
    ], rows


def test_an_address_is_the_one_item_of_its_lead_in(monkeypatch):
    """An address after "… submit … to:" is the lead-in's one item: the sentence after it
    ("Late bids will be returned unopened.") stands on its own, not joined to the lead-in as
    a second place to send to."""
    read = [
        "Bidders shall deliver their sealed bids by noon on May 4 to:",
        "Town Hall Attention: Clerk 12 Main Street, Springfield",
        "Late bids will be returned unopened.",
    ]
    rows = statements_of(read, monkeypatch)
    lead = "Bidders shall deliver their sealed bids by noon on May 4 to:"
    assert rows == [
        f"{lead} Town Hall Attention: Clerk 12 Main Street, Springfield",
        "Late bids will be returned unopened.",
    ], rows


def test_a_checklists_boxes_are_its_items():
    """A checklist's boxes ("□") mark its items as bullets do: the sentence after a box is
    not glued to the item before it."""
    text = "□ Signed cover page. If none, write N/A. □ Submit the price form by May 1."
    assert split_sentences(text) == [
        "Signed cover page.",
        "If none, write N/A.",
        "Submit the price form by May 1.",
    ]


def test_the_items_of_why_an_unnamed_reader_reviews_a_document_are_no_rows(monkeypatch):
    """A lead-in like "Teaming agreements will be reviewed to:" lists the reviewer's
    purposes, each worded like an instruction; none is a row. The bidder reviewing is
    another matter."""
    lead = "Subcontracting plans will not be scored, but will be reviewed to:"
    assert statements_of([lead, "Identify gaps in the plan", "Verify the rates"], monkeypatch) == []
    lead = "Each deliverable will be reviewed by the contractor to:"
    assert statements_of([lead, "Identify defects before delivery"], monkeypatch) == [
        f"{lead} Identify defects before delivery"
    ]


def test_each_item_of_a_lead_in_that_stops_on_its_modal_completes_it(monkeypatch):
    """After "the vendor shall:" every item is a verb phrase, even one whose object is a
    name ("Document Legacy-API vs. REST"): a full instruction after it is the next item, not
    the end of a list of names."""
    lead = "To reach these goals, the vendor shall:"
    rows = statements_of(
        [
            lead,
            "Document Legacy-API vs. REST",
            "Provide every method of the REST API.",
            "Document Legacy-API vs. SOAP",
        ],  # fmt: skip
        monkeypatch,
    )
    assert rows == [
        f"{lead} Document Legacy-API vs. REST",
        f"{lead} Provide every method of the REST API.",
        f"{lead} Document Legacy-API vs. SOAP",
    ]


def test_a_lead_in_that_allows_only_its_items_is_a_row_of_its_own(monkeypatch):
    """ "The Vendor may only use the data for the following purposes:" restricts, though
    each item after it is a sentence of its own."""
    lead = "The Vendor may only use the data for the following purposes:"
    read = [
        lead,
        "1) The Vendor may use it to run the service.",
        "2) The Vendor may use it to bill.",
    ]
    assert statements_of(read, monkeypatch)[0] == lead


def test_spanish_clause_numbers_with_a_dash_number_the_items_of_a_list(monkeypatch):
    """ "1.1.-", "1.2.-": a Spanish pliego's clause numbers end in a dash; the items after
    a lead-in are its items, however long, and the sentence after them with a duty of its
    own is a row of its own."""
    long_tail = ", debidamente inscritos en el registro que corresponda según su tipo" * 4
    rows = statements_of([
        "El licitador deberá presentar la siguiente documentación:",
        f"1.1.- Si la empresa fuera persona jurídica, la escritura de constitución{long_tail}.",
        "1.2.- Si se trata de empresario individual, el DNI.",
        "Las empresas extranjeras deberán presentar un informe de reciprocidad.",
    ], monkeypatch)  # fmt: skip
    lead = "El licitador deberá presentar la siguiente documentación:"
    assert rows[0].startswith(f"{lead} Si la empresa fuera persona jurídica")
    assert rows[1:] == [
        f"{lead} Si se trata de empresario individual, el DNI.",
        "Las empresas extranjeras deberán presentar un informe de reciprocidad.",
    ]


def test_the_items_of_a_label_of_requirements_are_rows_and_the_label_is_not(monkeypatch):
    """ "Mandatory Requirements:" heads items with no verb of their own: each is a mandatory
    row joined to the label; the label alone says nothing."""
    rows = statements_of([
        "Mandatory Requirements:",
        "Form 3 (notarised)",
        "Proof of ten years of trading",
        "The vendor must also hold a county licence.",
        "Minimum Qualifications:",
        "The vendor must hold a state licence.",
    ], monkeypatch)  # fmt: skip
    assert rows == [
        "Mandatory Requirements: Form 3 (notarised)",
        "Mandatory Requirements: Proof of ten years of trading",
        "The vendor must also hold a county licence.",
        "The vendor must hold a state licence.",
    ]
    assert {strength_of(row) for row in rows} == {"mandatory"}


def test_a_label_of_requirements_heads_its_bare_items_after_items_with_duties(monkeypatch):
    """Under "NOTE: Other requirements for submission of the offer:" the first items say
    their duties themselves and stand alone; the bare items after them ("Tax clearance
    certificate.") are requirements by the label. The buyer's right after them ends the list,
    so the sentences that follow are no items of it."""
    label = "NOTE: Other requirements for submission of the offer:"
    rows = statements_of([
        label,
        "Bidders shall quote in US dollars.",
        "Tax clearance certificate.",
        "Proof of registration with the state.",
        "The Agency reserves the right to reject an offer without them.",
        "Street address of the office, 4th floor.",
    ], monkeypatch)  # fmt: skip
    assert rows == [
        "Bidders shall quote in US dollars.",
        f"{label} Tax clearance certificate.",
        f"{label} Proof of registration with the state.",
        "The Agency reserves the right to reject an offer without them.",
        "Street address of the office, 4th floor.",
    ]
    assert [strength_of(row) for row in rows] == ["mandatory", "mandatory", "mandatory", None, None]
    spanish = "IMPORTANTE: Otros requisitos para la admisión de las ofertas:"
    assert statements_of(
        [
            spanish,
            "Los oferentes deberán cotizar en pesos.",
            "Constancia de inscripción.",
            "El Hospital se reserva el derecho de rechazar las ofertas incompletas.",
            "Calle 12 y 50, planta baja.",
        ],  # fmt: skip
        monkeypatch,
    ) == [
        "Los oferentes deberán cotizar en pesos.",
        f"{spanish} Constancia de inscripción.",
        "El Hospital se reserva el derecho de rechazar las ofertas incompletas.",
        "Calle 12 y 50, planta baja.",
    ]
    assert strength_of(f"{spanish} Constancia de inscripción.") == "mandatory"


def test_a_clause_number_left_alone_after_a_lead_in_is_no_item(monkeypatch):
    rows = statements_of([
        "All products must meet the county's security policy:",
        "5.4.2.",
        "The vendor must patch servers monthly.",
    ], monkeypatch)  # fmt: skip
    assert rows == [
        "All products must meet the county's security policy:",
        "The vendor must patch servers monthly.",
    ]


def test_an_item_naming_what_another_may_request_stays_an_item_until_a_title(monkeypatch):
    """ "Send any other records as Head Office may reasonably request." is an item: the
    "may" is the requester's, named in capitals, not the bidder's. A title with a full stop
    ("Duties After Termination.") after items that are instructions is the next clause's,
    no item."""
    read = [
        "Each incident report shall, at a minimum:",
        "List the systems affected.",
        "Send any other records as Head Office may reasonably request.",
        "Duties After Termination.",
        "The tenant shall return all keys within five days.",
    ]
    rows = statements_of(read, monkeypatch)
    assert f"{read[0]} {read[2]}" in rows
    assert not [row for row in rows if row.startswith(read[0]) and "Termination" in row]


def test_a_lead_in_whose_colon_was_lost_still_heads_its_items(monkeypatch):
    """ "(2) The vendor shall send the following data under section 4" has lost its colon
    before "(i) …": its items are joined to it all the same."""
    read = [
        "(2) The vendor shall send the following data under section 4",
        "(i) Within one day of the fault: the site name and the fault code.",
        "(ii) Within ten days of the fault: the cause and the fix.",
    ]
    rows = statements_of(read, monkeypatch)
    assert f"{read[0]} Within ten days of the fault: the cause and the fix." in rows
    assert read[0] not in rows


def test_the_items_of_the_buyers_objectives_are_no_rows(monkeypatch):
    """ "The main objectives of this order are:" lists the buyer's aims, each put as an
    instruction ("Keep the library catalogue online."): no rows; the duty after the list is
    one."""
    rows = statements_of([
        "The main objectives of this order are:",
        "• Keep the library catalogue online.",
        "• Move the loan records to the new server.",
        "The contractor shall report progress every month.",
    ], monkeypatch)  # fmt: skip
    assert not [row for row in rows if "catalogue" in row or "loan records" in row]
    assert "The contractor shall report progress every month." in rows


def test_an_item_marked_optional_is_advisory():
    """ "(Optional) Letters of support" under a binding lead-in is what the bidder may hand
    in; the item before it is still mandatory."""
    lead_in = "The proposal must include the following: "
    assert strength_of(f"{lead_in}(Optional) Letters of support from past clients.") == ("advisory")
    assert strength_of(f"{lead_in}Proof of bonding capacity.") == "mandatory"


def test_a_list_whose_first_item_is_an_activity_takes_the_instructions_after_it(monkeypatch):
    """ "Obtaining all permits from the Town." opens a list of work, not of names: the
    instruction after it ("Submit each inspection request …") is its next item, joined to the
    lead-in like the first."""
    read = [
        "The successful bidder shall provide the following services:",
        "Obtaining all permits from the Town.",
        "Submit each inspection request to the Town.",
    ]
    rows = statements_of(read, monkeypatch)
    assert f"{read[0]} Submit each inspection request to the Town." in rows


def test_the_items_of_work_the_bidder_is_not_responsible_for_are_no_rows(monkeypatch):
    """Under "The vendor is not responsible for the following:" the items ("Manage the
    building permits.") are left out of the work; the duty after the list is a row."""
    read = [
        "The vendor is not responsible for performing the following:",
        "- Manage the building permits.",
        "- Hosting the site after the warranty.",
        "The vendor shall keep a daily log of the work.",
    ]
    rows = statements_of(read, monkeypatch)
    assert not [row for row in rows if "building permits" in row]
    assert "The vendor shall keep a daily log of the work." in rows


def test_under_the_following_shall_apply_each_item_is_as_strong_as_it_is_alone(
    settings: Settings, workdir
):
    """ "If the site loses mains power, the following shall apply:" binds no one itself: the
    buyer's item under it ("The County will restore …") is no row, the bidder's duty is a row
    of its own, without the lead-in, and a bare phrase under such a lead-in is still joined
    to it."""
    text_pdf(workdir / "outage.pdf", [
        "7. Power Outages\n"
        "If the site loses mains power, the following shall apply:\n"
        "a. The County will restore the supply within four hours.\n"
        "b. The vendor shall keep a portable generator on site.\n\n"
        "8. Fuel\n"
        "During a fuel shortage the following shall apply:\n"
        "a. a reserve of fuel for twelve hours at the generator\n",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "outage")
    assert "The vendor shall keep a portable generator on site." in rows
    assert not any("restore the supply" in row for row in rows), rows
    assert (
        "During a fuel shortage the following shall apply: a reserve of fuel for twelve "
        "hours at the generator" in rows
    ), rows
