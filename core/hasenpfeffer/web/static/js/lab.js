// The house-rule lab: an editor checked as you type (validate's problems at their line and
// column), show and diagram beside it, simulate and compare against the parent.
import { get, post, h, put, toast, fillBots, pickBots } from "./api.js";

let parent = null;
let timer = null;
let study = null;
let ctx;
let syncBots = () => {};
const $ = (id) => document.getElementById(id);

export function setup(context) {
  ctx = context;
  syncBots = pickBots($("study-bot-pick"), $("study-bots"));
  fillBots($("study-bot-pick"), [], null);
  const editor = $("lab-editor");
  editor.addEventListener("input", () => { paint([]); clearTimeout(timer); timer = setTimeout(check, 250); });
  editor.addEventListener("scroll", () => { $("lab-backdrop").scrollTop = editor.scrollTop; $("lab-backdrop").scrollLeft = editor.scrollLeft; $("lab-gutter").scrollTop = editor.scrollTop; });
  $("lab-new").addEventListener("click", () => load(`/api/lab/text?builtin=${encodeURIComponent($("lab-builtin").value)}`));
  $("lab-open").addEventListener("click", () => load(`/api/lab/text?path=${encodeURIComponent($("lab-file").value)}`));
  $("lab-save").addEventListener("click", async () => {
    const out = await post("/api/lab/save", { name: $("lab-name").value, text: editor.value });
    $("lab-status").textContent = `Saved in ${out.saved}.`;
    ctx.refreshFiles();
  });
  $("lab-download").addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([editor.value], { type: "text/yaml" }));
    h("a", { href: url, download: $("lab-name").value.split("/").pop() }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  $("study-simulate").addEventListener("click", () => run("simulate"));
  $("study-compare").addEventListener("click", () => run("compare"));
  $("study-cancel").addEventListener("click", () => study && post(`/api/studies/${study}/cancel`));
}

async function load(path) {
  const file = await get(path);
  $("lab-editor").value = file.text;
  $("lab-name").value = file.name;
  parent = file.parent;
  await check();
}

async function check() {
  const text = $("lab-editor").value;
  const out = await post("/api/lab/check", { text, name: $("lab-name").value });
  if (text !== $("lab-editor").value) return;  // typed on since
  parent = out.parent;
  const here = out.problems.filter((p) => p.here);
  paint(here);
  put($("lab-status"), out.valid ? h("span", { id: "lab-valid", class: "ok" }, `Valid: ${out.name}${parent ? `, a house rule of ${parent}` : ""}.`) : h("span", { class: "mistake" }, `${out.problems.length} problem${out.problems.length > 1 ? "s" : ""}`));
  put($("lab-problems"), ...out.problems.map((p) => h("li", { class: "problem", "data-line": p.line, "data-col": p.col, onclick: () => jump(p) }, p.text)));
  if (out.valid) {
    fillBots($("study-bot-pick"), ctx.files?.policies, out.name, parent);
    syncBots();
    $("lab-show").textContent = out.show;
    $("lab-diagram").innerHTML = out.svg;
    $("lab-mermaid").textContent = out.mermaid;
  }
  $("study-compare").disabled = !out.valid || !parent;
  $("study-simulate").disabled = !out.valid;
}

// Line numbers, the lines with a problem marked, and a mark under each problem's column.
function paint(problems) {
  const lines = $("lab-editor").value.split("\n");
  const bad = new Map(problems.filter((p) => p.line > 0).map((p) => [p.line, p]));
  put($("lab-gutter"), ...lines.map((_, i) => h("div", { class: bad.has(i + 1) ? "bad" : "", title: bad.get(i + 1)?.message }, String(i + 1))));
  put($("lab-backdrop"), ...lines.map((line, i) => {
    const p = bad.get(i + 1);
    if (!p) return h("div", {}, line || " ");
    const col = Math.max(0, p.col - 1);
    return h("div", { class: "bad-line", "data-line": i + 1 }, line.slice(0, col), h("mark", { title: p.message }, line.slice(col) || " "));
  }));
}

function jump(p) {
  const editor = $("lab-editor");
  const lines = editor.value.split("\n");
  let at = 0;
  for (let i = 0; i < p.line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  at += Math.max(0, p.col - 1);
  editor.focus();
  editor.setSelectionRange(at, at);
}

async function run(kind) {
  const body = {
    kind,
    games: Number($("study-games").value),
    bots: $("study-bots").value,
    seed: Number($("study-seed").value || 0),
    name: $("lab-name").value,
  };
  if (kind === "simulate") body.a_text = $("lab-editor").value;
  else { body.a = parent; body.b_text = $("lab-editor").value; }
  const started = await post("/api/studies", body);
  study = started.id;
  $("study-cancel").disabled = false;
  put($("study-out"), );
  poll(started);
}

async function poll(status) {
  const bar = $("study-progress");
  bar.max = status.total;
  bar.value = status.done;
  $("study-state").textContent = `${status.state}: ${status.done} of ${status.total} games, ${status.seconds} s`;
  if (status.state === "running" || status.state === "waiting") {
    setTimeout(async () => poll(await get(`/api/studies/${study}`)), 300);
    return;
  }
  $("study-cancel").disabled = true;
  if (status.state === "failed") toast(status.error);
  if (status.state === "done") put($("study-out"), report(status));
}

function report(status) {
  const r = status.report;
  const compare = r.command === "compare";
  const bots = new Set(r.bots).size === 1 ? r.bots[0] : r.bots.join(",");
  const head = compare ? ["figure", "A", "n", "B", "n", "B − A"] : ["figure", "value (95% CI)", "n"];
  const title = compare
    ? `A = ${r.a}, B = ${r.b}; ${r.games} games each, same seeds, bots ${bots}, seed ${r.seed}; ${r.engine}`
    : `${r.variant}: ${r.games} games, bots ${bots}, seed ${r.seed}; ${r.engine}`;
  return h("div", { id: "study-report" },
    h("p", {}, title),
    h("table", { class: "values", id: "study-table" }, h("tr", {}, head.map((x) => h("th", {}, x))),
      status.rows.map((row) => h("tr", { "data-figure": row[0] }, row.map((x, i) => h("td", { class: i ? "num" : "" }, x))))),
    status.plot ? h("img", { id: "study-plot", src: status.plot, alt: "score distributions and differences" }) : null);
}
