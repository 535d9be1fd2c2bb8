// replay.js: the replay viewer. The client has no rules engine, so the positions come from the
// server: GET /api/games/{id}?at=N is the position after the first N actions with the rulings of
// action N. Each position fetched is kept, so stepping back is instant. A quad game is shown on
// its hex map, a Charge of the Light Brigade game on its table (the unit the action names marked),
// a Sevastopol game on the schematic of its approaches and as the terminal draws it.

import { h, clear } from "./dom.js";
import { api, getTokens, viewToken } from "./api.js";
import { createMap } from "./map.js";
import { createTable, tableBox as makeTableBox } from "./table.js";
import { createSiege } from "./siege.js";
import { loadScenario } from "./game.js";

export async function showReplay(root, id) {
  clear(root);
  const msg = h("p.msg", { role: "alert", id: "msg" });
  root.append(h("h1", {}, `Replay of ${id}`), msg);
  const tok = viewToken(getTokens(id));
  let game, first;
  try {
    game = await api.game(id, tok);
    first = await api.game(id, tok, 0);
  } catch (e) {
    msg.textContent = `The game cannot be shown: ${e.message}`;
    return () => {};
  }
  const total = first.of;
  const scn = await loadScenario(game.scenario);
  const stepLabel = h("span", { id: "step", "aria-live": "polite" });
  const actionText = h("code", { id: "replay-action" });
  const mapBox = h("div.mapbox");
  const tableBox = !scn.map && scn.table ? makeTableBox(scn.table) : null;
  const siegeBox = scn.map || !scn.siege ? null : h("div.siegebox", { id: "siegebox" });
  const board = scn.map ? null : h("pre.board", { id: "board", "aria-label": "The position" });
  if (!scn.map) mapBox.classList.add("textboard");
  const log = h("ol.log", { "aria-label": "Rulings of this step" });
  const status = h("p", { id: "replay-status" });
  const btn = (label, f, idn) => h("button", { type: "button", onclick: f, id: idn }, label);
  root.append(h("div.replaybar", { role: "group", "aria-label": "Replay controls" },
    btn("⏮ Start", () => go(0), "rp-start"), btn("◀ Back", () => go(want - 1), "rp-back"),
    btn("Forward ▶", () => go(want + 1), "rp-fwd"), btn("End ⏭", () => go(total), "rp-end"),
    " ", stepLabel, " ", actionText),
    status, h("div.gamebody", {}, mapBox, h("aside.side", {}, h("section.panel", {}, h("h2", {}, "Rulings"), log))));
  const map = scn.map ? createMap(mapBox, scn, {}) : null;
  if (!scn.map) mapBox.append(...[tableBox, siegeBox, board].filter(Boolean));
  const table = tableBox ? createTable(tableBox, scn.table, scn.sides || [], {}) : null;
  const siege = siegeBox ? createSiege(siegeBox, scn.siege) : null;
  const states = new Map([[0, first]]);
  // want: the step asked for last, counted from at once, so that clicks quicker than the server
  // step on from each other (two Forwards are two steps); a position that comes back after a
  // later click asked for another is kept, not shown
  let want = 0;

  async function go(n) {
    n = Math.max(0, Math.min(total, n));
    want = n;
    let s = states.get(n);
    if (!s) {
      try {
        s = await api.game(id, tok, n);
        states.set(n, s);
      } catch (e) {
        if (want === n) msg.textContent = `Action ${n} cannot be shown: ${e.message}`;
        return;
      }
    }
    if (want !== n) return;
    if (map) {
      map.setUnits(s.units);
      const hl = new Map();
      if (s.action) for (const w of s.action.split(/\s+/)) if (/^\d{4}$/.test(w)) hl.set(w, "last");
      map.highlight(hl);
    } else {
      if (table) {
        table.setPieces(s.pieces, s.commanders);
        table.select(s.action ? s.action.split(/\s+/)[1] : null); // the unit the action names
      }
      siege?.update(s.siege);
      board.textContent = s.board || "";
    }
    stepLabel.textContent = `action ${n} of ${total}`;
    actionText.textContent = s.action || "(opening position)";
    status.textContent = `Game-Turn ${s.turn}, ${s.phasing} ${s.phase}`;
    clear(log).append(...(s.events || []).map((e) => h("li", {}, e.rule ? h("span.rule", {}, e.rule) : null, " ", e.text,
      e.dice && e.dice.length ? h("span.dice", {}, " die ", e.dice.join(",")) : null)));
  }
  await go(0);
  return () => {};
}
