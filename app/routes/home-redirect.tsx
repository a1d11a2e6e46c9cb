import { redirect } from "~/web/redirect.server";

/** The spec's `home` route is the landing page itself. */
export function loader() {
  return redirect("/", 301);
}
