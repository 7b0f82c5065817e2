// The table page: one WebSocket, the hand, the seats, the legal moves as clickable choices.

import { api, el, forgetSeat, loadSeat, query, saveName, saveSeat, savedName } from "./api.js";
import { cardEl, contains, prettyText, rankKey, sameCards, sortKey } from "./cards.js";
import { getLanguage, languageButton, t, translatePage, word } from "./i18n.js";
import { eventText, historyList, ring, scoreSheet, statusLine, tableDetails } from "./render.js";

const S = {
  id: query("id"),
  seat: null,
  token: null,
  view: null,      // TableView
  msg: null,       // the latest StateMsg
  msgSeat: null,   // the audience S.msg was projected for (a seat, or null: a spectator)
  selected: [],    // indices into the hand
  choosing: null,  // legal-action indices that share the selected cards
  error: null,
  hint: null,
  log: [],
  ws: null,
  retry: 0,
  closing: false,
  socketState: "connecting",
};

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
  // a socket that has been replaced (see reconnectAs) says nothing more: its late messages
  // belong to another audience and its close must not start yet another socket
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "auth", token }));
    if (ws === S.ws) { S.retry = 0; S.socketState = "open"; }
  };
  ws.onmessage = (ev) => { if (ws === S.ws) onMessage(JSON.parse(ev.data)); };
  ws.onclose = (ev) => {
    if (ws !== S.ws) return;
    S.socketState = "closed";
    if (S.closing) return;
    if (ev.code === 4403 && S.token) { forgetSeat(S.id); S.token = null; S.seat = null; }
    if (ev.code === 4404) { S.error = t("not_found"); draw(); return; }
    S.retry = Math.min(S.retry + 1, 8);
    draw();
    setTimeout(connect, 500 * S.retry);
  };
}

// Drop the current socket and connect again with the current token (after joining a seat).
function reconnectAs() {
  const old = S.ws;
  S.ws = null;
  if (old) old.close();
  connect();
}

function send(obj) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(obj));
}

function onMessage(m) {
  // redraw only on a real change: duplicates (same table view, same state version) are common
  if (m.type === "hello") { S.seat = m.seat; }
  else if (m.type === "table") {
    if (S.view && JSON.stringify(S.view) === JSON.stringify(m.table)) return;
    S.view = m.table;
  } else if (m.type === "state") {
    // a duplicate is the same audience's projection of a version already shown; the same
    // version seen by another audience (the spectator view before joining a seat) is not
    if (S.msg && S.msgSeat === S.seat && m.match === S.msg.match && m.version <= S.msg.version) return;
    if (S.msg && m.match !== S.msg.match) S.log = [t("started")];
    S.msg = m;
    S.msgSeat = S.seat;
    S.selected = []; S.choosing = null; S.hint = null; S.error = null;
    for (const e of m.events) S.log.push(eventText(e, S.view, S.seat));
    S.log = S.log.slice(-60);
  } else if (m.type === "error") { S.error = m.message; }
  else if (m.type === "hint") { applyHint(m); }
  else if (m.type === "pong") return;
  draw();
}

function applyHint(m) {
  S.hint = m.action ? prettyText(m.text) : m.text;
  if (m.action && Array.isArray(m.action.cards) && S.msg) {
    const hand = handCards();
    const used = new Set();
    S.selected = [];
    for (const c of m.action.cards) {
      const i = hand.findIndex((h, k) => h === c && !used.has(k));
      if (i >= 0) { used.add(i); S.selected.push(i); }
    }
  }
}

function handCards() {
  const obs = S.msg && S.msg.observation;
  if (!obs || !obs.hand) return [];
  const key = sortMode(obs.game) === "rank" ? rankKey : sortKey;
  return [...obs.hand].sort((a, b) => key(a) - key(b));
}

// How the hand is sorted: by suit (trick games) or by rank (Guandan); the person may switch.
function sortMode(game) {
  return localStorage.getItem(`pakka.sort.${game}`) || (game === "guandan" ? "rank" : "suit");
}

function legal() {
  return S.msg ? S.msg.legal_actions.map((a, i) => ({ a, i, text: S.msg.legal_text[i] ?? a.type })) : [];
}

function act(index) {
  send({ type: "action", action: S.msg.legal_actions[index], version: S.msg.version });
  S.choosing = null;
}

// --- drawing ------------------------------------------------------------------------------

function draw() {
  const app = document.getElementById("app");
  app.replaceChildren(...body());
  if (S.view) document.getElementById("title").textContent = S.view.title;
  document.title = `pakka — ${S.view ? S.view.title : ""}`;
  // for tests and tools: which state is on screen
  document.body.dataset.version = S.msg ? `${S.msg.match}:${S.msg.version}` : "";
  document.body.dataset.over = S.msg && S.msg.observation.result ? "1" : "";
  document.body.dataset.deal = S.msg ? String(S.msg.observation.deal) : "";
}

function body() {
  const out = [];
  if (S.socketState === "closed" && !S.closing) out.push(el("p", { class: "notice" }, t("reconnecting")));
  if (!S.view) return [...out, el("p", {}, S.error || t("connecting"))];
  const v = S.view;
  if (S.seat === null) {
    const free = v.seats.filter((s) => !s.taken).length;
    if (v.status === "open" && free) out.push(joinForm());
    else out.push(el("p", { class: "notice" }, t("spectating")));
  }
  if (v.status === "open") out.push(invitePanel());
  if (S.error) out.push(el("div", { class: "error", role: "alert" }, t("error", { message: prettyText(S.error) })));
  if (!S.msg) return out;
  const obs = S.msg.observation;
  out.push(statusLine(obs, v, S.seat));
  out.push(ring(obs, v, S.seat));
  if (S.seat !== null && ((obs.hand || []).length || S.msg.legal_actions.length)) out.push(handPanel(obs));
  if (obs.result) out.push(overPanel());
  const { details } = tableDetails(obs);
  out.push(el("div", { class: "panels" },
    el("section", { class: "panel wide" }, el("h3", {}, t("scores")), scoreSheet(obs, v, S.seat)),
    el("section", { class: "panel" }, el("h3", {}, t("table")), details),
    el("section", { class: "panel" }, el("h3", {}, t("log")), el("ul", { class: "log" }, S.log.slice(-15).reverse().map((x) => el("li", {}, x)))),
    (obs.history || []).length ? el("section", { class: "panel" }, el("h3", {}, t("history")), historyList(obs, S.view, S.seat)) : null));
  if (S.seat !== null) {
    const link = `${location.origin}/table.html?id=${S.id}#token=${S.token}&seat=${S.seat}`;
    out.push(el("details", { class: "footer" }, el("summary", {}, t("other_device")),
      el("p", { class: "small" }, t("other_device_help")), el("code", { class: "small" }, link)));
    out.push(el("p", { class: "footer" }, el("button", { type: "button", class: "link", onclick: leave }, t("leave"))));
  }
  return out;
}

function joinForm() {
  const input = el("input", { id: "join-name", maxlength: 32, value: savedName(), placeholder: t("your_name") });
  const form = el("form", { class: "join card-panel", onsubmit: async (e) => {
    e.preventDefault();
    try {
      saveName(input.value.trim());
      const r = await api(`/api/tables/${S.id}/join`, { method: "POST", body: { name: input.value } });
      saveSeat(S.id, r.seat, r.token);
      S.token = r.token; S.seat = r.seat;
      reconnectAs();
    } catch (err) { S.error = err.message; draw(); }
  } }, el("h3", {}, t("join_table")), el("label", {}, t("your_name"), " ", input), el("button", { type: "submit", id: "join-btn" }, t("join")));
  return form;
}

function invitePanel() {
  const v = S.view;
  const link = `${location.origin}/join/${v.code}`;
  const free = v.seats.filter((s) => !s.taken).length;
  const copy = el("button", { type: "button", onclick: async () => {
    try { await navigator.clipboard.writeText(link); copy.textContent = t("copied"); } catch { /* no clipboard */ }
  } }, t("copy"));
  return el("div", { class: "invite card-panel" },
    el("p", {}, t("invite", { code: v.code })),
    el("p", {}, el("code", { id: "invite-link" }, link), " ", copy),
    el("p", {}, t("waiting_players", { n: free })),
    el("ul", { class: "seatlist" }, v.seats.map((s) => el("li", {}, `${t("seat_n", { n: s.seat })}: ${s.kind === "bot" ? `${t("bot")} (${t("level_" + (s.level || "random"))})` : s.name || "—"}`))));
}

function handPanel(obs) {
  const hand = handCards();
  const moves = legal();
  const cardMoves = moves.filter((m) => Array.isArray(m.a.cards) && m.a.cards.length > 0);
  const plainMoves = moves.filter((m) => !(Array.isArray(m.a.cards) && m.a.cards.length > 0));
  const singles = cardMoves.every((m) => m.a.cards.length === 1);
  const firstCards = cardMoves.map((m) => m.a.cards[0]);
  const direct = cardMoves.length > 0 && singles && new Set(firstCards).size === firstCards.length;
  const selectedCards = S.selected.map((i) => hand[i]);
  const candidates = cardMoves.filter((m) => contains(m.a.cards, selectedCards));
  const exact = cardMoves.filter((m) => sameCards(m.a.cards, selectedCards));
  const playable = new Map();
  for (const m of candidates) for (const c of m.a.cards) playable.set(c, true);

  const handEl = el("div", { class: "hand", id: "hand" });
  hand.forEach((c, i) => {
    const card = cardEl(c);
    const sel = S.selected.includes(i);
    const ok = direct ? firstCards.includes(c) : playable.has(c) || sel;
    card.classList.add("hand-card");
    if (ok) card.classList.add("playable");
    if (sel) card.classList.add("selected");
    card.tabIndex = 0;
    card.setAttribute("role", "button");
    const click = () => {
      if (direct) {
        const m = cardMoves.find((x) => x.a.cards[0] === c);
        if (m) act(m.i);
        return;
      }
      if (!cardMoves.length) return;
      S.selected = sel ? S.selected.filter((x) => x !== i) : [...S.selected, i];
      S.choosing = null;
      draw();
    };
    card.addEventListener("click", click);
    card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); click(); } });
    handEl.append(card);
  });

  const bar = el("div", { class: "actions", id: "actions" });
  for (const m of plainMoves) {
    bar.append(el("button", { type: "button", class: "move", dataset: { index: m.i }, onclick: () => act(m.i) }, moveText(m.text)));
  }
  if (cardMoves.length && !direct) {
    bar.append(el("button", {
      type: "button", id: "play-btn", class: "primary", disabled: exact.length === 0 ? true : null,
      onclick: () => { if (exact.length === 1) act(exact[0].i); else { S.choosing = exact.map((m) => m.i); draw(); } },
    }, t("play")));
    bar.append(el("button", { type: "button", onclick: () => { S.selected = []; S.choosing = null; draw(); } }, t("clear")));
  }
  if (moves.length) bar.append(el("button", { type: "button", id: "hint-btn", onclick: () => send({ type: "hint", lang: getLanguage() }) }, t("hint")));

  const sortBtn = el("button", { type: "button", class: "link small", id: "sort-btn", onclick: () => {
    localStorage.setItem(`pakka.sort.${obs.game}`, sortMode(obs.game) === "rank" ? "suit" : "rank");
    S.selected = [];
    draw();
  } }, sortMode(obs.game) === "rank" ? t("sort_suit") : t("sort_rank"));
  const out = [el("h3", {}, t("hand"), " ", sortBtn), handEl, bar];
  if (cardMoves.length && !direct) {
    out.push(el("p", { class: "muted small" }, selectedCards.length && !candidates.length ? t("no_match") : t("select_cards")));
  }
  if (S.choosing) {
    out.push(el("div", { class: "choose card-panel", id: "choose" }, el("p", {}, t("choose_which")),
      S.choosing.map((i) => el("button", { type: "button", class: "move", dataset: { index: i }, onclick: () => act(i) }, moveText(S.msg.legal_text[i])))));
  }
  if (S.hint) out.push(el("p", { class: "hint", id: "hint" }, t("hint_is", { text: S.hint })));
  if (moves.length > 1) {
    const list = el("details", { class: "all-moves" }, el("summary", {}, t("all_moves", { n: moves.length })),
      el("div", {}, moves.slice(0, 300).map((m) => el("button", { type: "button", class: "move small", dataset: { index: m.i }, onclick: () => act(m.i) }, moveText(m.text)))));
    out.push(list);
  }
  return el("section", { class: `hand-panel${moves.length ? " my-turn" : ""}` }, ...out);
}

// An action's notation for people: card tokens as symbols, known words translated.
function moveText(text) {
  return String(text).split(/(\s+|:)/).map((w) => (/^\s+$|^:$/.test(w) ? w : prettyText(word(w)))).join("");
}

function overPanel() {
  const v = S.view;
  const box = el("div", { class: "over card-panel" });
  if (S.seat !== null) {
    box.append(el("button", { type: "button", id: "rematch-btn", class: "primary", onclick: async () => {
      try { await api(`/api/tables/${S.id}/rematch`, { method: "POST", token: S.token }); } catch (err) { S.error = err.message; draw(); }
    } }, t("rematch")));
  }
  box.append(" ", el("a", { href: `/replay.html?id=${S.id}&match=${S.msg.match}`, id: "replay-link" }, t("replay")));
  return box;
}

async function leave() {
  try { await api(`/api/tables/${S.id}/leave`, { method: "POST", token: S.token }); } catch { /* already gone */ }
  forgetSeat(S.id);
  S.closing = true;
  if (S.ws) S.ws.close();
  location.href = "/";
}

document.getElementById("lang-slot").append(languageButton(draw));
translatePage();
readToken();
if (!S.id) document.getElementById("app").textContent = t("not_found");
else connect();
