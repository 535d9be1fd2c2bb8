// actions.js: reads the text form of the legal actions ("move suth93 1416", "fire a,b > 1312",
// "retreat u 1110 1211", "end") into groups the views use. No rules here: only what the
// server listed is ever offered.

export function parseAction(text) {
  const t = text.trim().split(/\s+/);
  const verb = t[0];
  const gt = t.indexOf(">");
  if ((verb === "fire" || verb === "melee" || verb === "bombard") && gt > 0) {
    const units = t.slice(1, gt).join(",").split(",").filter(Boolean);
    return { verb, text, units, target: t[gt + 1] };
  }
  if ((verb === "move" || verb === "enter") && t.length >= 3)
    return { verb, text, unit: t[1], hexes: t.slice(2), to: t[t.length - 1] };
  if ((verb === "retreat" || verb === "advance") && t.length >= 2)
    return { verb, text, unit: t[1], hexes: t.slice(2), to: t.length > 2 ? t[t.length - 1] : null };
  if (verb === "rally" && t.length >= 2) return { verb, text, unit: t[1] };
  return { verb, text };
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

// Groups a list of action strings.
export function groupActions(list) {
  const g = { all: list.map(parseAction), moves: new Map(), attacks: [], owed: [], rally: [], other: [], end: null };
  for (const a of g.all) {
    if (a.verb === "move" || a.verb === "enter") {
      if (!g.moves.has(a.unit)) g.moves.set(a.unit, []);
      g.moves.get(a.unit).push(a);
    } else if (a.verb === "fire" || a.verb === "melee" || a.verb === "bombard") g.attacks.push(a);
    else if (a.verb === "retreat" || a.verb === "advance") g.owed.push(a);
    else if (a.verb === "rally") g.rally.push(a);
    else if (a.verb === "end") g.end = a;
    else g.other.push(a);
  }
  return g;
}

// Attacks whose firing/attacking units are exactly the selected set.
export function attacksBy(groups, selected) {
  return groups.attacks.filter((a) => sameSet(a.units, selected));
}

// Units that take part in any listed attack.
export function attackers(groups) {
  const s = new Set();
  for (const a of groups.attacks) a.units.forEach((u) => s.add(u));
  return s;
}
