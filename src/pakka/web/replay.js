// @ts-check
// The replay viewer: step through a finished match with the server's replays, each step in
// words (the presentation, as at the table).  It opens as your own seat (or the first
// seat), so hands are shown; "View as" changes the seat.

import { api, el, loadSeat, query } from "./api.js";
import { cardEl, cardsEl } from "./cards.js";
import { getLanguage, languageButton, t, translatePage } from "./i18n.js";
import { reviewLink } from "./review-link.js";
import { seatScore, seatSlots, summaryTable } from "./table-parts.js";

const R = { id: query("id"), match: Number(query("match") || 1), step: 0, steps: 0, seat: 0, view: null, meta: null, frame: null, error: null };

async function load(step) {
  const q = new URLSearchParams({ step: String(Math.max(0, step)), lang: getLanguage() });
  if (R.seat !== null) q.set("seat", String(R.seat));
  try {
    R.frame = await api(`/api/tables/${R.id}/matches/${R.match}/replay?${q}`);
    R.step = R.frame.step;
    R.steps = R.frame.steps;
    R.error = null;
  } catch { R.error = t("web_error_replay"); }
  draw();
}

function seatName(s) {
  const p = R.frame && R.frame.present;
  return p && p.seats[s] ? p.seats[s].name : t("player_n", { n: s + 1 });
}

function controls() {
  const n = R.view ? R.view.players : 0;
  const seatSel = el("select", { id: "view-as", onchange: (e) => { R.seat = e.target.value === "" ? null : Number(e.target.value); load(R.step); } },
    el("option", { value: "" }, t("web_spectator")),
    [...Array(n).keys()].map((s) => el("option", { value: s, selected: R.seat === s ? true : null }, R.view && R.view.seats[s] && R.view.seats[s].name ? R.view.seats[s].name : t("player_n", { n: s + 1 }))));
  const slider = el("input", { type: "range", min: 0, max: R.steps, value: R.step, id: "step-slider", "aria-label": t("web_step", { n: R.step, total: R.steps }), onchange: (e) => load(Number(e.target.value)) });
  return [
    el("button", { type: "button", "aria-label": t("web_first"), onclick: () => load(0) }, "|◀"),
    el("button", { type: "button", id: "prev", "aria-label": t("web_prev"), onclick: () => load(R.step - 1) }, "◀"),
    el("span", { id: "step-label" }, t("web_step", { n: R.step, total: R.steps })),
    el("button", { type: "button", id: "next", "aria-label": t("web_next"), onclick: () => load(R.step + 1) }, "▶"),
    el("button", { type: "button", "aria-label": t("web_last"), onclick: () => load(R.steps) }, "▶|"),
    slider,
    el("label", {}, t("web_view_as"), " ", seatSel),
    reviewLink(R.id, R.match, R.seat ?? 0, true),
  ];
}

function draw() {
  document.getElementById("controls").replaceChildren(...controls());
  const box = document.getElementById("frame");
  if (R.error) { box.replaceChildren(el("p", { class: "error" }, R.error)); return; }
  if (!R.frame || !R.frame.present) return;
  const p = R.frame.present;
  document.getElementById("title").textContent = t("web_replay_of", { title: p.title, n: R.match });
  const n = p.seats.length;
  const me = R.seat === null ? 0 : R.seat;
  const slots = seatSlots(n, R.meta ? R.meta.seat_direction : "clockwise");
  const slotOf = new Map();
  for (let k = 0; k < n; k++) slotOf.set((me + k) % n, slots[k]);
  const felt = el("div", { class: `felt n${n}` });
  for (const s of p.seats) {
    felt.append(el("section", { class: `seat slot-${slotOf.get(s.seat)}${s.to_act ? " to-act" : ""}`, dataset: { seat: s.seat } },
      el("div", { class: "seat-head" }, el("span", { class: "seat-name" }, s.name), typeof s.cards === "number" ? el("span", { class: "backs" }, el("span", { class: "back", "aria-hidden": "true" }), String(s.cards)) : null),
      s.score ? el("div", { class: "seat-score" }, seatScore(s.score)) : null,
      el("div", { class: "badges" }, s.badges.map((b) => el("span", { class: `badge tone-${b.tone}` }, b.text, b.cards.length ? cardsEl(b.cards, { text: true }) : null)))));
  }
  const trick = p.won || p.trick;
  const region = el("div", { class: "trick", dataset: { region: "trick" } });
  if (trick) {
    for (const pl of trick.plays) {
      region.append(el("div", { class: `play slot-${pl.seat === null ? "center" : slotOf.get(pl.seat)}${trick.finished && pl.winner ? " winner" : ""}` },
        el("span", { class: "cards" }, pl.cards.map((c) => { const e = cardEl(c); if (trick.finished && pl.winner) e.dataset.winner = "true"; return e; })),
        el("span", { class: "who" }, pl.label, pl.note ? ` · ${pl.note}` : "")));
    }
  }
  felt.append(el("div", { class: "middle" }, region, trick && trick.caption ? el("p", { class: "caption" }, trick.caption) : null));
  const last = R.frame.actor !== null && R.frame.actor !== undefined
    ? el("p", { class: "last-action", id: "last-action" }, p.sentences.length ? p.sentences.join(" ") : seatName(R.frame.actor))
    : null;
  box.replaceChildren(...[
    el("div", { class: "status" }, el("span", {}, p.status), el("strong", {}, p.prompt)),
    last,
    p.facts.length ? el("dl", { class: "facts" }, p.facts.map((f) => el("div", { class: `fact tone-${f.tone}` }, el("dt", {}, f.label), el("dd", {}, f.cards.length && f.kind === "trump" ? cardsEl(f.cards) : null, " ", f.text)))) : null,
    felt,
    p.hand.length ? el("div", { class: "hand", "aria-label": t("web_hand") }, p.hand.map((c) => cardEl(c))) : null,
    p.deal_summary ? el("section", { class: "panel" }, el("h2", {}, p.deal_summary.title), summaryTable(p.deal_summary), el("ul", {}, p.deal_summary.lines.map((x) => el("li", {}, x)))) : null,
    p.sheet ? el("section", { class: "panel" }, el("h2", {}, p.sheet.title), summaryTable(p.sheet)) : null,
  ].filter(Boolean));
}

async function main() {
  document.getElementById("lang-slot").append(languageButton(() => load(R.step)));
  translatePage();
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "ArrowRight") load(R.step + 1);
    if (e.key === "ArrowLeft") load(R.step - 1);
  });
  const mine = loadSeat(R.id);
  if (mine && typeof mine.seat === "number") R.seat = mine.seat;
  try {
    R.view = await api(`/api/tables/${R.id}`);
    R.meta = await api(`/api/games/${encodeURIComponent(R.view.game)}`);
    const listed = await api(`/api/tables/${R.id}/matches?after=${R.match - 1}&limit=1`);
    if (listed.length && listed[0].result && listed[0].result.practice) {
      document.querySelector("header.top h1").after(el("span", { id: "practice-mark", class: "badge", dataset: { practice: "true" } }, t("web_practice_marked")));
    }
  } catch { R.error = t("web_error_replay"); }
  load(0);
}

main();
