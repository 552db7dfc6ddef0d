// The card table, drawn from the `state` trait (its layout: the docstring of board.py); Python
// decides, this draws.
// A plain ES module for anywidget: no build step, nothing from the network.
//
// Drawing keeps its nodes: seats are kept by seat number, cards by their code (and occurrence,
// for the two packs of Pip-Pip!), buttons by name, so a new state changes attributes and text
// and moves a few nodes. Each card face is a picture made once from the sprite (`faces`).
// A redraw only writes: the sizes the layout needs are read when they may have changed (a
// resize; a seat's size comes from a ResizeObserver), so the browser lays the board out once,
// in the frame that shows the new state. Animations are FLIP: the new state is drawn at once,
// then, in that frame, the moved cards are shown sliding from where they were (CSS transforms,
// ~300 ms), so an animation never delays the next click.
//
// Contents (each part can be read alone; only `render` holds a board's nodes and state):
//   DOM helpers ............. make, setText, setAttr, setStyle, shortLabel
//   foresee ................. the table as it will be once Python has the clicked card
//   card faces .............. sheetOf, readPalette, faceUrl, preload, makeCard, updateCard
//   keeping nodes ........... sync, cardKeys
//   geometry (pure) ......... ring (the seats round the cloth), hidesAnIndex and spreadCards
//                             (the trick's cards), lowerSeats (seats clear of one another)
//   a room's page ........... holderToken
//   render .................. the board's nodes; drawSeat, drawTrick (a finished trick held
//                             on the cloth, the pause after it), drawHandOver (the end of the
//                             hand), drawReview (the review's steps), drawLast, drawCentre,
//                             drawMessage, drawButtons; the layout (measure, layout, place,
//                             fitRows, placeTrick); the animation (snapshot, animateFrom,
//                             animate); draw; the person's clicks and keys (playAtOnce,
//                             onClick, onPageKey, onKey); the observers of sizes

const SVG = "http://www.w3.org/2000/svg";
const DURATION = 300;
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

function make(tag, cls, parent) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (parent) parent.appendChild(node);
  return node;
}

function setText(node, text) {
  text = text == null ? "" : String(text);
  if (node.textContent !== text) node.textContent = text;
}

function setAttr(node, name, value) {
  if (value == null || value === false) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else {
    value = value === true ? "" : String(value);
    if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  }
}

// An inline style written only when it changes. The value last written is kept on the node: the
// browser reads a style back in its own words ("218px" for "218.0px", "calc(50% - 3px)"), and
// comparing with those rewrote every seat's and card's place at every redraw, which made the
// browser lay the board out again (and read the trick's size again) for nothing.
function setStyle(node, name, value) {
  const written = node._styles || (node._styles = {});
  if (written[name] === value) return false;
  written[name] = value;
  node.style[name] = value;
  return true;
}

const ANSWER_MS = 10000; // how long a foreseen card waits for Python's answer

// A card in few characters, "10♥", or as the state's pack names it ("rey of copas", `card.label`).
function shortLabel(code, card) {
  if (card && card.label) return card.label;
  if (code === "JK") return "Joker";
  const rank = code[0] === "T" ? "10" : code[0];
  return rank + (SUITS[code[1]] || code[1]);
}

// What the table will look like once Python has taken the card the user just clicked, as far as
// the board can tell by itself: the card out of the hand and, when it is played (not
// discarded), on the cloth at its seat; nothing clickable until Python answers. The board draws
// this at once, so the card moves under the finger without waiting for the round trip to the
// kernel; Python's own state, drawn when it comes, replaces it whole (the other seats' plays,
// who wins, the words). ``null`` when the state does not say where a clicked card goes.
export function foresee(state, code) {
  const where = state.card_goes;
  const mover = (state.seats || []).find((s) => s.clickable);
  if (!mover || (where !== "trick" && where !== "discard")) return null;
  // the other seats are the same objects: the board leaves them as they are drawn
  const seats = state.seats.map((s) => s.seat !== mover.seat ? s : {
    ...s, clickable: false,
    cards: s.cards.filter((c) => c.card !== code).map(({ card, name, label }) => ({ card, name, label })),
  });
  let trick = state.trick;
  if (where === "trick") {
    const old = trick || { plays: [] };
    const card = mover.cards.find((c) => c.card === code) || {};
    const plays = old.winner != null ? [] : old.plays || [];
    trick = { ...old, plays: [...plays, { seat: mover.seat, card: code, name: card.name || "", label: card.label }],
              winning: null, winner: null, complete: false, words: "" };
  }
  const verb = where === "trick" ? " plays " : " discards ";
  return { ...state, seats, trick, actions: [], foreseen: true, hand_over: null, pause_ms: null,
           message: { lines: [mover.name + verb + shortLabel(code, mover.cards.find((c) => c.card === code)) + "."], error: false, detail: "" } };
}

// The faces: the sprite (the `faces` trait) holds a <symbol> per card; each is made into a
// standalone SVG document (the suit symbols it uses copied in, the table's CSS colours written
// in) behind a blob: URL, once per card and palette, shared by the boards of the page. (Each
// board's model loads this module afresh, from a blob: URL of its own: the sheets are kept on
// the page's window, not in the module.)
const SHEETS = (globalThis.cgBoardSheets ||= new Map()); // sprite text -> { symbols, urls, pictures }

// The boards of the page that fill the window (`?view=table`). The page is the table alone while
// any of them does: an explainer's match table, drawn later further down, must not give the page
// back its prose and its scrolling (the fill board's wheel would carry it away).
const FILLING = (globalThis.cgFillingBoards ||= new Set());

function fillWindow(root, fill) {
  if (fill) FILLING.add(root);
  else FILLING.delete(root);
  document.documentElement.classList.toggle("cg-board-fill", FILLING.size > 0);
}

function sheetOf(text) {
  let sheet = SHEETS.get(text);
  if (!sheet) {
    // the sprite is read, never shown: it stays out of the page (a sprite in the page is some
    // 1,500 more objects for the browser to lay out at every redraw); the boards of a page
    // share one reading of it
    const sprite = document.createElement("div");
    sprite.innerHTML = text;
    const symbols = sprite.querySelectorAll("symbol");
    if (!symbols.length) return null;
    sheet = { symbols: new Map(Array.from(symbols, (s) => [s.id, s])),
      urls: new Map(), pictures: new Map() };
    SHEETS.set(text, sheet);
  }
  return sheet;
}

function readPalette(style) {
  const palette = {};
  for (const name of ["spades", "hearts", "diamonds", "clubs", "joker", "back"]) {
    const value = style.getPropertyValue("--cg-" + name).trim();
    if (value) palette["cg-" + name] = value;
  }
  return { colours: palette, key: JSON.stringify(palette) };
}

function faceUrl(sheet, palette, id) {
  if (!sheet) return "";
  const cacheKey = id + "|" + palette.key;
  let url = sheet.urls.get(cacheKey);
  if (url) return url;
  const symbol = sheet.symbols.get(id);
  if (!symbol) return "";
  const used = new Set();
  const collect = (node) => {
    for (const m of node.innerHTML.matchAll(/href="#([\w-]+)"/g)) {
      if (!used.has(m[1]) && sheet.symbols.has(m[1])) {
        used.add(m[1]);
        collect(sheet.symbols.get(m[1]));
      }
    }
  };
  collect(symbol);
  const defs = Array.from(used, (u) => sheet.symbols.get(u).outerHTML).join("");
  const paint = (text) => text.replace(/var\(--([\w-]+)(?:,\s*([^)]*))?\)/g,
    (all, name, fallback) => palette.colours[name] || (fallback || "").trim() || "#000");
  const text = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="' +
    (symbol.getAttribute("viewBox") || "0 0 240 336") + '" width="240" height="336">' +
    (defs ? "<defs>" + paint(defs) + "</defs>" : "") + paint(symbol.innerHTML) + "</svg>";
  url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  sheet.urls.set(cacheKey, url);
  // a picture loaded once stays in the page's image cache: a card shown later draws at once
  const picture = new Image();
  picture.src = url;
  sheet.pictures.set(cacheKey, picture);
  return url;
}

// Make and load the faces not shown yet, one at a time while the page is idle (each is a small
// SVG document for the browser to read), so that no card waits for its picture later on.
function preload(sheet, palette, ids) {
  const idle = window.requestIdleCallback ? (f) => window.requestIdleCallback(f, { timeout: 2000 }) : ((f) => setTimeout(() => f({ timeRemaining: () => 5 }), 50));
  const todo = ids.slice();
  const step = (deadline) => {
    while (todo.length && deadline.timeRemaining() > 2) {
      const key = todo.shift() + "|" + palette.key;
      if (sheet.urls.has(key)) continue;
      faceUrl(sheet, palette, key.split("|")[0]);
      const picture = sheet.pictures.get(key);
      if (picture && picture.decode) {
        // the next one once this one is read, so the loading never piles up
        picture.decode().catch(() => {}).then(() => idle(step));
        return;
      }
    }
    if (todo.length) idle(step);
  };
  idle(step);
}

// A card: a face-up one carries data-card and shows its face; a face-down one is
// `.cg-card.cg-back` with no card anywhere in it. A face is an <image> of a small SVG document
// made once per card from the sprite (see faceUrl): the browser keeps it as a picture, where a
// <use> of the sprite's symbol would copy its shapes into every card and style, lay out and
// paint them again at every redraw.
function makeCard(tag) {
  const node = document.createElement(tag);
  node.className = "cg-card";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 240 336");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const image = document.createElementNS(SVG, "image");
  image.setAttribute("width", "240");
  image.setAttribute("height", "336");
  svg.appendChild(image);
  node.appendChild(svg);
  if (tag === "button") node.type = "button";
  return node;
}

function updateCard(node, card, opts = {}) {
  const code = card && !card.back ? card.card : null;
  const image = node.firstChild.firstChild;
  const href = opts.face(code ? "cg-face-" + code : "cg-back");
  if (image.getAttribute("href") !== href) image.setAttribute("href", href);
  node.classList.toggle("cg-back", !code);
  setAttr(node, "data-card", code);
  setAttr(node, "data-label", code ? shortLabel(code, card) : null);
  const clickable = Boolean(opts.clickable && code);
  const legal = clickable ? Boolean(card.legal) : null;
  setAttr(node, "data-legal", clickable ? String(legal) : null);
  node.classList.toggle("cg-legal", clickable && legal);
  node.classList.toggle("cg-illegal", clickable && !legal);
  node.classList.toggle("cg-hinted", Boolean(code && card.hinted));
  node.classList.toggle("cg-goal", Boolean(code && card.goal)); // a lesson's goal card
  node.classList.toggle("cg-winning", Boolean(opts.winning));
  let name = code ? (card.name || shortLabel(code, card)) : "a card face down";
  if (clickable) {
    name += legal ? ", may be played" : ", may not be played" + (card.why ? ": " + card.why : "");
  }
  if (opts.who) name = opts.who + ": " + name;
  setAttr(node, "aria-label", name);
  // a face-down card says nothing of its own: its row is named "Eve, 6 cards"
  setAttr(node, "aria-hidden", code ? null : "true");
  if (node.tagName === "BUTTON") {
    // no aria-disabled: pressing a refused card is how one hears why it is refused
    setAttr(node, "title", clickable && !legal && card.why ? card.why : null);
  } else {
    setAttr(node, "role", "img");
  }
  node._card = clickable ? { code, legal, why: card.why || "", name: card.name || code, label: card.label } : null;
}

// Keep the children of `box` in step with `items`: reuse nodes by key, create the missing ones,
// drop the others first, then move nodes only where the order changed (a moved node is taken
// out and put back, which makes the browser rebuild the cards drawn inside it).
function sync(box, items, keyOf, create, update) {
  const old = new Map();
  for (const child of Array.from(box.children)) {
    if (child._key !== undefined) old.set(child._key, child);
  }
  const nodes = items.map((item, index) => {
    const key = keyOf(item, index);
    let node = old.get(key);
    if (node) old.delete(key);
    else {
      node = create(item, index);
      node._key = key;
    }
    update(node, item, index);
    return node;
  });
  for (const node of old.values()) node.remove();
  let cursor = box.firstElementChild;
  const skip = () => { while (cursor && cursor._key === undefined) cursor = cursor.nextElementSibling; };
  skip();
  for (const node of nodes) {
    if (node === cursor) {
      cursor = cursor.nextElementSibling;
      skip();
    } else {
      box.insertBefore(node, cursor);
    }
  }
}

// Keys for a row of cards: the code and its occurrence (two packs hold two 8♠), or the place.
function cardKeys(cards) {
  const seen = new Map();
  return cards.map((card, index) => {
    if (!card || card.back || !card.card) return "back:" + index;
    const n = seen.get(card.card) || 0;
    seen.set(card.card, n + 1);
    return card.card + "#" + n;
  });
}

// Where the seats sit, as points (x, y) in [-1, 1] across the cloth (y down), in seat order
// from the bottom seat clockwise on the screen: bottom, left, top, right. Up to four seats take
// the usual places; more go evenly along the border of a rounded rectangle of the cloth's
// shape (a superellipse), or along its left, top and right sides only when the bottom seat's
// hand is drawn below the cloth. Distances along the border are counted in seats (a and b are
// the half-axes measured in seat widths and seat heights), so that seats spaced evenly do not
// overlap, on a wide projector as on a tall phone.
const FEW = {
  2: [[0, 1], [0, -1]],
  3: [[0, 1], [-1, -0.15], [1, -0.15]],
  4: [[0, 1], [-1, 0], [0, -1], [1, 0]],
};

// The cloth's wooden rim: the width of its inset shadows in board.css (.cg-cloth).
const RIM = 9;

function ring(n, a, b, bottomOnCloth) {
  if (FEW[n]) return FEW[n];
  // the border of a rectangle with rounded corners, from the bottom centre clockwise
  const r = Math.min(a, b) * 0.4;
  const quarter = (Math.PI * r) / 2;
  const parts = [
    [a - r, (t) => [-t, b]],
    [quarter, (t) => { const q = Math.PI / 2 + t / r; return [-(a - r) + r * Math.cos(q), b - r + r * Math.sin(q)]; }],
    [2 * (b - r), (t) => [-a, b - r - t]],
    [quarter, (t) => { const q = Math.PI + t / r; return [-(a - r) + r * Math.cos(q), -(b - r) + r * Math.sin(q)]; }],
    [2 * (a - r), (t) => [-(a - r) + t, -b]],
    [quarter, (t) => { const q = (3 * Math.PI) / 2 + t / r; return [a - r + r * Math.cos(q), -(b - r) + r * Math.sin(q)]; }],
    [2 * (b - r), (t) => [a, -(b - r) + t]],
    [quarter, (t) => { const q = t / r; return [a - r + r * Math.cos(q), b - r + r * Math.sin(q)]; }],
    [a - r, (t) => [a - r - t, b]],
  ];
  const total = parts.reduce((sum, [len]) => sum + len, 0);
  const at = (want) => {
    for (let i = 0; i < parts.length; i++) {
      const [len, point] = parts[i];
      if (want <= len || i === parts.length - 1) {
        const [x, y] = point(Math.min(want, len));
        return [a ? x / a : 0, b ? y / b : 0];
      }
      want -= len;
    }
    return [0, 1];
  };
  const out = [[0, 1]];
  if (bottomOnCloth) {
    for (let k = 1; k < n; k++) out.push(at((total * k) / n));
  } else {
    // leave the bottom edge to the hand: from the low end of the left side round to the right
    const from = a - r + quarter;
    const to = total - from;
    for (let k = 0; k < n - 1; k++) out.push(at(from + ((to - from) * (k + 0.5)) / (n - 1)));
  }
  return out;
}

// -- The trick's cards and the seats' places: pure geometry on plain spots ----------------

// Whether card p, laid on top, would cover the corner index of another card.
function hidesAnIndex(p, spots, size) {
  const { w, h } = size;
  return spots.some((q) => q !== p
    && Math.abs(q.x - w * 0.37 - p.x) < w / 2 && Math.abs(q.y - h * 0.35 - p.y) < h / 2);
}

// With many seats round a small trick, cards laid toward their seats would lie nearly on top
// of one another (the top row of six seats, a side seat's card over a top seat's). The top
// row's cards lie side by side along the trick's top, evenly, a card's width apart or closer
// when the room is short (each index still seen), and so do several seats' cards down a side.
// Then each other pair that overlaps is pushed apart, the shorter way, as far as the trick's
// room allows: what one card cannot take at the room's edge, the other takes; a card of the
// top row or of a side keeps its place.
function spreadCards(spots, w, h, rx, ry) {
  // a trick too short for two rows of cards (a projector's cloth under a long message) lays
  // them all in one row, in the order their seats sit from left to right
  const oneRow = ry * 2 < h * 1.04 && spots.length > 2;
  const top = spots.filter((p) => oneRow || p.row <= -0.8)
    .sort((p, q) => p.x - q.x || p.y - q.y);
  if (top.length > 1) {
    // short of room, the winning card keeps a whole card's room to its right (it lies on
    // top), and the others share what is left
    const k = top.length, full = w * 1.04, room = rx * 2;
    const win = top.findIndex((p) => p.winning);
    const even = Math.min(full, room / (k - 1));
    const wide = even < full && win >= 0 && win < k - 1 && k > 2 ? Math.min(full, room / 2) : even;
    const rest = wide === even ? even : (room - wide) / (k - 2);
    let x = 0;
    const xs = top.map((p, i) => { const at = x; x += i === win ? wide : rest; return at; });
    const span = xs[k - 1];
    top.forEach((p, i) => {
      p.x = xs[i] - span / 2;
      p.y = -ry;
      p.fixed = true;
      p.rank = i;
    });
  }
  // Several seats down a side (twelve seats on a phone): their cards lie down that side of
  // the trick, under the top row, each a card's height apart or closer (each index seen, the
  // lower card on the upper one's foot).
  const reach = top.length ? Math.max(...top.map((p) => Math.abs(p.x))) + w : 0;
  const start = reach > rx - 0.5 ? Math.min(ry, -ry + h * 1.04) : -ry;   // under the top row
  for (const side of [-1, 1]) {
    const column = spots.filter((p) => !p.fixed && p.col * side >= 0.8).sort((p, q) => p.y - q.y);
    if (column.length < 2) continue;
    const k = column.length, step = Math.min(h * 1.04, (ry - start) / (k - 1));
    const first = (start + ry) / 2 - (step * (k - 1)) / 2;
    column.forEach((p, i) => {
      p.x = side * rx;
      p.y = first + i * step;
      p.fixed = true;
      p.rank = i;
    });
  }
  const along = (p, q, axis, need, room) => {
    const [lo, hi] = p[axis] <= q[axis] ? [p, q] : [q, p];
    let a = lo[axis] - (lo.fixed ? 0 : hi.fixed ? need : need / 2);
    let b = hi[axis] + (hi.fixed ? 0 : lo.fixed ? need : need / 2);
    if (a < -room) { b = hi.fixed ? b : b + (-room - a); a = -room; }
    if (b > room) { a = lo.fixed ? a : Math.max(-room, a - (b - room)); b = room; }
    lo[axis] = a;
    hi[axis] = b;
  };
  for (let pass = 0; pass < 12; pass++) {
    let moved = false;
    for (let i = 0; i < spots.length; i++) {
      for (let j = i + 1; j < spots.length; j++) {
        const p = spots[i], q = spots[j];
        if (p.fixed && q.fixed) continue;
        const needX = w * 1.04 - Math.abs(p.x - q.x), needY = h * 1.04 - Math.abs(p.y - q.y);
        if (needX <= 0.5 || needY <= 0.5) continue;
        // the shorter way, unless the room has none left that way
        const canX = rx * 2 - Math.abs(p.x - q.x) > 0.5, canY = ry * 2 - Math.abs(p.y - q.y) > 0.5;
        const before = [p.x, p.y, q.x, q.y];
        const changed = () => [p.x, p.y, q.x, q.y].some((v, k) => Math.abs(v - before[k]) > 0.1);
        const xFirst = (needX <= needY && canX) || !canY;
        along(p, q, xFirst ? "x" : "y", xFirst ? needX : needY, xFirst ? rx : ry);
        // the room's edge (or the top row) left no way that way: the other way
        if (!changed()) along(p, q, xFirst ? "y" : "x", xFirst ? needY : needX, xFirst ? ry : rx);
        moved = moved || changed();
      }
    }
    if (!moved) break;
  }
}

// A seat that would reach into a seat placed above it, nearer the middle of the top, goes
// down, as far as the cloth and the seats at the bottom let it: a side seat on a phone's
// short cloth or grown tall with its badges, and a top corner of twelve open fans, which
// reached into the last seat of the top row (a laptop). From the top's middle outwards, so
// that a seat moved down moves the next one down the side in its turn.
function lowerSeats(spots, H, pad) {
  const onCloth = spots.filter((p) => p.onCloth);
  const across = (p, q) => Math.abs(p.cx - q.cx) < (p.size[0] + q.size[0]) / 2;
  const bottom = onCloth.filter((p) => p.y > 0.6);
  const upper = onCloth.filter((p) => p.y <= 0.6)
    .sort((p, q) => Math.abs(p.x) - Math.abs(q.x) || p.cy - q.cy);
  const placed = [];
  for (const seat of upper) {
    const h = seat.size[1];
    let low = -Infinity, high = H - pad / 2 - h / 2;
    for (const p of placed) {
      if (across(p, seat) && p.cy <= seat.cy) {
        low = Math.max(low, p.cy + p.size[1] / 2 + pad / 2 + h / 2);
      }
    }
    for (const p of bottom) {
      if (across(p, seat)) high = Math.min(high, p.cy - p.size[1] / 2 - pad / 2 - h / 2);
    }
    if (seat.cy < low) {
      seat.cy = Math.min(low, Math.max(high, seat.cy));
      seat.lowered = true;
    }
    placed.push(seat);
  }
}

// A room's page: the token this browser keeps for its seats (a reload finds the seat again).
function holderToken() {
  let token = null;
  try { token = localStorage.getItem("cardgames-holder"); } catch (e) { /* no storage */ }
  if (!token || !/^[A-Za-z0-9_-]{8,64}$/.test(token)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    try { localStorage.setItem("cardgames-holder", token); } catch (e) { /* this page only */ }
  }
  return token;
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// The board's moves. What an animation needs from before a redraw: where the cards about to be
// played were (in a hand, or the seat's row of backs), and the trick about to be gathered. Read
// before any write, and only when something will move. `board` is the drawn board's parts: the
// state drawn, its trick's box, its seats' nodes and the layer for the gathered cards' ghosts.
function snapshotMoves(next, board) {
  if (next.animate === false || reducedMotion()) return null;
  const { trick, seatNodes } = board;
  const oldKeys = new Set(Array.from(trick.children, (node) => node._key));
  const plays = (next.trick && next.trick.plays) || [];
  const keys = new Set(plays.map((p) => "seat" + p.seat + ":" + p.card));
  const from = new Map();
  for (const p of plays) {
    const key = "seat" + p.seat + ":" + p.card;
    if (oldKeys.has(key)) continue;
    const seat = seatNodes.get(p.seat);
    if (!seat) continue;
    let source = null;
    for (const c of seat._parts.cards.children) if (c.dataset.card === p.card) source = c;
    from.set(key, (source || seat._parts.cards).getBoundingClientRect());
  }
  const gathered = [];
  if (trick.children.length && !Array.from(oldKeys).some((k) => keys.has(k))) {
    for (const node of trick.children) gathered.push({ node, rect: node.getBoundingClientRect() });
  }
  if (!from.size && !gathered.length) return null;
  return { from, gathered, trick: board.state.trick };
}

function animateFrom(node, from) {
  const to = node.getBoundingClientRect();
  if (!to.width || !from || !from.width) return;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const s = from.width / to.width;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
  node.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${s})` }, { transform: "none" }],
    { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" });
}

// Run in the frame that shows the new state (its layout is the one the frame needs anyway):
// the played cards slide in from where they were, the gathered trick goes to its winner.
function animateMoves(before, board) {
  const { state, trick, seatNodes, ghosts } = board;
  if (!before || state.animate === false || reducedMotion()) return;
  for (const node of trick.children) {
    const from = before.from.get(node._key);
    if (from) animateFrom(node, from);
  }
  if (!before.gathered.length) return;
  const oldTrick = before.trick || {};
  const l = state.last_trick;
  const winner = oldTrick.winner != null ? oldTrick.winner : l && l.winner != null ? l.winner : oldTrick.winning;
  const target = seatNodes.get(winner);
  if (!target) return;
  const base = ghosts.getBoundingClientRect();
  const to = target._parts.cards.getBoundingClientRect();
  for (const p of before.gathered) {
    const ghost = p.node.cloneNode(true);
    ghost.classList.add("cg-ghost");
    ghost.removeAttribute("data-card");
    ghost.removeAttribute("aria-label");
    ghost.style.left = p.rect.left - base.left + "px";
    ghost.style.top = p.rect.top - base.top + "px";
    ghost.style.width = p.rect.width + "px";
    ghost.style.height = p.rect.height + "px";
    ghosts.appendChild(ghost);
    const dx = to.left + to.width / 2 - (p.rect.left + p.rect.width / 2);
    const dy = to.top + to.height / 2 - (p.rect.top + p.rect.height / 2);
    const anim = ghost.animate(
      [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.45)`, opacity: 0 }],
      { duration: DURATION, easing: "ease-in" });
    anim.onfinish = () => ghost.remove();
    anim.oncancel = () => ghost.remove();
  }
}

// Scroll a box of paragraphs (the projector's message line, four lines high in board.css) to its
// end, from the start of the paragraph the end's first line belongs to: the box grows by what
// that paragraph needs (a paragraph cut in its middle read as a sentence without its beginning).
function scrollToLastLines(box) {
  box.style.maxHeight = "";
  const end = box.scrollHeight - box.clientHeight;
  if (end <= 0 || !box.firstElementChild) return;
  const top = (p) => p.offsetTop - box.firstElementChild.offsetTop;
  let first = box.firstElementChild;
  for (const p of box.children) if (top(p) <= end + 1) first = p;
  const from = top(first);
  if (from < end - 1) box.style.maxHeight = box.scrollHeight - from + "px";
  box.scrollTop = from;
}

function render({ model, el }) {
  // .cg-board is the container whose width the sizes follow; .cg-table is the board itself
  const host = make("div", "cg-board", el);
  const root = make("div", "cg-table", host);
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "card table");

  const head = make("div", "cg-head", root);
  const title = make("h2", "cg-title", head);
  const caption = make("span", "cg-caption", head);
  const full = make("button", "cg-fullscreen", head);
  full.type = "button";
  full.title = "Full screen";
  full.setAttribute("aria-label", "Full screen");
  full.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M3 9V3h6M15 3h6v6M21 15v6h-6M9 21H3v-6" ' +
    'fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>' +
    "<span>Full screen</span>";

  const cloth = make("div", "cg-cloth", root);
  const middle = make("div", "cg-middle", cloth);
  const centre = make("div", "cg-centre", middle);
  const trickBox = make("div", "cg-trick-box", middle);
  const trickInfo = make("div", "cg-trick-info", trickBox);
  // two parts that wrap as wholes: a narrow cloth reads "Trick 5 ·" then "South is winning"
  const trickTitle = make("span", "", trickInfo);
  trickInfo.appendChild(document.createTextNode(" "));
  const trickWinning = make("span", "", trickInfo);
  const trick = make("div", "cg-trick", trickBox);
  trick.setAttribute("role", "group");
  // a finished trick: who took it and the points, and how to go on
  const trickWords = make("div", "cg-trick-words", trickBox);
  const trickGo = make("div", "cg-trick-go", trickBox);
  // the end of the hand: who won, the score as the game counts it, the match
  const over = make("div", "cg-hand-over", middle);
  over.setAttribute("role", "region");
  over.setAttribute("aria-label", "the end of the hand");
  const overTitle = make("h3", "cg-hand-over-title", over);
  const overReason = make("p", "cg-hand-over-reason", over);
  const overTable = make("table", "cg-hand-over-table", over);
  const overMatch = make("div", "cg-hand-over-match", over);
  over.hidden = true;
  const last = make("div", "cg-last-trick", middle);
  const lastInfo = make("div", "cg-last-info", last);
  const lastTitle = make("span", "", lastInfo);
  lastInfo.appendChild(document.createTextNode(" "));
  const lastWho = make("span", "", lastInfo);
  lastInfo.appendChild(document.createTextNode(" "));
  const lastPoints = make("span", "", lastInfo);
  const lastCards = make("div", "cg-last-cards", last);
  const ghosts = make("div", "cg-ghosts", cloth);

  const strip = make("div", "cg-strip", root);
  strip.hidden = true;
  // the review of a finished hand: a strip of the reviewed seat's decisions, each a step
  const review = make("div", "cg-review", root);
  review.setAttribute("role", "navigation");
  review.setAttribute("aria-label", "the review's steps");
  const reviewHead = make("div", "cg-review-head", review);
  const reviewSeats = make("div", "cg-review-seats", review);   // a teacher: whose decisions
  const reviewSteps = make("div", "cg-review-steps", review);
  review.hidden = true;
  const mine = make("div", "cg-mine", root);
  // a lesson (cardgames.lessons): its title, the goal of the decision now, the coach's answer
  const lesson = make("div", "cg-lesson", root);
  lesson.hidden = true;
  lesson.setAttribute("aria-live", "polite");
  const lessonTitle = make("p", "cg-lesson-title", lesson);
  const lessonIntro = make("p", "cg-lesson-intro", lesson);
  const lessonGoal = make("p", "cg-lesson-goal", lesson);
  const lessonFeedback = make("p", "cg-lesson-feedback", lesson);
  const lessonRule = make("p", "cg-lesson-rule", lesson); // the rule taught, at the end
  const lessonDone = make("p", "cg-lesson-done", lesson);
  const message = make("div", "cg-message", root);
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  const refused = make("div", "cg-refused", message);
  const lines = make("div", "cg-lines", message);
  const bar = make("div", "cg-bar", root);
  const actions = make("div", "cg-actions", bar);
  const controls = make("div", "cg-controls", bar);
  // The stepping buttons by name, each made the first time a state names it, in the state's
  // order (cardgames.board_state.BUTTONS is their one list).
  const buttons = {};
  function buttonNode(name) {
    if (!buttons[name]) {
      // (the Review button is .cg-review-button: .cg-review is the review's strip)
      const kind = name === "review" ? "review-button" : name.replaceAll("_", "-");
      const b = make("button", "cg-button cg-" + kind, controls);
      b.type = "button";
      b.dataset.name = name;
      b.hidden = true;
      buttons[name] = b;
    }
    return buttons[name];
  }

  let sheet = null; // the faces of the sprite (sheetOf)
  let palette = { colours: {}, key: "", four: false, read: false };
  const face = (id) => faceUrl(sheet, palette, id);
  const drawCard = (node, card, opts = {}) => updateCard(node, card, { ...opts, face });

  const seatNodes = new Map();
  let state = {};
  let drawn = false;
  let unanswered = 0; // a foreseen state's timer: Python has not answered the click
  let pauseTimer = 0; // the pause after a trick (state.pause_ms): then the board goes on
  let holderSent = false;
  let beat = 0; // a room's page: its token every 10 s says the pupil is still there
  let seatDir = new Map(); // seat -> [x, y], unit-ish direction from the cloth's centre

  function seatName(seat) {
    const s = (state.seats || []).find((x) => x.seat === seat);
    return s ? s.name : "Player " + (seat + 1);
  }

  function makeSeat(seat) {
    const node = make("div", "cg-seat");
    node.dataset.seat = seat;
    const info = make("div", "cg-seat-info", node);
    make("span", "cg-name", info);
    make("span", "cg-side", info);
    const stats = make("span", "cg-stats", info);
    make("span", "cg-points", stats);
    make("span", "cg-tricks", stats);
    make("span", "cg-badges", info);
    make("span", "cg-said", info);      // what the seat said before the first trick
    const wrap = make("div", "cg-cards-wrap", node);
    const cards = make("div", "cg-cards", wrap);
    cards.setAttribute("role", "group");
    const count = make("span", "cg-count", wrap);
    node._parts = { info, cards, count };
    return node;
  }

  // isHand: its cards are the user's row (.cg-hand); below: drawn under the cloth (the user's
  // own seat at the bottom), else at its place round the cloth (watching, the seat to move)
  function drawSeat(node, s, isHand, below) {
    const [nameN, sideN, statsN, badgesN, saidN] = node._parts.info.children;
    setText(nameN, s.name);
    setText(sideN, s.side || "");
    setAttr(node._parts.info, "title", s.side ? s.name + ", " + s.side : s.name);
    setAttr(sideN, "hidden", !s.side);
    const [pointsN, tricksN] = statsN.children;
    setText(pointsN, s.points == null ? "" : s.points + (s.points === 1 ? " point" : " points"));
    setText(tricksN, s.tricks == null ? "" : s.tricks + (s.tricks === 1 ? " trick" : " tricks"));
    setAttr(pointsN, "hidden", s.points == null);
    setAttr(tricksN, "hidden", s.tricks == null);
    sync(badgesN, s.badges || [], (b, i) => b + "#" + i, () => make("span", "cg-badge"),
      (n, b) => setText(n, b));
    setText(saidN, s.said || "");
    setAttr(saidN, "hidden", !s.said);
    setAttr(saidN, "title", s.said ? s.name + " said: " + s.said : null);
    node.classList.toggle("cg-you", Boolean(s.you));
    node.classList.toggle("cg-to-move", Boolean(s.to_move));
    node.classList.toggle("cg-clickable", Boolean(s.clickable));
    node.classList.toggle("cg-hand-seat", below);
    const trickState = state.trick || {};
    const winning = trickState.winner != null ? trickState.winner : trickState.winning;
    node.classList.toggle("cg-winning", winning === s.seat && (trickState.plays || []).length > 0);
    const cards = s.cards || [];
    const box = node._parts.cards;
    box.classList.toggle("cg-hand", isHand);
    box.classList.toggle("cg-fan", !below);
    const allBacks = cards.length > 0 && cards.every((c) => !c || c.back || !c.card);
    box.classList.toggle("cg-backs", allBacks);
    // the user's cards are buttons all along (kept from state to state); another seat's are
    // buttons while the user decides for it
    const buttonsHere = isHand || Boolean(s.clickable);
    const tag = buttonsHere ? "button" : "div";
    const keys = cardKeys(cards);
    const items = cards.map((c, i) => ({ c, key: keys[i] }));
    sync(box, items, (it) => it.key + (buttonsHere ? ":b" : ":d"), () => makeCard(tag),
      (n, it, i) => {
        drawCard(n, it.c, { clickable: s.clickable });
        if (tag === "button") setAttr(n, "tabindex", s.clickable ? null : "-1");
        const prev = i > 0 ? items[i - 1].c : null;
        const group = Boolean(prev && it.c.card && prev.card && prev.card[1] !== it.c.card[1]);
        n.classList.toggle("cg-group-start", group);
      });
    setAttr(box, "aria-label", s.name + (isHand ? ", your cards" : ", " + cards.length +
      (cards.length === 1 ? " card" : " cards")));
    const count = node._parts.count;
    setText(count, cards.length ? String(cards.length) : "no cards");
    setAttr(count, "title", cards.length + (cards.length === 1 ? " card" : " cards"));
    // no badge for an empty hand: the seat's points stay in sight at the end of the hand
    setAttr(count, "hidden", below || !cards.length);
  }

  function drawTrick() {
    const t = state.trick || { plays: [] };
    const plays = t.plays || [];
    const winning = t.winner != null ? t.winner : t.winning;
    const title = t.title || "";
    let who = plays.length && winning != null
      ? seatName(winning) + (t.winner != null ? " takes it" : " is winning") : "";
    if (!plays.length && t.turn != null) who = seatName(t.turn) + "\u2019s turn";  // "Doubling"
    setText(trickTitle, title && who ? title + " \u00b7" : title);
    setText(trickWinning, who);
    trick.setAttribute("aria-label", t.title || "the trick");
    const complete = Boolean(t.complete);
    sync(trick, plays, (p) => "seat" + p.seat + ":" + p.card, () => makeCard("div"), (n, p) => {
      drawCard(n, { card: p.card, name: p.name }, { winning: p.seat === winning, who: seatName(p.seat) });
      n.classList.toggle("cg-winner", complete && p.seat === t.winner);
      n.dataset.seat = p.seat;     // placed and stacked by placeTrick
    });
    // on the trick, not the board: a class of the board would have every card styled again
    trick.classList.toggle("cg-trick-done", t.winner != null);
    setAttr(trick, "data-complete", complete ? "true" : null);
    setText(trickWords, complete ? t.words || "" : "");
    setAttr(trickWords, "hidden", !complete || !t.words);
    const go = held() ? (state.pause_ms ? "Going on in a moment (tap to go on now)"
      : "Tap the cloth or press a key to go on") : "";
    setText(trickGo, go);
    setAttr(trickGo, "hidden", !go);
    root.classList.toggle("cg-held", Boolean(go));
    const o = state.hand_over;
    setAttr(over, "hidden", !o);
    setAttr(trickBox, "hidden", Boolean(o));
    if (o) drawHandOver(o);
  }

  // A finished trick the user may put away (a tap on the cloth, a key, the pause's end).
  function held() {
    const go = (state.buttons || {}).continue;
    return Boolean(go && go.enabled && !state.foreseen);
  }

  let wentOn = -1; // the seq of the state a "continue" was sent for: sent once
  function goOn() {
    if (!held() || wentOn === state.seq) return;
    wentOn = state.seq;
    send({ type: "button", name: "continue" });
  }

  // The end of the hand: who won, the breakdown (a row per kind of points, a column per side),
  // the match's score and what each side still needs.
  function drawHandOver(o) {
    setText(overTitle, o.title || "");
    setText(overReason, o.reason || "");
    setAttr(overReason, "hidden", !o.reason);
    const units = o.units || [];
    const rows = o.rows || [];
    const key = JSON.stringify([units, rows]);
    if (overTable._key !== key) {
      overTable._key = key;
      overTable.replaceChildren();
      // two or three sides: a column each; more players: a row each (five columns of numbers
      // would not fit a phone)
      const across = units.length <= 3;
      const heads = across ? units : rows.map((r) => r.label);
      const lines = across ? rows.map((r) => [r.label, r.values || [], r.label === "Total"])
        : units.map((u, i) => [u, rows.map((r) => (r.values || [])[i]), false]);
      overTable.classList.toggle("cg-by-player", !across);
      const head = make("tr", "", make("thead", "", overTable));
      make("th", "", head);
      heads.forEach((h, i) => {
        const th = make("th", !across && i === heads.length - 1 ? "cg-total" : "", head);
        setText(th, h);
      });
      const body = make("tbody", "", overTable);
      for (const [label, values, total] of lines) {
        const tr = make("tr", total ? "cg-total" : "", body);
        setText(make("th", "", tr), label);
        values.forEach((v, i) => setText(make("td", !across && i === values.length - 1
          ? "cg-total" : "", tr), v));
      }
    }
    sync(overMatch, o.match || [], (l, i) => i, () => make("p", ""), (n, l) => setText(n, l));
    setAttr(overMatch, "hidden", !(o.match || []).length);
  }

  // The review's strip: a step per decision of the reviewed seat ("T3 6♣"), the marked ones
  // flagged, the one shown pressed; the last step is the hand as it ended.
  function drawReview() {
    const r = state.review;
    setAttr(review, "hidden", !r);
    root.classList.toggle("cg-reviewing", Boolean(r));
    if (!r) return;
    setText(reviewHead, "Review of " + r.name + ": " + r.summary);
    sync(reviewSeats, r.seats || [], (s) => "seat" + s.seat, () => {
      const n = make("button", "cg-review-seat");
      n.type = "button";
      return n;
    }, (n, s) => {
      n.dataset.seat = s.seat;
      setText(n, s.name);
      n.classList.toggle("cg-review-at", s.seat === r.seat);
      setAttr(n, "aria-pressed", String(s.seat === r.seat));
      setAttr(n, "title", "Review " + s.name + "'s decisions");
    });
    setAttr(reviewSeats, "hidden", !(r.seats || []).length);
    const steps = [...(r.steps || []), { step: 0, trick: null, label: "End", mark: "" }];
    sync(reviewSteps, steps, (s) => "step" + s.step, () => {
      const n = make("button", "cg-review-step");
      n.type = "button";
      return n;
    }, (n, s) => {
      n.dataset.step = s.step;
      // the marks as a chess book prints them: ?! an inaccuracy, ? a mistake, ?? a blunder
      const sign = { inaccuracy: " ?!", mistake: " ?", blunder: " ??" }[s.mark] || "";
      setText(n, s.trick != null ? "T" + s.trick + " " + s.label + sign : s.label);
      n.classList.toggle("cg-review-mark", Boolean(s.mark));
      setAttr(n, "data-mark", s.mark || null);
      n.classList.toggle("cg-review-at", s.step === (r.at || 0));
      setAttr(n, "aria-current", s.step === (r.at || 0) ? "step" : null);
      setAttr(n, "title", s.trick != null ? "Decision " + s.step + ", trick " + s.trick +
        (s.mark ? ": " + s.mark + ", " + s.loss + " points" : "") : "The hand as it ended");
    });
    const at = reviewSteps.querySelector(".cg-review-at");
    if (at && at.scrollIntoView && review._at !== r.at) {
      review._at = r.at;
      at.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  // The review's next or previous step (the arrow keys): 1..n, then the end (0).
  function reviewStep(delta) {
    const r = state.review;
    if (!r || !(r.steps || []).length) return false;
    const n = r.steps.length;
    const at = r.at || 0;
    const place = at === 0 ? n + 1 : at;          // the end lies after the last decision
    const next = Math.max(1, Math.min(n + 1, place + delta));
    if (next === place) return true;
    send({ type: "step", step: next === n + 1 ? 0 : next });
    return true;
  }

  // The trick's cards, each toward its player's seat (sizes from the measured geometry).
  function placeTrick() {
    const first = trick.firstElementChild;
    if (!first) return;
    const size = geo.trick || (geo.trick = { width: trick.clientWidth, height: trick.clientHeight,
      w: first.offsetWidth, h: first.offsetHeight });
    const rx = Math.max(0, (size.width - size.w) / 2), ry = Math.max(0, (size.height - size.h) / 2);
    const spots = Array.from(trick.children, (node) => {
      const d = seatDir.get(Number(node.dataset.seat)) || [0, 1];
      const len = Math.hypot(d[0], d[1]) || 1;
      return { node, row: d[1], col: d[0], x: (d[0] / len) * rx, y: (d[1] / len) * ry,
        winning: node.classList.contains("cg-winning") };
    });
    spreadCards(spots, size.w, size.h, rx, ry);
    // Later cards lie on earlier ones; the top row's and the sides' lie under the others, each
    // on its neighbour's far side, so that every corner index is seen; the winning card lies
    // on top, seen whole (not where it would hide another card's index: it keeps its place)
    const n = spots.length;
    spots.forEach(({ node, x, y, fixed, rank }, i) => {
      const left = `calc(50% + ${x.toFixed(1)}px)`, top = `calc(50% + ${y.toFixed(1)}px)`;
      setStyle(node, "left", left);
      setStyle(node, "top", top);
      const raised = node.classList.contains("cg-winning") && !hidesAnIndex(spots[i], spots, size);
      const z = raised ? 2 * n + 1 : fixed ? 1 + rank : n + 1 + i;
      setStyle(node, "zIndex", String(z));
    });
  }

  function drawLast() {
    const l = state.last_trick;
    setAttr(last, "hidden", !l);
    if (!l) {
      sync(lastCards, [], () => 0, () => null, () => null);
      return;
    }
    // three parts that wrap as wholes in a narrow column ("Last trick (3):", "Player 3,",
    // "34 points"), never inside a seat's name
    const title = "Last trick" + (l.number != null ? " (" + l.number + ")" : "");
    const points = l.points ? l.points + (l.points === 1 ? " point" : " points") : "";
    const who = l.winner != null ? seatName(l.winner) + (points ? "," : "") : "";
    setText(lastTitle, who || points ? title + ":" : title);
    setText(lastWho, who);
    setText(lastPoints, points);
    sync(lastCards, l.plays || [], (p) => "seat" + p.seat + ":" + p.card, () => makeCard("div"),
      (n, p) => drawCard(n, { card: p.card, name: p.name }, { winning: p.seat === l.winner, who: seatName(p.seat) }));
  }

  function drawCentre() {
    const items = state.centre || [];
    setAttr(centre, "hidden", items.length === 0);
    sync(centre, items, (it, i) => i + ":" + it.label, () => {
      const n = make("div", "cg-centre-item");
      const box = make("div", "cg-centre-card", n);
      const text = make("div", "cg-centre-text", n);
      make("span", "cg-centre-label", text);
      make("span", "cg-centre-value", text);
      n._parts = { box, text };
      return n;
    }, (n, it) => {
      const [label, value] = n._parts.text.children;
      setText(label, it.label);
      setText(value, it.text);
      // a long sentence takes the centre's whole width rather than a column of one word a line
      n.classList.toggle("cg-centre-long", (it.text || "").length > 40);
      const box = n._parts.box;
      const want = it.card ? "card:" + it.card : it.count != null ? "count" : "";
      if (box._want !== want) {
        box.replaceChildren();
        if (it.card) {
          const c = makeCard("div");
          drawCard(c, { card: it.card, name: it.text });
          box.appendChild(c);
        } else if (it.count != null) {
          // the stock is a pile, not a card of anyone's: drawn as a back, but no .cg-card
          const c = makeCard("div");
          drawCard(c, { back: true });
          c.className = "cg-pile cg-stock";
          make("span", "cg-stock-count", c);
          box.appendChild(c);
        }
        box._want = want;
      }
      const countNode = box.querySelector(".cg-stock-count");
      if (countNode) setText(countNode, it.count);
      setAttr(box, "hidden", !want);
    });
  }

  function drawLesson() {
    const l = state.lesson;
    setAttr(lesson, "hidden", !l);
    if (!l) return;
    setText(lessonTitle, l.title);
    setText(lessonIntro, l.intro);
    setAttr(lessonIntro, "hidden", !l.intro);
    setText(lessonGoal, l.goal);
    setAttr(lessonGoal, "hidden", !l.goal);
    setText(lessonFeedback, l.feedback);
    setAttr(lessonFeedback, "hidden", !l.feedback);
    lessonFeedback.classList.toggle("cg-right", l.ok === true);
    lessonFeedback.classList.toggle("cg-wrong", l.ok === false);
    setAttr(lessonDone, "hidden", !l.done);
    setText(lessonRule, l.done && l.rule ? "The rule: " + l.rule : "");
    setAttr(lessonRule, "hidden", !(l.done && l.rule));
    setAttr(lessonRule, "title", l.source ? "Where the rule comes from: " + l.source : null);
    if (l.done) {
      lessonDone.textContent = "";
      if (l.next) {
        const a = make("a", "cg-lesson-next", lessonDone);
        a.href = l.next.link;
        a.textContent = l.next.label;
      }
    }
  }

  // A card the rules refuse is answered at once (showRefusal); in a lesson the coach says it too.
  function lessonRefusal(text) {
    if (!state.lesson || !state.lesson.goal) return;
    setText(lessonFeedback, "Not allowed: " + text + " Try again.");
    setAttr(lessonFeedback, "hidden", false);
    lessonFeedback.classList.toggle("cg-right", false);
    lessonFeedback.classList.toggle("cg-wrong", true);
  }

  function drawMessage() {
    const m = state.message || { lines: [] };
    sync(lines, m.lines || [], (l, i) => i, () => make("p", "cg-line"), (n, l) => setText(n, l));
    fitMessage();
    message.classList.toggle("cg-error", Boolean(m.error));
    setAttr(message, "title", m.detail || null); // the technical detail of an error, if any
  }

  // A projector's message line (the board filling the window or the screen) shows its last
  // lines (board.css), from the start of a sentence, in the frame that lays them out anyway;
  // elsewhere it shows them all.
  function fitMessage() {
    if (root.classList.contains("cg-fill") || document.fullscreenElement === root) {
      requestAnimationFrame(() => scrollToLastLines(lines));
    } else if (lines.style.maxHeight) {
      lines.style.maxHeight = "";
    }
  }

  function drawButtons() {
    const b = state.buttons || {};
    for (const name of Object.keys(b)) buttonNode(name);
    for (const [name, node] of Object.entries(buttons)) {
      const spec = b[name];
      setAttr(node, "hidden", !spec);
      if (!spec) continue;
      setText(node, spec.label);
      node.disabled = !spec.enabled;
      setAttr(node, "title", spec.title || null);
    }
    setAttr(controls, "hidden", !Object.values(b).some(Boolean));
    sync(actions, state.actions || [], (a) => a.id + ":" + a.label, () => {
      const n = make("button", "cg-action");
      n.type = "button";
      return n;
    }, (n, a) => {
      setText(n, a.label);
      n.dataset.id = a.id;
      n.classList.toggle("cg-hinted", Boolean(a.hinted));
      n.classList.toggle("cg-goal", Boolean(a.goal));
    });
  }

  // The layout: where the seats go round the cloth, how much the rows of cards overlap, where
  // the trick's cards lie. A redraw only writes styles: the sizes it needs are read from the page
  // when they may have changed (at the first draw, after a resize, when a class of the table that
  // sets the sizes changes: `geo`), and each seat's size comes from a ResizeObserver, which
  // places the seats again, before the frame is painted, when one of them grew or shrank. So a
  // click's redraw makes the browser lay the board out once, in the frame that shows it.
  let geo = null; // { key, W, H, rows: Map(kind -> {w, width}), trick }
  let geoKey = "";

  // the classes of the table that set its sizes (board.css), and the number of seats
  const SIZING = ["cg-fill", "cg-many", "cg-crowd", "cg-narrow", "cg-open-bottom", "cg-fullscreen-on"];
  function tableKey() {
    return SIZING.filter((c) => root.classList.contains(c)).join(" ") + "|" + (state.seats || []).length;
  }

  // Read the table's sizes (forces a layout: only when they may have changed).
  function measure() {
    // A narrow board keeps only the trick inside the ring: the centre and the last trick go to
    // a strip under the cloth.
    const narrow = root.clientWidth < 700;
    root.classList.toggle("cg-narrow", narrow);
    if (narrow !== (centre.parentNode === strip)) {
      const into = narrow ? strip : middle;
      into.appendChild(centre);
      into.appendChild(last);
      if (!narrow) middle.insertBefore(centre, trickBox);
      // the end of the hand too: a phone's cloth is the seats' (their points in sight)
      if (narrow) strip.insertBefore(over, strip.firstChild);
      else middle.insertBefore(over, last);
    }
    setAttr(strip, "hidden", !narrow || (centre.hidden && last.hidden && over.hidden));
    geo = { W: cloth.clientWidth, H: cloth.clientHeight, rows: new Map(), trick: null };
    geoKey = tableKey();
  }

  function layout() {
    const seats = state.seats || [];
    if (!seats.length) return;
    if (!geo || geoKey !== tableKey()) measure();
    setAttr(strip, "hidden", !root.classList.contains("cg-narrow") || (centre.hidden && last.hidden && over.hidden));
    fitRows();
    place();
  }

  // The seats round the cloth, the middle, the trick: writes only, from the seats' known sizes.
  function place() {
    const seats = state.seats || [];
    const n = seats.length;
    if (!n || !geo) return;
    const { W, H } = geo;
    const bottom = state.bottom != null ? state.bottom : seats[0].seat;
    const order = seats.map((s) => s.seat);
    const start = Math.max(0, order.indexOf(bottom));
    let maxW = 0, maxH = 0;
    for (const s of seats) {
      const node = seatNodes.get(s.seat);
      if (node.parentNode !== cloth) continue;
      if (!node._size) node._size = [node.offsetWidth, node.offsetHeight]; // a new seat
      maxW = Math.max(maxW, node._size[0]);
      maxH = Math.max(maxH, node._size[1]);
    }
    const pad = Math.max(4, Math.min(W, H) * 0.015);
    const a = Math.max(0, W / 2 - maxW / 2 - pad), b = Math.max(0, H / 2 - maxH / 2 - pad);
    // the bottom seat's hand is the large row under the cloth; every other hand stays at its seat
    const handSeat = state.bottom;
    const bottomNode = seatNodes.get(handSeat);
    const bottomOnCloth = !bottomNode || bottomNode.parentNode !== mine;
    const pts = ring(n, a / Math.max(maxW, 1), b / Math.max(maxH, 1), bottomOnCloth);
    seatDir = new Map();
    // the middle of the cloth: inside the seats at the top, the sides and the bottom
    // (and off the cloth's wooden rim, 9 px of inset shadow in board.css: a trick card laid
    // at the middle's edge lay across it)
    const edge = pad + RIM;
    const inset = { left: edge, right: edge, top: edge, bottom: edge };
    const spots = seats.map((s, i) => {
      const [x, y] = pts[(i - start + n) % n];
      const node = seatNodes.get(s.seat);
      return { s, x, y, node, cx: W / 2 + x * a, cy: H / 2 + y * b, size: node._size || [0, 0],
        onCloth: node.parentNode === cloth };
    });
    // a seat at a side sits against the rim: the ring's width is set by the widest seat, which
    // may be the top one with its fan beside its words (a phone), and a side seat left inside
    // took the middle's room (the trick's heading wrapped to three lines, or ran into it)
    for (const p of spots) {
      if (Math.abs(p.y) > 0.6 || Math.abs(p.x) <= 0.6) continue;
      const half = p.size[0] / 2;
      p.cx = p.x < 0 ? Math.min(p.cx, pad + half) : Math.max(p.cx, W - pad - half);
    }
    lowerSeats(spots, H, pad);
    spots.forEach(({ s, x, y, node, cx, cy, lowered }) => {
      seatDir.set(s.seat, [x, y]);
      if (node.parentNode === cloth) {
        const left = cx.toFixed(1) + "px", top = cy.toFixed(1) + "px";
        setStyle(node, "left", left);
        setStyle(node, "top", top);
        const [w, h] = node._size;
        // a seat keeps the middle away on one side only: a seat of the top row (the corners
        // too) from its top, one at the bottom's centre from its bottom, the others from
        // their side (a top corner seat kept it from the top and the side, and the middle
        // shrank to a sliver between the side seats' inner edges); a top corner moved down
        // below the top row keeps it from its side
        const atTop = y < -0.6 && !(lowered && Math.abs(x) > 0.6);
        if (atTop) inset.top = Math.max(inset.top, cy + h / 2 + pad);
        else if (y > 0.6 && Math.abs(x) < 0.6) inset.bottom = Math.max(inset.bottom, H - cy + h / 2 + pad);
        else if (x < -0.6) inset.left = Math.max(inset.left, cx + w / 2 + pad);
        else if (x > 0.6) inset.right = Math.max(inset.right, W - cx + w / 2 + pad);
      }
    });
    const handNode = seatNodes.get(handSeat);
    if (handNode && handNode.parentNode === mine) seatDir.set(handSeat, [0, 1]);
    // keep the trick in the middle of the cloth: the same room on the left and the right
    inset.left = inset.right = Math.max(inset.left, inset.right);
    for (const [key, value] of Object.entries(inset)) {
      if (setStyle(middle, key, value.toFixed(1) + "px")) {
        geo.trick = null; // the trick's room changed: its size is read again
      }
    }
    placeTrick();
  }

  // The user's hand (and the open fans) overlap their cards only as much as the room needs. A
  // row is worked out again only when its cards, their kind or the room changed.
  function fitRows() {
    const rows = [];
    for (const node of seatNodes.values()) {
      const box = node._parts.cards;
      const cards = box.children;
      if (!cards.length) continue;
      const isHand = box.classList.contains("cg-hand") && !box.classList.contains("cg-fan");
      const backs = box.classList.contains("cg-backs");
      const deciding = !isHand && !backs && node.classList.contains("cg-clickable");
      const kind = isHand ? "hand" : deciding ? "deciding" : "fan";
      rows.push({ box, cards, isHand, backs, deciding, kind });
    }
    // read first (the sizes of a kind of row not measured yet), then write
    for (const row of rows) {
      if (!geo.rows.has(row.kind)) {
        geo.rows.set(row.kind, { w: row.cards[0].offsetWidth, width: row.box.clientWidth });
      }
    }
    for (const { box, cards, isHand, backs, deciding, kind } of rows) {
      const n = cards.length;
      const { w, width } = geo.rows.get(kind);
      let up = 0, groups = 0, shape = "";
      for (const c of cards) {
        const group = c.classList.contains("cg-group-start");
        if (c.dataset.card) up++;
        if (group) groups++;
        shape += group ? "|" : ".";
      }
      const sign = [kind, w, width, up, shape].join(" ");
      if (box._fitted === sign) continue;
      box._fitted = sign;
      // how far apart the cards would sit with room enough, and the room they have
      const natural = w * (isHand ? 1.04 : deciding ? 0.6 : 0.34);
      let room;
      if (isHand) room = width;
      else if (backs) room = w * 1.9;
      else if (deciding) room = w * (1 + 0.6 * (n - 1));
      // face-up cards show their corners; the backs among them (cards shown from a hidden
      // hand) need no more room than a row of backs
      else room = w * Math.min(4.2, up === n ? 1 + 0.34 * (n - 1) : 1.9 + 0.3 * up);
      let gap = isHand ? w * 0.14 : 0;
      let step = natural;
      if (n > 1 && w + natural * (n - 1) + gap * groups > room) {
        gap = Math.min(gap, Math.max(0, (room - w - (n - 1) * w * 0.24) / Math.max(groups, 1)));
        step = Math.max(w * 0.12, (room - w - gap * groups) / (n - 1));
      }
      let i = 0;
      for (const c of cards) {
        const margin = i === 0 ? 0 : step - w + (c.classList.contains("cg-group-start") ? gap : 0);
        const want = margin.toFixed(1) + "px";
        setStyle(c, "marginLeft", want);
        i++;
      }
    }
  }

  let frame = 0; // the pending animation frame of the last redraw (animations, focus)

  function draw(next = model.get("state") || {}) {
    root.classList.toggle("cg-waiting", Boolean(next.foreseen));
    if (!next.foreseen) {   // Python's own state: the card it answers waits no longer
      clearTimeout(unanswered);
      setAttr(root, "data-seq", next.seq);
    }
    const before = drawn ? snapshotMoves(next, { state, trick, seatNodes }) : null;
    const focused = document.activeElement;
    let focusIndex = -1, focusBox = null;
    if (focused && focused.classList && focused.classList.contains("cg-card") && root.contains(focused)) {
      focusBox = focused.parentNode;
      focusIndex = Array.prototype.indexOf.call(focusBox.children, focused);
    }
    const seqChanged = next.seq !== state.seq;
    state = next;
    if (seqChanged) showRefusal("");
    setText(title, state.title || "");
    setText(caption, state.caption || "");
    root.classList.toggle("cg-fill", Boolean(state.fill));
    fillWindow(root, Boolean(state.fill));
    const four = Boolean(state.four_colour);
    root.classList.toggle("cg-four-colour", four);
    if ((!palette.read || palette.four !== four) && root.isConnected) {
      // the suit colours of board.css, written into the faces (read once, and when they change)
      palette = { ...readPalette(getComputedStyle(root)), four, read: true };
      preloadFaces(); // the faces not shown yet, while the page is idle
    }
    root.classList.toggle("cg-still", state.animate === false);
    const seats = state.seats || [];
    if (root.dataset.seats !== String(seats.length)) root.dataset.seats = String(seats.length);
    root.classList.toggle("cg-many", seats.length > 6);
    root.classList.toggle("cg-crowd", seats.length > 9);
    const present = new Set(seats.map((s) => s.seat));
    for (const [seat, node] of seatNodes) {
      if (!present.has(seat)) {
        node.remove();
        seatNodes.delete(seat);
        sizes.unobserve(node);
      }
    }
    const handSeat = state.bottom; // its hand is the large row; the others stay at their seats
    for (const s of seats) {
      let node = seatNodes.get(s.seat);
      if (!node) {
        node = makeSeat(s.seat);
        seatNodes.set(s.seat, node);
        sizes.observe(node);
      }
      // the bottom seat's row is drawn under the cloth, unless it is backs only (a class's
      // projector with the hands hidden: a large row of backs tells the class nothing), then it
      // sits on the cloth like the others; a hand the user decides for elsewhere (watching: the
      // seat to move) stays at its own place
      const below = s.seat === handSeat && (s.seat === state.hand_seat ||
        s.cards.some((c) => !c.back) || (!s.cards.length && node.parentNode === mine));
      const isHand = below;
      const parent = below ? mine : cloth;
      if (node.parentNode !== parent) {
        setStyle(node, "left", "");
        setStyle(node, "top", "");
        node._size = null;
        if (below) parent.appendChild(node);
        else cloth.insertBefore(node, ghosts);
      }
      // a seat of a foreseen state that is the object drawn last is drawn already
      if (!(next.foreseen && node._drawn === s)) drawSeat(node, s, isHand, below);
      node._drawn = s;
    }
    const bottomNode = seatNodes.get(handSeat);
    setAttr(mine, "hidden", !bottomNode || bottomNode.parentNode !== mine);
    root.classList.toggle("cg-open-bottom", mine.hidden); // the bottom seat sits on the cloth
    // with four seats or fewer, the seats at the top and the bottom of the cloth set their
    // words beside their cards (less height taken from the trick)
    const few = FEW[seats.length];
    const first = Math.max(0, seats.findIndex((s) => s.seat === state.bottom));
    seats.forEach((s, i) => {
      const node = seatNodes.get(s.seat);
      const spot = few && few[(i - first + seats.length) % seats.length];
      node.classList.toggle("cg-row-seat", Boolean(spot && Math.abs(spot[1]) === 1 && node.parentNode === cloth));
    });
    drawCentre();
    drawTrick();
    drawLast();
    drawReview();
    drawMessage();
    drawLesson();
    drawButtons();
    layout();
    drawn = true;
    clearTimeout(pauseTimer);
    if (!next.foreseen && held() && state.pause_ms) pauseTimer = setTimeout(goOn, state.pause_ms);
    if (state.room && state.room.ask_holder && !holderSent) {
      holderSent = true;
      send({ type: "holder", token: holderToken() });
    }
    if (state.room && !beat) {
      beat = setInterval(() => send({ type: "holder", token: holderToken() }), 10000);
    }
    const lostFocus = focusBox && !root.contains(document.activeElement);
    if (frame) cancelAnimationFrame(frame);
    frame = before || lostFocus ? requestAnimationFrame(() => {
      frame = 0;
      animateMoves(before, { state, trick, seatNodes, ghosts });
      if (lostFocus && !root.contains(document.activeElement)) {
        const cards = focusBox.isConnected ? focusBox.querySelectorAll("button.cg-card") : [];
        if (cards.length) cards[Math.min(focusIndex, cards.length - 1)].focus({ preventScroll: true });
      }
    }) : 0;
  }

  function drawFaces() {
    sheet = sheetOf(model.get("faces") || "");
    root.classList.toggle("cg-no-faces", !sheet);
    for (const node of seatNodes.values()) node._drawn = null; // new faces: every seat again
    if (drawn) draw(state);
  }

  // Every face made and loaded while the page is idle, so that no card waits for its picture.
  function preloadFaces() {
    if (!sheet) return;
    preload(sheet, palette, Array.from(sheet.symbols.keys()).filter(
      (id) => id.startsWith("cg-face-") || id === "cg-back"));
  }

  function showRefusal(text) {
    setText(refused, text);
    setAttr(refused, "hidden", !text);
    message.classList.toggle("cg-has-refusal", Boolean(text));
  }

  function send(msg) {
    msg.seq = state.seq;
    model.send(msg);
  }

  // The clicked card goes where it will go before Python answers (see foresee). A kernel or a
  // room's server gets the play at once and works while the browser draws that frame; Python in
  // the page itself (the static site, model "python_in_page") gets it once the frame is drawn,
  // since it would hold the page's only thread and the card would not move until it answered.
  // If Python has not answered in ANSWER_MS, the table Python last sent comes back, with a word
  // why.
  function playAtOnce(code) {
    const msg = { type: "play", card: code, seq: state.seq };
    const next = foresee(state, code);
    const pythonInPage = Boolean(model.get("python_in_page"));
    if (!next || !pythonInPage) model.send(msg);
    if (!next) return;
    draw(next);
    armAnswerTimer();
    if (pythonInPage) sendAfterFrame(msg);
  }

  function sendAfterFrame(msg) {
    let sent = false;
    const go = () => {
      if (!sent) {
        sent = true;
        model.send(msg);
      }
    };
    requestAnimationFrame(() => setTimeout(go, 0));
    setTimeout(go, 100); // a page the browser draws no frame for (hidden) still sends it
  }

  function armAnswerTimer() {
    unanswered = setTimeout(() => {
      draw();
      showRefusal("Python has not answered for " + ANSWER_MS / 1000 + " seconds, so the card " +
        "is back in the hand. Play it again; if nothing happens, reload the page.");
    }, ANSWER_MS);
  }

  function onClick(event) {
    const target = event.target.closest("button");
    if (!target && cloth.contains(event.target)) {
      goOn();            // a tap on the cloth puts the finished trick away
      return;
    }
    if (!target || !root.contains(target)) return;
    if (target.classList.contains("cg-review-step")) {
      send({ type: "step", step: Number(target.dataset.step) });
      return;
    }
    if (target.classList.contains("cg-review-seat")) {
      if (!target.classList.contains("cg-review-at")) {
        send({ type: "review_seat", seat: Number(target.dataset.seat) });
      }
      return;
    }
    if (target.classList.contains("cg-card")) {
      const info = target._card;
      if (!info || state.foreseen) return; // a card just played: Python's answer is on its way
      if (info.legal) {
        showRefusal("");
        playAtOnce(info.code);
      } else {
        const why = info.why ? info.why.charAt(0).toUpperCase() + info.why.slice(1) + "." : "";
        if (state.lesson && state.lesson.goal) lessonRefusal(why); // the coach says it once
        else showRefusal(shortLabel(info.code, info) + " may not be played" + (info.why ? ": " + info.why : "."));
        if (state.animate !== false && !reducedMotion()) {
          target.animate([{ transform: "translateX(0)" }, { transform: "translateX(-6px)" },
            { transform: "translateX(6px)" }, { transform: "translateX(0)" }], { duration: 240 });
        }
      }
    } else if (target.classList.contains("cg-action")) {
      showRefusal("");
      send({ type: "action", id: Number(target.dataset.id) });
    } else if (target.classList.contains("cg-button")) {
      if (!target.disabled) send({ type: "button", name: target.dataset.name });
    } else if (target === full) {
      if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
      else if (root.requestFullscreen) root.requestFullscreen().catch(() => {});
    }
  }

  // A key with the page's focus outside any control: the arrows step through a review, any
  // other key (Enter, space, a letter) puts a finished trick away. Keys typed into a box, or
  // pressed on a button, are theirs.
  function onPageKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (["Tab", "Shift", "Control", "Alt", "Meta", "Escape"].includes(event.key)) return;
    const at = event.target;
    if (at && at.closest && at.closest("input, textarea, select, button, [contenteditable]")) {
      if (!(at.closest(".cg-review-step") && event.key.startsWith("Arrow"))) return;
    }
    if (!root.isConnected || root.offsetParent === null && !root.classList.contains("cg-fill")) return;
    if (state.review && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      if (reviewStep(event.key === "ArrowLeft" ? -1 : 1)) event.preventDefault();
      return;
    }
    if (held()) {
      event.preventDefault();
      goOn();
    }
  }

  function onKey(event) {
    const card = event.target.closest && event.target.closest("button.cg-card");
    if (!card) return;
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -1e6, End: 1e6 };
    const step = keys[event.key];
    if (step === undefined) return;
    const row = Array.from(card.parentNode.querySelectorAll("button.cg-card"));
    const i = row.indexOf(card);
    const j = Math.max(0, Math.min(row.length - 1, i + step));
    event.preventDefault();
    row[j].focus();
  }

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  document.addEventListener("keydown", onPageKey);
  // A card pressed with a mouse or a finger takes no focus (the keyboard's focus stays where it
  // was): a played card leaves the hand, and a focused element taken out of the page makes the
  // browser tell the page's focus listeners (JupyterLab's among them), which lay the page out
  // again before the card can be drawn on the cloth.
  root.addEventListener("mousedown", (event) => {
    if (event.target.closest && event.target.closest("button.cg-card")) event.preventDefault();
  });
  const onFullscreen = () => {
    root.classList.toggle("cg-fullscreen-on", document.fullscreenElement === root);
    fitMessage();
  };
  document.addEventListener("fullscreenchange", onFullscreen);
  // A resize of the board (its width; the cloth's width or height): its sizes are read again,
  // in the next frame (a layout inside the observer's callback could loop). The board's height
  // changes with its words and is no resize.
  let pending = 0;
  const resize = new ResizeObserver((entries) => {
    let changed = false;
    for (const entry of entries) {
      const { width, height } = entry.contentRect;
      const seen = entry.target._seen;
      const tall = entry.target === cloth ? height : 0;
      if (!seen || Math.abs(seen[0] - width) > 0.5 || Math.abs(seen[1] - tall) > 0.5) changed = true;
      entry.target._seen = [width, tall];
    }
    if (!changed) return;
    geo = null;
    // a board drawn before it was in the page (as a notebook's output may be) has its suit
    // colours read, and its faces made, now: not at the user's first click
    if (!pending) pending = requestAnimationFrame(() => {
      pending = 0;
      if (drawn && !palette.read && root.isConnected) draw(state);
      else layout();
    });
  });
  resize.observe(cloth);
  resize.observe(mine);
  resize.observe(host);
  // The trick's room changes with what shares the middle (the centre's words, the last trick):
  // its cards are placed again from its new size before the frame is painted.
  const trickSizes = new ResizeObserver(() => {
    const size = geo && geo.trick;
    if (!size) return;
    if (Math.abs(size.width - trick.clientWidth) > 0.5 || Math.abs(size.height - trick.clientHeight) > 0.5) {
      geo.trick = null;
      placeTrick();
    }
  });
  trickSizes.observe(trick);
  // A seat grew or shrank (its row of cards, its words): the seats are placed again before the
  // frame is painted (placing moves seats without changing their sizes: no loop).
  const sizes = new ResizeObserver((entries) => {
    let changed = false;
    for (const entry of entries) {
      const node = entry.target;
      const box = entry.borderBoxSize && entry.borderBoxSize[0];
      const size = box ? [box.inlineSize, box.blockSize] : [node.offsetWidth, node.offsetHeight];
      const old = node._size;
      if (!old || Math.abs(old[0] - size[0]) > 0.5 || Math.abs(old[1] - size[1]) > 0.5) {
        node._size = size;
        changed = true;
      }
    }
    if (changed && drawn && geo) place();
  });
  const drawModel = () => draw();
  model.on("change:state", drawModel);
  model.on("change:faces", drawFaces);
  drawFaces();
  showRefusal("");
  draw();

  return () => {
    if (beat) clearInterval(beat);
    resize.disconnect();
    sizes.disconnect();
    trickSizes.disconnect();
    if (pending) cancelAnimationFrame(pending);
    if (frame) cancelAnimationFrame(frame);
    document.removeEventListener("fullscreenchange", onFullscreen);
    model.off("change:state", drawModel);
    clearTimeout(unanswered);
    clearTimeout(pauseTimer);
    document.removeEventListener("keydown", onPageKey);
    model.off("change:faces", drawFaces);
    fillWindow(root, false);
    host.remove();
  };
}

export default { render };
