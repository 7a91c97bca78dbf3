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
from rfp_agents.deliverables.matrix import requirements
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
    kb: Annotated[str, Query(max_length=64)] = "default",
    format: Annotated[Literal["json", "csv", "md", "xlsx"], Query()] = "json",  # noqa: A002
    doc: Annotated[list[str] | None, Query(max_length=20)] = None,
) -> Response:
    """Every requirement of the knowledge base's documents (or of the files in ``doc``), with
    its strength, domain, topic, section, file, page and chunk; ``format`` json, csv (UTF-8
    with a BOM), md or xlsx (a download). With a chat model configured, the model judges
    which statements bind the bidder (``judged_by``)."""

    def work() -> Response:
        (name,) = check_scope([kb], settings)
        rows = requirements(KnowledgeBase.open(name, settings), doc or None,
                            review=review_for(settings))  # fmt: skip
        headers = {}
        if format in ("csv", "xlsx"):
            headers["Content-Disposition"] = f'attachment; filename="{name}-matrix.{format}"'
        if format == "xlsx":  # a zip file: written whole
            return Response(matrix_bytes(rows, format), media_type=MEDIA_TYPES[format],
                            headers=headers)  # fmt: skip
        # the text formats stream a row at a time: a large kb's file is never held whole
        return StreamingResponse(iterate_in_threadpool(matrix_pieces(rows, format)),
                                 media_type=MEDIA_TYPES[format], headers=headers)  # fmt: skip

    return await run_in_threadpool(work)


@router.post("/api/brief", response_model=Brief)
async def api_brief(body: BriefRequest, settings: SettingsDep, limiter: LimiterDep) -> Brief:
    """The RFP brief (the same object as `rfp brief --json`): each field's value with its
    citations or "not stated", conflicts between documents, and risks."""

    def work() -> Brief:
        (name,) = check_scope([body.knowledge_base_id], settings)
        return make_brief(name, body.documents, fields=body.fields, settings=settings)

    return await bounded(settings, work, limiter)
