// replay.js: the replay viewer. The client has no rules engine, so the positions come from the
// server: the game's record (seed, options, actions with any manual dice) is replayed, one action
// at a time, into a fresh hot-seat copy of the game on the server, and each returned position is
// kept so stepping back is instant. The record is shown once a game is over (or when its seed was
// fixed by its creator).

import { h, clear } from "./dom.js";
import { api, getTokens, viewToken } from "./api.js";
import { createMap } from "./map.js";
import { loadScenario } from "./game.js";

export function parseRecord(text) {
  const r = { seed: null, dice: "rng", options: 0, scenario: null, actions: [] };
  for (const line of text.split("\n")) {
    const m = line.match(/^(\w+)\s+(.*)$/);
    if (!m) continue;
    const [, k, v] = m;
    if (k === "seed") r.seed = v.trim();
    else if (k === "dice") r.dice = v.trim();
    else if (k === "options") r.options = Number(v.trim()) || 0;
    else if (k === "scenario") r.scenario = v.trim();
    else if (k === "action") {
      const [act, d] = v.split(";");
      const dice = d && d.trim().startsWith("dice") ? d.trim().slice(4).trim().split(/\s+/).map(Number) : null;
      r.actions.push({ text: act.trim(), dice });
    }
  }
  return r;
}

export async function showReplay(root, id) {
  clear(root);
  const msg = h("p.msg", { role: "alert", id: "msg" });
  root.append(h("h1", {}, `Replay of ${id}`), msg);
  const tok = viewToken(getTokens(id));
  let rec, game;
  try {
    game = await api.game(id, tok);
    rec = parseRecord(await api.record(id, tok));
  } catch (e) {
    msg.textContent = `The record cannot be shown: ${e.message}`;
    return () => {};
  }
  const scn = await loadScenario(game.scenario);
  const stepLabel = h("span", { id: "step", "aria-live": "polite" });
  const actionText = h("code", { id: "replay-action" });
  const mapBox = h("div.mapbox");
  const log = h("ol.log", { "aria-label": "Rulings of this step" });
  const status = h("p", { id: "replay-status" });
  const btn = (label, f, idn) => h("button", { type: "button", onclick: f, id: idn }, label);
  root.append(h("div.replaybar", { role: "group", "aria-label": "Replay controls" },
    btn("⏮ Start", () => go(0), "rp-start"), btn("◀ Back", () => go(cur - 1), "rp-back"),
    btn("Forward ▶", () => go(cur + 1), "rp-fwd"), btn("End ⏭", () => go(rec.actions.length), "rp-end"),
    " ", stepLabel, " ", actionText),
    status, h("div.gamebody", {}, mapBox, h("aside.side", {}, h("section.panel", {}, h("h2", {}, "Rulings"), log))));
  const map = createMap(mapBox, scn, {});

  // the copy on the server
  let copy;
  try {
    const req = { scenario: game.scenario, mode: "hotseat", dice: rec.dice === "manual" ? "manual" : "rng" };
    // a 64-bit seed can exceed what a JS number holds: the server takes it as a decimal string too
    if (rec.seed != null) req.seed = rec.seed;
    if (rec.options & 1) req.options = ["11.27"];
    copy = await api.create(req);
  } catch (e) {
    msg.textContent = `Cannot make a replay copy: ${e.message}`;
    return () => {};
  }
  const states = [{ game: await api.game(copy.id, Object.values(copy.seats)[0]), events: [] }];
  let cur = 0;

  async function ensure(n) {
    while (states.length <= n) {
      const i = states.length - 1, a = rec.actions[i], g = states[i].game;
      const t = copy.seats[g.to_act] || Object.values(copy.seats)[0];
      const r = await api.act(copy.id, t, a.text, a.dice || undefined);
      states.push({ game: r.game, events: r.events || [] });
    }
  }
  async function go(n) {
    n = Math.max(0, Math.min(rec.actions.length, n));
    try {
      await ensure(n);
    } catch (e) {
      msg.textContent = `The replay stopped at action ${states.length}: ${e.message}`;
      n = states.length - 1;
    }
    cur = n;
    const s = states[n];
    map.setUnits(s.game.units);
    const a = rec.actions[n - 1];
    const hl = new Map();
    if (a) for (const w of a.text.split(/\s+/)) if (/^\d{4}$/.test(w)) hl.set(w, "last");
    map.highlight(hl);
    stepLabel.textContent = `action ${n} of ${rec.actions.length}`;
    actionText.textContent = a ? a.text : "(opening position)";
    status.textContent = s.game.status_text || "";
    clear(log).append(...s.events.map((e) => h("li", {}, e.rule ? h("span.rule", {}, e.rule) : null, " ", e.text,
      e.dice && e.dice.length ? h("span.dice", {}, " die ", e.dice.join(",")) : null)));
  }
  await go(0);
  return () => {};
}
