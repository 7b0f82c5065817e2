// @ts-check
// Cards in the DESIGN notation (S8, H10, DJ, CA, JK, RJ, BJ) as elements: their SVG faces
// (cardface.js, pakka's own drawing) and their names in words.

import { backSvg, cardSvg, cardText, colour, inkOf, isCard, isJoker } from "./cardface.js";
import { t } from "./i18n.js";

export { colour, isCard };
export { contains, counts, sameCards } from "./selection.js";

let four = false;
/** The four-colour deck on or off (a setting). @param {boolean} on */
export function setFourColour(on) { four = !!on; }

/** The card in words, for screen readers and tooltips: "queen of hearts", "hertta rouva".
 * @param {string} code */
export function cardName(code) {
  if (isJoker(code)) return t(`web_card_${code}`);
  return t("web_card", { rank: t(`web_rank_${code.slice(1)}`), suit: t(`web_suit_${code[0]}`) });
}

/**
 * A card face: <span class="card red" data-card="H10" role="img" aria-label="10 of hearts">
 * with its SVG. `tag` "button" makes it a hand card; `small` a card in a badge or a summary.
 * @param {string} code
 * @param {{small?: boolean, tag?: string, wild?: boolean}} [opts]
 * @returns {HTMLElement}
 */
export function cardEl(code, { small = false, tag = "span", wild = false } = {}) {
  const e = document.createElement(tag);
  e.className = `card ${colour(code)}${small ? " small" : ""}${isJoker(code) ? " joker" : ""}`;
  e.dataset.card = code;
  const name = cardName(code);
  e.setAttribute("aria-label", name);
  e.title = name;
  e.innerHTML = cardSvg(code, { four, wild });
  if (tag === "span") e.setAttribute("role", "img");
  return e;
}

/**
 * A card as text in a line of words (a badge, a fact): <span class="card-text red"
 * data-card="H10" role="img" aria-label="10 of hearts">♥10</span>, in the deck's ink.
 * @param {string} code
 * @returns {HTMLElement}
 */
export function cardTextEl(code) {
  const e = document.createElement("span");
  e.className = `card-text ${colour(code)}`;
  e.dataset.card = code;
  const name = cardName(code);
  e.setAttribute("role", "img");
  e.setAttribute("aria-label", name);
  e.title = name;
  e.style.color = inkOf(code, four);
  e.textContent = cardText(code);
  return e;
}

/** A row of small card backs (an opponent's hand), `n` of them. @param {number} n */
export function backsEl(n) {
  const wrap = document.createElement("span");
  wrap.className = "fan-backs";
  wrap.setAttribute("aria-hidden", "true");
  for (let i = 0; i < n; i++) {
    const b = document.createElement("span");
    b.className = "back";
    b.innerHTML = backSvg();
    wrap.append(b);
  }
  return wrap;
}

/** Cards as faces, or as text (`text`: in a badge or a fact, where faces would be tiny).
 * @param {unknown[]} codes @param {{small?: boolean, text?: boolean}} [opts] */
export function cardsEl(codes, opts = {}) {
  const wrap = document.createElement("span");
  wrap.className = opts.text ? "cards as-text" : "cards";
  const { text, ...face } = opts;
  for (const c of codes) wrap.append(!isCard(c) ? document.createTextNode(String(c)) : text ? cardTextEl(c) : cardEl(c, face));
  return wrap;
}
