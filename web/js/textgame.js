// textgame.js: the game screen of a game without a hex map (Sevastopol, whose printed map is kept
// as approaches, drawn as a schematic by siege.js; Charge of the Light Brigade, played on a
// miniatures table): the table drawn (table.js) when the scenario has one, a click on a unit showing it and narrowing the actions to
// its own, and a click elsewhere on the table, with one of the acting side's units chosen, offering
// to move it there ("move U X Y", as far as the dice allow; the rules say why when they refuse),
// and a click on an enemy then offering the actions that name both (fire, charge, move toward);
// the position as the terminal draws it (GAME.board); where each unit stands
// (GAME.places, when given); the actions the server lists for the side this browser holds,
// grouped by their first word; the odds of a round, a melee or a fire before the roll where the
// rules give them; a hint, undo, the rulings with their cases and dice, and the score.

import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { createTable, tableBox as makeTableBox } from "./table.js";
import { createSiege } from "./siege.js";

// the actions whose chances the rules give before the roll: Sevastopol's rounds, melees and
// field batteries' fire; CotLB's volleys, charges and close assaults resolved
const JUDGED = new Set(["bombard", "melee", "fire", "charge", "resolve"]);

// Returns a function that closes the screen (EventSource and listeners). scn: the scenario's view.
export async function showTextGame(root, id, tokens, game, scn) {
  const st = { game, actions: null, actSide: null, log: [], closed: false, busy: false, selected: null, dest: null, target: null };
  const tokenFor = (side) => (tokens.seats || {})[side] || null;
  const anyToken = () => Object.values(tokens.seats || {})[0] || tokens.spectator;

  clear(root);
  const statusBar = h("div.statusbar", { role: "status", "aria-live": "polite", id: "status" });
  const board = h("pre.board", { id: "board", "aria-label": "The position" });
  const places = h("pre.board", { id: "places" });
  const placesBox = h("details", { id: "places-box" }, h("summary", {}, "Where each unit stands"), places);
  const turnBox = h("section.panel.turn", { "aria-label": "Your decision" });
  const oddsBox = h("section.panel.odds", { id: "odds", "aria-live": "polite", hidden: true });
  const logList = h("ol.log", { id: "log", "aria-label": "Event log" });
  const msg = h("p.msg", { role: "alert", id: "msg" });
  const endScreen = h("div.endscreen", { id: "endscreen", hidden: true, role: "dialog", "aria-modal": "false", "aria-labelledby": "end-h" });
  const tableBox = scn?.table ? makeTableBox(scn.table) : null;
  const pieceInfo = h("p.pieceinfo", { id: "piece-info", "aria-live": "polite" });
  const moveBox = h("section.panel.movebox", { id: "movebox", "aria-live": "polite", hidden: true });
  const siegeBox = scn?.siege ? h("div.siegebox", { id: "siegebox" }) : null;
  root.append(h("div.gamescreen.textgame", {}, statusBar,
    h("div.gamebody", {},
      h("div.mapbox.textboard", {}, tableBox, tableBox ? pieceInfo : null, siegeBox, board, placesBox),
      h("aside.side", {}, msg, turnBox, moveBox, oddsBox,
        h("section.panel", { "aria-labelledby": "log-h" }, h("h2", { id: "log-h" }, "Rulings"), logList))),
    endScreen));

  const siege = siegeBox ? createSiege(siegeBox, scn.siege) : null;
  const table = tableBox ? createTable(tableBox, scn.table, scn.sides || [], { onPiece: pick, onPoint: aim }) : null;
  // a unit clicked on the table: shown, and the actions narrowed to its own (again: all of them)
  function pick(uid) {
    // one of the acting side's units chosen, then an enemy: the actions naming both
    const mine = (st.game.pieces || []).find((x) => x.id === st.selected);
    const other = (st.game.pieces || []).find((x) => x.id === uid);
    if (mine && other && st.actions && mine.side === st.actSide && other.side !== mine.side &&
        st.actions.some((a) => against(a, mine.id, uid))) {
      st.dest = null;
      st.target = uid;
      msg.textContent = "";
      renderProposal();
      return;
    }
    st.selected = st.selected === uid ? null : uid;
    st.dest = null;
    st.target = null;
    table.select(st.selected);
    render();
  }
  // whether action a is unit u's and names unit t ("fire u t", "charge u t", "move u toward t")
  function against(a, u, t) {
    const w = a.split(" ");
    return w[1] === u && w.slice(2).includes(t);
  }
  // a point clicked with one of the acting side's units chosen: where it might move
  function aim(pt) {
    const p = (st.game.pieces || []).find((x) => x.id === st.selected);
    if (!p || !st.actions || p.side !== st.actSide) return;
    st.dest = { x: Math.round(pt.x * 2) / 2, y: Math.round(pt.y * 2) / 2 };
    st.target = null;
    msg.textContent = "";
    renderProposal();
  }
  // the panel of what the clicks propose: the chosen unit's actions against the enemy clicked,
  // or its move to the point clicked; hidden when neither
  function renderProposal() {
    const per = scn.table.units_per_inch || 20;
    const p = (st.game.pieces || []).find((x) => x.id === st.selected);
    const tgt = st.target && (st.game.pieces || []).find((x) => x.id === st.target);
    if (p && tgt && st.actions) { // the actions of the chosen unit against the enemy clicked
      const list = st.actions.filter((a) => against(a, p.id, tgt.id));
      table.showMove({ x: p.at[0] / per, y: p.at[1] / per }, { x: tgt.at[0] / per, y: tgt.at[1] / per });
      clear(moveBox).append(h("h2", {}, `${p.id} against ${tgt.id}`),
        h("p", { id: "target-text" }, `${tgt.name}: ${tgt.formation}, ${tgt.figures} of ${tgt.full} figures` +
          `${tgt.markers ? `, ${tgt.markers} marker${tgt.markers > 1 ? "s" : ""}` : ""}`),
        h("div.buttons", { id: "target-actions" }, list.map((a) => h("button", {
          type: "button", "data-action": a, onclick: () => (JUDGED.has(a.split(" ")[0]) ? odds(a) : send(a)),
        }, JUDGED.has(a.split(" ")[0]) ? `${a}: odds…` : a)),
        h("button", { type: "button", id: "target-cancel", onclick: () => { st.target = null; renderProposal(); } }, "Cancel")));
      moveBox.hidden = false;
      return;
    }
    st.target = null;
    if (!p || !st.dest || !st.actions) {
      st.dest = null;
      moveBox.hidden = true;
      table?.showMove(null);
      return;
    }
    const from = { x: p.at[0] / per, y: p.at[1] / per }, d = st.dest;
    const dist = Math.hypot(d.x - from.x, d.y - from.y);
    // compass degrees, 0 north, 90 east, as the rules take a facing
    const face = Math.round(((Math.atan2(d.x - from.x, d.y - from.y) * 180) / Math.PI + 360) % 360);
    const to = `move ${p.id} ${d.x.toFixed(1)} ${d.y.toFixed(1)}`;
    const turn = Math.abs((((face - p.facing) % 360) + 540) % 360 - 180); // 0..180 degrees
    const pivot = turn <= 30; // [MOVE (b)]: a pivot of up to 30 degrees as it moves
    table.showMove(from, d);
    clear(moveBox).append(h("h2", {}, `Move ${p.id}`),
      h("p", { id: "move-text" }, `to (${d.x.toFixed(1)}", ${d.y.toFixed(1)}"), ${dist.toFixed(1)}" from its centre, as far as the dice allow [MOVE (a)]`),
      h("div.buttons", {},
        h("button.primary", { type: "button", id: "move-go", onclick: () => send(to) }, `Move, facing ${p.facing}°`),
        h("button", {
          type: "button", id: "move-face", disabled: pivot ? null : "", onclick: () => send(`${to} ${face}`),
          title: pivot ? null : `a ${turn}° turn: a move pivots 30° at most [MOVE (b)]; turning is an action of its own`,
        }, `Move, facing the way (${face}°)`),
        h("button", { type: "button", id: "move-cancel", onclick: () => { st.dest = null; renderProposal(); } }, "Cancel")));
    moveBox.hidden = false;
  }

  let es = null;
  try {
    es = new EventSource(api.eventsUrl(id, anyToken()));
    es.addEventListener("update", (ev) => {
      let seq = -1;
      try { seq = JSON.parse(ev.data).seq; } catch { /* refresh anyway */ }
      if (seq !== st.game.seq) refresh();
    });
  } catch { /* no SSE: the player's own actions still refresh */ }

  await refresh();
  return () => { st.closed = true; es?.close(); };

  async function refresh() {
    if (st.closed) return;
    try {
      // the game and its actions taken together: a click while they load still finds the
      // last ones (aim and pick read st.actions), rather than none
      const game = await api.game(id, anyToken());
      const actSide = game.to_act && tokenFor(game.to_act) ? game.to_act : null;
      let actions = null;
      if (actSide && game.status !== "over" && !st.busy)
        actions = (await api.actions(id, tokenFor(actSide))).actions || [];
      st.game = game;
      st.actSide = actSide;
      st.actions = actions;
    } catch (e) {
      msg.textContent = e.message;
    }
    render();
  }

  async function send(action) {
    if (st.busy) return;
    st.busy = true;
    msg.textContent = "";
    try {
      await api.act(id, tokenFor(st.actSide), action);
      oddsBox.hidden = true;
      st.dest = null;
      st.target = null;
    } catch (e) {
      msg.textContent = `${e.message}${e.rule ? " " + e.rule : ""}`;
    } finally {
      st.busy = false;
    }
    await refresh();
  }

  async function undo() {
    msg.textContent = "";
    try {
      await api.undo(id, tokenFor(st.actSide || st.game.to_act));
      st.log = [];
    } catch (e) {
      msg.textContent = `Undo: ${e.message}`;
    }
    await refresh();
  }

  async function odds(action) {
    clear(oddsBox).append(h("p", {}, `Odds of “${action}”…`));
    oddsBox.hidden = false;
    try {
      const o = await api.odds(id, tokenFor(st.actSide), action);
      clear(oddsBox).append(h("h2", {}, "Before the roll"), h("p.oddsaction", {}, h("code", {}, action)),
        h("pre.oddstext", { id: "odds-text" }, o.text),
        h("div.buttons", {},
          h("button.primary", { type: "button", id: "confirm", onclick: () => send(action) }, "Roll"),
          h("button", { type: "button", id: "cancel", onclick: () => { oddsBox.hidden = true; } }, "Cancel")));
    } catch (e) { // a rule system that gives no odds for it: the action all the same
      clear(oddsBox).append(h("p", {}, `No odds: ${e.message}`),
        h("div.buttons", {},
          h("button.primary", { type: "button", id: "confirm", onclick: () => send(action) }, "Do it"),
          h("button", { type: "button", id: "cancel", onclick: () => { oddsBox.hidden = true; } }, "Cancel")));
    }
  }

  async function hint() {
    msg.textContent = "";
    try {
      const o = await api.hint(id, tokenFor(st.actSide));
      clear(oddsBox).append(h("h2", {}, "Hint"),
        h("p", { id: "hint-text" }, `The computer (${o.player}) would play `, h("code", {}, o.action), "."),
        h("div.buttons", {},
          h("button.primary", { type: "button", id: "hint-play", onclick: () => send(o.action) }, "Play it"),
          h("button", { type: "button", id: "hint-close", onclick: () => { oddsBox.hidden = true; } }, "Close")));
      oddsBox.hidden = false;
      // on the table: the unit the hint moves chosen, its actions listed
      const unit = o.action.split(" ")[1];
      if (table && (st.game.pieces || []).some((p) => p.id === unit) && st.selected !== unit) pick(unit);
    } catch (e) {
      msg.textContent = `Hint: ${e.message}`;
    }
  }

  function render() {
    const g = st.game;
    const last = st.log.length ? st.log[st.log.length - 1].seq : -1, evs = g.events || [];
    const top = evs.length ? evs[evs.length - 1].seq : -1;
    if (top < last) st.log = evs.slice(); else st.log.push(...evs.filter((e) => e.seq > last));
    const vp = g.result?.vp || g.score?.vp;
    statusBar.dataset.seq = g.seq;
    clear(statusBar).append(...[ // (append would write a null as "null")
      h("span.turnno", { id: "turn" }, `Game-Turn ${g.turn} of ${g.last_turn}`),
      h("span", { id: "phase" }, g.phase),
      h("span", { id: "toact" }, g.status === "over" ? "game over" : `${g.to_act} to act${st.actSide ? " (you)" : ""}`),
      vp ? h("span", { id: "vp" }, "VP " + Object.entries(vp).map(([k, v]) => `${k} ${v}`).join(", ")) : null,
      g.last_action ? h("span", { id: "lastact", title: "the action taken last" }, "last: ", h("code", {}, g.last_action)) : null,
      h("a", { href: api.logUrl(id, anyToken()), target: "_blank", rel: "noopener", id: "gamelog" }, "game log"),
      table ? h("a", { href: api.sheetUrl(id, anyToken(), "map"), target: "_blank", rel: "noopener", id: "tablesvg" }, "the table (SVG)") : null,
    ].filter(Boolean));
    if (table) {
      const ids = new Set((g.pieces || []).map((p) => p.id));
      table.markLast((g.last_action || "").split(" ").filter((w) => ids.has(w)));
      table.setPieces(g.pieces, g.commanders);
      const p = (g.pieces || []).find((x) => x.id === st.selected);
      if (!p) st.selected = null;
      table.select(st.selected);
      pieceInfo.textContent = p
        ? `${p.id}: ${p.name}; ${p.side}, ${p.formation}, facing ${p.facing}°, ${p.figures} of ${p.full} figures, ` +
          `${p.markers} marker${p.markers === 1 ? "" : "s"}${p.routing ? ", routing" : ""}` +
          `${p.long ? `; ${p.weapon}, short ${p.long / 2}", long ${p.long}" (shaded)` : p.weapon ? `; ${p.weapon}, no printed range` : ""}` +
          `${p.radius && p.commander ? `; within ${p.radius}" of ${p.commander} (dashed)` : ""} (click it again for every unit's actions)`
        : "Click a unit on the table to see it and its actions, then the table where it should go or an enemy to act against; drag to pan, the wheel or the buttons to zoom.";
      renderProposal();
    }
    siege?.update(g.siege);
    board.textContent = g.board || "";
    places.textContent = g.places || "";
    placesBox.hidden = !g.places;
    renderTurn();
    clear(logList);
    for (const e of st.log.slice(-300).reverse())
      logList.append(h("li", { "data-seq": e.seq }, e.rule ? h("span.rule", {}, e.rule) : null, " ", e.text,
        e.dice && e.dice.length ? h("span.dice", { "aria-label": `dice ${e.dice.join(", ")}` }, " die ", e.dice.join(",")) : null));
    renderEnd();
  }

  function renderTurn() {
    const g = st.game, acts = st.actions;
    clear(turnBox);
    if (g.status === "over") { turnBox.append(h("p", {}, "The game is over.")); return; }
    const ai = g.ai && g.to_act && g.ai[g.to_act];
    if (!acts) {
      turnBox.append(h("p", {}, ai ? `The computer (${ai}) plays ${g.to_act}…` : st.actSide ? `${g.to_act} to act…` : `Waiting for ${g.to_act}.`));
      return;
    }
    turnBox.append(h("h2", {}, `${st.actSide}: ${g.phase}`),
      h("div.buttons", {},
        acts.includes("end") ? h("button.primary", { type: "button", id: "end", onclick: () => send("end") }, "End") : null,
        h("button", { type: "button", id: "undo", onclick: undo }, "Undo"),
        h("button", { type: "button", id: "hint", onclick: hint }, "Hint")));
    // the actions by their first word: a list for each, with a Do button (and the odds where
    // the rules give them before the roll)
    const byVerb = new Map();
    const mine = st.selected ? acts.filter((a) => a.split(" ")[1] === st.selected) : [];
    if (st.selected)
      turnBox.append(h("p", { id: "narrowed" }, mine.length ? `The actions of ${st.selected} (${mine.length}):` : `${st.selected} has no action now; every action:`));
    for (const a of mine.length ? mine : acts) {
      if (a === "end") continue;
      const v = a.split(" ")[0];
      if (!byVerb.has(v)) byVerb.set(v, []);
      byVerb.get(v).push(a);
    }
    for (const [verb, list] of byVerb) {
      const sel = h("select", { id: `act-${verb}`, "aria-label": `${verb}: the legal ones` }, list.map((x) => h("option", { value: x }, x)));
      const judged = JUDGED.has(verb);
      turnBox.append(h("p.actrow", {}, h("label", { for: `act-${verb}` }, `${verb} (${list.length}) `), sel, " ",
        h("button", { type: "button", id: `do-${verb}`, onclick: () => (judged ? odds(sel.value) : send(sel.value)) }, judged ? "Odds…" : "Do")));
    }
  }

  function renderEnd() {
    const g = st.game;
    if (g.status !== "over" && !g.result) { endScreen.hidden = true; return; }
    const r = g.result || {};
    clear(endScreen).append(h("h2", { id: "end-h" }, "Game over"),
      h("p.level", { id: "level" }, r.winner ? `${r.winner}: ${r.level}` : r.level || "draw"),
      g.score ? h("ul", { id: "scoresheet" }, g.score.lines.map((l) => h("li", {}, `${l.side} ${l.rule} ${l.what}`))) : null,
      h("div.buttons", {},
        h("a.button", { href: api.logUrl(id, anyToken()), target: "_blank", rel: "noopener", id: "endlog" }, "Game log"),
        h("a.button", { href: `#/replay/${id}`, id: "endreplay" }, "Replay"),
        h("a.button", { href: "#/" }, "Lobby"),
        h("button", { type: "button", onclick: () => { endScreen.hidden = true; } }, "Show the position")));
    if (!endScreen.dataset.shown) { endScreen.hidden = false; endScreen.dataset.shown = "1"; }
  }
}
