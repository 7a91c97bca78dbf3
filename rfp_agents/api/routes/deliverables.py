"""The analyst's deliverables over HTTP: the brief and the compliance matrix of a knowledge base."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response
from fastapi.responses import StreamingResponse
from starlette.concurrency import iterate_in_threadpool, run_in_threadpool

from rfp_agents.api.models import BriefRequest
from rfp_agents.api.routes.deps import LimiterDep, SettingsDep, bounded
from rfp_agents.api.scope import check_scope
from rfp_agents.deliverables.brief.models import Brief
from rfp_agents.deliverables.brief.run import make_brief
from rfp_agents.deliverables.export import matrix_bytes, matrix_pieces
from rfp_agents.deliverables.matrix import Requirement, requirements
from rfp_agents.deliverables.model_review import review_for
from rfp_agents.knowledge_base import KnowledgeBase

router = APIRouter(tags=["deliverables"])

MEDIA_TYPES = {
    "json": "application/json",
    "csv": "text/csv; charset=utf-8",
    "md": "text/markdown; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


@router.get(
    "/api/matrix",
    response_class=Response,
    responses={200: {"content": {m: {} for m in MEDIA_TYPES.values()},
                     "description": "The compliance matrix in the format asked for."}},
)  # fmt: skip
async def api_matrix(
    settings: SettingsDep,
    limiter: LimiterDep,
    kb: Annotated[str, Query(max_length=64)] = "default",
    format: Annotated[Literal["json", "csv", "md", "xlsx"], Query()] = "json",  # noqa: A002
    doc: Annotated[list[str] | None, Query(max_length=20)] = None,
) -> Response:
    """Every requirement of the knowledge base's documents (or of the files in ``doc``), with
    its strength, domain, topic, section, file, page and chunk; ``format`` json, csv (UTF-8
    with a BOM), md or xlsx (a download).

    With a chat model configured, the model judges which statements bind the bidder
    (``judged_by``): the request then takes one of the ask slots (429 when all are busy) and
    runs within ``RFP_API_REQUEST_TIMEOUT_SECONDS`` (504), and the ``X-Matrix-Review``
    header tells what the model judged."""
    review = review_for(settings)

    def rows() -> tuple[str, list[Requirement]]:
        (name,) = check_scope([kb], settings)
        return name, requirements(KnowledgeBase.open(name, settings), doc or None, review=review)

    if review is None:  # the rules alone: seconds, no model call
        name, found = await run_in_threadpool(rows)
    else:
        name, found = await bounded(settings, rows, limiter)
    headers = {}
    if review is not None:
        headers["X-Matrix-Review"] = review.summary()
    if format in ("csv", "xlsx"):
        headers["Content-Disposition"] = f'attachment; filename="{name}-matrix.{format}"'
    if format == "xlsx":  # a zip file: written whole
        body = await run_in_threadpool(matrix_bytes, found, format)
        return Response(body, media_type=MEDIA_TYPES[format], headers=headers)
    # the text formats stream a row at a time: a large kb's file is never held whole
    return StreamingResponse(iterate_in_threadpool(matrix_pieces(found, format)),
                             media_type=MEDIA_TYPES[format], headers=headers)  # fmt: skip


@router.post("/api/brief", response_model=Brief)
async def api_brief(body: BriefRequest, settings: SettingsDep, limiter: LimiterDep) -> Brief:
    """The RFP brief (the same object as `rfp brief --json`): each field's value with its
    citations or "not stated", conflicts between documents, and risks."""

    def work() -> Brief:
        (name,) = check_scope([body.knowledge_base_id], settings)
        return make_brief(name, body.documents, fields=body.fields, settings=settings)

    return await bounded(settings, work, limiter)
