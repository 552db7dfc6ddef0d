// The app pages' runtime: Python (Pyodide, from this site's static/pyodide/) runs the notebook's
// code cells in the page, and the Jupyter widgets they show are drawn by the widget manager of
// @jupyter-widgets/html-manager, talking to Python's widgets through the page (no kernel, no
// server). Bundled by esbuild into static/runtime.js; see site/runner.py for the Python side.
import "./define-shim.js";
import "anywidget";
import * as base from "@jupyter-widgets/base";
import { HTMLManager } from "@jupyter-widgets/html-manager/lib/htmlmanager.js";

const WIDGET_MIME = "application/vnd.jupyter.widget-view+json";
const { AnyModel, AnyView } = globalThis.__cgAnywidgetFactory(base);

let runner = null;           // site/runner.py, once Python is up
const comms = new Map();     // comm id -> Comm

/** A widget's comm: the page's side of a Python BrowserComm. */
class Comm {
  constructor(id, target) {
    this.comm_id = id;
    this.target_name = target;
    this._onMsg = null;
    this._onClose = null;
    this._queue = [];        // messages that came before the model listened
  }
  open() { return ""; }
  on_msg(callback) {
    this._onMsg = callback;
    const queued = this._queue.splice(0);
    for (const msg of queued) callback(msg);
  }
  on_close(callback) { this._onClose = callback; }
  receive(msg) { this._onMsg ? this._onMsg(msg) : this._queue.push(msg); }
  send(data, callbacks, metadata, buffers) {
    const held = (buffers || []).map((b) => new Uint8Array(b.buffer ? b.buffer : b));
    runner.deliver(this.comm_id, JSON.stringify(data), held);
    // The model sends one message at a time and waits for the kernel to be idle again.
    queueMicrotask(() => callbacks?.iopub?.status?.({ content: { execution_state: "idle" } }));
    return "";
  }
  close() { comms.delete(this.comm_id); }
}

const viewsToCome = [];      // widgets and views being made (each widget's and its children's)
let booting = true;          // ... counted while the cells run, not after
const track = (promise) => { if (booting) viewsToCome.push(promise); return promise; };

class PageManager extends HTMLManager {
  constructor() {
    super({
      loader: (name) => name === "anywidget" ? Promise.resolve({ AnyModel, AnyView })
        : Promise.reject(new Error(`no widget module ${name} in this site`)),
    });
  }
  create_view(model, options) {
    const view = super.create_view(model, options);
    return track(view);
  }
}

/** Until the views of the widgets shown so far are drawn (ten seconds at most). Python runs on
 * the page's own thread: the next cell must wait, or the board's module (anywidget, which gives
 * a model two seconds to set up) could not load while Python holds the page. */
async function viewsDrawn() {
  const until = performance.now() + 10000;
  while (viewsToCome.length && performance.now() < until) {
    const batch = viewsToCome.splice(0);
    await Promise.race([Promise.allSettled(batch),
      new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now())))]);
    await pause();           // a child's view is asked for once its parent is drawn
  }
}
const manager = new PageManager();

/** Python -> page: a widget message (ipywidgets' comm_open, comm_msg, comm_close). */
function send(msgType, messageJson, buffers) {
  const msg = JSON.parse(messageJson);
  msg.buffers = (buffers ? buffers.toJs ? buffers.toJs() : buffers : []).map((b) => new DataView(b.buffer || b));
  const id = msg.content.comm_id;
  if (msgType === "comm_open") {
    const comm = new Comm(id, msg.content.target_name);
    comms.set(id, comm);
    track(manager.handle_comm_open(comm, msg).catch((e) => console.error("widget", e)));
  } else if (msgType === "comm_msg") {
    comms.get(id)?.receive(msg);
  } else if (msgType === "comm_close") {
    const comm = comms.get(id);
    comms.delete(id);
    comm?._onClose?.(msg);
  }
}

/** True if the same note ends the outputs just above (no prose between): say it once. */
function sameNoteJustAbove(place, text) {
  let above = place.previousElementSibling;
  while (above && above.classList.contains("cg-output") && !above.lastElementChild) {
    above = above.previousElementSibling;
  }
  const last = above?.classList.contains("cg-output") ? above.lastElementChild : null;
  return !!last && last.classList.contains("cg-site-note") && last.textContent === text;
}

/** Python -> page: something a cell showed. */
function output(cell, outputJson) {
  const out = JSON.parse(outputJson);
  const place = document.querySelector(`.cg-output[data-cell="${cell}"]`);
  if (!place) return;
  if (out.type === "stream") {
    let pre = place.lastElementChild;
    if (!pre || pre.tagName !== "PRE" || pre.dataset.stream !== out.name) {
      pre = document.createElement("pre");
      pre.dataset.stream = out.name;
      place.append(pre);
    }
    pre.textContent += out.text;
  } else if (out.type === "note" || out.type === "error") {
    if (sameNoteJustAbove(place, out.text)) return;
    const div = document.createElement("div");
    div.className = out.type === "note" ? "cg-site-note" : "cg-site-error";
    div.textContent = out.text;
    place.append(div);
  } else if (out.type === "display") {
    const data = out.data;
    const div = document.createElement("div");
    div.className = "cg-display";
    place.append(div);
    if (data[WIDGET_MIME]) {
      const id = data[WIDGET_MIME].model_id;
      track(manager.get_model(id)
        .then((model) => manager.create_view(model))
        .then((view) => manager.display_view(view, div))
        .catch((e) => console.error("widget view", e)));
    } else if (data["text/html"]) {
      div.innerHTML = data["text/html"];
    } else if (data["image/svg+xml"]) {
      div.innerHTML = data["image/svg+xml"];
    } else if (data["image/png"]) {
      const img = document.createElement("img");
      img.src = "data:image/png;base64," + data["image/png"];
      div.append(img);
    } else if (data["text/plain"] !== undefined) {
      const pre = document.createElement("pre");
      pre.textContent = data["text/plain"];
      div.append(pre);
    }
  }
}

function status(text) {
  const bar = document.getElementById("cg-status");
  if (!bar) return;
  bar.textContent = text;
  bar.hidden = !text;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));
/** After the next frame is painted (so that the progress line shows before a long step that
 * holds the page), or a tenth of a second at most (a tab in the background paints nothing). */
const painted = () => new Promise((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
});

/** Downloads of the page's Python, counted for the progress line. */
const downloads = { done: 0, total: 0, fromCache: true, phase: "" };

function showProgress() {
  // The page's status line says how much a first visit downloads in all (data-first-visit-mb,
  // written at build time); Pyodide fetches a part of it itself, uncounted here.
  const all = document.getElementById("cg-status")?.dataset.firstVisitMb;
  const got = downloads.total && !downloads.fromCache
    ? `: ${(downloads.done / 1e6).toFixed(1)} MB so far${all ? ` of about ${all} MB` : ""}, `
      + "which the next visit takes from the browser's cache" : "";
  status(downloads.phase + got + "…");
}

/** A file of the site, counted in the progress line as it arrives; gunzipped if asked. */
async function download(url, gunzip = false) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  const size = Number(response.headers.get("content-length")) || 0;
  downloads.total += size;
  let body = response.body;
  if (body && size) {
    const started = performance.now();
    body = body.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        downloads.done += chunk.byteLength;
        // A cached file arrives at once; a download takes a while: then say how much is left.
        if (performance.now() - started > 300) downloads.fromCache = false;
        showProgress();
        controller.enqueue(chunk);
      },
    }));
  }
  if (gunzip) body = body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** The packages' files (site-packages.gz, listed in site-packages.json) written into Python's
 * file system: the modules not imported in the snapshot, the packages' data files. */
function writePackages(pyodide, index, blob) {
  let at = 0;
  const made = new Set();
  for (const [file, size] of index.files) {
    const target = `${index.sitePackages}/${file}`;
    const folder = target.slice(0, target.lastIndexOf("/"));
    if (!made.has(folder)) { pyodide.FS.mkdirTree(folder); made.add(folder); }
    pyodide.FS.writeFile(target, blob.subarray(at, at + size));
    at += size;
  }
}

/** Start Python from the site's snapshot (the packages already imported), put the packages'
 * files in place, run the notebook's code cells, each under its place. */
export async function boot() {
  const started = performance.now();
  const timings = { bootAt: started };    // bootAt: since the page opened; the rest since bootAt
  const mark = (name) => { timings[name] = performance.now() - started; };
  const here = new URL(".", import.meta.url).href;        // .../static/
  downloads.phase = "Loading Python, which runs in your browser";
  showProgress();
  const snapshot = download(here + "python/snapshot.gz", true);
  const packages = Promise.all([
    fetch(here + "python/site-packages.json").then((r) => r.json()),
    download(here + "python/site-packages.gz", true)]);
  const { loadPyodide } = await import(here + "pyodide/pyodide.mjs");
  const loading = loadPyodide({
    indexURL: here + "pyodide/", stdout: console.log, stderr: console.warn,
    _loadSnapshot: snapshot.then(async (bytes) => {
      mark("downloaded");
      downloads.phase = "Starting Python";
      downloads.total = 0;
      showProgress();
      await painted();
      return bytes;
    }),
  });
  const pyodide = await loading;
  mark("pyodide");
  status("Setting up the card games…");
  await painted();
  const [index, blob] = await packages;
  writePackages(pyodide, index, blob);
  mark("files");
  pyodide.registerJsModule("cg_page", { send, output });
  runner = pyodide.pyimport("cg_site_runner");
  runner.start();
  mark("python");
  window.cgSite = { pyodide, runner, manager, timings };
  const cells = JSON.parse(document.getElementById("cg-cells").textContent);
  status("Dealing the cards…");
  await painted();
  const firstTable = new MutationObserver(() => {
    if (document.querySelector(".cg-app .cg-table")) { mark("table"); firstTable.disconnect(); }
  });
  firstTable.observe(document.body, { childList: true, subtree: true });
  for (const [cell, code] of cells) {
    const t = performance.now();
    runner.run_cell(cell, code);
    timings[`cell ${cell}`] = Math.round(performance.now() - t);
    await viewsDrawn();
    await pause();           // and the page painted before the next cell
  }
  firstTable.disconnect();
  booting = false;
  mark("cells");
  // ?view=table with no table to fill the window (a link the rules refuse): show the page.
  if (!document.querySelector(".cg-table.cg-fill")) document.documentElement.classList.remove("cg-view-table");
  status("");
  document.body.dataset.cgReady = "1";
}
