// play.js: playing a puzzle of cells: the board, its values and struck
// candidates, undo and redo, and the rules broken as the player goes.

import { cell, prepare, render } from './board.js';
import { $, button, details, fail, h, say, title } from './dom.js';
import { playOf, prefs, showFlags, spec, st } from './state.js';
import { api } from './api.js';
import { loadProgress, MAX_UNDO, restore, saveProgress, setURL, validValues } from './progress.js';
import { applyHint, autocomplete, check, grade, hint } from './hints.js';
import { exportPanel, share } from './share.js';
import { editMarks, editRedo, editThis, editUndo } from './edit.js';
import { zoomControls } from './zoom.js';
import { stopLong } from './generate.js';
import { movesUndo } from './playmoves.js';

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
  showFlags(st.kinds.get(pz.kind), pz.flags);
  details();
  say('');
  const bar = $('toolbar');
  bar.replaceChildren(
    button('Hint', () => hint().catch(fail), { id: 'hint' }),
    button('Apply hint', applyHint, { id: 'apply-hint', disabled: '' }),
    button('Undo', undo, { id: 'undo', title: 'Ctrl+Z' }),
    button('Redo', redo, { id: 'redo', title: 'Ctrl+Y' }),
    button('Clear', clearBoard, { id: 'clear' }),
    button('Pencil', togglePencil, { id: 'pencil', title: 'clicks strike or restore candidates' }),
    button('Candidates', toggleCands, { id: 'show-cands', title: 'show the candidates left in undecided cells' }),
    button('Check solution', toggleCheckSol, { id: 'check-sol', title: 'mark values that differ from the solution' }),
    button('Autocomplete', () => autocomplete().catch(fail), { id: 'solve' }),
    button('Uniqueness', () => check().catch(fail), { id: 'check' }),
    button('Difficulty', () => grade().catch(fail), { id: 'grade' }),
    button('Share', share, { id: 'share' }),
    button('Export', exportPanel, { id: 'export' }),
  );
  if (st.play.editor) bar.append(button('Edit', () => editThis().catch(fail), { id: 'edit' }));
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

function togglePencil() {
  st.pencil = !st.pencil;
  if (st.pencil && !prefs.cands) prefs.cands = true;
  syncToggles();
  redraw();
}

function toggleCands() {
  prefs.cands = !prefs.cands;
  syncToggles();
  redraw();
}

function toggleCheckSol() {
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

export function redraw() {
  const svg = $('board');
  if (st.mode === 'play') {
    const { cands, struck } = candsView();
    render(svg, st.pz, {
      values: st.values, faults: st.faults.concat(st.wrong), hint: st.hint, diffs: st.diffs, selected: st.selected, cands, struck,
    });
  } else if (st.mode === 'edit' && st.editView) {
    const v = st.editView;
    const m = editMarks();
    render(svg, m?.board || v.board, {
      values: m?.board ? null : v.values, bare: true, diffs: st.diffs, selected: st.editor.selected, shade: st.editor.shade(st.tool),
      marks: m?.marks,
    });
  }
  zoomControls();
  const ea = $('edit-apply');
  if (ea) {
    const m = editMarks();
    ea.disabled = !m?.puzzle;
    ea.textContent = m?.apply || 'Apply';
  }
  const ap = $('apply-hint');
  if (ap) ap.disabled = !(st.hint && (Object.keys(st.hint.forced || {}).length || st.hint.elims.length));
  if ($('undo')) $('undo').disabled = st.mode === 'edit' ? !st.editUndo.length : !st.undo.length;
  if ($('redo')) $('redo').disabled = st.mode === 'edit' ? !st.editRedo.length : !st.redo.length;
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
  if (st.mode === 'edit') return editUndo();
  if (st.mode === 'moves') return movesUndo().catch(fail);
  if (st.mode !== 'play' || !st.undo.length) return;
  st.redo.push({ values: st.values, struck: st.struck });
  ({ values: st.values, struck: st.struck } = st.undo.pop());
  changed();
}

export function redo() {
  if (st.mode === 'edit') return editRedo();
  if (st.mode !== 'play' || !st.redo.length) return;
  st.undo.push({ values: st.values, struck: st.struck });
  ({ values: st.values, struck: st.struck } = st.redo.pop());
  changed();
}

function clearBoard() {
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
export async function verifyNow() {
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
