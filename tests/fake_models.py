"""Fake chat models for tests that need a model which misbehaves on purpose."""

from __future__ import annotations

import threading
from types import SimpleNamespace
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage


def hanging_model() -> tuple[GenericFakeChatModel, SimpleNamespace]:
    """A model that answers only when released (or after 30 s), and its own switches:
    ``release`` lets it answer, ``answered`` is set once it has."""
    switches = SimpleNamespace(release=threading.Event(), answered=threading.Event())

    class HangingModel(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            return self

        def _generate(self, *args: Any, **kwargs: Any) -> Any:
            switches.release.wait(30)
            switches.answered.set()
            return super()._generate(*args, **kwargs)

    return HangingModel(messages=iter([AIMessage("late")])), switches
