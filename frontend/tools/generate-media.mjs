/* global document, AudioContext, MediaRecorder, requestAnimationFrame -- the page functions run in the browser */
// Generates the app icons (public/icons/*.png) and the default welcome clip (media/welcome-video.webm) by drawing
// on a canvas in headless Chromium: `node frontend/tools/generate-media.mjs` (needs /usr/bin/chromium).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const FRONTEND = join(dirname(fileURLToPath(import.meta.url)), '..');
const NAME = 'Task Portal';
const BRAND = '#1f6feb';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
const page = await browser.newPage();
await page.setContent('<!doctype html><html><body></body></html>');

/** The mark: a rounded square in the brand colour with a white check inside a task card. */
const icons = await page.evaluate(({ brand }) => {
  function draw(size, maskable) {
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    const s = size / 512;
    ctx.fillStyle = brand;
    if (maskable) {
      ctx.fillRect(0, 0, size, size);
    } else {
      ctx.beginPath();
      ctx.roundRect(0, 0, size, size, 112 * s);
      ctx.fill();
    }
    // Within the maskable safe zone (the central 80 %).
    const inset = maskable ? 0.2 : 0.12;
    const box = size * (1 - inset * 2);
    const x0 = size * inset;
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.roundRect(x0 + box * 0.12, x0 + box * 0.05, box * 0.76, box * 0.9, box * 0.09);
    ctx.fill();
    ctx.strokeStyle = brand;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = box * 0.1;
    ctx.beginPath();
    ctx.moveTo(x0 + box * 0.3, x0 + box * 0.5);
    ctx.lineTo(x0 + box * 0.45, x0 + box * 0.65);
    ctx.lineTo(x0 + box * 0.72, x0 + box * 0.35);
    ctx.stroke();
    ctx.fillStyle = '#c9dafc';
    ctx.beginPath();
    ctx.roundRect(x0 + box * 0.3, x0 + box * 0.77, box * 0.4, box * 0.06, box * 0.03);
    ctx.fill();
    return canvas.toDataURL('image/png');
  }
  return {
    'icon-192.png': draw(192, false),
    'icon-512.png': draw(512, false),
    'maskable-512.png': draw(512, true),
    'apple-touch-icon.png': draw(180, true),
  };
}, { brand: BRAND });

mkdirSync(join(FRONTEND, 'public', 'icons'), { recursive: true });
for (const [file, dataUrl] of Object.entries(icons)) {
  writeFileSync(join(FRONTEND, 'public', 'icons', file), Buffer.from(dataUrl.split(',')[1], 'base64'));
  console.log(`public/icons/${file}`);
}

/** A 4-second clip: the product name, three honest promises, a soft two-note chime. */
const video = await page.evaluate(async ({ name, brand }) => {
  const W = 640;
  const H = 360;
  const FPS = 24;
  const DURATION_MS = 4000;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  document.body.appendChild(canvas);
  const ctx = canvas.getContext('2d');
  const stream = canvas.captureStream(FPS);

  let audio;
  try {
    const ac = new AudioContext();
    const dest = ac.createMediaStreamDestination();
    const chime = (freq, at) => {
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0, ac.currentTime + at);
      gain.gain.linearRampToValueAtTime(0.2, ac.currentTime + at + 0.05);
      gain.gain.exponentialRampToValueAtTime(0.001, ac.currentTime + at + 1.2);
      osc.connect(gain).connect(dest);
      osc.start(ac.currentTime + at);
      osc.stop(ac.currentTime + at + 1.3);
    };
    chime(660, 0.2);
    chime(880, 0.6);
    audio = dest.stream.getAudioTracks()[0] ?? null;
    if (audio) stream.addTrack(audio);
  } catch {
    audio = null;
  }

  const mimeType = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'].find((m) => MediaRecorder.isTypeSupported(m));
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 350_000, audioBitsPerSecond: 32_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = resolve));

  const lines = ['Take a task', 'Do the work', 'Get paid for approved work'];
  const ease = (t) => 1 - Math.pow(1 - Math.min(Math.max(t, 0), 1), 3);
  const start = performance.now();
  recorder.start(250);
  await new Promise((resolve) => {
    function frame() {
      const t = performance.now() - start;
      const g = ctx.createLinearGradient(0, 0, W, H);
      g.addColorStop(0, brand);
      g.addColorStop(1, '#0b3d91');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, W, H);
      // The mark.
      const a = ease(t / 600);
      ctx.globalAlpha = a;
      ctx.fillStyle = '#fff';
      ctx.beginPath();
      ctx.roundRect(W / 2 - 32, 56 - (1 - a) * 20, 64, 76, 10);
      ctx.fill();
      ctx.strokeStyle = brand;
      ctx.lineWidth = 8;
      ctx.lineCap = 'round';
      ctx.beginPath();
      ctx.moveTo(W / 2 - 16, 94 - (1 - a) * 20);
      ctx.lineTo(W / 2 - 4, 106 - (1 - a) * 20);
      ctx.lineTo(W / 2 + 18, 80 - (1 - a) * 20);
      ctx.stroke();
      // The name.
      ctx.globalAlpha = ease((t - 300) / 700);
      ctx.fillStyle = '#fff';
      ctx.font = 'bold 48px sans-serif';
      ctx.textAlign = 'center';
      ctx.fillText(name, W / 2, 190);
      // The promises, one after the other.
      ctx.font = '24px sans-serif';
      lines.forEach((line, i) => {
        ctx.globalAlpha = ease((t - 1100 - i * 600) / 500);
        ctx.fillText(line, W / 2, 240 + i * 34);
      });
      ctx.globalAlpha = 1;
      if (t < DURATION_MS) requestAnimationFrame(frame);
      else resolve();
    }
    requestAnimationFrame(frame);
  });
  recorder.stop();
  await done;
  const blob = new Blob(chunks, { type: 'video/webm' });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary), mimeType, withAudio: audio !== null };
}, { name: NAME, brand: BRAND });

mkdirSync(join(FRONTEND, 'media'), { recursive: true });
const out = Buffer.from(video.base64, 'base64');
writeFileSync(join(FRONTEND, 'media', 'welcome-video.webm'), out);
console.log(`media/welcome-video.webm: ${out.length} bytes, ${video.mimeType}, audio: ${video.withAudio}`);
await browser.close();
