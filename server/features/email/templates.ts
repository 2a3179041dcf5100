import type { EmailTemplateName } from '../../../shared/queues.js';

type Data = Record<string, string | number | boolean | undefined>;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px;color:#111827">Commission Warriors</h1>${bodyHtml}
<p style="font-size:12px;color:#6b7280;margin-top:32px">You received this e-mail because of an action on Commission Warriors. If it was not you, ignore it.</p>
</td></tr></table></td></tr></table></body></html>`;
}

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#16a34a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;

const renderers: Record<EmailTemplateName, (d: Data) => RenderedEmail> = {
  verification: (d) => ({
    subject: `Your Commission Warriors verification code: ${d.code}`,
    text: `Hi ${d.name ?? ''},\n\nYour verification code is ${d.code}. It is valid for 10 minutes.\n\nIf you did not create an account, ignore this e-mail.`,
    html: layout(
      'Verify your e-mail',
      `<p>Hi ${escapeHtml(d.name)},</p><p>Your verification code is:</p><p style="font-size:32px;letter-spacing:8px;font-weight:bold">${escapeHtml(d.code)}</p><p>It is valid for 10 minutes.</p>`,
    ),
  }),
  'waitlist-confirmation': (d) => ({
    subject: "You're on the Commission Warriors waitlist",
    text: `Hi ${d.name},\n\nYou've been added to our waitlist for ${d.campaignInterest}. Your position: #${d.position}.${d.earlyAccess ? '\nYou are among the first 50: early access bonuses are yours (5% override on your first 5 recruits plus beta access).' : ''}\n\nWe'll be in touch soon.`,
    html: layout(
      'Waitlist confirmation',
      `<p>Hi ${escapeHtml(d.name)},</p><p>You've been added to our waitlist for <strong>${escapeHtml(d.campaignInterest)}</strong>.</p><p>Your position: <strong>#${escapeHtml(d.position)}</strong></p>${d.earlyAccess ? '<p>You are among the first 50: early access bonuses are yours (5% override on your first 5 recruits plus beta access).</p>' : ''}<p>We'll be in touch soon.</p>`,
    ),
  }),
  'password-reset': (d) => ({
    subject: 'Reset your Commission Warriors password',
    text: `Hi ${d.name},\n\nUse this code to reset your password: ${d.code}\nOr open ${d.link}\n\nIt is valid for 30 minutes and can be used once. If you did not ask for it, ignore this e-mail.`,
    html: layout(
      'Reset your password',
      `<p>Hi ${escapeHtml(d.name)},</p><p>Use this code to reset your password:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(d.code)}</p>${button(String(d.link), 'Reset password')}<p>It is valid for 30 minutes and can be used once.</p>`,
    ),
  }),
  'login-code': (d) => ({
    subject: `Your Commission Warriors sign-in code: ${d.code}`,
    text: `Hi ${d.name},\n\nThere have been several failed sign-ins to your account, so signing in now takes this code as well as your password: ${d.code}\n\nIt is valid for 10 minutes and can be used once. If you were not signing in, someone may be guessing your password: your account stays protected, and changing your password is a good idea.`,
    html: layout(
      'Your sign-in code',
      `<p>Hi ${escapeHtml(d.name)},</p><p>There have been several failed sign-ins to your account, so signing in now takes this code as well as your password:</p><p style="font-size:32px;letter-spacing:8px;font-weight:bold">${escapeHtml(d.code)}</p><p>It is valid for 10 minutes and can be used once. If you were not signing in, someone may be guessing your password: your account stays protected, and changing your password is a good idea.</p>`,
    ),
  }),
  invitation: (d) => ({
    subject: `${d.inviterName} invited you to join their Commission Warriors team`,
    text: `Hi,\n\n${d.inviterName} invited you to join their team on Commission Warriors.\nSign up here: ${d.link}`,
    html: layout(
      'Team invitation',
      `<p>Hi,</p><p>${escapeHtml(d.inviterName)} invited you to join their team on Commission Warriors.</p>${button(String(d.link), 'Join the team')}`,
    ),
  }),
  'support-request': (d) => ({
    subject: `Support request: ${d.subject}`,
    text: `From ${d.name} <${d.email}>\n\n${d.message}`,
    html: layout(
      'Support request',
      `<p>From ${escapeHtml(d.name)} &lt;${escapeHtml(d.email)}&gt;</p><p style="white-space:pre-wrap">${escapeHtml(d.message)}</p>`,
    ),
  }),
  'support-confirmation': (d) => ({
    subject: `We received your message: ${d.subject}`,
    text: `Hi ${d.name},\n\nThanks for writing to Commission Warriors support. Our team will answer you by e-mail.\n\nYour message:\n${d.message}`,
    html: layout(
      'Support request received',
      `<p>Hi ${escapeHtml(d.name)},</p><p>Thanks for writing to Commission Warriors support. Our team will answer you by e-mail.</p><p>Your message:</p><p style="white-space:pre-wrap">${escapeHtml(d.message)}</p>`,
    ),
  }),
  'rebuttals-waitlist': () => ({
    subject: "You're on the AI Rebuttals waitlist",
    text: "Thanks! You're on the AI Rebuttals waitlist. Early-access members get 100 free AI-generated rebuttals.",
    html: layout(
      'AI Rebuttals waitlist',
      "<p>Thanks! You're on the AI Rebuttals waitlist.</p><p>Early-access members get 100 free AI-generated rebuttals.</p>",
    ),
  }),
};

export function renderEmail(template: EmailTemplateName, data: Data): RenderedEmail {
  return renderers[template](data);
}
