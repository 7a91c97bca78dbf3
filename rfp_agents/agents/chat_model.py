"""Building and calling the chat model, including what local OpenAI-compatible servers need.

``RFP_CHAT_MODEL`` is an ``init_chat_model`` string (``openai:gpt-4o-mini``). With
``OPENAI_BASE_URL`` pointing at llama.cpp's server, vLLM or Ollama:

* the token cap is sent as ``max_tokens`` in the request body, because some of these servers
  ignore the ``max_completion_tokens`` that ``ChatOpenAI`` sends;
* the Responses API is off (those servers only have Chat Completions) and an API key
  placeholder is used when none is set;
* structured output tries ``json_schema`` first, then JSON mode, then function calling,
  because some servers answer 500 to ``response_format: json_schema``;
* tools are bound with ``tool_choice="auto"`` explicitly (see ``agent_graph.py``), because some
  servers treat a missing ``tool_choice`` as "no tools".

* assistant messages that carry tool calls are sent with string content (``wire_safe``):
  langchain-openai sends empty content as ``null``, which llama.cpp's server rejects (500).

Every model call runs under ``RFP_PROVIDER_TIMEOUT_SECONDS``; a call that runs past it raises
``ProviderTimeoutError`` and the process carries on. Any other failure of the server (refused
connection, 4xx/5xx, a malformed reply) raises ``ProviderError`` naming the server URL, the
model and the setting to check, never a traceback.
"""

from __future__ import annotations

import logging
import os
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.runnables import Runnable
from langchain_core.runnables.config import ContextThreadPoolExecutor
from pydantic import BaseModel

from rfp_agents.config import Settings
from rfp_agents.errors import ChatModelError, ProviderError, ProviderTimeoutError

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
    ``ProviderTimeoutError`` at once instead of hanging. The call runs in a thread that
    carries the caller's context (``ContextThreadPoolExecutor``), so it inherits the run's
    config: its callbacks stream tokens (``stream_mode="messages"``) and LangSmith nests the
    call under the node that made it.
    """
    if isinstance(messages, list):
        messages = wire_safe(messages)
    pool = ContextThreadPoolExecutor(max_workers=1, thread_name_prefix="chat-model")
    future = pool.submit(runnable.invoke, messages)
    try:
        return future.result(timeout=timeout)
    except FutureTimeout as exc:
        raise ProviderTimeoutError(
            f"the chat model did not answer within {timeout:g} s "
            "(RFP_PROVIDER_TIMEOUT_SECONDS); try again or raise the limit"
        ) from exc
    except ChatModelError:
        raise
    except Exception as exc:  # noqa: BLE001 - every provider failure becomes one clear error
        if not is_provider_failure(exc):
            raise
        raise provider_error(runnable, exc) from exc
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


TOOL_CALL_CONTENT = " "
"""The content of an assistant message that only calls tools. langchain-openai sends empty
content as ``null``, which llama.cpp's server rejects (500); a single space is a string, and
unlike words ("Calling query_knowledge.") small models do not copy it into their answers."""


def wire_safe(messages: list[Any]) -> list[Any]:
    """Messages every OpenAI-compatible server accepts: an assistant message that carries
    tool calls gets string content (``TOOL_CALL_CONTENT``)."""
    safe = []
    for message in messages:
        if isinstance(message, AIMessage) and message.tool_calls and not message.content:
            message = message.model_copy(update={"content": TOOL_CALL_CONTENT})
        safe.append(message)
    return safe


def is_provider_failure(exc: BaseException) -> bool:
    """Errors that come from the model server or the connection to it."""
    import httpx

    try:
        import openai
    except ImportError:  # pragma: no cover - declared dependency
        return isinstance(exc, httpx.HTTPError | ConnectionError)
    return isinstance(exc, openai.APIError | httpx.HTTPError | ConnectionError)


def provider_error(runnable: Any, exc: BaseException) -> ProviderError:
    """One line a user can act on: which server, which model, what failed, what to check."""
    model = _bound_model(runnable)
    name = getattr(model, "model_name", None) or getattr(model, "model", None) or "?"
    url = str(getattr(getattr(model, "root_client", None), "base_url", "") or "")
    url = url or os.environ.get("OPENAI_BASE_URL", "") or "the provider's default URL"
    status = getattr(exc, "status_code", None)
    if status:
        what = f"answered {status}"
    elif "connect" in type(exc).__name__.lower():
        what = "could not be reached"
    else:
        what = f"failed ({type(exc).__name__})"
    detail = " ".join(str(getattr(exc, "message", "") or exc).split())[:300].rstrip(".")
    return ProviderError(
        f"the chat model server at {url.rstrip('/')} {what} for model {name!r}: {detail}. "
        "Check that the server is running and serves that model (OPENAI_BASE_URL, "
        "RFP_CHAT_MODEL), or unset RFP_CHAT_MODEL for the offline answerer."
    )


def _bound_model(runnable: Any) -> Any:
    """The chat model inside a ``bind_tools`` / structured-output wrapper."""
    for _ in range(4):
        inner = getattr(runnable, "bound", None) or getattr(runnable, "first", None)
        if inner is None:
            return runnable
        runnable = inner
    return runnable


STRUCTURED_OUTPUT_METHODS: tuple[dict[str, str], ...] = (
    {"method": "json_schema"},
    # ``response_format: json_object``: llama.cpp's server refuses json_schema (500) but
    # constrains the reply to JSON this way; the prompt names the keys.
    {"method": "json_mode"},
    {"method": "function_calling"},
)


def structured_output(model: BaseChatModel, schema: type[T], messages: Any, timeout: float) -> T:
    """Ask for ``schema``; try json_schema, then JSON mode, then function calling.

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
