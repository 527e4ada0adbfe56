// What the game tabs share: the engine's iterations, its score in words, the alpha-beta tree.
import { el, thousands, plural, seconds } from "/static/core.js";

const MATE = 1000000;
const MATE_BOUND = MATE - 256;

/** One finished iteration of the engine's deepening, as a line that wraps in the panel. */
export function iterationLine(info, scoreText) {
  return el("span", { class: "iteration" },
    `${info.depth} · ${scoreText ?? info.score} · ${thousands(info.nodes)} · ${info.pv.join(" ")}`);
}

/** The engine's score in words: whose side, what the number means. */
export function scoreWords(score, text, side, unit, depth) {
  if (score === null || score === undefined) return "";
  if (/^win in/.test(text)) return `${text}: ${side} has a forced win, ${text.slice(7)} plies (single moves of either side) away, whatever the reply.`;
  if (/^loss in/.test(text)) return `${text}: whatever ${side} plays, the opponent can force a win within ${text.slice(8)} plies.`;
  const lean = score > 0 ? "it stands better" : score < 0 ? "it stands worse" : "an even position";
  return `Score ${text} for ${side}: ${lean}, looking ${plural(depth, "ply", "plies")} ahead. The unit: ${unit}.`;
}

function shown(v) {
  if (v === null || v === undefined) return "∞";
  if (Math.abs(v) >= MATE_BOUND) return `${v > 0 ? "win" : "loss"} in ${MATE - Math.abs(v)}`;
  return v > 0 ? `+${v}` : String(v);
}

/**
 * The tree of a shallow alpha-beta search (tansuo.adversarial.trace's dict), drawn as
 * nested lists. Values and windows are shown for the side to move at the root (the
 * server's are negamax: each node's for its own side to move).
 */
export function drawTree(container, tree, { root, moveName, sides }) {
  container.replaceChildren();
  if (!tree) return;
  const list = el("ul", { class: "tree-root" });
  list.append(node(tree, 0, root, moveName, sides));
  container.append(list);
}

function node(n, depth, label, moveName, sides) {
  const flip = depth % 2 === 1;
  const value = flip ? -n.value : n.value;
  const alpha = flip ? (n.beta === null ? null : -n.beta) : n.alpha;
  const beta = flip ? (n.alpha === null ? null : -n.alpha) : n.beta;
  const mover = sides[depth % 2];
  const role = depth % 2 === 0 ? "max" : "min";
  const kind = { leaf: "evaluated", end: "game over", inner: "" }[n.kind];
  const head = el("span", { class: `tree-node ${role}`, "data-move": n.move ?? "", "data-value": String(value) },
    el("span", { class: "tree-move" }, label),
    " ", el("b", { class: "tree-value" }, shown(value)),
    " ", el("span", { class: "tree-window" }, `(α ${alpha === null ? "−∞" : shown(alpha)}, β ${beta === null ? "+∞" : shown(beta)})`),
    kind ? el("span", { class: "tree-kind" }, ` ${kind}`) : null,
    n.children.length ? el("span", { class: "tree-kind" }, ` · ${mover} to move (${role === "max" ? "takes the largest" : "takes the smallest"})`) : null);
  const item = el("li", { class: "node" });
  if (!n.children.length) { item.append(head); return item; }
  const details = el("details", { open: depth === 0 ? true : null });
  details.append(el("summary", {}, head));
  const kids = el("ul", {});
  for (const child of n.children) kids.append(node(child, depth + 1, moveName(child.move), moveName, sides));
  if (n.skipped.length) {
    const why = role === "max" ? `≥ β: ${sides[1]} above will not allow this position` : `≤ α: ${sides[0]} above will not allow this position`;
    kids.append(el("li", { class: "cut", "data-skipped": n.skipped.join(" ") },
      `✂ cut off: ${n.skipped.map(moveName).join(", ")} never searched (value ${why})`));
  }
  details.append(kids);
  item.append(details);
  return item;
}

/**
 * A card that draws the alpha-beta tree of the position shown: ``request()`` gives the
 * body of ``path`` (the game so far), ``sideNames[to_move]`` names the side to move.
 */
export function treeCard({ id, path, request, sideNames, other, moveName = (m) => m, depths = [1, 2, 3], width, orderText }) {
  const depth = el("select", { name: "tree-depth" }, ...depths.map((d) => el("option", { value: d, selected: d === 2 ? true : null }, `${d} ${d === 1 ? "ply" : "plies"}`)));
  const order = el("select", { name: "tree-order" }, el("option", { value: "natural" }, "as generated"), el("option", { value: "history" }, "history heuristic"));
  const text = el("span", { class: "steps", id: `${id}-tree-text` });
  const tree = el("div", { class: "tree", id: `${id}-tree` });
  const engine = el("p", { class: "about engine-line", id: `${id}-engine-line`, hidden: true });
  const label = (t, c) => el("label", { class: "field" }, el("span", {}, t), c);
  const button = el("button", { class: "action", type: "button", onclick: () => draw() }, "Draw the tree of this position");
  async function draw() {
    text.textContent = "Searching…";
    try {
      const response = await fetch(path, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...request(), depth: Number(depth.value), order: order.value, width }),
      });
      const r = await response.json();
      if (!response.ok) throw new Error(r.error || response.statusText);
      if (!r.tree) { text.textContent = "The game is over: nothing to search."; tree.replaceChildren(); engine.hidden = true; return; }
      const mover = sideNames[r.to_move] || r.to_move;
      text.textContent = `${thousands(r.nodes)} positions searched; value ${r.score_text} for ${mover} to move.`;
      showEngine(r.engine, mover);
      drawTree(tree, r.tree, { root: `${mover} to move`, moveName, sides: [mover, other(mover)] });
    } catch (error) {
      text.textContent = error.message;
    }
  }
  function showEngine(e, mover) { // the real search of the same position, labelled as such
    engine.hidden = !e;
    if (!e) return;
    engine.replaceChildren(el("b", {}, `The engine's own search of this position (depth ${e.depth}): `),
      el("span", { class: "engine-pv" }, e.pv.map(moveName).join(" ") || "no move"),
      `, score ${e.score_text ?? "—"} for ${mover}, ${thousands(e.nodes)} positions in ${seconds(e.elapsed_s)}. `,
      "The tree below is the method drawn small; the engine adds its transposition table, its move ordering and its pruning, and so looks deeper.");
    engine.dataset.nodes = String(e.nodes);
    engine.dataset.pv = e.pv.join(" ");
  }
  return el("div", { class: "card tree-card" }, el("h2", {}, "Inside the search: the alpha-beta tree"),
    el("p", { class: "about" }, `A shallow alpha-beta search of the position over the first ${width} moves of each position (${orderText}), drawn whole: a picture of the method, not the engine's deep search. Each line: the move, its value for the side to move at the top (that side's rows take the largest, the other's the smallest) and the window (α, β). A reply that proves a move worse than one found already cuts off the rest (✂). With the history heuristic, moves that caused cut-offs are tried first.`),
    el("div", { class: "toolbar" }, label("Depth", depth), label("Move order", order), button, text), engine, tree);
}
