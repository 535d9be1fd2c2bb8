// hexgeo.js: SPI hex numbering (XXYY, column then row) on a flat-topped even-q layout: even
// columns sit half a hex lower than odd ones. Pixel coordinates for the SVG map.

export const R = 30; // centre-to-corner radius in SVG units
const SQ3 = Math.sqrt(3);

export function parseHex(h) {
  const s = String(h).padStart(4, "0");
  return { col: parseInt(s.slice(0, s.length - 2), 10), row: parseInt(s.slice(-2), 10) };
}

export function hexId(col, row) {
  return String(col).padStart(2, "0") + String(row).padStart(2, "0");
}

// Centre of a hex, given the map's first column and row (cols[0], rows[0]).
export function centre(h, c0, r0) {
  const { col, row } = typeof h === "object" ? h : parseHex(h);
  const x = R + 1.5 * R * (col - c0);
  const y = (SQ3 / 2) * R + SQ3 * R * (row - r0 + (col % 2 === 0 ? 0.5 : 0));
  return { x, y };
}

// SVG "points" of the hexagon around centre p.
export function corners(p, r = R) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(p.x + r * Math.cos(a)).toFixed(2)},${(p.y + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

// The shared edge of two adjacent hexes as two points (the perpendicular bisector of the centres,
// one side length long).
export function edge(pa, pb) {
  const mx = (pa.x + pb.x) / 2, my = (pa.y + pb.y) / 2;
  const dx = pb.x - pa.x, dy = pb.y - pa.y, len = Math.hypot(dx, dy) || 1;
  const px = -dy / len, py = dx / len;
  return {
    x1: mx + (px * R) / 2, y1: my + (py * R) / 2,
    x2: mx - (px * R) / 2, y2: my - (py * R) / 2,
    mx, my, ux: dx / len, uy: dy / len,
  };
}

// Size of the whole map in SVG units.
export function extent(cols, rows) {
  const nc = cols[1] - cols[0] + 1, nr = rows[1] - rows[0] + 1;
  return { w: 1.5 * R * (nc - 1) + 2 * R, h: SQ3 * R * (nr + 0.5) };
}

// The six neighbours of a hex, N then clockwise (hex.h's even-q: an even column's side
// neighbours are at rows r and r+1, an odd column's at r-1 and r).
export function neighbours(hx) {
  const { col, row } = parseHex(hx);
  const side = col % 2 === 0 ? 0 : -1;
  return [[col, row - 1], [col + 1, row + side], [col + 1, row + side + 1], [col, row + 1],
    [col - 1, row + side + 1], [col - 1, row + side]].map(([c, r]) => hexId(c, r));
}
