/** The part of ua-parser-js 1.x (MIT; it ships no types) that user-agent.ts uses. */
declare module 'ua-parser-js' {
  interface UAName {
    name?: string;
    version?: string;
    major?: string;
  }
  export class UAParser {
    constructor(userAgent?: string);
    getResult(): { browser: UAName; os: UAName };
  }
}
