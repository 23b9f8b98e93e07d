// MD5 (RFC 1321) of a UTF-8 string, lower-case hex. Self-contained and browser-safe because the
// console hashes passwords client-side before sending them (SPEC); not for anything security-bearing.

// Per-round left-rotate amounts and the sine-derived constants K[i] = floor(|sin(i+1)| * 2^32).
const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

export function md5(input: string): string {
  const msg = new TextEncoder().encode(input);
  // Pad: 0x80, zeros to 56 mod 64, then the bit length as 64-bit little-endian.
  const total = (((msg.length + 8) >>> 6) + 1) << 6;
  const buf = new Uint8Array(total);
  buf.set(msg);
  buf[msg.length] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(total - 8, (msg.length << 3) >>> 0, true);
  view.setUint32(total - 4, Math.floor(msg.length / 0x20000000), true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89 | 0;
  let c0 = 0x98badcfe | 0;
  let d0 = 0x10325476;
  const M = new Int32Array(16);
  for (let off = 0; off < total; off += 64) {
    for (let j = 0; j < 16; j++) M[j] = view.getInt32(off + j * 4, true);
    let a = a0,
      b = b0,
      c = c0,
      d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) [f, g] = [(b & c) | (~b & d), i];
      else if (i < 32) [f, g] = [(d & b) | (~d & c), (5 * i + 1) & 15];
      else if (i < 48) [f, g] = [b ^ c ^ d, (3 * i + 5) & 15];
      else [f, g] = [c ^ (b | ~d), (7 * i) & 15];
      const x = (a + f + (K[i] as number) + (M[g] as number)) | 0;
      const s = S[(i >>> 4) * 4 + (i & 3)] as number;
      a = d;
      d = c;
      c = b;
      b = (b + ((x << s) | (x >>> (32 - s)))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  const out = new DataView(new ArrayBuffer(16));
  [a0, b0, c0, d0].forEach((w, i) => out.setInt32(i * 4, w, true));
  let hex = '';
  for (let i = 0; i < 16; i++) hex += out.getUint8(i).toString(16).padStart(2, '0');
  return hex;
}
