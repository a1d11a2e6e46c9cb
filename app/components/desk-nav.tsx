import { NavLink } from "~/components/localized";
import { deskPaths } from "~/domain/desk";
import { m } from "~/paraglide/messages";

/** The tabs of one temple's desk. */
export function DeskNav({ templeId }: { templeId: number }) {
  const links = [
    { to: deskPaths.requests(templeId), label: m.desk_nav_requests(), end: true },
    { to: deskPaths.bookings(templeId), label: m.desk_nav_day_sheet() },
    { to: deskPaths.dispatch(templeId), label: m.desk_nav_dispatch() },
    { to: deskPaths.temple(templeId), label: m.desk_nav_temple() },
    { to: deskPaths.pujas(templeId), label: m.desk_nav_pujas() },
    { to: deskPaths.donations(templeId), label: m.desk_nav_donations() },
    { to: deskPaths.messages(templeId), label: m.desk_nav_messages() },
    { to: deskPaths.languages(templeId), label: m.content_desk_nav() },
  ];
  return (
    <nav className="desk-nav" aria-label={m.desk_nav_label()}>
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
