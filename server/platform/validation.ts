import { Ajv, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = {
  keywords: ['errorMessage'],
  removeAdditional: true,
  useDefaults: true,
  allErrors: false,
  strict: false,
};

// Bodies are JSON and keep their types: "1" is not a number there. Query strings and params are text
// by nature, so they are coerced ("?limit=20" -> 20, "?ids=a" -> ["a"]).
const forBodies = new Ajv({ ...shared, coerceTypes: false });
const forText = new Ajv({ ...shared, coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? forBodies : forText;
  return ajv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
};
