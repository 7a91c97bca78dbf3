"""The compliance matrix: every requirement with its strength, section and page, in the
formats an analyst opens."""

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
from rfp_agents.deliverables import matrix
from rfp_agents.deliverables.buyer import buyer_aliases
from rfp_agents.deliverables.export import COLUMNS, matrix_bytes
from rfp_agents.deliverables.matrix import pages, reader, requirements, rows, sections
from rfp_agents.deliverables.obligations import strength_of
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.text import BARE_MARKER, split_sentences, table_cells
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


def _headings_of(page: str) -> list[str]:
    """The section headings ``matrix._sections`` cuts a page at ("" for the text before)."""
    return [heading for heading, _ in sections._sections(page)[0]]


def _finder(rows):
    """The row whose requirement holds some words."""
    return lambda words: next(r for r in rows if words in r.requirement)


def test_each_row_is_filed_under_legal_technical_or_financial(sample_rows):
    """An analyst filters the matrix by domain: a row's domain terms, its heading's and the
    passage around it decide, so a row that names no domain term is filed too (encryption
    under "3.2 Information security" is technical), and no row is left "general"."""
    row = _finder(sample_rows)
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
    row = _finder(sample_rows)
    assert row("submit invoices monthly in arrears").topic == "payment"
    assert row("named as additional insured").topic == "insurance"
    assert row("multi-factor authentication").topic == "security"
    assert row("Proposals shall remain valid").topic == "submission"
    assert row("Key personnel may not be replaced").topic == "staffing"
    assert row("shall conform to WCAG 2.1 Level AA").topic == "scope"
    assert row("recovery point objective").topic == "scope"
    assert row("Automobile liability").topic == "insurance"


def test_a_letterhead_address_is_not_a_rows_section(sample_kb_settings: Settings):
    """The GSA letterhead ("1800 F St NW | Washington, DC | 20405") repeats on every page of
    the real QASP; its street number is not a section number."""
    rows = requirements(KnowledgeBase.open("real", sample_kb_settings))
    qasp = [r for r in rows if r.file == "gsa-cloudgov-support-qasp.pdf"]
    assert qasp and not [r.section for r in qasp if "1800 F St" in r.section]
    assert any(r.section == "PERFORMANCE REQUIREMENTS MATRIX" for r in qasp)


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


STRENGTH_PAIRS = [
        ("El adjudicatario deberá aportar la ficha técnica del producto.", "mandatory"),
        ("Los licitadores están obligados a mantener su oferta.", "mandatory"),
        ("El adjudicatario podrá subcontratar hasta el 50 % del contrato.", "advisory"),
        ("La Administración podrá resolver el contrato.", None),
        ("Offerors may not substitute key personnel.", "mandatory"),
        ("The contractor is responsible for quality control of all deliverables.", "mandatory"),
        ("The vendor will be expected to attend weekly status meetings.", "mandatory"),
        ("The COR shall notify the CO of any deficiency.", None),
        ("The Government will pay invoices within 30 days.", None),
        ("The Authority operates 42 bus routes.", None),
        # a performance standard: a table cell's measure and figure, no verb of its own
        ("Minimum of 85% branch coverage of the changed modules.", "mandatory"),
        ("99.5% or better uptime", "mandatory"),
        ("Q1: The RFQ states: 'Proposals must not exceed 4 pages.' Do annexes count?", None),
        ("Must the vendor be FedRAMP authorized at award?", None),
        ("The platform has handled at least 30 requests a month.", None),
        ("Records are kept under 45 C.F.R. 164.504(e), as may be amended from time to time.", None),
        # what the bidder "will" do binds it; what it "will be paid" or "will not have" does not
        ("If a deliverable fails, the contractor will correct it at no extra cost.", "mandatory"),
        ("The Contractor will receive a copy of the COR letter.", None),
        ("The contractor will not have access to the legacy system.", None),
        # a thing "is required", unless the clause asks or concedes, or the law requires it
        (
            "If the vendor intends to team, a teaming agreement is required by the closing date.",
            "mandatory",
        ),
        ("The Court will determine what security controls are required.", None),
        ("The plan may be accepted even though further work is required.", "advisory"),
        ("Providers may disclose records where the disclosures are required by law.", "advisory"),
        # the buyer as subject after a Q&A's answer marker
        ("A37: The Court has not yet decided whether the System must support iOS.", None),
        # the document describing itself is no requirement
        (
            "It also provides a method to evaluate the services the contractor is required to "
            "furnish.",
            None,
        ),
        # a response time in brackets is a standard; "one or more" is no measure
        ("Respond to a ticket during business hours (one business hour).", "mandatory"),
        ("Agencies choose one or more of the following lines of service:", None),
        # a standard whose clause has no verb of a statement; a second clause joined by "and"
        # may have one
        ("Restores which need an outage take no more than two hours and users are told.",
         "mandatory"),
        ("Within ten days of award, the contractor will receive an account.", None),
        # the buyer's acts put in the passive, and a form's check box with both choices
        ("INSPECTION Inspection of deliverables shall be based upon the checklist.", None),
        ("Award will be made to the lowest priced technically acceptable quote.", None),
        ("Contractor is not is required to sign this document and return copies.", None),
        ("The Contractor is required to sign this document and return copies.", "mandatory"),
        # obligations without a modal verb (vocabulary/obligations.toml)
        ("It is up to each bidder to name its analysts.", "mandatory"),
        ("The burden of showing prior experience rests with the bidder.", "mandatory"),
        ("The onus is on the proposer to verify site conditions.", "mandatory"),
        ("It is the sole responsibility of every offeror to obtain all permits.", "mandatory"),
        ("The supplier agrees to stock spare parts for five years.", "mandatory"),
        ("Please describe your team's experience with court systems.", "mandatory"),
        ("The agency agrees to provide office space.", None),
        ("It is each proponent's responsibility to register on the portal.", "mandatory"),
        ("Attendance at the site walk is mandatory.", "mandatory"),
        ("The vendor team will hold a weekly demo.", "mandatory"),
        # a request or an imperative is an instruction, unless it only points or informs
        ("If you need an interpreter, please tell the buyer ten days ahead.", "mandatory"),
        ("Please note that the portal closes at noon.", None),
        ("For more information, please read the county's website.", None),
        ("Upload the signed forms to the portal before the deadline.", "mandatory"),
        ("Maintain 98% uptime of the staging servers.", "mandatory"),
        # not an imperative: a permission, advisory as a "may" is
        ("Use of subcontractors is permitted with notice.", "advisory"),
        ("Support Services are listed in Appendix C.", None),
        # an imperative after an introductory phrase, in lower case
        ("If selected, confirm the names of your two site leads.", "mandatory"),
        ("For each of the three audits you cite, with dates, list the findings.", "mandatory"),
        ("If selected, the firm's name appears on the county website.", None),
        ("Designate one person to receive all notices.", "mandatory"),
        # an adverb between the verbs of an obligation; the buyer as its subject, also after
        # a list marker or speaking of itself
        ("The vendor will also be expected to patch the servers each month.", "mandatory"),
        ("The vendor is solely responsible for the safety of its staff.", "mandatory"),
        ("(1) The COR is responsible for approving each monthly report.", None),
        ("Our office is fully responsible for the archive's upkeep.", None),
        # the buyer after an introductory phrase; the bidder's duty in a later clause, or
        # the buyer told in the passive, keeps it a requirement
        ("For rush orders, the Contracting Officer shall confirm the price in writing.", None),
        ("If the first firm declines, then the Procurement Officer shall call the next one.",
         None),
        ("The Agency will issue badges, and the Vendor will be expected to return them at exit.",
         "mandatory"),
        ("If a bidder marks a page secret, the Buyer must be so advised at once.",
         "mandatory"),
        # an imperative after its item's number
        ("(3) Provide a one-page CV for each named engineer.", "mandatory"),
        # the bidder as the agent of a passive, its proposal as the subject of "will"
        ("Every reported outage will be handled by the Vendor within four hours.",
         "mandatory"),
        ("Cover Letter: The letter will name the firm's contact person.", "mandatory"),
        ("Cost overruns in the proposal will allow the County to negotiate with the next firm.",
         None),
        # how the buyer orders, and where a term is set, are no duty of the bidder's
        ("Each order shall be placed by the ministry's buying desk.", None),
        ("Testing of the units shall be as stated in the framework agreement.", None),
        ("Licence terms shall be defined in every individual call-off contract.", None),
        # after an adverb; a verb that is also a noun only before its object
        ("Clearly identify the lead engineer and her hours.", "mandatory"),
        ("Specifically address how night shifts will be staffed.", "mandatory"),
        ("Document all changes to the network baseline.", "mandatory"),
        ("Address of the offeror's main office in the county.", None),
        ("Report Format and Frequency are set out in Annex B.", None),
        # the buyer's rights, what the bidder receives, the contract's own terms
        ("The County reserves the right to reject any late proposal.", None),
        ("At least ten days' notice shall be given to the Contractor.", None),
        ("AWARD BASIS A contract shall be awarded to the offeror with the best value.", None),
        ("This Agreement shall be governed by Ohio law.", None),
        ("Notice shall be given to the vendor, and the vendor shall reply in five days.",
         "mandatory"),
        # what a thing counts as or what befalls it; a requirement only in a condition
        ("All staff on the job shall be deemed employees of the vendor.", None),
        ("A bid received by fax shall be rejected.", None),
        ("No sublease shall relieve the supplier of its duties.", None),
        ("Clause 12 shall survive the end of the agreement.", None),
        ("The price sheet shall prevail over the narrative.", None),
        ("The vendor shall limit admin accounts to two.", "mandatory"),
        ("If parking is required to finish the job, fees will be agreed at award.", None),
        ("The County keeps logos that are required for its web pages.", None),
        ("2.4.1 The Owner shall inspect the roof before payment.", None),
        ("It is also the responsibility of a vendor to confirm receipt.", "mandatory"),
        ("Permit fees are entirely the responsibility of each contractor.", "mandatory"),
        ("Please list every subcontractor and its share of the work.", "mandatory"),
        ("Two examples should be sent, as the RFQ states: Please provide two examples.",
         "mandatory"),
        # bidders in the plural opening the sentence, as the subject of "will"
        ("Offerors will send two signed copies of the form.", "mandatory"),
        # a deadline the bidder meets, put without a modal; not one still to be set, nor
        # the buyer's payment
        ("Technical proposals are due on 5 June 2026 at noon.", "mandatory"),
        ("Questions due: TBD", None),
        ("Payment is due within 30 days of the invoice.", None),
        # an office named by its acronym is the buyer's; a business associate is the bidder
        ("The PMO will be responsible for hosting the kickoff.", None),
        ("BA is responsible for reporting any breach within ten days.", "mandatory"),
        ("The vendor is generally expected to attend site meetings.", "mandatory"),
        # a "required to" that only says which staff are meant
        ("Staff who are required to hold a badge will be issued one at the gate.", None),
        # a bidder that agrees not to, or agrees after a phrase set off by commas; "nor may"
        ("The vendor agrees not to resell the licences it is granted.", "mandatory"),
        ("The vendor, for two years after the last payment, agrees to keep all records.",
         "mandatory"),
        ("No extra claim will be allowed, nor may the vendor start work not yet ordered.",
         "mandatory"),
        ("The State agrees to pay the invoice.", None),
        # the official at the head of the buyer's body is the buyer
        ("If asked, the head of the purchasing agency shall consult the Attorney General.", None),
        ("The Director of the Department will approve each plan.", None),
        # a measure in the buyer's own promise is no standard the bidder meets
        ("The State agrees to pay within 30 days.", None),
        # what the buyer requires, the bidder provides; not where it only describes
        ("The County requires a performance bond of 10% of the contract price.", "mandatory"),
        ("The State requires that all reports will be filed by the fifth of the month.",
         "mandatory"),
        ("The work the State requires is described below.", None),
        # a prohibition put as "will not be permitted to"; "not be able to" is a fact
        ("The vendor will not be permitted to subcontract the help desk.", "mandatory"),
        ("The vendor will not be able to see the old system.", None),
        # how long the offer holds is the bidder's commitment, put as a fact
        ("Offers will be valid for one (1) year after submission.", "mandatory"),
        ("Proposals will remain firm for 120 days after the closing date.", "mandatory"),
        ("Offers will be opened in public at 2 p.m.", None),
        # … also as a cover page's label after the lines before it
        ("Closing date: May 2 Bids Expire: Ninety Days from Opening", "mandatory"),
        ("Bid validity: see the form.", None),
        ("Issued May 2 Offer expires: 90 days after the closing date", "mandatory"),
        # what the bidder "has to" or "will have to" do; not what it "may have to" or "does
        # not have to" do
        ("The Vendor will have to renew its licence each year.", "mandatory"),
        ("Signed forms have to be uploaded with the quote.", "mandatory"),
        ("Bidders may have to travel to the site.", "advisory"),
        ("The Vendor does not have to attend the briefing.", None),
        ("The Vendor doesn't have to attend the briefing.", None),
        # the instructions of writing a response and of where it goes
        ("Write a one-page summary of the staffing plan.", "mandatory"),
        ("Place the signed form in the first tab of the binder.", "mandatory"),
        ("Place of delivery is the main warehouse.", None),
        # a prohibition with its adverb
        ("Vendors are strictly prohibited from contacting the panel.", "mandatory"),
        # what the system to be built will do, by its acronym, or after its paragraph's label
        ("A future CRM will send a reminder to each client.", "mandatory"),
        ("Billing Reports: The System will export each invoice to the ledger.", "mandatory"),
        ("The future of the program will depend on funding.", None),
        ("The Platform will be able to print each badge.", "mandatory"),
        ("The System will be down for maintenance on Sundays.", None),
        # the legal "hereby" between the verbs of an obligation
        ("Bidders are hereby required to inspect the site before bidding.", "mandatory"),
        # the promise put in a that-clause whose subject is the bidder again
        ("The Vendor, by signing this form, agrees that it will keep all records for three "
         "years.", "mandatory"),
        ("The Vendor agrees that the City will own the reports it receives.", None),
        # a warranty of the bidder's goods or work binds it; a representation of a fact is
        # no task
        ("The Supplier, except as noted, guarantees all parts supplied for two years.",
         "mandatory"),
        ("The vendor warrants that each unit will be free from defects for one year.",
         "mandatory"),
        ("The vendor warrants that no broker was paid to secure this award.", None),
        ("The County guarantees payment within 30 days of invoice.", None),
        # the buyer's own act put in the passive; what it must approve is the bidder's to get
        ("Any claim shall be decided by the Purchasing Agent in writing.", None),
        ("A price adjustment will be made by the Government for added work.", None),
        # the contract adjusted under a changes clause, also after its condition; the
        # bidder's own adjustments stay its duty
        ("If the changes increase the cost of the work, an equitable adjustment shall be "
         "made and the contract modified in writing.", None),
        ("No adjustment shall be made under this clause for delays the vendor causes.", None),
        ("Adjustments to staffing levels shall be made within five days of notice.",
         "mandatory"),
        ("Any adjustment shall be made by the Contractor at its own expense.", "mandatory"),
        # a label run in before an instruction; the buyer evaluating the offers, paying the
        # bidder, or owning a thing
        ("Qualifications and Experience : Describe your firm's experience with schools.",
         "mandatory"),
        ("Specific Plan (Methodology): Explain how the work will be staffed.", "mandatory"),
        ("INITIAL EVALUATION CRITERIA: Proposals shall be evaluated using the following "
         "criteria:", None),
        ("All quotes will be initially scored by a panel of three.", None),
        ("The Contractor shall be compensated at the hourly rates it proposed.", None),
        ("All County data is and shall remain the sole property of the County.", None),
        # a part of the solicitation named as an instruction's object; "State" as a verb
        ("Return Attachment B signed by an officer.", "mandatory"),
        ("Submit Proposal", None),
        ("State your preferred payment method.", "mandatory"),
        ("State of Alaska procurement rules apply.", None),
        # the task verbs of a statement of work
        ("Reduce the manual effort of operating the platform.", "mandatory"),
        ("Configure and monitor the backup jobs nightly.", "mandatory"),
        ("Lead time is five days from order.", None),
        ("Secure code", None),
        # a question the lead-in puts to the bidder; a cap put with "may"
        ("In your proposal please answer the following: Do you use subcontractors?",
         "mandatory"),
        ("Do you use subcontractors?", None),
        ("Vendors may submit no more than two proposals.", "mandatory"),
        ("Vendors may submit up to two proposals.", "advisory"),
        # a prohibition as an instruction; what the bidder incurs, or whose a thing becomes;
        # the buyer negotiating, its contract administrator, the minutes it draws up
        ("Do not amend any item of the price form.", "mandatory"),
        ("If you subcontract, do not include the subcontractor's prices.", "mandatory"),
        ("The vendor will incur card fees through its own processor.", None),
        ("After the BAFO is submitted, no further negotiations shall be conducted with the "
         "offerors.", None),
        ("All documents submitted by a Proponent shall become the property of the County.",
         None),
        ("The Contractor shall remain responsible for all subcontractors.", "mandatory"),
        ("Source code shall revert to the County if the Contractor files for bankruptcy.",
         None),
        ("The Contract Administrator shall determine the acceptability of work.", None),
        ("Se labrará acta que debe contener:", None),
        # what the buyer is to receive, the bidder provides; what the buyer expects of the
        # bidder's people, they must do; not what it expects its future system to do
        ("Monthly reports will be delivered to the COR by the fifth day.", "mandatory"),
        ("Payment will be made to the Contractor within 30 days.", None),
        ("The County will expect that the staff who will work on the project to attend the "
         "interview.", "mandatory"),
        ("The Court expects that a future system will allow clerks to serve all parties.",
         None),
        # a meeting the bidder must attend, said in a sentence (a contents line is none);
        # work that "is to be done"; what a thing is for; a numbered definition
        ("There will be a mandatory site meeting on March 3 at 10 a.m.", "mandatory"),
        ("3.2 Mandatory Site Meeting ........................ 11", None),
        ("Some renovations are to be completed in the existing shop.", "mandatory"),
        ("The fee is to be paid by the County within 30 days.", None),
        ("The purpose of such discussions shall be to assure a full understanding of the "
         "requirements.", None),
        ("1.2 \u201cAgency\u201d means the department for which this contract is to be "
         "performed.", None),
        ("By submitting a proposal, the offeror covenants and agrees that they have read the "
         "terms and that they will not make any claim for relief.", "mandatory"),
        # the bidder's share of the work (not a form's title in capitals); the buyer's
        # debriefing and how it weighs the offers; a Spanish request to the bidders; a part
        # of the document named by its letter; an instruction's object in title case
        ("Services to be completed by the successful Proponent are as follows:", "mandatory"),
        ("SUBCONTRACTING PLAN TO BE COMPLETED BY OFFEROR", None),
        ("Debriefings shall be provided within thirty (30) days of the award notice.", None),
        ("In the determination, technical factors shall be given greater weight than price.",
         None),
        ("De subsistir el empate, se solicitará a los oferentes que mejoren sus precios.",
         "mandatory"),
        ("2.3 Appendix C sets forth the services to be performed by the contractor.", None),
        ("Deliver Preliminary Design for the project team to approve.", "mandatory"),
        ("Provide Services", None),
        # "No … may be …" forbids; what the buyer will only accept; the proposed people
        # staying on the work
        ("No substitution of key staff may be made without the County's approval.",
         "mandatory"),
        ("The County will only accept staff with five years of relevant experience.",
         "mandatory"),
        ("The personnel named in the proposal will remain assigned for the whole contract.",
         "mandatory"),
        # a second promise after the first; the bidder's promise after the buyer's release
        ("By submitting a proposal, Proponents agree that their documents may become public "
         "and agree to hold the County harmless.", "mandatory"),
        ("Upon cancellation, the University shall be released from any further obligation "
         "and the Contractor agrees to pay its subcontractors.", "mandatory"),
        ("Substitutions of key staff must be approved by the Contracting Officer.",
         "mandatory"),
        # a buyer after a condition of several clauses
        ("If the County finds, on inspection or through reports from users of the system, "
         "that a component fails to meet its specification in any material respect, or if "
         "it learns of such a failure by other means during the warranty period, the County "
         "will notify the vendor in writing.", None),
        # "is to" / "is not to" of obligation; not what a thing is for, nor how it is read
        ("Bidders are to bring two forms of identification.", "mandatory"),
        ("The vendor and its subcontractors are to follow the site rules.", "mandatory"),
        ("Shipments are not to arrive before 8 a.m.", "mandatory"),
        ("The panel's task is not to rank offers, but to check each is complete.", None),
        ("This list is not to be construed as complete.", None),
        ("The vendor is to be paid within 30 days.", None),
        # an instruction whose verb a preposition or a second verb follows; a title is none
        ("Comply with all applicable state laws.", "mandatory"),
        ("Respond to each question in the order asked.", "mandatory"),
        ("Participate in the weekly status meetings.", "mandatory"),
        ("Describe and justify the staffing mix.", "mandatory"),
        ("Include as an appendix the firm's audited accounts.", "mandatory"),
        ("Develop, test, and release a patch each month.", "mandatory"),
        ("List of Attachments", None),
        ("Outline of the technical volume", None),
        # a form's instructions
        ("Check one box for each region served.", "mandatory"),
        ("Reference the clause each exception applies to.", "mandatory"),
        ("Reference checks will be made by the panel.", None),
        ("If none, so state.", "mandatory"),
        ("Unit prices need to be provided for each line item.", "mandatory"),
        ("The old servers need to be retired next year by the agency.", None),
        ("Rates are good for the fiscal year.", "mandatory"),
        ("Prices are low this year.", None),
        # a page limit counted with the kind of page; what a clause does not take away; the
        # buyer after an introductory "To …,"
        ("Bids should not exceed ten (10) double sided A4 pages.", "mandatory"),
        ("This Section shall not restrict the liability of the Supplier in any way.", None),
        ("The Supplier shall limit its use of admin accounts.", "mandatory"),
        ("To cover defects, the County shall be entitled to retain 5% of each payment.", None),
        ("To apply, submit the form by May 1.", "mandatory"),
        # what the System the bidder builds will do, by its defined term; not the buyer's
        # system, nor what it will not need
        ("The System will log every change to a case record.", "mandatory"),
        ("The Solution will send a reminder before each hearing.", "mandatory"),
        ("The System will not need to print paper checks.", None),
        ("The system will be offline on Sundays.", None),
        # how the buyer orders under a BPA is no duty of the bidder's
        ("All orders under the BPA must follow the ordering procedures of FAR 8.405-3.", None),
        ("The Contractor must follow the County's ordering procedures.", "mandatory"),
        # responsible to a party for a thing; the buyer's own responsibility is no row
        ("The vendor is responsible to the State for all losses it causes.", "mandatory"),
        ("The Supplier is as fully responsible for its carriers as for its own staff.",
         "mandatory"),
        ("The County is responsible to the vendor for timely payment.", None),
        # what an act will require the bidder to prove or obtain
        ("Use of subcontractors will require proof of their licences.", "mandatory"),
        ("Purchase a bond in the amount of the contract price.", "mandatory"),
        ("Purchase orders are issued by the County.", None),
        # what may befall a bidder who fails is a warning, though a clause in it says "must"
        ("Failure to meet any deadline may subject the vendor to conditions that must be "
         "met before it may bid again.", "advisory"),
        # the month is no modal verb
        ("3.1 Privacy and Records Rules (Revised May 6, 2015):", None),
        # an item under a label of requirements is one, though it has no verb
        ("Eligibility Requirements: Proof of ten years of trading", "mandatory"),
        # a limit on what the bidder submits binds, whatever its verb
        ("Design samples may be no more than 12 pages combined.", "mandatory"),
        ("A cover letter not to exceed two (2) pages is welcome.", "mandatory"),
        ("Resumes do not count toward the page limit.", None),
        # what the buyer expects the bidder to do, the bidder does; not what it expects to be
        ("The Agency expects the vendor to bring its own laptops.", "mandatory"),
        ("We expect bidders to hold a current licence.", "mandatory"),
        ("The Agency expects that demand will grow.", None),
        # a passive "will need to be": the deliverable's duty
        ("Signed letters of commitment will need to be provided at award.", "mandatory"),
        # the contract's policy, an adverbial phrase before its verb
        ("No subcontract shall under any circumstances relieve the vendor of its duties.", None),
        # Spanish: "queda obligado", "será responsable de" put the duty on the contractor
        ("El contratista quedará obligado al pago de los subcontratistas.", "mandatory"),
        ("El contratista será responsable de los daños causados a terceros.", "mandatory"),
        # the impersonal future of a verb of submission prescribes what the offer carries
        ("A cada oferta se acompañará el certificado fiscal vigente.", "mandatory"),
        ("Se tomará como base el precio unitario.", None),
        # Spanish "estará obligado", "tendrá que", what is not accepted; a "may not" that
        # binds the bidder, not the buyer's nor a cap; a duty negated binds no one
        ("El adjudicatario estará obligado a retirar el material.", "mandatory"),
        ("El contratista tendrá que acreditar su solvencia técnica.", "mandatory"),
        ("En ningún caso se admitirán ofertas variantes.", "mandatory"),
        ("Cada licitador no podrá presentar más de una proposición.", "mandatory"),
        ("No se podrá suministrar ningún material sin muestra aprobada.", "mandatory"),
        ("No se podrá divulgar la información confidencial.", "advisory"),
        ("La Administración no estará obligada a custodiar las ofertas.", None),
        # the buyer's committee, also after an introductory phrase, is the buyer
        ("La Comisión deberá intimar al oferente a subsanar su oferta.", None),
        ("Si no se cumple el plazo, la Comisión deberá justificar los motivos.", None),
        # a permission denied binds; a permission given is advisory, like "may"; a thing's
        # state that others impose binds no bidder
        ("Faxed proposals are not permitted.", "mandatory"),
        ("The vendor is not allowed to contact the evaluators.", "mandatory"),
        ("No se permite la subcontratación de la prestación principal.", "mandatory"),
        ("Partial offers per lot are permitted.", "advisory"),
        ("Se admite la cotización parcial por renglón.", "advisory"),
        ("It is understood that some files are not allowed to be shared.", None),
        # the bidder named in a condition, a pronoun then standing for it; its delivery
        ("If the vendor needs a new server, they will file a request with the State.",
         "mandatory"),
        ("When the County approves the plan, it will notify the vendor.", None),
        ("Delivery of all reports will occur through the shared drive.", "mandatory"),
        ("Payment will be made within 30 days of a proper invoice.", None),
        # a typographic apostrophe is an apostrophe
        ("It is the Offeror\u2019s responsibility to monitor the portal for addenda.",
         "mandatory"),
        # an agile contract's product owner is the government's
        ("The Product Owner shall accept each user story at the sprint review.", None),
        ("The PO shall not certify performance until all defects are corrected.", None),
        # what an act legally amounts to is policy; the bidder's staff, however described,
        # still bind the bidder
        ("Failure to sign the statement shall constitute default by the vendor.", None),
        ("All contractor staff working on the help desk will need to obtain a badge.",
         "mandatory"),
        # the bidder as the subject of a Spanish future commands, as "the vendor will"
        # does; the subjunctive, "podrá", "tendrá derecho" and the buyer's future do not
        ("El contratista entregará los equipos en el almacén municipal.", "mandatory"),
        ("Los oferentes acompañarán a su propuesta el certificado fiscal.", "mandatory"),
        ("Si se rechaza un lote, se avisará al proveedor, que lo repondrá en dos días.",
         "mandatory"),
        ("Si el contratista presentara una mejora, la comisión la valorará.", None),
        ("El adjudicatario tendrá derecho al cobro de las facturas conformadas.", None),
        ("El licitador podrá presentar una variante.", "advisory"),
        ("La Administración abonará el precio en treinta días.", None),
        # an obligation without a subject, unless in a condition; an act needing approval;
        # a page limit per item
        ("It is necessary to register on the portal before bidding.", "mandatory"),
        ("We find that it's necessary to know SQL well enough to tune queries.", "mandatory"),
        ("If it is necessary to travel, expenses are reimbursed at cost.", None),
        ("Any change of key staff requires the prior written approval of the Agency.",
         "mandatory"),
        ("Downloading the forms requires no approval.", None),
        ("Confirmed, two (2) pages per reference.", "mandatory"),
        # a definition, what arises from the text and a law taken into the contract are
        # policy; the buyer by its proper name, the verb straight after, is the buyer; its
        # name as an attribute of a noun, or after a determiner, is not
        ("\u201cWork Product\u201d shall mean every report delivered under the contract.", None),
        ("Subcontractor shall have the meaning given in the General Conditions.", None),
        ("No obligation of the Town shall arise from this invitation.", None),
        ("Future privacy laws shall be automatically included in this agreement.", None),
        ("A party's failure to enforce a clause shall not be deemed a waiver of it.", None),
        ("Questions sent by fax will not be considered; please send them by e-mail.",
         "mandatory"),
        ("Lake Forest City shall not be held liable for lost proposals.", None),
        ("Lake Forest City may, at any time, require changes in the services.", None),
        ("For example, Lake Forest City users shall not install unapproved software.",
         "mandatory"),
        ("Your agency's employees are expected to wear badges at all times.", "mandatory"),
        ("All City data must remain on servers in the United States.", "mandatory"),
        # the bidder by two names or none before it, after an introductory phrase; what it
        # will not do; what it commits to; the buyer named as insured by the bidder's
        # policy; the buyer's notice of award
        ("Selected Firm/Vendor will conduct a security audit every year.", "mandatory"),
        ("Contractor will notify the Agency of any data breach within a day.", "mandatory"),
        ("In addition to other remedies, Vendor will reimburse the City for breach costs.",
         "mandatory"),
        ("The firm will provide two references.", "mandatory"),
        ("The vendor will not commence extra work without a signed change order.",
         "mandatory"),
        ("The vendor will not need to post a bond.", None),
        ("The supplier also commits to providing a named account manager.", "mandatory"),
        ("The City and its officers shall be named as additional insureds.", "mandatory"),
        ("The notice of award, once approved, shall be posted on the City's website.", None),
        # what may not be so is no prohibition; the bidder told of a decision receives;
        # the buyer after an inverted condition or "it is agreed that"; the contract's
        # documents and law; a pointer to read a section
        ("Some clauses may not be negotiable.", "advisory"),
        ("Vendors may not be present at the opening.", "mandatory"),
        ("Offerors not selected shall be so advised by e-mail.", None),
        ("Should the vendor fail to deliver, the Owner shall be entitled to buy elsewhere.",
         None),
        ("It is understood and agreed that the County shall withhold payment for late work.",
         None),
        ("The contract documents shall consist of this form and the vendor's proposal.", None),
        ("The law to be applied to this RFP shall be the law of Ontario.", None),
        ("Access to the bid files shall be governed exclusively by the records policy.", None),
        ("The decision of the Purchasing Agent on any dispute shall be final.", None),
        ("\u201cConfidential Data\u201d means data the City marks and may include trade secrets.",
         None),
        ("Please review section 3 of the RFQ.", None),
        # a law reporting the buyer's own duty; FAR's contracting officers by office; a
        # remedy added to others is policy
        ("Section 12-4 of the code provides that the County shall pay within 45 days.", None),
        ("Ordering Contracting Officers shall record each call in the register.", None),
        ("This remedy shall be in addition to any other remedy the State may have.", None),
        # what the bidder cannot do, and what alone is accepted; not what cannot be helped,
        # nor a thing named by a relative clause
        ("A cost volume cannot be marked confidential as a whole.", "mandatory"),
        ("Vendors will not be able to bring laptops to the oral interview.", "mandatory"),
        ("Delivery dates cannot be guaranteed during the holidays.", None),
        ("Forms that cannot be signed online will be mailed to the County.", None),
        ("Bids will only be accepted through the state portal.", "mandatory"),
        # the buyer's duty in a relative clause names the thing; a reporting "that" does not
        ("The board keeps a list of rules that DOT must follow.", None),
        ("The department issues forms which the County shall prescribe for audits.", None),
        ("The Judiciary shall control remote access to its network.", None),
        # the Spanish gerund of a duty, the bidder's unless the buyer is its subject
        ("El certificado no exime al licitador de otras cargas, debiendo, en su caso, "
         "aportar la declaración.", "mandatory"),
        ("El plazo de apertura es de diez días, debiendo la Comisión requerir las aclaraciones.",
         None),
        ("La adjudicación se notificará, debiendo ser publicada en el perfil.", None),
        # a document named on its own, as a list of what the offer carries names it
        ("Certificate of insurance naming the City as an additional insured.", "mandatory"),
        ("Copia autenticada del poder del representante, en la que conste su firma.",
         "mandatory"),
        ("Copies of the score sheets will be kept in the contract file.", None),
        # a part of the offer by its label, then how it is to be made
        ("Cover Sheet: Signed by an officer of the firm and dated.", "mandatory"),
        # the buyer given a thing, the bidder gives it; the buyer requiring a thing after a
        # condition that lost its comma
        ("The COR shall be provided with a copy of each test report.", "mandatory"),
        ("The County inspector must attend all tests and shall be provided with the results.",
         "mandatory"),
        ("When the system runs in the cloud the State requires a monthly uptime report.",
         "mandatory"),
        ("If the State requires more staff it will say so in writing.", None),
        # the Spanish idioms of a bidder's undertaking, responsibility and costs
        ("El contratista se obliga a reponer las piezas defectuosas.", "mandatory"),
        ("Es responsabilidad del contratista la limpieza diaria de la obra.", "mandatory"),
        ("Los portes serán a cargo del adjudicatario.", "mandatory"),
        ("Toda modificación requerirá la previa aprobación del responsable del contrato.",
         "mandatory"),
        # a condition without its comma before an imperative; a form's verbs; a form's part
        # glued before; not a verb the condition's subject takes
        ("If the firm holds a state licence attach a copy of it.", "mandatory"),
        ("Part C Fill in the table of subcontractors below.", "mandatory"),
        ("If the vendor fails to provide the report the fee is reduced.", None),
        # what the buyer requests; a clause that saves another before the buyer's duty; the
        # contract's conformity; the buyer requiring the bidder in Spanish
        ("The City requests the price form be signed in ink.", "mandatory"),
        ("Notwithstanding the terms above, the County shall pay undisputed invoices.", None),
        ("Sin perjuicio de la cláusula 9, la Administración deberá abonar el precio.", None),
        ("The resulting contract shall be in accordance with this solicitation.", None),
        ("El órgano de contratación requerirá al licitador para que presente la garantía.",
         "mandatory"),
        # the bidder bearing a risk; its progressive future; the offer's forms; not the
        # buyer's selection and negotiation, nor the buyer after a run-in label
        ("The Vendor bears all risk of loss until the goods are accepted.", "mandatory"),
        ("The contractor will be performing a site survey in May.", "mandatory"),
        ("Bid submission documents shall include the following:", "mandatory"),
        ("Selection shall be made of the two best offers.", None),
        ("Discussions shall then be conducted with each finalist.", None),
        ("PAYMENT TERMS: Upon acceptance, the County shall pay within 30 days.", None),
        # Spanish: bound to, executed subject to its clauses, a special condition, costs
        ("El adjudicatario vendrá obligado a reparar los daños.", "mandatory"),
        ("El servicio se prestará con sujeción al pliego de prescripciones técnicas.",
         "mandatory"),
        ("Se establece como condición especial de ejecución el reciclaje de envases.",
         "mandatory"),
        ("Son de cuenta del adjudicatario los gastos de transporte.", "mandatory"),
        # round 14's forms: validity with the words that say which offers; a duty that
        # remains the prospective bidders'; a kind of offer not accepted; a cap of one; the
        # contractor's staff by what they do; a representation for the term; what a claim
        # does not excuse; the risk the Spanish contractor runs; the buyer acting on it
        ("Bids received by the deadline are irrevocable for 90 days.", "mandatory"),
        ("It remains the responsibility of interested vendors to check for addenda.",
         "mandatory"),
        ("It is the Vendors responsibility to renew its licence.", "mandatory"),
        ("No electronic bids will be accepted.", "mandatory"),
        ("A firm may submit only one bid per lot.", "mandatory"),
        ("Any contractor staff entering the site will wear a badge.", "mandatory"),
        ("The Vendor certifies that it will not hire debarred staff.", "mandatory"),
        ("Nothing herein shall excuse late payment of invoices by the Owner.", None),
        ("El suministro se hará a riesgo y ventura del adjudicatario.", "mandatory"),
        ("Los licitadores deberán ser notificados de la adjudicación.", None),
        ("La Contaduría General deberá publicar las sanciones.", None),
        ("Any dispute shall be subject to the provisions of the state purchasing code.", None),
        # round 15's forms: a passive with the bidder as agent, negated; what is routed to
        # the buyer; what the bidder may not get; the bidder's list of what it agrees to; a
        # promise after a condition; the bidder after a long run-in label, its "will:" before
        # run-in items; what remains valid; the buyer by its own name after a run-in label
        ("Press releases will not be made by a vendor without the City's consent.",
         "mandatory"),
        ("All invoices will be routed to the Procurement Agent for approval.", "mandatory"),
        ("A bidder that omits the form may not receive an award.", "advisory"),
        ("The Supplier agrees:", "mandatory"),
        ("The Vendor promises that if a part fails, it will replace it within a week.",
         "mandatory"),
        ("DATA, RECORDS, AND AUDITS: Unless the law forbids it, Vendor will: i) keep all "
         "records for five years.", "mandatory"),
        ("The other terms of this Contract shall remain fully valid and enforceable.", None),
        # round 16's forms: a kind of bid not considered; what voids a bid, definitions that
        # apply; what may not be so; verbs joined by "and/or"; Spanish: "tampoco podrá", the
        # offer's form in the future, "se hará constar", the buyer's evaluation
        ("Faxed bids/modifications will not be considered by the Town.", "mandatory"),
        ("Late bids will not be considered.", None),
        ("Collusion shall render void the bids of the bidders involved.", None),
        ("The following definitions shall apply to this schedule.", None),
        ("The firm may not be the right fit for every project.", "advisory"),
        ("Design and/or build the access road to county standards.", "mandatory"),
        ("Tampoco podrá presentar variantes.", "mandatory"),
        ("Las ofertas se redactarán en castellano.", "mandatory"),
        ("Los sobres irán cerrados y firmados.", "mandatory"),
        ("En la portada se hará constar el nombre del licitador.", "mandatory"),
        ("Al evaluar las ofertas, se indicará el orden de prelación.", None),
        # round 17's general conditions: a status a condition defines; what counts or binds
        # (but not how long an offer holds); what the buyer accepts (but "No … shall be
        # accepted" binds); relief from liability; the court of a dispute; what does not
        # relieve; a clause title joined by a dash; the contract's end after a condition;
        # what the review takes in; nothing required; the bidder's parenthetical before
        # "will"; a certification for the term; what the bidder "will only need to" do
        ("A quote shall be unbalanced if its unit prices are below cost.", None),
        ("No change order shall be valid unless signed by the Owner.", None),
        ("Quotes shall be binding for sixty days.", "mandatory"),
        ("Any equal item the Town approves shall be accepted.", None),
        ("No cash payments shall be accepted.", "mandatory"),
        ("The Vendor shall not be liable for delays caused by floods.", None),
        ("All disputes shall be brought before the courts of Ontario.", None),
        ("In no case shall a subcontract relieve the Vendor of its duties.", None),
        ("PAYMENT TERMS-Payment shall be made within thirty days of the invoice.", None),
        ("If funds are not appropriated, the contract shall terminate on June 30.", None),
        ("Such alternatives shall be included in the review of the proposals.", None),
        ("No bond is required to bid on this lot.", None),
        ("The Supplier, in every invoice it sends, will show the order number.", "mandatory"),
        ("The Vendor certifies that it will keep its licence current.", "mandatory"),
        ("Renewing applicants will only need to confirm their details.", "mandatory"),
        # round 18's public-records clause: records open to inspection, a right the bidder
        # is afforded, restrictions a thing is subject to, a notice the buyer writes, a
        # defined term with "shall be"
        ("Bid records shall be open to public inspection after award.", None),
        ("Any unsuccessful bidder, upon request, shall be afforded a debriefing.", None),
        ("Site access shall be subject to reasonable restrictions.", None),
        # after round 19: directed not to; accepted exclusively via; not a pointer
        ("Vendors are expressly directed not to contact the evaluators.", "mandatory"),
        ("Bids are exclusively accepted electronically through the portal.", "mandatory"),
        ("The Vendor's attention is directed to the clause on conflicts of interest.", None),
        ("A debarred firm shall be notified in writing by the Purchasing Agent.", None),
        ("“Owner” shall be the City of Springfield, acting through its council.", None),
        # after round 20: remedies, rights, claims, periods and securities are terms; a
        # bidder after a preposition is not the subject of the "shall" that follows it
        ("If the protest is upheld, the sole remedy available to the offeror shall be "
         "reimbursement of its bid preparation costs.", None),
        ("A ruling on a bid bond posted by a bidder shall be final.", None),
        ("Under no circumstances shall the Vendor be entitled to anticipated profits.", None),
        ("The Supplier shall not be entitled to extra payment for overtime.", None),
        ("No action shall lie against the City for an error in the plans.", None),
        ("The period for filing an appeal shall expire five days after the notice.", None),
        ("The bid security shall be returned within thirty days of award.", None),
        ("Where an order is cancelled, the Vendor shall be paid for goods already delivered.",
         None),
        ("All proposals submitted by an offeror shall include a signed cover letter.",
         "mandatory"),
        # after round 21: a right the sentence gives is no duty, whoever holds it, but the
        # authority a bidder's representative must hold is; how a price or a dispute is
        # settled; what a clause does not put on a party; a mutual undertaking binds the
        # bidder as a party; a bidder "asked to" do a thing
        ("Greenvale Trust and its auditors shall have full access to these ledgers.", None),
        ("Greenvale Trust shall have the option to renew for two further years.", None),
        ("The site lead shall have full authority to act for the vendor on site.", "mandatory"),
        ("All staff who will have access to client files shall sign a secrecy pledge.",
         "mandatory"),
        ("Any price adjustment shall be determined by agreement of the parties.", None),
        ("Any such controversy shall be settled under the Disputes article.", None),
        ("Acceptance of the goods shall not impose liability on the City for defects.", None),
        ("Neither party will disclose the terms of this agreement to a third party.",
         "mandatory"),
        ("Bidders are asked to state their price in euros.", "mandatory"),
        # after round 22: what is void, a validity not affected, where suits must be brought,
        # a definition after "for the purposes of", a right the buyer must have or that an
        # official lacks; a bidder's promise binds whatever it goes on to say; a page limit
        # put as "or less"
        ("A change order not signed by both parties shall be void.", None),
        ("The Vendor shall keep its rates; any other pricing shall be void.", "mandatory"),
        ("The award shall not be affected by a late appeal.", None),
        ("Any claim under this agreement must be brought in the courts of Leon County.", None),
        ('For the purposes of this article, "site" means a place where staff are '
         'prohibited from smoking.', None),
        ("The parties agree that the Board must have reasonable access to the ledgers.", None),
        ("Greenvale Trust's clerk shall have no authority to change the price.", None),
        ("The Supplier agrees to name the buyer as insured, so that the cover will be "
         "binding on every carrier.", "mandatory"),
        ("The technical volume should be twenty pages or less.", "mandatory"),
        ("Where the buyer lists estimated volumes, the Supplier shall not be required to ship "
         "more than the estimate.", None),
        ("The Vendor shall not be obliged to staff a help desk at weekends.", None),
        ("The decision to award to one or more such suppliers shall be final.", None),
        ("Acceptance shall occur only after the goods pass inspection.", None),
        ("Inspection and acceptance shall take place at the warehouse.", None),
        ("The balance shall be paid once the system passes its acceptance test.", None),
        ("The balance shall be paid by the Contractor within ten days.", "mandatory"),
        ("The Agency must receive each request no later than five days before the event.",
         "mandatory"),
        ("All parties to this Agreement agree not to disclose its terms.", "mandatory"),
        ("Drawings made for the City will not be published without the City's prior written "
         "consent.", "mandatory"),
        ("Professional Liability Insurance with limits of not less than $2,000,000 per claim.",
         "mandatory"),
        ("The City holds an insurance policy with cover of not less than $1,000,000.", None),
        ("Customer records will only be stored by Supplier on servers in the state.", "mandatory"),
        ("County Data, including copies, will not be accessed or stored abroad without the "
         "County's written consent.", "mandatory"),
        ("Immediately upon learning of any loss of County data, Vendor will notify the County "
         "and cooperate with its review.", "mandatory"),
        ("La renuncia a la celebración del contrato deberá notificarse a los licitadores.", None),
        # what alone is allowed binds ("may only"); a price held firm; a change forbidden
        # without consent; what may not be added to the buyer's terms
        ("The Supplier may only use the customer lists to deliver the newsletters.",
         "mandatory"),
        ("Hourly rates will remain firm and will cover travel within the county.", "mandatory"),
        ("The rate will never increase during the term without prior approval from the "
         "Buyer.", "mandatory"),
        ("Exceptions to the indemnity clause will not be accepted in any quote.", "mandatory"),
        # the contract's order of precedence binds no one
        ("In every case these Special Provisions shall jointly take precedence over the "
         "proposal and will govern the work.", None),
        # the buyer's staff as the agent of a Spanish passive; a cooperative buyer acting
        ("Cada parte de trabajo deberá ser revisado por el personal técnico del servicio.",
         None),
        ("Cada parte de trabajo deberá ser revisado por el personal del contratista.",
         "mandatory"),
        ("The participating agency will pay its own invoices and shall resolve its own "
         "disputes.", None),
        # the bidder's future written without its accent, not a condition's subjunctive
        ("El contratista del contrato las entregara en el almacén municipal.", "mandatory"),
        ("Si, por un retraso, el contratista entregara el material tarde, se aplicará una "
         "penalidad.", None),
        ("El contratista de la primera fase tiene experiencia en viveros.", None),
        # a consultant's review and a task handed over whole, in the imperative; a QASP's
        # method of checking is no instruction
        ("Review the tenant's lease files for missing signatures.", "mandatory"),
        ("Handle every complaint from the tenants within a week.", "mandatory"),
        ("Review by the project office staff (quarterly)", None),
        # the bidder giving up a claim; an offer refused after a note's label
        ("By bidding, each Vendor waives any claim for the cost of preparing its bid.",
         "mandatory"),
        ("Note: No emailed bids will be accepted by the Town.", "mandatory"),
        ("Form C - Conflict of Interest Statement. This is a requirement for all bidders.",
         "mandatory"),
        ("Also ensure the signed form is uploaded with your bid.", "mandatory"),
        ("Describe the firm's experience with similar municipal projects. [ 15 ]", None),
        ("Describe the firm's experience with similar municipal projects (15 points)", None),
        ("El técnico podrá solicitar análisis del material, corriendo por parte del "
         "contratista su coste.", "mandatory"),
        ("La Administración podrá exigir ensayos adicionales, que serán a cuenta del "
         "adjudicatario.", "mandatory"),
        ("En el precio ofertado se entenderán incluidos los portes y la instalación.",
         "mandatory"),
        ("Unit prices are deemed to include all freight and handling.", "mandatory"),
        ("El contratista no tendrá derecho a compensación por los retrasos del transporte.",
         "mandatory"),
        ("Los licitadores no quedan facultados para modificar sus precios durante la vigencia.",
         "mandatory"),
        ("The Contractor is not entitled to extra payment for overtime.", "mandatory"),
        ("Asimismo asumirá los costes de retirada del material rechazado.", "mandatory"),
        ("Los equipos tendrán una garantía mínima de dos años.", "mandatory"),
        ("Los productos serán abonados por la Administración tras su recepción.", None),
        ("Springfield County will not accept bids sent by fax or e-mail.", "mandatory"),
        ("A bid submission is not considered complete unless the signed price form is "
         "attached.", "mandatory"),
        ("The term of the contract shall be three (3) years.", None),
        ("Such a delay shall not extend the contract beyond its term.", None),
        ("Each site has a coordinator who is responsible for scheduling the visits.", None),
        ("The Vendor is responsible for obtaining all permits.", "mandatory"),
        ("Para poder recurrir la adjudicación, se requiere presentar un aval del 2% del "
         "importe.", "mandatory"),
        ("Si se requiere presentar muestras, el hospital lo comunicará por correo.", None),
        ("El plazo de entrega será de 15 días hábiles desde el pedido.", "mandatory"),
        ("Plazo de entrega: Dentro de los 30 días de recibida la orden de compra.", "mandatory"),
        ("No se podrá alegar desconocimiento de las condiciones del pliego.", "mandatory"),
        ("C) Aportar el certificado de estar al corriente con la Seguridad Social.",
         "mandatory"),
        ("La adjudicación debe realizarse a favor de la oferta de menor precio.", None),
        ("Bidders are cautioned not to attach marketing brochures to the response.",
         "mandatory"),
        ("Bidders are cautioned that the schedule is tentative.", None),
        ("Responses over the twenty-page limit will not be considered.", "mandatory"),
        ("Proposals exceeding the stated length will not be accepted.", "mandatory"),
        ("For any order, a schedule holder cannot subcontract more than half of the work.",
         "mandatory"),
        ("The Supplier cannot assign the agreement without written consent.", "mandatory"),
        ("The contractor cannot be held responsible for outages of the utility.", None),
        ("The Agency expects that the hours in the Vendor's price sheet will be consistent "
         "with its staffing chart.", "mandatory"),
        ("The Agency expects that the contract will be awarded to a vendor by June.", None),
        ("Design, test, and install the mobile application on every tablet.", "mandatory"),
        ("Planning, scheduling, and review meetings are held each month.", None),
        ("The agreements shall be reviewed every six months.", None),
        ("Termination of the agreement shall have no effect on orders already issued.", None),
        ("Further instructions shall be described in the amended solicitation.", None),
        ("The work plan shall be described in the proposal.", "mandatory"),
        ("Any shared damages shall be apportioned between the parties by fault.", None),
        ("Missing the audit is a breach and shall be grounds for cancelling the agreement.",
         None),
        ("Where the two texts disagree, the statute shall control.", None),
        ("The Vendor shall control access to the server room.", "mandatory"),
        ("“Subscriber” shall generally have the meaning the statute gives it.", None),
        ("Compensation under this agreement shall not exceed $80,000 a year.", None),
        ("The total price offered shall not exceed the budget above.", "mandatory"),
        ("3.1 Marine Liability Insurance: covering every vessel the firm operates, with "
         "minimum coverage limits of $2,000,000 per claim.", "mandatory"),
        ("You will need a registered account to upload the quote.", "mandatory"),
        ("Vencido el plazo, se requerirá nueva aprobación del proveedor para seguir.",
         "mandatory"),
        ("For determining acceptance of the reports, inspection shall be accomplished only "
         "after a full review.", None),
        ("In that case the price paid shall not exceed the lowest bid.", None),
        ("Firmado el acuerdo, la orden de compra deberá emitirse dentro de diez días.", None),
        ("De la entrega deberá quedar constancia en el expediente.", None),
        ("Se deberá notificar la sanción a la empresa adjudicataria.", None),
        ("El adjudicatario deberá notificar al hospital cualquier demora.", "mandatory"),
        ("Dentro de los 15 días hábiles de recibida la orden de compra.", "mandatory"),
        ("Dentro de los 15 días hábiles el hospital evaluará las ofertas.", None),
        ("Any work done on a caller's say-so shall be at the Vendor's own risk.", None),
        # a phrase set off after "will"; whichever party breaches or not; terms that apply,
        # last or are read a way; what each order will set
        ("On expiry, the Vendor will, when the Agency asks, hand back every badge.", "mandatory"),
        ("The parties agree that the non-defaulting party will give notice of the default "
         "within five days.", "mandatory"),
        ("The terms and conditions of the master lease shall apply to every sublease.", None),
        ("The obligations under this Addendum shall continue until the lease ends.", None),
        ("Any gap in this Schedule shall be interpreted in favour of the tenant.", None),
        ("Shipping dates shall be established on individual call orders.", None),
        # a manner adverb before a word that is a verb or a noun; task verbs of a SOW
        ("Fully document test cases that the old suite skips.", "mandatory"),
        ("Monthly report submissions are posted online.", None),
        ("Enable audit logging on every server.", "mandatory"),
        ("Prototype a mobile view of the catalogue.", "mandatory"),
        ("Prototype of the mobile view (Deliverable #7)", None),
        # a prohibition put as "No … are to be …"; the buyer's record of an award and its
        # assessments of the contractor's work
        ("No extra fees are to be charged after the last delivery.", "mandatory"),
        ("Each award made under this schedule must be registered in the state system.", None),
        ("Under section 4.2 of the rules, past performance evaluations shall be prepared "
         "each year.", None),
        ("The vendor must register in the state system before the award.", "mandatory"),
        # what the buyer will not consider, the bidder must not offer; the period of
        # performance and the period services run in are terms of the order
        ("The City will not consider bids that carry a fuel surcharge.", "mandatory"),
        ("The period of performance shall be two years from the order date.", None),
        ("Work shall be performed during a base period of twelve months from the order.", None),
        # a paragraph's name run in before an en dash is no part of its sentence
        ("Hosting – The Agency will be responsible for running the production servers.", None),
        ("Hosting – The Vendor will be responsible for running the test servers.", "mandatory"),
        ("Return Form B - Price Schedule.", "mandatory"),
        # how the buyer weighs a thing is its act, unless a permission comes first; what a
        # bidder did, listed in the past tense, is no standard though it has a figure
        ("The firm's staffing mix shall be evaluated to judge its grasp of the work.", None),
        ("A firm may add an appendix, but only ten pages will be evaluated.", "advisory"),
        ("completed at least two rounds of user interviews", None),
        ("Respond to at least 95% of tickets within one hour", "mandatory"),
        # whose rights and ownership are: terms of the contract
        ("Data rights in all deliverables shall be in accordance with clause 14.", None),
        ("Title to every map produced under this order shall vest in the City.", None),
        # a thing not authorized is forbidden; what a buyer's official is not authorized to
        # do is the buyer's limit
        ("Use of personal e-mail for project files is not authorized.", "mandatory"),
        ("The project officer is not authorized to approve price changes.", None),
        # a permission kept to what its list allows binds like "may only"
        ("The Vendor is permitted to keep client records only as follows:", "mandatory"),
        ("The Vendor is permitted to keep client records for audits.", "advisory"),
        ("The Vendor shall apply the patches within ten days.", "mandatory"),
        # what may or may not be so is a possibility, neither a prohibition nor a permission;
        # what a provision covers is a term of the contract
        ("An outage may or may not count as a service failure.", None),
        ("Staff may not share badges with visitors.", "mandatory"),
        ("This clause shall apply to files kept by agents of the Vendor.", None),
        # what both parties agree to do binds the bidder too; how a contract's doubts are
        # settled and what it gives no one else are its terms
        ("The parties agree to amend this contract when the law changes.", "mandatory"),
        ("The parties agree that the fees are fair.", None),
        ("Any doubt in this contract shall be resolved in favor of the tenant's privacy.", None),
        ("Nothing in this contract shall confer any right on a third party.", None),
        ("Words in capitals shall have the meanings given in Annex A.", None),
        # a unit of the buyer's named in capitals is the buyer's side; the system bought
        # "will" do a thing after an introductory phrase too
        ("The Records Section (\u201cRecords\u201d) is responsible for filing every deed.", None),
        ("The Vendor's Records Office is responsible for its own filings.", "mandatory"),
        ("In addition, the System will send a receipt for every payment.", "mandatory"),
        ("At the end of each week, the System will e-mail a summary of the fees.", "mandatory"),
        ("At any time before award, the County may cancel the tender.", None),
        # what provisions cover and a duty that survives are terms; a saving clause before
        # the buyer does not make its act the bidder's
        ("These clauses shall apply to records held by agents of the Vendor.", None),
        ("The Vendor's obligation to protect client data shall be continuous and survive "
         "the end of the contract.", None),
        ("Without limiting the rights of the parties under the lease and upon notice of a "
         "breach by the Vendor, the Agency shall either: Suspend the account.", None),
        ("Without limiting its other duties, the Vendor shall keep a log.", "mandatory"),
        # how long the contract may run is a term; how long an outage may last a standard
        ("The total duration of this order, with its options, shall not exceed two years.", None),
        ("The duration of any outage shall not exceed four hours.", "mandatory"),
        # "shall" named as a kind of statement is no modal
        ("Column B (the service needed, often written as a shall statement)", None),
        ("The list of must requirements is in Annex 2.", None),
        # what a thing is not to be confused with is no prohibition
        ("Outages are not to be confused with planned maintenance windows.", None),
        ("Backups are not to be kept on the same server.", "mandatory"),
        # what is critical or vital to do, like what is essential
        ("It is critical to tell each tenant which records were lost.", "mandatory"),
        ("The Vendor shall apply this clause to files kept by its agents.", "mandatory"),
        # a sentence naming what the requirement is
        ("The requirement is for a response time under two seconds.", "mandatory"),
        ("A4: The minimum requirement is that each driver holds a licence.", "mandatory"),
        ("Requirements are listed in the annex.", None),
        # an amendment's new wording is a term, though it has no verb of its own
        ("The Uptime row of the service levels table on page 8 is amended to read: "
         "“99.5% per calendar month”.", "mandatory"),
        ("The AQL of Reports is amended to drop the word “weekly”, so that it now reads: "
         "“Within two days of the end of each sprint”.", "mandatory"),
        ("Clause 9 is deleted in its entirety and replaced with the following: “Monthly "
         "reports in PDF”.", "mandatory"),
        ("Delete the last row of Table 2 and replace with: “Two site visits per year”.",
         "mandatory"),
        ("The amended schedule is attached.", None),
        ("The old schedule has been replaced.", None),
        # the buyer's expectation of what the system it buys will be capable of, also after a
        # label; not the buyer's plans, nor what the bidder's record will reveal
        ("A9: The County expects that every document in the Solution will be printable.",
         "mandatory"),
        ("The County expects that the legacy system will be unavailable on Sundays.", None),
        ("The County expects that the extent to which the Vendor has done such work will be "
         "shown by its samples.", None),
        # the bidder as the agent of a passive is its duty, though the buyer opens the sentence
        ("The County may accept such a plan, but acceptance is no waiver, which shall be "
         "obtained in writing by the Vendor before work starts.", "mandatory"),
        ("The County may accept such a plan, which will be reviewed in full by the County.",
         None),
        # the access the buyer must have, the bidder gives; not its right to audit, nor what it
        # "will have"
        ("The Agency, its auditors and the public shall have full read access to every ticket "
         "in the tracker.", "mandatory"),
        ("Marion County shall have remote access to the call recordings.", "mandatory"),
        ("The Agency shall have access to and the right to audit the Vendor's books.", None),
        ("The Agency will have access to the demonstration site.", None),
        # what the people the buyer serves must do under its rules is no duty of the bidder's;
        # what they must be able to do, the bidder's system must let them
        ("Every licensed practitioner must renew the licence each year.", None),
        ("A claimant who disputes a ruling shall file an appeal within 30 days.", None),
        ("Customers of example.gov are responsible for their own data.", None),
        ("Claimants must be able to upload evidence from a phone.", "mandatory"),
        # the bidder the buyer seeks, with a minimum to meet; seeking one with none is the
        # procurement's purpose
        ("The Authority is seeking a firm with at least ten years of transit experience.",
         "mandatory"),
        ("The library is seeking to contract a vendor that has a minimum of 3 certified "
         "archivists on staff.", "mandatory"),
        ("The Authority is seeking a firm to modernise its ticketing system.", None),
        # what the bidder or its proposal "needs to" do; the only bidders that will count
        ("The technical proposal needs to explain the migration plan.", "mandatory"),
        ("Suppliers need to register on the provincial portal before bidding.", "mandatory"),
        ("The schedule needs to be confirmed by the Board.", None),
        ("Only bidders licensed in the province will be considered.", "mandatory"),
        ("Only offers that carry a bid bond will be accepted.", "mandatory"),
        ("Only the three highest-ranked proposals will be evaluated in stage two.", None),
        # the bidder's work that "is due", and a deadline put as "The deadline for … is";
        # not a payment due to the bidder; the bidder as agent after an adverb
        ("Quarterly progress reports are due within ten days of each quarter's end.",
         "mandatory"),
        ("Payment is due within thirty days of invoice.", None),
        ("The deadline for written questions is April 2 at 4 p.m.", "mandatory"),
        ("Site logs will be reviewed weekly by the Contractor.", "mandatory"),
        # advice to the bidder; a limit on it; a public body's board is the buyer, a board
        # as a thing is not
        ("Proposers are strongly advised to attend the walkthrough.", "advisory"),
        ("Each vendor is limited to two alternate designs.", "mandatory"),
        ("The Board of Supervisors shall award the contract at a public meeting.", None),
        ("The board shall be fixed to the wall with four screws.", "mandatory"),
        # an instruction after a connective set off by its comma; not the buyer's act
        ("Therefore, attach the signed form to the offer.", "mandatory"),
        ("However, the Town will provide parking on site.", None),
        # a deadline "as soon as possible, but no later than" a date
        ("Offers are due as soon as possible, but no later than 2 p.m. on June 3, 2027.",
         "mandatory"),
        # a reminder put as an instruction, also after an introductory phrase
        ("In the cover letter, be sure to name the lead firm.", "mandatory"),
        ("Make sure that every page carries the firm's name.", "mandatory"),
        # an imperative whose object is the list after its colon, alone or with an item
        ("For each reference, provide:", "mandatory"),
        ("Include: A signed copy of the bid bond.", "mandatory"),
        ("Support:", None),
        # when a thing is expected to happen is a forecast; work the bidder is expected to
        # start is a duty
        ("The first task order is expected to begin in March 2027.", None),
        ("An award is expected to be made by the end of June.", None),
        ("The consultant is expected to begin work within five days of notice.", "mandatory"),
        # a request left to the reader's wish is no instruction; one that a wish to do a
        # thing depends on is
        ("Please join the mailing list if your company would like news of this tender.", None),
        ("Please e-mail the buyer if you wish to attend the walkthrough.", "mandatory"),
]  # fmt: skip
"""Sentences and the strength each must get, in English and Spanish."""


def test_obligations_are_recognised_in_english_and_spanish():
    misses = [
        f"{strength_of(sentence)!r} (want {strength!r}): {sentence}"
        for sentence, strength in STRENGTH_PAIRS
        if strength_of(sentence) != strength
    ]
    assert not misses, f"{len(misses)} of {len(STRENGTH_PAIRS)} misjudged:\n" + "\n".join(misses)


def test_the_buyer_named_by_its_agency_and_office_together_states_a_need():
    """An office named after its agency, both by the acronyms the document defines ("DOP
    ORS also requires …"), is the buyer: what it requires of the solution is a
    requirement, as when the document says "the Department requires …"."""
    aliases = frozenset({"DOP", "ORS"})
    need = "DOP ORS also requires nightly backups of every database."
    assert strength_of(need, buyer_aliases=aliases) == "mandatory"
    assert strength_of("DOP ORS requires a named support lead.", buyer_aliases=aliases) == (
        "mandatory"
    )


def test_an_idiom_of_obligation_that_names_no_bidder_is_refused(monkeypatch):
    """The matrix looks for the idioms only in sentences that name the bidder, so an idiom
    written without ``{bidder}`` would silently never match: it is refused, naming it."""
    from rfp_agents.deliverables import instructions

    table = instructions.load_vocabulary_file("obligations.toml")
    broken = {**table, "on_the_bidder": [*table["on_the_bidder"], "it is incumbent upon"]}
    monkeypatch.setattr(instructions, "load_vocabulary_file", lambda name: broken)
    instructions.instruction_patterns.cache_clear()
    try:
        with pytest.raises(ValueError, match="it is incumbent upon"):
            instructions.instruction_patterns()
    finally:
        instructions.instruction_patterns.cache_clear()


def test_the_buyer_named_by_its_own_acronym_is_the_buyer():
    """A document's buyer may go by an acronym no vocabulary lists ("the AOC"): what it
    reserves or seeks names it, and its own statements are then no rows. The acronym as a
    modifier ("The AOC badge") is not the subject."""
    aliases = buyer_aliases([
        "Proposals are due on May 1. The AOC reserves the right to reject any proposal.",
        "The Offeror shall provide two references.",
    ])  # fmt: skip
    assert aliases == {"AOC"}
    named = ["George Mason reserves the right to cancel.", "The County reserves the right.",
             "The Offeror reserves the right to withdraw its offer.",
             "Lead Web Developer\nThe Government reserves the right to add roles."]  # fmt: skip
    assert buyer_aliases(named) == {"George Mason"}
    assert strength_of("The AOC may hold discussions with all Offerors.") == "advisory"
    assert (
        strength_of("The AOC may hold discussions with all Offerors.", buyer_aliases=aliases)
        is None
    )
    # a measure and a figure would read as a performance standard, were it not the buyer's
    hours = "The AOC anticipates approximately twenty (20) to forty (40) hours of work per week."
    assert strength_of(hours) == "mandatory"
    assert strength_of(hours, buyer_aliases=aliases) is None
    badge = "The AOC security badge must be returned on the last day of work."
    assert strength_of(badge, buyer_aliases=aliases) == "mandatory"
    assert strength_of("The Offeror shall report to the AOC weekly.", buyer_aliases=aliases) == (
        "mandatory"
    )


def test_the_buyers_own_name_after_a_run_in_label_is_the_buyer():
    """ "FORCE MAJEURE: George Mason shall be excused …": the name a document gives its buyer
    opens the sentence after the label, so it is read as the buyer there too."""
    sentence = "FORCE MAJEURE: George Mason shall be excused from liability for delays."
    assert strength_of(sentence) == "mandatory"
    assert strength_of(sentence, buyer_aliases=frozenset({"George Mason"})) is None


def test_the_buyers_own_name_before_a_contrast_with_the_bidder_is_the_buyer():
    """ "The AOC, not the Offeror, will run the servers": the contrast set off by commas
    names who does not act; the buyer's name before it is still the subject."""
    aliases = frozenset({"AOC"})
    contrast = "The AOC, not the Offeror, will run the servers and keep their licences."
    assert strength_of(contrast, buyer_aliases=aliases) is None
    assert strength_of("AOC, not the Offeror, shall pay the fees.", buyer_aliases=aliases) is None
    bidder = "The Offeror, not the AOC, will run the servers."
    assert strength_of(bidder, buyer_aliases=aliases) == "mandatory"


def test_a_plan_describing_what_the_buyer_must_do_is_no_row():
    """A surveillance plan's purpose ("… sets out what the County must do to check the
    work") puts the modal on the buyer; a bidder told to explain the buyer's part still has
    a duty."""
    assert (
        strength_of("The review plan sets out what the County must do to check the work.") is None
    )
    assert strength_of("It explains how the Agency will score each site visit.") is None
    duty = "The Vendor shall describe how the County will receive the weekly files."
    assert strength_of(duty) == "mandatory"


def test_the_buyer_after_when_the_contract_ends_is_the_buyer():
    """ "At the expiration of the agreement the County shall …" has no comma after its
    time: the buyer is still the subject; the bidder's duty at that time is still a row."""
    buyer = "At the expiration of the agreement the County shall archive the shared folder."
    assert strength_of(buyer) is None
    bidder = "At the expiration of the agreement the Vendor shall hand back all badges."
    assert strength_of(bidder) == "mandatory"


def test_the_matrix_reads_the_acronym_a_document_gives_its_buyer(settings: Settings, workdir):
    text_pdf(workdir / "rfp.pdf", [
        "Scope of Work\nThe AOC reserves the right to reject any proposal. The AOC may hold "
        "discussions with any Offeror. The Offeror shall staff the help desk from 8 to 5.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "alias")
    assert rows == ["The Offeror shall staff the help desk from 8 to 5."]


def test_a_thing_named_among_instructions_is_a_requirement(settings: Settings, workdir):
    """A list of what the offer carries shares its force: the item that names a thing
    without a verb is handed in like its neighbours; the same phrase among statements of
    fact is no row."""
    text_pdf(workdir / "rfp.pdf", [
        "Proposal Contents\na. Return the signed cover page.\nb. Resumes of the two key "
        "staff of the firm.\nc. Submit the price sheet.\n\nBackground\nThe office "
        "opened in 1990. Records of the old building, with its plans. The office has ten "
        "staff.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "among")
    assert "Resumes of the two key staff of the firm." in rows
    assert "Records of the old building, with its plans." not in rows


def test_in_a_qa_a_request_may_be_the_vendors():
    request = "Please provide the incumbent's contract number."
    assert strength_of(request) == "mandatory"
    assert strength_of(request, in_questions_and_answers=True) is None


def test_in_a_qa_the_buyers_wish_binds_in_its_answer_only():
    """ "We would like …" in an answer is the buyer's request; in a question it is the
    vendor's; what the buyer would like to do is no request."""
    wish = "Yes, we would like a price for each optional task."
    assert strength_of(wish) == "mandatory"
    assert strength_of(wish, in_questions_and_answers=True) is None
    assert strength_of("We would like to thank every vendor for attending.") is None


def test_a_numbered_qa_entry_is_left_out_up_to_its_response(settings: Settings, workdir):
    """ "4." opens a vendor's entry and "Response:" ends it, even when the splitter glued the
    label to the entry's last sentence; an entry no answer follows is kept (a questionnaire)."""
    text_pdf(workdir / "revised-qa.pdf", [
        "Revised Questions and Answers\n"
        "3. Is there an incumbent?\n"
        "Response: There is no incumbent.\n"
        "4. Pricing Form - It seems that a login is required to open the pricing form. "
        "It is linked on page 2 Response:\n"
        "The form is posted in the portal. Vendors shall fill in the posted rate sheet.\n"
        "5. Will the number of analysts be evaluated?\n"
        "Response: Yes, it is up to each vendor to name its analysts.\n"
        "6. How many references are needed?\n"
        "Response: As stated in the RFQ: Please provide two references.\n"
        "7. Is there an incumbent? If so, please provide the incumbent's contract number.",
    ])  # fmt: skip
    text_pdf(workdir / "questionnaire.pdf", [
        "Offeror Questionnaire\n"
        "1. The offeror shall state its years in business.\n"
        "Response:\n"
        "2. The offeror shall list three references.\n"
        "Response:",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "qa")
    assert not any("login is required" in r for r in rows)
    assert any("Vendors shall fill in the posted rate sheet" in r for r in rows)
    assert any("it is up to each vendor to name its analysts" in r for r in rows)
    # in a Q&A a request is an instruction in a labelled answer only: the buyer speaks there
    assert any("Please provide two references" in r for r in rows)
    assert not any("incumbent's contract number" in r for r in rows)
    assert any("shall state its years in business" in r for r in rows)
    assert any("shall list three references" in r for r in rows)


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


def test_a_numbered_sentence_wrapped_at_the_line_end_is_not_a_section_heading():
    page = (
        "7.5 Contractor Performance\n"
        "When defects cannot be corrected, the State may:\n"
        "1. Require the contractor to take necessary action to ensure that future\n"
        "performance conforms to the contract.\n"
        "7.6 INSPECTION AND ACCEPTANCE\n"
        "The State shall inspect each deliverable."
    )
    sections = _headings_of(page)
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
    sections = _headings_of(page)
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
    sections = _headings_of(page)
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


def test_a_vendors_question_in_a_qa_is_no_row_but_an_rfps_question_prompt_is(
    settings: Settings, workdir
):
    text_pdf(workdir / "answers.pdf", [
        "Questions and Answers\nQ7: What can you tell us about the staging environment? Any "
        "details you can provide would help in scoping the environment the Contractor will "
        "provide.\nA7: The Contractor must host its own development environment. Section 5 "
        "is amended to read: \"The Contractor shall mirror the staging environment.\" "
        "Q8: Will you share the network diagram? A8: Yes.",
    ])  # fmt: skip
    text_pdf(workdir / "prompts.pdf", [
        "Technical Volume\nQuestion 1: Describe your approach to data migration. Offerors must "
        "describe the tools they will use. Offerors must name a migration lead.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "qa")
    assert not any("scoping the environment" in r for r in rows)
    assert any("must host its own development environment" in r for r in rows)
    # an answer's text before the next question glued to it by a closing quote stays a row
    assert any("shall mirror the staging environment" in r for r in rows)
    # no answer follows the prompt: it is an instruction, and its requirements are rows
    assert any("must describe the tools" in r for r in rows)
    assert any("must name a migration lead" in r for r in rows)


def test_a_qa_that_numbers_its_questions_and_letters_its_answers_keeps_only_the_answers(
    settings: Settings, workdir
):
    """A Q&A laid out as a numbered list: "1. <question>" then "a. <answer>", no "Q:" / "A:"
    labels. The vendor's question (and the RFP text it quotes) is no row; the answer is,
    also when the next question's number is glued to it ("… page count 4.Is a bid …")."""
    text_pdf(workdir / "questions-and-answers.pdf", [
        "Questions and Answers\n"
        "1. Will the agency accept electronic signatures on the cover letter?\n"
        "a. Yes. Offerors must sign the cover letter in ink or electronically.\n"
        "2.It is unclear whether the offeror is required to attend the site visit. Please\n"
        "clarify.\n"
        "a. Please bring two copies of the safety plan to the site visit.\n"
        "3. \"Each resume shall not exceed two pages.\" Does this include the cover page?\n"
        "a. The cover page will need to be included in the page count\n"
        "4.Is a bid bond required?\n"
        "a. No.\n"
        "5.We would like to know whether we should bring our own laptops.\n"
        "A. Vendors must bring their own laptops.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "lettered")
    assert "Vendors must bring their own laptops." in rows
    assert not any("we should bring" in r for r in rows), rows
    assert "Offerors must sign the cover letter in ink or electronically." in rows
    assert "Please bring two copies of the safety plan to the site visit." in rows
    assert "The cover page will need to be included in the page count" in rows
    assert not any("required to attend" in r or "Each resume" in r for r in rows), rows
    assert not any("bid bond" in r for r in rows), rows


def test_a_qa_whose_labels_have_no_numbers_keeps_only_the_answers(settings: Settings, workdir):
    """ "Question:" / "Q:" without a number open a vendor's question as "Q7:" does, and
    "Answer:" / "A:" answer it: the vendor's quote of the RFP is no row, the answer is, and
    a bare yes to a question of need is one."""
    text_pdf(workdir / "questions-and-answers.pdf", [
        "Questions and Answers\n"
        "Question: Section 3 is unclear to us. The RFP says the vendor shall staff the help\n"
        "desk at night. Is a second shift acceptable instead?\n"
        "Answer: No. The help desk must be staffed every night of the year.\n"
        "Q: Must the vendor hold cyber liability insurance?\n"
        "A: Yes.\n"
        "Q: Are electronic signatures acceptable on the price form?\n"
        "A: Yes.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "unnumbered")
    assert not any("staff the help desk at night" in r for r in rows), rows
    assert any("The help desk must be staffed every night of the year." in r for r in rows)
    assert any("Must the vendor hold cyber liability insurance? Yes." in r for r in rows), rows
    assert not any("electronic signatures" in r for r in rows), rows


def test_a_spanish_qa_keeps_only_the_answers_and_a_yes_to_a_question_of_need(
    settings: Settings, workdir
):
    """ "Preguntas y respuestas": "Pregunta:" opens the bidder's question and "Respuesta:"
    answers it, as in English; "Sí." to "¿Es obligatoria …?" makes it a row; an answer that
    changes a requirement of the *pliego* it answers amends that row."""
    text_pdf(workdir / "pliego-obras.pdf", [
        "3. Oferta\nEl adjudicatario deberá presentar el presupuesto de los andamios dentro "
        "del sobre de la oferta.",
    ])  # fmt: skip
    text_pdf(workdir / "pliego-obras-preguntas-y-respuestas.pdf", [
        "PREGUNTAS Y RESPUESTAS\n"
        "Pregunta: El pliego dice que el adjudicatario deberá pintar la fachada. ¿Incluye\n"
        "el precio los andamios?\n"
        "Respuesta: No. El adjudicatario deberá presentar el presupuesto de los andamios aparte.\n"
        "Pregunta: ¿Es obligatoria la visita a las instalaciones?\n"
        "Respuesta: Sí.",
    ])  # fmt: skip
    assert ingest_paths([workdir], settings, "preguntas").exit_code == 0
    rows = requirements(KnowledgeBase.open("preguntas", settings))
    texts = [r.requirement for r in rows]
    assert not any("pintar la fachada" in r for r in texts), texts
    assert any("¿Es obligatoria la visita a las instalaciones? Sí." in r for r in texts), texts
    [base] = [r for r in rows if r.file == "pliego-obras.pdf"]
    [answer] = [r for r in rows if "andamios aparte" in r.requirement]
    assert answer.amends == base.id and base.amended_by == [answer.id]


def test_a_qa_question_answered_only_yes_is_a_requirement_when_it_asks_what_is_needed(
    settings: Settings, workdir
):
    """The buyer answers a vendor's "is this needed?" with a bare "Yes.": the question with
    its yes is the requirement, and each item of a question's list answered so carries the
    question's lead-in. A yes to anything else (a permission, a fact) is no row, nor a no,
    nor the rest of the vendor's question."""
    text_pdf(workdir / "questions-and-answers.pdf", [
        "Questions and Answers\n"
        "Q1: Reporting: the RFQ names a monthly report. Will the agency also need the "
        "following:\n"
        "a. A weekly summary of open tickets by priority? Yes.\n"
        "b. Quarterly satisfaction surveys sent to end users? Yes.\n"
        "Q2: Must the offeror hold a current state business licence at submission?\n"
        "A2: Yes.\n"
        "Q3: Our team works from two offices. Will proposals delivered by courier be "
        "accepted?\n"
        "A3: Yes.\n"
        "Q4: Is a performance bond required?\n"
        "A4: No.",
    ])  # fmt: skip
    text_pdf(workdir / "vendor-questions-and-answers.pdf", [
        "Questions and Answers\n"
        "5.Is attendance at the pre-bid conference mandatory for all offerors?\n"
        "a. Yes.\n"
        "6.Can offerors cite projects performed by their subcontractors?\n"
        "a. Yes.\n"
        "7.Is a signed tax form needed before the first invoice?\n"
        "A. Yes.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "confirmed")
    lead_in = "Will the agency also need the following:"
    assert any(f"{lead_in} A weekly summary of open tickets by priority? Yes." in r for r in rows)
    assert any(f"{lead_in} Quarterly satisfaction surveys sent to end users? Yes." in r
               for r in rows), rows  # fmt: skip
    assert not any(r.rstrip().endswith("following:") for r in rows), rows
    assert any("hold a current state business licence at submission? Yes." in r for r in rows)
    assert any("pre-bid conference mandatory for all offerors? Yes." in r for r in rows), rows
    # "A. Yes." on a line of its own is the answer, not a lettered heading
    assert any("signed tax form needed before the first invoice? Yes." in r for r in rows), rows
    assert not any("courier" in r or "two offices" in r for r in rows), rows
    assert not any("performance bond" in r or "subcontractors" in r for r in rows), rows


def test_a_qa_question_whose_number_is_glued_to_a_lower_case_word_is_no_row(
    settings: Settings, workdir
):
    """ "7.all of our code is hosted …": a question's number glued to its first word in lower
    case still opens the vendor's question, so what it says ("Outside access is prohibited.")
    is no row; the answer is."""
    text_pdf(workdir / "questions-and-answers.pdf", [
        "Questions and Answers\n"
        "6. Will the agency accept scanned signatures?\n"
        "a. Offerors must sign the cover letter in ink.\n"
        "7.all of our code is hosted on the agency's network. Outside access is prohibited.\n"
        "Can we send a sample instead?\n"
        "a. Vendors must upload a code sample to the portal.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "glued")
    assert "Vendors must upload a code sample to the portal." in rows
    assert "Offerors must sign the cover letter in ink." in rows
    assert not any("Outside access" in r for r in rows), rows


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


def test_a_short_instruction_is_a_row_though_a_short_fragment_is_not(monkeypatch):
    rows = statements_of(["Complete final design.", "Page 3 of 12 total"], monkeypatch)
    assert rows == ["Complete final design."]


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


def test_a_dash_bullet_is_dropped_from_the_first_item_too(settings: Settings, workdir):
    text_pdf(workdir / "dash.pdf", [
        "Proposals shall include the following:\n- A signed cover letter\n- A price sheet"
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "dash")
    lead = "Proposals shall include the following:"
    assert f"{lead} A signed cover letter" in rows and f"{lead} A price sheet" in rows


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


def statements_of(read: list[str], monkeypatch) -> list[str]:
    """The statements ``matrix.statements`` makes of sentences read in this order, one page,
    no heading (the list logic alone, without a PDF's line layout)."""
    return [text for text, _ in paged_statements([(s, 1) for s in read], monkeypatch)]


def paged_statements(read: list[tuple[str, int]], monkeypatch) -> list[tuple[str, dict]]:
    """``statements_of`` for sentences read with their pages: each statement and its
    metadata."""
    sentences = [(text, {"page_number": page}, False) for text, page in read]
    monkeypatch.setattr(reader, "_sentences", lambda kb, source, **_: iter(sentences))
    return list(matrix.statements(None, "stub.pdf"))


def cited_statements(read: list[tuple[str, int]], monkeypatch) -> list[tuple[str, int]]:
    """``paged_statements`` as each statement and the page it is cited on."""
    return [(text, meta["page_number"]) for text, meta in paged_statements(read, monkeypatch)]


def cited_spans(read: list[tuple[str, int]], monkeypatch) -> list[tuple[str, int, int]]:
    """``paged_statements`` as each statement and the first and last pages it is cited on."""
    return [
        (text, meta["page_number"], meta.get("last_page", meta["page_number"]))
        for text, meta in paged_statements(read, monkeypatch)
    ]


def requirement_texts(folder, settings: Settings, kb: str) -> list[str]:
    """Ingest ``folder`` into ``kb`` and return the text of each matrix row."""
    assert ingest_paths([folder], settings, kb).exit_code == 0
    return [r.requirement for r in requirements(KnowledgeBase.open(kb, settings))]


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


def test_what_the_document_covers_and_the_buyers_own_duties_are_no_rows(settings, workdir):
    """A document's table of what it covers ("This SOW describes the parts of the work as
    follows:") lists things, each named with the modal of its relative clause ("Duties
    that the vendor must carry out."): no requirements. Nor is a duty a pronoun takes up
    after the buyer's official opened the sentence before ("The Contracting Officer is the
    agency's lead for this order." then "They are responsible for …")."""
    text_pdf(workdir / "sow.pdf", [
        "3.0 SCOPE\n"
        "This Statement of Work (SOW) describes the parts of the work as follows:\n"
        "- Duties that the vendor must carry out.\n"
        "- Standards that must be kept while the vendor works.\n\n"
        "4.0 ROLES\n"
        "The Contracting Officer is the agency's lead for this order.\n"
        "They are responsible for setting the priorities of each release.\n"
        "The vendor shall keep a risk register.\n",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "sow")
    assert "The vendor shall keep a risk register." in rows
    assert not [row for row in rows if "Duties" in row or "Standards" in row]
    assert not [row for row in rows if "priorities" in row]


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


def test_a_note_opening_its_line_is_a_sentence_of_its_own():
    """An address has no full stops; a note on the next line ("Note: …") is not part of it."""
    text = "Town Hall Attention: Clerk 12 Main Street\nNote: No emailed bids will be accepted."
    assert split_sentences(text) == [
        "Town Hall Attention: Clerk 12 Main Street",
        "Note: No emailed bids will be accepted.",
    ]


def test_a_checklists_boxes_are_its_items():
    """A checklist's boxes ("□") mark its items as bullets do: the sentence after a box is
    not glued to the item before it."""
    text = "□ Signed cover page. If none, write N/A. □ Submit the price form by May 1."
    assert split_sentences(text) == [
        "Signed cover page.",
        "If none, write N/A.",
        "Submit the price form by May 1.",
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


def test_the_names_a_contract_defines_for_its_parties_are_read_as_their_roles():
    """An agreement names its parties once ("the Vendor (“Licensee” or “LIC”)"): what LIC
    agrees to is the bidder's duty, what the buyer's defined name may do is not."""
    from rfp_agents.deliverables.defined_names import bidder_aliases

    texts = [
        "This agreement is between the County of Elm (“Licensor” or “LCR”) and the Vendor "
        "(“Licensee” or “LIC”).",
        "The Offeror shall provide two references.",
    ]
    bidders, buyers = bidder_aliases(texts), buyer_aliases(texts)
    assert bidders == {"Licensee", "LIC"}
    assert {"Licensor", "LCR"} <= buyers
    promise = "LIC agrees to keep the source code in escrow."
    assert strength_of(promise) is None
    assert strength_of(promise, bidder_aliases=bidders) == "mandatory"
    act = "LCR may operate a register that must list every release."
    assert strength_of(act) == "mandatory"
    assert strength_of(act, buyer_aliases=buyers, bidder_aliases=bidders) is None


def test_a_government_bodys_acronym_is_the_buyers_side():
    """ "the Federal Roads Administration (FRA)" is a government body: "FRA shall provide
    the survey data" is its act, not the bidder's duty; the bidder's own duty stays one."""
    texts = ["The Federal Roads Administration (FRA) funds this study."]
    buyers = buyer_aliases(texts)
    assert "FRA" in buyers
    act = "FRA shall provide the survey data to the consultant."
    assert strength_of(act) == "mandatory"
    assert strength_of(act, buyer_aliases=buyers) is None
    duty = "The consultant shall return the survey data to FRA."
    assert strength_of(duty, buyer_aliases=buyers) == "mandatory"


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


def test_a_spanish_article_heading_opening_its_line_ends_the_text_before_it():
    """A pliego's article heading on its own line ("ARTÍCULO 6º: …") starts a new sentence,
    though the text before it has no full stop."""
    text = "El pago se hará por transferencia\nARTÍCULO 6º: GARANTÍAS Se exige aval."
    assert split_sentences(text)[0] == "El pago se hará por transferencia"


def test_a_figure_its_text_layer_spaced_and_wrapped_is_no_list_item():
    """ "13. 074" at a line start is a law's number its text layer spaced, not item 13."""
    text = "Presentar el certificado previsto por la Ley N°\n13. 074 y el Decreto 340/04."
    assert split_sentences(text) == [" ".join(text.split())]


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


def test_requirements_differing_in_a_designator_are_two_rows(settings: Settings, workdir):
    pdf = text_pdf(workdir / "forms.pdf", [
        "1. Forms\nForm B shall be signed by an officer.\nForm C shall be signed by an officer.",
    ])  # fmt: skip
    assert ingest_paths([pdf], settings, "forms").exit_code == 0
    rows = [r.requirement for r in requirements(KnowledgeBase.open("forms", settings))]
    assert "Form B shall be signed by an officer." in rows
    assert "Form C shall be signed by an officer." in rows


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


def test_a_heading_may_end_on_a_note_in_brackets():
    """ "4.2.1. Waste Disposal (Applies only where the site holds hazardous material)" is a
    heading whose note in brackets is no part of its title's case; the sentence under it
    does not start with it."""
    page = (
        "4.2.1. Waste Disposal (Applies only where the site holds hazardous material)\n"
        "The contractor shall dispose of waste at a licensed facility."
    )
    assert _headings_of(page) == [
        "4.2.1. Waste Disposal (Applies only where the site holds hazardous material)"
    ]


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


def test_the_short_name_of_a_unit_of_the_buyers_is_the_buyers_side():
    """ "The Licensing Office (“Licensing”)" is a unit of the buyer's: "Licensing is also
    responsible for …" is its task, not the bidder's; a unit of the bidder's own, named
    after its possessive, is no buyer."""
    texts = [
        "The Licensing Office (“Licensing”) issues permits.",
        "The Vendor’s Support Office (“Helpdesk”) answers calls.",
    ]
    buyers = buyer_aliases(texts)
    assert "Licensing" in buyers and "Helpdesk" not in buyers
    task = "Licensing is also responsible for renewing expired permits."
    assert strength_of(task) == "mandatory"
    assert strength_of(task, buyer_aliases=buyers) is None


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


def test_this_person_after_the_bidder_names_one_is_the_bidders():
    """ "This coordinator will attend …" after "The vendor shall appoint a site coordinator."
    is the vendor's duty; after a sentence that names no such person, or after the buyer's,
    it is none."""

    def second(first: str, then: str) -> str | None:
        return rows._strengths_by_rules([(first, {}), (then, {})], [0, 1], False)[1]

    then = "This coordinator, during installation, will attend the weekly site meetings."
    assert second("The vendor shall appoint a site coordinator for each depot.", then) == (
        "mandatory"
    )
    assert second("The vendor shall clean each depot after installation.", then) is None
    assert second("The Authority will appoint a site coordinator.", then) is None


def test_a_passive_after_the_bidders_duty_goes_on_with_the_bidders_work():
    """ "The test results will be recorded …" after "The supplier will test each release." is
    the supplier's work; after the buyer's sentence it is not, nor what someone it names
    does ("… reviewed by the inspector"), nor what becomes of a thing no one makes."""

    def second(first: str, then: str) -> str | None:
        return rows._strengths_by_rules([(first, {}), (then, {})], [0, 1], False)[1]

    supplier = "The supplier will test each release on the staging server."
    assert second(supplier, "The test results will be recorded in the release log.") == (
        "mandatory"
    )
    assert second(supplier, "All defects found will also be tracked to closure.") == "mandatory"
    assert (
        second("The Board will publish the schedule.", "The dates will be listed online.") is None
    )
    assert second(supplier, "The test results will be reviewed by the inspector.") is None
    assert second(supplier, "The invoices will be paid within thirty days.") is None


def test_they_after_a_sentence_the_bidder_opened_is_the_bidder():
    """ "They will also train the staff." after "The vendor will install the kiosks." is the
    vendor's duty; after the buyer's sentence it is none."""
    after_the_vendor = [
        ("The vendor will install the kiosks.", {}),
        ("They will also train the staff.", {}),
    ]
    after_the_county = [
        ("The County will open the site.", {}),
        ("They will also train the staff.", {}),
    ]
    assert rows._strengths_by_rules(after_the_vendor, [0, 1], False)[1] == "mandatory"
    assert rows._strengths_by_rules(after_the_county, [0, 1], False)[1] is None


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


def test_an_item_marked_optional_is_advisory():
    """ "(Optional) Letters of support" under a binding lead-in is what the bidder may hand
    in; the item before it is still mandatory."""
    lead_in = "The proposal must include the following: "
    assert strength_of(f"{lead_in}(Optional) Letters of support from past clients.") == ("advisory")
    assert strength_of(f"{lead_in}Proof of bonding capacity.") == "mandatory"


def test_what_the_buyer_does_not_expect_to_be_needed_is_no_duty():
    """ "The Board does not anticipate that the vendor will need to travel." forecasts that
    no duty arises; "… will need to travel" put plainly is one, and so is a duty that follows
    the forecast after "however"."""
    assert strength_of("The Board does not anticipate that the vendor will need to travel.") is (
        None
    )
    assert strength_of("The vendor will need to travel to each branch twice a year.") == (
        "mandatory"
    )
    assert (
        strength_of("The Board does not expect travel; however, the vendor shall pay for any trip.")
        == "mandatory"
    )


def test_a_question_word_in_capitals_is_the_object_of_an_imperative():
    """ "Explain WHY each tool was chosen." is an instruction, as "Explain why …" is."""
    assert strength_of("Explain WHY each tool in your stack was chosen.") == "mandatory"


def test_the_roles_the_bidder_designates_are_its_people():
    """After "The vendor must designate a Site Supervisor.", what "The Site Supervisor will
    …" do is the vendor's duty, and so is what "This person" and then "They" will do; the
    same sentences after the buyer names its own supervisor bind no one."""
    sentences = [
        "The Site Supervisor will hold a safety briefing each morning.",
        "This person will keep the daily log of the crews on site.",
        "They will also report each incident to the inspector.",
    ]
    designated = [("The vendor must designate a Site Supervisor.", {})]
    buyers = [("The Authority will appoint a Site Supervisor.", {})]
    stated = designated + [(s, {}) for s in sentences]
    strengths = rows._strengths_by_rules(stated, [1, 2, 3], False)
    assert [strengths[i] for i in (1, 2, 3)] == ["mandatory"] * 3
    stated = buyers + [(s, {}) for s in sentences]
    strengths = rows._strengths_by_rules(stated, [1, 2, 3], False)
    assert [strengths[i] for i in (1, 2, 3)] == [None] * 3


def test_this_individual_after_an_introductory_phrase_is_the_bidders():
    """ "Within ten days of award, the vendor shall name a contract administrator." opens
    with the vendor after its introductory phrase, so "This individual … will answer …" is
    the vendor's duty."""
    stated = [
        ("Within ten days of award, the vendor shall name a contract administrator.", {}),
        ("This individual, at a minimum, will answer all billing questions.", {}),
    ]
    assert rows._strengths_by_rules(stated, [0, 1], False)[1] == "mandatory"


def test_a_heading_in_sentence_case_under_a_clause_number_is_a_heading():
    """ "4.2.1 Site safety and access plan" (sentence case, a clause number of three levels)
    is a heading, not glued to the sentence under it; a numbered sentence wrapped at the line
    end ("4.2.2 All crews must carry") is not one."""
    page = (
        "The vendor shall keep the site clean.\n"
        "4.2.1 Site safety and access plan\n"
        "This plan should be no more than five pages.\n"
    )
    assert [heading for heading in _headings_of(page) if heading] == [
        "4.2.1 Site safety and access plan"
    ]
    wrapped = "The vendor shall keep the site clean.\n4.2.2 All crews must carry\nphoto badges.\n"
    assert [heading for heading in _headings_of(wrapped) if heading] == []


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


def test_the_role_the_bidder_takes_on_is_its_duty():
    """ "The Vendor will be the single point of contact for all orders" binds the vendor;
    what the vendor will be by status ("a small business") or what the buyer will be does
    not."""
    assert strength_of("The Vendor will be the single point of contact for all orders.") == (
        "mandatory"
    )
    assert strength_of("The Vendor will be a small business for this order.") is None
    assert strength_of("The County will be the point of contact for permits.") is None


def test_an_instruction_whose_object_is_a_term_of_the_contract_binds_the_bidder():
    """ "Ensure that all drawings will be the property of the Town." tells the bidder to see
    to it; stated plainly, "All drawings will be the property of the Town." is a term."""
    assert strength_of("Ensure that all drawings will be the property of the Town.") == (
        "mandatory"
    )
    assert strength_of("All drawings will be the property of the Town.") is None


def test_an_instruction_after_a_time_counted_from_an_event_is_one():
    """ "Thirty (30) days before the lease ends, deliver the keys." opens with a time counted
    from an event, then instructs."""
    assert strength_of(
        "Thirty (30) days before the lease ends, deliver the keys to the clerk."
    ) == ("mandatory")
    assert strength_of("Three weeks after award, submit the safety plan.") == "mandatory"


def test_what_no_one_is_obliged_or_needs_to_do_is_no_duty():
    """ "The Board is not obligated to hold interviews" and "… staff may not need to attend"
    bind no one; "may not attend" forbids."""
    assert strength_of("For this reason, the Board is not obligated to hold interviews.") is None
    assert (
        strength_of("Bidders should note that junior staff may not need to attend the visit.")
        != "mandatory"
    )
    assert strength_of("Junior staff may not attend the site visit.") == "mandatory"


def test_an_opening_with_a_main_clause_is_no_introduction_to_an_imperative():
    """In "For this reason, the Board is not bound to …, conduct interviews …" and "If two
    vendors propose one engineer, the Board reserves the right to …, confirm …" the verb
    after the last comma is the main clause's, not an instruction; "If awarded, submit …"
    is one."""
    assert (
        strength_of(
            "If two Vendors propose the same engineer, the Board reserves the right to "
            "investigate, as it deems necessary, confirm the engineer's availability and "
            "reject either proposal."
        )
        is None
    )
    assert strength_of("If awarded, submit the insurance certificate within ten days.") == (
        "mandatory"
    )


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


def test_the_bidder_first_among_parties_acting_together_is_bound():
    """ "The vendor, the architect, and the Board will meet weekly" binds the vendor; what
    they "will each receive" does not."""
    assert strength_of("The vendor, the architect, and the Board will meet weekly on site.") == (
        "mandatory"
    )
    assert strength_of("The vendor and the Board will each receive a signed copy.") is None


def test_a_contracted_prohibition_is_one():
    """ "Visits to the site aren't allowed before the walkthrough." forbids, as "are not
    allowed" does."""
    assert strength_of("Visits to the site aren't allowed before the walkthrough.") == ("mandatory")


def test_work_that_will_require_the_bidders_people_to_act_binds_the_bidder():
    """ "Night shifts will require the vendor's staff to carry radios." is the vendor's
    duty, whatever the subject; not when a condition or a relative clause holds it, when it
    only "may" be so, nor what the buyer "can" require, a power it holds."""
    assert strength_of("Night shifts will require the vendor's staff to carry radios.") == (
        "mandatory"
    )
    assert strength_of("The winter season requires the vendor to clear snow daily.") == (
        "mandatory"
    )
    assert strength_of("If an outage requires the vendor to work overnight, it is paid.") is None
    assert strength_of("Shifts that require the vendor to work overnight are paid double.") is None
    assert strength_of("A storm may require the vendor to close the site.") == "advisory"
    assert strength_of("The inspector can require the vendor to repeat a failed test.") is None


def test_what_the_bidder_will_require_for_itself_is_no_duty():
    """ "The vendor will require a parking permit for each truck." says what the vendor
    needs; what it will require of its own crews to do is its duty."""
    assert strength_of("The vendor will require a parking permit for each truck.") is None
    assert strength_of("The vendor will require all crews to wear hard hats on site.") == (
        "mandatory"
    )


def test_the_bidders_people_named_bare_after_the_bidder_named_them_are_its_people():
    """After "Vendor staff shall wear photo badges on site.", "Staff will sign in at the
    gate each morning." is the vendor's duty; after a sentence about the buyer's staff it
    binds no one."""
    after_the_vendor = [
        ("Vendor staff shall wear photo badges on site.", {}),
        ("Staff will sign in at the gate each morning.", {}),
    ]
    assert rows._strengths_by_rules(after_the_vendor, [0, 1], False)[1] == "mandatory"
    after_the_buyer = [
        ("The Authority's staff are on site each weekday.", {}),
        ("Staff will sign in at the gate each morning.", {}),
    ]
    assert rows._strengths_by_rules(after_the_buyer, [0, 1], False)[1] is None


def test_what_the_plan_the_bidder_must_write_will_hold_is_its_duty():
    """ "3.2 The vendor shall prepare a Traffic Control Plan." then "This Plan will include
    the detour routes …": the contents the vendor must put in its plan, though the
    paragraph's number opens the sentence before. A meeting's agenda is not so."""
    stated = [
        ("3.2 The vendor shall prepare a Traffic Control Plan within 10 days.", {}),
        ("This Plan will include the detour routes and the signs for each phase.", {}),
    ]
    assert rows._strengths_by_rules(stated, [0, 1], False)[1] == "mandatory"
    meeting = [
        ("3.2 The vendor shall attend a kickoff meeting within 10 days.", {}),
        ("This meeting will include introductions of both teams.", {}),
    ]
    assert rows._strengths_by_rules(meeting, [0, 1], False)[1] is None


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
    assert [heading for heading in _headings_of(page) if heading] == [
        "3.1.4 Site Access",
        "3.1.5 Waste Removal",
    ]
    insurance = (
        "The vendor shall carry insurance as follows:\n"
        "4.1.1 General Liability: five million dollars;\n"
        "4.1.2 Umbrella Liability: two million dollars;\n"
    )
    assert [heading for heading in _headings_of(insurance) if heading] == []


def test_an_imperative_under_a_clause_number_or_naming_an_acronym_is_an_instruction():
    """ "5.3.2 Assist DPW staff in moving the archive to the new server." opens with its
    clause number and names the buyer by its acronym: an instruction all the same."""
    assert strength_of("5.3.2 Assist DPW staff in moving the archive to the new server.") == (
        "mandatory"
    )
    assert strength_of("5.3.3 Migrate the archive to the new server by June.") == "mandatory"


def test_the_aim_run_in_before_the_duties_is_no_row():
    """ "Objective: Provide field crews with current maps." says what the duties under it are
    for; the same words alone are an instruction."""
    assert strength_of("Objective: Provide field crews with current maps.") is None
    assert strength_of("Provide field crews with current maps.") == "mandatory"


def test_what_no_one_will_require_or_a_relative_clause_names_is_no_duty():
    """ "No site visit is planned or will be required." demands nothing, and "the crews that
    will be required in winter" only says which crews; "… an account, which will be required
    to bid" says the account is required, and so is plain "A permit will be required"."""
    assert strength_of("No site visit is planned or will be required for this work.") is None
    assert strength_of("The crews that will be required in winter are paid overtime.") is None
    assert strength_of("Register on the portal, which will be required to bid.") == "mandatory"
    assert strength_of("A street permit will be required for each closure.") == "mandatory"


def test_a_modal_that_only_tells_the_reader_a_fact_is_no_duty():
    """ "The vendor shall note that unused funds may be withdrawn." informs; a duty in the
    clause it introduces is still one."""
    assert strength_of("The vendor shall note that unused funds may be withdrawn.") != ("mandatory")
    assert strength_of("The vendor must note that all unit prices are fixed.") is None
    assert strength_of("The vendor shall note that the vendor shall sign within 5 days.") == (
        "mandatory"
    )


def test_a_clauses_money_mechanism_and_what_counts_as_allowable_are_contract_terms():
    """How a clause adjusts the contract's money ("The estimated cost shall be increased to
    the extent …", "the increase shall be allocated …"), whether a cost "shall be
    allowable", what "shall then constitute" the total, and what "shall not provide grounds
    for" a claim are terms of the contract, not the vendor's work."""
    for sentence in (
        "(g) The estimated cost shall be increased to the extent that more funds are allotted.",
        "If the contract is cost-sharing, the increase shall be allocated by the formula.",
        "Costs incurred before the increase shall be allowable as if incurred afterward.",
        "The Officer names a new amount, which shall then constitute the total allotted.",
        "Rejection of a substitute shall not provide grounds for any claim for delay.",
    ):
        assert strength_of(sentence) is None, sentence
    assert strength_of("The vendor shall adjust its unit prices each January.") == "mandatory"


def test_a_channel_the_bidder_may_not_use_binds_it_but_a_late_ones_fate_does_not():
    """ "Questions sent by any other means will not be answered." and "No other forms of
    submission will be confirmed or accepted." restrict how the bidder sends them; "Late
    questions will not be answered" is what becomes of them."""
    assert strength_of("Questions sent by any other means will not be answered.") == "mandatory"
    assert strength_of("No other forms of submission will be confirmed or accepted.") == (
        "mandatory"
    )
    assert strength_of("Questions received after the deadline will not be answered.") is None


def test_whom_the_buyer_designates_is_the_buyers_act():
    """ "Further inspectors must be identified and designated by the Contracting Officer."
    is the buyer's act; what the Officer must approve the vendor must still obtain."""
    designated = "Further inspectors must be identified and designated by the Contracting Officer."
    assert strength_of(designated) is None
    assert strength_of("Each substitute must be approved by the Contracting Officer.") == (
        "mandatory"
    )


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


def test_a_qa_yes_with_its_terms_is_one_row_with_the_question_of_need_it_answers(
    settings: Settings, workdir
):
    """ "Yes, of 5 % of the bid." answers "Is a bid bond required?": the buyer confirms the
    need and sets its terms, so the question with the whole answer is one requirement. To a
    question that asks for no need ("Will the County accept …?") a yes with terms is no
    requirement, and an answer that binds by its own words stays its own row."""
    text_pdf(workdir / "questions-and-answers.pdf", [
        "Questions and Answers\n"
        "Q1: Is a bid bond required with the proposal?\n"
        "A1: Yes, a bid bond of 5% of the bid amount, issued by a licensed surety.\n"
        "Q2: Does the vendor need to be registered with the state before award?\n"
        "A2: Yes, no later than ten days after the notice of intent.\n"
        "Q3: Will the County accept electronic signatures on the price form?\n"
        "A3: Yes, scanned or digital signatures are both fine.\n"
        "Q4: Will the County consider a phased start?\n"
        "A4: Yes, the vendor must then submit a phasing plan with its proposal.\n"
        "Q5: Is a performance bond needed? Yes, of 100% of the contract price.",
    ])  # fmt: skip
    rows = requirement_texts(workdir, settings, "terms")
    assert any("Is a performance bond needed? Yes, of 100% of the contract price." in r
               for r in rows), rows  # fmt: skip
    assert any("Is a bid bond required with the proposal? Yes, a bid bond of 5% of the bid "
               "amount, issued by a licensed surety." in r for r in rows), rows  # fmt: skip
    assert any("registered with the state before award? Yes, no later than ten days" in r
               for r in rows), rows  # fmt: skip
    assert not any("signatures" in r for r in rows), rows
    assert any("Yes, the vendor must then submit a phasing plan" in r for r in rows), rows
    assert not any("phased start" in r for r in rows), rows
