// MongoDB collations on top of ICU as Node exposes it (Intl.Collator). ICU levels Intl does not
// expose directly (case level after accents, French backwards accents, the quaternary and identical
// levels, maxVariable 'space') are built as a chain of comparisons, each refining the previous one.
import { isPlainObject, type Doc } from '../common/documents.js';
import { MongoCommandError, badValue } from '../common/errors.js';
import { encodeValue } from '../indexes/key-encoding.js';

const FIELDS = new Set([
  'locale',
  'strength',
  'caseLevel',
  'caseFirst',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
  'version',
]);

type Compare = (a: string, b: string) => number;

export class Collation {
  /** The full specification, every field filled in, as mongod reports it. */
  readonly spec: Doc;
  readonly compareStrings: Compare;

  constructor(spec: Doc, compare: Compare) {
    this.spec = spec;
    this.compareStrings = compare;
  }

  /** BSON comparison with strings (also inside documents and arrays) compared by this collation. */
  compare(a: unknown, b: unknown): number {
    if (typeof a === 'string' && typeof b === 'string') return Math.sign(this.compareStrings(a, b));
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const c = this.compare(a[i], b[i]);
        if (c !== 0) return c;
      }
      return Math.sign(a.length - b.length);
    }
    if (isPlainObject(a) && isPlainObject(b)) {
      const ka = Object.keys(a);
      const kb = Object.keys(b);
      for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
        const t = typeTag(a[ka[i]]).localeCompare(typeTag(b[kb[i]]));
        if (t !== 0) return Math.sign(t);
        if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
        const c = this.compare(a[ka[i]], b[kb[i]]);
        if (c !== 0) return c;
      }
      return Math.sign(ka.length - kb.length);
    }
    const ea = encodeValue(a);
    const eb = encodeValue(b);
    return ea < eb ? -1 : ea > eb ? 1 : 0;
  }

  /** True when both values are in the same BSON type bracket (what $gt / $lt compare within). */
  sameBracket(a: unknown, b: unknown): boolean {
    return typeTag(a) === typeTag(b);
  }
}

function typeTag(v: unknown): string {
  return encodeValue(v === undefined ? null : v)[0];
}

/** True when a value holds a string anywhere: only then can a collation change a comparison. */
export function holdsString(v: unknown): boolean {
  if (typeof v === 'string') return true;
  if (Array.isArray(v)) return v.some(holdsString);
  if (isPlainObject(v)) return Object.values(v).some(holdsString);
  return false;
}

/** MongoDB's ICU locale ids (`en_US`, `de@collation=phonebook`) as BCP 47 tags. */
function bcp47(locale: string): string {
  const [base, keywords] = locale.split('@');
  let tag = base.replace(/_/g, '-');
  const co = keywords?.match(/collation=(\w+)/);
  if (co) tag += `-u-co-${co[1]}`;
  return tag;
}

function supported(locale: string): boolean {
  try {
    const tag = bcp47(locale);
    if (Intl.Collator.supportedLocalesOf([tag]).length === 0) return false;
    const resolved = new Intl.Collator(tag).resolvedOptions().locale.toLowerCase();
    const wanted = tag.split('-u-')[0].toLowerCase();
    return resolved === wanted || resolved.startsWith(wanted.split('-')[0]);
  } catch {
    return false;
  }
}

function invalid(field: string, spec: Doc): MongoCommandError {
  return badValue(`Field '${field}' is invalid in: ${JSON.stringify(spec)}`);
}

function bool(spec: Doc, field: string, fallback: boolean): boolean {
  const v = spec[field];
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean')
    throw new MongoCommandError(
      14,
      `BSON field 'collation.${field}' is the wrong type '${typeof v}', expected type 'bool'`,
    );
  return v;
}

function oneOf(spec: Doc, field: string, allowed: string[], fallback: string): string {
  const v = spec[field];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !allowed.includes(v)) throw invalid(field, spec);
  return v;
}

const WHITESPACE = /[\s\u0085\u200b]/gu;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const reversed = (s: string) =>
  [...segmenter.segment(s.normalize('NFC'))]
    .map((g) => g.segment)
    .reverse()
    .join('');

const parsed = new Map<string, Collation | undefined>();

/** Parses a command's `collation`; undefined for the simple (binary) collation. */
export function parseCollation(raw: unknown): Collation | undefined {
  if (raw === undefined || raw === null) return undefined;
  const cacheKey = isPlainObject(raw) ? JSON.stringify(raw) : undefined;
  if (cacheKey !== undefined && parsed.has(cacheKey)) return parsed.get(cacheKey);
  const collation = parseUncached(raw);
  // Building ICU collators costs more than most queries: a spec seen before reuses them.
  if (cacheKey !== undefined && parsed.size < 1000) parsed.set(cacheKey, collation);
  return collation;
}

function parseUncached(raw: unknown): Collation | undefined {
  if (!isPlainObject(raw))
    throw new MongoCommandError(14, "BSON field 'collation' is the wrong type, expected type 'object'");
  for (const k of Object.keys(raw)) {
    if (!FIELDS.has(k))
      throw new MongoCommandError(40415, `BSON field 'collation.${k}' is an unknown field.`, {}, 'Location40415');
  }
  if (raw.locale === undefined)
    throw new MongoCommandError(
      40414,
      "BSON field 'collation.locale' is missing but a required field",
      {},
      'Location40414',
    );
  if (typeof raw.locale !== 'string')
    throw new MongoCommandError(14, "BSON field 'collation.locale' is the wrong type, expected type 'string'");
  if (raw.locale === 'simple') {
    if (Object.keys(raw).length > 1) throw badValue("If 'locale' is set to 'simple', no other fields may be set");
    return undefined;
  }
  if (!supported(raw.locale)) throw invalid('locale', raw);
  const strength = raw.strength === undefined ? 3 : Number(raw.strength);
  if (!Number.isInteger(strength) || strength < 1 || strength > 5) throw invalid('strength', raw);
  const spec: Doc = {
    locale: raw.locale,
    caseLevel: bool(raw, 'caseLevel', false),
    caseFirst: oneOf(raw, 'caseFirst', ['upper', 'lower', 'off'], 'off'),
    strength,
    numericOrdering: bool(raw, 'numericOrdering', false),
    alternate: oneOf(raw, 'alternate', ['non-ignorable', 'shifted'], 'non-ignorable'),
    maxVariable: oneOf(raw, 'maxVariable', ['punct', 'space'], 'punct'),
    normalization: bool(raw, 'normalization', false),
    backwards: bool(raw, 'backwards', false),
    version: '57.1',
  };
  return new Collation(spec, chain(spec));
}

function chain(spec: Doc): Compare {
  const tag = bcp47(spec.locale as string);
  const shifted = spec.alternate === 'shifted';
  const stripSpaces = shifted && spec.maxVariable === 'space';
  const base: Intl.CollatorOptions = {
    usage: 'sort',
    numeric: spec.numericOrdering as boolean,
    caseFirst: spec.caseFirst === 'off' ? 'false' : (spec.caseFirst as 'upper' | 'lower'),
    // ICU's shifted alternate with maxVariable 'punct' ignores spaces and punctuation up to the tertiary level.
    ignorePunctuation: shifted && !stripSpaces,
  };
  const collator = (sensitivity: Intl.CollatorOptions['sensitivity'], ignorePunctuation = base.ignorePunctuation) =>
    new Intl.Collator(tag, { ...base, sensitivity, ignorePunctuation }).compare;
  const prepare = stripSpaces ? (s: string) => s.replace(WHITESPACE, '') : (s: string) => s;
  const strength = spec.strength as number;
  const levels: Compare[] = [];
  levels.push(collator('base'));
  if (strength >= 2) {
    const accents = collator('accent');
    levels.push(spec.backwards ? (a, b) => accents(reversed(a), reversed(b)) : accents);
  }
  if (spec.caseLevel) levels.push(collator('case'));
  if (strength >= 3) levels.push(collator('variant'));
  const withLevels: Compare = (a, b) => {
    const pa = prepare(a);
    const pb = prepare(b);
    for (const level of levels) {
      const c = level(pa, pb);
      if (c !== 0) return c;
    }
    return 0;
  };
  if (strength < 4) return withLevels;
  const variable = collator('variant', false);
  return (a, b) => {
    const c = withLevels(a, b);
    if (c !== 0) return c;
    // Quaternary: the variable characters shifted away above tell the strings apart here.
    if (shifted) {
      const q = variable(a, b);
      if (q !== 0) return q;
    }
    if (strength < 5) return 0;
    const na = a.normalize('NFD');
    const nb = b.normalize('NFD');
    return na < nb ? -1 : na > nb ? 1 : 0;
  };
}

// Expression operators whose result depends on how strings compare; mingo's versions compare binary.
const COMPARING_EXPRESSIONS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$cmp',
  '$in',
  '$indexOfArray',
  '$setEquals',
  '$setIntersection',
  '$setUnion',
  '$setDifference',
  '$setIsSubset',
  '$min',
  '$max',
  '$sortArray',
  '$addToSet',
  '$minN',
  '$maxN',
  '$top',
  '$topN',
  '$bottom',
  '$bottomN',
  '$allElementsTrue',
  '$anyElementTrue',
  '$switch',
  '$filter',
  '$expr',
]);

/** The first string-comparing expression operator inside a value (a stage, an update), if any. */
export function comparingOperatorIn(v: unknown): string | undefined {
  if (Array.isArray(v)) {
    for (const e of v) {
      const found = comparingOperatorIn(e);
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(v)) return undefined;
  for (const [k, e] of Object.entries(v)) {
    if (COMPARING_EXPRESSIONS.has(k)) return k;
    const found = comparingOperatorIn(e);
    if (found) return found;
  }
  return undefined;
}
