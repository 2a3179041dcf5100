import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * Per-request compression of API answers. The client's files are compressed once at build time instead
 * (vite.config.ts, server/platform/client-files.ts), which is why this is registered on the /api scope only.
 */
export const apiCompressionOptions: FastifyCompressOptions = {
  // Below ~1 KB the saved bytes do not pay for the CPU and the extra headers.
  threshold: 1024,
  // On 18 KB of lead JSON here, brotli quality 4 costs what gzip level 6 does (~0.1 ms) for a 10% smaller body;
  // quality 11 would take ~16 ms per answer. zstd is left out so every Node version answers the same way.
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
  // JSON and text (CSV exports included); never server-sent events, which must flush per event, nor octet-stream,
  // PDFs or media: binary stored files (recordings, voice notes, most materials) gain nothing and go out as stored.
  // 206 answers are never compressed (the plugin skips them): Content-Range counts the file's own bytes.
  customTypes: /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)/u,
  // Request bodies stay as they are: no client of ours compresses them, and inflating them is attack surface.
  globalDecompression: false,
};

/**
 * Stored files (materials, recordings, voice notes) opt out per route with `compress: false`: they go out as uploaded,
 * with their Content-Length, so a browser can resume or seek them with Range requests.
 */
export async function compressApiAnswers(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, apiCompressionOptions);
}
