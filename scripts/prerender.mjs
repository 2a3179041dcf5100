// `npm run build:client`, after `vite build`: renders the public pages of client/app/prerendered-paths.ts from the
// same React components into dist/client/prerendered/<page>.html (with brotli and gzip siblings, as vite.config.ts
// gives every other text file), which server/platform/client-files.ts serves for those paths; client/main.tsx then
// hydrates them. The renderer is built by Vite from the same config, so CSS module class names and asset URLs are the
// ones of the client build.
//
// A prerendered page paints like a static one: its stylesheets are inlined (no render-blocking request), it preloads
// no module, and its entry is a small loader that imports the app only after the first frame. Chromium runs module
// scripts that are ready before it paints, so with the app's modules preloaded the first frame waited for the
// evaluation of the whole bundle and the hydration of the page (bench part (e): FCP equalled LCP).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist', 'client');
const rendererDir = path.join(root, 'dist', 'prerender');

await build({
  configFile: path.join(root, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  build: { ssr: 'prerender.tsx', outDir: rendererDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
});

const { render, PRERENDERED_PAGES } = await import(path.join(rendererDir, 'prerender.js'));
const shell = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
const slot = '<div id="root"></div>';
if (!shell.includes(slot)) throw new Error(`dist/client/index.html has no ${slot} to fill`);
const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'));

const inlineStyle = (file) => `<style>${readFileSync(path.join(clientDir, file), 'utf8')}</style>`;

/** The stylesheets of a lazy route's chunk and of the chunks it imports, inlined (the entry's are in the shell). */
function stylesFor(module) {
  if (!module) return '';
  if (!manifest[module]) throw new Error(`${module} is not a chunk of the client build (client/app/prerendered-paths.ts)`);
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    if (manifest[key].isEntry) return; // inlined from the shell already
    for (const file of manifest[key].css ?? []) css.add(file);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(module);
  return [...css].map(inlineStyle).join('');
}

/**
 * The entry script of the shell, replaced by a loader that imports it once the first frame is out (or after a
 * second, since a tab opened in the background draws no frame). A click that lands before the app has taken the page
 * over is held and given again once it has (React replays it into the hydrating page), so the painted page never
 * ignores a click. Named by its content like Vite's own assets.
 */
const entryScript = /<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/;
function afterPaintLoader(entry) {
  const code = [
    'const held = [];',
    'const hold = (event) => { event.preventDefault(); event.stopImmediatePropagation(); held.push(event.target); };',
    "addEventListener('click', hold, true);",
    'await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); setTimeout(resolve, 1000); });',
    `await import('./${path.posix.basename(entry)}');`,
    "removeEventListener('click', hold, true);",
    "for (const target of held) if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));",
    '',
  ].join('\n');
  const file = `${path.posix.dirname(entry)}/after-paint-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(path.join(clientDir, file), code);
  return file;
}

const entry = entryScript.exec(shell)?.[1];
if (!entry) throw new Error('dist/client/index.html has no entry script to load after the first paint');
const pageShell = shell
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_, file) => inlineStyle(file))
  .replace(entryScript, `<script type="module" crossorigin src="/${afterPaintLoader(entry)}"></script>`);

const outDir = path.join(clientDir, 'prerendered');
mkdirSync(outDir, { recursive: true });
for (const [page, module] of Object.entries(PRERENDERED_PAGES)) {
  const html = pageShell.replace('</head>', `${stylesFor(module)}</head>`).replace(slot, `<div id="root">${await render(page)}</div>`);
  const file = path.join(outDir, `${page === '/' ? 'index' : page.slice(1)}.html`);
  writeFileSync(file, html);
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  console.log(`prerendered ${page} -> ${path.relative(root, file)} (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB)`);
}
rmSync(rendererDir, { recursive: true, force: true });
