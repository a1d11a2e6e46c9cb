/**
 * The five policies shown from the footer, in the language of the request. {site}, {email}
 * and {phone} are filled from the Worker's configuration. Facts come from the spec (section
 * 6 and 9): members and visitors, minimum age 16, one account per person in their real name,
 * opt-out in about ten days, failed payments refunded in 4-5 working days, no cancellations.
 */
import { m } from "~/paraglide/messages";
import type { Policy, PolicySlug } from "./policy-links";

export type PolicyValues = { site: string; email: string; phone: string };

const terms = (v: PolicyValues): Policy => ({
  slug: "terms-and-conditions",
  title: m.common_policy_terms(),
  sections: [
    { paragraphs: [m.pages_policy_terms_intro(v)] },
    {
      heading: m.pages_policy_terms_who_heading(v),
      paragraphs: [m.pages_policy_terms_who_age()],
      items: [m.pages_policy_terms_who_one_account(), m.pages_policy_terms_who_real_name(), m.pages_policy_terms_who_password(v)],
    },
    {
      heading: m.pages_policy_terms_bookings_heading(),
      paragraphs: [
        m.pages_policy_terms_bookings_temple(v),
        m.pages_policy_terms_bookings_confirmed(),
        m.pages_policy_terms_bookings_prasad(),
        m.pages_policy_terms_bookings_no_cancel(),
      ],
    },
    {
      heading: m.pages_policy_terms_conduct_heading(),
      paragraphs: [m.pages_policy_terms_conduct_intro()],
      items: [m.pages_policy_terms_conduct_false(), m.pages_policy_terms_conduct_unlawful(), m.pages_policy_terms_conduct_break()],
    },
    {
      heading: m.pages_policy_terms_content_heading(),
      paragraphs: [m.pages_policy_terms_content_ownership(v), m.pages_policy_terms_content_changes(), m.pages_policy_terms_content_law(v)],
    },
  ],
});

const disclaimer = (v: PolicyValues): Policy => ({
  slug: "disclaimer",
  title: m.common_policy_disclaimer(),
  sections: [
    {
      paragraphs: [
        m.pages_policy_disclaimer_info(v),
        m.pages_policy_disclaimer_outcome(v),
        m.pages_policy_disclaimer_links(),
        m.pages_policy_disclaimer_general(v),
        m.pages_policy_disclaimer_report(v),
      ],
    },
  ],
});

const privacy = (v: PolicyValues): Policy => ({
  slug: "privacy-policy",
  title: m.common_policy_privacy(),
  updated: m.pages_policy_privacy_updated(),
  sections: [
    { paragraphs: [m.pages_policy_privacy_intro(v)] },
    {
      heading: m.pages_policy_privacy_collect_heading(),
      paragraphs: [],
      items: [
        m.pages_policy_privacy_collect_account(),
        m.pages_policy_privacy_collect_profile(),
        m.pages_policy_privacy_collect_booking(),
        m.pages_policy_privacy_collect_messages(),
        m.pages_policy_privacy_collect_technical(),
      ],
    },
    {
      heading: m.pages_policy_privacy_use_heading(),
      paragraphs: [m.pages_policy_privacy_use_bookings(), m.pages_policy_privacy_use_payments(v)],
    },
    {
      heading: m.pages_policy_privacy_newsletter_heading(),
      paragraphs: [m.pages_policy_privacy_newsletter_text(v)],
    },
    {
      heading: m.pages_policy_privacy_rights_heading(),
      paragraphs: [m.pages_policy_privacy_rights_text(v)],
    },
  ],
});

const refunds = (v: PolicyValues): Policy => ({
  slug: "cancellation-and-refund-policy",
  title: m.common_policy_refunds(),
  sections: [
    {
      heading: m.pages_policy_refunds_cancel_heading(),
      paragraphs: [m.pages_policy_refunds_cancel_text()],
    },
    {
      heading: m.pages_policy_refunds_heading(),
      paragraphs: [m.pages_policy_refunds_text()],
      items: [m.pages_policy_refunds_failed(), m.pages_policy_refunds_not_performed(), m.pages_policy_refunds_prasad()],
    },
    {
      heading: m.pages_policy_refunds_contact_heading(),
      paragraphs: [m.pages_policy_refunds_contact_text(v)],
    },
  ],
});

const cookies = (v: PolicyValues): Policy => ({
  slug: "cookie-policy",
  title: m.common_policy_cookies(),
  sections: [
    {
      paragraphs: [m.pages_policy_cookies_intro(v)],
      items: [m.pages_policy_cookies_session(), m.pages_policy_cookies_toast(), m.pages_policy_cookies_signup()],
    },
    {
      paragraphs: [m.pages_policy_cookies_browser(), m.pages_policy_cookies_questions(v)],
    },
  ],
});

const ALL: Record<PolicySlug, (values: PolicyValues) => Policy> = {
  "terms-and-conditions": terms,
  disclaimer,
  "privacy-policy": privacy,
  "cancellation-and-refund-policy": refunds,
  "cookie-policy": cookies,
};

/** A policy in the request's language, with the site's name and contact details filled in; null for an unknown slug. */
export function findPolicy(slug: string, values: PolicyValues): Policy | null {
  const policy = (ALL as Record<string, ((values: PolicyValues) => Policy) | undefined>)[slug];
  return policy ? policy(values) : null;
}
