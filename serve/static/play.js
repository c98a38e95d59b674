// play.js: playing a puzzle of cells: the board, its values and struck
// candidates, undo and redo, and the rules broken as the player goes. The
// modules that act on a game (hints.js, edit.js, input.js) play through
// this one; its toolbar's buttons are handed in (setPlayTools).

import { cell, prepare, render } from './board.js';
import { $, details, fail, h, say, title } from './dom.js';
import { playOf, prefs, showFlags, spec, st, stopLong } from './state.js';
import { api } from './api.js';
import { loadProgress, MAX_UNDO, restore, saveProgress, setURL, validValues } from './progress.js';
import { zoomControls } from './zoom.js';

// tools makes the toolbar's buttons for the puzzle opened: app.js hands
// them in as it wires the page, since most of them act through modules
// that import this one (hints.js, edit.js).
let tools = () => [];

// setPlayTools sets what makes the toolbar's buttons (with play's own:
// undo, redo, clearBoard, the toggles) as each puzzle is opened.
export function setPlayTools(f) {
  tools = f;
}

export function play(pz, { shared } = {}) {
  stopLong();
  st.mode = 'play';
  st.pz = prepare(pz);
  st.play = playOf(pz.kind);
  st.values = pz.fixed.slice();
  st.struck = new Set();
  st.undo = [];
  st.redo = [];
  st.faults = [];
  st.wrong = [];
  st.solution = null;
  st.hint = null;
  st.diffs = [];
  st.selected = null;
  st.from = null;
  st.note = '';
  st.pencil = false;
  const restored = shared && validValues(shared.v) ? restore({ v: shared.v, x: shared.x }) : restore(loadProgress());
  $('title').textContent = title(pz.kind, pz.name, `${pz.rows}×${pz.cols}`);
  $('text').textContent = pz.text;
  $('how').textContent = (st.play.how_to || '') + ' On a touch screen a long press does what the right button does. Ctrl+Z undoes, Ctrl+Y redoes; Pencil strikes candidates.';
  $('compare').hidden = true;
  $('goal').hidden = true;
  showFlags(st.kinds.get(pz.kind), pz.flags, () => { if (st.mode === 'play') reparse().catch(fail); });
  details();
  say('');
  $('toolbar').replaceChildren(...tools());
  setURL();
  syncToggles();
  redraw();
  if (restored) {
    say(shared ? 'Opened with the progress of the link.' : 'Your progress on this puzzle is restored.');
    scheduleVerify();
  }
  if (prefs.checkSol) fetchSolution().catch(fail);
}

function syncToggles() {
  $('pencil')?.classList.toggle('on', st.pencil);
  $('show-cands')?.classList.toggle('on', prefs.cands);
  $('check-sol')?.classList.toggle('on', prefs.checkSol);
}

// reparse reads the puzzle played again (its kind's options changed),
// keeping the board when it still fits.
async function reparse() {
  const ans = await api('/api/parse', spec());
  const values = st.values;
  play(ans.puzzle);
  if (values.length === st.values.length) st.values = values;
  redraw();
  verifyNow();
}

export function togglePencil() {
  st.pencil = !st.pencil;
  if (st.pencil && !prefs.cands) prefs.cands = true;
  syncToggles();
  redraw();
}

export function toggleCands() {
  prefs.cands = !prefs.cands;
  syncToggles();
  redraw();
}

export function toggleCheckSol() {
  prefs.checkSol = !prefs.checkSol;
  syncToggles();
  if (prefs.checkSol) fetchSolution().catch(fail);
  else {
    st.wrong = [];
    redraw();
  }
}

async function fetchSolution() {
  if (!st.solution) {
    const pz = st.pz;
    const ans = await api('/api/solve', spec());
    if (st.pz !== pz) return;
    st.solution = ans.status === 'solved' ? ans.values : [];
  }
  markWrong();
}

// markWrong marks the values that differ from the solution, and the
// struck candidates it needs, when checking against the solution.
function markWrong() {
  st.wrong = [];
  const sol = st.solution;
  if (prefs.checkSol && sol?.length) {
    const seen = new Set();
    const add = (i) => {
      const q = st.pz.display.unknowns[i].at;
      if (!seen.has(i)) { seen.add(i); st.wrong.push(q); }
    };
    st.values.forEach((v, i) => { if (v >= 0 && v !== sol[i]) add(i); });
    for (const k of st.struck) {
      const [i, v] = k.split(':').map(Number);
      if (st.values[i] < 0 && sol[i] === v) add(i);
    }
  }
  redraw();
}

// candsView is the pencil marks to draw: the candidates left in each
// undecided cell (when shown), and the struck ones (always: they are the
// player's).
function candsView() {
  const cands = [], struck = [];
  if (!prefs.cands && !st.struck.size) return { cands, struck };
  st.pz.display.unknowns.forEach((u, i) => {
    if (st.values[i] >= 0) return;
    for (let v = 0; v < u.marks.length; v++) {
      if (st.struck.has(i + ':' + v)) struck.push({ var: i, value: v });
      else if (prefs.cands) cands.push({ var: i, value: v });
    }
  });
  return { cands, struck };
}

// redraw draws the game: the board with the player's values, marks, the
// hint and the faults, and the toolbar's state. (edit.js draws a drawing,
// playmoves.js a puzzle of moves.)
export function redraw() {
  if (st.mode !== 'play') return;
  const { cands, struck } = candsView();
  render($('board'), st.pz, {
    values: st.values, faults: st.faults.concat(st.wrong), hint: st.hint, diffs: st.diffs, selected: st.selected, cands, struck,
  });
  zoomControls();
  const ap = $('apply-hint');
  if (ap) ap.disabled = !(st.hint && (Object.keys(st.hint.forced || {}).length || st.hint.elims.length));
  if ($('undo')) $('undo').disabled = !st.undo.length;
  if ($('redo')) $('redo').disabled = !st.redo.length;
}

// change records the board before a change for undo and forgets redo.
export function change() {
  st.undo.push({ values: st.values, struck: new Set(st.struck) });
  if (st.undo.length > MAX_UNDO) st.undo.splice(0, 1);
  st.redo = [];
}

export function changed() {
  st.hint = null;
  st.diffs = [];
  $('compare').hidden = true;
  saveProgress();
  if (st.solution) markWrong();
  redraw();
  scheduleVerify();
}

export function setValues(values) {
  change();
  st.values = values;
  changed();
}

export function setValue(i, v) {
  if (i === undefined || i < 0 || st.pz.fixed[i] >= 0 || st.values[i] === v) return;
  const next = st.values.slice();
  next[i] = v;
  setValues(next);
}

export function undo() {
  if (st.mode !== 'play' || !st.undo.length) return;
  st.redo.push({ values: st.values, struck: st.struck });
  ({ values: st.values, struck: st.struck } = st.undo.pop());
  changed();
}

export function redo() {
  if (st.mode !== 'play' || !st.redo.length) return;
  st.undo.push({ values: st.values, struck: st.struck });
  ({ values: st.values, struck: st.struck } = st.redo.pop());
  changed();
}

export function clearBoard() {
  change();
  st.values = st.pz.fixed.slice();
  st.struck = new Set();
  changed();
  say('');
}

let verifyTimer = 0;
function scheduleVerify() {
  clearTimeout(verifyTimer);
  verifyTimer = setTimeout(verifyNow, 30);
}

// verifyNow marks what the kind's Verify finds wrong on the board. Answers
// that come back after a newer board was sent are dropped.
async function verifyNow() {
  const seq = ++st.verifySeq;
  let v;
  try {
    v = await api('/api/verify', spec({ values: st.values }));
  } catch (err) {
    return fail(err);
  }
  if (seq !== st.verifySeq || st.mode !== 'play') return;
  st.faults = (v.faults || []).map(cell);
  redraw();
  if (v.solved) {
    say(st.note ? `${st.note} Solved! Every rule holds.` : 'Solved! Every rule holds.', 'good');
    st.note = '';
    details();
  } else if (v.violations.length) {
    say(`${v.violations.length} rule${v.violations.length > 1 ? 's' : ''} broken (marked red)`, 'bad');
    details(h('ul', {}, ...v.violations.map((x) => h('li', { class: 'violation', title: x.rule }, sentence(x.message)))));
  } else if (!st.hint && $('message').className === 'bad') {
    say('');
    details();
  }
}

// sentence starts a message with a capital and ends it with a stop.
export function sentence(s) {
  s = String(s || '').trim();
  if (!s) return s;
  s = s[0].toUpperCase() + s.slice(1);
  return /[.!?]$/.test(s) ? s : s + '.';
}
