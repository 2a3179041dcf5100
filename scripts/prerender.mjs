// `npm run build:client`, after `vite build`: renders the public pages of client/app/prerendered-paths.ts from the
// same React components into dist/client/prerendered/<page>.html (with brotli and gzip siblings, as vite.config.ts
// gives every other text file), which server/platform/client-files.ts serves for those paths; client/main.tsx then
// hydrates them. The renderer is built by Vite from the same config, so CSS module class names and asset URLs are the
// ones of the client build.
//
// A prerendered page paints like a static one, and the app still starts as it does from the shell (its entry is the
// same module script, run before the load event): its stylesheets are inlined (about 16 KB, so no render-blocking
// request before the first frame), and it preloads no module. Chromium runs module scripts that are ready when the
// parser finishes before it draws its first frame; with the whole entry graph preloaded, the first frame waited for
// the evaluation of every module and the hydration of the page. Without the preloads the entry's imports are
// requested when it is parsed, and the page is painted while they arrive.
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

/** A stylesheet of the build as a `<style>` element (the CSP allows inline styles); `data-href` names its file. */
const inlineStyle = (file) => `<style data-href="/${file}">${readFileSync(path.join(clientDir, file), 'utf8')}</style>`;

/** The stylesheets of a lazy route's chunk and of the chunks it imports, inlined (the entry's are in the shell). */
function stylesFor(module) {
  if (!module) return '';
  if (!manifest[module])
    throw new Error(`${module} is not a chunk of the client build (client/app/prerendered-paths.ts)`);
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

const stylesheetLink = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;
if (!shell.includes('<link rel="stylesheet"')) throw new Error('dist/client/index.html links no stylesheet to inline');
const pageShell = shell
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(stylesheetLink, (_, file) => inlineStyle(file));

const outDir = path.join(clientDir, 'prerendered');
mkdirSync(outDir, { recursive: true });
for (const [page, module] of Object.entries(PRERENDERED_PAGES)) {
  const html = pageShell
    .replace('</head>', `${stylesFor(module)}</head>`)
    .replace(slot, `<div id="root">${await render(page)}</div>`);
  const file = path.join(outDir, `${page === '/' ? 'index' : page.slice(1)}.html`);
  writeFileSync(file, html);
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  console.log(
    `prerendered ${page} -> ${path.relative(root, file)} (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB)`,
  );
}
rmSync(rendererDir, { recursive: true, force: true });
