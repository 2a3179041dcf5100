/**
 * Campaign-specific lead fields of spec 2 section 3, grouped the way an agent reads them. Keys not listed here
 * (e.g. columns kept from an imported CSV) are shown under "Other details".
 */
const GROUPS: Record<string, Array<{ title: string; keys: string[] }>> = {
  hotel: [
    { title: 'Stay', keys: ['preferredHotels', 'travelFrequency', 'roomType', 'checkIn', 'checkOut', 'guestCount'] },
    { title: 'Event', keys: ['eventDate', 'attendees', 'roomsNeeded', 'roomTypeSplit', 'meetingRooms', 'catering'] },
  ],
  adwords: [
    {
      title: 'Advertising',
      keys: [
        'location',
        'targetKeywords',
        'keywordGroups',
        'monthlyBudget',
        'budgetAllocation',
        'competitors',
        'targetCities',
      ],
    },
  ],
  'real-estate': [
    {
      title: 'Property',
      keys: ['propertyType', 'location', 'bedrooms', 'bathrooms', 'furnishing', 'amenities', 'interestedProjects'],
    },
    { title: 'Budget and payment', keys: ['budget', 'timeframe', 'paymentMethod', 'downPayment', 'installments'] },
    { title: 'US financing', keys: ['mortgage', 'marketValue', 'taxes', 'hoaFees'] },
  ],
};

export interface DetailGroup {
  title: string;
  entries: Array<[string, unknown]>;
}

export function groupDetails(campaignSlug: string, details: Record<string, unknown>): DetailGroup[] {
  const groups = GROUPS[campaignSlug.startsWith('real-estate') ? 'real-estate' : campaignSlug] ?? [];
  const used = new Set<string>();
  const result: DetailGroup[] = [];
  for (const group of groups) {
    const entries = group.keys
      .filter((key) => details[key] != null && details[key] !== '')
      .map((key) => [key, details[key]] as [string, unknown]);
    for (const [key] of entries) used.add(key);
    if (entries.length) result.push({ title: group.title, entries });
  }
  const rest = Object.entries(details).filter(([key, value]) => !used.has(key) && value != null && value !== '');
  if (rest.length) result.push({ title: result.length ? 'Other details' : 'Details', entries: rest });
  return result;
}
