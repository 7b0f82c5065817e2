// The settings survive a reload and never take a stranger's value.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULTS, readSettings, writeSettings } from "../../src/pakka/web/settings.js";

function memory() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, v) };
}

test("defaults: two colours, no sound, normal pace", () => {
  assert.deepEqual(readSettings(memory()), DEFAULTS);
  assert.deepEqual(readSettings(null), DEFAULTS);
});

test("settings are written and read back; bad values fall back", () => {
  const s = memory();
  writeSettings(s, { four: true, sound: true, pace: "fast" });
  assert.deepEqual(readSettings(s), { four: true, sound: true, pace: "fast" });
  s.setItem("pakka.settings", JSON.stringify({ four: "yes", pace: "warp" }));
  assert.deepEqual(readSettings(s), DEFAULTS);
  s.setItem("pakka.settings", "{not json");
  assert.deepEqual(readSettings(s), DEFAULTS);
});
