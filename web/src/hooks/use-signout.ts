import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { clearSession } from '../lib/session';

/**
 * POST /auth/signout; the browser session is cleared whether or not the server answered. Used by
 * the layouts' Logout button and the profile's Logout tab.
 */
export function useSignout() {
  return useMutation({
    mutationFn: () => api.post<unknown>('/auth/signout'),
    onSettled: () => clearSession(),
  });
}
