import { NavLink } from "~/components/localized";

const LINKS = [
  { to: "/operator", label: "Dashboard", end: true },
  { to: "/operator/temples", label: "Temples and staff" },
  { to: "/operator/enquiries/registrations", label: "Temple registrations" },
  { to: "/operator/enquiries/jobs", label: "Job enquiries" },
  { to: "/operator/enquiries/contacts", label: "Contact requests" },
  { to: "/operator/enquiries/newsletter", label: "Newsletter" },
  { to: "/operator/catalog", label: "Deities, pujas and packages" },
  { to: "/operator/announcements", label: "Announcements" },
];

/** The operator console's sections. */
export function OperatorNav() {
  return (
    <nav className="desk-nav" aria-label="Operator console">
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive ? "desk-nav__link desk-nav__link--active" : "desk-nav__link")}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
