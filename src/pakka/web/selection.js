// @ts-check
// The selection's pure logic (no DOM): multisets of cards, which legal actions a selection
// means, and what of a selection survives a new frame. table.js holds the state; these are
// its rules, checked by `node --test`.

/** @typedef {import("./types/client").Action} Action */

/**
 * @param {string[]} codes
 * @returns {Map<string, number>}
 */
export function counts(codes) {
  const m = new Map();
  for (const c of codes) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

/** Whether `a` and `b` hold the same cards, in any order.
 * @param {string[]} a @param {string[]} b */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const ca = counts(a);
  for (const [k, v] of counts(b)) if (ca.get(k) !== v) return false;
  return true;
}

/** Whether `big` holds every card of `small` (as many times).
 * @param {string[]} big @param {string[]} small */
export function contains(big, small) {
  const cb = counts(big);
  for (const [k, v] of counts(small)) if ((cb.get(k) || 0) < v) return false;
  return true;
}

/** @param {Action} a @returns {string[]} */
export function cardsOf(a) {
  return Array.isArray(a.cards) ? /** @type {string[]} */ (a.cards) : [];
}

/** @param {Action} a */
export function isCardAction(a) {
  return cardsOf(a).length > 0;
}

/**
 * A stable text for an action (JSON with sorted keys): to find it again in the next frame.
 * @param {unknown} v
 * @returns {string}
 */
export function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  if (v && typeof v === "object") {
    const o = /** @type {Record<string, unknown>} */ (v);
    return `{${Object.keys(o).sort().map((k) => `${k}:${canon(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/**
 * The value of a choice button: the action's words in the JSON, never shown.
 * @param {Action} a
 */
export function choiceValue(a) {
  const parts = [];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type" || k === "cards") continue;
    parts.push(v && typeof v === "object" ? Object.values(v).join("-") : String(v));
  }
  return parts.join(" ") || a.type;
}

/**
 * Which legal actions a selection means, most exact first: the picked action if it still
 * fits, then those whose cards are the selected ones in this order, then in any order.
 * @param {Action[]} acts
 * @param {string[]} cards the selected cards, in the order they were chosen
 * @param {number|null} pick
 * @returns {number[]}
 */
export function matching(acts, cards, pick) {
  if (pick !== null && acts[pick]) {
    const a = acts[pick];
    if (isCardAction(a) ? sameCards(cardsOf(a), cards) : cards.length === 0) return [pick];
  }
  if (!cards.length) return [];
  const ordered = acts.map((_, i) => i).filter((i) => cardsOf(acts[i]).join(" ") === cards.join(" "));
  if (ordered.length) return ordered;
  return acts.map((_, i) => i).filter((i) => isCardAction(acts[i]) && sameCards(cardsOf(acts[i]), cards));
}

/**
 * Carry a selection into a new frame: the selected cards still in the hand (the same copy
 * of a doubled card) and still part of a legal action, and the picked action while it is
 * still legal.
 * @param {{hand: string[], acts: Action[], sel: number[], pick: number|null}} before
 * @param {{hand: string[], acts: Action[]}} now
 * @returns {{sel: number[], pick: number|null}}
 */
export function carrySelection(before, now) {
  const used = new Set();
  /** @type {number[]} */
  const sel = [];
  for (const i of before.sel) {
    const code = before.hand[i];
    const j = now.hand.findIndex((c, k) => c === code && !used.has(k));
    if (j >= 0) { used.add(j); sel.push(j); }
  }
  const usable = new Set(now.acts.flatMap(cardsOf));
  let pick = null;
  if (before.pick !== null) {
    const was = before.acts[before.pick];
    const k = was ? now.acts.findIndex((a) => canon(a) === canon(was)) : -1;
    pick = k >= 0 ? k : null;
  }
  return { sel: sel.filter((i) => usable.has(now.hand[i])), pick };
}

/**
 * Move one selected card in the selection's order (Pentagrammi's pass: which card goes
 * where follows the order; this swaps the card at `from` with its neighbour).
 * @param {number[]} sel
 * @param {number} from position in `sel`
 * @param {number} by -1 (earlier) or +1 (later)
 * @returns {number[]}
 */
export function moveInSelection(sel, from, by) {
  const to = from + by;
  if (from < 0 || from >= sel.length || to < 0 || to >= sel.length) return sel.slice();
  const out = sel.slice();
  [out[from], out[to]] = [out[to], out[from]];
  return out;
}
