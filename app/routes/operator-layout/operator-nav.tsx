import { SectionNav } from "~/components/layout/section-nav";
import { m } from "~/paraglide/messages";

/** The sections, in the page's language (read at render: messages follow the request). */
const links = () => [
  { to: "/operator", label: m.operator_nav_dashboard(), end: true },
  { to: "/operator/temples", label: m.operator_temples_and_staff() },
  { to: "/operator/donations", label: m.trust_operator_donations_title() },
  { to: "/operator/ledger", label: m.operator_ledger_title() },
  { to: "/operator/refunds", label: m.operator_refunds_title() },
  { to: "/operator/line-refunds", label: m.payouts_transfer_line_refunds_title() },
  { to: "/operator/assisted", label: m.operator_assisted_title() },
  { to: "/operator/enquiries/registrations", label: m.operator_registrations() },
  { to: "/operator/enquiries/jobs", label: m.operator_jobs() },
  { to: "/operator/enquiries/contacts", label: m.operator_contacts() },
  { to: "/operator/enquiries/newsletter", label: m.operator_newsletter() },
  { to: "/operator/catalog", label: m.operator_nav_catalog() },
  { to: "/operator/announcements", label: m.operator_announcements() },
  { to: "/operator/languages", label: m.content_desk_nav() },
  { to: "/operator/search-names", label: m.desk_names_title() },
  { to: "/operator/messages", label: m.operator_messages_title() },
];

/** The operator console's sections. */
export function OperatorNav() {
  return <SectionNav label={m.operator_console()} links={links()} />;
}
