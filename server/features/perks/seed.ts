import type { SeedStep } from '../feature.js';
import { savePerk, type NewPerk } from './service.js';

const DAY = 24 * 3600 * 1000;

/** Egypt Perks demo catalogue. One perk is already expired, to show that expired perks stay hidden. */
function demoPerks(now: Date): NewPerk[] {
  const inDays = (days: number) => new Date(now.getTime() + days * DAY);
  return [
    {
      title: 'Free Trip to Sharm El Sheikh',
      description: 'Close 10 deals in a month and win a 3-night stay for two at a Red Sea resort.',
      location: 'Sharm El Sheikh, Egypt',
      discount: 'Free trip',
      category: 'travel',
      isNew: true,
      isLimited: true,
      validUntil: inDays(60),
      code: 'WARRIOR-SHARM',
      link: 'https://www.egypt.travel',
    },
    {
      title: 'Nile Cruise Weekend',
      description: '25% off a Luxor to Aswan Nile cruise for you and your family.',
      location: 'Luxor, Egypt',
      discount: '25% off',
      category: 'travel',
      isNew: false,
      isLimited: false,
      code: 'NILE25',
    },
    {
      title: 'Office Commute Rides',
      description: 'Ride credits for your trips to the Cairo office: transport compensation made easy.',
      location: 'Cairo, Egypt',
      discount: 'EGP 150 credit',
      category: 'transport',
      isNew: true,
      isLimited: false,
      code: 'RIDE150',
    },
    {
      title: 'Airport Transfers',
      description: '15% off private airport transfers at Cairo International.',
      location: 'Cairo, Egypt',
      discount: '15% off',
      category: 'transport',
      isNew: false,
      isLimited: false,
      code: 'CAIAIR15',
    },
    {
      title: 'Mall Shopping Card',
      description: '10% off at participating stores in the biggest malls of New Cairo.',
      location: 'New Cairo, Egypt',
      discount: '10% off',
      category: 'shopping',
      isNew: false,
      isLimited: false,
      code: 'SHOP10',
    },
    {
      title: 'Coworking Day Pass',
      description: 'Partner coworking spaces in Zamalek and Maadi: meeting rooms and fast Wi-Fi for client calls.',
      location: 'Zamalek & Maadi, Egypt',
      discount: '2 free days a month',
      category: 'partnership',
      isNew: true,
      isLimited: true,
      validUntil: inDays(30),
      code: 'COWORK2',
    },
    {
      title: 'Web Hosting for Agents',
      description: '50% off the first year of hosting for your personal sales page.',
      location: 'Online',
      discount: '50% off',
      category: 'hosting',
      isNew: false,
      isLimited: false,
      code: 'HOST50',
    },
    {
      title: 'Summer Sale Voucher',
      description: "Last summer's voucher: expired and hidden from the list.",
      location: 'Alexandria, Egypt',
      discount: '20% off',
      category: 'shopping',
      isNew: false,
      isLimited: true,
      validUntil: new Date(now.getTime() - 30 * DAY),
      code: 'SUMMER20',
    },
  ];
}

export const perksSeedStep: SeedStep = {
  name: 'perks',
  async run(platform) {
    for (const perk of demoPerks(platform.clock.now())) await savePerk(platform, perk);
  },
};
