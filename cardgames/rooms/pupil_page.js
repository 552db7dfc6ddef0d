// A room's page without a kernel: the board (the apps' own board.js) drawn from the states the
// server sends over a WebSocket. The model below speaks anywidget's get/set/on/off/send, so
// board.js's render({ model, el }) draws here exactly as in the apps.
//
// Server -> page: {type: "state", state}, {type: "panels", score, story} (HTML the server
// built), {type: "closed", text} (no such room, the room closed: said, no reconnection),
// {type: "refused", text}. Page -> server: the board's own messages (play, action, button,
// holder), checked on the server.
import board from "/rooms/static/board.js";

const page = document.querySelector(".cg-room-page");
const status = page.querySelector(".cg-connection");
const panels = page.querySelector(".cg-panels");

function socketModel() {
  const values = { state: {}, faces: "" };
  const listeners = new Map();
  let socket = null;
  const model = {
    get: (key) => values[key],
    set: (key, value) => { values[key] = value; },
    save_changes() {},
    on(event, callback) {
      if (!listeners.has(event)) listeners.set(event, []);
      listeners.get(event).push(callback);
    },
    off(event, callback) {
      listeners.set(event, (listeners.get(event) || []).filter((c) => c !== callback));
    },
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    put(key, value) {
      values[key] = value;
      for (const callback of listeners.get("change:" + key) || []) callback();
    },
    attach(ws) { socket = ws; },
  };
  return model;
}

function say(text) { status.textContent = text; }

function connect(model) {
  const url = new URL(page.dataset.socket, location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  let ended = false;
  let tries = 0;
  let connections = 0;
  const open = () => {
    const ws = new WebSocket(url);
    let asked = false;
    connections += 1;
    model.attach(ws);
    ws.addEventListener("open", () => { tries = 0; say(""); });
    ws.addEventListener("message", (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data.type === "state") {
        model.put("state", data.state);
        // a new connection (the server restarted) asks for the seat's token again: board.js
        // sends it once per page, so the page sends it for each connection after the first
        if (data.state.room && data.state.room.ask_holder && !asked && connections > 1) {
          let token = null;
          try { token = localStorage.getItem("cardgames-holder"); } catch (e) { /* none */ }
          if (token) {
            asked = true;
            ws.send(JSON.stringify({ type: "holder", token, seq: data.state.seq }));
          }
        }
      }
      else if (data.type === "panels") {
        panels.hidden = false;
        panels.querySelector(".cg-score").innerHTML = data.score;
        panels.querySelector(".cg-story").innerHTML = data.story;
      } else if (data.type === "closed") {
        ended = true;
        say(data.text);
      } else if (data.type === "refused") say(data.text);
    });
    ws.addEventListener("close", () => {
      if (ended) return;
      tries += 1;
      say("The connection to the server was lost: trying again…");
      setTimeout(open, Math.min(5000, 500 * tries));
    });
  };
  open();
}

async function start() {
  if (page.dataset.kind === "words" || !page.dataset.socket) return;
  const model = socketModel();
  board.render({ model, el: page.querySelector(".cg-room-board") });
  connect(model);
  try {
    const faces = await fetch("/rooms/faces.svg").then((r) => (r.ok ? r.text() : ""));
    model.put("faces", faces);
  } catch (e) { /* the cards are drawn without their faces */ }
}

start();
