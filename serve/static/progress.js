// progress.js: the page's address for the puzzle shown, and the player's
// progress kept by the browser and carried by shared links.

import { $ } from './dom.js';
import { st } from './state.js';

// pageURL is the address that opens the puzzle shown (with progress: the
// board too).
export function pageURL(progress) {
  const u = st.mode === 'moves' ? st.moves.pz.url : st.pz?.url;
  if (!u) return '';
  let s = `${location.origin}${location.pathname}?${u}`;
  if (progress) {
    const p = st.mode === 'moves' ? { m: st.moves.applied } : { v: st.values, x: [...st.struck] };
    s += '#p=' + encodeProgress(p);
  }
  return s;
}

export function setURL() {
  const u = pageURL(false);
  if (u) history.replaceState(null, '', u);
}

function encodeProgress(p) {
  const bytes = new TextEncoder().encode(JSON.stringify(p));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeProgress(s) {
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

export const MAX_UNDO = 300;

export function saveProgress() {
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

export function loadProgress() {
  try {
    return JSON.parse(localStorage.getItem(storeKey()) || 'null');
  } catch {
    return null;
  }
}

// validValues keeps a stored board only when it fits the puzzle.
export function validValues(v) {
  return Array.isArray(v) && v.length === st.pz.vars.length &&
    v.every((x, i) => Number.isInteger(x) && x >= -1 && x < st.pz.vars[i].domain.length);
}

export function restore(p) {
  if (!p || !validValues(p.v)) return false;
  st.values = p.v.map((x, i) => (st.pz.fixed[i] >= 0 ? st.pz.fixed[i] : x));
  st.struck = new Set((p.x || []).filter((k) => typeof k === 'string'));
  const snap = (u) => (u && validValues(u.v) ? { values: u.v, struck: new Set(u.x || []) } : null);
  st.undo = (p.u || []).map(snap).filter(Boolean);
  st.redo = (p.r || []).map(snap).filter(Boolean);
  return true;
}
