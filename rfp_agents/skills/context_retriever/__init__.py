"""The context-retriever skill (see SKILL.md): the search every agent calls."""

from rfp_agents.skills.context_retriever.errors import (
    IndexEmptyError,
    InvalidFilterError,
    InvalidRetrievalInputError,
)
from rfp_agents.skills.context_retriever.models import (
    ContextResult,
    RetrievalInput,
    RetrievalOutput,
    SearchType,
)
from rfp_agents.skills.context_retriever.retriever import ContextRetriever

__all__ = [
    "ContextResult",
    "ContextRetriever",
    "IndexEmptyError",
    "InvalidFilterError",
    "InvalidRetrievalInputError",
    "RetrievalInput",
    "RetrievalOutput",
    "SearchType",
]
