// Your statistics (stats.html): per game, matches played and won, the average score (levels
// in Guandan) a deal, mistakes a deal in the deals you reviewed, and a chart over time; all
// from this browser's own records (stats-store.js), exportable as JSON and removable.

import { el } from "./api.js";
import { languageButton, t, translatePage } from "./i18n.js";
import { deleteStats, loadStats } from "./stats-store.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function fmt(x) { return Number.isFinite(x) ? (Math.round(x * 100) / 100).toString() : "–"; }

function gameName(game) { return t(`game_${game}`); }

// One line a match (its average a deal) over time, and one a review (mistakes a deal).
function chart(game, matches, reviews) {
  const w = 480, h = 160, pad = 28;
  const box = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: "img", "aria-label": t("web_stats_chart", { game: gameName(game) }), "data-chart": game });
  const series = [
    { cls: "score", points: matches.map((m) => (m.levels !== null && m.levels !== undefined ? m.levels : m.score) / m.deals), colour: "#2a7" },
    { cls: "mistakes", points: reviews.map((r) => r.mistakes / r.deals), colour: "#c22" },
  ];
  const all = series.flatMap((s) => s.points);
  if (!all.length) return box;
  const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
  box.append(svg("line", { x1: pad, y1: h - pad, x2: w - 4, y2: h - pad, stroke: "#888" }));
  box.append(svg("line", { x1: pad, y1: 4, x2: pad, y2: h - pad, stroke: "#888" }));
  for (const s of series) {
    if (!s.points.length) continue;
    const n = s.points.length;
    const xy = s.points.map((v, i) => [pad + (n === 1 ? 0 : (i * (w - pad - 8)) / (n - 1)), h - pad - ((v - lo) / (hi - lo)) * (h - pad - 8)]);
    box.append(svg("polyline", { points: xy.map((p) => p.join(",")).join(" "), fill: "none", stroke: s.colour, "stroke-width": 2, "data-series": s.cls }));
    for (const [x, y] of xy) box.append(svg("circle", { cx: x, cy: y, r: 3, fill: s.colour, "data-series": s.cls }));
  }
  return box;
}

function gameSection(game, data) {
  const matches = data.matches.filter((m) => m.game === game);
  const reviews = data.reviews.filter((r) => r.game === game);
  const won = matches.filter((m) => m.won).length;
  const deals = matches.reduce((a, m) => a + m.deals, 0);
  const guandan = matches.some((m) => m.levels !== null && m.levels !== undefined);
  const total = matches.reduce((a, m) => a + (guandan ? (m.levels || 0) : m.score), 0);
  const rDeals = reviews.reduce((a, r) => a + r.deals, 0);
  const mistakes = reviews.reduce((a, r) => a + r.mistakes, 0);
  const row = (key, value, name) => el("tr", { dataset: { stat: name } }, el("th", {}, t(key)), el("td", {}, value));
  return el("section", { class: "panel", dataset: { game }, "aria-label": gameName(game) },
    el("h2", {}, gameName(game)),
    el("table", { class: "stats" },
      row("web_stats_played", String(matches.length), "played"),
      row("web_stats_won", String(won), "won"),
      row(guandan ? "web_stats_levels" : "web_stats_score", deals ? fmt(total / deals) : "–", "average"),
      row("web_stats_mistakes", rDeals ? fmt(mistakes / rDeals) : "–", "mistakes"),
      row("web_stats_reviewed", String(rDeals), "reviewed")),
    chart(game, matches, reviews));
}

function exportJson(data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `pakka-stats-${data.profile.slice(0, 8)}.json` });
  document.body.append(a);
  a.click();
  a.remove();
}

function draw() {
  const data = loadStats();
  const games = [...new Set([...data.matches, ...data.reviews].map((x) => x.game))].sort();
  const main = document.getElementById("stats");
  main.replaceChildren(...[
    el("p", { class: "review-note" }, t("web_stats_note")),
    el("p", { id: "profile", dataset: { profile: data.profile } }, t("web_stats_profile", { key: data.profile })),
    el("div", { class: "row" },
      el("button", { type: "button", dataset: { action: "export" }, onclick: () => exportJson(loadStats()) }, t("web_stats_export")),
      el("button", { type: "button", dataset: { action: "delete" }, onclick: () => {
        if (window.confirm(t("web_stats_delete_confirm"))) { deleteStats(); draw(); }
      } }, t("web_stats_delete"))),
    games.length ? null : el("p", { id: "no-stats" }, t("web_stats_none")),
    ...games.map((g) => gameSection(g, data)),
  ].filter(Boolean));  // (replaceChildren would write a null as "null")
}

document.getElementById("lang-slot").append(languageButton(() => { translatePage(); draw(); }));
translatePage();
draw();
