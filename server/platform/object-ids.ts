import type { ObjectId } from 'mongodb';

/**
 * The text of ids that repeat from one document to the next (the campaign and the assignee down a page of leads):
 * an id equal to the previous one reuses its text. `toHexString` builds a new string of 12 pieces on every call, and
 * a page of leads asked for the same few ids about a hundred times.
 */
export function repeatedIdText(): (id: ObjectId) => string {
  let last: ObjectId | undefined;
  let text = '';
  return (id) => {
    if (!last?.equals(id)) {
      last = id;
      text = id.toHexString();
    }
    return text;
  };
}

/** The distinct ids, first seen first, the missing ones left out. */
export function distinctIds(ids: Array<ObjectId | null | undefined>): ObjectId[] {
  const textOf = repeatedIdText();
  const byText = new Map<string, ObjectId>();
  for (const id of ids) {
    if (!id) continue;
    const text = textOf(id);
    if (!byText.has(text)) byText.set(text, id);
  }
  return [...byText.values()];
}
