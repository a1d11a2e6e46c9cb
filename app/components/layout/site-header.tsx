import { LanguageSwitch } from "./language-switch";
import { localePath, stripLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link, NavLink } from "~/components/layout/localized";
import { usePersonalHeader } from "~/compose/hooks";
import { AccountMenu, StaffHomeLink } from "../account/account-menu";
import { CartLink } from "../booking/cart-link";
import { AppBadges } from "./app-badges";
import { navLinks } from "~/lib/nav-links";

/** Spec section 9: the header takes its scrolled style past 150 px. */
export const SCROLLED_HEADER_PX = 150;

function NavLinks() {
  return (
    <ul>
      {navLinks().map((link) => (
        <li key={link.to}>
          <NavLink to={localePath(link.to)}>{link.label}</NavLink>
        </li>
      ))}
    </ul>
  );
}

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setScrolled(window.scrollY > threshold));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
    };
  }, [threshold]);
  return scrolled;
}

/**
 * The mobile menu is a native disclosure (<details>): it opens from the keyboard and
 * without JavaScript. With JavaScript, Escape and navigating close it.
 */
function MobileMenu({ staffHome }: { staffHome: { href: string; label: string } | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  return (
    <details
      ref={menu}
      className="mobile-menu"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !menu.current?.open) return;
        menu.current.open = false;
        menu.current.querySelector("summary")?.focus();
      }}
    >
      <summary className="mobile-menu__toggle" aria-label={m.common_menu()}>
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="mobile-menu__label">{m.common_menu()}</span>
      </summary>
      <div className="mobile-menu__panel">
        <nav aria-label={m.common_nav_main_label()} className="site-nav site-nav--mobile">
          <NavLinks />
        </nav>
        {staffHome ? <StaffHomeLink staffHome={staffHome} className="mobile-menu__staff" /> : null}
        <CartLink placement="menu" />
        <LanguageSwitch placement="menu" />
        <AppBadges />
      </div>
    </details>
  );
}

/** The header on every page: brand, navigation, app badges and the account area. */
export function SiteHeader() {
  // Spec §2: scrolled past 150 px, or while the profile panel (/account) is open.
  const profileOpen = stripLocale(useLocation().pathname).startsWith("/account");
  const scrolled = useScrolledPast(SCROLLED_HEADER_PX) || profileOpen;
  const personal = usePersonalHeader();
  const signedIn = Boolean(personal.customer);
  // Marks the document once React runs it (styles and tests can tell the page is live).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <header className={scrolled ? "site-header site-header--scrolled" : "site-header"}>
      <div className="site-header__inner">
        <MobileMenu staffHome={personal.staffHome} />
        <Link to={localePath("/")} className="brand" aria-label={m.common_brand_home_label()}>
          <img src="/favicon.svg" width="32" height="32" alt="" fetchPriority="low" />
          <span>Sannidhi</span>
        </Link>
        <nav aria-label={m.common_nav_main_label()} className="site-nav site-nav--desktop">
          <NavLinks />
        </nav>
        {/* Spec §2: the app-store badges are part of the signed-out header. */}
        {signedIn ? null : <AppBadges className="app-badges--header" />}
        <div className="site-header__account">
          <LanguageSwitch placement="header" />
          <CartLink />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
