/**
 * Browser session: the bearer token and the signed-in user under the keys `token` and
 * `su_user`. A remembered session lives in localStorage; an unremembered one in sessionStorage, so
 * it ends with the tab. Readers look in both. Beside them, for this tab only, a flag saying the
 * server wants the signed-in staff member to set two-factor authentication up first.
 */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@common/constants';
import type { PublicUser } from '@common/types';

/** What components see of the session. */
export interface Session {
  token: string | null;
  user: PublicUser | null;
  isAuthenticated: boolean;
}

const listeners = new Set<() => void>();
/** sessionStorage key of the two-factor set-up flag (this tab only). */
const SETUP_REQUIRED_KEY = 'two_factor_setup_required';

function read(key: string): string | null {
  return localStorage.getItem(key) ?? sessionStorage.getItem(key);
}

/** The storage that currently holds the session (localStorage when none does). */
function activeStorage(): Storage {
  return sessionStorage.getItem(STORAGE_KEYS.token) !== null ? sessionStorage : localStorage;
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

function parseUser(raw: string | null): PublicUser | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PublicUser;
  } catch {
    return null;
  }
}

let cached: { rawToken: string | null; rawUser: string | null; session: Session } | null = null;

/** The current session; the same object is returned until the stored values change. */
export function getSession(): Session {
  const rawToken = read(STORAGE_KEYS.token);
  const rawUser = read(STORAGE_KEYS.user);
  if (!cached || cached.rawToken !== rawToken || cached.rawUser !== rawUser) {
    const user = parseUser(rawUser);
    cached = {
      rawToken,
      rawUser,
      session: { token: rawToken, user, isAuthenticated: Boolean(rawToken && user) },
    };
  }
  return cached.session;
}

/** The stored bearer token, if any. */
export function getToken(): string | null {
  return getSession().token;
}

/** The stored user, if any. */
export function getUser(): PublicUser | null {
  return getSession().user;
}

/** Stores a new session after sign-in; `remember: false` keeps it for this tab only. */
export function setSession(token: string, user: PublicUser, remember = true): void {
  clearStorage();
  const storage = remember ? localStorage : sessionStorage;
  storage.setItem(STORAGE_KEYS.token, token);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** Replaces the stored user. */
export function updateUser(user: PublicUser): void {
  activeStorage().setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

function clearStorage(): void {
  for (const storage of [localStorage, sessionStorage]) {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.user);
  }
  sessionStorage.removeItem(SETUP_REQUIRED_KEY);
}

/** Signs the browser out: removes token and user from both storages. */
export function clearSession(): void {
  clearStorage();
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes localStorage; follow it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** React hook: the current session, re-rendering when it changes (here or in another tab). */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession);
}

const SIGNED_OUT: Session = { token: null, user: null, isAuthenticated: false };

/**
 * useSession for prerendered pages: signed out while the server renders and while the browser
 * hydrates that markup (so the two agree), the stored session right after.
 */
export function useHydratedSession(): Session {
  return useSyncExternalStore(subscribe, getSession, () => SIGNED_OUT);
}

/**
 * Notes that the server wants this staff member to set two-factor authentication up before using
 * the back office (the sign-in answer's `twoFactorSetupRequired`, or a 403 saying so).
 */
export function markTwoFactorSetupRequired(): void {
  if (sessionStorage.getItem(SETUP_REQUIRED_KEY) === '1') return;
  sessionStorage.setItem(SETUP_REQUIRED_KEY, '1');
  emit();
}

/** Forgets the set-up flag once two-factor authentication is on. */
export function clearTwoFactorSetupRequired(): void {
  if (sessionStorage.getItem(SETUP_REQUIRED_KEY) === null) return;
  sessionStorage.removeItem(SETUP_REQUIRED_KEY);
  emit();
}

const isSetupRequired = () => sessionStorage.getItem(SETUP_REQUIRED_KEY) === '1';

/** React hook: true while the server wants two-factor set up first (see markTwoFactorSetupRequired). */
export function useTwoFactorSetupRequired(): boolean {
  return useSyncExternalStore(subscribe, isSetupRequired);
}
