"""The offline answer's shape and its verdict on the evidence.

An analyst reads a short lead, then the clause of each other passage the search ranked high,
each cited, so the clause is there even when the lead picked the wrong sentence; "no
evidence" only when both the lexical and the dense search say the subject is not in the
documents; weak evidence is answered, with a plain warning.
"""

from __future__ import annotations

from dataclasses import dataclass

from typer.testing import CliRunner

from rfp_agents.agents.answer_layout import (
    ANSWER_BUDGET,
    CAUTION,
    EVIDENCE_HEADING,
    Layout,
    compose,
    excerpt,
    quoted,
    render,
    split_layout,
)
from rfp_agents.agents.evidence_strength import PARAPHRASE_SIMILARITY, judge
from rfp_agents.agents.question_focus import question_focus
from rfp_agents.cli import app
from rfp_agents.config import Settings
from rfp_agents.graph.ask import ask

runner = CliRunner()


@dataclass
class Sentence:
    text: str
    score: float

    @property
    def said_or_asked(self) -> str:
        return self.text


# ------------------------------------------------------------------------- the layout
def test_the_lead_comes_first_then_each_other_passage_clause_cited():
    layout = Layout(
        lead=[quoted("Invoices are paid within thirty (30) days of receipt", 1)],
        evidence=[
            quoted("Payment is made by electronic funds transfer.", 2),
            quoted("Late payment interest accrues at 1% a month.", 3),
        ],
    )
    text = render(layout)
    assert text.splitlines() == [
        "Invoices are paid within thirty (30) days of receipt [1].",
        EVIDENCE_HEADING,
        "- Payment is made by electronic funds transfer [2].",
        "- Late payment interest accrues at 1% a month [3].",
    ]
    assert split_layout(text) == Layout(lead=layout.lead, evidence=layout.evidence)


def test_evidence_lines_stop_at_the_budget():
    duties = ["keeps records", "files invoices", "trains staff", "audits access", "backs up data",
              "reports outages", "patches servers", "tests recovery", "reviews logs"]  # fmt: skip
    many = [
        quoted(
            f"The vendor {d} under clause {n} of the terms, as the contract manager directs it "
            f"in writing and at the intervals the schedule to clause {n} sets out.",
            n,
        )
        for n, d in enumerate(duties)
    ]
    text = render(Layout(lead=[quoted("The lead answers the question here.", 1)], evidence=many))
    assert len(text) <= ANSWER_BUDGET
    assert 1 < len(split_layout(text).evidence) < len(many)


def test_a_long_clause_is_cut_to_its_part_that_matters_with_the_cuts_marked():
    clause = (
        "A disagreement between the parties that the project managers cannot settle goes "
        "first to the steering board, which records its ruling and sends it to both parties "
        "within thirty days, and the ruling binds the parties unless the supplier objects "
        "within four weeks of receiving it"
    )

    def relevance(text: str) -> float:
        return sum(word in text for word in ("objects", "weeks"))

    cut = excerpt(clause, 120, relevance)
    assert cut.startswith("… ") and not cut.startswith("… A disagreement")
    assert "objects within four weeks" in cut and len(cut) <= 125
    assert excerpt("A short clause.", 120, relevance) == "A short clause."
    assert quoted(excerpt(clause[:200], 120, relevance), 4).endswith("… [4]")


def test_a_line_saying_what_the_lead_says_is_left_out():
    lead = quoted("The contract term is five (5) years.", 1)
    text = render(Layout(lead=[lead], evidence=[quoted("The contract term is five years.", 2)]))
    assert text == lead


def test_domains_give_their_leads_first_and_the_caution_only_when_all_are_weak():
    legal = render(Layout(lead=[quoted("Disputes go to the county court.", 1)],
                          evidence=[quoted("Claims are filed within sixty days.", 2)]))  # fmt: skip
    financial = render(Layout(lead=[quoted("Invoices are paid in thirty days.", 3)],
                              caution=True))  # fmt: skip
    merged = compose([legal, financial])
    assert merged.splitlines()[0] == (
        "Disputes go to the county court [1]. Invoices are paid in thirty days [3]."
    )
    assert CAUTION not in merged
    assert compose([financial]).startswith(CAUTION)


# ------------------------------------------------------------------------ the verdict
def test_a_subject_no_passage_mentions_is_weak_evidence_not_no_evidence():
    focus = question_focus("Is a source code escrow agreement required?")
    far = [Sentence("The software shall be delivered under an agreement.", 0.35)]
    verdict = judge(focus, far, far[0], weak_score=0.3, closest=0.32)
    assert verdict.verdict == "weak" and "'escrow'" in verdict.reason
    # the same words missing, but a sentence the embedding model finds close: a paraphrase,
    # so the missing word is not the reason given
    close = judge(focus, far, far[0], weak_score=0.3, closest=PARAPHRASE_SIMILARITY + 0.05)
    assert "escrow" not in close.reason


def test_a_poor_best_sentence_is_weak_evidence_not_no_evidence():
    focus = question_focus("Who approves the staffing plan?")
    found = [Sentence("The staffing plan is reviewed at the kickoff meeting.", 0.22)]
    verdict = judge(focus, found, found[0], weak_score=0.3, closest=0.4)
    assert verdict.verdict == "weak" and "0.22" in verdict.reason


def test_an_amount_no_passage_states_is_absent():
    focus = question_focus("What is the total value of the contract?")
    assert focus.answer_type == "money"
    found = [Sentence("The contract value will be set at award.", 0.45)]
    assert judge(focus, found, found[0], weak_score=0.3, closest=0.45).verdict == "absent"
    priced = [Sentence("The contract value is $2,500,000 over five years.", 0.45)]
    assert judge(focus, priced, priced[0], weak_score=0.3, closest=0.45).verdict == "strong"


# ----------------------------------------------------------------- the whole answerer
def test_the_offline_answer_shows_the_clause_of_other_passages(sample_kb_settings: Settings):
    answer = ask("What liquidated damages apply if go-live is late?", ["sample"],
                 settings=sample_kb_settings)  # fmt: skip
    layout = split_layout(answer.answer)
    assert "1,500" in " ".join(layout.lead)
    assert not answer.no_evidence and len(answer.answer) <= ANSWER_BUDGET
    cited_pages = {(c.source_file, c.page_number) for c in answer.cited}
    assert len(cited_pages) >= 1
    assert all("[" in line for line in layout.lead + layout.evidence)


def test_rfp_eval_reports_the_plain_baseline_and_the_answerers_margin(
    sample_kb_settings: Settings, tmp_path, monkeypatch
):
    monkeypatch.setenv("RFP_HOME", str(sample_kb_settings.home))
    questions = tmp_path / "q.jsonl"
    questions.write_text(
        '{"id": "ld", "question": "What liquidated damages apply if go-live is late?", '
        '"domain": "legal", "kind": "single", "expected": [{"file": "sample_rfp.pdf", '
        '"pages": [9], "quote": "liquidated damages of USD 1,500 per calendar day of delay"}]}\n'
        '{"id": "none", "question": "Which COBOL mainframe modules move to the blockchain?", '
        '"domain": "technical", "kind": "unanswerable", "expected": []}\n'
    )
    result = runner.invoke(
        app, ["eval", str(questions), "--kb", "sample", "--mode", "plain", "--mode", "ask",
              "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    import json

    report = json.loads(result.output)
    modes = {m["mode"]: m for m in report["modes"]}
    assert set(modes) == {"plain", "ask"}
    assert modes["plain"]["states_fact_rate"] is not None
    assert modes["plain"]["abstain_rate"] == 0.0  # the baseline never abstains
    margin = modes["ask"]["states_fact_rate"] - modes["plain"]["states_fact_rate"]
    assert report["answer_margin"] == round(margin, 3)
