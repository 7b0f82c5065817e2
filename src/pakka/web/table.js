// @ts-check
// The table page: one WebSocket; everything shown comes from the presentation each state
// frame carries (`present`, in the person's language) and from GET /api/games/{game}.
// There is no game-specific code here: seats, badges, facts, the trick, the hand's order,
// the labels of the legal actions and the summaries are the server's words.
// The page's semantics (data-card, data-action, data-choice, data-seat, data-region,
// data-dialog, data-setting, aria-pressed, aria-disabled, aria-current, the live regions)
// are an interface that screen readers and the tests share: see docs/web.md before
// changing them.
//
// The page is one screen (docs/web.md, "Layout"): a compact status line, the felt with the
// seats round it and the trick in the middle, the hand pinned at the bottom with the
// buttons beside it; the log and the score sheet sit in a side panel (a drawer on a phone).

import { api, el, forgetSeat, loadSeat, query, saveName, saveSeat, savedName } from "./api.js";
import { backsEl, cardEl, cardName, cardsEl, setFourColour } from "./cards.js";
import { getLanguage, has, languageButton, t, tn, translatePage } from "./i18n.js";
import { backsShown, handLayout, paceMs, rowWidth } from "./layout.js";
import { canon, cardsOf, carrySelection, choiceValue, contains, isCardAction, matching as matchingOf, moveInSelection, sameCards } from "./selection.js";
import { PACES, readSettings, writeSettings } from "./settings.js";
import { chartEl, commitLabel, seatScore, seatSlots, summaryTable } from "./table-parts.js";
import { afterState, coachFirst, onPractice, practicePanel } from "./practice.js";
import { reviewLink } from "./review-link.js";

/** @typedef {import("./types/client").State} State */
/** @typedef {import("./types/client").Action} Action */
/** @typedef {import("./types/client").Presentation} Presentation */
/** @typedef {import("./types/client").Summary} Summary */
/** @typedef {import("./types/client").Trick} Trick */
/** @typedef {import("./types/client").SeatLine} SeatLine */
/** @typedef {import("./types/client").Badge} Badge */
/** @typedef {import("./types/client").TableInfo} TableInfo */
/** @typedef {import("./types/client").GameMeta} GameMeta */

const PASS_TYPE = "pass";
const REDUCED = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * @typedef {{kind: string, summary?: Summary, text?: string, index?: number, version?: number, newMatch?: boolean, pause?: boolean}} Dialog
 */

const S = {
  id: query("id"),
  /** @type {number|null} */ seat: null,
  /** @type {string|null} */ token: null,
  /** @type {TableInfo|null} */ view: null,
  /** @type {GameMeta|null} */ meta: null,
  /** @type {State|null} */ msg: null,  // the latest state frame shown
  /** @type {number|null} */ msgSeat: null,  // the audience S.msg was projected for
  /** @type {number[]} */ sel: [],  // selected hand positions, in the order they were clicked
  /** @type {number|null} */ pick: null,  // the chosen legal action (index), from a choice, a reading or a hint
  /** @type {{version: number, list: {index: number, reason: string}[], at: number}|null} */ hint: null,
  /** @type {{trick: Trick, until: number}|null} */ held: null,  // a finished trick kept on the table
  /** @type {Trick|null} */ lastTrick: null,
  showLast: false,
  /** @type {Dialog[]} */ dialogs: [],
  alert: "",
  /** @type {string[]} */ log: [],
  /** @type {Set<string>} */ drawnTrick: new Set(),
  /** @type {WebSocket|null} */ ws: null,
  retry: 0,
  closing: false,
  socketState: "connecting",
  /** @type {number|null} */ shownMatchSummary: null,
  settings: readSettings(typeof localStorage === "undefined" ? null : localStorage),
  /** @type {State[]} */ queue: [],  // state frames waiting to be shown at the chosen pace
  shownAt: 0,
  /** @type {{hand: string[], acts: Action[], sel: number[], pick: number|null}|null} */ keep: null,  // a selection kept across a language switch
  drawer: false,
  factsOpen: false,
  /** @type {number|null} */ openSeat: null,
  /** the deal summaries of this match seen here, to reopen from the score sheet */
  /** @type {{deal: number, summary: Summary}[]} */ summaries: [],
  /** @type {number|null} */ readySent: null,  // the deal whose break this person ended
  handCount: 0,
  notesOpen: false,
  promptOpen: false,  // the whole prompt where it is cut to one line (a phone held sideways)
  pauseUntil: 0,  // when the break's time is up (its seconds count down here)  // the hint's or the preview's whole text (a tap on the line)
};
setFourColour(S.settings.four);

// --- the socket ---------------------------------------------------------------------------

function readToken() {
  const m = location.hash.match(/token=([\w-]+)/);
  if (m) {
    const seat = Number((location.hash.match(/seat=(\d+)/) || [])[1] ?? NaN);
    saveSeat(S.id, Number.isNaN(seat) ? null : seat, m[1]);
    history.replaceState(null, "", location.pathname + location.search);
  }
  const saved = loadSeat(S.id);
  if (saved) { S.token = saved.token; S.seat = saved.seat; }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const token = S.token;  // sent in the first message, never in the URL (URLs are logged)
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${S.id}`);
  S.ws = ws;
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "auth", token, lang: getLanguage() }));
    if (ws !== S.ws) return;
    S.retry = 0;
    S.socketState = "open";
    if (S.alert === t("web_reconnecting")) S.alert = "";  // a move refused while down: send it now
  };
  ws.onmessage = (ev) => { if (ws === S.ws) onMessage(JSON.parse(ev.data)); };
  ws.onclose = (ev) => {
    if (ws !== S.ws) return;
    S.socketState = "closed";
    if (S.closing) return;
    if (ev.code === 4403 && S.token) { forgetSeat(S.id); S.token = null; S.seat = null; }
    if (ev.code === 4404) { S.alert = t("web_not_found"); draw(); return; }
    S.retry = Math.min(S.retry + 1, 8);
    draw();
    setTimeout(connect, 500 * S.retry);
  };
}

// Drop the socket and connect again (after joining a seat, or in another language).
function reconnect() {
  const old = S.ws;
  S.ws = null;
  if (old) old.close();
  connect();
}

/** @param {object} obj @returns {boolean} whether it went (a closed socket is reconnecting) */
function send(obj) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) return false;
  S.ws.send(JSON.stringify(obj));
  return true;
}

// A move sent while the socket reconnects is lost: say so, so that the person sends it again.
/** @param {object} obj */
function sendMove(obj) {
  if (!send(obj)) { S.alert = t("web_reconnecting"); draw(); }
}

/** @param {string} game */
async function loadMeta(game) {
  if (S.meta && S.meta.name === game) return;
  try { S.meta = await api(`/api/games/${encodeURIComponent(game)}`); draw(); } catch { /* drawn clockwise */ }
}

/** @param {any} m a server message */
function onMessage(m) {
  if (m.type === "hello") { S.seat = m.seat; return; }
  if (m.type === "table") {
    if (S.view && JSON.stringify(S.view) === JSON.stringify(m.table)) return;
    S.view = m.table;
    loadMeta(m.table.game);
  } else if (m.type === "state") {
    enqueue(/** @type {State} */ (m));
    return;
  } else if (m.type === "error") {
    S.alert = errorText(m);
  } else if (m.type === "hint") {
    takeHint(m);
  } else if (m.type === "practice") {
    if (!onPractice(S, m, send)) return;
  } else if (m.type === "summaries") {
    if (!S.msg || m.match !== S.msg.match || !Array.isArray(m.deals)) return;
    S.summaries = m.deals.map((summary, k) => ({ deal: k + 1, summary }));
    saveSummaries();
  } else return;
  draw();
}

// The bot-pace setting: frames made by others' moves are shown at least paceMs apart (the
// server sends them as fast as its bots play); a frame in which this person may act, a new
// match or a break is never held back behind the pace once the frames before it are shown.
// A finished trick stays on the felt for its moment (S.held) before the next frame comes,
// so that a prompt never asks to beat a lead the felt does not show yet.
/** @param {State} m */
function enqueue(m) {
  const last = S.queue.length ? S.queue[S.queue.length - 1] : S.msg;
  // a duplicate is the same audience's projection of a version already shown (in the
  // same language); another audience's or language's is not
  if (last && S.msgSeat === S.seat && m.match === last.match && m.version < last.version) return;
  if (last && S.msgSeat === S.seat && m.match === last.match && m.version === last.version
      && m.present.lang === last.present.lang) {
    if (!S.queue.length && JSON.stringify(m.present.pause || null) !== JSON.stringify(S.msg.present.pause || null)) { S.msg = m; pauseClock(m); draw(); }
    return;
  }
  if (!S.msg || m.match !== S.msg.match || m.present.lang !== S.msg.present.lang) S.queue = [];
  S.queue.push(m);
  pump();
}

let pumpTimer = 0;
function pump() {
  clearTimeout(pumpTimer);
  while (S.queue.length) {
    const held = S.held ? S.held.until - Date.now() : 0;
    const wait = Math.max(paceMs(S.settings.pace) - (Date.now() - S.shownAt), held);
    const next = S.queue[0];
    const fastForward = S.queue.length > 12;  // far behind (a reconnect): catch up
    if (S.msg && wait > 0 && !fastForward && next.match === S.msg.match) {
      pumpTimer = window.setTimeout(pump, wait);
      return;
    }
    S.queue.shift();
    newState(next);
    draw();
    S.shownAt = Date.now();  // the pace counts from when the frame is on screen
  }
}

/** @param {State} m */
function newState(m) {
  const before = S.msg;
  const p = m.present;
  if (before && m.match !== before.match) {
    S.log = []; S.lastTrick = null; S.held = null; S.dialogs = []; S.shownMatchSummary = null; S.summaries = [];
  }
  if (!before || m.match !== before.match) {
    S.summaries = loadSummaries(m.match);
    send({ type: "summaries" });  // the match's past deal summaries, to reopen from the sheet
  }
  S.msg = m;
  S.msgSeat = S.seat;
  afterState(S, m);
  S.alert = "";
  keepSelection(before, m);
  const fresh = !before || before.version !== m.version || before.match !== m.match;
  if (fresh) {
    for (const s of p.sentences) S.log.push(s);
    S.log = S.log.slice(-80);
    if (p.won) {
      const ms = 1000 * trickSeconds();
      S.held = { trick: p.won, until: Date.now() + ms };
      S.lastTrick = p.won;
      S.showLast = false;
      if (ms > 0) setTimeout(gatherTrick, Math.max(0, ms - 260));
    }
    const pause = p.pause;
    const summary = (pause && pause.summary) || p.deal_summary;
    if (summary) {
      const deal = pause ? pause.deal : Number(m.observation.deal ?? 0);
      if (!S.summaries.some((x) => x.summary.title === summary.title)) S.summaries.push({ deal, summary });
      saveSummaries();
      const open = S.dialogs.some((d) => d.kind === "deal-summary" && d.summary && d.summary.title === summary.title);
      // in a break, the summary is this person's screen until they say ready
      const reading = !pause || (pause.you_reading && S.readySent !== m.version);
      if (!open && reading) S.dialogs.push({ kind: "deal-summary", summary, pause: !!pause });
    }
    if (p.last_trick && !p.won) S.lastTrick = p.last_trick;
  }
  if (!p.pause) for (const d of S.dialogs) d.pause = false;
  pauseClock(m);
  if (p.match_summary && S.shownMatchSummary !== m.match) {
    S.shownMatchSummary = m.match;
    S.dialogs.push({ kind: "match-summary", summary: p.match_summary });
  }
  announce([...(fresh ? p.sentences : []), p.prompt].join(" "));
  turnCue(before, m);
}

// when the break's time is up, from the frame's seconds_left (counted down on the page)
/** @param {State} m */
function pauseClock(m) {
  const pause = m.present.pause;
  S.pauseUntil = pause ? Date.now() + 1000 * Math.max(0, pause.seconds_left) : 0;
}

function trickSeconds() {
  const v = S.view && typeof S.view.trick_seconds === "number" ? S.view.trick_seconds : 1.5;
  return Math.max(0, Math.min(10, v));
}

/** @param {{code: string, retry_after?: number}} m */
function errorText(m) {
  if (m.code === "rate_limited" && m.retry_after > 0) return t("web_error_rate_limited_in", { n: Math.ceil(m.retry_after) });
  const key = `web_error_${m.code}`;
  return has(key) ? t(key) : t("web_error_other");
}

// The deal summaries seen at this table, kept for this tab (a reload keeps them).
function saveSummaries() {
  try { sessionStorage.setItem(`pakka.summaries.${S.id}.${S.msg ? S.msg.match : 0}`, JSON.stringify(S.summaries.slice(-30))); } catch { /* full */ }
}
/** @param {number} match */
function loadSummaries(match) {
  try { return JSON.parse(sessionStorage.getItem(`pakka.summaries.${S.id}.${match}`) || "[]"); } catch { return []; }
}

// --- the turn cue -------------------------------------------------------------------------

/** @param {State|null} before @param {State} m */
function turnCue(before, m) {
  const now = m.legal_actions.length > 0;
  const was = !!before && before.legal_actions.length > 0 && before.match === m.match;
  if (now && !was && S.settings.sound && document.visibilityState !== "hidden") beep();
}

/** @type {AudioContext|null} */
let audio = null;
function beep() {
  try {
    audio = audio || new AudioContext();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.0001, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.3);
  } catch { /* no audio here */ }
}

// --- selection ----------------------------------------------------------------------------

/** @returns {string[]} */
function hand() { return S.msg ? S.msg.present.hand : []; }
/** @returns {Action[]} */
function legal() { return S.msg ? S.msg.legal_actions : []; }
function myTurn() { return legal().length > 0; }
function selectedCards() { return S.sel.map((i) => hand()[i]); }
function matching() { return matchingOf(legal(), selectedCards(), S.pick); }

// A new frame keeps what the person had chosen while it still makes sense: in phases where
// everyone acts at once the other seats' moves must not clear it, nor a switch of language.
/** @param {State|null} before @param {State} m */
function keepSelection(before, m) {
  const was = before && before.match === m.match
    ? { hand: before.present.hand, acts: before.legal_actions, sel: S.sel, pick: S.pick }
    : S.keep;
  S.keep = null;
  if (!was || !m.legal_actions.length) { clearSelection(); return; }
  const kept = carrySelection(was, { hand: m.present.hand, acts: m.legal_actions });
  S.sel = kept.sel;
  S.pick = kept.pick;
  if (S.hint && S.hint.version !== m.version) S.hint = null;
}

/** @param {Action[]} acts */
function singlesOnly(acts) { return acts.filter(isCardAction).every((a) => cardsOf(a).length === 1); }

function clearSelection() { S.sel = []; S.pick = null; S.hint = null; }

/** @param {number} i */
function toggleCard(i) {
  const code = hand()[i];
  const acts = legal();
  if (!acts.some((a) => cardsOf(a).includes(code))) {
    S.alert = myTurn()
      ? t("web_card_not_now", { card: cardName(code), prompt: S.msg.present.prompt })
      : t("web_not_your_turn", { prompt: S.msg.present.prompt });
    draw();
    return;
  }
  S.alert = "";
  const singles = singlesOnly(acts);
  if (S.sel.includes(i)) {
    if (singles && S.sel.length === 1) { commit(); return; }  // a second tap plays it
    S.sel = S.sel.filter((x) => x !== i);
  } else if (singles) {
    S.sel = [i];
  } else {
    S.sel = [...S.sel, i];
  }
  S.pick = null;
  const m = matching();
  if (m.length === 1) S.pick = m[0];
  draw();
}

/** @param {number} index */
function choose(index) {
  const a = legal()[index];
  if (!a) return;
  S.alert = "";
  if (S.pick === index) { S.pick = null; draw(); return; }
  S.pick = index;
  if (!isCardAction(a)) S.sel = [];
  draw();
}

// The selected cards' order matters when actions differ only by it (Pentagrammi's pass:
// which card goes to whom): then the order is shown and each neighbour pair can be swapped.
function orderMatters() {
  const cards = selectedCards();
  if (cards.length < 2) return false;
  const same = legal().filter((a) => isCardAction(a) && sameCards(cardsOf(a), cards));
  return new Set(same.map((a) => cardsOf(a).join(" "))).size > 1;
}

/** @param {number} k */
function swapSelection(k) {
  S.sel = moveInSelection(S.sel, k, 1);
  S.pick = null;
  const m = matching();
  if (m.length === 1) S.pick = m[0];
  S.hint = null;
  draw();
}

function commit() {
  const acts = legal();
  if (!acts.length) { S.alert = t("web_not_your_turn", { prompt: S.msg ? S.msg.present.prompt : "" }); draw(); return; }
  const m = matching();
  if (m.length === 0) {
    S.alert = selectedCards().length ? t("web_no_such_move") : t("web_choose_first", { prompt: S.msg.present.prompt });
    draw();
    return;
  }
  if (m.length > 1) { S.alert = t("web_choose_reading"); draw(); return; }
  const index = m[0];
  const question = (S.msg.present.confirm || [])[index];
  if (question) {  // the rules want this choice confirmed (the presentation asks how)
    S.dialogs.unshift({ kind: "confirm", index, version: S.msg.version, text: question });
    draw();
    return;
  }
  act(index);
}

/** @param {number} index */
function act(index) {
  if (coachFirst(S, send, index)) { draw(); return; }
  const action = S.msg.legal_actions[index];
  // Others' moves may still wait for the bot pace (simultaneous steps: passing cards,
  // Anarchy's tricks): the server is at the newest frame, so the move is sent for it if it
  // is still legal there, and the page catches up at once.
  const newest = S.queue.length ? S.queue[S.queue.length - 1] : null;
  if (newest && newest.match === S.msg.match) {
    const still = newest.legal_actions.some((a) => canon(a) === canon(action));
    catchUp();
    if (!still) { S.alert = t("web_error_illegal"); draw(); return; }
    sendMove({ type: "action", action, version: newest.version });
    return;
  }
  sendMove({ type: "action", action, version: S.msg.version });
}

// Show every frame still waiting for the bot pace at once.
function catchUp() {
  clearTimeout(pumpTimer);
  while (S.queue.length) newState(/** @type {State} */ (S.queue.shift()));
  S.shownAt = Date.now();
  draw();
}

// --- hints --------------------------------------------------------------------------------

function askHint() {
  if (S.queue.length) catchUp();  // a hint is about the position now, not one being shown
  if (!myTurn()) { S.alert = t("web_not_your_turn", { prompt: S.msg.present.prompt }); draw(); return; }
  if (S.hint && S.hint.version === S.msg.version && S.hint.list.length > 1) {
    S.hint.at = (S.hint.at + 1) % S.hint.list.length;
    applyHint();
    draw();
    return;
  }
  send({ type: "hint", lang: getLanguage() });
}

/** @param {any} m a HintReply */
function takeHint(m) {
  if (!S.msg) return;
  if (S.queue.length) catchUp();  // the hint is for the server's newest position
  const acts = S.msg.legal_actions;
  const items = [{ action: m.action, text: m.text }, ...(m.alternatives || [])];
  const list = [];
  for (const it of items) {
    if (!it.action) continue;
    const index = acts.findIndex((a) => canon(a) === canon(it.action));
    if (index < 0 || list.some((x) => x.index === index)) continue;
    const reason = m.engine && typeof it.text === "string" ? it.text : "";
    list.push({ index, reason });
  }
  if (!list.length) { S.alert = t("web_no_hint"); return; }
  S.hint = { version: S.msg.version, list, at: 0 };
  applyHint();
}

// A hint goes into the selection (its cards, or its choice), so that Play then commits it.
function applyHint() {
  const { index } = S.hint.list[S.hint.at];
  const a = S.msg.legal_actions[index];
  const used = new Set();
  S.sel = [];
  for (const c of cardsOf(a)) {
    const i = hand().findIndex((h, k) => h === c && !used.has(k));
    if (i >= 0) { used.add(i); S.sel.push(i); }
  }
  S.pick = index;
  S.alert = "";
}

// --- live regions and focus ---------------------------------------------------------------

let lastAnnounced = "";
/** @param {string} text */
function announce(text) {
  if (!text || text === lastAnnounced) return;
  lastAnnounced = text;
  const live = document.getElementById("live");
  if (live) live.textContent = text;
}

/** @param {Element|null} e */
function focusKey(e) {
  if (!(e instanceof HTMLElement)) return null;
  for (const k of ["action", "choice", "dialog", "setting"]) if (e.dataset[k]) return `[data-${k}="${e.dataset[k]}"]`;
  if (e.dataset.pos) return `[data-pos="${e.dataset.pos}"]`;
  if (e.id) return `#${e.id}`;
  return null;
}

// --- motion -------------------------------------------------------------------------------

/** Where each card and seat was drawn last time, to move them from there. */
/** @type {Map<string, DOMRect>} */
let seatRects = new Map();

function motionOn() { return !REDUCED; }

/**
 * A played card travels from its seat to the trick; a dealt card from the middle of the
 * felt to the hand (each under 400 ms; none under prefers-reduced-motion).
 * @param {HTMLElement} e @param {DOMRect|undefined} from @param {number} [delay]
 */
function travel(e, from, delay = 0) {
  if (!from || !motionOn() || typeof e.animate !== "function") return;
  const to = e.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) + Math.abs(dy) < 4) return;
  e.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.6)` }, { transform: "none" }],
    { duration: 280, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
}

// A finished trick gathers to its winner's seat just before it is cleared.
function gatherTrick() {
  const held = S.held;
  if (!held) { draw(); return; }
  const win = held.trick.plays.find((p) => p.winner);
  const seatBox = win && win.seat !== null ? document.querySelector(`#table > [data-seat="${win.seat}"]`) : null;
  const cards = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('[data-region="trick"] [data-card]')]);
  if (seatBox && motionOn() && cards.length && !S.showLast) {
    const to = seatBox.getBoundingClientRect();
    for (const c of cards) {
      if (typeof c.animate !== "function") continue;
      const r = c.getBoundingClientRect();
      const dx = to.left + to.width / 2 - (r.left + r.width / 2);
      const dy = to.top + to.height / 2 - (r.top + r.height / 2);
      c.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 }],
        { duration: 240, easing: "ease-in", fill: "forwards" });
    }
  }
  setTimeout(draw, Math.max(0, held.until - Date.now()) + 20);
}

// --- drawing ------------------------------------------------------------------------------

function draw() {
  const app = document.getElementById("app");
  const key = focusKey(document.activeElement);
  const scrolls = [...document.querySelectorAll("[data-keep-scroll]")].map((e) => [e.id, e.scrollTop]);
  seatRects = new Map([...document.querySelectorAll("#table > [data-seat]")].map((e) => [/** @type {HTMLElement} */ (e).dataset.seat, e.getBoundingClientRect()]));
  app.replaceChildren(...body());
  for (const [id, top] of scrolls) { const e = document.getElementById(String(id)); if (e) e.scrollTop = Number(top); }
  fitHand();
  fitTrick();
  animateFresh();
  drawDialog();
  const alert = document.getElementById("alert");
  if (alert.textContent !== S.alert) alert.textContent = S.alert;
  alert.hidden = !S.alert;
  const title = S.msg ? S.msg.present.title : S.view ? S.view.title : "pakka";
  document.getElementById("title").textContent = title;
  const turn = !!(S.msg && myTurn());
  document.title = turn ? `${t("your_turn")} — ${title}` : `pakka — ${title}`;
  const over = !!(S.msg && S.msg.observation.result);
  document.body.dataset.version = S.msg ? `${S.msg.match}:${S.msg.version}` : "";
  document.body.dataset.over = over ? "1" : "";
  document.body.dataset.deal = S.msg ? String(S.msg.observation.deal) : "";
  document.body.dataset.turn = turn ? "1" : "";
  document.body.dataset.drawer = S.drawer ? "open" : "";
  document.body.classList.toggle("four-colour", S.settings.four);
  const drawerBtn = document.querySelector('[data-action="drawer"]');
  if (drawerBtn) drawerBtn.setAttribute("aria-expanded", S.drawer ? "true" : "false");
  if (key && !document.querySelector("[role=dialog]")) {
    const again = /** @type {HTMLElement|null} */ (document.querySelector(key));
    if (again) again.focus({ preventScroll: true });
  }
}

function body() {
  const out = [];
  if (S.socketState === "closed" && !S.closing) out.push(el("p", { class: "notice" }, t("web_reconnecting")));
  if (!S.view) return [...out, el("p", {}, t("web_connecting"))];
  const v = S.view;
  const lobbyBits = [];
  if (S.seat === null) {
    const free = v.seats.filter((s) => !s.taken).length;
    if (v.status === "open" && free) lobbyBits.push(joinForm());
    else lobbyBits.push(el("p", { class: "notice" }, t("web_spectating")));
  }
  if (v.status === "open") lobbyBits.push(invitePanel());
  if (!S.msg) return [...out, ...lobbyBits];
  const p = S.msg.present;
  // practice (issue 30) sits in the side panel, but the coach's warning in view
  const practice = practicePanel(S, send, draw);
  const coaching = !!(practice && practice.querySelector("#coach-note"));
  const play = el("div", { class: "play-area", id: "play-area" },
    ...out,
    lobbyBits.length ? el("div", { class: "lobby-bits" }, ...lobbyBits) : null,
    statusEl(p),
    tableEl(p),
    pauseBanner(),
    coaching ? practice : null,
    S.seat !== null && (p.hand.length || legal().length) ? handPanel(p) : null);
  return [play, sidePanel(p, coaching ? null : practice)];
}

/** The status line: the prompt, then the facts folded into one line (details on tap).
 * @param {Presentation} p */
function statusEl(p) {
  return el("div", { class: `status${myTurn() ? " mine" : ""}${S.msg.observation.result ? " over" : ""}${S.promptOpen ? " open" : ""}`, id: "status" },
    el("strong", { class: "prompt", id: "prompt", title: p.prompt, onclick: () => { S.promptOpen = !S.promptOpen; draw(); } }, p.prompt),
    el("span", { class: "status-line" }, p.status),
    p.facts.length ? factsEl(p) : null);
}

/** @param {Presentation} p */
function factsEl(p) {
  let trumpShown = false;
  const list = el("dl", { class: `facts${S.factsOpen ? " open" : ""}`, id: "facts" }, p.facts.map((f) => {
    const isTrump = f.kind === "trump" && f.cards.length && !trumpShown;
    if (isTrump) trumpShown = true;
    return el("div", { class: `fact tone-${f.tone}`, dataset: { fact: f.kind, region: isTrump ? "trump" : undefined } },
      el("dt", {}, f.label),
      el("dd", {}, f.cards.length && isTrump ? cardsEl(f.cards, { text: true }) : null, " ", f.text));
  }));
  const toggle = el("button", { type: "button", class: "facts-toggle", dataset: { action: "facts" }, "aria-expanded": S.factsOpen ? "true" : "false", "aria-controls": "facts", "aria-label": t("web_facts"), onclick: () => { S.factsOpen = !S.factsOpen; draw(); } }, S.factsOpen ? "▴" : "▾");
  return el("div", { class: "facts-line" }, list, toggle);
}

// The table: the seats round it (you at the bottom, in the game's direction), the trick in
// the middle, each play in front of the seat that made it.
/** @param {Presentation} p */
function tableEl(p) {
  const n = p.seats.length;
  const me = S.seat === null ? 0 : S.seat;
  const dir = S.meta && S.meta.seat_direction === "counterclockwise" ? "counterclockwise" : "clockwise";
  const slots = seatSlots(n, dir);
  /** @type {Map<number, string>} */
  const slotOf = new Map();
  for (let k = 0; k < n; k++) slotOf.set((me + k) % n, slots[k]);
  const box = el("div", { class: `felt n${n}`, id: "table" });
  for (const s of p.seats) box.append(seatEl(s, slotOf.get(s.seat)));
  box.append(trickEl(p, slotOf));
  return box;
}

// A badge longer than this is shown by its head (before the colon), all of it on tap.
const LONG_BADGE = 28;

/** @param {SeatLine} s @param {string} slot */
function seatEl(s, slot) {
  const sv = S.view && S.view.seats ? S.view.seats[s.seat] : null;
  const flags = [];
  if (sv && sv.away) flags.push(el("span", { class: "badge tone-warn" }, t("web_away")));
  else if (sv && sv.kind === "person" && sv.taken && !sv.connected && s.seat !== S.seat) flags.push(el("span", { class: "badge tone-muted" }, t("web_offline")));
  if (S.view && Array.isArray(S.view.new_match) && S.view.new_match.includes(s.seat)) flags.push(el("span", { class: "badge tone-info" }, t("web_new_match_asked_badge")));
  const score = seatScore(s.score);
  const open = S.openSeat === s.seat;
  const cls = ["seat", `slot-${slot}`];
  if (s.to_act) cls.push("to-act");
  if (s.you) cls.push("me");
  if (s.partner) cls.push("partner");
  if (open) cls.push("open");
  if (s.team !== null && s.team !== undefined) cls.push(`team-${s.team % 4}`);
  // on a small screen a seat shows its first badges and "+N"; a tap on it shows them all
  // (the others stay there for screen readers)
  const most = open ? Infinity : innerHeight < 500 ? 2 : innerWidth < 700 ? 3 : Infinity;
  const badges = s.badges.map((b, k) => {
    if (k >= most) return null;
    const long = b.text.length > LONG_BADGE && b.text.includes(":") && !open;
    const shown = long ? `${b.text.slice(0, b.text.indexOf(":"))}…` : b.text;
    return el("span", { class: `badge tone-${b.tone}${long ? " folded" : ""}`, dataset: { badge: b.kind }, title: long ? b.text : null },
      long ? el("span", { "aria-hidden": "true" }, shown) : shown,
      long ? el("span", { class: "sr-only" }, b.text) : null,
      // its cards as text: a face at a badge's size could not be read
      b.cards.length ? cardsEl(b.cards, { text: true }) : null);
  });
  const rest = s.badges.slice(Number.isFinite(most) ? most : s.badges.length);
  if (rest.length) {
    // the badge with its cards in words ("captured 2: ace of hearts, 7 of spades")
    const said = (/** @type {Badge} */ b) => [b.text, b.cards.map(cardName).join(", ")].filter(Boolean).join(" ");
    badges.push(el("span", { class: "badge more", "aria-hidden": "true", title: rest.map(said).join("; ") }, `+${rest.length}`));
    badges.push(el("span", { class: "sr-only" }, rest.map((b) => el("span", { dataset: { badge: b.kind } }, "; ", said(b)))));
  }
  const count = typeof s.cards === "number" && !s.you
    ? el("span", { class: "backs", title: t("web_cards_left", { n: s.cards }), "aria-label": t("web_cards_left", { n: s.cards }) }, backsEl(backsShown(s.cards, 6)), el("span", { class: "count" }, String(s.cards)))
    : null;
  return el("section", { class: cls.join(" "), dataset: { seat: s.seat }, "aria-current": s.to_act ? "true" : null, "aria-label": s.name,
    onclick: () => { S.openSeat = open ? null : s.seat; draw(); } },
  el("div", { class: "seat-head" }, el("span", { class: "seat-name" }, s.name), count),
  s.score ? el("div", { class: "seat-score" }, score) : null,
  flags.length || badges.length ? el("div", { class: "badges" }, ...flags, ...badges) : null);
}

/** @param {Presentation} p */
function shownTrick(p) {
  if (S.showLast && S.lastTrick) return { trick: S.lastTrick, last: true };
  if (S.held && Date.now() < S.held.until) return { trick: S.held.trick, last: false };
  S.held = null;
  return { trick: p.trick, last: false };
}

/** @type {{e: HTMLElement, seat: number|null, k: number}[]} */
let freshCards = [];

/** @param {Presentation} p @param {Map<number, string>} slotOf */
function trickEl(p, slotOf) {
  const { trick, last } = shownTrick(p);
  const region = el("div", { class: `trick${trick && trick.finished ? " finished" : ""}${last ? " last" : ""}`, dataset: { region: "trick" }, "aria-label": last ? t("web_last_trick") : t("web_trick") });
  freshCards = [];
  if (!trick) { S.drawnTrick = new Set(); return el("div", { class: "middle" }, region); }
  // the latest play of each seat stands in front of it (Guandan's tricks go round several times)
  const latest = new Map();
  trick.plays.forEach((pl, i) => latest.set(pl.seat === null ? `x${i}` : pl.seat, { pl, i }));
  const drawn = new Set();
  for (const { pl, i } of latest.values()) {
    const slot = pl.seat === null ? "center" : slotOf.get(pl.seat) || "center";
    const mark = trick.finished && pl.winner;
    const cards = el("span", { class: `cards n${Math.min(pl.cards.length, 12)}` }, pl.cards.map((c, k) => {
      const e = cardEl(c);
      e.dataset.seat = pl.seat === null ? "none" : String(pl.seat);
      if (mark) e.dataset.winner = "true";
      const id = `${pl.seat}:${i}:${k}:${c}`;
      drawn.add(id);
      if (!S.drawnTrick.has(id) && !last) { e.classList.add("fresh"); freshCards.push({ e, seat: pl.seat, k }); }
      return e;
    }));
    region.append(el("div", { class: `play slot-${slot}${mark ? " winner" : ""}${pl.winner && !trick.finished ? " holds" : ""}` },
      pl.cards.length ? cards : null,
      el("span", { class: "who" }, pl.label, pl.note ? el("span", { class: "note" }, ` · ${pl.note}`) : null)));
  }
  S.drawnTrick = drawn;
  return el("div", { class: "middle" }, region, trick.caption ? el("p", { class: "caption" }, last ? `${t("web_last_trick")}: ${trick.caption}` : trick.caption) : null);
}

function animateFresh() {
  for (const { e, seat, k } of freshCards) travel(e, seat === null ? undefined : seatRects.get(String(seat)), k * 20);
  freshCards = [];
  // a new deal: the hand is dealt from the middle of the felt
  const n = hand().length;
  if (n > S.handCount + 3 && motionOn()) {
    const felt = document.getElementById("table");
    const from = felt ? felt.getBoundingClientRect() : undefined;
    const cards = /** @type {HTMLElement[]} */ ([...document.querySelectorAll("#hand [data-card]")]);
    const step = cards.length > 1 ? Math.min(12, 120 / cards.length) : 0;
    cards.forEach((c, i) => travel(c, from, i * step));
  }
  S.handCount = n;
}

// While the table waits between deals: who is still reading (the server's words), how the
// next deal began, and how long the break lasts.
function pauseBanner() {
  const pause = S.msg && S.msg.present.pause;
  if (!pause) return null;
  const secs = S.pauseUntil ? Math.max(0, Math.round((S.pauseUntil - Date.now()) / 1000)) : null;
  return el("div", { class: "pause-banner", dataset: { region: "pause" }, role: "status" },
    el("span", {}, pause.text),
    secs !== null ? el("span", { class: "secs" }, ` ${t("web_pause_seconds", { n: secs })}`) : null,
    pause.you_reading && S.readySent !== S.msg.version ? el("button", { type: "button", class: "primary", dataset: { action: "ready" }, onclick: sendReady }, t("web_next_deal")) : null);
}

// the break's seconds count down between frames
setInterval(() => {
  const e = document.querySelector('[data-region="pause"] .secs');
  if (e && S.pauseUntil) e.textContent = ` ${t("web_pause_seconds", { n: Math.max(0, Math.round((S.pauseUntil - Date.now()) / 1000)) })}`;
}, 1000);

function sendReady() {
  if (!S.msg) return;
  S.readySent = S.msg.version;
  send({ type: "ready" });
  S.dialogs = S.dialogs.filter((d) => !(d.kind === "deal-summary" && d.pause));
  draw();
}

// How wide and how overlapped the hand's cards are: measured after layout (layout.js does
// the maths), so that a 27-card Guandan hand fits a phone in one or two rows.
function fitHand() {
  const h = document.getElementById("hand");
  if (!h) return;
  const n = h.children.length;
  const width = h.parentElement ? h.parentElement.clientWidth : h.clientWidth;
  const portrait = innerWidth < 700 && innerHeight > innerWidth;
  const desktop = innerWidth >= 900 && innerHeight >= 600;
  let height = desktop ? Math.min(230, innerHeight * 0.28) : portrait ? Math.min(190, innerHeight * 0.23) : Math.min(105, innerHeight * 0.27);
  // while choosing a contract or a bid the choices need the room; the hand is for looking at
  if (document.getElementById("choices") && !desktop) height *= 0.75;
  const f = handLayout(n, width - 1, height, { maxW: desktop ? 84 : 64, minW: 28, maxRows: portrait || desktop ? 2 : 1 });
  h.style.setProperty("--cw", `${f.cw}px`);
  h.style.setProperty("--step", `${f.step}px`);
  // each card's box is `step` wide (its right margin pulls the next one over it): a row holds
  // perRow of them, and the last card's overhang is padding
  h.style.setProperty("--pad", `${Math.max(0, f.cw - f.step)}px`);
  h.style.setProperty("--row-w", `${rowWidth(f) + 0.5}px`);
  h.dataset.rows = String(f.rows);
}

// The felt's rows take their content's height: a seat with many badges above a trick of
// big cards can push the hand below a phone's screen. Then the trick's cards get smaller
// (to two-thirds at most) until the page fits again.
function fitTrick() {
  const trick = /** @type {HTMLElement|null} */ (document.querySelector('[data-region="trick"]'));
  const card = trick && trick.querySelector(".card");
  if (!trick || !card) return;
  trick.style.removeProperty("--tw");
  const root = document.documentElement;
  const full = card.getBoundingClientRect().width;
  for (let tw = full * 0.9; root.scrollHeight > innerHeight && tw >= full * 0.66; tw *= 0.9) {
    trick.style.setProperty("--tw", `${tw.toFixed(1)}px`);
  }
}

/** @param {Presentation} p */
function handPanel(p) {
  const acts = legal();
  const turn = acts.length > 0;
  const h = p.hand;
  const wild = new Set(p.wild);
  const usable = new Set(acts.flatMap(cardsOf));
  const selCards = selectedCards();
  const reachable = new Set();
  for (const a of acts) if (isCardAction(a) && contains(cardsOf(a), selCards)) for (const c of cardsOf(a)) reachable.add(c);
  const handEl = el("div", { class: "hand", id: "hand", role: "group", "aria-label": t("web_hand") });
  h.forEach((c, i) => {
    const b = cardEl(c, { tag: "button", wild: wild.has(c) });
    b.setAttribute("type", "button");
    b.dataset.pos = String(i);
    const sel = S.sel.includes(i);
    b.setAttribute("aria-pressed", sel ? "true" : "false");
    if (!usable.has(c)) b.setAttribute("aria-disabled", "true");
    else if (!reachable.has(c) && !sel && !singlesOnly(acts)) b.classList.add("dim");
    if (wild.has(c)) { b.classList.add("wild"); b.setAttribute("aria-label", `${cardName(c)}, ${t("web_wild")}`); }
    b.addEventListener("click", () => toggleCard(i));
    handEl.append(b);
  });

  // the choices that are not cards (contracts, bids, readings of the selected cards)
  const choices = [];
  acts.forEach((a, i) => { if (!isCardAction(a) && a.type !== PASS_TYPE) choices.push(i); });
  const m = selCards.length ? matching() : [];
  const readings = selCards.length ? acts.map((a, i) => i).filter((i) => isCardAction(acts[i]) && sameCards(cardsOf(acts[i]), selCards)) : [];
  const showReadings = readings.length > 1 && new Set(readings.map((i) => choiceValue(acts[i]))).size > 1;
  /** @param {number} i */
  const choiceEl = (i) => el("button", { type: "button", class: "choice", dataset: { choice: choiceValue(acts[i]) }, "aria-pressed": S.pick === i ? "true" : "false", onclick: () => choose(i) }, p.actions[i] || "");
  const choiceBox = choices.length || showReadings
    ? el("div", { class: "choices", id: "choices", role: "group", "aria-label": showReadings ? t("web_readings") : t("web_choices") },
      [...choices, ...(showReadings ? readings : [])].map(choiceEl))
    : null;

  // the order of the selected cards, when it says where each goes (swap neighbours)
  const order = orderMatters()
    ? el("div", { class: "order", id: "order", role: "group", "aria-label": t("web_order") },
      ...S.sel.flatMap((pos, k) => [
        cardEl(hand()[pos], { small: true }),
        k < S.sel.length - 1 ? el("button", { type: "button", class: "swap", dataset: { action: "swap", index: k }, "aria-label": t("web_swap", { a: cardName(hand()[pos]), b: cardName(hand()[S.sel[k + 1]]) }), onclick: () => swapSelection(k) }, "⇄") : null,
      ]))
    : null;

  const pass = acts.findIndex((a) => a.type === PASS_TYPE);
  const commitType = commitTypeOf(acts);
  const bar = el("div", { class: "actions", id: "actions" },
    el("button", { type: "button", class: "primary", dataset: { action: "play" }, disabled: acts.length && commitType ? null : true, onclick: commit }, commitLabel(commitType)),
    pass >= 0 ? el("button", { type: "button", dataset: { action: "pass" }, "aria-pressed": S.pick === pass ? "true" : "false", onclick: () => act(pass) }, p.actions[pass] || t("web_pass")) : null,
    el("button", { type: "button", dataset: { action: "hint" }, disabled: acts.length ? null : true, onclick: askHint }, t("web_hint")),
    el("button", { type: "button", class: "minor", dataset: { action: "clear" }, disabled: S.sel.length || S.pick !== null ? null : true, onclick: () => { clearSelection(); S.alert = ""; draw(); } }, t("web_clear")),
    el("button", { type: "button", class: "minor", dataset: { action: "last-trick" }, "aria-pressed": S.showLast ? "true" : "false", disabled: S.lastTrick ? null : true, onclick: () => { S.showLast = !S.showLast; draw(); } }, t("web_last_trick")));

  const notes = [];
  const one = m.length === 1 ? m[0] : S.pick;
  if (S.hint && S.hint.version === S.msg.version) {
    const { index, reason } = S.hint.list[S.hint.at];
    const more = S.hint.list.length > 1 ? ` (${t("web_hint_of", { n: S.hint.at + 1, total: S.hint.list.length })})` : "";
    const text = `${t("web_hint_is", { move: p.actions[index] || "" })}${reason ? ` — ${reason}` : ""}${more}`;
    notes.push(el("p", { class: "hint", id: "hint", title: text }, text));
  } else if (one !== null && one !== undefined && acts[one]) {
    const text = t("web_selected_move", { move: p.actions[one] || "" });
    notes.push(el("p", { class: "preview", id: "preview", title: text }, text));
  }
  // unplayable cards are marked only on this person's turn, and only when some card can be
  // played (not while choosing a contract or a bid: the hand is there to plan with)
  const live = turn && usable.size > 0;
  return el("section", { class: `hand-panel${turn ? " my-turn" : ""}${live ? " cards-live" : ""}`, id: "hand-panel", "aria-label": t("web_hand") },
    el("h2", { class: "sr-only" }, t("web_hand")),
    el("div", { class: `notes${S.notesOpen ? " open" : ""}`, onclick: () => { S.notesOpen = !S.notesOpen; draw(); } }, ...notes),
    choiceBox, order,
    el("div", { class: "hand-row" }, el("div", { class: "hand-wrap" }, handEl), bar));
}

// The type of the phase's primary commit (what the Play button does): the card actions'
// type, else the choices' type.
/** @param {Action[]} acts */
function commitTypeOf(acts) {
  const cards = acts.find((a) => isCardAction(a));
  if (cards) return cards.type;
  const other = acts.find((a) => a.type !== PASS_TYPE);
  return other ? other.type : acts.length ? acts[0].type : null;
}

// The side panel (a drawer on a phone): the score sheet with the past deals' summaries, the
// log, and the table's own buttons (new match, replay, another device, leave).
/** @param {Presentation} p @param {HTMLElement | null} practice */
function sidePanel(p, practice) {
  const past = S.summaries.length
    ? el("ul", { class: "past", id: "past-summaries", "aria-label": t("web_summaries") }, S.summaries.map((x, k) => el("li", {},
      el("button", { type: "button", class: "link", dataset: { action: "summary", deal: String(k + 1) }, onclick: () => { S.dialogs.unshift({ kind: "deal-summary", summary: x.summary }); S.drawer = false; draw(); } }, x.summary.title))))
    : null;
  return el("aside", { class: "side", id: "side", dataset: { region: "side" }, "aria-label": t("web_panel") },
    el("button", { type: "button", class: "drawer-close", dataset: { action: "drawer-close" }, "aria-label": t("web_close"), onclick: () => { S.drawer = false; draw(); } }, "×"),
    practice,
    p.sheet || past ? el("section", { class: "panel", id: "sheet" }, el("h2", {}, p.sheet ? p.sheet.title : t("web_summaries")), p.sheet ? summaryTable(p.sheet) : null, past) : null,
    el("section", { class: "panel", id: "log", "data-keep-scroll": "1" }, el("h2", {}, t("web_log")),
      el("ol", { class: "log" }, S.log.slice(-40).reverse().map((x) => el("li", {}, x)))),
    footer());
}

function footer() {
  const out = el("div", { class: "footer row", id: "footer" });
  const v = S.view;
  if (S.seat !== null && S.msg) {
    const asked = Array.isArray(v.new_match) ? v.new_match : [];
    const mine = asked.includes(S.seat);
    const canAsk = Array.isArray(v.new_match) || !!S.msg.observation.result;
    if (canAsk) {
      out.append(el("button", { type: "button", dataset: { action: mine ? "withdraw-new-match" : "new-match" }, onclick: () => askNewMatch(!mine) },
        mine ? t("web_new_match_withdraw") : t("web_new_match")));
      if (asked.length) {
        const names = asked.map((s) => (S.msg.present.seats[s] || {}).name).filter(Boolean).join(", ");
        out.append(el("span", { class: "small", id: "new-match-asked" }, t("web_new_match_asked", { names })));
      }
    }
  }
  if (S.msg && S.msg.observation.result) out.append(el("a", { href: `/replay.html?id=${S.id}&match=${S.msg.match}`, id: "replay-link", class: "button" }, t("web_replay")));
  if (S.seat !== null) {
    const link = `${location.origin}/table.html?id=${S.id}#token=${S.token}&seat=${S.seat}`;
    out.append(el("details", { class: "other-device" }, el("summary", {}, t("web_other_device")),
      el("p", { class: "small" }, t("web_other_device_help")), el("code", { class: "small" }, link)));
    out.append(el("button", { type: "button", class: "link", dataset: { action: "leave" }, onclick: leave }, t("web_leave")));
  }
  return out;
}

async function askNewMatch(ask) {
  if (ask && S.msg && !S.msg.observation.result) {
    S.dialogs.unshift({ kind: "confirm", newMatch: true, text: t("web_new_match_confirm") });
    draw();
    return;
  }
  await sendNewMatch(ask);
}

async function sendNewMatch(ask) {
  try {
    await api(`/api/tables/${S.id}/rematch`, { method: ask ? "POST" : "DELETE", token: S.token });
  } catch { S.alert = t("web_error_new_match"); draw(); }
}

function joinForm() {
  const input = el("input", { id: "join-name", maxlength: 32, value: savedName(), autocomplete: "nickname" });
  return el("form", { class: "join card-panel", onsubmit: async (e) => {
    e.preventDefault();
    try {
      saveName(input.value.trim());
      const r = await api(`/api/tables/${S.id}/join`, { method: "POST", body: { name: input.value } });
      saveSeat(S.id, r.seat, r.token);
      S.token = r.token; S.seat = r.seat;
      reconnect();
    } catch { S.alert = t("web_error_join"); draw(); }
  } }, el("h2", {}, t("web_join_table")), el("label", { for: "join-name" }, t("web_your_name")), " ", input, " ",
  el("button", { type: "submit", id: "join-btn", dataset: { action: "join" } }, t("web_join")));
}

function invitePanel() {
  const v = S.view;
  const link = `${location.origin}/join/${v.code}`;
  const free = v.seats.filter((s) => !s.taken).length;
  const copy = el("button", { type: "button", onclick: async () => {
    try { await navigator.clipboard.writeText(link); copy.textContent = t("web_copied"); } catch { /* no clipboard */ }
  } }, t("web_copy"));
  return el("div", { class: "invite card-panel" },
    el("p", {}, t("web_invite", { code: v.code })),
    el("p", {}, el("code", { id: "invite-link" }, link), " ", copy),
    el("p", {}, tn("web_waiting_players", free)),
    el("ul", { class: "seatlist" }, v.seats.map((s) => el("li", {}, s.kind === "bot"
      ? (s.display && s.display[getLanguage()]) || t("bot_name", { n: s.seat + 1 })
      : s.name || t("web_free_seat")))));
}

// --- dialogs ------------------------------------------------------------------------------

function closeDialog() {
  S.dialogs.shift();
  draw();
}

function drawDialog() {
  const host = document.getElementById("dialogs");
  // a summary waits until the trick that ended the deal has been seen
  const d = S.dialogs[0];
  const waiting = d && d.kind !== "confirm" && S.held && Date.now() < S.held.until;
  const key = d && !waiting ? `${d.kind}:${d.summary ? d.summary.title : d.text}:${d.pause ? "pause" : ""}` : "";
  if (host.dataset.key === key) return;
  host.dataset.key = key;
  if (!d || waiting) { host.replaceChildren(); return; }
  // a summary answers what an alert from the moment before it said ("not your turn")
  if (d.kind === "deal-summary" || d.kind === "match-summary") S.alert = "";
  const titleId = "dialog-title";
  let box;
  if (d.kind === "settings") {
    box = settingsDialog(titleId);
  } else if (d.kind === "confirm") {
    const stale = d.version !== undefined && (!S.msg || S.msg.version !== d.version);
    box = el("div", { class: "dialog", role: "dialog", "aria-modal": "true", "aria-labelledby": titleId, dataset: { dialog: "confirm" } },
      el("h2", { id: titleId }, t("web_confirm_title")),
      el("p", {}, d.text),
      el("div", { class: "row" },
        el("button", { type: "button", class: "primary", dataset: { action: "confirm" }, disabled: stale ? true : null, onclick: () => {
          S.dialogs.shift();
          if (d.newMatch) sendNewMatch(true);
          else if (S.msg && S.msg.version === d.version) { act(d.index); clearSelection(); }
          draw();
        } }, t("web_confirm")),
        el("button", { type: "button", dataset: { action: "cancel" }, onclick: closeDialog }, t("web_cancel"))));
  } else {
    const s = d.summary;
    const over = d.kind === "match-summary";
    // in a break between deals, continuing says this person is ready for the next deal
    const pauseNow = S.msg ? S.msg.present.pause : null;
    const pause = !!(d.pause && pauseNow);
    box = el("div", { class: `dialog summary ${d.kind}`, role: "dialog", "aria-modal": "true", "aria-labelledby": titleId, dataset: pause ? { dialog: d.kind, pause: "1" } : { dialog: d.kind } },
      el("h2", { id: titleId }, s.title),
      summaryTable(s),
      s.lines.length ? el("ul", { class: "lines" }, s.lines.map((x) => el("li", {}, x))) : null,
      pause && pauseNow.coming.length ? el("div", { class: "coming", dataset: { region: "coming" } }, el("h3", {}, t("web_coming")), el("ul", {}, pauseNow.coming.map((x) => el("li", {}, x)))) : null,
      over && s.chart && s.chart.length ? chartEl(s.chart, S.seat, t("web_chart")) : null,
      el("div", { class: "row" },
        el("button", { type: "button", class: "primary", dataset: { action: "continue" }, onclick: pause ? sendReady : closeDialog }, pause ? t("web_next_deal") : t("web_continue")),
        over && S.seat !== null ? el("button", { type: "button", dataset: { action: "new-match" }, onclick: () => { S.dialogs.shift(); sendNewMatch(true); draw(); } }, t("web_new_match")) : null,
        over ? el("a", { class: "button", href: `/replay.html?id=${S.id}&match=${S.msg.match}` }, t("web_replay")) : null,
        reviewLink(S.id, S.msg.match, S.seat, over)));
  }
  host.replaceChildren(el("div", { class: "backdrop" }, box));
  const first = box.querySelector("button.primary:not([disabled])") || box.querySelector("button");
  // (without scrolling: a summary taller than a phone held sideways opens at its title)
  if (first) first.focus({ preventScroll: true });
  box.scrollTop = 0;
}

// A phone turned, a window resized: the hand's fan and the trick's cards are sized for the
// screen, so the table is laid out again (once a frame).
let resizing = 0;
addEventListener("resize", () => {
  if (!resizing) resizing = requestAnimationFrame(() => { resizing = 0; if (S.view) draw(); });
});

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && S.dialogs.length && document.querySelector("[role=dialog]")) closeDialog();
  else if (e.key === "Escape" && S.drawer) { S.drawer = false; draw(); }
});

// The settings menu: the four-colour deck, the turn sound, the pace of others' moves.
/** @param {string} titleId */
function settingsDialog(titleId) {
  /** @param {Partial<import("./settings.js").Settings>} change */
  const set = (change) => {
    S.settings = { ...S.settings, ...change };
    writeSettings(localStorage, S.settings);
    setFourColour(S.settings.four);
    if (change.sound) beep();
    pump();
    document.getElementById("dialogs").dataset.key = "";
    draw();
  };
  /** @param {"four"|"sound"} name @param {string} setting @param {string} label */
  const check = (name, setting, label) => el("label", { class: "field check" },
    el("input", { type: "checkbox", dataset: { setting }, checked: S.settings[name] ? true : null, onchange: (/** @type {Event} */ e) => set({ [name]: /** @type {HTMLInputElement} */ (e.target).checked }) }), label);
  return el("div", { class: "dialog settings", role: "dialog", "aria-modal": "true", "aria-labelledby": titleId, dataset: { dialog: "settings" } },
    el("h2", { id: titleId }, t("web_settings")),
    check("four", "four-colour", t("web_four_colour")),
    check("sound", "sound", t("web_sound")),
    el("fieldset", { class: "pace" }, el("legend", {}, t("web_pace")),
      PACES.map((pace) => el("label", { class: "field check" },
        el("input", { type: "radio", name: "pace", value: pace, dataset: { setting: `pace-${pace}` }, checked: S.settings.pace === pace ? true : null, onchange: () => set({ pace }) }),
        t(`web_pace_${pace}`)))),
    el("div", { class: "row" }, el("button", { type: "button", class: "primary", dataset: { action: "continue" }, onclick: closeDialog }, t("web_close"))));
}

function openSettings() {
  if (S.dialogs.some((d) => d.kind === "settings")) return;
  S.dialogs.unshift({ kind: "settings" });
  draw();
}

// Switching language asks for the frame again in the other language: the selection is
// kept (S.keep), not cleared.
function switchLanguage() {
  if (S.msg) S.keep = { hand: S.msg.present.hand, acts: S.msg.legal_actions, sel: S.sel, pick: S.pick };
  S.msg = null;
  S.queue = [];
  reconnect();
  draw();
}

async function leave() {
  try { await api(`/api/tables/${S.id}/leave`, { method: "POST", token: S.token }); } catch { /* already gone */ }
  forgetSeat(S.id);
  S.closing = true;
  if (S.ws) S.ws.close();
  location.href = "/";
}

document.getElementById("lang-slot").append(
  el("button", { type: "button", class: "top-btn", dataset: { action: "drawer" }, "aria-controls": "side", "aria-expanded": "false", "aria-label": t("web_panel"), title: t("web_panel"), onclick: () => { S.drawer = !S.drawer; draw(); } }, "☰"),
  el("button", { type: "button", class: "top-btn", dataset: { action: "settings" }, "aria-label": t("web_settings"), title: t("web_settings"), onclick: openSettings }, "⚙"),
  languageButton(switchLanguage));
translatePage();
readToken();
if (!S.id) document.getElementById("app").textContent = t("web_not_found");
else connect();
