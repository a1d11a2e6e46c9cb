/**
 * React Router's `redirect`, in the request's language: an action that sends a devotee to
 * "/account" from a Malayalam page sends them to "/ml/account". Outside URLs, addresses shared
 * by every language and ones that already carry a language pass unchanged.
 */
import { redirect as routerRedirect, redirectDocument as routerRedirectDocument } from "react-router";
import { pagePath } from "~/lib/i18n";

export const redirect: typeof routerRedirect = (url, init) => routerRedirect(pagePath(url), init);
export const redirectDocument: typeof routerRedirectDocument = (url, init) => routerRedirectDocument(pagePath(url), init);
