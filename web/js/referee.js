// referee.js: #/referee[/SYSTEM], the referee's sheets: the Charge of the Light Brigade play sheet
// for a referee at a table of miniatures (pick a ruling, describe the units as they stand on the
// table, and get the odds, or type the dice rolled and get the ruling, each line with the sheet's
// section: POST /api/referee/cotlb), Sevastopol's charts and From Ulm to Waterloo's morale rules
// (the command's words and text: POST /api/referee/siege|ulm; docs/API.md "Referee").

import { h, clear } from "./dom.js";

async function call(method, body) {
  const opt = { method, headers: {} };
  if (body) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = JSON.stringify(body);
  }
  const r = await fetch("/api/referee/cotlb", opt);
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  return { ok: r.ok, status: r.status, data };
}

// "6, 5 1" -> [6, 5, 1]; "" -> null (no dice: the odds); anything else throws.
function diceOf(text) {
  const t = text.trim();
  if (!t) return null;
  const d = t.split(/[\s,]+/).map(Number);
  if (d.some((x) => !Number.isInteger(x) || x < 1 || x > 6)) throw new Error(`"${t}" is not a list of dice 1-6`);
  return d;
}

let uid = 0;
// A labelled field: [label, input].
function field(label, input) {
  const id = input.id || `rf${++uid}`;
  input.id = id;
  return h("label.rf", { for: id }, h("span", {}, label), input);
}
const num = (name, value, min, max) => h("input", { type: "number", name, value, min, max, step: 1 });
const text = (name, placeholder) => h("input", { type: "text", name, placeholder, autocomplete: "off", spellcheck: "false" });
const check = (name) => h("input", { type: "checkbox", name });
const select = (name, options) => h("select", { name }, options.map(([v, t]) => h("option", { value: v }, t)));

// A unit as the table shows it: troop type, figures left, morale markers.
function unitFields(sheet, prefix, defType) {
  const type = select(`${prefix}type`, sheet.units.map((u) => [u.key, u.key]));
  type.value = defType;
  const figs = num(`${prefix}figures`, "", 1, 48);
  const marks = num(`${prefix}markers`, 0, 0, 12);
  const fps = () => (sheet.units.find((u) => u.key === type.value) || { figures_per_stand: 1 }).figures_per_stand;
  const setDefault = () => { figs.placeholder = String(6 * fps()); };
  type.addEventListener("change", setDefault);
  setDefault();
  return {
    els: [field("troop type", type), field("figures left", figs), field("morale markers", marks)],
    value: () => `${type.value}:${figs.value || 6 * fps()}:${marks.value || 0}`,
  };
}

function render(out, data) {
  clear(out);
  for (const it of data.items || []) {
    if (it.kind === "head") out.append(h("p.rhead", {}, it.text));
    else if (it.kind === "rule")
      out.append(h("p.rrule", {}, h("span.rule", {}, it.rule), " ", it.text,
        it.dice && it.dice.length ? h("span.dice", {}, ` [${it.dice.join(" ")}]`) : null));
    else if (it.kind === "dist") {
      const cells = it.p.map((p, k) => [k, p]).filter(([, p]) => p >= 0.0005);
      out.append(h("table.dist", {}, h("caption", {}, `${it.label} (mean ${it.mean.toFixed(2)})`),
        h("tr", {}, cells.map(([k]) => h("th", { scope: "col" }, String(k)))),
        h("tr", {}, cells.map(([, p]) => h("td", {}, `${(100 * p).toFixed(1)}%`)))));
    } else out.append(h("p.rresult", {}, "⇒ ", it.text));
  }
  if (data.error)
    out.append(h("p.msg", { role: "alert" }, data.rule && !data.error.startsWith(data.rule) ? `${data.rule} ` : "", data.error));
}

// The five rulings: each builds its fields and, on submit, its request.
function forms(sheet) {
  const targets = sheet.targets.map((t) => [t, { line: "line or deployed guns", column: "column, limbered guns or double line", enfilade: "enfiladed line, column or square" }[t] || t]);
  const fire = () => {
    const weapon = select("weapon", sheet.weapons.map((w) => [w.key, w.long ? `${w.key} (${w.long}")` : `${w.key} (no range printed)`]));
    const stands = num("stands", 6, 1, 24);
    const markers = num("markers", 0, 0, 12);
    const pivot = check("pivot");
    const cphase = check("command_phase");
    const target = select("target", targets);
    const cover = check("cover");
    const inches = num("inches", "", 0, 1000);
    inches.placeholder = "or a band";
    const band = select("band", [["", "(by inches)"], ["short", "short"], ["long", "long"]]);
    const at = unitFields(sheet, "at", "british-infantry");
    const dice = text("dice", "e.g. 6,6,4,3,2,1 (empty: the odds)");
    const saves = text("saves", "save dice, in order");
    const leader = num("leader", "", 1, 6);
    return {
      title: "Fire",
      els: [h("fieldset", {}, h("legend", {}, "firer"), field("weapon", weapon), field("stands or gunners", stands),
        field("morale markers", markers), field("pivoted 30° (-1)", pivot), field("in a command point phase", cphase)),
      h("fieldset", {}, h("legend", {}, "target"), field("formation", target), field("in cover or light infantry", cover),
        field("range in inches", inches), field("range band", band), ...at.els),
      h("fieldset", {}, h("legend", {}, "dice rolled"), field("fire dice", dice), field("save dice", saves), field("leader die", leader))],
      req: () => {
        const r = { what: "fire", weapon: weapon.value, stands: Number(stands.value), markers: Number(markers.value || 0),
          pivot: pivot.checked, command_phase: cphase.checked, target: target.value, cover: cover.checked, at: at.value() };
        if (band.value) r.band = band.value; else r.inches = Number(inches.value || 0);
        const d = diceOf(dice.value), s = diceOf(saves.value);
        if (d) r.dice = d;
        if (s) r.saves = s;
        if (leader.value) r.leader = Number(leader.value);
        return r;
      },
    };
  };
  const side = (name, defType) => {
    const u = unitFields(sheet, name, defType);
    const mods = sheet.modifiers.map((m) => ({ key: m.key, box: check(`${name}-${m.key}`), m }));
    const leaders = num(`${name}leaders`, "", 0, 4);
    leaders.placeholder = "1";
    const routing = check(`${name}routing`), rear = check(`${name}rear`);
    const dice = text(`${name}dice`, "a die a stand and leader");
    const saves = text(`${name}saves`, "save dice, in order");
    const mdie = num(`${name}morale_die`, "", 1, 6); // [Close Combat (a)]: the charge's morale check
    return {
      els: h("fieldset", {}, h("legend", {}, name), ...u.els, field("leader stands", leaders),
        h("details", {}, h("summary", {}, "modifiers"), mods.map((x) => field(`${x.m.value > 0 ? "+" : ""}${x.m.value} ${x.m.text} ${x.m.case}`, x.box))),
        field("routing", routing), field("hit from the rear", rear),
        field(name === "attacker" ? "charge morale die" : "morale die (outnumbered two to one)", mdie),
        field("dice", dice), field("save dice", saves)),
      val: () => {
        const r = { unit: u.value(), mods: mods.filter((x) => x.box.checked).map((x) => x.key), routing: routing.checked, rear: rear.checked };
        if (leaders.value !== "") r.leaders = Number(leaders.value);
        if (mdie.value) r.morale_die = Number(mdie.value);
        const d = diceOf(dice.value), s = diceOf(saves.value);
        if (d) r.dice = d;
        if (s) r.saves = s;
        return r;
      },
    };
  };
  // [Close Combat (b)]: up to three units that fight with the defender, or (attacker) charge
  // with the attacker, each rolling its own charge morale check [Close Combat (a)]; their dice
  // and saves follow the first unit's in its own fields, unit after unit
  const joined = (attacker) => {
    const pre = attacker ? "attalso" : "also", whose = attacker ? "attacker" : "defender";
    const count = select(`${pre}count`, [["0", "none"], ["1", "1"], ["2", "2"], ["3", "3"]]);
    const rows = [1, 2, 3].map((k) => {
      const u = unitFields(sheet, `${pre}${k}`, attacker ? "british-cavalry" : "british-infantry");
      const ldie = num(`${pre}${k}leader_die`, "", 1, 6);
      const mdie = num(`${pre}${k}morale_die`, "", 1, 6);
      const fs = h("fieldset", { hidden: true }, h("legend", {}, `${attacker ? "charging" : "joined"} unit ${k}`), ...u.els,
        field("leader die", ldie), ...(attacker ? [field("charge morale die", mdie)] : []));
      return { fs, val: () => {
        const r = { unit: u.value() };
        if (ldie.value) r.leader_die = Number(ldie.value);
        if (attacker && mdie.value) r.morale_die = Number(mdie.value);
        return r;
      } };
    });
    const show = () => rows.forEach((r, k) => { r.fs.hidden = k >= Number(count.value); });
    count.addEventListener("change", show);
    return {
      els: h("fieldset", {}, h("legend", {}, attacker ? "units charging with the attacker [Close Combat (a)]"
        : "units fighting with the defender [Close Combat (b)]"),
        field(`how many (their dice and saves after the ${whose}'s)`, count), ...rows.map((r) => r.fs)),
      val: () => rows.slice(0, Number(count.value)).map((r) => r.val()),
    };
  };
  const melee = () => {
    const a = side("attacker", "british-cavalry"), d = side("defender", "russian-cavalry");
    const aalso = joined(true), also = joined(false);
    const init = select("initiative", [["attacker", "the attacker"], ["defender", "the defender"]]);
    const wdie = num("winner_die", "", 1, 6);
    const sdie = num("spike_die", "", 1, 6); // [Close Combat (h)]: a battery that loses
    return {
      title: "Close combat",
      els: [a.els, aalso.els, d.els, also.els, field("initiative (wins ties)", init), field("winner's die", wdie),
        field("a losing battery's die (4-6 spiked, else captured)", sdie)],
      req: () => {
        const r = { what: "melee", attacker: a.val(), defender: d.val(), initiative: init.value };
        const ja = aalso.val(), j = also.val();
        if (ja.length) r.attacker_also = ja;
        if (j.length) r.defender_also = j;
        if (wdie.value) r.winner_die = Number(wdie.value);
        if (sdie.value) r.spike_die = Number(sdie.value);
        return r;
      },
    };
  };
  const save = () => {
    const u = unitFields(sheet, "s", "british-infantry");
    const hits = num("hits", 1, 0, 200);
    const dice = text("savedice", "save dice, in order");
    return { title: "Save", els: [...u.els, field("possible hits", hits), field("save dice", dice)],
      req: () => { const r = { what: "save", unit: u.value(), hits: Number(hits.value || 0) }; const d = diceOf(dice.value); if (d) r.dice = d; return r; } };
  };
  const morale = () => {
    const u = unitFields(sheet, "m", "russian-infantry");
    const sc = check("standing_cavalry");
    const die = num("die", "", 1, 6);
    return { title: "Morale", els: [...u.els, field("standing cavalry attacked by cavalry", sc), field("die", die)],
      req: () => { const r = { what: "morale", unit: u.value(), standing_cavalry: sc.checked }; if (die.value) r.die = Number(die.value); return r; } };
  };
  const move = () => {
    // a road column only where the sheet prints one (the 2001 sheet; the 2014 sheet has none)
    const road = sheet.moves.some((m) => m.road > 0);
    const row = select("row", sheet.moves.map((m) => [m.key, `${m.key} (${m.line} line, ${m.column || "-"} column${road ? `, ${m.road || "-"} road` : ""})`]));
    const form = select("formation", [["line", "line"], ["column", "column"], ...(road ? [["road", "on a road"]] : []),
      ["one-die", "one die (retrograde, about face, sideways, prolonge)"]]);
    const terrain = select("terrain", [["", "open"], ...sheet.terrains.map((t) => [t, t])]);
    const inter = check("interpenetration");
    const markers = num("mmarkers", 0, 0, 12);
    const dice = text("movedice", "the movement dice");
    return { title: "Move", els: [field("MOVE Chart row", row), field("formation", form), field("terrain crossed", terrain),
      field("interpenetration or pivot", inter), field("morale markers", markers), field("dice", dice)],
      req: () => {
        const r = { what: "move", row: row.value, formation: form.value, interpenetration: inter.checked, markers: Number(markers.value || 0) };
        if (terrain.value) r.terrain = terrain.value;
        const d = diceOf(dice.value); if (d) r.dice = d;
        return r;
      } };
  };
  const initiative = () => {
    const sideBox = (k) => {
      const won = check(`${k}won`), cc = num(`${k}cc`, 0, 0, 50), out = num(`${k}out`, 0, 0, 50);
      return { els: h("fieldset", {}, h("legend", {}, `side ${k.toUpperCase()}`), field("won the initiative last turn", won),
        field("close combats won last turn", cc), field("units withdrawing or routing last turn", out)),
      val: () => ({ won_last_turn: won.checked, close_combats_won: Number(cc.value || 0), withdrew_or_routed: Number(out.value || 0) }) };
    };
    const a = sideBox("a"), b = sideBox("b");
    const dice = text("initdice", "side A's die, side B's");
    return { title: "Initiative", els: [a.els, b.els, field("dice", dice)],
      req: () => { const r = { what: "initiative", a: a.val(), b: b.val() }; const d = diceOf(dice.value); if (d) r.dice = d; return r; } };
  };
  const command = () => {
    const u = unitFields(sheet, "c", "russian-infantry");
    const inches = num("cinches", 0, 0, 1000);
    const routing = check("crouting");
    return { title: "Command", els: [...u.els, field("inches from its brigade commander", inches), field("routing", routing)],
      req: () => ({ what: "command", unit: u.value(), inches: Number(inches.value || 0), routing: routing.checked }) };
  };
  return [fire, melee, save, morale, move, initiative, command];
}

// Sevastopol's and From Ulm to Waterloo's rulings: each a list of fields that become the
// command's words (POST /api/referee/siege|ulm {"args": [...]}); the answer is the command's text.
const N = (flag, label, v, min, max) => ({ flag, label, kind: "number", v, min, max });
const S = (flag, label, opts, v) => ({ flag, label, kind: "select", opts, v });
const C = (flag, label) => ({ flag, label, kind: "check" });
const T = (flag, label, ph) => ({ flag, label, kind: "text", ph });
// one of several flags (each option's value is the flag itself, "" none); name names the field
const F = (name, label, opts, v) => ({ flag: name, label, kind: "select", opts, v, flags: true });
const classes = [["", "(not given)"], ["A", "A"], ["B", "B"], ["C", "C"], ["D", "D"]];
const MORALE_TYPES = ["guards", "command", "cuirassiers", "grenadiers", "hussars", "sappers", "artillery", "light-infantry", "other-horse", "train", "line-infantry", "militia", "second-line"];
const SYSTEMS = {
  siege: {
    title: "Sevastopol (SPI, 1979)",
    note: "The charts of the printed game: leave the die empty for the chance of each result.",
    rulings: [
      ["Attrition", "attrition", [N("--turn", "Game-Turn", 5, 1, 18), S("--nation", "nation", [["british", "British"], ["french", "French"], ["russian", "Russian"]]), N("--die", "die", "", 1, 6)]],
      ["Intervention", "intervention", [N("--turn", "Game-Turn", 9, 1, 18), S("--battle", "battle", [["balaclava", "Balaclava"], ["inkerman", "Inkerman"], ["tchernaya", "Tchernaya"]]), T("--used", "battles chosen before", "e.g. balaclava"), N("--last", "Game-Turn of the last intervention", "", 1, 18), N("--die", "die", "", 1, 6)]],
      ["Ammunition", "ammunition", [N("--turn", "Game-Turn", 1, 1, 18), N("--british", "British units in the Balaclava Supply Box", "", 0, 99), N("--french", "French units in the Kameitch Supply Box", "", 0, 99), N("--russian", "Russian units in the North Shore Supply Box", "", 0, 99)]],
      ["Bombard", "bombard", [S("--gun", "gun", [["siege", "siege gun"], ["mortar", "mortar"], ["lancaster", "Lancaster Battery"]]), N("--yards", "range in yards", 450, 1, 5000), C("--sap", "at a parallel or sap"), N("--bastion", "or a bastion of strength", "", 0, 8), C("--mamelon", "the Mamelon"), N("--die", "die", "", 1, 6)]],
      ["Melee", "melee", [N("--attack", "attacking strength", 6, 1, 200), N("--defence", "defending strength", 3, 1, 200), S("--defender", "defender", [["russian", "Russian"], ["field-battery", "Russian field battery (strength 2)"], ["french", "French"], ["zouave", "Zouave"], ["british", "British"], ["other", "other"]]), N("--die", "die", "", 1, 6), S("--attacker-class", "attackers' morale class", classes), S("--defender-class", "defender's morale class", classes), N("--attacked-strength", "strength of the bastion the attackers attacked (their morale)", "", 0, 8), C("--attacker-retreated", "the attackers retreated before this Assault Phase"), C("--defender-retreated", "the defender retreated before"), N("--attacker-morale-die", "attackers' morale die", "", 1, 6), N("--defender-morale-die", "defender's morale die", "", 1, 6)]],
      ["Field battery", "battery", [N("--yards", "range in yards", 300, 1, 600), S("--defender", "target", [["french", "French"], ["zouave", "Zouave"], ["british", "British"], ["other", "other"]]), C("--depression", "in a depression (two shots)"), C("--ravine", "in a ravine (three shots)"), T("--die", "dice, a shot each", "e.g. 4 or 4,2"), S("--defender-class", "target's morale class", classes), T("--defender-morale-die", "morale dice, a shot each", "e.g. 3")]],
      ["Morale", "morale", [S("--class", "morale class", classes.slice(1)), N("--attacked-strength", "strength of the bastion attacked", "", 0, 8), C("--retreated", "retreated before this Assault Phase"), N("--die", "die", "", 1, 6)]],
    ],
  },
  ulm: {
    title: "From Ulm to Waterloo (2003): morale, melee and canister",
    note: "The Morale Evaluation Chart, when fire losses call for a check, a melee cast and canister: leave the dice empty for the odds. A unit is TYPE:FIGURES[:QUALITY,..] (types: infantry, artillery, train, grenadier, sapper, light-infantry, guard-infantry, light-guard-infantry, light-horse, dragoon, cuirassier, commander; qualities: disorganized, fall-back, rout, lancer, enfilade, militia, second-line, skirmisher, square, broken, trapped, route-march).",
    rulings: [
      ["Morale check", "morale", [S("--class", "troop type", ["guards", "command", "cuirassiers", "grenadiers", "hussars", "sappers", "artillery", "light-infantry", "other-horse", "train", "line-infantry", "militia", "second-line"].map((x) => [x, x]), "line-infantry"),
        C("--contact", "contact check (melee)"), C("--rally", "a rally (disorganized units)"), S("--state", "morale now", [["good", "good"], ["disorganized", "disorganized"], ["fall-back", "fall back"]]),
        C("--mod command", "+1 a command figure within reach"), C("--mod guard-retreating", "-1 near a retreating Guard unit"), C("--mod general-retreating", "-1 near a retreating general"), C("--mod route-march", "-2 route marched"), C("--mod square-vs-cavalry", "+2 an unbroken square against cavalry"), C("--mod commander-killed", "-1 its commander killed"),
        N("--plus", "other modifiers (a fire check's Loss of Effectiveness, ...)", "", -9, 9),
        S("--observing", "observing a rout within 6\" of", [["", "(no)"], ...["guards", "command", "cuirassiers", "grenadiers", "hussars", "sappers", "artillery", "light-infantry", "other-horse", "train", "line-infantry", "militia", "second-line"].map((x) => [x, x])]),
        C("--in-works", "the unit is in works or a building"), T("--dice", "two dice", "e.g. 3,4")]],
      ["Fire losses", "fire-check", [S("--class", "troop type", ["line-infantry", "second-line", "guards", "militia"].map((x) => [x, x])), N("--original", "original figures", 30, 1, 10000), N("--before", "figures before the fire", 30, 0, 10000), N("--lost", "figures lost to it", 3, 0, 10000), C("--charging", "the unit is charging")]],
      ["Melee", "melee", [T("--attacker", "attacking unit (TYPE:FIGURES[:QUALITY,..])", "e.g. dragoon:24"), T("--attacker", "a second attacking unit", "e.g. light-horse:18:lancer"),
        T("--defender", "defending unit, at the point of contact", "e.g. infantry:30:disorganized"), T("--defender", "a second defending unit", ""),
        N("--cast", "the melee's cast (1: bonus dice; 1-2: increment)", 1, 1, 99), N("--increment", "Charge Increment (from your chart)", "", 0, 9),
        S("--protection", "defender's works", [["", "none"], ["1", "class 1 (fortifications) +4"], ["2", "class 2 (earthworks, redoubts) +3"], ["3", "class 3 (field works, buildings) +2"], ["4", "class 4 (fences, hedges, walls) +1"], ["rubble", "rubble +1"]]),
        N("--stands", "against works (class 1-3): attacking stands in contact", "", 1, 24),
        N("--faces", "a square's faces in contact", "", 1, 4), T("--attacker-dice", "attackers' dice", "e.g. 6,3"), T("--defender-dice", "defenders' dice", "e.g. 4"),
        S("--attacker-class", "attackers' troop type (their morale checks)", [["", "(not given)"], ...MORALE_TYPES.map((x) => [x, x])]), T("--attacker-morale-dice", "their morale dice, a pair a check", "e.g. 4,3"),
        S("--defender-class", "defenders' troop type (their morale checks)", [["", "(not given)"], ...MORALE_TYPES.map((x) => [x, x])]), T("--defender-morale-dice", "their morale dice, a pair a check", "e.g. 4,3")]],
      ["Order change", "order-change", [S("--class", "troop type", ["guards", "command", "cuirassiers", "grenadiers", "hussars", "sappers", "artillery", "light-infantry", "other-horse", "train", "line-infantry", "militia", "second-line"].map((x) => [x, x]), "line-infantry"),
        C("--end-charge", "the change ends a charge or attack"), N("--die", "die", "", 1, 6)]],
      ["Square", "square", [T("--battalions", "each battalion's figures at the start", "e.g. 36,30"), N("--figures", "figures in the square now", "", 0, 99999), N("--disorganized", "of them, in disorganized battalions", "", 0, 99999)]],
      ["Breakthrough", "breakthrough", [F("--result", "the melee", [["--won", "won a completed melee"], ["--fell-back", "forced a morale fall back that disrupted it"], ["", "lost or still going"]], "--won"),
        C("--defender", "the unit defended"), C("--move-used", "it has used its entire move allowance"), C("--charged", "it charged (or charged-if-charged)"),
        C("--cavalry", "cavalry"), N("--casts", "the melee's casts", 1, 1, 99),
        S("--class", "its troop type (an order change after more than two casts)", [["", "(not given)"], ...MORALE_TYPES.map((x) => [x, x])]), N("--die", "the order change's die", "", 1, 6)]],
      ["Square break-in", "square-break", [C("--disorganized", "the square is disorganized"), T("--dice", "the cavalry unit's two dice", "e.g. 6,6")]],
      ["Canister", "canister", [S("--gun", "gun", [["light", "light (3-6 pounders, horse guns, prolongs)"], ["howitzer", "howitzer (light's range, field's casualties)"], ["field", "field (6-9 pounders)"], ["heavy", "heavy (12 pounders)"]], "field"),
        N("--inches", "inches to the nearest target stand", 12, 0, 999), N("--figures", "the target's figures", "", 1, 10000),
        S("--protection", "the target's works or cover (the greatest)", [["", "none"], ["1", "class 1 (fortifications) -4"], ["2", "class 2 (earthworks, redoubts) -3"], ["3", "class 3 (field works) -2"], ["4", "class 4 (fences, hedges, walls) -1"], ["rubble", "rubble -1"]]),
        C("--square", "the target is a square (maximum, no die)"), C("--dispersed", "a dispersed target (skirmishers, crews, single figures)"),
        S("--state", "the battery's morale", [["good", "good"], ["disorganized", "disorganized (half effect)"]]), C("--suppressed", "suppressed earlier (-1)"),
        C("--militia", "a militia gun past its first shot"), N("--militia-die", "its cast", "", 1, 6), N("--die", "die", "", 1, 6),
        N("--original", "the target's figures at the start (with its figures now: its morale check, Morale D.2)", "", 1, 10000),
        S("--class", "the target's troop type (its Loss of Effectiveness)", [["", "(not given)"], ...MORALE_TYPES.map((x) => [x, x])]),
        C("--charging", "the target is charging")]],
    ],
  },
};

function genericForm(sys, ruling) {
  const [title, what, fields] = ruling;
  const els = fields.map((f) => {
    let input;
    if (f.kind === "number") input = num(f.flag.slice(2), f.v, f.min, f.max);
    else if (f.kind === "select") { input = select(f.flag.slice(2), f.opts); if (f.v) input.value = f.v; }
    else if (f.kind === "check") input = check(f.flag.replace(/^--/, "").replace(" ", "-"));
    else input = text(f.flag.slice(2), f.ph || "");
    f.input = input;
    return field(f.label, input);
  });
  return {
    title, els,
    req: () => {
      const args = [what];
      for (const f of fields) {
        if (f.kind === "check") { if (f.input.checked) args.push(...f.flag.split(" ")); }
        else if (f.flags) { if (f.input.value !== "") args.push(f.input.value); }
        else if (f.input.value !== "") args.push(f.flag, String(f.input.value).replace(/\s+/g, ""));
      }
      return args;
    },
  };
}

async function showGeneric(root, msg, sys) {
  const S = SYSTEMS[sys];
  root.append(h("p.muted", {}, S.note));
  const tabs = h("div.buttons", { role: "tablist" });
  const panel = h("form.referee", { "aria-live": "polite" });
  const out = h("section.refout", { "aria-label": "ruling" });
  root.append(tabs, h("div.refbody", {}, panel, out));
  let current = null;
  const open = (i) => {
    current = genericForm(sys, S.rulings[i]);
    [...tabs.children].forEach((b, k) => b.setAttribute("aria-selected", k === i ? "true" : "false"));
    clear(panel);
    clear(out);
    panel.append(h("h2", {}, current.title), ...current.els, h("div.buttons", {}, h("button.primary", { type: "submit", id: "rule" }, "Rule")));
  };
  S.rulings.forEach((r, i) => tabs.append(h("button", { type: "button", role: "tab", onclick: () => open(i) }, r[0])));
  panel.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    msg.textContent = "";
    const r = await fetch(`/api/referee/${sys}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ args: current.req() }) });
    const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    clear(out);
    if (data.text) out.append(h("pre.reftext", {}, data.text));
    if (data.error) out.append(h("p.msg", { role: "alert" }, data.error));
  });
  open(0);
}

export async function showReferee(root, system) {
  clear(root);
  const sys = SYSTEMS[system] ? system : "cotlb";
  const msg = h("p.msg", { role: "status", "aria-live": "polite" });
  const systems = h("nav.buttons", { "aria-label": "rule systems" },
    [["cotlb", "Charge of the Light Brigade"], ["siege", "Sevastopol"], ["ulm", "From Ulm to Waterloo"]].map(([k, t]) =>
      h("a.button", { href: `#/referee/${k}`, "aria-current": k === sys ? "page" : null, class: k === sys ? "button primary" : "button" }, t)));
  root.append(h("h1", {}, "Referee: ", sys === "cotlb" ? "Charge of the Light Brigade" : SYSTEMS[sys].title), systems, msg);
  if (sys !== "cotlb")
    return showGeneric(root, msg, sys);
  const r = await call("GET");
  if (!r.ok) {
    msg.textContent = r.data.error || "the server has no referee's sheet";
    return;
  }
  const sheet = r.data;
  root.append(h("p.muted", {}, sheet.title, ". Leave the dice empty for the odds; type them for the ruling."));
  const tabs = h("div.buttons", { role: "tablist" });
  const panel = h("form.referee", { "aria-live": "polite" });
  const out = h("section.refout", { "aria-label": "ruling" });
  root.append(tabs, h("div.refbody", {}, panel, out));
  const makers = forms(sheet);
  let current = null;
  const open = (i) => {
    current = makers[i]();
    [...tabs.children].forEach((b, k) => b.setAttribute("aria-selected", k === i ? "true" : "false"));
    clear(panel);
    clear(out);
    panel.append(h("h2", {}, current.title), ...current.els, h("div.buttons", {}, h("button.primary", { type: "submit", id: "rule" }, "Rule")));
  };
  ["Fire", "Close combat", "Save", "Morale", "Move", "Initiative", "Command"].forEach((title, i) =>
    tabs.append(h("button", { type: "button", role: "tab", onclick: () => open(i) }, title)));
  panel.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    msg.textContent = "";
    let req;
    try {
      req = current.req();
    } catch (e) {
      msg.textContent = e.message;
      return;
    }
    const res = await call("POST", req);
    render(out, res.data);
  });
  open(0);
}
