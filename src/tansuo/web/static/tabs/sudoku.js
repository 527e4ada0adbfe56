// Sudoku tab: type or paste a puzzle, solve it, count solutions, generate a new one.
import { api, el, select, labelled, messageLine, showStats, seconds, thousands, cancelled } from "/static/core.js";

const SYMBOLS = "123456789ABCDEFGHIJKLMNOP";

const EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SHAPES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 10: [2, 5], 12: [3, 4], 16: [4, 4], 25: [5, 5] };

export function mount(root) {
  const state = { size: 9, box: [3, 3], givens: EXAMPLE, solution: null };
  const message = messageLine();
  const text = el("textarea", { rows: "4", name: "puzzle", spellcheck: "false", "aria-label": "Puzzle text" }, EXAMPLE);
  const board = el("div", { class: "board sudoku", role: "grid", "aria-label": "Sudoku board" });
  const stats = el("dl", { class: "stats" });
  const size = select("Size", [4, 6, 9, 12, 16, 25], 9, { name: "size" });
  const time = select("Time limit", [[1, "1 s"], [5, "5 s"], [10, "10 s"]], 10, { name: "time" });
  const solveButton = el("button", { class: "action primary", type: "button", onclick: () => run(false) }, "Solve");
  const countButton = el("button", { class: "action", type: "button", onclick: () => run(true) }, "Count solutions");
  const generateButton = el("button", { class: "action", type: "button", onclick: () => generate() }, "Generate");
  const clearButton = el("button", { class: "action", type: "button", onclick: () => clear() }, "Clear");
  const stepsButton = el("button", { class: "action", type: "button", onclick: () => steps() }, "Step by step");
  const stepButton = el("button", { class: "action", type: "button", disabled: true, onclick: () => { pause(); advance(1); } }, "Step");
  const playButton = el("button", { class: "action", type: "button", disabled: true, onclick: () => togglePlay() }, "▶ Play");
  const pencil = labelled("Candidates", el("input", { type: "checkbox", name: "candidates", checked: true, onchange: () => drawSteps() }));
  const stepText = el("span", { class: "steps", id: "sudoku-steps" });
  const now = el("p", { class: "now", id: "sudoku-now", "aria-live": "polite" });
  const player = el("div", { class: "player", hidden: true }, stepButton, playButton, pencil, stepText);

  root.append(el("div", { class: "layout" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "Type digits into the board, or paste a puzzle below: one line of n×n symbols or n rows; '.' or '0' is empty. Given cells are black, filled cells blue."),
      el("div", { class: "toolbar" }, size, time, solveButton, countButton, stepsButton, generateButton, clearButton),
      message.node, board, player, now,
      Object.assign(labelled("Puzzle text", text), { className: "field wide" })),
    el("aside", { class: "card" }, el("h2", {}, "Solver"), stats,
      el("p", { class: "about" }, "Step by step, as it is taught: a naked single is a cell with one candidate left (blue); a hidden single is the only cell of a row, column or box that can take a value (green). With no single left, guess in a cell with the fewest candidates (orange) and go on; a contradiction (a cell with no candidate, a value with no place) takes the guess back. The fast solver does the same with bit masks and more rules, and far fewer guesses."))));

  function cellsOf(textValue) {
    // The symbols of a one-line or multi-line puzzle (separators dropped), as the board shows them.
    return textValue.replace(/[\s|+\-]/g, "").split("");
  }

  function render() {
    const n = state.size;
    const [br, bc] = state.box;
    board.replaceChildren();
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.classList.toggle("small", n > 12);
    const givens = state.givens.padEnd(n * n, ".").slice(0, n * n);
    const clashes = clashing(givens, n, br, bc);
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n;
      const given = givens[i] !== "." && givens[i] !== "0";
      const value = given ? givens[i] : state.solution ? state.solution[i] : "";
      const input = el("input", {
        type: "text", inputmode: n <= 9 ? "numeric" : "text", maxlength: "1",
        "aria-label": `row ${r + 1} column ${c + 1}`, value,
        class: [!given && value ? "filled" : "", (c + 1) % bc === 0 && c < n - 1 ? "box-right" : "",
          (r + 1) % br === 0 && r < n - 1 ? "box-bottom" : "", clashes.has(i) ? "clash" : ""].join(" "),
        title: clashes.has(i) ? "the same symbol twice in a row, column or box" : null,
      });
      input.addEventListener("beforeinput", (event) => { // only this size's symbols go in
        if (event.data && !allowed(event.data.toUpperCase())) event.preventDefault();
      });
      input.addEventListener("input", () => {
        const value = input.value.trim().toUpperCase().slice(-1);
        input.value = allowed(value) ? value : "";
        edit(i, input.value);
        markClashes();
      });
      input.addEventListener("keydown", (event) => move(event, i));
      board.append(input);
    }
  }

  function allowed(symbol) { return symbol.length === 1 && SYMBOLS.slice(0, state.size).includes(symbol); }

  function clashing(givens, n, br, bc) { // cells whose symbol is repeated in a row, column or box
    const out = new Set();
    const units = [];
    for (let k = 0; k < n; k++) {
      units.push([...Array(n).keys()].map((c) => k * n + c)); // row k
      units.push([...Array(n).keys()].map((r) => r * n + k)); // column k
      const r0 = Math.floor(k / (n / bc)) * br, c0 = (k % (n / bc)) * bc;
      units.push([...Array(n).keys()].map((j) => (r0 + Math.floor(j / bc)) * n + c0 + (j % bc))); // box k
    }
    for (const unit of units) {
      const seen = new Map();
      for (const i of unit) {
        const v = givens[i];
        if (v === "." || v === "0") continue;
        if (seen.has(v)) { out.add(i); out.add(seen.get(v)); } else seen.set(v, i);
      }
    }
    return out;
  }

  function markClashes() {
    const n = state.size;
    const clashes = clashing(state.givens.padEnd(n * n, "."), n, state.box[0], state.box[1]);
    [...board.children].forEach((input, i) => input.classList.toggle("clash", clashes.has(i)));
  }

  // ---- step by step --------------------------------------------------------------
  const walk = { trace: null, k: 0, grid: [], marks: [], timer: null };

  async function steps() {
    stopWalk();
    const signal = message.busy("Solving step by step…");
    try {
      const r = await api("/api/sudoku/steps", { puzzle: text.value, time_limit: Number(time.control_.value) }, signal);
      state.size = r.size; state.box = SHAPES[r.size]; state.givens = r.givens.map((v) => (v ? SYMBOLS[v - 1] : ".")).join(""); state.solution = null;
      render();
      walk.trace = r; walk.k = 0; walk.grid = [...r.givens]; walk.marks = r.givens.map(() => "");
      player.hidden = false; stepButton.disabled = playButton.disabled = false;
      message.note(r.status === "solved" ? `${r.steps.length} steps: ${r.guesses} guesses, ${r.backtracks} backtracks.` : r.status === "limit" ? `The first ${r.steps.length} steps (stopped by the limit).` : `${r.steps.length} steps: no solution.`);
      drawSteps();
    } catch (error) {
      showError(error);
    }
  }

  function advance(count) {
    const t = walk.trace;
    for (let j = 0; j < count && walk.k < t.steps.length; j++) {
      const s = t.steps[walk.k++];
      if (s.kind === "backtrack") for (const i of s.clear) { walk.grid[i] = 0; walk.marks[i] = ""; }
      else { walk.grid[s.cell] = s.value; walk.marks[s.cell] = s.kind; }
    }
    drawSteps();
    if (walk.k >= t.steps.length) { pause(); stepButton.disabled = playButton.disabled = true; }
  }

  function drawSteps() {
    const t = walk.trace;
    if (!t) return;
    const n = t.size;
    const last = walk.k ? t.steps[walk.k - 1] : null;
    const show = pencil.control_.checked;
    [...board.children].forEach((input, i) => {
      const v = walk.grid[i];
      const given = t.givens[i] !== 0;
      input.value = v ? SYMBOLS[v - 1] : "";
      input.classList.remove("naked", "hidden", "guess", "current", "filled");
      if (!given && walk.marks[i]) input.classList.add(walk.marks[i]);
      if (last && last.cell === i) input.classList.add("current");
      const options = !v && show ? candidatesOf(i, n) : "";
      input.placeholder = options;
      input.classList.toggle("pencil", Boolean(options));
    });
    stepText.textContent = `step ${walk.k} of ${t.steps.length}`;
    now.textContent = last ? `${{ naked: "Naked single", hidden: "Hidden single", guess: "Guess", backtrack: "Backtrack" }[last.kind]}: ${last.why}.` : "The givens. Press Step.";
  }

  function candidatesOf(i, n) { // the values no peer holds, as small marks in the empty cell
    const [br, bc] = state.box;
    const r = Math.floor(i / n), c = i % n, r0 = r - (r % br), c0 = c - (c % bc);
    const used = new Set();
    for (let k = 0; k < n; k++) {
      used.add(walk.grid[r * n + k]); used.add(walk.grid[k * n + c]);
      used.add(walk.grid[(r0 + Math.floor(k / bc)) * n + c0 + (k % bc)]);
    }
    let out = "";
    for (let v = 1; v <= n; v++) if (!used.has(v)) out += SYMBOLS[v - 1];
    return out;
  }

  function togglePlay() { walk.timer ? pause() : play(); }
  function play() {
    playButton.textContent = "❚❚ Pause";
    walk.timer = setInterval(() => advance(1), 350);
  }
  function pause() {
    if (walk.timer) clearInterval(walk.timer);
    walk.timer = null;
    playButton.textContent = "▶ Play";
  }
  function stopWalk() {
    pause();
    walk.trace = null;
    player.hidden = true; now.textContent = "";
  }

  function edit(i, value) {
    const n = state.size;
    const cells = state.givens.padEnd(n * n, ".").split("");
    cells[i] = value ? value.toUpperCase() : ".";
    state.givens = cells.join("");
    state.solution = null;
    text.value = state.givens;
    for (const input of board.children) if (input.classList.contains("filled")) { input.value = ""; input.classList.remove("filled"); }
  }

  function move(event, i) {
    const n = state.size;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n }[event.key];
    if (step === undefined) return;
    const j = i + step;
    if (j >= 0 && j < n * n) { event.preventDefault(); board.children[j].focus(); }
  }

  text.addEventListener("input", () => {
    const cells = cellsOf(text.value);
    const n = Math.round(Math.sqrt(cells.length));
    if (n * n === cells.length && SHAPES[n]) {
      state.size = n; state.box = SHAPES[n]; state.givens = cells.join(""); state.solution = null;
      size.control_.value = String(n);
      render();
    }
  });
  size.control_.addEventListener("change", () => {
    const n = Number(size.control_.value);
    state.size = n; state.box = SHAPES[n]; state.givens = ".".repeat(n * n); state.solution = null;
    text.value = state.givens;
    render();
  });

  function clear() {
    stopWalk();
    state.givens = ".".repeat(state.size * state.size); state.solution = null;
    text.value = state.givens; message.clear(); showStats(stats, []);
    render();
  }

  function showError(error) {
    // the board shows no answer of an earlier puzzle: only what was typed, clashes marked
    state.solution = null;
    const cells = cellsOf(text.value);
    const n = Math.round(Math.sqrt(cells.length));
    if (n * n === cells.length && SHAPES[n]) { state.size = n; state.box = SHAPES[n]; state.givens = cells.join(""); }
    else state.givens = ".".repeat(state.size * state.size);
    render();
    showStats(stats, []);
    if (cancelled(error)) message.note("Cancelled.");
    else message.error(error.message);
  }

  async function run(count) {
    stopWalk();
    const signal = message.busy(count ? "Counting…" : "Solving…");
    try {
      const r = await api("/api/sudoku/solve", { puzzle: text.value, count, time_limit: Number(time.control_.value) }, signal);
      state.size = r.size; state.box = r.box; state.givens = r.givens; state.solution = r.solution;
      size.control_.value = String(r.size);
      render();
      const words = { solved: "solved", no_solution: "no solution (proved)", limit: "stopped by the time limit" };
      const stopped = r.status === "limit";
      // a count the time limit cut short is a lower bound, not the number of solutions
      const counted = stopped ? `at least ${thousands(r.count)}` : thousands(r.count);
      if (count) message.note(stopped ? `Stopped by the time limit: at least ${thousands(r.count)} solutions.` : `${counted} solution${r.count === 1 ? "" : "s"}.`);
      else message.note(r.status === "solved" && r.unique === false ? "Solved: this puzzle has more than one solution." : `Status: ${words[r.status]}.`);
      const s = r.stats;
      showStats(stats, [
        ["status", r.status], [count ? "solutions" : "solutions found", counted],
        ["unique", r.unique === null ? "unknown" : r.unique ? "yes" : "no"],
        ["guesses", thousands(s.guesses)], ["backtracks", thousands(s.backtracks)],
        ["filled by propagation", thousands(s.singles)], ["time", seconds(s.elapsed_s)], ["stopped by", s.limit || ""],
      ]);
    } catch (error) {
      showError(error);
    }
  }

  async function generate() {
    stopWalk();
    message.note("Generating…");
    try {
      const r = await api("/api/sudoku/generate", { size: Number(size.control_.value) });
      state.size = r.size; state.box = r.box; state.givens = r.puzzle; state.solution = null;
      text.value = r.puzzle;
      render();
      message.note(`A new puzzle with one solution: ${r.clues} clues${r.minimal ? ", none can be removed" : ""}.`);
      showStats(stats, [["clues", r.clues], ["minimal", r.minimal ? "yes" : "not proved"], ["guesses to solve", thousands(r.guesses)]]);
    } catch (error) {
      showError(error);
    }
  }

  render();
}
