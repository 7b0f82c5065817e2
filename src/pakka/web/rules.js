// The rules of each game, rendered from docs/rules/<game>.md or <game>.fi.md on the server.

import { api, el, query } from "./api.js";
import { getLanguage, languageButton, t, translatePage } from "./i18n.js";
import { markdown } from "./markdown.js";

let games = [];
let current = query("game");

async function show() {
  const box = document.getElementById("rules");
  const nav = document.getElementById("games");
  nav.replaceChildren(...games.map((g) => el("a", { href: `?game=${g.name}`, class: g.name === current ? "button active" : "button",
    onclick: (e) => { e.preventDefault(); current = g.name; history.replaceState(null, "", `?game=${g.name}`); show(); } }, g.title)));
  const g = games.find((x) => x.name === current);
  if (!g) { box.replaceChildren(); return; }
  document.getElementById("title").textContent = `${t("rules")}: ${g.title}`;
  if (!g.rules.length) { box.replaceChildren(el("p", {}, t("no_rules"))); return; }
  try {
    const r = await api(`/api/games/${g.name}/rules?lang=${getLanguage()}`);
    box.innerHTML = markdown(r.markdown);
  } catch (err) { box.replaceChildren(el("p", { class: "error" }, err.message)); }
}

async function main() {
  document.getElementById("lang-slot").append(languageButton(show));
  translatePage();
  games = await api("/api/games");
  if (!current && games.length) current = games[0].name;
  show();
}

main();
