// The JSON API of the server, and the few helpers every page uses.

export function toast(message) {
  const el = document.getElementById("toast");
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 6000);
}

async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok) {
    const error = new Error(data.error || `${response.status}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

export const get = (path) => call("GET", path);
export const post = (path, body = {}) => call("POST", path, body);

// h("div", {class: "x", onclick: f}, child, "text", ...): an element.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// A card: its label with the suit symbol, red suits red, trumps marked.
export function card(c, extra = {}) {
  const classes = ["card", c.red ? "red" : "black", c.trump ? "trump" : "", extra.class || ""].join(" ").trim();
  return h("span", { ...extra, class: classes, "data-card": c.id }, c.label);
}

export function fill(select, items, value = (x) => x, label = (x) => x) {
  select.replaceChildren(...items.map((x) => h("option", { value: value(x) }, label(x))));
}

// The bots offered for a variant, by its name: the built-ins, the served folder's policies
// trained on it, and those trained on `parent`, played on other rules on purpose (:foreign).
// The server checks each properly.
export const BOTS = ["greedy", "random", "mc", "pimc"];
export function fillBots(select, policies, variant, parent = null) {
  const kept = select.value;
  const learned = (name, end) => (policies || []).filter((p) => p.variant === name).map((p) => `learned:${p.path}${end}`);
  fill(select, [...BOTS, ...learned(variant, ""), ...(parent && parent !== variant ? learned(parent, ":foreign") : [])]);
  if ([...select.options].some((o) => o.value === kept)) select.value = kept;
}

// A picked bot written in the bots box; a learned bot that no longer fits taken out of it.
export function pickBots(select, input) {
  select.addEventListener("change", () => { input.value = select.value; });
  return () => {
    const offered = [...select.options].map((o) => o.value);
    if (input.value.includes("learned:") && !input.value.split(",").every((b) => offered.includes(b.trim()))) input.value = select.value;
  };
}

// Where the seats sit round an oval table, the person's at the bottom.
export function seatPlaces(players, me) {
  const out = [];
  for (let i = 0; i < players; i++) {
    const k = (i - me + players) % players;
    const angle = Math.PI / 2 + (2 * Math.PI * k) / players;
    out[i] = { x: 50 + 40 * Math.cos(angle), y: 50 + 38 * Math.sin(angle) };
  }
  return out;
}

// Replace an element's children: arrays flattened, null and false left out.
export function put(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))));
}
