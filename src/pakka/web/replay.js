// The replay viewer: step through a finished match's action log with server-side replays.

import { api, el, query } from "./api.js";
import { cardsEl, prettyText } from "./cards.js";
import { languageButton, t, translatePage } from "./i18n.js";
import { historyList, ring, scoreSheet, seatName, statusLine, tableDetails } from "./render.js";

const R = { id: query("id"), match: Number(query("match") || 1), step: 0, steps: 0, seat: null, view: null, frame: null, error: null };

async function load(step) {
  const q = new URLSearchParams({ step: String(Math.max(0, step)) });
  if (R.seat !== null) q.set("seat", String(R.seat));
  try {
    R.frame = await api(`/api/tables/${R.id}/matches/${R.match}/replay?${q}`);
    R.step = R.frame.step;
    R.steps = R.frame.steps;
    R.error = null;
  } catch (err) { R.error = err.message; }
  draw();
}

function controls() {
  const n = R.view ? R.view.players : 0;
  const seatSel = el("select", { id: "view-as", onchange: (e) => { R.seat = e.target.value === "" ? null : Number(e.target.value); load(R.step); } },
    el("option", { value: "" }, t("spectator")),
    [...Array(n).keys()].map((s) => el("option", { value: s, selected: R.seat === s ? true : null }, seatName(R.view, s, null))));
  const slider = el("input", { type: "range", min: 0, max: R.steps, value: R.step, id: "step-slider", onchange: (e) => load(Number(e.target.value)) });
  return [
    el("button", { type: "button", onclick: () => load(0) }, t("first")),
    el("button", { type: "button", id: "prev", onclick: () => load(R.step - 1) }, t("prev")),
    el("span", { id: "step-label" }, t("step", { n: R.step, total: R.steps })),
    el("button", { type: "button", id: "next", onclick: () => load(R.step + 1) }, t("next")),
    el("button", { type: "button", onclick: () => load(R.steps) }, t("last")),
    slider,
    el("label", {}, t("view_as"), " ", seatSel),
  ];
}

function draw() {
  document.getElementById("controls").replaceChildren(...controls());
  const box = document.getElementById("frame");
  if (R.error) { box.replaceChildren(el("p", { class: "error" }, R.error)); return; }
  if (!R.frame) return;
  const obs = R.frame.observation;
  if (R.view) document.getElementById("title").textContent = t("replay_of", { title: R.view.title, n: R.match });
  const last = R.frame.action
    ? el("p", { class: "last-action" }, `${seatName(R.view, R.frame.actor, null)}: `,
      Array.isArray(R.frame.action.cards) && R.frame.action.cards.length ? cardsEl(R.frame.action.cards, { small: true }) : prettyText(Object.values(R.frame.action).slice(1).join(" ") || R.frame.action.type))
    : null;
  const { details } = tableDetails(obs);
  box.replaceChildren(...[
    statusLine(obs, R.view, R.seat), last, ring(obs, R.view, R.seat),
    obs.hand ? el("div", { class: "hand" }, cardsEl(obs.hand)) : null,
    el("div", { class: "panels" },
      el("section", { class: "panel wide" }, el("h3", {}, t("scores")), scoreSheet(obs, R.view, R.seat)),
      el("section", { class: "panel" }, el("h3", {}, t("table")), details),
      (obs.history || []).length ? el("section", { class: "panel" }, el("h3", {}, t("history")), historyList(obs, R.view, R.seat)) : null),
  ].filter(Boolean));
}

async function main() {
  document.getElementById("lang-slot").append(languageButton(draw));
  translatePage();
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") load(R.step + 1);
    if (e.key === "ArrowLeft") load(R.step - 1);
  });
  try {
    R.view = await api(`/api/tables/${R.id}`);
    // a replay shows the match, not who is online now
    for (const seat of R.view.seats) { seat.connected = true; seat.away = false; }
  } catch (err) { R.error = err.message; }
  load(0);
}

main();
