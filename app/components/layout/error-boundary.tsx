import type { ReactNode } from "react";
import { type ErrorResponse, isRouteErrorResponse, useRouteError } from "react-router";
import { Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";

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
              {m.common_error_home()}
            </Link>
            <Link className="button" to="/temples">
              {m.common_error_browse_temples()}
            </Link>
          </>
        )}
      </p>
    </section>
  );
}

const pageNotFound: StatusHandler = () => (
  <ErrorScreen title={m.common_error_not_found_title()} message={m.common_error_not_found_message()} />
);

const somethingWentWrong = () => <ErrorScreen title={m.common_error_generic_title()} message={m.common_error_generic_message()} />;

/** A request we refused (4xx) says why when the server gave a short, plain reason. */
const refusalOrFailure: StatusHandler = ({ error }) =>
  error.status >= 400 && error.status < 500 && typeof error.data === "string" && error.data.length < 300 ? (
    <ErrorScreen title={m.common_error_refused_title()} message={error.data} />
  ) : (
    somethingWentWrong()
  );

/** The desk's and console's word for "not for you" (403); the rest as everywhere. */
export const deskStatusHandlers: StatusHandlers = {
  403: () => (
    <ErrorScreen title={m.common_error_staff_only_title()} message={m.common_error_staff_only_message()}>
      <Link className="button button--primary" to="/account">
        {m.common_error_my_account()}
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
