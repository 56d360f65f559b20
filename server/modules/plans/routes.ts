/** Plan routes under /api/user and trading activity under /api/trading-activity (stub). */
import type { AppInstance } from '../../app';

export async function planRoutes(app: AppInstance) {
  void app;
}

export async function tradingActivityRoutes(app: AppInstance) {
  void app;
}
