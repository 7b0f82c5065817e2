// The table page: one WebSocket; everything shown comes from the presentation each state
// frame carries (`present`, in the person's language) and from GET /api/games/{game}.
// There is no game-specific code here: seats, badges, facts, the trick, the hand's order,
// the labels of the legal actions and the summaries are the server's words.
// The page's semantics (data-card, data-action, data-choice, data-seat, data-region,
// data-dialog, aria-pressed, aria-disabled, aria-current, the live regions) are an
// interface that screen readers and the tests share: see docs/web.md before changing them.

import { api, el, forgetSeat, loadSeat, query, saveName, saveSeat, savedName } from "./api.js";
import { cardEl, cardName, cardsEl, contains, sameCards } from "./cards.js";
import { getLanguage, has, languageButton, t, tn, translatePage } from "./i18n.js";
import { chartEl, commitLabel, seatSlots, summaryTable } from "./table-parts.js";

const PASS_TYPE = "pass";

const S = {
  id: query("id"),
  seat: null,
  token: null,
  view: null,       // TableView
  meta: null,       // GameMeta of the table's game
  msg: null,        // the latest state frame
  msgSeat: null,    // the audience S.msg was projected for
  sel: [],          // selected hand positions, in the order they were clicked
  pick: null,       // the chosen legal action (index), from a choice, a reading or a hint
  hint: null,       // {version, list: [{index, text}], at}
  held: null,       // {trick, until}: a finished trick kept on the table
  lastTrick: null,  // the last finished trick seen in this deal
  showLast: false,
  dialogs: [],      // waiting dialogs: {kind, summary} or {kind: "confirm", ...}
  alert: "",
  log: [],
  drawnTrick: new Set(),
  ws: null,
  retry: 0,
  closing: false,
  socketState: "connecting",
  shownMatchSummary: null,
};

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
    if (ws === S.ws) { S.retry = 0; S.socketState = "open"; }
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

function send(obj) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(obj));
}

async function loadMeta(game) {
  if (S.meta && S.meta.name === game) return;
  try { S.meta = await api(`/api/games/${encodeURIComponent(game)}`); draw(); } catch { /* drawn clockwise */ }
}

function onMessage(m) {
  if (m.type === "hello") { S.seat = m.seat; return; }
  if (m.type === "table") {
    if (S.view && JSON.stringify(S.view) === JSON.stringify(m.table)) return;
    S.view = m.table;
    loadMeta(m.table.game);
  } else if (m.type === "state") {
    // a duplicate is the same audience's projection of a version already shown (in the
    // same language); another audience's or language's is not
    if (S.msg && S.msgSeat === S.seat && m.match === S.msg.match && m.version < S.msg.version) return;
    if (S.msg && S.msgSeat === S.seat && m.match === S.msg.match && m.version === S.msg.version
        && m.present.lang === S.msg.present.lang) return;
    newState(m);
  } else if (m.type === "error") {
    S.alert = errorText(m);
  } else if (m.type === "hint") {
    takeHint(m);
  } else return;
  draw();
}

function newState(m) {
  const before = S.msg;
  const p = m.present;
  if (before && m.match !== before.match) {
    S.log = []; S.lastTrick = null; S.held = null; S.dialogs = []; S.shownMatchSummary = null;
  }
  S.msg = m;
  S.msgSeat = S.seat;
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
      if (ms > 0) setTimeout(draw, ms + 20);
    }
    if (p.deal_summary) S.dialogs.push({ kind: "deal-summary", summary: breakSummary(p) || p.deal_summary });
    if (p.last_trick && !p.won) S.lastTrick = p.last_trick;
  }
  // the break between deals (docs/protocol.md): after a reload the summary comes back
  if (p.pause && p.pause.you_reading && S.readyFor !== `${m.match}:${m.version}` && !S.dialogs.some((d) => d.kind === "deal-summary")) S.dialogs.push({ kind: "deal-summary", summary: breakSummary(p) });
  if (p.match_summary && S.shownMatchSummary !== m.match) {
    S.shownMatchSummary = m.match;
    S.dialogs.push({ kind: "match-summary", summary: p.match_summary });
  }
  announce([...(fresh ? p.sentences : []), p.prompt].join(" "));
}

function trickSeconds() {
  const v = S.view && typeof S.view.trick_seconds === "number" ? S.view.trick_seconds : 1.5;
  return Math.max(0, Math.min(10, v));
}

function errorText(m) {
  if (m.code === "rate_limited" && m.retry_after > 0) return t("web_error_rate_limited_in", { n: Math.ceil(m.retry_after) });
  const key = `web_error_${m.code}`;
  return has(key) ? t(key) : t("web_error_other");
}

// --- selection ----------------------------------------------------------------------------

function hand() { return S.msg ? S.msg.present.hand : []; }
function legal() { return S.msg ? S.msg.legal_actions : []; }
function myTurn() { return legal().length > 0; }
function cardsOf(a) { return Array.isArray(a.cards) ? a.cards : []; }
function isCardAction(a) { return cardsOf(a).length > 0; }

// A stable text for an action (JSON with sorted keys): to find it again in the next frame.
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  if (v && typeof v === "object") return `{${Object.keys(v).sort().map((k) => `${k}:${canon(v[k])}`).join(",")}}`;
  return JSON.stringify(v);
}

// The value of a choice button: the action's words in the JSON, never shown.
function choiceValue(a) {
  const parts = [];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type" || k === "cards") continue;
    parts.push(v && typeof v === "object" ? Object.values(v).join("-") : String(v));
  }
  return parts.join(" ") || a.type;
}

function selectedCards() { return S.sel.map((i) => hand()[i]); }

// A new frame keeps what the person had chosen while it still makes sense: in phases where
// everyone acts at once the other seats' moves must not clear it.
function keepSelection(before, m) {
  if (!before || !m.legal_actions.length || before.match !== m.match) { clearSelection(); return; }
  const oldHand = before.present.hand;
  const newHand = m.present.hand;
  const used = new Set();
  const sel = [];
  for (const i of S.sel) {
    const code = oldHand[i];
    const j = newHand.findIndex((c, k) => c === code && !used.has(k));
    if (j >= 0) { used.add(j); sel.push(j); }
  }
  const usable = new Set(m.legal_actions.flatMap(cardsOf));
  S.sel = sel.filter((i) => usable.has(newHand[i]));
  if (S.pick !== null) {
    const was = before.legal_actions[S.pick];
    const now = was ? m.legal_actions.findIndex((a) => canon(a) === canon(was)) : -1;
    S.pick = now >= 0 ? now : null;
  }
  if (S.hint && S.hint.version !== m.version) S.hint = null;
}

function singlesOnly(acts) { return acts.filter(isCardAction).every((a) => cardsOf(a).length === 1); }

function clearSelection() { S.sel = []; S.pick = null; S.hint = null; }

// Which legal actions the current selection means (most exact first).
function matching() {
  const acts = legal();
  const cards = selectedCards();
  if (S.pick !== null && acts[S.pick]) {
    const a = acts[S.pick];
    if (isCardAction(a) ? sameCards(cardsOf(a), cards) : cards.length === 0) return [S.pick];
  }
  if (!cards.length) return [];
  const ordered = acts.map((a, i) => i).filter((i) => cardsOf(acts[i]).join(" ") === cards.join(" "));
  if (ordered.length) return ordered;
  return acts.map((a, i) => i).filter((i) => isCardAction(acts[i]) && sameCards(cardsOf(acts[i]), cards));
}

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
  const singles = acts.filter(isCardAction).every((a) => cardsOf(a).length === 1);
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

function choose(index) {
  const a = legal()[index];
  if (!a) return;
  S.alert = "";
  if (S.pick === index) { S.pick = null; draw(); return; }
  S.pick = index;
  if (!isCardAction(a)) S.sel = [];
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

function act(index) {
  send({ type: "action", action: S.msg.legal_actions[index], version: S.msg.version });
}

// --- hints --------------------------------------------------------------------------------

function askHint() {
  if (!myTurn()) { S.alert = t("web_not_your_turn", { prompt: S.msg.present.prompt }); draw(); return; }
  if (S.hint && S.hint.version === S.msg.version && S.hint.list.length > 1) {
    S.hint.at = (S.hint.at + 1) % S.hint.list.length;
    applyHint();
    draw();
    return;
  }
  send({ type: "hint", lang: getLanguage() });
}

function takeHint(m) {
  if (!S.msg) return;
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
function announce(text) {
  if (!text || text === lastAnnounced) return;
  lastAnnounced = text;
  const live = document.getElementById("live");
  if (live) live.textContent = text;
}

function focusKey(e) {
  if (!e || !e.dataset) return null;
  for (const k of ["action", "choice", "dialog"]) if (e.dataset[k]) return `[data-${k}="${e.dataset[k]}"]`;
  if (e.dataset.pos) return `[data-pos="${e.dataset.pos}"]`;
  if (e.id) return `#${e.id}`;
  return null;
}

// --- drawing ------------------------------------------------------------------------------

function draw() {
  const app = document.getElementById("app");
  const key = focusKey(document.activeElement);
  app.replaceChildren(...body());
  drawDialog();
  const alert = document.getElementById("alert");
  if (alert.textContent !== S.alert) alert.textContent = S.alert;
  alert.hidden = !S.alert;
  const title = S.msg ? S.msg.present.title : S.view ? S.view.title : "pakka";
  document.getElementById("title").textContent = title;
  document.title = `pakka — ${title}`;
  const over = !!(S.msg && S.msg.observation.result);
  document.body.dataset.version = S.msg ? `${S.msg.match}:${S.msg.version}` : "";
  document.body.dataset.over = over ? "1" : "";
  document.body.dataset.deal = S.msg ? String(S.msg.observation.deal) : "";
  document.body.dataset.turn = S.msg && myTurn() ? "1" : "";
  if (key && !document.querySelector("[role=dialog]")) {
    const again = document.querySelector(key);
    if (again) again.focus({ preventScroll: true });
  }
}

function body() {
  const out = [];
  if (S.socketState === "closed" && !S.closing) out.push(el("p", { class: "notice" }, t("web_reconnecting")));
  if (!S.view) return [...out, el("p", {}, t("web_connecting"))];
  const v = S.view;
  if (S.seat === null) {
    const free = v.seats.filter((s) => !s.taken).length;
    if (v.status === "open" && free) out.push(joinForm());
    else out.push(el("p", { class: "notice" }, t("web_spectating")));
  }
  if (v.status === "open") out.push(invitePanel());
  if (!S.msg) return out;
  const p = S.msg.present;
  out.push(el("div", { class: `status${myTurn() ? " mine" : ""}${S.msg.observation.result ? " over" : ""}`, id: "status" },
    el("span", { class: "status-line" }, p.status),
    el("strong", { class: "prompt", id: "prompt" }, p.prompt)));
  if (p.facts.length) out.push(factsEl(p.facts));
  out.push(tableEl(p));
  if (S.seat !== null && (p.hand.length || legal().length)) out.push(handPanel(p));
  out.push(el("div", { class: "panels" },
    p.sheet ? el("section", { class: "panel", id: "sheet" }, el("h2", {}, p.sheet.title), summaryTable(p.sheet)) : null,
    el("section", { class: "panel", id: "log" }, el("h2", {}, t("web_log")),
      el("ol", { class: "log" }, S.log.slice(-20).reverse().map((x) => el("li", {}, x))))));
  out.push(footer());
  return out;
}

function factsEl(facts) {
  let trumpShown = false;
  return el("dl", { class: "facts", id: "facts" }, facts.map((f) => {
    const isTrump = f.kind === "trump" && f.cards.length && !trumpShown;
    if (isTrump) trumpShown = true;
    return el("div", { class: `fact tone-${f.tone}`, dataset: { fact: f.kind, region: isTrump ? "trump" : undefined } },
      el("dt", {}, f.label),
      el("dd", {}, f.cards.length && isTrump ? cardsEl(f.cards) : null, " ", f.text));
  }));
}

// The table: the seats round it (you at the bottom, in the game's direction), the trick in
// the middle, each play in front of the seat that made it.
function tableEl(p) {
  const n = p.seats.length;
  const me = S.seat === null ? 0 : S.seat;
  const dir = S.meta && S.meta.seat_direction === "counterclockwise" ? "counterclockwise" : "clockwise";
  const slots = seatSlots(n, dir);
  const slotOf = new Map();
  for (let k = 0; k < n; k++) slotOf.set((me + k) % n, slots[k]);
  const box = el("div", { class: `felt n${n}`, id: "table" });
  for (const s of p.seats) box.append(seatEl(s, slotOf.get(s.seat)));
  box.append(trickEl(p, slotOf));
  return box;
}

function seatEl(s, slot) {
  const sv = S.view && S.view.seats ? S.view.seats[s.seat] : null;
  const flags = [];
  if (sv && sv.away) flags.push(el("span", { class: "badge tone-warn" }, t("web_away")));
  else if (sv && sv.kind === "person" && sv.taken && !sv.connected && s.seat !== S.seat) flags.push(el("span", { class: "badge tone-muted" }, t("web_offline")));
  if (S.view && Array.isArray(S.view.new_match) && S.view.new_match.includes(s.seat)) flags.push(el("span", { class: "badge tone-info" }, t("web_new_match_asked_badge")));
  const score = /^-?\d+(\.\d+)?$/.test(s.score) ? t("web_points", { n: s.score }) : s.score;
  const cls = ["seat", `slot-${slot}`];
  if (s.to_act) cls.push("to-act");
  if (s.you) cls.push("me");
  if (s.partner) cls.push("partner");
  if (s.team !== null && s.team !== undefined) cls.push(`team-${s.team % 4}`);
  return el("section", { class: cls.join(" "), dataset: { seat: s.seat }, "aria-current": s.to_act ? "true" : null, "aria-label": s.name },
    el("div", { class: "seat-head" },
      el("span", { class: "seat-name" }, s.name),
      typeof s.cards === "number" ? el("span", { class: "backs", title: t("web_cards_left", { n: s.cards }), "aria-label": t("web_cards_left", { n: s.cards }) }, el("span", { class: "back", "aria-hidden": "true" }), String(s.cards)) : null),
    s.score ? el("div", { class: "seat-score" }, score) : null,
    el("div", { class: "badges" }, ...flags, s.badges.map((b) => el("span", { class: `badge tone-${b.tone}`, dataset: { badge: b.kind } }, b.text, b.cards.length ? cardsEl(b.cards, { small: true }) : null))));
}

function shownTrick(p) {
  if (S.showLast && S.lastTrick) return { trick: S.lastTrick, last: true };
  if (S.held && Date.now() < S.held.until) return { trick: S.held.trick, last: false };
  S.held = null;
  return { trick: p.trick, last: false };
}

function trickEl(p, slotOf) {
  const { trick, last } = shownTrick(p);
  const region = el("div", { class: `trick${trick && trick.finished ? " finished" : ""}${last ? " last" : ""}`, dataset: { region: "trick" }, "aria-label": last ? t("web_last_trick") : t("web_trick") });
  if (!trick) { S.drawnTrick = new Set(); return el("div", { class: "middle" }, region); }
  // the latest play of each seat stands in front of it (Guandan's tricks go round several times)
  const latest = new Map();
  trick.plays.forEach((pl, i) => latest.set(pl.seat === null ? `x${i}` : pl.seat, { pl, i }));
  const drawn = new Set();
  for (const { pl, i } of latest.values()) {
    const slot = pl.seat === null ? "center" : slotOf.get(pl.seat) || "center";
    const mark = trick.finished && pl.winner;
    const cards = el("span", { class: "cards" }, pl.cards.map((c, k) => {
      const e = cardEl(c);
      e.dataset.seat = pl.seat === null ? "none" : String(pl.seat);
      if (mark) e.dataset.winner = "true";
      const id = `${pl.seat}:${i}:${k}:${c}`;
      drawn.add(id);
      if (!S.drawnTrick.has(id) && !last) e.classList.add("fresh");
      return e;
    }));
    region.append(el("div", { class: `play slot-${slot}${mark ? " winner" : ""}${pl.winner && !trick.finished ? " holds" : ""}` },
      pl.cards.length ? cards : null,
      el("span", { class: "who" }, pl.label, pl.note ? el("span", { class: "note" }, ` · ${pl.note}`) : null)));
  }
  S.drawnTrick = drawn;
  return el("div", { class: "middle" }, region, trick.caption ? el("p", { class: "caption" }, last ? `${t("web_last_trick")}: ${trick.caption}` : trick.caption) : null);
}

function handPanel(p) {
  const acts = legal();
  const h = p.hand;
  const wild = new Set(p.wild);
  const usable = new Set(acts.flatMap(cardsOf));
  const selCards = selectedCards();
  const reachable = new Set();
  for (const a of acts) if (isCardAction(a) && contains(cardsOf(a), selCards)) for (const c of cardsOf(a)) reachable.add(c);
  const handEl = el("div", { class: "hand", id: "hand", role: "group", "aria-label": t("web_hand") });
  h.forEach((c, i) => {
    const b = cardEl(c, { tag: "button" });
    b.type = "button";
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
  const choiceEl = (i) => el("button", { type: "button", class: "choice", dataset: { choice: choiceValue(acts[i]) }, "aria-pressed": S.pick === i ? "true" : "false", onclick: () => choose(i) }, p.actions[i] || "");
  const choiceBox = choices.length || showReadings
    ? el("div", { class: "choices", id: "choices", role: "group", "aria-label": showReadings ? t("web_readings") : t("web_choices") },
      [...choices, ...(showReadings ? readings : [])].map(choiceEl))
    : null;

  const pass = acts.findIndex((a) => a.type === PASS_TYPE);
  const commitType = commitTypeOf(acts);
  const bar = el("div", { class: "actions", id: "actions" },
    el("button", { type: "button", class: "primary", dataset: { action: "play" }, disabled: acts.length && commitType ? null : true, onclick: commit }, commitLabel(commitType)),
    pass >= 0 ? el("button", { type: "button", dataset: { action: "pass" }, "aria-pressed": S.pick === pass ? "true" : "false", onclick: () => act(pass) }, p.actions[pass] || t("web_pass")) : null,
    el("button", { type: "button", dataset: { action: "hint" }, disabled: acts.length ? null : true, onclick: askHint }, t("web_hint")),
    el("button", { type: "button", dataset: { action: "clear" }, disabled: S.sel.length || S.pick !== null ? null : true, onclick: () => { clearSelection(); S.alert = ""; draw(); } }, t("web_clear")),
    el("button", { type: "button", dataset: { action: "last-trick" }, "aria-pressed": S.showLast ? "true" : "false", disabled: S.lastTrick ? null : true, onclick: () => { S.showLast = !S.showLast; draw(); } }, t("web_last_trick")));

  const notes = [];
  const one = m.length === 1 ? m[0] : S.pick;
  if (one !== null && one !== undefined && acts[one]) notes.push(el("p", { class: "preview", id: "preview" }, t("web_selected_move", { move: p.actions[one] || "" })));
  if (S.hint && S.hint.version === S.msg.version) {
    const { index, reason } = S.hint.list[S.hint.at];
    const more = S.hint.list.length > 1 ? ` (${t("web_hint_of", { n: S.hint.at + 1, total: S.hint.list.length })})` : "";
    notes.push(el("p", { class: "hint", id: "hint" }, t("web_hint_is", { move: p.actions[index] || "" }), reason ? ` — ${reason}` : "", more));
  }
  return el("section", { class: `hand-panel${acts.length ? " my-turn" : ""}`, id: "hand-panel", "aria-label": t("web_hand") },
    el("h2", { class: "sr-only" }, t("web_hand")), handEl, choiceBox, bar, ...notes);
}

// The type of the phase's primary commit (what the Play button does): the card actions'
// type, else the choices' type.
function commitTypeOf(acts) {
  const cards = acts.find((a) => isCardAction(a));
  if (cards) return cards.type;
  const other = acts.find((a) => a.type !== PASS_TYPE);
  return other ? other.type : acts.length ? acts[0].type : null;
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
  const d = S.dialogs.shift();
  const p = S.msg && S.msg.present;
  if (d && d.kind === "deal-summary" && p && p.pause) { S.readyFor = `${S.msg.match}:${S.msg.version}`; send({ type: "ready" }); }
  draw();
}

// The break's summary with how the next deal began (Guandan's tribute) under it.
function breakSummary(p) {
  return p.pause ? { ...p.pause.summary, lines: [...p.pause.summary.lines, ...p.pause.coming] } : null;
}

function drawDialog() {
  const host = document.getElementById("dialogs");
  // a summary waits until the trick that ended the deal has been seen
  const d = S.dialogs[0];
  const waiting = d && d.kind !== "confirm" && S.held && Date.now() < S.held.until;
  const key = d && !waiting ? `${d.kind}:${d.summary ? d.summary.title : d.text}` : "";
  if (host.dataset.key === key) return;
  host.dataset.key = key;
  if (!d || waiting) { host.replaceChildren(); return; }
  const titleId = "dialog-title";
  let box;
  if (d.kind === "confirm") {
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
    box = el("div", { class: `dialog summary ${d.kind}`, role: "dialog", "aria-modal": "true", "aria-labelledby": titleId, dataset: { dialog: d.kind } },
      el("h2", { id: titleId }, s.title),
      summaryTable(s),
      s.lines.length ? el("ul", { class: "lines" }, s.lines.map((x) => el("li", {}, x))) : null,
      over && s.chart && s.chart.length ? chartEl(s.chart, S.seat, t("web_chart")) : null,
      el("div", { class: "row" },
        el("button", { type: "button", class: "primary", dataset: { action: "continue" }, onclick: closeDialog }, t("web_continue")),
        over && S.seat !== null ? el("button", { type: "button", dataset: { action: "new-match" }, onclick: () => { S.dialogs.shift(); sendNewMatch(true); draw(); } }, t("web_new_match")) : null,
        over ? el("a", { class: "button", href: `/replay.html?id=${S.id}&match=${S.msg.match}` }, t("web_replay")) : null));
  }
  host.replaceChildren(el("div", { class: "backdrop" }, box));
  const first = box.querySelector("button.primary:not([disabled])") || box.querySelector("button");
  if (first) first.focus();
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && S.dialogs.length && document.querySelector("[role=dialog]")) closeDialog();
});

async function leave() {
  try { await api(`/api/tables/${S.id}/leave`, { method: "POST", token: S.token }); } catch { /* already gone */ }
  forgetSeat(S.id);
  S.closing = true;
  if (S.ws) S.ws.close();
  location.href = "/";
}

document.getElementById("lang-slot").append(languageButton(() => { S.msg = null; reconnect(); draw(); }));
translatePage();
readToken();
if (!S.id) document.getElementById("app").textContent = t("web_not_found");
else connect();
