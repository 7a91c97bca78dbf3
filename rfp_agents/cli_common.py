"""What the ``rfp`` commands share: turning the project's errors into a message and an exit
code (``handles_errors``: a ``UsageError`` exits 2, any other ``RfpError`` exits 1), the
common options, and the check of an output file before the work."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from pydantic import ValidationError

from rfp_agents import cli_render as render
from rfp_agents.config import get_settings
from rfp_agents.errors import RfpError, UsageError, describe_validation_error
from rfp_agents.store import CONNECTION_ERRORS, unreachable

err_console = render.err_console

KbOption = Annotated[str, typer.Option("--kb", help="Knowledge base name.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


F = TypeVar("F", bound=Callable[..., Any])


def handles_errors(command: F) -> F:
    """Turn the project's errors into a message on stderr and an exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except RfpError as exc:
            err_console.print(render.label("error:", "bold red", f" {exc}"), highlight=False,
                              soft_wrap=True)  # fmt: skip
            raise typer.Exit(exc.exit_code) from exc
        except ValidationError as exc:
            err_console.print(
                render.label("invalid input:", "bold red", f" {describe_validation_error(exc)}"),
                highlight=False,
            )
            raise typer.Exit(UsageError.exit_code) from exc
        except CONNECTION_ERRORS as exc:
            error = unreachable(get_settings().chroma_url or "the store", exc)
            err_console.print(render.label("error:", "bold red", f" {error}"), highlight=False,
                              soft_wrap=True)  # fmt: skip
            raise typer.Exit(error.exit_code) from exc

    return wrapper  # type: ignore[return-value]


def holding_documents(kb: str):
    """The knowledge base ``kb``, refused when it holds no document (a deliverable of
    nothing is no deliverable)."""
    from rfp_agents.knowledge_base import KnowledgeBase, require_documents

    knowledge_base = KnowledgeBase.open(kb, get_settings())
    require_documents([knowledge_base])
    return knowledge_base


def writable_output(path: Path) -> None:
    """Refuse an output file the command could not write, before any work: a folder, a
    folder that does not exist, a place without write permission."""
    parent = path.parent
    if path.is_dir():
        raise UsageError(f"-o {path} is a folder: give a file name")
    if not parent.is_dir():
        raise UsageError(f"-o {path}: there is no folder {parent}; create it first")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"-o {path}: no permission to write there")
