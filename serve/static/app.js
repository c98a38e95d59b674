// app.js is the playground: it opens, draws, plays, checks and generates
// puzzles through the JSON API (see `go doc github.com/puzzlesat/puzzlesat/serve`)
// and solves shift puzzles with a live view of the proof.

import { render, cellOf, varIndex } from './board.js';
import { newEditor, editorFrom, editableKinds } from './editor.js';
import { renderShift, changedCells, goalText } from './shift.js';

const $ = (id) => document.getElementById(id);

// ---- API ----

let busyCount = 0;
function busy(d) {
  busyCount += d;
  $('busy').hidden = busyCount === 0;
}

// api POSTs body as JSON (GET without one) and returns the answer; an error
// answer throws its message. With onEvent the answer is read as server-sent
// events, each passed on, and the "result" event's value returned.
async function api(path, body, { signal, onEvent } = {}) {
  const opt = { method: body === undefined ? 'GET' : 'POST', signal, headers: {} };
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body);
  }
  if (onEvent) opt.headers.Accept = 'text/event-stream';
  busy(1);
  try {
    const resp = await fetch(path, opt);
    const type = resp.headers.get('Content-Type') || '';
    if (!type.startsWith('text/event-stream')) {
      const data = await resp.json().catch(() => ({ error: `${resp.status} ${resp.statusText}` }));
      if (!resp.ok) throw new Error(data.error || resp.statusText);
      return data;
    }
    return await readEvents(resp, onEvent);
  } finally {
    busy(-1);
  }
}

async function readEvents(resp, onEvent) {
  const reader = resp.body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  let result;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const chunk = buf.slice(0, i);
      buf = buf.slice(i + 2);
      let event = 'message', data = '';
      for (const line of chunk.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        if (line.startsWith('data: ')) data += line.slice(6);
      }
      const v = data ? JSON.parse(data) : null;
      if (event === 'error') throw new Error(v.error);
      if (event === 'result') result = v;
      else onEvent(event, v);
    }
  }
  if (result === undefined) throw new Error('the answer ended early');
  return result;
}

// ---- state ----

const st = {
  mode: 'none', // none, play, edit, shift
  pz: null, // the board of the puzzle played
  values: [],
  undo: [],
  faults: [],
  hint: null,
  diffs: [],
  selected: null,
  editor: null,
  tool: null,
  source: null, // {text, name} of an input holding several puzzles
  shift: null, // {pz, applied, state, prev}
  abort: null, // AbortController of a long request
  verifySeq: 0,
};

function spec(extra = {}) {
  return { text: st.pz.text, kind: st.pz.kind, rule: $('rule').value, ...extra };
}

function say(msg, cls = '') {
  const m = $('message');
  m.textContent = msg;
  m.className = cls;
}

function details(...nodes) {
  $('details').replaceChildren(...nodes);
}

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'onclick') e.addEventListener('click', v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

function button(label, onclick, attrs = {}) {
  return h('button', { onclick, ...attrs }, label);
}

function fail(err) {
  if (err.name === 'AbortError') {
    say('stopped', '');
    return;
  }
  say(err.message, 'bad');
}

// ---- start ----

async function start() {
  const [ks, exs] = await Promise.all([api('/api/kinds'), api('/api/examples')]);
  st.kinds = ks;
  const ex = $('example');
  const groups = {};
  for (const e of exs.examples) {
    if (!groups[e.kind]) groups[e.kind] = ex.appendChild(h('optgroup', { label: e.kind }));
    const size = e.rows ? ` ${e.rows}×${e.cols}` : '';
    groups[e.kind].append(h('option', { value: e.id }, `${e.kind}: ${e.name}${size}`));
  }
  for (const k of editableKinds) $('new-kind').append(h('option', { value: k }, k));
  for (const k of ks.kinds.filter((k) => k.generate)) $('gen-kind').append(h('option', { value: k.name }, k.name));
  const bands = ks.kinds.find((k) => k.generate)?.generate.bands || [];
  for (const b of bands) $('gen-band').append(h('option', { value: b }, b));

  $('open-example').addEventListener('click', () => openExample($('example').value).catch(fail));
  $('load-paste').addEventListener('click', () => openText($('paste').value, '').catch(fail));
  $('file').addEventListener('change', () => openFile().catch(fail));
  $('select').addEventListener('change', () => openText(st.source.text, st.source.name, $('select').value).catch(fail));
  $('rule').addEventListener('change', () => { if (st.mode === 'play') reparse().catch(fail); });
  $('new').addEventListener('click', () => newPuzzle());
  $('generate').addEventListener('click', () => generate().catch(fail));
  const board = $('board');
  board.addEventListener('pointerdown', onDown);
  board.addEventListener('pointermove', onMove);
  board.addEventListener('pointerup', onUp);
  window.addEventListener('pointerup', () => { if (st.mode === 'edit' && st.editor.endDrag) { st.editor.endDrag(); redraw(); } });
  board.addEventListener('contextmenu', (ev) => ev.preventDefault());
  board.addEventListener('keydown', onKey);
  say('Open an example, upload or paste a puzzle, draw a new one or generate one.');
}

// ---- opening ----

async function openExample(id) {
  if (id.startsWith('shift-')) return openShift({ example: id });
  const ans = await api('/api/parse', { example: id, rule: $('rule').value });
  st.source = null;
  $('select').hidden = true;
  play(ans.puzzle);
}

// looksShift tells shift puzzle text (its directives) from the kinds'.
function looksShift(text) {
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    return /^(name|start|target|moves?|sum|distinct|magic)\b/.test(t);
  }
  return false;
}

async function openText(text, name, select = '') {
  if (!text.trim()) throw new Error('nothing to load: paste a puzzle or a puzz.link URL');
  if (looksShift(text)) return openShift({ text });
  let ans;
  try {
    ans = await api('/api/parse', { text, name, select, rule: $('rule').value });
  } catch (err) {
    // A shift puzzle given as a bare picture has no directive to tell it
    // by: try it as one before reporting the kinds' error.
    try {
      return await openShift({ text });
    } catch {
      throw err;
    }
  }
  const sel = $('select');
  if (ans.entries?.length > 1) {
    st.source = { text, name };
    sel.replaceChildren(...ans.entries.map((e) => h('option', { value: String(e.entry) }, `#${e.entry} ${e.name}`)));
    sel.value = select || String(ans.entries[0].entry);
    sel.hidden = false;
  } else if (!select) {
    st.source = null;
    sel.hidden = true;
  }
  play(ans.puzzle);
  if (ans.warning) say('Some entries of the input are malformed: ' + ans.warning, 'bad');
}

async function openFile() {
  const f = $('file').files[0];
  if (!f) return;
  const text = await f.text();
  await openText(text, f.name);
}

async function reparse() {
  const ans = await api('/api/parse', spec());
  const values = st.values;
  play(ans.puzzle);
  if (values.length === st.values.length) st.values = values;
  redraw();
  verifyNow();
}

// ---- play ----

const howTo = {
  juosan: 'Click a cell: − then | then empty (right-click goes back). Keys: <kbd>-</kbd> <kbd>|</kbd> <kbd>Backspace</kbd>, arrows move. A territory\'s number counts its − or its | cells; no three − stacked, no three | side by side.',
  arrows: 'Click a cell to select it, type its number (click it again to count up, right-click down). Every arrow\'s number is how many distinct numbers it points at.',
  shinro: 'Click a cell: stone, then empty (dot), then undecided. Rows and columns show their stone counts; every arrow points at a stone.',
  linjat: 'Click a number, then the cell where its line should end (or click the number again to cycle its lines). Every number N gets a straight line of N cells through it; lines never cross; every dot is covered.',
};

function play(pz) {
  stopLong();
  st.mode = 'play';
  st.pz = pz;
  st.values = pz.fixed.slice();
  st.undo = [];
  st.faults = [];
  st.hint = null;
  st.diffs = [];
  st.selected = null;
  st.vidx = varIndex(pz);
  $('title').textContent = `${pz.kind} ${pz.name || ''} (${pz.rows}×${pz.cols})`;
  $('text').textContent = pz.text;
  $('how').innerHTML = howTo[pz.kind] || '';
  $('compare').hidden = true;
  details();
  say('');
  const bar = $('toolbar');
  bar.replaceChildren(
    button('Hint', () => hint().catch(fail), { id: 'hint' }),
    button('Apply hint', applyHint, { id: 'apply-hint', disabled: '' }),
    button('Undo', undo, { id: 'undo' }),
    button('Clear', clearBoard, { id: 'clear' }),
    h('span', { class: 'sep' }),
    button('Autocomplete', () => autocomplete().catch(fail), { id: 'solve' }),
    button('Uniqueness', () => check().catch(fail), { id: 'check' }),
    button('Difficulty', () => grade().catch(fail), { id: 'grade' }),
    h('span', { class: 'sep' }),
    button('Edit', () => editThis().catch(fail), { id: 'edit' }),
  );
  redraw();
}

function redraw() {
  const svg = $('board');
  if (st.mode === 'play') {
    render(svg, st.pz, { values: st.values, faults: st.faults, hint: st.hint, diffs: st.diffs, selected: st.selected });
  } else if (st.mode === 'edit') {
    const b = st.editor.board();
    const sel = st.editor.selected || null;
    let region = null;
    if (b.kind === 'juosan' && sel && st.tool === 'number') region = b.juosan.regions[sel.row][sel.col];
    render(svg, b, { values: b.values, diffs: st.diffs, selected: sel, region, fixed: [] });
    $('text').textContent = st.editor.text();
  }
  const ap = $('apply-hint');
  if (ap) ap.disabled = !(st.hint && Object.keys(st.hint.forced || {}).length);
}

function setValues(values) {
  st.undo.push(st.values);
  st.values = values;
  st.hint = null;
  st.diffs = [];
  $('compare').hidden = true;
  redraw();
  scheduleVerify();
}

function setValue(i, v) {
  if (i === undefined || i < 0 || st.pz.fixed[i] >= 0 || st.values[i] === v) return;
  const next = st.values.slice();
  next[i] = v;
  setValues(next);
}

function undo() {
  if (!st.undo.length) return;
  st.values = st.undo.pop();
  st.hint = null;
  redraw();
  scheduleVerify();
}

function clearBoard() {
  setValues(st.pz.fixed.slice());
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
  st.faults = v.faults;
  redraw();
  if (v.solved) {
    say('Solved! Every rule holds.', 'good');
    details();
  } else if (v.violations.length) {
    say(`${v.violations.length} rule${v.violations.length > 1 ? 's' : ''} broken (marked red)`, 'bad');
    details(h('ul', {}, ...v.violations.map((x) => h('li', { class: 'violation' }, `${x.rule}: ${x.message}`))));
  } else if (!st.hint) {
    say('');
    details();
  }
}

function cycle(v, n, back) {
  // -1, 0, ..., n-1, -1 forwards; the other way back.
  const k = back ? v - 1 : v + 1;
  if (k < -1) return n - 1;
  if (k >= n) return -1;
  return k;
}

function onDown(ev) {
  const q = cellOf(ev);
  $('board').focus();
  if (!q) return;
  const back = ev.button === 2 || ev.shiftKey;
  if (st.mode === 'edit') {
    if (st.editor.apply(st.tool, q, back ? 'back' : 'down')) {
      st.diffs = [];
      redraw();
    }
    return;
  }
  if (st.mode !== 'play') return;
  const pz = st.pz;
  const i = st.vidx.get(q.row + ',' + q.col);
  switch (pz.kind) {
    case 'juosan':
      st.selected = q;
      if (i !== undefined) setValue(i, cycle(st.values[i], 2, back));
      redraw();
      break;
    case 'shinro': {
      st.selected = q;
      if (i === undefined) { redraw(); break; }
      const order = back ? [-1, 0, 1] : [-1, 1, 0];
      const k = order.indexOf(st.values[i]);
      setValue(i, order[(k + 1) % 3]);
      redraw();
      break;
    }
    case 'arrows': {
      const same = st.selected && st.selected.row === q.row && st.selected.col === q.col;
      st.selected = q;
      if (same || back) setValue(i, cycle(st.values[i], pz.vars[i].domain.length, back));
      redraw();
      break;
    }
    case 'linjat':
      linjatDown(q, i, back);
      break;
  }
}

function onMove(ev) {
  if (st.mode !== 'edit' || !(ev.buttons & 1)) return;
  const q = cellOf(ev);
  if (q && st.editor.apply(st.tool, q, 'move')) redraw();
}

function onUp(ev) {
  const q = cellOf(ev);
  if (st.mode === 'edit') {
    if (q && st.editor.apply(st.tool, q, 'up')) redraw();
    return;
  }
  if (st.mode === 'play' && st.pz.kind === 'linjat' && q && st.linjatFrom) {
    const from = st.linjatFrom;
    st.linjatFrom = null;
    if (from.row !== q.row || from.col !== q.col) linjatTo(q);
  }
}

// Linjat: a number is selected by pressing on it; releasing on another
// cell (a drag) or clicking one later draws the line from the number to
// that cell; clicking the selected number again cycles its lines.
function linjatDown(q, i, back) {
  const sel = st.selected;
  const selVar = sel ? st.vidx.get(sel.row + ',' + sel.col) : undefined;
  if (i !== undefined) {
    const same = sel && sel.row === q.row && sel.col === q.col;
    st.selected = q;
    st.linjatFrom = q;
    if (back) setValue(i, -1);
    else if (same) setValue(i, cycle(st.values[i], st.pz.vars[i].domain.length, false));
    redraw();
    return;
  }
  if (selVar !== undefined) linjatTo(q);
}

function linjatTo(q) {
  const sel = st.selected;
  const i = st.vidx.get(sel.row + ',' + sel.col);
  if (i === undefined) return;
  const pls = st.pz.linjat.placements[i];
  const covers = (pl, r, c) => pl.horizontal ? r === pl.row && c >= pl.col && c < pl.col + pl.len : c === pl.col && r >= pl.row && r < pl.row + pl.len;
  const isEnd = (pl, r, c) => pl.horizontal ? r === pl.row && (c === pl.col || c === pl.col + pl.len - 1) : c === pl.col && (r === pl.row || r === pl.row + pl.len - 1);
  let best = -1;
  pls.forEach((pl, j) => {
    if (!covers(pl, q.row, q.col)) return;
    if (best < 0 || (isEnd(pl, q.row, q.col) && !isEnd(pls[best], q.row, q.col))) best = j;
  });
  if (best >= 0) setValue(i, best);
  else say(`the ${st.pz.linjat.cells[sel.row][sel.col]} cannot reach that cell`, 'bad');
}

let lastDigit = { at: 0, cell: null };

function onKey(ev) {
  if (ev.key === 'z' && (ev.ctrlKey || ev.metaKey)) {
    if (st.mode === 'play') undo();
    ev.preventDefault();
    return;
  }
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (st.mode === 'edit') {
    const q = st.editor.selected;
    const k = ev.key;
    if (q && st.editor.key(q, k, st.tool)) {
      ev.preventDefault();
      st.diffs = [];
      redraw();
    }
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
  const i = st.vidx.get(q.row + ',' + q.col);
  if (i === undefined) return;
  const k = ev.key;
  const clear = k === 'Backspace' || k === 'Delete' || k === ' ';
  const dom = st.pz.vars[i].domain;
  let v;
  switch (st.pz.kind) {
    case 'juosan':
      v = clear ? -1 : { '-': 0, h: 0, '|': 1, v: 1, '\\': 1 }[k];
      break;
    case 'shinro':
      v = clear ? -1 : { '*': 1, s: 1, '1': 1, '.': 0, '0': 0, x: 0 }[k];
      break;
    case 'linjat':
      v = clear ? -1 : undefined;
      break;
    case 'arrows':
      if (clear) v = -1;
      else if (/^[0-9]$/.test(k)) {
        const now = Date.now();
        const again = lastDigit.cell === i && now - lastDigit.at < 900;
        const n = again ? st.values[i] * 10 + +k : +k;
        v = n < dom.length ? n : +k;
        lastDigit = { at: now, cell: i };
      }
      break;
  }
  if (v !== undefined && v < dom.length) {
    setValue(i, v);
    ev.preventDefault();
  }
}

// ---- the buttons of play ----

async function hint() {
  const ans = await api('/api/hint', spec({ values: st.values }));
  st.hint = null;
  if (ans.mistake) {
    st.faults = ans.wrong || [];
    redraw();
    say(ans.message, 'bad');
    return;
  }
  if (ans.solved) {
    say(ans.message, 'good');
    return;
  }
  if (!ans.step) {
    say(ans.message);
    return;
  }
  st.hint = { cells: ans.step.cells, elims: ans.step.elims, forced: ans.forced || {} };
  redraw();
  say(ans.message, '');
  const elims = ans.step.elims.map((e) => e.text.replace(' = ', ' ≠ '));
  details(h('p', {}, h('b', {}, 'Eliminates: '), elims.join(', ') || 'nothing'),
    h('p', {}, `Cells looked at are yellow; struck values are red; values it leaves single are green (Apply hint fills them in).`));
}

function applyHint() {
  if (!st.hint) return;
  const next = st.values.slice();
  for (const [i, v] of Object.entries(st.hint.forced)) next[+i] = v;
  setValues(next);
}

async function autocomplete() {
  const ans = await api('/api/solve', spec());
  if (ans.status !== 'solved') {
    say('The puzzle has no solution.', 'bad');
    return;
  }
  const wrong = st.values.filter((v, i) => v >= 0 && v !== ans.solution[i]).length;
  setValues(ans.solution);
  if (wrong) say(`Autocompleted with a solution from SAT; ${wrong} of your values were different.`);
}

async function check() {
  const ans = await api('/api/check', spec());
  showCheck(ans, st.pz);
}

// showCheck reports a uniqueness check; with two solutions it marks the
// cells where they differ and draws both.
function showCheck(ans, pz) {
  $('compare').hidden = true;
  st.diffs = [];
  if (ans.status === 'unique') {
    say(`Unique: the puzzle has exactly one solution (SAT, ${ans.ms} ms).`, 'good');
  } else if (ans.status === 'unsolvable') {
    say('Unsolvable: the puzzle has no solution.', 'bad');
  } else {
    st.diffs = ans.differences;
    const n = ans.differences.length;
    say(`Not unique: two solutions differ in ${n} cell${n > 1 ? 's' : ''} (marked).`, 'bad');
    $('fig1').hidden = false;
    $('cap2').textContent = 'solution 2';
    render($('board1'), pz, { values: ans.first, diffs: ans.differences });
    render($('board2'), pz, { values: ans.second, diffs: ans.differences });
    $('compare').hidden = false;
  }
  redraw();
}

async function grade() {
  say('grading…');
  const g = await api('/api/grade', spec());
  const r = g.report;
  const band = g.band ? `, ${g.band}` : '';
  say(`Difficulty: ${g.status === 'solved' ? 'solved by the rules' : g.status}${band}; score ${r.score.toFixed(1)}, hardest rule ${r.max_rule || '—'} (level ${r.max_level}), trial depth ${r.trial_depth}; SAT: ${g.sat}.`, g.status === 'solved' ? 'good' : 'bad');
  const rows = Object.entries(r.rule_steps || {}).sort((a, b) => b[1] - a[1]);
  const table = h('table', {}, h('tr', {}, h('th', {}, 'rule'), h('th', {}, 'steps')),
    ...rows.map(([k, n]) => h('tr', {}, h('td', {}, k), h('td', {}, String(n)))));
  const steps = h('ol', {}, ...g.steps.map((s) => {
    const li = h('li', {}, `[${s.rule}, level ${s.level}] ${s.reason}`);
    li.addEventListener('click', () => {
      st.hint = { cells: s.cells, elims: s.elims, forced: {} };
      redraw();
    });
    return li;
  }));
  details(h('p', {}, `${r.steps} steps in ${r.depth} layers, ${r.trials} trials, ${g.ms} ms. Click a step to see its cells.`), table, steps);
}

async function editThis() {
  let stones;
  if (st.pz.kind === 'shinro') {
    // The editor keeps counts by the stones: place a solution's.
    const ans = await api('/api/solve', spec());
    if (ans.status === 'solved') {
      stones = Array.from({ length: st.pz.rows }, () => Array(st.pz.cols).fill(false));
      st.pz.vars.forEach((v, i) => { if (ans.solution[i] === 1) stones[v.row][v.col] = true; });
    }
  }
  edit(editorFrom(st.pz, stones));
}

// ---- edit ----

function newPuzzle() {
  const kind = $('new-kind').value;
  const rows = Math.max(1, Math.min(30, +$('new-rows').value || 5));
  const cols = Math.max(1, Math.min(30, +$('new-cols').value || 5));
  edit(newEditor(kind, rows, cols));
}

function edit(editor) {
  stopLong();
  st.mode = 'edit';
  st.editor = editor;
  st.tool = editor.tools[0][0];
  st.diffs = [];
  $('title').textContent = `drawing a ${editor.rows}×${editor.cols} ${editor.board().kind}`;
  $('compare').hidden = true;
  $('text-box').open = true;
  details();
  const bar = $('toolbar');
  const tools = editor.tools.map(([name, help]) => {
    const b = button(name, () => {
      st.tool = name;
      for (const x of tools) x.classList.toggle('on', x === b);
      $('how').textContent = help;
      redraw();
    }, { id: 'tool-' + name, title: help });
    return b;
  });
  tools[0].classList.add('on');
  $('how').textContent = editor.tools[0][1];
  bar.replaceChildren(...tools, h('span', { class: 'sep' }),
    button('Check uniqueness', () => editCheck().catch(fail), { id: 'edit-check' }),
    button('Play it', () => editPlay().catch(fail), { id: 'edit-play', class: 'primary' }));
  say('Draw the puzzle; its text is below. Check it, then play it.');
  redraw();
}

async function editParse() {
  const ans = await api('/api/parse', { text: st.editor.text(), rule: $('rule').value });
  return ans.puzzle;
}

async function editCheck() {
  const pz = await editParse();
  const ans = await api('/api/check', { text: pz.text, rule: $('rule').value });
  showCheck(ans, pz);
}

async function editPlay() {
  const pz = await editParse();
  play(pz);
}

// ---- generate ----

function stopLong() {
  if (st.abort) st.abort.abort();
  st.abort = null;
  clearInterval(st.timer);
}

async function generate() {
  stopLong();
  const ctl = new AbortController();
  st.abort = ctl;
  const body = {
    kind: $('gen-kind').value, rows: +$('gen-rows').value || 0, cols: +$('gen-cols').value || 0,
    difficulty: $('gen-band').value, seed: +$('gen-seed').value || 0, rule: $('rule').value,
  };
  const stop = $('gen-stop');
  stop.onclick = () => ctl.abort();
  stop.hidden = false;
  say(`generating a ${body.difficulty} ${body.rows}×${body.cols} ${body.kind}…`);
  let n = 0;
  let ans;
  try {
    ans = await api('/api/generate', body, {
      signal: ctl.signal,
      onEvent: (ev, v) => { if (ev === 'attempt') say(`generating… attempt ${++n}: ${v.outcome}`); },
    });
  } finally {
    stop.hidden = true;
    if (st.abort === ctl) st.abort = null;
  }
  play(ans.puzzle);
  say(`Generated: ${ans.band}, score ${ans.report.score.toFixed(1)}, hardest rule ${ans.report.max_rule || '—'}; seed ${ans.seed}, attempt ${ans.attempt}, ${ans.ms} ms.`, 'good');
}

// ---- shift ----

async function openShift(req) {
  const ans = await api('/api/shift/parse', req);
  stopLong();
  st.mode = 'shift';
  const p = ans.puzzle;
  p.is_goal_now = p.is_goal;
  st.shift = { pz: p, applied: [], state: p.state, prev: null };
  $('title').textContent = `shift ${p.name || ''} (${p.values.length} tokens, ${p.moves.length} moves)`;
  $('text').textContent = p.text;
  $('how').textContent = 'Click a move (r = row left/right, c = column up/down) or type moves; ask for the shortest solution: SAT proves every shorter length impossible, depth by depth.';
  $('compare').hidden = true;
  const typed = h('input', { id: 'typed-moves', placeholder: 'moves, e.g. r1l c2u', size: '24' });
  typed.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') applyTyped().catch(fail); });
  $('toolbar').replaceChildren(
    h('div', { class: 'moves', id: 'move-buttons' }, ...p.moves.map((m) => button(m, () => applyMoves([m]).catch(fail), { 'data-move': m }))),
  );
  details(
    h('div', { class: 'row' }, typed, button('Apply', () => applyTyped().catch(fail), { id: 'apply-typed' }),
      button('Undo', () => shiftUndo().catch(fail), { id: 'shift-undo' }), button('Reset', () => shiftReset().catch(fail), { id: 'shift-reset' }),
      h('span', { class: 'sep' }),
      button('Shortest solution', () => shiftSolve().catch(fail), { id: 'shift-solve', class: 'primary' }),
      button('Stop', () => stopLong(), { id: 'shift-stop' })),
    h('div', { id: 'shift-progress' }),
  );
  shiftDraw();
}

function shiftDraw() {
  const s = st.shift;
  renderShift($('board'), s.pz, s.state, changedCells(s.prev, s.state));
  if (s.pz.goal.target) {
    renderShift($('board2'), s.pz, s.pz.goal.target, [], 0.6);
    $('fig1').hidden = true;
    $('cap2').textContent = 'target';
    $('compare').hidden = false;
  }
  const moves = s.applied.length ? `after ${s.applied.length} move${s.applied.length > 1 ? 's' : ''}: ${s.applied.join(' ')}` : 'the start';
  if (s.pz.is_goal_now) say(`Goal reached ${moves}.`, 'good');
  else say(`Showing ${moves}. Goal: ${goalText(s.pz)}.`);
}

async function applyMoves(moves) {
  const s = st.shift;
  const applied = s.applied.concat(moves);
  const ans = await api('/api/shift/apply', { text: s.pz.text, moves: applied });
  s.prev = s.state;
  s.applied = applied;
  s.state = ans.state;
  s.pz.is_goal_now = ans.is_goal;
  shiftDraw();
}

async function applyTyped() {
  const moves = $('typed-moves').value.split(/[\s,]+/).filter(Boolean);
  if (!moves.length) return;
  await applyMoves(moves);
  $('typed-moves').value = '';
}

async function shiftUndo() {
  const s = st.shift;
  if (!s.applied.length) return;
  const applied = s.applied.slice(0, -1);
  s.applied = [];
  s.state = s.pz.start;
  if (applied.length) await applyMoves(applied);
  else { s.pz.is_goal_now = s.pz.is_goal; s.prev = null; shiftDraw(); }
}

async function shiftReset() {
  const s = st.shift;
  s.applied = [];
  s.prev = null;
  s.state = s.pz.start;
  s.pz.is_goal_now = s.pz.is_goal;
  shiftDraw();
}

// shiftSolve asks for a shortest solution from the state shown, showing
// each depth as SAT decides it and the one being worked on.
async function shiftSolve() {
  stopLong();
  const s = st.shift;
  const ctl = new AbortController();
  st.abort = ctl;
  const t0 = Date.now();
  const rows = [];
  const box = $('shift-progress');
  const table = h('table', { id: 'depths' });
  const head = h('tr', {}, ...['depth', 'answer', 'parts', 'vars', 'clauses', 'solving', 'at'].map((x) => h('th', {}, x)));
  const running = h('tr', { id: 'depth-running', class: 'depth-run' });
  const drawTable = () => {
    const k = rows.length;
    running.replaceChildren(h('td', {}, String(k)), h('td', {}, `solving… ${((Date.now() - t0) / 1000).toFixed(1)} s`), h('td', {}), h('td', {}), h('td', {}), h('td', {}), h('td', {}));
    table.replaceChildren(head, ...rows, running);
  };
  box.replaceChildren(h('p', {}, 'Each depth k asks SAT for a solution of k moves; "no" for every smaller k proves the first "yes" shortest.'), table);
  drawTable();
  st.timer = setInterval(drawTable, 200);
  const depthRow = (d) => h('tr', { class: d.status === 'SATISFIABLE' ? 'depth-sat' : 'depth-unsat' },
    h('td', {}, String(d.k)), h('td', {}, d.status === 'SATISFIABLE' ? 'yes: solution' : d.status === 'UNSATISFIABLE' ? 'no (refuted)' : 'unknown'),
    h('td', {}, String(d.parts.length)), h('td', {}, String(d.vars)), h('td', {}, String(d.clauses)),
    h('td', {}, `${(d.ms / 1000).toFixed(3)} s`), h('td', {}, `${(d.at_ms / 1000).toFixed(3)} s`));
  say('solving…');
  try {
    const ans = await api('/api/shift/solve', { text: s.pz.text, moves: s.applied }, {
      signal: ctl.signal,
      onEvent: (ev, d) => { if (ev === 'depth') { rows.push(depthRow(d)); drawTable(); } },
    });
    clearInterval(st.timer);
    running.remove();
    st.abort = null;
    if (ans.status === 'optimal') {
      say(`Shortest solution: ${ans.moves.length} moves (${ans.moves.join(' ') || 'none needed'}); every shorter length refuted (${ans.solver}, ${ans.ms} ms).`, 'good');
      box.append(h('div', { class: 'row' }, button('Play the solution', () => playSolution(ans.moves).catch(fail), { id: 'play-solution' })));
    } else if (ans.status === 'no-solution-within') {
      say(`No solution within ${ans.max_steps} moves.`, 'bad');
    } else {
      say(`Stopped before an answer: no solution shorter than ${ans.lower_bound} moves.`, 'bad');
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

start().catch(fail);
