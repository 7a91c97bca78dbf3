"""Validate a metadata filter and compile it into a Chroma ``where`` plus a Python residual.

The filter language is Chroma's, made friendlier and checked up front:

* a bare value means ``$eq``: ``{"source": "pws.pdf"}``;
* several keys in one dict mean AND (Chroma rejects that form; we translate it):
  ``{"source": "pws.pdf", "page": {"$gte": 5, "$lte": 20}}``;
* aliases: ``source_file`` -> ``source``, ``page`` -> ``page_number``;
* operators ``$eq $ne $gt $gte $lt $lte $in $nin $contains $not_contains $and $or``.

``$contains`` / ``$not_contains`` are case-insensitive substring tests on a string field.
Chroma cannot evaluate them on metadata, so ``compile_filter`` splits the filter into the part
Chroma evaluates (``where``) and a ``residual`` evaluated in Python on over-fetched candidates.
The split is exact: an AND may be split; an OR that contains a residual condition goes to the
residual whole. ``matches`` evaluates a whole filter in Python (used for the residual and as
the brute-force oracle in tests).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from rfp_agents.domains import CATEGORIES
from rfp_agents.skills.context_retriever.errors import InvalidFilterError

FieldType = Literal["str", "int", "float"]

FIELDS: dict[str, FieldType] = {
    "source": "str",
    "page_number": "int",
    "category": "str",
    "category_score": "float",
    "doc_id": "str",
    "chunk_id": "str",
    "chunk_index": "int",
    "section": "str",
    "kb": "str",
}
ALIASES = {"source_file": "source", "page": "page_number"}
COMPARISON_OPS = ("$gt", "$gte", "$lt", "$lte")
EQUALITY_OPS = ("$eq", "$ne")
LIST_OPS = ("$in", "$nin")
SUBSTRING_OPS = ("$contains", "$not_contains")
FIELD_OPS = EQUALITY_OPS + COMPARISON_OPS + LIST_OPS + SUBSTRING_OPS
LOGICAL_OPS = ("$and", "$or")
MAX_LIST_ITEMS = 1000
MAX_ABS_NUMBER = 2**53  # Chroma stores 64-bit numbers; beyond 2**53 floats lose integers


# --------------------------------------------------------------------------- the filter tree
@dataclass(frozen=True)
class Condition:
    field: str
    op: str
    value: Any

    @property
    def pushable(self) -> bool:
        return self.op not in SUBSTRING_OPS


@dataclass(frozen=True)
class Logical:
    op: Literal["$and", "$or"]
    children: tuple[Node, ...]


Node = Condition | Logical


@dataclass(frozen=True)
class CompiledFilter:
    """A validated filter: what Chroma evaluates and what Python evaluates afterwards."""

    tree: Node | None
    where: dict[str, Any] | None
    """The Chroma ``where`` clause, or ``None`` when Chroma has nothing to filter."""
    residual: Node | None
    """Conditions Chroma cannot evaluate; ``None`` when everything was pushed down."""

    def residual_matches(self, metadata: dict[str, Any]) -> bool:
        return self.residual is None or evaluate(self.residual, metadata)

    def describe_residual(self) -> dict[str, Any] | None:
        return to_chroma(self.residual) if self.residual is not None else None


# ------------------------------------------------------------------------------- parsing
def _type_name(value: Any) -> str:
    return type(value).__name__


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_scalar(field: str, ftype: FieldType, value: Any, path: str) -> Any:
    if ftype == "str":
        if not isinstance(value, str):
            raise InvalidFilterError(
                f"field {field!r} holds text; expected a string, "
                f"got {value!r} ({_type_name(value)})",
                path,
            )
        if field == "category" and value not in CATEGORIES:
            raise InvalidFilterError(
                f"category {value!r} is not one of {', '.join(CATEGORIES)}", path
            )
        return value
    if not _is_number(value):
        raise InvalidFilterError(
            f"field {field!r} is numeric; expected a number, got {value!r} ({_type_name(value)})",
            path,
        )
    if value != value or value in (float("inf"), float("-inf")):
        raise InvalidFilterError(f"field {field!r} needs a finite number, got {value!r}", path)
    if abs(value) > MAX_ABS_NUMBER:
        raise InvalidFilterError(
            f"number {value!r} for field {field!r} is out of range (|n| <= 2**53)", path
        )
    return value


def _resolve_field(key: str, path: str) -> tuple[str, FieldType]:
    name = ALIASES.get(key, key)
    if name not in FIELDS:
        known = ", ".join(sorted([*FIELDS, *ALIASES]))
        raise InvalidFilterError(f"unknown field {key!r}; filterable fields are: {known}", path)
    return name, FIELDS[name]


def _exact_number(field: str, ftype: FieldType, value: Any, path: str) -> Any:
    """An equality operand in the field's own type, so Chroma and Python agree (3 == 3.0)."""
    value = _check_scalar(field, ftype, value, path)
    if ftype == "int":
        if value != int(value):
            raise InvalidFilterError(f"field {field!r} holds whole numbers, got {value!r}", path)
        return int(value)
    return float(value) if ftype == "float" else value


def _comparison_bound(ftype: FieldType, op: str, value: float) -> float | int:
    """Rewrite a bound for an integer field as an equivalent integer (page > 10.5 is page > 10)."""
    if ftype == "float":
        return float(value)
    if value == int(value):
        return int(value)
    return math.floor(value) if op in ("$gt", "$lte") else math.ceil(value)


def _parse_condition(field: str, ftype: FieldType, op: str, operand: Any, path: str) -> Condition:
    if op in EQUALITY_OPS:
        return Condition(field, op, _exact_number(field, ftype, operand, path))
    if op in COMPARISON_OPS:
        if ftype == "str":
            raise InvalidFilterError(
                f"{op} compares numbers, but field {field!r} holds text; use $eq, $in or $contains",
                path,
            )
        value = _check_scalar(field, ftype, operand, path)
        return Condition(field, op, _comparison_bound(ftype, op, value))
    if op in LIST_OPS:
        if not isinstance(operand, list) or not operand:
            raise InvalidFilterError(f"{op} needs a non-empty list, got {operand!r}", path)
        if len(operand) > MAX_LIST_ITEMS:
            raise InvalidFilterError(f"{op} takes at most {MAX_LIST_ITEMS} values", path)
        values = [_exact_number(field, ftype, v, f"{path}[{i}]") for i, v in enumerate(operand)]
        return Condition(field, op, tuple(values))
    if op in SUBSTRING_OPS:
        if ftype != "str":
            raise InvalidFilterError(f"{op} tests text, but field {field!r} is numeric", path)
        if not isinstance(operand, str) or not operand:
            raise InvalidFilterError(f"{op} needs a non-empty string, got {operand!r}", path)
        return Condition(field, op, operand)
    raise InvalidFilterError(
        f"unknown operator {op!r}; allowed: {', '.join(FIELD_OPS)} (and $and, $or)", path
    )


def _parse_field(key: str, value: Any, path: str) -> Node:
    field, ftype = _resolve_field(key, path)
    if isinstance(value, dict):
        if not value:
            raise InvalidFilterError(f"field {key!r} has an empty operator object", path)
        conditions = []
        for op, operand in value.items():
            if not isinstance(op, str) or not op.startswith("$"):
                raise InvalidFilterError(
                    f"expected an operator such as $eq or $gt under {key!r}, got {op!r}", path
                )
            conditions.append(_parse_condition(field, ftype, op, operand, f"{path}.{op}"))
        return conditions[0] if len(conditions) == 1 else Logical("$and", tuple(conditions))
    if isinstance(value, list):
        raise InvalidFilterError(
            f"a list for field {key!r} is ambiguous; write {{{key!r}: {{'$in': [...]}}}}", path
        )
    return Condition(field, "$eq", _exact_number(field, ftype, value, path))


def _parse(node: Any, path: str, depth: int, max_depth: int) -> Node:
    if depth > max_depth:
        raise InvalidFilterError(f"the filter nests deeper than {max_depth} levels", path)
    if not isinstance(node, dict):
        raise InvalidFilterError(f"expected an object, got {node!r} ({_type_name(node)})", path)
    if not node:
        raise InvalidFilterError("empty object inside a filter", path)
    parts: list[Node] = []
    for key, value in node.items():
        here = f"{path}.{key}" if path else str(key)
        if not isinstance(key, str):
            raise InvalidFilterError(f"keys must be strings, got {key!r}", path)
        if key in LOGICAL_OPS:
            if not isinstance(value, list) or not value:
                raise InvalidFilterError(f"{key} needs a non-empty list of filters", here)
            children = tuple(
                _parse(child, f"{here}[{i}]", depth + 1, max_depth) for i, child in enumerate(value)
            )
            parts.append(children[0] if len(children) == 1 else Logical(key, children))  # type: ignore[arg-type]
        elif key.startswith("$"):
            raise InvalidFilterError(
                f"unknown operator {key!r} at the top of a filter; use $and or $or there, "
                "or put the operator under a field",
                here,
            )
        else:
            parts.append(_parse_field(key, value, here))
    return parts[0] if len(parts) == 1 else Logical("$and", tuple(parts))


# ------------------------------------------------------------------------------ compiling
def to_chroma(node: Node) -> dict[str, Any]:
    """The Chroma ``where`` form of a (pushable) node."""
    if isinstance(node, Condition):
        value = list(node.value) if isinstance(node.value, tuple) else node.value
        return {node.field: {node.op: value}}
    return {node.op: [to_chroma(child) for child in node.children]}


def _fully_pushable(node: Node) -> bool:
    if isinstance(node, Condition):
        return node.pushable
    return all(_fully_pushable(child) for child in node.children)


def _split(node: Node) -> tuple[Node | None, Node | None]:
    """(pushdown, residual) such that node == pushdown AND residual."""
    if _fully_pushable(node):
        return node, None
    if isinstance(node, Logical) and node.op == "$and":
        pushed, residual = [], []
        for child in node.children:
            p, r = _split(child)
            if p is not None:
                pushed.append(p)
            if r is not None:
                residual.append(r)
        return _join("$and", pushed), _join("$and", residual)
    return None, node  # a residual condition, or an OR that holds one: Python evaluates it all


def _join(op: Literal["$and", "$or"], nodes: list[Node]) -> Node | None:
    if not nodes:
        return None
    return nodes[0] if len(nodes) == 1 else Logical(op, tuple(nodes))


def compile_filter(metadata_filter: dict[str, Any] | None, max_depth: int = 6) -> CompiledFilter:
    """Validate ``metadata_filter`` and split it into Chroma's part and the residual.

    Raises:
        InvalidFilterError: on any malformed part, naming where it is and what is allowed.
    """
    if metadata_filter is None or metadata_filter == {}:
        return CompiledFilter(None, None, None)
    if not isinstance(metadata_filter, dict):
        raise InvalidFilterError(
            f"a filter is a JSON object, got {metadata_filter!r} ({_type_name(metadata_filter)})"
        )
    tree = _parse(metadata_filter, "", 1, max_depth)
    pushed, residual = _split(tree)
    return CompiledFilter(tree, to_chroma(pushed) if pushed is not None else None, residual)


def and_where(*clauses: dict[str, Any] | None) -> dict[str, Any] | None:
    """AND together Chroma ``where`` clauses, skipping ``None``."""
    present = [c for c in clauses if c]
    if not present:
        return None
    return present[0] if len(present) == 1 else {"$and": present}


# ----------------------------------------------------------------------------- evaluating
def _compare(op: str, actual: Any, expected: Any) -> bool:
    if op == "$eq":
        return actual == expected
    if op == "$ne":
        return actual != expected
    if op == "$in":
        return actual in expected
    if op == "$nin":
        return actual not in expected
    if op in SUBSTRING_OPS:
        found = isinstance(actual, str) and expected.casefold() in actual.casefold()
        return found if op == "$contains" else not found
    if not _is_number(actual):
        return False
    return {
        "$gt": actual > expected,
        "$gte": actual >= expected,
        "$lt": actual < expected,
        "$lte": actual <= expected,
    }[op]


def evaluate(node: Node, metadata: dict[str, Any]) -> bool:
    """Evaluate a parsed filter against one chunk's metadata, in Python."""
    if isinstance(node, Condition):
        return _compare(node.op, metadata.get(node.field), node.value)
    if node.op == "$and":
        return all(evaluate(child, metadata) for child in node.children)
    return any(evaluate(child, metadata) for child in node.children)


def matches(compiled: CompiledFilter, metadata: dict[str, Any]) -> bool:
    """Whether a chunk passes the whole filter (pushdown and residual), evaluated in Python."""
    return compiled.tree is None or evaluate(compiled.tree, metadata)
