/**
 * Where to send a browser back to, from a `redirectTo` a visitor could have written.
 * Browsers strip tabs and newlines from a Location and read `\` as `/`, so
 * `/\t/evil.example` or `/\evil.example` would leave the site: such targets, and any
 * that resolve to another origin, fall back. What is kept is a same-origin
 * path + query + hash, percent-encoded, so it is always a valid header value.
 */
const PROBE_ORIGIN = "https://sannidhi.invalid";
/** Longer than any address the portal makes; a bound, not a rule. */
export const REDIRECT_MAX_LENGTH = 2048;
// C0 and C1 controls, DEL and the backslash.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * A path with one leading slash: "//x", "/\\x" and "\\/x" become "/x". Two slashes (or a
 * backslash, which browsers read as one) at the start make a protocol-relative URL: another host.
 */
export function singleLeadingSlash(path: string): string {
  return /^[/\\][/\\]/.test(path) ? `/${path.replace(/^[/\\]+/, "")}` : path;
}

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length > REDIRECT_MAX_LENGTH) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || UNSAFE.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // A path that normalises to `//host` (e.g. `/.//evil`) would read as another host.
  return target.startsWith("//") ? fallback : target;
}
