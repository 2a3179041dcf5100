import { Briefcase, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useLocation } from 'wouter';
import { RoleMessages } from '../../../shared/schemas/me/role.js';
import type { Role } from '../../../shared/types/user.js';
import { api, ApiError } from '../../api/client.js';
import { errorToast, toast } from '../../ui/toast.js';
import { replaceUser } from '../session/public.js';
import { session, useSession } from '../session/public.js';
import styles from './Auth.module.css';
import { AuthLayout } from './AuthLayout.js';

const ROLES: Array<{ role: Role; name: string; text: string; note?: string; icon: LucideIcon }> = [
  {
    role: 'sales',
    name: 'Sales Agent',
    text: 'Join campaigns, get leads, close deals and earn commissions.',
    icon: UserRound,
  },
  {
    role: 'owner',
    name: 'Campaign Owner',
    text: 'Create campaigns, set payouts and build a sales team.',
    note: 'Needs approval',
    icon: Briefcase,
  },
  { role: 'admin', name: 'Admin', text: 'Full platform access.', note: 'Restricted', icon: ShieldCheck },
];

/**
 * After verification. The server decides: sales is assigned, owner becomes a request for an admin (the
 * user works as sales meanwhile), admin is refused. Either way the user continues as what they are now.
 */
export default function RoleSelectionPage() {
  const { status } = useSession();
  const [processing, setProcessing] = useState<Role | null>(null);
  const [, navigate] = useLocation();

  async function choose(role: Role) {
    setProcessing(role);
    try {
      const answer = await api('/api/me/role', { body: { role }, quiet: true });
      replaceUser(answer.user);
      if (answer.notice) {
        toast({
          title: answer.notice,
          description: 'Your request has been submitted for approval. You can work as a Sales Agent meanwhile.',
        });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && role === 'admin') {
        errorToast(error.title ?? RoleMessages.adminDeniedTitle, error.message);
      } else if (error instanceof ApiError && error.status === 401) {
        errorToast('Error', error.message);
        return navigate('/login');
      } else {
        setProcessing(null);
        return void errorToast('Something went wrong', 'Please try again later.');
      }
    }
    toast({
      title: 'Role updated!',
      description: `You are now a ${session.user?.role ?? 'sales'}.`,
      variant: 'success',
    });
    navigate('/dashboard');
  }

  return (
    <AuthLayout
      wide
      title="Choose Your Role"
      subtitle="How will you use Commission Warriors? A role change can be requested later."
    >
      <ul className={styles.roles} aria-busy={processing !== null}>
        {ROLES.map(({ role, name, text, note, icon: Icon }) => (
          <li key={role}>
            <Button
              className={[styles.role, processing === role ? styles.roleChosen : ''].join(' ')}
              onPress={() => void choose(role)}
              isDisabled={processing !== null || status === 'loading'}
            >
              <Icon size={28} className={styles.roleIcon} aria-hidden="true" />
              <span className={styles.roleName}>{name}</span>
              <span className={styles.roleText}>{text}</span>
              {processing === role ? (
                <span className={styles.roleNote}>Processing...</span>
              ) : note ? (
                <span className={styles.roleNote}>{note}</span>
              ) : null}
            </Button>
          </li>
        ))}
      </ul>
    </AuthLayout>
  );
}
