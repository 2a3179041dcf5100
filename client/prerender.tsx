// The build-time renderer (scripts/prerender.mjs builds it with `vite build --ssr` and calls `render` per path).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/App.js';

export { PRERENDERED_PAGES } from './app/prerendered-paths.js';

/** The markup of `path` as a first visit renders it (no session yet), every lazy part loaded. */
export async function render(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={path}>
        <App />
      </Router>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
