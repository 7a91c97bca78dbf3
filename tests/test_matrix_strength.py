"""The compliance matrix's strength of a statement: what binds the bidder (mandatory), what
it may do (advisory), and what binds no bidder (the buyer's own acts, facts, descriptions)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rfp_agents.config import Settings
from rfp_agents.deliverables.buyer import buyer_aliases
from rfp_agents.deliverables.matrix import rows
from rfp_agents.deliverables.obligations import strength_of
from tests.matrix_helpers import requirement_texts, statements_of
from tests.pdf_factory import text_pdf

STRENGTH_PAIRS = Path(__file__).parent / "data" / "strength_pairs.txt"
"""Sentences and the strength each must get, in English and Spanish: one a line,
"mandatory | …", "advisory | …" or "none | …" (binds no bidder); "#" opens a comment."""


def _strength_pairs() -> list[tuple[str, str | None]]:
    pairs = []
    for line in STRENGTH_PAIRS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            strength, sentence = line.split(" | ", 1)
            pairs.append((sentence, None if strength == "none" else strength))
    return pairs


def test_obligations_are_recognised_in_english_and_spanish():
    pairs = _strength_pairs()
    misses = [
        f"{strength_of(sentence)!r} (want {strength!r}): {sentence}"
        for sentence, strength in pairs
        if strength_of(sentence) != strength
    ]
    assert len(pairs) > 600, "the pairs file lost its sentences"
    assert not misses, f"{len(misses)} of {len(pairs)} misjudged:\n" + "\n".join(misses)


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


def test_a_short_instruction_is_a_row_though_a_short_fragment_is_not(monkeypatch):
    rows = statements_of(["Complete final design.", "Page 3 of 12 total"], monkeypatch)
    assert rows == ["Complete final design."]


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


def test_an_imperative_under_a_clause_number_or_naming_an_acronym_is_an_instruction():
    """ "5.3.2 Assist DPW staff in moving the archive to the new server." opens with its
    clause number and names the buyer by its acronym: an instruction all the same."""
    assert strength_of("5.3.2 Assist DPW staff in moving the archive to the new server.") == (
        "mandatory"
    )
    assert strength_of("5.3.3 Migrate the archive to the new server by June.") == "mandatory"


def test_a_question_word_in_capitals_is_the_object_of_an_imperative():
    """ "Explain WHY each tool was chosen." is an instruction, as "Explain why …" is."""
    assert strength_of("Explain WHY each tool in your stack was chosen.") == "mandatory"
