import {
  Bot,
  CalendarDays,
  ChartColumn,
  ClipboardList,
  FileText,
  FolderOpen,
  Gift,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  Megaphone,
  Mic,
  Network,
  Phone,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavEntry {
  href: string;
  label: string;
  icon: LucideIcon;
  badge?: 'NEW' | 'SOON';
}

/** The sidebar of spec 1 ("Dashboard shell"), in its order. */
export const MAIN_NAV: NavEntry[] = [
  { href: '/dashboard', label: 'Overview', icon: LayoutDashboard },
  { href: '/dashboard/campaigns', label: 'Campaigns', icon: Megaphone },
  { href: '/dashboard/leads', label: 'Leads', icon: Users },
  { href: '/dashboard/calls', label: 'Calls', icon: Phone },
  { href: '/dashboard/insights', label: 'Insights', icon: ChartColumn },
  { href: '/dashboard/calendar', label: 'Calendar', icon: CalendarDays },
  { href: '/dashboard/bonsai', label: 'My Bonsai', icon: Network },
  { href: '/dashboard/perks', label: 'Egypt Perks', icon: Gift, badge: 'NEW' },
  { href: '/dashboard/waitlist-admin', label: 'Waitlist', icon: ClipboardList },
  { href: '/dashboard/settings', label: 'Settings', icon: Settings },
  { href: '/dashboard/support', label: 'Support', icon: LifeBuoy },
];

export const RESOURCES_NAV: NavEntry[] = [
  { href: '/resources/materials', label: 'Materials', icon: FolderOpen },
  { href: '/resources/scripts', label: 'Sales Scripts', icon: FileText },
  { href: '/resources/voice-notes', label: 'Voice Notes', icon: Mic },
  { href: '/resources/ai-rebuttals', label: 'AI Rebuttals', icon: Bot, badge: 'SOON' },
  { href: '/lead-management', label: 'Lead Management', icon: ListChecks },
];

/**
 * Active by route prefix; the overview is the prefix of every dashboard route, so it is active only on
 * itself (and on the pages reached from it that have no entry of their own, like the plans page).
 */
export function isActive(href: string, location: string): boolean {
  if (href === '/dashboard')
    return location === '/dashboard' || location === '/dashboard/' || location === '/dashboard/plans';
  return location === href || location.startsWith(`${href}/`);
}
