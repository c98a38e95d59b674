// edit.js: drawing a new puzzle (the editor of editor.js), with undo, and
// the puzzle it makes.

import { prepare } from './board.js';
import { Editor } from './editor.js';
import { $, button, details, fail, h, say } from './dom.js';
import { playOf, spec, st } from './state.js';
import { api } from './api.js';
import { play, redo, redraw, undo } from './play.js';
import { showCheck } from './hints.js';
import { stopLong } from './generate.js';

export async function editThis() {
  const ans = await api('/api/edit/open', spec());
  const e = ans.edit;
  const ed = new Editor(e.kind, st.play.editor, e.rows, e.cols, e.layers);
  ed.name = st.pz.name && st.pz.name !== 'input' ? st.pz.name : '';
  edit(ed);
}

export function newPuzzle() {
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
export function editRecordBefore() {
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

export function editUndo() { editStep(st.editUndo, st.editRedo); }

export function editRedo() { editStep(st.editRedo, st.editUndo); }

// editChanged redraws the drawing and asks the server for the puzzle it
// makes; answers to older drawings are dropped. A change made since
// editRecordBefore is recorded for undo.
export function editChanged(record = true) {
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
