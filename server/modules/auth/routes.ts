/**
 * /api/auth: sign-up, sign-in (with its second step), e-mail verification and passwords.
 * Thin handlers: validate (zod schema on the route), call the auth service, present the result.
 * Two-factor settings and sessions are in security-routes.ts.
 *
 * | method | path                      | who      | body                                   |
 * | POST   | /signup                   | anyone   | signupSchema                           |
 * | POST   | /signin[?as=admin]        | anyone   | { email, password, remember? }         |
 * | POST   | /two-factor/verify        | anyone   | { challenge, code, remember? }         |
 * | POST   | /verify-email             | user     | { otp }                                |
 * | POST   | /resend-otp               | user     | —                                      |
 * | POST   | /signout                  | anyone   | —                                      |
 * | GET    | /user                     | user     | —                                      |
 * | POST   | /change-password          | user     | { oldPassword, newPassword }           |
 * | POST   | /forgot-password          | anyone   | { email }                              |
 * | POST   | /reset-password           | anyone   | { otp, email, newPassword, confirm… }  |
 */
import { z } from 'zod';
import { XSRF } from '@common/constants';
import { MSG } from '@common/messages';
import {
  changePasswordSchema,
  currentUserAnswerSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signedInAnswerSchema,
  signinAnswerSchema,
  type SignedInAnswer,
  type SigninAnswer,
  signinSchema,
  signupSchema,
  twoFactorVerifySchema,
  userMessageAnswerSchema,
  verifyEmailSchema,
} from '@common/schemas/auth';
import { errorAnswerSchema, messageAnswerSchema } from '@common/schemas/common';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app-context';
import type { ErrorCode } from '../../lib/errors';
import { conflict } from '../../lib/route-schemas';
import { declareRoutes } from '../../lib/declare-routes';
import { rateLimited } from '../../lib/rate-limit';
import { presentUser } from '../../lib/user-presenter';
import { currentUser, requestOrigin, xsrfTokenFor } from './guard';
import type { SignedIn, SignInOutcome } from './sign-in';

const tags = ['auth'];

/**
 * What each route's own code may answer (the OpenAPI document's per-operation codes,
 * server/lib/openapi.ts; the guard's, validation's and rate limit's are added there). The account
 * flows call better-auth through service.ts `call`, whose other refusals answer `bad_request`.
 */
const CODES = {
  /** sign-in.ts `signIn`: the lock, the password, a blocked or deactivated account, staff networks, ?as=admin */
  signIn: [
    'account_locked',
    'invalid_credentials',
    'account_blocked',
    'staff_deactivated',
    'staff_network_refused',
    'not_admin',
  ],
  /** sign-in.ts `verifyChallenge`: the challenge, a blocked account, the lock, the code */
  verifyChallenge: [
    'sign_in_expired',
    'account_blocked',
    'account_locked',
    'invalid_authentication_code',
    'authentication_code_used',
  ],
  signUp: ['unknown_referral', 'email_taken', 'invalid_email', 'password_too_short'],
  verifyEmail: ['already_verified', 'account_locked', 'invalid_otp', 'too_many_code_attempts'],
  resendCode: ['already_verified', 'too_many_requests'],
  changePassword: ['account_locked', 'wrong_old_password', 'password_too_short'],
  forgotPassword: ['too_many_requests'],
  resetPassword: ['account_locked', 'invalid_otp', 'too_many_code_attempts', 'password_too_short'],
} as const satisfies Record<string, readonly ErrorCode[]>;

export async function authRoutes(app: AppInstance) {
  const route = declareRoutes(app, tags);
  const { guards, services, config } = app.ctx;
  const svc = services.auth;
  /** A session answer sets the XSRF cookie bound to it; a challenge answer sets nothing. */
  /** Sets the XSRF cookie of a new session and answers it; a challenge is answered as it is. */
  function answerSignIn(reply: FastifyReply, outcome: SignedIn): SignedInAnswer;
  function answerSignIn(reply: FastifyReply, outcome: SignInOutcome): SigninAnswer;
  function answerSignIn(reply: FastifyReply, outcome: SignInOutcome): SigninAnswer {
    if ('challenge' in outcome) return { twoFactorRequired: true as const, challenge: outcome.challenge };
    reply.setCookie(XSRF.cookie, xsrfTokenFor(config.sessionSecret, outcome.token), {
      path: '/',
      sameSite: 'strict',
      secure: config.env === 'production',
      httpOnly: false, // the web client reads it and echoes it in X-XSRF-TOKEN
    });
    return {
      token: outcome.token,
      user: presentUser(outcome.user),
      ...(outcome.twoFactorSetupRequired && { twoFactorSetupRequired: true as const }),
    };
  }

  route.post('/two-factor/verify', {
    summary: 'Completes a sign-in with an authenticator or backup code (anyone with a challenge)',
    schema: {
      response: {
        200: signedInAnswerSchema,
        // a public route: these refuse the credentials in the body, not a missing token
        401: errorAnswerSchema.describe('The challenge expired, was used up, or is unknown'),
        403: errorAnswerSchema.describe('The account is blocked'),
        409: conflict('The authenticator code was right but already used: the next one works'),
      },
      body: twoFactorVerifySchema,
    },
    config: { ...rateLimited(10, 5), errorCodes: CODES.verifyChallenge },
    handler: async (req, reply) => {
      const outcome = await services.signIn.verifyChallenge(
        req.body.challenge,
        req.body.code,
        requestOrigin(req),
        req.body.remember,
      );
      return answerSignIn(reply, outcome);
    },
  });

  route.post('/signup', {
    summary: 'Registers a client account and e-mails a verification code (anyone)',
    schema: {
      response: { 201: userMessageAnswerSchema, 409: conflict('The e-mail address is already registered') },
      body: signupSchema,
    },
    config: { ...rateLimited(20, 10), errorCodes: CODES.signUp },
    handler: async (req, reply) => {
      const user = await svc.signup(req.body);
      return reply.code(201).send({ message: MSG.registered, user: presentUser(user) });
    },
  });

  route.post('/signin', {
    summary: 'Signs in with e-mail and password, or answers a two-factor challenge (anyone)',
    schema: {
      response: {
        200: signinAnswerSchema,
        // a public route: these refuse the credentials in the body, not a missing token
        401: errorAnswerSchema.describe('Wrong e-mail address or password'),
        403: errorAnswerSchema.describe('The account is blocked or deactivated, or not staff (?as=admin)'),
      },
      body: signinSchema,
      querystring: z.object({ as: z.enum(['admin']).optional() }),
    },
    config: { ...rateLimited(10, 5, { byEmail: true }), errorCodes: CODES.signIn },
    handler: async (req, reply) => {
      const outcome = await services.signIn.signIn(
        req.body.email,
        req.body.password,
        req.query.as === 'admin',
        requestOrigin(req),
        req.body.remember,
      );
      return answerSignIn(reply, outcome);
    },
  });

  route.post('/verify-email', {
    summary: "Confirms the signed-in user's e-mail address with the code sent to it",
    schema: {
      response: { 200: userMessageAnswerSchema, 409: conflict('The e-mail address is already confirmed') },
      body: verifyEmailSchema,
    },
    onRequest: guards.requireUser,
    config: { ...rateLimited(20, 10), errorCodes: CODES.verifyEmail },
    handler: async (req) => {
      const user = await svc.verifyEmail(currentUser(req), req.body.otp);
      return { message: MSG.emailVerified, user: presentUser(user) };
    },
  });

  route.post('/resend-otp', {
    summary: 'Sends the signed-in user a new e-mail verification code',
    schema: {
      response: { 200: messageAnswerSchema, 409: conflict('The e-mail address is already confirmed') },
    },
    onRequest: guards.requireUser,
    config: { ...rateLimited(5, 10), errorCodes: CODES.resendCode },
    handler: async (req) => {
      await svc.resendVerification(currentUser(req));
      return { message: MSG.emailSent };
    },
  });

  route.post('/signout', {
    summary: 'Ends the current session, if any, and clears the XSRF cookie (anyone)',
    schema: { response: { 200: messageAnswerSchema } },
    // a token that is no session, or a wrong XSRF token, signs nothing out: the answer is the same
    config: { errorCodes: [] },
    handler: async (req, reply) => {
      const auth = await guards.authenticate(req).catch(() => null);
      if (auth) await svc.signout(auth.token);
      reply.clearCookie(XSRF.cookie, { path: '/' });
      return { message: MSG.signedOut };
    },
  });

  route.get('/user', {
    summary: 'Answers the signed-in user',
    schema: { response: { 200: currentUserAnswerSchema } },
    onRequest: guards.requireUser,
    config: { errorCodes: [] },
    handler: async (req) => ({ data: presentUser(currentUser(req)) }),
  });

  route.post('/change-password', {
    summary: "Changes the signed-in user's password (the old one is required)",
    schema: { body: changePasswordSchema, response: { 200: messageAnswerSchema } },
    onRequest: guards.requireUser,
    config: { ...rateLimited(10, 10), errorCodes: CODES.changePassword },
    handler: async (req) => {
      await svc.changePassword(currentUser(req), req.auth!.token, req.body.oldPassword, req.body.newPassword);
      return { message: MSG.passwordChanged };
    },
  });

  route.post('/forgot-password', {
    summary: 'E-mails a password reset code when the address is registered (anyone)',
    schema: { body: forgotPasswordSchema, response: { 200: messageAnswerSchema } },
    config: { ...rateLimited(5, 10, { byEmail: true }), errorCodes: CODES.forgotPassword },
    handler: async (req) => {
      await svc.forgotPassword(req.body.email);
      return { message: MSG.resetSent };
    },
  });

  route.post('/reset-password', {
    summary: 'Sets a new password with the e-mailed reset code (anyone)',
    schema: { body: resetPasswordSchema, response: { 200: messageAnswerSchema } },
    config: { ...rateLimited(10, 10, { byEmail: true }), errorCodes: CODES.resetPassword },
    handler: async (req) => {
      await svc.resetPassword(req.body.email, req.body.otp, req.body.newPassword);
      return { message: MSG.passwordReset };
    },
  });
}
