/** The staff invitation e-mail (server/modules/staff; lib/mail-templates.ts renders it). */
import { mailTemplate, type MailMessage } from '../../lib/mail-templates';

const body =
  mailTemplate(`<p>You have been invited to the back office of {{brand.name}}. Set your password with this link; it works once and expires in 24 hours:</p>
<p><a href="{{link}}">{{link}}</a></p>
<p>Then sign in at the admin login page and turn on two-factor authentication when asked. If you did not expect this invitation, ignore this e-mail.</p>`);

/** To an invited staff member: the single-use link to set their password, valid 24 hours. */
export function invitationMail(to: string, firstName: string, link: string): MailMessage {
  return { to, subject: 'Your invitation to the back office', body, data: { link }, name: firstName };
}
