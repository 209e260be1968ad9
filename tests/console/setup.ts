import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// without vitest globals, testing-library cannot register its own cleanup
afterEach(() => cleanup());

// jsdom's page has an origin, Node's fetch does not: resolve relative API paths against it
const nodeFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  nodeFetch(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin) : input, init);
