// editor.js holds a puzzle being drawn: its cells per kind, the tools that
// change them, the board JSON board.js draws from them, and the kind's
// canonical text (what /api/parse reads back). Each kind is an object with
// tools, apply(tool, cell, how), key(cell, k), board() and text().

// Arrow steps clockwise from north, as the Arrows format's glyphs.
const DIRS = [[-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1]];
const GLYPHS = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];
// Shinro arrows as numpad digits, clockwise from north.
const NUMPAD = [8, 9, 6, 3, 2, 1, 4, 7];
const NUMPAD_STEP = { 8: [-1, 0], 9: [-1, 1], 6: [0, 1], 3: [1, 1], 2: [1, 0], 1: [1, -1], 4: [0, -1], 7: [-1, -1] };

const grid = (rows, cols, v) => Array.from({ length: rows }, () => Array(cols).fill(v));

// letters names territory t: a..z, then aa, ab, ...
function letters(t) {
  let s = '';
  t += 1;
  while (t > 0) {
    t -= 1;
    s = String.fromCharCode(97 + (t % 26)) + s;
    t = Math.floor(t / 26);
  }
  return s;
}

// digitsKey folds a typed key into a number being typed: digits append
// (up to max), Backspace drops one, and anything else is ignored.
function typeNumber(cur, k, max) {
  if (k === 'Backspace') return cur >= 10 ? Math.floor(cur / 10) : -1;
  if (k === 'Delete') return -1;
  if (!/^[0-9]$/.test(k)) return undefined;
  const d = +k;
  const n = cur >= 0 ? cur * 10 + d : d;
  return n <= max ? n : d;
}

class Juosan {
  constructor(rows, cols) {
    this.rows = rows; this.cols = cols;
    this.region = grid(rows, cols, 0); // one territory to start
    this.clue = new Map(); // "r,c" of a territory's numbered cell → n, -2 for ?
    this.tools = [['territory', 'Territory: drag across cells to make them one territory'], ['number', 'Number: click a territory, type its number or ?']];
    this.drag = null;
  }
  static from(b) {
    const e = new Juosan(b.rows, b.cols);
    e.region = b.juosan.regions.map((row) => row.slice());
    const seen = new Set();
    for (let r = 0; r < b.rows; r++) for (let c = 0; c < b.cols; c++) {
      const t = e.region[r][c];
      if (seen.has(t)) continue;
      seen.add(t);
      if (b.juosan.clues[t] !== -1) e.clue.set(r + ',' + c, b.juosan.clues[t]);
    }
    return e;
  }
  // normalize renumbers territories as connected pieces of equal labels,
  // in reading order, and keeps one number per territory.
  normalize() {
    const { rows, cols } = this;
    const out = grid(rows, cols, -1);
    let n = 0;
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      if (out[r][c] >= 0) continue;
      const lab = this.region[r][c];
      const stack = [[r, c]];
      out[r][c] = n;
      while (stack.length) {
        const [y, x] = stack.pop();
        for (const [dy, dx] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const yy = y + dy, xx = x + dx;
          if (yy >= 0 && yy < rows && xx >= 0 && xx < cols && out[yy][xx] < 0 && this.region[yy][xx] === lab) {
            out[yy][xx] = n;
            stack.push([yy, xx]);
          }
        }
      }
      n++;
    }
    this.region = out;
    const kept = new Set();
    for (const k of [...this.clue.keys()].sort((a, b) => cmpKey(a, b))) {
      const [r, c] = k.split(',').map(Number);
      const t = out[r][c];
      if (kept.has(t)) this.clue.delete(k);
      else kept.add(t);
    }
  }
  clueOf(t) {
    for (const [k, n] of this.clue) {
      const [r, c] = k.split(',').map(Number);
      if (this.region[r][c] === t) return [k, n];
    }
    return [null, -1];
  }
  // apply: territory drags start a fresh label and paint it; number
  // selects the cell's territory for typing.
  apply(tool, q, how) {
    if (how === 'down') this.selected = q;
    if (tool === 'territory') {
      if (how === 'down') this.drag = Math.max(...this.region.flat()) + 1;
      if (this.drag === null) return false;
      this.region[q.row][q.col] = this.drag;
      if (how === 'up') { this.drag = null; this.normalize(); }
      return true;
    }
    if (tool === 'number' && how === 'down') { this.selected = q; return true; }
    return false;
  }
  endDrag() { if (this.drag !== null) { this.drag = null; this.normalize(); } }
  key(q, k) {
    const t = this.region[q.row][q.col];
    const [at, cur] = this.clueOf(t);
    let n;
    if (k === '?') n = -2;
    else n = typeNumber(cur === -2 ? -1 : cur, k, this.rows * this.cols);
    if (n === undefined) return false;
    if (at) this.clue.delete(at);
    if (n !== -1) this.clue.set(at || q.row + ',' + q.col, n);
    return true;
  }
  board() {
    const n = Math.max(...this.region.flat()) + 1;
    const clues = Array(n).fill(-1);
    const clueAt = {};
    for (const [k, v] of this.clue) {
      const [r, c] = k.split(',').map(Number);
      clues[this.region[r][c]] = v;
      clueAt[this.region[r][c]] = { row: r, col: c };
    }
    return { kind: 'juosan', rows: this.rows, cols: this.cols, vars: [], juosan: { regions: this.region, clues, clueAt } };
  }
  text() {
    const lines = ['juosan', `size ${this.rows} ${this.cols}`, 'grid'];
    for (let r = 0; r < this.rows; r++) {
      const toks = [];
      for (let c = 0; c < this.cols; c++) {
        let tok = letters(this.region[r][c]);
        const n = this.clue.get(r + ',' + c);
        if (n !== undefined) tok += n === -2 ? '?' : String(n);
        toks.push(tok);
      }
      lines.push(toks.join(' '));
    }
    return lines.join('\n') + '\n';
  }
}

function cmpKey(a, b) {
  const [r1, c1] = a.split(',').map(Number), [r2, c2] = b.split(',').map(Number);
  return r1 - r2 || c1 - c2;
}

// Clicks is the kinds whose tools act on a click only (a press, 'down',
// or one with the other button, 'back'), never on a drag; a click also
// selects the cell for typing. click(tool, cell, back) says what the
// tool does and whether the board changed.
class Clicks {
  apply(tool, q, how) {
    if (how !== 'down' && how !== 'back') return false;
    this.selected = q;
    return this.click(tool, q, how === 'back');
  }
}

class Arrows extends Clicks {
  constructor(rows, cols) {
    super();
    this.rows = rows; this.cols = cols;
    this.dir = grid(rows, cols, 2); // →
    this.given = grid(rows, cols, -1);
    this.tools = [['arrow', 'Arrow: click turns it clockwise, right-click back; or type 1-9 as on a numpad'], ['number', 'Number: click a cell, type its given number']];
  }
  static from(b) {
    const e = new Arrows(b.rows, b.cols);
    e.dir = b.arrows.dirs.map((row) => row.map(([dr, dc]) => DIRS.findIndex(([a, b2]) => a === dr && b2 === dc)));
    e.given = b.arrows.given.map((row) => row.slice());
    return e;
  }
  click(tool, q, back) {
    if (tool === 'arrow') {
      this.dir[q.row][q.col] = (this.dir[q.row][q.col] + (back ? 7 : 1)) % 8;
      return true;
    }
    return tool === 'number'; // the cell is selected for typing
  }
  key(q, k, tool) {
    if (tool === 'arrow') {
      const i = NUMPAD.indexOf(+k);
      if (i < 0 || !/^[1-9]$/.test(k)) return false;
      this.dir[q.row][q.col] = i;
      return true;
    }
    const n = typeNumber(this.given[q.row][q.col], k, Math.max(this.rows, this.cols) - 1);
    if (n === undefined) return false;
    this.given[q.row][q.col] = n;
    return true;
  }
  board() {
    return { kind: 'arrows', rows: this.rows, cols: this.cols, vars: [], arrows: { dirs: this.dir.map((row) => row.map((d) => DIRS[d])), given: this.given } };
  }
  text() {
    const lines = [`arrows ${this.rows}x${this.cols}`];
    for (let r = 0; r < this.rows; r++) {
      lines.push(this.dir[r].map((d, c) => GLYPHS[d] + (this.given[r][c] >= 0 ? String(this.given[r][c]) : '.')).join(' '));
    }
    return lines.join('\n') + '\n';
  }
}

class Shinro extends Clicks {
  constructor(rows, cols) {
    super();
    this.rows = rows; this.cols = cols;
    this.arrow = grid(rows, cols, 0); // numpad digit, 0 none
    this.stone = grid(rows, cols, false);
    this.tools = [['stone', 'Stone: click hides a stone (the counts follow the stones)'], ['arrow', 'Arrow: click turns it clockwise, right-click back; or type 1-9 as on a numpad, 0 removes']];
  }
  static from(b, stones) {
    const e = new Shinro(b.rows, b.cols);
    e.arrow = b.shinro.arrows.map((row) => row.slice());
    if (stones) e.stone = stones;
    return e;
  }
  click(tool, q, back) {
    const { row: r, col: c } = q;
    if (tool === 'stone') {
      if (this.arrow[r][c]) return false;
      this.stone[r][c] = !this.stone[r][c];
      return true;
    }
    if (tool === 'arrow') {
      const i = NUMPAD.indexOf(this.arrow[r][c]); // -1 for none
      const next = back ? (i < 0 ? 7 : i - 1) : (i === 7 ? -1 : i + 1);
      this.arrow[r][c] = next < 0 ? 0 : NUMPAD[next];
      this.stone[r][c] = false;
      return true;
    }
    return false;
  }
  key(q, k, tool) {
    if (tool !== 'arrow' || !/^[0-9]$/.test(k) || k === '5') return false;
    this.arrow[q.row][q.col] = +k;
    this.stone[q.row][q.col] = false;
    return true;
  }
  counts() {
    const rows = this.stone.map((row) => row.filter(Boolean).length);
    const cols = Array.from({ length: this.cols }, (_, c) => this.stone.filter((row) => row[c]).length);
    return [rows, cols];
  }
  board() {
    const [rowCounts, colCounts] = this.counts();
    const vars = [], values = [];
    for (let r = 0; r < this.rows; r++) for (let c = 0; c < this.cols; c++) {
      if (this.arrow[r][c]) continue;
      vars.push({ row: r, col: c, domain: ['.', '*'] });
      values.push(this.stone[r][c] ? 1 : -1);
    }
    return {
      kind: 'shinro', rows: this.rows, cols: this.cols, vars, values,
      shinro: {
        arrows: this.arrow, steps: this.arrow.map((row) => row.map((d) => NUMPAD_STEP[d] || [0, 0])),
        row_counts: rowCounts, col_counts: colCounts,
      },
    };
  }
  text() {
    const [rowCounts, colCounts] = this.counts();
    const total = rowCounts.reduce((a, b) => a + b, 0);
    const lines = ['shinro', `size ${this.rows} ${this.cols}`, `stones ${total}`, 'cols: ' + colCounts.join(' ')];
    for (let r = 0; r < this.rows; r++) lines.push(rowCounts[r] + '  ' + this.arrow[r].map((d) => (d ? String(d) : '.')).join(' '));
    lines.push('solution');
    for (let r = 0; r < this.rows; r++) lines.push(this.arrow[r].map((d, c) => (d ? String(d) : this.stone[r][c] ? '*' : '.')).join(' '));
    return lines.join('\n') + '\n';
  }
}

class Linjat extends Clicks {
  constructor(rows, cols) {
    super();
    this.rows = rows; this.cols = cols;
    this.cell = grid(rows, cols, 0); // 0 empty, -1 dot, 1..9 number
    this.tools = [['number', 'Number: click a cell, type 1-9 (Backspace removes)'], ['dot', 'Dot: click sets or removes a dot']];
  }
  static from(b) {
    const e = new Linjat(b.rows, b.cols);
    e.cell = b.linjat.cells.map((row) => row.slice());
    return e;
  }
  click(tool, q) {
    if (tool === 'dot') {
      this.cell[q.row][q.col] = this.cell[q.row][q.col] === -1 ? 0 : -1;
      return true;
    }
    return tool === 'number'; // the cell is selected for typing
  }
  key(q, k) {
    if (/^[1-9]$/.test(k)) this.cell[q.row][q.col] = +k;
    else if (k === 'Backspace' || k === 'Delete' || k === '0') this.cell[q.row][q.col] = 0;
    else return false;
    return true;
  }
  board() {
    return { kind: 'linjat', rows: this.rows, cols: this.cols, vars: [], linjat: { cells: this.cell, placements: [] } };
  }
  text() {
    const lines = ['linjat', `size ${this.rows} ${this.cols}`];
    for (const row of this.cell) lines.push(row.map((v) => (v === -1 ? '.' : v > 0 ? String(v) : '_')).join(''));
    return lines.join('\n') + '\n';
  }
}

const classes = { juosan: Juosan, arrows: Arrows, shinro: Shinro, linjat: Linjat };

export const editableKinds = Object.keys(classes);

// newEditor starts an empty puzzle of a kind.
export function newEditor(kind, rows, cols) {
  const K = classes[kind];
  if (!K) throw new Error('cannot draw ' + kind);
  return new K(rows, cols);
}

// editorFrom opens a parsed board for editing (Shinro with the stones of
// a solution, so that the counts stay).
export function editorFrom(b, stones) {
  return classes[b.kind].from(b, stones);
}
