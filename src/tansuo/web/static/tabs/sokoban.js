// Sokoban tab: play a bundled or pasted level with the arrow keys; solve it with tansuo.sokoban and watch.
import { api, el, select, labelled, messageLine, showStats, thousands, seconds, plural, cancelled } from "/static/core.js";

const STEP = { l: [0, -1], u: [-1, 0], r: [0, 1], d: [1, 0] };
const KEYS = { ArrowLeft: "l", ArrowUp: "u", ArrowRight: "r", ArrowDown: "d" };
const SAMPLE = "#######\n#     #\n# .$. #\n# $@$ #\n# .$. #\n#     #\n#######";

export function mount(root) {
  const state = { loads: 0, analysis: null, pushed: new Map(), level: null, body: null, walls: [], goals: new Set(), inside: new Set(), start: null, boxes: new Set(), player: 0, width: 0, history: "", timer: null, solution: "" };
  const message = messageLine();
  const board = el("div", { class: "board sokoban", role: "img", "aria-label": "Sokoban level" });
  const stats = el("dl", { class: "stats" });
  const status = el("span", { class: "steps", id: "sokoban-status", "aria-live": "polite" });
  const source = select("Levels", [["microban", "Microban"], ["xsokoban90", "XSokoban 90"], ["text", "Pasted text"]], "microban", { name: "collection", onchange: () => {
    const pasted = source.control_.value === "text";
    paste.hidden = !pasted;
    if (pasted) { number.value = "1"; of.textContent = ""; text.focus(); } else load(1);
  } });
  const number = el("input", { type: "number", name: "number", min: "1", value: "1", onchange: () => load(Number(number.value)) });
  const of = el("span", { class: "steps" });
  const mode = select("Solve for", [["fast", "fast (any solution)"], ["push-optimal", "fewest pushes"], ["move-optimal", "fewest moves"]], "fast", { name: "mode" });
  const time = select("Time limit", [[1, "1 s"], [5, "5 s"], [10, "10 s"]], 5, { name: "time" });
  const showDead = labelled("Dead squares", el("input", { type: "checkbox", name: "dead", checked: true, onchange: () => render() }));
  const speed = select("Speed", [[400, "slow"], [150, "normal"], [50, "fast"]], 150, { name: "speed" });
  const text = el("textarea", { name: "text", rows: "8", spellcheck: "false", "aria-label": "Level as XSB text" }, SAMPLE);
  const paste = el("div", { hidden: true }, text, el("div", { class: "toolbar" },
    el("button", { class: "action", type: "button", onclick: () => load(1) }, "Load text")));
  const solveButton = el("button", { class: "action primary", type: "button", onclick: () => solveLevel() }, "Solve");
  const undoButton = el("button", { class: "action", type: "button", onclick: () => undo() }, "Undo");
  const pad = el("div", { class: "pad" }, ...["u", "l", "d", "r"].map((d) => el("button", {
    class: `action pad-${d}`, type: "button", "aria-label": { l: "left", u: "up", r: "right", d: "down" }[d], onclick: () => { stop(); walk(d); },
  }, { l: "←", u: "↑", r: "→", d: "↓" }[d])));

  root.append(el("div", { class: "layout" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "Push every box ($) onto a goal. Arrow keys walk and push, Backspace or Z undoes; Solve asks tansuo.sokoban and plays its answer."),
      el("div", { class: "toolbar" }, source,
        labelled("Level", number), of,
        el("span", { class: "segmented" },
          el("button", { type: "button", "aria-label": "previous level", onclick: () => load(Number(number.value) - 1) }, "‹"),
          el("button", { type: "button", "aria-label": "next level", onclick: () => load(Number(number.value) + 1) }, "›"))),
      paste,
      el("div", { class: "toolbar" }, mode, time, speed, showDead),
      el("div", { class: "toolbar" }, solveButton, undoButton,
        el("button", { class: "action", type: "button", onclick: () => { stop(); replayTo(""); } }, "Restart"), status),
      message.node, board, pad),
    el("aside", { class: "card" }, el("h2", {}, "Moves"), stats,
      el("p", { class: "about" }, "Before it searches, the solver marks the dead squares (✕): a box pushed there can never reach a goal, so such pushes are never tried. The number on each box is the fewest pushes that take it alone to its nearest goal; their sum is a lower bound on the pushes of any solution, the heuristic of its A*. A solution played here numbers its pushes where each box went."))));

  function request(n) {
    return source.control_.value === "text" ? { text: text.value, number: n } : { collection: source.control_.value, number: n };
  }

  async function load(n) {
    stop();
    if (!Number.isInteger(n) || n < 1) n = 1;
    const body = request(n);
    const mine = ++state.loads; // a solve or load started before this one is dropped
    try {
      const level = await api("/api/sokoban/level", body);
      if (mine !== state.loads) return false;
      message.clear();
      state.analysis = null;
      state.level = level;
      state.body = body;
      number.value = String(level.number);
      number.max = String(level.levels);
      of.textContent = `of ${level.levels}${level.title !== String(level.number) ? ` · ${level.title}` : ""}`;
      parse(level.rows);
      replayTo("");
      showStats(stats, [["level", level.name], ["boxes", state.start.boxes.size], ["size", `${state.width}×${state.height}`]]);
      analyse(body, mine);
      return true;
    } catch (error) {
      if (mine === state.loads) message.error(error.message);
      return false;
    }
  }

  async function analyse(body, mine) { // dead squares and each box's pushes to a goal, from the solver's tables
    try {
      const a = await api("/api/sokoban/analysis", body);
      if (mine !== state.loads) return;
      state.analysis = a;
      render();
      showStats(stats, [["level", state.level.name], ["boxes", state.start.boxes.size], ["size", `${state.width}×${state.height}`],
        ["dead squares", a.dead.length], ["lower bound", a.lower_bound === null ? "a box can reach no goal" : plural(a.lower_bound, "push", "pushes")]]);
    } catch (error) { /* the picture without the analysis */ }
  }

  function parse(rows) { // walls, goals, boxes and the player; "inside" is what the player's region encloses
    const width = Math.max(...rows.map((r) => r.length));
    state.width = width;
    state.height = rows.length;
    state.walls = new Set(); state.goals = new Set(); state.start = { boxes: new Set(), player: 0 };
    rows.forEach((row, r) => [...row.padEnd(width)].forEach((ch, c) => {
      const i = r * width + c;
      if (ch === "#") state.walls.add(i);
      if (".*+".includes(ch)) state.goals.add(i);
      if ("$*".includes(ch)) state.start.boxes.add(i);
      if ("@+".includes(ch)) state.start.player = i;
    }));
    const inside = new Set([state.start.player]);
    const todo = [state.start.player];
    while (todo.length) {
      const i = todo.pop();
      const r = Math.floor(i / width), c = i % width;
      for (const [dr, dc] of Object.values(STEP)) {
        const rr = r + dr, cc = c + dc, j = rr * width + cc;
        if (rr < 0 || cc < 0 || rr >= state.height || cc >= width || inside.has(j) || state.walls.has(j)) continue;
        inside.add(j); todo.push(j);
      }
    }
    state.inside = inside;
  }

  function next(i, d) {
    const [dr, dc] = STEP[d];
    const r = Math.floor(i / state.width) + dr, c = (i % state.width) + dc;
    return r < 0 || c < 0 || r >= state.height || c >= state.width ? -1 : r * state.width + c;
  }

  function move(d) { // one step by the rules: returns the LURD letter played, or "" if blocked
    const to = next(state.player, d);
    if (to < 0 || state.walls.has(to)) return "";
    if (state.boxes.has(to)) {
      const beyond = next(to, d);
      if (beyond < 0 || state.walls.has(beyond) || state.boxes.has(beyond)) return "";
      state.boxes.delete(to); state.boxes.add(beyond);
      state.player = to;
      return d.toUpperCase();
    }
    state.player = to;
    return d;
  }

  function walk(d) {
    if (!state.level) return;
    const letter = move(d);
    if (letter) { state.history += letter; render(); }
  }

  function replayTo(lurd) {
    state.pushed = new Map();
    state.boxes = new Set(state.start.boxes);
    state.player = state.start.player;
    state.history = "";
    for (const letter of lurd) state.history += move(letter.toLowerCase());
    render();
  }

  function undo() {
    stop();
    if (state.history) replayTo(state.history.slice(0, -1));
  }

  const solved = () => [...state.boxes].every((b) => state.goals.has(b));

  function render() {
    board.style.gridTemplateColumns = `repeat(${state.width}, 1fr)`;
    board.style.gridTemplateRows = `repeat(${state.height}, 1fr)`;
    board.style.aspectRatio = `${state.width} / ${state.height}`;
    board.style.width = `min(100%, ${state.width * 2.4}rem)`;
    board.replaceChildren();
    const a = state.analysis;
    const dead = new Set(a ? a.dead.map(([r, c]) => r * state.width + c) : []);
    const bounds = new Map(a && !state.history ? a.boxes.map(([r, c, p]) => [r * state.width + c, p]) : []);
    for (let i = 0; i < state.width * state.height; i++) {
      const kind = state.walls.has(i) ? "wall" : state.inside.has(i) ? "floor" : "outside";
      const classes = [kind];
      if (state.goals.has(i)) classes.push("goal");
      if (state.boxes.has(i)) classes.push("box");
      if (i === state.player) classes.push("man");
      if (dead.has(i) && showDead.control_.checked) classes.push("dead");
      const label = state.boxes.has(i) && bounds.has(i) ? String(bounds.get(i) ?? "∞")
        : state.pushed.has(i) ? String(state.pushed.get(i)) : "";
      board.append(el("div", { class: classes.join(" "), "data-cell": `${Math.floor(i / state.width)},${i % state.width}` },
        label ? el("span", { class: state.boxes.has(i) && bounds.has(i) ? "bound" : "push-number" }, label) : null));
    }
    const pushes = [...state.history].filter((ch) => ch === ch.toUpperCase()).length;
    const done = solved();
    status.textContent = done ? "Solved!" : `${plural(state.history.length, "move")}, ${plural(pushes, "push", "pushes")}`;
    board.classList.toggle("done", done);
    undoButton.disabled = !state.history;
    board.setAttribute("aria-label", `Sokoban ${state.level ? state.level.name : "level"}: ${status.textContent}`);
  }

  function stop() {
    if (state.timer) { clearInterval(state.timer); state.timer = null; }
  }

  async function solveLevel() {
    stop();
    // the level in the box is the one solved: a number typed but not yet loaded is loaded first
    const wanted = request(Number(number.value));
    if (!state.body || JSON.stringify(wanted) !== JSON.stringify(state.body)) {
      if (!(await load(Number(number.value)))) return;
    }
    const body = state.body, mine = state.loads;
    solveButton.disabled = true;
    const signal = message.busy("Solving…");
    try {
      const r = await api("/api/sokoban/solve", { ...body, mode: mode.control_.value, time_limit: Number(time.control_.value) }, signal);
      if (mine !== state.loads) return; // another level came up while it ran
      showStats(stats, [["status", r.status], ["mode", r.mode], ["moves", r.moves], ["pushes", r.pushes], ["optimal", r.optimal ? "yes" : "no"],
        ["states", thousands(r.stats.states)], ["expanded", thousands(r.stats.expanded)], ["deadlocks", thousands(r.stats.deadlocks)], ["time", seconds(r.stats.elapsed_s)]]);
      if (r.status === "solved") {
        message.note(`Solution (${plural(r.moves, "move")}, ${plural(r.pushes, "push", "pushes")}): ${r.solution}`);
        animate(r.solution);
      } else if (r.status === "no_solution") {
        message.error("This level has no solution.");
      } else {
        message.error(`No solution found within the limit (${r.stats.limit}).`);
      }
    } catch (error) {
      if (mine !== state.loads) return;
      if (cancelled(error)) message.note("Cancelled."); else message.error(error.message);
    } finally {
      solveButton.disabled = false;
    }
  }

  function animate(lurd) {
    // each push of the solution leaves its number on the square the box went to
    replayTo("");
    let i = 0, pushes = 0;
    state.timer = setInterval(() => {
      if (i >= lurd.length) { stop(); return; }
      const letter = move(lurd[i++].toLowerCase());
      state.history += letter;
      if (letter && letter === letter.toUpperCase()) state.pushed.set(next(state.player, letter.toLowerCase()), ++pushes);
      render();
    }, Number(speed.control_.value));
  }

  document.addEventListener("keydown", (event) => { // arrows walk while this tab is shown
    if (root.hidden || /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName) || event.target.getAttribute?.("role") === "tab") return;
    if (KEYS[event.key]) { event.preventDefault(); stop(); walk(KEYS[event.key]); }
    else if (event.key === "Backspace" || event.key === "z" || event.key === "u") { event.preventDefault(); undo(); }
  });

  load(1);
}
