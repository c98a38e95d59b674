// app.js is the playground: it opens, draws, plays, checks and generates
// puzzles through the JSON API (see `go doc github.com/puzzlesat/puzzlesat/serve`)
// and solves puzzles played by moves with a live view of the proof. What a
// kind is — how it is drawn, how a click or a key plays it, its editor —
// is data: its display list (board.js) and its play data from /api/kinds.

import { render, cellOf, prepare, cell, cellsOf } from './board.js';
import { Editor } from './editor.js';
import { renderMoves, changedCells, goalText } from './moves.js';

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
    // The static build (make site) answers in the browser: static.js.
    const resp = await (window.puzzlesatFetch || fetch)(path, opt);
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
  mode: 'none', // none, play, edit, moves
  kinds: new Map(), // name → the kind of /api/kinds
  examples: new Map(), // id → the example of /api/examples
  pz: null, // the board of the puzzle played
  play: {}, // its kind's play data
  values: [],
  undo: [],
  faults: [],
  hint: null,
  diffs: [],
  selected: null,
  from: null, // the cell a "cover" press started on
  editor: null,
  editView: null, // {board, values, error} of the drawing
  editSeq: 0,
  tool: null,
  source: null, // {text, name} of an input holding several puzzles
  moves: null, // {kind, pz, applied, state, prev}
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

// rc names a cell of the API (from 1) as the text does: r1c1.
const rc = (q) => `r${q.row}c${q.col}`;

// playOf is the play data of a kind ({} when it has none).
const playOf = (kind) => st.kinds.get(kind)?.play || {};

// movesKinds are the kinds played by moves.
const movesKinds = () => [...st.kinds.values()].filter((k) => k.play?.mode === 'moves');

// ---- start ----

async function start() {
  const [ks, exs] = await Promise.all([api('/api/kinds'), api('/api/examples')]);
  for (const k of ks.kinds) st.kinds.set(k.name, k);
  const ex = $('example');
  const groups = {};
  for (const e of exs.examples) {
    st.examples.set(e.id, e);
    if (!groups[e.kind]) groups[e.kind] = ex.appendChild(h('optgroup', { label: e.kind }));
    const size = e.rows ? ` ${e.rows}×${e.cols}` : '';
    groups[e.kind].append(h('option', { value: e.id }, `${e.kind}: ${e.name}${size}`));
  }
  for (const k of ks.kinds.filter((k) => k.play?.editor)) $('new-kind').append(h('option', { value: k.name }, k.name));
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
  window.addEventListener('pointerup', () => { if (st.mode === 'edit' && st.editor.endDrag()) editChanged(); });
  board.addEventListener('contextmenu', (ev) => ev.preventDefault());
  board.addEventListener('keydown', onKey);
  say('Open an example, upload or paste a puzzle, draw a new one or generate one.');
}

// ---- opening ----

async function openExample(id) {
  const k = st.kinds.get(st.examples.get(id)?.kind);
  if (k?.play?.mode === 'moves') return openMoves(k, { example: id });
  const ans = await api('/api/parse', { example: id, rule: $('rule').value });
  st.source = null;
  $('select').hidden = true;
  play(ans.puzzle);
}

async function openText(text, name, select = '') {
  if (!text.trim()) throw new Error('nothing to load: paste a puzzle or a puzz.link URL');
  let ans;
  try {
    ans = await api('/api/parse', { text, name, select, rule: $('rule').value });
  } catch (err) {
    // No kind of the registry reads it: try the kinds played by moves
    // before reporting the kinds' error.
    for (const k of movesKinds()) {
      try {
        return await openMoves(k, { text });
      } catch {
        // the next one
      }
    }
    throw err;
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

function play(pz) {
  stopLong();
  st.mode = 'play';
  st.pz = prepare(pz);
  st.play = playOf(pz.kind);
  st.values = pz.fixed.slice();
  st.undo = [];
  st.faults = [];
  st.hint = null;
  st.diffs = [];
  st.selected = null;
  st.from = null;
  $('title').textContent = `${pz.kind} ${pz.name || ''} (${pz.rows}×${pz.cols})`;
  $('text').textContent = pz.text;
  $('how').textContent = st.play.how_to || '';
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
  );
  if (st.play.editor) bar.append(h('span', { class: 'sep' }), button('Edit', () => editThis().catch(fail), { id: 'edit' }));
  redraw();
}

function redraw() {
  const svg = $('board');
  if (st.mode === 'play') {
    render(svg, st.pz, { values: st.values, faults: st.faults, hint: st.hint, diffs: st.diffs, selected: st.selected });
  } else if (st.mode === 'edit' && st.editView) {
    const v = st.editView;
    render(svg, v.board, {
      values: v.values, bare: true, diffs: st.diffs, selected: st.editor.selected, shade: st.editor.shade(st.tool),
    });
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
  st.faults = v.faults.map(cell);
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

// step is unknown i's next value along the kind's click order (back: the
// previous one), from undecided (-1) round to undecided.
function step(i, back) {
  const n = st.pz.vars[i].domain.length;
  const order = [-1, ...(st.play.cycle || Array.from({ length: n }, (_, k) => k))];
  const k = order.indexOf(st.values[i]);
  return order[(k + (back ? order.length - 1 : 1)) % order.length];
}

const same = (a, b) => a && b && a.row === b.row && a.col === b.col;

function onDown(ev) {
  const q = cellOf(ev);
  $('board').focus();
  if (!q) return;
  const back = ev.button === 2 || ev.shiftKey;
  if (st.mode === 'edit') {
    if (st.editor.apply(st.tool, q, back ? 'back' : 'down')) {
      st.diffs = [];
      editChanged();
    }
    return;
  }
  if (st.mode !== 'play') return;
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

function onMove(ev) {
  if (st.mode !== 'edit' || !(ev.buttons & 1)) return;
  const q = cellOf(ev);
  if (q && st.editor.apply(st.tool, q, 'move')) editChanged();
}

function onUp(ev) {
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

function onKey(ev) {
  if (ev.key === 'z' && (ev.ctrlKey || ev.metaKey)) {
    if (st.mode === 'play') undo();
    ev.preventDefault();
    return;
  }
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (st.mode === 'edit') {
    const q = st.editor.selected;
    if (q && st.editor.key(q, ev.key, st.tool)) {
      ev.preventDefault();
      st.diffs = [];
      editChanged();
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
  const i = st.pz.vidx.get(q.row + ',' + q.col);
  if (i === undefined) return;
  const k = ev.key;
  const dom = st.pz.vars[i].domain;
  let v;
  if (k === 'Backspace' || k === 'Delete' || k === ' ') v = -1;
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

// ---- the buttons of play ----

// hintView is a step of the API (answer.StepRecord) as the board shows it.
function hintView(s, forced = {}) {
  return { cells: (s.cells || []).map(cell), elims: s.elims || [], forced };
}

async function hint() {
  const ans = await api('/api/hint', spec({ values: st.values }));
  st.hint = null;
  if (ans.mistake) {
    st.faults = (ans.wrong || []).map(cell);
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
  st.hint = hintView(ans.step, ans.forced || {});
  redraw();
  say(ans.message, '');
  const elims = ans.step.elims.map((e) => `${rc(e.cell)} ≠ ${e.label}`);
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
    st.diffs = ans.differences.map(cell);
    const n = ans.differences.length;
    say(`Not unique: two solutions differ in ${n} cell${n > 1 ? 's' : ''} (marked).`, 'bad');
    $('fig1').hidden = false;
    $('cap2').textContent = 'solution 2';
    render($('board1'), pz, { values: ans.first, bare: true, diffs: st.diffs });
    render($('board2'), pz, { values: ans.second, bare: true, diffs: st.diffs });
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
      st.hint = hintView(s);
      redraw();
    });
    return li;
  }));
  details(h('p', {}, `${r.steps} steps in ${r.depth} layers, ${r.trials} trials, ${g.ms} ms. Click a step to see its cells.`), table, steps);
}

async function editThis() {
  const ans = await api('/api/edit/open', spec());
  const e = ans.edit;
  edit(new Editor(e.kind, st.play.editor, e.rows, e.cols, e.layers));
}

// ---- edit ----

function newPuzzle() {
  const kind = $('new-kind').value;
  const spec = playOf(kind).editor;
  if (!spec) return say(`${kind} puzzles have no editor`, 'bad');
  const rows = Math.max(1, Math.min(30, +$('new-rows').value || 5));
  const cols = Math.max(1, Math.min(30, +$('new-cols').value || 5));
  edit(new Editor(kind, spec, rows, cols));
}

function edit(editor) {
  stopLong();
  st.mode = 'edit';
  st.editor = editor;
  st.editView = { board: editor.tokenBoard() };
  st.tool = editor.tools[0].name;
  st.diffs = [];
  $('title').textContent = `drawing a ${editor.rows}×${editor.cols} ${editor.kind}`;
  $('compare').hidden = true;
  $('text-box').open = true;
  details();
  const bar = $('toolbar');
  const tools = editor.tools.map((t) => {
    const b = button(t.name, () => {
      st.tool = t.name;
      for (const x of tools) x.classList.toggle('on', x === b);
      $('how').textContent = t.help;
      redraw();
    }, { id: 'tool-' + t.name, title: t.help });
    return b;
  });
  tools[0].classList.add('on');
  $('how').textContent = editor.tools[0].help;
  bar.replaceChildren(...tools, h('span', { class: 'sep' }),
    button('Check uniqueness', () => editCheck().catch(fail), { id: 'edit-check' }),
    button('Play it', () => editPlay().catch(fail), { id: 'edit-play', class: 'primary' }));
  say('Draw the puzzle; its text is below. Check it, then play it.');
  redraw();
  editChanged();
}

// editChanged redraws the drawing and asks the server for the puzzle it
// makes; answers to older drawings are dropped.
function editChanged() {
  redraw();
  editCompose().catch(fail);
}

// editCompose is the puzzle the drawing makes (POST /api/edit), shown:
// its board, or the tokens themselves while they make none.
async function editCompose() {
  const seq = ++st.editSeq;
  const ans = await api('/api/edit', st.editor.edit());
  if (seq !== st.editSeq || st.mode !== 'edit') return ans;
  $('text').textContent = ans.text;
  if (ans.puzzle) {
    st.editView = { board: prepare(ans.puzzle), values: ans.values };
    if ($('message').className === 'bad') say('');
  } else {
    st.editView = { board: st.editor.tokenBoard() };
    say(ans.error, 'bad');
  }
  redraw();
  return ans;
}

async function editParse() {
  const ans = await editCompose();
  if (!ans.puzzle) throw new Error(ans.error);
  return ans.puzzle;
}

async function editCheck() {
  const pz = await editParse();
  const ans = await api('/api/check', { text: pz.text, kind: pz.kind, rule: $('rule').value });
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

// ---- puzzles played by moves ----

// openMoves opens a puzzle of kind k, played by moves through the
// endpoints its play data names.
async function openMoves(k, req) {
  const ans = await api(k.play.api.parse, req);
  stopLong();
  st.mode = 'moves';
  const p = ans.puzzle;
  p.is_goal_now = p.is_goal;
  st.moves = { kind: k, pz: p, applied: [], state: p.state, prev: null };
  $('title').textContent = `${k.name} ${p.name || ''} (${p.values.length} tokens, ${p.moves.length} moves)`;
  $('text').textContent = p.text;
  $('how').textContent = k.play.how_to || '';
  $('compare').hidden = true;
  const typed = h('input', { id: 'typed-moves', placeholder: 'moves, e.g. r1l c2u', size: '24' });
  typed.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') applyTyped().catch(fail); });
  $('toolbar').replaceChildren(
    h('div', { class: 'moves', id: 'move-buttons' }, ...p.moves.map((m) => button(m, () => applyMoves([m]).catch(fail), { 'data-move': m }))),
  );
  details(
    h('div', { class: 'row' }, typed, button('Apply', () => applyTyped().catch(fail), { id: 'apply-typed' }),
      button('Undo', () => movesUndo().catch(fail), { id: 'moves-undo' }), button('Reset', () => movesReset(), { id: 'moves-reset' }),
      h('span', { class: 'sep' }),
      button('Shortest solution', () => movesSolve().catch(fail), { id: 'moves-solve', class: 'primary' }),
      h('select', { id: 'moves-method', title: 'how the shortest solution is proven' },
        h('option', { value: 'auto' }, 'fastest proof (exact search beside SAT)'),
        h('option', { value: 'sat' }, 'SAT, depth by depth')),
      button('Stop', () => stopLong(), { id: 'moves-stop' })),
    h('div', { id: 'moves-progress' }),
  );
  movesDraw();
}

function movesDraw() {
  const s = st.moves;
  renderMoves($('board'), s.pz, s.state, changedCells(s.prev, s.state));
  if (s.pz.goal.target) {
    renderMoves($('board2'), s.pz, s.pz.goal.target, [], 0.6);
    $('fig1').hidden = true;
    $('cap2').textContent = 'target';
    $('compare').hidden = false;
  }
  const moves = s.applied.length ? `after ${s.applied.length} move${s.applied.length > 1 ? 's' : ''}: ${s.applied.join(' ')}` : 'the start';
  if (s.pz.is_goal_now) say(`Goal reached ${moves}.`, 'good');
  else say(`Showing ${moves}. Goal: ${goalText(s.pz)}.`);
}

async function applyMoves(moves) {
  const s = st.moves;
  const applied = s.applied.concat(moves);
  const ans = await api(s.kind.play.api.apply, { text: s.pz.text, moves: applied });
  s.prev = s.state;
  s.applied = applied;
  s.state = ans.state;
  s.pz.is_goal_now = ans.is_goal;
  movesDraw();
}

async function applyTyped() {
  const moves = $('typed-moves').value.split(/[\s,]+/).filter(Boolean);
  if (!moves.length) return;
  await applyMoves(moves);
  $('typed-moves').value = '';
}

async function movesUndo() {
  const s = st.moves;
  if (!s.applied.length) return;
  const applied = s.applied.slice(0, -1);
  s.applied = [];
  s.state = s.pz.start;
  if (applied.length) await applyMoves(applied);
  else { s.pz.is_goal_now = s.pz.is_goal; s.prev = null; movesDraw(); }
}

function movesReset() {
  const s = st.moves;
  s.applied = [];
  s.prev = null;
  s.state = s.pz.start;
  s.pz.is_goal_now = s.pz.is_goal;
  movesDraw();
}

// movesSolve asks for a shortest solution from the state shown, by the
// method chosen (the fastest proof, as the command line's, by default),
// showing each depth as SAT decides it and the one being worked on.
async function movesSolve() {
  stopLong();
  const s = st.moves;
  const ctl = new AbortController();
  st.abort = ctl;
  const t0 = Date.now();
  const rows = [];
  const box = $('moves-progress');
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
    const method = $('moves-method') ? $('moves-method').value : 'auto';
    const ans = await api(s.kind.play.api.solve, { text: s.pz.text, moves: s.applied, method }, {
      signal: ctl.signal,
      onEvent: (ev, d) => { if (ev === 'depth') { rows.push(depthRow(d)); drawTable(); } },
    });
    clearInterval(st.timer);
    running.remove();
    st.abort = null;
    if (ans.status === 'optimal') {
      const how = ans.proof === 'search' ? `proven shortest by the exact search (${ans.ms} ms)` : `every shorter length refuted by SAT (${ans.solver}, ${ans.ms} ms)`;
      say(`Shortest solution: ${ans.moves.length} moves (${ans.moves.join(' ') || 'none needed'}); ${how}.`, 'good');
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
