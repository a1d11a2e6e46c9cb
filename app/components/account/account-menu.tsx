import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Form, Link } from "~/components/layout/localized";
import { usePersonalHeader } from "~/compose/hooks";
import { SignInForm } from "./account-signin-form";
import { RegisterForm } from "./account-signup-forms";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

/**
 * The header's account area. Signed out: Sign In and Sign Up drop-downs holding their
 * forms (native <details>, so they open from the keyboard and without JavaScript).
 * Signed in: the customer's name, leading to the profile panel, and Sign Out.
 */
export function AccountMenu() {
  const { customer, staffHome, unseenCount } = usePersonalHeader();
  return customer ? <SignedInMenu firstName={customer.firstName} staffHome={staffHome} unseenCount={unseenCount} /> : <SignedOutMenu />;
}

interface SignedInProps {
  firstName: string;
  staffHome?: { href: string; label: string } | null;
  /** Messages since the devotee last opened their Notifications tab: counted on the avatar, which then leads there. */
  unseenCount: number;
}

function SignedInMenu({ firstName, staffHome, unseenCount }: SignedInProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const unseen =
    unseenCount > 0 ? plural(unseenCount, m.common_unseen_messages_one, m.common_unseen_messages_other)({ count: unseenCount }) : null;
  return (
    <div className="account-menu">
      <Link
        to={unseen ? "/account?tab=notifications" : "/account"}
        className="account-menu__name"
        title={m.common_account_link_title({ firstName })}
      >
        <span aria-hidden="true" className="account-menu__avatar">
          {Array.from(firstName)[0]?.toUpperCase()}
          {unseen ? <span className="account-menu__unseen">{unseenCount > 99 ? "99+" : unseenCount}</span> : null}
        </span>
        {/* Cut with an ellipsis on wide screens; read by screen readers only on phones. */}
        <span className="account-menu__first">{firstName}</span>
        {unseen ? <span className="visually-hidden">{`, ${unseen}`}</span> : null}
      </Link>
      {staffHome ? <StaffHomeLink staffHome={staffHome} className="button button--small account-menu__staff" /> : null}
      {/* A full page load after sign-out, as the spec asks: no signed-in state lingers. */}
      <Form method="post" action="/logout" reloadDocument className="account-menu__signout">
        <input type="hidden" name="redirectTo" value={here} />
        <button type="submit" className="button button--small">
          {m.common_sign_out()}
        </button>
      </Form>
    </div>
  );
}

/** Staff and operators: their desk or console (in the bar on wide screens, in the mobile menu on narrow ones). */
export function StaffHomeLink({ staffHome, className }: { staffHome: { href: string; label: string }; className?: string }) {
  return (
    <Link to={staffHome.href} className={className}>
      {staffHome.label}
    </Link>
  );
}

function SignedOutMenu() {
  const container = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // One drop-down at a time; Escape or a click elsewhere closes it; navigating closes all.
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const menus = () => [...root.querySelectorAll<HTMLDetailsElement>("details")];
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (opened.open) for (const other of menus()) if (other !== opened) other.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = menus().find((menu) => menu.open);
      if (!open || document.querySelector("dialog[open]")) return;
      open.open = false;
      open.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (document.querySelector("dialog[open]")) return;
      if (!root.contains(event.target as Node)) for (const menu of menus()) menu.open = false;
    };
    root.addEventListener("toggle", onToggle, true);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      root.removeEventListener("toggle", onToggle, true);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, []);

  // Only on a real navigation: a drop-down opened before hydration stays open.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    for (const menu of container.current?.querySelectorAll("details") ?? []) menu.open = false;
  }, [location.key]);

  return (
    <div className="account-menu" ref={container}>
      <details className="account-dropdown">
        <summary className="button button--small">{m.common_sign_in()}</summary>
        <div className="account-dropdown__panel">
          <SignInForm placement="header" />
        </div>
      </details>
      <details className="account-dropdown">
        <summary className="button button--small button--primary">{m.common_sign_up()}</summary>
        <div className="account-dropdown__panel">
          <RegisterForm placement="header" />
        </div>
      </details>
    </div>
  );
}
