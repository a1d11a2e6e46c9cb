import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { AnnouncementModal } from "./components/layout/announcement-modal";
import { deskStatusHandlers, GeneralErrorBoundary } from "./components/layout/error-boundary";
import { Toaster } from "./components/layout/toaster";
import { usePageToast } from "./compose/hooks";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { appEnv } from "./lib/context.server";
import { readToast } from "./lib/toast.server";
import { readAccountState } from "./web/account-state.server";
import { findPopupAnnouncement } from "~/domain/content/content.server";
import { dbFrom } from "./lib/db.server";
import { requestStateMiddleware } from "./web/request-state.server";
import { readPersonalHeader } from "./web/personal-header.server";
import { notFoundMeta, pageMeta } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { alternateLinks, stripLocale } from "./lib/i18n";
import { useLocale } from "./lib/use-locale";
import { m } from "./paraglide/messages";
// One style sheet for every page (app/styles/site.css): one render-blocking request.
import siteCss from "./styles/site.css?url";

export const middleware: Route.MiddlewareFunction[] = [requestStateMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { config } = appEnv(context);
  const db = dbFrom(context);
  // The announcement is everyone's, and a devotee's header (its cart count starts once the
  // session's KV record is read) is read beside the session's check, not after it.
  const [announcement, { toast, account }, personal] = await Promise.all([
    findPopupAnnouncement(db),
    readToast(request, config.SESSION_SECRET).then(async ({ toast, headers }) => ({
      toast,
      account: await readAccountState(context, request, headers),
    })),
    readPersonalHeader(context),
  ]);
  return data(
    {
      siteName: config.SITE_NAME,
      origin: new URL(request.url).origin,
      supportEmail: config.SUPPORT_EMAIL,
      supportPhone: config.SUPPORT_PHONE,
      toast: toast ?? account.startupToast,
      customer: personal?.customer ?? null,
      cartCount: personal?.cartCount ?? 0,
      unseenCount: personal?.unseenCount ?? 0,
      staffHome: personal?.staffHome ?? null,
      announcement,
    },
    { headers: account.headers },
  );
}

// A 404 the root shows (an address whose first segment is no language) is titled like the not-found page.
export const meta: Route.MetaFunction = ({ error }) => (isRouteErrorResponse(error) && error.status === 404 ? notFoundMeta() : pageMeta());

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  // The CSP nonce for inline scripts: the real one on the server; "" in the browser,
  // which hides script nonces from the DOM, so hydration sees the same value.
  const nonce = useNonce();
  const locale = useLocale();
  const location = useLocation();
  const origin = useRouteLoaderData<typeof loader>("root")?.origin;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a1f1f" />
        {/* With a precedence React puts it before the preloads (images, modules): the first request after the page. */}
        <link rel="stylesheet" href={siteCss} precedence="site" />
        {/* Before any module runs: zod (the forms) must not probe for eval, which the CSP forbids
            (the probe itself is reported as a violation). zod reads this global config. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true}" }} />
        <Meta />
        {/* Links load from 'self' and need no nonce; an empty one renders alike on server and client. */}
        <Links nonce="" />
        {/* The same page in every language, for search engines and shared links. */}
        {origin
          ? alternateLinks(origin, stripLocale(`${location.pathname}${location.search}`)).map((link) => (
              <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />
            ))
          : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {m.common_skip_to_content()}
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
      aria-label={m.common_loading_page()}
      aria-hidden={!busy}
      aria-busy={busy}
    />
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // A new language re-renders every component in it (nothing memoised keeps the old words).
  const locale = useLocale();
  // The loader's flash toast (or, on a page composed for a devotee, the one it was drawn with).
  const toast = usePageToast();
  return (
    <Toaster initial={toast} key={locale}>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter supportEmail={loaderData.supportEmail} supportPhone={loaderData.supportPhone} />
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
