/** The withdrawal confirmation code e-mail (lib/mail-templates.ts renders it in the brand's layout). */
import { mailTemplate, type MailMessage } from '../../lib/mail-templates';

const body =
  mailTemplate(`<p>Your {{brand.name}} code to confirm a withdrawal of <strong>\${{amount}}</strong> to <strong>{{destination}}</strong> is:</p>{{bigCode code}}
<p>It expires in 10 minutes, works once, and confirms only this withdrawal: a different amount or destination needs a new code. Enter it on the withdrawal form to send your request.</p>
<p>If you did not ask to withdraw, do not share it, change your password and write to {{brand.supportEmail}}: nobody from our team will ever ask you for this code.</p>`);

/**
 * To a client who asked for a withdrawal code (10 minutes, single use) for the withdrawal of
 * `withdrawal.amount` (USD, formatted) to `withdrawal.destination` (masked).
 */
export function withdrawalCodeMail(
  to: string,
  code: string,
  withdrawal: { amount: string; destination: string },
  name?: string,
): MailMessage {
  return {
    to,
    subject: 'Your withdrawal confirmation code',
    body,
    data: { code, ...withdrawal },
    name,
    kind: 'money',
  };
}
