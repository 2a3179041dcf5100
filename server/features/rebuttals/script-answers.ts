import { normalisePhrase } from '../../platform/speech/phrases.js';
import type { ScriptDoc } from '../scripts/public.js';

/** Text contains the heard phrase's words in order ("It's too expensive." for "too expensive"). */
export function mentions(text: string, phrase: string): boolean {
  return ` ${normalisePhrase(text)} `.includes(` ${phrase} `);
}

/** A line such as "[If they say it's too expensive]": the scripts' way of heading what to say in a case. */
const HEADING = /^\s*\[[^\]]*\]\s*$/;

/**
 * The paragraph of a script that answers a heard phrase (docs/rebuttals.md, "The rebuttal shown"): the first
 * paragraph (text between blank lines) that mentions it. When the mention is in a heading line, what is said under
 * the heading answers: the rest of that paragraph, else the paragraph after it. Spoken scripts only: an e-mail
 * script is not something to say on a call.
 */
export function scriptAnswer(scripts: ScriptDoc[], phrase: string): { script: ScriptDoc; text: string } | null {
  for (const script of scripts) {
    if (script.type === 'email') continue;
    const paragraphs = script.content
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    for (const [index, paragraph] of paragraphs.entries()) {
      if (!mentions(paragraph, phrase)) continue;
      const [first = '', ...rest] = paragraph.split('\n');
      if (!HEADING.test(first) || !mentions(first, phrase)) return { script, text: paragraph };
      const under = rest.join('\n').trim() || paragraphs[index + 1];
      if (under && !HEADING.test(under.split('\n')[0] ?? '')) return { script, text: under };
    }
  }
  return null;
}
