import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

interface SchemaWithMessages {
  errorMessage?: string;
  properties?: Record<string, { errorMessage?: string }>;
}

/**
 * The first problem of `value` against a shared schema, worded the way the server words it
 * (server/platform/errors.ts): the property's `errorMessage`, else the object's, else a generic line.
 */
export function schemaError(schema: TSchema, value: unknown): string | undefined {
  const [first] = Value.Errors(schema, value);
  if (!first) return undefined;
  const required = (first.params as { requiredProperties?: string[] }).requiredProperties;
  const field = first.instancePath.replace(/^\//, '').split('/')[0] || required?.[0];
  const messages = schema as SchemaWithMessages;
  return (
    (field ? messages.properties?.[field]?.errorMessage : undefined) ??
    messages.errorMessage ??
    `${field ?? 'value'} ${first.message}`
  );
}
