"""Which compliance matrix rows an analyst asked for (``rfp matrix --domain/--topic/
--strength``): counsel takes the legal rows, finance the payment ones, the proposal manager
the submission instructions. The filter is checked before any document is read, and an
unknown topic is named together with the topics there are."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rfp_agents.deliverables.matrix import Requirement
from rfp_agents.deliverables.obligations import Strength
from rfp_agents.deliverables.topics import known_topics
from rfp_agents.domains import Domain


class RowFilter(BaseModel):
    """Rows of these domains, topics and strengths (an empty list keeps every value)."""

    model_config = ConfigDict(extra="forbid")

    domains: list[Domain] = Field(default_factory=list)
    topics: list[str] = Field(default_factory=list)
    strengths: list[Strength] = Field(default_factory=list)

    @field_validator("topics")
    @classmethod
    def _known(cls, topics: list[str]) -> list[str]:
        known = known_topics()
        unknown = [t for t in topics if t not in known]
        if unknown:
            raise ValueError(
                f"unknown topic {', '.join(map(repr, unknown))}; the topics are " + ", ".join(known)
            )
        return topics

    @property
    def narrows(self) -> bool:
        """True when it leaves some rows out."""
        return bool(self.domains or self.topics or self.strengths)

    def keeps(self, row: Requirement) -> bool:
        return (
            (not self.domains or row.domain in self.domains)
            and (not self.topics or row.topic in self.topics)
            and (not self.strengths or row.strength in self.strengths)
        )

    def describe(self) -> str:
        """ "domain legal, topic payment or insurance": what it keeps, for the summary."""
        parts = [
            f"{name} {' or '.join(values)}"
            for name, values in (
                ("domain", self.domains),
                ("topic", self.topics),
                ("strength", self.strengths),
            )
            if values
        ]
        return ", ".join(parts)
