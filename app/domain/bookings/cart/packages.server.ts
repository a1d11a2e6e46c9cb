/** Puja packages: every puja of a package booked for one devotee into the same cart. */
import { and, asc, eq, sql } from "drizzle-orm";
import { insertInChunks, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { cartItems, packageItems, packages, pujas, templePujas, temples } from "~/db/schema";
import { nextOfferedDay } from "./inputs";
import { pujaNameShown, templeNameShown } from "../records/booked-names.server";
import { checkPujaDate, countCartLines } from "./booking-list.server";
import type { PresentedPass } from "../seats/release-pass.server";
import { linesReleaseProblem } from "../seats/releases.server";
import { cartRoomProblem, lineTotal } from "./cart";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";
import { templeTakesPaymentsColumn } from "~/domain/trust/takes-payments.server";

export const PACKAGE_MESSAGES = {
  get unavailable() {
    return m.bookings_package_unavailable();
  },
  added: (name: string) => m.bookings_package_added({ name }),
};

/** A package with its temples and pujas; null when unknown or inactive. */
export async function loadPackage(db: Database, packageId: number) {
  const [packageRows, itemRows] = await db.batch([
    db
      .select({
        id: packages.id,
        name: packages.name,
        homePageShortDesc: packages.homePageShortDesc,
        description: packages.description,
        imagePath: packages.imagePath,
      })
      .from(packages)
      .where(and(eq(packages.id, packageId), eq(packages.active, true)))
      .limit(1),
    db
      .select({
        templePujaId: templePujas.id,
        templeId: sql<number>`${temples.id}`.as("temple_id"),
        templeName: templeNameShown("temple_name_shown"),
        templeSlug: temples.slug,
        imageUrl: temples.imageUrl,
        pujaName: pujaNameShown(pujas.id, pujas.name, "puja_name_shown"),
        rate: templePujas.rate,
        postalCharge: templePujas.postalCharge,
        daysOffered: templePujas.daysOffered,
        bookable: templePujas.active,
        mode: templePujas.bookingMode,
        online: templeTakesPaymentsColumn(),
        quantity: packageItems.quantity,
      })
      .from(packageItems)
      .innerJoin(templePujas, eq(templePujas.id, packageItems.templePujaId))
      .innerJoin(temples, eq(temples.id, templePujas.templeId))
      .innerJoin(pujas, eq(pujas.id, templePujas.pujaId))
      .where(eq(packageItems.packageId, packageId))
      .orderBy(asc(temples.displayName)),
  ]);
  const found = packageRows[0];
  if (!found) return null;
  const items = itemRows.map((item) => ({ ...item, bookable: item.bookable && item.online && item.mode === "direct" }));
  const total = items.reduce(
    (sum, item) =>
      sum +
      lineTotal({
        itemType: "PUJA",
        templeId: item.templeId,
        templeName: item.templeName,
        amount: item.rate,
        quantity: item.quantity,
        postalCharge: 0,
      }),
    0,
  );
  const postalTotal = items.reduce((sum, item) => sum + item.quantity * item.postalCharge, 0);
  return { package: found, items, total, postalTotal, bookable: items.length > 0 && items.every((i) => i.bookable) };
}

export type PackageDetails = NonNullable<Awaited<ReturnType<typeof loadPackage>>>;

export interface PackageBooking {
  packageId: number;
  devoteeName: string;
  starId: number;
  /** The devotee's gotra for the sankalpa ("" or none: not given). */
  gotra?: string;
  /** Each puja is booked on the first day on or after this date that its temple offers it. */
  date: string;
  postal: boolean;
  addressId: number | null;
  /** The devotee's waiting-room pass as presented: a released date needs it during its opening's rush. */
  pass?: PresentedPass;
}

/**
 * All of the package's pujas into the cart; prasad by post where a temple sends it. A line
 * whose date is not released yet is refused here, as the temple site refuses it, not later at
 * checkout.
 */
export async function addPackageToCart(
  db: Database,
  customerId: number,
  booking: PackageBooking,
  today = todayInIndia(),
  now = Date.now(),
) {
  const details = await loadPackage(db, booking.packageId);
  if (!details?.bookable) return { ok: false as const, message: PACKAGE_MESSAGES.unavailable };
  const rows = [];
  for (const item of details.items) {
    const day = nextOfferedDay(item.daysOffered, booking.date);
    if (!day || checkPujaDate(item.daysOffered, day, today)) return { ok: false as const, message: PACKAGE_MESSAGES.unavailable };
    const postal = booking.postal && item.postalCharge > 0 && booking.addressId !== null;
    rows.push({
      customerId,
      itemType: "PUJA" as const,
      templeId: item.templeId,
      templePujaId: item.templePujaId,
      packageId: details.package.id,
      devoteeName: booking.devoteeName,
      starId: booking.starId,
      gotra: booking.gotra || null,
      pujaDate: day,
      quantity: item.quantity,
      postal,
      shippingAddressId: postal ? booking.addressId : null,
    });
  }
  const released = await linesReleaseProblem(db, customerId, rows, booking.pass, now);
  if (released) return { ok: false as const, message: released };
  const full = cartRoomProblem(await countCartLines(db, customerId), rows.length);
  if (full) return { ok: false as const, message: full };
  await runBatch(db, insertInChunks(db, cartItems, rows));
  return { ok: true as const, message: PACKAGE_MESSAGES.added(details.package.name), count: rows.length };
}
