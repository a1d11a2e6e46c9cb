import { Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";

/**
 * The profile panel's other tabs. The bookings work fills My Transactions and
 * Favourites with the customer's records; until then they show their real
 * structure with empty states that say why they are empty and what to do next.
 */
export const TRANSACTION_TABS = [
  {
    id: "completed",
    get label() {
      return m.account_transactions_completed();
    },
    get empty() {
      return m.account_transactions_empty_completed();
    },
  },
  {
    id: "requested",
    get label() {
      return m.account_transactions_requested();
    },
    get empty() {
      return m.account_transactions_empty_requested();
    },
  },
  {
    id: "accepted",
    get label() {
      return m.account_transactions_accepted();
    },
    get empty() {
      return m.account_transactions_empty_accepted();
    },
  },
  {
    id: "payments",
    get label() {
      return m.account_transactions_payments();
    },
    get empty() {
      return m.account_transactions_empty_payments();
    },
  },
] as const;

export type TransactionTab = (typeof TRANSACTION_TABS)[number]["id"];

export function TransactionsPanel({ active, children }: { active: TransactionTab; children?: React.ReactNode }) {
  const current = TRANSACTION_TABS.find((tab) => tab.id === active) ?? TRANSACTION_TABS[0];
  return (
    <div>
      <h2 className="visually-hidden">{m.account_tab_transactions()}</h2>
      <nav className="account-subtabs" aria-label={m.account_transactions_nav_label()}>
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
            {m.account_find_temple()}
          </Link>
        </div>
      )}
    </div>
  );
}

export function FavouritesPanel({ children }: { children?: React.ReactNode }) {
  return (
    <div>
      <h2 className="visually-hidden">{m.account_tab_favourites()}</h2>
      {children ?? (
        <div className="empty-state">
          <p>{m.account_favourites_empty()}</p>
          <Link className="button button--primary" to="/temples">
            {m.account_browse_temples()}
          </Link>
        </div>
      )}
    </div>
  );
}
