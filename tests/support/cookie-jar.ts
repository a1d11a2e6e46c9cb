/**
 * The one cookie jar of the Worker tests: keeps what a response sets (a `Max-Age=0` or empty
 * value deletes), and sends it back as a browser would. TestBrowser (pages) and the legacy
 * API client both carry one; `setCookie` reads one cookie a single response sets.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** The Cookie header for the next request ("" when empty). */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get size(): number {
    return this.cookies.size;
  }

  /** Keeps every cookie `response` sets; returns the response. */
  keep<R extends Response>(response: R): R {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** The whole Set-Cookie line a response sends for `name` (attributes included), if any. */
export function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** `name=value` of the cookie a response sets, ready for a Cookie header. */
export function cookiePair(response: Response, name: string): string | undefined {
  return setCookie(response, name)?.split(";")[0];
}
