// Practice at a table of one person and bots (issue 30): the toolbar under the table
// (take back, show all hands, the coach switch) and the coach's warning.  table.js calls
// three hooks: practicePanel() when it draws, onPractice() for "practice" frames and
// coachFirst() before it sends an action.  The server side is pakka.server.practice.

import { el, saveSeat } from "./api.js";
import { cardEl } from "./cards.js";
import { getLanguage, t } from "./i18n.js";
import { recordMatch } from "./stats-store.js";

const P = { redealSeat: null, movedTo: null, takenOp: null, used: false, coach: false, hands: false, handsData: null, handsVersion: null, asked: null, pending: null, cleared: null, note: null, taken: null };

// Whether this table is one for practice: you are its only person, every other seat a bot.
export function isPractice(S) {
  if (!S.view || S.seat === null || S.seat === undefined || S.view.status !== "playing") return false;
  const people = S.view.seats.filter((s) => s.kind !== "bot");
  return people.length === 1 && people[0].seat === S.seat;
}

function sendAction(S, send, index) {
  send({ type: "action", action: S.msg.legal_actions[index], version: S.msg.version });
}

function handsEl(S) {
  const names = S.msg ? S.msg.present.seats : [];
  return el("div", { id: "practice-hands", "aria-label": t("web_practice_hands") },
    P.handsData.map((cards, s) => el("section", { dataset: { seat: s }, "aria-label": names[s] ? names[s].name : String(s + 1) },
      el("h3", {}, names[s] ? names[s].name : String(s + 1)),
      el("div", { class: "hand" }, cards.map((c) => cardEl(c, { small: true }))))));
}

// Deal these cards again from: your own seat (the value "") or another seat, whose hand
// and place you then play (the server moves you there; its bot takes yours).
function redealSeatEl(S) {
  const names = S.msg ? S.msg.present.seats : [];
  const seats = S.view ? S.view.seats.map((s) => s.seat).filter((s) => s !== S.seat) : [];
  if (P.redealSeat !== null && !seats.includes(P.redealSeat)) P.redealSeat = null;
  const option = (value, label) => el("option", { value, ...(String(P.redealSeat ?? "") === value ? { selected: "" } : {}) }, label);
  return el("label", { class: "redeal-seat" }, t("web_practice_redeal_from"), " ",
    el("select", { id: "redeal-seat", dataset: { action: "redeal-seat" }, onchange: (e) => { const v = e.target.value; P.redealSeat = v === "" ? null : Number(v); } },
      option("", t("web_practice_your_seat")),
      ...seats.map((s) => option(String(s), names[s] ? names[s].name : String(s + 1)))));
}

function redeal(S, send) {
  P.note = null;
  const seat = P.redealSeat;
  P.movedTo = seat === null ? null : { seat, name: S.msg && S.msg.present.seats[seat] ? S.msg.present.seats[seat].name : String(seat + 1) };
  send(seat === null ? { type: "practice", op: "redeal" } : { type: "practice", op: "redeal", seat });
}

// The practice toolbar (or null at any other table).
export function practicePanel(S, send, draw) {
  if (!isPractice(S) || !S.msg) return null;
  if (P.hands && P.handsVersion !== S.msg.version && P.asked !== S.msg.version) {
    P.asked = S.msg.version;
    send({ type: "practice", op: "hands" });
  }
  const toggle = (key, action, label) => el("button", {
    type: "button", dataset: { action }, "aria-pressed": P[key] ? "true" : "false",
    onclick: () => { P[key] = !P[key]; P.asked = null; draw(); },
  }, label);
  const note = P.note;
  return el("section", { class: "panel practice", id: "practice", "aria-label": t("web_practice"), dataset: { seat: S.seat } },
    el("h2", {}, t("web_practice")),
    el("div", { class: "row" },
      el("button", { type: "button", dataset: { action: "takeback" }, onclick: () => { P.note = null; send({ type: "practice", op: "takeback" }); } }, t("web_practice_takeback")),
      el("button", { type: "button", dataset: { action: "redeal" }, onclick: () => redeal(S, send) }, t("web_practice_redeal")),
      redealSeatEl(S),
      toggle("hands", "show-hands", t("web_practice_hands")),
      toggle("coach", "coach", t("web_practice_coach"))),
    P.pending ? el("p", { id: "coach-wait" }, t("web_practice_checking")) : null,
    note ? el("div", { id: "coach-note", role: "alert", dataset: { mark: note.mark } },
      el("p", {}, note.text),
      el("div", { class: "row" },
        el("button", { type: "button", dataset: { action: "coach-play" }, onclick: () => {
          P.note = null;
          if (S.msg && S.msg.version === note.version) { P.cleared = { index: note.index, version: note.version }; sendAction(S, send, note.index); }
          draw();
        } }, t("web_practice_play_anyway")),
        el("button", { type: "button", class: "primary", dataset: { action: "coach-cancel" }, onclick: () => { P.note = null; draw(); } }, t("web_practice_choose_again")))) : null,
    P.taken !== null ? takenEl() : null,
    P.hands && P.handsData ? handsEl(S) : null);
}

function takenEl() {
  const moved = P.takenOp === "redeal" && P.movedTo;
  const text = moved ? t("web_practice_dealt_from", { n: P.taken, name: moved.name })
    : t(P.takenOp === "redeal" ? "web_practice_dealt_again" : "web_practice_taken_back", { n: P.taken });
  return el("p", { id: "takeback-note", role: "status", dataset: { op: P.takenOp, ...(moved ? { seat: moved.seat } : {}) } }, text);
}

// After every state frame: a finished match goes into this browser's statistics
// (stats-store.js), marked as practice if any of the above was used.
export function afterState(S, m) {
  if (m.observation && m.observation.result) recordMatch(S.id, m, S.seat, P.used);
}

// A "practice" frame from the server; true when the table should be drawn again.
export function onPractice(S, m, send) {
  if (m.op !== "error") P.used = true;
  if (m.op === "takeback" || m.op === "redeal") {
    S.msgSeat = undefined;  // the next state has a lower version: take it
    S.queue = [];  // frames still waiting for the bot pace show moves that were taken back
    P.taken = m.undone;
    P.takenOp = m.op;
    if (m.op === "redeal" && typeof m.seat === "number" && m.seat !== S.seat) {
      // the server moved this person to that seat and closes this socket (4409): the
      // table connects again with the same token, and hello says the new seat
      saveSeat(S.id, m.seat, S.token);
      if (!P.movedTo || P.movedTo.seat !== m.seat) P.movedTo = { seat: m.seat, name: String(m.seat + 1) };
      P.redealSeat = null;
    } else if (m.op === "redeal") {
      P.movedTo = null;
    }
    P.note = null;
    P.handsVersion = null;
    return true;
  }
  if (m.op === "hands") { P.handsData = m.hands; P.handsVersion = m.version; return true; }
  if (m.op === "coach") {
    const pend = P.pending;
    P.pending = null;
    if (!pend || !S.msg || S.msg.version !== pend.version) return true;
    if (m.mark === "mistake") { P.note = { mark: m.mark, text: m.text, index: pend.index, version: pend.version }; return true; }
    P.cleared = pend;
    sendAction(S, send, pend.index);
    return true;
  }
  if (m.op === "error") {
    const pend = P.pending;
    P.pending = null;
    if (pend && S.msg && S.msg.version === pend.version && m.code !== "not_practice") sendAction(S, send, pend.index);
    else S.alert = m.message;
    return true;
  }
  return false;
}

// Before an action is sent: with the coach on, ask it first (true: it decides what follows).
export function coachFirst(S, send, index) {
  if (!P.coach || !isPractice(S) || !S.msg) return false;
  if (P.cleared && P.cleared.version === S.msg.version && P.cleared.index === index) return false;
  P.pending = { index, version: S.msg.version };
  P.note = null;
  send({ type: "practice", op: "coach", action: S.msg.legal_actions[index], lang: getLanguage() });
  return true;
}
