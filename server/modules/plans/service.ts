/** Plans service (stub: filled in by its issue). */
import type { ServiceDeps } from '../../lib/service-deps';

export function createPlansService(deps: ServiceDeps) {
  void deps;
  return {};
}

export type PlansService = ReturnType<typeof createPlansService>;
