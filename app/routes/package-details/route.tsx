/**
 * A package's page (`page_details?packageId=N`), served on the packages origin's host
 * and on every other host at the same path: its temples and pujas, and one form that
 * books them all into the cart for the same checkout as everything else.
 */
import { useLocation } from "react-router";
import { Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import { CartSummaryBar } from "~/components/booking/cart-summary-bar";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { PackageBookingForm } from "./package-booking-form";
import { PackageItems } from "./package-items";
import { listStars } from "~/domain/accounts/customers.server";
import { hasProfileAddress, listAddresses } from "~/domain/bookings/cart/addresses.server";
import { loadPackage } from "~/domain/bookings/cart/packages.server";
import { getCurrentSession, requireCustomer } from "~/web/auth.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/route";
import { handlePackageBooking } from "./package-details.server";
import { readForm } from "~/lib/form-data.server";
import { withSavedPeople } from "~/web/saved-people.server";
import { savedPeopleQuery } from "~/domain/accounts/family.server";
import { replyFor } from "~/web/form-reply";
import { notFound } from "~/lib/not-found.server";

function packageIdOf(request: Request) {
  const id = Number(new URL(request.url).searchParams.get("packageId"));
  return Number.isInteger(id) && id > 0 && id < 2_147_483_647 ? id : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const packageId = packageIdOf(request);
  const db = dbFrom(context);
  const session = await getCurrentSession(context);
  const customerId = session?.customer.id;
  // The package and a devotee's booking details side by side (the cart count is the root loader's).
  const [details, extra] = await Promise.all([
    packageId ? loadPackage(db, packageId) : null,
    customerId
      ? Promise.all([listStars(db), listAddresses(db, customerId), hasProfileAddress(db, customerId), savedPeopleQuery(db, customerId)])
      : null,
  ]);
  if (!details) throw notFound();
  return {
    details,
    signedIn: Boolean(session),
    devoteeName: session?.customer.firstName ?? "",
    stars: extra?.[0] ?? [],
    addresses: extra?.[1] ?? [],
    profileAddress: extra?.[2] ?? false,
    savedPeople: extra?.[3] ?? [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireCustomer(context, request);
  // A saved person chosen without JavaScript: their name, star and gotra fill the devotee's fields.
  const formData = await withSavedPeople(dbFrom(context), session.customer.id, await readForm(request));
  return handlePackageBooking({ context, request, formData, session });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta(loaderData.details.package.name, loaderData.details.package.homePageShortDesc)
    : pageMeta(m.bookings_package_not_found());
export const headers = () => ({ "Cache-Control": "private, no-cache" });

export default function PackageDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { details, signedIn } = loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <article className="page package-page" aria-labelledby="package-title">
      <header className="temple-hero">
        <img src={details.package.imagePath} alt="" width={400} height={300} />
        <div className="temple-hero__text">
          <p className="package-page__kicker">
            <Link to="/packages">{m.bookings_puja_packages()}</Link>
          </p>
          <h1 id="package-title">{details.package.name}</h1>
          <p>{details.package.description || details.package.homePageShortDesc}</p>
        </div>
      </header>
      <CartSummaryBar />
      <PackageItems details={details} />
      {!details.bookable ? (
        <p className="notice">{m.bookings_package_not_bookable()}</p>
      ) : signedIn ? (
        <PackageBookingForm
          key={location.key}
          details={details}
          stars={loaderData.stars}
          addresses={loaderData.addresses}
          profileAddress={loaderData.profileAddress}
          devoteeName={loaderData.devoteeName}
          savedPeople={loaderData.savedPeople}
          lastResult={replyFor(actionData, "package")}
        />
      ) : (
        <p className="booking-signin">
          <Link className="button button--primary" to={`/login?${new URLSearchParams({ redirectTo: here })}`}>
            {m.bookings_sign_in_to_book_package()}
          </Link>
        </p>
      )}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
