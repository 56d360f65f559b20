/**
 * Set-up of every web component test (vitest.web.config.ts): Testing Library's DOM matchers, what
 * jsdom lacks and Mantine asks for (matchMedia, ResizeObserver, scrollIntoView, document.fonts),
 * the MSW server (web/test/api.ts) that fails any call no handler answers, and a clean page and
 * session (and no toast left in Mantine's store) after each test.
 */
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './api';

// findBy… and waitFor wait up to 10 s, as the journeys' expectations do (playwright.config.ts): CI
// runs these beside the journeys on two cores, where a screen's first render can take over the
// default 1 s; a passing wait ends as soon as its element is there
configure({ asyncUtilTimeout: 10_000 });

// Mantine reads the colour scheme and breakpoints through matchMedia: no query matches here but
// reduced motion, as in the journeys (playwright.config.ts): the theme then opens dialogs without
// their transition (app/theme.ts), so a dialog is never judged while still fading in, at opacity 0
// (a busy CI runner once caught a dialog's text that way)
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

/** Mantine's ScrollArea and floating elements watch their size; nothing is laid out in jsdom. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
// Mantine's autosizing textarea listens for web fonts loading
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: {
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      ready: Promise.resolve(),
    },
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // Mantine keeps toasts in a module-wide store: one test's toast would show in the next one's render
  notifications.clean();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());
