/**
 * A client with history lines the owner posted: the set-up of the journeys that need money on an
 * account without going through deposits (the history, the statements, the chart, transparency).
 */
import { ADMIN, call, signUpVerified, type ReadMail, type SignUp } from './journey';

/** A history line as the owner posts it (POST /api/transaction/:id): USD, its kind and details. */
export interface OwnerLine {
  amount: number;
  transactionType: 'deposit' | 'withdrawal' | 'profit' | 'bonus';
  details: string;
  /** When the line took effect (back-dated lines); now when left out. */
  date?: Date;
}

/**
 * Signs `signUp` up and verifies their e-mail (journey.ts `signUpVerified`), signs the owner in,
 * and posts `lines` for the client in order. Answers the client's id and token, the owner's token
 * and `post`, which posts one more line as the owner and answers the API's answer (a line four-eyes
 * holds stays held: the lines of these journeys are below its threshold).
 */
export async function clientWithLines(readMail: ReadMail, signUp: SignUp, lines: OwnerLine[] = []) {
  const { id, token } = await signUpVerified(readMail, signUp);
  const { token: ownerToken } = (await call('POST', '/auth/signin', ADMIN)) as { token: string };
  const post = (line: OwnerLine) => call('POST', `/transaction/${id}`, line, ownerToken);
  for (const line of lines) await post(line);
  return { id, token, ownerToken, post };
}
