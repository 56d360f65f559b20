/** POST /api/user/admin/email (stub). */
import type { AppInstance } from '../../app';

export async function emailingRoutes(app: AppInstance) {
  void app;
}
