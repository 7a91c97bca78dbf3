// The rfp_agents page: ask (streamed), answer with [n] markers, references, diagnostics, the
// brief, the compliance matrix, documents.
"use strict";

const $ = (id) => document.getElementById(id);

function text(tag, content, className) {
  const el = document.createElement(tag);
  el.textContent = content;
  if (className) el.className = className;
  return el;
}

// ------------------------------------------------------------------------------ the API key
// With RFP_API_KEY set on the server, every /api call needs the X-API-Key header. The page
// asks for the key once, keeps it for this browser tab (sessionStorage), and asks again if
// the server refuses it.
const KEY_ITEM = "rfp-api-key";

function withKey(options = {}) {
  const key = sessionStorage.getItem(KEY_ITEM);
  const headers = new Headers(options.headers || {});
  if (key) headers.set("X-API-Key", key);
  return { ...options, headers };
}

async function send(path, options = {}) {
  let response = await fetch(path, withKey(options));
  if (response.status === 401) {
    const key = window.prompt("This server needs its API key (RFP_API_KEY):");
    if (key) {
      sessionStorage.setItem(KEY_ITEM, key.trim());
      response = await fetch(path, withKey(options));
    }
  }
  return response;
}

async function api(path, options = {}) {
  const response = await send(path, options);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.detail || `${response.status} ${response.statusText}`);
  return body;
}

// ------------------------------------------------------------------ knowledge bases, documents
async function loadKnowledgeBases() {
  const kbs = await api("/api/knowledge-bases");
  const select = $("kb");
  select.replaceChildren(...kbs.map((kb) => {
    const label = `${kb.name} (${kb.documents} document${kb.documents === 1 ? "" : "s"})`;
    const option = text("option", label);
    option.value = kb.name;
    return option;
  }));
  await loadDocuments();
}

async function loadDocuments() {
  const kb = $("kb").value;
  const body = $("documents").querySelector("tbody");
  if (!kb) { body.replaceChildren(); return; }
  const docs = await api(`/api/documents?kb=${encodeURIComponent(kb)}`);
  // another knowledge base was chosen while this list loaded: its own load shows it
  if ($("kb").value !== kb) return;
  body.replaceChildren(...docs.map((d) => {
    const row = document.createElement("tr");
    row.append(text("td", d.source), text("td", d.pages), text("td", d.chunks),
               text("td", d.ingested_at));
    return row;
  }));
}

// ---------------------------------------------------------------------------------- asking
function readEvents(buffer, onEvent) {
  const blocks = buffer.split("\n\n");
  const rest = blocks.pop();
  for (const block of blocks) {
    const data = block.split("\n").find((line) => line.startsWith("data: "));
    if (data) onEvent(JSON.parse(data.slice(6)));
  }
  return rest;
}

function progress(line) {
  $("progress").append(text("li", line));
}

async function ask(event) {
  event.preventDefault();
  const question = $("question").value.trim();
  if (!question) return;
  const domains = [...document.querySelectorAll("input[name=domain]:checked")].map((c) => c.value);
  const body = {
    question,
    knowledgeBaseIds: [$("kb").value],
    includeDiagnostics: $("diagnostics").checked,
  };
  if (domains.length) body.domains = domains;
  $("progress").replaceChildren();
  $("drafts").replaceChildren();
  $("drafts").hidden = true;
  $("error").hidden = true;
  $("answer-panel").hidden = true;
  $("ask-button").disabled = true;
  try {
    const response = await send("/api/ask/stream", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const error = await response.json().catch(() => ({}));
      throw new Error(error.detail || response.statusText);
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer = readEvents(buffer + decoder.decode(value, { stream: true }), onStreamEvent);
    }
  } catch (error) {
    showError(error.message);
  } finally {
    $("ask-button").disabled = false;
  }
}

function onStreamEvent(event) {
  if (event.type === "route") progress(`Route: ${event.domains.join(", ")} (${event.method})`);
  else if (event.type === "tool") {
    const what = event.args.query_text || event.args.pattern || event.args.action || "";
    progress(`${event.domain}: ${event.tool} ${what} → ${event.error ? event.error : event.result_count + " passages"}`);
  } else if (event.type === "finding") {
    progress(`${event.domain} answered${event.no_evidence ? " (no evidence)" : ""}`);
  } else if (event.type === "token") showDraft(event.domain, event.text);
  else if (event.type === "answer") {
    $("drafts").hidden = true;
    renderAnswer(event.answer);
  } else if (event.type === "error") showError(event.detail);
}

// A domain agent's answer as its model writes it (LLM mode). The checked answer, with its
// citations linked, replaces the drafts when it arrives.
function showDraft(domain, piece) {
  let draft = document.getElementById(`draft-${domain}`);
  if (!draft) {
    draft = text("p", "");
    draft.id = `draft-${domain}`;
    draft.className = "draft";
    draft.append(text("strong", `${domain} (draft): `), text("span", ""));
    $("drafts").append(draft);
  }
  draft.lastChild.textContent += piece;
  $("drafts").hidden = false;
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = false;
}

// ---------------------------------------------------------------------------- the answer
// A scanned page's text was read by OCR: the analyst should check the wording on the page.
function scanned(citation) {
  const confidence = citation.ocr_confidence;
  return confidence == null ? "" : ` (scanned, OCR ${Math.round(confidence)}%)`;
}

function marker(citation, layout = "answer-layout") {
  const wrap = document.createElement("span");
  wrap.className = "cite";
  const tipId = `tip-${citation.n}-${Math.random().toString(36).slice(2, 7)}`;
  const button = text("button", `[${citation.n}]`);
  button.type = "button";
  button.setAttribute("aria-describedby", tipId);
  button.setAttribute("aria-label", `Citation ${citation.n}: ${citation.source_file}, page ${citation.page_number}`);
  const tip = document.createElement("span");
  tip.className = "tip";
  tip.id = tipId;
  tip.setAttribute("role", "tooltip");
  tip.append(text("span", `${citation.source_file}, p. ${citation.page_number}${scanned(citation)}`, "where"),
             text("span", citation.snippet, "snippet"));
  button.addEventListener("click", () => showPage(citation, layout));
  wrap.append(button, tip);
  return wrap;
}

// ------------------------------------------------------------------------- the cited page
// Clicking a citation shows its page beside the answer: the server renders the page with the
// cited sentence highlighted and lists the highlighted boxes in the X-Highlight header
// (image pixels); the page is scrolled so the first one is in view.
let pageRequest = 0;

// The page view sits beside what was clicked: the answer or the brief (``layout``).
function showPage(citation, layout = "answer-layout") {
  const view = $("page-view");
  if (view.parentElement.id !== layout) $(layout).append(view);
  openPage(citation).catch((e) => { $("page-status").textContent = e.message; });
}

async function openPage(citation) {
  const request = ++pageRequest;
  const view = $("page-view");
  view.hidden = false;
  $("page-view-title").textContent = `${citation.source_file}, p. ${citation.page_number}${scanned(citation)}`;
  $("page-status").textContent = "Loading the page…";
  const params = new URLSearchParams({
    kb: citation.kb, chunk_id: citation.chunk_id,
    text: citation.snippet.replace(/…/g, " ").trim().slice(0, 2000),
  });
  const response = await send(
    `/api/documents/${citation.doc_id}/pages/${citation.page_number}.png?${params}`);
  if (request !== pageRequest) return;  // another citation was clicked meanwhile
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    $("page-status").textContent = body.detail || `${response.status} ${response.statusText}`;
    return;
  }
  const boxes = (response.headers.get("X-Highlight") || "").split(";").filter(Boolean)
    .map((box) => box.split(",").map(Number));
  const image = $("page-image");
  const old = image.src;
  image.src = URL.createObjectURL(await response.blob());
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  await image.decode();
  image.alt = `Page ${citation.page_number} of ${citation.source_file}`;
  const scale = image.clientWidth / image.naturalWidth;
  $("page-marks").replaceChildren(...boxes.map(([left, top, width, height]) => {
    const mark = document.createElement("div");
    mark.className = "mark";
    Object.assign(mark.style, {
      left: `${left * scale}px`, top: `${top * scale}px`,
      width: `${width * scale}px`, height: `${height * scale}px`,
    });
    return mark;
  }));
  $("page-status").textContent = boxes.length ? "" : "The cited text was not found on the page image.";
  const scroller = $("page-scroll");
  scroller.scrollTop = boxes.length ? Math.max(0, boxes[0][1] * scale - scroller.clientHeight / 3) : 0;
}

function renderParagraph(line, byNumber, tag = "p", layout = "answer-layout") {
  const p = document.createElement(tag);
  let last = 0;
  for (const match of line.matchAll(/\[(\d+)\]/g)) {
    p.append(document.createTextNode(line.slice(last, match.index)));
    const citation = byNumber.get(Number(match[1]));
    p.append(citation ? marker(citation, layout) : document.createTextNode(match[0]));
    last = match.index + match[0].length;
  }
  p.append(document.createTextNode(line.slice(last)));
  return p;
}

function renderAnswer(answer) {
  const byNumber = new Map(answer.citations.map((c) => [c.n, c]));
  $("answer").replaceChildren(
    ...answer.answer.split(/\n+/).filter(Boolean).map((line) => renderParagraph(line, byNumber)));
  $("warnings").replaceChildren(...answer.warnings.map((w) => text("p", `⚠ ${w}`)));
  renderReferences(answer.citations);
  renderDiagnostics(answer.findings);
  $("answer-panel").hidden = false;
}

function renderReferences(citations) {
  const byDoc = new Map();
  for (const c of citations) {
    if (!byDoc.has(c.source_file)) byDoc.set(c.source_file, []);
    byDoc.get(c.source_file).push(c);
  }
  $("references").replaceChildren(...[...byDoc].map(([file, items]) => {
    const section = document.createElement("div");
    section.className = "doc";
    section.append(text("h4", file));
    const list = document.createElement("ul");
    for (const c of items) {
      const li = text("li", "", c.cited ? "" : "uncited");
      const link = text("button", `[${c.n}] p. ${c.page_number}${scanned(c)}`, "page-link");
      link.type = "button";
      link.addEventListener("click", () => showPage(c));
      li.append(link, document.createTextNode(` — ${c.snippet}`));
      list.append(li);
    }
    section.append(list);
    return section;
  }));
}

function renderDiagnostics(findings) {
  const records = findings.flatMap((f) => f.diagnostics || []);
  $("diagnostics-view").hidden = records.length === 0;
  $("diagnostics-body").replaceChildren(...records.map((d) => {
    const block = document.createElement("div");
    block.append(text("h4", `${d.domain || ""}: ${d.question}`));
    block.append(text("p", "Expanded queries: " + d.expanded_queries.map((q) => `“${q.query}” (${q.why})`).join("; ")));
    const ranks = d.ranks.slice(0, 10).map((r) =>
      `${r.selected ? "kept" : "    "} #${r.final_rank} ${r.source_file} p${r.page_number} ${r.final_score.toFixed(3)}: ${r.reasons.join("; ")}`);
    const dropped = d.dropped.slice(0, 10).map((x) => `dropped ${x.source_file} p${x.page_number}: ${x.reason}`);
    block.append(text("pre", [...ranks, ...dropped].join("\n")));
    return block;
  }));
}

// -------------------------------------------------------------------------------- uploads
async function upload(event) {
  event.preventDefault();
  const file = $("file").files[0];
  if (!file) return;
  const form = new FormData();
  form.append("file", file);
  form.append("kb", $("kb").value || "default");
  $("upload-status").textContent = `Uploading ${file.name}…`;
  try {
    let job = await api("/api/documents", { method: "POST", body: form });
    while (job.status === "queued" || job.status === "running") {
      $("upload-status").textContent = `${job.filename}: ${job.status}…`;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      job = await api(`/api/documents/jobs/${job.job_id}`);
    }
    $("upload-status").textContent = `${job.filename}: ${job.detail || job.status}`;
    await loadKnowledgeBases();
  } catch (error) {
    $("upload-status").textContent = `Upload failed: ${error.message}`;
  }
}

// ----------------------------------------------------------------------------- the brief
// One fact a line, each with hover citations like an answer's; "not stated" lines are
// dimmed. Conflicts list each document's value, risks the sentence that makes them,
// amendments the requirements they restate with a change.
async function buildBrief() {
  const kb = $("kb").value;
  $("brief-status").textContent = `Reading the documents of ${kb}…`;
  const brief = await api("/api/brief", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ knowledgeBaseId: kb }),
  });
  const byNumber = new Map(brief.citations.map((c) => [c.n, c]));
  const found = brief.fields.filter((f) => f.status === "found").length;
  $("brief-status").textContent =
    `${found} of ${brief.fields.length} fields found in ${brief.documents.length} document(s)`;
  $("brief").replaceChildren(...brief.fields.flatMap((f) => {
    const value = renderParagraph(f.value, byNumber, "dd", "brief-layout");
    value.className = f.status;
    return [text("dt", f.label), value];
  }));
  $("brief").hidden = false;
  const conflicts = $("brief-conflicts");
  conflicts.querySelector("ul").replaceChildren(...brief.conflicts.map((c) => renderParagraph(
    `${c.label}: ${c.values.map((v) => `${v.value} [${v.citation}]`).join("; ")}. ${c.note}`,
    byNumber, "li", "brief-layout")));
  conflicts.hidden = brief.conflicts.length === 0;
  const risks = $("brief-risks");
  risks.querySelector("ul").replaceChildren(...brief.risks.map((r) => renderParagraph(
    `${r.label}: ${r.text}`, byNumber, "li", "brief-layout")));
  risks.hidden = brief.risks.length === 0;
  // each amending document, then each requirement it restates: now, and what it was
  const amendments = $("brief-amendments");
  amendments.querySelector("ul").replaceChildren(...brief.amendments.flatMap((a) => [
    text("li", `${a.file} amends ${a.amends.join(", ")}${a.changes.length ? ":" : " (no requirement restated with a change)"}`),
    ...a.changes.map((c) => renderParagraph(
      `Now: ${c.now} Was: ${c.was}`, byNumber, "li", "brief-layout")),
  ]));
  amendments.hidden = brief.amendments.length === 0;
}

// ------------------------------------------------------------------- the compliance matrix
let matrixRows = [];

async function buildMatrix() {
  const kb = $("kb").value;
  $("matrix-status").textContent = `Reading the documents of ${kb}…`;
  matrixRows = await api(`/api/matrix?kb=${encodeURIComponent(kb)}`);
  const byModel = matrixRows.filter((r) => r.judged_by === "model").length;
  $("matrix-status").textContent =
    `${matrixRows.length} requirements (${matrixRows.filter((r) => r.strength === "mandatory").length} mandatory)`
    + (byModel ? `, ${byModel} judged by the chat model` : "");
  $("matrix").hidden = false;
  fillChoices("matrix-topic", matrixRows.map((r) => r.topic));
  fillChoices("matrix-document", matrixRows.map((r) => r.file));
  showMatrix();
  // the download needs the API key when the server has one: fetch it, then save the blob
  const link = $("matrix-download");
  link.hidden = false;
  link.onclick = async (event) => {
    event.preventDefault();
    const response = await send(`/api/matrix?kb=${encodeURIComponent(kb)}&format=xlsx`);
    const url = URL.createObjectURL(await response.blob());
    const save = document.createElement("a");
    save.href = url;
    save.download = `${kb}-matrix.xlsx`;
    save.click();
    URL.revokeObjectURL(url);
  };
}

// A filter's choices are the values the rows hold ("all" first).
function fillChoices(id, values) {
  const options = [...new Set(values)].sort().map((value) => {
    const option = text("option", value);
    option.value = value;
    return option;
  });
  const all = text("option", "all");
  all.value = "";
  $(id).replaceChildren(all, ...options);
}

function showMatrix() {
  const strength = $("matrix-strength").value;
  const domain = $("matrix-domain").value;
  const topic = $("matrix-topic").value;
  const file = $("matrix-document").value;
  const words = $("matrix-filter").value.trim().toLowerCase();
  const shown = matrixRows.filter((r) => (!strength || r.strength === strength)
    && (!domain || r.domain === domain) && (!topic || r.topic === topic)
    && (!file || r.file === file)
    && (!words || `${r.requirement} ${r.topic} ${r.section}`.toLowerCase().includes(words)));
  $("matrix").querySelector("tbody").replaceChildren(...shown.map((r) => {
    const row = document.createElement("tr");
    row.className = r.strength;
    const pages = r.last_page && r.last_page !== r.page ? `pp. ${r.page}–${r.last_page}` : `p. ${r.page}`;
    const where = [r.file, pages, ...r.also_in].join(", ");
    // a row the chat model judged says so: the analyst checks those first
    const strength = r.judged_by === "model" ? `${r.strength} (model)` : r.strength;
    row.append(text("td", r.id), text("td", r.requirement), text("td", strength),
               text("td", r.domain), text("td", r.topic), text("td", r.section), text("td", where));
    return row;
  }));
}

$("matrix-button").addEventListener("click", () => buildMatrix().catch((e) => {
  $("matrix-status").textContent = e.message;
}));
for (const id of ["matrix-strength", "matrix-domain", "matrix-topic", "matrix-document",
                  "matrix-filter"]) {
  $(id).addEventListener("input", showMatrix);
}
$("brief-button").addEventListener("click", () => buildBrief().catch((e) => {
  $("brief-status").textContent = e.message;
}));
$("ask-form").addEventListener("submit", ask);
$("page-close").addEventListener("click", () => { $("page-view").hidden = true; });
$("upload-form").addEventListener("submit", upload);
$("kb").addEventListener("change", () => loadDocuments().catch((e) => showError(e.message)));
loadKnowledgeBases().catch((error) => showError(error.message));
