import { Activity, Banknote } from 'lucide-react';
import { LinkButton } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import { AdminOnly } from './AdminOnly.js';
import { RoleRequests } from './RoleRequests.js';
import { WaitlistTable } from './WaitlistTable.js';

export default function WaitlistAdminPage() {
  return (
    <AdminOnly title="Waitlist">
      <section className={page.page} aria-labelledby="waitlist-admin-title">
        <div className={page.pageHead}>
          <div>
            <h1 id="waitlist-admin-title" className={page.title}>
              Waitlist
            </h1>
            <p className={page.subtitle}>Sign-ups by position, early access, access grants and role requests.</p>
          </div>
          <div className={page.row}>
            <LinkButton href="/admin/payouts" variant="secondary">
              <Banknote size={16} aria-hidden="true" /> Payouts
            </LinkButton>
            <LinkButton href="/admin/queues" variant="secondary">
              <Activity size={16} aria-hidden="true" /> Queue dashboard
            </LinkButton>
          </div>
        </div>
        <WaitlistTable />
        <RoleRequests />
      </section>
    </AdminOnly>
  );
}
