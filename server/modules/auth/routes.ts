/**
 * The seed's /api/auth routes (seed §7 "Auth"), the public contract of sign-up and sign-in.
 * Thin handlers: validate (zod schema on the route), call the auth service, present the result.
 */
import { z } from 'zod';
import { XSRF } from '@common/constants';
import { MSG } from '@common/messages';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
  verifyEmailSchema,
} from '@common/schemas/auth';
import type { AppInstance } from '../../app';
import { rateLimited } from '../../lib/rate-limit';
import { presentUser } from '../users/presenter';
import { currentUser, xsrfTokenFor } from './guard';

const tags = ['auth'];

export async function authRoutes(app: AppInstance) {
  const { guards, services, config } = app.ctx;
  const svc = services.auth;
  app.post(
    '/signup',
    { schema: { tags, body: signupSchema }, config: rateLimited(20, 10) },
    async (req, reply) => {
      const user = await svc.signup(req.body);
      return reply.code(201).send({ message: MSG.registered, user: presentUser(user) });
    },
  );

  app.post(
    '/signin',
    {
      schema: { tags, body: signinSchema, querystring: z.object({ as: z.enum(['admin']).optional() }) },
      config: rateLimited(10, 5, { byEmail: true }),
    },
    async (req, reply) => {
      const headers = new Headers({
        'user-agent': req.headers['user-agent'] ?? '',
        'x-forwarded-for': req.ip,
      });
      const { token, user } = await svc.signin(
        req.body.email,
        req.body.password,
        req.query.as === 'admin',
        headers,
      );
      reply.setCookie(XSRF.cookie, xsrfTokenFor(config.sessionSecret, token), {
        path: '/',
        sameSite: 'strict',
        secure: config.env === 'production',
        httpOnly: false, // the web client reads it and echoes it in X-XSRF-TOKEN (seed §7)
      });
      return { token, user: presentUser(user) };
    },
  );

  app.post(
    '/verify-email',
    { schema: { tags, body: verifyEmailSchema }, onRequest: guards.requireUser, config: rateLimited(20, 10) },
    async (req) => {
      const user = await svc.verifyEmail(currentUser(req), req.body.otp);
      return { message: MSG.emailVerified, user: presentUser(user) };
    },
  );

  app.post(
    '/resend-otp',
    { schema: { tags }, onRequest: guards.requireUser, config: rateLimited(5, 10) },
    async (req) => {
      await svc.resendVerification(currentUser(req));
      return { message: MSG.emailSent };
    },
  );

  app.post('/signout', { schema: { tags } }, async (req, reply) => {
    const auth = await guards.authenticate(req).catch(() => null);
    if (auth) await svc.signout(auth.token);
    reply.clearCookie(XSRF.cookie, { path: '/' });
    return { message: MSG.signedOut };
  });

  app.get('/user', { schema: { tags }, onRequest: guards.requireUser }, async (req) => ({
    data: presentUser(currentUser(req)),
  }));

  app.post(
    '/change-password',
    {
      schema: { tags, body: changePasswordSchema },
      onRequest: guards.requireUser,
      config: rateLimited(10, 10),
    },
    async (req) => {
      await svc.changePassword(currentUser(req), req.auth!.token, req.body.oldPassword, req.body.newPassword);
      return { message: MSG.passwordChanged };
    },
  );

  app.post(
    '/forgot-password',
    { schema: { tags, body: forgotPasswordSchema }, config: rateLimited(5, 10, { byEmail: true }) },
    async (req) => {
      await svc.forgotPassword(req.body.email);
      return { message: MSG.resetSent };
    },
  );

  app.post(
    '/reset-password',
    { schema: { tags, body: resetPasswordSchema }, config: rateLimited(10, 10, { byEmail: true }) },
    async (req) => {
      await svc.resetPassword(req.body.email, req.body.otp, req.body.newPassword);
      return { message: MSG.passwordReset };
    },
  );
}
