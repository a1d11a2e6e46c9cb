import { Link } from "~/components/localized";

/**
 * The profile panel's other tabs. The bookings work fills My Transactions and
 * Favourites with the customer's records; until then they show their real
 * structure with empty states that say why they are empty and what to do next.
 */
export const TRANSACTION_TABS = [
  { id: "completed", label: "Completed", empty: "You have no completed bookings yet." },
  { id: "requested", label: "Requested", empty: "You have no puja requests waiting for a temple." },
  { id: "accepted", label: "Accepted", empty: "No temple has accepted a request of yours yet." },
] as const;

export type TransactionTab = (typeof TRANSACTION_TABS)[number]["id"];

export function TransactionsPanel({ active, children }: { active: TransactionTab; children?: React.ReactNode }) {
  const current = TRANSACTION_TABS.find((tab) => tab.id === active) ?? TRANSACTION_TABS[0];
  return (
    <div>
      <h2 className="visually-hidden">My Transactions</h2>
      <nav className="account-subtabs" aria-label="Transactions">
        {TRANSACTION_TABS.map((tab) => (
          <Link
            key={tab.id}
            to={`?tab=transactions&view=${tab.id}`}
            aria-current={tab.id === current.id ? "page" : undefined}
            preventScrollReset
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {children ?? (
        <div className="empty-state">
          <p>{current.empty}</p>
          <Link className="button button--primary" to="/temples">
            Find a temple
          </Link>
        </div>
      )}
    </div>
  );
}

export function FavouritesPanel({ children }: { children?: React.ReactNode }) {
  return (
    <div>
      <h2 className="visually-hidden">Favourites</h2>
      {children ?? (
        <div className="empty-state">
          <p>You have not added any favourite temples yet. Open a temple and add it to your favourites.</p>
          <Link className="button button--primary" to="/temples">
            Browse temples
          </Link>
        </div>
      )}
    </div>
  );
}

export function NotificationsPanel() {
  return (
    <div>
      <h2 className="visually-hidden">Notifications</h2>
      <div className="empty-state">
        <p>You have no notifications.</p>
      </div>
    </div>
  );
}
