/**
 * React Router's Link, NavLink and Form, speaking the page's language: a portal path written
 * in English ("/temples") points at the same page in the language being read ("/ml/temples"),
 * so a devotee who reads Malayalam stays in Malayalam from link to link and form to form,
 * with or without JavaScript. Use these instead of react-router's own.
 */
import type { ComponentProps } from "react";
import { Form as RouterForm, Link as RouterLink, NavLink as RouterNavLink, type To } from "react-router";
import { pagePath } from "~/lib/i18n";

function localTo(to: To): To {
  if (typeof to === "string") return pagePath(to);
  if (to.pathname) return { ...to, pathname: pagePath(to.pathname) };
  return to;
}

export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  return <RouterLink to={localTo(to)} {...props} />;
}

export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={localTo(to)} {...props} />;
}

export function Form({ action, ...props }: ComponentProps<typeof RouterForm>) {
  return <RouterForm action={action === undefined ? undefined : pagePath(action)} {...props} />;
}
