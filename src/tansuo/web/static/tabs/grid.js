// Grid tab: draw a map, run a search, watch its open and closed sets grow step by step.
import { api, el, select, labelled, messageLine, showStats, seconds, thousands } from "/static/core.js";

const COLOURS = {
  floor: [255, 255, 255], wall: [45, 55, 72], open: [134, 239, 172], closed: [147, 197, 253],
};
const TERRAIN = (cost) => { // darker sand for dearer cells
  const t = Math.min(1, (cost - 1) / 8);
  return [Math.round(250 - 90 * t), Math.round(235 - 120 * t), Math.round(200 - 140 * t)];
};
const SPEEDS = [[220, 1], [90, 1], [30, 1], [0, 1], [0, 3], [0, 10], [0, 40], [0, 160], [0, 800], [0, 5000]];
const EMPTY = "empty";
const SMALL = "small";

export function mount(root) {
  const state = {
    w: 32, h: 18, cost: null, start: [3, 9], goal: [28, 9],
    trace: null, result: null, step: 0, marks: null, order: null, playing: false, timer: null,
    cursor: [0, 0], drag: null, tool: "wall", weight: 5,
  };
  const message = messageLine();

  // ---- controls -------------------------------------------------------------------
  const mapChoice = select("Map", [[EMPTY, "Demo 32×18"], [SMALL, "Small 12×7 (f, g, h in the cells)"]], EMPTY, { "aria-label": "Map" });
  const fileInput = el("input", { type: "file", accept: ".map,.txt,text/plain", "aria-label": "Open a map file" });
  const fileField = labelled("Open a .map or text grid", fileInput);
  const algo = select("Algorithm", [
    ["astar", "A*"], ["dijkstra", "Dijkstra"], ["bfs", "BFS"], ["weighted-astar", "Weighted A*"],
    ["jps", "Jump Point Search"], ["bidirectional", "Bidirectional A*"],
  ], "astar", { name: "algorithm" });
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
  const toolButtons = el("div", { class: "segmented", role: "group", "aria-label": "Drawing tool" });
  for (const [id, text] of [["wall", "Wall"], ["weight", "Terrain"], ["erase", "Erase"]]) {
    toolButtons.append(el("button", {
      type: "button", "data-tool": id, "aria-pressed": id === state.tool ? "true" : "false",
      onclick: () => setTool(id),
    }, text));
  }
  const terrainCost = el("input", { type: "number", min: "2", max: "9", value: "5", name: "terrain", "aria-label": "Terrain cost" });
  const findButton = el("button", { class: "action primary", type: "button", onclick: () => findPath() }, "Find path");
  const clearButton = el("button", { class: "action", type: "button", onclick: () => { clearSearch(); draw(); } }, "Clear search");
  const wallsButton = el("button", { class: "action", type: "button", onclick: () => { clearWalls(); } }, "Clear walls");

  const playButton = el("button", { class: "action", type: "button", onclick: () => togglePlay(), disabled: true }, "▶ Play");
  const stepButton = el("button", { class: "action", type: "button", onclick: () => { pause(); advance(state.step + 1); }, disabled: true }, "Step");
  const endButton = el("button", { class: "action", type: "button", onclick: () => { pause(); advance(Infinity); }, disabled: true }, "Skip to end");
  const speed = el("input", { type: "range", min: "1", max: String(SPEEDS.length), value: "6", "aria-label": "Speed" });
  const stepText = el("span", { class: "steps" });

  const canvas = el("canvas", { class: "grid", tabindex: "0", "aria-label": "Grid map: arrow keys move the cursor, space draws, S and G place start and goal, F finds the path" });
  const hover = el("div", { class: "hover" }, "Draw walls with the mouse; drag S and G.");
  const stats = el("dl", { class: "stats" });
  const legend = el("div", { class: "legend" },
    ...[["open", "open list"], ["closed", "closed list"], ["wall", "wall"]].map(([k, t]) =>
      el("span", {}, el("span", { class: "swatch", style: `background: rgb(${COLOURS[k].join(",")})` }), t)),
    el("span", {}, el("span", { class: "swatch", style: `background: rgb(${TERRAIN(5).join(",")})` }), "terrain (cost 2-9)"),
    el("span", {}, el("span", { class: "swatch", style: "background: #e11d48" }), "path"));

  root.append(el("div", { class: "layout" },
    el("div", { class: "card" },
      el("div", { class: "toolbar" }, mapChoice, fileField, algo, moves, costs, heuristic, weightField),
      el("div", { class: "toolbar" }, toolButtons, labelled("Terrain cost", terrainCost), findButton, clearButton, wallsButton),
      message.node,
      el("div", { class: "canvas-wrap" }, canvas),
      hover,
      el("div", { class: "player" }, playButton, stepButton, endButton, labelled("Speed", speed), stepText)),
    el("aside", { class: "card" }, el("h2", {}, "Search"), stats, legend,
      el("p", { class: "lead", style: "margin-top:.8rem" },
        "Drag S or G after a search to search again as you move. Hover a closed cell for f = g + h. Keys: arrows move, space draws, S/G place start/goal, F finds, P plays."))));

  const offscreen = document.createElement("canvas");
  const ctx = canvas.getContext("2d");

  function setTool(id) {
    state.tool = id;
    for (const b of toolButtons.children) b.setAttribute("aria-pressed", b.dataset.tool === id ? "true" : "false");
  }
  weightField.hidden = true;
  algo.control_.addEventListener("change", () => { weightField.hidden = algo.control_.value !== "weighted-astar"; });

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
    offscreen.width = w; offscreen.height = h;
    clearSearch();
    draw();
  }

  function demoMap() {
    newMap(32, 18, null, [3, 9], [28, 9]);
    for (let y = 3; y < 15; y++) state.cost[y * 32 + 16] = Infinity;
    for (let x = 9; x < 13; x++) for (let y = 6; y < 12; y++) state.cost[y * 32 + x] = 5;
    draw();
  }

  function smallMap() {
    newMap(12, 7, null, [1, 3], [10, 3]);
    for (let y = 1; y < 6; y++) state.cost[y * 12 + 6] = Infinity;
    draw();
  }

  function clearWalls() {
    state.cost.fill(1);
    clearSearch();
    draw();
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

  // ---- the search and its animation ------------------------------------------------
  let searching = false, searchAgain = false;

  async function findPath(animate = true) {
    // animate: replay the search step by step; else show it at once (while S or G is dragged)
    if (searching) { searchAgain = true; return; }
    searching = true;
    pause();
    if (animate) { clearSearch(); message.note("Searching…"); }
    findButton.disabled = true;
    const body = {
      grid: gridText(), start: state.start, goal: state.goal,
      algorithm: algo.control_.value, moves: moves.control_.value, costs: costs.control_.value,
      weight: Number(weightInput.value) || 1, trace: true,
    };
    if (heuristic.control_.value) body.heuristic = heuristic.control_.value;
    try {
      const result = await api("/api/grid/path", body);
      if (!animate) clearSearch();
      state.result = result;
      state.trace = result.trace || null;
      message.clear();
      if (!state.trace) message.note("This search is too large to replay step by step; showing its path.");
      showResult();
      state.marks = new Uint8Array(state.w * state.h);
      state.order = new Int32Array(state.w * state.h).fill(-1);
      state.step = 0; state.opened = 0;
      if (state.trace && state.trace.ordered) {
        const ex = state.trace.expanded;
        for (let i = ex.length / 2 - 1; i >= 0; i--) state.order[ex[2 * i + 1] * state.w + ex[2 * i]] = i;
        for (const b of [playButton, stepButton, endButton]) b.disabled = false;
        if (animate) play(); else advance(Infinity);
      } else {
        advance(Infinity);
      }
    } catch (error) {
      if (!animate) clearSearch();
      message.error(error.message);
      draw();
    } finally {
      findButton.disabled = false;
      searching = false;
      if (searchAgain) { searchAgain = false; findPath(false); }
    }
  }

  function totalSteps() {
    return state.trace && state.trace.ordered ? state.trace.expanded.length / 2 : 0;
  }

  function advance(target) {
    if (!state.result) return;
    const t = state.trace;
    const total = totalSteps();
    const to = Math.min(target, total);
    if (t && t.ordered) {
      for (let i = state.step; i < to; i++) state.marks[t.expanded[2 * i + 1] * state.w + t.expanded[2 * i]] = 2;
      while (state.opened < t.opened_at.length && t.opened_at[state.opened] <= to) {
        const k = state.opened++;
        const cell = t.opened[2 * k + 1] * state.w + t.opened[2 * k];
        if (state.marks[cell] === 0) state.marks[cell] = 1;
      }
      state.step = to;
    }
    if (to >= total) {
      if (t) { // the final sets, exactly as the search left them
        for (let i = 0; i < t.closed.length; i += 2) state.marks[t.closed[i + 1] * state.w + t.closed[i]] = 2;
        for (let i = 0; i < t.open.length; i += 2) state.marks[t.open[i + 1] * state.w + t.open[i]] = 1;
      }
      state.step = total;
      state.done = true;
      pause();
      for (const b of [stepButton, endButton]) b.disabled = true;
      playButton.disabled = !(t && t.ordered);
      playButton.textContent = "↺ Replay";
    }
    stepText.textContent = total ? `step ${thousands(state.step)} / ${thousands(total)}` : "";
    draw();
  }

  function play() {
    if (state.done) { // replay from the first step
      state.marks.fill(0); state.step = 0; state.opened = 0; state.done = false;
      for (const b of [stepButton, endButton]) b.disabled = false;
    }
    state.playing = true;
    playButton.textContent = "❚❚ Pause";
    tick();
  }
  function pause() {
    state.playing = false;
    playButton.textContent = state.done ? "↺ Replay" : "▶ Play";
    if (state.timer) { clearTimeout(state.timer); cancelAnimationFrame(state.timer); state.timer = null; }
  }
  function togglePlay() { state.playing ? pause() : play(); }
  function tick() {
    if (!state.playing) return;
    const [delay, steps] = SPEEDS[Number(speed.value) - 1];
    advance(state.step + steps);
    if (!state.playing) return;
    state.timer = delay ? setTimeout(tick, delay) : requestAnimationFrame(tick);
  }

  function clearSearch() {
    pause();
    state.result = null; state.trace = null; state.marks = null; state.order = null;
    state.step = 0; state.done = false;
    for (const b of [playButton, stepButton, endButton]) b.disabled = true;
    stepText.textContent = "";
    showStats(stats, [["status", "—"]]);
  }

  function showResult() {
    const r = state.result;
    const s = r.stats;
    showStats(stats, [
      ["status", r.status], ["path length", r.cost === null ? "—" : r.cost.toFixed(3)],
      ["optimal", r.optimal ? "yes" : "no"], ["path cells", thousands(s.path_cells)],
      ["expanded", thousands(s.expanded)], ["generated", thousands(s.generated)],
      ["largest open list", thousands(s.max_frontier)], ["reopened", thousands(s.reopened)],
      ["time", seconds(s.elapsed_s)], ["tables built", s.preprocess_s ? seconds(s.preprocess_s) : ""],
      ["stopped by", s.limit || ""], ["algorithm", r.algorithm], ["heuristic", r.heuristic],
    ]);
  }

  // ---- drawing ---------------------------------------------------------------------
  function fit() { // backing pixels: whole pixels per cell, as many as the screen shows
    const shown = canvas.parentElement.clientWidth || 800;
    const dpr = window.devicePixelRatio || 1;
    const scale = Math.max(1, Math.min(60, Math.floor((shown * dpr) / state.w)));
    if (canvas.width !== state.w * scale || canvas.height !== state.h * scale) {
      canvas.width = state.w * scale; canvas.height = state.h * scale;
    }
    // whole device pixels per cell when the map fits, else scaled down to the width
    canvas.style.width = `${Math.min(shown, canvas.width / dpr)}px`;
  }

  function draw() {
    const { w, h } = state;
    fit();
    const octx = offscreen.getContext("2d");
    const image = octx.createImageData(w, h);
    const data = image.data;
    for (let i = 0; i < w * h; i++) {
      const c = state.cost[i];
      const mark = state.marks ? state.marks[i] : 0;
      let rgb = c === Infinity ? COLOURS.wall : c === 1 ? COLOURS.floor : TERRAIN(c);
      if (mark === 2) rgb = c === 1 ? COLOURS.closed : mix(rgb, COLOURS.closed);
      else if (mark === 1) rgb = c === 1 ? COLOURS.open : mix(rgb, COLOURS.open);
      data[4 * i] = rgb[0]; data[4 * i + 1] = rgb[1]; data[4 * i + 2] = rgb[2]; data[4 * i + 3] = 255;
    }
    octx.putImageData(image, 0, 0);
    const s = canvas.width / w;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(offscreen, 0, 0, canvas.width, canvas.height);
    if (s >= 12) {
      ctx.strokeStyle = "rgba(0,0,0,0.08)";
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = 0; x <= w; x++) { ctx.moveTo(x * s + 0.5, 0); ctx.lineTo(x * s + 0.5, h * s); }
      for (let y = 0; y <= h; y++) { ctx.moveTo(0, y * s + 0.5); ctx.lineTo(w * s, y * s + 0.5); }
      ctx.stroke();
    }
    const shown = canvas.getBoundingClientRect().width / w; // CSS pixels per cell
    if (shown >= 44 && state.order) drawScores(s);
    if (state.done && state.result && state.result.solution.length) {
      ctx.strokeStyle = "#e11d48";
      ctx.lineWidth = Math.max(1.5, s / 4);
      ctx.lineJoin = "round"; ctx.lineCap = "round";
      ctx.beginPath();
      state.result.solution.forEach(([x, y], i) => {
        const px = (x + 0.5) * s, py = (y + 0.5) * s;
        i ? ctx.lineTo(px, py) : ctx.moveTo(px, py);
      });
      ctx.stroke();
    }
    marker(state.start, "#16a34a", "S", s);
    marker(state.goal, "#dc2626", "G", s);
    if (document.activeElement === canvas) {
      ctx.strokeStyle = "#f59e0b"; ctx.lineWidth = Math.max(2, s / 8);
      ctx.strokeRect(state.cursor[0] * s, state.cursor[1] * s, s, s);
    }
  }

  function drawScores(s) {
    // the slides' figure: f large at the top, g bottom left, h bottom right
    const t = state.trace;
    const weight = state.result.algorithm === "weighted-astar" ? Number(weightInput.value) || 1 : 1;
    const big = Math.floor(s / 3.6), small = Math.floor(s / 5.2), pad = Math.max(2, s / 16);
    ctx.fillStyle = "#1f2933";
    for (let i = 0; i < state.step; i++) {
      const x = t.expanded[2 * i] * s, y = t.expanded[2 * i + 1] * s;
      const g = t.g[i], h = t.h[i];
      ctx.font = `600 ${big}px system-ui, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "top";
      ctx.fillText(short(g + weight * h), x + s / 2, y + pad);
      ctx.font = `${small}px system-ui, sans-serif`;
      ctx.textBaseline = "bottom"; ctx.textAlign = "left";
      ctx.fillText(short(g), x + pad, y + s - pad);
      ctx.textAlign = "right";
      ctx.fillText(short(h), x + s - pad, y + s - pad);
    }
  }

  function short(v) { return Number.isInteger(v) ? String(v) : v.toFixed(1); }

  function marker([x, y], colour, letter, s) {
    ctx.fillStyle = colour;
    const r = Math.max(2, s * 0.42);
    ctx.beginPath();
    ctx.arc((x + 0.5) * s, (y + 0.5) * s, Math.max(r, 3), 0, 2 * Math.PI);
    ctx.fill();
    if (s >= 14) {
      ctx.fillStyle = "#fff";
      ctx.font = `700 ${Math.floor(s * 0.5)}px system-ui, sans-serif`;
      ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(letter, (x + 0.5) * s, (y + 0.55) * s);
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

  function paint([x, y]) {
    if (same([x, y], state.start) || same([x, y], state.goal)) return;
    const i = y * state.w + x;
    const value = state.tool === "wall" ? Infinity : state.tool === "erase" ? 1 : Number(terrainCost.value) || 5;
    if (state.cost[i] === value) return;
    state.cost[i] = Math.min(Math.max(value, 1), Infinity);
    if (state.result) clearSearch();
    draw();
  }

  function place(which, cell) {
    const other = which === "start" ? state.goal : state.start;
    if (same(cell, other)) return;
    state[which] = cell;
    const i = cell[1] * state.w + cell[0];
    if (state.cost[i] === Infinity) state.cost[i] = 1; // S and G stand on open ground
    if (state.live) findPath(false); // dragged after a search: search again at once
    else if (state.result) clearSearch();
    draw();
  }

  canvas.addEventListener("pointerdown", (event) => {
    const cell = cellAt(event);
    if (!cell) return;
    canvas.setPointerCapture(event.pointerId);
    state.drag = same(cell, state.start) ? "start" : same(cell, state.goal) ? "goal" : "paint";
    state.live = state.drag !== "paint" && Boolean(state.result) && state.done;
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
  canvas.addEventListener("pointerleave", () => { if (!state.drag) hover.textContent = ""; });
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
    if (state.order) {
      const k = state.order[y * state.w + x];
      if (k >= 0 && k < state.step) {
        const g = state.trace.g[k], h = state.trace.h[k];
        const weight = state.result.algorithm === "weighted-astar" ? Number(weightInput.value) || 1 : 1;
        const wtext = weight === 1 ? "" : `${weight}·`;
        text += ` · expanded at step ${k + 1}: f = g + ${wtext}h = ${fmt(g)} + ${wtext}${fmt(h)} = ${fmt(g + weight * h)}`;
      } else if (state.marks && state.marks[y * state.w + x] === 1) text += " · on the open list";
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
  new ResizeObserver(() => draw()).observe(canvas.parentElement);
}
