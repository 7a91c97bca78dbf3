"""The rules that judge how strongly a statement binds the bidder, kept as named data.

Each rule lives in a TOML file of its family and language (``en/modal.toml``,
``es/modal.toml``, ``en/duties.toml`` …): an ``id``, the ``verdict`` it gives
(``mandatory``, ``advisory`` or ``not_binding``), a one-line ``summary``, its ``pattern``
(or, for a rule decided in code, the function that holds it: ``decided_in``), and
``examples`` and ``counterexamples`` in the project's own wording. A test runs every rule's
examples through the matrix's judge and checks that this rule, and no other, decides each one;
a counterexample must not be decided by it.

A pattern may name shared pieces in braces: ``{bidder}`` (the bidder's names), ``{be_verb}``
… (``PLACEHOLDERS`` in ``rules/__init__.py``) and the fragments of ``fragments.toml``
(``{active_will}``). Quantifiers such as ``{2,6}`` are left alone.

A family whose file sets ``combine`` is one pattern: its rules (English first, then
Spanish) become the alternatives of a single regular expression, so a search tries them in
one pass, in the file's order. A match is then named by the first rule that matches alone
where it starts (``Family.rule_of``), as the combined pattern tried them. The modelling
follows mature rule-based NLP (spaCy's pattern files with ids, Duckling's named rules with
their example corpora).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

Verdict = Literal["mandatory", "advisory", "not_binding", "inherited"]
"""``inherited``: the strength of the statement before (a context rule)."""
LANGUAGES = ("en", "es")
PLACEHOLDER = re.compile(r"\{([a-z][a-z_]*)\}")
RULE_ID = r"^[a-z]+(?:[.-][a-z0-9]+)+$"


class RuleFileError(ValueError):
    """A rules file that cannot be used: says which file, which rule and what is wrong."""


class Rule(BaseModel):
    """One named rule of the registry."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=RULE_ID, description="family.name, unique across the registry")
    verdict: Verdict
    summary: str = Field(min_length=10)
    pattern: str | None = Field(
        default=None,
        description="The regular expression, placeholders unexpanded; in the file, a list is "
        "its alternatives, one a line.",
    )
    decided_in: str | None = Field(
        default=None, description="The function that decides a rule with no single pattern."
    )
    ignore_case: bool | None = None
    examples: list[str] = Field(min_length=1)
    counterexamples: list[str] = Field(default_factory=list)
    family: str = ""
    language: str = ""
    file: str = ""

    @field_validator("pattern", mode="before")
    @classmethod
    def _alternatives_joined(cls, value: str | list[str] | None) -> str | None:
        return "|".join(value) if isinstance(value, list) else value

    @field_validator("decided_in")
    @classmethod
    def _one_way_to_decide(cls, value: str | None, info) -> str | None:
        if value is None and info.data.get("pattern") is None:
            raise ValueError("a rule needs a pattern or decided_in")
        return value


@dataclass(frozen=True)
class Family:
    """The rules of a combined family as one compiled pattern, and each rule alone."""

    name: str
    pattern: re.Pattern[str]
    """The alternatives in one pattern, no group of their own: a search pays for no
    capture."""
    alone: tuple[tuple[str, re.Pattern[str]], ...]
    """Each rule's id and its alternative in the family's wrapper, in the family's order."""

    def rule_of(self, found: re.Match[str]) -> str:
        """The id of the rule whose alternative ``found`` matched: the first, in order, that
        matches where ``found`` starts, as the combined pattern tried them."""
        for rule_id, pattern in self.alone:
            if pattern.match(found.string, found.start()):
                return rule_id
        raise LookupError(f"no rule of family {self.name} matched {found.group(0)!r}")


class Registry:
    """Every rule, each pattern compiled once, and the combined families."""

    def __init__(
        self,
        rules: list[Rule],
        compiled: dict[str, re.Pattern[str]],
        families: dict[str, Family],
        fragments: dict[str, str],
    ):
        self.rules = {rule.id: rule for rule in rules}
        self._compiled = compiled
        self.families = families
        self.fragments = fragments
        """Each fragment of ``fragments.toml``, expanded."""

    def rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise KeyError(f"no rule {rule_id!r} in the registry") from None

    def pattern(self, rule_id: str) -> re.Pattern[str]:
        """The compiled pattern of a rule that has one."""
        if rule_id not in self._compiled:
            raise KeyError(f"rule {rule_id!r} has no pattern (decided in code)")
        return self._compiled[rule_id]

    def family(self, name: str) -> Family:
        return self.families[name]


def expand(pattern: str, pieces: Mapping[str, str], where: str) -> str:
    """``pattern`` with each ``{name}`` replaced by its piece, pieces expanded in turn."""

    def piece(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in pieces:
            raise RuleFileError(f"{where}: unknown placeholder {{{name}}}")
        return expand(pieces[name], pieces, f"{where} {{{name}}}")

    return PLACEHOLDER.sub(piece, pattern)


def _read(root: Traversable, path: str) -> dict:
    text = root.joinpath(path).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RuleFileError(f"rules/{path}: {error}") from None


def _compile(pattern: str, ignore_case: bool, where: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    except re.error as error:
        raise RuleFileError(f"{where}: the pattern does not compile: {error}") from None


def _rules_of(path: str, table: dict, language: str) -> list[Rule]:
    family = path.rsplit("/", 1)[-1].removesuffix(".toml")
    rules = []
    for entry in table.get("rules", []):
        where = f"rules/{path} rule {entry.get('id', '?')}"
        try:
            rules.append(Rule(**entry, family=family, language=language, file=path))
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors()
            )
            raise RuleFileError(f"{where}: {problems}") from None
    return rules


def rule_files(root: Traversable) -> list[str]:
    """The rules files, language by language, in name order."""
    return [
        f"{language}/{entry.name}"
        for language in LANGUAGES
        if root.joinpath(language).is_dir()
        for entry in sorted(root.joinpath(language).iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".toml")
    ]


def load_registry(placeholders: Mapping[str, str], root: Traversable | None = None) -> Registry:
    """Every rules file under ``root`` (this package's), parsed, checked and compiled.

    Raises:
        RuleFileError: a file does not parse, a rule lacks a field or an example, an id is
            used twice, a placeholder is unknown or a pattern does not compile.
    """
    root = root or resources.files(__package__)
    fragments_table = _read(root, "fragments.toml").get("fragments", {})
    pieces = dict(placeholders) | fragments_table
    rules: list[Rule] = []
    combined: dict[str, list[Rule]] = {}
    wraps: dict[str, tuple[str, bool]] = {}
    for path in rule_files(root):
        table = _read(root, path)
        language = path.split("/", 1)[0]
        found = _rules_of(path, table, language)
        ignore_case = bool(table.get("ignore_case", True))
        found = [
            r.model_copy(
                update={"ignore_case": r.ignore_case if r.ignore_case is not None else ignore_case}
            )
            for r in found
        ]
        rules.extend(found)
        if "combine" in table:
            family = found[0].family if found else path
            combined.setdefault(family, []).extend(found)
            wraps.setdefault(family, (table["combine"], ignore_case))
    seen: set[str] = set()
    for rule in rules:
        if rule.id in seen:
            raise RuleFileError(f"rules/{rule.file}: rule id {rule.id} is used twice")
        seen.add(rule.id)
    compiled = {
        rule.id: _compile(
            expand(rule.pattern, pieces, f"rules/{rule.file} rule {rule.id}"),
            bool(rule.ignore_case),
            f"rules/{rule.file} rule {rule.id}",
        )
        for rule in rules
        if rule.pattern is not None
    }
    families = {
        name: _combine(name, members, *wraps[name], compiled) for name, members in combined.items()
    }
    fragments = {
        name: expand(value, pieces, f"rules/fragments.toml {name}")
        for name, value in fragments_table.items()
    }
    return Registry(rules, compiled, families, fragments)


def _combine(
    name: str,
    members: list[Rule],
    wrap: str,
    ignore_case: bool,
    compiled: dict[str, re.Pattern[str]],
) -> Family:
    def wrapped(pattern: str) -> str:
        return wrap.replace("{alternatives}", pattern)

    alternatives = "|".join(f"(?:{compiled[rule.id].pattern})" for rule in members)
    alone = tuple(
        (rule.id, _compile(wrapped(f"(?:{compiled[rule.id].pattern})"), ignore_case, rule.id))
        for rule in members
    )
    return Family(name, _compile(wrapped(alternatives), ignore_case, f"family {name}"), alone)
