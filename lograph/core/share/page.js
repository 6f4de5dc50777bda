// lograph: draws a board and plays it. One ES module, one export (playBoard), used in two
// places: the shared page (`lograph share`) runs it inline on the board's data, and the
// notebook widget (lograph.notebook) loads it as its module with a few lines of glue
// appended. No framework, no build step, no network.

const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attrs = {}, text = "") => {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
};
const html = (tag, attrs = {}, text = "") => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
};

/**
 * Draw the board of `DATA` (as `lograph.core.share.page` builds it) into `root` and play it.
 *
 * hooks.changed({lights, presses}) is called after every move, undo, reset and new game
 * (presses: the ids pressed since the position was set, in order); hooks.store, an object
 * with load() and save(progress), keeps a pack's progress between visits.
 * Returns the controls a host needs: the lights, the presses, the page's own solver, and
 * play(lights) to start a new game from a position set from outside.
 */
export function playBoard(root, DATA, hooks = {}) {
  const B = DATA.board, N = B.ids.length, K = B.states;
  const levels = DATA.levels.map((item) => ({ ...item }));
  root.classList.add("lograph-play");

  // -------------------------------------------------------------- the state of play
  let level = 0, lights = [], history = [], started = 0, elapsed = 0, timer = 0;
  const store = hooks.store || { load: () => ({}), save: () => {} };
  const progress = store.load() || {};

  // -------------------------------------------------------------- the page
  const header = html("header");
  header.append(html("h1", {}, DATA.title), html("p", { class: "rule" }, B.rule));
  const status = html("p", { class: "status", "aria-live": "polite" });
  const stage = html("div", { class: "stage" });
  const board = svg("svg", { class: "board", role: "group", "aria-label": "the board" });
  const party = html("div", { class: "celebration", role: "status", hidden: "" });
  stage.append(board, party);
  const bar = html("nav", { class: "bar" });
  const group = (...items) => {  // buttons that wrap onto a new line together, never alone
    const span = html("span", { class: "group" });
    for (const [id, label] of items) {
      span.append(html("button", { type: "button", "data-action": id }, label));
    }
    bar.append(span);
    return span;
  };
  if (DATA.pack) {
    group(["prev", "◀ Previous"], ["next", "Next ▶"]);
    group(["undo", "Undo"], ["reset", "Reset"], ["hint", "Hint"]);
  } else {  // four buttons do not fit a 320-pixel phone in one line: two and two
    group(["undo", "Undo"], ["reset", "Reset"]);
    group(["hint", "Hint"], ["new", "New game"]);
  }
  const actionButton = (id) => bar.querySelector(`[data-action="${id}"]`);
  const message = html("p", { class: "message", "aria-live": "polite" });
  const list = DATA.pack ? html("ol", { class: "levels" }) : null;
  root.append(header, status, stage, bar, message);
  if (list) root.append(html("h2", {}, "Levels"), list);

  // -------------------------------------------------------------- drawing the board
  const R = B.radius, STUB = 13, TAG = 7;
  const discs = [];
  function drawBoard() {
    const reach = R + 4 + (B.stubs.length ? STUB + 2 * TAG : 0) + (B.loops.some((v) => v) ? R * 0.5 : 0);
    const xs = B.x.length ? B.x : [0], ys = B.y.length ? B.y : [0];
    const x0 = Math.min(...xs) - reach, y0 = Math.min(...ys) - reach;
    const w = Math.max(...xs) - x0 + reach, h = Math.max(...ys) - y0 + reach;
    board.setAttribute("viewBox", `${x0} ${y0} ${w} ${h}`);
    const defs = svg("defs");
    const marker = svg("marker", {
      id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, orient: "auto",
      markerWidth: 4, markerHeight: 4,
    });
    marker.append(svg("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow" }));
    defs.append(marker);
    board.append(defs);
    const edges = svg("g", { class: "edges" });
    for (const [u, v] of B.edges) {
      const dx = B.x[v] - B.x[u], dy = B.y[v] - B.y[u], len = Math.hypot(dx, dy) || 1;
      const end = B.directed ? R + 2 : 0;
      const line = svg("line", {
        x1: B.x[u], y1: B.y[u], x2: B.x[v] - (dx * end) / len, y2: B.y[v] - (dy * end) / len,
      });
      if (B.directed) line.setAttribute("marker-end", "url(#arrow)");
      edges.append(line);
    }
    for (const [b, dx, dy, number, head] of B.stubs) {
      const near = [B.x[b] + dx * R, B.y[b] + dy * R];
      const far = [B.x[b] + dx * (R + STUB), B.y[b] + dy * (R + STUB)];
      const [from, to] = head && B.directed ? [far, near] : [near, far];
      const line = svg("line", { class: "stub", x1: from[0], y1: from[1], x2: to[0], y2: to[1] });
      if (head && B.directed) line.setAttribute("marker-end", "url(#arrow)");
      const cx = B.x[b] + dx * (R + STUB + TAG), cy = B.y[b] + dy * (R + STUB + TAG);
      edges.append(line, svg("circle", { class: "tag", cx, cy, r: TAG }));
      edges.append(svg("text", { class: "tag-number", x: cx, y: cy }, String(number)));
    }
    for (let i = 0; i < N; i++) {
      if (!B.loops[i]) continue;
      const cx = B.x[i] - R * 0.85, cy = B.y[i] - R * 0.85, r = R * 0.55;
      edges.append(svg("circle", { class: B.loops[i] > 0 ? "loop" : "loop off", cx, cy, r }));
      if (B.loops[i] < 0) {
        edges.append(svg("line", { class: "strike", x1: cx - r, y1: cy + r, x2: cx + r, y2: cy - r }));
      }
    }
    board.append(edges);
    const buttons = svg("g", { class: "buttons" });
    for (let i = 0; i < N; i++) {
      const g = svg("g", {
        "data-button": B.ids[i], transform: `translate(${B.x[i]} ${B.y[i]})`,
        role: "button", tabindex: "0", "aria-label": B.names[i],
      });
      const disc = svg("circle", { r: R });
      const digit = svg("text", { class: "digit" });
      g.append(svg("title", {}, B.names[i]), disc, digit);
      g.addEventListener("click", () => press(i));
      g.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); press(i); }
      });
      discs.push({ g, disc, digit });
      buttons.append(g);
    }
    board.append(buttons);
  }

  function paint(i) {
    const value = lights[i];
    discs[i].disc.setAttribute("fill", B.colors[value]);
    if (K > 2) {
      discs[i].digit.textContent = String(value);
      discs[i].digit.setAttribute("fill", B.inks[value]);
    }
  }

  // -------------------------------------------------------------- playing
  const solved = () => lights.every((v) => v === 0);
  const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const changed = () => {
    if (hooks.changed) hooks.changed({ lights: lights.slice(), presses: history.map((i) => B.ids[i]) });
  };

  function press(i, undoing = false) {
    if (!undoing && solved() && history.length) return;  // solved: reset or move on
    const step = undoing ? K - 1 : 1;
    for (const t of B.columns[i]) { lights[t] = (lights[t] + step) % K; paint(t); }
    if (undoing) history.pop(); else history.push(i);
    if (!started && history.length) startClock();
    clearHint();
    update();
    changed();
  }

  function startClock() {
    started = Date.now() - elapsed * 1000;
    timer = setInterval(() => { elapsed = Math.floor((Date.now() - started) / 1000); update(); }, 1000);
  }
  function stopClock() { clearInterval(timer); timer = 0; started = 0; }

  function update() {
    const done = solved();
    root.dataset.solved = String(done);
    const best = levels[level].fewest;
    const bestText = best === null ? " · no solution" : best === undefined ? "" : ` · best ${best}`;
    const where = DATA.pack ? `Level ${level + 1} of ${levels.length} · ` : "";
    status.textContent = `${where}Moves ${history.length} · ${clock(elapsed)}${bestText}`;
    if (done && timer) {
      stopClock();
      message.textContent = verdict(history.length, levels[level]);
      if (DATA.pack) {
        const before = progress[level];
        if (before === undefined || history.length < before) progress[level] = history.length;
        store.save(progress);
        fillList();
      }
      celebrate();
    }
    if (DATA.pack) {
      actionButton("prev").disabled = level === 0;
      actionButton("next").disabled = level === levels.length - 1;
    }
  }

  function verdict(moves, item) {
    if (item.fewest === null || item.fewest === undefined) return `Solved in ${moves}.`;
    const best = item.exact ? `the best is ${item.fewest}` : `the best known is ${item.fewest}`;
    return `Solved in ${moves} — ${best}.` + (moves <= item.fewest ? " Perfect!" : "");
  }

  // -------------------------------------------------------------- the celebration
  function celebrate() {
    // a wave of light runs out from the last press, and a card says how it went
    const last = history.length ? history[history.length - 1] : 0;
    const far = Math.max(1, ...B.x.map((x, i) => Math.hypot(x - B.x[last], B.y[i] - B.y[last])));
    discs.forEach(({ g }, i) => {
      const distance = Math.hypot(B.x[i] - B.x[last], B.y[i] - B.y[last]);
      g.style.setProperty("--delay", `${((0.6 * distance) / far).toFixed(3)}s`);
    });
    root.classList.remove("celebrate");
    void root.getBoundingClientRect();  // restart the animation on a second solve
    root.classList.add("celebrate");
    const item = levels[level];
    const perfect = item.fewest !== null && item.fewest !== undefined && history.length <= item.fewest;
    party.replaceChildren(
      html("p", { class: "cheer" }, perfect ? "★ Perfect! ★" : "★ Solved! ★"),
      html("p", {}, verdict(history.length, item).replace(" Perfect!", "")),
    );
    const more = html("p", { class: "more" });
    if (DATA.pack && level < levels.length - 1) more.append(partyButton("next", "Next level ▶"));
    else if (!DATA.pack) more.append(partyButton("new", "New game"));
    more.append(partyButton("close", "Look at the board"));
    party.append(more);
    party.hidden = false;
  }
  const partyButton = (id, label) => html("button", { type: "button", "data-action": id }, label);
  function calm() {
    root.classList.remove("celebrate");
    party.hidden = true;
  }

  // -------------------------------------------------------------- levels and new games
  function start(index) {
    stopClock();
    calm();
    level = index;
    lights = levels[index].lights.slice();
    history = [];
    elapsed = 0;
    message.textContent = "";
    for (let i = 0; i < N; i++) paint(i);
    clearHint();
    update();
    if (list) fillList();
    changed();
  }

  function bestFor(position) {  // the fewest presses the page's solver finds, if it has one
    if (!B.hints) return { fewest: undefined, exact: false };
    const answer = fewest(position);
    return answer ? { fewest: answer.count, exact: answer.exact } : { fewest: null, exact: true };
  }

  function play(position) {  // a new game from a position set from outside
    levels[level] = { ...levels[level], lights: position.slice(), ...bestFor(position) };
    start(level);
  }

  function newGame() {  // presses at random from all off: a position that can be solved
    let position = new Array(N).fill(0), count = 0;
    for (let attempt = 0; attempt < 32 && !position.some((v) => v); attempt++) {
      position = new Array(N).fill(0);
      count = 0;
      for (let i = 0; i < N; i++) {
        const times = Math.floor(Math.random() * K);
        count += times;
        for (const t of B.columns[i]) position[t] = (position[t] + times) % K;
      }
    }
    const best = bestFor(position);
    if (best.fewest === undefined) { best.fewest = count; best.exact = false; }  // a solution known
    levels[level] = { ...levels[level], name: "New game", lights: position, ...best };
    start(level);
  }

  function fillList() {
    list.replaceChildren();
    levels.forEach((entry, i) => {
      const best = entry.fewest === null ? "—" : entry.fewest;
      const mine = progress[i] === undefined ? "" : ` · solved in ${progress[i]}`;
      const button = html("button", { type: "button", "data-level": i + 1 },
        `Level ${i + 1} · fewest ${best}${mine}`);
      if (progress[i] !== undefined) button.classList.add("done");
      if (i === level) button.setAttribute("aria-current", "true");
      button.addEventListener("click", () => start(i));
      const item = html("li");
      item.append(button);
      list.append(item);
    });
  }

  // -------------------------------------------------------------- hints: the page's solver
  let hinted = -1;
  function clearHint() {
    if (hinted >= 0) discs[hinted].g.classList.remove("hint");
    hinted = -1;
  }

  function hint() {
    clearHint();
    if (!B.hints) {
      message.textContent = `Hints are made for boards of up to ${B.hintLimit} buttons only.`;
      return;
    }
    if (solved()) { message.textContent = "All lights are off."; return; }
    const answer = fewest(lights);
    if (!answer) {
      message.textContent = "No presses clear this position: undo or reset.";
      return;
    }
    hinted = answer.presses.findIndex((x) => x > 0);
    discs[hinted].g.classList.add("hint");
    const kind = answer.exact ? "a fewest-presses solution" : "a solution (not proven fewest)";
    message.textContent = `Hint: press ${B.names[hinted]} — ${kind} takes ${answer.count} more.`;
  }

  const bitsFor = (q) => Math.max(1, Math.ceil(Math.log2(q)));
  function decode(text, q) {  // n×n entries of ceil(log2 q) bits, high bit first (tables.py)
    const bytes = atob(text), bits = bitsFor(q), out = new Int32Array(N * N);
    for (let i = 0, at = 0; i < N * N; i++) {
      let value = 0;
      for (let b = 0; b < bits; b++, at++) {
        value = value * 2 + ((bytes.charCodeAt(at >> 3) >> (7 - (at & 7))) & 1);
      }
      out[i] = value;
    }
    return out;
  }

  let factors = null;
  function solveFactor(f, rhs) {  // U A V = D over Z_q: x = V (U rhs / D), or null
    const { p, e, q, valuations } = f, r = valuations.length;
    const y = new Array(N).fill(0);
    for (let t = 0; t < N; t++) {
      let s = 0;
      for (let j = 0; j < N; j++) s += f.U[t * N + j] * (rhs[j] % q);
      y[t] = s % q;
    }
    for (let t = 0; t < N; t++) {
      const step = t < r ? p ** valuations[t] : q;
      if (y[t] % step) return null;
      y[t] = t < r ? y[t] / step : 0;
    }
    const column = (t, times) => Array.from({ length: N }, (_, j) => (f.V[j * N + t] * times) % q);
    const x = new Array(N).fill(0);
    for (let t = 0; t < r; t++) if (y[t]) column(t, y[t]).forEach((v, j) => { x[j] += v; });
    const quiet = [];
    for (let t = 0; t < N; t++) {
      const a = t < r ? valuations[t] : e;
      if (a > 0) quiet.push({ order: p ** a, vector: column(t, p ** (e - a)) });
    }
    return { x: x.map((v) => v % q), quiet };
  }

  function fewest(position) {  // the lightest solution of A x = -position (mod K), or null
    if (!factors) {
      factors = B.hints.factors.map((f) => ({ ...f, U: decode(f.U, f.q), V: decode(f.V, f.q) }));
    }
    const rhs = position.map((v) => (K - v) % K);
    const x = new Array(N).fill(0), quiet = [];
    for (const f of factors) {  // join the prime powers' answers (Chinese remainders)
      const part = solveFactor(f, rhs);
      if (!part) return null;
      part.x.forEach((v, j) => { x[j] = (x[j] + v * f.idem) % K; });
      for (const g of part.quiet) quiet.push({ order: g.order, vector: g.vector.map((v) => (v * f.idem) % K) });
    }
    const weight = (v) => v.reduce((a, b) => a + b, 0);
    let best = x.slice(), count = weight(x);
    const total = quiet.reduce((a, g) => a * g.order, 1);
    if (total > B.hints.limit) return { presses: best, count, exact: false };
    const digits = new Array(quiet.length).fill(0), now = x.slice();
    for (;;) {  // every quiet pattern added in turn, as an odometer
      let d = 0;
      for (; d < quiet.length; d++) {
        quiet[d].vector.forEach((v, j) => { now[j] = (now[j] + v) % K; });
        if (++digits[d] < quiet[d].order) break;
        digits[d] = 0;
      }
      if (d === quiet.length) break;
      const w = weight(now);
      if (w < count) { count = w; best = now.slice(); }
    }
    return { presses: best, count, exact: true };
  }

  // -------------------------------------------------------------- wiring
  root.addEventListener("click", (event) => {
    const id = event.target.closest("button[data-action]")?.dataset.action;
    if (event.target === party) calm();  // a click beside the card puts it away
    if (id === "undo" && history.length) {
      press(history[history.length - 1], true);
      message.textContent = "";
      calm();
    } else if (id === "reset") start(level);
    else if (id === "hint") hint();
    else if (id === "new") newGame();
    else if (id === "close") calm();
    else if (id === "prev" && level > 0) start(level - 1);
    else if (id === "next" && level < levels.length - 1) start(level + 1);
  });
  drawBoard();
  start(0);
  return {
    lights: () => lights.slice(),
    presses: () => history.map((i) => B.ids[i]),
    fewest: () => fewest(lights),
    start,
    play,
    newGame,
    stop: stopClock,
  };
}
