// app.js: the router. #/ lobby, #/game/ID[?token=T] a game, #/replay/ID a replay, #/referee the
// Charge of the Light Brigade referee's sheet.

import { showLobby } from "./lobby.js";
import { showGame } from "./game.js";
import { showReplay } from "./replay.js";
import { showReferee } from "./referee.js";

const root = document.getElementById("app");
let close = null;

async function route() {
  if (close) { try { close(); } catch { /* ignore */ } close = null; }
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query] = hash.split("?");
  const params = new URLSearchParams(query || "");
  const parts = path.split("/").filter(Boolean);
  document.body.dataset.view = parts[0] || "lobby";
  if (parts[0] === "game" && parts[1]) close = await showGame(root, decodeURIComponent(parts[1]), params.get("token"));
  else if (parts[0] === "replay" && parts[1]) close = await showReplay(root, decodeURIComponent(parts[1]));
  else if (parts[0] === "referee") await showReferee(root, parts[1]);
  else await showLobby(root);
  document.body.dataset.ready = "1";
}

window.addEventListener("hashchange", route);
route();
