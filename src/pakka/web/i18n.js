// @ts-check
// Loading and formatting the strings people read.  The server serves the catalogue at
// /api/i18n: the words every game shares (src/pakka/i18n/messages.json) merged with each
// installed game's own (its plug-in's messages.json), the same table the terminal client and
// the presentation layer read.  t(key, vars) looks a key up in the current language (English
// if missing; a key nobody defined shows as an ellipsis, never as itself); Finnish is the
// default when the browser prefers it (navigator.languages) and nobody chose otherwise.

const KEY = "pakka.lang";

async function loadCatalogue() {
  try {
    const r = await fetch("/api/i18n");
    if (r.ok) return await r.json();
  } catch { /* offline: every word is an ellipsis until a reload */ }
  return {};
}

const CATALOGUE = await loadCatalogue();

export function detectLanguage() {
  const saved = localStorage.getItem(KEY);
  if (saved === "fi" || saved === "en") return saved;
  const prefs = navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language || "en"];
  for (const p of prefs) {
    const l = String(p).toLowerCase();
    if (l.startsWith("fi")) return "fi";
    if (l.startsWith("en")) return "en";
  }
  return "en";
}

let lang = detectLanguage();
document.documentElement.lang = lang;

export function getLanguage() { return lang; }

export function setLanguage(l) {
  lang = l === "fi" ? "fi" : "en";
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
}

export function has(key) {
  return Object.prototype.hasOwnProperty.call(CATALOGUE, key);
}

// The message `key` in the current language, its {name} fields filled from `vars`.
export function t(key, vars = {}) {
  const entry = CATALOGUE[key];
  if (!entry) console.error(`no words for ${key} in the catalogue`);
  const text = entry ? (entry[lang] || entry.en) : "…";
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

// t() with {n}: the key's `_one` form when n is 1 and the catalogue has it (no "seat(s)").
export function tn(key, n, vars = {}) {
  return t(n === 1 && has(`${key}_one`) ? `${key}_one` : key, { ...vars, n });
}

// t() of the first key the catalogue has, or `fallback`.
export function tAny(keys, vars = {}, fallback = "") {
  for (const k of keys) if (has(k)) return t(k, vars);
  return fallback;
}

// Fill every [data-i18n] element's text from the catalogue.
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll(/** @type {"span"} */ ("[data-i18n]"))) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll(/** @type {"input"} */ ("[data-i18n-placeholder]"))) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

// A button that switches between Finnish and English and re-renders via `onChange`.
export function languageButton(onChange) {
  const b = document.createElement("button");
  b.className = "lang";
  b.type = "button";
  b.dataset.action = "language";
  b.lang = lang === "fi" ? "en" : "fi";
  b.textContent = t("web_language");
  b.addEventListener("click", () => {
    setLanguage(lang === "fi" ? "en" : "fi");
    b.lang = lang === "fi" ? "en" : "fi";
    b.textContent = t("web_language");
    translatePage();
    onChange();
  });
  return b;
}
