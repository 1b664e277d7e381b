/**
 * Every error text the API can answer with, keyed so the SPA can translate by key (`code` in the error body) and
 * fall back to the English text (`error`). The English texts are the spec's own wording where the spec gives one.
 */
export const ERROR_MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  unauthorized: 'User is not authorized',
  forbidden: 'Access denied',
  notFound: 'Not found',
  premiumRequired: 'Please activate full version',
  tooManyRequests: 'Too many requests, try again later',
  invalidRequest: 'Invalid request',
  // Payments (SPEC §4, §5, §8)
  invalidConfirmation: 'Invalid confirmation',
  confirmRequired: 'Confirm is required',
  chooseAnotherPayment: 'Choose another form of payment',
  shoppingListEmpty: 'The shopping list is empty',
  paymentSourceUsed: 'This payment has already been submitted',
  paymentNotPending: 'The payment is not pending',
  invalidSignature: 'Invalid signature',
  amountMismatch: 'The amount does not match the order',
  manualMethodUnavailable: 'This payment method is not available yet, choose another one',
  manualPaymentsWaiting:
    'Your earlier payments are still waiting for confirmation; send this one after they are checked',
  cryptoQuoteOutdated:
    'The price changed since this amount was shown: the window now shows the new amount to send. If you have already sent the old amount, write to support with your transaction id',
  cryptoQuoteMissing:
    'This payment window is out of date: open it again. If you have already sent the money, do not send it again: enter your transaction id in the new window',
  // Auth and profile (SPEC §5)
  emailRequired: 'Email is required',
  emailIncorrect: 'Incorrect email',
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be 6 to 20 characters',
  usernameRequired: 'Username is required',
  usernameLength: 'Username must be 4 to 20 characters',
  loginRequired: 'Enter login or email',
  loginFailed: 'Wrong login or password',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already registered',
  referralTokenInvalid: 'The referral link is not valid',
  codeRequired: 'Enter the confirmation code',
  codeInvalid: 'The code is wrong or expired',
  restoreRequestExpired: 'This code request has expired: ask for a new code',
  signUpExpired: 'This sign-up has expired: sign up again to get a new code',
  currentPasswordRequired: 'Enter current password',
  newPasswordRequired: 'Enter new password',
  confirmPasswordRequired: 'Confirm new password',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordIncorrect: 'Current password is incorrect',
  languageInvalid: 'Unsupported language',
  avatarRequired: 'Choose an image file',
  avatarInvalid: 'The file is not a supported image',
  avatarTooLarge: 'The image must be at most 2 MB',
  // Leaving and taking the data along
  passwordIncorrect: 'The password is incorrect',
  deleteConfirmationMismatch: 'Type your username exactly as it is shown to confirm',
  lastAdmin: 'You are the only admin: make another account an admin before deleting this one',
  // Range library
  rangeLimitReached: 'The free version allows at most 20 ranges',
  shareOwnOnly: 'You can share only categories and tournaments you created',
  shareUserNotFound: 'User not found',
  shareSelf: 'You cannot share with yourself',
  acceptSwapChanged:
    'Accepting this strategy would delete a category you have not agreed to give up: check which one and confirm',
  sharesPendingLimit:
    'A player you chose already has 20 of your strategies waiting to be accepted or rejected: share more with them once they have answered',
  invalidColor: 'Colour must look like #RRGGBB',
  invalidWeight: 'Weight must be between 0 and 100',
  pairTotalTooHigh: 'Total colour weight per pair must be at most 100',
  invalidHand: 'Unknown hand',
  invalidCombo: 'A left-out combo must be a combo of its hand, like AhKh for AKs',
  duplicateCombo: 'A combo is left out more than once',
  allCombosExcluded: 'At least one combo of a hand must stay in the range',
  invalidParent: 'The parent category is not valid',
  cannotMove: 'The category cannot be moved further',
  notATemplate: 'The category is not a ready-made strategy',
  templateReadOnly: 'A ready-made strategy cannot be changed: make a copy to edit it',
  publicLinkTemplate: 'A ready-made strategy cannot be published: publish a chart of your own',
  publicLinkNotARange: 'Only a chart can be published, not a folder or a tournament',
  publicLinksLimit: 'You have 100 published links: revoke one before publishing another',
  // Trainer
  notARange: 'Choose a range to train, not a folder',
  invalidSpotEv:
    'The solved values of a push/fold chart need two different action colours and belong to a range',
  invalidCard: 'A card must look like Ah or Td',
  duplicateCard: 'A card is listed more than once',
  invalidVillain:
    'Each player’s range is one of: actions of this chart, a chart with its actions, a typed range or two hole cards',
  invalidRangeText: 'The range text may hold only hands, weights, commas and spaces',
  // Store
  productNotOwned: 'You do not own this video course',
  courseWithoutLessons: 'Add at least one lesson before publishing the course',
  lessonsWithoutVideo: 'Upload a video for every lesson before publishing the course',
  coursePublished: 'Set the course back to draft before adding a lesson',
  packEmpty: 'This strategy pack has no charts to put back',
  // Abuse limits and failures
  accountLocked: 'Too many failed attempts. Try again in 15 minutes',
  serverBusy: 'The server is busy, try again in a moment',
  serviceUnavailable: 'The service is temporarily unavailable, try again later',
  usernameInvalid: 'Username may use letters of one alphabet, digits, spaces, dots, dashes and underscores',
  categoryNameRequired: 'Enter a name',
  rangeConflict: 'This range was changed in another session',
  categoryLimitReached: 'You have reached the limit of 5,000 categories',
  treeTooDeep: 'Folders can be nested at most 32 levels deep',
  packTooDeep: 'A strategy pack can nest folders at most 31 levels deep (its own folder is the 32nd)',
  packTooLarge: 'A strategy pack can hold at most 2,000 folders and charts',
  uploadIncomplete: 'The upload was incomplete, try again',
  videoTooLarge: 'The video is larger than the upload limit',
  videoEmpty: 'The video file is empty',
  videoNotPlayable: 'The file is not an MP4 or WebM video',
  // Refunds the admin settles
  refundOverPaid: 'The amount is more than what was paid and not yet refunded',
  lineTakenBack: 'This line has already been taken back',
  orderNotPaid: 'Only a paid order can be taken back',
  noRefundToCheck: 'This order has no refund to check',
  extraChargeSettled: 'This extra charge has already been refunded',
} as const;

export type ErrorKey = keyof typeof ERROR_MESSAGES;

export function errorText(key: ErrorKey): string {
  return ERROR_MESSAGES[key];
}
