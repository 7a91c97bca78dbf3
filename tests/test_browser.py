"""The web page in a real browser: Debian's headless Chromium driven by Playwright.

`make test` installs Debian's `chromium` when it is missing (as root; `.ci/run` runs it).
The server runs on loopback in a thread; the page asks about the sample RFP, and hovering
(and focusing, for keyboard users) a citation marker must show the snippet, file and page.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Page, expect, sync_playwright

from rfp_agents.api.app import create_app
from rfp_agents.config import Settings
from rfp_agents.ingest import ingest_paths
from rfp_agents.local_llm import free_port
from tests.pdf_factory import text_pdf
from tests.strict_server import tool_call_reply
from tests.test_agent_loop import LD_ANSWER

CHROMIUM = os.environ.get("RFP_CHROMIUM", "/usr/bin/chromium")
SCREENSHOT = os.environ.get("RFP_SCREENSHOT")  # save the answer page here when set


def serve(settings: Settings) -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


@contextmanager
def page_on(url: str, kb: str) -> Iterator[Page]:
    """A Chromium page on the server at ``url`` with knowledge base ``kb`` chosen."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"]
        )
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(url)
        expect(page.locator(f"#kb option[value={kb}]")).to_have_count(1)
        page.select_option("#kb", kb)
        yield page
        browser.close()


@pytest.fixture(scope="module")
def server(sample_kb_settings: Settings) -> Iterator[str]:
    yield from serve(sample_kb_settings)


@pytest.fixture(scope="module")
def locked_server(sample_kb_settings: Settings) -> Iterator[str]:
    """The same server with RFP_API_KEY set."""
    yield from serve(sample_kb_settings.model_copy(update={"api_key": "page-key-123"}))


def test_ask_in_the_browser_and_read_a_citation(server: str, tmp_path: Path):
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run `make test` (it installs it)"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-background-networking"],
        )
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(server)
        expect(page.locator("#kb option[value=sample]")).to_have_count(1)
        page.select_option("#kb", "sample")
        expect(page.locator("#documents tbody tr")).to_have_count(1)
        page.fill("#question", "What liquidated damages apply if go-live is late?")
        page.click("#ask-button")

        marker = page.locator("#answer .cite button").first
        expect(marker).to_have_text("[1]", timeout=60_000)
        expect(page.locator("#progress li").first).to_contain_text("Route: legal")
        tip = page.locator("#answer .cite .tip").first
        expect(tip).to_be_hidden()
        marker.hover()
        expect(tip).to_be_visible()
        expect(tip).to_contain_text("sample_rfp.pdf, p. 9")
        expect(tip).to_contain_text("liquidated damages")
        page.mouse.move(0, 0)
        expect(tip).to_be_hidden()
        marker.focus()  # keyboard users get the same tooltip
        expect(tip).to_be_visible()
        expect(page.locator("#references")).to_contain_text("sample_rfp.pdf")

        # click the citation: its page opens beside the answer, scrolled to the highlight
        expect(page.locator("#page-view")).to_be_hidden()
        marker.click()
        expect(page.locator("#page-view-title")).to_have_text("sample_rfp.pdf, p. 9")
        marks = page.locator("#page-marks .mark")
        expect(marks.first).to_be_visible(timeout=15_000)
        assert page.eval_on_selector("#page-image", "img => img.naturalWidth") > 0
        scroller = page.locator("#page-scroll").bounding_box()
        mark = marks.first.bounding_box()
        assert scroller["y"] <= mark["y"] <= scroller["y"] + scroller["height"]
        assert (
            page.locator("#page-view").bounding_box()["x"]
            > page.locator("#answer").bounding_box()["x"]
        )  # beside the answer, not below it
        page.locator("#references button.page-link").nth(1).click()
        expect(page.locator("#page-view-title")).to_contain_text("sample_rfp.pdf, p.")
        expect(page.locator("#page-view-title")).not_to_have_text("sample_rfp.pdf, p. 9")
        page.click("#page-close")
        expect(page.locator("#page-view")).to_be_hidden()
        marker.click()
        if SCREENSHOT:
            marker.hover()
            page.screenshot(path=SCREENSHOT, full_page=False)
        browser.close()


def test_the_page_asks_for_the_api_key_once_and_uses_it(locked_server: str):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-background-networking"],
        )
        page = browser.new_page()
        prompts: list[str] = []

        def answer(dialog) -> None:
            prompts.append(dialog.message)
            dialog.accept("page-key-123")

        page.on("dialog", answer)
        page.goto(locked_server)
        expect(page.locator("#kb option[value=sample]")).to_have_count(1)
        page.select_option("#kb", "sample")
        page.fill("#question", "What liquidated damages apply if go-live is late?")
        page.click("#ask-button")
        expect(page.locator("#answer .cite button").first).to_have_text("[1]", timeout=60_000)
        assert len(prompts) == 1 and "RFP_API_KEY" in prompts[0]
        browser.close()


def test_the_page_shows_each_agents_draft_while_the_model_writes(
    sample_kb_settings: Settings, strict_model, tmp_path: Path
):
    """LLM mode: the `token` events render as a draft, which the checked answer replaces."""
    strict_model([tool_call_reply("liquidated damages"), {"content": LD_ANSWER + " [1]"}],
                pace=0.15)  # fmt: skip
    llm = sample_kb_settings.model_copy(
        update={"chat_model": "openai:local", "provider_timeout_seconds": 60}
    )
    for url in serve(llm):
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-background-networking"]
            )
            page = browser.new_page()
            page.goto(url)
            page.select_option("#kb", "sample")
            page.check("input[name=domain][value=legal]")
            page.fill("#question", "What liquidated damages apply if go-live is late?")
            page.click("#ask-button")
            draft = page.locator("#drafts .draft").first
            expect(draft).to_contain_text("legal (draft):", timeout=30_000)
            expect(draft).to_contain_text("liquidated damages", timeout=30_000)
            expect(page.locator("#answer .cite button").first).to_have_text("[1]", timeout=60_000)
            expect(page.locator("#drafts")).to_be_hidden()
            browser.close()


def test_the_compliance_matrix_is_a_filterable_table(server: str):
    with page_on(server, "sample") as page:
        page.click("#matrix-button")
        rows = page.locator("#matrix tbody tr")
        expect(page.locator("#matrix-status")).to_contain_text("requirements", timeout=30_000)
        total = rows.count()
        assert total > 20
        expect(page.locator("#matrix tbody")).to_contain_text("9.3 Liquidated damages")
        page.select_option("#matrix-strength", "advisory")
        advisory = rows.count()
        assert 0 < advisory < total
        assert set(page.locator("#matrix tbody td:nth-child(3)").all_inner_texts()) == {"advisory"}
        page.select_option("#matrix-strength", "")
        page.select_option("#matrix-topic", "payment")
        assert 0 < rows.count() < total
        assert set(page.locator("#matrix tbody td:nth-child(5)").all_inner_texts()) == {"payment"}
        page.select_option("#matrix-topic", "")
        assert page.locator("#matrix-document option").all_inner_texts() == [
            "all",
            "sample_rfp.pdf",
        ]
        page.fill("#matrix-filter", "insurance")
        expect(rows.first).to_contain_text("insur", ignore_case=True)
        assert rows.count() < total
        with page.expect_download() as download:
            page.click("#matrix-download")
        assert download.value.suggested_filename == "sample-matrix.xlsx"
        if SCREENSHOT:
            page.locator("#matrix-title").scroll_into_view_if_needed()
            page.screenshot(path=SCREENSHOT.replace(".png", "-matrix.png"))


def test_the_brief_shows_each_field_cited_and_opens_its_page(server: str):
    with page_on(server, "sample") as page:
        page.click("#brief-button")
        expect(page.locator("#brief-status")).to_contain_text("fields found", timeout=60_000)
        due = page.locator("#brief dt", has_text="Proposals due").locator(
            "xpath=following-sibling::dd[1]"
        )
        expect(due).to_contain_text("April 10, 2026")
        expect(page.locator("#brief dd.not_stated").first).to_contain_text("Not stated")
        expect(page.locator("#brief-risks")).to_contain_text("Liquidated damages")
        # hovering a marker shows its file and page; clicking it opens the page beside the brief
        penalty = page.locator("#brief dt", has_text="Penalties").locator(
            "xpath=following-sibling::dd[1]"
        )
        button = penalty.locator(".cite button").first
        button.hover()
        expect(penalty.locator(".tip .where").first).to_contain_text("sample_rfp.pdf, p. 9")
        button.click()
        expect(page.locator("#brief-layout #page-view")).to_be_visible()
        expect(page.locator("#page-view-title")).to_have_text("sample_rfp.pdf, p. 9")
        expect(page.locator("#page-marks .mark").first).to_be_visible(timeout=30_000)
        if SCREENSHOT:
            page.locator("#brief-title").scroll_into_view_if_needed()
            page.screenshot(path=SCREENSHOT.replace(".png", "-brief.png"))


@pytest.fixture(scope="module")
def amended_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose knowledge base "city" holds an RFP and an amendment that changes one of
    its requirements."""
    folder = tmp_path_factory.mktemp("amended_pdfs")
    text_pdf(folder / "city-rfp.pdf", [
        "Request for Proposals 24-118: Street Lighting Maintenance.\n"
        "The contractor shall repair reported outages within five business days.",
    ])  # fmt: skip
    text_pdf(folder / "city-rfp-amendment-1.pdf", [
        "Amendment 1 to Request for Proposals 24-118.\n"
        "The contractor shall repair reported outages within three business days.",
    ])  # fmt: skip
    settings = Settings(home=tmp_path_factory.mktemp("amended_home"))
    assert ingest_paths([folder], settings, "city").exit_code == 0
    yield from serve(settings)


def test_the_brief_shows_what_an_amendment_changes_both_cited(amended_server: str):
    with page_on(amended_server, "city") as page:
        page.click("#brief-button")
        amendments = page.locator("#brief-amendments")
        expect(amendments).to_be_visible(timeout=60_000)
        expect(amendments).to_contain_text("city-rfp-amendment-1.pdf amends city-rfp.pdf")
        change = amendments.locator("li", has_text="three business days")
        expect(change).to_contain_text("five business days")
        # the new wording cites the amendment, the old one the RFP: hover each marker
        markers = change.locator(".cite button")
        expect(markers).to_have_count(2)
        markers.nth(0).hover()
        expect(change.locator(".tip .where").nth(0)).to_contain_text("city-rfp-amendment-1.pdf")
        markers.nth(1).hover()
        expect(change.locator(".tip .where").nth(1)).to_contain_text("city-rfp.pdf, p. 1")
