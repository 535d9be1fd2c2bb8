// game.js: the game screen. Shows the map, the state (turn, phase, victory points,
// reinforcements), the event log with rule cases and dice; offers only the actions the server
// lists for the side this browser holds: click a unit, then a highlighted hex to move or attack;
// fire and melee show the exact odds (POST /odds) before the roll is confirmed.

import { h, clear } from "./dom.js";
import { api, ApiError, getTokens, saveTokens } from "./api.js";
import { createMap } from "./map.js";
import { neighbours } from "./hexgeo.js";
import { groupActions, attacksBy, attackers } from "./actions.js";
import { showTextGame } from "./textgame.js";

// Points as the score sheet shows them: +24, -2, 0.
const signed = (v) => (v > 0 ? `+${v}` : `${v}`);

const scenarioCache = new Map();
export async function loadScenario(id) {
  if (!scenarioCache.has(id)) scenarioCache.set(id, await api.scenario(id));
  return scenarioCache.get(id);
}

// Returns a function that closes the screen (EventSource and listeners).
export async function showGame(root, id, urlToken) {
  clear(root);
  let tokens = getTokens(id) || { seats: {}, spectator: null };
  const st = {
    game: null, scn: null, groups: null, actSide: null, selected: [], pending: null, hint: null,
    log: [], closed: false, busy: false,
  };

  // the token in the URL (an invite link) names one side: find which, and keep it
  if (urlToken) {
    try {
      const g = await api.game(id, urlToken);
      if (g.viewer && g.viewer !== "spectator") tokens = saveTokens(id, { seats: { [g.viewer]: urlToken } });
      else tokens = saveTokens(id, { spectator: urlToken });
    } catch (e) {
      root.append(h("p.msg", { role: "alert" }, `This link does not open the game: ${e.message}`));
      return () => {};
    }
  }
  const anyToken = () => Object.values(tokens.seats || {})[0] || tokens.spectator;
  if (!anyToken()) {
    root.append(h("p.msg", { role: "alert" }, "This browser holds no seat in this game. Open it with an invite link."));
    return () => {};
  }

  // ---- layout ----
  const statusBar = h("div.statusbar", { role: "status", "aria-live": "polite", id: "status" });
  const mapBox = h("div.mapbox", { id: "map" });
  const turnBox = h("section.panel.turn", { "aria-label": "Your decision" });
  const oddsBox = h("section.panel.odds", { id: "odds", "aria-live": "polite", hidden: true });
  const reinfBox = h("section.panel.reinf", { "aria-label": "Reinforcements" });
  const logList = h("ol.log", { id: "log", "aria-label": "Event log" });
  const msg = h("p.msg", { role: "alert", id: "msg" });
  const side = h("aside.side", {}, msg, turnBox, oddsBox,
    h("section.panel", { "aria-labelledby": "log-h" }, h("h2", { id: "log-h" }, "Rulings"), logList), reinfBox);
  const endScreen = h("div.endscreen", { id: "endscreen", hidden: true, role: "dialog", "aria-modal": "false", "aria-labelledby": "end-h" });
  root.append(h("div.gamescreen", {}, statusBar, h("div.gamebody", {}, mapBox, side), endScreen));

  try {
    st.game = await api.game(id, anyToken());
    st.scn = await loadScenario(st.game.scenario);
  } catch (e) {
    msg.textContent = `Cannot load the game: ${e.message}`;
    return () => {};
  }
  // a rule system without a hex map (Sevastopol) is shown as text
  if (!st.scn.map) return showTextGame(root, id, tokens, st.game, st.scn);
  const map = createMap(mapBox, st.scn, { onHexClick });
  const unitDef = (u) => map.unitDefs.get(u) || { id: u, name: u };

  let refreshing = null, again = false; // refresh's: the one under way, and whether to go again
  let logShown = { log: null, n: 0 }; // renderLog's

  // ---- live updates ----
  let es = null;
  try {
    es = new EventSource(api.eventsUrl(id, anyToken()));
    es.addEventListener("update", (ev) => {
      let seq = -1;
      try { seq = JSON.parse(ev.data).seq; } catch { /* refresh anyway */ }
      if (seq !== st.game.seq) refresh();
    });
  } catch { /* no SSE: the player's own actions still refresh */ }

  // ---- keys: e ends the phase, u undoes, h asks for a hint, Escape closes a box or
  // deselects; never while typing in a field (a die, the list of actions)
  const onKey = (ev) => {
    if (st.closed || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    if (ev.key === "Escape") {
      if (!oddsBox.hidden && !oddsBox.querySelector("form.dice")) {
        st.pending = null;
        st.hint = null;
        oddsBox.hidden = true;
      } else st.selected = [];
      render();
    } else if (ev.key === "e" && st.groups?.end && !st.pending && !st.busy) send("end");
    else if (ev.key === "u" && st.actSide && !st.busy) undo();
    else if (ev.key === "h" && st.groups && !st.busy) hint();
    else return;
    ev.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  await refresh();
  return () => { st.closed = true; es?.close(); document.removeEventListener("keydown", onKey); };

  // ---- state ----
  function tokenFor(sideName) { return (tokens.seats || {})[sideName] || null; }

  // refresh: the game and the side's actions fetched again and drawn. Calls while one is under
  // way are folded into one more after it (the computer's moves each send an update; a refresh
  // for each, overlapping, drew the map dozens of times a player-turn); each caller's promise
  // settles once a refresh begun after its call has drawn (refreshing, again: declared above).
  function refresh() {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      try {
        do {
          again = false;
          await refreshOnce();
        } while (again && !st.closed);
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function refreshOnce() {
    if (st.closed) return;
    try {
      const seq = st.game?.seq;
      st.game = await api.game(id, anyToken());
      if (st.game.seq !== seq) st.hint = null; // a hint holds for the position it was asked in
      st.actSide = st.game.to_act && tokenFor(st.game.to_act) ? st.game.to_act : null;
      st.groups = null;
      // While our own action is in flight (st.busy) the server may already be showing the
      // computer's answer, move by move (its events); the turn is offered again only once our
      // request has come back (send refreshes), so that its completion cannot close a choice
      // made after it.
      if (st.actSide && st.game.status !== "over" && !st.busy) {
        const a = await api.actions(id, tokenFor(st.actSide));
        st.groups = groupActions(a.actions || []);
      }
    } catch (e) {
      msg.textContent = e.message;
    }
    st.selected = st.selected.filter((u) => st.groups && (st.groups.moves.has(u) || attackers(st.groups).has(u)));
    render();
  }

  async function send(action, dice) {
    if (st.busy) return;
    st.busy = true;
    msg.textContent = "";
    try {
      const r = await api.act(id, tokenFor(st.actSide), action, dice);
      st.selected = [];
      st.pending = null;
      st.hint = null;
      clear(oddsBox); // no stale Fire/Attack button left behind in the hidden box
      oddsBox.hidden = true;
    } catch (e) {
      if (e instanceof ApiError && e.body.need_dice) {
        st.busy = false;
        return askDice(action);
      }
      msg.textContent = `${e.message}${e.rule ? " " + e.rule : ""}`;
    } finally {
      st.busy = false;
    }
    await refresh();
  }

  function askDice(action) {
    const inp = h("input", { type: "number", min: 1, max: 6, id: "die", "aria-label": "Die roll, 1 to 6" });
    const f = h("form.dice", {}, h("label", { for: "die" }, `Roll a die for “${action}”: `), inp,
      h("button.primary", { type: "submit" }, "Submit die"));
    f.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const v = Number(inp.value);
      if (v >= 1 && v <= 6) send(action, [v]);
    });
    // the odds of this fire or melee stay in view above the die: the referee reads the result
    // off the roll
    if (st.pending?.text === action && oddsBox.querySelector("#odds-table")) {
      oddsBox.querySelector("div.buttons")?.remove();
      oddsBox.append(f);
    } else clear(oddsBox).append(f);
    oddsBox.hidden = false;
    inp.focus();
  }

  async function undo() {
    msg.textContent = "";
    const order = [st.game.to_act, ...Object.keys(tokens.seats || {})].filter((x, i, a) => x && tokenFor(x) && a.indexOf(x) === i);
    let last = null;
    for (const sd of order) {
      try {
        await api.undo(id, tokenFor(sd));
        st.log = [];
        last = null;
        break;
      } catch (e) { last = e; }
    }
    if (last) msg.textContent = `Undo: ${last.message}`;
    st.selected = [];
    await refresh();
  }

  // What greedy would play now (POST /hint): shown with its unit selected on the map, to play
  // or to leave; the game does not change until the player chooses.
  async function hint(player) {
    if (st.pending || oddsBox.querySelector("form.dice")) return;
    msg.textContent = "";
    if (player) clear(oddsBox).append(h("h2", {}, "Hint"), h("p", { id: "hint-wait" }, `Asking ${player}…`));
    try {
      const o = await api.hint(id, tokenFor(st.actSide), player);
      const a = (st.groups?.all || []).find((x) => x.text === o.action);
      if (a?.unit) st.selected = [a.unit];
      else if (a?.units) st.selected = [...a.units];
      st.hint = a ? a.to || a.target || null : null; // its hex, marked on the map
      clear(oddsBox).append(h("h2", {}, "Hint"),
        h("p", { id: "hint-text" }, `The computer (${o.player}) would play `, h("code", {}, o.action), "."),
        h("div.buttons", {},
          h("button.primary", { type: "button", id: "hint-play", onclick: () => (a && a.units ? showOdds(a) : send(o.action)) },
            a && a.units ? "See the odds" : "Play it"),
          o.player.startsWith("search") ? null
            : h("button", { type: "button", id: "hint-search", title: "the stronger player: a few seconds", onclick: () => hint("search") }, "Ask search"),
          h("button", { type: "button", id: "hint-close", onclick: () => { st.hint = null; oddsBox.hidden = true; render(); } }, "Close")));
      oddsBox.hidden = false;
      render();
    } catch (e) {
      msg.textContent = `Hint: ${e.message}`;
      if (player) oddsBox.hidden = true; // (not "Asking search…" for ever)
    }
  }

  // ---- clicks ----
  function onHexClick(hx, ev) {
    const gr = st.groups;
    if (!gr) return;
    // a highlighted move target of the selected unit
    if (st.selected.length === 1) {
      const mv = (gr.moves.get(st.selected[0]) || []).find((a) => a.to === hx);
      if (mv) return send(mv.text);
    }
    // an attack target of the selected units
    if (st.selected.length) {
      const at = attacksBy(gr, st.selected).filter((a) => a.target === hx);
      if (at.length === 1) return showOdds(at[0]);
      if (at.length > 1) return showChoices(at, `Attacks on ${hx}`);
    }
    // an owed retreat or advance ending there
    const owed = gr.owed.filter((a) => a.to === hx);
    if (owed.length === 1) return send(owed[0].text);
    if (owed.length > 1) return showChoices(owed, `Paths ending at ${hx}`);
    // select the units of this hex that can do something
    const here = st.game.units.filter((u) => u.state === "on" && u.hex === hx).map((u) => u.id);
    const able = here.filter((u) => gr.moves.has(u) || attackers(gr).has(u));
    if (!able.length) {
      if (!ev.shiftKey) st.selected = [];
      render();
      if (!ev.shiftKey) showHex(hx); // nothing to do there: say what it is
      return;
    }
    if (ev.shiftKey || ev.ctrlKey || ev.metaKey) {
      for (const u of able) if (!st.selected.includes(u)) st.selected.push(u);
    } else {
      // clicking the same hex again cycles through its units
      const cur = st.selected.length === 1 ? able.indexOf(st.selected[0]) : -1;
      st.selected = [able[(cur + 1) % able.length]];
    }
    render();
  }

  function toggleUnit(u) {
    const i = st.selected.indexOf(u);
    if (i >= 0) st.selected.splice(i, 1); else st.selected.push(u);
    render();
  }

  async function showOdds(a) {
    st.pending = a;
    clear(oddsBox).append(h("p", {}, `Odds of “${a.text}”…`));
    oddsBox.hidden = false;
    try {
      const o = await api.odds(id, tokenFor(st.actSide), a.text);
      clear(oddsBox).append(
        h("h2", {}, a.verb === "melee" ? "Melee odds" : "Fire odds"),
        h("p.oddsaction", {}, h("code", {}, a.text)),
        h("pre.oddstext", { id: "odds-text" }, o.text),
        h("table.outcomes", { id: "odds-table" },
          h("thead", {}, h("tr", {}, h("th", {}, "chance"), h("th", {}, "die"), h("th", {}, "result"))),
          h("tbody", {}, (o.outcomes || []).map((x) => h("tr", {},
            h("td.p", {}, x.p), h("td", {}, (x.dice || []).join(",")), h("td", {}, x.result))))),
        h("div.buttons", {},
          h("button.primary", { type: "button", id: "confirm", onclick: () => send(a.text) }, a.verb === "melee" ? "Attack (roll)" : "Fire (roll)"),
          h("button", { type: "button", id: "cancel", onclick: () => { st.pending = null; oddsBox.hidden = true; render(); } }, "Cancel")));
      oddsBox.querySelector("#confirm").focus();
    } catch (e) {
      clear(oddsBox).append(h("p", {}, `No odds: ${e.message}`));
    }
    render();
  }

  // The score sheet (the server's `score`): each side's points item by item, with the case.
  function scoreTable(sc) {
    return h("table.score", { id: "scoresheet" },
      h("thead", {}, h("tr", {}, h("th", {}, "side"), h("th", {}, "VP"), h("th", {}, "case"), h("th", {}, "for"))),
      h("tbody", {}, sc.lines.map((l) => h("tr", {}, h("td", {}, l.side), h("td.vp", {}, signed(l.vp)),
        h("td", {}, l.rule), h("td", {}, l.what)))));
  }

  // The whole victory point schedule (the server's score.schedule): every item of each side
  // with its case, what it would give now, so that a player sees what is worth points.
  function scheduleTable(sc) {
    if (!sc.schedule) return null;
    return h("details", { id: "schedule" }, h("summary", {}, "What scores: the whole schedule"),
      h("table.score", {},
        h("thead", {}, h("tr", {}, h("th", {}, "side"), h("th", {}, "case"), h("th", {}, "item"), h("th", {}, "now"))),
        h("tbody", {}, sc.schedule.map((l) => h("tr", {}, h("td", {}, l.side), h("td", {}, l.rule), h("td", {}, l.item),
          h("td.vp", {}, l.vp ? signed(l.vp) : ""))))));
  }

  // In your Movement Phase, a melee planned against an enemy hex: your units now next to it
  // ({units, text}), or null. The server works its odds out for the Melee Phase ahead.
  function meleePlan(hx) {
    const g = st.game;
    if (!st.actSide || g.phasing !== st.actSide || !/Movement/.test(g.phase)) return null;
    const on = g.units.filter((u) => u.state === "on");
    const side = (u) => unitDef(u.id).side;
    if (!on.some((u) => u.hex === hx && side(u) !== st.actSide)) return null;
    const near = new Set(neighbours(hx));
    const units = on.filter((u) => near.has(u.hex) && side(u) === st.actSide).map((u) => u.id);
    return units.length ? { units, text: `melee ${units.join(",")} > ${hx}` } : null;
  }

  async function showPlan(plan, box) {
    clear(box).append(h("p", {}, `Odds of “${plan.text}”…`));
    try {
      const o = await api.odds(id, tokenFor(st.actSide), plan.text);
      clear(box).append(h("h3", {}, o.ahead ? `If they attack in the ${o.ahead.replace(/^.*, /, "")}` : "Melee odds"),
        h("p.oddsaction", {}, h("code", {}, plan.text)), h("pre.oddstext", { id: "plan-text" }, o.text));
    } catch (e) {
      clear(box).append(h("p", { id: "plan-text" }, `No attack from here: ${e.message}`));
    }
  }

  // A hex in the rules' words (GET .../hex/HHHH): terrain, hexsides, the stack, zones of
  // control. Never over a pending attack's odds or a die being asked for.
  async function showHex(hx) {
    if (st.pending || oddsBox.querySelector("form.dice")) return;
    try {
      const o = await api.hex(id, anyToken(), hx);
      if (st.pending || oddsBox.querySelector("form.dice")) return;
      const plan = meleePlan(hx);
      const planBox = h("div", { id: "plan" });
      clear(oddsBox).append(h("h2", {}, `Hex ${o.hex}`), h("pre.oddstext", { id: "hex-text" }, o.text), planBox,
        h("div.buttons", {},
          plan ? h("button", { type: "button", id: "plan-melee", onclick: () => showPlan(plan, planBox) },
            `Odds if ${plan.units.length === 1 ? `${plan.units[0]} attacks` : `your ${plan.units.length} adjacent units attack`} it`) : null,
          h("button", { type: "button", id: "hex-close", onclick: () => { oddsBox.hidden = true; } }, "Close")));
      oddsBox.hidden = false;
    } catch (e) {
      msg.textContent = `Hex ${hx}: ${e.message}`;
    }
  }

  function showScore() {
    const sc = st.game.score;
    if (!sc) return;
    clear(oddsBox).append(h("h2", {}, st.game.status === "over" ? "Score sheet" : "Score sheet (if the game ended now)"),
      scoreTable(sc), h("p", {}, sc.level), scheduleTable(sc) || "");
    oddsBox.hidden = false;
  }

  function showChoices(list, title) {
    clear(oddsBox).append(h("h2", {}, title),
      h("ul.choices", {}, list.map((a) => h("li", {}, h("button", { type: "button", onclick: () => (a.units ? showOdds(a) : send(a.text)) }, a.text)))));
    oddsBox.hidden = false;
  }

  // ---- drawing ----
  function render() {
    const g = st.game, gr = st.groups;
    mergeEvents(g.events || []);
    map.setUnits(g.units, new Set(st.selected));
    // status bar
    const vp = g.result?.vp || g.score?.vp;
    statusBar.dataset.seq = g.seq;
    clear(statusBar).append(
      h("span.turnno", { id: "turn" }, `Turn ${g.turn} of ${g.last_turn}`),
      h("span", { id: "phase" }, `${g.phasing} ${g.phase}`),
      h("span", { id: "toact" }, g.status === "over" ? "game over" : `${g.to_act} to act${st.actSide ? " (you)" : ""}`),
      g.score ? h("button.link", { type: "button", id: "vp", title: "the score sheet", onclick: showScore },
        "VP " + Object.entries(vp).map(([k, v]) => `${k} ${v}`).join(", "))
        : h("span", { id: "vp" }, vp ? "VP " + Object.entries(vp).map(([k, v]) => `${k} ${v}`).join(", ") : "VP: counted at the end"),
      h("span.muted", {}, g.status_text || ""),
      h("span.print", {}, "Print: ",
        h("a", { href: api.sheetUrl(id, anyToken(), "map"), target: "_blank", rel: "noopener", id: "printmap",
          title: "the map as it stands, as SVG to print at true size" }, "map"), " · ",
        h("a", { href: api.sheetUrl(id, anyToken(), "counters"), target: "_blank", rel: "noopener", id: "printcounters",
          title: "every counter, front and back, as SVG to print and cut out" }, "counters"), " · booklet ",
        ...["a4", "letter"].flatMap((p, i) => [i ? " " : "", h("a", { href: api.printUrl(id, anyToken(), p), target: "_blank", rel: "noopener",
          id: `print-${p}`, title: `the map over ${p.toUpperCase()} pages at true size, then the counters: print at 100%` }, p === "a4" ? "A4" : "Letter")]),
        " · ", h("a", { href: api.logUrl(id, anyToken()), target: "_blank", rel: "noopener", id: "gamelog",
          title: "the game so far, action by action with every ruling and its case, as text to keep or post" }, "game log")));
    // highlights
    const hl = new Map();
    if (gr) {
      for (const a of gr.owed) if (a.to) hl.set(a.to, "owed");
      if (st.selected.length === 1) for (const a of gr.moves.get(st.selected[0]) || []) hl.set(a.to, "move");
      if (st.selected.length) for (const a of attacksBy(gr, st.selected)) hl.set(a.target, a.verb === "melee" ? "melee" : "target");
      if (st.pending) hl.set(st.pending.target, "pending");
      if (st.hint) hl.set(st.hint, "hint");
    }
    for (const u of g.units) if (st.selected.includes(u.id) && u.hex) hl.set(u.hex, "sel");
    map.highlight(hl);
    renderTurn();
    renderLog();
    renderReinf();
    renderEnd();
  }

  function renderTurn() {
    const g = st.game, gr = st.groups;
    clear(turnBox);
    if (g.status === "over") { turnBox.append(h("p", {}, "The game is over.")); return; }
    const ai = g.ai && g.to_act && g.ai[g.to_act];
    if (!gr) {
      turnBox.append(h("p", {}, ai ? `The computer (${ai}) plays ${g.to_act}…` : st.actSide ? `${g.to_act} to act…` : `Waiting for ${g.to_act}.`),
        h("div.buttons", {}, h("button", { type: "button", id: "undo", onclick: undo }, "Undo")));
      return;
    }
    turnBox.append(h("h2", {}, `${st.actSide}: ${g.phase}`));
    const buttons = h("div.buttons", {},
      h("button.primary", { type: "button", id: "end", disabled: !gr.end, onclick: () => gr.end && send("end"), "aria-label": "End the phase", title: "key e" }, "End phase"),
      h("button", { type: "button", id: "undo", onclick: undo, title: "key u" }, "Undo"),
      h("button", { type: "button", id: "hint", onclick: () => hint(), title: "what the computer (greedy) would play now (key h)" }, "Hint"));
    turnBox.append(buttons);
    if (gr.owed.length) {
      turnBox.append(h("h3", {}, "Owed: choose a path"),
        h("ul.choices", { id: "owed" }, gr.owed.map((a) => h("li", {}, h("button", { type: "button", onclick: () => send(a.text) }, a.text)))));
    }
    if (gr.rally.length) {
      turnBox.append(h("h3", {}, "Rally"),
        h("ul.choices", {}, gr.rally.map((a) => h("li", {}, h("button", { type: "button", onclick: () => send(a.text) }, a.text)))));
    }
    // selection and what it may do (keyboard path to every map action)
    if (st.selected.length) {
      const sel = h("div.selection", { id: "selection" }, h("h3", {}, "Selected"),
        h("ul.units", {}, st.selected.map((u) => h("li", {}, h("button", { type: "button", onclick: () => toggleUnit(u), "aria-label": `Deselect ${u}` }, "✕"), ` ${unitDef(u).name} (${u})`))));
      const mv = st.selected.length === 1 ? gr.moves.get(st.selected[0]) || [] : [];
      // in hex order (column, then row), so that a hex is found at a glance
      const byHex = [...mv].sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
      if (mv.length) sel.append(h("p", { id: "moveto" }, "Move to: ", byHex.map((a) => h("button.hexbtn", { type: "button", onclick: () => send(a.text) }, a.to))));
      const at = attacksBy(gr, st.selected);
      if (at.length) sel.append(h("p", {}, "Attack: ", at.map((a) => h("button.hexbtn", { type: "button", onclick: () => showOdds(a) }, `${a.verb} ${a.target}`))));
      // units stacked with or able to join the selection
      const others = [...attackers(gr)].filter((u) => !st.selected.includes(u) && gr.attacks.some((a) => st.selected.every((s) => a.units.includes(s)) && a.units.includes(u)));
      if (others.length) sel.append(h("p", {}, "Add to the attack: ", others.map((u) => h("button.hexbtn", { type: "button", onclick: () => toggleUnit(u) }, u))));
      turnBox.append(sel);
    } else if (gr.moves.size || gr.attacks.length) {
      turnBox.append(h("p.hint", {}, "Click a unit, then a highlighted hex. Shift-click adds units to a fire or melee."));
    }
    // every listed action, for the keyboard and for anything the map cannot show
    // actions that differ only in their last word (a unit's moves, a unit's fires) in one
    // group, in order, as the terminal's `actions` lists them; the options are made when the
    // list is opened (or its Do pressed): there may be hundreds, and the turn is drawn again at
    // every update of the game
    const selAll = h("select", { id: "allactions", "aria-label": "All legal actions" });
    let filled = false;
    const fill = () => {
      if (filled) return;
      filled = true;
      const opts = [], all = gr.all.slice(0, 3000);
      for (let i = 0; i < all.length;) {
        const t = all[i].text, sp = t.lastIndexOf(" "), pre = sp > 0 ? t.slice(0, sp) : "";
        let j = i + 1;
        if (pre.includes(" "))
          while (j < all.length && all[j].text.lastIndexOf(" ") === sp && all[j].text.startsWith(pre + " ")) j++;
        if (j - i >= 3)
          opts.push(h("optgroup", { label: pre }, all.slice(i, j).map((a) => a.text).sort().map((x) => h("option", { value: x }, x))));
        else
          for (let k = i; k < j; k++) opts.push(h("option", { value: all[k].text }, all[k].text));
        i = j;
      }
      selAll.append(...opts);
    };
    const doIt = () => {
      fill();
      const a = gr.all.find((x) => x.text === selAll.value);
      if (a) (a.units ? showOdds(a) : send(a.text));
    };
    const box = h("details.allactions", {}, h("summary", {}, `All legal actions (${gr.all.length})`),
      selAll, " ", h("button", { type: "button", id: "doaction", onclick: doIt }, "Do"));
    box.addEventListener("toggle", () => box.open && fill());
    turnBox.append(box);
  }

  // GAME.events holds the last 200 rulings; several share the seq of the action that made them.
  // Keeps the whole log seen since the screen opened; an undo (seqs going back) starts it afresh.
  function mergeEvents(evs) {
    const last = st.log.length ? st.log[st.log.length - 1].seq : -1;
    const top = evs.length ? evs[evs.length - 1].seq : -1;
    if (top < last || (!evs.length && last >= 0)) st.log = evs.slice();
    else st.log.push(...evs.filter((e) => e.seq > last));
  }

  // The log, newest first, its last 300 rulings: only the rulings new since the last call are
  // added (the computer's turn renders dozens of times); an undo (st.log replaced) draws it afresh
  // (logShown, declared above: the log drawn and how many of its rulings).
  function renderLog() {
    const evs = st.log;
    const li = (e) => h("li", { "data-seq": e.seq },
      e.rule ? h("span.rule", {}, e.rule) : null, " ", e.text,
      e.dice && e.dice.length ? h("span.dice", { "aria-label": `dice ${e.dice.join(", ")}` }, " die ", e.dice.join(",")) : null);
    if (logShown.log !== evs || logShown.n > evs.length) {
      clear(logList);
      logShown = { log: evs, n: 0 };
    }
    for (const e of evs.slice(Math.max(logShown.n, evs.length - 300))) logList.prepend(li(e));
    logShown.n = evs.length;
    while (logList.childElementCount > 300) logList.lastElementChild.remove();
  }

  function renderReinf() {
    clear(reinfBox).append(h("h2", {}, "Reinforcements"));
    const due = st.game.units.filter((u) => u.state === "absent" || u.state === "off")
      .map((u) => ({ u, d: unitDef(u.id) })).filter((x) => x.d.enter || x.u.state === "off");
    if (!due.length) { reinfBox.append(h("p.muted", {}, "None to come.")); return; }
    reinfBox.append(h("ul.reinf", {}, due.map(({ u, d }) => h("li", {},
      `${d.name} (${u.id}, ${d.side}) `,
      !d.enter ? "off the map"
        : d.enter.condition ? `enters at ${d.enter.hex || d.enter.edge || "?"} once ${d.enter.condition} is met (turn ${d.enter.turn} at the earliest)`
        : `enters turn ${d.enter.turn} at ${d.enter.hex || d.enter.edge || "?"}`))));
  }

  function renderEnd() {
    const g = st.game;
    if (g.status !== "over" && !g.result) { endScreen.hidden = true; return; }
    const r = g.result || {};
    clear(endScreen).append(h("h2", { id: "end-h" }, "Game over"),
      h("p.level", { id: "level" }, r.winner ? `${r.winner}: ${r.level}` : r.level || "draw"),
      r.vp ? h("p", {}, "Victory points: " + Object.entries(r.vp).map(([k, v]) => `${k} ${v}`).join(", ")) : null,
      g.score ? scoreTable(g.score) : null,
      h("div.buttons", {},
        h("a.button", { href: `#/replay/${id}` }, "Replay"),
        h("a.button", { href: api.logUrl(id, anyToken()), target: "_blank", rel: "noopener", id: "endlog" }, "Game log"),
        h("a.button", { href: "#/" }, "Lobby"),
        h("button", { type: "button", onclick: () => { endScreen.hidden = true; } }, "Show the map")));
    if (!endScreen.dataset.shown) { endScreen.hidden = false; endScreen.dataset.shown = "1"; }
  }
}
