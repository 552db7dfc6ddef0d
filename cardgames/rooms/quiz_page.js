// A class quiz's page without a kernel: the server sends the page's view as HTML it built
// ({type: "view", html, key}); the page sends a pupil's answer ({type: "answer", question,
// choices}) or, on the projector opened with the teacher's key in its fragment (#key=...), the
// teacher's moves ({type: "teacher", do, key}). {type: "refused", text} and {type: "closed",
// text} are said in the status line.
const page = document.querySelector(".cg-quiz-page");
const view = page.querySelector(".cg-quiz-view");
const status = page.querySelector(".cg-connection");
const key = new URLSearchParams(location.hash.slice(1)).get("key");

function say(text, refused) {
  status.textContent = text;
  status.classList.toggle("cg-quiz-refused", Boolean(refused));
}

function token() {
  let held = null;
  try { held = localStorage.getItem("cg-quiz-token"); } catch (e) { /* private mode */ }
  if (!held) {
    held = Array.from(crypto.getRandomValues(new Uint8Array(12)),
      (b) => b.toString(16).padStart(2, "0")).join("");
    try { localStorage.setItem("cg-quiz-token", held); } catch (e) { /* kept for this page */ }
  }
  return held;
}

function draw(html) {
  view.innerHTML = html;
  const teacher = view.querySelector(".cg-quiz-teacher");
  if (teacher && key !== null) teacher.hidden = false;
}

function connect() {
  const url = new URL(page.dataset.socket, location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  if (page.dataset.kind === "pupil") url.searchParams.set("token", token());
  let ended = false;
  let tries = 0;
  let socket = null;
  const send = (message) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  view.addEventListener("click", (event) => {
    const choice = event.target.closest(".cg-quiz-choice");
    const sendButton = event.target.closest(".cg-quiz-send");
    const next = event.target.closest(".cg-quiz-next");
    const choices = view.querySelector(".cg-quiz-choices");
    if (choice && choices) {
      const question = Number(choices.dataset.question);
      if (choices.dataset.picks === "many") {
        choice.classList.toggle("cg-picked");
        const picked = choices.querySelectorAll(".cg-picked").length;
        const check = view.querySelector(".cg-quiz-send");
        if (check) check.disabled = picked === 0;
      } else {
        choice.classList.add("cg-picked");
        for (const b of choices.querySelectorAll(".cg-quiz-choice")) b.disabled = true;
        send({ type: "answer", question, choices: [Number(choice.dataset.index)] });
      }
    } else if (sendButton && choices) {
      const picked = Array.from(choices.querySelectorAll(".cg-picked"),
        (b) => Number(b.dataset.index));
      sendButton.disabled = true;
      send({ type: "answer", question: Number(choices.dataset.question), choices: picked });
    } else if (next) {
      next.disabled = true;
      send({ type: "teacher", do: next.dataset.do, key });
    }
  });
  const open = () => {
    socket = new WebSocket(url);
    socket.addEventListener("open", () => { tries = 0; say(""); });
    socket.addEventListener("message", (event) => {
      let data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data.type === "view") { draw(data.html); say(""); }
      else if (data.type === "refused") {
        say(data.text, true);
        for (const b of view.querySelectorAll("button")) b.disabled = false;
      } else if (data.type === "closed") { ended = true; say(data.text, true); }
    });
    socket.addEventListener("close", () => {
      if (ended) return;
      tries += 1;
      say("The connection to the server was lost: trying again…");
      setTimeout(open, Math.min(5000, 500 * tries));
    });
  };
  open();
}

if (page.dataset.kind !== "words" && page.dataset.socket) connect();
