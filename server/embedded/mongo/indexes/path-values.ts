// The values a dotted path reaches in a document, unwound through arrays as MongoDB's index keys
// and sort keys see them.
import { EMPTY_ARRAY, MISSING } from './key-encoding.js';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    (v.constructor === Object || v.constructor === undefined)
  );
}

/**
 * Values found at `parts` in `value`, unwinding arrays the way MongoDB indexes them: an array at
 * the end of the path contributes each element (an empty array one EMPTY_ARRAY marker); arrays
 * on the way are traversed element by element. Missing leaves contribute MISSING.
 */
export function valuesAtPath(value: unknown, parts: string[], i: number, out: unknown[], inArray = false): void {
  if (i === parts.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(EMPTY_ARRAY);
      for (const e of value) out.push(e);
    } else {
      out.push(value === undefined ? MISSING : value);
    }
    return;
  }
  if (Array.isArray(value)) {
    if (inArray) {
      out.push(MISSING);
      return;
    }
    const part = parts[i];
    if (/^\d+$/.test(part) && Number(part) < value.length) {
      valuesAtPath(value[Number(part)], parts, i + 1, out);
    }
    let any = false;
    for (const e of value) {
      if (isPlainObject(e)) {
        valuesAtPath(e, parts, i, out, true);
        any = true;
      }
    }
    if (!any) out.push(MISSING);
    return;
  }
  if (isPlainObject(value)) {
    const next = value[parts[i]];
    if (next === undefined) out.push(MISSING);
    else valuesAtPath(next, parts, i + 1, out);
    return;
  }
  out.push(MISSING);
}
