import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
} from "react-router";
import type { Route } from "./+types/root";
import { AnnouncementModal } from "./components/announcement-modal";
import { deskStatusHandlers, GeneralErrorBoundary } from "./components/error-boundary";
import { Toaster } from "./components/toaster";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { appEnv } from "./lib/context.server";
import { readToast } from "./lib/toast.server";
import { readAccountState } from "./lib/account-state.server";
import { findPopupAnnouncement } from "./domain/content.server";
import { countCartItems } from "./domain/cart.server";
import { staffHome } from "./domain/roles";
import { dbFrom } from "./lib/db.server";
import { requestStateMiddleware } from "./lib/request-state.server";
import { findSignedInRole } from "./lib/roles.server";
import { pageMeta } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import "./styles/app.css";

export const middleware: Route.MiddlewareFunction[] = [requestStateMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { config } = appEnv(context);
  const { toast, headers } = await readToast(request, config.SESSION_SECRET);
  const account = await readAccountState(context, request, headers);
  const db = dbFrom(context);
  const [announcement, cartCount, signedInRole] = await Promise.all([
    findPopupAnnouncement(db),
    account.customer ? countCartItems(db, account.customer.id) : 0,
    account.customer ? findSignedInRole(context) : null,
  ]);
  return data(
    {
      siteName: config.SITE_NAME,
      supportEmail: config.SUPPORT_EMAIL,
      supportPhone: config.SUPPORT_PHONE,
      toast: toast ?? account.startupToast,
      customer: account.customer,
      cartCount,
      staffHome: signedInRole ? staffHome(signedInRole.role) : null,
      announcement,
    },
    { headers: account.headers },
  );
}

export const meta: Route.MetaFunction = () => pageMeta();

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The CSP nonce for inline scripts: the real one on the server; "" in the browser,
  // which hides script nonces from the DOM, so hydration sees the same value.
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a1f1f" />
        <Meta />
        {/* Links load from 'self' and need no nonce; an empty one renders alike on server and client. */}
        <Links nonce="" />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      className={busy ? "nav-progress nav-progress--busy" : "nav-progress"}
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!busy}
      aria-busy={busy}
    />
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Toaster initial={loaderData.toast}>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter
        supportEmail={loaderData.supportEmail}
        supportPhone={loaderData.supportPhone}
      />
      <AnnouncementModal announcement={loaderData.announcement} />
    </Toaster>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {/* The desk and console guards refuse in middleware, before any loader: their 403 lands here. */}
        <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />
      </main>
      <SiteFooter />
    </>
  );
}
