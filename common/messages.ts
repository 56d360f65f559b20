/**
 * User-facing message texts. Where the seed gives a text it is used word for word (seed §5, §8);
 * DESIGN.md §5 changes the password minimum to 8.
 */
export const MSG = {
  // Registration and sign-in (seed §5, §8)
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  errorOccurred: 'Error Occurred',
  notAdmin: 'You are not an admin',
  otpLength: 'OTP must be 6 characters long',
  emailSent: 'Email sent successfully',
  emailSendFailed: 'Failed to send email',
  // Our server messages (no seed text exists for these)
  emailTaken: 'An account with this e-mail already exists',
  invalidCredentials: 'Invalid email or password',
  accountBlocked: 'Your account has been blocked. Please contact support.',
  invalidOtp: 'Invalid or expired OTP',
  tooManyAttempts: 'Too many attempts. Please request a new code.',
  alreadyVerified: 'Your e-mail is already verified',
  emailNotVerified: 'Please verify your e-mail address first',
  wrongOldPassword: 'Old password is incorrect',
  passwordChanged: 'Password changed successfully',
  resetSent: 'If an account exists for this e-mail, a reset code has been sent to it',
  passwordReset: 'Password reset successfully. You can now sign in.',
  registered: 'Registration successful. Please sign in to verify your e-mail.',
  emailVerified: 'Email verified successfully',
  signedOut: 'Signed out',
  unknownReferral: 'Referral ID not found',
  notSignedIn: 'Please sign in',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please try again later.',
  serverError: 'Something went wrong, please try again later',
  required: (field: string) => `${field} is required`,
  invalidEmail: 'Please enter a valid e-mail address',
  emailTooLong: 'E-mail must be at most 254 characters',
} as const;
