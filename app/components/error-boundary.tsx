import type { ReactNode } from "react";
import { type ErrorResponse, isRouteErrorResponse, useRouteError } from "react-router";
import { Link } from "~/components/localized";

export type StatusHandler = (info: { error: ErrorResponse }) => ReactNode;
export type StatusHandlers = Partial<Record<number, StatusHandler>>;

function ErrorScreen({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <section className="page page--narrow error-page" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p>{message}</p>
      <p className="error-page__actions">
        {children ?? (
          <>
            <Link className="button button--primary" to="/">
              Go to the home page
            </Link>
            <Link className="button" to="/temples">
              Browse temples
            </Link>
          </>
        )}
      </p>
    </section>
  );
}

const pageNotFound: StatusHandler = () => (
  <ErrorScreen
    title="Page not found"
    message="We could not find the page you were looking for. It may have moved, or the address may be mistyped."
  />
);

const somethingWentWrong = () => <ErrorScreen title="Something went wrong" message="We could not complete your request. Please try again in a moment." />;

/** A request we refused (4xx) says why when the server gave a short, plain reason. */
const refusalOrFailure: StatusHandler = ({ error }) =>
  error.status >= 400 && error.status < 500 && typeof error.data === "string" && error.data.length < 300 ? (
    <ErrorScreen title="We could not take that request" message={error.data} />
  ) : (
    somethingWentWrong()
  );

/** The desk's and console's word for "not for you" (403); the rest as everywhere. */
export const deskStatusHandlers: StatusHandlers = {
  403: () => (
    <ErrorScreen
      title="Not available for your account"
      message="This page is for temple staff and portal operators. If you work for a temple, ask the portal operator to add you."
    >
      <Link className="button button--primary" to="/account">
        Go to my account
      </Link>
    </ErrorScreen>
  ),
};

/**
 * The one error screen: the root's and every route's boundary. A thrown response is shown by
 * its status's handler (404: not found, unless a route gives its own), else by the default
 * (a short plain 4xx reason, or "something went wrong"); anything else never shows internals.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = refusalOrFailure,
}: {
  statusHandlers?: StatusHandlers;
  defaultStatusHandler?: StatusHandler;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? (error.status === 404 ? pageNotFound : defaultStatusHandler);
    return handler({ error });
  }
  if (typeof document === "undefined") console.error(error instanceof Error ? error.message : "Unexpected error");
  return somethingWentWrong();
}
