import type { BonsaiMember } from '../../../shared/schemas/bonsai/get.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { formatCents, formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import styles from './Bonsai.module.css';

export function TeamMembers({ members }: { members: readonly BonsaiMember[] }) {
  return (
    <section className={page.card} aria-labelledby="team-members-title">
      <h2 id="team-members-title" className={page.cardTitle}>
        Team Members
      </h2>
      {members.length === 0 ? (
        <EmptyState title="No team members yet...">
          <span>Invite people with your referral link; they join your Bonsai when they sign up.</span>
        </EmptyState>
      ) : (
        <div
          className={[page.tableWrap, styles.membersScroll].join(' ')}
          tabIndex={0}
          role="region"
          aria-labelledby="team-members-title"
        >
          <table className={page.table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Level</th>
                <th scope="col" className={page.num}>
                  Earnings
                </th>
                <th scope="col" className={page.num}>
                  Your override
                </th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.name}
                    {member.onCall ? <span className={styles.onCall}>On a call</span> : null}
                  </td>
                  <td>{member.email}</td>
                  <td>{member.level}</td>
                  <td className={page.num}>{formatCents(member.earnings)}</td>
                  <td className={page.num}>{formatCents(member.overrideToViewer)}</td>
                  <td>{formatDate(member.joinedDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
