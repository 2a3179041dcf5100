/** A unique-index violation, optionally on one field (the embedded server may only name it in the message). */
export function isDuplicateKey(error: unknown, field?: string): boolean {
  const e = error as { code?: number; keyPattern?: Record<string, unknown>; message?: string } | undefined;
  if (e?.code !== 11000) return false;
  if (!field) return true;
  return e.keyPattern ? field in e.keyPattern : String(e.message).includes(field);
}
