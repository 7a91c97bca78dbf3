"""The rule registry (``deliverables/rules/``): every rule's examples are decided by that
rule, its counterexamples are not, and a malformed rules file fails with a clear error."""

from __future__ import annotations

import pytest

from rfp_agents.deliverables import rules
from rfp_agents.deliverables.matrix.rows import decisions_by_rules
from rfp_agents.deliverables.obligations import decide
from rfp_agents.deliverables.rules.registry import RuleFileError, load_registry

CONTEXT_SEPARATOR = " || "
CONTEXT_OF = {
    "context.confirmed-yes": {"confirmed": True},
    "context.standards-table-cell": {"in_standards_table": True},
}
"""Where the statement judged stands, for the context rules that read it."""


def _rule_deciding(rule: rules.Rule, example: str) -> str:
    """The rule that decides ``example``: alone, or for a context rule, among the statements
    the example joins (the second judged), in the context the rule reads."""
    if rule.family != "context":
        return decide(example).rule
    texts = example.split(CONTEXT_SEPARATOR)
    judged = 1 if len(texts) > 1 else 0
    stated = [
        (text, CONTEXT_OF.get(rule.id, {}) if i == judged else {}) for i, text in enumerate(texts)
    ]
    return decisions_by_rules(stated, range(len(texts)), in_qa=False)[judged].rule


def test_every_rule_decides_its_examples_and_not_its_counterexamples():
    misses = []
    for rule in rules.registry().rules.values():
        for example in rule.examples:
            decided_by = _rule_deciding(rule, example)
            if decided_by != rule.id:
                misses.append(f"{rule.id}: example decided by {decided_by}: {example!r}")
        for counterexample in rule.counterexamples:
            if _rule_deciding(rule, counterexample) == rule.id:
                misses.append(f"{rule.id}: counterexample decided by it: {counterexample!r}")
    assert not misses, "\n".join(misses)


def _rules_dir(tmp_path, rule: str) -> object:
    (tmp_path / "en").mkdir()
    (tmp_path / "fragments.toml").write_text("[fragments]\nshort = 'x'\n")
    (tmp_path / "en" / "demo.toml").write_text(rule)
    return tmp_path


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            "[[rules]]\nid = 'demo.a'\nverdict = 'mandatory'\nsummary = 'A demonstration rule.'\n"
            "pattern = 'shall'\nexamples = []\n",
            r"rules/en/demo.toml rule demo.a: examples",
        ),
        (
            "[[rules]]\nid = 'demo.a'\nverdict = 'mandatory'\nsummary = 'A demonstration rule.'\n"
            "pattern = '{nobody}'\nexamples = ['x']\n",
            r"rule demo.a: unknown placeholder \{nobody\}",
        ),
        (
            "[[rules]]\nid = 'demo.a'\nverdict = 'mandatory'\nsummary = 'A demonstration rule.'\n"
            "pattern = '(unclosed'\nexamples = ['x']\n",
            r"rule demo.a: the pattern does not compile",
        ),
        (
            "[[rules]]\nid = 'demo.a'\nverdict = 'binding'\nsummary = 'A demonstration rule.'\n"
            "pattern = 'x'\nexamples = ['x']\n",
            r"rule demo.a: verdict",
        ),
    ],
)
def test_a_malformed_rules_file_names_the_file_the_rule_and_the_fault(tmp_path, rule, message):
    with pytest.raises(RuleFileError, match=message):
        load_registry(rules.PLACEHOLDERS, _rules_dir(tmp_path, rule))
