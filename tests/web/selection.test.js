// The selection's rules: multisets, which action a selection means, what survives a frame.
import { test } from "node:test";
import assert from "node:assert/strict";
import { canon, carrySelection, choiceValue, contains, matching, moveInSelection, sameCards } from "../../src/pakka/web/selection.js";

test("cards compare as multisets", () => {
  assert.ok(sameCards(["S2", "H3"], ["H3", "S2"]));
  assert.ok(!sameCards(["S2", "S2"], ["S2", "H3"]));
  assert.ok(contains(["S2", "S2", "H3"], ["S2", "S2"]));
  assert.ok(!contains(["S2", "H3"], ["S2", "S2"]));
});

test("an action's canonical text ignores key order", () => {
  assert.equal(canon({ b: 1, a: [1, { y: 2, x: 1 }] }), canon({ a: [1, { x: 1, y: 2 }], b: 1 }));
  assert.equal(choiceValue({ type: "bid", n: 3 }), "3");
  assert.equal(choiceValue({ type: "pass" }), "pass");
  assert.equal(choiceValue({ type: "contract", contract: { name: "red", n: 2 } }), "red-2");
});

test("a selection means the actions with its cards, in click order first", () => {
  const acts = [
    { type: "pass_cards", cards: ["S2", "H3"] },
    { type: "pass_cards", cards: ["H3", "S2"] },
    { type: "play", cards: ["S9"] },
    { type: "pass" },
  ];
  assert.deepEqual(matching(acts, ["H3", "S2"], null), [1]);
  assert.deepEqual(matching(acts, ["S9"], null), [2]);
  assert.deepEqual(matching(acts, [], 3), [3]);
  assert.deepEqual(matching(acts, [], null), []);
  assert.deepEqual(matching(acts, ["S2", "H3"], 1), [1]);  // a pick that still fits wins
});

test("a new frame keeps the selected cards still in the hand and still usable", () => {
  const before = { hand: ["S2", "S2", "H3", "C4"], acts: [{ type: "play", cards: ["S2"] }, { type: "play", cards: ["C4"] }], sel: [1, 3], pick: 1 };
  const now = { hand: ["S2", "H3", "C4"], acts: [{ type: "play", cards: ["C4"] }, { type: "play", cards: ["S2"] }] };
  assert.deepEqual(carrySelection(before, now), { sel: [0, 2], pick: 0 });
  const gone = { hand: ["H3"], acts: [{ type: "play", cards: ["H3"] }] };
  assert.deepEqual(carrySelection(before, gone), { sel: [], pick: null });
});

test("a card's place in the selection can be swapped with its neighbour", () => {
  assert.deepEqual(moveInSelection([4, 7, 9], 0, 1), [7, 4, 9]);
  assert.deepEqual(moveInSelection([4, 7, 9], 2, -1), [4, 9, 7]);
  assert.deepEqual(moveInSelection([4, 7], 1, 1), [4, 7]);
});
