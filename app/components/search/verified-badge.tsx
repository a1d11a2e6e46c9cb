import { href } from "react-router";
import { Link } from "../layout/localized";
import { m } from "~/paraglide/messages";

/**
 * The "Verified" badge: small and quiet, and always a link to what was checked (DESIGN.md,
 * "Trust is shown, not claimed"). With a slug it opens that temple's checks.
 */
export function VerifiedBadge({ slug, name }: { slug?: string; name?: string }) {
  const to = slug ? href("/:lang?/t/:slug/verified", { slug }) : href("/:lang?/verified");
  return (
    <Link className="badge badge--verified" to={to} aria-label={name ? m.trust_badge_label({ temple: name }) : undefined}>
      <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
        <path d="M2 6.5l2.5 2.5L10 3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
      {m.trust_badge()}
    </Link>
  );
}
