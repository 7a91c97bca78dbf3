"""Property tests of the filter compiler (hypothesis).

* every accepted filter compiles and runs, and pushdown + residual returns exactly the chunks a
  brute-force Python evaluation of the whole filter selects;
* malformed filters raise ``InvalidFilterError`` and never any other exception.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rfp_agents.domains import CATEGORIES
from rfp_agents.knowledge_base import KnowledgeBase
from rfp_agents.skills.context_retriever import ContextRetriever, InvalidFilterError
from rfp_agents.skills.context_retriever.filters import (
    ALIASES,
    FIELD_OPS,
    FIELDS,
    compile_filter,
    matches,
)

SOURCES = ["sample_rfp.pdf", "other.pdf"]
SUBSTRINGS = ["sample", "RFP", "pdf", "LEGAL", "payment", "zzz", "7.", "section"]


def _int_values():
    return st.integers(min_value=-1, max_value=40)


def _leaf_for(field: str):
    ftype = FIELDS[field]
    if ftype == "str":
        pool = {
            "source": SOURCES,
            "category": list(CATEGORIES),
            "kb": ["sample", "other"],
        }.get(field, ["", "7. INVOICING AND PAYMENT", "x"])
        scalar = st.sampled_from(pool)
        ops = st.one_of(
            st.builds(lambda v: {"$eq": v}, scalar),
            st.builds(lambda v: {"$ne": v}, scalar),
            st.builds(lambda v: {"$in": v}, st.lists(scalar, min_size=1, max_size=3)),
            st.builds(lambda v: {"$nin": v}, st.lists(scalar, min_size=1, max_size=3)),
            st.builds(lambda v: {"$contains": v}, st.sampled_from(SUBSTRINGS)),
            st.builds(lambda v: {"$not_contains": v}, st.sampled_from(SUBSTRINGS)),
            scalar,
        )
        return ops
    numbers = (
        _int_values()
        if ftype == "int"
        else st.floats(min_value=0, max_value=1, allow_nan=False, allow_infinity=False)
    )
    comparison = st.dictionaries(
        st.sampled_from(["$gt", "$gte", "$lt", "$lte"]), numbers, min_size=1, max_size=2
    )
    return st.one_of(
        comparison,
        st.builds(lambda v: {"$in": v}, st.lists(_int_values(), min_size=1, max_size=4)),
        st.builds(lambda v: {"$ne": v}, _int_values()),
        _int_values(),
    )


FIELD_NAMES = ["source", "source_file", "page", "page_number", "category", "chunk_index", "section"]


def _field_filter():
    return st.sampled_from(FIELD_NAMES).flatmap(
        lambda name: _leaf_for(ALIASES.get(name, name)).map(lambda leaf: {name: leaf})
    )


def _merge(dicts: list[dict]) -> dict:
    merged: dict = {}
    for d in dicts:
        merged.update(d)
    return merged


valid_filters = st.recursive(
    st.lists(_field_filter(), min_size=1, max_size=3).map(_merge),
    lambda children: st.one_of(
        st.builds(lambda xs: {"$and": xs}, st.lists(children, min_size=1, max_size=3)),
        st.builds(lambda xs: {"$or": xs}, st.lists(children, min_size=1, max_size=3)),
        st.tuples(children, _field_filter()).map(lambda t: {**t[1], **t[0]}),
    ),
    max_leaves=6,
)


@pytest.fixture(scope="module")
def sample_chunks(sample_kb_settings):
    kb = KnowledgeBase.open("sample", sample_kb_settings)
    everything = kb.chunks.get(include=["metadatas"])["metadatas"]
    assert 0 < len(everything) <= 50, "top_k=50 must be able to return every chunk"
    retriever = ContextRetriever(sample_kb_settings)
    vector = retriever.embeddings.embed_query("contract terms")
    return retriever, vector, everything


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(metadata_filter=valid_filters)
def test_accepted_filters_run_and_equal_brute_force(sample_chunks, metadata_filter):
    retriever, vector, everything = sample_chunks
    compiled = compile_filter(metadata_filter)
    request = retriever.validate(
        query="contract terms", top_k=50, metadata_filter=metadata_filter, kb="sample"
    )
    output = retriever.run(request, query_vector=vector)
    expected = {m["chunk_id"] for m in everything if matches(compiled, m)}
    assert {r.chunk_id for r in output.results} == expected
    assert [r.relevance_score for r in output.results] == sorted(
        (r.relevance_score for r in output.results), reverse=True
    )


# ----------------------------------------------------------------------- malformed filters
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
)
keys = st.one_of(
    st.sampled_from([*FIELDS, *ALIASES, *FIELD_OPS, "$and", "$or", "$regex", "$where", "$not"]),
    st.text(max_size=6),
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(keys, children, max_size=4),
    ),
    max_leaves=12,
)


@settings(max_examples=1200, deadline=None)
@given(candidate=json_values)
def test_random_filters_only_ever_raise_invalid_filter_error(candidate):
    try:
        compile_filter(candidate)
    except InvalidFilterError as exc:
        assert str(exc).startswith("Invalid metadata_filter")


def _break(valid: dict, how: str) -> dict:
    breakers = {
        "unknown_field": lambda: {**valid, "colour": "red"},
        "unknown_operator": lambda: {"$and": [valid, {"page": {"$regex": "1"}}]},
        "numeric_op_on_text": lambda: {"$or": [valid, {"page": {"$gt": "ten"}}]},
        "empty_in": lambda: {"$and": [valid, {"source": {"$in": []}}]},
        "contains_number": lambda: {"$and": [valid, {"source": {"$contains": 7}}]},
        "gt_on_string_field": lambda: {"$and": [valid, {"source": {"$gt": 3}}]},
        "empty_or": lambda: {"$or": []},
        "list_as_filter": lambda: [valid],
        "bool_page": lambda: {"$and": [valid, {"page": True}]},
        "bad_category": lambda: {"$and": [valid, {"category": "marketing"}]},
        "too_deep": lambda: _nest(valid, 8),
    }
    return breakers[how]()


def _nest(node: dict, depth: int) -> dict:
    for _ in range(depth):
        node = {"$and": [node]}
    return node


@settings(max_examples=1000, deadline=None)
@given(
    valid=valid_filters,
    how=st.sampled_from(
        [
            "unknown_field",
            "unknown_operator",
            "numeric_op_on_text",
            "empty_in",
            "contains_number",
            "gt_on_string_field",
            "empty_or",
            "list_as_filter",
            "bool_page",
            "bad_category",
            "too_deep",
        ]
    ),
)
def test_broken_filters_are_rejected(valid, how):
    with pytest.raises(InvalidFilterError):
        compile_filter(_break(valid, how))


@pytest.mark.parametrize(
    ("metadata_filter", "where", "residual"),
    [
        ({"source": "a.pdf"}, {"source": {"$eq": "a.pdf"}}, None),
        (
            {"source": "a.pdf", "page": {"$gte": 5, "$lte": 20}},
            {
                "$and": [
                    {"source": {"$eq": "a.pdf"}},
                    {"$and": [{"page_number": {"$gte": 5}}, {"page_number": {"$lte": 20}}]},
                ]
            },
            None,
        ),
        ({"page": {"$gt": 10.5}}, {"page_number": {"$gt": 10}}, None),
        ({"source": {"$contains": "legal"}}, None, {"source": {"$contains": "legal"}}),
        (
            {"source": {"$contains": "legal"}, "page": 3},
            {"page_number": {"$eq": 3}},
            {"source": {"$contains": "legal"}},
        ),
    ],
)
def test_compiler_splits_pushdown_and_residual(metadata_filter, where, residual):
    compiled = compile_filter(metadata_filter)
    assert compiled.where == where
    assert compiled.describe_residual() == residual
