/** Short names for the devices of sessions and sign-ins, read from their User-Agent header. */

/** Browsers, most specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/(?:Headless)?Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

/** Systems, most specific first (Android also says Linux; iOS also says Mac OS X). */
const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * `Mozilla/5.0 (X11; Linux x86_64) … Chrome/126.0 Safari/537.36` → `Chrome 126 on Linux`. Unknown
 * agents give their first word (e.g. `curl/8.5`) cut to 40 characters; none gives `Unknown device`.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return 'Unknown device';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]}${system ? ` on ${system}` : ''}`;
  }
  const first = ua.split(/\s+/)[0]!;
  const short = first.length > 40 ? `${first.slice(0, 39)}…` : first;
  return system ? `${short} on ${system}` : short;
}
