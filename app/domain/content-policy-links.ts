/** The footer's policy links, in the spec's order, and the policies' shape: kept apart from the texts,
 * which load when a policy is opened (the footer is on every page). */
export const POLICY_LINKS = [
  { slug: "terms-and-conditions", title: "Terms and Conditions" },
  { slug: "disclaimer", title: "Disclaimer" },
  { slug: "privacy-policy", title: "Privacy Policy" },
  { slug: "cancellation-and-refund-policy", title: "Cancellation & Refund Policy" },
  { slug: "cookie-policy", title: "Cookie Policy" },
] as const;

export type PolicySlug = (typeof POLICY_LINKS)[number]["slug"];
export type PolicySection = { heading?: string; paragraphs: string[]; items?: string[] };
export type Policy = { slug: PolicySlug; title: string; updated?: string; sections: PolicySection[] };
