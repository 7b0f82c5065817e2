// Drawing an observation: the envelope (game, seat, deal, phase, to_act, hand, players,
// table, scores, history, result) generically, with small per-game touches where the
// `table` part needs them.  Shared by the table page and the replay viewer.

import { el } from "./api.js";
import { asCards, cardEl, cardsEl, isCard, isCardList, prettyText } from "./cards.js";
import { t, word } from "./i18n.js";

// Seats are drawn round the table in the direction the rules give (DESIGN.md).
const COUNTER_CLOCKWISE = new Set(["guandan"]);
// Table entries shown large in the middle of the table, in this order.
const FEATURED = ["top", "trick", "current", "last_trick", "last_round", "turned", "dummy_top", "trump"];
const SUIT_NAMES = { S: "♠", H: "♥", D: "♦", C: "♣" };
// Per-game additions to the middle of the table: (obs, view, mySeat) => Node | null.
export const RENDERERS = {
  // Guandan: the level being played and each team's level (team 0 = seats 0 and 2).
  guandan(obs, view, mySeat) {
    const tbl = obs.table || {};
    if (!tbl.level) return null;
    const teams = (tbl.levels || []).map((lv, team) => {
      const members = [0, 1, 2, 3].filter((s) => s % 2 === team).map((s) => seatName(view, s, mySeat)).join(" & ");
      return el("div", { class: "small" }, `${members}: ${lv}`);
    });
    return el("div", { class: "feat feat-level" }, el("div", { class: "feat-label" }, word("level")),
      el("span", { class: "big" }, String(tbl.level)), ...teams);
  },
};

export function seatName(view, seat, mySeat) {
  const s = view && view.seats && view.seats[seat];
  let name = s && s.name ? s.name : t("seat_n", { n: seat });
  if (s && s.kind === "bot" && !s.name) name = `${t("Bot")} ${seat} (${t("level_" + (s.level || "random"))})`;
  if (seat === mySeat) name += ` (${t("you")})`;
  return name;
}

export function names(view, seats, mySeat) {
  return seats.map((s) => seatName(view, s, mySeat)).join(", ");
}

export function valueEl(v, depth = 0) {
  if (v === null || v === undefined) return el("span", { class: "muted" }, "–");
  if (typeof v === "boolean") return el("span", {}, v ? "✓" : "✗");
  if (isCard(v)) return cardEl(v, { small: true });
  if (asCards(v)) return cardsEl(asCards(v), { small: true });
  if (typeof v === "string" && v in SUIT_NAMES) return suitEl(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return el("span", { class: "muted" }, "–");
    if (v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x))) return objectTable(v);
    if (v.every((x) => Array.isArray(x))) return arrayTable(v);
    if (v.some((x) => x !== null && typeof x === "object") || v.some(isCardList)) {
      return el("span", { class: "list" }, v.map((x) => el("span", { class: "item" }, valueEl(x, depth + 1))));
    }
    return el("span", {}, v.map((x) => (isCard(x) ? x : word(x))).join(", "));
  }
  if (typeof v === "object") {
    if (depth > 3) return el("code", {}, JSON.stringify(v));
    return dl(v, depth + 1);
  }
  if (typeof v === "string") return el("span", {}, prettyText(word(v)));
  return el("span", {}, String(v));
}

function suitEl(v, cls = "") {
  return el("span", { class: `suit-mark ${v === "H" || v === "D" ? "red" : "black"} ${cls}` }, SUIT_NAMES[v]);
}

// A compact text for small records in logs and histories ({type, key} combos, plays).
export function shortText(x, view, mySeat) {
  if (x === null || x === undefined) return "–";
  if (typeof x === "string") return prettyText(word(x));
  if (Array.isArray(x)) return x.map((y) => shortText(y, view, mySeat)).join(" ");
  if (typeof x !== "object") return String(x);
  if ("type" in x && "key" in x && Object.keys(x).length === 2) return `${word(x.type)} ${x.key}`;
  const bits = [];
  for (const [k, v] of Object.entries(x)) {
    if (v === null || v === undefined) continue;
    if ((k === "seat" || k === "from" || k === "to") && typeof v === "number" && view) bits.push(`${k === "seat" ? "" : word(k) + " "}${seatName(view, v, mySeat)}`);
    else if (k === "type") bits.push(word(v));
    else bits.push(`${k === "cards" || k === "card" ? "" : word(k) + " "}${shortText(v, view, mySeat)}`);
  }
  return bits.join(", ");
}

function dl(obj, depth = 0, skipEmpty = true) {
  const d = el("dl", { class: "kv" });
  for (const [k, v] of Object.entries(obj)) {
    if (skipEmpty && (v === null || v === false || (Array.isArray(v) && v.length === 0))) continue;
    d.append(el("dt", {}, word(k)), el("dd", {}, valueEl(v, depth)));
  }
  return d;
}

function objectTable(rows) {
  const cols = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  return el("div", { class: "scroll" }, el("table", { class: "sheet" },
    el("thead", {}, el("tr", {}, cols.map((c) => el("th", {}, word(c))))),
    el("tbody", {}, rows.map((r) => el("tr", {}, cols.map((c) => el("td", {}, valueEl(r[c], 3))))))));
}

function arrayTable(rows) {
  return el("div", { class: "scroll" }, el("table", { class: "sheet" },
    el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c) => el("td", {}, valueEl(c, 3))))))));
}

export function statusLine(obs, view, mySeat) {
  if (obs.result) {
    const winners = obs.result.winners || [];
    return el("div", { class: "status over" }, `${t("match_over")}. ${t("winner", { names: names(view, winners, mySeat) })}`);
  }
  const parts = [];
  if (typeof obs.deal === "number") parts.push(t("deal", { n: obs.deal }));
  if (obs.phase) parts.push(`${t("phase")}: ${word(obs.phase)}`);
  const toAct = obs.to_act || [];
  const mine = mySeat !== null && mySeat !== undefined && toAct.includes(mySeat);
  const others = toAct.filter((s) => s !== mySeat);
  let who = "";
  if (mine) who = t("your_turn");
  if (others.length) who += (who ? " · " : "") + t("waiting_for", { names: names(view, others, mySeat) });
  return el("div", { class: "status" + (mine ? " mine" : "") }, el("span", {}, parts.join(" · ")), el("strong", {}, who));
}

function playerInfo(p) {
  const box = el("div", { class: "pinfo" });
  for (const [k, v] of Object.entries(p)) {
    if (k === "seat" || k === "cards") continue;
    if (v === null || v === false || v === 0 || (Array.isArray(v) && v.length === 0)) continue;
    if (v === true) box.append(el("span", { class: "badge" }, word(k)));
    else if (asCards(v)) {
      const cs = asCards(v);
      box.append(el("span", { class: "chip" }, `${word(k)}: `, cs.length <= 16 ? cardsEl(cs, { small: true }) : t("cards_n", { n: cs.length })));
    } else if (Array.isArray(v)) {
      box.append(el("span", { class: "chip" }, `${word(k)}: `, v.length > 4 ? String(v.length) : v.map(word).join(", ")));
    } else if (typeof v === "object") {
      box.append(el("span", { class: "chip" }, `${word(k)}: `, valueEl(v, 2)));
    } else box.append(el("span", { class: "chip" }, `${word(k)}: ${prettyText(word(v))}`));
  }
  return box;
}

// Entries of `table` that hold one value per seat (e.g. Anarchy's contracts).
function perSeat(obs) {
  const n = obs.players_count || 0;
  const out = {};
  for (const [k, v] of Object.entries(obs.table || {})) {
    if (/order|level|pass|fail|winner/.test(k)) continue;  // lists of seats or per team, not per seat
    if (Array.isArray(v) && v.length === n && n > 2 && v.every((x) => x === null || typeof x !== "object")) out[k] = v;
  }
  return out;
}

function seatBox(obs, view, mySeat, seat) {
  const p = { ...((obs.players || []).find((x) => x.seat === seat) || { seat }) };
  for (const [k, v] of Object.entries(perSeat(obs))) if (!(k in p) && !(k.replace(/s$/, "") in p)) p[k.replace(/s$/, "")] = v[seat];
  const sv = view && view.seats ? view.seats[seat] : null;
  const toAct = (obs.to_act || []).includes(seat);
  const dealer = obs.table && obs.table.dealer === seat;
  const flags = [];
  if (dealer) flags.push(el("span", { class: "badge dealer", title: t("dealer") }, "D"));
  if (sv && sv.away) flags.push(el("span", { class: "badge warn" }, t("away")));
  else if (sv && sv.kind === "person" && sv.taken && !sv.connected && seat !== mySeat) flags.push(el("span", { class: "badge muted" }, t("offline")));
  const score = obs.scores && obs.scores.length > seat ? obs.scores[seat] : null;
  return el("div", { class: `seat${toAct ? " to-act" : ""}${seat === mySeat ? " me" : ""}`, dataset: { seat } },
    el("div", { class: "seat-name" }, seatName(view, seat, mySeat), ...flags),
    el("div", { class: "seat-line" },
      typeof p.cards === "number" ? el("span", { class: "backs", title: t("cards_n", { n: p.cards }) }, `🂠 ${p.cards}`) : null,
      score !== null ? el("span", { class: "score" }, `${t("score")}: ${score}`) : null),
    playerInfo(p));
}

// The seats in a ring, the viewer at the bottom; the middle shows the featured table parts.
export function ring(obs, view, mySeat) {
  const n = obs.players_count || (obs.players || []).length;
  const me = mySeat === null || mySeat === undefined ? 0 : mySeat;
  const dir = COUNTER_CLOCKWISE.has(obs.game) ? -1 : 1;
  const box = el("div", { class: `ring n${n}` });
  for (let k = 0; k < n; k++) {
    const seat = (me + k) % n;
    const phi = ((90 + dir * k * (360 / n)) * Math.PI) / 180;
    const x = 50 + 40 * Math.cos(phi);
    const y = 50 + 38 * Math.sin(phi);
    const b = seatBox(obs, view, mySeat, seat);
    b.style.top = `${y}%`;
    // seats at the sides hug the edge so that a narrow screen does not cut them off
    if (x < 30) { b.style.left = "1%"; b.style.transform = "translate(0, -50%)"; }
    else if (x > 70) { b.style.right = "1%"; b.style.transform = "translate(0, -50%)"; }
    else b.style.left = `${x}%`;
    box.append(b);
  }
  box.append(el("div", { class: "middle" }, middle(obs, view, mySeat)));
  return box;
}

function middle(obs, view, mySeat) {
  const tbl = obs.table || {};
  const wrap = el("div", { class: "featured" });
  const custom = RENDERERS[obs.game];
  const extra = custom ? custom(obs, view, mySeat) : null;
  if (extra) wrap.append(extra);
  for (const k of FEATURED) {
    const v = tbl[k];
    if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    const label = ["trick", "last_trick", "last_round"].includes(k) ? t(k) : word(k);
    wrap.append(el("div", { class: `feat feat-${k}` }, el("div", { class: "feat-label" }, label), featuredValue(v, view, mySeat)));
  }
  return wrap;
}

function featuredValue(v, view, mySeat) {
  if (typeof v === "string" && v in SUIT_NAMES) return suitEl(v, "big");
  if (isCard(v)) return cardEl(v);
  if (asCards(v)) return cardsEl(asCards(v));
  if (typeof v === "string") return el("span", { class: "big" }, word(v));
  if (Array.isArray(v)) {
    // a trick as [{seat, cards|card}, ...] or [[seat, card], ...]
    return el("span", { class: "cards" }, v.map((x) => {
      if (isCard(x)) return cardEl(x);
      if (x && typeof x === "object" && !Array.isArray(x)) {
        const cs = asCards(x.cards) || asCards(x.card);
        return el("span", { class: "played" }, cs ? cardsEl(cs) : valueEl(x), x.seat !== undefined ? el("small", {}, seatName(view, x.seat, mySeat)) : null);
      }
      return valueEl(x);
    }));
  }
  if (typeof v === "object" && v && asCards(v.cards)) {
    const rest = { ...v };
    const cards = asCards(v.cards);
    delete rest.cards;
    const who = typeof rest.seat === "number" ? seatName(view, rest.seat, mySeat) : null;
    delete rest.seat;
    if (rest.type === "play") delete rest.type;
    return el("div", {}, cardsEl(cards), el("div", { class: "small" }, [who, shortText(rest, view, mySeat)].filter(Boolean).join(" · ")));
  }
  return valueEl(v);
}

// The rest of `table` (everything but the featured parts and the score sheet).
export function tableDetails(obs) {
  const rest = {};
  const sheets = {};
  const seats = perSeat(obs);
  for (const [k, v] of Object.entries(obs.table || {})) {
    if (FEATURED.includes(k) || k in seats) continue;
    if (/sheet|deal_points|last_deal|history/.test(k)) sheets[k] = v;
    else rest[k] = v;
  }
  return { details: dl(rest), sheets };
}

// A deal-by-deal sheet whose rows hold one value per seat: seats as columns.
function perSeatSheet(rows, n, view, mySeat) {
  const perSeatKeys = (r) => Object.keys(r).filter((k) => Array.isArray(r[k]) && r[k].length === n);
  const isArrays = rows.every((r) => Array.isArray(r) && r.length === n);
  const isObjects = rows.every((r) => r && typeof r === "object" && !Array.isArray(r) && perSeatKeys(r).length);
  if (!isArrays && !isObjects) return null;
  const seats = [...Array(n).keys()];
  const head = el("tr", {}, el("th", {}, "#"), seats.map((s) => el("th", {}, seatName(view, s, mySeat))));
  const body = rows.map((r, i) => {
    if (isArrays) return el("tr", {}, el("td", {}, String(i + 1)), r.map((c) => el("td", {}, shortText(c, view, mySeat))));
    const keys = perSeatKeys(r);
    const label = r.deal !== undefined ? String(r.deal) : String(i + 1);
    return el("tr", {}, el("td", {}, label), seats.map((s) => el("td", {}, keys.map((k) => shortText(r[k][s], view, mySeat)).join(" · "))));
  });
  return el("div", { class: "scroll" }, el("table", { class: "sheet" }, el("thead", {}, head), el("tbody", {}, body)));
}

export function scoreSheet(obs, view, mySeat) {
  const box = el("div", { class: "scores" });
  const n = obs.players_count || 0;
  const seats = [...Array(n).keys()];
  const rows = [el("tr", {}, el("th", {}, ""), seats.map((s) => el("th", {}, seatName(view, s, mySeat))))];
  if (obs.scores && obs.scores.length) rows.push(el("tr", {}, el("th", {}, t("scores")), obs.scores.map((x) => el("td", {}, String(x)))));
  if (obs.result && obs.result.ranks) rows.push(el("tr", {}, el("th", {}, t("rank")), obs.result.ranks.map((x) => el("td", {}, String(x)))));
  box.append(el("div", { class: "scroll" }, el("table", { class: "sheet totals" }, el("tbody", {}, rows))));
  const { sheets } = tableDetails(obs);
  for (const [k, v] of Object.entries(sheets)) {
    if (v === null || (Array.isArray(v) && v.length === 0)) continue;
    const n2 = obs.players_count || 0;
    const sheet = Array.isArray(v) && v.length ? perSeatSheet(v, n2, view, mySeat) : null;
    box.append(el("h4", {}, k === "score_sheet" ? t("score_sheet") : word(k)), sheet || valueEl(v));
  }
  return box;
}

export function historyList(obs, view, mySeat) {
  const h = obs.history || [];
  return el("ol", { class: "history", start: Math.max(1, h.length - 29) }, h.slice(-30).map((x) => el("li", {}, shortText(x, view, mySeat))));
}

// A one-line description of an event for the log.
export function eventText(e, view, mySeat) {
  const { type, ...data } = e;
  const bits = [];
  for (const [k, v] of Object.entries(data)) {
    if (k === "seat" && typeof v === "number") bits.push(seatName(view, v, mySeat));
    else if (Array.isArray(v) || (v && typeof v === "object")) bits.push(`${word(k)}: ${shortText(v, view, mySeat)}`);
    else bits.push(`${word(k)}: ${prettyText(word(v))}`);
  }
  return `${word(type)}${bits.length ? " — " + bits.join(", ") : ""}`;
}

