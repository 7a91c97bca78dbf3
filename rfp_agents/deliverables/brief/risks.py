"""The risks of a solicitation: clauses a bid team must weigh before it bids.

Every sentence of the documents (read as the compliance matrix reads them: page by page,
list items joined to their lead-in) is matched against the rules of ``vocabulary/risks.toml``
(uncapped liability, liquidated damages, IP or data rights transferred, short deadlines,
bonds, high or unusual insurance). Each risk cites the sentence that says it; a rule reports at
most ``MAX_PER_RULE`` sentences so that a clause repeated on every page is one line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from rfp_agents.agents.evidence import Evidence
from rfp_agents.deliverables.matrix import statements
from rfp_agents.knowledge_base import DocumentRecord, KnowledgeBase
from rfp_agents.text import content_terms, fold_accents
from rfp_agents.vocabulary import load_vocabulary_file

MAX_PER_RULE = 3
AMOUNT = re.compile(r"\$\s?(\d[\d,]*(?:\.\d+)?)\s*(million|m\b)?|(\d[\d.,]*)\s*(?:€|euros?)", re.I)


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
    """The sums of money a sentence names ("$2,000,000", "$5 million", "60.000 €")."""
    found = []
    for match in AMOUNT.finditer(text):
        digits = match.group(1) or (match.group(3) or "").replace(".", "").replace(",", ".")
        try:
            value = float(digits.replace(",", "")) if match.group(1) else float(digits)
        except ValueError:
            continue
        found.append(value * 1_000_000 if match.group(2) else value)
    return found


def find_risks(kb: KnowledgeBase, records: Sequence[DocumentRecord]) -> list[FoundRisk]:
    """The risks of ``records``, in rule order, at most ``MAX_PER_RULE`` sentences a rule."""
    found: dict[str, list[FoundRisk]] = {r.name: [] for r in risk_rules()}
    seen: set[tuple[str, str]] = set()
    for record in records:
        for sentence, meta in statements(kb, record.source):
            folded = fold_accents(sentence)
            for rule in risk_rules():
                key = (rule.name, " ".join(content_terms(sentence)))
                if len(found[rule.name]) >= MAX_PER_RULE or key in seen:
                    continue
                if rule.matches(folded):
                    seen.add(key)
                    found[rule.name].append(
                        FoundRisk(rule, sentence, _evidence(kb, sentence, meta))
                    )
    return [risk for rule in risk_rules() for risk in found[rule.name]]


def _evidence(kb: KnowledgeBase, sentence: str, meta: dict) -> Evidence:
    return Evidence(
        ref=1,
        kb=kb.name,
        source_file=str(meta["source"]),
        page_number=int(meta["page_number"]),
        chunk_id=str(meta["chunk_id"]),
        doc_id=str(meta.get("doc_id", "")),
        content=sentence,
        tool="find_risks",
        language=str(meta.get("language", "en")),
        ocr_confidence=meta.get("ocr_confidence"),
    )


def risk_sentences(risks: Sequence[FoundRisk]) -> Iterator[tuple[FoundRisk, str]]:
    """Each risk with its sentence marked ``[1]`` (its own evidence's ref), for numbering."""
    for risk in risks:
        yield risk, f"{risk.sentence.rstrip()} [1]"
