import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeFromPath } from "./lib/i18n";
import { loadCatalog } from "./i18n/client-catalogs";

// The page's messages in its language first (English needs no catalog), then hydrate: the
// browser renders the same words the server did.
loadCatalog(localeFromPath(window.location.pathname))
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
