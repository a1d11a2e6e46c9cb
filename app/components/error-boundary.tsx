import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** The shared 404/500 screen: it never shows internals. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A request we refused (4xx) says why when the server gave a short, plain reason.
  const refusal =
    isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && !notFound && typeof error.data === "string" && error.data.length < 300
      ? error.data
      : null;
  if (!isRouteErrorResponse(error) && typeof document === "undefined") {
    console.error(error instanceof Error ? error.message : "Unexpected error");
  }
  return (
    <section className="page page--narrow error-page" aria-labelledby="error-title">
      <h1 id="error-title">{notFound ? "Page not found" : refusal ? "We could not take that request" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We could not find the page you were looking for. It may have moved, or the address may be mistyped."
          : (refusal ?? "We could not complete your request. Please try again in a moment.")}
      </p>
      <p className="error-page__actions">
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
        <Link className="button" to="/temples">
          Browse temples
        </Link>
      </p>
    </section>
  );
}
