"""The brief graph: ``validate`` → the domain agents fill their fields in parallel, while
``find_risks`` reads the documents and ``find_amendments`` what the amendments change →
``assemble`` numbers the citations and finds conflicts.

Each agent fills its domain's fields of ``vocabulary/brief_fields.toml``: cover fields by the
rules of ``cover.py`` first, the others (and cover fields the rules miss) offline by the
extractive answerer, or with a chat model by structured output checked against quotes
(``values.py``). It reads the run's ``Context`` like the ask graph (knowledge bases in scope,
``document_ids`` to brief only some documents, the model string). ``graph`` is the compiled
graph ``langgraph.json`` names ``rfp_brief``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Send

from rfp_agents.agents.citations import Citation, check_markers, markers_in, number_citations
from rfp_agents.agents.evidence import Evidence, EvidenceLog, by_ref
from rfp_agents.agents.scope import KnowledgeScope
from rfp_agents.agents.tools import KnowledgeTools
from rfp_agents.deliverables.brief.amendments import AmendingDocument, find_amendments
from rfp_agents.deliverables.brief.checklist import find_checklist
from rfp_agents.deliverables.brief.conflicts import find_conflict
from rfp_agents.deliverables.brief.cover import read_cover
from rfp_agents.deliverables.brief.fields import FieldSpec, specs_named
from rfp_agents.deliverables.brief.key_dates import (
    deadline_stated_in_full,
    first_deadline_on_the_pages,
)
from rfp_agents.deliverables.brief.models import (
    NOT_READ,
    NOT_STATED,
    Amendment,
    AmendmentChange,
    Brief,
    BriefField,
    Checklist,
    ChecklistItem,
    Conflict,
    Risk,
)
from rfp_agents.deliverables.brief.risks import find_risks, risk_rules
from rfp_agents.deliverables.brief.state import BriefInput, BriefState, DomainFields
from rfp_agents.deliverables.brief.values import (
    FieldFinding,
    fill_offline,
    fill_with_model,
    values_elsewhere,
)
from rfp_agents.deliverables.brief.when import with_moments
from rfp_agents.deliverables.matrix import documents_statements
from rfp_agents.domains import DOMAINS
from rfp_agents.errors import RfpError
from rfp_agents.graph.configuration import Context, run_setup
from rfp_agents.graph.services import chat_model_for, services_for
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase

log = logging.getLogger("rfp_agents.brief")
MAX_COMPARED_DOCUMENTS = 8
"""Documents asked one by one for a date or amount field's value (conflicts)."""


# ---------------------------------------------------------------------------------- nodes
def validate(state: BriefState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    """Check the fields and the scope before any work.

    Raises ``ValueError`` for an unknown field and ``KnowledgeBaseNotFound`` for a knowledge
    base in scope that does not exist.
    """
    setup = run_setup(runtime, config)
    specs_named(state.fields)
    for name in setup.context.knowledge_bases:
        KnowledgeBase.open(name, setup.settings)
    return {}


def fan_out(state: BriefState) -> list[Send]:
    """One agent per domain with fields to fill, ``find_risks`` and ``find_amendments``, in
    parallel."""
    specs = specs_named(state.fields)
    sends = [
        Send("fill_fields", DomainFields(domain=d, fields=[s.name for s in specs if s.domain == d]))
        for d in DOMAINS
        if any(s.domain == d for s in specs)
    ]
    return [*sends, Send("find_risks", state), Send("find_amendments", state)]


def fill_fields(task: DomainFields, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    """One domain agent: its cover fields by rule, the rest offline or with the chat model."""
    setup = run_setup(runtime, config)
    settings = setup.settings
    services = services_for(settings)
    specs = specs_named(task.fields)
    specs_by_name = {s.name: s for s in specs}
    findings: list[FieldFinding] = []
    cover = _cover_values(setup.context, settings) if any(s.cover for s in specs) else {}
    asked = []
    for spec in specs:
        if spec.name in cover and (spec.cover_only or not cover[spec.name].failed):
            findings.append(cover[spec.name])
        elif spec.cover_only:
            findings.append(FieldFinding(name=spec.name, text="", method="cover"))
        else:
            asked.append(spec)

    def tools_for(document_ids: list[str] | None) -> KnowledgeTools:
        scope = KnowledgeScope(
            setup.context.knowledge_bases, services.retriever, document_ids=document_ids
        )
        return KnowledgeTools(scope, EvidenceLog(), domain=task.domain)

    tools = tools_for(setup.context.document_ids)
    answerer = services.offline_answerer
    model = chat_model_for(settings, setup.model_object)
    if model is not None and asked:
        findings += fill_with_model(
            asked, model, answerer, tools, settings.provider_timeout_seconds
        )
    else:
        findings += [
            _guarded(spec.name, "offline", lambda spec=spec: fill_offline(spec, answerer, tools))
            for spec in asked
        ]
    findings = [_off_the_pages(f, specs_by_name[f.name], setup.context, settings) for f in findings]
    for finding in findings:
        if (
            (cover_failed := cover.get(finding.name))
            and cover_failed.failed
            and finding.method != "cover"
        ):
            finding.warnings.append(
                f"its cover rule failed ({cover_failed.failed}); read by asking instead"
            )
    documents = [
        r.doc_id for _, records in _scope_documents(setup.context, settings) for r in records
    ][:MAX_COMPARED_DOCUMENTS]
    if len(documents) > 1:
        findings = [
            values_elsewhere(
                specs_by_name[f.name], f, answerer, lambda d: tools_for([d]), documents
            )
            if f.name in specs_by_name
            else f
            for f in findings
        ]
    return {"findings": [f.model_dump(mode="json") for f in findings]}


def find_risks_node(state: BriefState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    """The risk sentences of the documents in scope."""
    setup = run_setup(runtime, config)
    found = []
    for kb, records in _scope_documents(setup.context, setup.settings):
        stated = documents_statements(kb, records)  # read once for the risks and checklist
        for risk in find_risks(kb.name, stated):
            found.append(
                {
                    "rule": risk.rule.name,
                    "sentence": risk.sentence,
                    "evidence": risk.evidence.model_dump(mode="json"),
                }
            )
        for item in find_checklist(kb.name, stated):
            found.append(
                {
                    "section": item.section,
                    "key": item.key,
                    "sentence": item.sentence,
                    "evidence": item.evidence.model_dump(mode="json"),
                }
            )
    return {"risks": found}


def find_amendments_node(
    state: BriefState, runtime: Runtime[Context], config: RunnableConfig
) -> dict:
    """The amending documents in scope and the requirements they change."""
    setup = run_setup(runtime, config)
    found = [
        document.model_dump(mode="json")
        for kb, records in _scope_documents(setup.context, setup.settings)
        for document in find_amendments(kb, records)
    ]
    return {"amendments": found}


def assemble(state: BriefState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    """The brief: fields in their order, one citation list, conflicts and risks."""
    setup = run_setup(runtime, config)
    specs = specs_named(state.fields)
    findings = {f["name"]: FieldFinding.model_validate(f) for f in state.findings}
    ordered = [findings[s.name] for s in specs]
    warnings = list(state.warnings)
    checked = []
    for spec, finding in zip(specs, ordered, strict=True):
        check = check_markers(finding.text, by_ref(finding.evidence)) if finding.text else None
        checked.append(check.text if check else "")
        if check and check.unsupported:
            warnings.append(f"{spec.name}: the cited passage does not support part of the value")
    risk_entries = [(Evidence.model_validate(r["evidence"]), r) for r in state.risks]
    others = [(i, o) for i, f in enumerate(ordered) for o in f.elsewhere]
    amending = [AmendingDocument.model_validate(a) for a in state.amendments]
    changes = [c for a in amending for c in a.changes]
    texts, citations = number_citations(
        [(s.domain, text, f.evidence) for s, text, f in zip(specs, checked, ordered, strict=True)]
        + [("risk", f"{r['sentence'].rstrip()} [1]", [e]) for e, r in risk_entries]
        + [(specs[i].domain, o.text, o.evidence) for i, o in others]
        + [
            ("amendment", f"{text.rstrip().rstrip('.')} [1].", [evidence])
            for c in changes
            for text, evidence in ((c.now, c.now_evidence), (c.was, c.was_evidence))
        ]
    )
    start = len(specs) + len(risk_entries)
    other_texts: dict[int, list[str]] = {}
    for (i, _), text in zip(others, texts[start : start + len(others)], strict=True):
        other_texts.setdefault(i, []).append(text)
    change_texts = iter(texts[start + len(others) :])
    cited = {c.n: c for c in citations if c.cited}
    fields = [
        _brief_field(spec, finding, text)
        for spec, finding, text in zip(specs, ordered, texts[: len(specs)], strict=True)
    ]
    fields, counted = with_moments(fields, {s.name: s.kind for s in specs})
    warnings += counted
    conflicts = [
        c
        for i, (spec, text) in enumerate(zip(specs, texts[: len(specs)], strict=True))
        if (c := find_conflict(spec, " ".join([text, *other_texts.get(i, [])]), cited))
    ]
    risk_texts = texts[len(specs) : len(specs) + len(risk_entries)]
    risks = _risks(risk_entries, risk_texts, cited)
    checklist = _checklist(risk_entries, risk_texts, cited)
    amendments = [
        Amendment(
            file=a.file,
            amends=a.amends,
            changes=[_change(next(change_texts), next(change_texts)) for _ in a.changes],
        )
        for a in amending
    ]
    documents = sorted(
        {
            r.source
            for _, records in _scope_documents(setup.context, setup.settings)
            for r in records
        }
    )
    brief = Brief(
        knowledge_base=", ".join(setup.context.knowledge_bases),
        documents=documents,
        mode="llm" if any(f.method == "llm" for f in fields) else "offline",
        fields=fields,
        conflicts=conflicts,
        risks=risks,
        amendments=amendments,
        checklist=checklist,
        citations=_referenced(citations, fields, conflicts, risks, amendments, checklist),
        warnings=warnings + [w for f in fields for w in (f"{f.name}: {x}" for x in f.warnings)],
    )
    return {"brief": brief.model_dump(mode="json")}


# -------------------------------------------------------------------------------- helpers
def _brief_field(spec: FieldSpec, finding: FieldFinding, text: str) -> BriefField:
    if finding.failed:
        return BriefField(
            name=spec.name,
            label=spec.label,
            domain=spec.domain,
            status="unread",
            value=NOT_READ,
            method=finding.method,
            warnings=[*finding.warnings, f"not read, its rule failed: {finding.failed}"],
        )
    refs = markers_in(text)
    found = bool(text.strip()) and bool(refs)
    return BriefField(
        name=spec.name,
        label=spec.label,
        domain=spec.domain,
        status="found" if found else "not_stated",
        value=text if found else NOT_STATED,
        citations=refs if found else [],
        method=finding.method,
        rule=finding.rule if found else "",
        warnings=finding.warnings
        + ([] if found or not text.strip() else ["dropped a value that cites no passage"]),
    )


def _referenced(
    citations: Sequence[Citation],
    fields: Sequence[BriefField],
    conflicts: Sequence[Conflict],
    risks: Sequence[Risk],
    amendments: Sequence[Amendment],
    checklist: Checklist,
) -> list[Citation]:
    """The citations the brief shows a marker for (another document's value that agrees
    with the field's is not shown)."""
    shown = {n for f in fields for n in f.citations}
    shown |= {i.citation for items in _sections(checklist) for i in items}
    shown |= {v.citation for c in conflicts for v in c.values} | {r.citation for r in risks}
    shown |= {n for a in amendments for c in a.changes for n in (c.citation, c.was_citation)}
    return [c for c in citations if c.n in shown]


def _change(now: str, was: str) -> AmendmentChange:
    """A change as the brief shows it: both sentences with their numbered markers."""
    return AmendmentChange(
        now=now, citation=markers_in(now)[0], was=was, was_citation=markers_in(was)[0]
    )


def _risks(
    entries: Sequence[tuple[Evidence, dict[str, Any]]],
    texts: Sequence[str],
    cited: dict[int, Citation],
) -> list[Risk]:
    rules = {r.name: r for r in risk_rules()}
    risks = []
    for (evidence, entry), text in zip(entries, texts, strict=True):
        if "section" in entry:
            continue  # a checklist line (``_checklist``)
        rule = rules[entry["rule"]]
        (n,) = markers_in(text)[:1] or (0,)
        if n not in cited:
            continue
        risks.append(
            Risk(
                name=rule.name,
                label=rule.label,
                why=rule.why,
                text=text,
                citation=n,
                file=evidence.source_file,
                page=evidence.page_number,
            )
        )
    return risks


def _scope_documents(
    context: Context, settings
) -> list[tuple[KnowledgeBase, list[DocumentRecord]]]:
    """Each knowledge base in scope with its documents (only ``document_ids`` when set)."""
    wanted = set(context.document_ids or [])
    scope = []
    for name in context.knowledge_bases:
        kb = KnowledgeBase.open(name, settings)
        records = [r for r in kb.documents() if not wanted or r.doc_id in wanted]
        scope.append((kb, records))
    return scope


def _guarded(name: str, method: str, fill: Callable[[], FieldFinding]) -> FieldFinding:
    """The field as ``fill`` reads it; when its rule raises an error (a defect, not a fault
    the user can mend: those are ``RfpError`` and stop the brief), the field marked
    ``failed`` with the error, and the traceback logged. One rule's defect costs one field,
    not the brief."""
    try:
        return fill()
    except RfpError:
        raise
    except Exception as error:
        log.exception("brief field %s: the rule that reads it failed", name)
        failed = f"{type(error).__name__}: {error}"
        return FieldFinding(name=name, text="", method=method, failed=failed)


def _off_the_pages(
    finding: FieldFinding, spec: FieldSpec, context: Context, settings
) -> FieldFinding:
    """A deadline field no answer stated, read off the pages in order, or one an answer
    named short, stated in full from the pages (``key_dates``); a defect in that reading
    costs the field, not the brief (``_guarded``)."""
    if finding.failed or not spec.asks_for_a_deadline:
        return finding

    def on_the_pages() -> FieldFinding:
        for kb, records in _scope_documents(context, settings):
            if finding.text:
                found = deadline_stated_in_full(spec, finding, kb, records)
            else:
                found = first_deadline_on_the_pages(spec, kb, records)
            if found:
                return found
        return finding

    return _guarded(spec.name, "offline", on_the_pages)


def _cover_values(context: Context, settings) -> dict[str, FieldFinding]:
    """The cover fields the rules read (``read_cover``), the first knowledge base's first;
    a field whose rule failed in every knowledge base is marked ``failed``."""
    found: dict[str, FieldFinding] = {}
    failed: dict[str, str] = {}
    for kb, records in _scope_documents(context, settings):
        reading = read_cover(kb, records)
        for name, cover in reading.values.items():
            if name not in found:
                found[name] = FieldFinding(
                    name=name,
                    text=f"{cover.value} [1]",
                    evidence=[cover.evidence],
                    method="cover",
                    rule=cover.rule,
                )
        for name, error in reading.failed.items():
            failed.setdefault(name, error)
    for name, error in failed.items():
        found.setdefault(name, FieldFinding(name=name, text="", method="cover", failed=error))
    return found


# ---------------------------------------------------------------------------------- graph
def build_graph() -> StateGraph:
    builder = StateGraph(BriefState, context_schema=Context, input_schema=BriefInput)
    builder.add_node("validate", validate)
    builder.add_node("fill_fields", fill_fields)
    builder.add_node("find_risks", find_risks_node)
    builder.add_node("find_amendments", find_amendments_node)
    builder.add_node("assemble", assemble)
    builder.add_edge(START, "validate")
    builder.add_conditional_edges(
        "validate", fan_out, ["fill_fields", "find_risks", "find_amendments"]
    )
    builder.add_edge("fill_fields", "assemble")
    builder.add_edge("find_risks", "assemble")
    builder.add_edge("find_amendments", "assemble")
    builder.add_edge("assemble", END)
    return builder


graph = build_graph().compile(name="rfp-brief")


def _checklist(
    entries: Sequence[tuple[Evidence, dict[str, Any]]],
    texts: Sequence[str],
    cited: dict[int, Citation],
) -> Checklist:
    """The checklist lines (``find_checklist``) with their numbered markers."""
    checklist = Checklist()
    for (evidence, entry), text in zip(entries, texts, strict=True):
        (n,) = markers_in(text)[:1] or (0,)
        if "section" not in entry or n not in cited:
            continue
        item = ChecklistItem(
            key=entry["key"],
            text=text,
            citation=n,
            file=evidence.source_file,
            page=evidence.page_number,
        )
        getattr(checklist, entry["section"]).append(item)
    return checklist


def _sections(checklist: Checklist) -> list[list[ChecklistItem]]:
    return [checklist.page_limits, checklist.forms, checklist.clauses]
