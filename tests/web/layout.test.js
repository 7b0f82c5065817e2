// The table's layout maths: seat slots, the hand's fan, card sizes, the display pace.
import { test } from "node:test";
import assert from "node:assert/strict";
import { backsShown, cardWidthFor, fan, handLayout, paceMs, rowWidth, seatSlots, tieOffsets } from "../../src/pakka/web/layout.js";

test("you sit at the bottom; the next seat on your left when play goes clockwise", () => {
  assert.deepEqual(seatSlots(4, "clockwise"), ["me", "left", "top", "right"]);
  assert.deepEqual(seatSlots(4, "counterclockwise"), ["me", "right", "top", "left"]);
  assert.deepEqual(seatSlots(5), ["me", "left", "tl", "tr", "right"]);
  for (let n = 1; n <= 8; n++) assert.equal(new Set(seatSlots(n)).size, n);
});

test("27 Guandan cards fit a 390-px phone in two rows, each showing its corner index", () => {
  const width = 390 - 16;
  const f = fan(27, width, 44, { minStep: 20 });
  assert.ok(f.rows <= 2, JSON.stringify(f));
  assert.ok(f.step >= 20, JSON.stringify(f));
  assert.ok((f.perRow - 1) * f.step + 44 <= width, JSON.stringify(f));
  assert.ok(f.rows * f.perRow >= 27);
});

test("a small hand does not overlap; a big one overlaps just enough for one row", () => {
  assert.deepEqual(fan(5, 1000, 60, { gap: 4 }), { rows: 1, perRow: 5, step: 64 });
  const f = fan(13, 500, 60, { minStep: 18 });
  assert.equal(f.rows, 1);
  assert.ok((f.perRow - 1) * f.step + 60 <= 500);
  assert.deepEqual(fan(0, 500, 60).rows, 0);
  assert.equal(fan(1, 100, 60).step, 64);
});

test("when two rows are still too tight the cards overlap more, never past the width", () => {
  const f = fan(27, 200, 40, { minStep: 20, maxRows: 2 });
  assert.equal(f.rows, 2);
  assert.ok((f.perRow - 1) * f.step + 40 <= 200 + 1);
});

test("a card's width follows the height the hand has", () => {
  assert.equal(cardWidthFor(1000, 1, 80), 80);
  assert.equal(cardWidthFor(100, 2, 80), 34);
  const w = cardWidthFor(180, 2, 80, 20);
  assert.ok(2 * w * 1.4 * 1.12 <= 180 + 2);
});

test("an opponent's fan shows a few backs, the pace has three speeds", () => {
  assert.equal(backsShown(27), 7);
  assert.equal(backsShown(3), 3);
  assert.equal(backsShown(-1), 0);
  assert.ok(paceMs("slow") > paceMs("normal") && paceMs("normal") > paceMs("fast"));
  assert.equal(paceMs("fast"), 0);
});

test("the hand takes the largest cards that fit: 27 on a phone in two rows, 13 in one", () => {
  const phone = handLayout(27, 374, 190, { maxW: 60 });
  assert.equal(phone.rows, 2);
  assert.ok(phone.cw >= 44, JSON.stringify(phone));
  assert.ok((phone.perRow - 1) * phone.step + phone.cw <= 374, JSON.stringify(phone));
  assert.ok(phone.step >= phone.cw * 0.34 - 0.1, JSON.stringify(phone));
  const side = handLayout(27, 700, 105, { maxW: 60, maxRows: 1 });
  assert.equal(side.rows, 1);
  assert.ok(side.cw * (1.4 + 0.3) <= 105 + 1 && side.step >= side.cw * 0.34 - 0.1, JSON.stringify(side));
  const desk = handLayout(13, 800, 200);
  assert.equal(desk.rows, 1);
  assert.equal(desk.cw, 84);
  assert.deepEqual(handLayout(0, 300, 100).rows, 0);
});

test("a row of the hand never needs more than the width it has", () => {
  for (const width of [300, 374, 698, 740, 900]) {
    for (let n = 1; n <= 27; n++) {
      for (const maxRows of [1, 2]) {
        const f = handLayout(n, width, 105, { maxW: 64, maxRows });
        assert.ok(rowWidth(f) <= width + 0.01, `${n} cards in ${width}: ${JSON.stringify(f)}`);
        assert.ok(f.rows * f.perRow >= n);
      }
    }
  }
});

test("tied seats in the chart are spread apart; a seat alone keeps its point", () => {
  const off = tieOffsets([[5, 7, 9], [5, 8, 9], [3, 7, 9]], 4);
  // after deal 1 seats 0 and 1 tie at 5: one each side; seat 2 alone
  assert.deepEqual(off.map((o) => o[0]), [-2, 2, 0]);
  // after deal 2 seats 0 and 2 tie at 7
  assert.deepEqual(off.map((o) => o[1]), [-2, 0, 2]);
  // after deal 3 all three tie: round the point, none left on another
  assert.deepEqual(off.map((o) => o[2]), [-4, 0, 4]);
  assert.deepEqual(tieOffsets([[1, 2], [3]]), [[0, 0], [0]]);
});
