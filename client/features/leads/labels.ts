import type { LeadDisposition, LeadStage } from '../../../shared/constants.js';
import type { BadgeTone } from '../../ui/Badge.js';
import { displayPhone } from '../../../shared/phone-display.js';

/** Spec 1 lead badges: New blue, Contacted yellow, Qualified green, anything else neutral. */
export const STAGE_TONES: Partial<Record<LeadStage, BadgeTone>> = {
  New: 'blue',
  Contacted: 'yellow',
  Qualified: 'green',
  Proposal: 'accent',
  Closed: 'green',
};

export const DISPOSITION_TONES: Partial<Record<LeadDisposition, BadgeTone>> = {
  New: 'blue',
  Answered: 'yellow',
  VM: 'yellow',
  'Follow Up': 'yellow',
  Potential: 'green',
  Closed: 'green',
};

/** Stored phones are digits with the country code: US ones read "+1 (xxx) xxx-xxxx", others grouped internationally. */
export function formatPhone(phone: string | undefined): string {
  if (!phone) return '';
  return displayPhone(/^\d{11,}$/.test(phone) && !phone.startsWith('1') ? `+${phone}` : phone, { withUsCode: true });
}

/** "preferredHotels" -> "Preferred hotels"; CSV headers keep their own words. */
export function detailLabel(key: string): string {
  if (/[\s_-]/.test(key) || key.toUpperCase() === key) return key.replace(/[_-]+/g, ' ');
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function detailValue(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(detailValue).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${detailLabel(k)}: ${detailValue(v)}`)
      .join('; ');
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return String(value);
}
