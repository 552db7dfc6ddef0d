"""See the board widget without the session: states built from real deals, in a static page.

    python3 scripts/board_preview.py [--out DIR] [--serve] [--shots DIR]

Writes a static harness into ``--out`` (default /tmp/board-preview): ``index.html`` (a list of
the scenes), ``board.html?s=<scene>`` (one board, drawn by the real ``board.js`` with a fake
anywidget model), ``states.json``, ``faces.svg`` and copies of ``board.js``/``board.css``.
``--serve`` serves it on 127.0.0.1 until Ctrl-C; ``--shots`` saves screenshots of the chosen
scenes at 390x844, 1280x800 and 1920x1080 (and the table alone at 1920x1080) with Chromium.

The states follow the layout in the docstring of cardgames/widgets/board.py and are built here
from ``cg.deal(...)`` and the hand's public surface only (the session's own state builder lives
elsewhere): the user's seat face up, every other seat face down (``{"back": true}`` and nothing
else), or every seat face up when watching.
In the page, a click on a legal card sends its message (kept in ``window.sent``) and, about 60 ms
later, draws the state after that card, as the kernel would, so the animations can be seen.

Until the project's card faces are on main, the faces are a stand-in sprite made here: one
``<symbol id="cg-face-TH" viewBox="0 0 240 336">`` per card and ``cg-back``, the same ids and
viewBox as ``cardgames.card_faces.sprite()``, which is used when it exists.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import random
import shutil
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cardgames as cg  # noqa: E402
from cardgames.cards import Card, sort_cards  # noqa: E402
from cardgames.engine import Action  # noqa: E402
from cardgames.table_words import named_public_info  # noqa: E402

WIDGETS = ROOT / "cardgames" / "widgets"
GAMES = ["quinto", "yukon", "pip_pip", "guinote", "pippins_aplenty"]
COMPASS = {2: ["South", "North"], 3: ["South", "West", "East"],
           4: ["North", "East", "South", "West"]}
NAMES = ["Ada", "Ben", "Cleo", "Dmitri", "Eve", "Farouk", "Gwendolyn", "Hiro", "Ines", "Jonas",
         "Kalinda", "Lou"]
BUTTON_LABELS = {"next": "Next", "finish_trick": "Finish trick", "finish_hand": "Finish hand",
                 "undo": "Undo", "redo": "Redo", "back": "\u25c0 1", "forward": "1 \u25b6",
                 "hint": "Hint"}
VIEWPORTS = [(390, 844), (1280, 800), (1920, 1080)]

# ---------------------------------------------------------------------------------------------
# A stand-in sprite: a rounded card, the rank and suit in two corners, a big suit in the middle.

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_VAR = {"S": "--cg-spades", "H": "--cg-hearts", "D": "--cg-diamonds", "C": "--cg-clubs"}
RANK_TEXT = {"T": "10"}


def standin_sprite() -> str:
    """Simple faces with the real sprite's ids and viewBox (a stand-in for card_faces)."""
    symbols = []
    for suit in "SHDC":
        colour = f"var({SUIT_VAR[suit]})"
        for rank in "23456789TJQKA":
            text = RANK_TEXT.get(rank, rank)
            pip = SUIT_SYMBOL[suit]
            symbols.append(
                f'<symbol id="cg-face-{rank}{suit}" viewBox="0 0 240 336">'
                '<rect x="2" y="2" width="236" height="332" rx="18" fill="#fff" stroke="#999" '
                'stroke-width="3"/>'
                f'<g fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700">'
                f'<text x="16" y="68" font-size="64">{text}</text>'
                f'<text x="18" y="128" font-size="56">{pip}</text>'
                f'<text x="120" y="220" font-size="130" text-anchor="middle">{pip}</text>'
                f'<g transform="rotate(180 120 168)"><text x="16" y="68" font-size="64">{text}'
                f'</text><text x="18" y="128" font-size="56">{pip}</text></g></g></symbol>')
    symbols.append(
        '<symbol id="cg-face-JK" viewBox="0 0 240 336"><rect x="2" y="2" width="236" '
        'height="332" rx="18" fill="#fff" stroke="#999" stroke-width="3"/><g '
        'fill="var(--cg-joker)" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700">'
        '<text x="120" y="190" font-size="54" text-anchor="middle">JOKER</text></g></symbol>')
    symbols.append(
        '<symbol id="cg-back" viewBox="0 0 240 336"><rect x="2" y="2" width="236" height="332" '
        'rx="18" fill="#24408e" stroke="#fff" stroke-width="6"/><rect x="22" y="22" '
        'width="196" height="292" rx="10" fill="none" stroke="#9fb3ea" stroke-width="6"/>'
        '<path d="M22 22L218 314M218 22L22 314" stroke="#5d77c4" stroke-width="5"/></symbol>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" style="display:none">'
            + "".join(symbols) + "</svg>")


def faces() -> str:
    try:
        from cardgames import card_faces  # type: ignore[attr-defined]
    except ImportError:
        return standin_sprite()
    return card_faces.sprite()


# ---------------------------------------------------------------------------------------------
# States from real deals, from the hand's public surface only.

def seat_names(seats: int) -> list[str]:
    return COMPASS.get(seats, NAMES[:seats])


def _card(card: Card) -> dict:
    return {"card": str(card), "name": card.name}


def _stock_count(text: str) -> int | None:
    first = text.split()[0] if text.split() else ""
    return int(first) if first.isdigit() else None


def _shown_card(text: str) -> str | None:
    try:
        return str(Card.parse(text.split()[0]))
    except (ValueError, IndexError):
        return None


def board_state(hand, *, user: int | None, bottom: int, seq: int = 1, fill: bool = False,
                watch: bool = False, animate: bool = True, finished=None,
                message: list[str] | None = None) -> dict:
    """A board state (its layout: board.py's docstring) for ``hand`` as ``user`` sees it (every
    hand when ``watch``); ``finished`` is a finished trick to show on the cloth with its winner."""
    n = hand.seats
    names = seat_names(n)
    legal = list(hand.legal_actions()) if not hand.is_over else []
    legal_cards = {str(a) for a in legal if isinstance(a, Card)}
    mover = None if hand.is_over else hand.to_move
    won = [0] * n
    for trick in hand.tricks:
        won[trick.winner] += 1
    partnerships = bool(hand.partnerships)
    seats = []
    for seat in range(n):
        face_up = watch or seat == user
        clickable = face_up and seat == mover and finished is None
        cards = []
        for card in sort_cards(hand.hands[seat]):
            if not face_up:
                cards.append({"back": True})
                continue
            entry = _card(card)
            if clickable:
                ok = str(card) in legal_cards
                entry.update(legal=ok, why="" if ok else (hand.why_illegal(card, seat) or ""),
                             hinted=False)
            cards.append(entry)
        side = ""
        if partnerships:
            side = "North\u2013South" if hand.side(seat) == 0 else "East\u2013West"
        badges = []
        if seat == hand.dealer:
            badges.append("dealer")
        if seat == user:
            badges.append("you")
        seats.append({"seat": seat, "name": names[seat], "side": side,
                      "points": hand.score[hand.side(seat)], "tricks": won[seat],
                      "badges": badges, "you": seat == user, "to_move": seat == mover,
                      "clickable": clickable, "cards": cards})
    if finished is not None:
        trick = {"title": f"Trick {len(hand.tricks)}",
                 "plays": [{"seat": s, **_card(c)} for s, c in finished.cards],
                 "winning": finished.winner, "winner": finished.winner}
        done = hand.tricks[:-1]
    else:
        trick = {"title": f"Trick {len(hand.tricks) + 1}",
                 "plays": [{"seat": s, **_card(c)} for s, c in hand.trick],
                 "winning": hand.current_winner(), "winner": None}
        done = hand.tricks
    last = None
    if done:
        t = done[-1]
        last = {"number": len(done), "winner": t.winner, "points": t.points,
                "plays": [{"seat": s, **_card(c)} for s, c in t.cards]}
    centre = []
    for label, text in named_public_info(hand, names):
        item = {"label": label, "text": text, "card": None}
        if label in ("Pinta", "Turned", "Trump card"):
            item["card"] = _shown_card(text)
        if label == "Stock":
            count = _stock_count(text)
            if count is not None:
                item["count"] = count
        centre.append(item)
    actions = [{"id": i, "label": a.label.replace("-", " ").capitalize(), "hinted": False}
               for i, a in enumerate(a for a in legal if isinstance(a, Action))]
    if message is None:
        message = []
        if hand.trick:
            s, c = hand.trick[-1]
            message.append(f"{names[s]} plays {c.label}.")
        if mover is not None:
            message.append("Your turn: play a card." if mover == user
                           else f"{names[mover]} to play.")
    buttons = {name: {"label": label, "enabled": name not in ("redo", "forward"),
                      "title": label} for name, label in BUTTON_LABELS.items()}
    return {"seq": seq, "title": hand.game.title,
            "caption": f"Trick {len(hand.tricks) + 1} \u00b7 seed {hand.seed}",
            "fill": fill, "animate": animate, "four_colour": False,
            "bottom": bottom, "hand_seat": None if watch else user,
            "seats": seats, "trick": trick, "last_trick": last, "centre": centre,
            "actions": actions, "buttons": buttons,
            "card_goes": {"play": "trick", "discard": "discard"}.get(hand.phase.value),
            "message": {"lines": message, "error": False}}


def _advance(hand, user: int, rng: random.Random, tricks: int, in_trick: int) -> None:
    """Play at random until ``user`` is to move with ``in_trick`` cards on the cloth after
    ``tricks`` tricks (or as near as the deal allows)."""
    for _ in range(2000):
        if hand.is_over:
            return
        if (len(hand.tricks) >= tricks and hand.to_move == user
                and len(hand.trick) >= min(in_trick, hand.seats - 1)):
            cards = [a for a in hand.legal_actions() if isinstance(a, Card)]
            if cards:
                return
        actions = list(hand.legal_actions())
        cards = [a for a in actions if isinstance(a, Card)]
        hand.apply(rng.choice(cards or actions))


def scene(game: str, seats: int, *, seed: int = 3, tricks: int = 2, in_trick: int = 2,
          watch: bool = False, fill: bool = False, finished: bool = False) -> dict:
    """One scene: the state, and the state after each legal card (for the page's clicks)."""
    hand = cg.deal(game, seed=seed, players=seats)
    user = {2: 0, 3: 0, 4: 2}.get(hand.seats, 0)
    rng = random.Random(seed)
    _advance(hand, user, rng, tricks, in_trick)
    if finished and hand.tricks:
        # one step back to the moment the last trick was complete on the cloth
        state = board_state(hand, user=user, bottom=user, fill=fill, watch=watch,
                            finished=hand.tricks[-1], message=[
                                f"{seat_names(hand.seats)[hand.tricks[-1].winner]} takes the trick."])
        return {"state": state, "after": {}}
    state = board_state(hand, user=user, bottom=user, fill=fill, watch=watch)
    after = {}
    mover = hand.to_move
    clickable = watch or mover == user
    if clickable and not hand.is_over:
        for action in hand.legal_actions():
            if isinstance(action, Card) and str(action) not in after:
                copy = cg.load(hand.to_json()) if not hasattr(hand, "copy") else hand.copy()
                copy.apply(action)
                # a trick just completed stays on the cloth with its winner, as at a table
                done = copy.tricks[-1] if len(copy.tricks) > len(hand.tricks) else None
                after[str(action)] = board_state(copy, user=user, bottom=user, seq=2,
                                                 fill=fill, watch=watch, finished=done)
    return {"state": state, "after": after}


def scenes() -> dict[str, dict]:
    """Every game at 2, 4, 6 and 12 seats where it has them, and a few special moments."""
    out = {}
    for game in GAMES:
        counts = set(cg.GAMES[game].player_counts)
        for seats in (2, 3, 4, 6, 12):
            if seats in counts and (seats != 3 or min(counts) == 3):
                out[f"{game}-{seats}"] = scene(game, seats)
    out["yukon-4-watch"] = scene("yukon", 4, watch=True)
    out["pip_pip-12-watch"] = scene("pip_pip", 12, watch=True)
    out["yukon-4-finished"] = scene("yukon", 4, tricks=3, finished=True)
    hint = scene("pip_pip", 4, seed=5)
    state = hint["state"]
    mine = next(s for s in state["seats"] if s["you"])
    best = next(c for c in mine["cards"] if c.get("legal"))
    best["hinted"] = True
    state["message"] = {"lines": [f"Hint: play the {best['name']}: it wins the trick."],
                        "error": False}
    out["pip_pip-4-hint"] = hint
    refused = scene("guinote", 4, seed=8, tricks=5)
    refused["state"]["message"] = {"lines": ["That card may not be played now."], "error": True}
    out["guinote-4-error"] = refused
    out["guinote-4-lead"] = scene("guinote", 4, tricks=1, in_trick=0)
    out["quinto-4-doubling"] = {"state": board_state(cg.deal("quinto", seed=3, players=4),
                                                     user=2, bottom=2), "after": {}}
    out.update(session_scenes())
    return out


def session_scenes() -> dict[str, dict]:
    """The same moments as the session draws them (cardgames.board_state), when it exists: a
    check that the board and the session's state builder agree."""
    try:
        from cardgames.board_state import board_state as session_state
        from cardgames.session import TableSession
    except ImportError:
        return {}
    out = {}
    for game, players, seat, steps in [("yukon", 4, 2, 13), ("yukon", 4, None, 1),
                                       ("guinote", 4, None, 13), ("pip_pip", 12, 0, 37),
                                       ("quinto", 3, 0, 10), ("quinto", 4, 2, 2),
                                       ("pip_pip", 12, None, 1)]:
        session = TableSession(game, seed=3, players=players, seat=seat, auto=False)
        for _ in range(steps):
            session.run(session.step)   # as the Next button: the message line follows
        out[f"session-{game}-{players}{'-watch' if seat is None else ''}"] = {
            "state": session_state(session, seq=1), "after": {}}
    out.update(lesson_scenes(session_state, TableSession))
    return out


def _play_first(session) -> None:
    """The user plays the first card (or action) the table offers."""
    choices = session.choices()
    session.run(session.choose, choices[0])


def lesson_scenes(session_state, TableSession) -> dict[str, dict]:
    """The moments a player learns from, as the session draws them: a finished trick held on
    the cloth (every game), the end of a hand and of a match's hand, a review at a step."""
    out = {}
    for game, players in [("quinto", 4), ("yukon", 4), ("pip_pip", 6), ("guinote", 4),
                          ("pippins_aplenty", 4), ("pip_pip", 12), ("yukon", 2)]:
        session = TableSession(game, seed=3, players=players, seat=0)
        for _ in range(200):
            if session.holding() and len(session.hand.tricks) >= 2:
                break
            if session.choices():
                _play_first(session)
            else:
                session.run(session.continue_play if session.holding() else session.step)
        out[f"lesson-{game}-{players}-held"] = {"state": session_state(session, seq=1),
                                                 "after": {}}
    for game, players in [("yukon", 4), ("pip_pip", 5), ("guinote", 2)]:
        session = TableSession(game, seed=4, players=players, seat=0, pace="none")
        while not session.hand.is_over:
            _play_first(session) if session.choices() else session.run(session.step)
        out[f"lesson-{game}-{players}-over"] = {"state": session_state(session, seq=1),
                                                 "after": {}}
        if game == "yukon":
            session.run(session.open_review, None, 20)
            session.run(session.review_go, 5)
            out["lesson-yukon-4-review"] = {"state": session_state(session, seq=1), "after": {}}
    match = TableSession("yukon", seed=5, players=4, seat=None, match=True, target=500,
                         pace="none")
    match.run(match.finish_hand)
    out["lesson-yukon-4-match-hand"] = {"state": session_state(match, seq=1), "after": {}}
    match = TableSession("guinote", seed=5, players=4, seat=None, match=True, pace="none")
    match.run(match.finish_hand)
    out["lesson-guinote-4-match-over"] = {"state": session_state(match, seq=1), "after": {}}
    return out


# ---------------------------------------------------------------------------------------------
# The static harness.

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Board preview</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="board.css">
<style>
  body { margin: 0; padding: 8px; background: #e8e8e8; font: 15px sans-serif; }
  .page-text { color: #333; margin: 6px 4px; }
</style></head>
<body>
<p class="page-text">A page around the board (a Voila page has its own text here).</p>
<div id="app"></div>
<p class="page-text">More of the page below the board.</p>
<script type="module">
import board from "./board.js";
const params = new URLSearchParams(location.search);
const scenes = await (await fetch("states.json")).json();
const sprite = await (await fetch("faces.svg")).text();
const name = params.get("s") || Object.keys(scenes)[0];
const scene = scenes[name];
const state = structuredClone(scene.state);
if (params.has("fill")) state.fill = params.get("fill") === "1";
if (params.has("animate")) state.animate = params.get("animate") === "1";
if (params.has("four")) state.four_colour = true;
const handlers = {};
// ?python_in_page: the model of the static site, whose Python runs in the page itself
const data = { state, faces: sprite, python_in_page: params.has("python_in_page") };
window.sent = [];
const model = {
  get: (key) => data[key],
  set: (key, value) => { data[key] = value; (handlers["change:" + key] || []).forEach((f) => f()); },
  on: (event, f) => { (handlers[event] = handlers[event] || []).push(f); },
  off: (event, f) => { handlers[event] = (handlers[event] || []).filter((g) => g !== f); },
  send: (message) => {
    window.sent.push(message);
    const next = message.type === "play" && scene.after[message.card];
    if (next && !params.has("still")) {
      setTimeout(() => model.set("state", Object.assign(structuredClone(next), {
        fill: state.fill, animate: state.animate, four_colour: state.four_colour})), 60);
    }
  },
  save_changes: () => {},
};
window.model = model;
board.render({ model, el: document.getElementById("app") });
window.boardReady = true;
</script>
</body></html>
"""


def write_harness(out: Path) -> dict[str, dict]:
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy(WIDGETS / "board.js", out / "board.js")
    shutil.copy(WIDGETS / "board.css", out / "board.css")
    (out / "faces.svg").write_text(faces())
    found = scenes()
    (out / "states.json").write_text(json.dumps(found))
    (out / "board.html").write_text(PAGE)
    links = "".join(f'<li><a href="board.html?s={n}">{n}</a> '
                    f'(<a href="board.html?s={n}&fill=1">table alone</a>)</li>' for n in found)
    (out / "index.html").write_text(f"<!doctype html><meta charset=utf-8><title>Board scenes"
                                    f"</title><h1>Board scenes</h1><ul>{links}</ul>")
    return found


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def serve(folder: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """Serve ``folder`` on 127.0.0.1 in a background thread (``server.shutdown()`` stops it)."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def shots(folder: Path, shots_dir: Path, names: list[str]) -> list[Path]:
    from playwright.sync_api import sync_playwright

    shots_dir.mkdir(parents=True, exist_ok=True)
    server = serve(folder)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    saved = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for width, height, fill in [*((w, h, False) for w, h in VIEWPORTS),
                                            (1920, 1080, True)]:
                    page = browser.new_page(viewport={"width": width, "height": height})
                    errors = []
                    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    for name in names:
                        page.goto(f"{base}/board.html?s={name}&animate=0"
                                  + ("&fill=1" if fill else ""))
                        page.wait_for_function("window.boardReady === true")
                        page.wait_for_timeout(150)
                        path = shots_dir / f"{name}-{width}x{height}{'-fill' if fill else ''}.png"
                        page.screenshot(path=str(path), full_page=not fill)
                        saved.append(path)
                    if errors:
                        print("console errors:", *errors, sep="\n  ")
                    page.close()
            finally:
                browser.close()
    finally:
        server.shutdown()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/board-preview"))
    parser.add_argument("--serve", action="store_true", help="serve the page on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8877)
    parser.add_argument("--shots", type=Path, help="save screenshots into this folder")
    parser.add_argument("--only", nargs="*", help="scenes for the screenshots (default: all)")
    args = parser.parse_args()
    found = write_harness(args.out)
    print(f"{len(found)} scenes written to {args.out}")
    if args.shots:
        for path in shots(args.out, args.shots, args.only or list(found)):
            print(path)
    if args.serve:
        server = serve(args.out, args.port)
        print(f"http://127.0.0.1:{server.server_address[1]}/index.html (Ctrl-C stops)")
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            server.shutdown()


if __name__ == "__main__":
    main()
