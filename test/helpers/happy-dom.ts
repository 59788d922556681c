// Preloaded for island tests only: gives bun test a browser-like DOM, with dark as the OS preference.
import { GlobalRegistrator } from '@happy-dom/global-registrator';

// happy-dom brings its own Request, Response and Headers, and its Response drops Set-Cookie (as a
// browser hides it from scripts). Island tests answer fetch through the real app in-process
// (test/helpers/island-app.ts), which must build real responses, cookies included: Bun's own
// classes stay global, and so do Bun's web streams (the hub pipes upload bodies through them). The
// DOM's FormData, Blob and fetch are happy-dom's.
const { Request, Response, Headers, ReadableStream, WritableStream, TransformStream } = globalThis;

GlobalRegistrator.register({ url: 'http://localhost:3000/', settings: { device: { prefersColorScheme: 'dark' } } });

Object.assign(globalThis, { Request, Response, Headers, ReadableStream, WritableStream, TransformStream });

// Testing Library's waits (findBy…, waitFor) give up after 1 s by default; on a busy two-core
// machine running every test level at once, an island's first call to the in-process hub (a
// password hash, a module loaded on first use) can take longer. The waits end as soon as what they
// wait for is there, so a longer bound costs a passing test nothing; it is imported only after the
// DOM is registered, as Testing Library requires.
const { configure } = await import('@testing-library/dom');
configure({ asyncUtilTimeout: 10_000 });
