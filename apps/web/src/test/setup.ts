import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetPublicConfig } from '../lib/config/public-config';

// Node's fetch (undici) resolves relative URLs such as '/api/login/' against this origin,
// as a browser resolves them against the page.
(globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalOrigin.1')] = new URL(window.location.href);

// Screens load lazily: the first import of a screen's chunk, transformed on the fly, can take more
// than testing-library's default 1 s on 2 busy cores (over 6 s was seen for the company screen with
// the cores oversubscribed). findBy* waits up to 10 s (it returns as soon as the element shows);
// nothing here waits on a fixed delay, and the 15 s test timeout still bounds a hang.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the browser APIs Mantine measures with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Textarea autosize listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: vi.fn(), removeEventListener: vi.fn(), ready: Promise.resolve() },
  });
}

Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  // Mantine's toasts live in one store per module graph, which test files share (vitest.config.ts):
  // a toast left by one file would queue the next file's behind it.
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
  forgetPublicConfig();
  window.localStorage.clear();
  window.location.hash = '';
});
