import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { GeneralErrorBoundary } from "./error-boundary";

/** The desk's and console's error screen: a plain word for "not for you", else the shared one. */
export function DeskErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 403) return <GeneralErrorBoundary />;
  return (
    <section className="page page--narrow error-page" aria-labelledby="error-title">
      <h1 id="error-title">Not available for your account</h1>
      <p>This page is for temple staff and portal operators. If you work for a temple, ask the portal operator to add you.</p>
      <p className="error-page__actions">
        <Link className="button button--primary" to="/account">
          Go to my account
        </Link>
      </p>
    </section>
  );
}
