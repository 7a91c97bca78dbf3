"""Liveness and the web page."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse
from starlette.concurrency import run_in_threadpool

from rfp_agents.api.models import Health
from rfp_agents.api.routes.deps import SettingsDep
from rfp_agents.store import get_client

STATIC = Path(__file__).resolve().parent.parent / "static"
router = APIRouter()


def _store_answers(settings) -> bool:
    try:
        get_client(settings).heartbeat()
        return True
    except Exception:  # noqa: BLE001 - any failure means "unavailable"; the log has it
        return False


@router.get("/healthz", response_model=Health, tags=["service"],
            responses={503: {"model": Health}})  # fmt: skip
async def healthz(settings: SettingsDep):
    """Liveness: ``ok`` when the store answers, else 503 ``unavailable`` (no details)."""
    if await run_in_threadpool(_store_answers, settings):
        return Health(status="ok")
    return JSONResponse(status_code=503, content=Health(status="unavailable").model_dump())


@router.get("/", include_in_schema=False)
def page() -> FileResponse:
    return FileResponse(STATIC / "index.html")
