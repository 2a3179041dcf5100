import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import styles from './Legal.module.css';

const DOCUMENTS = {
  terms: {
    title: 'Terms of Service',
    sections: [
      {
        heading: 'Commission only',
        text: 'Commission Warriors connects independent sales agents with campaigns. It is not a job: there is no base salary, no employment relationship and no guaranteed income. You earn the commission a campaign pays on the deals you open or close, and overrides on the production of agents you recruit, as stated on each campaign.',
      },
      {
        heading: 'Your account',
        text: 'Keep your password and authenticator codes to yourself. You are responsible for what happens under your account. Roles beyond Sales Agent are granted by an administrator.',
      },
      {
        heading: 'Leads and calls',
        text: 'Leads are supplied for the campaign they belong to and may only be contacted for that campaign, within its calling hours and the law of the lead’s country.',
      },
      {
        heading: 'Ending',
        text: 'You may stop at any time. We may suspend accounts that misuse leads, mislead customers or abuse other agents.',
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    sections: [
      {
        heading: 'What we keep',
        text: 'For the waitlist: your name, e-mail, contact handle or number and the campaign you are interested in. For accounts: your name, e-mail, a salted password hash, your role, your referral code and your upline, and the work you do in the dashboard (leads, calls, deals, commissions).',
      },
      {
        heading: 'Why',
        text: 'To run the waitlist and your account, to send the e-mails you asked for (confirmation, verification, password reset), and to pay commissions and overrides correctly.',
      },
      {
        heading: 'Cookies and storage',
        text: 'One HttpOnly cookie keeps you signed in (30 days with "Remember me", otherwise until the browser closes). Your browser also stores your theme choice and, if our server cannot be reached, a waitlist entry until it can be sent.',
      },
      {
        heading: 'Your rights',
        text: 'Ask support to see, correct or delete your data at any time.',
      },
    ],
  },
} as const;

export default function LegalPage({ document }: { document: keyof typeof DOCUMENTS }) {
  const { title, sections } = DOCUMENTS[document];
  return (
    <main className={styles.page}>
      <Link href="/" className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" /> Back to home
      </Link>
      <h1>{title}</h1>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
    </main>
  );
}
