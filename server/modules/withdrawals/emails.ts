/** The withdrawal confirmation code e-mail. The code is in the text body; no user text is used. */
import type { Mail } from '../../lib/mail';

export function withdrawalCodeMail(to: string, code: string): Mail {
  const note =
    'It expires in 10 minutes and works once. If you did not ask to withdraw, do not share it and change your password; nobody from our team will ever ask you for this code.';
  return {
    to,
    subject: 'Your withdrawal confirmation code',
    text: `Your withdrawal confirmation code is ${code}.\n\n${note}`,
    html: `<p>Your withdrawal confirmation code is <strong style="font-size:20px;letter-spacing:3px">${code}</strong>.</p><p>${note}</p>`,
  };
}
