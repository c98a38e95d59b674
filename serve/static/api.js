// api.js: requests to the JSON API, plain or as server-sent events.

import { $ } from './dom.js';

let busyCount = 0;
function busy(d) {
  busyCount += d;
  $('busy').hidden = busyCount === 0;
}

// api POSTs body as JSON (GET without one) and returns the answer; an error
// answer throws its message. With onEvent the answer is read as server-sent
// events, each passed on, and the "result" event's value returned.
export async function api(path, body, { signal, onEvent } = {}) {
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
