// @ts-check
// The person's table settings, kept in this browser (localStorage): the four-colour deck,
// the turn sound (off by default), the pace at which others' moves are shown.

/** @typedef {{four: boolean, sound: boolean, pace: "slow"|"normal"|"fast"}} Settings */

const KEY = "pakka.settings";
/** @type {Settings} */
export const DEFAULTS = Object.freeze({ four: false, sound: false, pace: "normal" });
export const PACES = /** @type {const} */ (["slow", "normal", "fast"]);

/**
 * The saved settings, each field checked (a stranger's value is the default).
 * @param {{getItem(k: string): string|null}|null} store
 * @returns {Settings}
 */
export function readSettings(store) {
  let raw = {};
  try { raw = JSON.parse((store && store.getItem(KEY)) || "{}") || {}; } catch { raw = {}; }
  return {
    four: typeof raw.four === "boolean" ? raw.four : DEFAULTS.four,
    sound: typeof raw.sound === "boolean" ? raw.sound : DEFAULTS.sound,
    pace: PACES.includes(raw.pace) ? raw.pace : DEFAULTS.pace,
  };
}

/**
 * @param {{setItem(k: string, v: string): void}|null} store
 * @param {Settings} s
 */
export function writeSettings(store, s) {
  try { if (store) store.setItem(KEY, JSON.stringify(s)); } catch { /* private mode: kept for this page only */ }
}
