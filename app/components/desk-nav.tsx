import { NavLink } from "~/components/localized";
import { deskPaths } from "~/domain/desk";

/** The tabs of one temple's desk. */
export function DeskNav({ templeId }: { templeId: number }) {
  const links = [
    { to: deskPaths.requests(templeId), label: "Requests", end: true },
    { to: deskPaths.bookings(templeId), label: "Day sheet" },
    { to: deskPaths.dispatch(templeId), label: "Prasad dispatch" },
    { to: deskPaths.temple(templeId), label: "Temple details" },
    { to: deskPaths.pujas(templeId), label: "Pujas" },
    { to: deskPaths.donations(templeId), label: "Donations" },
    { to: deskPaths.messages(templeId), label: "Events and news" },
  ];
  return (
    <nav className="desk-nav" aria-label="Temple desk">
      <ul>
        {links.map((link) => (
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
