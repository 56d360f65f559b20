/**
 * The journeys of the contract replay (server/test/contract-replay.test.ts): one per domain, each
 * walking the successful path of its operations through `app.inject` with the usual test helpers.
 * Every answer is recorded and checked against the OpenAPI document by the replay; a journey only
 * asserts the statuses it needs to go on. They live by domain in the modules of this folder.
 */
import { accountJourneys } from './accounts';
import { apiKeysJourney } from './api-keys';
import { backOfficeJourneys } from './back-office';
import { beneficiariesJourney } from './beneficiaries';
import type { Journey } from './journey';
import { limitsJourney } from './limits';
import { moneyJourneys } from './money';
import { healthAndMetrics, mailOutboxJourney } from './operations';
import { passkeysJourney } from './passkeys';
import { reviewFactsJourney } from './reviews';
import { securityHoldsJourney } from './security-holds';
import { reservesJourney } from './transparency-reserves';
import { liabilitiesJourney } from './transparency-liabilities';
import { statementsJourney } from './transparency-statements';
import { journalLogJourney } from './transparency-journal';
import { webhooksJourney } from './webhooks';

export { contractWitnessKey, METRICS_TOKEN, type Journey } from './journey';

/** The journeys, in the order the replay runs them. */
export const journeys: Journey[] = [
  healthAndMetrics,
  ...accountJourneys,
  ...moneyJourneys,
  reviewFactsJourney,
  beneficiariesJourney,
  passkeysJourney,
  securityHoldsJourney,
  limitsJourney,
  apiKeysJourney,
  webhooksJourney,
  ...backOfficeJourneys,
  mailOutboxJourney,
  reservesJourney,
  statementsJourney,
  liabilitiesJourney,
  journalLogJourney,
];
