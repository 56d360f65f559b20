/** The withdrawal confirmation code e-mail (lib/mail-templates.ts renders it in the brand's layout). */
import { mailTemplate, type MailMessage } from '../../lib/mail-templates';

const body = mailTemplate(`<p>Your {{brand.name}} withdrawal confirmation code is:</p>{{bigCode code}}
<p>It expires in 10 minutes and works once. Enter it on the withdrawal form to send your request.</p>
<p>If you did not ask to withdraw, do not share it, change your password and write to {{brand.supportEmail}}: nobody from our team will ever ask you for this code.</p>`);

/** To a client who asked for a withdrawal code (10 minutes, single use). */
export function withdrawalCodeMail(to: string, code: string, name?: string): MailMessage {
  return { to, subject: 'Your withdrawal confirmation code', body, data: { code }, name, kind: 'money' };
}
