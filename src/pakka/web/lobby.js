// The lobby: create a table from the server's game metadata, join by code, open tables.

import { api, el, saveName, saveSeat, savedName } from "./api.js";
import { languageButton, t, translatePage, word } from "./i18n.js";

const L = { games: [], game: null, form: { players: null, options: {}, seats: [] } };

function showError(msg) {
  const box = document.getElementById("lobby-error");
  box.hidden = !msg;
  box.textContent = msg || "";
}

function currentGame() {
  return L.games.find((g) => g.name === L.game) || L.games[0];
}

function optionInput(opt) {
  const id = `opt-${opt.name}`;
  const value = L.form.options[opt.name] ?? opt.default;
  let input;
  if (opt.type === "bool") {
    input = el("input", { type: "checkbox", id, checked: value ? true : null,
      onchange: (e) => { L.form.options[opt.name] = e.target.checked; } });
  } else if (opt.choices) {
    input = el("select", { id, onchange: (e) => {
      const raw = e.target.value;
      L.form.options[opt.name] = opt.type === "int" ? Number(raw) : raw;
    } }, opt.choices.map((c) => el("option", { value: c, selected: c === value ? true : null }, word(c))));
  } else if (opt.type === "int") {
    input = el("input", { type: "number", id, value: value ?? "", onchange: (e) => { L.form.options[opt.name] = e.target.value === "" ? null : Number(e.target.value); } });
  } else {
    input = el("input", { id, value: value ?? "", onchange: (e) => { L.form.options[opt.name] = e.target.value || null; } });
  }
  return el("div", { class: "field" + (opt.type === "bool" ? " check" : "") },
    el("label", { for: id }, word(opt.name)), input,
    opt.help ? el("small", { class: "help" }, opt.help) : null);
}

function seatRow(i) {
  const spec = L.form.seats[i];
  const kind = el("select", { id: `seat-${i}-kind`, onchange: (e) => { spec.kind = e.target.value; drawForm(); } },
    el("option", { value: "person", selected: spec.kind === "person" ? true : null }, t("seat_person")),
    el("option", { value: "bot", selected: spec.kind === "bot" ? true : null }, t("seat_bot")));
  const level = el("select", { id: `seat-${i}-level`, disabled: spec.kind !== "bot" ? true : null, onchange: (e) => { spec.level = e.target.value; } },
    ["random", "easy", "normal", "hard"].map((l) => el("option", { value: l, selected: spec.level === l ? true : null }, t("level_" + l))));
  return el("div", { class: "seat-row" }, el("span", {}, i === 0 ? `${t("seat_n", { n: i })} (${t("you")})` : t("seat_n", { n: i })), i === 0 ? null : kind, i === 0 ? null : level);
}

function drawForm() {
  const g = currentGame();
  const form = document.getElementById("create-form");
  if (!g) { form.replaceChildren(el("p", {}, "…")); return; }
  const n = L.form.players;
  while (L.form.seats.length < n) L.form.seats.push({ kind: L.form.seats.length === 0 ? "person" : "bot", level: "random" });
  L.form.seats.length = n;
  const gameSel = el("select", { id: "game", onchange: (e) => { L.game = e.target.value; resetForm(); drawForm(); } },
    L.games.map((x) => el("option", { value: x.name, selected: x.name === g.name ? true : null }, x.title)));
  const players = el("select", { id: "players", onchange: (e) => { L.form.players = Number(e.target.value); drawForm(); } },
    Array.from({ length: g.max_players - g.min_players + 1 }, (_, k) => g.min_players + k)
      .map((p) => el("option", { value: p, selected: p === n ? true : null }, String(p))));
  const name = el("input", { id: "name", maxlength: 32, required: true, value: savedName() });
  const timer = el("input", { id: "turn-seconds", type: "number", min: 5, max: 3600 });
  const delay = el("input", { id: "bot-delay", type: "number", min: 0, max: 10, step: 0.1, value: "0.8" });
  const pub = el("input", { id: "public", type: "checkbox", checked: true });
  form.replaceChildren(
    el("div", { class: "field" }, el("label", { for: "game" }, t("game")), gameSel,
      el("small", { class: "help" }, g.description || ""),
      el("a", { href: `/rules.html?game=${g.name}`, class: "rules-link" }, t("rules"))),
    el("div", { class: "field" }, el("label", { for: "players" }, t("players")), players),
    g.options.length ? el("fieldset", {}, el("legend", {}, t("options")), g.options.map(optionInput)) : null,
    el("fieldset", { id: "seats" }, el("legend", {}, t("seats")), [...Array(n).keys()].map(seatRow)),
    el("div", { class: "field" }, el("label", { for: "name" }, t("your_name")), name),
    el("div", { class: "field check" }, el("label", { for: "public" }, t("public_table")), pub),
    el("div", { class: "field" }, el("label", { for: "turn-seconds" }, t("turn_timer")), timer),
    el("div", { class: "field" }, el("label", { for: "bot-delay" }, t("bot_delay")), delay),
    el("button", { type: "submit", class: "primary", id: "create-btn" }, t("create")));
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
  try {
    saveName(name);
    const r = await api("/api/tables", { method: "POST", body });
    saveSeat(r.table.id, r.seat, r.token);
    location.href = `/table.html?id=${r.table.id}`;
  } catch (err) { showError(err.message); }
}

async function loadTables() {
  const box = document.getElementById("tables");
  try {
    const open = await api("/api/tables?status=open");
    const playing = await api("/api/tables?status=playing");
    const row = (x, label) => {
      const free = x.seats.filter((s) => !s.taken).length;
      const who = x.seats.map((s) => s.name || (s.kind === "bot" ? t("bot") : "—")).join(", ");
      return el("li", {}, el("strong", {}, x.title), ` · ${free ? t("free_seats", { n: free }) + " · " : ""}${who} `,
        el("a", { href: `/table.html?id=${x.id}`, class: "button" }, label));
    };
    const items = [...open.map((x) => row(x, t("join"))), ...playing.slice(0, 10).map((x) => row(x, t("watch")))];
    if (!items.length) { box.replaceChildren(el("p", { class: "muted" }, t("no_open_tables"))); return; }
    box.replaceChildren(el("ul", { class: "tables" }, items));
  } catch (err) { box.replaceChildren(el("p", { class: "error" }, err.message)); }
}

async function joinCode(e) {
  e.preventDefault();
  const code = document.getElementById("code-input").value.trim();
  if (!code) return;
  try {
    const table = await api(`/api/invites/${encodeURIComponent(code)}`);
    location.href = `/table.html?id=${table.id}`;
  } catch (err) { showError(err.message); }
}

async function main() {
  document.getElementById("lang-slot").append(languageButton(() => { drawForm(); loadTables(); }));
  translatePage();
  document.getElementById("create-form").addEventListener("submit", create);
  document.getElementById("code-form").addEventListener("submit", joinCode);
  const missing = new URLSearchParams(location.search).get("missing");
  if (missing) showError(`${t("not_found")} (${missing})`);
  try {
    L.games = await api("/api/games");
  } catch (err) { showError(err.message); return; }
  const wanted = new URLSearchParams(location.search).get("game");
  L.game = (L.games.find((g) => g.name === wanted) || L.games[0] || {}).name;
  if (L.game) resetForm();
  drawForm();
  loadTables();
  setInterval(loadTables, 5000);
}

main();
