"""The brief's cover fields, read by rule from a solicitation's first pages: who issues it,
its number and title, and what kind of solicitation it is."""

from __future__ import annotations

from pathlib import Path

from rfp_agents.config import Settings
from rfp_agents.deliverables.brief.run import make_brief
from rfp_agents.ingest import ingest_paths
from tests.brief_helpers import assert_read_by, brief_of_pages, misses_of, pages_cited
from tests.pdf_factory import text_pdf


def test_the_cover_names_the_issuer_the_text_gives_and_a_numbered_solicitation(
    settings: Settings, workdir: Path
):
    names = ["issuer", "solicitation", "solicitation_type", "set_asides"]
    brief = brief_of_pages(workdir, settings, "answers", [
        "Amendment to Request for Quote\nThis document amends the Request for Quote (RFQ) "
        "issued by the City of Alder Falls on May 2, 2026, No. 24-118.\nQ1: Is a bond required?",
    ], names)  # fmt: skip
    assert brief.field("issuer").value.startswith("City of Alder Falls")
    assert brief.field("solicitation").value.startswith("24-118")
    assert brief.field("solicitation_type").value.startswith("Request for Quotations")


def test_the_issuer_is_the_agency_under_the_state_a_cover_names_first(
    settings: Settings, workdir: Path
):
    text_pdf(workdir / "cover.pdf", [
        "STATE OF NORTHLAND\nNorthland Broadband Development Corp.\nREQUEST FOR PROPOSALS\n"
        "Fiber Route Survey Services",
    ])  # fmt: skip
    text_pdf(workdir / "county.pdf", ["State of Northland\nREQUEST FOR PROPOSALS\nRoad Salt"])
    assert ingest_paths([workdir / "cover.pdf"], settings, "cover").exit_code == 0
    assert ingest_paths([workdir / "county.pdf"], settings, "state").exit_code == 0
    agency = make_brief("cover", settings=settings, fields=["issuer"]).field("issuer")
    assert agency.value.startswith("Northland Broadband Development Corp")
    # a state with no agency under it is the issuer
    state = make_brief("state", settings=settings, fields=["issuer"]).field("issuer")
    assert state.value.startswith("State of Northland")


def test_the_issuer_is_the_office_a_letter_says_hereby_issues_it(settings: Settings, workdir: Path):
    """A solicitation letter whose cover names a contact, not an office ("From: Dana Ruiz,
    Buyer"), says who issues it in its first sentence: "The Department of Harbors (DOH),
    Procurement Office (PO) hereby issues this Request for Proposals". The issuer is that
    subject, without its acronyms. The letter's "Reply By:" line is when proposals are
    due."""
    text_pdf(workdir / "letter.pdf", [
        "REQUEST FOR PROPOSALS\nFrom: Dana Ruiz, Buyer\nReply By: May 3, 2027\n"
        "The Department of Harbors (DOH), Procurement Office (PO) hereby issues this Request "
        "for Proposals for pier lighting repairs.\nThe vendor shall hold a marine license.",
    ])  # fmt: skip
    assert ingest_paths([workdir / "letter.pdf"], settings, "letter").exit_code == 0
    brief = make_brief("letter", settings=settings, fields=["issuer", "proposals_due"])
    assert brief.field("issuer").value.startswith("Department of Harbors, Procurement Office")
    assert "May 3, 2027" in brief.field("proposals_due").value


def test_an_abbreviation_in_brackets_or_a_short_code_is_no_solicitation_number():
    """ "(HSPD-12)" after the directive it shortens, and "SF-86", a form, are not the
    solicitation's number; "RFQ-2031-004" on the same page is."""
    from rfp_agents.deliverables.brief.cover import _solicitation_number

    page = (
        "Staff need a clearance under Homeland Security Presidential Directive 12 (HSPD-12)\n"
        "and must file form SF-86 before starting.\n"
    )
    assert _solicitation_number(page) is None
    numbered = page + "This is Request for Quotation RFQ-2031-004.\n"
    assert _solicitation_number(numbered).group(0) == "RFQ-2031-004"


def test_a_data_item_a_deliverable_is_written_to_is_no_solicitation_number():
    """ "DI-MGMT-80934C", the data item a work statement's plan follows, names no
    solicitation; a solicitation's own number on the page still does."""
    from rfp_agents.deliverables.brief.cover import _solicitation_number

    page = "The contractor shall deliver a site plan (CDRL A0002, DI-MGMT-80934C) in 30 days.\n"
    assert _solicitation_number(page) is None
    assert _solicitation_number(page + "Solicitation W91-24-R-0031\n").group(0) == "W91-24-R-0031"


def test_the_cover_title_is_read_around_the_line_naming_the_kind_of_document():
    """The title after the kind of document, past "FOR" and the issuer; before it, past the
    contract vehicle; a labelled one first; none where only a heading and a sentence
    follow and nothing comes before."""
    from rfp_agents.deliverables.brief.title import solicitation_title

    after = "REQUEST FOR PROPOSALS (RFP)\nFOR\nCity of Birch Hollow\nStreet Tree Pruning Services\n"
    numbered = after + "Solicitation No. BH-26-04\n"
    assert solicitation_title(numbered) == "Street Tree Pruning Services"
    before = (
        "Harbor Ferry Ticketing Platform\nMultiple Award Blanket Purchase Agreement\n"
        "Request for Quotation\nFrom: J. Doe, Contracting Officer\n1.0 Background\n"
    )
    assert solicitation_title(before) == "Harbor Ferry Ticketing Platform"
    labelled = "Purchasing Office\nREQUEST FOR PROPOSALS\nTITLE: Fleet Telematics\n"
    assert solicitation_title(labelled) == "Fleet Telematics"
    untitled = "Request for Quote\n1. Introduction\nThe Port is seeking quotes for dredging.\n"
    assert solicitation_title(untitled) == ""


def test_the_title_is_read_past_a_numbered_line_and_after_a_tender_kind():
    """A line that only gives the number, labelled or after the kind's abbreviation, is
    passed over, not taken for the end of the title or for the title; a tender's kind of
    document is a kind line like a request for proposals'. Before, the buyer's lines
    above the kind were read as the title."""
    from rfp_agents.deliverables.brief.title import solicitation_title

    covers = {
        "Ministry of Roads\nProvince of Eastmark\nREQUEST FOR PROPOSALS\n"
        "RFP Number: EM-31-0087\nCulvert Inspection Services\nIssue Date: May 3, 2031\n":
            "Culvert Inspection Services",
        "TOWN OF ASHBY\nPUBLIC WORKS DIVISION\nINVITATION FOR BIDS\nIFB No. 31-112\n"
        "GRAVEL ROAD RESURFACING\n": "GRAVEL ROAD RESURFACING",
        "Lakeside Borough Council\nInvitation to Tender\nLibrary Cleaning Services\n"
        "Tender Reference: LBC/2031/009\n": "Library Cleaning Services",
        "Office of Harbours\nRequest for Tender\nRFT OH-2031-44\nPontoon Replacement\n":
            "Pontoon Replacement",
        "EASTERN GRID LIMITED\nNOTICE INVITING TENDER\nTender No.: EG/CS/31/0456\n"
        "Supply of Transformer Oil\n": "Supply of Transformer Oil",
    }  # fmt: skip
    assert misses_of(solicitation_title, covers) == {}


def test_a_cover_with_a_title_and_no_number_gives_the_title_and_no_number(
    settings: Settings, workdir: Path
):
    """A work statement with no solicitation number still names its work: the title field
    shows it, cited to the cover; the solicitation number is "not stated", not the title."""
    brief = brief_of_pages(workdir, settings, "pws", [
        "Performance Work Statement\nRiver Gauge Network Maintenance\n1. Background\n"
        "The District operates forty river gauges. The contractor shall inspect each gauge "
        "monthly.",
    ], ["solicitation", "title"])  # fmt: skip
    assert brief.field("title").value.startswith("River Gauge Network Maintenance")
    assert_read_by(brief, "title", "cover.title", {1})
    assert brief.field("solicitation").status == "not_stated"


def test_a_reference_code_in_the_cover_heading_is_the_solicitation_number(
    settings: Settings, workdir: Path
):
    """A cover that prints its number with no label or prefix the rules know ("Our
    Reference: KV/2031/17") is read from its heading lines, with the title, cited on the
    cover."""
    brief = brief_of_pages(workdir, settings, "rfp", [
        "Harbour Town Council\nRequest for Proposals\nReservoir Cleaning Services\n"
        "Our Reference: KV/2031/17\nIssued 05/02/2031\n1. Introduction\nThe Council invites "
        "proposals to clean its two reservoirs each spring.",
    ], ["solicitation"])  # fmt: skip
    field = brief.field("solicitation")
    assert field.value.startswith("KV/2031/17: Reservoir Cleaning Services"), field.value
    assert_read_by(brief, "solicitation", "cover.code-in-heading-lines", {1})


def test_a_date_a_telephone_number_or_an_amount_in_the_cover_heading_is_no_reference():
    from rfp_agents.deliverables.brief.cover import _code_in_heading_lines

    cases = {
        "Tender Reference: KV/2031/044": "KV/2031/044",
        "Expediente 12/2031/SUM-AB": "12/2031/SUM-AB",
        "Request for Proposals 2031-044.": "2031-044",
        "Issue date: 05/02/2031": "",
        "Issued 2031-05": "",
        "Enquiries: 555-123-4567": "",
        "Budget: $1,200,000": "",
        "Version 2.10": "",
        "Section 3.2.1 Scope of Work": "",
        "Snow Removal Services\n2\n3\n4\n5\n6\n7\n8\nRFP 2031-044": "",  # past the heading
    }  # fmt: skip
    misses = misses_of(_code_in_heading_lines, cases)
    assert not misses, misses


def test_a_labelled_solicitation_number_wins_over_other_codes_of_the_first_pages(
    settings: Settings, workdir: Path
):
    """A cover that prints its number after a label ("Solicitation Number:") is read by the
    label, not by the first code of the page (a schedule or a form number); a label whose
    value is no code (a duration, a year, a date) gives nothing."""
    from rfp_agents.deliverables.brief.labels import labelled_values

    assert [(v.value, v.line) for v in labelled_values(
        "Form 4500-2231 Schedule B\nSolicitation Number: PW-27-044\nBid #\n2431-B\n"
        "Contract: twelve months\nRFP 2026 Harbour Works\nReference: 05/04/2026\n"
        "RFP No. RFP-27-014-LAKE"
    )] == [
        ("PW-27-044", "Solicitation Number: PW-27-044"),
        ("2431-B", "Bid #"),
        ("RFP-27-014-LAKE", "RFP No. RFP-27-014-LAKE"),
    ]  # fmt: skip
    brief = brief_of_pages(workdir, settings, "harbour", [
        "Form 4500-2231 Schedule B\nPort of Linden\nRequest for Proposals\n"
        "Harbour Dredging Services\nSolicitation Number: PW-27-044\n"
        "The contractor shall dredge the inner harbour twice a year.",
    ], ["solicitation"])  # fmt: skip
    (field,) = brief.fields
    assert field.value.startswith("PW-27-044") and field.method == "cover", field.value


def test_the_issuer_is_the_named_subject_of_the_sentence_that_invites_the_bids():
    from rfp_agents.deliverables.brief.cover import _issuing_subject

    cases = {
        "Reply By: May 3, 2031\nThe Riverside Department of Parks (RDP), Office of Works "
        "hereby issues this Request for Quotation.":
            "Riverside Department of Parks, Office of Works",
        'The County of Elm (the "County") is seeking proposals from qualified firms.':
            "County of Elm",
        "Lakeview Water District invites sealed bids for pump repairs.": "Lakeview Water District",
        "Offerors are requested to submit two copies.": "",
        "The Contractor requests payment within 30 days.": "",
        "The Authority invites proposals for bus shelters.": "",
        # a name without a head word ("Schools", "Water"), read from the sentence's own line
        "2. GENERAL INFORMATION\nMaple Grove Public Schools (the District) is seeking "
        "proposals for school bus services.": "Maple Grove Public Schools",
        "Lower Valley Water invites proposals for meter reading.": "Lower Valley Water",
        "This Request for Proposals solicits proposals for snow removal.": "",
        "Section 2\nAddendum No. 3 requests revised quotations.": "",
    }  # fmt: skip
    misses = misses_of(_issuing_subject, cases)
    assert not misses, misses


def test_a_document_that_names_no_kind_of_solicitation_is_typed_by_the_part_it_is(
    settings: Settings, workdir: Path
):
    """A statement of work issued beside the request names no request for proposals or
    quotations on its first pages; its type is the part of the solicitation its title says
    it is, cited on its first page."""
    pages = [
        "Statement of Work\nRiver Dredging Services\n1. Background\nThe harbour silts up "
        "every winter and the channel must be kept at a depth of six metres.",
        "2. Tasks\nThe contractor shall dredge the channel twice a year.",
    ]
    brief = brief_of_pages(workdir, settings, "sow", pages, ["solicitation_type"])
    kind = brief.field("solicitation_type")
    assert kind.value.startswith("Statement of work"), kind.value
    assert_read_by(brief, "solicitation_type", "cover.document-part", {1})


def test_an_issuer_whose_name_has_no_organisation_word_is_read_by_the_entity_model(
    settings: Settings, workdir: Path
):
    """No head word of ``cover.ORGANISATION`` names this buyer ("Limited" heads a company's
    name); the named-entity model reads the line as an organisation's name."""
    cover = (
        "Request for Proposals\nSupply of Transformer Maintenance Services\n"
        "Northern Grid Power Limited\nProposals are due on March 3, 2031 at 2:00 p.m."
    )
    brief = brief_of_pages(workdir, settings, "grid", [cover], ["issuer"])
    issuer = brief.field("issuer")
    assert "Northern Grid Power Limited" in issuer.value, issuer.value
    assert_read_by(brief, "issuer", "cover.named-organisation-line", {1})


def test_a_solicitation_number_printed_only_in_the_running_footer_is_read(
    settings: Settings, workdir: Path
):
    """Ingest drops a line every page repeats (a running footer) from the passages; the
    cover reader reads it back from the first page, where it is the only place the
    solicitation's number is printed."""
    footer = "Solicitation No. RSX-31-0042 - Winter Road Salt Supply"
    bodies = [
        "COUNTY OF ELM\nREQUEST FOR PROPOSALS\nWinter Road Salt Supply",
        "1. Scope\nThe supplier shall deliver road salt to three depots on call.",
        "2. Pricing\nPrices shall be firm for the whole winter season.",
        "3. Submission\nProposals shall be sent to the purchasing office by e-mail.",
    ]
    pages = [f"{body}\n\n{footer}\nPage {n} of {len(bodies)}" for n, body in enumerate(bodies, 1)]
    brief = brief_of_pages(workdir, settings, "salt", pages, ["solicitation"])
    solicitation = brief.field("solicitation")
    assert "RSX-31-0042" in solicitation.value, solicitation.value
    assert pages_cited(brief, "solicitation") == {1}


def test_a_buyer_known_by_one_word_is_read_from_the_cover_heading(
    settings: Settings, workdir: Path
):
    """An agency printed on the cover by its one-word name or acronym ("Caltrans"), with no
    other line naming an organisation, is the issuer, cited on the cover; a word naming the
    document or a part of it ("RFQ", "Annex", "CONFIDENTIAL"), which the model also reads as
    an organisation, is not."""
    from rfp_agents.deliverables.brief.cover import _one_word_name

    brief = brief_of_pages(workdir, settings, "mowing", [
        "Caltrans\nRequest for Quotations\nRoadside Mowing\n1. Scope\nThe contractor shall "
        "mow the verges of two highways each month from May to September.",
    ], ["issuer"])  # fmt: skip
    issuer = brief.field("issuer")
    assert issuer.value.startswith("Caltrans"), issuer.value
    assert_read_by(brief, "issuer", "cover.one-word-organisation", {1})
    assert _one_word_name("CONFIDENTIAL\nRFQ\nAnnex\nITB\nRoadside Mowing") == ""


def test_the_buyer_the_text_says_acts_is_the_issuer_when_the_cover_reads_none(
    settings: Settings, workdir: Path
):
    """A cover may print its buyer only in a logo, or by a name with no organisation word
    that the entity model does not read ("LAKELINE TRANSIT"). The text names the buyer where
    it acts as one ("… reserves the right to reject", "… is not responsible for"): that
    subject is the issuer when its name has an organisation word or the cover prints it on a
    line of its own, cited where the cover prints it. A defined term alone ("The County
    reserves …") and the bidder ("The Contractor …") are no issuer."""
    cases = {
        "shelters": ([
            "LAKELINE TRANSIT\nREQUEST FOR PROPOSALS\nBus Shelter Cleaning Services",
            "1. General\nThe Contractor shall clean each shelter weekly. Lakeline Transit (the "
            "Agency) is not responsible for any cost of preparing a proposal.",
        ], "Lakeline Transit", {1}),
        "salt": ([
            "REQUEST FOR PROPOSALS\nRoad Salt Supply",
            "The County reserves the right to reject any proposal.\nThe Contractor shall "
            "deliver salt within two days. Tamarack Vale County may cancel this solicitation.",
        ], "Tamarack Vale County", {2}),
    }  # fmt: skip
    for name, (pages, issuer, cited) in cases.items():
        (workdir / name).mkdir()
        brief = brief_of_pages(workdir / name, settings, name, pages, ["issuer"])
        assert brief.field("issuer").value.startswith(issuer), brief.field("issuer")
        assert_read_by(brief, "issuer", "cover.buyer-acts", cited)
