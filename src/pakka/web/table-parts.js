// @ts-check
// Pieces of the table shared by the table page and the replay viewer: where the seats sit,
// a summary as a table, the match chart as inline SVG.

import { el } from "./api.js";
import { has, t } from "./i18n.js";

export { seatSlots } from "./layout.js";

// The Play button's words for the phase's commit (by action type: play, pass_cards, bid…).
export function commitLabel(type) {
  return type && has(`web_commit_${type}`) ? t(`web_commit_${type}`) : t("web_commit");
}

// A Summary (deal, match or the running sheet) as a table: rows × columns.
export function summaryTable(s) {
  return el("div", { class: "scroll" }, el("table", { class: "sheet" },
    el("thead", {}, el("tr", {}, el("td", {}), s.columns.map((c) => el("th", { scope: "col" }, c)))),
    el("tbody", {}, s.rows.map((r) => el("tr", {}, el("th", { scope: "row" }, r.label), r.cells.map((c) => el("td", {}, c)))))));
}

const NS = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const c of children) if (c) e.append(c);
  return e;
}

// The running totals of each seat after each deal, as lines (no library: plain SVG).
export function chartEl(series, mySeat, title) {
  const W = 520, H = 220, L = 40, R = 10, T = 10, B = 28;
  const n = Math.max(...series.map((s) => s.values.length));
  const all = series.flatMap((s) => s.values);
  const lo = Math.min(0, ...all);
  let hi = Math.max(0, ...all);
  if (hi === lo) hi = lo + 1;
  const x = (i) => L + (n <= 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (n - 1));
  const y = (v) => T + ((hi - v) * (H - T - B)) / (hi - lo);
  const g = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": title });
  g.append(svg("title", {}, document.createTextNode(title)));
  g.append(svg("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" }));
  for (const v of [lo, hi]) {
    const label = svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end", class: "tick" });
    label.textContent = String(Math.round(v));
    g.append(label);
  }
  for (let i = 0; i < n; i++) {
    const label = svg("text", { x: x(i), y: H - 8, "text-anchor": "middle", class: "tick" });
    label.textContent = String(i + 1);
    g.append(label);
  }
  series.forEach((s, k) => {
    const pts = s.values.map((v, i) => `${x(i)},${y(v)}`).join(" ");
    const mine = s.seat === mySeat;
    g.append(svg("polyline", { points: pts, class: `series c${k % 8}${mine ? " mine" : ""}`, fill: "none" }));
    s.values.forEach((v, i) => g.append(svg("circle", { cx: x(i), cy: y(v), r: mine ? 3.5 : 2.5, class: `dot c${k % 8}` })));
  });
  const legend = el("ul", { class: "legend" }, series.map((s, k) => el("li", {}, el("span", { class: `swatch c${k % 8}`, "aria-hidden": "true" }), s.name, ` ${formatNumber(s.values[s.values.length - 1])}`)));
  return el("figure", { class: "chart-box" }, g, el("figcaption", {}, title), legend);
}

function formatNumber(v) {
  return v === undefined ? "" : String(Math.round(v * 100) / 100);
}
