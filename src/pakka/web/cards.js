// @ts-check
// Cards in the DESIGN notation (S8, H10, DJ, CA, JK, RJ, BJ): their faces and their names.

import { t } from "./i18n.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const JOKERS = { JK: "★", RJ: "★", BJ: "☆" };
const CARD_RE = /^(?:[SHDC](?:10|[2-9JQKA])|JK|RJ|BJ)$/;

export function isCard(s) {
  return typeof s === "string" && CARD_RE.test(s);
}

export function colour(code) {
  if (code === "RJ" || code === "JK") return "red";
  if (code === "BJ") return "black";
  return code[0] === "H" || code[0] === "D" ? "red" : "black";
}

// The card in words, for screen readers and tooltips: "queen of hearts", "hertta rouva".
export function cardName(code) {
  if (code in JOKERS) return t(`web_card_${code}`);
  return t("web_card", { rank: t(`web_rank_${code.slice(1)}`), suit: t(`web_suit_${code[0]}`) });
}

// A card face: <span class="card red" data-card="H10"><span class="rank">10</span><span class="suit">♥</span></span>.
// `tag` "button" makes it a hand card; `small` a card in a badge or a summary.
export function cardEl(code, { small = false, tag = "span" } = {}) {
  const e = document.createElement(tag);
  e.className = `card ${colour(code)}${small ? " small" : ""}${code in JOKERS ? " joker" : ""}`;
  e.dataset.card = code;
  const name = cardName(code);
  e.setAttribute("aria-label", name);
  e.title = name;
  const r = document.createElement("span");
  r.className = "rank";
  r.setAttribute("aria-hidden", "true");
  r.textContent = code in JOKERS ? JOKERS[code] : code.slice(1);
  e.append(r);
  const s = document.createElement("span");
  s.className = "suit";
  s.setAttribute("aria-hidden", "true");
  s.textContent = code in JOKERS ? t("web_joker_short") : SUITS[code[0]];
  e.append(s);
  if (tag === "span") e.setAttribute("role", "img");
  return e;
}

export function cardsEl(codes, opts = {}) {
  const wrap = document.createElement("span");
  wrap.className = "cards";
  for (const c of codes) wrap.append(isCard(c) ? cardEl(c, opts) : document.createTextNode(String(c)));
  return wrap;
}

// Multiset helpers for choosing cards from a hand that may hold two of a card.
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
