/**
 * Editorial content of the public pages: what the home page shows too (the offerings
 * and the knowledge panel). The longer texts only the services and temple sign-up pages
 * show are in `offering-details.ts`, so the home page's script does not carry them.
 */
import { m } from "~/paraglide/messages";

export type OfferingSlug = "full-website" | "mobile-app" | "booking-only" | "listing" | "custom-website";
export type Offering = { slug: OfferingSlug; title: string; summary: string };

/** The five offerings to temples (spec: services), in the page's language: call at render. Their points: `offeringPoints`. */
export function offerings(): readonly Offering[] {
  return [
    {
      slug: "full-website",
      title: m.pages_offering_full_website_title(),
      summary: m.pages_offering_full_website_summary(),
    },
    {
      slug: "mobile-app",
      title: m.pages_offering_mobile_app_title(),
      summary: m.pages_offering_mobile_app_summary(),
    },
    {
      slug: "booking-only",
      title: m.pages_offering_booking_only_title(),
      summary: m.pages_offering_booking_only_summary(),
    },
    {
      slug: "listing",
      title: m.pages_offering_listing_title(),
      summary: m.pages_offering_listing_summary(),
    },
    {
      slug: "custom-website",
      title: m.pages_offering_custom_website_title(),
      summary: m.pages_offering_custom_website_summary(),
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
