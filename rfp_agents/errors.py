"""Error types a user can act on. The CLI and the API map them to exit codes and statuses."""

from __future__ import annotations

from pydantic import ValidationError


class RfpError(Exception):
    """Base class for errors whose message is meant for the user."""

    exit_code = 1


class UsageError(RfpError):
    """The request itself is wrong (bad argument, bad name); nothing was done."""

    exit_code = 2


class EmptyKnowledgeBase(UsageError):
    """No knowledge base in scope holds a document: there is nothing to read."""


class InvalidKnowledgeBaseName(UsageError):
    """A knowledge-base name that cannot be used as a collection name."""


class KnowledgeBaseNotFound(RfpError):
    """The named knowledge base does not exist."""


class DocumentNotFound(RfpError):
    """The named document is not in the knowledge base."""


class PageNotFound(DocumentNotFound):
    """The document has no page of that number."""


class StoreUnavailableError(RfpError):
    """The vector store (a Chroma server) cannot be reached."""


class EmbeddingsError(RfpError):
    """The embedding model could not be loaded or configured."""


class InvalidQuestionError(UsageError):
    """A question that cannot be asked (empty, too long, unreadable characters)."""


class OutOfScopeError(UsageError):
    """A knowledge base outside the run's scope was named (by a user, a model or a document)."""


class ThreadScopeError(UsageError):
    """A thread was continued with other knowledge bases than it was started on."""


class ChatModelError(RfpError):
    """The configured chat model cannot be built or called."""


class ProviderTimeoutError(ChatModelError):
    """The chat model did not answer within ``RFP_PROVIDER_TIMEOUT_SECONDS``."""

    exit_code = 3


class ProviderError(ChatModelError):
    """The chat model's server failed: refused the connection, answered 4xx/5xx, or sent a
    reply that is not a chat completion. The message names the server, the model and the
    setting to check."""

    exit_code = 4


def describe_validation_error(exc: ValidationError) -> str:
    """One clause per violation: the field, the value given, and what is allowed."""
    parts = []
    for error in exc.errors():
        field = ".".join(str(p) for p in error["loc"]) or "input"
        message = error["msg"].removeprefix("Value error, ")
        parts.append(f"{field}={error.get('input')!r}: {message}")
    return "; ".join(parts)
