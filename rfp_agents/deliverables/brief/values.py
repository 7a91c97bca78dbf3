"""Fill a domain's brief fields: offline by the extractive answerer, or by a chat model whose
every value must be backed by a quote from a retrieved passage.

Offline, each field's question goes through the same retrieval pipeline and extractive rules
as ``rfp ask``; the answerer abstains ("not stated") when no passage states the field.

With a chat model, the passages retrieved for the domain's fields are numbered and the model
fills the fields by structured output (``QuotedValues``). A value is kept only when its quote
is a span of the passage it cites and the value's words and figures are in that quote; any
other value is dropped with a warning and the field is answered by the offline rules over the
same passages, so nothing the model invented reaches the brief.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from rfp_agents.agents.answer_layout import split_layout
from rfp_agents.agents.chat_model import structured_output
from rfp_agents.agents.citations import MARKER, markers_in
from rfp_agents.agents.evidence import Evidence, evidence_in
from rfp_agents.agents.evidence_strength import WEAK
from rfp_agents.agents.offline import OfflineAnswerer
from rfp_agents.agents.profiles import PROFILES
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.deliverables.brief.dates import focus_dates
from rfp_agents.deliverables.brief.fields import FieldSpec, field_specs
from rfp_agents.deliverables.brief.prompts import BRIEF_SYSTEM, brief_request
from rfp_agents.deliverables.brief.when import ANCHOR_FIELD
from rfp_agents.deliverables.matrix import is_list_item, section_headings
from rfp_agents.errors import ChatModelError, ProviderTimeoutError
from rfp_agents.text import answer_sentences, content_terms, fold_accents, join_overlapping

log = logging.getLogger("rfp_agents.brief")

MIN_QUOTE_WORDS = 3
VALUE_IN_QUOTE = 0.5
"""Share of a value's content words its quote must hold."""
FIGURE = re.compile(r"\d[\d,.:/]*")
MAX_LIST_ITEMS = 8


class OtherValue(BaseModel):
    """What another document of the scope says for the same field (to find conflicts)."""

    text: str
    evidence: list[Evidence]


class FieldFinding(BaseModel):
    """One field as an agent filled it, markers local to ``evidence``."""

    name: str
    text: str = Field(description="The value with [ref] markers; '' when not stated.")
    evidence: list[Evidence] = Field(default_factory=list)
    method: str
    rule: str = Field(
        default="",
        description="What found the value: a cover rule (cover.issued-by …), the phrasing "
        "asked (ask: When are quotes due?) or the chat model's quote (model: quoted).",
    )
    warnings: list[str] = Field(default_factory=list)
    failed: str = Field(
        default="", description="The error of the rule that should have read it ('' if none)."
    )
    elsewhere: list[OtherValue] = Field(
        default_factory=list, description="The field as the scope's other documents state it."
    )


class QuotedValue(BaseModel):
    """What the model says one field is, and the words of the passage that say so."""

    field: str = Field(description="The field's name, as listed.")
    value: str | None = Field(
        description="The field's value in a few words, or null when no passage states it."
    )
    quote: str = Field(default="", description="The exact words of the passage that state it.")
    ref: int | None = Field(default=None, description="The passage number the quote is from.")


class QuotedValues(BaseModel):
    values: list[QuotedValue]


def fill_offline(spec: FieldSpec, answerer: OfflineAnswerer, tools: KnowledgeTools) -> FieldFinding:
    """The field by the extractive answerer: the answer to the first of its phrasings that
    holds what the field must (a sum for an amount, one of its ``expects`` terms); for a
    field that must hold nothing in particular, else the answer to its own question; '' when
    the documents answer none.

    An answer that lacks what the field must is not kept, whichever phrasing found it: the
    phrasings look for the field's figure or term, and a near miss ("liability insurance"
    answered by a sentence on the contractor's liabilities, a contract type answered by a
    sentence on the payment bond) is not the field, which is then "not stated"."""
    own = None
    for question in spec.questions:
        found = _finding_of(spec, answerer.run(PROFILES[spec.domain], question, tools))
        found.rule = f"ask: {question}" if found.text else ""
        if found.text and spec.is_answered_by(found.text):
            return found
        own = own or found
    if own is not None and not spec.must_hold_something:
        return own
    return FieldFinding(name=spec.name, text="", method="offline")


def values_elsewhere(
    spec: FieldSpec,
    found: FieldFinding,
    answerer: OfflineAnswerer,
    tools_for: Callable[[str], KnowledgeTools],
    document_ids: Sequence[str],
) -> FieldFinding:
    """``found`` with what each other document says for a date or amount field.

    The answer cites one document, and the answerer does not repeat a sentence that says the
    same as one it chose, so a second due date in an amendment never shows in it: each other
    document (``tools_for(doc_id)`` searches only it) is asked on its own."""
    if spec.kind == "text" or not found.text:
        return found
    cited = {e.doc_id for e in found.evidence if f"[{e.ref}]" in found.text}
    others = []
    for doc_id in document_ids:
        if doc_id in cited:
            continue
        other = fill_offline(spec, answerer, tools_for(doc_id))
        if other.text:
            others.append(OtherValue(text=other.text, evidence=other.evidence))
    return found.model_copy(update={"elsewhere": others})


def fill_with_model(
    specs: Sequence[FieldSpec],
    model: BaseChatModel,
    answerer: OfflineAnswerer,
    tools: KnowledgeTools,
    timeout: float,
) -> list[FieldFinding]:
    """The fields by the chat model, each value checked against its quote.

    Raises:
        ProviderTimeoutError: the model did not answer in time.
    """
    retrieved = {s.name: answerer.retrieve(PROFILES[s.domain], s.question, tools) for s in specs}
    passages = {e.ref: e for messages in retrieved.values() for e in evidence_in(messages)}
    request = [SystemMessage(BRIEF_SYSTEM), HumanMessage(brief_request(specs, passages))]
    try:
        answer = structured_output(model, QuotedValues, request, timeout)
        given = {v.field: _cited_passage(v, passages) for v in answer.values}
        model_warning = ""
    except ProviderTimeoutError:
        raise
    except ChatModelError as exc:
        log.warning("brief: the model gave no field values (%s); using the offline rules", exc)
        given, model_warning = {}, f"the model gave no field values ({exc})"
    findings = []
    for spec in specs:
        value = given.get(spec.name)
        problem = model_warning or _unverified(value, passages)
        if not problem and value is not None:
            findings.append(_model_finding(spec, value, passages, retrieved[spec.name]))
            continue
        if value is not None and problem:
            log.warning("brief field %s: dropped the model's value: %s", spec.name, problem)
        finding = answerer.answer_from(
            PROFILES[spec.domain], spec.question, retrieved[spec.name], tools
        )
        fallback = _finding_of(spec, finding)
        fallback.rule = f"ask: {spec.question}" if fallback.text else ""
        note = f"the model's value was dropped: {problem}" if problem else ""
        findings.append(fallback.model_copy(update={"warnings": [*filter(None, [note])]}))
    return findings


def _model_finding(
    spec: FieldSpec,
    value: QuotedValue,
    passages: dict[int, Evidence],
    messages: Sequence[BaseMessage],
) -> FieldFinding:
    if value.value is None:  # the model says no passage states it
        return FieldFinding(name=spec.name, text="", evidence=evidence_in(messages), method="llm")
    text = f"{value.value.strip().rstrip('.')} [{value.ref}]."
    evidence = list(passages.values())
    return FieldFinding(
        name=spec.name, text=text, evidence=evidence, method="llm", rule="model: quoted"
    )


def _unverified(value: QuotedValue | None, passages: dict[int, Evidence]) -> str:
    """Why the model's value cannot be kept ('' when its quote backs it)."""
    if value is None:
        return "the model did not fill the field"
    if value.value is None:
        return ""
    quote = _normal(value.quote)
    if len(quote.split()) < MIN_QUOTE_WORDS:
        return "its quote is missing or too short to check"
    if value.ref not in passages or quote not in _normal(passages[value.ref].content):
        return f"its quote is not in passage [{value.ref}] nor in any passage retrieved"
    figures = set(FIGURE.findall(value.value)) - set(FIGURE.findall(value.quote))
    if figures:
        return f"its figures {sorted(figures)} are not in its quote"
    terms = set(content_terms(value.value))
    if terms and len(terms & set(content_terms(value.quote))) / len(terms) < VALUE_IN_QUOTE:
        return "its words are not in its quote"
    return ""


def _cited_passage(value: QuotedValue, passages: dict[int, Evidence]) -> QuotedValue:
    """The value citing the passage that holds its quote: the one it names, else the first
    retrieved passage that does (small models often quote well and number badly)."""
    quote = _normal(value.quote)
    if value.value is None or not quote:
        return value
    if value.ref in passages and quote in _normal(passages[value.ref].content):
        return value
    holder = next((r for r, e in passages.items() if quote in _normal(e.content)), None)
    return value if holder is None else value.model_copy(update={"ref": holder})


def _normal(text: str) -> str:
    text = fold_accents(text).lower().replace("’", "'").replace("“", '"').replace("”", '"')
    return " ".join(re.sub(r"[^\w$%'\"/.,:-]+", " ", text).split())


def with_list_items(text: str, evidence: Sequence[Evidence]) -> str:
    """A lead-in sentence of the value ("The Contractor shall maintain, at its own cost:")
    completed by the list items that follow it in its passage: the items are the value."""
    pages = _page_texts(evidence)
    where = {e.ref: (e.source_file, e.page_number) for e in evidence}
    kept = []
    for sentence in answer_sentences(text):
        refs = markers_in(sentence)
        plain = " ".join(MARKER.sub("", sentence).split()).rstrip(" .:")
        passage = pages.get(where.get(refs[0], ("", 0)), "") if refs else ""
        at = passage.find(plain) if plain else -1
        rest = passage[at + len(plain) :].lstrip() if at >= 0 else ""
        if rest.startswith(":"):
            items = []
            for item in answer_sentences(rest[1:])[:MAX_LIST_ITEMS]:
                if not is_list_item(item):
                    break
                items.append(item.rstrip(" .;,"))
            if items:  # " · " between items: a ";" would read as a sentence's end
                sentence = f"{plain}: {' · '.join(items)} [{refs[0]}]."
        kept.append(sentence)
    return " ".join(kept)


def without_glued_headings(text: str, evidence: Sequence[Evidence]) -> str:
    """The value without the numbered headings its sentences were glued to ("5.2 Contract
    Type The government intends to award …" -> "The government intends to award …"): a
    heading is a line of its own in the passage (``section_headings``), not the value."""
    for heading in {h for item in evidence for h in section_headings(item.content)}:
        text = re.sub(rf"(?:^|(?<=[.\]] )){re.escape(heading)}\s+(?=[A-Z])", "", text)
    return text


def _page_texts(evidence: Sequence[Evidence]) -> dict[tuple[str, int], str]:
    """The text of each page the passages come from, their overlaps joined (a list often
    runs past the end of the chunk that holds its lead-in)."""
    by_page: dict[tuple[str, int], list[Evidence]] = {}
    for item in evidence:
        by_page.setdefault((item.source_file, item.page_number), []).append(item)
    return {
        page: " ".join(
            join_overlapping(
                [e.content for e in sorted(items, key=lambda e: e.chunk_index)]
            ).split()
        )
        for page, items in by_page.items()
    }


def date_in(spec: FieldSpec, text: str) -> str:
    """``text`` cut to the date the date field ``spec`` asks for ("" when it states none):
    its own words, no other date field's (``dates.focus_dates``)."""
    rivals = [s.date_words for s in field_specs() if s.kind == "date" and s.name != spec.name]
    return focus_dates(text, spec.date_words, rivals, counted=spec.name != ANCHOR_FIELD)


def _field_text(finding) -> str:
    """The lead of an answer (``answer_layout``) fills the field; the clauses of the other
    passages that follow it are for a reader, not for a field. A field takes no value from
    weak evidence (a best sentence that matches its question poorly, or a lead without the
    value its question asks for): "not stated" is better than a wrong value."""
    if any(w.startswith(WEAK) for w in finding.warnings):
        return ""
    return " ".join(split_layout(finding.answer).lead)


def _finding_of(spec: FieldSpec, finding) -> FieldFinding:
    text = "" if finding.no_evidence else _field_text(finding)
    text = without_glued_headings(with_list_items(text, finding.evidence), finding.evidence)
    if spec.kind == "date":
        text = date_in(spec, text)
    return FieldFinding(
        name=spec.name,
        text=text,
        evidence=finding.evidence,
        method="offline",
        warnings=[w for w in finding.warnings if not w.startswith("no evidence")],
    )
