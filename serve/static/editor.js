// editor.js holds a puzzle being drawn, the way the kind's editor data
// (GET /api/kinds: play.editor) says: layers of tokens over the cells and
// the tools that change them. The server turns the layers into the
// puzzle's text and board (POST /api/edit); while they make no puzzle the
// page draws the tokens themselves (tokenBoard). No kind is known here.

const grid = (rows, cols, v) => Array.from({ length: rows }, () => Array(cols).fill(v));

// typeNumber folds a typed key into a number being typed: digits append
// (a number over max starts again from the digit), Backspace drops one,
// Delete clears; a number under min clears. undefined: not a number key.
function typeNumber(cur, k, min, max) {
  if (k === 'Backspace') return cur >= 10 ? Math.floor(cur / 10) : -1;
  if (k === 'Delete') return -1;
  if (!/^[0-9]$/.test(k)) return undefined;
  const d = +k;
  let n = cur >= 0 ? cur * 10 + d : d;
  if (n > max) n = d;
  return n < min ? -1 : n;
}

export class Editor {
  // kind is the kind's name, spec its play.editor; layers, when given,
  // are the cells of a puzzle opened for editing (POST /api/edit/open).
  constructor(kind, spec, rows, cols, layers) {
    this.kind = kind;
    this.spec = spec;
    this.rows = rows;
    this.cols = cols;
    this.tools = spec.tools;
    this.layers = {};
    for (const l of spec.layers) {
      this.layers[l.name] = layers?.[l.name]?.map((row) => row.slice()) || grid(rows, cols, l.default || '');
    }
    this.drag = null;
    this.selected = null;
  }

  tool(name) { return this.tools.find((t) => t.name === name); }

  // snapshot is the drawing as a string, which restore takes back (undo).
  snapshot() {
    return JSON.stringify({ rows: this.rows, cols: this.cols, layers: this.layers, name: this.name || '' });
  }

  restore(snap) {
    const s = JSON.parse(snap);
    this.rows = s.rows;
    this.cols = s.cols;
    this.layers = s.layers;
    this.name = s.name;
    this.selected = null;
    this.drag = null;
  }

  // clear sets every layer back to its default.
  clear() {
    for (const l of this.spec.layers) this.layers[l.name] = grid(this.rows, this.cols, l.default || '');
    this.selected = null;
  }

  // resize makes the drawing rows×cols, keeping the cells both sizes
  // share; new cells take their layer's default.
  resize(rows, cols) {
    for (const l of this.spec.layers) {
      const old = this.layers[l.name];
      const g = grid(rows, cols, l.default || '');
      for (let r = 0; r < Math.min(rows, this.rows); r++) for (let c = 0; c < Math.min(cols, this.cols); c++) g[r][c] = old[r][c];
      this.layers[l.name] = g;
    }
    this.rows = rows;
    this.cols = cols;
    this.selected = null;
    for (const t of this.tools) if (t.op === 'region') this.normalize(t.layer);
  }

  // edit is the drawing as POST /api/edit takes it.
  edit() {
    return { kind: this.kind, rows: this.rows, cols: this.cols, layers: this.layers };
  }

  // apply does what tool name does at cell q: how is down, back (the
  // other button), move (a drag) or up. It says whether anything changed.
  apply(name, q, how) {
    const t = this.tool(name);
    if (!t) return false;
    const L = this.layers[t.layer];
    if (t.op === 'region') {
      if (how === 'down' || how === 'back') {
        this.selected = q;
        this.drag = String(Math.max(-1, ...L.flat().map(Number).filter(Number.isFinite)) + 1);
      }
      if (this.drag === null) return false;
      L[q.row][q.col] = this.drag;
      if (how === 'up') this.endDrag();
      return true;
    }
    if (how !== 'down' && how !== 'back') return false;
    this.selected = q;
    if (t.op === 'cycle') {
      const n = t.tokens.length;
      const i = Math.max(0, t.tokens.indexOf(L[q.row][q.col]));
      L[q.row][q.col] = t.tokens[(i + (how === 'back' ? n - 1 : 1)) % n];
    }
    return true; // a number tool: the cell is selected for typing
  }

  // endDrag ends a region drag: the regions become connected pieces.
  endDrag() {
    if (this.drag === null) return false;
    this.drag = null;
    for (const t of this.tools) if (t.op === 'region') this.normalize(t.layer);
    return true;
  }

  // key types k into cell q with tool name; it says whether anything
  // changed.
  key(q, k, name) {
    const t = this.tool(name);
    if (!t) return false;
    const L = this.layers[t.layer];
    if (t.keys && k in t.keys) {
      L[q.row][q.col] = t.keys[k];
      return true;
    }
    if (t.op !== 'number') return false;
    // A number belonging to a region stays in the cell its region has it.
    let at = q;
    if (t.region) {
      const R = this.layers[t.region];
      for (let r = 0; r < this.rows; r++) for (let c = 0; c < this.cols; c++) {
        if (R[r][c] === R[q.row][q.col] && L[r][c] !== '' && !(t.tokens || []).includes(L[r][c])) at = { row: r, col: c };
      }
    }
    const cur = L[at.row][at.col];
    let v;
    if ((t.extra || []).includes(k)) v = k;
    else {
      const n = typeNumber(/^[0-9]+$/.test(cur) ? +cur : -1, k, t.min || 0, this.max(t));
      if (n === undefined) return false;
      v = n < 0 ? '' : String(n);
    }
    L[at.row][at.col] = v;
    return true;
  }

  // max is a number tool's largest number (play.Tool's Max).
  max(t) {
    if (t.max > 0) return t.max;
    if (t.max === -1) return Math.max(this.rows, this.cols) - 1;
    return this.rows * this.cols;
  }

  // normalize renumbers a region layer as connected pieces of equal
  // labels, in reading order, and keeps one number in each for the
  // number tools of the regions.
  normalize(name) {
    const { rows, cols } = this;
    const L = this.layers[name];
    const out = grid(rows, cols, -1);
    let n = 0;
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      if (out[r][c] >= 0) continue;
      const stack = [[r, c]];
      out[r][c] = n;
      while (stack.length) {
        const [y, x] = stack.pop();
        for (const [dy, dx] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const yy = y + dy, xx = x + dx;
          if (yy >= 0 && yy < rows && xx >= 0 && xx < cols && out[yy][xx] < 0 && L[yy][xx] === L[r][c]) {
            out[yy][xx] = n;
            stack.push([yy, xx]);
          }
        }
      }
      n++;
    }
    this.layers[name] = out.map((row) => row.map(String));
    for (const t of this.tools) {
      if (t.region !== name) continue;
      const N = this.layers[t.layer];
      const kept = new Set();
      for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
        if (N[r][c] === '') continue;
        if (kept.has(out[r][c])) N[r][c] = '';
        else kept.add(out[r][c]);
      }
    }
  }

  // shade is the cells to shade while tool name is in use: the selected
  // cell's region, for a number tool of regions.
  shade(name) {
    const t = this.tool(name);
    const q = this.selected;
    if (!t?.region || !q) return [];
    const R = this.layers[t.region];
    const out = [];
    for (let r = 0; r < this.rows; r++) for (let c = 0; c < this.cols; c++) if (R[r][c] === R[q.row][q.col]) out.push({ row: r, col: c });
    return out;
  }

  // tokenBoard is the drawing as a board of the API's shape, drawn from
  // the tokens alone: a grid, the borders between regions, and each
  // cell's tokens (the first layer's large, the others small beside).
  tokenBoard() {
    const { rows, cols } = this;
    const clues = [];
    const seg = (x1, y1, x2, y2, w) => clues.push({ op: 'line', x: x1, y: y1, x2, y2, w, layer: 3 });
    for (let r = 1; r < rows; r++) clues.push({ op: 'line', x: 0, y: r, x2: cols, y2: r, w: 0.02, color: 'grid', layer: 1 });
    for (let c = 1; c < cols; c++) clues.push({ op: 'line', x: c, y: 0, x2: c, y2: rows, w: 0.02, color: 'grid', layer: 1 });
    clues.push({ op: 'rect', x: 0, y: 0, x2: cols, y2: rows, w: 0.09, layer: 3 });
    let k = 0;
    for (const l of this.spec.layers) {
      const L = this.layers[l.name];
      if (this.tools.some((t) => t.op === 'region' && t.layer === l.name)) {
        for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
          if (c + 1 < cols && L[r][c + 1] !== L[r][c]) seg(c + 1, r, c + 1, r + 1, 0.09);
          if (r + 1 < rows && L[r + 1][c] !== L[r][c]) seg(c, r + 1, c + 1, r + 1, 0.09);
        }
        continue;
      }
      const [dx, dy, size] = k === 0 ? [0.5, 0.5, 0.36] : [0.8, 0.78, 0.2];
      for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
        if (L[r][c] !== '') clues.push({ op: 'text', x: c + dx, y: r + dy, text: L[r][c], size, bold: true, layer: 3 });
      }
      k++;
    }
    return {
      kind: this.kind, rows, cols, vars: [], fixed: [], vidx: new Map(),
      display: { rows, cols, clues, unknowns: [] },
    };
  }
}
