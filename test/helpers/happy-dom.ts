// Preloaded for island tests only: gives bun test a browser-like DOM, with dark as the OS preference.
import { GlobalRegistrator } from '@happy-dom/global-registrator';

GlobalRegistrator.register({ url: 'http://localhost:3000/', settings: { device: { prefersColorScheme: 'dark' } } });
