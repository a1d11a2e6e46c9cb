import { useEffect, useRef } from "react";
import { HUMAN_CHECK_FIELD, type HumanCheckWidget } from "~/lib/human-check";
import { m } from "~/paraglide/messages";

declare global {
  interface Window {
    turnstile?: { render(container: HTMLElement, options: { sitekey: string }): string | undefined; remove(id: string): void };
  }
}

const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

/**
 * The human check an account form carries once the account is past its limit of attempts
 * (the action's reply asks for it): Cloudflare Turnstile's widget, or locally its stand-in,
 * a box to tick that works without JavaScript. Nothing when the reply does not ask.
 */
export function HumanCheckField({ widget }: { widget: HumanCheckWidget | undefined }) {
  if (widget?.kind === "local") {
    return (
      <div className="human-check">
        <label className="human-check__box">
          <input type="checkbox" name={HUMAN_CHECK_FIELD} value={widget.token} required />
          <span>{m.account_human_check_label()}</span>
        </label>
        <p className="human-check__note">{m.account_human_check_local_note()}</p>
      </div>
    );
  }
  if (widget?.kind === "turnstile") return <TurnstileWidget siteKey={widget.siteKey} />;
  return null;
}

/** Turnstile's widget, rendered once its script has loaded; it puts its token into the form itself. */
function TurnstileWidget({ siteKey }: { siteKey: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let id: string | undefined;
    let script = document.querySelector<HTMLScriptElement>(`script[src="${TURNSTILE_SCRIPT}"]`);
    const render = () => {
      if (box.current && window.turnstile && id === undefined) id = window.turnstile.render(box.current, { sitekey: siteKey });
    };
    if (window.turnstile) render();
    else {
      if (!script) {
        script = document.createElement("script");
        script.src = TURNSTILE_SCRIPT;
        script.async = true;
        document.head.appendChild(script);
      }
      script.addEventListener("load", render);
    }
    return () => {
      script?.removeEventListener("load", render);
      if (id !== undefined) window.turnstile?.remove(id);
    };
  }, [siteKey]);
  return (
    <div className="human-check">
      <div ref={box} className="human-check__turnstile" />
      <noscript>
        <p className="human-check__note">{m.account_human_check_needs_script()}</p>
      </noscript>
    </div>
  );
}
