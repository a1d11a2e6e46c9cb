/**
 * What a booking or a payment was for, in the one line a phone shows of it closed: the temple
 * and the puja (or donation), how many more temples and items it holds, and the first puja's
 * date. Items, not lines: one puja for two devotees on three dates is one puja.
 */
import type { ItemType } from "../cart/cart";

export interface HeadlineLine {
  itemType: ItemType;
  templeId: number;
  templeName: string;
  itemName: string;
  pujaDate: string | null;
  templePujaId: number | null;
  donationPurposeId: number | null;
}

export interface BookingHeadline {
  templeName: string;
  moreTemples: number;
  itemName: string;
  moreItems: number;
  /** The first puja's date, or `fallbackDate` (a donation alone has none). */
  date: string;
}

/** The line a headline names: the first puja, else the first line. */
export function headlineLine<Line extends HeadlineLine>(lines: readonly Line[]): Line | undefined {
  return lines.find((line) => line.itemType === "PUJA") ?? lines[0];
}

export function bookingHeadline(lines: readonly HeadlineLine[], fallbackDate: string, first = headlineLine(lines)): BookingHeadline {
  const pujaDates = lines.flatMap((line) => (line.itemType === "PUJA" && line.pujaDate ? [line.pujaDate] : [])).sort();
  const items = new Set(lines.map((line) => `${line.templeId}:${line.itemType}:${line.templePujaId ?? line.donationPurposeId}`));
  return {
    templeName: first?.templeName ?? "",
    moreTemples: Math.max(0, new Set(lines.map((line) => line.templeId)).size - 1),
    itemName: first?.itemName ?? "",
    moreItems: Math.max(0, items.size - 1),
    date: pujaDates[0] ?? fallbackDate,
  };
}
