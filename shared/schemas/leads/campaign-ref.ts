import { Type } from 'typebox';

/** A campaign named by its id or by its slug (`hotel`), as every campaign route takes it. */
export const CampaignIdOrSlug = Type.String({
  pattern: '^[0-9A-Za-z][0-9A-Za-z-]{0,99}$',
  errorMessage: 'Campaign not found.',
});
