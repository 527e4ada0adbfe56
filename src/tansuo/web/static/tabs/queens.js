// N-Queens tab: the solutions one by one with their count; the backtracking step by step.
import { api, el, labelled, messageLine, showStats, seconds, thousands, cancelled } from "/static/core.js";

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
  const now = el("p", { class: "now", id: "queens-now", "aria-live": "polite" });
  const pauseButton = el("button", { class: "action", type: "button", disabled: true, onclick: () => togglePause() }, "❚❚ Pause");
  const stepButton = el("button", { class: "action", type: "button", disabled: true, onclick: () => { stop(); pauseButton.textContent = "▶ Play"; tick(1); } }, "Step");

  root.append(el("div", { class: "layout" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "Place n queens so that none attacks another. Solutions come in lexicographic order; the count is exact when all were listed. Watch the depth-first backtracking for n ≤ 10."),
      el("p", { class: "about" }, "Backtracking puts one queen per row, trying the columns from the left. A square a queen above attacks (shaded) is rejected at once (✕, the attacker ringed); a free one takes a queen and the search goes down a row. When a row has no free square left, the last queen is taken back and moved right: that is the backtrack. The fast solver does the same with bit masks, and counts by symmetry."),
      el("div", { class: "toolbar" }, labelled("n", nInput),
        el("button", { class: "action primary", type: "button", onclick: () => solve() }, "Solutions"),
        el("button", { class: "action", type: "button", onclick: () => count() }, "Count all"),
        watchButton, pauseButton, stepButton, labelled("Speed", speed), stepText),
      message.node, board, now,
      el("div", { class: "solution-nav" }, prev, position, next)),
    el("aside", { class: "card" }, el("h2", {}, "Search"), stats)));

  document.addEventListener("keydown", (event) => { // arrows page through the solutions
    if (root.hidden || /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName) || state.events) return;
    if (event.key === "ArrowLeft") show(state.index - 1);
    else if (event.key === "ArrowRight") show(state.index + 1);
  });
  nInput.addEventListener("keydown", (event) => { if (event.key === "Enter") solve(); });

  function attackedBy(columns, r, c) { // the first row whose queen attacks (r, c), or -1
    for (let q = 0; q < columns.length && q < r; q++) {
      if (columns[q] === c || Math.abs(columns[q] - c) === r - q) return q;
    }
    return -1;
  }

  function draw(columns, placing = -1, reject = null) {
    // during the backtracking the squares the queens attack below them are shaded
    const n = state.n;
    const tracing = Boolean(state.events);
    board.replaceChildren();
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.style.gridTemplateRows = `repeat(${n}, 1fr)`;
    board.setAttribute("aria-label", columns.length ? `Queens in columns ${columns.map((c) => c + 1).join(", ")}` : "Empty board");
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const queen = columns[r] === c;
        const classes = [(r + c) % 2 ? "dark" : "light"];
        if (queen) classes.push("queen");
        if (queen && r === placing) classes.push("placing");
        if (tracing && !queen && r >= columns.length && attackedBy(columns, r, c) >= 0) classes.push("attacked");
        const rejected = reject && reject[0] === r && reject[1] === c;
        if (rejected) classes.push("rejected");
        if (reject && queen && r === reject[2]) classes.push("attacker");
        board.append(el("div", { class: classes.join(" "), "data-square": `${r},${c}` }, queen ? "♛" : rejected ? "✕" : ""));
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
    now.textContent = "";
    const signal = message.busy("Searching…");
    try {
      const r = await api("/api/queens", { n: readN(), max_solutions: 500 }, signal);
      state.solutions = r.solutions; state.count = r.count;
      message.clear();
      state.events = null;
      if (!r.solutions.length) {
        draw([]); position.textContent = r.status === "no_solution" ? "no solution (proved)" : "";
        prev.disabled = next.disabled = true;
      } else show(0);
      showStats(stats, [["status", r.status], ["solutions", r.count === null ? `first ${r.solutions.length} listed` : thousands(r.count)],
        ["queens placed", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)]]);
    } catch (error) {
      failed(error);
    }
  }

  function failed(error) { // no board of an earlier n stays up under the message
    stop();
    state.solutions = []; state.events = null; state.count = null;
    const asked = Number(nInput.value);
    state.n = Number.isInteger(asked) && asked >= 1 && asked <= 17 ? asked : 0;
    draw([]);
    position.textContent = ""; stepText.textContent = ""; now.textContent = "";
    prev.disabled = next.disabled = pauseButton.disabled = stepButton.disabled = true;
    showStats(stats, []);
    if (cancelled(error)) message.note("Cancelled."); else message.error(error.message);
  }

  async function count() {
    stop();
    state.events = null; stepText.textContent = ""; pauseButton.disabled = stepButton.disabled = true;
    const signal = message.busy("Counting…");
    try {
      const r = await api("/api/queens/count", { n: readN() }, signal);
      const stopped = r.status === "limit";
      const counted = r.count === null ? "—" : stopped ? `at least ${thousands(r.count)}` : thousands(r.count);
      message.note(r.count === null ? "Stopped by the time limit." : stopped ? `Stopped by the time limit: at least ${thousands(r.count)} solutions.` : `${thousands(r.count)} solution${r.count === 1 ? "" : "s"} on a ${r.n}×${r.n} board.`);
      showStats(stats, [["status", r.status], ["solutions", counted],
        ["queens placed", thousands(r.stats.nodes)], ["time", seconds(r.stats.elapsed_s)], ["stopped by", r.stats.limit || ""]]);
    } catch (error) {
      failed(error);
    }
  }

  async function watch() {
    stop();
    const signal = message.busy("Tracing…");
    try {
      const r = await api("/api/queens/trace", { n: readN() }, signal);
      message.note(r.complete ? `${thousands(r.events.length)} steps, ${r.solutions} solutions.` : `The first ${thousands(r.events.length)} steps.`);
      state.events = r.events; state.step = 0; state.board = []; state.found = 0;
      state.tally = { place: 0, reject: 0, remove: 0 };
      pauseButton.textContent = "❚❚ Pause";
      state.solutions = []; position.textContent = ""; prev.disabled = next.disabled = true;
      showStats(stats, [["board", `${r.n}×${r.n}`], ["steps", thousands(r.events.length)], ["solutions", r.solutions]]);
      tick();
    } catch (error) {
      failed(error);
    }
  }

  function togglePause() {
    if (state.timer) { stop(); pauseButton.textContent = "▶ Play"; }
    else if (state.events && state.step < state.events.length) { pauseButton.textContent = "❚❚ Pause"; tick(); }
  }

  function tick(only = 0) {
    const level = Number(speed.value);
    const steps = only || (level <= 4 ? 1 : 4 ** (level - 4));
    let placing = -1, reject = null, last = null;
    for (let k = 0; k < steps && state.step < state.events.length; k++) {
      const event = state.events[state.step++];
      const [kind, row, col] = event;
      last = event;
      reject = null;
      if (kind === "place") { state.board[row] = col; placing = row; }
      else if (kind === "remove") state.board.length = row;
      else if (kind === "reject") reject = [row, col, event[3]];
      else state.found++;
      if (state.tally[kind] !== undefined) state.tally[kind]++;
    }
    draw(state.board, placing, reject);
    stepText.textContent = `step ${thousands(state.step)} / ${thousands(state.events.length)} · ${state.found} found`;
    now.textContent = last ? explain(last) : "";
    const t = state.tally;
    showStats(stats, [["board", `${state.n}×${state.n}`], ["queens placed", thousands(t.place)], ["tries rejected", thousands(t.reject)],
      ["queens taken back", thousands(t.remove)], ["solutions found", thousands(state.found)], ["steps", `${thousands(state.step)} of ${thousands(state.events.length)}`]]);
    const more = state.step < state.events.length;
    pauseButton.disabled = stepButton.disabled = !more;
    if (more && !only) state.timer = setTimeout(tick, [600, 300, 120, 40, 30, 30, 30, 30][level - 1]);
  }

  function explain([kind, row, col, by]) {
    const square = (r, c) => `row ${r + 1}, column ${c + 1}`;
    if (kind === "place") return `A queen goes on ${square(row, col)}: no queen above attacks it.`;
    if (kind === "reject") return `${square(row, col)} is attacked by the queen of row ${by + 1}: rejected.`;
    if (kind === "remove") return `Backtrack: the queen of ${square(row, col)} comes off to try the next column.`;
    return `Solution ${state.found}: every row holds a queen.`;
  }

  function stop() {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
  }

  draw([]);
  prev.disabled = next.disabled = true;
  solve();
}
