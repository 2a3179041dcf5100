import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCodes, type ApiErrorBody, type ErrorCode, type ErrorReason } from '../../shared/errors.js';
import { isRedisOutage, REDIS_UNAVAILABLE_MESSAGE } from './redis.js';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  OVERLOADED: 503,
  INTERNAL: 500,
};

/** An error whose message is safe to show to the user, word for word. Services throw these. */
export class AppError extends Error {
  readonly status: number;
  reason?: ErrorReason;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly title?: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }

  /** Names exactly what went wrong, for the clients that act on it (never on the text): `conflict(text).because(...)`. */
  because(reason: ErrorReason): this {
    this.reason = reason;
    return this;
  }

  toBody(): ApiErrorBody {
    return {
      error: this.message,
      code: this.code,
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.title ? { title: this.title } : {}),
      ...(this.retryAfter !== undefined ? { retryAfter: this.retryAfter } : {}),
    };
  }
}

export const badRequest = (message: string, title?: string) => new AppError(ErrorCodes.validation, message, title);
export const unauthenticated = (message = 'Please sign in to continue.', title?: string) =>
  new AppError(ErrorCodes.unauthenticated, message, title);
export const forbidden = (message = 'You do not have access to this.', title?: string) =>
  new AppError(ErrorCodes.forbidden, message, title);
export const notFound = (message = 'Not found.', title?: string) => new AppError(ErrorCodes.notFound, message, title);
export const conflict = (message: string, title?: string) => new AppError(ErrorCodes.conflict, message, title);
export const rateLimited = (message: string, retryAfter: number, title?: string) =>
  new AppError(ErrorCodes.rateLimited, message, title, retryAfter);
/** Redis is down: the caller may retry shortly, the server restarts the Redis it supervises. */
export const redisUnavailable = () => new AppError(ErrorCodes.unavailable, REDIS_UNAVAILABLE_MESSAGE, undefined, 2);

/** The one body of a 500: what failed inside is logged, never sent (no message, stack or driver text). */
export const internalErrorBody: ApiErrorBody = {
  error: 'Something went wrong. Please try again later.',
  code: ErrorCodes.internal,
};

interface SchemaWithMessage {
  errorMessage?: string;
  properties?: Record<string, { errorMessage?: string }>;
}

/** `payoutRange` -> "Payout range". */
function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A schema (in shared/schemas) may carry `errorMessage` on the object or on a property: that is the
 * catalogue text the user sees. Otherwise the message names the field and what is wrong with it.
 */
function validationMessage(error: FastifyError, schema: SchemaWithMessage | undefined): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const field =
    (first.params as { missingProperty?: string })?.missingProperty ??
    first.instancePath.replace(/^\//, '').split('/')[0];
  const fieldMessage = field ? schema?.properties?.[field]?.errorMessage : undefined;
  if (fieldMessage) return fieldMessage;
  // Too long is not "missing": the form's general text ("Please fill in all fields") would send the user looking
  // for an empty field.
  const limit = (first.params as { limit?: unknown })?.limit;
  const leaf = first.instancePath
    .split('/')
    .filter((part) => part && !/^\d+$/.test(part))
    .pop();
  if (first.keyword === 'maxLength' && typeof limit === 'number' && leaf)
    return `${fieldLabel(leaf)} can be at most ${limit} characters.`;
  if (schema?.errorMessage) return schema.errorMessage;
  const where = field || error.validationContext || 'request';
  return `${where} ${first.message ?? 'is invalid'}`.trim();
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.status).send(error.toBody());
    }
    if (error.validation) {
      const context = error.validationContext as 'body' | 'querystring' | 'params' | 'headers' | undefined;
      const schema = context ? (request.routeOptions.schema?.[context] as SchemaWithMessage | undefined) : undefined;
      return reply
        .status(400)
        .send({ error: validationMessage(error, schema), code: ErrorCodes.validation } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: error.message, code: ErrorCodes.rateLimited } satisfies ApiErrorBody);
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: clientMessage(error), code: status === 404 ? ErrorCodes.notFound : ErrorCodes.validation });
    }
    if (isRedisOutage(error)) {
      request.log.warn({ err: error }, 'request needs Redis, which is down');
      return reply.header('retry-after', '2').status(503).send(redisUnavailable().toBody());
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(internalErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: `No route for ${request.method} ${request.url.split('?')[0]}`,
      code: ErrorCodes.notFound,
    } satisfies ApiErrorBody);
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    default:
      if (error.message.includes('JSON')) return 'The request body is not valid JSON.';
      return error.message;
  }
}
