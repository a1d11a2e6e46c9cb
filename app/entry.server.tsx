import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceContext } from "./lib/nonce";
import { appEnv } from "./lib/context.server";
import { razorpayApiBase } from "./lib/payments/index.server";
import { RAZORPAY_API } from "./lib/payments/razorpay.server";
import { createNonce, documentContentSecurityPolicy } from "./lib/security-headers.server";

export const streamTimeout = 5_000;

/**
 * React Router's error log, without addresses no route matches: the catch-all route cannot
 * match a path with a line break in it ("/%0d%0a…"), and such a request is a 404, not a fault.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404)) return;
  console.error(error);
};

/** The origin the payment page's form posts to: Razorpay's, or the local emulator's on a loopback configuration. */
function hostedCheckoutOrigin(loadContext: RouterContextProvider | undefined): string {
  try {
    return new URL(razorpayApiBase(appEnv(loadContext!).config)).origin;
  } catch {
    // No request state (a page rendered before the middleware ran): Razorpay's own.
    return new URL(RAZORPAY_API).origin;
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  // Every inline script of this document (React Router's hydration data, React's
  // streaming helpers) carries this nonce; the CSP below allows only those.
  const nonce = createNonce();
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error instanceof Error ? error.message : "Render error");
      },
    },
  );
  shellRendered = true;
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    documentContentSecurityPolicy(nonce, new URL(request.url), import.meta.env.DEV, hostedCheckoutOrigin(loadContext)),
  );
  // Pages show who is signed in: never store them in shared caches.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
