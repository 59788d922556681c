// Whether this browser can use passkeys at all (WebAuthn). Checked after hydration, so the
// server's HTML (no button) and the first render in the browser agree.

import { useEffect, useState } from 'react';

export function webAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.get === 'function';
}

/** Null until known (on the server and in the first render), then whether WebAuthn is there. */
export function useWebAuthn(): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => setAvailable(webAuthnAvailable()), []);
  return available;
}

/** The WebAuthn code, loaded when first needed (it is not part of any page's first load). */
export const loadWebAuthn = () => import('./webauthn.ts');
