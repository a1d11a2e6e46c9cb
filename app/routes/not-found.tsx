import { data } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/lib/meta";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta = () => pageMeta("Page not found");

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
