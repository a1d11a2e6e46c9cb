import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeFromPath } from "./lib/i18n";
import { isStaffPath, loadCatalog } from "./i18n/client-catalogs";

// The page's messages in its language first (English needs no catalog), then hydrate: the
// browser renders the same words the server did.
const { pathname } = window.location;
const locale = localeFromPath(pathname);
Promise.all([loadCatalog(locale), isStaffPath(pathname) ? loadCatalog(locale, "staff") : undefined])
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
