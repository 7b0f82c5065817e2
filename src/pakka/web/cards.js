// Cards in the DESIGN notation (S8, H10, DJ, CA, JK, RJ, BJ): parse, sort, draw.

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_ORDER = { S: 0, H: 1, D: 2, C: 3, J: 4 };
const RANKS = { J: 11, Q: 12, K: 13, A: 14 };
const CARD_RE = /^(?:[SHDC](?:10|[2-9JQKA])|JK|RJ|BJ)$/;

export function isCard(s) {
  return typeof s === "string" && CARD_RE.test(s);
}

export function isCardList(v) {
  return Array.isArray(v) && v.length > 0 && v.every(isCard);
}

// Cards in any of the shapes observations use: "S8", ["S8", "H8"] or "S8 H8"; else null.
export function asCards(v) {
  if (isCard(v)) return [v];
  if (isCardList(v)) return v;
  if (typeof v === "string" && v.includes(" ")) {
    const parts = v.trim().split(/\s+/);
    if (parts.length && parts.every(isCard)) return parts;
  }
  return null;
}

export function parse(code) {
  if (code === "JK") return { suit: "J", rank: 0, code };
  if (code === "BJ") return { suit: "J", rank: 15, code };
  if (code === "RJ") return { suit: "J", rank: 16, code };
  const suit = code[0];
  const r = code.slice(1);
  return { suit, rank: RANKS[r] ?? Number(r), code };
}

export function sortKey(code) {
  const c = parse(code);
  return SUIT_ORDER[c.suit] * 100 + c.rank;
}

export function label(code) {
  if (code === "JK") return "★";
  if (code === "RJ") return "★R";
  if (code === "BJ") return "☆B";
  return SUITS[code[0]] + code.slice(1);
}

export function colour(code) {
  if (code === "RJ" || code === "JK") return "red";
  if (code === "BJ") return "black";
  return code[0] === "H" || code[0] === "D" ? "red" : "black";
}

// Rank first (2..A, jokers last), then suit: how Guandan players hold their cards.
export function rankKey(code) {
  const c = parse(code);
  return (c.suit === "J" ? 20 + c.rank : c.rank) * 10 + SUIT_ORDER[c.suit];
}

// A card element: <span class="card red" data-card="H10">♥10</span>
export function cardEl(code, { small = false } = {}) {
  const el = document.createElement("span");
  el.className = `card ${colour(code)} suit-${code[0]}${small ? " small" : ""}`;
  el.dataset.card = code;
  const r = document.createElement("span");
  r.className = "rank";
  r.textContent = code === "JK" || code === "RJ" || code === "BJ" ? label(code) : code.slice(1);
  el.append(r);
  if (!(code in { JK: 1, RJ: 1, BJ: 1 })) {
    const s = document.createElement("span");
    s.className = "suit";
    s.textContent = SUITS[code[0]];
    el.append(s);
  }
  el.title = code;
  return el;
}

export function cardsEl(codes, opts = {}) {
  const wrap = document.createElement("span");
  wrap.className = "cards";
  for (const c of codes) wrap.append(isCard(c) ? cardEl(c, opts) : document.createTextNode(String(c)));
  return wrap;
}

// Multiset helpers for selecting cards from a hand with duplicates.
export function counts(codes) {
  const m = new Map();
  for (const c of codes) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const ca = counts(a);
  for (const [k, v] of counts(b)) if (ca.get(k) !== v) return false;
  return true;
}

export function contains(big, small) {
  const cb = counts(big);
  for (const [k, v] of counts(small)) if ((cb.get(k) || 0) < v) return false;
  return true;
}

// Notation text with card tokens drawn as pretty labels ("left:S7 right:H5" -> "left:♠7 right:♥5").
export function prettyText(text) {
  return String(text).replace(/\b(?:[SHDC](?:10|[2-9JQKA])|JK|RJ|BJ)\b/g, (m) => label(m));
}
