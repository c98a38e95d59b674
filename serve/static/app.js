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
  options: {}, // the kinds' options chosen (flag name → value), sent with every puzzle
  pz: null, // the board of the puzzle played
  play: {}, // its kind's play data
  values: [],
  struck: new Set(), // "i:v": candidates ruled out (pencil marks struck, hints applied)
  undo: [], // earlier {values, struck}
  redo: [],
  faults: [],
  wrong: [], // cells that differ from the solution (checking against it)
  solution: null, // the solution, once asked for
  hint: null,
  diffs: [],
  selected: null,
  from: null, // the cell a "cover" press started on
  pencil: false, // clicks strike candidates instead of setting values
  editor: null,
  editView: null, // {board, values, error} of the drawing
  editSeq: 0,
  editUndo: [],
  editRedo: [],
  tool: null,
  source: null, // {text, name} of an input holding several puzzles
  moves: null, // {kind, pz, applied, state, prev}
  abort: null, // AbortController of a long request
  verifySeq: 0,
  note: '', // a message the next "Solved!" keeps (Autocomplete's)
};

const prefs = {
  get cands() { return localStorage.getItem('puzzlesat:cands') === 'on'; },
  set cands(on) { localStorage.setItem('puzzlesat:cands', on ? 'on' : 'off'); },
  get checkSol() { return localStorage.getItem('puzzlesat:check') === 'on'; },
  set checkSol(on) { localStorage.setItem('puzzlesat:check', on ? 'on' : 'off'); },
};

function spec(extra = {}) {
  return { text: st.pz.text, kind: st.pz.kind, options: st.options, ...extra };
}

// optionsOf is the options chosen that kind k has.
function optionsOf(k) {
  return Object.fromEntries((k?.flags || []).filter((f) => f.name in st.options).map((f) => [f.name, st.options[f.name]]));
}

// showFlags offers the options of kind k that change how a puzzle of it
// reads (names: the board's flags), as /api/kinds describes them; a
// change reads the puzzle again.
function showFlags(k, names = []) {
  const row = $('flags-row');
  const flags = (k?.flags || []).filter((f) => names.includes(f.name));
  row.replaceChildren(...flags.map((f) => {
    const sel = h('select', { id: `flag-${f.name}`, title: f.usage },
      ...f.values.map((v, i) => h('option', { value: v }, f.labels[i])));
    sel.value = st.options[f.name] || f.default;
    sel.addEventListener('change', () => {
      st.options[f.name] = sel.value;
      if (st.mode === 'play') reparse().catch(fail);
    });
    return h('label', {}, `${f.label} `, sel);
  }));
  row.hidden = flags.length === 0;
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
// ms is an answer's "ms" (milliseconds, to the microsecond) as the page says it.
const ms = (t) => `${Math.round(t)} ms`;

// playOf is the play data of a kind ({} when it has none).
const playOf = (kind) => st.kinds.get(kind)?.play || {};

// movesKinds are the kinds played by moves.
const movesKinds = () => [...st.kinds.values()].filter((k) => k.play?.mode === 'moves');

// title is a puzzle's heading: its kind, its name (without a file's
// extension, blanks single, none for an unnamed input) and its size.
function title(kind, name, size) {
  let n = String(name || '').replace(/\.(txt|json|yaml|in|ans)$/i, '').replace(/\s+/g, ' ').trim();
  if (n === 'input' || n.includes('?') || n.includes('://')) n = '';
  return [kind, n, size && `(${size})`].filter(Boolean).join(' ');
}

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
  for (const k of ks.kinds.filter((k) => k.play?.mode !== 'moves')) $('open-kind').append(h('option', { value: k.name }, k.name));
  for (const k of ks.kinds.filter((k) => k.play?.editor)) $('new-kind').append(h('option', { value: k.name }, k.name));
  for (const k of ks.kinds.filter((k) => k.generate || k.moves)) $('gen-kind').append(h('option', { value: k.name }, k.name));
  genKindChanged();

  $('open-example').addEventListener('click', () => openExample($('example').value).catch(fail));
  $('load-paste').addEventListener('click', () => openText($('paste').value, '').catch(fail));
  $('file').addEventListener('change', () => openFile().catch(fail));
  $('select').addEventListener('change', () => openText(st.source.text, st.source.name, $('select').value).catch(fail));
  $('new').addEventListener('click', () => newPuzzle());
  $('generate').addEventListener('click', () => generate().catch(fail));
  $('gen-kind').addEventListener('change', genKindChanged);
  const board = $('board');
  board.addEventListener('pointerdown', onDown);
  board.addEventListener('pointermove', onMove);
  board.addEventListener('pointerup', onUp);
  board.addEventListener('pointercancel', () => { clearTimeout(press.timer); press.at = null; });
  window.addEventListener('pointerup', () => { if (st.mode === 'edit' && st.editor.endDrag()) editChanged(); });
  board.addEventListener('contextmenu', (ev) => ev.preventDefault());
  board.addEventListener('keydown', onKey);
  document.addEventListener('keydown', onGlobalKey);
  say('Open an example, upload or paste a puzzle, draw a new one or generate one.');
  await openFromLocation();
}

// openFromLocation opens the puzzle the page's URL names: /?QUERY or
// /p?QUERY (puzz.link's shape: KIND/COLS/ROWS/BODY), or #QUERY; a hash
// #p=... after a query is the progress a shared link carries.
async function openFromLocation() {
  let q = decodeURIComponent(location.search.slice(1));
  let hash = location.hash.slice(1);
  if (!q && hash && !hash.startsWith('p=')) {
    q = decodeURIComponent(hash);
    hash = '';
  }
  if (!q) return;
  const shared = hash.startsWith('p=') ? decodeProgress(hash.slice(2)) : null;
  try {
    await openText(q, '', '', { shared });
  } catch (err) {
    fail(err);
  }
}

// ---- the URL and progress ----

// pageURL is the address that opens the puzzle shown (with progress: the
// board too).
function pageURL(progress) {
  const u = st.mode === 'moves' ? st.moves.pz.url : st.pz?.url;
  if (!u) return '';
  let s = `${location.origin}${location.pathname}?${u}`;
  if (progress) {
    const p = st.mode === 'moves' ? { m: st.moves.applied } : { v: st.values, x: [...st.struck] };
    s += '#p=' + encodeProgress(p);
  }
  return s;
}

function setURL() {
  const u = pageURL(false);
  if (u) history.replaceState(null, '', u);
}

function encodeProgress(p) {
  const bytes = new TextEncoder().encode(JSON.stringify(p));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeProgress(s) {
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
  } catch {
    return null;
  }
}

// storeKey is where the progress on the puzzle shown is kept.
function storeKey() {
  if (st.mode === 'moves') return 'puzzlesat:progress:' + (st.moves.pz.url || st.moves.pz.text);
  return 'puzzlesat:progress:' + (st.pz.url || st.pz.kind + ':' + st.pz.text);
}

const MAX_UNDO = 300;

function saveProgress() {
  try {
    if (st.mode === 'play') {
      const snap = (u) => ({ v: u.values, x: [...u.struck] });
      localStorage.setItem(storeKey(), JSON.stringify({
        v: st.values, x: [...st.struck], u: st.undo.slice(-MAX_UNDO).map(snap), r: st.redo.slice(-MAX_UNDO).map(snap), t: Date.now(),
      }));
    } else if (st.mode === 'moves') {
      localStorage.setItem(storeKey(), JSON.stringify({ m: st.moves.applied, t: Date.now() }));
    }
  } catch {
    // storage full or off: progress is not kept
  }
}

function loadProgress() {
  try {
    return JSON.parse(localStorage.getItem(storeKey()) || 'null');
  } catch {
    return null;
  }
}

// validValues keeps a stored board only when it fits the puzzle.
function validValues(v) {
  return Array.isArray(v) && v.length === st.pz.vars.length &&
    v.every((x, i) => Number.isInteger(x) && x >= -1 && x < st.pz.vars[i].domain.length);
}

function restore(p) {
  if (!p || !validValues(p.v)) return false;
  st.values = p.v.map((x, i) => (st.pz.fixed[i] >= 0 ? st.pz.fixed[i] : x));
  st.struck = new Set((p.x || []).filter((k) => typeof k === 'string'));
  const snap = (u) => (u && validValues(u.v) ? { values: u.v, struck: new Set(u.x || []) } : null);
  st.undo = (p.u || []).map(snap).filter(Boolean);
  st.redo = (p.r || []).map(snap).filter(Boolean);
  return true;
}

// ---- opening ----

async function openExample(id) {
  const k = st.kinds.get(st.examples.get(id)?.kind);
  if (k?.play?.mode === 'moves') return openMoves(k, { example: id });
  const ans = await api('/api/parse', { example: id, options: st.options });
  st.source = null;
  $('select').hidden = true;
  play(ans.puzzle);
}

async function openText(text, name, select = '', { shared } = {}) {
  if (!text.trim()) throw new Error('nothing to load: paste a puzzle or a puzz.link URL');
  let ans;
  try {
    ans = await api('/api/parse', { text, name, select, kind: shared === undefined ? $('open-kind').value : '', options: st.options });
  } catch (err) {
    // No kind of the registry reads it: try the kinds played by moves
    // before reporting the kinds' error.
    for (const k of movesKinds()) {
      try {
        return await openMoves(k, { text }, shared);
      } catch {
        // the next one
      }
    }
    throw new Error(err.message.replace(/give --kind/, 'pick its kind beside Load'));
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
  play(ans.puzzle, { shared });
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

function play(pz, { shared } = {}) {
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

function redraw() {
  const svg = $('board');
  if (st.mode === 'play') {
    const { cands, struck } = candsView();
    render(svg, st.pz, {
      values: st.values, faults: st.faults.concat(st.wrong), hint: st.hint, diffs: st.diffs, selected: st.selected, cands, struck,
    });
  } else if (st.mode === 'edit' && st.editView) {
    const v = st.editView;
    render(svg, v.board, {
      values: v.values, bare: true, diffs: st.diffs, selected: st.editor.selected, shade: st.editor.shade(st.tool),
    });
  }
  const ap = $('apply-hint');
  if (ap) ap.disabled = !(st.hint && (Object.keys(st.hint.forced || {}).length || st.hint.elims.length));
  if ($('undo')) $('undo').disabled = st.mode === 'edit' ? !st.editUndo.length : !st.undo.length;
  if ($('redo')) $('redo').disabled = st.mode === 'edit' ? !st.editRedo.length : !st.redo.length;
}

// change records the board before a change for undo and forgets redo.
function change() {
  st.undo.push({ values: st.values, struck: new Set(st.struck) });
  if (st.undo.length > MAX_UNDO) st.undo.splice(0, 1);
  st.redo = [];
}

function changed() {
  st.hint = null;
  st.diffs = [];
  $('compare').hidden = true;
  saveProgress();
  if (st.solution) markWrong();
  redraw();
  scheduleVerify();
}

function setValues(values) {
  change();
  st.values = values;
  changed();
}

function setValue(i, v) {
  if (i === undefined || i < 0 || st.pz.fixed[i] >= 0 || st.values[i] === v) return;
  const next = st.values.slice();
  next[i] = v;
  setValues(next);
}

function undo() {
  if (st.mode === 'edit') return editUndo();
  if (st.mode === 'moves') return movesUndo().catch(fail);
  if (st.mode !== 'play' || !st.undo.length) return;
  st.redo.push({ values: st.values, struck: st.struck });
  ({ values: st.values, struck: st.struck } = st.undo.pop());
  changed();
}

function redo() {
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
async function verifyNow() {
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
function sentence(s) {
  s = String(s || '').trim();
  if (!s) return s;
  s = s[0].toUpperCase() + s.slice(1);
  return /[.!?]$/.test(s) ? s : s + '.';
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

// press is a touch press waiting to become a tap (step on) or a long
// press (step back).
const press = { at: null, timer: 0, long: false };
const LONG_PRESS = 450;

function onDown(ev) {
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

function onMove(ev) {
  if (st.mode === 'moves') return;
  if (press.at && ev.pointerType === 'touch') {
    const q = cellOf(ev);
    if (q && !same(q, press.at)) { clearTimeout(press.timer); press.at = null; }
  }
  if (st.mode !== 'edit' || !(ev.buttons & 1)) return;
  const q = cellOf(ev);
  if (q && st.editor.apply(st.tool, q, 'move')) editChanged();
}

function onUp(ev) {
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
function onGlobalKey(ev) {
  if (ev.target.closest && ev.target.closest('input, textarea, select')) return;
  if (ev.target === $('board')) return; // onKey has it
  if (undoKeys(ev) || (st.mode === 'moves' && movesKey(ev))) ev.preventDefault();
}

// movesKey plays a puzzle of moves from the keyboard: the arrow keys turn
// the line through the cursor (its row left or right, its column up or
// down) when the puzzle has that move; with ⇧ held they move the cursor
// instead. Clicking or dragging a token puts the cursor there.
function movesKey(ev) {
  const dirs = { ArrowUp: [-1, 0, 'c', 'u'], ArrowDown: [1, 0, 'c', 'd'], ArrowLeft: [0, -1, 'r', 'l'], ArrowRight: [0, 1, 'r', 'r'] };
  const d = dirs[ev.key];
  if (!d || ev.ctrlKey || ev.metaKey || ev.altKey) return false;
  const s = st.moves, pic = s.pz.picture;
  const at = s.cursor || { row: 0, col: 0 };
  if (ev.shiftKey) {
    const row = at.row + d[0], col = at.col + d[1];
    if (row >= 0 && row < pic.length && col >= 0 && col < pic[row].length && pic[row][col] >= 0) {
      s.cursor = { row, col };
      movesCursor();
    }
    return true;
  }
  const name = `${d[2]}${(d[2] === 'r' ? at.row : at.col) + 1}${d[3]}`;
  if (!s.pz.moves.includes(name)) {
    say(`No move ${name} in this puzzle.`, 'bad');
    return true;
  }
  applyMoves([name]).catch(fail);
  return true;
}

// movesCursor outlines the token under the keyboard's cursor.
function movesCursor() {
  const s = st.moves;
  $('board').querySelectorAll('.token.cursor').forEach((e) => e.classList.remove('cursor'));
  const c = s.cursor && s.pz.picture[s.cursor.row]?.[s.cursor.col];
  if (c >= 0) $('board').querySelector(`#token-${c}`)?.classList.add('cursor');
}

function undoKeys(ev) {
  if (!(ev.ctrlKey || ev.metaKey)) return false;
  const k = ev.key.toLowerCase();
  if (k === 'z' && !ev.shiftKey) { undo(); return true; }
  if (k === 'y' || (k === 'z' && ev.shiftKey)) { redo(); return true; }
  return false;
}

function onKey(ev) {
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

// ---- the buttons of play ----

// hintView is a step of the API (answer.StepRecord) as the board shows it.
function hintView(s, forced = {}) {
  return {
    cells: (s.cells || []).map(cell), elims: s.elims || [], forced,
    vars: (s.elims || []).map((e) => st.pz.vidx.get(`${e.cell.row - 1},${e.cell.col - 1}`)),
  };
}

const struckList = () => [...st.struck].map((k) => k.split(':').map(Number));

async function hint() {
  const ans = await api('/api/hint', spec({ values: st.values, struck: struckList() }));
  st.hint = null;
  details();
  if (ans.mistake) {
    st.faults = (ans.wrong || []).map(cell);
    redraw();
    say(sentence(ans.message), 'bad');
    return;
  }
  if (ans.solved) {
    say(sentence(ans.message), 'good');
    return;
  }
  const step = ans.hint;
  if (!step) {
    say(sentence(ans.message));
    return;
  }
  st.hint = hintView(step, ans.forced || {});
  redraw();
  say(sentence(step.reason), '');
  const n = step.elims.length, f = Object.keys(ans.forced || {}).length;
  const cells = [...new Set(step.elims.map((e) => rc(e.cell)))];
  details(
    h('p', {}, `It rules out ${n} candidate${n === 1 ? '' : 's'}${cells.length ? ' of ' + cells.join(', ') : ''}` +
      (f ? `, which leaves ${f} value${f === 1 ? '' : 's'} single (green).` : '.')),
    h('p', { class: 'muted' }, `Cells looked at are yellow; the values ruled out are struck in red. "Apply hint" strikes them from your candidates${f ? ' and fills in the green values' : ''}. (Rule ${step.rule}, level ${step.level}.)`));
}

function applyHint() {
  if (!st.hint) return;
  change();
  const next = st.values.slice();
  for (const [i, v] of Object.entries(st.hint.forced)) next[+i] = v;
  st.values = next;
  st.struck = new Set(st.struck);
  st.hint.elims.forEach((e, k) => {
    const i = st.hint.vars[k];
    if (i !== undefined && e.value !== undefined) st.struck.add(i + ':' + e.value);
  });
  details();
  say('');
  changed();
}

async function autocomplete() {
  const ans = await api('/api/solve', spec());
  if (ans.status !== 'solved') {
    say('The puzzle has no solution.', 'bad');
    return;
  }
  st.solution = ans.values;
  const wrong = st.values.filter((v, i) => v >= 0 && v !== ans.values[i]).length;
  st.note = wrong ? `Autocompleted with a solution from SAT; ${wrong} of your values ${wrong === 1 ? 'was' : 'were'} different.` : 'Autocompleted with a solution from SAT.';
  say(st.note);
  setValues(ans.values);
}

async function check() {
  details();
  st.hint = null;
  const ans = await api('/api/check', spec());
  showCheck(ans, st.pz);
}

// showCheck reports a uniqueness check; with two solutions it marks the
// cells where they differ and draws both.
function showCheck(ans, pz) {
  $('compare').hidden = true;
  st.diffs = [];
  if (ans.status === 'unique') {
    say(`Unique: the puzzle has exactly one solution (SAT, ${ms(ans.ms)}).`, 'good');
  } else if (ans.status === 'unsolvable') {
    say('Unsolvable: the puzzle has no solution.', 'bad');
  } else {
    st.diffs = ans.differences.map(cell);
    const n = ans.differences.length;
    say(`Not unique: two solutions differ in ${n} cell${n > 1 ? 's' : ''} (marked).`, 'bad');
    $('fig1').hidden = false;
    $('cap2').textContent = 'solution 2';
    render($('board1'), pz, { values: ans.values, bare: true, diffs: st.diffs, scale: 0.7 });
    render($('board2'), pz, { values: ans.second_values, bare: true, diffs: st.diffs, scale: 0.7 });
    $('compare').hidden = false;
  }
  redraw();
}

async function grade() {
  say('grading…');
  details();
  const g = await api('/api/grade', spec());
  const r = g.report;
  const band = g.band ? `, ${g.band}` : '';
  say(`Difficulty: ${g.status === 'solved' ? 'solved by the rules' : g.status}${band}; score ${r.score.toFixed(1)}, hardest rule ${r.max_rule || '—'} (level ${r.max_level}), trial depth ${r.trial_depth}; SAT: ${g.sat_status}.`, g.status === 'solved' ? 'good' : 'bad');
  const rows = Object.entries(r.rule_steps || {}).sort((a, b) => b[1] - a[1]);
  const table = h('table', {}, h('tr', {}, h('th', {}, 'rule'), h('th', {}, 'steps')),
    ...rows.map(([k, n]) => h('tr', {}, h('td', {}, k), h('td', {}, String(n)))));
  const steps = h('ol', {}, ...(g.steps || []).map((s) => {
    const li = h('li', { title: `${s.rule}, level ${s.level}` }, sentence(s.reason));
    li.addEventListener('click', () => {
      st.hint = hintView(s);
      redraw();
    });
    return li;
  }));
  details(h('p', {}, `${r.steps} steps in ${r.depth} layers, ${r.trials} trials, ${ms(g.ms)}. Click a step to see its cells.`), table, steps);
}

// ---- share and export ----

function copyRow(label, value, id) {
  const input = h('input', { id, value, readonly: '', class: 'link' });
  input.addEventListener('focus', () => input.select());
  const copy = button('Copy', async () => {
    try {
      await navigator.clipboard.writeText(value);
      copy.textContent = 'Copied';
    } catch {
      input.focus();
      input.select();
      document.execCommand?.('copy');
      copy.textContent = 'Selected: copy it';
    }
  }, { id: id + '-copy' });
  return h('div', { class: 'row share-row' }, h('span', { class: 'label' }, label), input, copy);
}

function share() {
  const plain = pageURL(false), full = pageURL(true);
  if (!plain) {
    say('This puzzle has no URL form.', 'bad');
    return;
  }
  details(h('h3', {}, 'Share'),
    copyRow('The puzzle', plain, 'share-plain'),
    copyRow('With your progress', full, 'share-progress'));
  say('A link opens the puzzle again; the second one carries your board too.');
}

function download(name, data, type) {
  const url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

// boardSVG is the board drawn, as a standalone SVG file: the drawing
// without the hit rectangles, the selection and the page's highlights.
function boardSVG() {
  const svg = $('board').cloneNode(true);
  svg.querySelector('g.layer-hit')?.remove();
  svg.querySelectorAll('.selected').forEach((e) => e.remove());
  const vb = svg.getAttribute('viewBox').split(' ').map(Number);
  svg.setAttribute('width', vb[2]);
  svg.setAttribute('height', vb[3]);
  svg.removeAttribute('style');
  svg.removeAttribute('tabindex');
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return { text: new XMLSerializer().serializeToString(svg), width: vb[2], height: vb[3] };
}

function fileBase() {
  const n = (st.mode === 'moves' ? st.moves.pz.name : st.pz.name) || '';
  const kind = st.mode === 'moves' ? st.moves.kind.name : st.pz.kind;
  return (kind + '-' + n).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-+$/, '') || 'puzzle';
}

// boardPNG is the board drawn as a PNG (a Blob), 3 px for each of the
// SVG's: the SVG drawn on a canvas (as a data: URL, which the server's
// Content-Security-Policy lets an image load).
async function boardPNG() {
  const { text, width, height } = boardSVG();
  const img = new Image();
  await new Promise((ok, bad) => {
    img.onload = ok;
    img.onerror = () => bad(new Error('the board could not be drawn as PNG'));
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
  });
  const k = 3;
  const canvas = h('canvas', { width: String(width * k), height: String(height * k) });
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((ok) => canvas.toBlob(ok, 'image/png'));
}

async function exportPNG() {
  download(fileBase() + '.png', await boardPNG());
}

// The pictures Export offers, for scripts (and the browser tests).
window.puzzlesat = { boardSVG: () => boardSVG().text, boardPNG };

function exportPanel() {
  const moves = st.mode === 'moves';
  const text = moves ? st.moves.pz.text : st.pz.text;
  const rows = [];
  if (!moves && st.pz.puzzlink) rows.push(copyRow('puzz.link', st.pz.puzzlink, 'export-puzzlink'));
  const u = pageURL(false);
  if (u) rows.push(copyRow('This page', u, 'export-url'));
  details(h('h3', {}, 'Export'), ...rows,
    h('div', { class: 'row' },
      button('Text (.txt)', () => download(fileBase() + '.txt', text, 'text/plain'), { id: 'export-text' }),
      button('Picture (SVG)', () => download(fileBase() + '.svg', boardSVG().text, 'image/svg+xml'), { id: 'export-svg' }),
      button('Picture (PNG)', () => exportPNG().catch(fail), { id: 'export-png' }),
      button('Print or PDF', () => window.print(), { id: 'export-print' })),
    h('p', { class: 'muted' }, 'Print or PDF prints the title and the board alone (choose "Save as PDF" as the printer); the picture of a solution or a hint comes from the command line: puzzlesat render FILE -o puzzle.pdf.'),
    h('pre', { id: 'export-canonical' }, text));
}

async function editThis() {
  const ans = await api('/api/edit/open', spec());
  const e = ans.edit;
  const ed = new Editor(e.kind, st.play.editor, e.rows, e.cols, e.layers);
  ed.name = st.pz.name && st.pz.name !== 'input' ? st.pz.name : '';
  edit(ed);
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
  st.editUndo = [];
  st.editRedo = [];
  st.editPending = null;
  editTitle();
  $('compare').hidden = true;
  $('goal').hidden = true;
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
  const rows = h('input', { id: 'edit-rows', type: 'number', min: '1', max: '30', value: String(editor.rows), 'aria-label': 'rows' });
  const cols = h('input', { id: 'edit-cols', type: 'number', min: '1', max: '30', value: String(editor.cols), 'aria-label': 'columns' });
  const name = h('input', { id: 'edit-name', placeholder: 'name', value: editor.name || '', 'aria-label': 'name of the puzzle', size: '12' });
  name.addEventListener('change', () => { editor.name = name.value.trim(); editTitle(); editChanged(); });
  bar.replaceChildren(...tools,
    button('Undo', undo, { id: 'undo', title: 'Ctrl+Z' }),
    button('Redo', redo, { id: 'redo', title: 'Ctrl+Y' }),
    button('Clear', () => { editRecordBefore(); editor.clear(); editChanged(); }, { id: 'edit-clear' }),
    button('Check uniqueness', () => editCheck().catch(fail), { id: 'edit-check' }),
    button('Play it', () => editPlay().catch(fail), { id: 'edit-play', class: 'primary' }));
  details(h('div', { class: 'row' }, h('label', {}, 'Name ', name),
    h('span', {}, 'Size'), rows, '×', cols,
    button('Resize', () => {
      editRecordBefore();
      editor.resize(Math.max(1, Math.min(30, +rows.value || editor.rows)), Math.max(1, Math.min(30, +cols.value || editor.cols)));
      editTitle();
      editChanged();
    }, { id: 'edit-resize' })));
  say('Draw the puzzle; its text is below. Check it, then play it.');
  redraw();
  editChanged();
}

function editTitle() {
  const e = st.editor;
  $('title').textContent = `drawing a ${e.rows}×${e.cols} ${e.kind}` + (e.name ? `: ${e.name}` : '');
}

// editRecordBefore keeps the drawing as it is before a change that may
// follow; editChanged records it for undo once the change is made.
function editRecordBefore() {
  st.editPending = st.editor.snapshot();
}

function editRecord() {
  st.editUndo.push(st.editPending || st.editor.snapshot());
  st.editPending = null;
  st.editRedo = [];
}

// editStep restores the editor's latest state of from, keeping the
// present one on to: undo is editStep(undo, redo), redo the reverse.
function editStep(from, to) {
  if (!from.length) return;
  to.push(st.editor.snapshot());
  st.editor.restore(from.pop());
  editTitle();
  editChanged(false);
}

function editUndo() { editStep(st.editUndo, st.editRedo); }

function editRedo() { editStep(st.editRedo, st.editUndo); }

// editChanged redraws the drawing and asks the server for the puzzle it
// makes; answers to older drawings are dropped. A change made since
// editRecordBefore is recorded for undo.
function editChanged(record = true) {
  if (record && st.editPending && st.editPending !== st.editor.snapshot()) editRecord();
  else if (record) st.editPending = null;
  redraw();
  editCompose().catch(fail);
}

// editCompose is the puzzle the drawing makes (POST /api/edit), shown:
// its board, or the tokens themselves while they make none.
async function editCompose() {
  const seq = ++st.editSeq;
  const ans = await api('/api/edit', { ...st.editor.edit(), name: st.editor.name || '' });
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
  const ans = await api('/api/check', { text: pz.text, kind: pz.kind, options: st.options });
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

// genKindChanged fills the generate panel from the kind's data: its
// bands, default size and limits, or a moves kind's puzzles to scramble.
function genKindChanged() {
  const k = st.kinds.get($('gen-kind').value);
  if (!k) return;
  const g = k.generate, m = k.moves;
  const bands = g ? g.bands : m ? m.bands : [];
  const band = $('gen-band');
  const was = band.value;
  band.replaceChildren(...bands.map((b) => h('option', { value: b }, b)));
  if (bands.includes(was)) band.value = was;
  for (const id of ['gen-rows', 'gen-cols']) {
    const e = $(id);
    e.hidden = !g;
    if (g) {
      e.max = String(g.max_side);
      e.value = String(id === 'gen-rows' ? g.rows : g.cols);
    }
  }
  $('gen-x').hidden = !g;
  const b = $('gen-builtin');
  b.hidden = !m;
  if (m) b.replaceChildren(...m.builtins.map((x) => h('option', { value: x }, x.replace('RxC', '3x3'))));
}

async function generate() {
  stopLong();
  const ctl = new AbortController();
  st.abort = ctl;
  const kind = st.kinds.get($('gen-kind').value);
  const seed = $('gen-seed').value.trim();
  if (seed && !/^[0-9]+$/.test(seed)) throw new Error('a seed is a whole number');
  const body = {
    kind: kind.name, difficulty: $('gen-band').value, seed, options: optionsOf(kind),
  };
  if (kind.generate) {
    body.rows = +$('gen-rows').value || 0;
    body.cols = +$('gen-cols').value || 0;
  } else {
    body.builtin = $('gen-builtin').value;
  }
  const stop = $('gen-stop');
  stop.onclick = () => ctl.abort();
  stop.hidden = false;
  const size = kind.generate ? ` ${body.rows}×${body.cols}` : '';
  say(`generating a ${body.difficulty}${size} ${body.kind}…`);
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
  $('gen-seed').value = String(ans.seed);
  if (!ans.board) {
    // A puzzle played by moves: opened from its text.
    await openMoves(kind, { text: ans.puzzle });
    say(`Generated: ${ans.difficulty}, optimum ${ans.report.steps} moves; seed ${ans.seed}, attempt ${ans.attempt}, ${ms(ans.ms)}.`, 'good');
    return;
  }
  play(ans.board);
  say(`Generated: ${ans.difficulty}, score ${ans.report.score.toFixed(1)}, hardest rule ${ans.report.max_rule || '—'}; seed ${ans.seed}, attempt ${ans.attempt}, ${ms(ans.ms)}.`, 'good');
}

// ---- puzzles played by moves ----

// openMoves opens a puzzle of kind k, played by moves through the
// endpoints its play data names.
async function openMoves(k, req, shared) {
  const ans = await api(k.play.api.parse, req);
  stopLong();
  st.mode = 'moves';
  const p = ans.puzzle;
  p.is_goal_now = p.is_goal;
  st.moves = { kind: k, pz: p, applied: [], state: p.state, prev: null };
  const tiles = p.picture.flat().filter((c) => c >= 0).length;
  $('title').textContent = title(k.name, p.name, `${tiles} tiles, ${p.moves.length} moves`);
  $('text').textContent = p.text;
  $('how').textContent = (k.play.how_to || '') + ' Drag a token along its row or column to move the line, or use the arrow keys on the line through the outlined token (⇧+arrow moves the outline); Ctrl+Z undoes.';
  $('compare').hidden = true;
  showFlags(null);
  const typed = h('input', { id: 'typed-moves', placeholder: 'moves, e.g. r1l c2u', size: '24' });
  typed.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') applyTyped().catch(fail); });
  $('toolbar').replaceChildren(
    h('div', { class: 'moves', id: 'move-buttons' }, ...p.moves.map((m) => button(m, () => applyMoves([m]).catch(fail), { 'data-move': m }))),
  );
  details(
    h('div', { class: 'row' }, typed, button('Apply', () => applyTyped().catch(fail), { id: 'apply-typed' }),
      button('Undo', () => movesUndo().catch(fail), { id: 'moves-undo' }), button('Reset', () => movesReset(), { id: 'moves-reset' }),
      button('Share', share, { id: 'share' }), button('Export', exportPanelMoves, { id: 'export' })),
    h('div', { class: 'row' },
      button('Shortest solution', () => movesSolve().catch(fail), { id: 'moves-solve', class: 'primary' }),
      h('select', { id: 'moves-method', title: 'how the shortest solution is proven' },
        h('option', { value: 'auto' }, 'fastest proof (exact search beside SAT)'),
        h('option', { value: 'sat' }, 'SAT, depth by depth')),
      button('Stop', () => stopLong(), { id: 'moves-stop' })),
    h('div', { id: 'moves-extra' }),
    h('div', { id: 'moves-progress' }),
  );
  setURL();
  const saved = shared?.m ? shared : loadProgress();
  if (Array.isArray(saved?.m) && saved.m.length && saved.m.every((m) => p.moves.includes(m))) {
    await applyMoves(saved.m);
    return;
  }
  movesDraw();
}

function exportPanelMoves() {
  exportPanel();
  $('details').prepend(button('Back to the moves', () => openMoves(st.moves.kind, { text: st.moves.pz.text }, { m: st.moves.applied }).catch(fail)));
}

function movesDraw() {
  const s = st.moves;
  renderMoves($('board'), s.pz, s.state, changedCells(s.prev, s.state));
  movesCursor();
  goalDraw();
  const moves = s.applied.length ? `after ${s.applied.length} move${s.applied.length > 1 ? 's' : ''}: ${s.applied.join(' ')}` : 'the start';
  if (s.pz.is_goal_now) say(`Goal reached ${moves}.`, 'good');
  else say(`Showing ${moves}. Goal: ${goalText(s.pz)}.`);
}

// goalDraw draws the goal beside the board: the target picture, and each
// line sum as it stands against its total.
function goalDraw() {
  const s = st.moves, goal = s.pz.goal;
  $('compare').hidden = true;
  const box = $('goal');
  const parts = [];
  if (goal.target) {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.id = 'goal-target';
    renderMoves(svg, s.pz, goal.target, [], 0.75);
    parts.push(h('figure', {}, h('figcaption', {}, 'target'), svg));
  }
  if (goal.sums?.length) {
    const num = (c) => Number(s.pz.values[s.state[c]]);
    const items = goal.sums.map((x) => {
      const now = x.cells.reduce((a, c) => a + num(c), 0);
      const names = x.cells.map((c) => s.pz.cell_names?.[c] || c);
      const ok = now === x.total;
      return h('li', { class: ok ? 'sum-ok' : 'sum-off', title: names.join(' + ') },
        `${names[0]}–${names[names.length - 1]}: ${x.cells.map((c) => s.pz.values[s.state[c]]).join('+')} = ${now}`, h('b', {}, ok ? ' ✓' : ` ≠ ${x.total}`));
    });
    const ok = items.filter((li) => li.className === 'sum-ok').length;
    parts.push(h('div', { id: 'goal-sums' }, h('figcaption', {}, `line sums: ${ok} of ${items.length} right`), h('ul', {}, ...items)));
  }
  box.replaceChildren(...parts);
  box.hidden = parts.length === 0;
}

async function applyMoves(moves) {
  const s = st.moves;
  const applied = s.applied.concat(moves);
  const ans = await api(s.kind.play.api.apply, { text: s.pz.text, moves: applied });
  s.prev = s.state;
  s.applied = applied;
  s.state = ans.values[ans.values.length - 1];
  s.pz.is_goal_now = ans.goal;
  saveProgress();
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
  else { s.pz.is_goal_now = s.pz.is_goal; s.prev = null; saveProgress(); movesDraw(); }
}

function movesReset() {
  const s = st.moves;
  s.applied = [];
  s.prev = null;
  s.state = s.pz.start;
  s.pz.is_goal_now = s.pz.is_goal;
  saveProgress();
  movesDraw();
}

// A drag from one token to another along a picture line applies the
// moves that turn that line (rNl/rNr for rows, cNu/cNd for columns, as
// many as the distance), when the puzzle has them.
const drag = { from: null };

function tokenAt(ev) {
  const t = document.elementFromPoint(ev.clientX, ev.clientY);
  const el = t?.closest?.('#board [data-cell]') || ev.target.closest?.('#board [data-cell]');
  if (!el) return null;
  const cell = +el.dataset.cell;
  const pic = st.moves.pz.picture;
  for (let r = 0; r < pic.length; r++) {
    const c = pic[r].indexOf(cell);
    if (c >= 0) return { row: r, col: c };
  }
  return null;
}

function movesDown(ev) {
  drag.from = tokenAt(ev);
  if (drag.from) {
    st.moves.cursor = drag.from;
    movesCursor();
  }
  if (drag.from) ev.preventDefault();
}

function movesUp(ev) {
  const from = drag.from;
  drag.from = null;
  const to = from && tokenAt(ev);
  if (!to) return;
  const dr = to.row - from.row, dc = to.col - from.col;
  let name, n;
  if (dr === 0 && dc !== 0) {
    name = `r${from.row + 1}${dc < 0 ? 'l' : 'r'}`; n = Math.abs(dc);
  } else if (dc === 0 && dr !== 0) {
    name = `c${from.col + 1}${dr < 0 ? 'u' : 'd'}`; n = Math.abs(dr);
  } else return;
  if (!st.moves.pz.moves.includes(name)) {
    say(`No move ${name} in this puzzle.`, 'bad');
    return;
  }
  applyMoves(Array(n).fill(name)).catch(fail);
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
      const how = ans.proof === 'search' ? `proven shortest by the exact search (${ms(ans.ms)})` : `every shorter length refuted by SAT (${ans.solver}, ${ms(ans.ms)})`;
      say(`Shortest solution: ${ans.moves.length} moves (${ans.moves.join(' ') || 'none needed'}); ${how}.`, 'good');
      box.append(h('div', { class: 'row' }, button('Play the solution', () => playSolution(ans.moves).catch(fail), { id: 'play-solution' })));
    } else if (ans.status === 'no-solution-within') {
      say(`No solution within ${ans.max_steps} moves.`, 'bad');
    } else {
      say(`Stopped before an answer: no solution shorter than ${ans.proved_lower_bound} moves.`, 'bad');
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
