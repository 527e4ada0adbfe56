// Sokoban tab: play a bundled or pasted level with the arrow keys; solve it with tansuo.sokoban and watch.
import { api, el, select, labelled, messageLine, showStats, thousands, seconds } from "/static/core.js";

const STEP = { l: [0, -1], u: [-1, 0], r: [0, 1], d: [1, 0] };
const KEYS = { ArrowLeft: "l", ArrowUp: "u", ArrowRight: "r", ArrowDown: "d" };
const SAMPLE = "#######\n#     #\n# .$. #\n# $@$ #\n# .$. #\n#     #\n#######";

export function mount(root) {
  const state = { level: null, body: null, walls: [], goals: new Set(), inside: new Set(), start: null, boxes: new Set(), player: 0, width: 0, history: "", timer: null, solution: "" };
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
      el("div", { class: "toolbar" }, mode, time, speed),
      el("div", { class: "toolbar" }, solveButton, undoButton,
        el("button", { class: "action", type: "button", onclick: () => { stop(); replayTo(""); } }, "Restart"), status),
      message.node, board, pad),
    el("aside", { class: "card" }, el("h2", {}, "Moves"), stats)));

  function request(n) {
    return source.control_.value === "text" ? { text: text.value, number: n } : { collection: source.control_.value, number: n };
  }

  async function load(n) {
    stop();
    if (!Number.isInteger(n) || n < 1) n = 1;
    const body = request(n);
    try {
      const level = await api("/api/sokoban/level", body);
      message.clear();
      state.level = level;
      state.body = body;
      number.value = String(level.number);
      number.max = String(level.levels);
      of.textContent = `of ${level.levels}${level.title !== String(level.number) ? ` · ${level.title}` : ""}`;
      parse(level.rows);
      replayTo("");
      showStats(stats, [["level", level.name], ["boxes", state.start.boxes.size], ["size", `${state.width}×${state.height}`]]);
    } catch (error) {
      message.error(error.message);
    }
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
    for (let i = 0; i < state.width * state.height; i++) {
      const kind = state.walls.has(i) ? "wall" : state.inside.has(i) ? "floor" : "outside";
      const classes = [kind];
      if (state.goals.has(i)) classes.push("goal");
      if (state.boxes.has(i)) classes.push("box");
      if (i === state.player) classes.push("man");
      board.append(el("div", { class: classes.join(" ") }));
    }
    const pushes = [...state.history].filter((ch) => ch === ch.toUpperCase()).length;
    const done = solved();
    status.textContent = done ? "Solved!" : `${state.history.length} moves, ${pushes} pushes`;
    board.classList.toggle("done", done);
    undoButton.disabled = !state.history;
    board.setAttribute("aria-label", `Sokoban ${state.level ? state.level.name : "level"}: ${status.textContent}`);
  }

  function stop() {
    if (state.timer) { clearInterval(state.timer); state.timer = null; }
  }

  async function solveLevel() {
    if (!state.body) return;
    stop();
    solveButton.disabled = true;
    message.note("Solving…");
    try {
      const r = await api("/api/sokoban/solve", { ...state.body, mode: mode.control_.value, time_limit: Number(time.control_.value) });
      showStats(stats, [["status", r.status], ["mode", r.mode], ["moves", r.moves], ["pushes", r.pushes], ["optimal", r.optimal ? "yes" : "no"],
        ["states", thousands(r.stats.states)], ["expanded", thousands(r.stats.expanded)], ["deadlocks", thousands(r.stats.deadlocks)], ["time", seconds(r.stats.elapsed_s)]]);
      if (r.status === "solved") {
        message.note(`Solution (${r.moves} moves, ${r.pushes} pushes): ${r.solution}`);
        animate(r.solution);
      } else if (r.status === "no_solution") {
        message.error("This level has no solution.");
      } else {
        message.error(`No solution found within the limit (${r.stats.limit}).`);
      }
    } catch (error) {
      message.error(error.message);
    } finally {
      solveButton.disabled = false;
    }
  }

  function animate(lurd) {
    replayTo("");
    let i = 0;
    state.timer = setInterval(() => {
      if (i >= lurd.length) { stop(); return; }
      const letter = move(lurd[i++].toLowerCase());
      state.history += letter;
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
