/** The staff invitation e-mail (server/modules/staff). The name is escaped in the HTML part. */
import { escapeHtml, type Mail } from '../../lib/mail';

/** To an invited staff member: the single-use link to set their password, valid 24 hours. */
export function invitationMail(to: string, firstName: string, link: string): Mail {
  const paragraphs = [
    `Hello ${firstName},`,
    'You have been invited to the back office of the broker portal. Set your password with this link; it works once and expires in 24 hours:',
    link,
    'Then sign in at the admin login page and turn on two-factor authentication when asked. If you did not expect this invitation, ignore this e-mail.',
  ];
  return {
    to,
    subject: 'Your invitation to the back office',
    text: paragraphs.join('\n\n'),
    html: paragraphs
      .map((p) =>
        p === link
          ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : `<p>${escapeHtml(p)}</p>`,
      )
      .join(''),
  };
}
