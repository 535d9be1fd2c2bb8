// table.js: the miniatures table of a Charge of the Light Brigade game as SVG: the terrain
// features, the places a side scores for holding, and each unit's footprint as the rules measure
// it (GET /api/scenarios/{id} "table", the game's "pieces" and "commanders": docs/API.md), its
// front edge drawn heavy, with zoom and pan. North is up; the table's units are twentieths of an
// inch, y counted from the south edge. Drawing only: the caller says what a click on a unit, or on
// the table elsewhere, does.

import { s, h, clear } from "./dom.js";
import { panZoom } from "./panzoom.js";

const FEATURE_STYLE = {
  "gentle-hill": { fill: "#d9c9a0", stroke: "#b59f6c", width: 4 },
  "steep-hill": { fill: "#bfa173", stroke: "#8a6d40", width: 6 },
  woods: { fill: "#8fb27a", stroke: "#5f8a4c", width: 4 },
  town: { fill: "#b9aa99", stroke: "#7b6b5b", width: 4 },
  house: { fill: "#9c8b7a", stroke: "#6b5b4b", width: 4 },
  redoubt: { fill: "#c8a98a", stroke: "#6b4a2b", width: 10 },
  stream: { fill: "none", stroke: "#5d93c4", width: 10 },
  wall: { fill: "none", stroke: "#6e6e6e", width: 8 },
  trench: { fill: "none", stroke: "#6b4a2b", width: 8, dash: "20 10" },
  road: { fill: "none", stroke: "#8c7355", width: 8, dash: "30 14" },
};
const SIDE_COLOURS = [
  { fill: "#3f6b45", stroke: "#1d3a22", front: "#0d1f11" }, // the first side (the Russians)
  { fill: "#b0443a", stroke: "#6b1e17", front: "#3d0c08" }, // the second (the Allies)
];

// The box a table is drawn in: as wide as the screen allows, as deep as the table's shape makes it.
export function tableBox(table) {
  return h("div.tablebox", { id: "tablebox", style: `aspect-ratio: ${table.width} / ${table.depth}` });
}

// Creates the table inside container; table is the scenario's "table", sides its "sides".
// opts.onPiece(id) on a click on a unit, opts.onPoint({x, y}) (inches) on a click elsewhere on the
// table. Returns { svg, setPieces(pieces, commanders), select(id), showMove(from, to) (a dashed
// line between two points in inches; null: none), fit }. "Find a unit" (a list of the units on
// the table, by side) brings the one chosen into view, zoomed to a 60" width at least, and
// chooses it as a click would: at full-table scale a unit is a few pixels across.
export function createTable(container, table, sides, opts = {}) {
  const W = table.width, D = table.depth, per = table.units_per_inch || 20;
  const P = ([x, y]) => `${x},${D - y}`;
  const svg = s("svg", {
    class: "cotlbtable", id: "table", role: "img", viewBox: `0 0 ${W} ${D}`, preserveAspectRatio: "xMidYMid meet",
    "aria-label": `The table, ${W / per} by ${D / per} inches (${table.source})`,
  });
  const gTerrain = s("g", { class: "terrain" }), gObj = s("g", { class: "objectives" });
  const gPieces = s("g", { class: "pieces" }), gLabels = s("g", { class: "labels" }), gMove = s("g", { class: "move" });
  const gReach = s("g", { class: "reach" });
  svg.append(s("rect", { x: 0, y: 0, width: W, height: D, fill: "#e8e2c4" }), gTerrain, gObj, gReach, gPieces, gLabels, gMove);
  // the areas first, the lines (streams, walls, roads) over them
  const feats = [...table.features].sort((a, b) => Number(b.closed) - Number(a.closed));
  for (const f of feats) {
    const st = FEATURE_STYLE[f.kind] || { fill: "none", stroke: "#555", width: 4 };
    const pts = f.points.map(P).join(" ");
    const el = s(f.closed ? "polygon" : "polyline", {
      points: pts, fill: f.closed ? st.fill : "none", stroke: st.stroke, "stroke-width": st.width,
      "stroke-dasharray": st.dash || null, "stroke-linejoin": "round", "data-feature": f.id, class: `feat ${f.kind}`,
    }, s("title", {}, `${f.name} (${f.kind})`));
    gTerrain.append(el);
  }
  const byId = new Map(table.features.map((f) => [f.id, f]));
  const held = new Map();
  for (const o of table.objectives || []) {
    if (!held.has(o.feature)) held.set(o.feature, []);
    held.get(o.feature).push(`${o.side} ${o.vp}: ${o.what}`);
  }
  for (const [fid, what] of held) {
    const f = byId.get(fid);
    if (!f) continue;
    gObj.append(s(f.closed ? "polygon" : "polyline", {
      points: f.points.map(P).join(" "), fill: "none", stroke: "#d4a017", "stroke-width": 6,
      "stroke-dasharray": "12 8", class: "objective", "data-objective": fid,
    }, s("title", {}, `${f.name}: ${what.join("; ")}`)));
  }
  // where the reinforcements come on: a marker for each place, naming who enters there
  const entries = new Map();
  for (const e of table.entries || []) {
    const k = e.at.join(",");
    if (!entries.has(k)) entries.set(k, { at: e.at, side: e.side, units: [] });
    entries.get(k).units.push(e.unit);
  }
  for (const [k, e] of entries) {
    const col = SIDE_COLOURS[Math.max(0, sides.indexOf(e.side)) % 2];
    gObj.append(s("path", {
      d: `M ${e.at[0]} ${D - e.at[1] - 22} l 20 34 h -40 z`, fill: "none", stroke: col.stroke, "stroke-width": 5,
      class: "entry", "data-entry": k,
    }, s("title", {}, `reinforcements enter here: ${e.units.join(", ")}`)));
  }
  // a few names, at the areas' centres, for finding one's way at the whole table's scale
  for (const f of table.features) {
    if (!f.closed || !["town", "redoubt", "steep-hill"].includes(f.kind)) continue;
    const cx = f.points.reduce((a, p) => a + p[0], 0) / f.points.length;
    const cy = f.points.reduce((a, p) => a + p[1], 0) / f.points.length;
    gLabels.append(s("text", { x: cx, y: D - cy, class: "featname" }, f.name.replace(/ \(.*\)$/, "")));
  }

  let selected = null, shown = { pieces: [], commanders: [] };
  const pz = panZoom(svg, { w: W, h: D }, {
    minW: 24 * per, label: "table",
    onClick: (ev, at) => {
      const t = ev.target.closest && ev.target.closest("[data-piece]");
      if (t) { if (opts.onPiece) opts.onPiece(t.getAttribute("data-piece")); return; }
      if (opts.onPoint && at.x >= 0 && at.x <= W && at.y >= 0 && at.y <= D)
        opts.onPoint({ x: at.x / per, y: (D - at.y) / per });
    },
  });

  const FIND_W = 60 * per;
  const find = h("select.findunit", { id: "findunit", "aria-label": "Find a unit on the table" });
  find.addEventListener("change", () => {
    const p = shown.pieces.find((x) => x.id === find.value);
    find.value = "";
    if (!p) return;
    pz.focus({ x: p.at[0], y: D - p.at[1] }, FIND_W);
    if (p.id === selected) return;
    if (opts.onPiece) opts.onPiece(p.id);
    else select(p.id);
  });
  function fillFind() {
    const groups = sides.map((side) => {
      const mine = shown.pieces.filter((p) => p.side === side);
      return mine.length ? h("optgroup", { label: side }, ...mine.map((p) => h("option", { value: p.id }, `${p.id}: ${p.name}`))) : null;
    }).filter(Boolean);
    clear(find).append(h("option", { value: "" }, "Find a unit…"), ...groups);
  }

  function setPieces(pieces, commanders) {
    shown = { pieces: pieces || [], commanders: commanders || [] };
    fillFind();
    clear(gPieces);
    for (const p of pieces || []) {
      const col = SIDE_COLOURS[Math.max(0, sides.indexOf(p.side)) % 2];
      const [fl, fr, rr, rl] = p.corners;
      const g = s("g", {
        class: `piece${p.routing ? " routing" : ""}${p.id === selected ? " selected" : ""}${lastIds.includes(p.id) ? " last" : ""}`,
        "data-piece": p.id,
        "data-side": p.side,
      });
      g.append(s("title", {}, `${p.id}: ${p.name}, ${p.formation}, facing ${p.facing}, ${p.figures}/${p.full} figures` +
        `${p.markers ? `, ${p.markers} marker${p.markers > 1 ? "s" : ""}` : ""}${p.routing ? ", routing" : ""}`));
      g.append(s("polygon", {
        points: [fl, fr, rr, rl].map(P).join(" "), fill: col.fill, stroke: col.stroke, "stroke-width": 3,
        "fill-opacity": p.routing ? 0.45 : 0.9,
      }));
      g.append(s("line", { x1: fl[0], y1: D - fl[1], x2: fr[0], y2: D - fr[1], stroke: col.front, "stroke-width": 8 }));
      const cx = (fl[0] + rr[0]) / 2, cy = D - (fl[1] + rr[1]) / 2;
      g.append(s("text", { x: cx, y: cy, class: "pieceid" }, p.markers ? `${p.id} ·${p.markers}` : p.id));
      gPieces.append(g);
    }
    for (const c of commanders || [])
      gPieces.append(s("circle", { cx: c.at[0], cy: D - c.at[1], r: 12, class: "cmdr", "data-commander": c.id },
        s("title", {}, `commander ${c.id}`)));
  }
  // the units the last action named, marked (the computer's move seen where it happened)
  let lastIds = [];
  function markLast(ids) {
    lastIds = ids || [];
    for (const g of gPieces.querySelectorAll("[data-piece]"))
      g.classList.toggle("last", lastIds.includes(g.getAttribute("data-piece")));
  }
  function select(id) {
    selected = id;
    for (const g of gPieces.querySelectorAll("[data-piece]"))
      g.classList.toggle("selected", g.getAttribute("data-piece") === id);
    drawReach(shown.pieces.find((p) => p.id === id));
  }
  // what is measured from the unit chosen: the ground within its weapon's long and short range
  // and canister's 4" (the footprint grown by the range: a round-joined stroke twice as wide),
  // and the circle its brigade commander must reach [BRIGADE COMMANDERS]. Range only: the arc
  // and the line of sight are the rules' to judge.
  function drawReach(p) {
    clear(gReach);
    if (!p) return;
    const pts = p.corners.map(P).join(" ");
    const band = (inches, cls) => gReach.append(s("polygon", {
      points: pts, class: `reach ${cls}`, "stroke-width": 2 * inches * per, "stroke-linejoin": "round", "data-range": inches,
    }, s("title", {}, `${p.id}: within ${inches}" (${cls} range of its ${p.weapon})`)));
    if (p.long > 0) {
      band(p.long, "long");
      band(p.long / 2, "short");
    }
    if (p.canister) band(4, "canister");
    const c = p.commander && p.radius > 0 && shown.commanders.find((x) => x.id === p.commander);
    if (c)
      gReach.append(s("circle", { cx: c.at[0], cy: D - c.at[1], r: p.radius * per, class: "command", "data-radius": p.radius },
        s("title", {}, `${p.commander}: ${p.id} within ${p.radius}" of its commander [BRIGADE COMMANDERS]`)));
  }

  function showMove(from, to) {
    clear(gMove);
    if (!from || !to) return;
    const a = [from.x * per, D - from.y * per], b = [to.x * per, D - to.y * per];
    gMove.append(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "moveline" }),
      s("circle", { cx: b[0], cy: b[1], r: 14, class: "movedest", id: "movedest" }));
  }

  pz.controls.prepend(find);
  const wrap = h("div.mapwrap.tablewrap", {}, svg, pz.controls);
  clear(container).append(wrap);
  return { svg, setPieces, select, markLast, showMove, fit: pz.fit };
}
