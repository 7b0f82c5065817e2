// The lobby: create a table from the server's game metadata, join by code, open tables.

import { api, el, loadSeat, saveName, saveSeat, savedName } from "./api.js";
import { getLanguage, has, languageButton, t, translatePage } from "./i18n.js";

const L = { games: [], game: null, form: { players: null, options: {}, seats: [] } };
const LEVELS = ["random", "easy", "normal", "hard", "learned"];
const TRICK_SECONDS = 1.5;  // the server's default; sent only when changed

function showError(msg) {
  const box = document.getElementById("lobby-error");
  box.hidden = !msg;
  box.textContent = msg || "";
}

function currentGame() {
  return L.games.find((g) => g.name === L.game) || L.games[0];
}

function gameTitle(g) {
  return has(`game_${g.name}`) ? t(`game_${g.name}`) : g.title;
}

// An option's words: its label, its help and each choice, from the game's own words (its
// plug-in's messages.json, merged into the catalogue); a game that brings none is shown by
// what its options declare (the field name, the declared help, the choices, the range).
function spaced(name) { const s = String(name).replace(/_/g, " "); return s.charAt(0).toUpperCase() + s.slice(1); }
function optLabel(g, opt) { return has(`opt_${g.name}_${opt.name}`) ? t(`opt_${g.name}_${opt.name}`) : spaced(opt.name); }
function optHelp(g, opt) {
  const words = has(`opt_${g.name}_${opt.name}_help`) ? t(`opt_${g.name}_${opt.name}_help`) : (opt.help || "");
  const range = opt.type === "int" && opt.range && !opt.choices ? `${opt.range[0]}–${opt.range[1]}` : "";
  return [words, range].filter(Boolean).join(" · ");
}
function optChoice(g, opt, value) {
  const key = `opt_${g.name}_${opt.name}_${value}`;
  return has(key) ? t(key) : String(value).replace(/_/g, " ");
}

function optionInput(g, opt) {
  const id = `opt-${opt.name}`;
  const value = L.form.options[opt.name] ?? opt.default;
  const set = (v) => { L.form.options[opt.name] = v; };
  let input;
  if (opt.type === "bool") {
    input = el("input", { type: "checkbox", id, checked: value ? true : null, onchange: (e) => set(e.target.checked) });
  } else if (opt.choices) {
    input = el("select", { id, onchange: (e) => set(opt.type === "int" ? Number(e.target.value) : e.target.value) },
      opt.choices.map((c) => el("option", { value: c, selected: c === value ? true : null }, optChoice(g, opt, c))));
  } else if (opt.type === "seat") {
    const n = L.form.players;
    input = el("select", { id, onchange: (e) => set(e.target.value === "" ? null : Number(e.target.value)) },
      opt.nullable ? el("option", { value: "", selected: value === null ? true : null }, t("web_opt_random")) : null,
      [...Array(n).keys()].map((s) => el("option", { value: s, selected: s === value ? true : null }, seatLabel(s))));
  } else if (opt.type === "int") {
    const [lo, hi] = opt.range || [null, null];
    input = el("input", { type: "number", id, value: value ?? "", min: lo, max: hi, step: 1, required: opt.nullable ? null : true,
      onchange: (e) => set(e.target.value === "" ? null : Number(e.target.value)) });
  } else {
    input = el("input", { id, value: value ?? "", onchange: (e) => set(e.target.value || null) });
  }
  const help = optHelp(g, opt);
  const helpId = `${id}-help`;
  if (help) input.setAttribute("aria-describedby", helpId);
  return el("div", { class: "field" + (opt.type === "bool" ? " check" : ""), dataset: { option: opt.name } },
    el("label", { for: id }, optLabel(g, opt)), input,
    help ? el("small", { class: "help", id: helpId }, help) : null);
}

function seatLabel(i) {
  return i === 0 ? `${t("player_n", { n: 1 })} (${t("you_mid")})` : t("player_n", { n: i + 1 });
}

function seatRow(i) {
  const spec = L.form.seats[i];
  const kind = el("select", { id: `seat-${i}-kind`, "aria-label": seatLabel(i), onchange: (e) => { spec.kind = e.target.value; drawForm(); } },
    el("option", { value: "person", selected: spec.kind === "person" ? true : null }, t("web_seat_person")),
    el("option", { value: "bot", selected: spec.kind === "bot" ? true : null }, t("web_seat_bot")));
  const level = el("select", { id: `seat-${i}-level`, "aria-label": t("web_bot_level"), disabled: spec.kind !== "bot" ? true : null, onchange: (e) => { spec.level = e.target.value; } },
    LEVELS.map((l) => el("option", { value: l, selected: spec.level === l ? true : null }, t(`web_level_${l}`))));
  return el("div", { class: "seat-row" }, el("span", {}, seatLabel(i)), i === 0 ? null : kind, i === 0 ? null : level);
}

function drawForm() {
  const g = currentGame();
  const form = document.getElementById("create-form");
  if (!g) { form.replaceChildren(el("p", {}, "…")); return; }
  const n = L.form.players;
  while (L.form.seats.length < n) L.form.seats.push({ kind: L.form.seats.length === 0 ? "person" : "bot", level: "normal" });
  L.form.seats.length = n;
  const gameSel = el("select", { id: "game", onchange: (e) => { L.game = e.target.value; resetForm(); drawForm(); } },
    L.games.map((x) => el("option", { value: x.name, selected: x.name === g.name ? true : null }, gameTitle(x))));
  const players = el("select", { id: "players", onchange: (e) => { L.form.players = Number(e.target.value); drawForm(); } },
    Array.from({ length: g.max_players - g.min_players + 1 }, (_, k) => g.min_players + k)
      .map((p) => el("option", { value: p, selected: p === n ? true : null }, String(p))));
  const name = el("input", { id: "name", maxlength: 32, required: true, value: savedName(), autocomplete: "nickname" });
  const timer = el("input", { id: "turn-seconds", type: "number", min: 5, max: 3600 });
  const delay = el("input", { id: "bot-delay", type: "number", min: 0, max: 10, step: 0.1, value: "0.8" });
  const trick = el("input", { id: "trick-seconds", type: "number", min: 0, max: 10, step: 0.1, value: String(TRICK_SECONDS) });
  const pub = el("input", { id: "public", type: "checkbox", checked: true });
  const description = has(`game_${g.name}_description`) ? t(`game_${g.name}_description`) : (g.description || "");
  form.replaceChildren(
    el("div", { class: "field" }, el("label", { for: "game" }, t("web_game")), gameSel,
      description ? el("small", { class: "help" }, description) : null,
      el("a", { href: `/rules.html?game=${g.name}`, class: "rules-link" }, t("web_rules"))),
    el("div", { class: "field" }, el("label", { for: "players" }, t("web_players")), players),
    el("fieldset", { id: "seats" }, el("legend", {}, t("web_seats")), [...Array(n).keys()].map(seatRow)),
    el("div", { class: "field" }, el("label", { for: "name" }, t("web_your_name")), name),
    g.options.length ? el("details", { id: "variant-options" }, el("summary", {}, t("web_options")), g.options.map((o) => optionInput(g, o))) : null,
    el("details", { id: "table-settings" }, el("summary", {}, t("web_table_settings")),
      el("div", { class: "field check" }, el("label", { for: "public" }, t("web_public_table")), pub),
      el("div", { class: "field" }, el("label", { for: "trick-seconds" }, t("web_trick_seconds")), trick, el("small", { class: "help" }, t("web_trick_seconds_help"))),
      el("div", { class: "field" }, el("label", { for: "turn-seconds" }, t("web_turn_timer")), timer),
      el("div", { class: "field" }, el("label", { for: "bot-delay" }, t("web_bot_delay")), delay)),
    el("button", { type: "submit", class: "primary", id: "create-btn" }, t("web_create")));
}

function resetForm() {
  const g = currentGame();
  L.form = { players: g.default_players, options: {}, seats: [] };
}

async function create(e) {
  e.preventDefault();
  const g = currentGame();
  const name = document.getElementById("name").value.trim();
  const timer = document.getElementById("turn-seconds").value;
  const trick = Number(document.getElementById("trick-seconds").value || TRICK_SECONDS);
  const body = {
    game: g.name,
    players: L.form.players,
    options: Object.fromEntries(Object.entries(L.form.options).filter(([, v]) => v !== null)),
    seats: L.form.seats.map((s, i) => (i === 0 ? { kind: "person" } : { kind: s.kind, level: s.level })),
    name,
    public: document.getElementById("public").checked,
    turn_seconds: timer ? Number(timer) : null,
    bot_delay: Number(document.getElementById("bot-delay").value || 0),
  };
  if (trick !== TRICK_SECONDS) body.trick_seconds = trick;
  try {
    saveName(name);
    const r = await api("/api/tables", { method: "POST", body });
    saveSeat(r.table.id, r.seat, r.token);
    location.href = `/table.html?id=${r.table.id}`;
  } catch { showError(t("web_error_create")); }
}

async function loadTables() {
  const box = document.getElementById("tables");
  try {
    const open = await api("/api/tables?status=open");
    const playing = await api("/api/tables?status=playing");
    const row = (x, label) => {
      const free = x.seats.filter((s) => !s.taken).length;
      const who = x.seats.map((s) => (s.taken && s.display && s.display[getLanguage()]) || s.name || (s.kind === "bot" ? t("bot_name", { n: s.seat + 1 }) : t("web_free_seat"))).join(", ");
      const g = L.games.find((y) => y.name === x.game);
      return el("li", {}, el("strong", {}, g ? gameTitle(g) : x.title), ` · ${free ? t("web_free_seats", { n: free }) + " · " : ""}${who} `,
        el("a", { href: `/table.html?id=${x.id}`, class: "button" }, label));
    };
    // a table where this browser holds a seat is yours to go back to, not one to watch
    const label = (x, other) => (loadSeat(x.id) ? t("web_your_seat") : t(other));
    const items = [...open.map((x) => row(x, label(x, "web_join"))), ...playing.slice(0, 10).map((x) => row(x, label(x, "web_watch")))];
    if (!items.length) { box.replaceChildren(el("p", { class: "muted" }, t("web_no_open_tables"))); return; }
    box.replaceChildren(el("ul", { class: "tables" }, items));
  } catch { box.replaceChildren(el("p", { class: "error" }, t("web_error_other"))); }
}

async function joinCode(e) {
  e.preventDefault();
  const code = document.getElementById("code-input").value.trim();
  if (!code) return;
  try {
    const table = await api(`/api/invites/${encodeURIComponent(code)}`);
    location.href = `/table.html?id=${table.id}`;
  } catch { showError(t("web_error_code", { code })); }
}

async function main() {
  document.getElementById("lang-slot").append(languageButton(() => { drawForm(); loadTables(); }));
  translatePage();
  document.getElementById("create-form").addEventListener("submit", create);
  document.getElementById("code-form").addEventListener("submit", joinCode);
  const missing = new URLSearchParams(location.search).get("missing");
  if (missing) showError(t("web_error_code", { code: missing }));
  try {
    L.games = await api("/api/games");
  } catch { showError(t("web_error_other")); return; }
  const wanted = new URLSearchParams(location.search).get("game");
  L.game = (L.games.find((g) => g.name === wanted) || L.games[0] || {}).name;
  if (L.game) resetForm();
  drawForm();
  loadTables();
  setInterval(loadTables, 5000);
}

main();
