// board.js draws a puzzle board as SVG from the JSON the API returns (a
// "board": kind, rows, cols, vars and the kind's clues), with a view laid
// over it: the player's values, faults, a hint, differences, a selection.
// Every cell gets a transparent hit rectangle (id cell-R-C) on top, so
// clicks and tests find cells by id.

export const S = 40; // cell side in px
const M = 14; // margin
const NS = 'http://www.w3.org/2000/svg';

const C = {
  black: '#000', grid: '#a0a0a0', ink: '#1a3f8f', forced: '#008a46', red: '#d01c1c',
  hint: '#ffe98a', fault: '#ffc8c8', diff: '#ffc8c8', grey: '#555', select: '#2f7de1',
};

// el appends an SVG element with attributes (and text) to parent.
export function el(parent, name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

// pad is the room in cells that a kind's labels need above and left.
function pad(b) { return b.kind === 'shinro' ? 1 : 0; }

// geometry returns the board's pixel size and its cell origin.
export function geometry(b) {
  const p = pad(b);
  return {
    ox: M + p * S, oy: M + p * S,
    width: 2 * M + (b.cols + p) * S, height: 2 * M + (b.rows + p) * S,
  };
}

const key = (r, c) => r + ',' + c;

// varAt maps "r,c" to the index of the unknown in that cell.
export function varIndex(b) {
  const m = new Map();
  (b.vars || []).forEach((v, i) => m.set(key(v.row, v.col), i));
  return m;
}

// render draws board b into svg with view:
//   values    value index per unknown (-1 none)
//   fixed     values given by the puzzle (drawn bold black)
//   faults    [{row,col}] marked red
//   hint      {cells, elims:[{var,value,row,col}], forced:{var: value}}
//   diffs     [{row,col}] marked as differences
//   selected  {row,col}
//   region    Juosan editor: the territory index to outline
//   stones    Shinro editor: bool grid of hidden stones
export function render(svg, b, view = {}) {
  const g = geometry(b);
  // The drawing is made anew each time; the cells' hit rectangles stay
  // while the board keeps its shape, so that a click never lands on a
  // cell that a redraw has just replaced.
  const shape = `${b.kind} ${b.rows}x${b.cols}`;
  let hit = svg.querySelector(':scope > g.layer-hit');
  if (svg.dataset.shape !== shape || !hit) {
    svg.replaceChildren();
    svg.dataset.shape = shape;
    svg.setAttribute('width', g.width);
    svg.setAttribute('height', g.height);
    svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
    hit = el(svg, 'g', { class: 'layer-hit', transform: `translate(${g.ox},${g.oy})` });
    for (let r = 0; r < b.rows; r++) {
      for (let c = 0; c < b.cols; c++) {
        el(hit, 'rect', {
          x: c * S, y: r * S, width: S, height: S, fill: 'transparent',
          id: `cell-${r}-${c}`, 'data-r': r, 'data-c': c, class: 'cell',
        });
      }
    }
  }
  svg.querySelector(':scope > g.drawing')?.remove();
  const drawing = document.createElementNS(NS, 'g');
  drawing.setAttribute('class', 'drawing');
  svg.insertBefore(drawing, hit);
  el(drawing, 'rect', { x: 0, y: 0, width: g.width, height: g.height, fill: 'white' });
  const root = el(drawing, 'g', { transform: `translate(${g.ox},${g.oy})` });
  const layers = {};
  for (const name of ['back', 'grid', 'ink', 'clue', 'mark']) layers[name] = el(root, 'g', { class: 'layer-' + name });
  const cellRect = (layer, q, fill, cls) => el(layer, 'rect', { x: q.col * S, y: q.row * S, width: S, height: S, fill, class: cls || '' });

  for (const q of view.hint?.cells || []) cellRect(layers.back, q, C.hint, 'hint-cell');
  for (const q of view.diffs || []) cellRect(layers.back, q, C.diff, 'diff-cell');
  for (const q of view.faults || []) cellRect(layers.back, q, C.fault, 'fault-cell');

  const d = drawers[b.kind];
  d.clues(layers, b, view);
  const fixed = view.fixed || b.fixed || [];
  if (view.values) d.values(layers.ink, b, view.values, C.ink, fixed);
  if (view.hint) {
    const forced = (b.vars || []).map(() => -1);
    for (const [i, v] of Object.entries(view.hint.forced || {})) forced[+i] = v;
    d.values(layers.ink, b, forced, C.forced, []);
    const byVar = new Map();
    for (const e of view.hint.elims || []) {
      if (!byVar.has(e.var)) byVar.set(e.var, []);
      byVar.get(e.var).push(e.value);
    }
    for (const [i, vals] of byVar) d.struck(layers.mark, b, i, vals);
  }
  for (const q of view.faults || []) outline(layers.mark, q, 2, C.red, 'fault-mark');
  for (const q of view.diffs || []) outline(layers.mark, q, 2.5, C.red, 'diff-mark');
  if (view.selected) outline(layers.mark, view.selected, 3, C.select, 'selected');
}

function outline(layer, q, w, color, cls) {
  el(layer, 'rect', {
    x: q.col * S + w / 2, y: q.row * S + w / 2, width: S - w, height: S - w,
    fill: 'none', stroke: color, 'stroke-width': w, class: cls,
  });
}

function line(layer, x1, y1, x2, y2, w, color, attrs = {}) {
  return el(layer, 'line', { x1, y1, x2, y2, stroke: color, 'stroke-width': w, 'stroke-linecap': 'round', ...attrs });
}

function text(layer, x, y, s, size, color, attrs = {}) {
  return el(layer, 'text', {
    x, y, 'font-size': size, fill: color, 'text-anchor': 'middle', 'dominant-baseline': 'central',
    'font-family': 'DejaVu Sans, sans-serif', ...attrs,
  }, s);
}

function grid(layer, b, w, color) {
  for (let r = 1; r < b.rows; r++) line(layer, 0, r * S, b.cols * S, r * S, w, color, { 'stroke-linecap': 'butt' });
  for (let c = 1; c < b.cols; c++) line(layer, c * S, 0, c * S, b.rows * S, w, color, { 'stroke-linecap': 'butt' });
}

function frame(layer, b, w) {
  el(layer, 'rect', { x: 0, y: 0, width: b.cols * S, height: b.rows * S, fill: 'none', stroke: C.black, 'stroke-width': w });
}

const cx = (c) => (c + 0.5) * S;
const cy = (r) => (r + 0.5) * S;

// arrow draws an arrow of length l centred on (x, y) along (dr, dc).
function arrow(layer, x, y, dr, dc, l, w, color) {
  const n = Math.hypot(dr, dc) || 1;
  const ux = dc / n, uy = dr / n;
  const head = 2.8 * w;
  const tx = x + ux * l / 2, ty = y + uy * l / 2;
  line(layer, x - ux * l / 2, y - uy * l / 2, tx - ux * head * 0.8, ty - uy * head * 0.8, w, color);
  const p1 = [tx - ux * head - uy * head * 0.55, ty - uy * head + ux * head * 0.55];
  const p2 = [tx - ux * head + uy * head * 0.55, ty - uy * head - ux * head * 0.55];
  el(layer, 'polygon', { points: `${tx},${ty} ${p1} ${p2}`, fill: color });
}

// compact writes numbers struck out short: runs of three or more as
// "1–5", so that they fit under a cell.
function compact(labels) {
  const ns = labels.map(Number);
  if (ns.some((n) => !Number.isInteger(n))) return labels.join(' ');
  ns.sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i < ns.length;) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j] + 1) j++;
    if (j - i >= 2) out.push(`${ns[i]}–${ns[j]}`);
    else for (let k = i; k <= j; k++) out.push(String(ns[k]));
    i = j + 1;
  }
  return out.join(' ');
}

function label(b, i, v) {
  const d = b.vars?.[i]?.domain;
  return d && v >= 0 && v < d.length ? d[v] : '?';
}

// The kinds. Each draws its clues, values (in a colour) and struck values.
const drawers = {
  juosan: {
    clues(L, b, view) {
      const reg = b.juosan.regions;
      grid(L.grid, b, 1, C.grid);
      const w = 3;
      for (let r = 0; r < b.rows; r++) {
        for (let c = 0; c < b.cols; c++) {
          if (c + 1 < b.cols && reg[r][c + 1] !== reg[r][c]) line(L.clue, (c + 1) * S, r * S, (c + 1) * S, (r + 1) * S, w, C.black, { 'stroke-linecap': 'square' });
          if (r + 1 < b.rows && reg[r + 1][c] !== reg[r][c]) line(L.clue, c * S, (r + 1) * S, (c + 1) * S, (r + 1) * S, w, C.black, { 'stroke-linecap': 'square' });
        }
      }
      frame(L.clue, b, 4);
      const first = new Map();
      for (let r = 0; r < b.rows; r++) for (let c = 0; c < b.cols; c++) if (!first.has(reg[r][c])) first.set(reg[r][c], { row: r, col: c });
      const at = b.juosan.clueAt || {};
      b.juosan.clues.forEach((n, t) => {
        if (n === -1) return;
        const q = at[t] || first.get(t);
        if (!q) return;
        text(L.clue, q.col * S + S * 0.2, q.row * S + S * 0.22, n === -2 ? '?' : String(n), S * 0.3, C.black, { 'font-weight': 'bold', class: 'clue' });
      });
      if (view.region !== undefined && view.region !== null) {
        for (let r = 0; r < b.rows; r++) for (let c = 0; c < b.cols; c++) {
          if (reg[r][c] === view.region) el(L.back, 'rect', { x: c * S, y: r * S, width: S, height: S, fill: '#dbe7ff' });
        }
      }
    },
    bar(layer, x, y, lab, k, color) {
      const h = S * 0.3 * k, w = S * 0.11 * k;
      if (lab === '-') line(layer, x - h, y, x + h, y, w, color);
      if (lab === '|') line(layer, x, y - h, x, y + h, w, color);
    },
    values(layer, b, a, color) {
      a.forEach((v, i) => {
        if (v < 0) return;
        const q = b.vars[i];
        this.bar(layer, cx(q.col) + S * 0.04, cy(q.row) + S * 0.04, label(b, i, v), 1, color);
      });
    },
    struck(layer, b, i, vals) {
      const q = b.vars[i];
      // Small in the bottom-right corner, leaving the middle to the
      // value that remains.
      const x = q.col * S + S * 0.82, y = q.row * S + S * 0.82;
      for (const v of vals) this.bar(layer, x, y, label(b, i, v), 0.4, C.red);
      line(layer, x - S * 0.12, y + S * 0.12, x + S * 0.12, y - S * 0.12, 1.2, C.red);
    },
  },

  arrows: {
    dir(b, r, c) { return b.arrows.dirs[r][c]; },
    numberAt(b, r, c) {
      const [dr, dc] = this.dir(b, r, c);
      const k = dr && dc ? S * 0.15 : S * 0.18;
      return [cx(c) - dc * k, cy(r) - dr * k];
    },
    clues(L, b) {
      grid(L.grid, b, 1, C.black);
      frame(L.clue, b, 3);
      for (let r = 0; r < b.rows; r++) {
        for (let c = 0; c < b.cols; c++) {
          const [dr, dc] = this.dir(b, r, c);
          let from = S * 0.03, to = S * 0.42;
          if (dr && dc) { from = S * 0.08; to = S * 0.38; }
          const mid = (from + to) / 2, l = (to - from) * Math.hypot(dr, dc);
          arrow(L.clue, cx(c) + dc * mid, cy(r) + dr * mid, dr, dc, l, S * 0.05, C.black);
          const g = b.arrows.given[r][c];
          if (g >= 0) {
            const [x, y] = this.numberAt(b, r, c);
            text(L.clue, x, y, String(g), S * 0.4, C.black, { 'font-weight': 'bold', class: 'given' });
          }
        }
      }
    },
    values(layer, b, a, color) {
      a.forEach((v, i) => {
        const q = b.vars[i];
        if (v < 0 || b.arrows.given[q.row][q.col] >= 0) return;
        const [x, y] = this.numberAt(b, q.row, q.col);
        text(layer, x, y, label(b, i, v), S * 0.4, color, { 'font-weight': 'bold', class: 'value' });
      });
    },
    struck(layer, b, i, vals) {
      const q = b.vars[i];
      const s = compact(vals.map((v) => label(b, i, v)));
      const [dr] = this.dir(b, q.row, q.col);
      const y = dr > 0 ? cy(q.row) - S * 0.38 : cy(q.row) + S * 0.38;
      text(layer, cx(q.col), y, s, S * 0.2, C.red, { class: 'struck' });
      const w = s.length * S * 0.055 + 2;
      line(layer, cx(q.col) - w, y, cx(q.col) + w, y, 1.2, C.red);
    },
  },

  shinro: {
    clues(L, b) {
      grid(L.grid, b, 1, C.black);
      frame(L.clue, b, 3);
      const sh = b.shinro;
      sh.row_counts.forEach((n, r) => text(L.clue, -S * 0.5, cy(r), String(n), S * 0.4, C.grey, { 'font-weight': 'bold', class: 'count' }));
      sh.col_counts.forEach((n, c) => text(L.clue, cx(c), -S * 0.5, String(n), S * 0.4, C.grey, { 'font-weight': 'bold', class: 'count' }));
      sh.steps.forEach((row, r) => row.forEach(([dr, dc], c) => {
        if (sh.arrows[r][c]) arrow(L.clue, cx(c), cy(r), dr, dc, S * 0.62, S * 0.07, C.black);
      }));
    },
    values(layer, b, a, color) {
      a.forEach((v, i) => {
        const q = b.vars[i];
        if (v === 1) el(layer, 'circle', { cx: cx(q.col), cy: cy(q.row), r: S * 0.32, fill: color, class: 'stone' });
        if (v === 0 && color !== C.forced) el(layer, 'circle', { cx: cx(q.col), cy: cy(q.row), r: S * 0.06, fill: '#888', class: 'empty' });
        if (v === 0 && color === C.forced) el(layer, 'circle', { cx: cx(q.col), cy: cy(q.row), r: S * 0.09, fill: color, class: 'empty' });
      });
    },
    struck(layer, b, i, vals) {
      const q = b.vars[i];
      for (const v of vals) {
        if (v === 1) {
          el(layer, 'circle', { cx: cx(q.col), cy: cy(q.row), r: S * 0.2, fill: 'none', stroke: C.red, 'stroke-width': 1.5 });
          line(layer, cx(q.col) - S * 0.21, cy(q.row) + S * 0.21, cx(q.col) + S * 0.21, cy(q.row) - S * 0.21, 1.5, C.red);
        } else {
          const x = q.col * S + S * 0.82, y = q.row * S + S * 0.82;
          el(layer, 'circle', { cx: x, cy: y, r: S * 0.05, fill: C.red });
          line(layer, x - S * 0.12, y + S * 0.12, x + S * 0.12, y - S * 0.12, 1.5, C.red);
        }
      }
    },
  },

  linjat: {
    clues(L, b) {
      grid(L.grid, b, 1, '#c8c8c8');
      frame(L.grid, b, 2);
      b.linjat.cells.forEach((row, r) => row.forEach((v, c) => {
        if (v === -1) el(L.grid, 'circle', { cx: cx(c), cy: cy(r), r: S * 0.11, fill: C.black, class: 'dot' });
        if (v > 0) {
          el(L.clue, 'circle', { cx: cx(c), cy: cy(r), r: S * 0.36, fill: 'white', stroke: C.black, 'stroke-width': 1.5 });
          text(L.clue, cx(c), cy(r), String(v), S * 0.42, C.black, { 'font-weight': 'bold', class: 'number' });
        }
      }));
    },
    ends(pl) {
      const last = pl.len - 1;
      return pl.horizontal ? [pl.row, pl.col, pl.row, pl.col + last] : [pl.row, pl.col, pl.row + last, pl.col];
    },
    values(layer, b, a, color) {
      a.forEach((v, i) => {
        const pl = b.linjat.placements[i]?.[v];
        if (!pl) return;
        const [r1, c1, r2, c2] = this.ends(pl);
        line(layer, cx(c1), cy(r1), cx(c2), cy(r2), S * 0.42, lighten(color), { class: 'line' });
      });
    },
    struck(layer, b, i, vals) {
      vals.forEach((v, k) => {
        const pl = b.linjat.placements[i]?.[v];
        if (!pl) return;
        const off = (k - (vals.length - 1) / 2) * 4;
        const [r1, c1, r2, c2] = this.ends(pl);
        const dx = pl.horizontal ? 0 : off, dy = pl.horizontal ? off : 0;
        line(layer, cx(c1) + dx, cy(r1) + dy, cx(c2) + dx, cy(r2) + dy, 1.5, C.red, { 'stroke-dasharray': '5 3' });
      });
    },
  },
};

// lighten mixes a colour halfway with white, so a broad line leaves dots
// and numbers readable.
function lighten(hex) {
  const n = parseInt(hex.slice(1), 16);
  const mix = (v) => Math.round((v + 255) / 2);
  const r = mix(n >> 16), g = mix((n >> 8) & 255), b = mix(n & 255);
  return `rgb(${r},${g},${b})`;
}

// cellOf returns the cell {row, col} of a pointer event on a board, or null.
export function cellOf(ev) {
  const t = ev.target.closest ? ev.target.closest('[data-r]') : null;
  if (!t) return null;
  return { row: +t.dataset.r, col: +t.dataset.c };
}
