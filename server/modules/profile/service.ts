/** Profile service (stub: filled in by its issue). */
import type { ServiceDeps } from '../../lib/service-deps';

export function createProfileService(deps: ServiceDeps) {
  void deps;
  return {};
}

export type ProfileService = ReturnType<typeof createProfileService>;
