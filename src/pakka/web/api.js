// @ts-check
// Talking to the server: REST helpers and the seat tokens kept in this browser.

/**
 * @param {string} path
 * @param {{method?: string, body?: unknown, token?: string|null}} [opts]
 * @returns {Promise<any>}
 */
export async function api(path, { method = "GET", body, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) {
    let msg = data && data.detail;
    if (Array.isArray(msg)) msg = msg.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
    throw new Error(msg || `${r.status} ${r.statusText}`);
  }
  return data;
}

const PREFIX = "pakka.seat.";

export function saveSeat(tableId, seat, token) {
  localStorage.setItem(PREFIX + tableId, JSON.stringify({ seat, token }));
}

export function loadSeat(tableId) {
  try { return JSON.parse(localStorage.getItem(PREFIX + tableId)) || null; } catch { return null; }
}

export function forgetSeat(tableId) {
  localStorage.removeItem(PREFIX + tableId);
}

export function savedName() { return localStorage.getItem("pakka.name") || ""; }
export function saveName(n) { localStorage.setItem("pakka.name", n); }

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "dataset") { for (const [dk, dv] of Object.entries(v)) if (dv !== undefined && dv !== null) e.dataset[dk] = String(dv); }
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function query(name) {
  return new URLSearchParams(location.search).get(name);
}
