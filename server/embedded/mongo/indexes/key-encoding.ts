// Order-preserving string encoding of BSON values. Comparing two encodings with plain `<` gives
// MongoDB's comparison order (type bracket first, then value), so index entries, sorts and
// unique checks all use one cheap string comparison.
//
// Each encoded value is prefix-free (fixed-length payloads or a 0x0000 terminator), which is what
// lets compound keys be plain concatenations and lets a descending component be encoded by
// complementing every code unit.

export const MISSING = Symbol('missing');
export const EMPTY_ARRAY = Symbol('emptyArray');

const T_MINKEY = '\u0001';
const T_NULL = '\u0002';
const T_NUMBER = '\u0003';
const T_STRING = '\u0004';
const T_OBJECT = '\u0005';
const T_ARRAY = '\u0006';
const T_BINARY = '\u0007';
const T_OBJECTID = '\u0008';
const T_BOOL = '\u0009';
const T_DATE = '\u000a';
const T_TIMESTAMP = '\u000b';
const T_REGEX = '\u000c';
const T_MAXKEY = '\u000d';

/** Greater than the first code unit of any encoded component, ascending or descending. */
export const KEY_HIGH = '\uffff';

const f64 = new Float64Array(1);
const u16 = new Uint16Array(f64.buffer);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function encodeDouble(x: number): string {
  if (Number.isNaN(x)) return '\u0000\u0000\u0000\u0000'; // NaN sorts below every number, as in MongoDB
  f64[0] = x === 0 ? 0 : x;
  let a: number, b: number, c: number, d: number;
  if (littleEndian) [a, b, c, d] = [u16[3], u16[2], u16[1], u16[0]];
  else [a, b, c, d] = [u16[0], u16[1], u16[2], u16[3]];
  if (a & 0x8000) {
    a = ~a & 0xffff;
    b = ~b & 0xffff;
    c = ~c & 0xffff;
    d = ~d & 0xffff;
  } else {
    a |= 0x8000;
  }
  // NaN took the all-zero slot; the smallest real number (-Infinity) encodes above it.
  return String.fromCharCode(a, b, c, d);
}

/** Escapes 0x0000/0x0001 and re-maps surrogates so code-unit order equals UTF-8 byte order. */
function encodeString(s: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 1 && c < 0xd800) continue;
    out += s.slice(start, i);
    if (c <= 1) out += '\u0001' + String.fromCharCode(c + 1);
    else if (c < 0xe000) out += String.fromCharCode(c + 0x2000);
    else out += String.fromCharCode(c - 0x800);
    start = i + 1;
  }
  return (start === 0 ? s : out + s.slice(start)) + '\u0000';
}

function bytesToUnits(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += String.fromCharCode(bytes[i]);
  return out;
}

function bsonType(v: object): string | undefined {
  return (v as { _bsontype?: string })._bsontype;
}

/** Encodes one value (a whole value, not unwound: arrays compare as arrays). */
export function encodeValue(v: unknown): string {
  switch (typeof v) {
    case 'number':
      return T_NUMBER + encodeDouble(v);
    case 'string':
      return T_STRING + encodeString(v);
    case 'boolean':
      return T_BOOL + (v ? '\u0002' : '\u0001');
    case 'undefined':
      return T_NULL + '\u0002';
    case 'bigint':
      return T_NUMBER + encodeDouble(Number(v));
    case 'symbol':
      if (v === EMPTY_ARRAY) return T_NULL + '\u0001';
      return T_NULL + '\u0002';
  }
  if (v === null) return T_NULL + '\u0002';
  if (Array.isArray(v)) {
    let out = T_ARRAY;
    for (const e of v) out += encodeValue(e);
    return out + '\u0000';
  }
  if (v instanceof Date) return T_DATE + encodeDouble(v.getTime());
  if (v instanceof RegExp) return T_REGEX + encodeString(v.source) + encodeString(v.flags);
  const obj = v as Record<string, unknown>;
  switch (bsonType(obj)) {
    case 'ObjectId':
    case 'ObjectID': {
      const b = (obj as unknown as { id: Uint8Array }).id;
      return (
        T_OBJECTID +
        String.fromCharCode(
          (b[0] << 8) | b[1],
          (b[2] << 8) | b[3],
          (b[4] << 8) | b[5],
          (b[6] << 8) | b[7],
          (b[8] << 8) | b[9],
          (b[10] << 8) | b[11],
        )
      );
    }
    case 'Long':
    case 'Int32':
    case 'Double':
      return T_NUMBER + encodeDouble(Number((obj as { valueOf(): unknown }).valueOf() as number));
    case 'Decimal128':
      return T_NUMBER + encodeDouble(Number(String(obj)));
    case 'Binary': {
      const b = obj as unknown as { buffer: Uint8Array; position: number; sub_type: number };
      const len = b.position ?? b.buffer.length;
      // MongoDB orders binData by length, then subtype, then bytes.
      return (
        T_BINARY + String.fromCharCode(len >>> 16, len & 0xffff, b.sub_type) + bytesToUnits(b.buffer.subarray(0, len))
      );
    }
    case 'Timestamp': {
      const t = obj as unknown as { t: number; i: number };
      return T_TIMESTAMP + String.fromCharCode(t.t >>> 16, t.t & 0xffff, t.i >>> 16, t.i & 0xffff);
    }
    case 'MinKey':
      return T_MINKEY;
    case 'MaxKey':
      return T_MAXKEY;
    case 'BSONSymbol':
      return T_STRING + encodeString(String((obj as { value?: string }).value ?? obj));
    case 'BSONRegExp': {
      const r = obj as unknown as { pattern: string; options: string };
      return T_REGEX + encodeString(r.pattern) + encodeString(r.options);
    }
    case 'Code':
      // Code sorts after regular expressions and before MaxKey, as in MongoDB.
      return T_REGEX + '\uffff' + encodeString(String((obj as { code?: string }).code));
  }
  // Embedded document: MongoDB compares field by field as (value type, field name, value).
  let out = T_OBJECT;
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    if (value === undefined) continue;
    const enc = encodeValue(value);
    out += enc[0] + encodeString(key) + enc.slice(1);
  }
  return out + '\u0000';
}

/** Reverses the order of an encoded component (used for descending index / sort fields). */
export function complement(enc: string): string {
  let out = '';
  for (let i = 0; i < enc.length; i++) out += String.fromCharCode(0xffff - enc.charCodeAt(i));
  return out;
}

/** Bounds of one type bracket, for range predicates ($gt 5 only matches numbers, as in MongoDB). */
export function typeBracket(enc: string): [string, string] {
  const tag = enc.charCodeAt(0);
  return [String.fromCharCode(tag), String.fromCharCode(tag + 1)];
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** MongoDB order for two single values. */
export function compareValues(a: unknown, b: unknown): number {
  return compareStrings(encodeValue(a), encodeValue(b));
}
