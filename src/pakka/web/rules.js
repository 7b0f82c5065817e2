// The rules of each game, rendered from docs/rules/<game>.md or <game>.fi.md on the server.

import { api, el, query } from "./api.js";
import { getLanguage, has, languageButton, setLanguage, t, translatePage } from "./i18n.js";
import { markdown } from "./markdown.js";

let games = [];
let current = query("game");
if (query("lang")) setLanguage(query("lang"));

function title(g) { return has(`game_${g.name}`) ? t(`game_${g.name}`) : g.title; }

// A link between the rules' languages ("anarchy.fi.md") opens this page in that language.
function rulesLink(href) {
  const m = href.match(/^(?:\.\/)?([a-z0-9_]+?)(\.fi)?\.md$/);
  if (!m || !games.some((g) => g.name === m[1])) return null;
  const lang = m[2] ? "fi" : "en";
  return { href: `/rules.html?game=${m[1]}&lang=${lang}`, text: t(`web_rules_in_${lang}`), lang };
}

async function show() {
  const box = document.getElementById("rules");
  const nav = document.getElementById("games");
  nav.replaceChildren(...games.map((g) => el("a", { href: `?game=${g.name}`, class: g.name === current ? "button active" : "button",
    "aria-current": g.name === current ? "page" : null,
    onclick: (e) => { e.preventDefault(); current = g.name; history.replaceState(null, "", `?game=${g.name}`); show(); } }, title(g))));
  const g = games.find((x) => x.name === current);
  if (!g) { box.replaceChildren(); return; }
  document.getElementById("title").textContent = `${t("web_rules")}: ${title(g)}`;
  if (!g.rules.length) { box.replaceChildren(el("p", {}, t("web_no_rules"))); return; }
  try {
    const r = await api(`/api/games/${g.name}/rules?lang=${getLanguage()}`);
    box.innerHTML = markdown(r.markdown, { link: rulesLink });
    for (const a of box.querySelectorAll("a[data-lang]")) {
      a.addEventListener("click", (e) => {
        e.preventDefault();
        setLanguage(a.dataset.lang);
        location.href = `/rules.html?game=${current}`;
      });
    }
  } catch { box.replaceChildren(el("p", { class: "error" }, t("web_no_rules"))); }
}

async function main() {
  document.getElementById("lang-slot").append(languageButton(show));
  translatePage();
  games = await api("/api/games");
  if (!current && games.length) current = games[0].name;
  show();
}

main();
