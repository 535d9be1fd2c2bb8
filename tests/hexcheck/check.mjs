// hexcheck: cross-checks crimea's hex geometry (src/hex/hex.h) against honeycomb-grid.
// Usage: node check.mjs HEXDUMP [--pairs N] [--seed S] [--strict]
// Generates N seeded random pairs of hexes on a board of columns 0..40, rows 0..30 (uniform,
// along chosen lattice directions, and short), runs HEXDUMP once over all of them and compares:
//   - hex_neighbor (6 directions), hex_dir_to and hex_distance: exactly, with honeycomb's
//     neighborOf / distance (flat-topped hexes, offset 1 = even columns shoved down = even-q);
//   - hex_line, three ways:
//     (a) cube lerp + honeycomb's round at the N+1 sample points, nudged by +-1e-6 along each
//         of the three cube axes (and honeycomb's own line traverser): every sampled hex must be
//         a hex crimea's line touches; where the nudged samples disagree the sample lies on a
//         hexside, and crimea must report a boundary there: a LINE_SIDE (or LINE_VERTEX) step
//         with those two hexes, or two consecutive LINE_HEX steps crossing from one to the other;
//         the unambiguous samples must appear in crimea's step order;
//     (b) segment clipping (floating point) against honeycomb's pixel hexagons (hexToPoint,
//         corners): the hexes whose interior the segment crosses must be exactly crimea's LINE_HEX
//         steps; hexes touched along a hexside exactly its LINE_SIDE pairs (with the right
//         partner); hexes touched at a point exactly its LINE_VERTEX hexes; steps in order of t;
//     (c) `from` of each LINE_HEX step: the previous hex if the line crossed their common hexside
//         away from a vertex, else HEX_NONE.
// crimea failing a line (hex_line -1) for a known reason (see KNOWN below) is counted as skipped
// (strict by default since hex_line handles those lines; HEXCHECK_STRICT=0 relaxes it). Prints "hexcheck: N passed, M failed".
import { spawnSync } from 'node:child_process';
import {
	defineHex, Orientation, Direction, neighborOf, distance, round, line, pointToCube,
} from 'honeycomb-grid';

// ---- arguments ----
const args = process.argv.slice(2);
let dumpPath = null, nPairs = 20000, seed = 20240615, strict = process.env.HEXCHECK_STRICT !== '0';
for (let i = 0; i < args.length; i++) {
	if (args[i] === '--pairs') nPairs = Number(args[++i]);
	else if (args[i] === '--seed') seed = Number(args[++i]);
	else if (args[i] === '--strict') strict = true;
	else dumpPath = args[i];
}
if (!dumpPath || !(nPairs > 0)) {
	console.error('usage: node check.mjs HEXDUMP [--pairs N] [--seed S] [--strict]');
	process.exit(2);
}

const COLS = 41, ROWS = 31; // board: columns 0..40, rows 0..30
const LINE_LIMIT_DIST = 47; // hex_line's current distance limit (KNOWN.long)

// ---- honeycomb setup: flat-topped, offset 1 (even columns shoved down) ----
const Hex = defineHex({ orientation: Orientation.FLAT, offset: 1, dimensions: 1 });
const hexOf = (h) => new Hex({ col: Math.floor(h / 100), row: h % 100 });
const fromCube = (c) => new Hex({ q: c.q, r: c.r });
// crimea's numbering: XXYY for columns/rows 0..99, anything else is off it (HEX_NONE).
const onNumbering = (x) => x.col >= 0 && x.col <= 99 && x.row >= 0 && x.row <= 99;
const keyOf = (x) => (onNumbering(x) ? x.col * 100 + x.row : `off(${x.col},${x.row})`);
const ck = (k) => (typeof k === 'number' ? k : -1); // key as crimea would report it
const fmt = (k) => (typeof k === 'number' ? (k < 0 ? String(k) : String(k).padStart(4, '0')) : k);
// crimea's directions, clockwise from north: HEX_N, NE, SE, S, SW, NW
const DIRS = [Direction.N, Direction.NE, Direction.SE, Direction.S, Direction.SW, Direction.NW];

// ---- sanity of the configuration against the seed facts ----
function adjacentHC(a, b) {
	const hb = hexOf(b);
	return DIRS.some((d) => neighborOf(hexOf(a), d).equals(hb));
}
{
	const facts = [[714, 813], [714, 814], [814, 914], [814, 915]];
	const bad = facts.filter(([a, b]) => !adjacentHC(a, b));
	if (bad.length) {
		console.error('hexcheck: honeycomb configuration contradicts the seed adjacency facts:', bad);
		process.exit(2);
	}
}

// ---- seeded PRNG (mulberry32) ----
function mulberry32(s) {
	return () => {
		s = (s + 0x6d2b79f5) | 0;
		let t = Math.imul(s ^ (s >>> 15), 1 | s);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
const rnd = mulberry32(seed);
const ri = (n) => Math.floor(rnd() * n);

// ---- pairs ----
const onBoard = (x) => x.col >= 0 && x.col < COLS && x.row >= 0 && x.row < ROWS;
const pairs = [[714, 813], [714, 814], [814, 914], [814, 915], [2106, 2309], [2309, 2106],
	[714, 714], [0, 0], [4030, 0], [100, 300]];
// primitive cube directions with small components: every lattice direction family with
// boundary-running or vertex-crossing lines shows up among them
const prim = [];
const gcd = (x, y) => (y ? gcd(y, x % y) : Math.abs(x));
for (let q = -5; q <= 5; q++)
	for (let r = -5; r <= 5; r++)
		if ((q || r) && gcd(gcd(q, r), q + r) === 1 && Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 5)
			prim.push([q, r]);
while (pairs.length < nPairs) {
	const a = ri(COLS) * 100 + ri(ROWS);
	const kind = pairs.length % 10;
	if (kind < 5) { // uniform
		pairs.push([a, ri(COLS) * 100 + ri(ROWS)]);
		continue;
	}
	const ha = hexOf(a);
	let b = null;
	for (let tries = 0; tries < 20 && b === null; tries++) {
		let dq, dr;
		if (kind < 9) { // along a primitive direction, k times
			const [pq, pr] = prim[ri(prim.length)];
			const k = 1 + ri(kind < 8 ? 12 : 3);
			dq = pq * k; dr = pr * k;
		} else { // short
			dq = ri(9) - 4; dr = ri(9) - 4;
		}
		const hb = fromCube({ q: ha.q + dq, r: ha.r + dr });
		if (onBoard(hb)) b = keyOf(hb);
	}
	if (b !== null) pairs.push([a, b]);
}

// ---- run crimea ----
const input = pairs.map(([a, b]) => `${a} ${b}`).join('\n') + '\n';
const run = spawnSync(dumpPath, [], { input, maxBuffer: 1 << 28, encoding: 'utf8' });
if (run.status !== 0) {
	console.error(`hexcheck: ${dumpPath} failed (status ${run.status}): ${run.stderr}${run.error ?? ''}`);
	process.exit(2);
}
const outLines = run.stdout.split('\n');

function parseDump(s) {
	const t = s.trim().split(/\s+/);
	let i = 0;
	const expect = (w) => { if (t[i++] !== w) throw new Error(`bad hexdump line: ${s}`); };
	const num = () => Number(t[i++]);
	const r = {};
	expect('D'); r.dist = num();
	expect('T'); r.dirTo = num();
	expect('N'); r.nb = Array.from({ length: 6 }, num);
	expect('R'); r.nbDir = Array.from({ length: 6 }, num);
	expect('L'); r.count = num();
	r.steps = [];
	for (let k = 0; k < Math.max(r.count, 0); k++) {
		const [kind, hex, other, from] = t[i++].split(':');
		r.steps.push({ kind, hex: Number(hex), other: Number(other), from: Number(from) });
	}
	return r;
}

// ---- float geometry on honeycomb's pixel hexagons ----
const TOL = 1e-9;
// Clips P(t) = P0 + t (P1 - P0), t in [0, 1], against hex x's hexagon shrunk (sign -1) or grown
// (sign +1) by TOL. Returns [lo, hi] or null; also the edge indexes the segment lies along.
function clip(x, P0, P1, grow) {
	const cs = x.corners, cx = x.x, cy = x.y;
	let lo = 0, hi = 1;
	const along = [];
	for (let k = 0; k < 6; k++) {
		const c0 = cs[k], c1 = cs[(k + 1) % 6];
		let nx = -(c1.y - c0.y), ny = c1.x - c0.x;
		const len = Math.hypot(nx, ny);
		nx /= len; ny /= len;
		if (nx * (cx - c0.x) + ny * (cy - c0.y) < 0) { nx = -nx; ny = -ny; } // inward
		const f0 = nx * (P0.x - c0.x) + ny * (P0.y - c0.y);
		const f1 = nx * (P1.x - c0.x) + ny * (P1.y - c0.y);
		const s = f1 - f0;
		// f(t) = f0 + t s >= -grow*TOL
		const m = grow ? -TOL : TOL;
		if (Math.abs(s) < 1e-6) {
			if (f0 < m) return null;
			if (Math.abs(f0) <= 1e-6) along.push(k);
			continue;
		}
		const tb = (m - f0) / s;
		if (s > 0) lo = Math.max(lo, tb);
		else hi = Math.min(hi, tb);
	}
	if (grow ? lo > hi + TOL : lo >= hi) return null;
	return { lo, hi, along };
}
// the hex across edge k of x
function across(x, k) {
	const cs = x.corners;
	const mx = (cs[k].x + cs[(k + 1) % 6].x) / 2, my = (cs[k].y + cs[(k + 1) % 6].y) / 2;
	return fromCube(pointToCube(Hex.settings, { x: 2 * mx - x.x, y: 2 * my - x.y }));
}
const nearCorner = (x, p) => x.corners.some((c) => Math.hypot(c.x - p.x, c.y - p.y) < 1e-7);
// Classifies how the segment meets hex x: null, {kind:'H'}, {kind:'S', partner}, {kind:'V'}.
function classify(x, P0, P1) {
	const closed = clip(x, P0, P1, true);
	if (!closed) return null;
	const open = clip(x, P0, P1, false);
	if (open && open.hi - open.lo > 1e-7) return { kind: 'H', lo: closed.lo, hi: closed.hi };
	if (closed.hi - closed.lo > 1e-7 && closed.along.length === 1)
		return { kind: 'S', partner: keyOf(across(x, closed.along[0])), lo: closed.lo, hi: closed.hi };
	if (closed.hi - closed.lo <= 1e-7) return { kind: 'V', lo: closed.lo, hi: closed.hi };
	return { kind: '?', lo: closed.lo, hi: closed.hi };
}

// ---- checks ----
const EPS = 1e-6;
const NUDGES = [[1, 1, -2], [-1, -1, 2], [1, -2, 1], [-1, 2, -1], [-2, 1, 1], [2, -1, -1]];
const KNOWN = {
	long: `hex_line returns -1 for distance > ${LINE_LIMIT_DIST}`,
	offmap: 'hex_line returns -1 when the line touches a hex off the numbering (row or column -1)',
};

function checkPair(a, b, r) {
	const errs = [];
	const ha = hexOf(a), hb = hexOf(b);
	// neighbours and hex_dir_to
	let dirTo = -1;
	for (let d = 0; d < 6; d++) {
		const n = neighborOf(ha, DIRS[d]);
		const want = onNumbering(n) ? keyOf(n) : -1;
		if (r.nb[d] !== want) errs.push(`hex_neighbor(${fmt(a)}, ${d}) = ${fmt(r.nb[d])}, honeycomb ${fmt(want)}`);
		if (want !== -1 && r.nbDir[d] !== d) errs.push(`hex_dir_to(${fmt(a)}, ${fmt(want)}) = ${r.nbDir[d]}, want ${d}`);
		if (n.equals(hb)) dirTo = d;
	}
	if (r.dirTo !== dirTo) errs.push(`hex_dir_to(${fmt(a)}, ${fmt(b)}) = ${r.dirTo}, honeycomb ${dirTo}`);
	const dist = distance(Hex.settings, ha, hb);
	if (r.dist !== dist) errs.push(`hex_distance(${fmt(a)}, ${fmt(b)}) = ${r.dist}, honeycomb ${dist}`);

	// float picture of the segment: all hexes it meets, found by walking from a
	const P0 = { x: ha.x, y: ha.y }, P1 = { x: hb.x, y: hb.y };
	const met = new Map(); // key -> classification
	const hexByKey = new Map();
	const todo = [ha];
	hexByKey.set(keyOf(ha), ha);
	while (todo.length) {
		const x = todo.pop(), k = keyOf(x);
		if (met.has(k)) continue;
		const c = classify(x, P0, P1);
		met.set(k, c);
		if (!c) continue;
		for (const d of DIRS) {
			const n = neighborOf(x, d), nk = keyOf(n);
			if (!met.has(nk)) { hexByKey.set(nk, n); todo.push(n); }
		}
	}
	const touched = [...met].filter(([, c]) => c);

	if (r.count < 0) {
		if (dist > LINE_LIMIT_DIST) return { errs, known: 'long' };
		if (touched.some(([k]) => typeof k !== 'number')) return { errs, known: 'offmap' };
		errs.push(`hex_line(${fmt(a)}, ${fmt(b)}) = ${r.count}`);
		return { errs };
	}
	const steps = r.steps;
	const lineErr = (m) => errs.push(`hex_line(${fmt(a)}, ${fmt(b)}) ${m}; crimea: ${steps.map((s) =>
		`${s.kind}:${fmt(s.hex)}${s.other >= 0 ? '/' + fmt(s.other) : ''}${s.from >= 0 ? '<' + fmt(s.from) : ''}`).join(' ')}`);
	if (!steps.length || steps[0].kind !== 'H' || steps[0].hex !== a ||
	    steps[steps.length - 1].kind !== 'H' || steps[steps.length - 1].hex !== b)
		lineErr(`does not start with LINE_HEX ${fmt(a)} and end with LINE_HEX ${fmt(b)}`);
	const T = new Set(); // hexes crimea's line touches
	const stepOf = new Map(); // hex -> step index
	steps.forEach((s, i) => {
		for (const h of [s.hex, s.other]) {
			if (h === -1) continue;
			if (T.has(h)) lineErr(`reports ${fmt(h)} twice`);
			T.add(h);
			stepOf.set(h, i);
		}
	});

	// (a) nudged cube lerp + honeycomb round, and honeycomb's own line traverser
	const D = { q: hb.q - ha.q, r: hb.r - ha.r, s: hb.s - ha.s };
	const N = dist;
	const sampled = NUDGES.map(([nq, nr, ns]) => {
		const out = [];
		for (let i = 0; i <= N; i++) {
			const t = N ? i / N : 0;
			const c = round({ q: ha.q + EPS * nq + D.q * t, r: ha.r + EPS * nr + D.r * t, s: ha.s + EPS * ns + D.s * t });
			out.push(keyOf(fromCube(c)));
		}
		return out;
	});
	const own = line({ start: ha, stop: hb })((c) => new Hex(c)).map(keyOf);
	sampled.push(own);
	let lastIdx = 0;
	for (let i = 0; i <= N; i++) {
		const S = [...new Set(sampled.map((l) => l[i]))];
		for (const h of S)
			if (typeof h === 'number' && !T.has(h)) lineErr(`misses ${fmt(h)} (honeycomb sample ${i}/${N})`);
		if (S.length === 1) {
			const idx = stepOf.get(S[0]);
			if (idx !== undefined) {
				if (idx < lastIdx) lineErr(`has ${fmt(S[0])} out of order (honeycomb sample ${i}/${N})`);
				lastIdx = idx;
			}
			continue;
		}
		// a sample on a boundary
		const Sc = S.map(ck);
		const isPair = (x, y) => Sc.length === 2 && Sc.includes(x) && Sc.includes(y);
		const ok = steps.some((s, j) => ((s.kind === 'S' || s.kind === 'V') && isPair(s.hex, s.other)) ||
			(j > 0 && s.kind === 'H' && steps[j - 1].kind === 'H' && isPair(steps[j - 1].hex, s.hex)));
		if (!ok) lineErr(`reports no boundary between ${S.map(fmt).join(', ')} (honeycomb sample ${i}/${N})`);
	}

	// (b) exact set and kinds against the float picture
	for (const [k, c] of touched) {
		if (typeof k !== 'number') continue; // off the numbering: crimea may omit it (or say HEX_NONE)
		if (!T.has(k)) { lineErr(`misses ${fmt(k)} (float: ${c.kind} at t ${c.lo.toFixed(4)}..${c.hi.toFixed(4)})`); continue; }
		const s = steps[stepOf.get(k)];
		if (c.kind === '?') lineErr(`float geometry unclear at ${fmt(k)}`);
		else if (c.kind !== s.kind) lineErr(`has ${fmt(k)} as ${s.kind}, float geometry says ${c.kind}`);
		else if (c.kind === 'S' && (s.hex === k ? s.other : s.hex) !== ck(c.partner))
			lineErr(`pairs ${fmt(k)} along a hexside with ${fmt(s.hex === k ? s.other : s.hex)}, float geometry says ${fmt(c.partner)}`);
	}
	for (const h of T)
		if (!met.get(h)) lineErr(`reports ${fmt(h)}, which the segment does not touch`);
	// order of steps by t
	let hiSoFar = 0, prevLo = 0;
	steps.forEach((s, j) => {
		const c = met.get(s.hex);
		if (!c) return;
		if (c.lo < prevLo - 1e-7 || c.lo > hiSoFar + 1e-7) lineErr(`step ${j} (${fmt(s.hex)}) out of order or leaves a gap`);
		prevLo = c.lo;
		hiSoFar = Math.max(hiSoFar, c.hi);
	});
	// (c) from
	steps.forEach((s, j) => {
		if (s.kind !== 'H') {
			if (s.from !== -1) lineErr(`step ${j} is not LINE_HEX but has from ${fmt(s.from)}`);
			return;
		}
		let want = -1;
		const c = met.get(s.hex);
		if (j > 0 && steps[j - 1].kind === 'H' && c) {
			const p = { x: P0.x + c.lo * (P1.x - P0.x), y: P0.y + c.lo * (P1.y - P0.y) };
			if (!nearCorner(hexByKey.get(s.hex) ?? hexOf(s.hex), p)) want = steps[j - 1].hex;
		}
		if (s.from !== want) lineErr(`step ${j} (${fmt(s.hex)}) has from ${fmt(s.from)}, want ${fmt(want)}`);
	});
	return { errs };
}

// the seed line fact: 2106-2309 runs along the hexsides 2107/2206 and 2208/2308 and bisects 2207
{
	const a = hexOf(2106), b = hexOf(2309), P0 = { x: a.x, y: a.y }, P1 = { x: b.x, y: b.y };
	const at = (i) => [...new Set(NUDGES.map(([nq, nr, ns]) => keyOf(fromCube(round({
		q: a.q + EPS * nq + (b.q - a.q) * i / 4, r: a.r + EPS * nr + (b.r - a.r) * i / 4,
		s: a.s + EPS * ns + (b.s - a.s) * i / 4 })))))].sort().join('/');
	const c1 = classify(hexOf(2107), P0, P1), c2 = classify(hexOf(2207), P0, P1), c3 = classify(hexOf(2308), P0, P1);
	if (distance(Hex.settings, a, b) !== 4 || at(1) !== '2107/2206' || at(2) !== '2207' || at(3) !== '2208/2308' ||
	    c1?.kind !== 'S' || c1.partner !== 2206 || c2?.kind !== 'H' || c3?.kind !== 'S' || c3.partner !== 2208) {
		console.error('hexcheck: honeycomb configuration contradicts the seed line fact 2106-2309');
		process.exit(2);
	}
}

let passed = 0, failed = 0;
const skipped = {}, firstSkip = {}, failures = [];
const stats = { H: 0, S: 0, V: 0, crossAtSample: 0 };
pairs.forEach(([a, b], i) => {
	let res;
	try {
		res = checkPair(a, b, parseDump(outLines[i] ?? ''));
	} catch (e) {
		res = { errs: [`${fmt(a)} ${fmt(b)}: ${e.message}`] };
	}
	if (res.known && !strict && !res.errs.length) {
		skipped[res.known] = (skipped[res.known] ?? 0) + 1;
		firstSkip[res.known] ??= `${fmt(a)}-${fmt(b)}`;
		return;
	}
	if (res.known) res.errs.push(`${fmt(a)}-${fmt(b)}: ${KNOWN[res.known]}`);
	if (res.errs.length) {
		failed++;
		if (failures.length < 8) failures.push(...res.errs.slice(0, 3));
	} else {
		passed++;
		for (const s of parseDump(outLines[i]).steps) stats[s.kind]++;
	}
});
for (const f of failures) console.log(`  FAIL ${f}`);
console.log(`hexcheck: steps in passing lines: ${stats.H} LINE_HEX, ${stats.S} LINE_SIDE, ${stats.V} LINE_VERTEX`);
for (const k of Object.keys(skipped))
	console.log(`hexcheck: skipped ${skipped[k]} pairs (known: ${KNOWN[k]}; e.g. ${firstSkip[k]}; --strict counts them)`);
console.log(`hexcheck: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
