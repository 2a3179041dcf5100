/** Spec 2 section 8 (Campaigns) and the overview toasts, word for word, plus the cases the spec does not show. */
export const CampaignMessages = {
  comingSoonTitle: 'Coming Soon',
  comingSoon: 'This campaign will be available soon. Join our waitlist to get early access.',
  joinedTitle: 'Campaign Joined',
  joined: "You've successfully joined this campaign!",
  selectedTitle: (name: string) => `Campaign selected: ${name}`,
  selected: "You'll now receive leads for this campaign.",
  notFound: 'No campaigns found',
  notOwner: 'Only the owner of this campaign or an admin can change it.',
  ownersOnly: 'Only campaign owners and admins can create campaigns.',
  invalid: 'Please fill in all fields',
  slugTaken: 'A campaign with this name already exists.',
} as const;
