"""The three domain agents: one loop, three profiles (prompt focus, category, examples)."""

from __future__ import annotations

from dataclasses import dataclass

from rfp_agents.agents.prompts import AGENT_SYSTEM, RETRIEVAL_POLICY
from rfp_agents.domains import DOMAINS, Category


@dataclass(frozen=True)
class DomainProfile:
    """What makes the Legal, Technical or Financial agent different from the others."""

    domain: Category
    title: str
    description: str
    """What the domain covers; the router compares questions with it."""
    focus: str
    examples: tuple[str, ...]

    @property
    def category(self) -> Category:
        """The chunk category this agent prefers when it plans retrieval."""
        return self.domain

    def system_prompt(self) -> str:
        examples = "Questions you handle, for example: " + "; ".join(self.examples) + "."
        return AGENT_SYSTEM.format(
            title=self.title, focus=self.focus, examples=examples, policy=RETRIEVAL_POLICY
        )


PROFILES: dict[str, DomainProfile] = {
    "legal": DomainProfile(
        domain="legal",
        title="legal",
        description="contract terms and clauses, liability, indemnification, warranty, "
        "termination, governing law, disputes, insurance, data rights and licences, "
        "confidentiality, privacy, HIPAA, FAR clauses, key personnel, penalties and remedies",
        focus="You look for obligations, rights, clauses and their numbers, remedies and risks "
        "for the bidder.",
        examples=(
            "which FAR clauses are incorporated",
            "who owns the data and code",
            "what insurance is required",
        ),
    ),
    "technical": DomainProfile(
        domain="technical",
        title="technical",
        description="technical requirements, architecture, hosting, cloud, security, "
        "vulnerabilities, availability and uptime service levels, performance, testing, "
        "accessibility, WCAG and Section 508, open source, deliverables, agile delivery",
        focus="You look for requirements, standards, service levels and their measures, and "
        "what must be delivered.",
        examples=(
            "what uptime is required",
            "which accessibility standard applies",
            "how fast must vulnerabilities be fixed",
        ),
    ),
    "financial": DomainProfile(
        domain="financial",
        title="financial",
        description="prices and pricing, contract type (firm fixed price, time and materials), "
        "budget and ceiling, invoices and payment, travel costs, bonds, fees, price reductions "
        "and deductions, limitation of funds, price evaluation",
        focus="You look for amounts, contract types, payment terms, ceilings, deductions and "
        "how price is evaluated.",
        examples=(
            "what is the contract ceiling",
            "how are invoices submitted",
            "what price reduction applies to missed service levels",
        ),
    ),
}

assert tuple(PROFILES) == DOMAINS
