/** Profile, photo, KYC verification and referral routes under /api/user (stub). */
import type { AppInstance } from '../../app';

export async function profileRoutes(app: AppInstance) {
  void app;
}
