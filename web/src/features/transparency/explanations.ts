/**
 * The plain-words explanations of /transparency, one per proof (the long version is
 * docs/transparency.md).
 */
export const EXPLANATIONS = {
  journal:
    'Every posted line of every account is appended, in order, to a public log whose state is summed up ' +
    'by one root hash and signed with our key. Your browser checks that signature itself, checks that ' +
    'each of your history lines is in the log, and checks on every visit that the log only grew since ' +
    'the last one: no line can be changed or removed without it showing.',
  liabilities:
    "Every day we publish the total of all clients' balances as the root of a sum tree. Each client can " +
    'check in their account that their own balance is counted in that total, without seeing anyone ' +
    "else's.",
  statements:
    'Our statements are signed with the same key. Drop a statement PDF here to check that we issued it ' +
    'and that not one byte of it has changed since.',
  evidence:
    'One file with your sealed journal entries and their proofs, the signed checkpoint with its ' +
    'cosignatures, our key history and your proof of liabilities. Keep it: anyone can check it offline, ' +
    'without our code, and one changed byte makes the check fail.',
  limits:
    'These proofs show what we owe, not what we hold: reserves are declared by the operator and we cannot ' +
    'prove them. A client who never checks their proof cannot tell whether their own balance was left ' +
    'out, and the log shows that history was not rewritten, not that each posting was right.',
} as const;
