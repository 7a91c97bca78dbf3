"""The brief as Markdown: what ``rfp brief --md`` prints and ``-o brief.md`` writes."""

from __future__ import annotations

from rfp_agents.deliverables.brief.models import Brief

SHORT_VALUE_CHARACTERS = 220


def brief_markdown(brief: Brief, short: bool = False) -> str:
    """One page: the fields, conflicts, risks, amendments, the checklist (page limits, forms,
    clauses), then the numbered sources.

    ``short`` cuts long values (the terminal view; the file keeps them whole)."""
    lines = [f"# Brief: {', '.join(brief.documents) or brief.knowledge_base}", ""]
    for field in brief.fields:
        lines.append(f"- **{field.label}:** {_cut(field.value, short)}")
    if brief.conflicts:
        lines += ["", "## Conflicts", ""]
        for conflict in brief.conflicts:
            said = "; ".join(f"{v.value} [{v.citation}]" for v in conflict.values)
            lines.append(f"- **{conflict.label}:** {said}. {conflict.note}")
    if brief.risks:
        lines += ["", "## Risks", ""]
        for risk in brief.risks:
            lines.append(f"- **{risk.label}:** {_cut(risk.text, short, risk.citation)}")
    if brief.amendments:
        lines += ["", "## Amendments", ""]
        for amendment in brief.amendments:
            lines.append(f"- **{amendment.file}** amends {', '.join(amendment.amends)}:")
            for change in amendment.changes:
                now = _cut(change.now, short, change.citation)
                was = _cut(change.was, short, change.was_citation)
                lines.append(f"  - now: {now} (was: {was})")
            if not amendment.changes:
                lines.append("  - it restates no requirement with a change")
    for title, items in (
        ("Page limits", brief.checklist.page_limits),
        ("Forms and certifications", brief.checklist.forms),
        ("Clauses incorporated by reference", brief.checklist.clauses),
    ):
        if items:
            lines += ["", f"## {title}", ""]
            lines += [f"- **{i.key}:** {_cut(i.text, short, i.citation)}" for i in items]
    lines += ["", "## Sources", ""]
    for citation in brief.citations:
        ocr = " (OCR)" if citation.ocr_confidence is not None else ""
        lines.append(f"[{citation.n}] {citation.source_file} p. {citation.page_number}{ocr}")
    return "\n".join(lines) + "\n"


def _cut(text: str, short: bool, citation: int | None = None) -> str:
    """``text`` cut at a word for the short view, its citation marker kept."""
    if not short or len(text) <= SHORT_VALUE_CHARACTERS:
        return text
    cut = text[: SHORT_VALUE_CHARACTERS - 1].rsplit(" ", 1)[0] + " …"
    return f"{cut} [{citation}]" if citation is not None else cut
