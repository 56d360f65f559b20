/**
 * Texts of the auth e-mails. The code appears in the text body; no user-supplied text is used.
 */
import type { Mail } from '../../lib/mail';

/** E-mail carrying a 6-digit code, valid for 10 minutes. */
export function otpMail(to: string, code: string, purpose: 'verify' | 'reset'): Mail {
  const what = purpose === 'verify' ? 'verify your e-mail address' : 'reset your password';
  const subject = purpose === 'verify' ? 'Your e-mail verification code' : 'Your password reset code';
  return {
    to,
    subject,
    text: `Your code to ${what} is ${code}.\n\nIt expires in 10 minutes and works once. If you did not ask for it, ignore this e-mail; nobody from our team will ever ask you for this code.`,
    html: `<p>Your code to ${what} is <strong style="font-size:20px;letter-spacing:3px">${code}</strong>.</p><p>It expires in 10 minutes and works once. If you did not ask for it, ignore this e-mail; nobody from our team will ever ask you for this code.</p>`,
  };
}
