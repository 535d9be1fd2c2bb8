// Browser end-to-end tests of the crimea client (web/) against a running `crimea serve`, in
// Debian's chromium driven by playwright-core. Usage: node run-tests.mjs BASE_URL
// Env: CRIMEA_BIN (the crimea binary, for the odds cross-check), OUT (screenshot folder), ONLY
// (run only the tests whose names hold it).
// Prints one line per test and "browser: N passed, M failed" last; exits 1 on any failure.

import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const BASE = process.argv[2] || "http://127.0.0.1:8080";
const BIN = process.env.CRIMEA_BIN || "build/crimea";
const OUT = process.env.OUT || "tests/out/browser";
fs.mkdirSync(OUT, { recursive: true });

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
function assert(c, m) { if (!c) throw new Error(m || "assertion failed"); }
function eq(a, b, m) { if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${m || "not equal"}:\n  got      ${JSON.stringify(a)}\n  expected ${JSON.stringify(b)}`); }

async function api(method, url, body) {
  const r = await fetch(BASE + url, { method, headers: { "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  const t = await r.text();
  try { return JSON.parse(t); } catch { return t; }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  // playwright gives every launch a fresh temporary --user-data-dir
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

async function newPage(viewport = { width: 1366, height: 800 }) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  page.setDefaultTimeout(15000);
  return page;
}

// Creates a game through the lobby form; returns its id (from the URL or the invite links).
async function createGame(page, { scenario = "balaclava", mode = "hotseat", aiSide, aiPlayer, seed, dice, text } = {}) {
  await page.goto(BASE + "/#/");
  await page.waitForSelector("#create");
  await page.selectOption("#scn", scenario);
  await page.check(`input[name=mode][value=${mode}]`);
  if (aiSide) await page.selectOption("#aiside", aiSide);
  if (aiPlayer) await page.selectOption("#aiplayer", aiPlayer);
  if (seed != null || dice) await page.$eval("#seed", (i) => { i.closest("details").open = true; });
  if (dice) await page.selectOption("#dice", dice);
  if (seed != null) await page.fill("#seed", String(seed));
  await page.click("#create");
  if (text) { // a game shown as text (Sevastopol)
    await page.waitForSelector("#board");
    await page.waitForSelector("#toact");
    return { id: page.url().match(/#\/game\/([^?]+)/)[1] };
  }
  if (mode === "remote") {
    await page.waitForSelector("input.invite");
    const links = await page.$$eval("input.invite", (l) => l.map((i) => ({ side: i.dataset.side, url: i.value })));
    return { id: links[0].url.match(/game\/([^?]+)/)[1], links };
  }
  await page.waitForSelector("svg.hexmap .counter");
  await page.waitForSelector("#toact");
  return { id: page.url().match(/#\/game\/([^?]+)/)[1] };
}

const gameState = async (page, id) => page.evaluate(async (gid) => {
  const t = JSON.parse(localStorage.getItem("crimea.tokens"))[gid];
  const tok = Object.values(t.seats)[0] || t.spectator;
  return { game: await (await fetch(`/api/games/${gid}?token=${tok}`)).json(), tokens: t };
}, id);

// Clicks the CotLB table at (x, y) inches (x east, y north), as a player would.
async function clickTable(page, x, y) {
  const pt = await page.$eval("#table", (svg, [px, py]) => {
    svg.scrollIntoView({ block: "center" }); // the page may have scrolled to a button below it
    const per = 20, depth = Number(svg.querySelector("rect").getAttribute("height"));
    const p = svg.createSVGPoint(); // through the screen's transform: the view may be zoomed or panned
    p.x = px * per; p.y = depth - py * per;
    const q = p.matrixTransform(svg.getScreenCTM());
    return { x: q.x, y: q.y };
  }, [x, y]);
  await page.mouse.click(pt.x, pt.y);
}

// Clicks the middle of a hex on the map, as a player would (the topmost counter there, if any).
async function clickHex(page, hx, opt = {}) {
  const poly = await page.$(`svg.hexmap polygon.hex[data-hex="${hx}"]`);
  assert(poly, `hex ${hx} on the map`);
  await poly.scrollIntoViewIfNeeded();
  const b = await poly.boundingBox();
  if (opt.modifiers) for (const m of opt.modifiers) await page.keyboard.down(m);
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  if (opt.modifiers) for (const m of opt.modifiers) await page.keyboard.up(m);
}

async function endPhase(page) {
  const before = await page.textContent("#status");
  await page.click("#end:not([disabled])");
  await page.waitForFunction((b) => document.querySelector("#status")?.textContent !== b, before);
}

let shared = null; // the hot-seat game the first tests share

test("lobby lists the scenarios and creates a hot-seat game; the map is drawn", async () => {
  const page = await newPage();
  const g = await createGame(page, { seed: 11 });
  const scn = await api("GET", "/api/scenarios/balaclava");
  const hexes = await page.$$eval("svg.hexmap polygon.hex", (l) => l.length);
  eq(hexes, (scn.map.cols[1] - scn.map.cols[0] + 1) * (scn.map.rows[1] - scn.map.rows[0] + 1), "one polygon per hex");
  const counters = await page.$$eval("svg.hexmap .counter", (l) => l.length);
  const onMap = (await gameState(page, g.id)).game.units.filter((u) => u.state === "on").length;
  eq(counters, onMap, "one counter per unit on the map");
  // even-q: column 02 sits half a hex lower than column 01 and 03
  const cy = await page.$$eval('polygon.hex[data-hex="0101"], polygon.hex[data-hex="0201"], polygon.hex[data-hex="0301"]',
    (l) => l.map((p) => p.getBBox().y));
  assert(cy[1] > cy[0] && Math.abs(cy[0] - cy[2]) < 0.01, `even columns lower: ${cy}`);
  assert(await page.$("svg.hexmap .slope"), "slopes drawn");
  assert(await page.$("svg.hexmap .redoubt"), "redoubts drawn");
  assert(await page.$("svg.hexmap .road"), "roads drawn");
  // the status bar's points open the score sheet as it stands
  eq((await page.textContent("#vp")).trim(), "VP russian 0, allied 54", "the points as they stand");
  await page.click("#vp");
  await page.waitForSelector("#odds:not([hidden]) #scoresheet");
  assert((await page.textContent("#odds")).includes("4 redoubt guns remaining, 6 each"), "the sheet names its items");
  await page.click("#schedule summary");
  assert((await page.textContent("#schedule")).includes("two or more units exited at 2025 to raid Balaclava"), "the whole schedule, items not scoring yet too");
  // reinforcements: on their turn, or waiting for the event that brings them ([17.21])
  const reinf = await page.textContent("section.reinf");
  assert(/\(cda4_1, allied\) enters turn 3 at /.test(reinf), "a reinforcement on its turn");
  assert(/\(zou1_1, allied\) enters at west_0101_0109 once \[17\.21\] is met \(turn 1 at the earliest\)/.test(reinf),
    "the French wait for [17.21]");
  shared = { page, id: g.id };
});

test("clicking a unit highlights its moves; clicking a highlighted hex moves it", async () => {
  const { page, id } = shared;
  const st = await gameState(page, id);
  const side = st.game.to_act;
  const acts = await api("GET", `/api/games/${id}/actions?token=${st.tokens.seats[side]}`);
  const unitAt = new Map(st.game.units.filter((u) => u.state === "on").map((u) => [u.hex, u.id]));
  // a unit alone in its hex, moving to an empty hex
  const mv = acts.actions.map((a) => a.split(" ")).find((a) => a[0] === "move" && a.length === 3 &&
    st.game.units.filter((u) => u.hex === st.game.units.find((x) => x.id === a[1]).hex).length === 1 && !unitAt.has(a[2]));
  assert(mv, "a move to an empty hex is listed");
  const [, unit, to] = mv;
  const from = st.game.units.find((u) => u.id === unit).hex;
  await clickHex(page, from);
  await page.waitForSelector(`.hl-move[data-hex="${to}"]`);
  const nmoves = acts.actions.filter((a) => a.startsWith(`move ${unit} `)).length;
  eq(await page.$$eval(".hl-move", (l) => l.length), nmoves, "one highlight per listed move");
  // the keyboard path lists the same hexes, in hex order
  const btns = await page.$$eval("#moveto button", (l) => l.map((b) => b.textContent));
  eq(btns.length, nmoves, "one button per listed move");
  eq(btns.join(" "), [...btns].sort().join(" "), "the move buttons in hex order");
  // the list of every action (its options made as it opens) groups the unit's moves, in order
  await page.click("details.allactions summary");
  await page.waitForSelector(`#allactions optgroup[label="move ${unit}"] option`, { state: "attached" });
  const grouped = await page.$$eval(`#allactions optgroup[label="move ${unit}"] option`, (l) => l.map((o) => o.value));
  eq(grouped.length, nmoves, "the unit's moves in one group of the list of all actions");
  eq(grouped.join("|"), [...grouped].sort().join("|"), "the group in order");
  await page.screenshot({ path: path.join(OUT, "map-moves.png") });
  await clickHex(page, to);
  await page.waitForSelector(`svg.hexmap .counter[data-unit="${unit}"][data-hex="${to}"]`);
  eq((await gameState(page, id)).game.units.find((u) => u.id === unit).hex, to, "the server has the unit moved");
  shared.moved = { unit, from, to };
});

test("undo puts the unit back", async () => {
  const { page, id, moved } = shared;
  await page.click("#undo");
  await page.waitForSelector(`svg.hexmap .counter[data-unit="${moved.unit}"][data-hex="${moved.from}"]`);
  eq((await gameState(page, id)).game.units.find((u) => u.id === moved.unit).hex, moved.from, "undone on the server");
  // move it again so the position has a move in it
  await clickHex(page, moved.from);
  await clickHex(page, moved.to);
  await page.waitForSelector(`svg.hexmap .counter[data-unit="${moved.unit}"][data-hex="${moved.to}"]`);
});

test("a hint shows greedy's choice with its unit selected, changes nothing, and plays it on request", async () => {
  const { page, id } = shared;
  const st = await gameState(page, id);
  const side = st.game.to_act;
  const want = await api("POST", `/api/games/${id}/hint`, { token: st.tokens.seats[side] });
  // the keys: h asks, Escape closes
  await page.keyboard.press("h");
  await page.waitForSelector("#hint-text code");
  await page.keyboard.press("Escape");
  await page.waitForSelector("#odds", { state: "hidden" });
  eq(await page.$$eval(".hl-hint", (l) => l.length), 0, "Escape takes the hint's mark off the map");
  await page.click("#hint");
  await page.waitForSelector("#hint-text code");
  eq(await page.$eval("#hint-text code", (c) => c.textContent), want.action, "the server's hint, shown");
  eq((await gameState(page, id)).game.seq, st.game.seq, "asking changed nothing");
  const words = want.action.split(" ");
  const [verb, unit] = words, to = words[words.length - 1];
  eq(verb, "move", "greedy moves first in a Movement Phase");
  {
    await page.waitForSelector(`svg.hexmap .counter.selected[data-unit="${unit}"]`);
    eq(await page.$eval("#odds h2", (e) => e.textContent), "Hint", "the hint box");
    await page.waitForSelector(`.hl-hint[data-hex="${to}"]`); // its hex marked on the map
    await page.screenshot({ path: path.join(OUT, "hint.png") });
    await page.click("#hint-play");
    await page.waitForSelector(`svg.hexmap .counter[data-unit="${unit}"][data-hex="${to}"]`);
    const after = (await gameState(page, id)).game;
    eq(after.seq, st.game.seq + 1, "played: one action more");
    await page.keyboard.press("u"); // the key for Undo
    await page.waitForFunction(async (a) => {
      const t = JSON.parse(localStorage.getItem("crimea.tokens"))[a.id];
      const g = await (await fetch(`/api/games/${a.id}?token=${Object.values(t.seats)[0]}`)).json();
      return g.seq === a.seq;
    }, { id, seq: st.game.seq });
    const from = st.game.units.find((u) => u.id === unit).hex;
    await page.waitForSelector(`svg.hexmap .counter[data-unit="${unit}"][data-hex="${from}"]`); // the screen too
    await page.waitForSelector("#hint:not([disabled])");
    // asked of search: its choice, as the API gives it for this position
    const want2 = await api("POST", `/api/games/${id}/hint`, { token: st.tokens.seats[side], player: "search" });
    await page.keyboard.press("h");
    await page.waitForSelector("#hint-search");
    await page.click("#hint-search");
    await page.waitForFunction(() => /\(search\)/.test(document.querySelector("#hint-text")?.textContent || ""), null, { timeout: 30000 });
    eq(await page.$eval("#hint-text code", (c) => c.textContent), want2.action, "search's hint, shown");
    await page.keyboard.press("Escape");
    await page.waitForSelector("#odds", { state: "hidden" });
  }
});

test("clicking a hex where nothing can act shows it in words", async () => {
  const { page } = shared;
  await clickHex(page, "1811"); // an Allied redoubt in the Russian Movement Phase
  await page.waitForSelector("#odds:not([hidden]) #hex-text");
  const text = await page.textContent("#hex-text");
  assert(text.includes("1811: clear; Redoubt No. 3"), "the hex and its place: " + text.slice(0, 80));
  assert(/arabtabia .*artillery/.test(text) && text.includes("hexside N: redoubt"), "its stack and hexsides");
  await page.screenshot({ path: path.join(OUT, "hex-info.png") });
  await page.click("#hex-close");
  await page.waitForSelector("#odds[hidden]", { state: "attached" });
});

test("in the Movement Phase an enemy hex offers the odds of a melee from the units next to it", async () => {
  const page = await newPage();
  const g = await createGame(page, { seed: 11 });
  const st = await gameState(page, g.id);
  const r = await api("POST", `/api/games/${g.id}/actions`, { token: st.tokens.seats.russian, action: "move kiev1 1810" });
  assert(r.game && r.game.seq === 1, "kiev1 moved next to 1811");
  await page.waitForSelector('svg.hexmap .counter[data-unit="kiev1"][data-hex="1810"]');
  await clickHex(page, "1811");
  await page.waitForSelector("#plan-melee");
  eq((await page.textContent("#plan-melee")).trim(), "Odds if kiev1 attacks it", "the plan names the adjacent unit");
  await page.click("#plan-melee");
  await page.waitForSelector("#plan-text");
  assert((await page.textContent("#plan h3")).includes("Melee Phase"), "the phase the odds are for");
  assert((await page.textContent("#plan-text")).includes("melee 3 against 2"), "the odds `crimea odds` gives");
  eq((await gameState(page, g.id)).game.seq, 1, "asking changed nothing");
  // the browser's neighbours are the hexes one hex away on its own map
  const hx = await page.evaluate(async () => {
    const { neighbours, centre } = await import("/js/hexgeo.js");
    return ["1810", "1811", "0101", "2725"].map((x) => ({ n: new Set(neighbours(x)).size, d: neighbours(x).map((n) => {
      const a = centre(x, 1, 1), b = centre(n, 1, 1);
      return Math.round(Math.hypot(a.x - b.x, a.y - b.y) * 100) / 100;
    }) }));
  });
  for (const { n, d } of hx) {
    eq(n, 6, "six different neighbours");
    for (const x of d) eq(x, Math.round(Math.sqrt(3) * 30 * 100) / 100, "a neighbour is one hex away");
  }
  await page.context().close();
});

test("a fire shows the exact odds of `crimea odds` before the roll, then rolls", async () => {
  const { page, id } = shared;
  let fire = null;
  for (let i = 0; i < 12 && !fire; i++) {
    const st = await gameState(page, id);
    const acts = await api("GET", `/api/games/${id}/actions?token=${st.tokens.seats[st.game.to_act]}`);
    fire = acts.actions.find((a) => /^fire [^,]+ > \d{4}$/.test(a));
    if (!fire) await endPhase(page);
  }
  assert(fire, "a fire phase with a single-unit fire was reached");
  const [, unit, , target] = fire.split(" ");
  const st = await gameState(page, id);
  const from = st.game.units.find((u) => u.id === unit).hex;
  // select the firing unit (cycling through its stack if needed)
  for (let k = 0; k < 4; k++) {
    await clickHex(page, from);
    if (await page.$(`.counter.selected[data-unit="${unit}"]`)) break;
  }
  await page.waitForSelector(`.hl-target[data-hex="${target}"]`);
  await clickHex(page, target);
  await page.waitForSelector("#odds-table");
  const shown = await page.textContent("#odds-text");
  const rows = await page.$$eval("#odds-table tbody tr", (l) => l.map((r) => [...r.cells].map((c) => c.textContent)));
  // the same question to the CLI, after the same actions
  const rec = await page.evaluate(async ([gid, tok]) => (await fetch(`/api/games/${gid}/record?token=${tok}`)).text(), [id, Object.values(st.tokens.seats)[0]]);
  assert(rec.startsWith("crimea-record"), "the record of a seeded game is shown: " + rec.slice(0, 80));
  const rf = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "crimea-br-")), "g.rec");
  fs.writeFileSync(rf, rec);
  const cli = execFileSync(BIN, ["odds", "balaclava", fire, "--record", rf], { encoding: "utf8" });
  eq(shown.trim(), cli.trim(), "odds text equals crimea odds");
  const cliRows = cli.split("\n").map((l) => l.match(/^\s*(\d+\/6) \([^)]*\) die (\S+)\s+(.*)$/)).filter(Boolean)
    .map((m) => [m[1], m[2], m[3].trim()]);
  eq(rows.map((r) => [r[0], r[1], r[2].trim()]), cliRows, "outcome rows equal crimea odds");
  const sum = rows.reduce((s, r) => s + Number(r[0].split("/")[0]), 0);
  eq(sum, 6, "probabilities add to 6/6");
  const nlog = await page.$$eval("#log li", (l) => l.length);
  await page.click("#confirm");
  await page.waitForFunction((n) => document.querySelectorAll("#log li").length > n, nlog);
  const logText = await page.textContent("#log");
  assert(/\[\d+\.\d+\]/.test(logText), "rulings cite a rule case");
  assert(await page.$("#log .dice"), "the die rolled is shown");
  await page.screenshot({ path: path.join(OUT, "map-after-fire.png") });
});

test("with a referee's dice a fire shows its odds, asks for the die under them, and rules with it", async () => {
  const page = await newPage();
  const { id } = await createGame(page, { dice: "manual" });
  const st = await gameState(page, id);
  const tok = (side) => st.tokens.seats[side];
  for (const [side, action] of [["russian", "move kiev1 1810"], ["russian", "end"], ["allied", "end"]]) {
    const r = await api("POST", `/api/games/${id}/actions`, { token: tok(side), action });
    assert(r.game, `${action}: ${JSON.stringify(r)}`);
  }
  await page.reload();
  await page.waitForSelector("#end:not([disabled])");
  await clickHex(page, "2409"); // bty4pos
  await page.waitForSelector('.hl-target[data-hex="1811"]');
  await clickHex(page, "1811");
  await page.waitForSelector("#odds-table");
  await page.click("#confirm");
  await page.waitForSelector("form.dice #die");
  assert(await page.$("#odds-table"), "the odds stay above the die");
  eq(await page.$eval("#odds-table", (t) => t.textContent.includes("disrupted")), true, "the table says what a 6 does");
  await page.screenshot({ path: path.join(OUT, "manual-die.png") });
  eq(await page.$eval("aside.side", (a) => a.scrollWidth <= a.clientWidth && a.scrollLeft === 0), true,
    "the die's form fits the side panel (no sideways scroll)");
  await page.fill("#die", "6");
  await page.click("form.dice button[type=submit]");
  await page.waitForFunction(() => /die 6/.test(document.querySelector("#log")?.textContent || ""));
  const g = (await gameState(page, id)).game;
  eq(g.seq, 4, "the fire taken, with its die");
  assert(g.events.some((e) => e.rule === "[7.13]" && /mil3/.test(e.text)), "the ruling on mil3");
  await page.close();
});

test("two browsers play one remote game; each sees the other's action live (SSE)", async () => {
  const a = await newPage(), b = await newPage({ width: 1024, height: 768 });
  const g = await createGame(a, { mode: "remote" });
  eq(g.links.length, 2, "two invite links");
  const st0 = await api("GET", "/api/games");
  const first = (await api("GET", "/api/scenarios")).find((x) => x.id === "balaclava").first;
  const mine = g.links.find((l) => l.side === first), theirs = g.links.find((l) => l.side !== first);
  await a.goto(mine.url);
  await b.goto(theirs.url);
  await a.waitForSelector("#end:not([disabled])");
  await b.waitForSelector("#toact");
  assert((await b.textContent("#toact")).includes(`${first} to act`), "b waits");
  assert(!(await b.$("#end")), "b has no end button while waiting");
  await a.click("#end");
  // b is told by the event stream, without reloading
  await b.waitForSelector("#end:not([disabled])", { timeout: 10000 });
  assert((await b.textContent("#toact")).includes("(you)"), "b to act");
  await a.waitForFunction(() => !document.querySelector("#end"));
  void st0;
  await a.context().close();
  await b.context().close();
});

test("the lobby offers greedy's postures, and the game keeps the one chosen", async () => {
  const page = await newPage();
  const scn = await api("GET", "/api/scenarios/balaclava");
  const g = await createGame(page, { mode: "ai", aiSide: scn.sides[0], aiPlayer: "greedy:cautious" });
  const st = await gameState(page, g.id);
  eq(st.game.ai[scn.sides[0]], "greedy:cautious", "the computer's side plays greedy:cautious");
  await page.context().close();
});

test("a whole game against the computer to its end screen", async () => {
  const page = await newPage();
  const scn = await api("GET", "/api/scenarios/balaclava");
  // a seed of its own: the same game every run (an unseeded one took 30 to 90 s)
  const g = await createGame(page, { mode: "ai", aiSide: scn.sides[1], seed: 5 });
  const t0 = Date.now();
  for (let i = 0; i < 2000; i++) {
    if (await page.$("#endscreen:not([hidden])")) break;
    assert(Date.now() - t0 < 150000, "the game ends in time");
    const btn = await page.$("#end:not([disabled])") || await page.$("#owed button");
    if (!btn) {
      // a decision with no "end" and no path (e.g. rally): take the first listed action
      if (await page.$("#allactions")) {
        await page.click("details.allactions summary");
        await page.click("#doaction");
        // a fire or melee shows its odds first: confirm it once they are shown
        const confirm = await page.waitForSelector("#odds:not([hidden]) #confirm", { timeout: 3000 }).catch(() => null);
        if (confirm) await confirm.click({ timeout: 3000 }).catch(() => {});
      }
      await page.waitForTimeout(100);
      continue;
    }
    const before = await page.getAttribute("#status", "data-seq");
    try { await btn.click({ timeout: 3000 }); } catch { continue; } // re-rendered under us: look again
    await page.waitForFunction((b) => document.querySelector("#status")?.dataset.seq !== b
      || document.querySelector("#endscreen:not([hidden])"), before, { timeout: 20000 });
  }
  await page.waitForSelector("#endscreen:not([hidden])");
  const level = await page.textContent("#level");
  const st = await gameState(page, g.id);
  assert(st.game.result && level.includes(st.game.result.level), `end screen shows the level: ${level}`);
  // the end screen's score sheet: a row a line of the server's, each side's rows adding up to its points
  const rows = await page.$$eval("#endscreen #scoresheet tbody tr", (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  eq(rows.length, st.game.score.lines.length, "a row a score line");
  for (const side of st.game.sides)
    eq(rows.filter((r) => r[0] === side).reduce((t, r) => t + Number(r[1]), 0), st.game.result.vp[side], `${side}'s rows add up`);
  assert(rows.every((r) => /^\[\d+\.\d+\]$/.test(r[2])), "every row cites its case");
  // the log, drawn a few rulings at a time as they came: the game's newest first, each once, in
  // order, its last 300 at most
  const seqs = await page.$$eval("#log li", (l) => l.map((li) => Number(li.dataset.seq)));
  eq(seqs.length, 300, "the log keeps its last 300 rulings");
  eq(seqs[0], st.game.events[st.game.events.length - 1].seq, "the newest ruling on top");
  assert(seqs.every((q, i) => i === 0 || q <= seqs[i - 1]), "the log newest first, in order");
  const texts = await page.$$eval("#log li", (l) => l.slice(0, 40).map((li) => li.textContent));
  const mine = st.game.events.slice(-40).reverse().map((e) => `${e.rule ? e.rule : ""} ${e.text}`);
  eq(texts.map((t) => t.replace(/ die [0-9,]+$/, "")), mine, "the last 40 rulings as the server has them");
  await page.screenshot({ path: path.join(OUT, "end-screen.png") });
  shared.over = g.id;
  shared.overPage = page;
});

test("the replay viewer steps through a finished game", async () => {
  const page = shared.overPage;
  await page.goto(BASE + `/#/replay/${shared.over}`);
  await page.waitForFunction(() => /action 0 of \d+/.test(document.querySelector("#step")?.textContent) ||
    document.querySelector("#msg")?.textContent);
  eq(await page.textContent("#msg"), "", "the replay starts");
  await page.click("#rp-fwd");
  await page.waitForFunction(() => /action 1 of/.test(document.querySelector("#step")?.textContent));
  const a1 = await page.textContent("#replay-action");
  assert(a1.length > 0, "the first action is shown");
  await page.click("#rp-back");
  await page.waitForFunction(() => /action 0 of/.test(document.querySelector("#step")?.textContent));
  eq(await page.textContent("#msg"), "", "no replay error");
  // the last step shows the finished game's final position
  await page.click("#rp-end");
  await page.waitForFunction(() => /action (\d+) of \1$/.test(document.querySelector("#step")?.textContent || "") ||
    document.querySelector("#msg")?.textContent, null, { timeout: 60000 });
  eq(await page.textContent("#msg"), "", "the whole record replays");
  const fin = (await gameState(page, shared.over)).game.units.filter((u) => u.state === "on").map((u) => `${u.id}@${u.hex}`).sort();
  const shown = (await page.$$eval("svg.hexmap .counter", (l) => l.map((c) => `${c.dataset.unit}@${c.getAttribute("data-hex")}`))).sort();
  eq(shown, fin, "replayed final position equals the game's");
});

test("the map fits a tablet-sized screen; zoom with the wheel and pan by dragging", async () => {
  const page = await newPage({ width: 768, height: 1024 });
  await createGame(page, {});
  const box = await (await page.$("svg.hexmap")).boundingBox();
  assert(box.width <= 768 && box.height > 200, `map fits: ${JSON.stringify(box)}`);
  const vb0 = await page.getAttribute("svg.hexmap", "viewBox");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await page.waitForFunction((v) => document.querySelector("svg.hexmap").getAttribute("viewBox") !== v, vb0);
  const vb1 = (await page.getAttribute("svg.hexmap", "viewBox")).split(" ").map(Number);
  assert(vb1[2] < Number(vb0.split(" ")[2]), "zoomed in");
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  const vb2 = (await page.getAttribute("svg.hexmap", "viewBox")).split(" ").map(Number);
  assert(vb2[0] < vb1[0] && vb2[2] === vb1[2], "panned");
  await page.screenshot({ path: path.join(OUT, "map-tablet.png") });
  await page.context().close();
});

test("`crimea show --svg` prints every scenario's map as the browser draws it, and its counters; the game links them", async () => {
  const page = await newPage();
  await createGame(page, { seed: 5 });
  await page.waitForSelector("#printmap");
  for (const [sel, type, has] of [["#printmap", "image/svg+xml", 'class="hex t-'], ["#printcounters", "image/svg+xml", 'class="counter back"'],
    ["#print-a4", "text/html; charset=utf-8", "@page { size: a4"], ["#print-letter", "text/html; charset=utf-8", "@page { size: letter"],
    ["#gamelog", "text/plain; charset=utf-8", ""]]) {
    const href = await page.getAttribute(sel, "href"); // the status bar's print links
    const r = await page.request.get(BASE + href);
    eq([r.status(), r.headers()["content-type"]], [200, type], `${sel}: ${type}`);
    assert((await r.text()).includes(has), `${sel}: has ${has}`);
  }
  const live = await page.$$eval("svg.hexmap polygon.hex", (l) => Object.fromEntries(l.map((p) => {
    const b = p.getBBox();
    return [p.dataset.hex, [b.x + b.width / 2, b.y + b.height / 2, b.height]];
  })));
  for (const { id } of await api("GET", "/api/scenarios")) {
    const scn = await api("GET", `/api/scenarios/${id}`);
    if (!scn.map) continue; // shown as text (Sevastopol): no sheet to print
    const map = path.resolve(OUT, `${id}-map.svg`), sheet = path.resolve(OUT, `${id}-counters.svg`);
    execFileSync(BIN, ["show", id, "--svg", map, "--counters", sheet], { encoding: "utf8" });
    await page.goto("file://" + map);
    const got = await page.evaluate(() => {
      const svg = document.documentElement;
      const hexes = Object.fromEntries([...svg.querySelectorAll("polygon.hex")].map((p) => {
        const b = p.getBBox();
        return [p.dataset.hex, [b.x + b.width / 2, b.y + b.height / 2, b.height]];
      }));
      return { tag: svg.tagName, bad: !!svg.querySelector("parsererror"), width: svg.getAttribute("width"), hexes,
        units: [...svg.querySelectorAll("g.counter")].map((g) => g.dataset.unit) };
    });
    assert(got.tag === "svg" && !got.bad, `${id}: the map parses as SVG`);
    assert(/^[0-9.]+mm$/.test(got.width), `${id}: the sheet is sized in millimetres (${got.width})`);
    eq(Object.keys(got.hexes).sort(), scn.map.hexes.map((x) => x.hex).sort(), `${id}: one polygon per hex of the API's map`);
    for (const [hx, [, , h]] of Object.entries(got.hexes)) assert(Math.abs(h - 16) < 0.01, `${id} ${hx}: 16 mm across the flats`);
    if (id === "balaclava") { // the browser's own map of this scenario, scaled: the same place for every hex
      const k = 16 / live["0101"][2], [x0, y0] = got.hexes["0101"], [u0, v0] = live["0101"];
      for (const [hx, [x, y]] of Object.entries(got.hexes)) {
        const [u, v] = live[hx];
        assert(Math.abs((u - u0) * k - (x - x0)) < 0.05 && Math.abs((v - v0) * k - (y - y0)) < 0.05, `balaclava ${hx} where the browser puts it`);
      }
    }
    await page.goto("file://" + sheet);
    const fronts = await page.$$eval("g.counter:not(.back)", (l) => l.map((g) => g.dataset.unit));
    const onSheet = new Set(fronts);
    eq(fronts.length, onSheet.size, `${id}: each counter once`);
    for (const u of got.units) assert(onSheet.has(u), `${id}: ${u}, on the map, is on the counter sheet`);
    for (const u of scn.units) if (u.setup || u.enter) assert(onSheet.has(u.id) || u.tags.includes("big_gun"), `${id}: ${u.id} on the sheet`);
  }
  await page.context().close();
});

test("`crimea show --print` prints as one paper page a section, the map's tiles at true size", async () => {
  const page = await newPage();
  // the lobby links the chosen scenario's booklet
  await page.goto(BASE + "/#/");
  await page.waitForSelector("#scnprint-a4");
  await page.selectOption("#scn", "inkerman");
  const href = await page.getAttribute("#scnprint-letter", "href");
  eq(href, "/api/scenarios/inkerman/print.html?paper=letter", "the lobby's print link follows the scenario chosen");
  const r = await page.request.get(BASE + href);
  assert(r.status() === 200 && (await r.text()).includes("Inkerman"), "the lobby's booklet");
  for (const [id, paper, size] of [["balaclava", "a4", [210, 297]], ["alma", "letter", [215.9, 279.4]]]) {
    const file = path.resolve(OUT, `${id}-${paper}.html`);
    execFileSync(BIN, ["show", id, "--print", file, "--paper", paper], { encoding: "utf8" });
    await page.goto("file://" + file);
    const got = await page.evaluate(() => {
      const mm = 96 / 25.4; // CSS pixels a millimetre
      const hex = [...document.querySelectorAll("#crimea-map polygon.hex")][0].getBBox();
      return {
        pages: [...document.querySelectorAll("section.page > svg")].map((s) => [s.getBoundingClientRect().width / mm, s.getBoundingClientRect().height / mm]),
        tiles: document.querySelectorAll("svg.tile use").length, hexmm: hex.height,
        bad: !!document.querySelector("parsererror"),
      };
    });
    assert(!got.bad && got.pages.length > got.tiles && got.tiles > 1, `${id}: ${got.tiles} tiles in ${got.pages.length} pages`);
    for (const [w, h] of got.pages) {
      const fit = (a, b) => Math.abs(a - b) < 0.5;
      assert((fit(w, size[0]) && fit(h, size[1])) || (fit(w, size[1]) && fit(h, size[0])), `${id}: a page of ${w} x ${h} mm on ${paper}`);
    }
    eq(Math.round(got.hexmm * 100) / 100, 16, `${id}: a hex is 16 mm across the flats`);
    // printed by chromium with the booklet's own @page: as many PDF pages as sections
    const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString("latin1");
    eq((pdf.match(/\/Type\s*\/Page[^s]/g) || []).length, got.pages.length, `${id}: one PDF page a section`);
  }
  await page.context().close();
});

test("the referee's sheet: the odds of a volley, then its ruling from the dice, each line with its section", async () => {
  const page = await newPage();
  await page.goto(BASE + "/#/");
  await page.click("text=Referee");
  await page.waitForSelector("form.referee #rule");
  await page.selectOption("form.referee select[name=weapon]", "musket");
  await page.fill("form.referee input[name=inches]", "8");
  await page.selectOption("form.referee select[name=attype]", "british-infantry");
  await page.click("#rule");
  await page.waitForSelector("section.refout table.dist");
  const odds = await page.$$eval("section.refout table.dist", (ts) => ts.map((t) => [t.caption.textContent, [...t.rows[1].cells].map((c) => c.textContent)]));
  eq(odds[0], ["possible hits (mean 1.75)", ["1.6%", "32.8%", "54.7%", "10.9%"]], "the volley's possible hits, halved at 8\"");
  // the same with the dice typed: the CLI gives the same ruling
  await page.fill("form.referee input[name=dice]", "6,6,6,4,2,1");
  await page.fill("form.referee input[name=saves]", "4 3");
  await page.click("#rule");
  await page.waitForSelector("section.refout p.rrule");
  const lines = await page.$$eval("section.refout p.rrule", (ps) => ps.map((p) => p.textContent));
  assert(lines.includes("[Fire (o)] long range: half the possible hits, rounded up: 2"), `the halving with its section: ${lines.join(" | ")}`);
  const cli = execFileSync(BIN, ["referee", "cotlb", "fire", "--weapon", "musket", "--stands", "6", "--target", "line", "--inches", "8",
    "--at", "british-infantry:24:0", "--dice", "6,6,6,4,2,1", "--saves", "4,3"], { encoding: "utf8" });
  const cliRules = cli.split("\n").filter((l) => /^  \[/.test(l)).map((l) => l.trim().replace(/\s+/g, " "));
  eq(lines.map((l) => l.replace(/ \[\d( \d)*\]$/, "").replace(/\s+/g, " ")), cliRules, "the browser's ruling is the command's");
  eq(await page.$eval("section.refout p.rresult:last-of-type", (p) => p.textContent), "⇒ 1 figure lost", "the casualties");
  // a close combat: a die of 9 is refused in the form, before the server
  await page.click("[role=tab] >> text=Close combat");
  await page.fill("form.referee input[name=attackerdice]", "1,2,9");
  await page.click("#rule");
  await page.waitForSelector("p.msg:has-text('is not a list of dice')");
  // ... a unit fighting with the defender [Close Combat (b)]: the odds of the two as one side
  await page.fill("form.referee input[name=attackerdice]", "");
  await page.selectOption("form.referee select[name=alsocount]", "1");
  await page.selectOption("form.referee select[name=also1type]", "russian-infantry");
  await page.click("#rule");
  await page.waitForSelector("section.refout p.rhead:has-text('fight as one side')");
  const joinedOdds = await page.$$eval("section.refout p.rhead", (ps) => ps.map((p) => p.textContent));
  assert(joinedOdds.some((t) => t.startsWith("defender joined by russian-infantry:24:0: russian-infantry, 24 figures, 7 dice")), "the joined unit");
  assert(joinedOdds.some((t) => t.startsWith("the defender's 2 units fight as one side: 14 dice")), "one side of two units");
  eq(await page.$$eval("section.refout table.dist caption", (cs) => cs.filter((c) => c.textContent.startsWith("defender russian-infantry:24:0 figures lost")).length), 1,
    "each unit's losses");
  await page.selectOption("form.referee select[name=alsocount]", "0");
  // ... a unit charging with the attacker [Close Combat (a)]: its own charge morale check
  await page.selectOption("form.referee select[name=attalsocount]", "1");
  await page.selectOption("form.referee select[name=attalso1type]", "russian-infantry");
  await page.fill("form.referee input[name=attalso1figures]", "24");
  await page.fill("form.referee input[name=attalso1markers]", "3");
  await page.fill("form.referee input[name=attalso1morale_die]", "1");
  await page.click("#rule");
  await page.waitForSelector("section.refout p.rresult:has-text('fails its morale check')");
  const charged = await page.$$eval("section.refout p", (ps) => ps.map((p) => p.textContent));
  assert(charged.some((t) => t.includes("the attacker russian-infantry:24:3 fails its morale check: it withdraws [Close Combat (g)] and does not fight")),
    `the charging unit's morale check: ${charged.join(" | ")}`);
  assert(charged.some((t) => t.startsWith("attacker: british-cavalry")), "the first attacker fights alone");
  await page.selectOption("form.referee select[name=attalsocount]", "0");
  // the initiative: +1 for winning it last turn against nothing, ties rolled again
  await page.click("[role=tab] >> text=Initiative");
  await page.check("form.referee input[name=awon]");
  await page.click("#rule");
  await page.waitForSelector("section.refout p.rhead");
  eq(await page.$eval("section.refout p.rhead", (p) => p.textContent),
    "initiative: side A wins it 67.7% of the time, side B 32.3% (ties rolled again) [Initiative (a)]", "the initiative's odds");
  // the move: the 2014 sheet the server reads has no road column, so the form offers none
  await page.click("[role=tab] >> text=Move");
  eq(await page.$$eval("form.referee select[name=formation] option", (os) => os.map((o) => o.value)), ["line", "column", "one-die"],
    "no road on the 2014 sheet");
  await page.screenshot({ path: path.join(OUT, "referee.png") });
  await page.context().close();
});

test("the referee's page: Sevastopol's melee and From Ulm to Waterloo's fire losses, as the command rules them", async () => {
  const page = await newPage();
  await page.goto(BASE + "/#/referee");
  await page.click("nav[aria-label='rule systems'] >> text=Sevastopol");
  await page.waitForSelector("form.referee #rule");
  await page.click("[role=tab] >> text=Melee");
  await page.fill("form.referee input[name=attack]", "13");
  await page.fill("form.referee input[name=defence]", "4");
  await page.selectOption("form.referee select[name=defender]", "russian");
  await page.fill("form.referee input[name=die]", "4");
  await page.selectOption("form.referee select[name=defender-class]", "B");
  await page.fill("form.referee input[name=defender-morale-die]", "2");
  await page.click("#rule");
  await page.waitForSelector("section.refout pre.reftext");
  const got = await page.$eval("section.refout pre.reftext", (p) => p.textContent);
  const cli = execFileSync(BIN, ["referee", "siege", "melee", "--attack", "13", "--defence", "4", "--defender", "russian", "--die", "4",
    "--defender-class", "B", "--defender-morale-die", "2"], { encoding: "utf8" });
  eq(got, cli, "the browser's ruling is the command's");
  assert(got.includes("13 to 4, the 3-1 column"), "[14.0]'s example");
  // a refusal: attrition out of season, with its case
  await page.click("[role=tab] >> text=Attrition");
  await page.fill("form.referee input[name=turn]", "3");
  await page.click("#rule");
  await page.waitForSelector("section.refout p.msg");
  assert((await page.$eval("section.refout p.msg", (p) => p.textContent)).includes("[7.0] no attrition in Game-Turn 3"), "the refusal");
  // From Ulm to Waterloo: the rulebook's example past 50% casualties
  await page.click("nav[aria-label='rule systems'] >> text=From Ulm to Waterloo");
  await page.waitForSelector("form.referee #rule");
  await page.click("[role=tab] >> text=Fire losses");
  await page.fill("form.referee input[name=before]", "16");
  await page.click("#rule");
  await page.waitForSelector("section.refout pre.reftext");
  assert((await page.$eval("section.refout pre.reftext", (p) => p.textContent)).includes("a non-contact morale check at -2 (permanent)"), "Morale D.2.c's example");
  // a melee cast: dragoons against infantry in the open, the same ruling as the command's
  await page.click("[role=tab] >> text=Melee");
  const atk = page.locator("form.referee input[name=attacker]");
  const dfd = page.locator("form.referee input[name=defender]");
  await atk.nth(0).fill("dragoon:24");
  await dfd.nth(0).fill("infantry:30");
  await page.fill("form.referee input[name=increment]", "2");
  await page.fill("form.referee input[name=attacker-dice]", "6,6");
  await page.fill("form.referee input[name=defender-dice]", "3");
  await page.click("#rule");
  await page.waitForSelector("section.refout pre.reftext");
  const mel = await page.$eval("section.refout pre.reftext", (p) => p.textContent);
  eq(mel, execFileSync(BIN, ["referee", "ulm", "melee", "--attacker", "dragoon:24", "--defender", "infantry:30", "--cast", "1",
    "--increment", "2", "--attacker-dice", "6,6", "--defender-dice", "3"], { encoding: "utf8" }), "the browser's melee is the command's");
  assert(mel.includes("the defenders lose the melee"), "the melee's loser");
  // canister at point blank into field works (the referee's page: ulm's melee and canister too)
  await page.click("[role=tab] >> text=Canister");
  await page.fill("form.referee input[name=inches]", "2");
  await page.selectOption("form.referee select[name=protection]", "3");
  await page.fill("form.referee input[name=die]", "4");
  await page.click("#rule");
  await page.waitForSelector("section.refout pre.reftext");
  assert((await page.$eval("section.refout pre.reftext", (p) => p.textContent)).includes("die 4 +6 -2 = 8 kills, half again 12: 12 figures eliminated"), "canister's ruling");
  // with the target's figures at the start and now, its Loss of Effectiveness check [Morale D.2]
  await page.fill("form.referee input[name=figures]", "30");
  await page.fill("form.referee input[name=original]", "30");
  await page.click("#rule");
  await page.waitForFunction(() => document.querySelector("section.refout pre.reftext")?.textContent.includes("Morale D.2"));
  assert((await page.$eval("section.refout pre.reftext", (p) => p.textContent)).includes("=> 12 figures eliminated; the target checks morale (non-contact) at -1"), "canister's morale check");
  // a breakthrough after a charge that won: the same ruling as the command's
  await page.click("[role=tab] >> text=Breakthrough");
  await page.check("form.referee input[name=charged]");
  await page.check("form.referee input[name=cavalry]");
  await page.click("#rule");
  await page.waitForSelector("section.refout pre.reftext");
  eq(await page.$eval("section.refout pre.reftext", (p) => p.textContent),
    execFileSync(BIN, ["referee", "ulm", "breakthrough", "--won", "--charged", "--cavalry", "--casts", "1"], { encoding: "utf8" }),
    "the browser's breakthrough is the command's");
  await page.screenshot({ path: path.join(OUT, "referee-siege-ulm.png") });
  await page.context().close();
});

test("a Sevastopol game is shown as text: the position, the actions by kind, a ruling with its case, odds before a round", async () => {
  const page = await newPage();
  await page.goto(BASE + "/#/");
  await page.waitForSelector("#create");
  await page.selectOption("#scn", "sevastopol");
  assert(/no sheet to print/.test(await page.textContent("#scnprint")), "the lobby offers no sheet to print");
  const { id } = await createGame(page, { scenario: "sevastopol", mode: "hotseat", seed: 4, text: true });
  const board = await page.textContent("#board");
  assert(/Game-Turn 1 \(Oct I\)/.test(board) && /malakoff +3/.test(board), "the position as the terminal draws it");
  // the approaches drawn: every bastion, every approach with its works' yards from the bastion
  const scn = await api("GET", "/api/scenarios/sevastopol");
  eq(await page.$$eval("#siege [data-bastion]", (l) => l.length), scn.siege.bastions.length, "every bastion drawn");
  eq(await page.$$eval("#siege [data-approach]", (l) => l.map((g) => `${g.dataset.approach} ${g.dataset.front}`)),
    scn.siege.approaches.filter((p) => !p.from).map((p) => `${p.area}:${p.bastion} ${p.yards}`),
    "each approach at its start line's yards (not those out from the Mamelon until it falls [8.82])");
  eq(scn.siege.approaches.filter((p) => p.from === "mamelon").map((p) => p.bastion).join(" "), "malakoff little-redan",
    "the Mamelon's two saps [8.82] in the scenario");
  assert(/level 3/.test(await page.textContent('#siege [data-bastion="malakoff"]')), "the Malakoff at Strength Level 3");
  // the Russians' intervention segment: a battle or none [5.0]
  await page.waitForSelector("#act-intervene");
  assert((await page.$$eval("#act-intervene option", (l) => l.map((o) => o.value))).includes("intervene inkerman"), "Inkerman offered");
  await page.click("#end");
  await page.waitForSelector("#act-move");
  const { game } = await gameState(page, id);
  assert(game.to_act === "allied" && /Reinforcement/.test(game.phase), "the Allies' set-up");
  // a placement at the set-up: its ruling in the log with its case
  await page.selectOption("#act-move", "move gren-gd-1 balaclava-box");
  await page.click("#do-move");
  await page.waitForFunction(() => /gren-gd-1 is placed in the Balaclava Supply Box/.test(document.querySelector("#log")?.textContent || ""));
  assert(/\[3\.3\]/.test(await page.textContent("#log")), "the ruling cites [3.3]");
  assert(/balaclava-box +gren-gd-1/.test(await page.textContent("#places")), "where each unit stands");
  // a refusal says why
  const seq = (await gameState(page, id)).game.seq;
  await page.evaluate(async ([gid]) => {
    const t = JSON.parse(localStorage.getItem("crimea.tokens"))[gid];
    await fetch(`/api/games/${gid}/actions`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: t.seats.allied, action: "move gren-gd-1 british-center" }) });
  }, [id]);
  eq((await gameState(page, id)).game.seq, seq, "a refused action changes nothing");
  // five British units in the Balaclava box bring October's rounds [8.13]; then a round's odds
  // before the roll, and the roll
  for (const u of ["sf-gd-1", "cs-gd-1", "42-hd-1", "79-hd-1"]) {
    await page.reload();
    await page.waitForSelector("#act-move");
    await page.selectOption("#act-move", `move ${u} balaclava-box`);
    await page.click("#do-move");
    await page.waitForFunction((x) => new RegExp(`${x} is placed in the Balaclava`).test(document.querySelector("#log")?.textContent || ""), u);
  }
  for (const who of ["allied", "russian"]) {
    await page.waitForSelector("#end");
    const before = await page.textContent("#status");
    await page.click("#end");
    await page.waitForFunction((b) => document.querySelector("#status")?.textContent !== b, before);
  }
  await page.waitForSelector("#act-bombard");
  await page.selectOption("#act-bombard", "bombard brit-siege-1 british-center:great-redan");
  await page.click("#do-bombard");
  await page.waitForSelector("#odds-text");
  eq(await page.textContent("#odds-text"), "[8.5] brit-siege-1 at 1200 yards, Great Redan\n[8.99]  50.0%: 0 levels, 0 infantry\n" +
    "[8.99]  16.7%: 1 level, 0 infantry\n[8.99]  33.3%: 1 level, 1 infantry\n", "the round's odds, as the terminal's");
  await page.click("#confirm");
  await page.waitForFunction(() => /british siege gun rounds left: 1/.test(document.querySelector("#log")?.textContent || ""));
  // a round's damage shows on the drawing as it does in the board
  const st2 = (await gameState(page, id)).game;
  eq(await page.$eval('#siege [data-bastion="great-redan"]', (g) => /level (\d)/.exec(g.textContent)?.[1]),
    String(st2.siege.bastions.find((b) => b.id === "great-redan").level), "the Great Redan's level as the game has it");
  await page.screenshot({ path: path.join(OUT, "sevastopol-text.png") });
  // the replay viewer shows each position as the terminal draws it
  await page.goto(BASE + `/#/replay/${id}`);
  await page.waitForFunction(() => /action 0 of \d+/.test(document.querySelector("#step")?.textContent) || document.querySelector("#msg")?.textContent);
  eq(await page.textContent("#msg"), "", "the replay starts");
  assert(/Game-Turn 1 \(Oct I\)/.test(await page.textContent("#board")), "the opening position as text");
  await page.click("#rp-end");
  await page.waitForFunction(() => /action (\d+) of \1$/.test(document.querySelector("#step")?.textContent || ""));
  eq(await page.textContent("#board"), (await gameState(page, id)).game.board, "the last step is the game as it stands");
  eq(await page.$$eval("#siege [data-approach]", (l) => l.length), scn.siege.approaches.filter((p) => !p.from).length,
    "and its approaches drawn");
  await page.context().close();
});

test("a Charge of the Light Brigade game is shown as text too: the roster, its actions, the initiative's choice", async () => {
  const page = await newPage();
  const { id } = await createGame(page, { scenario: "cotlb-balaclava", mode: "hotseat", seed: 3, text: true });
  assert(/dnieper1 +260\.0 +35\.0/.test(await page.textContent("#board")), "the roster as the terminal draws it");
  assert(await page.$eval("#places-box", (d) => d.hidden), "no places list: the roster has them");
  await page.waitForSelector("#act-first");
  await page.selectOption("#act-first", "first russian");
  await page.click("#do-first");
  await page.waitForFunction(() => /russian to act/.test(document.querySelector("#toact")?.textContent || ""));
  const { game } = await gameState(page, id);
  eq(game.to_act, "russian", "the Russians act first, as chosen");
  await page.context().close();
});

test("a Charge of the Light Brigade game draws its table: terrain, objectives, every unit's footprint; a click narrows the actions to the unit's; a unit found from a list", async () => {
  const page = await newPage();
  const { id } = await createGame(page, { scenario: "cotlb-balaclava", mode: "hotseat", seed: 3, text: true });
  await page.waitForSelector("#table .piece");
  const scn = await api("GET", "/api/scenarios/cotlb-balaclava");
  let { game } = await gameState(page, id);
  eq(await page.$$eval("#table [data-feature]", (a) => a.length), scn.table.features.length, "every feature drawn");
  eq(await page.$$eval("#table .objective", (a) => a.length), new Set(scn.table.objectives.map((o) => o.feature)).size, "each scoring place outlined");
  assert(scn.table.entries.some((e) => e.unit === "c-troop"), "the reinforcements' entries in the view");
  eq(await page.$$eval("#table .entry", (a) => a.length), new Set(scn.table.entries.map((e) => e.at.join(","))).size, "a marker where reinforcements enter");
  eq(await page.$$eval("#table .piece", (a) => a.map((g) => g.getAttribute("data-piece")).sort()), game.pieces.map((p) => p.id).sort(), "a footprint for each unit on the table");
  assert(game.pieces.length > 40 && !game.pieces.some((p) => p.id === "c-troop"), "the reinforcements not yet arrived are not on the table");
  // the footprint as the rules measure it: dnieper1 in attack column at (260", 35"), facing west
  const d1 = game.pieces.find((p) => p.id === "dnieper1");
  eq(d1.at, [5200, 700], "dnieper1's centre in twentieths of an inch");
  assert(d1.corners[0][0] < d1.at[0] && d1.corners[1][0] < d1.at[0], "its front (first two corners) toward the west it faces");
  await page.selectOption("#act-first", "first russian");
  await page.click("#do-first");
  await page.waitForFunction(() => /russian to act/.test(document.querySelector("#toact")?.textContent || ""));
  await page.waitForSelector("#act-reform");
  const before = await page.$eval('#table [data-piece="dnieper1"] polygon', (p) => p.getAttribute("points"));
  await page.click('#table [data-piece="dnieper1"]');
  await page.waitForFunction(() => /dnieper1: 24th Dneprovsky/.test(document.querySelector("#piece-info")?.textContent || ""));
  // its brigade commander's radius, drawn round the commander [BRIGADE COMMANDERS]
  const d1p = game.pieces.find((p) => p.id === "dnieper1"), cmd = game.commanders.find((c) => c.id === d1p.commander);
  assert(d1p.radius > 0 && cmd, `dnieper1's commander on the table: ${d1p.commander}`);
  eq(await page.$eval("#table circle.command", (c) => [Number(c.getAttribute("r")), Number(c.dataset.radius)]), [d1p.radius * 20, d1p.radius], "the command radius round its commander");
  assert(await page.$eval('#table [data-piece="dnieper1"]', (g) => g.classList.contains("selected")), "the unit clicked is marked");
  const reforms = await page.$$eval("#act-reform option", (o) => o.map((x) => x.value));
  assert(reforms.length > 0 && reforms.every((m) => m.split(" ")[1] === "dnieper1"), `only dnieper1's actions offered: ${reforms.slice(0, 3)}`);
  assert(reforms.includes("reform dnieper1 line"), "its change to line among them");
  await page.screenshot({ path: path.join(OUT, "cotlb-table.png") });
  // in line the battalion's footprint is wider than deep: the table redraws it
  await page.selectOption("#act-reform", "reform dnieper1 line");
  await page.click("#do-reform");
  await page.waitForFunction((b) => document.querySelector('#table [data-piece="dnieper1"] polygon')?.getAttribute("points") !== b, before);
  ({ game } = await gameState(page, id));
  const moved = game.pieces.find((p) => p.id === "dnieper1");
  eq(moved.formation, "line", "dnieper1 in line, as in the game");
  eq(game.last_action, "reform dnieper1 line", "the action taken last");
  assert(/last: reform dnieper1 line/.test(await page.textContent("#lastact")), "the status bar names it");
  assert(await page.$eval('#table [data-piece="dnieper1"]', (g) => g.classList.contains("last")), "and the table marks its unit");
  // the table as SVG to keep or print: the server's drawing of the game as it stands
  const href = await page.getAttribute("#tablesvg", "href");
  const svg = await page.evaluate(async (u) => (await fetch(u)).text(), href);
  assert(/<svg[^>]*>/.test(svg) && (svg.match(/data-unit=/g) || []).length === game.pieces.length, "the linked SVG draws every unit on the table");
  // again: every unit's actions
  await page.click('#table [data-piece="dnieper1"]');
  await page.waitForFunction(() => !document.querySelector("#narrowed"));
  // a hint chooses the unit it would act with on the table
  await page.click("#hint");
  await page.waitForSelector("#hint-text");
  const hinted = (await page.textContent("#hint-text code")).split(" ")[1];
  assert(game.pieces.some((p) => p.id === hinted), `greedy's hint at the turn's start acts with a unit: ${hinted}`);
  await page.waitForFunction((u) => document.querySelector(`#table [data-piece="${u}"]`)?.classList.contains("selected"), hinted);
  await page.click("#hint-close");
  await page.click(`#table [data-piece="${hinted}"]`); // and let it go again
  await page.waitForFunction(() => !document.querySelector("#narrowed"));
  // find a unit: the list brings it into view, zoomed in, and chooses it as a click would
  const d3 = game.pieces.find((p) => p.id === "dnieper3");
  await page.selectOption("#findunit", "dnieper3");
  await page.waitForFunction(() => document.querySelector('#table [data-piece="dnieper3"]')?.classList.contains("selected"));
  const vb = (await page.getAttribute("#table", "viewBox")).split(" ").map(Number);
  assert(vb[2] <= 60 * 20 + 1e-6, `zoomed to 60" across at most: ${vb}`);
  assert(Math.abs(vb[0] + vb[2] / 2 - d3.at[0]) < 1 && Math.abs(vb[1] + vb[3] / 2 - (scn.table.depth - d3.at[1])) < 1, `centred on dnieper3: ${vb}`);
  assert(await page.$("#narrowed"), "its actions alone offered");
  eq(await page.$eval("#findunit", (x) => x.value), "", "the list ready for another");
  await page.screenshot({ path: path.join(OUT, "cotlb-find.png") });
  await page.click('#table [data-piece="dnieper3"]'); // let it go
  await page.waitForFunction(() => !document.querySelector("#narrowed"));
  await page.click('button[aria-label="Fit the whole table"]');
  // click-to-move: a unit chosen, then a point of the table; the rules refuse a place on another unit
  await page.click('#table [data-piece="dnieper3"]');
  await clickTable(page, 250, 30);
  await page.waitForSelector("#movebox:not([hidden])");
  const near = (t, x, y) => { const m = /to \(([\d.]+)", ([\d.]+)"\)/.exec(t); return m && Math.abs(m[1] - x) <= 0.5 && Math.abs(m[2] - y) <= 0.5; };
  const mt = await page.textContent("#move-text");
  assert(near(mt, 250, 30), `the point clicked, to the half inch: ${mt}`);
  assert(await page.$("#movedest"), "the way drawn on the table");
  await page.click("#move-go");
  await page.waitForFunction(() => /dnieper3 would stand on left-battery/.test(document.querySelector("#msg")?.textContent || ""));
  await clickTable(page, 270, 42);
  // the half inch nearest the pixel clicked
  await page.waitForFunction(() => {
    const m = /to \(([\d.]+)", ([\d.]+)"\)/.exec(document.querySelector("#move-text")?.textContent || "");
    return m && Math.abs(m[1] - 270) <= 0.5 && Math.abs(m[2] - 42) <= 0.5;
  });
  await page.screenshot({ path: path.join(OUT, "cotlb-move.png") });
  // north: a turn of 90 degrees from its facing (west), more than a move's pivot [MOVE (b)]
  assert(await page.$eval("#move-face", (b) => b.disabled && /30° at most \[MOVE \(b\)\]/.test(b.title)), "facing the way refused beyond 30 degrees");
  let seq = (await gameState(page, id)).game.seq;
  await page.click("#move-go");
  await page.waitForFunction((q) => Number(document.querySelector("#status")?.dataset.seq) > q, seq);
  ({ game } = await gameState(page, id));
  assert(game.events.some((e) => e.rule === "[MOVE (a)]" && /dnieper3/.test(e.text)), "the move ruled by the dice [MOVE (a)]");
  eq(game.pieces.find((p) => p.id === "dnieper3").facing, 270, "dnieper3 keeps its facing");
  // within 30 degrees, facing the way it goes
  await page.click('#table [data-piece="dnieper2"]');
  await clickTable(page, 248, 27);
  await page.waitForFunction(() => /Move dnieper2/.test(document.querySelector("#movebox")?.textContent || ""));
  const face = Number(/\((\d+)°\)/.exec(await page.textContent("#move-face"))[1]);
  assert(Math.abs(face - 263) <= 4, `west by south, give or take the half inch: ${face}`);
  seq = game.seq;
  await page.click("#move-face");
  await page.waitForFunction((q) => Number(document.querySelector("#status")?.dataset.seq) > q, seq);
  ({ game } = await gameState(page, id));
  eq(game.pieces.find((p) => p.id === "dnieper2").facing, face, "dnieper2 faces the way it went");
  assert(await page.$eval("#movebox", (b) => b.hidden), "the proposal gone once moved");
  // one's own unit, then an enemy: the actions naming both; a volley's odds before the roll
  await page.click('#table [data-piece="left-battery"]');
  // what is measured from it: its weapon's long and short range, canister's 4" [Fire (n), (p)]
  const lb = game.pieces.find((p) => p.id === "left-battery");
  assert(lb.long > 0 && lb.canister, `a battery with a printed range and canister: ${JSON.stringify(lb)}`);
  eq(await page.$$eval("#table polygon.reach", (l) => l.map((x) => `${x.classList[1]} ${x.dataset.range}`)),
    [`long ${lb.long}`, `short ${lb.long / 2}`, "canister 4"], "the ranges drawn round the battery");
  await page.screenshot({ path: path.join(OUT, "cotlb-ranges.png") });
  eq(await page.$eval('#table polygon.reach.long', (x) => x.getAttribute("stroke-width")), String(2 * lb.long * 20), "the footprint grown by the long range");
  await page.click('#table [data-piece="redoubt1-guns"]');
  await page.waitForSelector("#target-actions");
  const both = await page.$$eval("#target-actions [data-action]", (b) => b.map((x) => x.dataset.action));
  assert(both.includes("fire left-battery redoubt1-guns") && both.every((a) => a.split(" ")[1] === "left-battery" && a.includes("redoubt1-guns")), `the actions naming both: ${both}`);
  await page.click('#target-actions [data-action="fire left-battery redoubt1-guns"]');
  await page.waitForSelector("#odds-text");
  assert(/possible hits +0: +8\.8%/.test(await page.textContent("#odds-text")), "the volley's odds before the roll, as the terminal's");
  seq = (await gameState(page, id)).game.seq;
  await page.click("#confirm");
  await page.waitForFunction((q) => Number(document.querySelector("#status")?.dataset.seq) > q, seq);
  ({ game } = await gameState(page, id));
  assert(game.events.some((e) => e.rule === "[Fire (a)]"), "the volley rolled [Fire (a)]");
  // the replay viewer shows it on the table too, the unit each action names marked
  await page.goto(BASE + `/#/replay/${id}`);
  await page.waitForFunction(() => /action 0 of \d+/.test(document.querySelector("#step")?.textContent) || document.querySelector("#msg")?.textContent);
  eq(await page.textContent("#msg"), "", "the replay starts");
  const at0 = await page.evaluate(async (gid) => {
    const t = JSON.parse(localStorage.getItem("crimea.tokens"))[gid];
    return (await fetch(`/api/games/${gid}?at=0&token=${Object.values(t.seats)[0]}`)).json();
  }, id);
  eq(await page.$$eval("#table .piece", (a) => a.map((g) => g.getAttribute("data-piece")).sort()), at0.pieces.map((p) => p.id).sort(), "the opening position's units on the table");
  await page.click("#rp-fwd");
  await page.click("#rp-fwd");
  await page.waitForFunction(() => /action 2 of/.test(document.querySelector("#step")?.textContent));
  eq(await page.textContent("#replay-action"), "reform dnieper1 line", "the second action");
  await page.waitForFunction(() => document.querySelector('#table [data-piece="dnieper1"]')?.classList.contains("selected"));
  assert(/dnieper1 +258\.5/.test(await page.textContent("#board")), "the roster of that position beside the table");
  await page.click("#rp-end");
  await page.waitForFunction(() => /action (\d+) of \1$/.test(document.querySelector("#step")?.textContent || ""));
  const fin = (await gameState(page, id)).game.pieces.map((p) => `${p.id}@${p.corners.join(";")}`).sort();
  const shown = (await page.$$eval("#table .piece", (l) => l.map((g) => g.getAttribute("data-piece")))).sort();
  eq(shown, fin.map((x) => x.split("@")[0]), "the replay's last position has the game's units on the table");
  eq(page.errors.length, 0, "no page errors");
  await page.context().close();
});

test("a Charge of the Light Brigade game against search; greedy's plans offered for their own rule system only", async () => {
  const page = await newPage();
  await page.goto(BASE + "/#/");
  await page.waitForSelector("#create");
  await page.selectOption("#scn", "cotlb-balaclava");
  assert(await page.$eval('#aiplayer option[value="greedy:cautious"]', (o) => o.disabled), "no quad posture for CotLB");
  assert(!(await page.$eval('#aiplayer option[value="greedy:hold"]', (o) => o.disabled)), "CotLB's holding plan offered");
  assert(await page.$eval('#aiplayer option[value="greedy:patient"]', (o) => o.disabled), "not Sevastopol's");
  await page.selectOption("#scn", "sevastopol");
  assert(!(await page.$eval('#aiplayer option[value="greedy:patient"]', (o) => o.disabled)), "Sevastopol's patient plan offered");
  assert(await page.$eval('#aiplayer option[value="greedy:hold"]', (o) => o.disabled), "not CotLB's");
  {
    const sv = await createGame(page, { scenario: "sevastopol", mode: "ai", aiSide: "allied", aiPlayer: "greedy:patient", seed: 4, text: true });
    eq((await gameState(page, sv.id)).game.ai.allied, "greedy:patient", "the Allies play greedy's patient plan");
    await page.goto(BASE + "/#/");
    await page.waitForSelector("#create");
  }
  await page.selectOption("#scn", "cotlb-balaclava");
  const tableHref = await page.getAttribute("#scntable", "href");
  assert(/^\/api\/scenarios\/cotlb-balaclava\/map\.svg$/.test(tableHref), `the lobby links the table: ${tableHref}`);
  assert(/data-unit=/.test(await page.evaluate(async (u) => (await fetch(u)).text(), tableHref)), "the set-up's table");
  await page.selectOption("#scn", "balaclava");
  assert(!(await page.$eval('#aiplayer option[value="greedy:cautious"]', (o) => o.disabled)), "postures for a quad game");
  const { id } = await createGame(page, { scenario: "cotlb-balaclava", mode: "ai", aiSide: "allied", aiPlayer: "search:20", seed: 3, text: true });
  const { game } = await gameState(page, id);
  eq(game.ai.allied, "search:20", "the Allies are search's");
  // whoever the initiative's winner sends first, the person is asked to act in time
  await page.waitForFunction(() => /russian to act/.test(document.querySelector("#toact")?.textContent || ""), null, { timeout: 60000 });
  eq(page.errors.length, 0, "no page errors");
  await page.context().close();
});

let passed = 0, failed = 0;
// ONLY=TEXT runs the tests whose names hold TEXT (for working on one)
for (const t of tests.filter((x) => !process.env.ONLY || x.name.includes(process.env.ONLY))) {
  const t0 = Date.now();
  try {
    await t.fn();
    passed++;
    console.log(`ok   ${t.name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${t.name}\n     ${String(e.stack || e).split("\n").slice(0, 6).join("\n     ")}`);
  }
}
for (const p of browser.contexts().flatMap((c) => c.pages())) {
  if (p.errors && p.errors.length) { failed++; console.log(`FAIL page errors: ${p.errors.join("; ")}`); }
}
await browser.close();
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
