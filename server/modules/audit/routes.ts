/** GET /api/audit (stub). */
import type { AppInstance } from '../../app';

export async function auditRoutes(app: AppInstance) {
  void app;
}
