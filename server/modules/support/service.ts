/** Support service (stub: filled in by its issue). */
import type { ServiceDeps } from '../../lib/service-deps';

export function createSupportService(deps: ServiceDeps) {
  void deps;
  return {};
}

export type SupportService = ReturnType<typeof createSupportService>;
