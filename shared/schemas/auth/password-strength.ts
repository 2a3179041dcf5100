import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { AuthMessages } from './messages.js';

/**
 * Password strength from zxcvbn-ts and its maintained dictionaries (common passwords, English words, names, keyboard
 * patterns). The server refuses what falls below PASSWORD_MIN_SCORE; the forms show the same estimate as a hint.
 * The client loads this module only where a password is chosen: the dictionaries are large.
 */
export const PASSWORD_MIN_SCORE = 2;

/**
 * Only this many leading characters are scored: the estimate's cost grows steeply with length (seconds for a few
 * hundred characters of l33t-like text), and a weak start is what makes a password guessable.
 */
const SCORED_LENGTH = 40;

export const PasswordStrengthLabels = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof PasswordStrengthLabels)[number];
  /** Why it is refused, in the words the server answers with; absent when it is accepted. */
  problem?: string;
  /** One sentence on how to do better (zxcvbn's own English feedback). */
  advice?: string;
}

/** Who is choosing the password: their e-mail and name must not make it up. */
export interface PasswordOwner {
  email?: string;
  name?: string;
}

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    maxLength: SCORED_LENGTH,
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

const lettersAndDigits = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The e-mail's words (local part pieces, domain labels) and the name's, for zxcvbn to treat as guessable. */
function ownerWords(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase() ?? '';
  const name = owner.name?.trim().toLowerCase() ?? '';
  const words = [email, ...email.split(/[^\p{L}\p{N}]+/u), name.replace(/\s+/g, ''), ...name.split(/\s+/)];
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** "alex.smith@acme.com", "AlexSmith", "alexsmith2026": the e-mail (or a piece of it), maybe with digits around it. */
function madeOfEmail(password: string, email: string | undefined): boolean {
  const core = lettersAndDigits(password).replace(/^\d+|\d+$/g, '');
  const source = lettersAndDigits(email ?? '');
  return core.length >= 3 && source.includes(core);
}

export function passwordStrength(password: string, owner: PasswordOwner = {}): PasswordStrength {
  const result = zxcvbn().check(password.slice(0, SCORED_LENGTH), ownerWords(owner));
  const fromEmail = madeOfEmail(password, owner.email);
  const score = (fromEmail ? 0 : result.score) as PasswordStrength['score'];
  const problem = fromEmail
    ? AuthMessages.passwordFromEmail
    : score < PASSWORD_MIN_SCORE
      ? AuthMessages.passwordTooWeak
      : undefined;
  const advice = result.feedback.warning ?? result.feedback.suggestions[0] ?? undefined;
  return {
    score,
    label: PasswordStrengthLabels[score],
    ...(problem ? { problem } : {}),
    ...(advice ? { advice } : {}),
  };
}

/** The refusal for a password that is too common, too guessable or made of the e-mail; undefined when it is fine. */
export function weakPasswordError(password: string, owner: PasswordOwner = {}): string | undefined {
  return passwordStrength(password, owner).problem;
}
