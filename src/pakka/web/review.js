// The review page: a finished match (or one scored deal) with every hand shown, stepped
// through with a slider and the arrow keys; each decision of the reviewed seat with the
// search bot's ranking of its alternatives, their values, marks and the reason, and the
// summary at the top.  The server computes the review in the background
// (POST/GET /api/tables/{id}/matches/{n}/review); the page shows the decisions as they come.

import { api, el, loadSeat, query } from "./api.js";
import { cardEl, cardsEl } from "./cards.js";
import { getLanguage, languageButton, t, translatePage } from "./i18n.js";
import { recordReview } from "./stats-store.js";

const deal0 = query("deal");
const R = {
  id: query("id"), match: Number(query("match") || 1), seat: 0,
  deal: deal0 === "last" ? -1 : (deal0 ? Number(deal0) : null),
  step: 0, review: null, frame: null, view: null, error: null, polling: false,
};

function reviewQuery(extra = {}) {
  const q = new URLSearchParams({ seat: String(R.seat), ...extra });
  if (R.deal !== null) q.set("deal", String(R.deal));
  return q;
}

const base = () => `/api/tables/${R.id}/matches/${R.match}/review`;

async function start() {
  R.review = null;
  R.error = null;
  drawSide();
  try {
    R.review = await api(`${base()}?${reviewQuery()}`, { method: "POST" });
    if (R.review.deal !== null && R.review.deal !== undefined) R.deal = R.review.deal;
  } catch (e) { R.error = e.message || t("web_review_failed"); drawSide(); return; }
  const first = R.review.decisions.length ? R.review.decisions[0].step : R.review.first_step;
  await load(first);
  poll();
}

async function poll() {
  if (R.polling) return;
  R.polling = true;
  while (R.review && R.review.status === "running") {
    await new Promise((r) => setTimeout(r, 600));
    try { R.review = await api(`${base()}?${reviewQuery()}`); } catch (e) { R.error = e.message; break; }
    drawSide();
    if (decisionAt(R.step) && !document.querySelector("#alternatives")) draw();
  }
  R.polling = false;
  const mine = loadSeat(R.id);
  if (R.review && mine && mine.seat === R.seat) recordReview(R.id, R.review);  // your own play
  drawSide();
  draw();
}

async function load(step) {
  if (!R.review) return;
  const lo = R.review.first_step, hi = R.review.last_step;
  step = Math.max(lo, Math.min(hi, step));
  try {
    R.frame = await api(`${base()}/step?${reviewQuery({ step: String(step), lang: getLanguage() })}`);
    R.step = R.frame.step;
    R.error = null;
  } catch (e) { R.error = e.message || t("web_error_replay"); }
  draw();
}

// replaceChildren() would write a null as the text "null".
function put(box, ...children) { box.replaceChildren(...children.filter((c) => c !== null && c !== undefined)); }

function decisionAt(step) {
  return R.review ? R.review.decisions.find((d) => d.step === step) || null : null;
}

function words(d) { return d.words[getLanguage()] || d.words.en; }

function seatName(s) {
  const p = R.frame && R.frame.present;
  if (p && p.seats[s]) return p.seats[s].name;
  const v = R.view && R.view.seats && R.view.seats[s];
  return v && v.name ? v.name : t("player_n", { n: s + 1 });
}

function decisionSteps() { return R.review ? R.review.decisions.map((d) => d.step) : []; }

function gotoDecision(dir) {
  const steps = decisionSteps();
  const target = dir > 0 ? steps.find((s) => s > R.step) : [...steps].reverse().find((s) => s < R.step);
  if (target !== undefined) load(target);
}

function controls() {
  if (!R.review) return [];
  const lo = R.review.first_step, hi = R.review.last_step;
  const n = R.view ? R.view.players : 0;
  const label = t("web_step", { n: R.step - lo, total: hi - lo });
  const seatSel = el("select", { id: "review-seat", onchange: (e) => { R.seat = Number(e.target.value); start(); } },
    [...Array(n).keys()].map((s) => el("option", { value: s, selected: R.seat === s ? true : null }, seatName(s))));
  return [
    el("button", { type: "button", dataset: { action: "first" }, "aria-label": t("web_first"), onclick: () => load(lo) }, "|◀"),
    el("button", { type: "button", dataset: { action: "prev-decision" }, "aria-label": t("web_review_prev_decision"), onclick: () => gotoDecision(-1) }, "◀◀"),
    el("button", { type: "button", dataset: { action: "prev" }, "aria-label": t("web_prev"), onclick: () => load(R.step - 1) }, "◀"),
    el("span", { id: "step-label" }, label),
    el("button", { type: "button", dataset: { action: "next" }, "aria-label": t("web_next"), onclick: () => load(R.step + 1) }, "▶"),
    el("button", { type: "button", dataset: { action: "next-decision" }, "aria-label": t("web_review_next_decision"), onclick: () => gotoDecision(1) }, "▶▶"),
    el("button", { type: "button", dataset: { action: "last" }, "aria-label": t("web_last"), onclick: () => load(hi) }, "▶|"),
    el("input", { type: "range", min: lo, max: hi, value: R.step, id: "step-slider", "aria-label": label, "aria-valuetext": label, onchange: (e) => load(Number(e.target.value)) }),
    el("label", {}, t("web_review_as"), " ", seatSel),
    el("span", { class: "review-note" }, t("web_review_keys")),
  ];
}

function drawSummary() {
  const box = document.getElementById("review-summary");
  document.body.dataset.status = R.error ? "failed" : (R.review ? R.review.status : "loading");
  if (R.error) { box.replaceChildren(el("p", { class: "error", role: "alert" }, R.error)); return; }
  if (!R.review) { box.replaceChildren(el("p", {}, t("web_review_starting"))); return; }
  const r = R.review;
  const total = r.total === null ? 0 : r.total;
  const line = r.summary[getLanguage()] || r.summary.en || "";
  put(box,
    r.practice ? el("p", { id: "practice-mark", class: "badge", dataset: { practice: "true" } }, t("web_practice_marked")) : null,
    el("p", { class: "summary-line", id: "summary-line", dataset: { mistakes: r.mistakes, inaccuracies: r.inaccuracies } }, line),
    r.status === "running"
      ? el("p", { id: "progress-line" }, el("progress", { id: "progress", max: Math.max(1, total), value: r.done, "aria-label": t("web_review_progress", { done: r.done, total }) }), " ", t("web_review_progress", { done: r.done, total }))
      : null,
    r.status === "failed" ? el("p", { class: "error", role: "alert" }, t("web_review_failed"), " ", r.error || "") : null,
    r.worlds ? el("p", { class: "review-note" }, t("web_review_worlds", { worlds: r.worlds })) : null,
  );
}

function markEl(mark) {
  return mark ? el("span", { class: `mark mark-${mark}`, dataset: { mark } }, t(`review_mark_${mark}`)) : null;
}

function drawDecision() {
  const box = document.getElementById("decision");
  const d = decisionAt(R.step);
  if (!d) {
    const next = R.frame && R.frame.next;
    box.dataset.mark = "none";
    put(box,
      el("p", { id: "verdict" }, next && next.seat !== R.seat ? t("web_review_not_decision", { name: seatName(R.seat) }) : ""),
      next ? el("p", { class: "review-note" }, t("web_review_next_move", { name: seatName(next.seat) })) : null);
    return;
  }
  const w = words(d);
  box.dataset.mark = d.mark || "none";
  put(box,
    el("h2", {}, w.where, " ", markEl(d.mark)),
    el("p", { id: "verdict" }, w.verdict),
    w.reason ? el("p", { id: "reason" }, w.reason) : null,
    d.legal > 1
      ? el("table", { id: "alternatives", "aria-label": t("web_review_ranking") },
        el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, t("web_review_move")), el("th", {}, t("web_review_value")))),
        el("tbody", {}, d.alternatives.map((a, i) => {
          const played = JSON.stringify(a.action) === JSON.stringify(d.played);
          return el("tr", { dataset: { alternative: i, preferred: i === 0 ? "true" : "false", played: played ? "true" : "false" } },
            el("td", {}, String(i + 1)),
            el("td", {}, w.labels[i], played ? ` (${t("web_review_played")})` : "", i === 0 ? ` (${t("web_review_preferred")})` : ""),
            el("td", {}, w.values[i]));
        })))
      : null);
}

function drawList() {
  const box = document.getElementById("decisions-box");
  if (!R.review) { box.replaceChildren(); return; }
  box.replaceChildren(
    el("h2", {}, t("web_review_decisions")),
    el("ol", { id: "decisions" }, R.review.decisions.map((d) => {
      const w = words(d);
      return el("li", { dataset: { decisionStep: d.step, mark: d.mark || "none" }, "aria-current": d.step === R.step ? "true" : null },
        el("button", { type: "button", dataset: { action: "goto" }, onclick: () => load(d.step) },
          w.where, ": ", w.verdict, " ", markEl(d.mark)));
    })));
}

function drawSide() { drawSummary(); drawDecision(); drawList(); }

function draw() {
  document.getElementById("controls").replaceChildren(...controls());
  drawSide();
  const box = document.getElementById("frame");
  if (!R.frame || !R.frame.present) { box.replaceChildren(); return; }
  const p = R.frame.present;
  const title = R.deal && R.deal > 0 ? t("web_review_of_deal", { title: p.title, n: R.match, deal: R.deal }) : t("web_review_of", { title: p.title, n: R.match });
  document.getElementById("title").textContent = title;
  document.title = `pakka — ${title}`;
  const next = R.frame.next;
  const nextCards = next && next.action && Array.isArray(next.action.cards) ? next.action.cards : [];
  const hands = el("div", { class: "review-hands", id: "hands", "aria-label": t("web_review_hands") },
    R.frame.hands.map((cards, s) => el("section", {
      dataset: { seat: s, reviewed: s === R.seat ? "true" : "false" },
      "aria-label": seatName(s), "aria-current": next && next.seat === s ? "true" : null,
    },
    el("h3", {}, seatName(s), p.seats[s] && p.seats[s].score ? ` · ${p.seats[s].score}` : ""),
    el("div", { class: "hand" }, cards.map((c) => {
      const e = cardEl(c);
      if (next && next.seat === s && nextCards.includes(c)) e.dataset.next = "true";
      return e;
    })))));
  const trick = p.won || p.trick;
  const region = el("div", { class: "trick", dataset: { region: "trick" } });
  if (trick) {
    for (const pl of trick.plays) {
      region.append(el("div", { class: "play" },
        el("span", { class: "cards" }, pl.cards.map((c) => { const e = cardEl(c); if (pl.seat !== null && pl.seat !== undefined) e.dataset.seat = pl.seat; return e; })),
        el("span", { class: "who" }, pl.label)));
    }
  }
  box.replaceChildren(...[
    el("div", { class: "status" }, el("span", {}, p.status)),
    p.sentences.length ? el("p", { class: "last-action", id: "last-action" }, p.sentences.join(" ")) : null,
    p.facts.length ? el("dl", { class: "facts" }, p.facts.map((f) => el("div", { class: `fact tone-${f.tone}`, dataset: { fact: f.kind } }, el("dt", {}, f.label), el("dd", {}, f.cards.length ? cardsEl(f.cards, { small: true }) : null, " ", f.text)))) : null,
    region,
    hands,
  ].filter(Boolean));
}

async function main() {
  document.getElementById("lang-slot").append(languageButton(() => load(R.step)));
  translatePage();
  document.addEventListener("keydown", (e) => {
    const tag = e.target instanceof HTMLElement ? e.target.tagName : "";
    if (tag === "INPUT" || tag === "SELECT") return;
    if (e.key === "ArrowRight") { e.preventDefault(); if (e.shiftKey) gotoDecision(1); else load(R.step + 1); }
    if (e.key === "ArrowLeft") { e.preventDefault(); if (e.shiftKey) gotoDecision(-1); else load(R.step - 1); }
  });
  const asked = query("seat");
  const mine = loadSeat(R.id);
  if (asked !== null) R.seat = Number(asked);
  else if (mine && typeof mine.seat === "number") R.seat = mine.seat;
  try {
    R.view = await api(`/api/tables/${R.id}`);
  } catch { R.error = t("web_error_replay"); drawSide(); return; }
  start();
}

main();
