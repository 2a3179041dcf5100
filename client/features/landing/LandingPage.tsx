import { LayoutDashboard, LogIn } from 'lucide-react';
import { LinkButton } from '../../ui/Button.js';
import { useSession } from '../session/public.js';
import { CampaignDirectory } from './CampaignDirectory.js';
import { useCampaigns } from './campaigns.js';
import { DemoSection } from './DemoSection.js';
import { Footer } from './Footer.js';
import { Hero } from './Hero.js';
import styles from './Landing.module.css';
import { PlansSection } from './PlansSection.js';
import { RightForYouSection } from './RightForYouSection.js';
import { UnlockSection } from './UnlockSection.js';
import { WaitlistSection } from './WaitlistSection.js';

/** Sections in the spec's order: hero, waitlist, unlock, plans, fit, campaigns, demo, footer. */
export function LandingPage() {
  const [campaigns, retryCampaigns] = useCampaigns();
  const { status } = useSession();
  return (
    <div className={styles.page}>
      <header className={styles.topbar}>
        <span className={styles.brand}>Commission Warriors</span>
        {status === 'signedIn' ? (
          <LinkButton href="/dashboard" variant="ghost" size="sm">
            <LayoutDashboard size={16} aria-hidden="true" /> Dashboard
          </LinkButton>
        ) : (
          <LinkButton href="/login" variant="ghost" size="sm">
            <LogIn size={16} aria-hidden="true" /> Login
          </LinkButton>
        )}
      </header>
      <main>
        <Hero />
        <WaitlistSection />
        <UnlockSection />
        <PlansSection />
        <RightForYouSection />
        <CampaignDirectory state={campaigns} retry={retryCampaigns} />
        <DemoSection campaigns={campaigns} />
      </main>
      <Footer />
    </div>
  );
}
