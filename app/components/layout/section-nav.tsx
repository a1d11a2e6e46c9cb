import { NavLink } from "~/components/layout/localized";

export interface SectionLink {
  to: string;
  label: string;
  /** Active only on this very address, not on the addresses below it (a section's start). */
  end?: boolean;
}

/** The tabs of a staff area (a temple's desk, the operator console); the current one is marked. */
export function SectionNav({ label, links }: { label: string; links: SectionLink[] }) {
  return (
    <nav className="desk-nav" aria-label={label}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) => (isActive ? "desk-nav__link desk-nav__link--active" : "desk-nav__link")}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
