import { Link, NavLink } from "react-router";

const NAV_LINKS = [
  { to: "/temples", label: "Temples" },
  { to: "/priests", label: "Priests" },
  { to: "/events", label: "Events" },
  { to: "/news", label: "News" },
  { to: "/services", label: "Services" },
  { to: "/temple-signup", label: "Join us" },
];

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label="Sannidhi home">
          <img src="/favicon.svg" width="32" height="32" alt="" />
          <span>Sannidhi</span>
        </Link>
        <nav aria-label="Main" className="site-nav">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__account">
          <Link className="button button--small" to="/login">
            Sign In
          </Link>
          <Link className="button button--small button--primary" to="/login?form=register">
            Sign Up
          </Link>
        </div>
      </div>
    </header>
  );
}
