"""``POST /api/retrieve``: the context-retriever skill over HTTP."""

from __future__ import annotations

from fastapi import APIRouter

from rfp_agents.api.routes.deps import RetrieverDep, SettingsDep, bounded
from rfp_agents.api.scope import check_scope
from rfp_agents.skills.context_retriever.models import RetrievalInput, RetrievalOutput

router = APIRouter(tags=["retrieve"])


@router.post("/api/retrieve", response_model=RetrievalOutput)
async def api_retrieve(
    body: RetrievalInput, settings: SettingsDep, retriever: RetrieverDep
) -> RetrievalOutput:
    """The context-retriever skill: similarity, MMR or hybrid search with filters."""

    def work() -> RetrievalOutput:
        check_scope([body.kb], settings)
        return retriever.run(retriever.validate(**body.model_dump()))

    return await bounded(settings, work)
