// A small reading of a browser's User-Agent for the sessions list: which browser (Chrome, Firefox,
// Safari, Edge) on which system (Windows, macOS, Linux, Android, iOS). Not a full parser: anything
// else is "Unknown", which is all the list needs to tell a household's devices apart.

export interface UserAgentSummary {
  browser: 'Chrome' | 'Firefox' | 'Safari' | 'Edge' | null;
  system: 'Windows' | 'macOS' | 'Linux' | 'Android' | 'iOS' | null;
}

export function readUserAgent(ua: string | null | undefined): UserAgentSummary {
  if (!ua) return { browser: null, system: null };
  // Order matters: Edge says Chrome and Safari too, Chrome says Safari, iOS browsers say Mac OS X.
  const browser = /\bEdg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /\b(Firefox|FxiOS)\//.test(ua)
      ? 'Firefox'
      : /\b(Chrome|HeadlessChrome|Chromium|CriOS)\//.test(ua)
        ? 'Chrome'
        : /\bVersion\/[\d.]+.*\bSafari\//.test(ua)
          ? 'Safari'
          : null;
  const system = /\b(iPhone|iPad|iPod)\b/.test(ua)
    ? 'iOS'
    : /\bAndroid\b/.test(ua)
      ? 'Android'
      : /\bWindows\b/.test(ua)
        ? 'Windows'
        : /\bMac OS X\b|\bMacintosh\b/.test(ua)
          ? 'macOS'
          : /\bLinux\b|\bX11\b|\bCrOS\b/.test(ua)
            ? 'Linux'
            : null;
  return { browser, system };
}

/** "Firefox on Windows", "Chrome", "Unknown browser on Linux"; "Unknown" when nothing is known. */
export function describeUserAgent(ua: string | null | undefined): string {
  const { browser, system } = readUserAgent(ua);
  if (!browser && !system) return 'Unknown';
  return system ? `${browser ?? 'Unknown browser'} on ${system}` : browser!;
}
