"""The compliance matrix of a question-and-answer document: the buyer's answers bind, the
vendors' questions do not, and a "yes" to a question of need is a requirement."""

from __future__ import annotations

from rfp_agents.config import Settings
from rfp_agents.deliverables.matrix import requirements
from rfp_agents.deliverables.obligations import strength_of
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from tests.matrix_helpers import requirement_texts
from tests.pdf_factory import text_pdf


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
