import { m } from "~/paraglide/messages";

/**
 * The header's sections, in the page's language (read at render: messages follow the request): the site header's, and
 * the waiting room's own page's.
 */
export const navLinks = () => [
  { to: "/temples", label: m.common_nav_temples() },
  { to: "/priests", label: m.common_nav_priests() },
  { to: "/events", label: m.common_nav_events() },
  { to: "/news", label: m.common_nav_news() },
  { to: "/services", label: m.common_nav_services() },
  { to: "/temple-signup", label: m.common_nav_join_us() },
];
