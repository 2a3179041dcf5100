import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A stored file as a service hands it to a route: the status (whole, range, unsatisfiable range), headers and body. */
export interface FileAnswer {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  body?: Readable;
}

export function sendFile(reply: FastifyReply, answer: FileAnswer) {
  reply.status(answer.status).headers(answer.headers);
  return answer.body ? reply.send(answer.body) : reply.send();
}
