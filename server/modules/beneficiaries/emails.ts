/** The address book's confirmation e-mail (lib/mail-templates.ts renders it in the brand's layout). */
import { mailTemplate, type MailMessage } from '../../lib/mail-templates';

const body = mailTemplate(`<p>A new withdrawal destination was added to your {{brand.name}} address book:</p>
<p><strong>{{label}}</strong><br>{{destination}}</p>
<p>To confirm it, open this link within {{hours}} hours (it works once):</p>
<p><a href="{{link}}">Confirm this destination</a></p>
<p>Once confirmed it becomes usable after a waiting period of {{delay}} hours, during which you can cancel it from your account.</p>
<p>If you did not add it, do not open the link: change your password and write to {{brand.supportEmail}}.</p>`);

/**
 * To a client who added a destination: the single-use confirmation `link` (valid `hours` hours), the
 * destination's `label` and masked `destination`, and the waiting period (`delay`, hours) that follows.
 */
export function beneficiaryConfirmationMail(
  to: string,
  data: { link: string; label: string; destination: string; hours: number; delay: number },
  name?: string | null,
): MailMessage {
  return { to, subject: 'Confirm your new withdrawal destination', body, data, name, kind: 'account' };
}
