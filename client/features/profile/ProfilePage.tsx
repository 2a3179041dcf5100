import { KeyRound, UserPen } from 'lucide-react';
import { Avatar } from '../../ui/Avatar.js';
import { Badge } from '../../ui/Badge.js';
import { LinkButton } from '../../ui/Button.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { trialDaysLeft } from '../overview/public.js';
import { useSession } from '../session/public.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import styles from './Profile.module.css';
import { ProfileForm } from './ProfileForm.js';

const ROLE_NAMES = { sales: 'Sales Agent', owner: 'Campaign Owner', admin: 'Admin' } as const;
const PLAN_NAMES = { trial: 'Free Trial', pro: 'Pro Agent', matrix: 'Matrix Escape' } as const;

export default function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;

  return (
    <section className={page.page} aria-labelledby="profile-title">
      <h1 id="profile-title" className={page.title}>
        Profile
      </h1>
      <div className={[page.card, styles.identity].join(' ')}>
        <Avatar name={user.name} seed={user.avatarSeed} size={64} />
        <div>
          <h2 className={styles.name}>{user.name}</h2>
          <p className={page.muted}>{user.email}</p>
          <div className={page.row}>
            <Badge tone="blue">{ROLE_NAMES[user.role]}</Badge>
            {user.roleRequest?.status === 'pending' ? (
              <Badge tone="yellow">{ROLE_NAMES[user.roleRequest.role]} requested</Badge>
            ) : null}
            {user.earlyAccess ? <Badge tone="green">Early access</Badge> : null}
          </div>
        </div>
      </div>
      <div className={page.grid}>
        <section className={page.card} aria-labelledby="contact-title">
          <h2 id="contact-title" className={page.cardTitle}>
            Contact
          </h2>
          <dl className={styles.facts}>
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
            <dt>Phone / WhatsApp / Telegram</dt>
            <dd>{user.contact || 'Not given'}</dd>
            <dt>Referral code</dt>
            <dd>
              <code>{user.referralCode}</code>
            </dd>
            <dt>Member since</dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </dl>
        </section>
        <section className={page.card} aria-labelledby="plan-title">
          <h2 id="plan-title" className={page.cardTitle}>
            Plan
          </h2>
          <p>
            {PLAN_NAMES[user.plan.tier]}
            {user.plan.tier === 'trial' ? ` · ${trialDaysLeft(user.plan.trialEndsAt)} days left` : ''}
          </p>
          <LinkButton href="/dashboard/plans" variant="secondary">
            View Plans
          </LinkButton>
        </section>
      </div>
      <div className={page.grid}>
        <section className={page.card} aria-labelledby="edit-profile-title">
          <h2 id="edit-profile-title" className={page.cardTitle}>
            <UserPen size={18} aria-hidden="true" /> Edit Profile
          </h2>
          <ProfileForm key={user.id} user={user} />
        </section>
        <section className={page.card} aria-labelledby="password-title">
          <h2 id="password-title" className={page.cardTitle}>
            <KeyRound size={18} aria-hidden="true" /> Password
          </h2>
          <ChangePasswordForm user={user} />
        </section>
      </div>
    </section>
  );
}
