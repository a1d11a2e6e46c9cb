import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";

/** Any path no other route takes: the not-found screen with status 404. */
export function loader() {
  throw notFound();
}

export const meta = () => pageMeta("Page not found", "This page does not exist on Sannidhi.");

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
