// The page: three tabs over one server, the lists of the served folder's files (ctx.files).
import { get, fill, toast } from "./api.js";
import * as play from "./play.js";
import * as review from "./review.js";
import * as lab from "./lab.js";

export async function refreshFiles() {
  const files = await get("/api/files");
  ctx.files = files;
  document.getElementById("folder").textContent = files.folder;
  const names = [...files.builtins.map((b) => b.name), ...files.variants.map((v) => v.path)];
  fill(document.getElementById("play-variant"), names);
  fill(document.getElementById("play-resume"), files.records.map((r) => r.path));
  fill(document.getElementById("review-file"), files.records.map((r) => r.path));
  fill(document.getElementById("lab-builtin"), files.builtins.map((b) => b.name));
  fill(document.getElementById("lab-file"), files.variants.map((v) => v.path));
  play.offerBots();
  return files;
}

export function showTab(name) {
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.tab === name);
  for (const page of document.querySelectorAll(".page")) page.classList.toggle("active", page.id === name);
}

window.addEventListener("unhandledrejection", (event) => toast(event.reason?.message || String(event.reason)));
for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => showTab(tab.dataset.tab));
const ctx = { refreshFiles, showTab, files: null };
play.setup(ctx);
review.setup(ctx);
lab.setup(ctx);
refreshFiles().then(() => { document.body.dataset.ready = "1"; });
