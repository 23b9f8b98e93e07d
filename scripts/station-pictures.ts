// Renders the station card pictures scripts/station-pictures/*.svg to public/img/stations/*.webp
// (640×360, WebP 0.82). Run when a source SVG changes: npx tsx scripts/station-pictures.ts
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { launch } from '../tests/e2e/helpers/browser';

const SRC = new URL('./station-pictures/', import.meta.url);
const OUT = new URL('../public/img/stations/', import.meta.url);
const [W, H] = [640, 360];

mkdirSync(OUT, { recursive: true });
const browser = await launch([]);
try {
  const page = await browser.newPage();
  await page.setContent(`<canvas width="${W}" height="${H}"></canvas>`);
  for (const file of readdirSync(SRC)
    .filter((f) => f.endsWith('.svg'))
    .sort()) {
    const svg = readFileSync(new URL(file, SRC), 'utf8');
    const dataUrl = await page.evaluate(
      async ({ svg, w, h }) => {
        const img = new Image();
        img.src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
        await img.decode();
        const canvas = document.querySelector('canvas') as HTMLCanvasElement;
        const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
        ctx.clearRect(0, 0, w, h);
        ctx.drawImage(img, 0, 0, w, h);
        return canvas.toDataURL('image/webp', 0.82);
      },
      { svg, w: W, h: H },
    );
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const name = file.replace(/\.svg$/, '.webp');
    writeFileSync(new URL(name, OUT), bytes);
    console.log(`${name} ${bytes.length} B`);
  }
} finally {
  await browser.close();
}
