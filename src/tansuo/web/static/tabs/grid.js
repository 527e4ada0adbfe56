// Grid tab: draw a map, run a search, watch it think: the cell being expanded, the
// neighbours it puts on the open list, parent arrows, the open list's size, and a
// second algorithm beside the first on the same map.
import { api, el, select, labelled, messageLine, showStats, seconds, thousands, cancelled, plural } from "/static/core.js";

const COLOURS = {
  floor: [255, 255, 255], wall: [45, 55, 72], open: [134, 239, 172], closed: [147, 197, 253],
};
const TERRAIN = (cost) => { // darker sand for dearer cells
  const t = Math.min(1, (cost - 1) / 8);
  return [Math.round(250 - 90 * t), Math.round(235 - 120 * t), Math.round(200 - 140 * t)];
};
// expansions per second of the replay
const SPEEDS = [2, 4, 8, 15, 30, 60, 120, 300, 1000, 3000, 10000, 50000];
const TOUCH_CELL = 24; // CSS px: a cell a finger can draw on
const REPLAY_S = 6; // a new search replays in about this long at the speed chosen for it
const EMPTY = "empty";
const SMALL = "small";
const NAMES = {
  astar: "A*", dijkstra: "Dijkstra", bfs: "BFS", "weighted-astar": "Weighted A*",
  jps: "Jump Point Search", bidirectional: "Bidirectional A*",
};
const ABOUT = {
  astar: "A* takes off the open list the cell with the least f = g + h: g is the cost so far, h the heuristic's estimate of the rest. With a consistent heuristic (octile here) a cell is never reopened and the path is optimal. Watch the closed cells lean towards the goal.",
  dijkstra: "Dijkstra is A* with h = 0: it expands cells in order of their cost from the start, a circle of closed cells that grows until it reaches the goal. Optimal, but it looks everywhere.",
  bfs: "Breadth-first search expands cells in the order they were found, one step further each ring. It counts steps, not costs: it ignores terrain and the √2 of a diagonal.",
  "weighted-astar": "Weighted A* orders the open list by f = g + w·h. With w > 1 it trusts the heuristic more: far fewer expansions, a path at most w times the optimum, and cells may be reopened.",
  jps: "Jump Point Search is A* that jumps along straight and diagonal lines over cells whose neighbours another path reaches as cheaply; only the jump points (corners that force a turn) go on the open list. It needs uniform costs and 8 moves without corner cutting.",
  bidirectional: "Bidirectional A* searches from the start and from the goal at once and stops when the two frontiers meet with a path no better one can beat. The replay shows its final open and closed sets.",
};

export function mount(root) {
  const state = {
    w: 32, h: 18, cost: null, start: [3, 9], goal: [28, 9],
    main: null, other: null, step: 0, playing: false, timer: null, last: 0, carry: 0, done: false,
    cursor: [0, 0], drag: null, tool: "wall",
  };
  const message = messageLine();

  // ---- controls -------------------------------------------------------------------
  const mapChoice = select("Map", [[EMPTY, "Demo 32×18"], [SMALL, "Small 12×7 (f, g, h in the cells)"]], EMPTY, { "aria-label": "Map" });
  const fileInput = el("input", { type: "file", accept: ".map,.txt,text/plain", "aria-label": "Open a map file" });
  const fileField = labelled("Open a .map or text grid", fileInput);
  const algo = select("Algorithm", Object.entries(NAMES), "astar", { name: "algorithm" });
  const moves = select("Moves", [
    ["8-no-corner-cutting", "8, no corner cutting"], ["8-one-side", "8, one side open"],
    ["8-always", "8, always"], ["4", "4"],
  ], "8-no-corner-cutting", { name: "moves" });
  const costs = select("Costs", [["octile", "octile (1, √2)"], ["10-14", "10-14"], ["uniform", "uniform"]],
    "octile", { name: "costs" });
  const heuristic = select("Heuristic", [
    ["", "default"], ["octile", "octile"], ["manhattan", "Manhattan"], ["chebyshev", "Chebyshev"],
    ["euclidean", "Euclidean"], ["zero", "zero"], ["differential", "differential (landmarks)"],
  ], "", { name: "heuristic" });
  const weightInput = el("input", { type: "number", min: "1", max: "10", step: "0.5", value: "2", name: "weight" });
  const weightField = labelled("Weight", weightInput);
  const compare = select("Beside it", [["", "nothing"], ...Object.entries(NAMES).filter(([k]) => k !== "bidirectional")], "", { name: "compare" });
  const toolButtons = el("div", { class: "segmented", role: "group", "aria-label": "Drawing tool" });
  for (const [id, text] of [["wall", "Wall"], ["weight", "Terrain"], ["erase", "Erase"], ["pan", "Scroll"]]) {
    toolButtons.append(el("button", {
      type: "button", "data-tool": id, "aria-pressed": id === state.tool ? "true" : "false",
      onclick: () => setTool(id),
    }, text));
  }
  const terrainCost = el("input", { type: "number", min: "2", max: "9", step: "1", value: "5", name: "terrain", "aria-label": "Terrain cost" });
  const findButton = el("button", { class: "action primary", type: "button", onclick: () => findPath() }, "Find path");
  const clearButton = el("button", { class: "action", type: "button", onclick: () => { clearSearch(); draw(); } }, "Clear search");
  const wallsButton = el("button", { class: "action", type: "button", onclick: () => { clearWalls(); } }, "Clear walls");

  const playButton = el("button", { class: "action", type: "button", onclick: () => togglePlay(), disabled: true }, "▶ Play");
  const stepButton = el("button", { class: "action", type: "button", onclick: () => { pause(); advance(state.step + 1); }, disabled: true }, "Step");
  const endButton = el("button", { class: "action", type: "button", onclick: () => { pause(); advance(Infinity); }, disabled: true }, "Skip to end");
  const speed = el("input", { type: "range", min: "1", max: String(SPEEDS.length), value: "5", "aria-label": "Speed", name: "speed" });
  const speedText = el("span", { class: "steps" });
  const stepText = el("span", { class: "steps", id: "grid-steps" });
  const now = el("p", { class: "now", id: "grid-now", "aria-live": "polite" });
  const about = el("p", { class: "about", id: "grid-about" });

  const canvas = el("canvas", { class: "grid", id: "grid-canvas", tabindex: "0", "aria-label": "Grid map: arrow keys move the cursor, space draws, S and G place start and goal, F finds the path" });
  const fingers = window.matchMedia("(pointer: coarse)").matches || window.innerWidth < 500;
  const hover = el("div", { class: "hover", id: "grid-hover" }, fingers
    ? "Draw walls with a finger; drag S and G. The map is wider than the screen: choose Scroll, then swipe to see the rest."
    : "Draw walls with the mouse; drag S and G.");
  const stats = el("dl", { class: "stats" });
  const otherCanvas = el("canvas", { class: "grid other", "aria-label": "The second algorithm on the same map" });
  const otherTitle = el("h2", {}, "");
  const otherStats = el("dl", { class: "stats", id: "grid-other-stats" });
  const otherCard = el("div", { class: "card compare", hidden: true }, otherTitle,
    el("div", { class: "canvas-wrap" }, otherCanvas), otherStats);
  const swatch = (colour) => el("span", { class: "swatch", style: `background: ${colour}` });
  const legend = el("div", { class: "legend" },
    ...[["open", "open list"], ["closed", "closed list"], ["wall", "wall"]].map(([k, t]) =>
      el("span", {}, swatch(`rgb(${COLOURS[k].join(",")})`), t)),
    el("span", {}, swatch(`rgb(${TERRAIN(5).join(",")})`), "terrain (cost 2-9)"),
    el("span", {}, swatch("#f59e0b"), "being expanded"),
    el("span", {}, swatch("#7c3aed"), "its new neighbours"),
    el("span", {}, swatch("#e11d48"), "path"));

  root.append(el("div", { class: "layout" },
    el("div", { class: "main-column" },
      el("div", { class: "card" },
        el("div", { class: "toolbar" }, mapChoice, fileField, algo, moves, costs, heuristic, weightField, compare),
        el("div", { class: "toolbar" }, toolButtons, labelled("Terrain cost", terrainCost), findButton, clearButton, wallsButton),
        message.node,
        el("div", { class: "canvas-wrap", id: "grid-wrap" }, canvas),
        hover,
        el("div", { class: "player" }, playButton, stepButton, endButton, labelled("Speed", speed), speedText, stepText),
        now),
      otherCard),
    el("aside", { class: "card" }, el("h2", {}, "Search"), stats, legend, about,
      el("p", { class: "lead", style: "margin-top:.8rem" },
        fingers
          ? "Drag S or G after a search to search again as you move. With Scroll chosen, tap a closed cell for f = g + h and its parent (a tap with Wall draws a wall)."
          : "Drag S or G after a search to search again as you move. Hover a closed cell for f = g + h and its parent. Keys: arrows move, space draws, S/G place start/goal, F finds, P plays."))));

  const ctx = canvas.getContext("2d");
  const otherCtx = otherCanvas.getContext("2d");
  const offscreen = document.createElement("canvas");

  function setTool(id) {
    // "Scroll": a finger moves a map wider than the screen instead of drawing on it
    state.tool = id;
    canvas.style.touchAction = id === "pan" ? "pan-x pan-y" : "none";
    for (const b of toolButtons.children) b.setAttribute("aria-pressed", b.dataset.tool === id ? "true" : "false");
  }
  weightField.hidden = true;
  // the Scroll tool is for touch screens, where a map wider than the screen must be moved by finger
  toolButtons.querySelector("[data-tool=pan]").hidden = !(window.matchMedia("(pointer: coarse)").matches || window.innerWidth < 500);
  algo.control_.addEventListener("change", () => {
    weightField.hidden = algo.control_.value !== "weighted-astar";
    about.textContent = ABOUT[algo.control_.value];
  });
  about.textContent = ABOUT.astar;
  for (const control of [moves.control_, costs.control_]) control.addEventListener("change", () => checkJps());
  const showSpeed = () => { speedText.textContent = `${thousands(SPEEDS[Number(speed.value) - 1])} steps/s`; };
  speed.addEventListener("input", showSpeed);
  showSpeed();

  // ---- the map --------------------------------------------------------------------
  function newMap(w, h, rows, start, goal) {
    state.w = w; state.h = h;
    state.cost = new Float32Array(w * h).fill(1);
    if (rows) {
      for (let y = 0; y < h; y++) {
        const row = rows[y];
        for (let x = 0; x < w; x++) {
          const c = row[x];
          state.cost[y * w + x] = c === "#" ? Infinity : c === "." ? 1 : Number(c);
        }
      }
    }
    state.start = start; state.goal = goal;
    state.cursor = [...start];
    clearSearch();
    draw();
  }

  function demoMap() {
    newMap(32, 18, null, [3, 9], [28, 9]);
    for (let y = 3; y < 15; y++) state.cost[y * 32 + 16] = Infinity;
    for (let x = 9; x < 13; x++) for (let y = 6; y < 12; y++) state.cost[y * 32 + x] = 5;
    checkJps();
    draw();
  }

  function smallMap() {
    newMap(12, 7, null, [1, 3], [10, 3]);
    for (let y = 1; y < 6; y++) state.cost[y * 12 + 6] = Infinity;
    checkJps();
    draw();
  }

  function clearWalls() {
    state.cost.fill(1);
    clearSearch();
    checkJps();
    draw();
  }

  const hasTerrain = () => state.cost.some((c) => c !== 1 && c !== Infinity);

  function jpsProblem() { // why Jump Point Search cannot run here, or ""
    if (hasTerrain()) return "the map has terrain (JPS needs every open cell to cost the same)";
    if (moves.control_.value !== "8-no-corner-cutting") return "JPS needs 8 moves without corner cutting";
    if (costs.control_.value === "uniform") return "JPS needs a diagonal dearer than a straight step";
    return "";
  }

  function checkJps() { // JPS is offered only where it can run, with the reason shown
    const why = jpsProblem();
    for (const control of [algo.control_, compare.control_]) {
      const option = control.querySelector("option[value=jps]");
      option.disabled = Boolean(why);
      option.textContent = why ? "Jump Point Search (not here)" : NAMES.jps;
      option.title = why;
      if (why && control.value === "jps") {
        control.value = control === algo.control_ ? "astar" : "";
        control.dispatchEvent(new Event("change"));
        message.note(`Jump Point Search is off: ${why}.`);
      }
    }
    algo.control_.title = why ? `Jump Point Search is off: ${why}` : "";
  }

  function gridText() {
    const rows = [];
    for (let y = 0; y < state.h; y++) {
      let row = "";
      for (let x = 0; x < state.w; x++) {
        const c = state.cost[y * state.w + x];
        row += c === Infinity ? "#" : c === 1 ? "." : String(c);
      }
      rows.push(row);
    }
    return rows.join("\n");
  }

  // ---- the search -----------------------------------------------------------------
  let searching = false, searchAgain = false;

  function request(algorithm) {
    const body = {
      grid: gridText(), start: state.start, goal: state.goal,
      algorithm, moves: moves.control_.value, costs: costs.control_.value, trace: true,
    };
    if (algorithm === "weighted-astar") body.weight = Number(weightInput.value); // only where it means something
    if (heuristic.control_.value && algorithm !== "bfs" && algorithm !== "dijkstra") body.heuristic = heuristic.control_.value;
    return body;
  }

  async function findPath(animate = true) {
    // animate: replay the search step by step; else show it at once (while S or G is dragged)
    if (searching) { searchAgain = true; return; }
    const algorithm = algo.control_.value;
    if (algorithm === "weighted-astar") {
      const w = Number(weightInput.value);
      if (!(w >= 1)) { message.error(`The weight must be a number of at least 1, got ${weightInput.value || "nothing"}.`); return; }
    }
    searching = true;
    pause();
    if (animate) clearSearch();
    const signal = message.busy("Searching…");
    findButton.disabled = true;
    const second = compare.control_.value;
    try {
      const [result, other] = await Promise.all([
        api("/api/grid/path", request(algorithm), signal),
        second ? api("/api/grid/path", request(second), signal) : null,
      ]);
      if (!animate) clearSearch();
      result.request = { moves: moves.control_.value, costs: costs.control_.value };
      if (other) other.request = result.request;
      state.main = makeRun(result);
      state.other = other ? makeRun(other) : null;
      message.clear();
      if (!result.trace) message.note("This search is too large to replay step by step; showing its path.");
      else if (result.status === "no_solution") message.note("No path: the goal cannot be reached from the start.");
      showResult(stats, result);
      otherCard.hidden = !other;
      if (other) { otherTitle.textContent = `${NAMES[second]} on the same map`; showResult(otherStats, other); }
      state.step = 0; state.done = false;
      const total = totalSteps();
      if (total) {
        for (const b of [playButton, stepButton, endButton]) b.disabled = false;
        if (animate) { pickSpeed(total); play(); } else advance(Infinity);
      } else {
        advance(Infinity);
      }
    } catch (error) {
      if (!animate) clearSearch();
      if (cancelled(error)) message.note("Search cancelled.");
      else message.error(error.message);
      draw();
    } finally {
      findButton.disabled = false;
      searching = false;
      if (searchAgain) { searchAgain = false; findPath(false); }
    }
  }

  function makeRun(result) {
    const t = result.trace && result.trace.ordered ? result.trace : null;
    const run = {
      result, trace: result.trace || null, ordered: Boolean(t),
      marks: new Uint8Array(state.w * state.h), order: new Int32Array(state.w * state.h).fill(-1),
      parents: null, step: 0, opened: 0, openCount: 0, total: t ? t.expanded.length / 2 : 0, done: false,
    };
    if (t) {
      for (let i = run.total - 1; i >= 0; i--) run.order[t.expanded[2 * i + 1] * state.w + t.expanded[2 * i]] = i;
      if (result.algorithm !== "bfs" && result.algorithm !== "jps") run.parents = parentsOf(run, result);
    }
    return run;
  }

  function parentsOf(run, result) {
    // Each expanded cell's parent: the neighbour expanded before it whose g plus the step
    // between them is its g (the search's own numbers: the tree its parent links make).
    const t = run.trace, w = state.w, n = run.total;
    const [straight, diagonal] = { octile: [1, Math.SQRT2], "10-14": [10, 14], uniform: [1, 1] }[result.request.costs];
    const steps = result.request.moves === "4" ? [[1, 0], [-1, 0], [0, 1], [0, -1]]
      : [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, 1], [1, -1], [-1, -1]];
    const parents = new Int32Array(n).fill(-1);
    for (let i = 1; i < n; i++) {
      const x = t.expanded[2 * i], y = t.expanded[2 * i + 1], g = t.g[i];
      let best = -1, bestGap = Infinity;
      for (const [dx, dy] of steps) {
        const px = x - dx, py = y - dy;
        if (px < 0 || py < 0 || px >= w || py >= state.h) continue;
        const j = run.order[py * w + px];
        if (j < 0 || j >= i) continue;
        const gap = Math.abs(t.g[j] + (dx && dy ? diagonal : straight) * state.cost[y * w + x] - g);
        if (gap < bestGap) { bestGap = gap; best = j; }
      }
      if (bestGap <= 1e-3 * (1 + g)) parents[i] = best;
    }
    return parents;
  }

  function totalSteps() {
    return Math.max(state.main ? state.main.total : 0, state.other ? state.other.total : 0);
  }

  function advanceRun(run, target) {
    const t = run.trace;
    const to = Math.min(target, run.total);
    if (run.ordered) {
      for (let i = run.step; i < to; i++) {
        const cell = t.expanded[2 * i + 1] * state.w + t.expanded[2 * i];
        if (run.marks[cell] === 1) run.openCount--;
        run.marks[cell] = 2;
      }
      while (run.opened < t.opened_at.length && t.opened_at[run.opened] <= to) {
        const k = run.opened++;
        const cell = t.opened[2 * k + 1] * state.w + t.opened[2 * k];
        if (run.marks[cell] === 0) { run.marks[cell] = 1; run.openCount++; }
      }
      run.step = to;
    }
    if (to >= run.total && !run.done) {
      if (t) { // the final sets, exactly as the search left them
        for (let i = 0; i < t.closed.length; i += 2) run.marks[t.closed[i + 1] * state.w + t.closed[i]] = 2;
        for (let i = 0; i < t.open.length; i += 2) run.marks[t.open[i + 1] * state.w + t.open[i]] = 1;
        run.openCount = t.open.length / 2;
      }
      run.step = run.total;
      run.done = true;
    }
  }

  function advance(target) {
    if (!state.main) return;
    const total = totalSteps();
    const to = Math.min(target, total);
    for (const run of [state.main, state.other]) if (run) advanceRun(run, to);
    state.step = to;
    if (to >= total) {
      state.done = true;
      pause();
      for (const b of [stepButton, endButton]) b.disabled = true;
      playButton.disabled = !state.main.ordered && !(state.other && state.other.ordered);
      playButton.textContent = "↺ Replay";
    }
    showStep();
    draw();
  }

  function showStep() {
    const run = state.main;
    const r = run.result;
    const expanded = r.stats.expanded;
    if (!run.ordered) { stepText.textContent = ""; now.textContent = ""; return; }
    const k = run.step; // trace entries shown; the last one of a search that found the goal is the goal taken off the list
    const goalPopped = r.status === "solved" && k === run.total && run.total === expanded + 1;
    stepText.textContent = `expanded ${thousands(Math.min(k, expanded))} of ${thousands(expanded)}`;
    const t = run.trace;
    if (k === 0) { now.textContent = "The start is on the open list."; return; }
    const i = k - 1, x = t.expanded[2 * i], y = t.expanded[2 * i + 1];
    const fresh = newNeighbours(run, k);
    const openText = `open list: ${plural(run.openCount, "cell")}`;
    if (goalPopped) {
      now.textContent = `Step ${thousands(k)}: the goal (${x}, ${y}) comes off the open list with g = ${fmt(t.g[i])}: the search ends. ${openText}.`;
    } else {
      const hText = r.algorithm === "bfs" ? "" : `, g = ${fmt(t.g[i])}, h = ${fmt(t.h[i])}`;
      now.textContent = `Step ${thousands(k)}: expanding (${x}, ${y})${hText}; ${plural(fresh.length, "new neighbour")} on the open list. ${openText}.`;
    }
    if (state.done && r.status === "no_solution") now.textContent += " The open list is empty: no path.";
  }

  function newNeighbours(run, k) { // cells first generated while the k-th cell was expanded
    const t = run.trace, out = [];
    for (let j = 0; j < t.opened_at.length; j++) if (t.opened_at[j] === k) out.push([t.opened[2 * j], t.opened[2 * j + 1]]);
    return out;
  }

  function pickSpeed(total) { // the slowest speed that replays this search in about REPLAY_S seconds
    let i = SPEEDS.findIndex((s) => total / s <= REPLAY_S);
    if (i < 0) i = SPEEDS.length - 1;
    speed.value = String(i + 1);
    showSpeed();
  }

  function play() {
    if (state.done) { // replay from the first step
      state.main = makeRun(state.main.result);
      if (state.other) state.other = makeRun(state.other.result);
      state.step = 0; state.done = false;
      for (const b of [stepButton, endButton]) b.disabled = false;
    }
    state.playing = true;
    state.last = performance.now(); state.carry = 0;
    playButton.textContent = "❚❚ Pause";
    state.timer = requestAnimationFrame(tick);
  }
  function pause() {
    state.playing = false;
    playButton.textContent = state.done ? "↺ Replay" : "▶ Play";
    if (state.timer) { cancelAnimationFrame(state.timer); state.timer = null; }
  }
  function togglePlay() { state.playing ? pause() : play(); }
  function tick(time) {
    if (!state.playing) return;
    const rate = SPEEDS[Number(speed.value) - 1];
    state.carry += (Math.min(250, time - state.last) / 1000) * rate;
    state.last = time;
    const steps = Math.floor(state.carry);
    if (steps > 0) { state.carry -= steps; advance(state.step + steps); }
    if (state.playing) state.timer = requestAnimationFrame(tick);
  }

  function clearSearch() {
    pause();
    state.main = null; state.other = null; state.step = 0; state.done = false;
    for (const b of [playButton, stepButton, endButton]) b.disabled = true;
    stepText.textContent = ""; now.textContent = "";
    otherCard.hidden = true;
    showStats(stats, [["status", "—"]]);
  }

  function showResult(dl, r) {
    const s = r.stats;
    const found = r.status === "solved";
    const words = { solved: "path found", no_solution: "no path", limit: `stopped (${s.limit})` };
    showStats(dl, [
      ["status", words[r.status] || r.status], ["path length", found ? r.cost.toFixed(3) : "—"],
      ["optimal", found ? (r.optimal ? "yes" : "not guaranteed") : ""], ["path cells", found ? thousands(s.path_cells) : ""],
      ["expanded", thousands(s.expanded)], ["generated", thousands(s.generated)],
      ["largest open list", thousands(s.max_frontier)], ["reopened", thousands(s.reopened)],
      ["time", seconds(s.elapsed_s)], ["tables built", s.preprocess_s ? seconds(s.preprocess_s) : ""],
      ["algorithm", NAMES[r.algorithm] || r.algorithm], ["heuristic", r.heuristic],
    ]);
  }

  // ---- drawing ---------------------------------------------------------------------
  function fit(target) {
    // Backing pixels: whole device pixels per cell. The map fills the width; on a touch
    // screen a small map's cells are at least TOUCH_CELL CSS px wide (it scrolls sideways).
    const shown = target.parentElement.clientWidth || 800;
    const dpr = window.devicePixelRatio || 1;
    const touch = window.matchMedia("(pointer: coarse)").matches || shown < 500;
    const least = touch && state.w <= 64 ? state.w * TOUCH_CELL : 0;
    const wanted = Math.max(shown, least);
    const scale = Math.max(1, Math.min(60, Math.floor((wanted * dpr) / state.w)));
    if (target.width !== state.w * scale || target.height !== state.h * scale) {
      target.width = state.w * scale; target.height = state.h * scale;
    }
    target.style.width = `${Math.min(wanted, target.width / dpr)}px`;
    target.style.maxWidth = least > shown ? "none" : "";
  }

  function draw() {
    if (!state.cost) return;
    drawRun(canvas, ctx, state.main, true);
    if (state.other && !otherCard.hidden) drawRun(otherCanvas, otherCtx, state.other, false);
  }

  function drawRun(target, g2, run, main) {
    const { w, h } = state;
    fit(target);
    if (offscreen.width !== w || offscreen.height !== h) { offscreen.width = w; offscreen.height = h; }
    const octx = offscreen.getContext("2d");
    const image = octx.createImageData(w, h);
    const data = image.data;
    for (let i = 0; i < w * h; i++) {
      const c = state.cost[i];
      const mark = run ? run.marks[i] : 0;
      let rgb = c === Infinity ? COLOURS.wall : c === 1 ? COLOURS.floor : TERRAIN(c);
      if (mark === 2) rgb = c === 1 ? COLOURS.closed : mix(rgb, COLOURS.closed);
      else if (mark === 1) rgb = c === 1 ? COLOURS.open : mix(rgb, COLOURS.open);
      data[4 * i] = rgb[0]; data[4 * i + 1] = rgb[1]; data[4 * i + 2] = rgb[2]; data[4 * i + 3] = 255;
    }
    octx.putImageData(image, 0, 0);
    const s = target.width / w;
    g2.imageSmoothingEnabled = false;
    g2.drawImage(offscreen, 0, 0, target.width, target.height);
    if (s >= 12) {
      g2.strokeStyle = "rgba(0,0,0,0.08)";
      g2.lineWidth = 1;
      g2.beginPath();
      for (let x = 0; x <= w; x++) { g2.moveTo(x * s + 0.5, 0); g2.lineTo(x * s + 0.5, h * s); }
      for (let y = 0; y <= h; y++) { g2.moveTo(0, y * s + 0.5); g2.lineTo(w * s, y * s + 0.5); }
      g2.stroke();
    }
    const cssCell = target.getBoundingClientRect().width / w; // CSS pixels per cell
    const scores = main && cssCell >= 44 && run && run.ordered;
    if (run && run.done && run.result.solution.length) {
      // under the numbers when they are shown: thin and see-through, so f, g and h stay readable
      g2.strokeStyle = scores ? "rgba(225,29,72,0.55)" : "#e11d48";
      g2.lineWidth = scores ? Math.max(1.5, s / 14) : Math.max(1.5, s / 4);
      g2.lineJoin = "round"; g2.lineCap = "round";
      g2.beginPath();
      run.result.solution.forEach(([x, y], i) => {
        const px = (x + 0.5) * s, py = (y + 0.5) * s;
        i ? g2.lineTo(px, py) : g2.moveTo(px, py);
      });
      g2.stroke();
    }
    if (run && run.ordered && !run.done && run.step > 0) {
      if (run.parents && s >= 6) arrows(g2, run, s);
      const t = run.trace, i = run.step - 1;
      g2.fillStyle = "rgba(124,58,237,0.45)";
      for (const [x, y] of newNeighbours(run, run.step)) g2.fillRect(x * s, y * s, s, s);
      g2.strokeStyle = "#f59e0b"; g2.lineWidth = Math.max(2, s / 6);
      g2.strokeRect(t.expanded[2 * i] * s + g2.lineWidth / 2, t.expanded[2 * i + 1] * s + g2.lineWidth / 2, s - g2.lineWidth, s - g2.lineWidth);
    }
    if (scores) drawScores(g2, run, s);
    marker(g2, state.start, "#16a34a", "S", s);
    marker(g2, state.goal, "#dc2626", "G", s);
    if (main && document.activeElement === canvas) {
      g2.strokeStyle = "#f59e0b"; g2.lineWidth = Math.max(2, s / 8);
      g2.strokeRect(state.cursor[0] * s, state.cursor[1] * s, s, s);
    }
  }

  function arrows(g2, run, s) { // each closed cell points at its parent
    const t = run.trace;
    g2.strokeStyle = "rgba(31,41,51,0.45)";
    g2.fillStyle = "rgba(31,41,51,0.45)";
    g2.lineWidth = Math.max(1, s / 18);
    for (let i = 1; i < run.step; i++) {
      const p = run.parents[i];
      if (p < 0) continue;
      const x = (t.expanded[2 * i] + 0.5) * s, y = (t.expanded[2 * i + 1] + 0.5) * s;
      const px = (t.expanded[2 * p] + 0.5) * s, py = (t.expanded[2 * p + 1] + 0.5) * s;
      const dx = px - x, dy = py - y, len = Math.hypot(dx, dy);
      const ex = x + (dx / len) * s * 0.42, ey = y + (dy / len) * s * 0.42;
      g2.beginPath(); g2.moveTo(x, y); g2.lineTo(ex, ey); g2.stroke();
      if (s >= 14) {
        const ax = dx / len, ay = dy / len, head = s * 0.14;
        g2.beginPath();
        g2.moveTo(ex, ey);
        g2.lineTo(ex - ax * head - ay * head * 0.6, ey - ay * head + ax * head * 0.6);
        g2.lineTo(ex - ax * head + ay * head * 0.6, ey - ay * head - ax * head * 0.6);
        g2.fill();
      }
    }
  }

  function drawScores(g2, run, s) {
    // the slides' figure: f large at the top, g bottom left, h bottom right
    const t = run.trace;
    const weight = run.result.algorithm === "weighted-astar" ? Number(weightInput.value) || 1 : 1;
    const big = Math.floor(s / 3.6), small = Math.floor(s / 5.2), pad = Math.max(2, s / 16);
    g2.fillStyle = "#1f2933";
    for (let i = 0; i < run.step; i++) {
      const x = t.expanded[2 * i] * s, y = t.expanded[2 * i + 1] * s;
      const g = t.g[i], h = t.h[i];
      g2.font = `600 ${big}px system-ui, sans-serif`;
      g2.textAlign = "center"; g2.textBaseline = "top";
      g2.fillText(short(g + weight * h), x + s / 2, y + pad);
      g2.font = `${small}px system-ui, sans-serif`;
      g2.textBaseline = "bottom"; g2.textAlign = "left";
      g2.fillText(short(g), x + pad, y + s - pad);
      g2.textAlign = "right";
      g2.fillText(short(h), x + s - pad, y + s - pad);
    }
  }

  function short(v) { return Number.isInteger(v) ? String(v) : v.toFixed(1); }

  function marker(g2, [x, y], colour, letter, s) {
    g2.fillStyle = colour;
    const r = Math.max(2, s * 0.42);
    g2.beginPath();
    g2.arc((x + 0.5) * s, (y + 0.5) * s, Math.max(r, 3), 0, 2 * Math.PI);
    g2.fill();
    if (s >= 14) {
      g2.fillStyle = "#fff";
      g2.font = `700 ${Math.floor(s * 0.5)}px system-ui, sans-serif`;
      g2.textAlign = "center"; g2.textBaseline = "middle";
      g2.fillText(letter, (x + 0.5) * s, (y + 0.55) * s);
    }
  }

  // ---- pointer and keyboard ------------------------------------------------------------
  function cellAt(event) {
    const box = canvas.getBoundingClientRect();
    const x = Math.floor(((event.clientX - box.left) / box.width) * state.w);
    const y = Math.floor(((event.clientY - box.top) / box.height) * state.h);
    return x >= 0 && y >= 0 && x < state.w && y < state.h ? [x, y] : null;
  }
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];

  function terrainValue() { // a whole cost from 2 to 9 (one digit in the map), or null with a message
    const raw = terrainCost.value.trim();
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < 2 || value > 9) {
      message.error(`Terrain cost must be a whole number from 2 to 9, got ${raw || "nothing"}.`);
      return null;
    }
    return value;
  }

  function paint([x, y]) {
    if (state.tool === "pan" || same([x, y], state.start) || same([x, y], state.goal)) return;
    const i = y * state.w + x;
    let value = 1;
    if (state.tool === "wall") value = Infinity;
    else if (state.tool === "weight") {
      value = terrainValue();
      if (value === null) { state.drag = null; return; }
    }
    if (state.cost[i] === value) return;
    state.cost[i] = value;
    if (state.main) clearSearch();
    if (state.tool !== "wall") checkJps();
    else if (value === Infinity) checkJps();
    draw();
  }

  function place(which, cell) {
    const other = which === "start" ? state.goal : state.start;
    if (same(cell, other)) return;
    state[which] = cell;
    const i = cell[1] * state.w + cell[0];
    if (state.cost[i] === Infinity) state.cost[i] = 1; // S and G stand on open ground
    if (state.live) findPath(false); // dragged after a search: search again at once
    else if (state.main) clearSearch();
    draw();
  }

  canvas.addEventListener("pointerdown", (event) => {
    const cell = cellAt(event);
    if (!cell) return;
    if (state.tool === "pan") { describe(cell); return; } // a finger has no hover: a tap tells
    canvas.setPointerCapture(event.pointerId);
    state.drag = same(cell, state.start) ? "start" : same(cell, state.goal) ? "goal" : "paint";
    state.live = state.drag !== "paint" && Boolean(state.main) && state.done;
    if (state.drag === "paint") paint(cell);
  });
  canvas.addEventListener("pointermove", (event) => {
    const cell = cellAt(event);
    if (!cell) return;
    describe(cell);
    if (!state.drag) return;
    if (state.drag === "paint") paint(cell);
    else place(state.drag, cell);
  });
  canvas.addEventListener("pointerup", () => { state.drag = null; state.live = false; });
  // a mouse leaving clears the line; a finger leaves after every tap, and its line stays
  canvas.addEventListener("pointerleave", (event) => { if (!state.drag && event.pointerType === "mouse") hover.textContent = ""; });
  canvas.addEventListener("focus", draw);
  canvas.addEventListener("blur", draw);
  canvas.addEventListener("keydown", (event) => {
    const delta = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    const key = event.key.toLowerCase();
    if (delta) {
      state.cursor = [Math.min(state.w - 1, Math.max(0, state.cursor[0] + delta[0])),
        Math.min(state.h - 1, Math.max(0, state.cursor[1] + delta[1]))];
      describe(state.cursor);
      draw();
    } else if (key === " " || key === "enter") paint(state.cursor);
    else if (key === "s") place("start", [...state.cursor]);
    else if (key === "g") place("goal", [...state.cursor]);
    else if (key === "f") findPath();
    else if (key === "p") togglePlay();
    else return;
    event.preventDefault();
  });

  function describe([x, y]) {
    const c = state.cost[y * state.w + x];
    let text = `(${x}, ${y}) ${c === Infinity ? "wall" : `cost ${c}`}`;
    const run = state.main;
    if (run && run.ordered) {
      const k = run.order[y * state.w + x];
      if (k >= 0 && k < run.step) {
        const g = run.trace.g[k], h = run.trace.h[k];
        const weight = run.result.algorithm === "weighted-astar" ? Number(weightInput.value) || 1 : 1;
        const wtext = weight === 1 ? "" : `${weight}·`;
        text += ` · expanded at step ${k + 1}: f = g + ${wtext}h = ${fmt(g)} + ${wtext}${fmt(h)} = ${fmt(g + weight * h)}`;
        if (run.parents && run.parents[k] >= 0) {
          const p = run.parents[k];
          text += ` · parent (${run.trace.expanded[2 * p]}, ${run.trace.expanded[2 * p + 1]})`;
        }
      } else if (run.marks[y * state.w + x] === 1) text += " · on the open list";
    }
    hover.textContent = text;
  }

  function fmt(v) { return Number.isInteger(v) ? String(v) : v.toFixed(2); }
  function mix(a, b) { return a.map((v, i) => Math.round((v + b[i]) / 2)); }

  // ---- maps -------------------------------------------------------------------------
  mapChoice.control_.addEventListener("change", async () => {
    const name = mapChoice.control_.value;
    if (name === EMPTY) { demoMap(); return; }
    if (name === SMALL) { smallMap(); return; }
    message.note(`Loading ${name}…`);
    try {
      const map = await api(`/api/grid/maps/${encodeURIComponent(name)}`);
      newMap(map.width, map.height, map.rows, map.start, map.goal);
      checkJps();
      message.clear();
    } catch (error) {
      message.error(error.message);
    }
  });
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files[0];
    if (!file) return;
    message.note(`Reading ${file.name}…`);
    try {
      const map = await api("/api/grid/upload", { text: await file.text(), name: file.name });
      newMap(map.width, map.height, map.rows, map.start, map.goal);
      checkJps();
      message.clear();
    } catch (error) {
      message.error(error.message);
    } finally {
      fileInput.value = "";
    }
  });

  api("/api/grid/maps").then(({ maps }) => {
    for (const name of maps) mapChoice.control_.append(el("option", { value: name }, name));
  }).catch((error) => message.error(error.message));

  demoMap();
  if (message.node.textContent.startsWith("Jump Point Search is off")) message.clear();
  new ResizeObserver(() => draw()).observe(canvas.parentElement);
}
