// MongoDB's $jsonSchema (draft 4 subset plus bsonType): checks a value and, when it fails, says which
// rules failed in the shape mongod puts in errInfo.details.schemaRulesNotSatisfied.
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError } from '../common/errors.js';
import { bsonTypeAlias as bsonTypeOf } from '../operators/bson-types.js';

const KEYWORDS = new Set([
  'bsonType',
  'type',
  'required',
  'properties',
  'additionalProperties',
  'patternProperties',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'items',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'description',
  'title',
  'multipleOf',
  'dependencies',
]);

// JSON Schema `type` names mapped to the BSON types they accept.
const JSON_TYPES: Record<string, string[]> = {
  object: ['object'],
  array: ['array'],
  string: ['string'],
  boolean: ['bool'],
  null: ['null'],
  number: ['int', 'long', 'double', 'decimal'],
};

/** Refuses unknown keywords when the schema is given, as mongod does. */
export function checkSchema(schema: unknown): void {
  if (!isPlainObject(schema)) throw new MongoCommandError(14, '$jsonSchema must be an object');
  for (const [k, v] of Object.entries(schema)) {
    if (!KEYWORDS.has(k)) throw new MongoCommandError(9, `Unknown $jsonSchema keyword: ${k}`);
    if (k === 'type' && [v].flat().some((t) => !(String(t) in JSON_TYPES))) {
      throw new MongoCommandError(9, `Unknown type name alias: ${String(v)}`);
    }
    if (k === 'properties' || k === 'patternProperties') for (const sub of Object.values(v as Doc)) checkSchema(sub);
    if ((k === 'items' || k === 'additionalItems' || k === 'additionalProperties' || k === 'not') && isPlainObject(v))
      checkSchema(v);
    if (k === 'items' && Array.isArray(v)) v.forEach(checkSchema);
    if (k === 'allOf' || k === 'anyOf' || k === 'oneOf') (v as unknown[]).forEach(checkSchema);
  }
}

const numeric = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  const t = bsonTypeOf(v);
  return t === 'long' || t === 'decimal' ? Number(String(v)) : undefined;
};

/** The rules of `schema` that `value` breaks (empty when it satisfies the schema). */
export function schemaFailures(schema: Doc, value: unknown): Doc[] {
  const out: Doc[] = [];
  const type = bsonTypeOf(value);
  const fail = (operatorName: string, specifiedAs: unknown, reason: string, extra: Doc = {}) =>
    out.push({ operatorName, specifiedAs: { [operatorName]: specifiedAs }, reason, ...extra });
  if (schema.bsonType !== undefined) {
    const wanted = [schema.bsonType].flat().map(String);
    const ok = wanted.includes(type) || (wanted.includes('number') && numeric(value) !== undefined);
    if (!ok) fail('bsonType', schema.bsonType, 'type did not match', { consideredValue: value, consideredType: type });
  }
  if (schema.type !== undefined) {
    const ok = [schema.type].flat().some((t) => JSON_TYPES[String(t)]?.includes(type));
    if (!ok) fail('type', schema.type, 'type did not match', { consideredValue: value, consideredType: type });
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    fail('enum', schema.enum, 'value was not found in enum', { consideredValue: value });
  }
  const n = numeric(value);
  if (n !== undefined) {
    if (
      typeof schema.minimum === 'number' &&
      (schema.exclusiveMinimum === true ? n <= schema.minimum : n < schema.minimum)
    ) {
      fail('minimum', schema.minimum, 'comparison failed', { consideredValue: value });
    }
    if (
      typeof schema.maximum === 'number' &&
      (schema.exclusiveMaximum === true ? n >= schema.maximum : n > schema.maximum)
    ) {
      fail('maximum', schema.maximum, 'comparison failed', { consideredValue: value });
    }
    if (typeof schema.multipleOf === 'number' && n % schema.multipleOf !== 0) {
      fail('multipleOf', schema.multipleOf, 'considered value is not a multiple of the specified value', {
        consideredValue: value,
      });
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      fail('minLength', schema.minLength, 'specified string length was not satisfied', { consideredValue: value });
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      fail('maxLength', schema.maxLength, 'specified string length was not satisfied', { consideredValue: value });
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
      fail('pattern', schema.pattern, 'regular expression did not match', { consideredValue: value });
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      fail('minItems', schema.minItems, 'array did not match specified length', { consideredValue: value });
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      fail('maxItems', schema.maxItems, 'array did not match specified length', { consideredValue: value });
    if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) {
      fail('uniqueItems', true, 'found a duplicate item', { consideredValue: value });
    }
    if (isPlainObject(schema.items)) {
      const bad = value.map((v, i) => ({ i, d: schemaFailures(schema.items as Doc, v) })).filter((x) => x.d.length);
      if (bad.length)
        out.push({
          operatorName: 'items',
          reason: 'At least one item did not match the sub-schema',
          itemIndex: bad[0].i,
          details: bad[0].d,
        });
    }
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (Array.isArray(schema.required)) {
      const missing = (schema.required as string[]).filter((k) => value[k] === undefined);
      if (missing.length)
        out.push({ operatorName: 'required', specifiedAs: { required: schema.required }, missingProperties: missing });
    }
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties)
      fail('minProperties', schema.minProperties, 'specified number of properties was not satisfied', {
        numberOfProperties: keys.length,
      });
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties)
      fail('maxProperties', schema.maxProperties, 'specified number of properties was not satisfied', {
        numberOfProperties: keys.length,
      });
    const props = isPlainObject(schema.properties) ? schema.properties : {};
    const notSatisfied: Doc[] = [];
    for (const [name, sub] of Object.entries(props)) {
      if (value[name] === undefined) continue;
      const details = schemaFailures(sub as Doc, value[name]);
      if (details.length) notSatisfied.push({ propertyName: name, details });
    }
    if (notSatisfied.length) out.push({ operatorName: 'properties', propertiesNotSatisfied: notSatisfied });
    const patterns = isPlainObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    for (const key of keys) {
      for (const [pattern, sub] of patterns) {
        if (!new RegExp(pattern, 'u').test(key)) continue;
        const details = schemaFailures(sub as Doc, value[key]);
        if (details.length) out.push({ operatorName: 'patternProperties', propertyName: key, details });
      }
    }
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== true) {
      const extra = keys.filter((k) => !(k in props) && !patterns.some(([p]) => new RegExp(p, 'u').test(k)));
      if (schema.additionalProperties === false && extra.length) {
        out.push({
          operatorName: 'additionalProperties',
          specifiedAs: { additionalProperties: false },
          additionalProperties: extra,
        });
      } else if (isPlainObject(schema.additionalProperties)) {
        for (const k of extra) {
          const details = schemaFailures(schema.additionalProperties, value[k]);
          if (details.length) out.push({ operatorName: 'additionalProperties', propertyName: k, details });
        }
      }
    }
  }
  if (Array.isArray(schema.allOf)) {
    const failed = (schema.allOf as Doc[]).map((s) => schemaFailures(s, value)).filter((d) => d.length);
    if (failed.length) out.push({ operatorName: 'allOf', schemasNotSatisfied: failed.map((details) => ({ details })) });
  }
  if (Array.isArray(schema.anyOf) && !(schema.anyOf as Doc[]).some((s) => schemaFailures(s, value).length === 0)) {
    out.push({
      operatorName: 'anyOf',
      schemasNotSatisfied: (schema.anyOf as Doc[]).map((s) => ({ details: schemaFailures(s, value) })),
    });
  }
  if (
    Array.isArray(schema.oneOf) &&
    (schema.oneOf as Doc[]).filter((s) => schemaFailures(s, value).length === 0).length !== 1
  ) {
    out.push({ operatorName: 'oneOf', reason: 'value did not match exactly one of the schemas' });
  }
  if (isPlainObject(schema.not) && schemaFailures(schema.not, value).length === 0) {
    out.push({ operatorName: 'not', reason: 'child expression matched' });
  }
  return out;
}

/** The validator mingo's $jsonSchema query operator calls. */
export function jsonSchemaValidator(schema: unknown): (doc: unknown) => boolean {
  checkSchema(schema);
  return (doc) => schemaFailures(schema as Doc, doc).length === 0;
}
