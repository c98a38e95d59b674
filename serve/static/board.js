// board.js draws a puzzle's board as SVG from the JSON the API returns: the
// kind's display list (go doc github.com/puzzlesat/puzzlesat/display), drawn
// the way package render draws it, knowing no kind; and a view laid over
// it: the player's values, candidates, faults, a hint (its cells, the
// values it forces, its eliminations struck), differences, a selection.
// Every cell gets a transparent hit rectangle (id cell-R-C, from 0) on top,
// so clicks and tests find cells by id.
//
// The API numbers cells from 1 ({"row": 1, "col": 1} is r1c1); the page
// works from 0, and cell() converts what it reads.

export const S = 40; // cell side in px
const M = 14; // margin
const NS = 'http://www.w3.org/2000/svg';

// The colours: render's, and the page's own for what only the page shows.
const C = {
  black: '#000', grid: '#a0a0a0', muted: '#555', paper: '#fff',
  ink: '#1a3f8f', forced: '#008a46', red: '#d01c1c', cand: '#8c8c8c',
  hint: '#ffe98a', fault: '#ffc8c8', diff: '#ffc8c8', select: '#2f7de1', shade: '#dbe7ff',
  add: '#dff3e6', gone: '#ffe3e3',
};

// MARKS are how the editor's marks on clues look: clues that can go
// (struck through in red), clues to add (framed in green, the repaired
// puzzle's clue drawn) and clues in conflict (red cells, framed).
const MARKS = {
  remove: { fill: C.gone, ink: C.red, slash: true },
  add: { fill: C.add, ink: C.forced },
  conflict: { fill: C.fault, ink: C.red },
};

// The display's layers, bottom to top (display.Layer).
const LAYERS = ['back', 'under', 'ink', 'clue', 'mark'];

// el appends an SVG element with attributes (and text) to parent.
export function el(parent, name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

// cell converts an API cell (from 1) to the page's (from 0).
export const cell = (q) => ({ row: q.row - 1, col: q.col - 1 });

// prepare readies a board from the API for drawing and play: each
// unknown's cell and cover from 0, and the unknown index by cell.
export function prepare(b) {
  const d = b.display;
  d.unknowns = d.unknowns || [];
  d.clues = d.clues || [];
  for (const u of d.unknowns) {
    u.at = cell(u.cell);
    u.covers = (u.cover || []).map((cs) => (cs ? cs.map(cell) : null));
  }
  b.vidx = new Map();
  d.unknowns.forEach((u, i) => b.vidx.set(u.at.row + ',' + u.at.col, i));
  return b;
}

// cellsOf is the cells value v of unknown u occupies (display.Unknown.Cells).
export function cellsOf(u, v) {
  return (v >= 0 && u.covers[v]) || [u.at];
}

// geometry returns the board's pixel size and its cell origin.
export function geometry(b) {
  const d = b.display;
  const top = d.top || 0, left = d.left || 0;
  return {
    ox: M + left * S, oy: M + top * S,
    width: 2 * M + (d.cols + left) * S, height: 2 * M + (d.rows + top) * S,
  };
}

// render draws board b (prepared) into svg with view:
//   values    value index per unknown (-1 none), drawn in ink
//   bare      values that draw nothing stay blank (a solution's empty cells)
//   cands     [{var, value}] pencil marks, drawn grey
//   struck    [{var, value}] pencil marks struck out (ruled out)
//   scale     the drawing's size on the page against its natural one
//             (1: a cell of S px at most ZOOM times, fitting the width)
//   faults    [{row,col}] marked red
//   hint      {cells, elims:[{var,value}], forced:{var: value}}
//   diffs     [{row,col}] marked as differences
//   shade     [{row,col}] shaded (the editor's region)
//   marks     [{row,col,how}] clues marked by the editor's checks (how: remove,
//             add or conflict), drawn as display items (markItems)
//   selected  {row,col}
export function render(svg, b, view = {}) {
  const d = b.display;
  const g = geometry(b);
  // The drawing is made anew each time; the cells' hit rectangles stay
  // while the board keeps its shape, so that a click never lands on a
  // cell that a redraw has just replaced.
  const shape = `${d.rows}x${d.cols}+${d.top || 0}+${d.left || 0}`;
  let hit = svg.querySelector(':scope > g.layer-hit');
  if (svg.dataset.shape !== shape || !hit) {
    svg.replaceChildren();
    svg.dataset.shape = shape;
    unzoom(svg);
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
    hit = el(svg, 'g', { class: 'layer-hit', transform: `translate(${g.ox},${g.oy})` });
    for (let r = 0; r < d.rows; r++) {
      for (let c = 0; c < d.cols; c++) {
        el(hit, 'rect', {
          x: c * S, y: r * S, width: S, height: S, fill: 'transparent',
          id: `cell-${r}-${c}`, 'data-r': r, 'data-c': c, class: 'cell',
        });
      }
    }
  }
  fit(svg, g.width, view.scale);
  svg.querySelector(':scope > g.drawing')?.remove();
  const drawing = document.createElementNS(NS, 'g');
  drawing.setAttribute('class', 'drawing');
  svg.insertBefore(drawing, hit);
  el(drawing, 'rect', { x: 0, y: 0, width: g.width, height: g.height, fill: 'white' });
  const root = el(drawing, 'g', { transform: `translate(${g.ox},${g.oy})` });
  const L = LAYERS.map((name) => el(root, 'g', { class: 'layer-' + name }));
  const back = L[0], mark = L[4];
  const cellRect = (q, fill, cls) => el(back, 'rect', { x: q.col * S, y: q.row * S, width: S, height: S, fill, class: cls });

  for (const q of view.shade || []) cellRect(q, C.shade, 'shade-cell');
  for (const q of view.hint?.cells || []) cellRect(q, C.hint, 'hint-cell');
  for (const q of view.diffs || []) cellRect(q, C.diff, 'diff-cell');
  for (const q of view.faults || []) cellRect(q, C.fault, 'fault-cell');
  for (const m of view.marks || []) cellRect(m, MARKS[m.how].fill, 'mark-cell');

  const us = d.unknowns;
  items(L, d.clues, C.black, 'clue');
  for (const m of view.cands || []) {
    const its = us[m.var]?.marks[m.value];
    if (its) items(L, its, C.cand, 'cand');
  }
  for (const m of view.struck || []) {
    const its = us[m.var]?.marks[m.value];
    if (its) struck(L, its, 'cand-struck');
  }
  if (view.values) values(L, us, view.values, C.ink, 'value', b.fixed, view.bare);
  if (view.hint) {
    const forced = us.map(() => -1);
    for (const [i, v] of Object.entries(view.hint.forced || {})) forced[+i] = v;
    values(L, us, forced, C.forced, 'forced');
    for (const e of view.hint.elims || []) {
      const its = us[e.var]?.marks[e.value];
      if (its) struck(L, its);
    }
  }
  for (const q of view.faults || []) outline(mark, q, 2, C.red, 'fault-mark');
  for (const q of view.diffs || []) outline(mark, q, 2.5, C.red, 'diff-mark');
  for (const m of view.marks || []) items(L, markItems(m), MARKS[m.how].ink, `clue-mark mark-${m.how}`);
  if (view.selected) outline(mark, view.selected, 3, C.select, 'selected');
}

// values draws value a[i] of each unknown i (-1: nothing) in colour col,
// but for the values the puzzle gives, which its clues show. A value that draws nothing (an empty cell) is shown by its pencil mark,
// so that a player sees it decided (not with view.bare: a solution is
// drawn as render draws it).
function values(L, us, a, col, cls, given = [], bare = false) {
  a.forEach((v, i) => {
    const u = us[i];
    if (v < 0 || !u || given[i] >= 0) return; // a given value is a clue
    const its = u.values[v]?.length || bare ? u.values[v] : u.marks[v];
    if (its) items(L, its, col, cls);
  });
}

// struck draws a pencil mark struck out, as render's struck does: in red,
// with a slash through it when it is small (a line across the board is
// struck by its colour).
function struck(L, its, cls = 'struck') {
  items(L, its, C.red, cls);
  const bx = bounds(its);
  if (!bx || Math.max(bx.x1 - bx.x0, bx.y1 - bx.y0) > 0.6) return;
  const dd = Math.max(Math.max(bx.x1 - bx.x0, bx.y1 - bx.y0) + 0.08, 0.2) * S;
  const x = (bx.x0 + bx.x1) / 2 * S, y = (bx.y0 + bx.y1) / 2 * S;
  el(L[4], 'line', {
    x1: x - dd / 2, y1: y + dd / 2, x2: x + dd / 2, y2: y - dd / 2,
    stroke: C.red, 'stroke-width': 0.035 * S, 'stroke-linecap': 'round', class: cls + ' slash',
  });
}

// bounds is the box, in cells, around display items.
function bounds(its) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const grow = (x, y, rx, ry) => {
    x0 = Math.min(x0, x - rx); y0 = Math.min(y0, y - ry);
    x1 = Math.max(x1, x + rx); y1 = Math.max(y1, y + ry);
  };
  for (const it of its) {
    const w = it.w || 0;
    switch (it.op) {
      case 'line': case 'arrow': case 'rect':
        grow(it.x, it.y, w / 2, w / 2);
        grow(it.x2 || 0, it.y2 || 0, w / 2, w / 2);
        break;
      case 'circle':
        grow(it.x, it.y, (it.r || 0) + w / 2, (it.r || 0) + w / 2);
        break;
      case 'text':
        grow(it.x, it.y, [...(it.text || '')].length * (it.size || 0) * 0.4, (it.size || 0) / 2);
        break;
    }
  }
  return its.length ? { x0, y0, x1, y1 } : null;
}

// colour maps a display colour role to the page's colour; value is the
// colour of the value drawn.
function colour(role, value) {
  switch (role) {
    case 'grid': return C.grid;
    case 'muted': return C.muted;
    case 'paper': return C.paper;
    case 'value': return value;
    case 'light': return lighten(value);
    case 'alert': return C.red;
  }
  return C.black;
}

// items draws display items on their layers, their Value colour in col.
function items(L, its, col, cls) {
  for (const it of its) item(L[Math.min(Math.max(it.layer || 0, 0), 4)], it, col, cls);
}

// item draws one display item (display.Item); coordinates are in cells.
function item(layer, it, value, cls) {
  const col = colour(it.color || '', value);
  const x = it.x * S, y = it.y * S, x2 = (it.x2 || 0) * S, y2 = (it.y2 || 0) * S, w = (it.w || 0) * S;
  switch (it.op) {
    case 'line': {
      const attrs = { x1: x, y1: y, x2, y2, stroke: col, 'stroke-width': w, 'stroke-linecap': it.round && !it.dash ? 'round' : 'butt', class: cls };
      if (it.dash) attrs['stroke-dasharray'] = `${0.16 * S} ${0.1 * S}`;
      el(layer, 'line', attrs);
      break;
    }
    case 'arrow':
      arrowTo(layer, x, y, x2, y2, w, col, cls);
      break;
    case 'circle': {
      const r = (it.r || 0) * S;
      if (!it.w) {
        el(layer, 'circle', { cx: x, cy: y, r, fill: col, class: cls });
        break;
      }
      el(layer, 'circle', { cx: x, cy: y, r, fill: it.fill ? colour(it.fill, value) : 'none', stroke: col, 'stroke-width': w, class: cls });
      break;
    }
    case 'rect': {
      const attrs = { x: Math.min(x, x2), y: Math.min(y, y2), width: Math.abs(x2 - x), height: Math.abs(y2 - y), class: cls };
      if (!it.w) Object.assign(attrs, { fill: col });
      else Object.assign(attrs, { fill: 'none', stroke: col, 'stroke-width': w });
      el(layer, 'rect', attrs);
      break;
    }
    case 'text': {
      // Capitals size high, centred on (x, y) by their height, as render
      // writes them (DejaVu's capitals are 0.729 em).
      const cap = (it.size || 0) * S;
      el(layer, 'text', {
        x, y: y + cap / 2, 'font-size': cap / 0.729, fill: col, 'text-anchor': 'middle',
        'font-family': 'DejaVu Sans, sans-serif', 'font-weight': it.bold ? 'bold' : 'normal', class: cls,
      }, it.text || '');
      break;
    }
  }
}

// arrowTo draws an arrow from (x1, y1) to its tip (x2, y2), as render does.
function arrowTo(layer, x1, y1, x2, y2, w, col, cls) {
  const l = Math.hypot(x2 - x1, y2 - y1);
  if (!l) return;
  const ux = (x2 - x1) / l, uy = (y2 - y1) / l;
  const head = 2.6 * w;
  el(layer, 'line', {
    x1, y1, x2: x2 - ux * head * 0.8, y2: y2 - uy * head * 0.8,
    stroke: col, 'stroke-width': w, 'stroke-linecap': 'round', class: cls,
  });
  const p1 = [x2 - ux * head - uy * head * 0.55, y2 - uy * head + ux * head * 0.55];
  const p2 = [x2 - ux * head + uy * head * 0.55, y2 - uy * head - ux * head * 0.55];
  el(layer, 'polygon', { points: `${x2},${y2} ${p1} ${p2}`, fill: col, class: cls });
}

// markItems is a mark on the clue of cell q as display items (cells from
// 0, the value colour the mark's): a frame inside the cell, and for a
// clue that can go a slash across it.
export function markItems(q) {
  const x = q.col, y = q.row;
  const out = [{ op: 'rect', x: x + 0.06, y: y + 0.06, x2: x + 0.94, y2: y + 0.94, w: 0.07, color: 'value', layer: 4 }];
  if (MARKS[q.how]?.slash) out.push({ op: 'line', x: x + 0.18, y: y + 0.82, x2: x + 0.82, y2: y + 0.18, w: 0.06, round: true, color: 'value', layer: 4 });
  return out;
}

function outline(layer, q, w, color, cls) {
  el(layer, 'rect', {
    x: q.col * S + w / 2, y: q.row * S + w / 2, width: S - w, height: S - w,
    fill: 'none', stroke: color, 'stroke-width': w, class: cls,
  });
}

// lighten mixes a colour halfway with white, so a broad line leaves dots
// and numbers readable.
function lighten(hex) {
  const n = parseInt(hex.slice(1), 16);
  const mix = (v) => Math.round((v + 255) / 2);
  const r = mix(n >> 16), g = mix((n >> 8) & 255), b = mix(n & 255);
  return `rgb(${r},${g},${b})`;
}

// ZOOM is how much larger than its natural size (S px a cell) a board is
// drawn where the page has room: boards at least MIN_WIDTH px wide, at most
// ZOOM times; the page's width bounds it (CSS max-width: 100%).
const ZOOM = 1.8;
const MIN_WIDTH = 420;

// fit sizes svg, whose drawing is width px wide, on the page: a small
// board grows up to MIN_WIDTH px, every board fits its column.
export function fit(svg, width, scale) {
  const w = scale ? width * scale : Math.min(width * ZOOM, Math.max(width * 1.25, MIN_WIDTH));
  svg.dataset.fit = String(Math.round(w));
  // A board zoomed (zoom.js) keeps its zoom while it keeps its drawing's
  // size; another drawing (a puzzle of moves) starts fitted.
  if (svg.dataset.zoom && svg.dataset.zoomBox === svg.getAttribute('viewBox')) return;
  unzoom(svg);
  svg.style.width = `${Math.round(w)}px`;
}

// unzoom drops a board's zoom (zoom.js): fitted again, its box no
// longer scrolling.
export function unzoom(svg) {
  if (!svg.dataset.zoom) return;
  delete svg.dataset.zoom;
  svg.style.removeProperty('width');
  svg.parentNode?.classList.remove('zoomed');
}

// cellOf returns the cell {row, col} of a pointer event on a board, or null.
export function cellOf(ev) {
  const t = ev.target.closest ? ev.target.closest('[data-r]') : null;
  if (!t) return null;
  return { row: +t.dataset.r, col: +t.dataset.c };
}
