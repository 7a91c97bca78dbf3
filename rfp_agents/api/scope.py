"""Which knowledge bases the API may touch (``RFP_API_KNOWLEDGE_BASES``), in one place."""

from __future__ import annotations

import logging

from rfp_agents.config import Settings
from rfp_agents.errors import OutOfScopeError
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.store import validate_kb_name

log = logging.getLogger("rfp_agents.api")


def allowed_knowledge_bases(settings: Settings) -> list[str]:
    """The allow-list; empty means every knowledge base."""
    return [k.strip() for k in settings.api_knowledge_bases.split(",") if k.strip()]


def check_allowed(kbs: list[str], settings: Settings) -> list[str]:
    """Valid names inside the allow-list (``OutOfScopeError`` otherwise); no store access."""
    names = [validate_kb_name(kb) for kb in dict.fromkeys(kbs)]
    allowed = allowed_knowledge_bases(settings)
    outside = [kb for kb in names if allowed and kb not in allowed]
    if outside:
        log.warning("refused out-of-scope knowledge base: kb_ids=%s scope=%s", outside, allowed)
        raise OutOfScopeError(f"knowledge base(s) {outside} are not available through this API")
    return names


def check_scope(kbs: list[str], settings: Settings) -> list[str]:
    """``check_allowed``, then each must exist (blocking: call it off the event loop)."""
    names = check_allowed(kbs, settings)
    for kb in names:
        KnowledgeBase.open(kb, settings)
    return names
