// Generates the four alarm-category sounds (SPEC §4) as small mono 16-bit WAV files in
// public/sounds/. Run: npx tsx src/tools/synth-sounds.ts. Not part of the bundle.
import { mkdirSync, writeFileSync } from 'node:fs';

const RATE = 11025;
type Tone = { f0: number; f1?: number; start: number; dur: number; shape?: 'sine' | 'square' };

function render(tones: Tone[], total: number): Int16Array {
  const out = new Float32Array(Math.round(total * RATE));
  for (const t of tones) {
    const n = Math.round(t.dur * RATE);
    const off = Math.round(t.start * RATE);
    let phase = 0;
    for (let i = 0; i < n && off + i < out.length; i++) {
      const p = i / n;
      const f = t.f0 + ((t.f1 ?? t.f0) - t.f0) * p;
      phase += (2 * Math.PI * f) / RATE;
      const env = Math.min(1, i / (0.01 * RATE)) * Math.min(1, (n - i) / (0.03 * RATE));
      const s = t.shape === 'square' ? Math.sign(Math.sin(phase)) * 0.35 : Math.sin(phase);
      out[off + i]! += s * env * 0.6;
    }
  }
  return Int16Array.from(out, (x) => Math.max(-1, Math.min(1, x)) * 32767);
}

function wav(samples: Int16Array): Buffer {
  const b = Buffer.alloc(44 + samples.length * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples.length * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(RATE, 24);
  b.writeUInt32LE(RATE * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples.length * 2, 40);
  Buffer.from(samples.buffer).copy(b, 44);
  return b;
}

const sounds: Record<string, { tones: Tone[]; total: number }> = {
  // event: one soft two-note chime
  event: {
    tones: [
      { f0: 784, start: 0, dur: 0.18 },
      { f0: 1047, start: 0.16, dur: 0.3 },
    ],
    total: 0.5,
  },
  // protection: two alternating tones, twice
  protection: { tones: [0, 1, 2, 3].map((i) => ({ f0: i % 2 ? 988 : 659, start: i * 0.2, dur: 0.18 })), total: 0.85 },
  // alarm: three short square beeps
  alarm: { tones: [0, 1, 2].map((i) => ({ f0: 1200, start: i * 0.22, dur: 0.14, shape: 'square' as const })), total: 0.7 },
  // fault: a rising-falling siren sweep
  fault: {
    tones: [
      { f0: 450, f1: 900, start: 0, dur: 0.55 },
      { f0: 900, f1: 450, start: 0.55, dur: 0.55 },
    ],
    total: 1.15,
  },
};

const dir = new URL('../../public/sounds/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const [name, s] of Object.entries(sounds)) {
  const buf = wav(render(s.tones, s.total));
  writeFileSync(new URL(`${name}.wav`, dir), buf);
  console.log(`public/sounds/${name}.wav ${buf.length} bytes`);
}
