// api.js: the HTTP API of docs/API.md as promise-returning functions, and the seat tokens
// this browser holds (localStorage, keyed by game id).

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.rule = body && body.rule;
    this.body = body || {};
  }
}

async function call(method, url, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = JSON.stringify(body);
  }
  const r = await fetch(url, opt);
  const type = r.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await r.json().catch(() => null) : await r.text();
  if (!r.ok) throw new ApiError(r.status, typeof data === "object" ? data : { error: data });
  return data;
}

const q = (t) => (t ? `?token=${encodeURIComponent(t)}` : "");
const g = (id) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  scenarios: () => call("GET", "/api/scenarios"),
  scenario: (id) => call("GET", `/api/scenarios/${encodeURIComponent(id)}`),
  games: () => call("GET", "/api/games"),
  create: (req) => call("POST", "/api/games", req),
  game: (id, token, at) =>
    call("GET", g(id) + q(token) + (at != null ? `${token ? "&" : "?"}at=${at}` : "")),
  actions: (id, token) => call("GET", `${g(id)}/actions${q(token)}`),
  act: (id, token, action, dice) =>
    call("POST", `${g(id)}/actions`, dice ? { token, action, dice } : { token, action }),
  odds: (id, token, action) => call("POST", `${g(id)}/odds`, { token, action }),
  hex: (id, token, hex) => call("GET", `${g(id)}/hex/${encodeURIComponent(hex)}${q(token)}`),
  undo: (id, token) => call("POST", `${g(id)}/undo`, { token }),
  hint: (id, token, player) => call("POST", `${g(id)}/hint`, { token, player }),
  record: (id, token) => call("GET", `${g(id)}/record${q(token)}`),
  reveal: (id) => call("GET", `${g(id)}/reveal`),
  eventsUrl: (id, token) => `${g(id)}/events${q(token)}`,
  // the printable map of the position ("map") or the counter sheet ("counters"), as SVG
  sheetUrl: (id, token, what) => `${g(id)}/${what}.svg${q(token)}`,
  // both as a booklet of pages of paper ("a4", "letter") to print from the browser
  logUrl: (id, token) => `${g(id)}/log${q(token)}`,
  printUrl: (id, token, paper) => `${g(id)}/print.html${q(token)}${token ? "&" : "?"}paper=${paper}`,
  // the same for a scenario's set-up, before any game
  scenarioPrintUrl: (id, paper) => `/api/scenarios/${encodeURIComponent(id)}/print.html?paper=${paper}`,
  scenarioSheetUrl: (id, what) => `/api/scenarios/${encodeURIComponent(id)}/${what}.svg`,
};

// Tokens: {seats: {side: token}, spectator: token, mode}. Stored per game id.
const KEY = "crimea.tokens";

function loadAll() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

export function getTokens(id) {
  return loadAll()[id] || null;
}

export function saveTokens(id, t) {
  const all = loadAll();
  const old = all[id] || { seats: {} };
  all[id] = {
    seats: { ...(old.seats || {}), ...(t.seats || {}) },
    spectator: t.spectator || old.spectator || null,
    mode: t.mode || old.mode || null,
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* private mode: tokens live only in the URL */
  }
  return all[id];
}

// Any token that lets this browser view the game (a seat first, then the spectator's).
export function viewToken(t) {
  if (!t) return null;
  const seats = Object.values(t.seats || {});
  return seats[0] || t.spectator || null;
}
