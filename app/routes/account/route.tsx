import { data } from "react-router";
import { m } from "~/paraglide/messages";
import { Link } from "~/components/layout/localized";
import { FavouritesPanel, TRANSACTION_TABS, type TransactionTab, TransactionsPanel } from "./account-panels";
import { NotificationsPanel } from "./notifications-panel";
import { NotificationPreferencesForm } from "./notification-preferences-form";
import { handlePreferences, markSeenOnOpen, seenBefore } from "./notifications.server";
import { listInbox } from "~/domain/notifications/inbox.server";
import { loadNotificationPreferences } from "~/domain/notifications/preferences.server";
import { ChangePasswordForm } from "./account-password-form";
import { PhoneChangeForm, ProfileForm } from "./account-profile-form";
import { FavouritesContent } from "./favourites-panel";
import { TransactionsViewContent } from "./transactions-panel";
import { getProfile, listStars } from "~/domain/accounts/customers.server";
import { loadFavouritesTab } from "~/domain/accounts/favourites.server";
import { loadTransactionsView } from "./transactions-view.server";
import { completedCursor } from "~/domain/bookings/records/completed-page.server";
import { requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/route";
import { handlePasswordChange, handlePhoneChange, handlePhoneChangeResend, handleProfileUpdate } from "./account.server";
import { pendingPhoneChange } from "~/domain/accounts/phone-change.server";
import { handleAskMove, handleWithdrawMove } from "./date-change.server";
import { readForm } from "~/lib/form-data.server";
import { FamilyContent } from "./family-panel";
import { handleFamilyAdd, handleFamilyEdit, handleFamilyRemove } from "./family.server";
import { listFamilyMembers } from "~/domain/accounts/family.server";
import { notFound } from "~/lib/not-found.server";

const TABS = [
  {
    id: "profile",
    get label() {
      return m.account_tab_profile();
    },
  },
  {
    id: "transactions",
    get label() {
      return m.account_tab_transactions();
    },
  },
  {
    id: "family",
    get label() {
      return m.account_tab_family();
    },
  },
  {
    id: "favourites",
    get label() {
      return m.account_tab_favourites();
    },
  },
  {
    id: "notifications",
    get label() {
      return m.account_tab_notifications();
    },
  },
] as const;

type Tab = (typeof TABS)[number]["id"];

export const middleware: Route.MiddlewareFunction[] = [markSeenOnOpen];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(context, request);
  const url = new URL(request.url);
  const tab: Tab = TABS.find((t) => t.id === url.searchParams.get("tab"))?.id ?? "profile";
  const view: TransactionTab = TRANSACTION_TABS.find((t) => t.id === url.searchParams.get("view"))?.id ?? "completed";
  const db = dbFrom(context);
  const [profile, stars, pendingPhone] = await Promise.all([
    getProfile(db, customer.id),
    listStars(db),
    pendingPhoneChange({ db }, customer.id),
  ]);
  if (!profile) throw notFound();
  // The other tabs load only when shown.
  const page = Number(url.searchParams.get("page") ?? "1");
  const [transactions, favourites, inbox, preferences, members] = await Promise.all([
    tab === "transactions"
      ? loadTransactionsView(db, customer.id, view, appEnv(context).config.RECEIPT_CODE_SECRET, completedCursor(url.searchParams))
      : null,
    tab === "favourites" ? loadFavouritesTab(db, customer.id) : null,
    tab === "notifications"
      ? listInbox(db, customer.id, { page: Number.isFinite(page) ? page : 1, seenBefore: seenBefore(context) })
      : null,
    tab === "profile" ? loadNotificationPreferences(db, customer.id) : null,
    tab === "family" ? listFamilyMembers(db, customer.id) : null,
  ]);
  const family = members ? { members, editing: editedMember(members, url.searchParams.get("edit")) } : null;
  const openBooking = tab === "transactions" ? url.searchParams.get("booking") : null;
  return { tab, view, profile, stars, transactions, favourites, pendingPhone, inbox, preferences, openBooking, family };
}

/** The person `?edit=` names: one of the account's (another account's, or none, is not found). */
function editedMember<Member extends { id: number }>(members: Member[], edit: string | null): Member | null {
  if (edit === null) return null;
  const member = members.find((row) => String(row.id) === edit);
  if (!member) throw notFound();
  return member;
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireCustomer(context, request);
  const formData = await readForm(request);
  const args = { request, context, formData, session };
  switch (formData.get("intent")) {
    case "profile":
      return handleProfileUpdate(args);
    case "password":
      return handlePasswordChange(args);
    case "phone-change":
      return handlePhoneChange(args);
    case "phone-change-resend":
      return handlePhoneChangeResend(args);
    case "move-date":
      return handleAskMove(args);
    case "withdraw-move":
      return handleWithdrawMove(args);
    case "family-add":
      return handleFamilyAdd(args);
    case "family-edit":
      return handleFamilyEdit(args);
    case "family-remove":
      return handleFamilyRemove(args);
    case "preferences":
      return handlePreferences({ context, formData, customerId: session.customer.id });
    default:
      throw data(m.account_unknown_form(), { status: 400 });
  }
}

export const meta = () => pageMeta(m.account_meta_title());

/** A customer's details: never kept by any cache. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, view, profile, stars, transactions, favourites, pendingPhone, inbox, preferences, openBooking, family } = loaderData;
  return (
    <section className="page account-page account-panel" aria-labelledby="account-title">
      <h1 id="account-title">{m.account_namaste({ firstName: profile.firstName })}</h1>
      <nav className="account-tabs" aria-label={m.account_profile_panel_label()}>
        {TABS.map((t) => (
          <Link key={t.id} to={`?tab=${t.id}`} aria-current={t.id === tab ? "page" : undefined} preventScrollReset>
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="account-card">
        {tab === "profile" ? (
          <>
            <h2>{m.account_tab_profile()}</h2>
            <ProfileForm profile={profile} stars={stars} serverData={actionData} />
            <PhoneChangeForm phone={pendingPhone?.phone ?? null} serverData={actionData} />
            {preferences ? <NotificationPreferencesForm preferences={preferences} serverData={actionData} /> : null}
            <ChangePasswordForm loginId={profile.email} serverData={actionData} />
          </>
        ) : null}
        {tab === "transactions" ? (
          <TransactionsPanel active={view}>
            {transactions ? <TransactionsViewContent data={transactions} actionData={actionData} openBooking={openBooking} /> : null}
          </TransactionsPanel>
        ) : null}
        {tab === "family" && family ? <FamilyContent data={family} stars={stars} serverData={actionData} /> : null}
        {tab === "favourites" ? <FavouritesPanel>{favourites ? <FavouritesContent data={favourites} /> : null}</FavouritesPanel> : null}
        {tab === "notifications" ? <NotificationsPanel inbox={inbox} /> : null}
      </div>
    </section>
  );
}
