/**
 * How temples are named and addressed in each region. Templates use {stem} (the deity as
 * the region calls it), {place} and {quarter} (a locality qualifier).
 */
import type { Region } from "./states.ts";

export type RegionStyle = {
  /** Name templates with their weights. */
  names: readonly (readonly [string, number])[];
  /** Display-name templates. */
  displays: readonly string[];
  quarters: readonly string[];
  streets: readonly string[];
  /** Website host templates: {place}, {deity}, {prefix}. */
  hosts: readonly string[];
  /** Office word used in the description ("Devaswom Board", "Trust"...). */
  office: readonly string[];
};

export const REGION_STYLES: Record<Region, RegionStyle> = {
  kerala: {
    names: [
      ["Sree {stem} Temple, {place}", 4],
      ["{place} Sree {stem} Temple", 4],
      ["{quarter} Sree {stem} Temple, {place}", 2],
      ["{place} {stem} Kshethram", 1],
    ],
    displays: ["{place} {stem} Temple", "Sree {stem} Temple, {place}"],
    quarters: ["Kizhakkumpuram", "Padinjare", "Vadakke", "Thekke", "Puthiyakavu", "Thrikkovil", "Kavil", "Thrikkunnu"],
    streets: ["East Nada", "West Nada", "Temple Road", "Kshethram Road", "Sannidhanam Road", "Nada Road", "Main Road"],
    hosts: ["{place}-sree{deity}.org", "{place}{deity}temple.org", "{place}-devaswom.org", "sree{deity}-{place}.in"],
    office: ["the Devaswom", "the Kshetra Samrakshana Samithi", "the temple trust"],
  },
  tamil: {
    names: [
      ["Arulmigu {stem} Temple, {place}", 5],
      ["Arulmigu {stem} Thirukoil, {place}", 3],
      ["Sri {stem} Temple, {place}", 2],
      ["{quarter} {stem} Temple, {place}", 1],
    ],
    displays: ["{place} {stem} Temple", "{stem} Temple, {place}"],
    quarters: ["Keezha", "Mela", "Vada", "Then", "Periya", "Chinna", "Pudhu", "Thiru"],
    streets: [
      "Sannidhi Street",
      "North Car Street",
      "East Mada Street",
      "South Chitrai Street",
      "Kovil Street",
      "Big Street",
      "Temple Road",
    ],
    hosts: ["{place}{deity}temple.org", "arulmigu{deity}-{place}.org", "{place}-{deity}.in", "{place}{deity}kovil.org"],
    office: ["the HR&CE Department", "the temple trustees", "the executive officer"],
  },
  karnataka: {
    names: [
      ["Sri {stem} Temple, {place}", 5],
      ["Shri {stem} Devasthana, {place}", 3],
      ["{quarter} Sri {stem} Temple, {place}", 1],
    ],
    displays: ["{place} {stem} Temple", "Sri {stem} Temple, {place}"],
    quarters: ["Hale", "Hosa", "Mudu", "Paduvana", "Moodu", "Kote"],
    streets: ["Car Street", "Ratha Beedi", "Temple Road", "Devasthana Road", "Main Road"],
    hosts: ["{place}-sri{deity}.org", "{place}{deity}temple.org", "sri{deity}{place}.in"],
    office: ["the Muzrai department", "the temple trust", "the Dharmadarshi"],
  },
  telugu: {
    names: [
      ["Sri {stem} Temple, {place}", 4],
      ["Sri {stem} Devasthanam, {place}", 4],
      ["Sri {stem} Vari Devasthanam, {place}", 1],
    ],
    displays: ["{place} {stem} Temple", "Sri {stem} Temple, {place}"],
    quarters: ["Patha", "Kotha", "Peda", "Chinna", "Yeguva", "Diguva"],
    streets: ["Temple Street", "Devasthanam Road", "Gali Gopuram Road", "Mada Veedhi", "Main Road"],
    hosts: ["{place}-devasthanam.org", "sri{deity}{place}.org", "{place}{deity}temple.in"],
    office: ["the Endowments Department", "the Devasthanam", "the temple committee"],
  },
  west: {
    names: [
      ["Shree {stem} Mandir, {place}", 4],
      ["Shri {stem} Devasthan, {place}", 3],
      ["{quarter} {stem} Mandir, {place}", 1],
      ["{place} {stem} Temple", 1],
    ],
    displays: ["{stem} Mandir, {place}", "{place} {stem} Temple"],
    quarters: ["Juna", "Navin", "Prachin", "Peth", "Gaonthan", "Swayambhu"],
    streets: ["Mandir Marg", "Mahadwar Road", "Temple Road", "Station Road", "Ganpati Peth", "Ghat Road"],
    hosts: ["shree{deity}{place}.org", "{place}-{deity}-mandir.in", "{place}devasthan.org"],
    office: ["the Devasthan trust", "the Panch committee", "the temple trust"],
  },
  north: {
    names: [
      ["Shri {stem} Mandir, {place}", 5],
      ["Prachin {stem} Mandir, {place}", 2],
      ["{stem} Mandir, {place}", 2],
      ["{quarter} {stem} Mandir, {place}", 1],
    ],
    displays: ["{stem} Mandir, {place}", "{place} {stem} Temple"],
    quarters: ["Bada", "Purana", "Naya", "Siddh", "Jagrit", "Sidh Peeth"],
    streets: ["Mandir Marg", "Mandir Gali", "Ghat Road", "Bazaar Road", "Station Road", "Mela Ground Road", "Chowk Bazaar"],
    hosts: ["shri{deity}mandir{place}.org", "{place}-{deity}-mandir.in", "{deity}dham{place}.org"],
    office: ["the Mandir Nyas", "the Mandir Samiti", "the trust"],
  },
  east: {
    names: [
      ["{stem} Mandir, {place}", 4],
      ["{stem} Temple, {place}", 4],
      ["{quarter} {stem} Mandir, {place}", 1],
    ],
    displays: ["{stem} Temple, {place}", "{place} {stem} Mandir"],
    quarters: ["Bada", "Purana", "Nua", "Siddha", "Boro", "Prachin"],
    streets: ["Mandir Road", "Bada Danda", "Temple Road", "Ghat Road", "Station Road"],
    hosts: ["{place}{deity}mandir.org", "{deity}-{place}.in", "{place}-{deity}-temple.org"],
    office: ["the temple managing committee", "the Debottar trust", "the Sevayat Nijog"],
  },
};

export const DONATION_PURPOSES: readonly (readonly [string, string])[] = [
  ["General Donation", "10100,50100,100100"],
  ["Annadanam Fund", "50100,100100,250100"],
  ["Temple Renovation", "100100,500100,1000100"],
  ["Gau Seva", "10100,25100,50100"],
  ["Vedic School Support", "50100,100100,500100"],
  ["Festival Fund", "25100,50100,100100"],
  ["Deepam Oil Fund", "5100,10100,25100"],
  ["Temple Tank Restoration", "100100,250100,500100"],
  ["Priests' Welfare Fund", "25100,50100,100100"],
  ["Flower Garden Upkeep", "10100,20100,50100"],
];
