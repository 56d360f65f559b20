/**
 * The /api/auth lines of the authorization matrix (authorization.test.ts POLICY, whose doc says
 * what each access level expects): sign-up and sign-in, account security, sessions and passkeys.
 * None names another user's object: `user` routes act on the caller's own account.
 */
export const AUTH_POLICY: Record<string, { access: 'public' | 'user' }> = {
  'POST /api/auth/signup': { access: 'public' },
  'POST /api/auth/signin': { access: 'public' },
  'POST /api/auth/verify-email': { access: 'user' },
  'POST /api/auth/resend-otp': { access: 'user' },
  'POST /api/auth/signout': { access: 'public' },
  'GET /api/auth/user': { access: 'user' },
  'POST /api/auth/change-password': { access: 'user' },
  'POST /api/auth/forgot-password': { access: 'public' },
  'POST /api/auth/reset-password': { access: 'public' },
  'POST /api/auth/two-factor/verify': { access: 'public' },
  'POST /api/auth/two-factor/setup': { access: 'user' },
  'POST /api/auth/two-factor/enable': { access: 'user' },
  'POST /api/auth/two-factor/disable': { access: 'user' },
  'GET /api/auth/sessions': { access: 'user' },
  'DELETE /api/auth/sessions/:id': { access: 'user' },
  'POST /api/auth/sessions/revoke-others': { access: 'user' },
  'GET /api/auth/sign-in-history': { access: 'user' },
  'GET /api/auth/passkey/generate-register-options': { access: 'user' },
  'POST /api/auth/passkey/verify-registration': { access: 'user' },
  'GET /api/auth/passkey/generate-authenticate-options': { access: 'public' },
  'POST /api/auth/passkey/verify-authentication': { access: 'public' },
  'GET /api/auth/passkeys': { access: 'user' },
  'PATCH /api/auth/passkeys/:id': { access: 'user' },
  'DELETE /api/auth/passkeys/:id': { access: 'user' },
  'POST /api/auth/this-wasnt-me': { access: 'public' },
};
