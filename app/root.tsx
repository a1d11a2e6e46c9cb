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
import { GeneralErrorBoundary } from "./components/error-boundary";
import { Toaster } from "./components/toaster";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { appEnv } from "./lib/env.server";
import { readToast } from "./lib/toast.server";
import { pageMeta } from "./lib/meta";
import "./styles/app.css";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { config } = appEnv(context);
  const { toast, headers } = await readToast(request, config.SESSION_SECRET);
  return data(
    {
      siteName: config.SITE_NAME,
      supportEmail: config.SUPPORT_EMAIL,
      supportPhone: config.SUPPORT_PHONE,
      toast,
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = () => pageMeta();

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a1f1f" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
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
    </Toaster>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <GeneralErrorBoundary />
      </main>
      <SiteFooter />
    </>
  );
}
