"""Why a matrix row is there: the rule that decided it, in words an analyst can check
(``rfp matrix --explain ROW``)."""

from __future__ import annotations

import textwrap

from rfp_agents.deliverables import rules
from rfp_agents.deliverables.matrix import Requirement
from rfp_agents.deliverables.matrix.rows import MODEL_RULE
from rfp_agents.deliverables.obligations import NO_RULE

PATTERN_SHOWN = 400
"""Characters of a long pattern printed (its file holds the whole of it)."""


def explain(row: Requirement) -> str:
    """The row, the rule that decided it (its summary, file, pattern or function, the words
    it matched) and the rule's examples and counterexamples."""
    head = [
        f"{row.id} ({row.strength}, {row.file} p. {row.page})",
        _wrapped(row.requirement, "  "),
        "",
    ]
    if row.rule == MODEL_RULE:
        return "\n".join(
            [*head, f"rule: {MODEL_RULE}: the chat model (RFP_CHAT_MODEL) judged that it binds "
             "the bidder; no wording rule decided it."]
        )  # fmt: skip
    if row.rule in ("", NO_RULE):
        return "\n".join([*head, "rule: none recorded (a matrix built before rules had ids)."])
    rule = rules.rule(row.rule)
    lines = [
        *head,
        f"rule: {rule.id} ({rule.verdict}; rfp_agents/deliverables/rules/{rule.file})",
        _wrapped(rule.summary, "  "),
    ]
    if row.rule_match:
        lines.append(f"matched: “{row.rule_match}”")
    if rule.pattern is not None:
        shown = rule.pattern[:PATTERN_SHOWN] + ("…" if len(rule.pattern) > PATTERN_SHOWN else "")
        lines.append(f"pattern: {shown}")
    if rule.decided_in:
        lines.append(f"decided in: {rule.decided_in}")
    lines.append("examples:")
    lines.extend(_wrapped(example, "  - ") for example in rule.examples)
    if rule.counterexamples:
        lines.append("counterexamples (not decided by it):")
        lines.extend(_wrapped(example, "  - ") for example in rule.counterexamples)
    return "\n".join(lines)


def _wrapped(text: str, indent: str) -> str:
    return textwrap.fill(text, width=96, initial_indent=indent, subsequent_indent=" " * len(indent))
