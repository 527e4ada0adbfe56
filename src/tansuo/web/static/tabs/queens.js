// N-Queens tab: the solutions one by one with their count; the backtracking step by step.
import { api, el, labelled, messageLine, showStats, seconds, thousands } from "/static/core.js";

export function mount(root) {
  const state = { n: 8, solutions: [], index: 0, count: null, events: null, step: 0, board: [], timer: null };
  const message = messageLine();
  const nInput = el("input", { type: "number", min: "1", max: "17", value: "8", name: "n" });
  const board = el("div", { class: "board chess", role: "img", "aria-label": "Board" });
  const stats = el("dl", { class: "stats" });
  const position = el("span", { class: "steps", "aria-live": "polite" });
  const prev = el("button", { class: "action", type: "button", onclick: () => show(state.index - 1) }, "◀ Previous");
  const next = el("button", { class: "action", type: "button", onclick: () => show(state.index + 1) }, "Next ▶");
  const speed = el("input", { type: "range", min: "1", max: "8", value: "4", "aria-label": "Speed" });
  const watchButton = el("button", { class: "action", type: "button", onclick: () => watch() }, "Watch backtracking");
  const stepText = el("span", { class: "steps" });
  const pauseButton = el("button", { class: "action", type: "button", disabled: true, onclick: () => togglePause() }, "❚❚ Pause");
  const stepButton = el("button", { class: "action", type: "button", disabled: true, onclick: () => { stop(); pauseButton.textContent = "▶ Play"; tick(1); } }, "Step");

  root.append(el("div", { class: "layout" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "Place n queens so that none attacks another. Solutions come in lexicographic order; the count is exact when all were listed. Watch the depth-first backtracking for n ≤ 10."),
      el("div", { class: "toolbar" }, labelled("n", nInput),
        el("button", { class: "action primary", type: "button", onclick: () => solve() }, "Solutions"),
        el("button", { class: "action", type: "button", onclick: () => count() }, "Count all"),
        watchButton, pauseButton, stepButton, labelled("Speed", speed), stepText),
      message.node, board,
      el("div", { class: "solution-nav" }, prev, position, next)),
    el("aside", { class: "card" }, el("h2", {}, "Search"), stats)));

  document.addEventListener("keydown", (event) => { // arrows page through the solutions
    if (root.hidden || /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName) || state.events) return;
    if (event.key === "ArrowLeft") show(state.index - 1);
    else if (event.key === "ArrowRight") show(state.index + 1);
  });
  nInput.addEventListener("keydown", (event) => { if (event.key === "Enter") solve(); });

  function draw(columns, placing = -1) {
    const n = state.n;
    board.replaceChildren();
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.style.gridTemplateRows = `repeat(${n}, 1fr)`;
    board.setAttribute("aria-label", columns.length ? `Queens in columns ${columns.map((c) => c + 1).join(", ")}` : "Empty board");
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const queen = columns[r] === c;
        board.append(el("div", { class: `${(r + c) % 2 ? "dark" : "light"}${queen ? " queen" : ""}${queen && r === placing ? " placing" : ""}` }, queen ? "♛" : ""));
      }
    }
  }

  function show(i) {
    stop();
    if (!state.solutions.length) return;
    state.index = Math.max(0, Math.min(state.solutions.length - 1, i));
    draw(state.solutions[state.index]);
    const total = state.count === null ? `${state.solutions.length}+` : thousands(state.count);
    position.textContent = `solution ${state.index + 1} of ${total}`;
    prev.disabled = state.index === 0;
    next.disabled = state.index === state.solutions.length - 1;
  }

  function readN() {
    state.n = Number(nInput.value);
    return state.n;
  }

  async function solve() {
    stop();
    state.events = null; stepText.textContent = ""; pauseButton.disabled = stepButton.disabled = true;
    message.note("Searching…");
    try {
      const r = await api("/api/queens", { n: readN(), max_solutions: 500 });
      state.solutions = r.solutions; state.count = r.count;
      message.clear();
      if (!r.solutions.length) {
        draw([]); position.textContent = r.status === "no_solution" ? "no solution (proved)" : "";
        prev.disabled = next.disabled = true;
      } else show(0);
      showStats(stats, [["status", r.status], ["solutions", r.count === null ? `first ${r.solutions.length} listed` : thousands(r.count)],
        ["queens placed", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)]]);
    } catch (error) {
      message.error(error.message);
    }
  }

  async function count() {
    stop();
    state.events = null; stepText.textContent = ""; pauseButton.disabled = stepButton.disabled = true;
    message.note("Counting…");
    try {
      const r = await api("/api/queens/count", { n: readN() });
      message.note(r.count === null ? "Stopped by the time limit." : `${thousands(r.count)} solutions on a ${r.n}×${r.n} board.`);
      showStats(stats, [["status", r.status], ["solutions", r.count === null ? "—" : thousands(r.count)],
        ["queens placed", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)], ["stopped by", r.stats.limit || ""]]);
    } catch (error) {
      message.error(error.message);
    }
  }

  async function watch() {
    stop();
    message.note("Tracing…");
    try {
      const r = await api("/api/queens/trace", { n: readN() });
      message.note(r.complete ? `${thousands(r.events.length)} steps, ${r.solutions} solutions.` : `The first ${thousands(r.events.length)} steps.`);
      state.events = r.events; state.step = 0; state.board = []; state.found = 0;
      pauseButton.textContent = "❚❚ Pause";
      state.solutions = []; position.textContent = ""; prev.disabled = next.disabled = true;
      showStats(stats, [["board", `${r.n}×${r.n}`], ["steps", thousands(r.events.length)], ["solutions", r.solutions]]);
      tick();
    } catch (error) {
      message.error(error.message);
    }
  }

  function togglePause() {
    if (state.timer) { stop(); pauseButton.textContent = "▶ Play"; }
    else if (state.events && state.step < state.events.length) { pauseButton.textContent = "❚❚ Pause"; tick(); }
  }

  function tick(only = 0) {
    const level = Number(speed.value);
    const steps = only || (level <= 4 ? 1 : 4 ** (level - 4));
    let placing = -1;
    for (let k = 0; k < steps && state.step < state.events.length; k++) {
      const [kind, row, col] = state.events[state.step++];
      if (kind === "place") { state.board[row] = col; placing = row; }
      else if (kind === "remove") state.board.length = row;
      else state.found++;
    }
    draw(state.board, placing);
    stepText.textContent = `step ${thousands(state.step)} / ${thousands(state.events.length)} · ${state.found} found`;
    const more = state.step < state.events.length;
    pauseButton.disabled = stepButton.disabled = !more;
    if (more && !only) state.timer = setTimeout(tick, [600, 300, 120, 40, 30, 30, 30, 30][level - 1]);
  }

  function stop() {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
  }

  draw([]);
  prev.disabled = next.disabled = true;
  solve();
}
