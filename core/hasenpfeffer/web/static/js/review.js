// Review: a record step by step, each play's double-dummy values, mistakes and their cost.
import { get, post, h, put, card, seatPlaces, fillBots } from "./api.js";
import * as play from "./play.js";

let review = null;   // the record's outline
let hand = null;     // the hand shown, reviewed
let step = 0;        // the decision shown: the position before it
let ctx;
const $ = (id) => document.getElementById(id);

export function setup(context) {
  ctx = context;
  $("review-open").addEventListener("click", async () => show(await post("/api/reviews", { path: $("review-file").value })));
  $("review-upload").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) show(await post("/api/reviews", { text: await file.text(), name: file.name }));
  });
  $("review-prev").addEventListener("click", () => go(step - 1));
  $("review-next").addEventListener("click", () => go(step + 1));
  $("branch").addEventListener("click", branch);
  $("review-hint").addEventListener("click", async () => {
    const out = await post(`/api/reviews/${review.id}/hint`, { hand: hand.number, step, bot: $("review-hint-bot").value });
    put($("review-hint-out"), play.hintView(out));
  });
  $("dd-table").addEventListener("click", table);
  document.addEventListener("keydown", (e) => {
    if (!review || !$("review").classList.contains("active") || e.target.closest("input,textarea,select")) return;
    if (e.key === "ArrowRight") go(step + 1);
    else if (e.key === "ArrowLeft") go(step - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(hand.steps.length);
    else if (e.key === "ArrowDown" && hand.number < review.hands.length) openHand(hand.number + 1);
    else if (e.key === "ArrowUp" && hand.number > 1) openHand(hand.number - 1);
    else return;
    e.preventDefault();
  });
}

async function show(outline) {
  review = outline;
  fillBots($("review-bots"), ctx.files?.policies, outline.variant);
  fillBots($("review-hint-bot"), ctx.files?.policies, outline.variant);
  $("review-body").hidden = false;
  put($("review-head"), h("div", { class: "title" }, `${outline.name}: ${outline.variant}, ${outline.hands.length} hands; score ${outline.scores.join(" to ")}`));
  put($("review-hands"), ...outline.hands.map((x) =>
    h("button", { type: "button", class: "hand-btn", "data-hand": x.number, title: x.result ? x.result.text : "unfinished", onclick: () => openHand(x.number) }, `Hand ${x.number}`)));
  await openHand(1);
}

async function openHand(number) {
  $("review-body").dataset.loading = "1";
  hand = await get(`/api/reviews/${review.id}/hands/${number}`);
  delete $("review-body").dataset.loading;
  for (const b of document.querySelectorAll(".hand-btn")) b.classList.toggle("active", Number(b.dataset.hand) === number);
  put($("dd-out"), );
  put($("review-steps"), ...hand.steps.map((s, i) => {
    const r = s.review;
    const cost = r && r.cost ? h("span", { class: "cost" }, ` −${r.cost} trick${r.cost > 1 ? "s" : ""}`) : null;
    return h("li", { class: `step ${r && r.cost ? "mistake" : ""}`, "data-step": i, onclick: () => go(i) }, s.words, cost);
  }));
  go(0);
}

function go(i) {
  if (!hand) return;
  step = Math.max(0, Math.min(hand.steps.length, i));
  const pos = hand.positions[step];
  const s = hand.steps[step];
  for (const li of document.querySelectorAll("#review-steps .step")) li.classList.toggle("current", Number(li.dataset.step) === step);
  document.querySelector(`#review-steps [data-step="${step}"]`)?.scrollIntoView({ block: "nearest" });
  renderTable(pos, s);
  put($("review-hint-out"), );
  const head = `Hand ${hand.number}, step ${step + 1} of ${hand.steps.length + 1}` + (hand.trump ? ` · trump ${hand.trump}, maker seat ${hand.maker} (${hand.bid})` : "");
  const body = [h("div", { class: "title" }, head)];
  if (!s) body.push(h("p", {}, "End of the hand.", hand.first_lead ? ` Double dummy from the first lead: ${hand.first_lead.join(" to ")} tricks.` : ""));
  else {
    body.push(h("p", { id: "step-words" }, s.words));
    if (s.review) body.push(values(s.review));
  }
  put($("review-step"), ...body);
  $("branch").disabled = !s;
  $("review-hint").disabled = !s;
}

// Every legal card's double-dummy value; the best marked, the card played and its cost.
function values(r) {
  const best = new Set(r.best);
  const chips = Object.entries(r.values).map(([c, v]) =>
    h("span", { class: `value ${best.has(c) ? "best" : ""} ${c === r.card ? "played" : ""}`, "data-card": c }, `${c} `, h("b", {}, v)));
  const verdict = r.cost ? h("p", { id: "mistake", class: "mistake" }, `Mistake: ${r.line}`) : h("p", { class: "ok" }, `Best play: kept ${r.value} tricks.`);
  return h("div", { id: "dd-values" }, h("div", { class: "muted" }, r.fewest ? "Tricks the side takes (fewer is better here):" : "Tricks the side takes with each card, double dummy:"), h("div", { class: "chips" }, chips), verdict);
}

function renderTable(pos, s) {
  const places = seatPlaces(review.players, 0);
  const parts = pos.hands.map((cards, q) => h("div", { class: "seat", style: `left:${places[q].x}%;top:${places[q].y}%`, "data-seat": q },
    h("div", { class: `seat-name ${pos.to_move === q ? "to-move" : ""}` }, `seat ${q}`, hand.maker === q ? " ★" : "", ` · ${pos.tricks_won[review.sides.length > 1 ? q % review.sides.length : 0] ?? ""}`),
    h("div", { class: "hand" }, cards.map((c) => card(c, s && s.seat === q && s.action.endsWith(` ${c.id}`) ? { class: "chosen" } : {})))));
  const trick = h("div", { class: "trick" }, pos.trick.map(({ seat, card: c }) =>
    card(c, { class: "played", style: `left:${50 + (places[seat].x - 50) * 0.35}%;top:${50 + (places[seat].y - 50) * 0.35}%` })));
  put($("review-table"), ...parts, trick);
}

async function table() {
  put($("dd-out"), h("p", { class: "muted" }, "Solving every contract…"));
  const t = await get(`/api/reviews/${review.id}/hands/${hand.number}/table`);
  const rows = t.rows.map((r) => h("tr", {}, h("td", {}, r.trump), h("td", {}, `seat ${r.maker}${r.alone ? " alone" : ""}`), h("td", { class: "num" }, r.tricks), h("td", {}, r.bid ?? ""), h("td", {}, r.made ? "made" : "set"), h("td", {}, (r.score_change || []).join(", "))));
  put($("dd-out"), h("table", { id: "dd-table-out", class: "values" }, h("tr", {}, ["trump", "maker", "tricks", "bid", "", "score change"].map((x) => h("th", {}, x))), rows));
}

async function branch() {
  const seat = hand.steps[step].seat;
  const state = await post(`/api/reviews/${review.id}/branch`, { hand: hand.number, step, seat, bots: $("review-bots").value });
  ctx.showTab("play");
  play.open(state);
}
