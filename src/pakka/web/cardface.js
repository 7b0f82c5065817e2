// @ts-check
// Card faces as SVG, drawn by pakka's own code (no deck package, no licence question, no
// build step). Pure: the functions return markup strings, so that `node --test` checks them
// without a browser. A face is 60×84 units with big corner indices (the rank over the suit,
// top left and, turned, bottom right), so that a card overlapped by its right neighbour in
// a fan or a Guandan trick still shows its rank and suit in its left 18 units.

/** @typedef {"S"|"H"|"D"|"C"} Suit */

export const SUITS = /** @type {const} */ ({ S: "♠", H: "♥", D: "♦", C: "♣" });
const CARD_RE = /^(?:[SHDC](?:10|[2-9JQKA])|JK|RJ|BJ)$/;

/** The colours of the suits: two-colour (red, black) or four-colour (♠ black, ♥ red,
 * ♦ blue, ♣ green) for people who tell red from black poorly. */
export const INK = {
  two: { S: "#1c2430", H: "#c62828", D: "#c62828", C: "#1c2430" },
  four: { S: "#1c2430", H: "#c62828", D: "#1549b8", C: "#1b7a2e" },
};

/**
 * @param {unknown} s
 * @returns {s is string}
 */
export function isCard(s) {
  return typeof s === "string" && CARD_RE.test(s);
}

/** @param {string} code */
export function isJoker(code) {
  return code === "JK" || code === "RJ" || code === "BJ";
}

/** "red" or "black", as the rules see it (the two-colour deck).
 * @param {string} code */
export function colour(code) {
  if (code === "RJ" || code === "JK") return "red";
  if (code === "BJ") return "black";
  return code[0] === "H" || code[0] === "D" ? "red" : "black";
}

/** The ink of a card in the chosen deck.
 * @param {string} code
 * @param {boolean} [four] */
export function inkOf(code, four = false) {
  if (isJoker(code)) return code === "BJ" ? INK.two.S : INK.two.H;
  const suit = /** @type {Suit} */ (code[0]);
  return (four ? INK.four : INK.two)[suit];
}

/** @param {string} code */
export function rankOf(code) {
  return isJoker(code) ? "" : code.slice(1);
}

/** A card as short text for a line of words (a seat's badge, a fact): its suit, then its
 * rank ("♥10"), as the game's sentences write it; a joker as the star on its face (★, the
 * black joker ☆). Legible at the size of the words round it, where a face would be tiny.
 * @param {string} code */
export function cardText(code) {
  if (!isCard(code)) throw new Error(`not a card: ${code}`);
  if (isJoker(code)) return code === "BJ" ? "☆" : "★";
  return SUITS[/** @type {Suit} */ (code[0])] + rankOf(code);
}

/** @param {string} s */
function esc(s) {
  return s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

// where the pips of a number card sit (x, y in the 60×84 face; the lower half is turned)
/** @type {Record<string, Array<[number, number]>>} */
const PIPS = {
  A: [[30, 42]],
  2: [[30, 22], [30, 62]],
  3: [[30, 22], [30, 42], [30, 62]],
  4: [[22, 22], [38, 22], [22, 62], [38, 62]],
  5: [[22, 22], [38, 22], [30, 42], [22, 62], [38, 62]],
  6: [[22, 22], [38, 22], [22, 42], [38, 42], [22, 62], [38, 62]],
  7: [[22, 22], [38, 22], [30, 32], [22, 42], [38, 42], [22, 62], [38, 62]],
  8: [[22, 22], [38, 22], [30, 32], [22, 42], [38, 42], [30, 52], [22, 62], [38, 62]],
  9: [[22, 20], [38, 20], [22, 34], [38, 34], [30, 42], [22, 50], [38, 50], [22, 64], [38, 64]],
  10: [[22, 20], [38, 20], [30, 27], [22, 36], [38, 36], [22, 48], [38, 48], [30, 57], [22, 64], [38, 64]],
};

/**
 * The face of a card as an SVG element's markup.
 * @param {string} code a card in pakka's notation (S8, H10, DJ, CA, JK, RJ, BJ)
 * @param {{four?: boolean, wild?: boolean}} [opts] four: the four-colour deck; wild: a
 *   wild card's mark (a gold star and border)
 * @returns {string}
 */
export function cardSvg(code, { four = false, wild = false } = {}) {
  if (!isCard(code)) throw new Error(`not a card: ${code}`);
  const ink = inkOf(code, four);
  const parts = [];
  parts.push(`<rect x="0.5" y="0.5" width="59" height="83" rx="5" class="face" fill="#fffdf8" stroke="${wild ? "#c79500" : "#9aa0a8"}" stroke-width="${wild ? 2.5 : 1}"/>`);
  if (isJoker(code)) {
    // jokers: JOKER down the corner (language-free), a big star
    const letters = "JOKER".split("").map((ch, i) => `<text x="8" y="${13 + i * 10}" class="ix jk" text-anchor="middle">${ch}</text>`).join("");
    parts.push(`<g fill="${ink}">${letters}</g>`);
    parts.push(`<text x="34" y="58" text-anchor="middle" font-size="36" fill="${ink}">${code === "BJ" ? "☆" : "★"}</text>`);
  } else {
    const rank = rankOf(code);
    const suit = SUITS[/** @type {Suit} */ (code[0])];
    const index = (/** @type {string} */ t) => `<text x="9" y="17" text-anchor="middle" class="ix rank"${rank === "10" ? ' textLength="15" lengthAdjust="spacingAndGlyphs"' : ""}>${esc(rank)}</text><text x="9" y="33" text-anchor="middle" class="ix suit">${suit}</text>${t}`;
    parts.push(`<g fill="${ink}">${index("")}</g>`);
    parts.push(`<g fill="${ink}" transform="rotate(180 30 42)">${index("")}</g>`);
    if (rank in PIPS) {
      const big = rank === "A";
      parts.push(`<g fill="${ink}" class="pips">${PIPS[rank].map(([x, y]) => `<text x="${x + 3}" y="${y + (big ? 9 : 4)}" text-anchor="middle" font-size="${big ? 28 : 12}"${y > 42 ? ` transform="rotate(180 ${x + 3} ${y})"` : ""}>${suit}</text>`).join("")}</g>`);
    } else {
      // a court card: a framed panel with its letter and suit
      parts.push(`<rect x="18" y="14" width="28" height="56" rx="3" fill="none" stroke="${ink}" stroke-width="1.2"/>`);
      parts.push(`<text x="32" y="46" text-anchor="middle" font-size="24" font-weight="700" fill="${ink}">${esc(rank)}</text>`);
      parts.push(`<text x="32" y="64" text-anchor="middle" font-size="14" fill="${ink}">${suit}</text>`);
    }
  }
  if (wild) parts.push(`<text x="52" y="14" text-anchor="middle" font-size="12" fill="#c79500">★</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 84" class="face-svg" aria-hidden="true" focusable="false">${parts.join("")}</svg>`;
}

/** A card's back (the same for every card), for the opponents' fans. */
export function backSvg() {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 84" class="back-svg" aria-hidden="true" focusable="false"><rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#fff" stroke="#1e3a6e"/><rect x="4" y="4" width="52" height="76" rx="3" fill="#1d4f91"/><path d="M4 14 L46 80 M4 34 L34 80 M4 54 L20 80 M14 4 L56 70 M34 4 L56 38 M54 4 L56 8 M46 4 L4 70 M26 4 L4 38 M56 14 L14 80 M56 34 L34 80 M56 54 L46 80" stroke="#3b78c4" stroke-width="3"/></svg>';
}
