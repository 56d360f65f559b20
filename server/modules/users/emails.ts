/** The e-mail a client gets when staff block their account (server/modules/users). */
import { escapeHtml, type Mail } from '../../lib/mail';

/** To a client whose account staff blocked: why, and whom to ask (they can no longer sign in). */
export function accountBlockedMail(to: string, reason: string): Mail {
  const paragraphs = [
    'Our staff blocked your account: you cannot sign in, and your sessions have ended.',
    `Reason: ${reason}`,
    'If you believe this is a mistake, reply to this e-mail or write to us through the contact form.',
  ];
  return {
    to,
    subject: 'Your account has been blocked',
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  };
}
