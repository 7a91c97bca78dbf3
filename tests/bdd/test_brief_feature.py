"""Step definitions for features/pipeline/brief.feature and matrix.feature."""

from __future__ import annotations

import pytest
from pytest_bdd import given, parsers, scenarios, then, when

from rfp_agents.agents.citations import markers_in
from rfp_agents.config import Settings
from rfp_agents.deliverables.brief.models import NOT_STATED
from rfp_agents.deliverables.brief.run import make_brief
from rfp_agents.deliverables.matrix import requirements
from rfp_agents.deliverables.model_review import StatementReview
from rfp_agents.ingest import ingest_paths
from rfp_agents.knowledge_base import KnowledgeBase
from tests.conftest import HOLDOUT_DIR, RFPS_DIR

scenarios("pipeline/brief.feature", "pipeline/matrix.feature")

HAWAII = HOLDOUT_DIR / "hawaii-htdc-business-consultant-rfp.pdf"
TAX_COURT = [
    RFPS_DIR / "ustaxcourt-ef-cms-rfq.pdf",
    RFPS_DIR / "ustaxcourt-ef-cms-rfq-amendment.pdf",
]


@pytest.fixture(scope="module")
def homes(sample_kb_settings: Settings, tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The settings that hold each knowledge base: the session's read-only "sample" and
    "real"; "hawaii" (a held-out state RFP) and "taxcourt" (an RFQ and its amendment) in a
    home of this module's own."""
    own = Settings(home=tmp_path_factory.mktemp("brief_home"))
    assert ingest_paths([HAWAII], own, "hawaii").exit_code == 0
    assert ingest_paths(TAX_COURT, own, "taxcourt").exit_code == 0
    return {"sample": sample_kb_settings, "real": sample_kb_settings, "hawaii": own,
            "taxcourt": own}  # fmt: skip


@pytest.fixture(scope="module")
def briefs() -> dict:
    """Briefs made in this module, by knowledge base (a brief takes seconds: one each)."""
    return {}


@pytest.fixture
def ctx() -> dict:
    return {}


@when(parsers.parse('I brief "{kb}"'))
def brief_of(ctx: dict, homes: dict, briefs: dict, kb: str) -> None:
    if kb not in briefs:
        briefs[kb] = make_brief(kb, settings=homes[kb])
    ctx["brief"] = briefs[kb]


@then(parsers.parse('the field "{name}" says "{phrase}"'))
def field_says(ctx: dict, name: str, phrase: str) -> None:
    field = ctx["brief"].field(name)
    assert field.status == "found" and phrase in field.value, field.value


@then(parsers.parse('the field "{name}" cites "{file}" page {page:d}'))
def field_cites(ctx: dict, name: str, file: str, page: int) -> None:
    brief = ctx["brief"]
    field = brief.field(name)
    cited = {(c.source_file, c.page_number) for c in brief.citations if c.n in field.citations}
    assert (file, page) in cited, (field.value, cited)


@then(parsers.parse('the field "{name}" is not stated and cites nothing'))
def not_stated(ctx: dict, name: str) -> None:
    field = ctx["brief"].field(name)
    assert (field.status, field.value, field.citations) == ("not_stated", NOT_STATED, [])


@then(parsers.parse('the brief lists the risk "{name}" on "{file}" page {page:d}'))
def risk_listed(ctx: dict, name: str, file: str, page: int) -> None:
    risks = [(r.file, r.page) for r in ctx["brief"].risks if r.name == name]
    assert (file, page) in risks, risks


@then("every risk and value marker maps to a citation of the brief")
def markers_map(ctx: dict) -> None:
    brief = ctx["brief"]
    numbers = {c.n for c in brief.citations}
    texts = [f.value for f in brief.fields] + [r.text for r in brief.risks]
    used = {n for text in texts for n in markers_in(text)}
    assert used and used <= numbers


@when(parsers.parse('I build the compliance matrix of "{kb}"'))
def matrix_of(ctx: dict, homes: dict, kb: str) -> None:
    ctx["rows"] = requirements(KnowledgeBase.open(kb, homes[kb]))


@when(parsers.parse('I build the compliance matrix of "{kb}" for "{file}"'))
def matrix_for(ctx: dict, homes: dict, kb: str, file: str) -> None:
    ctx["rows"] = requirements(KnowledgeBase.open(kb, homes[kb]), [file])


@given(
    parsers.parse(
        'a chat model that files "{required}" as a requirement and "{unbound}" as binding no one'
    )
)
def judging_model(ctx: dict, homes: dict, required: str, unbound: str) -> None:
    """A fake model that reads as the rules do, but for the two statements named."""
    from tests.fake_models import JudgingChatModel

    by_rules = {r.requirement: r.strength for r in requirements(KnowledgeBase.open("sample",
                homes["sample"]))}  # fmt: skip

    def judge(text: str) -> str:
        if required in text:
            return "mandatory"
        return "none" if unbound in text else by_rules.get(text, "none")

    ctx["model"] = JudgingChatModel(judge=judge, requests=[])


@when(parsers.parse('I build the compliance matrix of "{kb}" with that model'))
def matrix_with_model(ctx: dict, homes: dict, kb: str) -> None:
    review = StatementReview(ctx["model"], timeout=30.0)
    ctx["rows"] = requirements(KnowledgeBase.open(kb, homes[kb]), review=review)


@then("every row says the model judged it")
def judged_by_model(ctx: dict) -> None:
    assert ctx["rows"] and {r.judged_by for r in ctx["rows"]} == {"model"}


@then(parsers.parse('a "{strength}" row on "{file}" page {page:d} reads "{phrase}"'))
def row_reads(ctx: dict, strength: str, file: str, page: int, phrase: str) -> None:
    found = [r for r in ctx["rows"] if phrase in " ".join(r.requirement.split())]
    assert [(r.strength, r.file, r.page) for r in found][:1] == [(strength, file, page)], found


@then(parsers.parse('no row reads "{phrase}"'))
def no_row(ctx: dict, phrase: str) -> None:
    assert not [r for r in ctx["rows"] if phrase in r.requirement]


@then("every row is mandatory or advisory and names its file and page")
def rows_complete(ctx: dict) -> None:
    assert ctx["rows"]
    for row in ctx["rows"]:
        assert row.strength in ("mandatory", "advisory") and row.file and row.page >= 1


@then(parsers.parse('every row comes from "{file}"'))
def rows_from(ctx: dict, file: str) -> None:
    assert ctx["rows"] and {r.file for r in ctx["rows"]} == {file}


@then(parsers.parse('"{file}" amends "{base}"'))
def amends(ctx: dict, file: str, base: str) -> None:
    amendment = next(a for a in ctx["brief"].amendments if a.file == file)
    assert base in amendment.amends
    ctx["amendment"] = amendment


@then(parsers.parse('a change says "{phrase}" on "{file}" page {page:d}'))
def change_says(ctx: dict, phrase: str, file: str, page: int) -> None:
    cited = {c.n: c for c in ctx["brief"].citations}
    change = next(c for c in ctx["amendment"].changes if phrase in c.now)
    now = cited[change.citation]
    assert (now.source_file, now.page_number) == (file, page)
    ctx["change"] = change


@then(parsers.parse('that change was "{phrase}" on "{file}" page {page:d}'))
def change_was(ctx: dict, phrase: str, file: str, page: int) -> None:
    change = ctx["change"]
    was = {c.n: c for c in ctx["brief"].citations}[change.was_citation]
    assert phrase in change.was and (was.source_file, was.page_number) == (file, page)
