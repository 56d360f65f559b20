/**
 * Masks another client's e-mail for the referral list (docs/product.md): the first character of the
 * local part, three asterisks, and the domain — `jane.doe@example.com` → `j***@example.com`.
 * Anything without a local part and a domain becomes `***`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return '***';
  return `${[...email.slice(0, at)][0]}***${email.slice(at)}`;
}
