// @ts-check
// The table's layout maths, pure (no DOM), so that `node --test` checks it: where the seats
// sit round the felt, and how a hand fans out over the width it has.

// Where the seats sit, you first (at the bottom), then the others in the order play passes,
// as grid slots (see style.css): clockwise, the next seat sits on your left.
/** @type {Record<number, string[]>} */
const CLOCKWISE = {
  1: ["me"],
  2: ["me", "top"],
  3: ["me", "left", "right"],
  4: ["me", "left", "top", "right"],
  5: ["me", "left", "tl", "tr", "right"],
  6: ["me", "left", "tl", "top", "tr", "right"],
  7: ["me", "bl", "left", "tl", "tr", "right", "br"],
  8: ["me", "bl", "left", "tl", "top", "tr", "right", "br"],
};

/**
 * The slot of each seat counted from yours: slots[k] is the seat k places after you.
 * @param {number} n
 * @param {string} [direction] "clockwise" or "counterclockwise"
 * @returns {string[]}
 */
export function seatSlots(n, direction) {
  const base = CLOCKWISE[Math.max(1, Math.min(8, n))];
  if (direction !== "counterclockwise") return base;
  return [base[0], ...base.slice(1).reverse()];
}

/**
 * How a hand of `n` cards fans out: the cards overlap just enough to fit `width` in at most
 * `maxRows` rows, each card showing at least its corner index (`minStep`) while it can.
 * @param {number} n cards in the hand
 * @param {number} width the pixels the hand has
 * @param {number} cardW a card's width
 * @param {{gap?: number, minStep?: number, maxRows?: number}} [opts]
 * @returns {{rows: number, perRow: number, step: number}} step: from one card's left edge to
 *   the next one's (cardW + gap when nothing overlaps)
 */
export function fan(n, width, cardW, { gap = 4, minStep = 18, maxRows = 2 } = {}) {
  if (n <= 0) return { rows: 0, perRow: 0, step: cardW + gap };
  for (let rows = 1; rows <= maxRows; rows++) {
    const perRow = Math.ceil(n / rows);
    const step = perRow <= 1 ? cardW + gap : Math.min(cardW + gap, (width - cardW) / (perRow - 1));
    if (step >= minStep || rows === maxRows) return { rows, perRow, step: Math.max(1, Math.floor(step * 10) / 10) };
  }
  /* c8 ignore next */
  return { rows: maxRows, perRow: Math.ceil(n / maxRows), step: minStep };
}

/**
 * The card width that lets the hand fit in `rows` rows of `height` pixels at most: cards are
 * 5:7, and a selected card rises by a fifth of its height.
 * @param {number} height the pixels the hand may take
 * @param {number} rows
 * @param {number} maxW the widest card wanted
 * @param {number} [minW]
 */
export function cardWidthFor(height, rows, maxW, minW = 34) {
  const perRow = height / Math.max(1, rows);
  const w = Math.floor(perRow / (1.4 * 1.12));
  return Math.max(minW, Math.min(maxW, w));
}

/**
 * The hand's layout: the largest card (up to `maxW`) for which the hand fits `width` ×
 * `height` in at most `maxRows` rows with every card showing its corner index (a fraction
 * `index` of its width). A second row overlaps the first but for its top (its index); a
 * selected card rises by a fifth of its height.
 * @param {number} n cards
 * @param {number} width
 * @param {number} height
 * @param {{maxW?: number, minW?: number, maxRows?: number, index?: number}} [opts]
 * @returns {{rows: number, perRow: number, cw: number, step: number}}
 */
export function handLayout(n, width, height, { maxW = 84, minW = 30, maxRows = 2, index = 0.34 } = {}) {
  let best = null;
  for (let rows = 1; rows <= Math.max(1, maxRows); rows++) {
    const perRow = Math.max(1, Math.ceil(n / rows));
    const fitW = width / (1 + index * (perRow - 1));
    // height of the rows: a card 1.4 cw, each further row adds 0.78 cw, the rise 0.3 cw
    const fitH = height / (1.4 + 0.78 * (rows - 1) + 0.3);
    const cw = Math.floor(Math.max(minW, Math.min(maxW, fitW, fitH)));
    if (!best || cw > best.cw) best = { rows, perRow, cw };
    if (rows * 1 >= n) break;
  }
  const { rows, perRow, cw } = best;
  let step = perRow <= 1 ? cw + 4 : Math.min(cw + 4, (width - cw) / (perRow - 1));
  // cards that do not overlap each take a whole step, the last one too
  if (step > cw) step = Math.max(cw, Math.min(step, width / perRow));
  step = Math.floor(step * 10) / 10;
  return { rows: n ? rows : 0, perRow, cw, step: Math.max(1, step) };
}

/**
 * The width a row of the hand takes: `perRow` steps when the cards do not overlap, else
 * the steps between them and the last card whole.
 * @param {{perRow: number, cw: number, step: number}} f
 */
export function rowWidth({ perRow, cw, step }) {
  return perRow * step + Math.max(0, cw - step);
}

/**
 * How many backs to draw for an opponent's count (a fan, not the whole hand).
 * @param {number} count
 * @param {number} [most]
 */
export function backsShown(count, most = 7) {
  return Math.max(0, Math.min(most, count));
}

/**
 * The pace of the display of queued frames, in milliseconds between two frames that others'
 * moves made: slow, normal or fast (the bot-pace setting).
 * @param {string} pace
 */
export function paceMs(pace) {
  return pace === "slow" ? 900 : pace === "fast" ? 0 : 350;
}

// How far each line chart point is moved so that tied seats stay apart: the seats with the
// same value after the same deal are spread round the true point, `step` px apart on a
// diagonal, in series order (a seat alone there is not moved). `offsets[k][i]` is series k
// after deal i.
/** @param {number[][]} values @param {number} [step] @returns {number[][]} */
export function tieOffsets(values, step = 3) {
  const out = values.map((v) => v.map(() => 0));
  const n = Math.max(0, ...values.map((v) => v.length));
  for (let i = 0; i < n; i++) {
    /** @type {Map<number, number[]>} */
    const at = new Map();
    values.forEach((v, k) => { if (i < v.length) at.set(v[i], [...(at.get(v[i]) || []), k]); });
    for (const ks of at.values()) ks.forEach((k, j) => { out[k][i] = (j - (ks.length - 1) / 2) * step; });
  }
  return out;
}
