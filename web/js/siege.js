// siege.js: Sevastopol's abstract map as SVG: the bastions above, the Allied Siege Areas below,
// and each approach between them with the works dug toward its bastion (GET /api/scenarios/{id}
// "siege", the game's "siege": docs/API.md). A schematic of the reconstructed approaches (the
// printed map is not in the seed): the areas west to east as the seed places them (the French
// Left, the British, the French Right), each bastion over the areas that approach it.

import { s, h, clear } from "./dom.js";

const W = 1000, H = 430, BY = 60, AY = 370;
const NATION = { french: "#2c4f9e", british: "#b0443a" };

// Creates the drawing inside container; siege is the scenario's "siege". Returns { update(state) }
// with the game's "siege".
export function createSiege(container, siege) {
  const svg = s("svg", {
    class: "siegemap", id: "siege", role: "img", viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "xMidYMid meet",
    "aria-label": "The approaches to the bastions (a schematic of the reconstructed map)",
  });
  const areaX = new Map(siege.areas.map((a, i) => [a.id, ((i + 0.5) * W) / siege.areas.length]));
  // each bastion over the mean of the areas that approach it (ties kept in the data's order)
  const fromArea = siege.approaches.filter((p) => !p.from); // [8.82]: those out from a bastion are drawn between bastions
  const near = (b) => {
    const xs = fromArea.filter((p) => p.bastion === b.id).map((p) => areaX.get(p.area));
    return xs.length ? xs.reduce((t, x) => t + x, 0) / xs.length : W / 2;
  };
  const order = siege.bastions.map((b, i) => ({ b, i, x: near(b) })).sort((p, q) => p.x - q.x || p.i - q.i);
  const bastX = new Map(order.map((o, k) => [o.b.id, ((k + 0.5) * W) / order.length]));
  // each approach leaves its area's start line at its own point, in the bastions' order
  const startX = new Map();
  for (const a of siege.areas) {
    const mine = fromArea.filter((p) => p.area === a.id).sort((p, q) => bastX.get(p.bastion) - bastX.get(q.bastion));
    mine.forEach((p, i) => startX.set(`${p.area}:${p.bastion}`, areaX.get(a.id) - 90 + (180 * (i + 0.5)) / mine.length));
  }
  const gWays = s("g", { class: "ways" }), gBast = s("g", { class: "bastions" }), gAreas = s("g", { class: "areas" });
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, class: "ground" }), gWays, gBast, gAreas,
    s("text", { x: W - 8, y: H - 8, class: "caption", "text-anchor": "end" }, "schematic: the approaches reconstructed, not the printed map"));
  for (const a of siege.areas) {
    const x = areaX.get(a.id);
    gAreas.append(s("g", { "data-area": a.id },
      s("rect", { x: x - 110, y: AY, width: 220, height: 40, rx: 6, fill: NATION[a.nation] || "#666", class: "area" }),
      s("text", { x, y: AY + 17, class: "areaname" }, a.id),
      s("text", { x, y: AY + 33, class: "areanote" }, a.active > 1 ? `${a.nation}, active from Game-Turn ${a.active}` : a.nation)));
  }
  clear(container).append(svg);

  function update(st) {
    clear(gWays);
    clear(gBast);
    const bst = new Map((st?.bastions || []).map((b) => [b.id, b]));
    siege.approaches.forEach((p, k) => {
      const w = st?.approaches?.[k] || { front: p.yards, lines: 0, work: 0, damaged: 0, open: !p.from };
      if (p.from && !w.open) return; // [8.82]: no start line until the bastion is captured
      const nation = siege.areas.find((a) => a.id === p.area)?.nation;
      const name = `${p.from || p.area}:${p.bastion}`;
      // out from a captured bastion: from under its box, along the top, to its neighbour's
      const x0 = p.from ? bastX.get(p.from) : startX.get(name), x1 = bastX.get(p.bastion), y0 = p.from ? BY + 70 : AY;
      const y1 = BY + 44;
      const f = Math.max(0, Math.min(1, (p.yards - w.front) / p.yards));
      const xf = x0 + (x1 - x0) * f, yf = y0 + (y1 - y0) * f;
      const g = s("g", { class: "approach", "data-approach": name, "data-front": w.front });
      g.append(s("title", {}, `${p.from ? `${p.area}, out from the captured ${p.from}` : p.area} toward ${p.bastion}: ` +
        `works ${w.front} yards from it (${p.yards} from the start line); ` +
        `${w.lines} line${w.lines === 1 ? "" : "s"} complete, ${w.work} of the next step${w.damaged ? `, ${w.damaged} damaged` : ""}`));
      g.append(s("line", { x1: x0, y1: y0, x2: x1, y2: y1, class: "way" }));
      if (f > 0) g.append(s("line", { x1: x0, y1: y0, x2: xf, y2: yf, class: "dug", stroke: NATION[nation] || "#666" }));
      if (w.damaged) g.append(s("circle", { cx: xf, cy: yf, r: 7, class: "damaged" }));
      g.append(s("text", { x: xf + (x1 >= x0 ? 5 : -5), y: yf - 6, class: "yards", "text-anchor": x1 >= x0 ? "start" : "end" }, `${w.front}`));
      gWays.append(g);
    });
    for (const b of siege.bastions) {
      const x = bastX.get(b.id), v = bst.get(b.id) || { level: 3, captured: false, russians: 0, reserve: 0 };
      gBast.append(s("g", { class: `bastion${v.captured ? " captured" : ""}${b.major ? " major" : ""}`, "data-bastion": b.id },
        s("title", {}, `${b.name}${b.major ? " (major)" : ""}: Strength Level ${v.level}; ${v.captured ? "captured" :
          `${v.russians} Russian units, ${v.reserve} in its Reserve Box; ${b.positions} positions`}`),
        s("rect", { x: x - 52, y: BY - 40, width: 104, height: 84, rx: 4, class: "bastionbox" }),
        s("text", { x, y: BY - 22, class: "bastionname" }, b.name.replace(/ Bastion$/, "")),
        s("text", { x, y: BY, class: "bastionlevel" }, v.captured ? "taken" : `level ${v.level}`),
        s("text", { x, y: BY + 20, class: "bastionheld" }, v.captured ? "" : `${v.russians - v.reserve} + ${v.reserve} res.`)));
    }
  }
  update(null);
  return { svg, update };
}
