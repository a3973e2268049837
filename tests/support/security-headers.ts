/**
 * The security headers every response of the site carries, as the tests expect them: the one list that the
 * unit, server and host tests check the generator and every host against. The values are written out here,
 * not read from generator/hosts/host-config.ts, so that a header the generator drops or changes fails a
 * test instead of changing what the tests expect.
 */

/** The headers whose value is the same for every site and every file (the web editor's /admin/ aside). */
export const fixedSecurityHeaders: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

/** Every security header's name, lower-case: the fixed ones and the Content-Security-Policy, whose value is the build's. */
export const securityHeaderNames: readonly string[] = ["content-security-policy", ...Object.keys(fixedSecurityHeaders)];
