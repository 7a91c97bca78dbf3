"""Errors of the context-retriever skill."""

from __future__ import annotations

from rfp_agents.errors import RfpError, UsageError


class InvalidFilterError(UsageError):
    """A ``metadata_filter`` that is malformed; raised before any query runs.

    ``path`` says where in the filter the problem is (``$and[1].page_number.$gt``).
    """

    def __init__(self, message: str, path: str = "") -> None:
        where = f" at {path}" if path else ""
        super().__init__(f"Invalid metadata_filter{where}: {message}")
        self.path = path


class InvalidRetrievalInputError(UsageError):
    """An argument of ``retrieve`` outside what is allowed; raised before any query runs."""

    def __init__(self, message: str, errors: list[dict] | None = None) -> None:
        super().__init__(message)
        self.errors = errors or []


class IndexEmptyError(RfpError):
    """The knowledge base does not exist or holds no documents yet."""
