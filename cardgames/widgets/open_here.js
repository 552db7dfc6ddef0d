// OpenHere (open_here.py): shows nothing; once it is on the page, the page scrolls it to the top
// of the window, so that the section under it (what the page's link asked for) is what the
// reader sees first. Once per page, and not when the reader has scrolled already.
const WAIT_MS = 10000; // a view never put on the page: give up

// the page, or a box of it, scrolled already (the climb ends at <html>, the page's own scroller)
function scrolled(node) {
  for (let up = node.parentElement; up; up = up.parentElement) {
    if (up.scrollTop > 0) return true;
  }
  return false;
}

function render({ el }) {
  el.className = "cg-open-here";
  const start = performance.now();
  const look = () => {
    if (globalThis.cgOpenedHere) return;
    if (!el.isConnected || !el.offsetParent) {
      if (performance.now() - start < WAIT_MS) requestAnimationFrame(look);
      return;
    }
    globalThis.cgOpenedHere = true;
    if (!scrolled(el)) el.scrollIntoView({ block: "start" });
  };
  requestAnimationFrame(look);
}

export default { render };
