"""The brief as Markdown: what ``rfp brief --md`` prints and ``-o brief.md`` writes."""

from __future__ import annotations

from rfp_agents.deliverables.brief.models import Brief

SHORT_VALUE_CHARACTERS = 220


def brief_markdown(brief: Brief, short: bool = False) -> str:
    """One page: the fields, conflicts, risks, amendments, then the numbered sources.

    ``short`` cuts long values (the terminal view; the file keeps them whole)."""
    lines = [f"# Brief: {', '.join(brief.documents) or brief.knowledge_base}", ""]
    for field in brief.fields:
        value = field.value
        if short and len(value) > SHORT_VALUE_CHARACTERS:
            value = value[: SHORT_VALUE_CHARACTERS - 1].rsplit(" ", 1)[0] + " …"
        lines.append(f"- **{field.label}:** {value}")
    if brief.conflicts:
        lines += ["", "## Conflicts", ""]
        for conflict in brief.conflicts:
            said = "; ".join(f"{v.value} [{v.citation}]" for v in conflict.values)
            lines.append(f"- **{conflict.label}:** {said}. {conflict.note}")
    if brief.risks:
        lines += ["", "## Risks", ""]
        for risk in brief.risks:
            text = risk.text
            if short and len(text) > SHORT_VALUE_CHARACTERS:
                text = (
                    text[: SHORT_VALUE_CHARACTERS - 1].rsplit(" ", 1)[0] + f" … [{risk.citation}]"
                )
            lines.append(f"- **{risk.label}:** {text}")
    if brief.amendments:
        lines += ["", "## Amendments", ""]
        for amendment in brief.amendments:
            lines.append(f"- **{amendment.file}** amends {', '.join(amendment.amends)}:")
            for change in amendment.changes:
                lines.append(f"  - now: {change.now} (was: {change.was})")
            if not amendment.changes:
                lines.append("  - it restates no requirement with a change")
    lines += ["", "## Sources", ""]
    for citation in brief.citations:
        ocr = " (OCR)" if citation.ocr_confidence is not None else ""
        lines.append(f"[{citation.n}] {citation.source_file} p. {citation.page_number}{ocr}")
    return "\n".join(lines) + "\n"
