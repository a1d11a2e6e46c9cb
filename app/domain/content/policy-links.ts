import { m } from "~/paraglide/messages";

/** The footer's policy links, in the spec's order, and the policies' shape: kept apart from the texts,
 * which load when a policy is opened (the footer is on every page). Titles are read in the page's language. */
export const POLICY_LINKS = [
  {
    slug: "terms-and-conditions",
    get title() {
      return m.common_policy_terms();
    },
  },
  {
    slug: "disclaimer",
    get title() {
      return m.common_policy_disclaimer();
    },
  },
  {
    slug: "privacy-policy",
    get title() {
      return m.common_policy_privacy();
    },
  },
  {
    slug: "cancellation-and-refund-policy",
    get title() {
      return m.common_policy_refunds();
    },
  },
  {
    slug: "cookie-policy",
    get title() {
      return m.common_policy_cookies();
    },
  },
] as const;

export type PolicySlug = (typeof POLICY_LINKS)[number]["slug"];
export type PolicySection = { heading?: string; paragraphs: string[]; items?: string[] };
export type Policy = { slug: PolicySlug; title: string; updated?: string; sections: PolicySection[] };
