// Your statistics without an account (issue 30): this browser keeps a profile key and, under
// it, one entry per match you finished at a table here and one per review of your own
// play.  Nothing is sent anywhere; stats.html shows, exports and deletes them.

const PROFILE = "pakka.profile";
const PREFIX = "pakka.stats.";
const MAX_ENTRIES = 2000;

export function profileKey() {
  let key = localStorage.getItem(PROFILE);
  if (!key) {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(PROFILE, key);
  }
  return key;
}

export function loadStats() {
  const key = profileKey();
  try {
    const data = JSON.parse(localStorage.getItem(PREFIX + key));
    if (data && Array.isArray(data.matches) && Array.isArray(data.reviews)) return data;
  } catch { /* a broken entry starts again */ }
  return { profile: key, version: 1, matches: [], reviews: [] };
}

function save(data) {
  data.matches = data.matches.slice(-MAX_ENTRIES);
  data.reviews = data.reviews.slice(-MAX_ENTRIES);
  localStorage.setItem(PREFIX + data.profile, JSON.stringify(data));
}

export function deleteStats() {
  const key = localStorage.getItem(PROFILE);
  if (key) localStorage.removeItem(PREFIX + key);
  localStorage.removeItem(PROFILE);
}

const RANKS = { J: 11, Q: 12, K: 13, A: 14 };

// The level of a Guandan-like team as a number (2..14), or null.
function levelOf(text) {
  if (text === null || text === undefined) return null;
  const s = String(text);
  return s in RANKS ? RANKS[s] : (Number.isFinite(Number(s)) ? Number(s) : null);
}

// Record a finished match seen at the table (once per table and match).
export function recordMatch(tableId, msg, seat, practice = false) {
  if (seat === null || seat === undefined || !msg || !msg.observation.result) return;
  const obs = msg.observation;
  const data = loadStats();
  const id = `${tableId}:${msg.match}`;
  if (data.matches.some((m) => m.id === id)) return;
  const levels = obs.table && Array.isArray(obs.table.levels) ? obs.table.levels : null;
  const level = levels ? levelOf(levels[seat % levels.length]) : null;
  data.matches.push({
    id, game: obs.game, date: new Date().toISOString(), seat,
    won: (obs.result.winners || []).includes(seat),
    score: obs.scores[seat], deals: Math.max(1, Number(obs.deal) || 1),
    levels: level === null ? null : level - 2,
    practice: !!practice,
  });
  save(data);
}

// Record a finished review of your own seat (once per table, match, deal and seat).
export function recordReview(tableId, review) {
  if (!review || review.status !== "done") return;
  const data = loadStats();
  const id = `${tableId}:${review.match}:${review.deal || 0}:${review.seat}`;
  if (data.reviews.some((r) => r.id === id)) return;
  const deals = new Set(review.decisions.map((d) => d.deal)).size || 1;
  data.reviews.push({
    id, game: review.game, date: new Date().toISOString(), deals,
    decisions: review.decisions.length, mistakes: review.mistakes, inaccuracies: review.inaccuracies,
  });
  save(data);
}
