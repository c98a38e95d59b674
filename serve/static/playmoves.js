// playmoves.js: puzzles played by moves: moves by click, key, drag or
// typing, the goal beside the board, and the shortest solution proven depth
// by depth.

import { changedCells, goalText, renderMoves } from './moves.js';
import { $, button, details, fail, h, ms, say, title } from './dom.js';
import { showFlags, st, stopLong } from './state.js';
import { api } from './api.js';
import { loadProgress, saveProgress, setURL } from './progress.js';
import { exportPanel, share } from './share.js';

// methodLabels say what each way of proving an optimum (the kind's
// moves.methods, the default first) is.
const methodLabels = { auto: 'fastest proof (exact search beside SAT)', sat: 'SAT, depth by depth', search: 'exact search' };

// openMoves opens a puzzle of kind k, played by moves through the
// endpoints its play data names.
export async function openMoves(k, req, shared) {
  const ans = await api(k.moves.api.parse, { ...req, kind: k.name });
  stopLong();
  st.mode = 'moves';
  const p = ans.puzzle;
  p.is_goal_now = p.is_goal;
  st.moves = { kind: k, pz: p, applied: [], state: p.state, prev: null };
  const tiles = p.picture.flat().filter((c) => c >= 0).length;
  $('title').textContent = title(k.name, p.name, `${tiles} tiles, ${p.moves.length} moves`);
  $('text').textContent = p.text;
  $('how').textContent = (k.play.how_to || '') + ' Drag a token along its row or column to move the line, or use the arrow keys on the line through the outlined token (⇧+arrow moves the outline); Ctrl+Z undoes.';
  $('compare').hidden = true;
  showFlags(null);
  const typed = h('input', { id: 'typed-moves', placeholder: 'moves, e.g. r1l c2u', size: '24' });
  typed.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') applyTyped().catch(fail); });
  $('toolbar').replaceChildren(
    h('div', { class: 'moves', id: 'move-buttons' }, ...p.moves.map((m) => button(m, () => applyMoves([m]).catch(fail), { 'data-move': m }))),
  );
  details(
    h('div', { class: 'row' }, typed, button('Apply', () => applyTyped().catch(fail), { id: 'apply-typed' }),
      button('Undo', () => movesUndo().catch(fail), { id: 'moves-undo' }), button('Reset', () => movesReset(), { id: 'moves-reset' }),
      button('Share', share, { id: 'share' }), button('Export', exportPanelMoves, { id: 'export' })),
    h('div', { class: 'row' },
      button('Shortest solution', () => movesSolve().catch(fail), { id: 'moves-solve', class: 'primary' }),
      h('select', { id: 'moves-method', title: 'how the shortest solution is proven' },
        ...(k.moves.methods || ['search']).map((m) => h('option', { value: m }, methodLabels[m] || m))),
      button('Stop', () => stopLong(), { id: 'moves-stop' })),
    h('div', { id: 'moves-extra' }),
    h('div', { id: 'moves-progress' }),
  );
  setURL();
  const saved = shared?.m ? shared : loadProgress();
  if (Array.isArray(saved?.m) && saved.m.length && saved.m.every((m) => p.moves.includes(m))) {
    await applyMoves(saved.m);
    return;
  }
  movesDraw();
}

function exportPanelMoves() {
  exportPanel();
  $('details').prepend(button('Back to the moves', () => openMoves(st.moves.kind, { text: st.moves.pz.text }, { m: st.moves.applied }).catch(fail)));
}

function movesDraw() {
  const s = st.moves;
  renderMoves($('board'), s.pz, s.state, changedCells(s.prev, s.state));
  movesCursor();
  goalDraw();
  const moves = s.applied.length ? `after ${s.applied.length} move${s.applied.length > 1 ? 's' : ''}: ${s.applied.join(' ')}` : 'the start';
  if (s.pz.is_goal_now) say(`Goal reached ${moves}.`, 'good');
  else say(`Showing ${moves}. Goal: ${goalText(s.pz)}.`);
}

// goalDraw draws the goal beside the board: the target picture, and each
// line sum as it stands against its total.
function goalDraw() {
  const s = st.moves, goal = s.pz.goal;
  $('compare').hidden = true;
  const box = $('goal');
  const parts = [];
  if (goal.target) {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.id = 'goal-target';
    renderMoves(svg, s.pz, goal.target, [], 0.75);
    parts.push(h('figure', {}, h('figcaption', {}, 'target'), svg));
  }
  if (goal.sums?.length) {
    const num = (c) => Number(s.pz.values[s.state[c]]);
    const items = goal.sums.map((x) => {
      const now = x.cells.reduce((a, c) => a + num(c), 0);
      const names = x.cells.map((c) => s.pz.cell_names?.[c] || c);
      const ok = now === x.total;
      return h('li', { class: ok ? 'sum-ok' : 'sum-off', title: names.join(' + ') },
        `${names[0]}–${names[names.length - 1]}: ${x.cells.map((c) => s.pz.values[s.state[c]]).join('+')} = ${now}`, h('b', {}, ok ? ' ✓' : ` ≠ ${x.total}`));
    });
    const ok = items.filter((li) => li.className === 'sum-ok').length;
    parts.push(h('div', { id: 'goal-sums' }, h('figcaption', {}, `line sums: ${ok} of ${items.length} right`), h('ul', {}, ...items)));
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

async function applyMoves(moves) {
  const s = st.moves;
  const applied = s.applied.concat(moves);
  const ans = await api(s.kind.moves.api.apply, { kind: s.kind.name, text: s.pz.text, moves: applied });
  s.prev = s.state;
  s.applied = applied;
  s.state = ans.values[ans.values.length - 1];
  s.pz.is_goal_now = ans.goal;
  saveProgress();
  movesDraw();
}

async function applyTyped() {
  const moves = $('typed-moves').value.split(/[\s,]+/).filter(Boolean);
  if (!moves.length) return;
  await applyMoves(moves);
  $('typed-moves').value = '';
}

export async function movesUndo() {
  const s = st.moves;
  if (!s.applied.length) return;
  const applied = s.applied.slice(0, -1);
  s.applied = [];
  s.state = s.pz.start;
  if (applied.length) await applyMoves(applied);
  else { s.pz.is_goal_now = s.pz.is_goal; s.prev = null; saveProgress(); movesDraw(); }
}

function movesReset() {
  const s = st.moves;
  s.applied = [];
  s.prev = null;
  s.state = s.pz.start;
  s.pz.is_goal_now = s.pz.is_goal;
  saveProgress();
  movesDraw();
}

// A drag from one token to another along a picture line applies the
// moves that turn that line (rNl/rNr for rows, cNu/cNd for columns, as
// many as the distance), when the puzzle has them.
const drag = { from: null };

function tokenAt(ev) {
  const t = document.elementFromPoint(ev.clientX, ev.clientY);
  const el = t?.closest?.('#board [data-cell]') || ev.target.closest?.('#board [data-cell]');
  if (!el) return null;
  const cell = +el.dataset.cell;
  const pic = st.moves.pz.picture;
  for (let r = 0; r < pic.length; r++) {
    const c = pic[r].indexOf(cell);
    if (c >= 0) return { row: r, col: c };
  }
  return null;
}

export function movesDown(ev) {
  drag.from = tokenAt(ev);
  if (drag.from) {
    st.moves.cursor = drag.from;
    movesCursor();
  }
  if (drag.from) ev.preventDefault();
}

export function movesUp(ev) {
  const from = drag.from;
  drag.from = null;
  const to = from && tokenAt(ev);
  if (!to) return;
  const dr = to.row - from.row, dc = to.col - from.col;
  let name, n;
  if (dr === 0 && dc !== 0) {
    name = `r${from.row + 1}${dc < 0 ? 'l' : 'r'}`; n = Math.abs(dc);
  } else if (dc === 0 && dr !== 0) {
    name = `c${from.col + 1}${dr < 0 ? 'u' : 'd'}`; n = Math.abs(dr);
  } else return;
  if (!st.moves.pz.moves.includes(name)) {
    say(`No move ${name} in this puzzle.`, 'bad');
    return;
  }
  applyMoves(Array(n).fill(name)).catch(fail);
}

// movesKey plays a puzzle of moves from the keyboard: the arrow keys turn
// the line through the cursor (its row left or right, its column up or
// down) when the puzzle has that move; with ⇧ held they move the cursor
// instead. Clicking or dragging a token puts the cursor there.
export function movesKey(ev) {
  const dirs = { ArrowUp: [-1, 0, 'c', 'u'], ArrowDown: [1, 0, 'c', 'd'], ArrowLeft: [0, -1, 'r', 'l'], ArrowRight: [0, 1, 'r', 'r'] };
  const d = dirs[ev.key];
  if (!d || ev.ctrlKey || ev.metaKey || ev.altKey) return false;
  const s = st.moves, pic = s.pz.picture;
  const at = s.cursor || { row: 0, col: 0 };
  if (ev.shiftKey) {
    const row = at.row + d[0], col = at.col + d[1];
    if (row >= 0 && row < pic.length && col >= 0 && col < pic[row].length && pic[row][col] >= 0) {
      s.cursor = { row, col };
      movesCursor();
    }
    return true;
  }
  const name = `${d[2]}${(d[2] === 'r' ? at.row : at.col) + 1}${d[3]}`;
  if (!s.pz.moves.includes(name)) {
    say(`No move ${name} in this puzzle.`, 'bad');
    return true;
  }
  applyMoves([name]).catch(fail);
  return true;
}

// movesCursor outlines the token under the keyboard's cursor.
function movesCursor() {
  const s = st.moves;
  $('board').querySelectorAll('.token.cursor').forEach((e) => e.classList.remove('cursor'));
  const c = s.cursor && s.pz.picture[s.cursor.row]?.[s.cursor.col];
  if (c >= 0) $('board').querySelector(`#token-${c}`)?.classList.add('cursor');
}

// movesSolve asks for a shortest solution from the state shown, by the
// method chosen (the fastest proof, as the command line's, by default),
// showing each depth as SAT decides it and the one being worked on.
async function movesSolve() {
  stopLong();
  const s = st.moves;
  const ctl = new AbortController();
  st.abort = ctl;
  const t0 = Date.now();
  const rows = [];
  const box = $('moves-progress');
  const table = h('table', { id: 'depths' });
  const head = h('tr', {}, ...['depth', 'answer', 'parts', 'vars', 'clauses', 'solving', 'at'].map((x) => h('th', {}, x)));
  const running = h('tr', { id: 'depth-running', class: 'depth-run' });
  const drawTable = () => {
    const k = rows.length;
    running.replaceChildren(h('td', {}, String(k)), h('td', {}, `solving… ${((Date.now() - t0) / 1000).toFixed(1)} s`), h('td', {}), h('td', {}), h('td', {}), h('td', {}), h('td', {}));
    table.replaceChildren(head, ...rows, running);
  };
  const bound = h('p', { id: 'search-bound' });
  const method = $('moves-method') ? $('moves-method').value : '';
  if (method === 'search') {
    box.replaceChildren(h('p', {}, 'The exact search proves, bound by bound, that no shorter solution exists, until it finds one of the bound\'s length.'), bound);
  } else {
    box.replaceChildren(h('p', {}, 'Each depth k asks SAT for a solution of k moves; "no" for every smaller k proves the first "yes" shortest.'), bound, table);
  }
  drawTable();
  st.timer = setInterval(drawTable, 200);
  const depthRow = (d) => h('tr', { class: d.status === 'SATISFIABLE' ? 'depth-sat' : 'depth-unsat' },
    h('td', {}, String(d.k)), h('td', {}, d.status === 'SATISFIABLE' ? 'yes: solution' : d.status === 'UNSATISFIABLE' ? 'no (refuted)' : 'unknown'),
    h('td', {}, String(d.parts.length)), h('td', {}, String(d.vars)), h('td', {}, String(d.clauses)),
    h('td', {}, `${(d.ms / 1000).toFixed(3)} s`), h('td', {}, `${(d.at_ms / 1000).toFixed(3)} s`));
  say('solving…');
  try {
    const ans = await api(s.kind.moves.api.solve, { kind: s.kind.name, text: s.pz.text, moves: s.applied, method }, {
      signal: ctl.signal,
      onEvent: (ev, d) => {
        if (ev === 'depth') { rows.push(depthRow(d)); drawTable(); }
        // The exact search beside SAT: what it has proven so far.
        if (ev === 'bound') bound.textContent = `Exact search: no solution shorter than ${d.k} moves (at ${(d.at_ms / 1000).toFixed(1)} s).`;
      },
    });
    clearInterval(st.timer);
    running.remove();
    st.abort = null;
    if (ans.status === 'optimal') {
      const how = ans.proof === 'search' ? `proven shortest by the exact search (${ms(ans.ms)})` : `every shorter length refuted by SAT (${ans.solver}, ${ms(ans.ms)})`;
      say(`Shortest solution: ${ans.moves.length} moves (${ans.moves.join(' ') || 'none needed'}); ${how}.`, 'good');
      box.append(h('div', { class: 'row' }, button('Play the solution', () => playSolution(ans.moves).catch(fail), { id: 'play-solution' })));
    } else if (ans.status === 'no-solution-within') {
      say(`No solution within ${ans.max_steps} moves.`, 'bad');
    } else {
      say(`Stopped before an answer: no solution shorter than ${ans.proved_lower_bound} moves.`, 'bad');
    }
  } catch (err) {
    clearInterval(st.timer);
    running.remove();
    throw err;
  }
}

async function playSolution(moves) {
  for (const m of moves) {
    await applyMoves([m]);
    await new Promise((r) => setTimeout(r, 450));
  }
}
