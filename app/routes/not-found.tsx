import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { notFoundMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";

/** Any path no other route takes: the not-found screen with status 404. */
export function loader() {
  throw notFound();
}

export const meta = notFoundMeta;

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
