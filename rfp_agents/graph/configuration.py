"""Per-run configuration of the ask graph (set by the CLI, the API or LangGraph Studio)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import RunnableConfig, ensure_config

from rfp_agents.config import DEFAULT_KB, Settings, get_settings


@dataclass(kw_only=True)
class Configuration:
    """What one run may use. ``knowledge_bases`` is the scope: the tools see nothing else."""

    knowledge_bases: list[str] = field(default_factory=lambda: [DEFAULT_KB])
    """The knowledge bases in scope for this run."""
    chat_model: str | BaseChatModel | None = None
    """An init_chat_model string or a model object; None reads RFP_CHAT_MODEL (empty: offline)."""
    document_ids: list[str] | None = None
    """Restrict every retrieval to these documents (doc_id); None means all in scope."""
    max_agent_rounds: int | None = None
    """ReAct rounds per agent; None reads RFP_MAX_AGENT_ROUNDS."""
    settings_base: Settings | None = None
    """Settings to start from (the caller's); None reads the environment."""

    @classmethod
    def from_runnable_config(cls, config: RunnableConfig | None = None) -> Configuration:
        configurable: dict[str, Any] = ensure_config(config).get("configurable") or {}
        names = {f.name for f in fields(cls) if f.init}
        return cls(**{k: v for k, v in configurable.items() if k in names and v is not None})

    def settings(self) -> Settings:
        """The environment's settings with this run's overrides."""
        overrides: dict[str, Any] = {}
        if isinstance(self.chat_model, str):
            overrides["chat_model"] = self.chat_model
        if self.max_agent_rounds is not None:
            overrides["max_agent_rounds"] = self.max_agent_rounds
        if self.settings_base is None:
            return get_settings(**overrides)
        return self.settings_base.model_copy(update=overrides)

    @property
    def model_object(self) -> BaseChatModel | None:
        return self.chat_model if isinstance(self.chat_model, BaseChatModel) else None
