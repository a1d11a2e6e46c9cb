/**
 * React Router's `redirect`, in the request's language: an action that sends a devotee to
 * "/account" from a Malayalam page sends them to "/ml/account". Addresses shared by every
 * language and ones that already carry a language pass unchanged; every target is a path of
 * this site (`pageLocation`), whatever a visitor put into it.
 */
import { redirect as routerRedirect, redirectDocument as routerRedirectDocument } from "react-router";
import { pageLocation } from "~/lib/i18n";

export const redirect: typeof routerRedirect = (url, init) => routerRedirect(pageLocation(url), init);
export const redirectDocument: typeof routerRedirectDocument = (url, init) => routerRedirectDocument(pageLocation(url), init);
