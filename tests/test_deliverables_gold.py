"""The hand-written gold for the deliverables is well formed: every brief field exists, and
every expected phrase or requirement quote is printed on the page it names (so the
measurements measure the brief and the matrix, not typos)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pypdfium2
import pytest

from rfp_agents.evaluation.brief_quality import load_gold_fields
from rfp_agents.evaluation.matrix_quality import load_gold_requirements
from tests.conftest import HOLDOUT_DIR, RFPS_DIR, ROOT

BRIEF_GOLD = load_gold_fields(ROOT / "eval" / "brief-gold.jsonl")
MATRIX_GOLD = load_gold_requirements(ROOT / "eval" / "matrix-gold.jsonl")


@cache
def page_text(file: str, page: int) -> str:
    folder = RFPS_DIR if (RFPS_DIR / file).exists() else HOLDOUT_DIR
    pdf = pypdfium2.PdfDocument(Path(folder) / file)
    text = pdf[page - 1].get_textpage().get_text_range().replace("\ufffe", "-")
    # PDFium marks a hyphen that ends a line U+FFFE; a zero-width space is not printed
    text = ZERO_WIDTH.sub("", text)
    return " ".join(text.split()).lower()


ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")


@pytest.mark.parametrize("file", sorted({g.file for g in BRIEF_GOLD if g.expect}))
def test_every_expected_brief_phrase_of_a_document_is_on_one_of_its_pages(file):
    misses = []
    for entry in (g for g in BRIEF_GOLD if g.file == file and g.expect):
        text = " ".join(page_text(entry.file, p) for p in entry.pages)
        misses += [
            f"{entry.field} p. {entry.pages}: {phrase!r}"
            for phrase in entry.expect
            if not any(o.lower() in text for o in phrase.split("|"))
        ]
    assert not misses, "\n".join(misses)


@pytest.mark.parametrize("file", sorted({g.file for g in MATRIX_GOLD}))
def test_every_gold_requirement_of_a_document_is_on_its_page(file):
    misses = [
        f"p. {entry.page}: {entry.quote!r}"
        for entry in MATRIX_GOLD
        if entry.file == file
        and " ".join(entry.quote.split()).lower() not in page_text(entry.file, entry.page)
    ]
    assert not misses, "\n".join(misses)


@pytest.mark.parametrize(
    "file,label", sorted({(g.file, g.set) for g in [*BRIEF_GOLD, *MATRIX_GOLD]})
)
def test_a_gold_document_is_labelled_by_the_folder_it_lives_in(file, label):
    """Held-out figures are only held out if no rule was tuned on their documents: a file of
    the tuning folder (``rfps/``) must not be reported as held out, nor the reverse."""
    folder = "tuning" if (RFPS_DIR / file).exists() else "holdout"
    assert (HOLDOUT_DIR / file).exists() or folder == "tuning", file
    assert label == folder, f"{file} lives in the {folder} folder but is labelled {label}"


def test_the_gold_covers_enough_documents_in_both_sets():
    assert len({g.file for g in BRIEF_GOLD}) >= 5
    assert len({g.file for g in MATRIX_GOLD}) >= 3
    for gold in (BRIEF_GOLD, MATRIX_GOLD):
        assert {g.set for g in gold} == {"tuning", "holdout"}
    assert any(g.expect is None for g in BRIEF_GOLD)


def test_a_section_gold_scores_only_the_rows_of_its_pages(tmp_path):
    """A gold list of pages 2-3 of a long document: a requirement row on page 5 is neither
    a hit nor an extra, until a second section (pages 5-6) is listed; a section that
    overlaps another is refused before anything runs."""
    from rfp_agents.deliverables.matrix import Requirement
    from rfp_agents.errors import UsageError
    from rfp_agents.evaluation.matrix_quality import score_matrices

    def row(text: str, page: int) -> Requirement:
        return Requirement(
            id="R-0001", requirement=text, strength="mandatory", domain="legal",
            topic="other", file="long.pdf", page=page, chunk_id="c",
        )  # fmt: skip

    gold_file = tmp_path / "gold.jsonl"
    line = '{"file": "long.pdf", "set": "holdout", "pages": [2, 3], "page": 2, "quote": "%s"}'
    gold_file.write_text(line % "The vendor shall keep a field office open" + "\n")
    gold = load_gold_requirements(gold_file)
    rows = [row("The vendor shall keep a field office open.", 2),
            row("The vendor shall wear safety boots on site.", 5)]  # fmt: skip
    [score] = score_matrices(gold, lambda _file: rows)
    assert (score.recall, score.precision, score.mandatory_rows) == (1.0, 1.0, 1)

    rows.append(row("The vendor shall clean the site daily.", 3))
    [score] = score_matrices(gold, lambda _file: rows)
    assert score.precision == 0.5 and score.extra == ["The vendor shall clean the site daily."]

    # a second section of the document is scored with the first: its rows count too
    other = line.replace("[2, 3]", "[5, 6]") % "The vendor shall fence the yard"
    second = other.replace('"page": 2', '"page": 5')
    gold_file.write_text(gold_file.read_text() + second + "\n")
    gold = load_gold_requirements(gold_file)
    [score] = score_matrices(gold, lambda _file: rows)
    assert (score.gold, score.mandatory_rows) == (2, 3) and score.recall == 0.5
    assert score.missed == ["The vendor shall fence the yard"]
    overlapping = line.replace("[2, 3]", "[1, 2]") % "The vendor shall paint the shed"
    gold_file.write_text(gold_file.read_text() + overlapping + "\n")
    with pytest.raises(UsageError, match="name overlapping pages"):
        load_gold_requirements(gold_file)
    outside = line.replace('"page": 2', '"page": 7') % "The vendor shall fence the yard"
    gold_file.write_text(outside + "\n")
    with pytest.raises(UsageError, match="outside the listed pages"):
        load_gold_requirements(gold_file)


def test_a_requirement_stated_again_in_the_section_is_found_on_its_page(tmp_path):
    """The matrix keeps one row for a requirement a document states twice (p. 2, again on
    p. 9, ``also_in``): a gold list of pages 8-9 finds it there, on the right page."""
    from rfp_agents.deliverables.matrix import Requirement
    from rfp_agents.evaluation.matrix_quality import score_matrices

    gold_file = tmp_path / "gold.jsonl"
    gold_file.write_text(
        '{"file": "long.pdf", "set": "holdout", "pages": [8, 9], "page": 9,'
        ' "quote": "The vendor shall keep a field office open"}\n'
    )
    row = Requirement(
        id="R-0001", requirement="The vendor shall keep a field office open.",
        strength="mandatory", domain="legal", topic="other", file="long.pdf", page=2,
        chunk_id="c", also_in=["other.pdf p. 9", "long.pdf p. 9"],
    )  # fmt: skip
    [score] = score_matrices(load_gold_requirements(gold_file), lambda _file: [row])
    assert (score.recall, score.precision, score.page_accuracy) == (1.0, 1.0, 1.0)


def test_a_gold_line_is_matched_to_the_row_that_states_it_not_a_near_one(tmp_path):
    """Two rows share most of a gold line's words, on different pages: the line is the row
    that states it (on its page), not the first row that comes close; page accuracy counts
    the right row's page."""
    from rfp_agents.deliverables.matrix import Requirement
    from rfp_agents.evaluation.matrix_quality import score_matrices

    gold_file = tmp_path / "gold.jsonl"
    gold_file.write_text(
        '{"file": "qap.pdf", "set": "holdout", "pages": [3, 5], "page": 5,'
        ' "quote": "The research plan shall be delivered by the end of the second sprint"}\n'
    )

    def row(text: str, page: int) -> Requirement:
        return Requirement(
            id=f"R-{page:04d}", requirement=text, strength="mandatory", domain="legal",
            topic="other", file="qap.pdf", page=page, chunk_id="c",
        )  # fmt: skip

    rows = [
        row("By the end of the second sprint, the vendor shall draft a research plan.", 3),
        row("The research plan shall be delivered by the end of the second sprint.", 5),
    ]
    [score] = score_matrices(load_gold_requirements(gold_file), lambda _file: rows)
    assert (score.recall, score.page_accuracy) == (1.0, 1.0)


def test_a_lead_in_held_by_items_on_two_pages_is_found_on_its_page(tmp_path):
    """Each item of a list that runs over a page break holds its lead-in's words: the gold
    line of the lead-in (p. 8) is the item row on p. 8, not the first item row of p. 9."""
    from rfp_agents.deliverables.matrix import Requirement
    from rfp_agents.evaluation.matrix_quality import score_matrices

    gold_file = tmp_path / "gold.jsonl"
    gold_file.write_text(
        '{"file": "rfp.pdf", "set": "holdout", "pages": [8, 9], "page": 8,'
        ' "quote": "projects billed by the hour, list the following"}\n'
    )
    lead = "For your five most recent projects billed by the hour, list the following:"

    def row(item: str, page: int) -> Requirement:
        return Requirement(
            id=f"R-{page:04d}", requirement=f"{lead} {item}", strength="mandatory",
            domain="legal", topic="other", file="rfp.pdf", page=page, chunk_id="c",
        )  # fmt: skip

    rows = [row("The final hours billed", 9), row("The type of work", 8)]
    [score] = score_matrices(load_gold_requirements(gold_file), lambda _file: rows)
    assert (score.recall, score.page_accuracy) == (1.0, 1.0)


def test_the_sets_are_pooled_requirement_by_requirement(tmp_path):
    """A set's recall counts every gold requirement once (a long document weighs more than a
    short one), and says how many of its documents meet the bar on their own."""
    from rfp_agents.deliverables.matrix import Requirement
    from rfp_agents.evaluation.matrix_quality import score_matrices, scores_by_set

    def row(file: str, text: str) -> Requirement:
        return Requirement(
            id="R-0001", requirement=text, strength="mandatory", domain="legal",
            topic="other", file=file, page=1, chunk_id="c",
        )  # fmt: skip

    duties = [f"The vendor shall keep record number {n} on site" for n in range(1, 10)]
    lines = [{"file": "long.pdf", "set": "holdout", "page": 1, "quote": d} for d in duties]
    lines.append({"file": "short.pdf", "set": "holdout", "page": 1, "quote": duties[0]})
    gold_file = tmp_path / "gold.jsonl"
    gold_file.write_text("".join(json.dumps(line) + "\n" for line in lines))
    rows = {"long.pdf": [row("long.pdf", d) for d in duties], "short.pdf": []}
    scores = score_matrices(load_gold_requirements(gold_file), lambda file: rows[file])
    assert [s.recall for s in scores] == [1.0, 0.0]
    [pooled] = scores_by_set(scores)
    assert (pooled.gold, pooled.recall, pooled.precision) == (10, 0.9, 1.0)
    assert (pooled.documents, pooled.at_the_bar) == (2, 1)
