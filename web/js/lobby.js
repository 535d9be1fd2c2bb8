// lobby.js: the scenarios, the form that creates a game (hot-seat, against the computer, remote
// with two invite links) and the list of games to resume or replay.

import { h, clear } from "./dom.js";
import { api, getTokens, saveTokens, viewToken } from "./api.js";

export async function showLobby(root) {
  clear(root);
  const msg = h("p.msg", { role: "status", "aria-live": "polite" });
  root.append(h("h1", {}, "Crimean War QuadriGame"), msg);
  let scenarios;
  try {
    scenarios = await api.scenarios();
  } catch (e) {
    msg.textContent = `Cannot reach the server: ${e.message}`;
    return;
  }
  const byId = new Map(scenarios.map((x) => [x.id, x]));

  // ---- new game ----
  const scnSel = h("select", { id: "scn", name: "scenario" },
    scenarios.map((x) => h("option", { value: x.id }, `${x.title} (${x.turns} turns)`)));
  const mode = (v, label, checked) => h("label", {}, h("input", { type: "radio", name: "mode", value: v, checked }), " ", label);
  const aiSide = h("select", { id: "aiside", name: "aiside" });
  const aiPlayer = h("select", { id: "aiplayer", name: "aiplayer" },
    h("option", { value: "greedy" }, "greedy (a quick heuristic)"),
    h("option", { value: "greedy:cautious", dataset: { rules: "quad" } }, "greedy, cautious (guns back, no contact at poor odds)"),
    h("option", { value: "greedy:attack", dataset: { rules: "quad" } }, "greedy, aggressive (closes with you at worse odds)"),
    h("option", { value: "greedy:patient", dataset: { rules: "siege" } }, "greedy, patient (the Allies close to 300 yards before they storm; thick garrisons)"),
    h("option", { value: "greedy:hold", dataset: { rules: "cotlb" } }, "greedy, holding (stands and fires where it is)"),
    h("option", { value: "search" }, "search (plans ahead; slowest, strongest)"),
    h("option", { value: "search:20" }, "search, quicker (20 rollouts a decision; weaker)"),
    h("option", { value: "random" }, "random (any legal action)"));
  const seed = h("input", { id: "seed", name: "seed", type: "text", inputmode: "numeric", pattern: "[0-9]*", placeholder: "random" });
  const dice = h("select", { id: "dice", name: "dice" },
    h("option", { value: "rng" }, "computer dice (committed in advance)"),
    h("option", { value: "manual" }, "manual dice (a referee's real dice)"));
  const aiBox = h("fieldset.ai", { hidden: true }, h("legend", {}, "Computer player"),
    h("label", { for: "aiside" }, "Computer plays "), aiSide, " ",
    h("label", { for: "aiplayer" }, "player "), aiPlayer);
  const fillSides = () => {
    const sc = byId.get(scnSel.value);
    clear(aiSide).append(...sc.sides.map((x) => h("option", { value: x }, x)));
    aiSide.value = sc.sides[1];
  };
  // the scenario's map and counters to print and play on a table
  const printLinks = h("span.print", { id: "scnprint" });
  const fillPrint = () => {
    const sc = byId.get(scnSel.value);
    clear(printLinks);
    if (sc?.rules === "cotlb")
      printLinks.append("Played with miniatures: ", h("a", {
        href: api.scenarioSheetUrl(scnSel.value, "map"), target: "_blank", rel: "noopener", id: "scntable",
        title: "the table with its terrain and the units where they start, 8 px an inch, north up",
      }, "the table as SVG"), ".");
    else if (sc?.view === "text")
      printLinks.append("Shown as text: its printed map is kept as approaches (no sheet to print).");
    else
      printLinks.append("Print its map and counters: ",
        ...["a4", "letter"].flatMap((p, i) => [i ? " · " : "", h("a", { href: api.scenarioPrintUrl(scnSel.value, p), target: "_blank",
          rel: "noopener", id: `scnprint-${p}`, title: "the map at true size over pages, then the counters: print at 100%" },
        p === "a4" ? "A4" : "Letter")]));
  };
  // greedy's plans are each rule system's own (the server refuses another's): each offered
  // only for a scenario of its rule system
  const fillPlayers = () => {
    const rules = byId.get(scnSel.value)?.rules;
    for (const o of aiPlayer.options)
      if (o.dataset.rules) o.hidden = o.disabled = o.dataset.rules !== rules;
    if (aiPlayer.selectedOptions[0]?.disabled) aiPlayer.value = "greedy";
  };
  scnSel.addEventListener("change", () => { fillSides(); fillPrint(); fillPlayers(); });
  fillSides();
  fillPrint();
  fillPlayers();
  const invites = h("div.invites", { "aria-live": "polite" });
  const form = h("form.newgame", { "aria-labelledby": "newgame-h" },
    h("h2", { id: "newgame-h" }, "New game"),
    h("label", { for: "scn" }, "Scenario "), scnSel, h("p.muted", {}, printLinks),
    h("fieldset", {}, h("legend", {}, "Players"),
      mode("hotseat", "Hot-seat (both sides on this screen)", true),
      mode("ai", "Against the computer"),
      mode("remote", "Remote (send an invite link)")),
    aiBox,
    h("details", {}, h("summary", {}, "More options"),
      h("label", { for: "seed" }, "Seed "), seed, " ",
      h("label", { for: "dice" }, "Dice "), dice),
    h("button.primary", { type: "submit", id: "create" }, "Create game"),
    invites);
  form.addEventListener("change", () => {
    aiBox.hidden = form.elements.mode.value !== "ai";
  });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const m = form.elements.mode.value;
    const req = { scenario: scnSel.value, mode: m, dice: dice.value };
    if (m === "ai") req.ai = { [aiSide.value]: aiPlayer.value };
    if (/^\d+$/.test(seed.value.trim())) {
      const n = Number(seed.value.trim());
      req.seed = Number.isSafeInteger(n) ? n : seed.value.trim(); // 64-bit seeds as decimal text
    }
    try {
      const r = await api.create(req);
      // remote: this browser keeps a side only once its link is opened
      saveTokens(r.id, { seats: m === "remote" ? {} : r.seats, spectator: r.spectator, mode: m });
      if (m === "remote") showInvites(invites, r, byId.get(req.scenario));
      else location.hash = `#/game/${r.id}`;
    } catch (e) {
      msg.textContent = `Could not create the game: ${e.message}`;
    }
  });
  root.append(form);

  // ---- games ----
  const list = h("section.games", { "aria-labelledby": "games-h" }, h("h2", { id: "games-h" }, "Games"));
  root.append(list);
  try {
    const games = await api.games();
    if (!games.length) list.append(h("p", {}, "No games yet."));
    else {
      const rows = games.slice().reverse().map((g) => {
        const t = getTokens(g.id);
        const tok = viewToken(t);
        const title = byId.get(g.scenario)?.title || g.scenario;
        return h("tr", { "data-game": g.id },
          h("td", {}, h("code", {}, g.id)), h("td", {}, title), h("td", {}, g.mode),
          h("td", {}, g.status === "over" ? "over" : `turn ${g.turn}, ${g.to_act || "-"} to act`),
          h("td", {}, tok
            ? [h("a.button", { href: `#/game/${g.id}`, "aria-label": `Resume game ${g.id}` }, g.status === "over" ? "Open" : "Resume"), " ",
               h("a.button", { href: `#/replay/${g.id}`, "aria-label": `Replay game ${g.id}` }, "Replay")]
            : h("span.muted", {}, "no seat held in this browser")));
      });
      list.append(h("table", {}, h("thead", {}, h("tr", {},
        h("th", {}, "Game"), h("th", {}, "Scenario"), h("th", {}, "Mode"), h("th", {}, "State"), h("th", {}, ""))),
        h("tbody", {}, rows)));
    }
  } catch (e) {
    list.append(h("p", {}, `Cannot list games: ${e.message}`));
  }
}

function showInvites(box, r, sc) {
  clear(box);
  box.append(h("h3", {}, "Invite links"),
    h("p", {}, "Keep one link, send the other to your opponent. Anyone holding a link plays that side."));
  for (const side of Object.keys(r.seats)) {
    const url = `${location.origin}/#/game/${r.id}?token=${encodeURIComponent(r.seats[side])}`;
    const inp = h("input.invite", { type: "text", readonly: true, value: url, "data-side": side, "aria-label": `Invite link for the ${side} side` });
    box.append(h("div.inviterow", {}, h("strong", {}, side), " ", inp, " ",
      h("button", { type: "button", onclick: () => { inp.select(); navigator.clipboard?.writeText(url).catch(() => {}); } }, "Copy"), " ",
      h("a.button", { href: `#/game/${r.id}?token=${encodeURIComponent(r.seats[side])}` }, `Play ${side}`)));
  }
  void sc;
}
