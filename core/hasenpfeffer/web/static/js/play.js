// Play: a game against bots; the engine gives every legal choice and its words.
import { post, h, put, card, seatPlaces, toast, fillBots, pickBots } from "./api.js";

let game = null;       // the latest state from the server
let seenHands = 0;     // finished hands already laid open
let queue = Promise.resolve();
let ctx;
let syncBots = () => {};
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const delay = () => Number(params.get("delay") ?? 450);

export function setup(context) {
  ctx = context;
  syncBots = pickBots($("play-bot-pick"), $("play-bots"));
  $("play-variant").addEventListener("change", offerBots);
  $("play-setup").addEventListener("submit", (e) => { e.preventDefault(); start(); });
  $("play-resume-btn").addEventListener("click", () => start($("play-resume").value));
  $("undo").addEventListener("click", () => act(`/api/games/${game.id}/undo`));
  $("save").addEventListener("click", async () => {
    const out = await post(`/api/games/${game.id}/save`);
    toast(`Saved in ${out.saved}`);
    ctx.refreshFiles();
  });
  $("hint").addEventListener("click", hint);
  $("hand-over").addEventListener("close", () => { seenHands = game.last_hand.number; advance(); });
}

// The bots for the chosen variant: a file's by the name inside it.
export function offerBots() {
  const value = $("play-variant").value;
  const file = ctx.files?.variants.find((v) => v.path === value && v.valid);
  fillBots($("play-bot-pick"), ctx.files?.policies, file ? file.name : value);
  syncBots();
}

async function start(resume) {
  const body = resume
    ? { resume }
    : {
        variant: $("play-variant").value,
        seat: Number($("play-seat").value || 0),
        bots: $("play-bots").value,
        seed: $("play-seed").value === "" ? null : Number($("play-seed").value),
      };
  open(await post("/api/games", body));
}

// A game from elsewhere too: a review's "play on from here".
export function open(state) {
  game = state;
  fillBots($("hint-bot"), ctx.files?.policies, state.variant);  // a policy of the folder may hint too
  seenHands = state.last_hand ? state.last_hand.number : 0;
  $("game").hidden = false;
  render();
  advance();
}

// One request at a time, in the order asked: a click during a bot's move waits for it.
function act(path, body) {
  queue = queue.then(async () => {
    const id = game.id;
    const state = await post(path, body);
    if (game.id !== id) return;
    game = { ...state, id };
    render();
    advance();
  }).catch((e) => toast(e.message));
  return queue;
}

// Bots move one at a time with a pause; a finished hand is laid open first.
function advance() {
  if (!game) return;
  if (game.last_hand && game.last_hand.number > seenHands) return showHandOver(game.last_hand);
  if (game.over || game.your_turn) return;
  const id = game.id;
  setTimeout(() => { if (game.id === id && !game.your_turn && !game.over) act(`/api/games/${id}/step`); }, delay());
}

function render() {
  const g = game;
  $("game").dataset.phase = g.phase;
  $("game").dataset.turn = g.your_turn ? "you" : "bot";
  $("game").dataset.over = g.over ? "1" : "0";
  renderFelt(g);
  const scores = g.sides.map((s, i) => h("li", {}, `${s}: `, h("b", {}, g.scores[i]), g.phase === "play" || g.tricks_won.some((t) => t) ? ` (${g.tricks_won[i]} tricks)` : ""));
  put($("info"), 
    h("div", { class: "title" }, `${g.variant} · hand ${g.hand_number} · dealer ${g.seats[g.dealer]}`, g.scored ? "" : h("span", { class: "tag" }, " practice, unscored")),
    h("div", {}, "Trump: ", h("b", { id: "trump" }, g.trump_label), g.maker !== null ? ` · ${g.seats[g.maker]} bid ${g.bid ?? ""}` : ""),
    g.turned ? h("div", {}, "Turned up: ", card(g.turned)) : null,
    g.barred.length ? h("div", { id: "barred" }, "Barred for the game: ", g.barred.join(", ")) : null,
    g.imposed ? h("div", { id: "imposed" }, `Only ${g.imposed} may be trump: it took the last trick of the last hand`) : null,
    g.resting !== null && g.resting !== undefined ? h("div", { id: "resting" }, `${g.seats[g.resting]} made trump last hand and only passes in this one`) : null,
    g.widow.length ? h("div", {}, "Widow: ", g.widow.map((c) => card(c))) : null,
    h("ul", { id: "scores", class: "scores" }, scores),
    h("div", { id: "bots", class: "muted" }, "Bots: ", [...new Set(Object.values(g.bots))].join(", ")),
    g.over ? h("div", { id: "game-over", class: "verdict" }, `Game over. ${g.verdict ?? ""}`) : null,
  );
  const buttons = g.choices.filter((c) => !c.card).map((c) =>
    h("button", { class: "choice", type: "button", "data-action": c.action, title: c.explain, onclick: () => act(`/api/games/${g.id}/move`, { action: c.action }) },
      h("b", {}, c.text), h("small", {}, c.explain)));
  const cardChoices = g.choices.filter((c) => c.card);
  put($("choices"), 
    g.your_turn ? h("div", { class: "prompt" }, g.playing_for !== g.me ? `You play the dummy at seat ${g.playing_for}. ` : "", cardChoices.length ? `Your move: click a card to ${cardChoices[0].text.split(" ")[0]}.` : "Your move:") : h("div", { class: "muted" }, g.over ? "" : `${g.seats[g.to_move]} to move…`),
    buttons,
  );
  $("undo").disabled = !g.can_undo;
  $("save").disabled = !g.scored;
  put($("log"), ...g.log.map((line) => h("li", {}, line)));
  put($("results"), ...g.results.map((r) => h("li", {}, r.text)));
}

function renderFelt(g) {
  const places = seatPlaces(g.players, g.me);
  const felt = $("felt");
  const parts = [];
  for (let q = 0; q < g.players; q++) {
    const p = places[q];
    const mine = q === g.me || q === g.playing_for && g.your_turn;
    const label = h("div", { class: `seat-name ${g.to_move === q ? "to-move" : ""}` }, g.seats[q], g.maker === q ? " ★" : "", g.dealer === q ? " (dealer)" : "");
    let cards;
    if (q === g.playing_for) {
      const byCard = new Map(g.choices.filter((c) => c.card).map((c) => [c.card, c]));
      cards = h("div", { id: "hand", class: "hand" }, g.hand.map((c) => {
        const choice = byCard.get(c.id);
        return card(c, choice ? { class: "playable", title: choice.explain, "data-action": choice.action, onclick: () => act(`/api/games/${g.id}/move`, { action: choice.action }) } : {});
      }));
    } else {
      cards = h("div", { class: "backs" }, Array.from({ length: g.counts[q] }, () => h("span", { class: "back" })));
    }
    parts.push(h("div", { class: `seat ${mine ? "mine" : ""}`, style: `left:${p.x}%;top:${p.y}%`, "data-seat": q }, label, cards));
  }
  const shown = g.trick.length ? g.trick : g.last_trick ? g.last_trick.cards : [];
  const center = h("div", { id: "trick", class: "trick" }, shown.map(({ seat, card: c }) => {
    const p = places[seat];
    return card(c, { class: "played", style: `left:${50 + (p.x - 50) * 0.35}%;top:${50 + (p.y - 50) * 0.35}%` });
  }));
  if (!g.trick.length && g.last_trick) center.append(h("div", { class: "trick-note" }, `last trick: ${g.seats[g.last_trick.winner]}`));
  put(felt, ...parts, center);
}

function showHandOver(s) {
  const names = game.seats;
  const body = $("hand-over-body");
  const dd = s.dd.first_lead ? h("div", { id: "dd-result" },
    h("p", {}, "Double dummy from the first lead: ", game.sides.map((n, i) => `${n} ${s.dd.first_lead[i]}`).join(", "), " tricks."),
    s.dd.mistakes.length ? h("ul", {}, s.dd.mistakes.map((m) => h("li", {}, m))) : h("p", {}, "No card lost a trick, double dummy.")) : null;
  put(body, 
    h("h2", {}, `Hand ${s.number}`),
    h("p", { id: "hand-result" }, s.result.text),
    h("table", { class: "all-hands" }, s.hands.map((cards, q) => h("tr", {}, h("th", {}, names[q]), h("td", {}, cards.map((c) => card(c)))))),
    s.kitty.length ? h("p", {}, "Kitty: ", s.kitty.map((c) => card(c))) : null,
    dd,
  );
  $("hand-over").showModal();
}

async function hint() {
  const out = await post(`/api/games/${game.id}/hint`, { bot: $("hint-bot").value });
  put($("hint-out"), hintView(out));
}

export function hintView(out) {
  return h("div", { class: "hint" },
    h("div", {}, h("b", {}, out.bot), ` would: ${out.choice_words} `, h("span", { class: "muted" }, `(${out.ms} ms)`)),
    h("div", { class: "muted" }, out.meaning),
    h("table", { class: "values" }, out.rows.map((r) => h("tr", { class: r.action === out.choice ? "best" : "" },
      h("td", {}, r.words), h("td", { class: "num" }, r.value ?? ""), h("td", { class: "muted" }, r.note)))));
}
