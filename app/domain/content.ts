/** Editorial content of the public pages (services, knowledge, FAQ, jobs). */
import { m } from "~/paraglide/messages";

export type Offering = { slug: string; title: string; summary: string; points: string[] };

/** The five offerings to temples (spec: services), in the page's language: call at render. */
export function offerings(): readonly Offering[] {
  return [
    {
      slug: "full-website",
      title: m.pages_offering_full_website_title(),
      summary: m.pages_offering_full_website_summary(),
      points: [
        m.pages_offering_full_website_point_1(),
        m.pages_offering_full_website_point_2(),
        m.pages_offering_full_website_point_3(),
        m.pages_offering_full_website_point_4(),
      ],
    },
    {
      slug: "mobile-app",
      title: m.pages_offering_mobile_app_title(),
      summary: m.pages_offering_mobile_app_summary(),
      points: [
        m.pages_offering_mobile_app_point_1(),
        m.pages_offering_mobile_app_point_2(),
        m.pages_offering_mobile_app_point_3(),
      ],
    },
    {
      slug: "booking-only",
      title: m.pages_offering_booking_only_title(),
      summary: m.pages_offering_booking_only_summary(),
      points: [
        m.pages_offering_booking_only_point_1(),
        m.pages_offering_booking_only_point_2(),
        m.pages_offering_booking_only_point_3(),
      ],
    },
    {
      slug: "listing",
      title: m.pages_offering_listing_title(),
      summary: m.pages_offering_listing_summary(),
      points: [
        m.pages_offering_listing_point_1(),
        m.pages_offering_listing_point_2(),
        m.pages_offering_listing_point_3(),
      ],
    },
    {
      slug: "custom-website",
      title: m.pages_offering_custom_website_title(),
      summary: m.pages_offering_custom_website_summary(),
      points: [
        m.pages_offering_custom_website_point_1(),
        m.pages_offering_custom_website_point_2(),
        m.pages_offering_custom_website_point_3(),
      ],
    },
  ];
}

export type KnowledgeEntry = { title: string; text: string };

/** Short explanations for devotees new to booking pujas online, in the page's language. */
export function knowledge(): readonly KnowledgeEntry[] {
  return [
    { title: m.pages_knowledge_booking_title(), text: m.pages_knowledge_booking_text() },
    { title: m.pages_knowledge_star_title(), text: m.pages_knowledge_star_text() },
    { title: m.pages_knowledge_prasad_title(), text: m.pages_knowledge_prasad_text() },
    { title: m.pages_knowledge_request_title(), text: m.pages_knowledge_request_text() },
    { title: m.pages_knowledge_video_title(), text: m.pages_knowledge_video_text() },
  ];
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
