import { useState } from "react";

interface Props {
  action: string;
  fields: Record<string, string>;
  primary?: boolean;
  children: React.ReactNode;
}

/**
 * A plain form to the payment gateway (or its callback): a full page submission that
 * works without JavaScript, and with it can be sent only once and shows it is busy.
 */
export function GatewayForm({ action, fields, primary, children }: Props) {
  const [sent, setSent] = useState(false);
  return (
    <form
      method="post"
      action={action}
      onSubmit={(event) => {
        if (sent) event.preventDefault();
        setSent(true);
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={primary ? "button button--primary" : "button"} aria-busy={sent || undefined}>
        {children}
      </button>
    </form>
  );
}
