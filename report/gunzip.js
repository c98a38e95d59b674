// gunzipSync is the text gzipped in b (RFC 1952 around RFC 1951's deflate),
// inflated synchronously, after zlib's puff.c.
function gunzipSync(b) {
  var pos = 10, flg = b[3];
  if (flg & 4) pos += 2 + (b[10] | b[11] << 8);
  if (flg & 8) while (b[pos++]) {}
  if (flg & 16) while (b[pos++]) {}
  if (flg & 2) pos += 2;
  var out = new Uint8Array(Math.max(1024, b.length * 8)), n = 0, buf = 0, cnt = 0;
  function put(x) {
    if (n === out.length) { var o = new Uint8Array(out.length * 2); o.set(out); out = o; }
    out[n++] = x;
  }
  function bits(k) {
    while (cnt < k) { if (pos >= b.length) throw new Error('gzip: cut short'); buf |= b[pos++] << cnt; cnt += 8; }
    var v = buf & ((1 << k) - 1);
    buf >>>= k; cnt -= k;
    return v;
  }
  // A canonical Huffman code from its code lengths: counts by length, symbols in code order.
  function code(lengths) {
    var count = new Uint16Array(16), offs = new Uint16Array(16), sym = new Uint16Array(lengths.length), i;
    for (i = 0; i < lengths.length; i++) count[lengths[i]]++;
    count[0] = 0;
    for (i = 1; i < 16; i++) offs[i] = offs[i - 1] + count[i - 1];
    for (i = 0; i < lengths.length; i++) if (lengths[i]) sym[offs[lengths[i]]++] = i;
    return { count: count, sym: sym };
  }
  function decode(h) {
    var c = 0, first = 0, index = 0;
    for (var len = 1; len < 16; len++) {
      c |= bits(1);
      var k = h.count[len];
      if (c - k < first) return h.sym[index + (c - first)];
      index += k; first = (first + k) << 1; c <<= 1;
    }
    throw new Error('gzip: bad code');
  }
  var LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258],
    LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0],
    DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577],
    DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13],
    ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
  var last, i;
  do {
    last = bits(1);
    var type = bits(2), lit, dist;
    if (type === 0) {
      buf = 0; cnt = 0; // to the byte boundary
      var len = b[pos] | b[pos + 1] << 8;
      pos += 4;
      if (pos + len > b.length) throw new Error('gzip: cut short');
      for (i = 0; i < len; i++) put(b[pos++]);
      continue;
    }
    if (type === 1) {
      var fl = [];
      for (i = 0; i < 288; i++) fl.push(i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8);
      var fd = [];
      for (i = 0; i < 30; i++) fd.push(5);
      lit = code(fl); dist = code(fd);
    } else if (type === 2) {
      var nlen = bits(5) + 257, ndist = bits(5) + 1, ncode = bits(4) + 4, cl = [];
      for (i = 0; i < 19; i++) cl.push(0);
      for (i = 0; i < ncode; i++) cl[ORDER[i]] = bits(3);
      var clc = code(cl), lengths = [];
      while (lengths.length < nlen + ndist) {
        var sym = decode(clc), rep = 0, val = 0;
        if (sym < 16) { lengths.push(sym); continue; }
        if (sym === 16) { val = lengths[lengths.length - 1]; rep = 3 + bits(2); }
        else if (sym === 17) rep = 3 + bits(3);
        else rep = 11 + bits(7);
        while (rep--) lengths.push(val);
      }
      lit = code(lengths.slice(0, nlen)); dist = code(lengths.slice(nlen));
    } else {
      throw new Error('gzip: bad block type');
    }
    for (;;) {
      var s = decode(lit);
      if (s < 256) { put(s); continue; }
      if (s === 256) break;
      s -= 257;
      var l = LBASE[s] + bits(LEXT[s]), ds = decode(dist), from = n - (DBASE[ds] + bits(DEXT[ds]));
      if (from < 0) throw new Error('gzip: distance too far');
      for (i = 0; i < l; i++) put(out[from + i]);
    }
  } while (!last);
  return new TextDecoder().decode(out.subarray(0, n));
}
