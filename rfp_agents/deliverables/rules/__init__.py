"""The registry of the rules that decide the compliance matrix's rows (``registry.py``).

``registry()`` loads every rules file once; ``pattern(id)`` is a rule's compiled pattern and
``family(name)`` a combined family's. ``obligations.py`` asks the rules in its phases, and
every matrix row carries the id of the rule that decided it (``Requirement.rule``);
``rfp matrix --explain ROW`` prints that rule, its examples and the words it matched.
``docs/rules.md`` says how to add, change or remove a rule.
"""

from __future__ import annotations

import re
from functools import cache

from rfp_agents.deliverables import wording
from rfp_agents.deliverables.rules.registry import (
    Family,
    Registry,
    Rule,
    RuleFileError,
    Verdict,
    load_registry,
)

__all__ = [
    "PLACEHOLDERS",
    "Family",
    "Registry",
    "Rule",
    "RuleFileError",
    "Verdict",
    "family",
    "fragment",
    "pattern",
    "registry",
    "rule",
]

PLACEHOLDERS = {
    "bidder": wording.BIDDER,
    "bidder_name": wording.BIDDER_NAME,
    "be_verb": wording.BE_VERB,
    "also": wording.ALSO,
    "responsible": wording.RESPONSIBLE,
    "introductory_phrase": wording.INTRODUCTORY_PHRASE,
    "run_in_label": wording.RUN_IN_LABEL.pattern,
}
"""The pieces of wording the rules share with the rest of the deliverables (``wording.py``:
the bidder's names, the verb "to be" with its adverbs, introductory phrases …)."""


@cache
def registry() -> Registry:
    """Every rule, loaded and checked once (a malformed file fails at first use, naming it)."""
    return load_registry(PLACEHOLDERS)


def rule(rule_id: str) -> Rule:
    return registry().rule(rule_id)


def pattern(rule_id: str) -> re.Pattern[str]:
    return registry().pattern(rule_id)


def family(name: str) -> Family:
    return registry().family(name)


def fragment(name: str) -> str:
    """A shared piece of ``fragments.toml``, expanded (``{number_word}`` …)."""
    return registry().fragments[name]
