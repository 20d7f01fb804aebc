// @ts-check
// A session's device as people say it ("Firefox on Windows") from the User-Agent the server
// kept; the whole string stays in the tooltip. Unknown strings are shown as they are.

const BROWSERS = [
  ['Edg/', 'Edge'],
  ['OPR/', 'Opera'],
  ['Firefox/', 'Firefox'],
  ['HeadlessChrome/', 'Chrome'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
];
const SYSTEMS = [
  ['Android', 'Android'],
  ['iPhone', 'iPhone'],
  ['iPad', 'iPad'],
  ['Windows', 'Windows'],
  ['Mac OS X', 'macOS'],
  ['CrOS', 'ChromeOS'],
  ['Linux', 'Linux'],
];

/**
 * @param {string} device
 * @param {(browser: string, system: string) => string} wording
 */
export function deviceName(device, wording) {
  const browser = BROWSERS.find(([mark]) => device.includes(mark))?.[1];
  const system = SYSTEMS.find(([mark]) => device.includes(mark))?.[1];
  return browser && system ? wording(browser, system) : device;
}
