/**
 * Authenticator codes for the journeys, computed with otplib from a key the screen or the API
 * showed. The server refuses a time step at or before the last one it accepted (replay) and accepts
 * one step either side of its clock, so each code is for the step after the last one used, waiting
 * when that would be more than one step ahead.
 */
import { generate } from 'otplib';

/** `nextCode()` for one secret (base32): a code for a step not used before. */
export function authenticator(secret: string) {
  let lastStep = 0;
  return async function nextCode(): Promise<string> {
    for (;;) {
      const current = Math.floor(Date.now() / 30_000);
      const step = Math.max(current, lastStep + 1);
      if (step <= current + 1) {
        lastStep = step;
        return generate({ secret, epoch: step * 30 });
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
}
