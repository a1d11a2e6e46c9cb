/** The longer editorial texts of the services and temple sign-up pages (see offerings.ts). */
import { m } from "~/paraglide/messages";
import type { OfferingSlug } from "./offerings";

/** What each offering includes (the services page), in the page's language: call at render. */
export function offeringPoints(): Record<OfferingSlug, readonly string[]> {
  return {
    "full-website": [
      m.pages_offering_full_website_point_1(),
      m.pages_offering_full_website_point_2(),
      m.pages_offering_full_website_point_3(),
      m.pages_offering_full_website_point_4(),
    ],
    "mobile-app": [m.pages_offering_mobile_app_point_1(), m.pages_offering_mobile_app_point_2(), m.pages_offering_mobile_app_point_3()],
    "booking-only": [
      m.pages_offering_booking_only_point_1(),
      m.pages_offering_booking_only_point_2(),
      m.pages_offering_booking_only_point_3(),
    ],
    listing: [m.pages_offering_listing_point_1(), m.pages_offering_listing_point_2(), m.pages_offering_listing_point_3()],
    "custom-website": [
      m.pages_offering_custom_website_point_1(),
      m.pages_offering_custom_website_point_2(),
      m.pages_offering_custom_website_point_3(),
    ],
  };
}

export type FaqEntry = { question: string; answer: string };

/** The temple sign-up page's questions and answers, in the page's language. */
export function templeFaq(): readonly FaqEntry[] {
  return [
    { question: m.pages_faq_cost_question(), answer: m.pages_faq_cost_answer() },
    { question: m.pages_faq_money_question(), answer: m.pages_faq_money_answer() },
    { question: m.pages_faq_80g_question(), answer: m.pages_faq_80g_answer() },
    { question: m.pages_faq_prasad_question(), answer: m.pages_faq_prasad_answer() },
    { question: m.pages_faq_computer_question(), answer: m.pages_faq_computer_answer() },
    { question: m.pages_faq_live_question(), answer: m.pages_faq_live_answer() },
  ];
}
