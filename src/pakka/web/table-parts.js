// @ts-check
// Pieces of the table shared by the table page and the replay viewer: where the seats sit,
// a summary as a table, the match chart as inline SVG.

import { el } from "./api.js";
import { has, t } from "./i18n.js";

import { tieOffsets } from "./layout.js";

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

// The running totals of each seat after each deal, as lines (no library: plain SVG); after
// a single deal, as bars (dots at one x said little, and tied seats shared one).
export function chartEl(series, mySeat, title) {
  const n = Math.max(...series.map((s) => s.values.length));
  const legend = el("ul", { class: "legend" }, series.map((s, k) => el("li", {}, el("span", { class: `swatch c${k % 8}`, "aria-hidden": "true" }), s.name, ` ${formatNumber(s.values[s.values.length - 1])}`)));
  if (n <= 1) return el("figure", { class: "chart-box" }, barsEl(series, mySeat, title), el("figcaption", {}, title), legend);
  const W = 520, H = 220, L = 40, R = 10, T = 10, B = 28;
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
  // tied seats are drawn side by side (one line over another hid a seat)
  const off = tieOffsets(series.map((s) => s.values));
  series.forEach((s, k) => {
    const pts = s.values.map((v, i) => `${x(i) + off[k][i]},${y(v) + off[k][i]}`).join(" ");
    const mine = s.seat === mySeat;
    g.append(svg("polyline", { points: pts, class: `series c${k % 8}${mine ? " mine" : ""}`, fill: "none" }));
    s.values.forEach((v, i) => {
      const dot = svg("circle", { cx: x(i) + off[k][i], cy: y(v) + off[k][i], r: mine ? 3.5 : 2.5, class: `dot c${k % 8}`, "data-series": s.seat, "data-value": formatNumber(v) });
      dot.append(svg("title", {}, document.createTextNode(`${s.name}: ${formatNumber(v)}`)));
      g.append(dot);
    });
  });
  return el("figure", { class: "chart-box" }, g, el("figcaption", {}, title), legend);
}

// Each seat's total as a bar from zero, its name before it and its figure after it:
// `rect[data-series=<seat>][data-value]` and `text.value`.
function barsEl(series, mySeat, title) {
  const W = 520, L = 110, R = 44, T = 6, ROW = 26, BAR = 16;
  const H = T * 2 + ROW * series.length;
  const all = series.map((s) => s.values[s.values.length - 1] || 0);
  const lo = Math.min(0, ...all);
  let hi = Math.max(0, ...all);
  if (hi === lo) hi = lo + 1;
  const x = (v) => L + ((v - lo) * (W - L - R)) / (hi - lo);
  const g = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart bars", role: "img", "aria-label": title });
  g.append(svg("title", {}, document.createTextNode(title)));
  series.forEach((s, k) => {
    const v = all[k];
    const y = T + k * ROW;
    const mine = s.seat === mySeat;
    const name = svg("text", { x: L - 8, y: y + BAR - 3, "text-anchor": "end", class: `name${mine ? " mine" : ""}` });
    name.textContent = s.name;
    const left = Math.min(x(0), x(v));
    g.append(name, svg("rect", { x: left, y, width: Math.abs(x(v) - x(0)), height: BAR, rx: 2, class: `bar c${k % 8}${mine ? " mine" : ""}`, "data-series": s.seat, "data-value": formatNumber(v) }));
    const value = svg("text", { x: Math.max(x(0), x(v)) + 6, y: y + BAR - 3, class: "value" });
    value.textContent = formatNumber(v);
    g.append(value);
  });
  g.append(svg("line", { x1: x(0), x2: x(0), y1: T - 3, y2: H - T + 3, class: "axis" }));
  return g;
}

function formatNumber(v) {
  return v === undefined ? "" : String(Math.round(v * 100) / 100);
}

// A seat's score as the table shows it: a bare figure is the match total, said so (a badge
// may show this deal's points beside it); anything else is the presenter's own words.
/** @param {string} score @returns {string} */
export function seatScore(score) {
  if (!/^-?\d+(\.\d+)?$/.test(score)) return score;
  return t(Math.abs(Number(score)) === 1 ? "web_points_total_one" : "web_points_total", { n: score });
}
