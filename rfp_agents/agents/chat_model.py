"""Building and calling the chat model, including what local OpenAI-compatible servers need.

``RFP_CHAT_MODEL`` is an ``init_chat_model`` string (``openai:gpt-4o-mini``). With
``OPENAI_BASE_URL`` pointing at llama.cpp's server, vLLM or Ollama:

* the token cap is sent as ``max_tokens`` in the request body, because some of these servers
  ignore the ``max_completion_tokens`` that ``ChatOpenAI`` sends;
* the Responses API is off (those servers only have Chat Completions) and an API key
  placeholder is used when none is set;
* structured output tries ``json_schema`` first and falls back to function calling, because
  some servers answer 500 to ``response_format: json_schema``;
* tools are bound with ``tool_choice="auto"`` explicitly (see ``loop.py``), because some
  servers treat a missing ``tool_choice`` as "no tools".

Every model call runs under ``RFP_PROVIDER_TIMEOUT_SECONDS``; a call that runs past it raises
``ProviderTimeoutError`` and the process carries on.
"""

from __future__ import annotations

import logging
import os
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import Runnable
from pydantic import BaseModel

from rfp_agents.config import Settings
from rfp_agents.errors import ChatModelError, ProviderTimeoutError

log = logging.getLogger("rfp_agents.agents.model")

OPENAI_HOST = "api.openai.com"
T = TypeVar("T", bound=BaseModel)


def uses_local_openai_server(spec: str) -> bool:
    """True when an OpenAI model string is served by another OpenAI-compatible server."""
    base = os.environ.get("OPENAI_BASE_URL", "")
    return spec.split(":", 1)[0] == "openai" and bool(base) and OPENAI_HOST not in base


def chat_model_kwargs(settings: Settings) -> dict[str, Any]:
    """Keyword arguments for ``init_chat_model``: deterministic, bounded, timed out."""
    kwargs: dict[str, Any] = {
        "temperature": 0,
        "timeout": settings.provider_timeout_seconds,
        "max_retries": 1,
    }
    if uses_local_openai_server(settings.chat_model):
        kwargs["extra_body"] = {"max_tokens": settings.max_output_tokens}
        kwargs["use_responses_api"] = False
        if not os.environ.get("OPENAI_API_KEY"):
            kwargs["api_key"] = "not-needed"
    else:
        kwargs["max_tokens"] = settings.max_output_tokens
    return kwargs


def make_chat_model(settings: Settings) -> BaseChatModel:
    """The configured chat model.

    Raises:
        ChatModelError: the string names an unknown provider or its package is missing.
    """
    from langchain.chat_models import init_chat_model

    try:
        return init_chat_model(settings.chat_model, **chat_model_kwargs(settings))
    except (ImportError, ValueError) as exc:
        raise ChatModelError(
            f"RFP_CHAT_MODEL={settings.chat_model!r} cannot be used: {exc}. Use an "
            "init_chat_model string such as 'openai:gpt-4o-mini', or unset it for the "
            "offline answerer."
        ) from exc


def invoke_with_timeout(runnable: Runnable, messages: Any, timeout: float) -> Any:
    """``runnable.invoke(messages)``, abandoned after ``timeout`` seconds.

    The client's own timeout ends the abandoned call soon after; the caller gets a clear
    ``ProviderTimeoutError`` at once instead of hanging.
    """
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="chat-model")
    future = pool.submit(runnable.invoke, messages)
    try:
        return future.result(timeout=timeout)
    except FutureTimeout as exc:
        raise ProviderTimeoutError(
            f"the chat model did not answer within {timeout:g} s "
            "(RFP_PROVIDER_TIMEOUT_SECONDS); try again or raise the limit"
        ) from exc
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


STRUCTURED_OUTPUT_METHODS: tuple[dict[str, str], ...] = (
    {"method": "json_schema"},
    {"method": "function_calling"},
    {},
)


def structured_output(model: BaseChatModel, schema: type[T], messages: Any, timeout: float) -> T:
    """Ask for ``schema``; try json_schema, then function calling, then the model's default.

    Raises:
        ProviderTimeoutError: the model did not answer in time.
        ChatModelError: no method produced a valid object.
    """
    failures = []
    for kwargs in STRUCTURED_OUTPUT_METHODS:
        try:
            runnable = model.with_structured_output(schema, **kwargs)
            result = invoke_with_timeout(runnable, messages, timeout)
        except ProviderTimeoutError:
            raise
        except Exception as exc:  # servers fail here in many ways (500, 400, bad JSON)
            failures.append(f"{kwargs.get('method', 'default')}: {type(exc).__name__}: {exc}")
            log.info("structured output via %s failed: %s", kwargs or "default", exc)
            continue
        if isinstance(result, schema):
            return result
        if isinstance(result, dict):
            return schema.model_validate(result)
        failures.append(f"{kwargs.get('method', 'default')}: returned {type(result).__name__}")
    raise ChatModelError("structured output failed: " + "; ".join(failures))
