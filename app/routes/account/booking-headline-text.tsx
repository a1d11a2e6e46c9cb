import type { BookingHeadline } from "~/domain/bookings/records/booking-headline";
import { longDate } from "~/domain/text";
import { m } from "~/paraglide/messages";

/** "+2 more" after a name, when there are more. */
function more(count: number): string {
  return count > 0 ? ` ${m.account_booking_more({ count })}` : "";
}

/** What a booking or payment was for: the temple, the puja (and the first puja's date), before any number. */
export function BookingHeadlineText({ headline, withDate = false }: { headline: BookingHeadline; withDate?: boolean }) {
  return (
    <span className="booking-headline">
      <strong className="booking-headline__temple">{`${headline.templeName}${more(headline.moreTemples)}`}</strong>
      <span className="booking-headline__items">
        {`${headline.itemName}${more(headline.moreItems)}${withDate ? ` · ${longDate(headline.date)}` : ""}`}
      </span>
    </span>
  );
}
