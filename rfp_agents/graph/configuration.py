"""What one run of the ask graph may use: its ``Context`` and the process's own objects.

``Context`` is the graph's ``context_schema``: plain data a caller sets per run (the CLI, the
API, or LangGraph Studio, which shows these fields), read by nodes as ``runtime.context``.
Settings and model objects are not data (they hold paths, clients and callbacks) and so are
not part of it: a caller in this process hands them over as ``RunObjects`` under
``config["configurable"]["rfp_run_objects"]``. Without them (Studio, ``langgraph dev``) a run
reads the environment, as ``rfp`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from rfp_agents.config import DEFAULT_KB, Settings, get_settings

RUN_OBJECTS_KEY = "rfp_run_objects"


@dataclass(kw_only=True)
class Context:
    """The run's scope and model. ``knowledge_bases`` is the scope: the tools see nothing else."""

    knowledge_bases: list[str] = field(default_factory=lambda: [DEFAULT_KB])
    """The knowledge bases in scope for this run."""
    document_ids: list[str] | None = None
    """Restrict every retrieval to these documents (doc_id); None means all in scope."""
    chat_model: str | None = None
    """An init_chat_model string (``openai:gpt-4o-mini``); None reads RFP_CHAT_MODEL, and an
    empty string means the offline answerer."""
    max_agent_rounds: int | None = None
    """ReAct rounds per agent; None reads RFP_MAX_AGENT_ROUNDS."""


@dataclass(frozen=True)
class RunObjects:
    """Objects a caller in this process lends the run (never checkpointed or shown)."""

    settings: Settings | None = None
    """Settings to start from; None reads the environment."""
    chat_model: BaseChatModel | None = None
    """A model object to use instead of ``Context.chat_model`` (tests, embedding apps)."""


@dataclass(frozen=True)
class RunSetup:
    """What a node works with: the context, the settings with its overrides, the model."""

    context: Context
    settings: Settings
    model_object: BaseChatModel | None


def run_setup(runtime: Runtime[Context] | None, config: RunnableConfig | None) -> RunSetup:
    """The run's context (defaults when none was given) and settings with its overrides."""
    context = _as_context(runtime.context if runtime is not None else None)
    objects = ((config or {}).get("configurable") or {}).get(RUN_OBJECTS_KEY) or RunObjects()
    overrides: dict[str, Any] = {}
    if context.chat_model is not None:
        overrides["chat_model"] = context.chat_model
    if context.max_agent_rounds is not None:
        overrides["max_agent_rounds"] = context.max_agent_rounds
    base = objects.settings
    settings = get_settings(**overrides) if base is None else base.model_copy(update=overrides)
    return RunSetup(context=context, settings=settings, model_object=objects.chat_model)


def _as_context(value: Context | dict[str, Any] | None) -> Context:
    """A ``Context`` from what the caller gave: the object, a dict (the HTTP API of
    ``langgraph dev`` sends one), or nothing."""
    if isinstance(value, Context):
        return value
    if not value:
        return Context()
    known = {k: v for k, v in value.items() if k in Context.__dataclass_fields__}
    return Context(**{k: v for k, v in known.items() if v is not None})
