/** The e-mail a client gets when staff block their account (server/modules/users). */
import { mailTemplate, type MailMessage } from '../../lib/mail-templates';

const body =
  mailTemplate(`<p>Our staff blocked your account: you cannot sign in, and your sessions have ended.</p>
<p>Reason: {{reason}}</p>
<p>If you believe this is a mistake, reply to this e-mail or write to {{brand.supportEmail}}.</p>`);

/** To a client whose account staff blocked: why, and whom to ask (they can no longer sign in). */
export function accountBlockedMail(to: string, reason: string, name?: string): MailMessage {
  return { to, subject: 'Your account has been blocked', body, data: { reason }, name };
}
