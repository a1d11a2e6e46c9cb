import { useEffect, useRef } from "react";
import { m } from "~/paraglide/messages";
import { ForgotForm } from "./account-recovery-forms";

interface ForgotDialogProps {
  placement: "page" | "header";
  open: boolean;
  /** The dialog closed (Escape, the backdrop, "Close"). */
  onClose: () => void;
}

/**
 * The forgot-password modal (a native modal dialog: focus stays inside, Escape and the
 * backdrop close it). Loaded when "Forgot password?" is first clicked (./account-forgot-link).
 */
export default function ForgotDialog({ placement, open, onClose }: ForgotDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="account-dialog"
      aria-labelledby={`${placement}-forgot-dialog-title`}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="account-dialog__body">
        <h2 id={`${placement}-forgot-dialog-title`}>{m.account_heading_forgot()}</h2>
        <ForgotForm placement={`${placement}-dialog`} />
        <button type="button" className="button account-dialog__close" onClick={() => dialog.current?.close()}>
          {m.account_close()}
        </button>
      </div>
    </dialog>
  );
}
