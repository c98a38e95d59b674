// moves.js draws the state of a puzzle played by moves (a kind whose play
// mode is "moves"): the picture's lines of tokens, gaps between grids, and
// the cells the last move changed.

import { el, fit } from './board.js';

const S = 46;
const M = 10;

// renderMoves draws state (a value index per cell) of puzzle p into svg;
// changed lists cells to highlight, and scale shrinks the drawing (the
// target beside the state).
export function renderMoves(svg, p, state, changed = [], scale = 1) {
  const s = S * scale;
  const width = Math.max(...p.picture.map((l) => l.length)) * s + 2 * M;
  const height = p.picture.length * s + 2 * M;
  svg.replaceChildren();
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  fit(svg, width, scale === 1 ? 1.3 : 1);
  const hot = new Set(changed);
  p.picture.forEach((line, i) => line.forEach((cell, j) => {
    if (cell < 0) return;
    const x = M + j * s, y = M + i * s;
    el(svg, 'rect', {
      x: x + 1, y: y + 1, width: s - 2, height: s - 2, rx: 5,
      fill: hot.has(cell) ? '#ffe98a' : '#eef3ff', stroke: '#4a5d80', 'stroke-width': 1.5,
      id: `token-${cell}`, class: 'token', 'data-cell': cell,
    });
    const v = state[cell];
    const label = v >= 0 ? p.values[v] : '*';
    el(svg, 'text', {
      x: x + s / 2, y: y + s / 2, 'font-size': s * 0.42, 'text-anchor': 'middle', 'dominant-baseline': 'central',
      'font-family': 'DejaVu Sans, sans-serif', 'font-weight': 'bold', fill: v >= 0 ? '#1a2a4a' : '#999', 'pointer-events': 'none',
    }, label);
  }));
}

// changedCells lists the cells whose token differs between two states.
export function changedCells(a, b) {
  const out = [];
  if (!a || !b) return out;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) out.push(i);
  return out;
}

// goalText says what the goal asks, beyond a target picture.
export function goalText(p) {
  const parts = [];
  if (p.goal.target) parts.push('reach the target arrangement');
  if (p.goal.sums?.length) parts.push(`${p.goal.sums.length} lines each adding up to their total` + (p.goal.sums.length % 8 === 0 ? ' (magic squares)' : ''));
  if (p.goal.distinct?.length) parts.push(`${p.goal.distinct.length} groups of distinct tokens`);
  return parts.join('; ');
}
