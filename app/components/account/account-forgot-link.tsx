import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation } from "react-router";
import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

// The modal and its form come with the first click: the link is in the header of every page.
const ForgotDialog = lazy(() => import("./account-forgot-dialog"));

/**
 * "Forgot password?": opens the forgot-password modal (./account-forgot-dialog).
 * Without JavaScript, or without native modal dialogs, it is a plain link to the form
 * on the login page.
 *
 * The dialog is portalled to <body>: the header's link sits in a <details> drop-down,
 * and a modal left inside it would close with the drop-down (0×0) while the rest of
 * the page stays inert.
 */
export function ForgotPasswordLink({ placement }: { placement: "page" | "header" }) {
  const link = useRef<HTMLAnchorElement>(null);
  const location = useLocation();
  // Mounted from the first opening on (the form keeps what was typed); open or closed.
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.key]);
  return (
    <>
      <a
        ref={link}
        href={pagePath("/login?form=forgot")}
        onClick={(event) => {
          if (typeof HTMLDialogElement !== "function" || !("showModal" in HTMLDialogElement.prototype)) return;
          event.preventDefault();
          // Close the drop-down the link sits in, then open the modal above the page.
          const dropdown = event.currentTarget.closest("details");
          if (dropdown) dropdown.open = false;
          setMounted(true);
          setOpen(true);
        }}
      >
        {m.account_forgot_password_link()}
      </a>
      {mounted
        ? createPortal(
            <Suspense fallback={null}>
              <ForgotDialog
                placement={placement}
                open={open}
                onClose={() => {
                  setOpen(false);
                  // The link may sit in a drop-down that has closed: give focus to its toggle then.
                  const dropdown = link.current?.closest("details");
                  if (dropdown && !dropdown.open) dropdown.querySelector("summary")?.focus();
                }}
              />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
