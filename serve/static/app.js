// app.js is the playground's entry: it loads the kinds and examples, wires
// the controls and opens puzzles. The page opens, draws, plays, checks and
// generates puzzles through the JSON API (see `go doc
// github.com/puzzlesat/puzzlesat/serve`) and solves puzzles played by moves
// with a live view of the proof, one concern a module. Every import runs
// down these floors, from this one (serve's TestPageModulesRunDown holds
// them to it):
//
//	app.js                   the entry: the controls wired, puzzles opened
//	input.js                 the pointer and the keyboard on the board
//	edit.js, generate.js     drawing a puzzle; the Generate panel
//	hints.js, playmoves.js   the solvers asked about a game; puzzles played by moves
//	play.js, share.js        a game of cells in progress; Share and Export
//	progress.js              the address and the progress kept
//	state.js, api.js,        the page's state; the API; a puzzle of moves
//	moves.js, zoom.js        drawn; zooming a fine board
//	dom.js, board.js,        the DOM's helpers; a board drawn; a drawing's
//	editor.js                model
//
// A lower module that must start a higher one's action is handed it as a
// callback: play.js its toolbar's buttons (setPlayTools, here), state.js's
// showFlags what a changed option does (play.js's reparse). What a kind
// is — how it is drawn, how a click or a key plays it, its editor — is
// data: its display list (board.js) and its play data from /api/kinds.

import { $, button, fail, h, say } from './dom.js';
import { movesKinds, st } from './state.js';
import { api } from './api.js';
import { decodeProgress } from './progress.js';
import { exportPanel, share } from './share.js';
import { clearBoard, play, redo, setPlayTools, toggleCands, toggleCheckSol, togglePencil, undo } from './play.js';
import { applyHint, autocomplete, check, grade, hint } from './hints.js';
import { onDown, onGlobalKey, onKey, onMove, onUp, press } from './input.js';
import { editChanged, editThis, newPuzzle } from './edit.js';
import { generate, genKindChanged } from './generate.js';
import { openMoves } from './playmoves.js';
import { initZoom } from './zoom.js';

// playTools are the toolbar's buttons while a puzzle of cells is played:
// the solvers' (hints.js), the game's own (play.js), Share and Export,
// and Edit when its kind has an editor.
function playTools() {
  const bar = [
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
  ];
  if (st.play.editor) bar.push(button('Edit', () => editThis().catch(fail), { id: 'edit' }));
  return bar;
}

async function start() {
  setPlayTools(playTools);
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
  initZoom(() => { clearTimeout(press.timer); press.at = null; });
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

start().catch(fail);
