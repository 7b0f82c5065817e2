// The card faces: every card of the notation draws, with its rank and suit in the corner
// (what an overlapped card still shows), in two- and four-colour decks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { backSvg, cardSvg, colour, inkOf, isCard, INK } from "../../src/pakka/web/cardface.js";

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const ALL = ["S", "H", "D", "C"].flatMap((s) => RANKS.map((r) => s + r)).concat(["JK", "RJ", "BJ"]);

test("every card of the notation is a card, and nothing else is", () => {
  for (const c of ALL) assert.ok(isCard(c), c);
  for (const c of ["", "S1", "H11", "X5", "JJ", "s8", 5, null]) assert.ok(!isCard(c), String(c));
});

test("a face shows its rank and suit in the top-left corner, and again turned", () => {
  for (const c of ALL.filter((x) => x.length <= 3 && !["JK", "RJ", "BJ"].includes(x))) {
    const svg = cardSvg(c);
    const rank = c.slice(1);
    const suit = { S: "♠", H: "♥", D: "♦", C: "♣" }[c[0]];
    const corner = svg.match(/<text x="9" y="17"[^>]*>([^<]*)<\/text><text x="9" y="33"[^>]*>([^<]*)<\/text>/g);
    assert.equal(corner.length, 2, c);  // top left, and the turned copy bottom right
    assert.ok(corner[0].includes(`>${rank}<`) && corner[0].includes(`>${suit}<`), c);
    // the index sits in the left 18 units, which an overlapping neighbour leaves visible
    assert.ok(svg.includes('x="9"'));
  }
});

test("jokers are drawn, red and black", () => {
  for (const c of ["JK", "RJ", "BJ"]) assert.match(cardSvg(c), /J.*O.*K.*E.*R/s);
  assert.ok(cardSvg("RJ").includes(INK.two.H));
  assert.ok(cardSvg("BJ").includes(INK.two.S));
});

test("the four-colour deck tells every suit by its colour", () => {
  const inks = ["SA", "HA", "DA", "CA"].map((c) => inkOf(c, true));
  assert.equal(new Set(inks).size, 4);
  assert.equal(inkOf("DA", false), inkOf("HA", false));
  assert.ok(cardSvg("D5", { four: true }).includes(INK.four.D));
  assert.equal(colour("D5"), "red");
  assert.equal(colour("C5"), "black");
});

test("a wild card is marked", () => {
  assert.ok(cardSvg("H2", { wild: true }).includes("★"));
  assert.ok(!cardSvg("H2").includes("★"));
});

test("a number card has as many pips as its rank; an ace one big one", () => {
  for (const r of ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A"]) {
    const pips = cardSvg(`C${r}`).match(/<g fill="[^"]+" class="pips">(.*?)<\/g>/)[1].match(/<text/g).length;
    assert.equal(pips, r === "A" ? 1 : Number(r), r);
  }
});

test("a non-card is refused, and the back draws", () => {
  assert.throws(() => cardSvg("Z9"));
  assert.match(backSvg(), /^<svg/);
});

test("a card as text is its suit and rank, a joker its star (issue 28: badge cards legible)", async () => {
  const { cardText } = await import("../../src/pakka/web/cardface.js");
  assert.equal(cardText("H10"), "♥10");
  assert.equal(cardText("SA"), "♠A");
  assert.equal(cardText("D2"), "♦2");
  assert.equal(cardText("CQ"), "♣Q");
  assert.equal(cardText("RJ"), "★");
  assert.equal(cardText("JK"), "★");
  assert.equal(cardText("BJ"), "☆");
  assert.throws(() => cardText("X5"));
});
