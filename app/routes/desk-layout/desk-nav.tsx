import { href } from "react-router";
import { SectionNav } from "~/components/layout/section-nav";
import type { DeskRole } from "~/domain/accounts/roles";
import { m } from "~/paraglide/messages";

/** The tabs of one temple's desk (a counter clerk's: the Counter and its cash book). */
export function DeskNav({ templeId, deskRole }: { templeId: number; deskRole: DeskRole }) {
  const params = { templeId: String(templeId) };
  if (deskRole === "counter") {
    const counterLinks = [
      { to: href("/:lang?/desk/:templeId/counter", params), label: m.desk_nav_counter(), end: true },
      { to: href("/:lang?/desk/:templeId/counter/book", params), label: m.desk_nav_cash_book() },
    ];
    return <SectionNav label={m.desk_nav_label()} links={counterLinks} />;
  }
  const links = [
    { to: href("/:lang?/desk/:templeId", params), label: m.desk_nav_requests(), end: true },
    { to: href("/:lang?/desk/:templeId/bookings", params), label: m.desk_nav_day_sheet() },
    { to: href("/:lang?/desk/:templeId/counter", params), label: m.desk_nav_counter() },
    { to: href("/:lang?/desk/:templeId/counter-day", params), label: m.desk_nav_counter_day() },
    { to: href("/:lang?/desk/:templeId/dispatch", params), label: m.desk_nav_dispatch() },
    { to: href("/:lang?/desk/:templeId/temple", params), label: m.desk_nav_temple() },
    { to: href("/:lang?/desk/:templeId/pujas", params), label: m.desk_nav_pujas() },
    { to: href("/:lang?/desk/:templeId/releases", params), label: m.desk_nav_releases() },
    { to: href("/:lang?/desk/:templeId/donations", params), label: m.desk_nav_donations() },
    { to: href("/:lang?/desk/:templeId/settlement", params), label: m.desk_settlement_title() },
    { to: href("/:lang?/desk/:templeId/listing", params), label: m.trust_desk_nav() },
    { to: href("/:lang?/desk/:templeId/messages", params), label: m.desk_nav_messages() },
    { to: href("/:lang?/desk/:templeId/alerts", params), label: m.desk_alerts_title() },
    { to: href("/:lang?/desk/:templeId/languages", params), label: m.content_desk_nav() },
    { to: href("/:lang?/desk/:templeId/names", params), label: m.desk_names_title() },
  ];
  return <SectionNav label={m.desk_nav_label()} links={links} />;
}
