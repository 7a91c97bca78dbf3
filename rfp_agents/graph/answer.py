"""The answer object of ``rfp ask`` (and, later, the API), and how findings become one."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from rfp_agents.agents.answer_layout import compose
from rfp_agents.agents.citations import (
    Citation,
    UnsupportedSentence,
    check_markers,
    number_citations,
)
from rfp_agents.agents.evidence import by_ref
from rfp_agents.agents.models import AnswerMode, DomainFinding, ToolStep
from rfp_agents.domains import DOMAINS
from rfp_agents.retrieval.diagnostics import Diagnostics

NO_EVIDENCE_ANSWER = "The documents hold no evidence for this question."


class FindingView(BaseModel):
    """One domain's answer, with markers numbered like the answer's citations."""

    domain: str
    mode: AnswerMode
    answer: str
    no_evidence: bool
    steps: list[ToolStep]
    warnings: list[str]
    diagnostics: list[Diagnostics] = Field(default_factory=list)


class AskAnswer(BaseModel):
    """Everything ``rfp ask --json`` prints: the answer, its citations and how it was made."""

    question: str
    answer: str = Field(description="The answer text with [n] markers into ``citations``.")
    domains: list[str] = Field(description="The domains that answered.")
    route_reason: str
    route_method: str
    findings: list[FindingView]
    citations: list[Citation] = Field(
        description="Every passage the tools returned, numbered; cited ones first."
    )
    warnings: list[str] = Field(default_factory=list)
    unsupported: list[UnsupportedSentence] = Field(default_factory=list)
    no_evidence: bool = Field(description="True when no domain found evidence.")
    thread_id: str | None = None

    @property
    def cited(self) -> list[Citation]:
        return [c for c in self.citations if c.cited]

    def without_diagnostics(self) -> AskAnswer:
        """The same answer with each finding's (large) diagnostics emptied."""
        findings = [f.model_copy(update={"diagnostics": []}) for f in self.findings]
        return self.model_copy(update={"findings": findings})


def synthesize_answer(
    question: str, route: dict, findings: Sequence[DomainFinding], thread_id: str | None = None
) -> AskAnswer:
    """Check each finding's markers, number citations across domains, and compose the answer."""
    ordered = sorted(findings, key=lambda f: DOMAINS.index(f.domain))
    checked = [check_markers(f.answer, by_ref(f.evidence)) for f in ordered]
    texts, citations = number_citations(
        [(f.domain, c.text, f.evidence) for f, c in zip(ordered, checked, strict=True)]
    )
    warnings: list[str] = []
    unsupported: list[UnsupportedSentence] = []
    views = []
    for finding, check, text in zip(ordered, checked, texts, strict=True):
        warnings.extend(f"{finding.domain}: {w}" for w in finding.warnings)
        if check.removed_markers:
            warnings.append(
                f"{finding.domain}: removed marker(s) {sorted(set(check.removed_markers))} that "
                "point at no passage a tool returned"
            )
        mapping = _global_numbers(finding, citations)
        for sentence, refs, overlap in check.unsupported:
            numbers = [mapping[r] for r in refs if r in mapping]
            unsupported.append(
                UnsupportedSentence(
                    domain=finding.domain, sentence=sentence, markers=numbers, overlap=overlap
                )
            )
            warnings.append(
                f"{finding.domain}: the passage(s) {numbers} do not support: {sentence!r}"
            )
        views.append(
            FindingView(
                domain=finding.domain,
                mode=finding.mode,
                answer=text,
                no_evidence=finding.no_evidence,
                steps=finding.steps,
                warnings=finding.warnings,
                diagnostics=finding.diagnostics,
            )
        )
    return AskAnswer(
        question=question,
        answer=_compose(views),
        domains=[v.domain for v in views],
        route_reason=str(route.get("reason", "")),
        route_method=str(route.get("method", "")),
        findings=views,
        citations=citations,
        warnings=warnings,
        unsupported=unsupported,
        no_evidence=all(v.no_evidence for v in views),
        thread_id=thread_id,
    )


def _global_numbers(finding: DomainFinding, citations: Sequence[Citation]) -> dict[int, int]:
    numbers = {(c.kb, c.chunk_id): c.n for c in citations}
    return {e.ref: numbers[e.key] for e in finding.evidence if e.key in numbers}


def _compose(views: Sequence[FindingView]) -> str:
    """One answer from the domains' findings, without domain labels (``answer_layout``):
    every domain's lead, then their evidence lines within the answer's budget; a sentence
    another domain already said (the agents often quote the same passage) is said once."""
    answered = [v.answer for v in views if not v.no_evidence]
    return compose(answered) if answered else NO_EVIDENCE_ANSWER
