// Renders values the way mongod prints them inside error messages (E11000 "dup key: { ... }").

function bsonType(v: object): string | undefined {
  return (v as { _bsontype?: string })._bsontype;
}

export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
  if (Array.isArray(v)) return v.length ? `[ ${v.map(formatValue).join(', ')} ]` : '[]';
  if (typeof v === 'object') {
    switch (bsonType(v)) {
      case 'ObjectId':
        return `ObjectId('${String(v)}')`;
      case 'Long':
        return `${String(v)}`;
      case 'Decimal128':
        return `NumberDecimal("${String(v)}")`;
      case 'Binary': {
        const b = v as unknown as { sub_type: number; toString(enc: string): string };
        return `BinData(${b.sub_type}, ${b.toString('hex').toUpperCase()})`;
      }
      case 'Timestamp':
        return `Timestamp(${String(v)})`;
    }
    const fields = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k}: ${formatValue(x)}`);
    return fields.length ? `{ ${fields.join(', ')} }` : '{}';
  }
  return String(v);
}
