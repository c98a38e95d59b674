// edit.js: drawing a new puzzle (the editor of editor.js), with undo, and
// the puzzle it makes.

import { prepare, render } from './board.js';
import { Editor } from './editor.js';
import { $, button, details, fail, h, ms, rc, say } from './dom.js';
import { playOf, spec, st, stopLong } from './state.js';
import { api } from './api.js';
import { play } from './play.js';
import { showCheck } from './hints.js';
import { zoomControls } from './zoom.js';

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
  st.editMarks = null;
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
      editRedraw();
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
    button('Undo', editUndo, { id: 'undo', title: 'Ctrl+Z' }),
    button('Redo', editRedo, { id: 'redo', title: 'Ctrl+Y' }),
    button('Clear', () => { editRecordBefore(); editor.clear(); editChanged(); }, { id: 'edit-clear' }),
    button('Check uniqueness', () => editCheck().catch(fail), { id: 'edit-check' }),
    button('Clues that can go', () => editMinimize().catch(fail), { id: 'edit-minimize', title: 'mark a largest set of clues found that can go together, the puzzle staying unique' }),
    button('Make unique', () => editRepair().catch(fail), { id: 'edit-repair', title: 'mark the fewest clues of a solution that make the puzzle unique, or the clues in conflict' }),
    button('Apply', () => editApply().catch(fail), { id: 'edit-apply', disabled: '', title: 'make the edit marked' }),
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
  editRedraw();
  editChanged();
}

// editRedraw draws the drawing: the puzzle it makes (or its tokens), the
// region of the tool, the marks of a proof, and the toolbar's state.
function editRedraw() {
  if (st.mode !== 'edit' || !st.editView) return;
  const v = st.editView;
  const m = editMarks();
  render($('board'), m?.board || v.board, {
    values: m?.board ? null : v.values, bare: true, diffs: st.diffs, selected: st.editor.selected, shade: st.editor.shade(st.tool),
    marks: m?.marks,
  });
  zoomControls();
  const ea = $('edit-apply');
  if (ea) {
    ea.disabled = !m?.puzzle;
    ea.textContent = m?.apply || 'Apply';
  }
  if ($('undo')) $('undo').disabled = !st.editUndo.length;
  if ($('redo')) $('redo').disabled = !st.editRedo.length;
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
  editRedraw();
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
  editRedraw();
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
  editRedraw();
}

async function editPlay() {
  const pz = await editParse();
  play(pz);
}

// The editor's proofs on the drawing: the clues that can go together
// (POST /api/minimize), the clues of a solution that make it unique and
// the clues in conflict of an unsolvable one (POST /api/repair). They are
// marked on the board while the drawing stays as it was asked about
// (st.editMarks, keyed by its editSeq), and Apply makes the edit.

// editMarks is the marks of the drawing as it is: {marks, board, puzzle},
// or null once it changed.
export function editMarks() {
  const m = st.editMarks;
  return m && m.seq === st.editSeq ? m : null;
}

// clueList names clues as the command line does: "3 r5c3, dot r1c2".
const clueList = (cs) => cs.map((c) => `${c.label} ${rc(c.cell)}`).join(', ');
const marksOf = (cs, how) => cs.map((c) => ({ row: c.cell.row - 1, col: c.cell.col - 1, how }));

// editAsk parses the drawing and asks path about it; the answer, with the
// drawing's editSeq, or null when it changed meanwhile.
async function editAsk(path, doing) {
  const pz = await editParse();
  const seq = st.editSeq;
  st.editMarks = null;
  say(doing);
  const ans = await api(path, { text: pz.text, kind: pz.kind, options: st.options });
  if (seq !== st.editSeq || st.mode !== 'edit') return null;
  return { ans, seq, pz };
}

async function editMinimize() {
  let got;
  try {
    got = await editAsk('/api/minimize', 'minimizing: each removal proven by SAT…');
  } catch (err) {
    // A puzzle with several solutions (or none) has no clue to spare.
    if (!/not unique/.test(err.message)) throw err;
    const why = err.message.replace(/:.*/, '');
    say(`${why[0].toUpperCase()}${why.slice(1)}: no clue can go. Make unique finds the clues it needs.`, 'bad');
    return;
  }
  if (!got) return;
  const { ans, seq } = got;
  const gone = ans.removed || [];
  const proofs = `SAT, ${ans.proofs} proofs, ${ms(ans.ms)}`;
  if (!gone.length) {
    say(`No clue can go: the puzzle is unique and each of its ${ans.clues} clues is needed (${proofs}).`, 'good');
  } else {
    st.editMarks = { seq, marks: marksOf(gone, 'remove'), puzzle: ans.puzzle, apply: gone.length > 1 ? 'Remove them' : 'Remove it', done: 'removed' };
    say(`${gone.length} of ${ans.clues} clues can go together (struck through), the puzzle staying unique: ${clueList(gone)}. No other clue can go as well (${proofs}).`, 'good');
  }
  editRedraw();
}

async function editRepair() {
  const got = await editAsk('/api/repair', 'repairing: each clue proven by SAT…');
  if (!got) return;
  const { ans, seq, pz } = got;
  const proofs = `SAT, ${ans.proofs} proofs, ${ms(ans.ms)}`;
  switch (ans.status) {
    case 'conflict': {
      const cs = ans.conflict || [];
      st.editMarks = { seq, marks: marksOf(cs, 'conflict') };
      if (cs.length === 1) say(`Unsolvable: this clue contradicts the rules on its own (marked): ${clueList(cs)} (${proofs}).`, 'bad');
      else if (cs.length) say(`Unsolvable: these ${cs.length} clues contradict each other (marked); none of them can go with the contradiction staying: ${clueList(cs)} (${proofs}).`, 'bad');
      else say(`Unsolvable without any of its clues: the grid itself contradicts the rules (${proofs}).`, 'bad');
      break;
    }
    case 'no-repair':
      say(`No repair: with every clue its solution gives, the puzzle still has several solutions (${proofs}).`, 'bad');
      break;
    default: {
      const add = ans.added || [];
      if (!add.length) {
        say(`Unique already: nothing to add (${proofs}).`, 'good');
        break;
      }
      // The repaired puzzle is shown, its new clues framed, until Apply
      // keeps it or the drawing changes.
      const parsed = await api('/api/parse', { text: ans.puzzle, kind: pz.kind, options: st.options });
      if (seq !== st.editSeq || st.mode !== 'edit') return;
      st.editMarks = { seq, marks: marksOf(add, 'add'), board: prepare(parsed.puzzle), puzzle: ans.puzzle, apply: add.length > 1 ? 'Add them' : 'Add it', done: 'added' };
      say(`${add.length} clue${add.length > 1 ? 's' : ''} from the ${ans.from} solution make${add.length > 1 ? '' : 's'} it unique (framed): ${clueList(add)}; band ${ans.band || '—'}. ${/minimum/.test(ans.method) && !/not proven minimum/.test(ans.method) ? 'No fewer clues of that solution do' : 'None of them can go alone'} (${proofs}).`, 'good');
    }
  }
  editRedraw();
}

// editApply makes the edit marked: the edited puzzle opened as the
// drawing (POST /api/edit/open), one step of undo.
async function editApply() {
  const m = editMarks();
  if (!m?.puzzle) return;
  const ans = await api('/api/edit/open', { text: m.puzzle, kind: st.editor.kind, options: st.options });
  if (m !== editMarks()) return;
  editRecordBefore();
  st.editor.layers = ans.edit.layers;
  st.editMarks = null;
  say(`${m.marks.length} clue${m.marks.length > 1 ? 's' : ''} ${m.done}; Undo takes ${m.marks.length > 1 ? 'them' : 'it'} back.`);
  editChanged();
}
