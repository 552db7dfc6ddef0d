// WhenDrawn (when_drawn.py): shows nothing; says {"type": "drawn"} to Python once the page's
// first table is on the screen and the page is idle, so that what waits for it (a match's
// table further down the page) is built then, not while that first table is being drawn.
const FIRST_TABLE = ".cg-table .cg-card, .cg-table .cg-action, .cg-app-message, .cg-app-elsewhere";
const GIVE_UP_MS = 8000; // a page with no table at all: say it anyway

function render({ model, el }) {
  el.className = "cg-when-drawn";
  let sent = false;
  const start = performance.now();
  const send = () => {
    if (sent) return;
    sent = true;
    model.send({ type: "drawn" });
  };
  const idle = (f) => (window.requestIdleCallback ? window.requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 200));
  const look = () => {
    if (document.querySelector(FIRST_TABLE) || performance.now() - start > GIVE_UP_MS) idle(send);
    else setTimeout(look, 100);
  };
  look();
}

export default { render };
