/** Support ticket routes under /api/support (stub). */
import type { AppInstance } from '../../app';

export async function supportRoutes(app: AppInstance) {
  void app;
}
