// counters.js: one unit counter as SVG: side colour, NATO type symbol, size, and the values of
// the face in play (the back when disrupted, [7.13]), with a disruption stripe.

import { s } from "./dom.js";
import { R } from "./hexgeo.js";

const SIDE_COLOURS = [
  { fill: "#c9d6ea", edge: "#23406e", ink: "#0f2342" }, // first side of the scenario
  { fill: "#e9c9b8", edge: "#7a2a12", ink: "#40160a" }, // second side
];

// Nation colours where the order of battle names one; otherwise by the side's place in the scenario.
const NATION_COLOURS = {
  russian: { fill: "#cfd5b8", edge: "#3d4a1f", ink: "#1f2a0c" },
  british: { fill: "#efc2b8", edge: "#8a1c10", ink: "#4a0d06" },
  french: { fill: "#c4d3ee", edge: "#1f3f7a", ink: "#0c1f45" },
  turkish: { fill: "#f0e0a8", edge: "#7a5a10", ink: "#3f2d05" },
  sardinian: { fill: "#d8c8e8", edge: "#4d2f7a", ink: "#27163f" },
};

export function sideColour(side, sides, nation) {
  if (nation && NATION_COLOURS[nation]) return NATION_COLOURS[nation];
  const i = Math.max(0, (sides || []).indexOf(side));
  return SIDE_COLOURS[i % 2];
}

// def: UNITDEF; st: the unit's GAME.units entry; at: {x, y, selected}.
export function counter(def, st, sides, at) {
  const w = R * 1.18, hgt = R * 1.18;
  const col = sideColour(def.side, sides, def.nation);
  const x = at.x - w / 2, y = at.y - hgt / 2;
  const g = s("g", {
    class: `counter side-${def.side}${st.disrupted ? " disrupted" : ""}${at.selected ? " selected" : ""}`,
    "data-unit": def.id,
  });
  g.append(s("title", {}, `${def.name || def.id} (${def.id}) ${def.type}${def.size ? " " + def.size : ""} ` +
    `${st.disrupted ? "disrupted " + (def.back || def.front) : def.front || ""}`));
  g.append(s("rect", { x, y, width: w, height: hgt, rx: 2, fill: col.fill, stroke: at.selected ? "#ffcc00" : col.edge, "stroke-width": at.selected ? 3 : 1.2 }));
  // the NATO box
  const bx = at.x - w * 0.28, by = y + hgt * 0.37, bw = w * 0.56, bh = hgt * 0.28;
  g.append(s("rect", { x: bx, y: by, width: bw, height: bh, fill: "none", stroke: col.ink, "stroke-width": 1 }));
  const ink = { stroke: col.ink, "stroke-width": 1, fill: "none" };
  if (def.type === "inf") {
    g.append(s("line", { x1: bx, y1: by, x2: bx + bw, y2: by + bh, ...ink }));
    g.append(s("line", { x1: bx, y1: by + bh, x2: bx + bw, y2: by, ...ink }));
  } else if (def.type === "cav") {
    g.append(s("line", { x1: bx, y1: by + bh, x2: bx + bw, y2: by, ...ink }));
  } else if (def.type === "art" || def.type === "hart") {
    g.append(s("circle", { cx: at.x, cy: by + bh / 2, r: 2.6, fill: col.ink }));
    if (def.type === "hart") g.append(s("line", { x1: bx, y1: by + bh, x2: bx + bw, y2: by, ...ink }));
  }
  if (def.size) g.append(s("text", { x: at.x, y: by - 1, class: "csize", fill: col.ink }, def.size));
  const face = st.disrupted ? def.back || def.front : def.front;
  g.append(s("text", { x: at.x, y: y + hgt - 3, class: "cvals", fill: col.ink }, face || ""));
  g.append(s("text", { x: at.x, y: y + 6.5, class: "cid", fill: col.ink }, def.id.slice(0, 8)));
  if (st.disrupted) g.append(s("rect", { x: x + w - 5, y, width: 5, height: hgt, fill: "#d02020", class: "dstripe" }));
  return g;
}
