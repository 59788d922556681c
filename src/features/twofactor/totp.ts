// Time-based one-time codes (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) on @oslojs/otp's
// HOTP, with the time from the hub's clock (its TOTP helpers read Date.now()), and the QR code of
// the otpauth:// address, drawn by the hub as SVG (uqr).

import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { generateHOTP, verifyHOTP } from '@oslojs/otp';
import { renderSVG } from 'uqr';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'Hub';
/** Codes of this many steps before or after now are still taken (a phone's clock drifts). */
export const TOTP_DRIFT_STEPS = 1;

/** The 30-second step a moment falls in. */
export function timeStep(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 without padding. */
export function newTotpSecret(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32UpperCaseNoPadding(bytes);
}

/** The code of `secret` for time step `step`. */
export function totpCode(secret: string, step: number): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), TOTP_DIGITS);
}

/** The step within the allowed drift whose code `code` is, or null. Every candidate is checked. */
export function matchingStep(secret: string, code: string, ms: number): number | null {
  const key = decodeBase32IgnorePadding(secret);
  const now = timeStep(ms);
  let found: number | null = null;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code) && found === null) found = step;
  }
  return found;
}

/** The address authenticator apps read from the QR code (Google's Key Uri Format). */
export function otpauthUrl(username: string, secret: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(username)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(TOTP_ISSUER)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_SECONDS}`;
}

/** The QR code of `text` as an SVG document: dark modules on white whatever the theme (scanners need the contrast). */
export function qrSvg(text: string): string {
  return renderSVG(text, { pixelSize: 1, border: 4, ecc: 'M' }).replace(
    '<svg ',
    '<svg role="img" aria-label="QR code for an authenticator app" shape-rendering="crispEdges" ',
  );
}
