"""Steps shared by the ask features (offline and LLM mode)."""

from __future__ import annotations

from pytest_bdd import parsers, then

from rfp_agents.agents.citations import markers_in


@then(parsers.parse('the answer cites "{file}" page {page:d}'))
def cites(ctx: dict, file: str, page: int) -> None:
    answer = ctx["answers"][-1]
    cited = [(c.source_file, c.page_number) for c in answer.cited]
    assert (file, page) in cited, (answer.answer, cited)


@then("every citation in the answer text maps to a passage a tool returned")
def markers_map(ctx: dict) -> None:
    answer = ctx["answers"][-1]
    numbers = {c.n: c for c in answer.citations}
    used = markers_in(answer.answer)
    assert used, answer.answer
    for n in used:
        assert n in numbers and numbers[n].cited
    # the passages came from tool calls that returned results, not from the answer text
    assert any(step.result_count for f in answer.findings for step in f.steps)
    assert all(c.snippet and c.chunk_id for c in answer.citations)
