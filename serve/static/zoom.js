// zoom.js: a board too fine to play with a finger (cells under MIN_CELL
// px at the width the page gives it, as a board of 30×45 cells on a phone) can be
// zoomed and panned: the −, + and Fit buttons, a pinch, a two-finger drag.
// The board is drawn larger inside its box, which scrolls; one finger
// still plays and draws (input.js), two move the view. The zoom is the
// view's alone: the progress is the values, as before.

import { S, unzoom } from './board.js';
import { $, button, h } from './dom.js';

const MIN_CELL = 24; // px: a board with smaller cells gets the zoom
const FIRST = 32; // px: the cells + makes from the fitted board, at least
const MAX_CELL = 72; // px: the largest cells the zoom makes
const STEP = 1.5;

// z is the zoom's state: the pointers down and the pinch under way.
const z = { touches: new Map(), pinch: null, afterPinch: false, onPinch: () => {} };

const board = () => $('board');

// level is the board's zoom: 1 drawn as the page fits it, more larger.
const level = (svg) => +svg.dataset.zoom || 1;

// fitCell is a cell's side in px with the board fitted (zoom 1).
function fitCell(svg) {
  const vb = svg.viewBox.baseVal;
  if (!vb || !vb.width) return Infinity;
  const w = level(svg) > 1 ? +svg.dataset.base : svg.getBoundingClientRect().width;
  return w > 0 ? w * S / vb.width : Infinity;
}

// zoomable says whether the board's cells are too small to play fitted
// (or it is zoomed already).
function zoomable(svg) {
  return level(svg) > 1 || fitCell(svg) < MIN_CELL;
}

// setLevel zooms the board to level l (1: fitted), keeping the board's
// point under the client point (cx, cy) where it is (the box's centre
// when not given).
function setLevel(l, cx, cy) {
  const svg = board(), box = svg.parentNode;
  const old = level(svg);
  const cell = fitCell(svg);
  l = Math.max(1, Math.min(l, MAX_CELL / cell));
  if (old === 1 && l === 1) return;
  const r = box.getBoundingClientRect();
  if (cx === undefined) { cx = r.left + box.clientWidth / 2; cy = r.top + box.clientHeight / 2; }
  const px = (box.scrollLeft + cx - r.left) / old, py = (box.scrollTop + cy - r.top) / old;
  if (old === 1) svg.dataset.base = svg.getBoundingClientRect().width;
  if (l <= 1.001) {
    unzoom(svg);
    svg.style.width = `${svg.dataset.fit}px`;
  } else {
    svg.dataset.zoom = String(l);
    svg.dataset.zoomBox = svg.getAttribute('viewBox');
    box.classList.add('zoomed');
    svg.style.setProperty('width', `${Math.round(+svg.dataset.base * l)}px`, 'important');
    box.scrollLeft = px * l - (cx - r.left);
    box.scrollTop = py * l - (cy - r.top);
  }
  zoomControls();
}

// zoomBy steps the zoom by the buttons: in from fitted at least to cells
// of FIRST px.
function zoomBy(f) {
  const svg = board();
  const l = level(svg);
  setLevel(f > 1 && l === 1 ? Math.max(STEP, FIRST / fitCell(svg)) : l * f);
}

// zoomControls shows the zoom's buttons while the board needs them, with
// the cells' size; play.js calls it after each redraw.
export function zoomControls() {
  const svg = board();
  let bar = $('zoom-bar');
  if (!bar) {
    bar = h('div', { id: 'zoom-bar', class: 'row' },
      button('−', () => zoomBy(1 / STEP), { id: 'zoom-out', title: 'smaller cells', 'aria-label': 'zoom out' }),
      button('+', () => zoomBy(STEP), { id: 'zoom-in', title: 'larger cells (or pinch; two fingers move the view)', 'aria-label': 'zoom in' }),
      button('Fit', () => setLevel(1), { id: 'zoom-fit', title: 'the whole board' }),
      h('span', { id: 'zoom-size', class: 'muted' }));
    $('boards').before(bar);
  }
  const on = zoomable(svg);
  bar.hidden = !on;
  svg.classList.toggle('zoomable', on);
  if (!on) return;
  const l = level(svg);
  $('zoom-size').textContent = `cells ${Math.round(fitCell(svg) * l)} px`;
  $('zoom-out').disabled = l === 1;
  $('zoom-fit').disabled = l === 1;
  $('zoom-in').disabled = fitCell(svg) * l >= MAX_CELL - 0.5;
}

// initZoom listens for two fingers on the board, ahead of input.js's
// handlers, which then see none of the gesture; onPinch is told when one
// begins (to drop the first finger's press).
export function initZoom(onPinch) {
  z.onPinch = onPinch;
  const svg = board();
  const opt = { capture: true };
  svg.addEventListener('pointerdown', down, opt);
  svg.addEventListener('pointermove', move, opt);
  svg.addEventListener('pointerup', up, opt);
  svg.addEventListener('pointercancel', up, opt);
  // A board drawn anew (another puzzle, a puzzle of moves) shows the
  // buttons it needs.
  new MutationObserver(() => zoomControls()).observe(svg, { attributes: true, attributeFilter: ['viewBox'] });
  window.addEventListener('resize', () => zoomControls());
}

const mid = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

function down(ev) {
  if (ev.pointerType !== 'touch' || !zoomable(board())) return;
  z.touches.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
  if (z.touches.size < 2) return;
  ev.stopImmediatePropagation();
  ev.preventDefault();
  if (z.pinch) return;
  z.onPinch();
  const [a, b] = [...z.touches.values()];
  const svg = board(), box = svg.parentNode, r = box.getBoundingClientRect(), m = mid(a, b);
  z.pinch = {
    d0: Math.hypot(a.x - b.x, a.y - b.y) || 1, l0: level(svg),
    // the board's point under the fingers, in fitted px
    px: (box.scrollLeft + m.x - r.left) / level(svg), py: (box.scrollTop + m.y - r.top) / level(svg),
  };
  z.afterPinch = true;
}

function move(ev) {
  if (!z.touches.has(ev.pointerId)) return;
  z.touches.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
  if (!z.pinch) return;
  ev.stopImmediatePropagation();
  ev.preventDefault();
  const [a, b] = [...z.touches.values()];
  const p = z.pinch, m = mid(a, b);
  const svg = board(), box = svg.parentNode;
  const l = Math.max(1, Math.min(p.l0 * Math.hypot(a.x - b.x, a.y - b.y) / p.d0, MAX_CELL / fitCell(svg)));
  if (Math.abs(l - level(svg)) > 0.01) setLevel(l);
  // The point that was under the fingers follows them: a pinch zooms
  // about it, a drag moves the view.
  const r = box.getBoundingClientRect(), lv = level(svg);
  box.scrollLeft = p.px * lv - (m.x - r.left);
  box.scrollTop = p.py * lv - (m.y - r.top);
}

function up(ev) {
  if (!z.touches.delete(ev.pointerId)) return;
  if (z.touches.size < 2) z.pinch = null;
  if (z.afterPinch) {
    // The fingers of a pinch play nothing as they lift.
    ev.stopImmediatePropagation();
    if (!z.touches.size) z.afterPinch = false;
  }
}
