// input.js: the pointer and the keyboard on the board: clicks, taps and
// long presses, pencil marks, drags that cover cells, keys.

import { cell, cellOf, cellsOf } from './board.js';
import { $, fail, rc, say } from './dom.js';
import { st } from './state.js';
import { change, changed, redo, redraw, setValue, undo } from './play.js';
import { editChanged, editRecordBefore, editRedo, editUndo } from './edit.js';
import { movesDown, movesKey, movesUndo, movesUp } from './playmoves.js';

// step is unknown i's next value along the kind's click order (back: the
// previous one), from undecided (-1) round to undecided.
export function step(i, back) {
  const n = st.pz.vars[i].domain.length;
  const order = [-1, ...(st.play.cycle || Array.from({ length: n }, (_, k) => k))];
  const k = order.indexOf(st.values[i]);
  return order[(k + (back ? order.length - 1 : 1)) % order.length];
}

const same = (a, b) => a && b && a.row === b.row && a.col === b.col;

// press is a touch press waiting to become a tap (step on) or a long
// press (step back).
export const press = { at: null, timer: 0, long: false };
const LONG_PRESS = 450;

export function onDown(ev) {
  if (st.mode === 'moves') return movesDown(ev);
  const q = cellOf(ev);
  $('board').focus({ preventScroll: true });
  if (!q) return;
  const back = ev.button === 2 || ev.shiftKey;
  if (st.mode === 'edit') {
    if (ev.pointerType === 'touch' && st.editor.tool(st.tool)?.op === 'cycle') {
      startPress(ev, q, (long) => {
        editRecordBefore();
        if (st.editor.apply(st.tool, q, long ? 'back' : 'down')) { st.diffs = []; editChanged(); }
      });
      return;
    }
    editRecordBefore();
    if (st.editor.apply(st.tool, q, back ? 'back' : 'down')) {
      st.diffs = [];
      editChanged();
    } else st.editPending = null;
    return;
  }
  if (st.mode !== 'play') return;
  if (st.pencil) {
    pencilAt(ev, q);
    return;
  }
  if (ev.pointerType === 'touch' && st.play.click !== 'cover') {
    startPress(ev, q, (long) => playAt(q, long));
    return;
  }
  playAt(q, back);
}

// startPress waits to tell a tap from a long press at q, then runs
// act(long).
function startPress(ev, q, act) {
  ev.preventDefault();
  clearTimeout(press.timer);
  press.at = q;
  press.long = false;
  press.act = act;
  press.timer = setTimeout(() => {
    press.long = true;
    if (navigator.vibrate) navigator.vibrate(15);
    act(true);
  }, LONG_PRESS);
}

function playAt(q, back) {
  const i = st.pz.vidx.get(q.row + ',' + q.col);
  const again = same(st.selected, q);
  switch (st.play.click) {
    case 'select':
      st.selected = q;
      if (i !== undefined && (again || back)) setValue(i, step(i, back));
      break;
    case 'cover':
      if (i !== undefined) {
        st.selected = q;
        st.from = q;
        if (back) setValue(i, -1);
        else if (again) setValue(i, step(i, false));
      } else if (st.selected) {
        coverTo(q);
      }
      break;
    default: // cycle
      st.selected = q;
      if (i !== undefined) setValue(i, step(i, back));
  }
  redraw();
}

// pencilAt strikes (or restores) the candidate whose pencil mark is
// nearest the point pressed in cell q.
function pencilAt(ev, q) {
  const i = st.pz.vidx.get(q.row + ',' + q.col);
  if (i === undefined || st.values[i] >= 0) return;
  const u = st.pz.display.unknowns[i];
  const svg = $('board');
  const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const hit = svg.querySelector(`#cell-${q.row}-${q.col}`);
  const x = q.col + (pt.x - +hit.getAttribute('x') - originOf(hit).x) / +hit.getAttribute('width');
  const y = q.row + (pt.y - +hit.getAttribute('y') - originOf(hit).y) / +hit.getAttribute('height');
  let best = -1, bd = Infinity;
  u.marks.forEach((its, v) => {
    for (const it of its || []) {
      const d = Math.hypot((it.x + (it.x2 ?? it.x)) / 2 - x, (it.y + (it.y2 ?? it.y)) / 2 - y);
      if (d < bd) { bd = d; best = v; }
    }
  });
  if (best < 0) return;
  change();
  st.struck = new Set(st.struck);
  const k = i + ':' + best;
  if (st.struck.has(k)) st.struck.delete(k);
  else st.struck.add(k);
  st.selected = q;
  changed();
}

// originOf is the translation of the hit layer a cell rectangle is in.
function originOf(el) {
  const m = /translate\(([-\d.]+),\s*([-\d.]+)\)/.exec(el.parentNode.getAttribute('transform') || '');
  return m ? { x: +m[1], y: +m[2] } : { x: 0, y: 0 };
}

export function onMove(ev) {
  if (st.mode === 'moves') return;
  if (press.at && ev.pointerType === 'touch') {
    const q = cellOf(ev);
    if (q && !same(q, press.at)) { clearTimeout(press.timer); press.at = null; }
  }
  if (st.mode !== 'edit' || !(ev.buttons & 1)) return;
  const q = cellOf(ev);
  if (q && st.editor.apply(st.tool, q, 'move')) editChanged();
}

export function onUp(ev) {
  if (st.mode === 'moves') return movesUp(ev);
  if (press.at) {
    clearTimeout(press.timer);
    const q = press.at;
    press.at = null;
    if (!press.long) press.act(false);
    return;
  }
  const q = cellOf(ev);
  if (st.mode === 'edit') {
    if (q && st.editor.apply(st.tool, q, 'up')) editChanged();
    return;
  }
  if (st.mode === 'play' && st.play.click === 'cover' && q && st.from) {
    const from = st.from;
    st.from = null;
    if (!same(from, q)) coverTo(q);
  }
}

// coverTo gives the selected unknown the value that covers cell q,
// preferring one that ends there (a line drawn to its end).
function coverTo(q) {
  const i = st.pz.vidx.get(st.selected.row + ',' + st.selected.col);
  if (i === undefined) return;
  const u = st.pz.display.unknowns[i];
  const isEnd = (cs) => same(cs[0], q) || same(cs[cs.length - 1], q);
  let best = -1;
  u.values.forEach((_, v) => {
    const cs = cellsOf(u, v);
    if (!cs.some((c) => same(c, q))) return;
    if (best < 0 || (isEnd(cs) && !isEnd(cellsOf(u, best)))) best = v;
  });
  if (best >= 0) setValue(i, best);
  else say(`${rc(u.cell)} cannot reach that cell`, 'bad');
}

let lastDigit = { at: 0, cell: null };

// onGlobalKey: undo and redo anywhere but in a text field.
export function onGlobalKey(ev) {
  if (ev.target.closest && ev.target.closest('input, textarea, select')) return;
  if (ev.target === $('board')) return; // onKey has it
  if (undoKeys(ev) || (st.mode === 'moves' && movesKey(ev))) ev.preventDefault();
}

// undoKeys: Ctrl+Z undoes and Ctrl+Y (or Ctrl+⇧+Z) redoes what the
// page shows: the drawing, the moves or the game.
function undoKeys(ev) {
  if (!(ev.ctrlKey || ev.metaKey)) return false;
  const k = ev.key.toLowerCase();
  if (k === 'z' && !ev.shiftKey) {
    if (st.mode === 'edit') editUndo();
    else if (st.mode === 'moves') movesUndo().catch(fail);
    else undo();
    return true;
  }
  if (k === 'y' || (k === 'z' && ev.shiftKey)) {
    if (st.mode === 'edit') editRedo();
    else redo();
    return true;
  }
  return false;
}

export function onKey(ev) {
  if (undoKeys(ev) || (st.mode === 'moves' && movesKey(ev))) {
    ev.preventDefault();
    return;
  }
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (st.mode === 'edit') {
    const q = st.editor.selected;
    editRecordBefore();
    if (q && st.editor.key(q, ev.key, st.tool)) {
      ev.preventDefault();
      st.diffs = [];
      editChanged();
    } else st.editPending = null;
    return;
  }
  if (st.mode !== 'play' || !st.selected) return;
  const q = st.selected;
  if (moves[ev.key]) {
    const [dr, dc] = moves[ev.key];
    const r = Math.min(st.pz.rows - 1, Math.max(0, q.row + dr));
    const c = Math.min(st.pz.cols - 1, Math.max(0, q.col + dc));
    st.selected = { row: r, col: c };
    redraw();
    ev.preventDefault();
    return;
  }
  const i = st.pz.vidx.get(q.row + ',' + q.col);
  if (i === undefined) return;
  const k = ev.key;
  const dom = st.pz.vars[i].domain;
  let v;
  if (k === 'Backspace' || k === 'Delete' || k === ' ') v = -1;
  else if (k === 'Enter') v = step(i, ev.shiftKey);
  else if (st.play.keys && k in st.play.keys) v = st.play.keys[k];
  else if (st.play.number && /^[0-9]$/.test(k)) {
    // Digits typed in quick succession make one number.
    const now = Date.now();
    const again = lastDigit.cell === i && now - lastDigit.at < 900 && st.values[i] >= 0;
    v = again ? dom.indexOf(dom[st.values[i]] + k) : -1;
    if (v < 0) v = dom.indexOf(k);
    lastDigit = { at: now, cell: i };
    if (v < 0) v = undefined;
  }
  if (v !== undefined && v < dom.length) {
    setValue(i, v);
    ev.preventDefault();
  }
}
