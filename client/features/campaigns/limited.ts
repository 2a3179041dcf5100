interface LimitedCampaign {
  isLimited?: boolean;
  limitedUntil?: string | null;
}

/**
 * The "Limited" badge's text, or null when there is none: a limit whose date has passed is over, so the badge
 * ends with it instead of announcing a date in the past.
 */
export function limitedBadge(
  campaign: LimitedCampaign,
  formatDate: (iso: string) => string,
  now = Date.now(),
): string | null {
  if (!campaign.isLimited) return null;
  if (!campaign.limitedUntil) return 'Limited';
  const until = Date.parse(campaign.limitedUntil);
  if (Number.isNaN(until)) return 'Limited';
  return until > now ? `Limited until ${formatDate(campaign.limitedUntil)}` : null;
}
