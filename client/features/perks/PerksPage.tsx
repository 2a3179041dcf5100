import { useParams } from 'wouter';
import { UnderConstruction } from '../dashboard/UnderConstruction.js';

const TITLES: Record<string, string> = { travel: 'Free Trip Opportunities', transport: 'Transport Perks', partnerships: 'Partnerships' };

export default function PerksPage() {
  const { category } = useParams<{ category?: string }>();
  return (
    <UnderConstruction title={(category && TITLES[category]) || 'Egypt Perks'}>
      Discounts, trips and partner offers for agents, with their discount codes, will appear here.
    </UnderConstruction>
  );
}
