"""The risks of a solicitation: clauses a bid team must weigh before it bids.

Every sentence of the documents (read as the compliance matrix reads them: page by page,
list items joined to their lead-in) is matched against the rules of ``vocabulary/risks.toml``
(uncapped liability, liquidated damages, IP or data rights transferred, short deadlines,
bonds, high or unusual insurance). Each risk cites the sentence that says it; a rule reports at
most ``MAX_PER_RULE`` sentences so that a clause repeated on every page is one line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rfp_agents.agents.evidence import Evidence
from rfp_agents.text import content_terms, fold_accents
from rfp_agents.vocabulary import load_vocabulary_file

MAX_PER_RULE = 3
_NUMBER = r"(\d{1,3}(?:[,.]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)"
"""A figure with its thousands grouped by commas or stops ("2,000,000", "5.000.000")."""
AMOUNT = re.compile(
    rf"(?:US\$|\$|USD|EUR|€|£|GBP|CAD|AUD|ARS)\s?{_NUMBER}\s*(million|m\b)?"
    rf"|{_NUMBER}\s*(million\s+)?(?:€|(?:euros?|dollars|USD|EUR|pesos)\b)",
    re.IGNORECASE,
)
"""A sum of money: a currency sign or code before the figure ("$2,000,000", "USD 1,500",
"$5.000.000") or a currency after it ("60.000 €", "5 million dollars")."""
THOUSANDS = re.compile(r"[,.](?=\d{3}(?!\d))")


@dataclass(frozen=True)
class RiskRule:
    name: str
    label: str
    why: str
    patterns: tuple[re.Pattern[str], ...]
    min_amount: float = 0.0

    def matches(self, folded: str) -> bool:
        if not any(p.search(folded) for p in self.patterns):
            return False
        return not self.min_amount or max(amounts_in(folded), default=0.0) >= self.min_amount


@dataclass(frozen=True)
class FoundRisk:
    rule: RiskRule
    sentence: str
    evidence: Evidence


@cache
def risk_rules() -> tuple[RiskRule, ...]:
    """The rules of ``vocabulary/risks.toml`` (a bad pattern fails loudly at first use)."""
    rules = []
    for entry in load_vocabulary_file("risks.toml")["risks"]:
        rules.append(
            RiskRule(
                name=entry["name"],
                label=entry["label"],
                why=entry["why"],
                patterns=tuple(re.compile(p, re.IGNORECASE) for p in entry["patterns"]),
                min_amount=float(entry.get("min_amount", 0)),
            )
        )
    return tuple(rules)


def amounts_in(text: str) -> list[float]:
    """The sums of money a sentence names ("$2,000,000", "$5 million", "USD 1,500",
    "60.000 €")."""
    found = []
    for match in AMOUNT.finditer(text):
        figure, million = (match.group(1), match.group(2)) if match.group(1) else match.group(3, 4)
        value = float(THOUSANDS.sub("", figure).replace(",", "."))
        found.append(value * 1_000_000 if million else value)
    return found


def find_risks(kb_name: str, stated: Iterable[tuple[str, dict[str, Any]]]) -> list[FoundRisk]:
    """The risks of the statements of a knowledge base's documents
    (``matrix.documents_statements``), in rule order, at most ``MAX_PER_RULE`` sentences a
    rule."""
    found: dict[str, list[FoundRisk]] = {r.name: [] for r in risk_rules()}
    seen: set[tuple[str, str]] = set()
    for sentence, meta in stated:
        folded = fold_accents(sentence)
        for rule in risk_rules():
            key = (rule.name, " ".join(content_terms(sentence)))
            if len(found[rule.name]) >= MAX_PER_RULE or key in seen:
                continue
            if rule.matches(folded):
                seen.add(key)
                evidence = Evidence.from_chunk(kb_name, sentence, meta, "find_risks")
                found[rule.name].append(FoundRisk(rule, sentence, evidence))
    return [risk for rule in risk_rules() for risk in found[rule.name]]
