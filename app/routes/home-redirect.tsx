import { redirect } from "react-router";

/** The spec's `home` route is the landing page itself. */
export function loader() {
  return redirect("/", 301);
}
