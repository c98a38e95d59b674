// static.js makes the playground's page work with no server (the static
// build, make site): it defines puzzlesatFetch, which api.js's api() calls
// instead of fetch, and which answers each request to /api/ in a Web Worker
// (worker.js) running the API compiled to WebAssembly, as a Response just
// like the server's (JSON, or server-sent events streamed as they come).
// No request to /api/ leaves the page. A request's AbortSignal, the
// server's time limit and a Cancel button shown beside "working…" on long
// work end it by terminating its worker; a fresh one takes its place.
// Workers run one request at a time, a few at once.
(() => {
  'use strict';
  window.PUZZLESAT_STATIC = true;

  // The native server's default request limit (serve.DefaultTimeout); the
  // WebAssembly cannot stop a search on its own in time (it runs on one
  // thread), so the page stops it.
  const timeoutMs = 60_000;
  const max = Math.max(2, Math.min(4, navigator.hardwareConcurrency || 2));

  let compiled;
  function wasmModule() {
    if (!compiled) {
      const get = () => fetch('puzzlesat.wasm').then((r) => {
        if (!r.ok) throw new Error(`puzzlesat.wasm: ${r.status} ${r.statusText}`);
        return r;
      });
      // Streaming compilation needs the server to say application/wasm;
      // without it, compile the bytes.
      compiled = WebAssembly.compileStreaming(get())
        .catch(() => get().then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)));
      compiled.catch(() => { compiled = undefined; });
    }
    return compiled;
  }

  const idle = [];
  const waiting = [];
  let running = 0;

  function spawn() {
    const w = new Worker('worker.js');
    running++;
    wasmModule().then((module) => w.postMessage({ module }), (err) => w.postMessage({ failed: err.message }));
    return w;
  }

  function acquire() {
    if (idle.length) return Promise.resolve(idle.pop());
    if (running < max) return Promise.resolve(spawn());
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(w) {
    const next = waiting.shift();
    if (next) next(w);
    else idle.push(w);
  }

  function discard(w) {
    w.terminate();
    running--;
    const next = waiting.shift();
    if (next) next(spawn());
  }

  // The requests under way, by their abort. Once one has run for a
  // second, a Cancel button beside the page's "working…" stops them all
  // (each answers as a stopped request: an AbortError).
  const inflight = new Set();
  let cancel;
  let showing;
  function cancelButton() {
    if (!cancel) {
      cancel = document.createElement('button');
      cancel.id = 'static-cancel';
      cancel.textContent = 'Cancel';
      cancel.title = 'stop the work under way (it runs in this browser)';
      cancel.hidden = true;
      // Small enough not to grow the header it joins.
      cancel.style.cssText = 'margin-left: .6em; padding: 0 .6em; font-size: .8em; line-height: 1.4';
      cancel.onclick = () => { for (const stop of [...inflight]) stop(); };
      const busy = document.getElementById('busy');
      if (busy) busy.after(cancel);
      else document.body.append(cancel);
    }
    return cancel;
  }
  function track(stop) {
    inflight.add(stop);
    if (!showing) showing = setTimeout(() => { if (inflight.size) cancelButton().hidden = false; }, 1000);
    return () => {
      inflight.delete(stop);
      if (inflight.size === 0) {
        clearTimeout(showing);
        showing = undefined;
        if (cancel) cancel.hidden = true;
      }
    };
  }

  const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
  const enc = new TextEncoder();

  // puzzlesatFetch(path, {method, headers, body, signal}) is fetch for the
  // API: it resolves to a Response once the answer's status is known.
  window.puzzlesatFetch = async function puzzlesatFetch(path, opt = {}) {
    const { signal } = opt;
    if (signal?.aborted) throw aborted();
    const w = await acquire();
    if (signal?.aborted) {
      release(w);
      throw aborted();
    }
    return new Promise((resolve, reject) => {
      let body;
      let headed = false;
      const stream = new ReadableStream({ start(c) { body = c; } });
      const head = (status, type) => {
        headed = true;
        resolve(new Response(stream, { status, headers: { 'Content-Type': type } }));
      };
      let done = false;
      const finish = (keep) => {
        if (done) return false;
        done = true;
        untrack();
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        w.onmessage = null;
        w.onerror = null;
        if (keep) release(w);
        else discard(w);
        return true;
      };
      // fail ends the answer with an error, as the server would say it.
      const fail = (status, error) => {
        if (!headed) {
          head(status, 'application/json');
          body.enqueue(enc.encode(JSON.stringify({ error })));
        } else {
          body.enqueue(enc.encode(`event: error\ndata: ${JSON.stringify({ error, status })}\n\n`));
        }
        body.close();
      };
      const onAbort = () => {
        if (!finish(false)) return;
        if (headed) body.error(aborted());
        else reject(aborted());
      };
      const untrack = track(onAbort);
      const timer = setTimeout(() => {
        if (finish(false)) fail(503, `timed out after ${timeoutMs / 1000} s (the static build's limit)`);
      }, timeoutMs);
      signal?.addEventListener('abort', onAbort);
      w.onmessage = (e) => {
        const m = e.data;
        if (m.kind === 'head') head(m.status, m.type);
        else if (m.kind === 'chunk') body.enqueue(enc.encode(m.data));
        else if (m.kind === 'end') {
          finish(true);
          body.close();
        } else if (m.kind === 'error' && finish(false)) {
          fail(500, m.error);
        }
      };
      w.onerror = (e) => {
        e.preventDefault();
        if (finish(false)) fail(500, `the playground's worker failed: ${e.message}`);
      };
      const headers = opt.headers || {};
      w.postMessage({ method: opt.method || 'GET', path, body: opt.body || '', accept: headers.Accept || headers.accept || '' });
    });
  };

  // Start the first worker while the page loads.
  idle.push(spawn());
})();
