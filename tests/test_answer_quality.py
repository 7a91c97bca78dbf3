"""The answer's text: it states the fact, once, briefly; "no evidence" when the subject is
absent; the measures `rfp eval` reports about it."""

from __future__ import annotations

import pytest
from langchain_core.embeddings import Embeddings
from typer.testing import CliRunner

from rfp_agents.agents.answer_layout import CAUTION
from rfp_agents.agents.evidence import Evidence
from rfp_agents.agents.models import DomainFinding
from rfp_agents.agents.question_focus import (
    answer_type,
    missing_terms,
    question_focus,
    subject_phrase,
)
from rfp_agents.cli import app
from rfp_agents.config import Settings
from rfp_agents.evaluation.answer_quality import repeats_sentence, states_fact
from rfp_agents.graph.answer import synthesize_answer
from rfp_agents.graph.ask import ask

runner = CliRunner()


# ------------------------------------------------------------------- what is measured
def test_an_answer_states_the_fact_only_when_it_holds_most_of_the_quote():
    quote = "Payment will be made within twenty-eight (28) days of receiving a proper invoice."
    said = "Payment will be made within twenty-eight (28) days of receiving an invoice [1]."
    assert states_fact(said, [quote])
    # the right page, the wrong sentence
    assert not states_fact("A proper invoice must be submitted every 31 days [1].", [quote])


def test_stitched_overlapping_fragments_count_as_a_repeat():
    stitched = (
        "Bounty reward tiers are set by the agency and the vendor can manage the payouts "
        "directly [1]. reward tiers are set by the agency and the vendor can manage payouts [1]."
    )
    assert repeats_sentence(stitched)
    assert not repeats_sentence("The term is five years [1]. Renewals need mutual consent [2].")


# ------------------------------------------------------------------- sentence splitting
@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        # the PDF's blank line inside a sentence is layout, not a paragraph end
        ("What targets apply to systems running in\n\nnon-production and production?\n\nA.",
         ["What targets apply to systems running in non-production and production?", "A."]),
        # a real paragraph end still ends the sentence
        ("Scope of Work\n\nThe vendor delivers monthly.\n\nInvoices are paid net 30.",
         ["Scope of Work", "The vendor delivers monthly.", "Invoices are paid net 30."]),
        # a version after a line that stops mid-sentence is not a numbered clause...
        ("A16: The requirement is for WCAG\n2.1\nAA standards. It is amended.",
         ["A16: The requirement is for WCAG 2.1 AA standards.", "It is amended."]),
        # ...but a clause number after a heading or a sentence end is
        ("PART 1 GENERAL INFORMATION\n1.1 Objective The agency needs support.\n"
         "The work is described below.\n2.12.1 The contractor shall report.",
         ["PART 1 GENERAL INFORMATION", "1.1 Objective The agency needs support.",
          "The work is described below.", "2.12.1 The contractor shall report."]),
        ("Proposals are due at 2:00 p.m. Eastern on May 4. Late ones are rejected.",
         ["Proposals are due at 2:00 p.m. Eastern on May 4.", "Late ones are rejected."]),
        # a sentence that ends inside a quotation ends there
        ('The RFQ states "a three (3) page narrative." Please confirm it is one in total.',
         ['The RFQ states "a three (3) page narrative."', "Please confirm it is one in total."]),
        # an item numbered in roman numerals starts at its line; a figure in brackets that
        # wrapped to the line start does not
        ("Each invoice shows (i) the hours; and\n(iii) the rate; within thirty\n(30) days.",
         ["Each invoice shows (i) the hours; and", "the rate; within thirty (30) days."]),
        # a list run in after its lead-in's colon, and its last item after "; and"
        ("The Contractor shall: (1) pay the firm; and\n(2) notify the buyer.",
         ["The Contractor shall:", "(1) pay the firm; and", "(2) notify the buyer."]),
        # a reference's abbreviation is no sentence end
        ("Bidders sign it (ref. Section 4.2). See p. 3 and Sec. 5.1 too. Late ones are void.",
         ["Bidders sign it (ref. Section 4.2).", "See p. 3 and Sec. 5.1 too.",
          "Late ones are void."]),
        # a section cited by its roman numeral and title goes on; a new sentence after one
        # does not
        ("Quote rates as set out in IX. PRICING TABLE. Sign the form in Section II. "
         "The vendor shall keep a copy.",
         ["Quote rates as set out in IX. PRICING TABLE.", "Sign the form in Section II.",
          "The vendor shall keep a copy."]),
        # an initialism with its dots goes on before a number, a part of the law it cites, a
        # word in capitals or a quotation; before an ordinary sentence it ends one
        ("Records follow 36 C.F.R. Part 1220 and 44 U.S.C. 3101. Goods ship F.O.B. ORIGIN "
         'or F.O.B. "mill" at our cost. Work is done in Washington, D.C. The vendor pays.',
         ["Records follow 36 C.F.R. Part 1220 and 44 U.S.C. 3101.",
          'Goods ship F.O.B. ORIGIN or F.O.B. "mill" at our cost.',
          "Work is done in Washington, D.C.", "The vendor pays."]),
        # a title before a name is no sentence end, in English or Spanish, nor the "Ing." of a
        # Spanish tax's name (Ingresos Brutos)
        ("Questions go to Ms. Lane or Dr. Ortiz. Bids go to Mrs. Park. Adjuntar el "
         "certificado de Ing. Brutos firmado por el Lic. Gómez o la Sra. Ruiz.",
         ["Questions go to Ms. Lane or Dr. Ortiz.", "Bids go to Mrs. Park.",
          "Adjuntar el certificado de Ing. Brutos firmado por el Lic. Gómez o la Sra. Ruiz."]),
        # a year or a form's number that wrapped to the line start is no list marker
        ("Quotes are due by noon on May 4,\n2027. Sign the release (Form\n2210) too.",
         ["Quotes are due by noon on May 4, 2027.", "Sign the release (Form 2210) too."]),
        # a public law's citation goes on ("Pub. L. 115-91")
        ("Funds under the Act (Pub. L. 115-91) may not pay for it. The vendor certifies so.",
         ["Funds under the Act (Pub. L. 115-91) may not pay for it.",
          "The vendor certifies so."]),
    ],
)  # fmt: skip
def test_passages_split_into_their_sentences(text: str, sentences: list[str]):
    from rfp_agents.text import split_sentences

    assert split_sentences(text) == sentences


# ---------------------------------------------------------------- what a question asks
@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("What liquidated damages per day apply if the work is late?", "liquidated damages"),
        ("Does the contract include a force majeure clause?", "force majeure clause"),
        ("Which arbitration body resolves disputes?", "arbitration body"),
        ("Which clause governs data rights?", "clause"),
        ("Is a software escrow agreement required?", "software escrow agreement required"),
        ("How many evaluation points does price carry?", "evaluation points"),
    ],
)
def test_the_subject_of_a_question_is_its_noun_phrase(question: str, subject: str):
    assert subject_phrase(question) == subject


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("How soon is the contractor paid?", "date"),
        ("When do proposals close?", "date"),
        ("What is the ceiling for reimbursed travel?", "money"),
        ("How many pages may the technical volume have?", "quantity"),
        ("What bid bond percentage is required?", "percentage"),
        ("What unit test coverage must each module reach?", "quantity"),
        ("¿Qué porcentaje debe cubrir la garantía de oferta?", "percentage"),
        ("How many points does cost carry when the agency selects a consultant?", "quantity"),
        ("Will the due date be extended?", None),  # a yes/no question
        ("Which law governs the contract?", None),
        # a change in a price is as often a share ("2%") as a sum
        ("What price difference between two bids counts as a tie?", "quantity"),
        ("What is the price of the extended warranty?", "money"),
    ],
)
def test_the_answer_type_comes_from_the_question_form(question: str, kind: str | None):
    assert answer_type(question) == kind


def test_a_rare_subject_word_missing_from_every_passage_is_named():
    focus = question_focus("Is a software escrow agreement required?")
    passages = ["The software shall be delivered under an agreement with the agency."]
    assert missing_terms(focus, passages) == ["escrow"]
    # a common modifier missing is not decisive ("early" payment discount)
    focus = question_focus("What early payment discount does the university offer?")
    assert missing_terms(focus, ["Payment under 2%/10 net 30 discount terms."]) == []
    # nor is a subject one of whose alternatives is present
    focus = question_focus("What clearance or background investigation is needed?")
    assert missing_terms(focus, ["A Tier 1 clearance is the minimum."]) == []


# ------------------------------------------------------------- what the answerer does
def test_an_absent_subject_gets_the_closest_passages_with_a_caution_that_says_why(
    sample_kb_settings: Settings,
):
    """Words no document holds are a poor proof of silence (a document may word the subject
    its own way), so the analyst gets the closest clauses, a caution, and the missing word."""
    answer = ask("Does the order call for a source code escrow arrangement?", ["real"],
                 settings=sample_kb_settings)  # fmt: skip
    assert not answer.no_evidence and answer.cited
    assert answer.answer.startswith(CAUTION)
    assert any("weak evidence: no document in scope mentions 'escrow'" in w
               for w in answer.warnings)  # fmt: skip


def test_a_vendor_question_quoted_in_a_qa_is_not_the_answer(sample_kb_settings: Settings):
    answer = ask("How quickly must the contractor detect a service disruption?", ["real"],
                 settings=sample_kb_settings)  # fmt: skip
    assert "two minutes" in answer.answer
    assert not any(s.rstrip(" .[]0123456789").endswith("?") for s in answer.answer.split(". "))


def _finding(domain: str, answer: str, evidence: list[Evidence]) -> DomainFinding:
    return DomainFinding(domain=domain, mode="offline", answer=answer, evidence=evidence)


def test_domains_that_quote_the_same_passage_give_one_answer_without_labels():
    passage = Evidence(ref=1, kb="k", source_file="a.pdf", page_number=4, chunk_id="c1",
                       content="The contract term is five (5) years.", tool="grep")  # fmt: skip
    other = Evidence(ref=2, kb="k", source_file="a.pdf", page_number=5, chunk_id="c2",
                     content="Renewal requires mutual agreement.", tool="grep")  # fmt: skip
    findings = [
        _finding("legal", "The contract term is five (5) years [1].", [passage]),
        _finding(
            "financial",
            "The contract term is five (5) years [1]. Renewal requires mutual agreement [2].",
            [passage, other],
        ),  # fmt: skip
    ]
    answer = synthesize_answer("How long is the term?", {"domains": ["legal", "financial"]},
                               findings)  # fmt: skip
    assert answer.answer == (
        "The contract term is five (5) years [1]. Renewal requires mutual agreement [2]."
    )
    assert "Legal:" not in answer.answer and "Financial:" not in answer.answer
    assert [c.page_number for c in answer.cited] == [4, 5]


# ----------------------------------------------------------------- rfp eval, two sets
def test_rfp_eval_refuses_sets_without_their_knowledge_bases(tmp_path):
    questions = tmp_path / "q.jsonl"
    questions.write_text("")
    result = runner.invoke(app, ["eval", str(questions), str(questions), "--kb", "one"])
    assert result.exit_code == 2
    assert "2 question file(s) need as many --kb (got 1)" in result.output


def test_a_long_quoted_sentence_is_checked_whole_not_said_twice():
    """Marker checks split the answer into sentences; a sentence past the passage-window size
    (400 characters) must not come back as overlapping windows."""
    long_sentence = (
        "This Contract may be renewed by the University for nine (9) successive one-year "
        "renewal options under the terms and conditions of this Contract, and the Contract "
        "price(s) for the additional year shall not exceed the Contract price(s) of the "
        "original Contract increased or decreased by more than the percentage increase or "
        "decrease of the other goods and services category of the Consumer Price Index for "
        "the latest twelve months for which statistics are available, or 2%, whichever is lower"
    )
    assert len(long_sentence) > 400
    passage = Evidence(ref=1, kb="k", source_file="a.pdf", page_number=24, chunk_id="c1",
                       content=long_sentence + ".", tool="grep")  # fmt: skip
    finding = _finding("financial", long_sentence + " [1].", [passage])
    answer = synthesize_answer("By how much may prices rise?", {}, [finding])
    assert answer.answer == long_sentence + " [1]."
    assert not repeats_sentence(answer.answer)


def test_when_asks_for_a_calendar_date_before_a_period():
    from rfp_agents.agents.offline import ScoredSentence, select_sentences

    def scored(text: str, score: float, ref: int) -> ScoredSentence:
        item = Evidence(ref=ref, kb="k", source_file="a.pdf", page_number=ref, chunk_id=f"c{ref}",
                        content=text, tool="grep")  # fmt: skip
        return ScoredSentence(text, item, score, score, 0.5)

    period = scored("Proposals remain irrevocable for thirty (30) days after the closing.", 0.5, 1)
    dated = scored("Proposals are due on or before 2:00 p.m. on April 2, 2026.", 0.45, 2)
    chosen = select_sentences([period, dated], question_focus("When do proposals close?"))
    assert chosen[0] is dated
    # "how soon" wants the period
    chosen = select_sentences([period, dated], question_focus("How soon after closing is award?"))
    assert chosen[0] is period


def test_a_short_lead_is_completed_by_the_sentence_after_it_on_its_page():
    """A short lead is often a clause's first half ("Invoices are handled as follows."); the
    sentence after it on its page states the fact. Not for a lead long enough to state it,
    nor from another page."""
    from dataclasses import replace

    from rfp_agents.agents.offline import ScoredSentence, select_sentences

    def scored(text: str, score: float, page: int, position: int) -> ScoredSentence:
        item = Evidence(ref=page, kb="k", source_file="a.pdf", page_number=page,
                        chunk_id=f"c{page}", content=text, tool="grep")  # fmt: skip
        return ScoredSentence(text, item, score, score, 0.5, position=position)

    focus = question_focus("How are invoices paid?")
    short = scored("Invoices are handled as follows.", 0.6, 1, 0)
    after = scored("The Contractor is paid monthly in arrears, net 30 days.", 0.2, 1, 1)
    assert select_sentences([short, after], focus) == [short, after]
    elsewhere = scored("Each copy bears the seal of the office that issued it.", 0.2, 2, 1)
    assert select_sentences([short, elsewhere], focus) == [short]
    reply = replace(short, replies_to="How are invoices handled?")
    next_entry = replace(after, replies_to="Is there an incumbent?")
    assert select_sentences([reply, next_entry], focus) == [reply]
    long = scored("Invoices are paid monthly in arrears, within thirty days of receipt of a "
                  "proper invoice, by electronic funds transfer to the Contractor's account.",
                  0.6, 1, 0)  # fmt: skip
    assert select_sentences([long, after], focus) == [long]


def test_each_side_of_a_comparison_answers_with_the_figure_asked_for():
    from rfp_agents.agents.offline import ScoredSentence, select_sentences

    def scored(text: str, score: float, file: str, ref: int) -> ScoredSentence:
        item = Evidence(ref=ref, kb="k", source_file=file, page_number=ref, chunk_id=f"c{ref}",
                        content=text, tool="grep")  # fmt: skip
        return ScoredSentence(text, item, score, score, 0.5)

    vague = scored("Delivered code must have substantial test coverage.", 0.6, "a.pdf", 1)
    figure = scored("At least 85% unit test coverage for every module.", 0.5, "a.pdf", 2)
    other = scored("Achieve at least 80% test coverage during system testing.", 0.55, "b.pdf", 3)
    focus = question_focus("What test coverage do the two plans require?")
    chosen = select_sentences([vague, other, figure], focus, sides=[["a.pdf"], ["b.pdf"]])
    assert chosen[:2] == [figure, other]


def test_retain_is_not_retainage_but_pay_is_payment():
    from rfp_agents.agents.question_focus import mentions

    assert not mentions("retainage", ["retain", "retained"])
    assert mentions("pay", ["payment"]) and mentions("deviate", ["deviation"])
    assert mentions("onsite", ["on-site"]) and not mentions("term", ["terminated"])


def test_the_offline_answerer_reads_its_best_pages_whole(sample_kb_settings: Settings):
    """The pipeline keeps one passage a page; the answering sentence may be in another."""
    answer = ask("How many virtual machines make up the cloud.gov system?", ["real"],
                 settings=sample_kb_settings)  # fmt: skip
    tools = [step.tool for finding in answer.findings for step in finding.steps]
    assert "query_knowledge" in tools and "read_page" in tools
    assert "270+ virtual machines" in answer.answer


def test_in_a_qa_the_reply_answers_not_the_vendor_question(settings: Settings, workdir):
    """The reply shares few words with the analyst's question; the vendor's question does."""
    from rfp_agents.ingest import ingest_paths
    from tests.pdf_factory import text_pdf

    qa = text_pdf(workdir / "Amendment 2 - Questions and Answers.pdf", [
        "Questions and Answers\n"
        "1. Will the Government accept proposals sent by email to the contracting officer?\n"
        "a. No. Submissions go through the electronic portal only.\n"
        "2. Will late proposals be accepted if the portal is down?\n"
        "a. Late proposals will not be accepted unless an amendment extends the deadline.\n"
        "3. May offerors propose subcontractors located outside the country?\n"
        "a. Yes, provided that all hosting remains within the country.",
    ])  # fmt: skip
    assert ingest_paths([qa], settings, "qa").exit_code == 0
    answer = ask("Can proposals be sent by email?", ["qa"], settings=settings)
    assert answer.answer.startswith("No. Submissions go through the electronic portal only")
    assert "?" not in answer.answer


def test_a_short_reply_is_quoted_after_its_question(settings: Settings, workdir):
    """ "99.9%" alone says nothing; with the vendor's question it says what it measures. A
    question the PDF wrapped across a blank line is still one question."""
    from rfp_agents.ingest import ingest_paths
    from tests.pdf_factory import text_pdf

    qa = text_pdf(workdir / "Questions and Answers.pdf", [
        "Questions and Answers\n\n"
        "11.\nHow many user accounts does the current portal hold?\n\nA.\n~4,000\n\n"
        "12.\nWhat availability target applies to the case management system running in\n\n"
        "production and staging?\n\nA.\n99.9%\n\n"
        "13.\nWill the incumbent staff be available for transition interviews?\n\nA.\n"
        "The agency cannot commit incumbent staff to interviews with offerors.",
    ])  # fmt: skip
    assert ingest_paths([qa], settings, "qa").exit_code == 0
    answer = ask("What availability must the case management system meet in production?",
                 ["qa"], settings=settings)  # fmt: skip
    assert answer.answer.startswith(
        "“What availability target applies to the case management system running in "
        "production and staging?” 99.9% [1]"
    )
    assert [c.page_number for c in answer.cited] == [1]
    assert not answer.no_evidence


def test_a_list_item_is_quoted_with_the_lead_in_that_gives_it_its_sense(
    settings: Settings, workdir
):
    """Quoted alone, "An agreement providing for liquidated damages." reads as a term of the
    contract; its lead-in says the buyer cannot agree to it."""
    from rfp_agents.ingest import ingest_paths
    from tests.pdf_factory import text_pdf

    terms = text_pdf(workdir / "terms.pdf", [
        "General terms\n\n"
        "As a public body, the University cannot agree to any of the following terms:\n\n"
        "A. An express or implied waiver of sovereign immunity.\n"
        "B. An agreement to indemnify or hold harmless any entity.\n"
        "C. An agreement providing for the payment of liquidated damages.\n"
        "D. Waiver of jury trial.\n\n"
        "Contracts are issued only to the firm named on the signed cover page.",
    ])  # fmt: skip
    assert ingest_paths([terms], settings, "terms").exit_code == 0
    answer = ask("Can the University agree to pay liquidated damages?", ["terms"],
                 settings=settings)  # fmt: skip
    assert "cannot agree to any of the following terms: … An agreement providing for the " \
           "payment of liquidated damages" in answer.answer  # fmt: skip
    assert not answer.unsupported


def test_a_section_number_is_not_the_figure_a_question_asks_for():
    from rfp_agents.agents.question_focus import has_answer_type

    assert not has_answer_type("7.5 Contractor Performance", "quantity")
    assert has_answer_type("2.12.1 A Performance Bond of fifty percent (50%).", "quantity")


def test_a_percentage_question_wants_a_share_not_any_figure():
    from rfp_agents.agents.question_focus import has_answer_type

    assert not has_answer_type("The kickoff is held within 10 calendar days.", "percentage")
    assert has_answer_type("A Performance Bond of fifty percent (50%).", "percentage")
    assert has_answer_type("hasta un diez porciento (10%) del monto", "percentage")
    assert has_answer_type("a retainage of 2.5 per cent of each payment", "percentage")


def test_a_vendors_premise_before_please_confirm_is_not_the_answer(settings: Settings, workdir):
    """ "The RFQ states … five (5) pages." is the vendor's reading, put before "Please
    confirm …"; the buyer's reply is the answer, and the request is a question."""
    from rfp_agents.ingest import ingest_paths
    from tests.pdf_factory import text_pdf

    qa = text_pdf(workdir / "Questions and Answers.pdf", [
        "Questions and Answers\n"
        "11.Will the kickoff meeting be held on site?\n"
        "a. The kickoff meeting is held virtually.\n"
        '12.The RFQ states that "the staffing narrative is limited to five (5) pages." Please '
        "confirm the limit applies to the narrative of each key person.\n"
        "a. Confirmed: the narrative of each key person is limited to two (2) pages.\n"
        "13.Will the agency reimburse travel to the oral interview?\n"
        "a. No travel is reimbursed.",
    ])  # fmt: skip
    assert ingest_paths([qa], settings, "qa").exit_code == 0
    answer = ask("What is the page limit of the staffing narrative?", ["qa"], settings=settings)
    assert answer.answer.startswith(
        "Confirmed: the narrative of each key person is limited to two (2) pages"
    )
    assert "five (5)" not in answer.answer and "Please confirm" not in answer.answer


def test_a_reference_number_is_not_a_figure():
    from rfp_agents.agents.question_focus import has_answer_type

    assert not has_answer_type("No, please see answer to question #22.", "quantity")
    assert not has_answer_type("The format is described in section 3.2.1.", "quantity")
    assert has_answer_type("Up to five examples (see section 3.2.1) may be sent.", "quantity")


class OneVector(Embeddings):
    """The same vector for every text: sentences are then told apart by their words only."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [[1.0, 0.0] for _ in texts]

    def embed_query(self, text: str) -> list[float]:
        return [1.0, 0.0]


def test_an_acronym_glossary_is_not_an_answer(settings: Settings):
    from rfp_agents.agents.offline import OfflineAnswerer

    glossary = ("QA Quality Assurance QAP Quality Assurance Program QASP Quality Assurance "
                "Surveillance Plan PWS Performance Work Statement")  # fmt: skip
    statement = "The quality assurance plan requires 90% test coverage of new code."
    passage = Evidence(ref=1, kb="k", source_file="a.pdf", page_number=9, chunk_id="p9-c1",
                       content=f"{glossary}\n\n{statement}", tool="grep")  # fmt: skip
    scored = OfflineAnswerer(OneVector(), settings).score_sentences(
        "What test coverage does the quality assurance plan require?", [passage]
    )
    assert [s.text for s in scored] == [statement]


def test_a_long_sentence_is_quoted_whole_with_its_figure(settings: Settings, workdir):
    """The figure ends a sentence of about 500 characters that also starts across a chunk
    boundary: the answer quotes the sentence whole, subject and figure together."""
    from rfp_agents.ingest import ingest_paths
    from tests.pdf_factory import text_pdf

    filler = "".join(
        f"{n}. The contractor keeps the site record number {n} current and available.\n"
        for n in range(1, 13)
    )
    sentence = (
        "If the County renews the contract for an additional one-year period, the hourly\n"
        "rates for the additional year shall not exceed the hourly rates of the original\n"
        "contract increased or decreased by more than the percentage increase or decrease\n"
        "of the services category of the regional consumer price index published by the\n"
        "state labor office over the most recent year whose index has been released,\n"
        "or 3%, whichever is lower."
    )
    rfp = text_pdf(workdir / "rfp.pdf", ["Contract Renewal\n" + filler + sentence])
    assert ingest_paths([rfp], settings, "renew").exit_code == 0
    answer = ask("By how much may the hourly rates rise at renewal?", ["renew"],
                 settings=settings)  # fmt: skip
    lead = answer.answer.split(" [1]")[0]
    assert lead.startswith("If the County renews the contract")
    assert lead.endswith("or 3%, whichever is lower")


def test_a_list_cut_from_its_lead_in_by_the_chunker_is_read_with_it(settings: Settings):
    """The chunker may end a passage after the lead-in, so the next one starts at "A.": read
    together, the item keeps its lead-in; read alone, its page is read whole first."""
    from rfp_agents.agents.offline import OfflineAnswerer, ScoredSentence, _orphan_item_page

    def chunk(index: int, content: str) -> Evidence:
        return Evidence(ref=index, kb="k", source_file="terms.pdf", page_number=4,
                        chunk_id=f"abc-p4-c{index}", content=content, tool="read_page")  # fmt: skip

    lead_in = chunk(10, "Contract terms\nAs a public body of the state, the Board cannot agree "
                        "to any of the following terms in any document:")  # fmt: skip
    items = chunk(11, "A. A waiver of sovereign immunity.\nB. A clause that makes the Board "
                      "owe liquidated damages for delay.\nC. Waiver of jury trial.")  # fmt: skip
    question = "Does the Board accept liquidated damages?"
    together = OfflineAnswerer(OneVector(), settings).score_sentences(question, [lead_in, items])
    best = next(s for s in together if "liquidated" in s.text)
    assert "cannot agree to any of the following terms in any document: … A clause that " \
           "makes the Board owe liquidated damages for delay" in best.text  # fmt: skip
    alone = ScoredSentence("A clause that makes the Board owe liquidated damages for delay.",
                           items, 0.9, 0.9, 0.5)  # fmt: skip
    assert _orphan_item_page([alone], [items]) == ("k", "terms.pdf", 4)
    assert _orphan_item_page([alone], [lead_in, items]) is None


def test_a_long_run_of_capitals_is_read_in_linear_time():
    """A text layer that drops the spaces of a capitalised title ("CONTRACTORRESPONSIBILITY
    …") gives a "word" of dozens of capitals: the heading check must not try every way of
    cutting it into words (it did, and one question took minutes). Run apart, so that a
    relapse fails on the timeout instead of hanging the suite."""
    import subprocess
    import sys

    check = (
        "from rfp_agents.agents.candidates import _is_heading;"
        "print(_is_heading('CONTRACTORRESPONSIBILITYFORSUBCONTRACTSANDSUPPLIERS shall x'))"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "False", done.stderr
