"""The agents' knowledge tools: ``query_knowledge``, ``grep_documents`` and ``read_page``.

All three see only the knowledge bases of the run's ``KnowledgeScope`` (``scope.py``); their
arguments are the schemas in ``tool_inputs.py``. The tools read the store only; no tool takes
a filesystem path.

Each tool returns JSON for the model and, as the ``ToolMessage`` artifact, the ``Evidence``
it showed, so citations come from what tools really returned.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

import re2
from langchain_core.tools import StructuredTool, ToolException
from pydantic import BaseModel, ValidationError

from rfp_agents.agents.evidence import Evidence, EvidenceLog
from rfp_agents.agents.scope import KnowledgeScope
from rfp_agents.agents.tool_inputs import (
    GREP_DESCRIPTION,
    QUERY_DESCRIPTION,
    READ_PAGE_DESCRIPTION,
    GrepDocumentsInput,
    QueryKnowledgeInput,
    ReadPageInput,
)
from rfp_agents.domains import CATEGORIES
from rfp_agents.errors import RfpError, describe_validation_error
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.retrieval.across import search_each
from rfp_agents.retrieval.diagnostics import Diagnostics
from rfp_agents.retrieval.pipeline import RetrievalPipeline
from rfp_agents.search import fuse_rankings
from rfp_agents.skills.context_retriever.models import (
    ContextResult,
    RetrievalInput,
)
from rfp_agents.text import join_overlapping

log = logging.getLogger("rfp_agents.agents.tools")

SNIPPET_CHARACTERS = 400


# ------------------------------------------------------------------------------ the tools
class KnowledgeTools:
    """The three tools of one agent run, sharing a scope and an evidence log."""

    def __init__(
        self,
        scope: KnowledgeScope,
        evidence_log: EvidenceLog | None = None,
        domain: str | None = None,
        on_event: Callable[[dict[str, Any]], None] | None = None,
    ):
        self.on_event = on_event
        """Called after each tool call (streaming progress): tool, args, result_count."""
        self.scope = scope
        self.evidence_log = evidence_log or EvidenceLog()
        self.domain = domain
        self.pipeline = RetrievalPipeline(scope.retriever)
        self.diagnostics: list[Diagnostics] = []
        """One record per pipeline retrieval of this run (``--diagnostics``)."""

    # ------------------------------------------------------------------ query_knowledge
    def query_knowledge(self, **arguments: Any) -> tuple[str, list[Evidence]]:
        args = self._parse(QueryKnowledgeInput, "query_knowledge", arguments)
        if args.action == "list":
            return json.dumps({"knowledge_bases": self.describe_knowledge_bases()}), []
        kbs = self.scope.resolve(args.kb_id, args.kb_ids)
        log.info(
            "retrieval requested: run=%s kb_ids=%s kb_count=%d top_k=%d query=%r",
            self.scope.run_id,
            kbs,
            len(kbs),
            args.top_k,
            (args.query_text or "")[:80],
        )
        if args.search_type == "pipeline":
            return self._query_pipeline(args, kbs)
        # Validate once (a bad filter is the model's to fix) before any knowledge base runs.
        request = self._validated_request(args, kbs[0])
        # each knowledge base embeds the query with its own model (the retriever caches it)
        ranked, failed, warnings = self._query_each(kbs, request)
        merged = fuse_by_rank(ranked)[: args.top_k]
        evidence = [
            self._evidence(kb, r.content, r.metadata, r.relevance_score, "query_knowledge")
            for kb, r in merged
        ]
        log.info(
            "retrieval completed: run=%s merged_results=%d failed_kbs=%d returned=%d",
            self.scope.run_id,
            sum(len(rows) for rows in ranked.values()),
            len(failed),
            len(evidence),
        )
        body: dict[str, Any] = {
            "results": [_result_json(e) for e in evidence],
            "failed_kbs": failed,
        }
        if warnings:
            body["warnings"] = warnings
        return json.dumps(body, ensure_ascii=False), evidence

    def _query_pipeline(
        self, args: QueryKnowledgeInput, kbs: list[str]
    ) -> tuple[str, list[Evidence]]:
        try:
            out = self.pipeline.run(
                args.query_text or "",
                kbs,
                domain=self.domain,
                metadata_filter=self.scope.restrict(args.metadata_filter),
                top_k=args.top_k,
                score_threshold=args.score_threshold,
            )
        except RfpError as exc:
            raise ToolException(str(exc)) from exc
        self.diagnostics.append(out.diagnostics)
        evidence = [
            self._evidence(r.kb, r.content, r.metadata, r.dense_score, "query_knowledge")
            for r in out.results
        ]
        log.info(
            "retrieval completed: run=%s merged_results=%d failed_kbs=%d returned=%d",
            self.scope.run_id,
            len(out.diagnostics.ranks),
            len(out.failed_kbs),
            len(evidence),
        )
        body: dict[str, Any] = {
            "results": [
                {**_result_json(e), "why": r.reasons}
                for e, r in zip(evidence, out.results, strict=True)
            ],
            "failed_kbs": out.failed_kbs,
        }
        if out.warning:
            body["warnings"] = [out.warning]
        return json.dumps(body, ensure_ascii=False), evidence

    def _validated_request(self, args: QueryKnowledgeInput, kb: str) -> RetrievalInput:
        try:
            return self.scope.retriever.validate(
                query=args.query_text,
                top_k=args.top_k,
                search_type=args.search_type,
                metadata_filter=self.scope.restrict(args.metadata_filter),
                score_threshold=args.score_threshold,
                kb=kb,
            )
        except RfpError as exc:
            raise ToolException(str(exc)) from exc

    def _query_each(
        self, kbs: list[str], request: RetrievalInput
    ) -> tuple[dict[str, list[ContextResult]], list[dict[str, str]], list[str]]:
        outcomes = search_each(self.scope.retriever, request, kbs, None, self.scope.run_id)
        ranked = {o.kb: o.results for o in outcomes if not o.failed}
        failed = [{"kb_id": o.kb, "error": o.error} for o in outcomes if o.failed]
        warnings = [f"{o.kb}: {o.warning}" for o in outcomes if o.warning]
        return ranked, failed, warnings

    def describe_knowledge_bases(self) -> list[dict[str, Any]]:
        """Name, description, documents, chunk count and the filterable fields of each kb."""
        described = []
        for name in self.scope.kbs:
            try:
                kb = self.scope.open(name)
                docs = kb.documents()
            except RfpError as exc:
                described.append({"kb_id": name, "error": str(exc)})
                continue
            described.append(
                {
                    "kb_id": name,
                    "description": _kb_description(name, docs),
                    "documents": [
                        {"source_file": d.source, "pages": d.pages, "chunks": d.chunks}
                        for d in docs
                    ],
                    "chunks": sum(d.chunks for d in docs),
                    "filterable_fields": filterable_fields(kb, docs),
                }
            )
        return described

    # ------------------------------------------------------------------ grep_documents
    def grep_documents(self, **arguments: Any) -> tuple[str, list[Evidence]]:
        """Exact phrase or regular expression over the chunks in scope.

        Patterns run on RE2 (linear time: no catastrophic backtracking, whatever a model or
        a planted document makes it send), over at most ``RFP_MAX_GREP_CHUNKS`` chunks.
        """
        args = self._parse(GrepDocumentsInput, "grep_documents", arguments)
        kbs = self.scope.resolve(args.kb_id, args.kb_ids)
        pattern = compile_pattern(args.pattern, args.regex)
        where = self.scope.restrict({"source": args.source_file} if args.source_file else None)
        hits: list[Evidence] = []
        total = scanned = 0
        budget = self.scope.retriever.settings.max_grep_chunks
        for kb_name in kbs:
            for text, meta in self.scope.open(kb_name).iter_chunks(where):
                if scanned == budget:
                    break
                scanned += 1
                match = pattern.search(text)
                if not match:
                    continue
                total += 1
                if len(hits) < args.max_hits:
                    evidence = self._evidence(kb_name, text, meta, None, "grep_documents")
                    hits.append(evidence)
        hits.sort(key=lambda e: (e.source_file, e.page_number, e.chunk_id))
        body = {
            "pattern": args.pattern,
            "total_hits": total,
            "hits": [
                {**_result_json(e), "content": _snippet_around(e.content, pattern)} for e in hits
            ],
        }
        if total > len(hits):
            body["note"] = f"showing {len(hits)} of {total} hits; narrow with source_file"
        if scanned == budget:
            body["note"] = (
                f"stopped after {budget} chunks (RFP_MAX_GREP_CHUNKS); narrow with source_file "
                "or kb_id to search the rest"
            )
        return json.dumps(body, ensure_ascii=False), hits

    # ---------------------------------------------------------------------- read_page
    def read_page(self, **arguments: Any) -> tuple[str, list[Evidence]]:
        args = self._parse(ReadPageInput, "read_page", arguments)
        kb_name = self.scope.resolve(args.kb_id)[0]
        kb = self.scope.open(kb_name)
        rows = [
            r for r in kb.page_chunks(args.source_file, args.page_number) if self.scope.allows(r[1])
        ]
        if not rows:
            sources = [d.source for d in kb.documents()]
            raise ToolException(
                f"no text for {args.source_file!r} page {args.page_number} in knowledge base "
                f"{kb_name!r}; documents: {sources}"
            )
        evidence = [self._evidence(kb_name, t, m, None, "read_page") for t, m in rows]
        text = join_overlapping([t for t, _ in rows])
        body = {
            "kb_id": kb_name,
            "source_file": args.source_file,
            "page_number": args.page_number,
            "refs": [e.ref for e in evidence],
            "text": text,
        }
        return json.dumps(body, ensure_ascii=False), evidence

    # ----------------------------------------------------------------------- plumbing
    def _parse(self, model: type[BaseModel], tool: str, arguments: dict[str, Any]) -> Any:
        log.info(
            "tool call started: run=%s tool=%s params_keys=%s",
            self.scope.run_id,
            tool,
            sorted(arguments),
        )
        try:
            return model.model_validate(arguments)
        except ValidationError as exc:
            raise ToolException(describe_validation_error(exc)) from exc

    def _evidence(
        self, kb: str, content: str, meta: dict[str, Any], score: float | None, tool: str
    ) -> Evidence:
        """A passage a tool returns, numbered in this run's evidence log."""
        chunk_id = str(meta.get("chunk_id", ""))
        return Evidence.from_chunk(
            kb,
            content,
            {**meta, "chunk_id": chunk_id},
            tool,
            ref=self.evidence_log.ref_for(kb, chunk_id),
            score=score,
        )

    def _reporting(self, name: str, func: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a tool body so each call is reported to ``on_event`` (when set)."""

        def run(**arguments: Any) -> tuple[str, list[Evidence]]:
            try:
                content, evidence = func(**arguments)
            except ToolException as exc:
                self._emit(name, arguments, 0, str(exc))
                raise
            self._emit(name, arguments, len(evidence), None)
            return content, evidence

        return run

    def _emit(self, tool: str, args: dict[str, Any], count: int, error: str | None) -> None:
        if self.on_event is not None:
            self.on_event(
                {
                    "type": "tool",
                    "domain": self.domain,
                    "tool": tool,
                    "args": {k: v for k, v in args.items() if v is not None},
                    "result_count": count,
                    "error": error,
                }
            )

    def as_tools(self) -> list[StructuredTool]:
        """The LangChain tools (``content_and_artifact``; errors come back as JSON)."""
        specs = [
            (self.query_knowledge, "query_knowledge", QueryKnowledgeInput, QUERY_DESCRIPTION),
            (self.grep_documents, "grep_documents", GrepDocumentsInput, GREP_DESCRIPTION),
            (self.read_page, "read_page", ReadPageInput, READ_PAGE_DESCRIPTION),
        ]
        return [
            StructuredTool.from_function(
                func=self._reporting(name, _refusing(func)),
                name=name,
                description=description,
                args_schema=schema,
                response_format="content_and_artifact",
                handle_tool_error=_error_json,
                handle_validation_error=_validation_error_json,
            )
            for func, name, schema, description in specs
        ]


def _refusing(func):
    """Run a tool body, turning project errors into ``ToolException`` (the model can react)."""

    def run(**arguments: Any) -> tuple[str, list[Evidence]]:
        try:
            return func(**arguments)
        except RfpError as exc:
            raise ToolException(str(exc)) from exc

    return run


def _error_json(exc: Exception) -> str:
    return json.dumps({"error": str(exc)}, ensure_ascii=False)


def _validation_error_json(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return _error_json(ValueError(describe_validation_error(exc)))
    return _error_json(exc)


# ------------------------------------------------------------------------------ helpers
def fuse_by_rank(ranked: dict[str, list[ContextResult]]) -> list[tuple[str, ContextResult]]:
    """Merge per-knowledge-base rankings by reciprocal rank fusion (``fuse_rankings``).

    Raw scores of different collections are never compared directly; they only break ties
    (rank 1 in two knowledge bases: the closer match first).
    """
    by_key = {f"{kb}\x1f{r.chunk_id}": (kb, r) for kb, results in ranked.items() for r in results}
    fused = fuse_rankings(
        [[f"{kb}\x1f{r.chunk_id}" for r in results] for kb, results in ranked.items()]
    )
    order = sorted(fused, key=lambda key: (fused[key], by_key[key][1].relevance_score))
    return [by_key[key] for key in reversed(order)]


def filterable_fields(kb: KnowledgeBase, docs: Sequence[Any]) -> dict[str, dict[str, Any]]:
    """The metadata fields a filter may use, with types and example values from the kb."""
    sample = kb.sample_metadata()
    sections = sorted({str(m.get("section")) for m in sample if m.get("section")})[:5]
    max_page = max((d.pages for d in docs), default=1)
    return {
        "source": {"type": "string", "examples": [d.source for d in docs][:5]},
        "page_number": {"type": "integer", "range": [1, max_page], "examples": [1, 2]},
        "category": {"type": "string", "values": list(CATEGORIES)},
        "section": {"type": "string", "examples": sections},
        "chunk_index": {"type": "integer", "examples": [0, 1]},
        "doc_id": {"type": "string", "examples": [d.doc_id for d in docs][:2]},
        "operators": ["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$contains"]
        + ["$not_contains", "$and", "$or"],
    }


def _kb_description(name: str, docs: Sequence[Any]) -> str:
    names = ", ".join(d.source for d in docs[:5]) + (" ..." if len(docs) > 5 else "")
    pages = sum(d.pages for d in docs)
    return f"Knowledge base {name!r}: {len(docs)} documents, {pages} pages ({names})"


def _result_json(evidence: Evidence) -> dict[str, Any]:
    return {
        "ref": evidence.ref,
        "kb_id": evidence.kb,
        "source_file": evidence.source_file,
        "page_number": evidence.page_number,
        "chunk_id": evidence.chunk_id,
        "relevance_score": evidence.score,
        "content": evidence.content,
    }


def compile_pattern(pattern: str, regex: bool) -> Any:
    """``pattern`` as a case-insensitive RE2 expression (a ``ToolException`` if invalid)."""
    source = pattern if regex else re2.escape(pattern)
    options = re2.Options()
    options.case_sensitive = False
    options.log_errors = False
    try:
        return re2.compile(source, options)
    except re2.error as exc:
        reason = exc.args[0] if exc.args else exc
        reason = reason.decode("utf-8", "replace") if isinstance(reason, bytes) else reason
        raise ToolException(
            f"invalid regular expression {pattern!r} ({reason}); RE2 syntax: no backreferences "
            "or lookaround; or send the exact phrase with regex=false"
        ) from exc


def _snippet_around(text: str, pattern: Any) -> str:
    match = pattern.search(text)
    if not match:
        return text[:SNIPPET_CHARACTERS]
    start = max(0, match.start() - SNIPPET_CHARACTERS // 2)
    return text[start : start + SNIPPET_CHARACTERS]
