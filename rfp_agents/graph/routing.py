"""Routing a question to the Legal, Technical and Financial agents.

Offline, a transparent classifier combines two signals, both shown in the reason:

* the domain lexicon (``rfp_agents.domains``): RFP terms the question contains;
* embedding similarity between the question and each domain's description.

Every domain close to the best combined score is chosen, so a question about "the price
reduction for missed uptime" goes to financial *and* technical. When no domain stands out
(little lexical evidence and flat similarities) all three answer. With a chat model the
router asks for a ``RouteDecision`` with structured output and falls back to the classifier
if the model cannot give one.
"""

from __future__ import annotations

import logging
from typing import Literal

from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, Field, field_validator

from rfp_agents.agents.chat_model import structured_output
from rfp_agents.agents.profiles import PROFILES
from rfp_agents.agents.prompts import ROUTER_SYSTEM
from rfp_agents.domains import DOMAINS, Domain, blend, classify_text, domain_descriptions
from rfp_agents.errors import ChatModelError, ProviderTimeoutError, UsageError

log = logging.getLogger("rfp_agents.graph.routing")

CHOOSE_WITHIN = 0.6
"""Domains scoring at least this share of the best combined score are chosen too."""
UNSURE_BELOW = 0.45
"""If the best combined score is below this, no domain stands out: all three answer."""
MIN_SIMILARITY = 0.2
"""Without lexicon terms, a question this far from every description is unclear: all three."""


class RouteDecision(BaseModel):
    """Which domain agents answer, and why (one line)."""

    domains: list[Domain] = Field(min_length=1, description="One or several domains.")
    reason: str = Field(description="One line: why these domains.")
    method: Literal["forced", "llm", "classifier", "fallback"] = "classifier"

    @field_validator("domains")
    @classmethod
    def _in_order(cls, value: list[str]) -> list[str]:
        return [d for d in DOMAINS if d in value]


class LlmRoute(BaseModel):
    """The router's answer (structured output)."""

    domains: list[Domain] = Field(
        min_length=1, description="Domains whose analysts should answer: legal/technical/financial"
    )
    reason: str = Field(description="One line explaining the choice.")


def forced_route(domains: list[str]) -> RouteDecision:
    """The route the caller asked for (``--domain``)."""
    unknown = [d for d in domains if d not in DOMAINS]
    if unknown:
        raise UsageError(f"unknown domain(s) {unknown}; choose from {list(DOMAINS)}")
    return RouteDecision(domains=domains, reason="chosen by the caller", method="forced")


class OfflineRouter:
    """The lexicon-plus-similarity classifier."""

    def __init__(self, embeddings: Embeddings):
        self.embeddings = embeddings
        self.descriptions = domain_descriptions(embeddings)

    def route(self, question: str) -> RouteDecision:
        lexicon = classify_text(question)
        lex_total = sum(lexicon.domain_scores.values())
        similarity = self.descriptions.similarity(self.embeddings.embed_query(question))
        combined = blend(lexicon, similarity)
        best = float(combined.max())
        evidence = "; ".join(
            f"{d} {combined[i]:.2f} (terms: {', '.join(lexicon.matched_terms[d]) or '-'}; "
            f"similarity {similarity[i]:.2f})"
            for i, d in enumerate(DOMAINS)
        )
        if best < UNSURE_BELOW or (not lex_total and float(similarity.max()) < MIN_SIMILARITY):
            return RouteDecision(
                domains=list(DOMAINS),
                reason=f"no domain stands out: {evidence}",
                method="classifier",
            )
        chosen = [d for i, d in enumerate(DOMAINS) if combined[i] >= CHOOSE_WITHIN * best]
        return RouteDecision(domains=chosen, reason=evidence, method="classifier")


def route_with_model(
    model: BaseChatModel, question: str, fallback: OfflineRouter, timeout: float
) -> RouteDecision:
    """Ask the chat model to route; use the classifier if it cannot answer in shape."""
    system = ROUTER_SYSTEM.format(**{d: PROFILES[d].description for d in DOMAINS})
    messages = [SystemMessage(system), HumanMessage(question)]
    try:
        decision = structured_output(model, LlmRoute, messages, timeout)
    except ProviderTimeoutError:
        raise
    except ChatModelError as exc:
        log.warning("router: the model gave no route (%s); using the classifier", exc)
        offline = fallback.route(question)
        return offline.model_copy(update={"method": "fallback"})
    return RouteDecision(domains=decision.domains, reason=decision.reason, method="llm")
