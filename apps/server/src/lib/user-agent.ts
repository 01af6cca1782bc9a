import { UAParser } from 'ua-parser-js';

export interface ClientSoftware {
  /** e.g. "Chrome 126", "Mobile Safari 17.4"; null when the user agent names none */
  browser: string | null;
  /** e.g. "Windows 10", "iOS 17.4.1", "Android 14"; null when the user agent names none */
  os: string | null;
}

const FIELD_MAX = 100;
export const USER_AGENT_MAX = 1000;

const join = (name: string | undefined, version: string | undefined): string | null => {
  if (!name) return null;
  return (version ? `${name} ${version}` : name).slice(0, FIELD_MAX);
};

/**
 * Browser and operating system of a download, as the Downloaded History shows them and a dispute
 * needs them: the browser with its major version, the system with its full version.
 */
export function describeUserAgent(userAgent: string | undefined | null): ClientSoftware {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = new UAParser(userAgent.slice(0, USER_AGENT_MAX)).getResult();
  return { browser: join(browser.name, browser.major), os: join(os.name, os.version) };
}
