// map.js: the SVG hex map of a scenario (terrain, hexside features, hex numbers), its counters,
// highlights, and zoom (wheel, buttons) and pan (drag). Drawing only: the caller decides what a
// click on a hex means.

import { s, h, clear } from "./dom.js";
import { R, centre, corners, edge, extent } from "./hexgeo.js";
import { counter } from "./counters.js";
import { panZoom } from "./panzoom.js";

export const TERRAIN_COLOURS = {
  clear: "#e9e3c6", woods: "#7da46a", town: "#c2a78c", vineyard: "#c7b8a0", swamp: "#9cc0b0",
  brush: "#b2bd80", sea: "#86b7dc", aqueduct: "#9fc3d8", closed: "#7b7b7b", fort: "#b58f86",
  rough: "#c8b58a", marsh: "#9cc0b0", orchard: "#a8c47c",
};

const ROAD_STYLE = {
  road_major: { stroke: "#5b4636", width: 4, dash: null },
  road_minor: { stroke: "#6d5643", width: 3, dash: null },
  track: { stroke: "#7a6552", width: 2, dash: "5 4" },
};

// Creates the map inside container. scn is GET /api/scenarios/{id}; opts.onHexClick(hex, event).
export function createMap(container, scn, opts = {}) {
  const map = scn.map;
  const [c0, c1] = map.cols, [r0, r1] = map.rows;
  const ext = extent(map.cols, map.rows);
  const cen = (hx) => centre(hx, c0, r0);
  const sides = scn.sides || [];
  const unitDefs = new Map((scn.units || []).map((u) => [u.id, u]));

  const svg = s("svg", {
    class: "hexmap", role: "img", "aria-label": `Map of ${scn.title || scn.id}`,
    viewBox: `0 0 ${ext.w} ${ext.h}`, preserveAspectRatio: "xMidYMid meet",
  });
  const gTerrain = s("g", { class: "terrain" });
  const gRoads = s("g", { class: "roads" });
  const gSides = s("g", { class: "hexsides" });
  const gLabels = s("g", { class: "labels" });
  const gHi = s("g", { class: "highlights" });
  const gUnits = s("g", { class: "units" });
  svg.append(gTerrain, gRoads, gSides, gLabels, gHi, gUnits);

  const terrainOf = new Map();
  for (const x of map.hexes || []) terrainOf.set(x.hex, x);
  const hexPoly = new Map();
  for (let c = c0; c <= c1; c++) {
    for (let r = r0; r <= r1; r++) {
      const id = String(c).padStart(2, "0") + String(r).padStart(2, "0");
      const info = terrainOf.get(id) || { terrain: "clear" };
      const p = cen(id);
      const poly = s("polygon", {
        points: corners(p), class: `hex t-${info.terrain}`, "data-hex": id,
        fill: TERRAIN_COLOURS[info.terrain] || "#ddd",
      });
      gTerrain.append(poly);
      hexPoly.set(id, poly);
      gLabels.append(s("text", { x: p.x, y: p.y - R * 0.62, class: "hexnum" }, id));
      if (info.road) gRoads.append(s("circle", { cx: p.x, cy: p.y, r: 2.2, fill: "#5b4636" }));
    }
  }
  for (const hs of map.hexsides || []) drawHexside(hs);
  for (const pl of map.places || []) {
    if (!pl.hexes || !pl.hexes.length || pl.name.length > 40) continue;
    const p = cen(pl.hexes[0]);
    gLabels.append(s("text", { x: p.x, y: p.y + R * 0.78, class: "place" }, pl.name));
  }

  function drawHexside(hs) {
    const pa = cen(hs.a), pb = cen(hs.b), e = edge(pa, pb);
    const f = hs.features || [];
    for (const kind of Object.keys(ROAD_STYLE)) {
      if (!f.includes(kind)) continue;
      const st = ROAD_STYLE[kind];
      gRoads.append(s("line", {
        x1: pa.x, y1: pa.y, x2: pb.x, y2: pb.y, class: `road ${kind}`,
        stroke: st.stroke, "stroke-width": st.width, "stroke-dasharray": st.dash, "stroke-linecap": "round",
      }));
    }
    const line = (cls, attrs) => gSides.append(s("line", { x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2, class: cls, ...attrs }));
    if (f.includes("river")) line("river", { stroke: "#2f6fb5", "stroke-width": 6, "stroke-linecap": "round" });
    if (f.includes("stream")) line("stream", { stroke: "#4c8fd0", "stroke-width": 3, "stroke-linecap": "round" });
    if (f.includes("ford")) line("ford", { stroke: "#9cc6ea", "stroke-width": 3, "stroke-dasharray": "3 3" });
    if (f.includes("wall")) line("wall", { stroke: "#333", "stroke-width": 3 });
    if (f.includes("ravine")) line("ravine", { stroke: "#6b4a2f", "stroke-width": 4, "stroke-dasharray": "2 2" });
    if (f.includes("bridge")) {
      // a short deck across the water, along the line of the centres
      const L = R * 0.35;
      gSides.append(s("line", {
        x1: e.mx - e.ux * L, y1: e.my - e.uy * L, x2: e.mx + e.ux * L, y2: e.my + e.uy * L,
        class: "bridge", stroke: "#6a4b2b", "stroke-width": 7,
      }));
    }
    const slopes = hs.slopes || (hs.slope ? [hs.slope] : []);
    for (const sl of slopes) drawSlope(hs, sl);
    if (f.includes("redoubt")) {
      line("redoubt", { stroke: "#7a1f1f", "stroke-width": 5 });
      const inside = hs.inside || hs.a;
      const pi = cen(inside);
      // a small inward tick marks the inside of the work
      const dx = pi.x - e.mx, dy = pi.y - e.my, d = Math.hypot(dx, dy) || 1;
      gSides.append(s("line", {
        x1: e.mx, y1: e.my, x2: e.mx + (dx / d) * 6, y2: e.my + (dy / d) * 6,
        class: "redoubt-in", stroke: "#7a1f1f", "stroke-width": 3,
      }));
    }
  }

  // A slope: the hexside line with hachures pointing downhill, into the splash hex.
  function drawSlope(hs, sl) {
    const pa = cen(hs.a), pb = cen(hs.b), e = edge(pa, pb);
    const ps = cen(sl.splash);
    const dx = ps.x - e.mx, dy = ps.y - e.my, d = Math.hypot(dx, dy) || 1;
    const ux = dx / d, uy = dy / d;
    const kind = sl.kind || "gentle";
    const colour = kind === "cliff" ? "#222" : kind === "steep" ? "#6b3d1f" : "#9a6a3c";
    const tick = kind === "gentle" ? 4 : 7;
    const g = s("g", { class: `slope ${kind}`, "data-splash": sl.splash });
    g.append(s("line", { x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2, stroke: colour, "stroke-width": kind === "gentle" ? 1.5 : 2.5 }));
    for (let i = 1; i <= 3; i++) {
      const t = i / 4, x = e.x1 + (e.x2 - e.x1) * t, y = e.y1 + (e.y2 - e.y1) * t;
      g.append(s("line", { x1: x, y1: y, x2: x + ux * tick, y2: y + uy * tick, stroke: colour, "stroke-width": 1.5 }));
    }
    gSides.append(g);
  }

  // ---- counters ----
  // units: GAME.units; draws every stack on the map, top unit last. The same units and selection
  // as the last call draw nothing again (the game screen renders at every update of the game,
  // and the computer's turn sends dozens: redrawing every counter each time kept the browser busy).
  let drawn = null;
  function setUnits(units, selected = new Set()) {
    const key = JSON.stringify([units, [...selected]]);
    if (key === drawn) return;
    drawn = key;
    clear(gUnits);
    const byHex = new Map();
    for (const u of units) {
      if (u.state !== "on" || !u.hex) continue;
      if (!byHex.has(u.hex)) byHex.set(u.hex, []);
      byHex.get(u.hex).push(u);
    }
    for (const [hx, list] of byHex) {
      list.sort((a, b) => (a.top === b.top ? 0 : a.top ? 1 : -1));
      const p = cen(hx);
      const n = list.length;
      list.forEach((u, i) => {
        const def = unitDefs.get(u.id) || { id: u.id, side: "?", type: "inf" };
        const off = (n - 1 - i) * -3;
        const c = counter(def, u, sides, { x: p.x + off, y: p.y + off, selected: selected.has(u.id) });
        c.setAttribute("data-hex", hx);
        gUnits.append(c);
      });
      if (n > 1) {
        const b = s("g", { class: "stackbadge", "data-hex": hx });
        b.append(s("circle", { cx: p.x + R * 0.55, cy: p.y - R * 0.5, r: 7 }));
        b.append(s("text", { x: p.x + R * 0.55, y: p.y - R * 0.5 + 3.5 }, n));
        gUnits.append(b);
      }
    }
  }

  // hl: Map or object hex -> class ("move", "target", "owed", "sel", "last").
  function highlight(hl) {
    clear(gHi);
    const entries = hl instanceof Map ? [...hl] : Object.entries(hl || {});
    for (const [hx, cls] of entries) {
      if (!hexPoly.has(hx)) continue;
      gHi.append(s("polygon", { points: corners(cen(hx), R - 2), class: `hl hl-${cls}`, "data-hex": hx }));
    }
  }

  // ---- zoom and pan (viewBox) ----
  const pz = panZoom(svg, ext, {
    minW: R * 6, label: "map",
    onClick: (ev) => {
      const t = ev.target.closest && ev.target.closest("[data-hex]");
      if (t && opts.onHexClick) opts.onHexClick(t.getAttribute("data-hex"), ev);
    },
  });
  const { fit, zoom } = pz;
  const centreOn = (hx) => pz.centreOn(cen(hx));
  const wrap = h("div.mapwrap", {}, svg, pz.controls);
  clear(container).append(wrap);

  return { svg, setUnits, highlight, fit, zoom, centreOn, unitDefs };
}
