"""The three domain agents: one loop, three profiles (prompt focus, category, examples)."""

from __future__ import annotations

from dataclasses import dataclass

from rfp_agents.agents.prompts import AGENT_SYSTEM, RETRIEVAL_POLICY
from rfp_agents.domains import DOMAINS, Category
from rfp_agents.vocabulary import vocabulary


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


def _profile(domain: Category) -> DomainProfile:
    """A domain's profile from ``rfp_agents/vocabulary/domains.toml``."""
    words = vocabulary().domains[domain]
    return DomainProfile(
        domain=domain,
        title=domain,
        description=words.description,
        focus=words.focus,
        examples=words.examples,
    )


PROFILES: dict[str, DomainProfile] = {domain: _profile(domain) for domain in DOMAINS}

assert tuple(PROFILES) == DOMAINS
