/**
 * User-facing message texts. Texts marked as original are kept word for word from the product's
 * original screens (do not reword); the password minimum is 8, not the original 6 (docs/product.md).
 */
export const MSG = {
  // Contact and support (original texts)
  messageSent: 'Message sent successfully',
  messageFailed: 'Failed to send message',
  contactDeleted: 'Contact deleted',
  // Registration and sign-in (original texts, except the password minimum)
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  errorOccurred: 'Error Occurred',
  notAdmin: 'You are not an admin',
  otpLength: 'OTP must be 6 characters long',
  emailSent: 'Email sent successfully',
  emailSendFailed: 'Failed to send email',
  // Our server messages (the original product had no text for these)
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
  consentRequired:
    'Please accept the Terms and Conditions and the Privacy Policy, and confirm you have read the risk disclosure',
  emailVerified: 'Email verified successfully',
  signedOut: 'Signed out',
  unknownReferral: 'Referral ID not found',
  notSignedIn: 'Please sign in',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests. Please try again later.',
  serverError: 'Something went wrong, please try again later',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  required: (field: string) => `${field} is required`,
  invalidEmail: 'Please enter a valid e-mail address',
  emailTooLong: 'E-mail must be at most 254 characters',
} as const;

/** Money core messages. */
export const MONEY_MSG = {
  // texts kept word for word from the product's original screens (do not reword)
  invalidAmount: 'Please enter a valid amount',
  // ours: an amount typed the way people write it, refused rather than guessed (schemas/money.ts)
  amountGrouping: 'Group thousands by three digits (1,000 or 1 000), or type the digits alone',
  amountDecimals: 'Use a point for cents, with at most 2 decimals (1000.50)',
  amountTooLarge: (limit: string) => `The largest amount is $${limit}`,
  proofRequired: 'Please attach proof of payment',
  fileTooLarge: 'File size should be less than 5MB',
  depositSubmitted: 'Deposit request submitted successfully',
  // the banner after a deposit is sent: nothing is credited until staff approve it
  depositReceived:
    'Deposit received: it is waiting for review. Your balance does not change until it is approved.',
  depositAlready: (status: string) => `Deposit is already ${status}`,
  depositApproved: 'Deposit approved successfully',
  depositRejected: 'Deposit rejected successfully',
  fillAllFields: 'Please fill all fields',
  insufficientBalance: 'Insufficient balance',
  cryptoWithdrawalSubmitted: 'Withdrawal request submitted successfully',
  bankWithdrawalSubmitted: 'Withdrawal Request Sent Successfully',
  withdrawalApproved: 'Withdrawal approved successfully',
  withdrawalDeclined: 'Withdrawal declined successfully',
  transactionAdded: 'Transaction added successfully',
  // ours (the original product had no text for these)
  invalidCode: 'Invalid or expired confirmation code',
  codeSent: 'A confirmation code has been sent to your e-mail',
  withdrawalAlready: (status: string) => `Withdrawal is already ${status}`,
  depositNotDeletable: 'An approved deposit cannot be deleted',
  withdrawalNotDeletable: 'Only a declined withdrawal can be deleted; decline a pending one first',
  depositDeleted: 'Deposit deleted successfully',
  withdrawalDeleted: 'Withdrawal deleted successfully',
  imageType: 'Only PNG, JPEG or WebP images are accepted',
  imageUnreadable: 'The image could not be read. Please attach a valid PNG, JPEG or WebP file',
  invalidAddress: 'Please enter a valid wallet address',
  invalidTransactionHash:
    'Please enter a valid transaction hash: 64 characters, digits 0-9 and letters a-f (an Ethereum hash may start with 0x)',
  digitsOnly: (field: string) => `${field} must contain digits only`,
  invalidSwift: 'Please enter a valid SWIFT/BIC code',
  invalidDate: 'Please enter a valid date',
  detailsRequired: 'Please give the reason for this transaction',
  adminTransactionStatus: 'An admin transaction is posted at once; its status must be approved',
  transactionVoided: 'Transaction voided successfully',
  alreadyVoided: 'This transaction is already voided',
  notVoidable: 'This transaction cannot be voided',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request',
  invalidIdempotencyKey: 'Idempotency-Key must be 1 to 255 visible characters',
  tooManyDeposits: 'You have too many deposits waiting for review',
  clientBlocked: 'The client is blocked',
} as const;

/** Notifications, support tickets, contacts and e-mailing. */
export const MESSAGING_MSG = {
  // texts kept word for word from the product's original screens (do not reword)
  notificationSent: 'Notification sent successfully',
  notificationDeleted: 'Notification deleted successfully',
  anErrorOccurred: 'An error occurred',
  noNotifications: 'No notifications found',
  confirmDeleteNotification: 'Are you sure you want to delete this notification?',
  confirmDeleteTicket: 'Are you sure you want to delete this ticket?',
  contactDeleteFailed: 'Error deleting contact',
  // ours (the original product had no text for these)
  notificationsRead: 'Notifications marked as read',
  replySent: 'Reply sent successfully',
  ticketUpdated: 'Ticket updated successfully',
  mailQueuedAgain: 'The mail is queued again and will be sent in a moment',
  mailNotFailed: 'Only a failed mail can be queued again',
  ticketDeleted: 'Ticket deleted successfully',
  ticketClosed: 'This ticket is closed. Please send a new message.',
  supportReplyTitle: 'Support replied to your message',
  confirmDeleteContact: 'Are you sure you want to delete this message?',
  noTickets: 'No support tickets found',
  noContacts: 'No contact messages found',
  userNotFound: 'User not found',
} as const;

/** Profile, photo, KYC verification, referrals and upgrade. */
export const PROFILE_MSG = {
  // texts kept word for word from the product's original screens (do not reword)
  imageTooLarge: "Image shouldn't be more than 2mb!",
  pictureFailed: 'Something went wrong, try again!',
  documentRequired: 'Please select a document',
  verificationUploaded: 'Verification uploaded successfully',
  verificationFailed: 'Error uploading verification',
  // ours (the original product had no text for these)
  profileUpdated: 'Profile updated successfully',
  pictureUpdated: 'Profile picture updated successfully',
  pictureRequired: 'Please select an image',
  imageType: 'Only PNG or JPEG images are accepted',
  imageUnreadable: 'The image could not be read. Please choose a valid PNG or JPEG file',
  invalidCountry: 'Please select a country from the list',
  documentType: 'Please select a document type',
  genderLocked: 'Gender cannot be changed',
  verificationLocked: (status: string) =>
    status === 'verified'
      ? 'Your identity is already verified'
      : status === 'pending'
        ? 'Your documents are already under review; you can upload new ones only if they are rejected'
        : `Documents cannot be uploaded while verification is ${status}`,
  linkCopied: 'Referral link copied to clipboard',
  noReferrals: 'No referred clients yet',
  upgradeContactSupport: 'To upgrade your account, please contact our support team.',
  upgradeRequest: (plan: string) => `Hello, I would like to upgrade my account to the ${plan} package.`,
} as const;

/** The back office's client management and audit log. */
export const USER_ADMIN_MSG = {
  // texts kept word for word from the product's original screens (do not reword)
  allFieldsRequired: 'All fields are required',
  deleteUserFailed: 'Error deleting user',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  confirmDeleteUserCompletely: 'Are you really sure you want to delete this user completely?',
  // ours (the original product had no text for these)
  userUpdated: 'User updated successfully',
  accountUpdated: 'Account updated successfully',
  verificationNotPending: (status: string) =>
    `Only a pending verification can be reviewed; this one is ${status}`,
  verificationVerified: 'Verification approved',
  verificationRejected: 'Verification rejected',
  verifiedTitle: 'Identity verified',
  verifiedMessage: 'Your identity documents have been checked and your account is now verified.',
  rejectedTitle: 'Identity verification rejected',
  rejectedMessage:
    'We could not verify your identity from the documents you sent. Please upload clear photos of a valid document again.',
  userBlocked: 'User blocked; their sessions have ended',
  userUnblocked: 'User unblocked',
  cannotBlockSelf: 'You cannot block your own account',
  blockReasonRequired: 'Reason is required to block a client (reason: 3–500 characters, e-mailed to them)',
  rejectOnItsRoute: "Reject the documents with Reject on the client's page, where you give the reason",
  cannotDeleteSelf: 'You cannot delete your own account',
  userDeleted: 'User deleted: personal data erased, ledger history kept',
  deleteRefusedBalance: (what: string) =>
    `This client still has money on their account (${what}). Bring every balance to zero before deleting them.`,
  deleteRefusedPlan: 'This client has an active plan. Clear it before deleting them.',
  deleteRefusedPendingDeposit:
    'This client has a pending deposit. Approve or reject it before deleting them.',
  adjustmentPosted: 'Adjustment posted successfully',
  adjustmentReasonRequired: 'Please give the reason for this adjustment',
  adjustmentOverdraw: (available: string) =>
    `A debit cannot take the available balance below zero (available: $${available})`,
  adjustmentBusy:
    'The client’s balance kept changing while this adjustment was posted. Nothing was posted: please try again.',
  onlyClients: 'Adjustments can only be posted to a client’s account',
  // the client's notice and e-mail of every balance change staff post (docs/product.md "Notices")
  balanceChangedTitle: (direction: 'credit' | 'debit') =>
    direction === 'credit' ? 'Account credited' : 'Account debited',
  balanceChanged: (direction: 'credit' | 'debit', amount: string, reason: string) =>
    `Your account was ${direction}ed $${amount}. Reason: ${reason}`,
  confirmAdjustment: (direction: string, amount: string, name: string) =>
    `Post a ${direction} of ${amount} to ${name}'s available balance? The client sees it in their history with your reason.`,
} as const;

/** Investment plans and trading activity. */
export const PLAN_MSG = {
  // texts kept word for word from the product's original screens (do not reword)
  fillAllFields: 'Please fill all fields',
  alreadyActive: 'You already have an active plan',
  tradePlaced: 'Trade placed successfully',
  noActivePlan: 'User Does not currently have an active plan',
  profitRequired: 'Please add profit amount',
  clearConfirm: 'Are you sure you want to clear active plan?',
  planCleared: 'Active plan cleared',
  noTradingActivity: 'No Trading Activity',
  noData: 'No Data Available',
  // ours (no original text, or the limits come from the one plan config: docs/product.md)
  // a plan result says its sign: a loss is money leaving the plan (docs/product.md "Honest words")
  profitPosted: 'Profit posted',
  lossPosted: 'Loss posted',
  confirmResult: (kind: 'profit' | 'loss', amount: string, name: string) =>
    `Post a ${kind} of ${amount} to ${name}?`,
  amountOutOfRange: (minimum: string, maximum: string) =>
    `The minimum for this trade is ${minimum} and the maximum is ${maximum}. Please enter an amount within these limits.`,
  insufficientFunds:
    'Your available balance is insufficient for this trade. Please fund your account to place it.',
  invalidDuration: 'Please choose a duration from the list',
  invalidPlan: 'Please choose Copy Trading or Investment',
  invalidStatus: 'Status must be active or completed',
  invalidTradeAmount: 'Please enter a valid trade amount',
  invalidProfit: 'Please enter a valid profit (0 or more)',
  clientNotFound: 'Client not found',
  planOpenedByAdmin: 'Active plan opened successfully',
  activityAdded: 'Trading activity added successfully',
  activityUpdated: 'Trading activity updated successfully',
  activityDeleted: 'Trading activity deleted successfully',
  deleteActivityConfirm:
    'Are you sure you want to delete this trading activity? Its profit is withdrawn from the client’s balance.',
  lossExceedsCapital: 'The loss is larger than the capital left in the plan',
  planEnded: 'The plan has ended: its capital can no longer change',
  profitNotCovered:
    'The client’s available balance no longer covers this profit reduction, so it cannot be withdrawn.',
  insufficientBanner:
    'Insufficient funds: your available balance does not cover that trade. Please fund your account to place it.',
} as const;

/** Account security: per-account limits, two-factor sign-in, sessions (docs/security.md). */
export const SECURITY_MSG = {
  locked: 'Too many attempts. Try again in 15 minutes.',
  codeFormat: 'Enter the 6-digit code from your authenticator app or a backup code',
  invalidCode: 'Invalid authentication code',
  codeUsed: 'This code was already used. Wait for the next code in your authenticator app.',
  wrongPassword: 'Password is incorrect',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  notSetUp: 'Set up two-factor authentication first',
  alreadyEnabled: 'Two-factor authentication is already on',
  notEnabled: 'Two-factor authentication is not on',
  enabled: 'Two-factor authentication is on',
  disabled: 'Two-factor authentication is off',
  staffRequired: 'Two-factor authentication is required for staff',
  reset: 'Two-factor authentication reset; the client has been e-mailed',
  reasonLength: 'The reason must be 3 to 500 characters',
  sessionRevoked: 'Session signed out',
  othersRevoked: 'Every other session has been signed out',
  useAuthenticator: 'Use the code from your authenticator app to confirm withdrawals',
} as const;

/** Staff roles and staff management (docs/security.md "Staff roles"). */
export const STAFF_MSG = {
  notAllowed: 'Your role does not allow this',
  deactivated: 'This staff account has been deactivated',
  networkRefused: 'Staff access is not allowed from this network',
  // Staff management (server/modules/staff, /admin/staff)
  invited: 'Invitation sent',
  roleChanged: 'Role changed',
  deactivatedDone: 'Staff member deactivated and signed out everywhere',
  reactivated: 'Staff member reactivated',
  memberNotFound: 'Staff member not found',
  emailTaken: 'An account with this e-mail already exists',
  lastOwner: 'The last active owner cannot be demoted or deactivated',
  notYourself: 'You cannot change your own role or deactivate yourself',
  alreadyDeactivated: 'This staff member is already deactivated',
  notDeactivated: 'This staff member is not deactivated',
  invalidRole: 'Choose a staff role',
  invitationInvalid: 'This invitation link is invalid, used or expired. Ask an owner for a new one.',
  invitationAccepted: 'Password set. You can now sign in.',
  invitationResent: 'A new invitation link was sent; earlier links no longer work',
  invitationNotNeeded: 'This staff member has already set a password',
  // Separation of duties (docs/security.md "Separation of duties")
  clientsOnly:
    'This is for client accounts only: staff members cannot deposit, withdraw, open plans or submit identity documents',
  ownReview: 'You cannot review your own request',
  // An owner's security actions on a staff member (server/modules/staff/security.ts)
  blocked: 'Staff member blocked and signed out everywhere',
  unblocked: 'Staff member unblocked',
  twoFactorReset: 'Two-factor authentication turned off; the member was signed out everywhere',
  alreadyBlocked: 'This staff member is already blocked',
  notBlocked: 'This staff member is not blocked',
  unblockDeactivated: 'This staff member is deactivated: reactivate them instead',
} as const;

/** Four-eyes approval of large money actions (server/modules/approvals, /admin/approvals). */
export const APPROVAL_MSG = {
  sentForApproval: 'Sent for approval: a second staff member must approve this before it takes effect',
  ownRequest: 'You cannot approve your own request',
  approved: 'Request approved and carried out',
  rejected: 'Request rejected',
  already: (status: string) => `This request is already ${status}`,
  alreadyWaiting: 'This is already waiting for approval',
  aboutYourself: 'You cannot decide a request about yourself',
  waitingForOwner: 'Sent for approval: a second owner must approve this before it takes effect',
} as const;
